"""Game-record readers, the common event model, replay and converters (issue 5)."""

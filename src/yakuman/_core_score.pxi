# Native scoring glue (included by _core.pyx). See csrc/ym_score.h.

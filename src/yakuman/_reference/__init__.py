"""Slow, readable pure-Python implementations: the test oracle for the native core.

Nothing here is imported by the public API; tests compare the native results with these.
"""

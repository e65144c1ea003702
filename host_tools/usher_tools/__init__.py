"""The laptop side of Usher (CPython only)."""

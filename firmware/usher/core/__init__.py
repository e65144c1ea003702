"""Pure rules and records: no machine, framebuf, time or I/O imports here."""

"""Random legal play with the firmware's own rules, for property tests and records."""

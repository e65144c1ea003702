"""The laptop's `usher` commands: history, score, import, export, build, flash,
and what a person reads from them."""

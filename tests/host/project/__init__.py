"""The house rules: the layers and import circles, the gates (mpy-cross, mypy,
ruff), the docs, the fonts, the release, pins in profiles only."""

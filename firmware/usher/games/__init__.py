"""A package per game (usher/games/<game>/, its game.GAME an instance of
usher.core.game.Game), the catalog and the header checks."""

"""One module per game; each exposes GAME, an instance of usher.core.game.Game."""

# The rules of Showbiz: game.GAME (usher.games.catalog.load_game). Empty, as
# every game's: a module of the package (settings) loads without the rules.

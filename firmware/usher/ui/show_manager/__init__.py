# show_manager's screens: play.open(app) is the entry (usher.games.catalog)

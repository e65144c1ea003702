# films' screens: play.open(app) is the entry (usher.games.catalog)

"""usher_tools in the page's re-scoring VM: only the laptop's re-scoring
(history/parsing.py, replay.py, rescore.py, status.py), a row to its plays
(history/rowplay.py), Films' split of a
match (history/games/films.py) and BG Stats (history/bgstats.py), copied
unchanged (web.HOST_MODULES); this package's own files stand in for the rest."""

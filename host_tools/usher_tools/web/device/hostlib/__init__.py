"""usher_tools in the page's re-scoring VM: only the laptop's replay
(history/records.py, score.py) and BG Stats (history/bgstats.py), copied
unchanged; this package's own files stand in for the rest."""

"""The laptop's history of games and everything that reads it: the store,
re-scoring, sheets, stats, exports and reports."""

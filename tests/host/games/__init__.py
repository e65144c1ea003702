"""Per game: the rules' properties over random games, the record writers, undo,
replay on both sides, the per-game tables and a sixth game."""

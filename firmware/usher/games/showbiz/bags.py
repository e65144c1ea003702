"""Showbiz's two bags (the rulebook's box contents): 60 taste pieces, ten of each colour,
and 81 artists. The dice & draws page offers the same bags, its own copy
(usher.games.dice.game; tests/portable/test_dice.py holds the two equal)."""

TASTE_COLOURS = ["yellow", "red", "blue", "green", "black", "white"]
TASTE_BAG = (TASTE_COLOURS, [10, 10, 10, 10, 10, 10])
ARTIST_BAG = (TASTE_COLOURS, [6, 9, 12, 15, 18, 21])

"""Showbiz's two bags (the rulebook's box contents): 60 taste pieces, ten of each colour,
and 81 artists. Apart from the rules so the dice & draws page can offer the
same bags without loading the whole game."""

TASTE_COLOURS = ["yellow", "red", "blue", "green", "black", "white"]
TASTE_BAG = (TASTE_COLOURS, [10, 10, 10, 10, 10, 10])
ARTIST_BAG = (TASTE_COLOURS, [6, 9, 12, 15, 18, 21])

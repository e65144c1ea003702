"""Showbiz's two bags (COMPONENTS.md): 60 taste pieces, ten of each colour,
and 81 artists. Apart from the rules so the dice & draws page can offer the
same bags without loading the whole game."""

from usher.core.rng import Bag

TASTE_COLOURS = ["yellow", "red", "blue", "green", "black", "white"]
TASTE_BAG = (TASTE_COLOURS, [10, 10, 10, 10, 10, 10])
ARTIST_BAG = (TASTE_COLOURS, [6, 9, 12, 15, 18, 21])


def taste_bag() -> Bag:
    return Bag(TASTE_BAG[0], TASTE_BAG[1])


def artist_bag() -> Bag:
    return Bag(ARTIST_BAG[0], ARTIST_BAG[1])

"""`make bench` figures of the full scripted games on the rp2 port: read from
the figures `make pico-games` leaves in build/pico-games/ (each with the
commit it was measured at; `make bench` runs it first), those of the bench's
own commit only."""

from usher_devkit.bench.pico import game_figures


def figures() -> list:
    return game_figures()

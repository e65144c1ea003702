"""`make bench` rows of the full scripted games on the rp2 port: read from
the figures `make pico-games` leaves in build/pico-games/ (each with the
commit it was measured at), so this section can be written again without
replaying an hour of games."""

from usher_devkit.bench.pico import game_rows


def figures() -> list:
    return game_rows()

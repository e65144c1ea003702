"""Presses per Showtime placement for players who play like people
(usher_devkit.players.showtime_person: a card picked by name from a hand
of four, a seat picked for its stars, the cursors moved as the screen shows
them), through the device's own screens. The goal: a median of at
most 5 on the LCD, where the joystick's up/down move a row of four persons
by number (1-4, 5-8, ...) and move the seat cursor by
rows. (Showbiz's and Films' bids at 4 presses or fewer:
tests/host/sim/test_showbiz_sim.py, tests/host/sim/test_films_sim.py.)"""

from usher_devkit.players.showtime_person import walk_games


def test_a_person_places_in_five_presses_or_fewer_on_the_lcd():
    f = walk_games(games=10, rows=True, n=4)
    print("\nLCD, up/down by rows: %s" % f)
    assert f["placements"] == 480
    assert f["median"] <= 5, f
    assert f["max"] <= 14, f


def test_three_players_too():
    f = walk_games(games=4, rows=True, n=3)
    assert f["placements"] == 4 * 36
    assert f["median"] <= 5, f


def test_with_prev_and_next_alone_the_same_people_need_more():
    """The OLED's four keys (and the LCD before up/down meant rows): the walk
    is the same, so the figure above is the rows' doing."""
    rows = walk_games(games=4, rows=True, n=4)
    flat = walk_games(games=4, rows=False, n=4)
    assert flat["mean"] > rows["mean"] + 1, (flat, rows)

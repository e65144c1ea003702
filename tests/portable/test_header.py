"""What a record's header must hold (usher.games.header): the checks the
laptop makes of every record it replays, the device's own `make_setup`."""

from portable import eq, raises
from usher.core.errors import RecordError
from usher.games.header import open_header


def header(**kw):
    h = {"usher": 1, "game": "dice", "created": 5, "setup": {"players": [{"name": "Anna", "colour": 0}]}}
    h["setup"]["components"] = {"bags": {"coins": {"kinds": ["gold"], "counts": [1]}}}
    h.update(kw)
    return h


def refused(h, words):
    e = raises(RecordError, open_header, h)
    assert str(e).startswith("header: ") and words in str(e), str(e)


def test_a_sound_header_gives_its_game():
    eq(open_header(header()).name, "dice")
    eq(open_header(header(uid="3f9a0c2b71d4")).name, "dice")


def test_format_game_uid_and_date_are_checked():
    refused(header(usher=2), "format")
    refused(header(game="chess"), "unknown game")
    refused(header(uid=7), "uid")
    refused(header(uid=""), "uid")
    refused(header(created="now"), "created")
    refused(header(created=True), "created")
    refused([1], "not a JSON object")
    refused(header(setup=[]), "setup")


def test_players_are_checked_as_the_roster_makes_them():
    def players(ps):
        h = header()
        h["setup"]["players"] = ps
        return h

    refused(players([{"name": "P%d" % i} for i in range(9)]), "0-8 players")
    refused(players([{"colour": 1}]), "no name")
    refused(players([{"name": " "}]), "no name")
    refused(players([{"name": "A" * 17}]), "over 16")
    refused(players([{"name": "Ann"}, {"name": "Ann"}]), "two players named Ann")
    refused(players("Anna"), "players")


def test_the_games_own_setup_checks_apply():
    h = header()
    h["setup"]["components"]["bags"]["coins"]["counts"] = ["1"]
    refused(h, "bags")
    st = {"usher": 1, "game": "showtime", "created": 0}
    st["setup"] = {"players": [{"name": "A"}], "options": {}, "components": {}}
    refused(st, "2-4 players")
    sb = {"usher": 1, "game": "showbiz", "created": 0}
    sb["setup"] = {"players": [{"name": "A"}, {"name": "B"}], "options": {"start_year": 13}, "components": {}}
    refused(sb, "start year")
    sb["setup"]["options"] = {}
    sb["setup"]["components"] = {"points": [0, 1, 3]}
    refused(sb, "points")

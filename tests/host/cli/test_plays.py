"""The plays of a history row (usher_tools.history.plays): a record the
laptop cannot replay falls back to its stored result; a bug in a game's own
module is not quietly turned into that fallback."""

import pytest
from usher_tools.history import plays as P
from usher_tools.history.games import films
from usher_tools.history.store import History

from host.cli.test_bgstats import add_record


@pytest.fixture
def films_row(tmp_path):
    db = str(tmp_path / "history.sqlite")
    add_record(db, "g0001", "films_match.rec")
    h = History(db)
    row = h.all()[0]
    h.close()
    P._REPLAYED.clear()  # replays kept from another test's row of the same bytes
    yield row
    P._REPLAYED.clear()


def test_a_films_match_is_one_play_a_game(films_row):
    ps = P.plays(films_row)
    assert len(ps) > 1 and [p["part"] for p in ps] == list(range(1, len(ps) + 1))
    assert P.start_player(films_row) is not None


def test_a_record_the_laptop_cannot_replay_gives_its_stored_result(films_row):
    row = dict(films_row, data=b"not a record\n")
    ps = P.plays(row)
    assert len(ps) == 1 and ps[0]["part"] == 0
    assert [p["name"] for p in ps[0]["players"]] == [p["name"] for p in films_row["result"]["players"]]
    assert P.start_player(row) is None


def test_a_bug_in_a_games_module_is_not_turned_into_a_thinner_export(films_row, monkeypatch):
    def broken(rp):
        raise TypeError("unsupported operand type(s) for +: 'int' and 'str'")

    monkeypatch.setattr(films, "plays", broken)
    with pytest.raises(TypeError):
        P.plays(films_row)
    monkeypatch.setattr(films, "start", broken)
    with pytest.raises(TypeError):
        P.start_player(films_row)

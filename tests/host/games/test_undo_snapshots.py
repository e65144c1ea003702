"""An undo replays from the nearest snapshot behind it (usher.core.match:
the latest, or the one before it, `<name>.snap1`) and a power-on from the
latest usable one; either must give exactly the state a replay of every
action in force from the start gives. Random games of every title, played
through Match on a fake flash, with undos of 1 to 40 actions woven in (so
they land just behind a snapshot, far behind it, and on it), compared after
every undo with the full replay and with a power-on."""

import random

from fakes import MemStorage
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from usher.core.match import Match, replay
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher_devkit.players import films_random, show_manager_random, showbiz_random

SOME = settings(max_examples=4, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
ACTIONS = 200  # per game: past several snapshots of every spacing


def showtime_setup(r):
    g = load_game("showtime")
    n = 2 + r.randrange(3)
    players = [{"name": "P%d" % i, "colour": i} for i in range(n)]
    return g.make_setup(players, {"first": None}, {})


def showtime_action(s, rng):
    from usher.games.showtime.game import iter_places

    if s["phase"] in ("poster", "first"):
        return {"t": s["phase"]}, True  # the device rolls it
    places = list(iter_places(s))
    return places[rng.below(len(places))], False


def with_rng(fn):
    return lambda s, rng: (fn(s, rng), False)


GAMES = {
    "showtime": (showtime_setup, showtime_action),
    "showbiz": (
        lambda r: load_game("showbiz").make_setup(
            [{"name": "P%d" % i, "colour": i} for i in range(3 + r.randrange(2))], {}, {}
        ),
        with_rng(showbiz_random.random_action),
    ),
    "films": (
        lambda r: load_game("films").make_setup(films_random.players(), {"best_of": 3}, {}),
        with_rng(films_random.random_action),
    ),
    "show_manager": (
        lambda r: show_manager_random.random_setup(3 + r.randrange(3), Rng(r.randrange(1, 2**30))),
        with_rng(show_manager_random.random_action),
    ),
}


def check(m, st_, g):
    assert m.state == replay(g, m.setup, m.actions), "the undo's state is not the full replay's"
    booted = Match.resume(st_, m.name, load_game)
    assert booted.state == m.state, "power-on gives another state"
    assert booted.recent == m.recent


def play(title, seed):
    r = random.Random(seed)
    make_setup, next_action = GAMES[title]
    g = load_game(title)
    st_ = MemStorage()
    m = Match.start(st_, "g0001", g, make_setup(r), created=1)
    rng = Rng(seed or 1)
    undos = 0
    from_snap = 0
    for _ in range(ACTIONS):
        if m.is_over():
            break
        if m.can_undo() and r.random() < 0.08:
            k = r.choice((1, 1, 1, 2, 3, 9, 17, 40))
            while k and m.can_undo():  # an undo may take back a unit of several
                k -= 1
                from_snap += bool(m.snaps)
                m.undo()
                undos += 1
                check(m, st_, g)
            continue
        a, roll = next_action(m.state, rng)
        m.submit(a, rng if roll else None)
    check(m, st_, g)
    return undos, from_snap, st_


@SOME
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**30))
def test_an_undo_from_the_nearest_snapshot_is_the_full_replay(title, seed):
    undos, from_snap, st_ = play(title, seed)
    assert undos > 0


def test_undos_do_start_from_snapshots_in_every_game():
    """Not vacuous: each game had snapshots to start from, the one before
    the latest among them."""
    for title in sorted(GAMES):
        started = 0
        prev = False
        for seed in range(1, 3):
            _, from_snap, st_ = play(title, seed)
            started += from_snap
            prev = prev or "g0001.snap1" in st_.files
        assert started > 0, title
        assert prev, title


class _Counting(MemStorage):
    """Counts the log's readings and the lines read as JSON."""

    def __init__(self) -> None:
        MemStorage.__init__(self)
        self.readings = 0

    def lines(self, name):
        if name.endswith(".log"):
            self.readings += 1
        return MemStorage.lines(self, name)


def test_a_power_on_reads_the_log_once_and_parses_only_what_it_replays(monkeypatch):
    """The Pico's resume (a power-on must not make players wait): every line is checked, but the
    log is read once (the replay from the snapshot takes the lines the
    load just read) and only undos and the lines replayed or kept as
    `recent` are read as JSON; the state is the full replay's."""
    import usher.core.match as match_mod
    import usher.core.record as record_mod

    _, next_action = GAMES["showtime"]
    g = load_game("showtime")
    st_ = _Counting()
    m = Match.start(st_, "g0001", g, showtime_setup(random.Random(3)), created=1)
    rng = Rng(7)
    undone = False
    for _ in range(60):  # past several of Showtime's snapshots, an undo among them
        try:
            a, roll = next_action(m.state, rng)
        except ValueError:  # a hand with no seat left (a discard): far enough
            break
        m.submit(a, rng if roll else None)
        if len(m.inforce) == 20 and not undone:
            m.undo()
            undone = True
    assert undone and len(m.inforce) > 2 * g.snap_every and len(m.recent) == match_mod.RECENT
    parsed = []
    real = record_mod.decode_line

    def counted(line):
        parsed.append(line)
        return real(line)

    monkeypatch.setattr(record_mod, "decode_line", counted)
    monkeypatch.setattr(match_mod, "decode_line", counted)
    st_.readings = 0
    booted = Match.resume(st_, "g0001", load_game)
    assert st_.readings == 1
    # the snapshot, the header, the undo, and the replayed or recent lines
    # (at most RECENT): not every action
    assert len(parsed) <= 3 + match_mod.RECENT, (len(parsed), len(m.inforce))
    assert booted.state == replay(g, booted.setup, booted.actions)
    assert booted.recent == m.recent

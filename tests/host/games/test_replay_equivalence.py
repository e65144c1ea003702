"""One replay: a record gives the same state on the device
(GameLog on a fake flash, Match.resume: boot) and on the laptop (the code of
`usher score` and of sync's re-scoring), for every record in tests/records,
every random game of the property tests (their own generators, with undos of
every size woven in) and the undo `n` edge cases, which both sides refuse."""

import json
import os
import random

import pytest
from fakes import MemStorage
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tooling import TESTS
from usher.core.errors import RecordError
from usher.core.match import Match
from usher.core.record import GameLog, encode_line
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher_tools.history.parsing import ScoreError, parse_bytes, read_log
from usher_tools.history.replay import Replay, actions_in_force

from host.games import test_showbiz_props as sbp
from host.games import test_showtime_props as stp

RECORDS = os.path.join(TESTS, "records")
SOME = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def device_state(header, records):
    """Boot on the device: the record written to flash line by line, resumed."""
    st_ = MemStorage()
    log = GameLog(st_, "g0001")
    log.create({k: v for k, v in header.items() if k != "usher"})
    for r in records:
        log.append(r)
    m = Match.resume(st_, "g0001", load_game)
    return m.state, m.standings(), [r for i, r in enumerate(log.records()) if i in m.inforce]


def host_states(header, records):
    """The laptop: the bytes a sync pulls (re-scoring) and the same record as
    a file given to `usher score`; both must agree before they are compared."""
    data = b"".join(encode_line(o) for o in [dict(header, usher=1)] + list(records))
    rec, tail = read_log(data)
    assert tail == b""
    synced = Replay(rec.header, rec.records, where=rec.where, timeline=True)
    filed = parse_bytes(data)
    scored = Replay(filed.header, filed.records, where=filed.where, timeline=False)
    assert synced.state == scored.state
    return synced


def same_everywhere(header, records):
    dev, standings, dev_actions = device_state(header, records)
    host = host_states(header, records)
    assert json.dumps(dev, sort_keys=True) == json.dumps(host.state, sort_keys=True)
    assert standings == host.game.standings(host.state)
    # the laptop tells an unfinished game's ties as ties (no secret tie-break shown), the end as the device does
    if host.is_over():
        assert host.standings() == standings
    assert dev_actions == host.in_force() == actions_in_force(records)
    return dev


def refused_everywhere(header, records, words=""):
    with pytest.raises(RecordError) as dev:
        device_state(header, records)
    with pytest.raises(ScoreError) as host:
        host_states(header, records)
    assert words in str(dev.value) and words in str(host.value), (str(dev.value), str(host.value))


def from_file(name):
    with open(os.path.join(RECORDS, name), encoding="utf-8") as f:
        objs = [json.loads(ln) for ln in f if ln.strip() and not ln.startswith("#")]
    return objs[0], objs[1:]


VALID = [n for n in sorted(os.listdir(RECORDS)) if "bad" not in n and "empty" not in n]


@pytest.mark.parametrize("name", VALID)
def test_every_valid_record_replays_the_same_on_device_and_laptop(name):
    header, records = from_file(name)
    same_everywhere(header, records)


@pytest.mark.parametrize("name,words", [("dice_bad_face.rec", "face must be 1-6"), ("dice_empty_bag.rec", "none left")])
def test_every_invalid_record_is_refused_on_both_sides(name, words):
    header, records = from_file(name)
    refused_everywhere(header, records, words)


BAD_N = [0, -1, -5, "x", "2", True, False, None, 1.5, 3.0, [1], {"n": 1}, 10**9]


@pytest.mark.parametrize("n", BAD_N + ["more"], ids=[repr(n) for n in BAD_N + ["more"]])
def test_undo_n_edge_cases_are_refused_on_both_sides(n):
    header, records = from_file("showtime_2p.rec")
    live = len(records[:5])
    bad = {"t": "undo", "n": live + 1 if n == "more" else n}
    refused_everywhere(header, records[:5] + [bad] + records[5:], "undo")


@pytest.mark.parametrize("n", [1, 2, 5])
def test_undo_n_within_what_is_in_force_agrees(n):
    header, records = from_file("showtime_2p.rec")
    redo = records[5 - n : 5]
    got = same_everywhere(header, records[:5] + [{"t": "undo", "n": n}] + redo + records[5:])
    assert got == same_everywhere(header, records)


def test_an_undo_with_nothing_in_force_is_refused_on_both_sides():
    header, records = from_file("dice_two_players.rec")
    refused_everywhere(header, [{"t": "undo"}] + records, "undo")


def with_undos(actions, seed):
    """The same game with undos woven in: now and then take back 1 to 6
    actions at once and enter them again, so the actions in force, and the
    final state, are those of the game as played."""
    r = random.Random(seed)
    out = []
    for i, a in enumerate(actions):
        out.append(a)
        if i and r.random() < 0.08:
            n = r.randint(1, min(6, i + 1))
            out.append({"t": "undo", "n": n} if n > 1 or r.random() < 0.5 else {"t": "undo"})
            out.extend(actions[i + 1 - n : i + 1])
    return out


class Recording:
    """The property tests' game, recording every action it accepts."""

    def __init__(self, game):
        self.game = game
        self.actions = []

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, action):
        new = self.game.apply(state, action)
        self.actions.append(json.loads(json.dumps(action)))
        return new


def header_of(game, setup):
    return {"usher": 1, "game": game, "created": 0, "setup": json.loads(json.dumps(setup))}


@SOME
@given(st.data(), stp.setups())
def test_random_showtime_games_replay_the_same_on_device_and_laptop(data, setup):
    rec = Recording(stp.G)
    saved = stp.G
    stp.G = rec
    try:
        final = stp.play(data, setup)
    finally:
        stp.G = saved
    header = header_of("showtime", setup)
    assert same_everywhere(header, rec.actions) == final
    assert same_everywhere(header, with_undos(rec.actions, len(rec.actions))) == final


@SOME
@given(sbp.setups(), st.integers(0, 2**32 - 1))
def test_random_showbiz_games_replay_the_same_on_device_and_laptop(setup, seed):
    acts = []
    final = sbp.play(setup, seed, lambda b, a, n: acts.append(json.loads(json.dumps(a))))
    header = header_of("showbiz", setup)
    assert same_everywhere(header, acts) == final
    assert same_everywhere(header, with_undos(acts, seed)) == final


@settings(max_examples=10, deadline=None, database=None)
@given(st.integers(0, 2**32 - 1))
def test_the_devices_own_undos_and_snapshots_replay_the_same_on_the_laptop(seed):
    """A Showbiz game played through Match (snapshots every 32 actions, the
    game's own undo units, a bid round taken back whole) then booted and
    re-scored."""
    from usher_devkit.players.showbiz_random import random_action

    g = sbp.G
    st_ = MemStorage()
    m = Match.start(st_, "g0001", g, g.make_setup(sbp.players(3), {}, {}), created=1)
    r = Rng(seed)
    undos = 0
    while not m.is_over():
        if m.can_undo() and r.below(12) == 0:
            m.undo()
            undos += 1
        m.submit(random_action(m.state, r))
    assert "g0001.snap" in st_.files and undos
    booted = Match.resume(st_, "g0001", load_game)
    assert booted.state == m.state
    rec, tail = read_log(st_.files["g0001.log"])
    assert Replay(rec.header, rec.records, where=rec.where).state == m.state

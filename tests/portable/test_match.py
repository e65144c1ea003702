from fakes import MemStorage, PowerCut
from portable import eq, raises
from usher.core import match as match_mod
from usher.core.errors import RuleError
from usher.core.match import Match, effective
from usher.core.rng import Rng
from usher.games.catalog import load_game


def start(st=None):
    st = st or MemStorage()
    g = load_game("dice")
    setup = g.make_setup([{"name": "Anna", "colour": 0}], {}, {})
    return st, Match.start(st, "m1", g, setup, created=1)


def test_effective_drops_undone_actions():
    recs = [{"t": "a"}, {"t": "b"}, {"t": "undo"}, {"t": "c"}, {"t": "undo"}, {"t": "undo"}, {"t": "undo"}]
    eq(effective(recs), [])
    eq(effective(recs[:4]), [{"t": "a"}, {"t": "c"}])


def test_submit_records_and_resume_rebuilds_same_state():
    st, m = start()
    r = Rng(5)
    for _ in range(10):
        m.submit({"t": "roll", "n": 2}, r)
    m2 = Match.resume(st, "m1", load_game)
    eq(m2.state, m.state)
    eq(len(m2.actions), 10)


def test_rule_error_leaves_state_and_record_unchanged():
    st, m = start()
    m.submit({"t": "roll", "n": 1}, Rng(1))
    before_state = m.state
    before_log = st.files["m1.log"]
    raises(RuleError, m.submit, {"t": "roll", "n": 9}, Rng(1))
    raises(RuleError, m.submit, {"t": "roll", "n": 1, "faces": [7]})
    eq(m.state, before_state)
    eq(st.files["m1.log"], before_log)


def test_undo_is_recorded_and_replayed():
    st, m = start()
    r = Rng(2)
    m.submit({"t": "roll", "n": 1}, r)
    s1 = m.state
    m.submit({"t": "roll", "n": 1}, r)
    m.undo()
    eq(m.state, s1)
    m2 = Match.resume(st, "m1", load_game)
    eq(m2.state, s1)
    eq(m2.count, 3)


def test_undo_with_nothing_refused():
    st, m = start()
    raises(RuleError, m.undo)


def test_snapshot_written_and_used_on_resume():
    st, m = start()
    r = Rng(3)
    for _ in range(match_mod.SNAP_EVERY + 3):
        m.submit({"t": "roll", "n": 1}, r)
    assert "m1.snap" in st.files
    m2 = Match.resume(st, "m1", load_game)
    eq(m2.state, m.state)


def test_snapshot_ignored_when_undo_reaches_behind_it():
    st, m = start()
    r = Rng(3)
    for _ in range(match_mod.SNAP_EVERY):
        m.submit({"t": "roll", "n": 1}, r)
    for _ in range(3):
        m.undo()
    m.submit({"t": "roll", "n": 2}, r)
    m2 = Match.resume(st, "m1", load_game)
    eq(m2.state, m.state)


def test_power_cut_mid_append_loses_only_that_action():
    st, m = start()
    r = Rng(4)
    for _ in range(3):
        m.submit({"t": "roll", "n": 1}, r)
    kept = m.state
    st.cut_after = 7
    raises(PowerCut, m.submit, {"t": "roll", "n": 1}, r)
    st.cut_after = -1
    m2 = Match.resume(st, "m1", load_game)
    eq(m2.state, kept)
    assert m2.note.startswith("dropped"), m2.note
    m2.submit({"t": "roll", "n": 1}, r)
    eq(len(Match.resume(st, "m1", load_game).actions), 4)


def test_standings_rank_ties():
    from usher.core.game import Game

    class G(Game):
        def scores(self, state):
            return [5, 7, 5]

    st = {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}
    got = G().standings(st)
    eq([(s["name"], s["rank"]) for s in got], [("B", 1), ("A", 2), ("C", 2)])


def test_unknown_game_is_refused():
    raises(RuleError, load_game, "chess")


def test_undo_depth_cancels_a_unit_and_replays_the_same():
    from usher.games.catalog import entry
    from usher.games.dice import Dice

    class Grouped(Dice):
        def undo_depth(self, actions):
            # trailing draws form one unit
            n = 0
            for a in reversed(actions):
                if a["t"] != "draw":
                    break
                n += 1
            return max(n, 1)

    st = MemStorage()
    g = Grouped(entry("dice"))
    m = Match.start(st, "u", g, g.make_setup([], {}, {}))
    r = Rng(6)
    m.submit({"t": "roll", "n": 1}, r)
    after_roll = m.state
    for _ in range(3):
        m.submit({"t": "draw", "bag": "taste"}, r)
    m.undo()
    eq(m.state, after_roll)
    eq(list(m.log.records())[-1], {"t": "undo", "n": 3})
    eq(Match.resume(st, "u", load_game).state, after_roll)


def test_flash_full_refuses_the_action_and_keeps_everything_recorded():
    from fakes import FullStorage

    st = FullStorage(room=10**6)
    g = load_game("dice")
    m = Match.start(st, "f", g, g.make_setup([], {}, {}))
    r = Rng(1)
    for _ in range(3):
        m.submit({"t": "roll", "n": 1}, r)
    kept = m.state
    st.room = len(st.files["f.log"]) + 10  # room for a part of one more line
    raises(OSError, m.submit, {"t": "roll", "n": 1}, r)
    eq(m.state, kept)
    st.room = 10**6  # a game deleted: room again
    m.submit({"t": "roll", "n": 2}, r)
    again = Match.resume(st, "f", load_game)
    eq(len(again.actions), 4)
    eq(again.state, m.state)

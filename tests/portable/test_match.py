from fakes import MemStorage, PowerCut
from portable import eq, raises
from usher.core import match as match_mod
from usher.core.errors import RecordError, RuleError
from usher.core.match import Match
from usher.core.record import in_force
from usher.core.rng import Rng
from usher.games.catalog import load_game


def start(st=None):
    st = st or MemStorage()
    g = load_game("dice")
    setup = g.make_setup([{"name": "Anna", "colour": 0}], {}, {})
    return st, Match.start(st, "m1", g, setup, created=1)


def kept(records):
    """The actions of a list of records still in force, by `in_force`."""
    keep = []
    for i, rec in enumerate(records):
        in_force(keep, i, rec)
    return [records[i] for i in keep]


def test_in_force_drops_undone_actions():
    recs = [{"t": "a"}, {"t": "b"}, {"t": "undo"}, {"t": "c"}, {"t": "undo"}, {"t": "undo"}]
    eq(kept(recs), [])
    eq(kept(recs[:4]), [{"t": "a"}, {"t": "c"}])
    eq(kept(recs[:2] + [{"t": "undo", "n": 2}]), [])


def test_an_undo_n_that_is_not_a_whole_number_from_1_to_the_actions_in_force_is_refused():
    two = [{"t": "a"}, {"t": "b"}]
    for n in (0, -1, 3, 10**9, "x", "1", True, False, 1.0, 3.0, None, [1], {"n": 1}):
        keep = [0, 1]
        e = raises(RecordError, in_force, keep, 2, {"t": "undo", "n": n})
        assert str(e) == "action 3: undo n must be 1-2", (n, str(e))
        eq(keep, [0, 1])  # a refused undo changes nothing
    e = raises(RecordError, kept, [{"t": "undo"}])
    eq(str(e), "action 1: undo n must be 1-0")  # nothing to undo
    eq(kept(two + [{"t": "undo", "n": 1}]), [{"t": "a"}])


def test_a_record_with_a_bad_undo_is_refused_at_boot_naming_the_action():
    from usher.core.record import encode_line

    st, m = start()
    r = Rng(5)
    for _ in range(3):
        m.submit({"t": "roll", "n": 1}, r)
    good = st.files["m1.log"]
    for n in (0, -1, 4, "x", True, 2.0):
        st.files["m1.log"] = good + encode_line({"t": "undo", "n": n})
        e = raises(RecordError, Match.resume, st, "m1", load_game)
        assert str(e).startswith("action 4: undo"), str(e)
    st.files["m1.log"] = good + encode_line({"t": "undo", "n": 3})
    eq(Match.resume(st, "m1", load_game).inforce, [])


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
    from usher.games.dice.game import Dice

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


def test_a_clone_of_a_state_is_equal_and_shares_nothing_that_can_change():
    from usher.core.data import clone

    state = {"a": [1, [2, 3], {"b": [4]}], "c": {"d": {"e": 5}}, "f": "x", "g": None, "h": True}
    copy = clone(state)
    eq(copy, state)
    copy["a"][1].append(9)
    copy["a"][2]["b"][0] = 7
    copy["c"]["d"]["e"] = 6
    eq(state, {"a": [1, [2, 3], {"b": [4]}], "c": {"d": {"e": 5}}, "f": "x", "g": None, "h": True})


def test_a_later_change_is_recorded_at_write_due_in_one_append():
    st, m = start()  # MemStorage counts its appends: each a flash write (a sector erase on the Pico)
    m.later = True
    r = Rng(3)
    m.submit({"t": "roll", "n": 1}, r)
    m.submit({"t": "draw", "bag": "taste"}, r)  # one press may make two changes
    eq(st.appends, 0)
    eq(len(list(m.log.records())), 0)  # nothing on the flash yet
    m.write_due()
    eq(st.appends, 1)
    eq(len(list(m.log.records())), 2)
    eq(Match.resume(st, "m1", load_game).state, m.state)
    m.write_due()  # nothing more to write
    eq(st.appends, 1)


def test_a_later_change_the_flash_refuses_is_taken_back_whole():
    from fakes import FullStorage

    st = FullStorage(room=10**6)
    st, m = start(st)
    m.later = True
    r = Rng(1)
    m.submit({"t": "roll", "n": 1}, r)
    m.write_due()
    before = (m.state, m.count, list(m.inforce), list(m.recent))
    m.undo()
    m.submit({"t": "roll", "n": 3}, r)
    st.room = st._used() + 10  # room for a part of one more line
    raises(OSError, m.write_due)
    eq((m.state, m.count, m.inforce, m.recent), before)  # as if the press had been refused
    st.room = 10**6  # a game deleted: room again
    m.submit({"t": "roll", "n": 4}, r)
    m.write_due()
    again = Match.resume(st, "m1", load_game)
    eq(again.state, m.state)
    eq(again.count, m.count)
    eq(len(again.actions), 2)  # the first roll and the last: the half line set aside


def test_the_record_is_read_only_once_what_waits_is_written():
    st, m = start()
    m.later = True
    r = Rng(5)
    m.submit({"t": "roll", "n": 1}, r)
    m.submit({"t": "roll", "n": 2}, r)
    eq(len(m.actions), 2)  # iter_actions writes what waits before it reads
    m.submit({"t": "roll", "n": 3}, r)
    m.undo()
    eq(len(m.actions), 2)
    m.write_due()
    eq(Match.resume(st, "m1", load_game).state, m.state)


def test_a_later_game_reaches_the_flash_whole_at_its_first_write():
    st = MemStorage()
    g = load_game("dice")
    m = Match.start(st, "n1", g, g.make_setup([], {}, {}), created=1, later=True)
    eq(st.names(), [])  # the header waits too: creating a file is a sector erase on the Pico
    m.submit({"t": "roll", "n": 1}, Rng(2))
    m.write_due()
    again = Match.resume(st, "n1", load_game)
    eq(again.header, m.header)
    eq(again.state, m.state)


def test_a_later_game_the_flash_refuses_is_not_on_it_at_all():
    from fakes import FullStorage

    st = FullStorage(room=10)
    g = load_game("dice")
    m = Match.start(st, "n2", g, g.make_setup([], {}, {}), later=True)
    m.submit({"t": "roll", "n": 1}, Rng(2))
    raises(OSError, m.write_due)
    eq(st.names(), [])
    assert m.owes()  # its header still waits: the app lets the game go

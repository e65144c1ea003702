from fakes import MemStorage
from portable import eq
from usher.core.game import Game
from usher.core.match import Match
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher.library import INDEX, Library
from usher.settings import DEFAULTS, Settings


def new_game(lib, st, player="Ann", later=False):
    g = load_game("dice")
    name = lib.new_name()
    m = Match.start(st, name, g, g.make_setup([{"name": player, "colour": 0}], {}, {}), created=100)
    lib.add(m, later)
    return m


def test_names_count_up_and_list_newest_first():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    new_game(lib, st)
    eq([e["name"] for e in lib.games()], ["g0002", "g0001"])
    eq(lib.last(), "g0002")


def test_index_survives_restart_and_rebuilds_when_damaged():
    st = MemStorage()
    lib = Library(st)
    m = new_game(lib, st)
    m.submit({"t": "roll", "n": 1}, Rng(1))
    eq(Library(st).games()[0]["players"], ["Ann"])
    st.files[INDEX] = b"{broken"
    lib2 = Library(st)
    eq([e["name"] for e in lib2.games()], ["g0001"])
    eq(lib2.games()[0]["game"], "dice")


def test_index_is_written_a_line_a_game_never_one_long_piece():
    st = MemStorage()
    lib = Library(st)
    for _ in range(12):
        new_game(lib, st)
    pieces = st.files.raw[INDEX]
    eq(len(pieces), 13)  # the header line and one line a game
    for piece in pieces:
        assert len(piece) < 200, piece
    eq(len(Library(st).games()), 12)
    eq(Library(st).last(), "g0012")


def test_index_with_a_damaged_line_is_rebuilt_from_the_records():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    new_game(lib, st)
    st.files[INDEX] = st.files[INDEX].replace(b'"g0001"', b"g0001")
    eq(sorted(e["name"] for e in Library(st).games()), ["g0001", "g0002"])
    st.files[INDEX] = b'{"last":"g0002"}\n[1]\n'
    eq(len(Library(st).games()), 2)


def test_a_new_games_entry_waits_for_write_due_yet_every_read_sees_it():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    new_game(lib, st, "Bo", later=True)
    eq(b"g0002" in st.files[INDEX], False)  # not yet written
    eq([e["name"] for e in lib.games()], ["g0002", "g0001"])  # a read writes it first
    eq(b"g0002" in st.files[INDEX], True)
    eq(lib.due, None)


def test_a_power_cut_before_a_new_games_entry_leaves_it_listed_and_resumed():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    new_game(lib, st, "Bo", later=True)  # and the power goes before write_due
    eq(b"g0002" in st.files[INDEX], False)
    after = Library(st)  # the next power-on
    eq(after.last(), "g0002")
    eq([e["name"] for e in after.games()], ["g0002", "g0001"])
    eq(after.games()[0]["players"], ["Bo"])
    eq(after.new_name(), "g0003")


class EndsAfterOne(Game):
    """A game over after its first move (one player, no score)."""

    name = "dice"

    def new(self, setup):
        return {"players": setup["players"], "moves": 0}

    def step(self, state, action):
        state["moves"] += 1

    def is_over(self, state):
        return state["moves"] >= 1


def ended_later():
    """A library, its storage and a game that has just ended, its end not yet listed."""
    st = MemStorage()
    lib = Library(st)
    m = Match.start(st, lib.new_name(), EndsAfterOne(), {"players": [{"name": "Ann", "colour": 0}]}, created=5)
    lib.add(m)
    m.submit({"t": "x"}, Rng(1))
    lib.update(m, later=True)
    return st, lib, m


def test_a_games_end_is_listed_at_write_due_or_at_the_next_read():
    st, lib, m = ended_later()
    eq(b'"finished":true' in st.files[INDEX], False)  # the move's frame comes first
    lib.write_due()
    eq(b'"finished":true' in st.files[INDEX], True)
    m.undo()
    lib.update(m, later=True)  # an undo reopens it
    eq(Library(st).games()[0]["finished"], True)  # not yet written...
    eq(lib.games()[0]["finished"], False)  # ...but a read of this library writes it first


def test_a_power_cut_before_a_games_end_was_listed_is_mended_when_it_is_next_opened():
    st, lib, m = ended_later()  # and the power goes
    after = Library(st)
    eq(after.games()[0]["finished"], False)
    opened = Match.resume(st, m.name, lambda name: EndsAfterOne())
    after.recheck(opened)  # as App.open_match does
    after.write_due()
    eq(after.games()[0]["finished"], True)


def test_delete_removes_record_and_entry():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    lib.delete("g0001")
    eq(lib.games(), [])
    assert "g0001.log" not in st.files
    eq(lib.last(), "")


def test_settings_defaults_and_round_trip():
    st = MemStorage()
    s = Settings(st)
    eq(s.get("roster"), DEFAULTS["roster"])
    s.set("brightness", 30)
    eq(Settings(st).get("brightness"), 30)


def test_broken_settings_kept_aside_and_defaults_used():
    st = MemStorage()
    st.files["settings.json"] = b"{not json"
    s = Settings(st)
    eq(s.get("brightness"), DEFAULTS["brightness"])
    eq(st.files["settings.bad"], b"{not json")
    eq(s.note, "settings reset")


def test_partial_settings_merge_with_defaults():
    st = MemStorage()
    st.files["settings.json"] = b'{"showtime": {"genres": {"1": ["comedy"]}}}'
    s = Settings(st)
    eq(s.get("showtime")["stars"][0], [1, 2, 2, 1])
    eq(s.get("showtime")["genres"], {"1": ["comedy"]})


def test_a_game_s_defaults_are_read_when_its_settings_are_wanted_never_at_power_on():
    from usher.settings import _merge, defaults

    st = MemStorage()
    st.files["settings.json"] = b'{"brightness": 30, "showbiz": {"draws": "entered"}, "showtime": 5, "mine": [1]}'
    s = Settings(st)
    eq((s.get("brightness"), s.get("idle"), s.whole, s.merged), (30, DEFAULTS["idle"], None, []))
    eq(s.get("showbiz"), {"public_money": False, "draws": "entered"})
    eq((s.whole, s.merged), (None, ["showbiz"]))
    whole = _merge(defaults(), {"brightness": 30, "showbiz": {"draws": "entered"}, "showtime": 5, "mine": [1]})
    eq(s.values, whole)  # the whole, as if every default had been read at once
    eq(s.get("showtime"), 5)
    s.set("idle", 10)
    eq(Settings(st).values, dict(whole, idle=10))


def test_the_index_is_read_from_the_flash_each_time_never_kept():
    st = MemStorage()
    lib = Library(st)
    new_game(lib, st)
    new_game(lib, st)
    # the file changed behind the library's back: what it says next is the file's
    st.files[INDEX] = b"".join(ln for ln in st.lines(INDEX) if b'"g0001"' not in ln)
    eq([e["name"] for e in lib.games()], ["g0002"])
    eq(lib.find("g0001"), None)
    eq(lib.count(), 1)
    for v in lib.__dict__.values():
        assert not isinstance(v, (list, dict)), v  # nothing of the index stays on the heap


def test_a_game_the_index_was_rebuilt_with_is_not_added_twice():
    st = MemStorage()
    g = load_game("dice")
    m = Match.start(st, "g0001", g, g.make_setup([{"name": "Ann", "colour": 0}], {}, {}), created=100)
    lib = Library(st)  # no index yet: the first change rebuilds it, finding g0001
    lib.add(m)
    eq([e["name"] for e in lib.games()], ["g0001"])
    eq(lib.count(), 1)
    eq(lib.last(), "g0001")


def test_a_list_page_skips_what_it_does_not_show_and_counts_every_game():
    from usher.core.data import loads
    from usher.link.ops import list_page

    st = MemStorage()
    lib = Library(st)
    for _ in range(30):
        new_game(lib, st)

    class L:
        library = lib
        playing = ("", "")  # no game open on the device

        def needs_press(self, e):
            return False

    page = loads(list_page(L(), 7, 0))
    n = len(page["games"])
    assert 0 < n < 30
    eq((page["total"], page["next"]), (30, n))
    rest = loads(list_page(L(), 8, 25))
    eq([e["name"] for e in rest["games"]], ["g%04d" % i for i in range(26, 31)])
    eq(rest["next"], None)

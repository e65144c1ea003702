"""Which modules leaving a game or the link drops: named by package, never by
a string's beginning (a game whose name began another's would drop it; the
link's own name begins the gate's)."""

import sys

from portable import eq, micropython_only
from usher.games.catalog import GAMES, modules_of
from usher.memory import LINK, MICRO, unload, within


def test_a_name_is_a_module_and_the_package_it_may_be():
    eq(within("usher.link", ("usher.link",)), True)
    eq(within("usher.link.wire", ("usher.link",)), True)
    eq(within("usher.link_gate", ("usher.link",)), False)
    eq(within("usher.games.showtime.cast", ("usher.games.show",)), False)
    eq(within("usher.ui.showtime", ("usher.ui.show",)), False)


def test_a_trailing_dot_is_only_what_the_package_holds():
    eq(within("usher.ui.home", ("usher.ui.",)), True)
    eq(within("usher.ui", ("usher.ui.",)), False)
    eq(within("usher.uix", ("usher.ui.",)), False)


def test_a_game_drops_its_two_packages_only():
    got = modules_of("showbiz")
    eq(got, ("usher.ui.showbiz", "usher.games.showbiz"))
    eq(within("usher.games.showbiz.bags", got), True)
    eq(within("usher.ui.showbiz.turn", got), True)
    eq(within("usher.games.show_manager.rules", modules_of("show_manager")), True)
    eq(within("usher.games.catalog", got), False)
    for e in GAMES:  # no game's modules are another's
        mine = modules_of(e.name)
        for other in GAMES:
            if other.name != e.name:
                for m in modules_of(other.name):
                    eq((m, within(m, mine)), (m, False))


def test_the_link_is_its_modules_by_name():
    eq(LINK[:2], ("usher.link", "usher.about"))  # the package (gate, serve, ops, wire) and what its hello reads
    # and what only the link brings into a game: the owner's question, a game's description
    eq(LINK[2:], ("usher.ui.link_ask", "usher.ui.describe"))


def test_unload_on_micropython_forgets_the_named_and_keeps_the_rest():
    import usher.link.gate  # noqa: F401
    import usher.link.wire  # noqa: F401

    unload(("usher.link",), ("usher.link.gate",))
    if MICRO:  # CPython keeps modules (shared with the test's own imports)
        eq("usher.link.wire" in sys.modules, False)
    eq("usher.link.gate" in sys.modules, True)
    eq("usher.games.catalog" in sys.modules, True)


def test_unload_collects_only_when_it_forgot_a_module():
    """Screens call unload as they draw; a collection for nothing was ~10 ms
    of a press on the Pico, before its frame was pushed."""
    micropython_only("on CPython unload forgets nothing and never collects")
    import gc

    def garbage():
        gc.collect()
        junk = [bytearray(64) for _ in range(40)]
        junk = None  # noqa: F841
        return gc.mem_alloc()

    before = garbage()
    unload(("usher.no_such_module",))
    assert gc.mem_alloc() >= before, "collected for nothing"
    # (that forgetting one does collect is not asserted: the WebAssembly
    # port's conservative scan may keep the garbage reachable)

"""Forgetting imported modules, so the garbage collector can take their code
back: the Pico's heap holds one game's code at a time. A pure helper over
sys.modules (no I/O), shared by the app, the link and game screens: the
heap's, not the screens' (outside ui, below everything that unloads)."""

import sys

# only MicroPython needs collections to get memory back; CPython (tests, the
# host tools) frees by reference counting, and a collection there is slow
MICRO = sys.implementation.name == "micropython"
if MICRO:
    import gc  # here, not in collect: an import statement is ~0.2 ms on the Pico, at every collection


# the app's ticks since the latest collection (`count_tick`), and the presses it
# handled since its latest sweep (`pressed`, `sweep`): how long litter has
# piled up. Not gc.mem_alloc(), which walks the whole heap (~9 ms on the
# Pico, a third of a collection)
_since = [0, 0]

# the app sweeps the heap after SWEEP_TICKS quiet ticks (~70 bytes of litter
# each on the Pico): a move's press then finds a swept heap but for its own
SWEEP_TICKS = 50


def collect() -> None:
    _since[0] = 0
    if MICRO:
        gc.collect()


def sweep() -> None:
    """The app's collection after a press's last frame or quiet ticks."""
    _since[1] = 0
    collect()


def sweep_soon() -> None:
    """Have the app sweep at the end of this tick, once its frame is shown
    (a loader's scene: the move's garbage waits for its frame, not the frame
    for a collection)."""
    _since[0] = SWEEP_TICKS


def count_tick() -> int:
    """One more app tick since the latest collection; how many now."""
    _since[0] += 1
    return _since[0]


def pressed() -> None:
    """The app handles a press."""
    _since[1] += 1


def collect_for_move() -> None:
    """Before a move is recorded, start it on a swept heap (its record then
    fills the heap from the bottom, not among leftovers), unless it is one
    already: the app sweeps after every press's last frame and every
    SWEEP_TICKS quiet ticks, and a collection then would give back little
    for ~15-30 ms of the press. No sweep since the press before (presses
    handled without the app's ticks: the kits), or none lately (a laptop was
    served): this one collects."""
    if _since[0] > SWEEP_TICKS or _since[1] > 1:
        collect()


# what leaving the link drops: its package (the gate too, unless it stays
# while a host is being refused), usher.about that its hello reads, and the
# screens only it brings into a game (the owner's question, a game's
# one-line description)
LINK = ("usher.link", "usher.about", "usher.ui.link_ask", "usher.ui.describe")


def unload(scope: tuple, keep: tuple = (), then_collect: bool = True) -> int:
    """Forget every module named in `scope`, except those named in `keep`;
    then collect if any was forgotten, unless `then_collect` is False (the
    caller's next screen collects in the same tick). Screens call this as
    they draw: a collection for nothing was ~10 ms of a press on the Pico,
    and the app collects after every press anyway. A name is a module and,
    if it is a package, everything in it ("usher.ui.showtime" is that package and its screens); a name ending
    in "." is only what the package holds ("usher.ui." keeps usher.ui itself).
    Never a string's beginning: "usher.games.show" is not "usher.games.showtime". Only
    on MicroPython: on CPython modules shared with other code must keep
    their identity. Returns how many were forgotten (and collected)."""
    if not MICRO:
        return 0
    gone = 0
    for name in list(sys.modules):
        # within(name, scope) inline: a call per module was ~45 us on the
        # Pico, and a game's press walks 60 modules twice
        for p in scope:
            if name.startswith(p):
                n = len(p)
                if p.endswith(".") or len(name) == n or name[n] == ".":
                    break
        else:
            continue
        if keep and within(name, keep):
            continue
        del sys.modules[name]
        gone += 1
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot])
        if parent is not None:
            try:
                delattr(parent, name[dot + 1 :])
            except (AttributeError, KeyError):  # MicroPython: KeyError (a package imported again lacks it)
                pass
    if gone and then_collect:
        collect()
    return gone


def within(name: str, scope: tuple) -> bool:
    """Whether module `name` is one `scope` names (see unload)."""
    for p in scope:  # no string is built here: it runs for every module at every unload
        if name.startswith(p):
            n = len(p)
            if p.endswith(".") or len(name) == n or name[n] == ".":
                return True
    return False

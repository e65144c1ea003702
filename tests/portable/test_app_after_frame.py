"""What the app leaves until a press's frame is shown: a snapshot a move
made due (only a speed-up for boot and undo), and sweeping the heap, after
every press and while no one presses, so that a move's own press need not."""

import gc

from app_kit import goto, make_app
from portable import eq, micropython_only
from usher import app as app_mod
from usher.core.match import SNAP_EVERY, Match
from usher.games.catalog import load_game
from usher.ui import modules


class Keys:
    """Stands in for the buttons: the events a test queues, at the next poll."""

    def __init__(self):
        self.queue = []

    def poll(self, now):
        got = self.queue
        self.queue = []
        return got

    def held(self):
        return False


def dice_on_ticks():
    """A dice game whose presses go through App.tick, and a log of the
    panel's frames and the storage's whole-file writes, in order."""
    app, st = make_app()
    goto(app, "Dice & draws")
    app.render()
    keys = app.buttons = Keys()
    log = []
    flush = app.p.flush
    write = st.write

    def logged_flush():
        log.append("frame")
        return flush()

    def logged_write(name, data):
        log.append(name)
        return write(name, data)

    app.p.flush = logged_flush
    st.write = logged_write
    return app, st, keys, log


def test_the_snapshot_a_move_makes_due_is_written_after_its_frame():
    app, st, keys, log = dice_on_ticks()
    snap = app.match.name + ".snap"
    for k in range(SNAP_EVERY):
        eq((k, snap in st.files), (k, False))
        del log[:]
        keys.queue.append("ok")  # one die rolled: a move
        app.tick()
    eq(app.match.count, SNAP_EVERY)
    # the press's frame first, then the snapshot, in the same tick
    eq([x for x in log if x in ("frame", snap)], ["frame", snap])
    eq(app.match.due, False)
    eq(Match.resume(st, app.match.name, load_game).state, app.match.state)


def test_a_move_on_its_own_writes_its_snapshot_at_once():
    # tools and tests submit without an app: nothing would write it later
    app, st, keys, log = dice_on_ticks()
    m = Match.resume(st, app.match.name, load_game)
    for _ in range(SNAP_EVERY):
        m.submit({"t": "roll", "n": 1}, app.rng)
    eq(m.due, False)
    assert m.name + ".snap" in st.files


def test_an_undo_drops_the_snapshot_its_move_made_due():
    app, st, keys, log = dice_on_ticks()
    m = app.match
    m.later = True
    for _ in range(SNAP_EVERY):
        m.submit({"t": "roll", "n": 1}, app.rng)
    eq(m.due, True)
    m.undo()
    eq(m.due, False)
    app.tick()
    eq(m.name + ".snap" in st.files, False)
    eq(Match.resume(st, m.name, load_game).state, m.state)


def test_a_press_sweeps_the_heap_and_so_do_quiet_ticks_but_not_a_laptop_s():
    micropython_only("CPython frees by reference counting; litter is 0 there")
    app, st, keys, log = dice_on_ticks()
    keys.queue.append("next")  # a press that records nothing
    app.tick()
    assert modules.litter() < modules.IDLE_LITTER, modules.litter()
    junk = [bytearray(64) for _ in range(2 * modules.IDLE_LITTER // 64)]
    del junk
    assert modules.litter() >= modules.IDLE_LITTER
    app.tick()  # within SWEEP_MS of the press: left
    assert modules.litter() >= modules.IDLE_LITTER
    app.gate = object()  # a laptop is served: its replies never wait for a sweep
    app.clock.sleep_ms(app_mod.SWEEP_MS)
    swept_at = app.swept_at
    app.serve_link = lambda: None
    app.wake = lambda now: None
    app.tick()
    eq(app.swept_at, swept_at)
    app.gate = None
    app.tick()
    assert modules.litter() < modules.IDLE_LITTER, modules.litter()


def test_a_move_collects_first_only_among_more_than_a_press_s_litter():
    micropython_only("CPython frees by reference counting; litter is 0 there")
    modules.collect()
    small = [bytearray(64) for _ in range(modules.MOVE_LITTER // 256)]
    del small
    before = modules.litter()
    assert 0 < before < modules.MOVE_LITTER, before
    modules.collect_for_move()
    assert modules.litter() >= before  # left: ~14 ms on the Pico for nothing
    big = [bytearray(64) for _ in range(2 * modules.MOVE_LITTER // 64)]
    del big
    modules.collect_for_move()
    assert modules.litter() < before, modules.litter()
    gc.collect()

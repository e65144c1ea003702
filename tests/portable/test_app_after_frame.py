"""What the app leaves until a press's frame is shown: a snapshot a move
made due (only a speed-up for boot and undo), and sweeping the heap, after
every press and while no one presses, so that a move's own press need not."""

from app_kit import goto, labels, make_app
from portable import eq
from usher import memory
from usher.core.match import SNAP_EVERY, Match
from usher.games.catalog import load_game
from usher.library import INDEX, Library
from usher.ui.screen import Screen


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


class TwoTicks(Screen):
    """A loader: its first draw makes a move and asks to be drawn again at the
    next tick, whose draw is the press's last frame."""

    def __init__(self):
        Screen.__init__(self)
        self.step = 0

    def draw(self, p, full):
        self.step += 1
        if self.step == 1:
            self.app.submit({"t": "roll", "n": 1})
            self.dirty = True


def test_the_press_that_starts_a_game_shows_it_before_the_index_is_rewritten():
    app, st = make_app()
    app.render()
    keys = app.buttons = Keys()
    for _ in range(labels(app).index("Dice & draws")):
        keys.queue.append("next")
        app.tick()
    log = []
    flush, write = app.p.flush, st.write
    app.p.flush = lambda: log.append("frame") or flush()
    st.write = lambda name, data: log.append(name) or write(name, data)
    keys.queue.append("ok")
    app.tick()
    name = app.match.name
    eq([x for x in log if x in ("frame", INDEX)], ["frame", INDEX])
    eq([e["name"] for e in Library(st).games()][0], name)


def test_a_loader_s_snapshot_waits_for_its_last_frame():
    app, st, keys, log = dice_on_ticks()
    for _ in range(SNAP_EVERY - 1):
        keys.queue.append("ok")
        app.tick()
    snap = app.match.name + ".snap"
    del log[:]
    app.push(TwoTicks())
    app.tick()
    eq((app.match.count, app.match.due), (SNAP_EVERY, True))
    app.tick()
    eq([x for x in log if x in ("frame", snap)], ["frame", "frame", snap])


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


def swept(app):
    """Whether the tick just run collected (the ticks since the latest
    collection went back to 0)."""
    return memory._since == [0, 0]


def test_a_press_sweeps_the_heap_and_so_do_quiet_ticks_but_not_a_laptop_s():
    app, st, keys, log = dice_on_ticks()
    keys.queue.append("next")  # a press that records nothing
    app.tick()
    eq(swept(app), True)
    for k in range(memory.SWEEP_TICKS):
        app.tick()
        eq((k, swept(app)), (k, False))
    app.tick()  # SWEEP_TICKS quiet ticks since: their litter is swept
    eq(swept(app), True)
    app.gate = object()  # a laptop is served: its replies never wait for a sweep
    app.serve_link = lambda write=True: None
    app.wake = lambda now: None
    for k in range(2 * memory.SWEEP_TICKS):
        app.tick()
        eq((k, swept(app)), (k, False))
    app.gate = None
    app.tick()
    eq(swept(app), True)


def test_no_sweep_between_a_loader_s_frames():
    app, st, keys, log = dice_on_ticks()
    memory.sweep()
    for _ in range(memory.SWEEP_TICKS):
        app.tick()
    eq(swept(app), False)
    app.push(TwoTicks())
    app.tick()  # a sweep is due, but the loader has more to draw at the next tick
    eq(swept(app), False)
    app.tick()
    eq(swept(app), True)


def test_a_move_collects_first_only_when_the_heap_was_not_swept_lately():
    memory.sweep()
    for _ in range(memory.SWEEP_TICKS):
        memory.count_tick()
    memory.pressed()
    memory.collect_for_move()
    eq(memory._since, [memory.SWEEP_TICKS, 1])  # swept lately: left
    memory.count_tick()
    memory.collect_for_move()
    eq(memory._since, [0, 1])
    memory.pressed()  # a press before this one, no sweep after its frame (the kits')
    memory.collect_for_move()
    eq(memory._since, [0, 2])


class SweepsSoon(Screen):
    """A loader's scene: its draw asks for a sweep once its frame is shown."""

    def draw(self, p, full):
        memory.sweep_soon()


def test_a_sweep_asked_for_in_a_draw_comes_after_that_frame_in_the_same_tick():
    app, st, keys, log = dice_on_ticks()
    app.tick()  # settled: any sweep due is done
    for _ in range(3):
        app.tick()
    eq(swept(app), False)
    collect = memory.collect

    def logged_collect():
        log.append("sweep")
        return collect()

    memory.collect = logged_collect
    try:
        del log[:]
        app.push(SweepsSoon())
        app.tick()
    finally:
        memory.collect = collect
    eq([x for x in log if x in ("frame", "sweep")], ["frame", "sweep"])

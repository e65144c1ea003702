"""Buttons: debounce, press/release timing, long press, auto-repeat, tick wrap."""

from fake_machine import Machine
from portable import eq
from usher.app import TICK_MS as TICK
from usher.board import buttons as B
from usher.board.buttons import Buttons

PERIOD = 1 << 30  # MicroPython's ticks_ms() wraps here on the Pico


def tdiff(a, b):
    """time.ticks_diff as MicroPython computes it, wrap included."""
    return ((a - b + PERIOD // 2) & (PERIOD - 1)) - PERIOD // 2


def tadd(a, d):
    return (a + d) & (PERIOD - 1)


KEYMAP = {"up": "prev", "left": "prev", "down": "next", "A": "ok", "press": "ok", "B": "back"}


class Rig:
    """Keys as booleans, a clock in ticks, and a poll every `step` ms."""

    def __init__(self, start=0, step=5, keymap=KEYMAP):
        self.level = {}
        keys = {}
        for name in keymap:
            self.level[name] = False
            keys[name] = self._reader(name)
        self.now = start
        self.t = 0  # ms since start, for reading results
        self.step = step
        self.b = Buttons(keys, keymap, tdiff, now=start)
        self.events = []  # (ms since start, event)

    def _reader(self, name):
        return lambda: self.level[name]

    def set(self, name, down):
        self.level[name] = down

    def run(self, ms):
        """Poll every step ms for ms; the first poll is one step from now."""
        end = self.t + ms
        while self.t < end:
            self.t += self.step
            self.now = tadd(self.now, self.step)
            for e in self.b.poll(self.now):
                self.events.append((self.t, e))

    def names(self):
        return [e for _, e in self.events]


def test_prev_fires_at_the_first_poll_that_sees_the_press():
    """The key had been up a debounce time: its first edge is the person's,
    so the press counts at once, and what follows within the debounce time
    is bounce."""
    r = Rig()
    r.set("up", True)
    r.run(5)  # the first poll sees the press begin, at t=5
    eq(r.events, [(5, "prev")])
    r.set("up", False)  # a bounce of the press, 5 ms after it
    r.run(5)
    r.set("up", True)
    r.run(100)
    eq(r.names(), ["prev"])
    r.set("up", False)
    r.run(100)
    eq(r.names(), ["prev"])  # nothing on release


def test_contact_chatter_is_one_press_and_its_bounces_make_no_other_event():
    r = Rig()
    for _ in range(10):  # contact chatter: 5 ms closed, 5 ms open
        r.set("down", True)
        r.run(5)
        r.set("down", False)
        r.run(5)
    eq(r.events, [(5, "next")])  # the first edge; the rest never held a debounce time
    # a release that bounces is one release: ok once, at its first edge
    r.set("A", True)
    r.run(50)
    for _ in range(4):
        r.set("A", False)
        r.run(5)
        r.set("A", True)
        r.run(5)
    r.set("A", False)
    r.run(100)
    eq(r.events, [(5, "next"), (155, "ok")])


def test_ok_and_back_fire_on_release_not_on_press():
    r = Rig()
    r.set("A", True)
    r.run(200)
    eq(r.events, [])
    r.set("A", False)
    r.run(5)  # the release is seen at t=205: it counts at once
    eq(r.events, [(205, "ok")])
    r.set("B", True)
    r.run(100)
    r.set("B", False)
    r.run(100)
    eq(r.names(), ["ok", "back"])


def test_long_press_fires_once_at_the_threshold_while_held_and_release_is_silent():
    r = Rig(step=1)
    r.set("B", True)
    r.run(3000)
    # the press began when the level changed (t=1), so the threshold is measured from there
    eq(r.events, [(1 + B.LONG_MS, "back_long")])
    r.set("B", False)
    r.run(200)
    eq(r.names(), ["back_long"])
    # and the next short press is an ordinary one again
    r.set("B", True)
    r.run(100)
    r.set("B", False)
    r.run(100)
    eq(r.names(), ["back_long", "back"])


def expected_repeat_times(press_at, hold_ms):
    """The rule in buttons.py, written out: one event at the press (the
    first poll that sees it), then at REPEAT_DELAY_MS, then every REPEAT_MS, and every
    REPEAT_FAST_MS once FAST_AFTER repeats have happened."""
    times = [press_at]
    due = B.REPEAT_DELAY_MS
    count = 0
    while due <= hold_ms:
        times.append(press_at + due)
        count += 1
        due += B.REPEAT_FAST_MS if count >= B.FAST_AFTER else B.REPEAT_MS
    return times


def test_next_repeats_after_a_delay_then_steadily_then_faster():
    r = Rig(step=1)
    r.set("down", True)
    r.run(2000)
    got = [t for t, e in r.events]
    eq(set(r.names()), {"next"})
    eq(got, expected_repeat_times(1, 1999))
    # the gaps the user feels: 400 ms, ten of 100 ms, then 50 ms
    eq(got[1] - got[0], B.REPEAT_DELAY_MS)
    eq(got[2] - got[1], B.REPEAT_MS)
    eq(got[-1] - got[-2], B.REPEAT_FAST_MS)
    assert "next_long" not in r.names()


def test_a_late_poll_gives_one_repeat_not_a_burst():
    r = Rig(step=5)
    r.set("down", True)
    r.run(30)  # pressed
    r.step = 1000
    r.run(1000)  # one poll, 1 s later: many repeats were due
    eq(r.names(), ["next", "next"])
    r.step = 5
    r.run(B.REPEAT_MS - 5)
    eq(len(r.names()), 2)  # the next one comes a full interval after the late one
    r.run(5)
    eq(len(r.names()), 3)


def test_everything_works_across_the_tick_wrap():
    # through the wrap at 2**30, and through the half period where a plain
    # signed difference of raw ticks would flip sign
    for start in (PERIOD - 300, PERIOD - 1, PERIOD // 2 - 7):
        r = Rig(start=start, step=1)
        r.set("down", True)
        r.run(2000)
        eq([t for t, e in r.events], expected_repeat_times(1, 1999))
        r.set("down", False)
        r.set("A", True)
        r.run(1000)
        eq(r.events[-1], (2000 + 1 + B.LONG_MS, "ok_long"))
        r.set("A", False)
        r.run(100)
        eq(r.names()[-1], "ok_long")
        if start > PERIOD // 2:  # the clock really did wrap inside this run
            assert r.now < start, (start, r.now)


def test_two_keys_with_the_same_meaning_do_not_interfere():
    r = Rig()
    r.set("A", True)  # A held towards a long press...
    r.run(100)
    r.set("press", True)  # ...while the joystick is clicked
    r.run(100)
    r.set("press", False)
    r.run(100)
    eq(r.names(), ["ok"])
    r.run(B.LONG_MS)
    eq(r.names(), ["ok", "ok_long"])
    r.set("A", False)
    r.run(100)
    eq(r.names(), ["ok", "ok_long"])


def test_held_reports_the_debounced_keys_down():
    r = Rig()
    r.set("B", True)
    r.run(50)
    eq(r.b.held(), ["back"])
    r.set("B", False)
    r.run(50)
    eq(r.b.held(), [])


def test_a_key_that_raises_is_read_as_unchanged():
    def broken():
        raise OSError(5)

    b = Buttons({"x": broken, "A": lambda: True}, {"x": "next", "A": "ok"}, tdiff)
    out = []
    for t in range(0, 1000, 10):
        out += b.poll(t)
    eq(out, ["ok_long"])


def test_keys_without_a_meaning_are_ignored():
    b = Buttons({"X": lambda: True}, {"A": "ok"}, tdiff)
    eq(b.poll(0) + b.poll(100) + b.poll(1000), [])


class Lcg:
    def __init__(self, seed):
        self.s = seed

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def test_mashing_every_key_never_crashes_and_makes_only_well_formed_events():
    valid = {"prev", "next", "ok", "back", "ok_long", "back_long"}
    rnd = Lcg(7)
    r = Rig(start=PERIOD - 5000, step=1)  # mash straight through a wrap
    names = list(KEYMAP)
    for _ in range(600):
        k = names[rnd.next(len(names))]
        r.set(k, rnd.next(2) == 1)
        r.run(1 + rnd.next(40))
    for k in names:
        r.set(k, False)
    r.run(200)
    for e in r.names():
        assert e in valid, e
    eq(r.b.held(), [])
    # the mashing really pressed things: both kinds of event came out
    assert r.names().count("ok") >= 1 and r.names().count("prev") >= 1, r.names()


def test_a_tap_between_two_polls_is_queued_through_the_edge_interrupt():
    """A press and release while the app was busy (a save, a redraw) that no
    poll saw: the pin's falling-edge interrupt latched it, the poll after the
    one that finds it reports it once (a tick to tell a tap from the first
    bounce of a real press), and an ordinary press is not reported twice."""
    from usher.board.buttons import Buttons, EdgeKey

    m = Machine()
    pin = m.Pin(6, m.Pin.IN, m.Pin.PULL_UP)
    key = EdgeKey(pin, m.Pin.IRQ_FALLING)
    b = Buttons({"ok": key}, {"ok": "ok"}, lambda a, c: a - c)
    eq(b.poll(0), [])
    pin.tap()  # down and up again inside one busy stretch
    eq(b.poll(500), [])  # the edge is seen; a poll later the pin is still up: a tap
    eq(b.poll(520), ["ok"])
    eq(b.poll(540), [])  # reported once
    # an ordinary press the polls see: the edge fires too, but only one event
    pin.level = 0
    pin.tap()
    eq(b.poll(600), [])
    eq(b.poll(640), [])
    pin.level = None
    eq(b.poll(660), ["ok"])  # held well over a debounce time: the release counts at once
    eq(b.poll(700), [])
    eq(b.poll(720), [])


def test_a_key_without_interrupts_still_works_by_polling():
    from usher.board.buttons import Buttons, EdgeKey

    class PlainPin:
        level = 1

        def value(self):
            return self.level

    pin = PlainPin()
    key = EdgeKey(pin, 4)  # no irq(): polling alone
    b = Buttons({"ok": key}, {"ok": "ok"}, lambda a, c: a - c)
    pin.level = 0
    eq(b.poll(0), [])
    eq(b.poll(40), [])
    pin.level = 1
    eq(b.poll(60), ["ok"])
    eq(b.poll(100), [])


# -- the pin as the rp2 port sees it: a falling-edge interrupt the moment the
# level drops, and a poll every TICK ms (the app's tick) that reads the level --


class Timeline:
    """One key on the stand-in's pin (its falling edge fires the moment the
    level drops, as on the rp2 port); time runs a millisecond at a time, the pin
    follows a list of (from_ms, level) changes, and the buttons are polled at
    the given times."""

    def __init__(self, logical):
        from usher.board.buttons import EdgeKey

        self.pin = Machine().key_pin()
        self.b = Buttons({"k": EdgeKey(self.pin, self.pin.IRQ_FALLING)}, {"k": logical}, tdiff)

    def run(self, changes, polls, end):
        """changes: [(ms, level)] in order; polls: the poll times. Returns the events."""
        out = []
        changes = [c for c in changes if c[0] <= end]
        polls = [t for t in polls if t <= end]
        i = j = 0
        # in time order, from event to event (not a millisecond at a time: the
        # 32-bit runtime took 25 s): a change at a poll's millisecond comes first
        while i < len(changes) or j < len(polls):
            if j >= len(polls) or (i < len(changes) and changes[i][0] <= polls[j]):
                self.pin.set(changes[i][1])
                i += 1
            else:
                out += self.b.poll(polls[j])
                j += 1
        return out


def every_tick(start, end):
    return list(range(start, end + 1, TICK))


def test_a_3ms_tap_at_every_phase_of_the_poll_is_exactly_one_press():
    """A poll that reads the pin in the middle of a quick tap used to
    clear the latched edge, and the tap, too short for the debounce, was gone."""
    for logical in ("ok", "next", "back"):
        for phase in range(TICK):
            for tap in (1, 3, 8):
                t0 = 200 + phase
                tl = Timeline(logical)
                got = tl.run([(t0, 0), (t0 + tap, 1)], every_tick(0, 600), 600)
                assert got == [logical], (logical, phase, tap, got)


def test_taps_in_a_row_each_count_once():
    # 3 ms taps 120 ms apart, at drifting phases of the poll: one press each
    changes = []
    for i in range(12):
        t0 = 100 + i * 127
        changes += [(t0, 0), (t0 + 3, 1)]
    got = Timeline("next").run(changes, every_tick(0, 2000), 2000)
    eq(got, ["next"] * 12)


def test_a_real_press_that_bounces_under_a_poll_is_one_press():
    """The first bounces of a press, a poll reading the pin up between two of
    them: a tick later the pin is down, so it is the press, not a tap and a press."""
    for logical in ("ok", "next"):
        for phase in range(TICK):
            t0 = 200 + phase
            bounce = [(t0, 0), (t0 + 1, 1), (t0 + 2, 0), (t0 + 3, 1), (t0 + 4, 0)]
            got = Timeline(logical).run(bounce + [(t0 + 150, 1)], every_tick(0, 800), 800)
            assert got == [logical], (logical, phase, got)


def test_a_long_ok_held_from_before_a_screen_change_is_ok_long_or_nothing():
    """OK going down while the app was busy showing a new screen (no poll
    for `busy` ms) once let the polls see only the end of the hold and took a
    long press for a short one. A hold the polls cannot judge says nothing;
    one seen held LONG_MS is ok_long; never ok."""
    for busy in (60, 150, 300, 500, 800):
        polls = every_tick(0, 200) + every_tick(200 + busy, 4000)
        for into in range(0, busy, 11):  # when in the busy stretch OK went down
            t0 = 201 + into
            for hold in range(B.LONG_MS, 1700, 53):
                got = Timeline("ok").run([(t0, 0), (t0 + hold, 1)], polls, max(t0 + hold, 200 + busy) + 100)
                assert got in ([], ["ok_long"]), (busy, into, hold, got)
                if hold >= busy + B.LONG_MS + 2 * TICK:  # seen held LONG_MS after the gap
                    assert got == ["ok_long"], (busy, into, hold, got)


def test_a_short_ok_across_a_busy_stretch_is_still_ok():
    """The other side of the rule: a press that cannot have been long is the
    short press it was, whenever in the gap it began."""
    for busy in (60, 150, 300):
        polls = every_tick(0, 200) + every_tick(200 + busy, 3000)
        for into in range(0, busy, 7):
            t0 = 201 + into
            for hold in (4, 30, 80, 150):
                if busy + hold + 3 * TICK >= B.LONG_MS:
                    continue
                got = Timeline("ok").run([(t0, 0), (t0 + hold, 1)], polls, max(t0 + hold, 200 + busy) + 100)
                assert got == ["ok"], (busy, into, hold, got)


def app_loop(tl, changes, end, wake=4):
    """The buttons polled as usher.app.run polls them: a tick every TICK ms,
    or sooner when a new level's debounce is over (due()), whose sleep goes
    in slices of `wake` ms and ends after a slice in which a key's edge
    interrupt came. Returns [(ms, event)]."""
    out = []
    changes = list(changes)
    due = 0  # the next tick
    start = 0  # when the current tick's sleep began
    for t in range(end + 1):
        while changes and changes[0][0] <= t:
            tl.pin.set(changes.pop(0)[1])
        if t >= due or ((t - start) % wake == 0 and tl.b.edge()):
            out += [(t, e) for e in tl.b.poll(t)]
            start = t
            due = t + TICK
            d = tl.b.due(t)
            if 0 <= d < TICK:
                due = t + d
    return out


def test_an_edge_ends_the_sleep_so_a_press_and_its_release_count_within_a_slice():
    """The app wakes on a key's edge, and on a held key read up, in
    usher.boot.WAKE_MS slices: next counts at the first poll that finds the
    press, ok at the first that finds the release, whatever the phase of the
    tick; bounces read by an early poll are not a tap, and a quick tap is
    still one press."""
    press = release = 0
    for logical in ("next", "ok"):
        for phase in range(TICK):
            t0 = 200 + phase
            bounce = [(t0, 0), (t0 + 1, 1), (t0 + 2, 0), (t0 + 3, 1), (t0 + 4, 0)]
            got = app_loop(Timeline(logical), bounce + [(t0 + 150, 1)], 800)
            assert [e for _, e in got] == [logical], (logical, phase, got)
            if logical == "next":  # on the press: from the first edge
                press = max(press, got[0][0] - t0)
            else:  # on the release
                release = max(release, got[0][0] - (t0 + 150))
            for tap in (1, 3, 8):
                got = app_loop(Timeline(logical), [(t0, 0), (t0 + tap, 1)], 600)
                assert [e for _, e in got] == [logical], (logical, phase, tap, got)
    # the press bounces until t0 + 4: a poll then, a slice later at most
    assert press <= 4 + 4, press
    assert release <= 4, release  # a clean release: the slice it came in
    assert press < B.DEBOUNCE_MS, press  # what waiting out the debounce would cost at best


def test_edge_is_latched_until_a_poll_takes_it():
    tl = Timeline("next")
    eq(tl.b.edge(), False)
    tl.pin.set(0)
    eq(tl.b.edge(), True)
    eq(tl.b.edge(), True)  # asking does not take it
    tl.b.poll(5)
    eq(tl.b.edge(), False)
    eq(Buttons({"k": lambda: False}, {"k": "ok"}, tdiff).latching, False)


def test_due_says_when_a_new_level_has_held_for_the_debounce_time():
    tl = Timeline("ok")
    eq(tl.b.due(0), -1)  # nothing pending
    tl.pin.set(0)
    eq(tl.b.poll(5), [])  # taken at once (ok says so on its release)
    eq(tl.b.due(5), -1)  # nothing waits
    tl.pin.set(1)  # let go 3 ms later: too soon to tell from a bounce
    eq(tl.b.poll(8), [])
    eq(tl.b.due(8), B.DEBOUNCE_MS)
    eq(tl.b.due(11), B.DEBOUNCE_MS - 3)
    eq(tl.b.due(8 + B.DEBOUNCE_MS + 7), 0)  # overdue: poll now
    eq(tl.b.poll(8 + B.DEBOUNCE_MS), ["ok"])
    eq(tl.b.due(8 + B.DEBOUNCE_MS), -1)  # taken: nothing waits


class _Time:
    """time as DeviceClock uses it: sleeps are recorded, not slept."""

    def __init__(self):
        self.slept = []

    def sleep_ms(self, ms):
        self.slept.append(ms)


def test_the_picos_clock_sleeps_in_slices_and_a_key_edge_ends_the_sleep():
    from usher.boot import WAKE_MS, DeviceClock

    t = _Time()
    clock = DeviceClock(t)
    clock.sleep_ms(20)
    eq(t.slept, [20])  # no wake asked for: one sleep
    asked = []

    def wake():  # the key's edge comes during the third slice
        asked.append(1)
        return len(asked) == 3

    clock.wake = wake
    t.slept = []
    clock.sleep_ms(20)
    eq(t.slept, [WAKE_MS] * 3)  # the edge came in the third slice: the sleep ends there
    clock.wake = lambda: False
    t.slept = []
    clock.sleep_ms(10)
    eq(sum(t.slept), 10)  # no edge: the whole sleep, the last slice shorter
    t.slept = []
    clock.sleep_ms(0)
    eq(t.slept, [0])

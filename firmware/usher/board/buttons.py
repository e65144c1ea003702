"""Debounced buttons that turn key levels into logical events.

    b = Buttons(hw.keys, hw.keymap, time.ticks_diff)
    for ev in b.poll(time.ticks_ms()):   # every tick, 10-50 ms apart
        ...                              # "prev", "ok", "back_long", ...

When each event fires, and why:
- prev / next fire on the press, so stepping feels
  immediate, then repeat while held: first after REPEAT_DELAY_MS, then every
  REPEAT_MS, and every REPEAT_FAST_MS once FAST_AFTER repeats have gone by, so
  a score can travel 50 steps in about 3.5 s. They have no long press: holding
  them means "keep going".
- ok / back fire on release, because until the release a press may still turn
  long: "<name>_long" fires once when the key has been held LONG_MS, and then
  the release says nothing.
- A change counts at once when the level it leaves had held DEBOUNCE_MS:
  that edge is the person's. Any other change (the bounce that follows an
  edge) must itself hold DEBOUNCE_MS, so contact bounce never makes a
  second event, and a press is answered at its first edge, not a debounce
  time later (10 ms of every press on the Pico). Several keys at once are simply
  tracked each on its own; two keys with the same meaning (A and the
  joystick press are both ok) do not interfere.
- A tap the pin saw is a press: an EdgeKey's falling edge stays pending
  until the debounce takes the press, or until a later poll finds the pin
  up again, which reports the tap once (a poll that read the pin low in
  the middle of a 3 ms tap no longer loses it; a poll that reads the pin up
  in a bounce of a real press sees the next bounce's falling edge latch
  again, so it waits and sees the press). The app cuts its sleep short when
  an edge is latched (`edge()`), so a press is first polled at once.
- A press is judged by how long it may have been held, never by the part a
  poll saw: a poll that comes late (the app was busy drawing a new screen)
  cannot tell when in the gap a key went down or up. An ok/back whose
  longest possible hold reaches LONG_MS, and that was not seen held that
  long, says nothing (it might have been a long press); one seen held
  LONG_MS is "_long" as always. So a long OK begun before a screen appeared
  is ok_long or nothing, never ok.

Time comes in as ticks and is only ever compared through the `ticks_diff`
passed in, so the wrap of time.ticks_ms() (every 2**30 ms on the Pico) is
harmless. A key is any callable returning True while pressed.
"""


class EdgeKey:
    """An active-low key pin that also remembers, through its falling-edge
    interrupt, a press the poll did not see: a tap made while the app was busy
    saving or redrawing is queued, not lost. The interrupt handler only sets a
    flag (no allocation, no drawing)."""

    def __init__(self, pin, falling: int) -> None:
        self.pin = pin
        self.hit = False
        try:
            pin.irq(handler=self._edge, trigger=falling)
        except (AttributeError, TypeError, ValueError, OSError):
            pass  # a pin without interrupts: polling alone

    def _edge(self, _pin) -> None:
        self.hit = True

    def __call__(self) -> bool:
        return self.pin.value() == 0

    def missed(self) -> bool:
        """Whether an edge came since the last call (and forget it)."""
        hit = self.hit
        self.hit = False
        return hit


# a level held this long is settled: a change from it counts at once; a
# change from an unsettled level (bounce) counts once it has held this long
# itself (the app polls again then: due()); a tactile switch's contact
# bounce is over in a few ms
DEBOUNCE_MS = 10
# a poll further apart than this (the app drew a screen) cannot place a change
# in its gap; a tick's own jitter around 20 ms is not late
LATE_MS = 25
LONG_MS = 600
REPEAT_DELAY_MS = 400
REPEAT_MS = 100
REPEAT_FAST_MS = 50
FAST_AFTER = 10
REPEATING = ("prev", "next", "up", "down")  # up/down: a joystick's, for screens with rows (App.handle)


class _Key:
    def __init__(self, read, name: str, logical: str, now: int) -> None:
        self.read = read
        self.name = name
        self.logical = logical
        self.repeats = logical in REPEATING
        self.missed = getattr(read, "missed", None)  # an EdgeKey's latch, if any
        self.down = False  # the debounced state
        self.raw = False  # the last level read
        self.raw_at = now  # when the raw level last changed
        self.first = True  # no change seen yet: the level found at start counts as settled
        self.down_at = now  # when the current press began
        self.long_done = False
        self.due = 0  # ms after down_at when the next repeat is due
        self.count = 0  # repeats so far in this press
        self.edge = 0  # a latched edge not yet a press: 1 found at this poll, 2 at an earlier one
        self.idle_at = now  # the latest poll that found the key up, with no edge pending
        self.unsure = 0  # ms before down_at the press may have begun (it began in a late poll's gap)
        self.most = 0  # the longest this press may have been held, once its release is seen


class Buttons:
    def __init__(
        self,
        keys: dict,
        keymap: dict,
        ticks_diff,
        now: int = 0,
        debounce_ms: int = DEBOUNCE_MS,
        long_ms: int = LONG_MS,
        repeat_delay_ms: int = REPEAT_DELAY_MS,
        repeat_ms: int = REPEAT_MS,
        repeat_fast_ms: int = REPEAT_FAST_MS,
        fast_after: int = FAST_AFTER,
    ) -> None:
        self.diff = ticks_diff
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_fast_ms = repeat_fast_ms
        self.fast_after = fast_after
        names = [n for n in keys if n in keymap]
        names.sort()  # a fixed order for events of the same poll, on both runtimes
        self.last = now  # when the latest poll was
        self._keys = [_Key(keys[n], n, keymap[n], now) for n in names]
        self._latches = [k.read for k in self._keys if k.missed is not None]
        self.latching = bool(self._latches)  # some key has an edge interrupt (edge() can say yes)

    def edge(self) -> bool:
        """Whether a key's interrupt has latched an edge that no poll has
        taken yet (it stays latched), or a key held down reads up: the app's
        sleep ends early for it, so a press or a release (OK's answer) is
        first seen at once, not up to a tick later."""
        for e in self._latches:
            if e.hit:
                return True
        for k in self._keys:  # or a held key is let go (no interrupt for that: a read)
            if k.down:
                try:
                    if not k.read():
                        return True
                except Exception:
                    pass
        return False

    def due(self, now: int) -> int:
        """ms until a key's new level has held for the debounce time (the
        poll then that takes the press or release), or -1 if none waits:
        the app sleeps no longer than that."""
        best = -1
        for k in self._keys:
            if k.raw != k.down:
                d = self.debounce_ms - self.diff(now, k.raw_at)
                d = d if d > 0 else 0
                if best < 0 or d < best:
                    best = d
        return best

    def held(self) -> list:
        """Logical names of the keys down now (debounced), e.g. for a safe-mode check."""
        return [k.logical for k in self._keys if k.down]

    def poll(self, now: int) -> list:
        """Read every key once; return the events that happened, in key-name order."""
        out: list = []
        diff = self.diff
        gap = diff(now, self.last)
        before = self.last
        self.last = now
        late = gap if gap > max(self.debounce_ms, LATE_MS) else 0  # a change in this gap happened anywhere in it
        for k in self._keys:
            try:
                level = bool(k.read())
            except Exception:  # a flaky read counts as "no change", never a crash
                level = k.raw
            if k.missed is not None and k.missed():
                k.edge = 1  # the pin went down since the last poll
            if k.down:
                k.edge = 0  # this press's own edge, or its bounce
            elif k.edge == 2 and not level:
                # down and up again, too quickly for the debounce: a tap, once
                k.edge = 0
                k.raw = False
                k.raw_at = now
                if k.repeats or diff(now, k.idle_at) < self.long_ms:
                    out.append(k.logical)  # else the tap may have been a whole long press
                k.idle_at = now
                continue
            settled = False
            if level != k.raw:
                # the level it leaves had held a debounce time (up to the last
                # poll): this is the person's edge, not a bounce, so it counts now
                settled = k.first or diff(before, k.raw_at) >= self.debounce_ms
                k.first = False
                k.raw = level
                k.raw_at = now
                if level and not k.down:
                    k.unsure = late  # a press begins
                elif k.down and not level:
                    # a release, somewhere since the last poll: the longest the
                    # hold may have been (a press begun in a late gap is judged
                    # to the whole tick, so a long one is never called short)
                    k.most = diff(now, k.down_at) - gap + k.unsure + (gap if k.unsure else late)
            if level != k.down and (settled or diff(now, k.raw_at) >= self.debounce_ms):
                k.down = level
                if level:
                    self._pressed(k, out)
                else:
                    self._released(k, out)
            elif k.down:
                self._holding(k, now, out)
            if k.edge:
                k.edge = 2
            elif not (level or k.raw or k.down):
                k.idle_at = now
        return out

    def _pressed(self, k: _Key, out: list) -> None:
        # the press began when the level changed, not when debounce accepted it
        k.down_at = k.raw_at
        k.long_done = False
        k.edge = 0
        k.most = 0
        k.count = 0
        if k.repeats:
            k.due = self.repeat_delay_ms
            out.append(k.logical)

    def _released(self, k: _Key, out: list) -> None:
        # not seen held LONG_MS, but a late poll may hide that it was: then nothing
        if not k.repeats and not k.long_done and k.most < self.long_ms:
            out.append(k.logical)

    def _holding(self, k: _Key, now: int, out: list) -> None:
        # durations since the press, never tick arithmetic: only ticks_diff knows the wrap
        held = self.diff(now, k.down_at)
        if k.repeats:
            if held >= k.due:
                out.append(k.logical)
                k.count += 1
                step = self.repeat_fast_ms if k.count >= self.fast_after else self.repeat_ms
                k.due += step
                if k.due <= held:  # polled late: one event, never a burst to catch up
                    k.due = held + step
        elif not k.long_done and held >= self.long_ms:
            k.long_done = True
            out.append(k.logical + "_long")

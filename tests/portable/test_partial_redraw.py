"""A press that redraws part of a screen leaves the panel exactly as a whole
redraw would: the panel is rebuilt here from the regions pushed (what the
glass would hold), then the screen is redrawn whole and the frame buffer
compared with it, on both profiles. And the part is small: a cursor move
pushes its two rows, a value change its digits."""

import framebuf
from app_kit import collect, make_app, press
from portable import eq
from usher.ui.screen import title_h
from usher.ui.widgets import Menu, NumberPicker

_GLASS = {}  # one buffer per profile for the whole module: 16 KB blocks fragment the VM's heap


class Glass:
    """What the panel shows: each pushed region copied from the frame buffer."""

    def __init__(self, d):
        self.d = d
        fmt = framebuf.MONO_VLSB if d.mono else framebuf.GS4_HMSB
        if d.mono not in _GLASS:
            _GLASS[d.mono] = bytearray(len(d.buf))
        self.buf = _GLASS[d.mono]
        self.buf[:] = d.buf  # the start-up render was pushed whole
        self.fb = framebuf.FrameBuffer(self.buf, d.width, d.height, fmt)
        self.show = type(d).show
        self.regions = []
        d.show = self.push

    def push(self, x=0, y=0, w=-1, h=-1):
        d = self.d
        n = self.show(d, x, y, w, h)
        x, y, w, h = d.pushes[-1]
        self.regions.append((x, y, w, h))
        for yy in range(max(0, y), min(d.height, y + h)):
            for xx in range(max(0, x), min(d.width, x + w)):
                self.fb.pixel(xx, yy, d.pixel(xx, yy))
        return n

    def close(self):
        del self.d.show


def same_as_a_whole_redraw(app, g):
    """The glass after the press's part against the buffer of a whole redraw."""
    g.d.show = lambda *a: 0  # the whole redraw only fills the buffer
    app.top().dirty = True
    app.render()
    g.d.show = g.push
    shown, got = g.buf, g.d.buf
    if shown != got:
        diff = sum(1 for i in range(len(got)) if got[i] != shown[i])
        raise AssertionError("%d bytes differ from a whole redraw" % diff)


def presses(app, g, events):
    pushed = []
    for ev in events:
        g.regions = []
        press(app, ev)
        pushed.append(sum(w * h for _, _, w, h in g.regions))
        same_as_a_whole_redraw(app, g)
    return pushed


def run(mono, screen, events):
    app, _ = make_app(mono=mono)
    app.push(screen)
    app.render()
    g = Glass(app.hw.display)
    try:
        return app, presses(app, g, events)
    finally:
        g.close()
        collect()


def test_a_cursor_move_in_a_scrolling_menu_is_its_two_rows_and_the_bar_beside_them():
    for mono in (False, True):
        items = [("Row %d" % i, lambda: None) for i in range(12)]
        evs = ["next"] * 3 + ["prev"] * 2 + ["next"] * 12 + ["prev"] * 3
        app, pushed = run(mono, Menu("Many rows", items), evs)
        p = app.p
        two_rows = 2 * p.w * app.top().row_h(p)
        # moves within the page: two rows (the OLED's 8-row pages round them up)
        assert pushed[0] <= two_rows + (2 * 8 * p.w if mono else 0), (pushed, two_rows)
        assert pushed[1] == pushed[0] or mono, pushed


def test_a_value_change_pushes_the_digits_not_the_screen():
    for mono in (False, True):
        # through a digit more and back, to both ends (the arrows go and come)
        evs = ["next", "next", "prev", "next_long", "next", "prev", "prev_long", "prev_long", "next", "prev"]
        app, pushed = run(mono, NumberPicker("Points", 0, 120, 8, lambda v: None, step=1), evs)
        eq(app.top().value, 0)
        p = app.p
        assert max(pushed) < p.w * p.h // 3, pushed
        pct = ["next"] * 3 + ["prev"] * 10
        app, pushed = run(mono, NumberPicker("Brightness", 10, 100, 70, lambda v: None, step=10, unit="%"), pct)
        eq(app.top().value, 10)
        assert max(pushed) < p.w * p.h // 3, pushed


def test_a_cursor_move_in_showtimes_game_menu_is_its_two_rows():
    # Showtime's own light menu redrew the whole panel on every move: ~24 ms
    # of I2C for a whole OLED on the rp2 port (the goal: an OLED cursor move
    # within 30 ms); its moves, scrolling ones included, now match a whole
    # redraw and push two rows while the list does not scroll
    from showtime_ui_kit import begin
    from showtime_ui_kit import make_app as showtime_app

    for mono in (True, False):
        app, _ = showtime_app(mono=mono)
        begin(app, 2)
        press(app, "back")
        eq(type(app.top()).__name__, "ShowtimeMenu")
        n = len(app.top().items)
        g = Glass(app.hw.display)
        try:
            pushed = presses(app, g, ["next"] * (n + 1) + ["prev"] * 2)
        finally:
            g.close()
        p = app.p
        lh = p.line_h() + 2
        rows = (p.h - title_h(p)) // lh
        two_rows = 2 * p.w * lh + (2 * 8 * p.w if mono else 0)  # the OLED's 8-row pages round them up
        # every move that does not scroll the list: two rows, not the panel
        for k in range(rows - 1):
            assert pushed[k] <= two_rows < p.w * p.h, (k, pushed, two_rows)
        app = g = None
        collect()


def test_a_value_change_in_show_managers_entries_is_its_box_and_the_line_under():
    # Show Manager's roles and a city's places redrew the whole panel on each
    # change (~49 ms a press, 21 of it I2C, on the OLED, files deploy); now a
    # change under a cursor that stayed redraws the box and the info line,
    # exactly as a whole redraw would, and OK (the cursor moves on) the rest
    from usher.ui.show_manager.entries import Entries

    for mono in (True, False):
        total = [lambda vs: "worth %d" % sum(vs), None]
        labels = [None, ("1st", "2nd", "3rd", "4th", "5th", "6th")]
        for info, lab, n, hi in ((total[0], labels[0], 4, 9), (total[1], labels[1], 6, 20)):
            evs = ["next", "next", "prev", "ok", "next"] + ["next"] * 11 + ["prev"] * 3 + ["back", "prev"]
            app, pushed = run(mono, Entries("Roles", [1] * n, 0, hi, lambda v: None, info=info, labels=lab), evs)
            eq(app.top().values[:2], [1, 6 if hi == 9 else 10])  # capped at hi, then 3 back; Back, then one down
            # a change under a cursor that stayed pushes less than OK, which
            # moves the cursor (the title's "2/n" and every box)
            for k in (0, 1, 2, 4, 5, 16, 20):
                assert pushed[k] < pushed[3], (k, pushed)

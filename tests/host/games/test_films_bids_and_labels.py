"""Films as a new player reads it: one range of weeks for a bid, said alike
by the rules (what they accept), the picker (what it offers and where it
starts) and the manual (docs/PLAYING.md); and a page that says what each two-letter label
of the round page means."""

import os
import re
import statistics

from tooling import ROOT


def manual():
    """The player's manual: the README and docs/PLAYING.md (each game's screens)."""
    out = ""
    for page in ("README.md", os.path.join("docs", "PLAYING.md")):
        with open(os.path.join(ROOT, page)) as f:
            out += f.read()
    return out


def test_the_rules_the_picker_and_the_readme_agree_on_the_weeks_of_a_bid():
    from films_ui_kit import make_app, press, start, top
    from films_ui_player import WEEKS
    from usher.core.errors import RuleError
    from usher.games.films.game import GAME
    from usher.games.films.rows import MAX_WEEKS
    from usher.ui.films.bids import START

    # the rules: 0 to MAX_WEEKS, nothing beyond
    st = GAME.apply(GAME.new(GAME.make_setup([{"name": "Ana"}, {"name": "Bo"}], {}, {})), {"t": "game", "vip": 0})
    for w in (0, MAX_WEEKS):
        GAME.apply(st, {"t": "bid", "p": 0, "weeks": w})
    for w in (-1, MAX_WEEKS + 1):
        try:
            GAME.apply(st, {"t": "bid", "p": 0, "weeks": w})
        except RuleError as e:
            assert e.msg == "weeks 0-%d" % MAX_WEEKS
        else:
            raise AssertionError("weeks %d accepted" % w)
    # the private picker offers exactly that, from START; held keys stop at its ends
    app, _ = make_app(mono=True)
    start(app, 0)
    press(app, "ok")
    assert top(app) == "Pass"
    press(app, "ok")
    pk = app.top()
    assert (top(app), pk.lo, pk.hi, pk.value) == ("SecretNumber", 0, MAX_WEEKS, START)
    for _ in range(MAX_WEEKS // 10 + 2):
        press(app, "next_long")
    assert pk.value == MAX_WEEKS
    # the open bids' screen too
    app, _ = make_app(mono=True)
    start(app, 0, bids="open")
    press(app, "ok")
    assert top(app) == "OpenBids" and app.top().val == [START, START]
    for _ in range(MAX_WEEKS + 5):
        press(app, "next")
    assert app.top().val[0] == MAX_WEEKS
    # the manual says the same range wherever it gives one, and where the picker starts
    text = manual()
    ranges = set(re.findall(r"weeks (\d+)-(\d+)", text))
    assert ranges == {("0", str(MAX_WEEKS))}, ranges
    assert "the picker starts at %d" % START in text
    with open(os.path.join(ROOT, "firmware", "RECORD-films.md")) as f:
        assert "`weeks` 0-%d" % MAX_WEEKS in f.read()
    # where most bids are: the middle of the one-digit weeks the seeded
    # player (and the bench's press figures) bids
    assert WEEKS == 10 and START == round(statistics.median(range(WEEKS)) + 0.1)


def test_the_lcd_has_a_page_saying_what_every_two_letter_label_means():
    from films_ui_kit import bid, make_app, place, press, start, top
    from usher.games.films.rows import HALVES, LABELS
    from usher.ui.films.views import SHORT, pages

    app, _ = make_app(mono=False)
    start(app, 0)
    press(app, "ok")
    bid(app, 3)
    bid(app, 6)
    press(app, "ok")  # the reveal
    place(app, "bad_review")
    place(app, "coordinator")
    assert top(app) == "Main"
    drawn = []
    text = app.p.text

    def spy(s, x, y, c=1, size="body"):
        drawn.append((s, x, y))
        return text(s, x, y, c, size)

    app.p.text = spy
    app.top().dirty = True
    app.render()
    on_round = [s for s, _, _ in drawn if s in SHORT]
    assert sorted(on_round) == sorted(SHORT[HALVES.index(h)] for h in ("bad_review", "coordinator"))
    assert pages(app.p) == 5
    del drawn[:]
    press(app, "prev")  # round the ring backwards: its last page
    app.p.text = text
    assert app.top().page == 4
    assert [s for s, _, _ in drawn][:2] == ["Labels", "5/5"], drawn[:2]
    legend = drawn[2:]
    for i, short in enumerate(SHORT):
        at = [d for d in legend if d[0] == short]
        assert len(at) == 1, (short, legend)
        said = [d[0] for d in legend if d[2] == at[0][2] and d[1] > at[0][1] and d[0] not in SHORT]
        # its half's name beside it (cut to fit the column: "Shooting Probl...")
        assert said and (said[0] == LABELS[i] or LABELS[i].startswith(said[0][:-1])), (short, said)
    # the OLED shows no labels on its round page (the rows have pages of their own, in full)
    app, _ = make_app(mono=True)
    assert pages(app.p) == 4

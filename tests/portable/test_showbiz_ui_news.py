"""What the Showbiz screens tell the table, read from the draw calls: a
year's end says which contracts ran out (or that none did) and the ZE the
storage shared out; one artist is "1 artist"; a contract's length says
years; a player's mark on the colour panel is a ring, not a filled square
that would read as an artist of that colour."""

from app_kit import shown_texts
from portable import eq
from showbiz_ui_kit import make_app, press, start, to_pick, top
from showbiz_ui_player import Player


def test_a_year_end_says_the_storage_shared_out_and_the_contracts_that_ended():
    app, _ = make_app(mono=True)
    start(app, 2)
    stores = []

    def at_year_end(app):
        stores.append(app.match.state["store"])
        return top(app) == "YearEnd"

    Player(app, seed=3).play(at_year_end)
    after = app.match.state
    seen = shown_texts(app)
    app.top().dirty = True
    app.render()  # the screen as it opened
    press(app, *(["next"] * len(app.top().rows)))  # scroll to the last line
    said = " ".join(seen)
    store = stores[-2]  # before the move that ended the year
    if store:
        assert "Storage: +%d ZE each" % (store // 2) in said, (store, seen)
        assert ("%d ZE out of play" % (store % 2) in said) == (store % 2 > 0), (store, seen)
    else:
        assert "Storage empty: no ZE" in said, seen
    ended = [q for q in range(2) if -1 in after["art"][q]]
    if ended:
        assert "To the bag: " in said, seen  # the OLED's shorter lead
    for q in ended:
        assert "%s " % after["players"][q]["name"] in said, (q, seen)
    if not ended:
        assert "No contract ends" in said, seen
    eq(top(app), "YearEnd")


def test_one_artist_drawn_is_one_artist_and_a_contract_says_years():
    from usher.games.showbiz.game import GAME
    from usher.ui.showbiz import views

    app, _ = make_app(mono=False)  # the colour panel: room for what just happened
    start(app, 3, agent=0)
    seen = shown_texts(app)
    views.draw_now(app.p, 12, app.match.state, [{"t": "pool", "add": ["red"]}])
    assert "Drew 1 artist" in seen, seen
    del seen[:]
    to_pick(app)
    press(app, "ok", "ok", "ok")  # pick, nobody claims, the picker
    eq(top(app), "ContractPicker")
    press(app, "ok")  # 3 years, the picker's start
    eq(top(app), "Main")
    assert [s for s in seen if s.endswith(" for 3 years")], seen
    eq(GAME.public_view(app.match.state)["boards"][0][0][1], 3)


def test_a_players_mark_on_the_colour_panel_is_a_ring_not_an_artists_square():
    from usher.ui import theme

    app, _ = make_app(mono=False)
    start(app, 4, agent=3)  # Dev is the agent: "Dev: ..." with Dev's mark
    p = app.p
    fills, rings = [], []
    fill, rect = p.fill_rect, p.rect
    p.fill_rect = lambda x, y, w, h, c: fills.append((w, h, c)) or fill(x, y, w, h, c)
    p.rect = lambda x, y, w, h, c: rings.append((w, h, c)) or rect(x, y, w, h, c)
    seen = shown_texts(app)
    app.top().dirty = True
    app.render()
    assert [s for s in seen if s.startswith("Dev")], seen
    ink = theme.player(3)
    assert [r for r in rings if r[2] == ink], rings
    # the mark is a little smaller than a chip: no filled square of Dev's colour that size
    marks = [f for f in fills if f[2] == ink and f[0] == f[1] and f[0] < p.line_h("body") + 2]
    eq(marks, [])

"""Films secrets on the device: with private bids, every string drawn from
the first bid to the reveal is recorded with the `private` flag of its
screen (showbiz_ui_kit's Recorder), and no shared screen may show a pending
bid, also after a power cut between the two bids; a leaky round page proves
the check can fail. With open bids both numbers are on the shared screen."""

from films_ui_kit import bid, choose, collect, make_app, press, set_number, start, top
from portable import eq
from showbiz_ui_kit import Recorder
from usher.games.films.rows import MAX_WEEKS

# numbers nothing else on a shared screen shows this early (rounds, tickets,
# hands are small): the top of the range a bid may take
BIDS = (MAX_WEEKS - 3, MAX_WEEKS - 1)


def browse(app):
    """Everything the table may look at while a bid is pending: every page of
    the round page and the scores in the game menu."""
    from usher.ui.films.views import pages

    eq(top(app), "Main")
    for _ in range(pages(app.p) - 1):
        press(app, "next")
    eq(app.top().page, pages(app.p) - 1)
    press(app, "ok")  # back to the round
    press(app, "back")
    choose(app, "Scores")
    press(app, "back", "back")
    eq(top(app), "Main")


def bidding(power_cut, leak=None):
    """Ana bids BIDS[0]; (the power fails;) the table browses; Bo bids BIDS[1]. Returns
    the recorder of everything drawn before the press that reveals, and the
    recorder of what came after."""
    app, st = make_app()
    start(app, 0)
    if leak is not None:
        # patched once the game's screens are loaded (leaving home unloads them)
        from usher.ui.films import views

        HONEST[:] = [views.step_text]
        views.step_text = leak(views.step_text)
    rec = Recorder(app, BIDS)
    press(app, "ok")
    bid(app, BIDS[0])
    eq(top(app), "Pass")
    if power_cut:
        old = rec
        app = None
        collect()
        app, _ = make_app(st)  # the device boots into the game in play
        rec = Recorder(app, BIDS)
        rec.carry(old)
        app.top().dirty = True
        app.render()
    else:
        press(app, "back")  # the table looks at the round page before Bo bids
    browse(app)
    press(app, "ok")
    eq(app.top().name, "Bo")
    press(app, "ok")
    set_number(app, BIDS[1])
    rec.on = False
    after = Recorder(app, BIDS)  # from here on the bids are public
    press(app, "ok")
    eq(top(app), "Reveal")
    eq(app.match.state["last"], [BIDS[0], BIDS[1], 0, 0])
    if leak is not None:
        from usher.ui.films import views

        views.step_text = HONEST[0]
    return rec, after


HONEST: list = []


def test_no_shared_screen_shows_a_pending_bid():
    rec, after = bidding(False)
    eq(rec.leaked, [])
    for v in BIDS:  # the check is about something: each bid was drawn in private...
        assert v in rec.private_nums, (v, rec.private_nums)
    for v in BIDS:  # ...and is on the shared screen once revealed
        assert v in after.shared_nums, (v, after.shared_nums)


def test_after_a_power_cut_between_the_bids_they_stay_secret():
    rec, after = bidding(True)
    eq(rec.leaked, [])
    for v in BIDS:
        assert v in after.shared_nums, (v, after.shared_nums)


def test_the_check_fails_when_the_round_page_draws_a_pending_bid():
    def leak(honest):
        def leaky(state, pv):
            what, hint = honest(state, pv)
            got = [str(b) for b in state["bids"] if b >= 0]
            return what + " so far " + " ".join(got), hint

        return leaky

    rec, _ = bidding(False, leak)
    assert rec.leaked, "the check missed a bid drawn on the shared screen"
    assert [s for s in rec.leaked if "so far %d" % BIDS[0] in s], rec.leaked


def test_open_bids_are_typed_on_the_shared_screen():
    app, _ = make_app()
    start(app, 0, bids="open")
    rec = Recorder(app, BIDS)
    press(app, "ok")
    eq(top(app), "OpenBids")
    scr = app.top()
    while scr.val[0] < BIDS[0]:
        press(app, "next")
    press(app, "ok")
    assert BIDS[0] in rec.shared_nums, rec.shared_nums  # not a secret: the cards lie face up


def test_the_record_of_a_game_with_private_bids_holds_secrets():
    from usher.games.catalog import holds_secrets

    assert holds_secrets("films")

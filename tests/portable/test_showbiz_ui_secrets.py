"""Showbiz secrets on the device: every string drawn during a scripted
negotiation is recorded with the `private` flag of its screen, and no shared
screen may show a pending bid or a player's ZE before the reveal, also after
a power cut in the middle of the bids. A leaky screen proves the check can
fail. And how many presses a private bid takes."""

from portable import eq
from showbiz_ui_kit import Recorder, bid, choose, collect, make_app, press, start, step, to_pick, top

# Numbers nothing else on a shared screen can show before the reveal (small
# ones are everywhere: pool counts, "2/7" page numbers, years, dice): players
# start with 30 ZE (29 after a claim) and bid 17 and 19.
START = {"ze": 30}
BIDS = (17, 19)
HOLDINGS = (30, 29)


def into_bids(app):
    """Anna picks; Ben and Cleo claim: three bidders, Anna first."""
    to_pick(app)
    press(app, "ok", "ok")
    press(app, "next", "ok", "next", "ok", "prev", "prev", "ok")
    eq(step(app), "bid")


def browse(app):
    """Everything the table may look at while bids are pending: every page of
    the main screen and the scores in the game menu."""
    from usher.ui.showbiz.views import pages

    eq(top(app), "Main")
    n = len(pages(app.p, app.match.state))
    for _ in range(n - 1):
        press(app, "next")
    eq(app.top().page, n - 1)
    press(app, "ok")  # back to the step page
    press(app, "back")
    choose(app, "Scores")
    press(app, "back", "back")
    eq(top(app), "Main")


def negotiation(power_cut, leak=None):
    """Anna bids 17, Ben 19; (the power fails;) the table browses; Ben peeks at
    his ZE; Cleo bids 0. Returns the recorder as it was just before the
    press that reveals the bids, and the recorder of what came after."""
    app, st = make_app()
    start(app, 3, agent=0, components=START)
    if leak is not None:
        # patched once the game's screens are loaded (leaving home unloads
        # screen modules on the device, so an earlier patch would be dropped)
        from usher.ui.showbiz import views

        views.next_lines = leak(views.next_lines)
    into_bids(app)
    rec = Recorder(app, BIDS + HOLDINGS)
    bid(app, BIDS[0])
    bid(app, BIDS[1])
    eq(top(app), "PassTo")
    if power_cut:
        old = rec
        app = None
        collect()
        app, _ = make_app(st)  # the device boots into the game in play
        rec = Recorder(app, BIDS + HOLDINGS)
        rec.carry(old)
        app.top().dirty = True
        app.render()
    else:
        app.pop()  # the table looks at the main screen before Cleo bids
        app.render()
    browse(app)
    press(app, "back")
    choose(app, "Peek my ZE")
    choose(app, "Ben")
    press(app, "ok")  # Ben has the device
    eq(top(app), "SecretInfo")
    press(app, "ok", "ok")  # pass back
    eq(top(app), "Main")
    press(app, "ok")  # Cleo is asked
    eq(app.top().name, "Cleo")
    press(app, "ok", "prev", "ok")  # Cleo bids 0
    eq(top(app), "PassBack")
    rec.on = False
    after = Recorder(app, BIDS + HOLDINGS)  # from here on the bids are public
    press(app, "ok")
    eq(top(app), "Reveal")
    eq(app.match.state["last"]["bids"], [[0, 17], [1, 19], [2, 0]])
    if leak is not None:
        from usher.ui.showbiz import views

        views.next_lines = HONEST[0]
    return rec, after


def test_no_shared_screen_shows_a_pending_bid_or_a_private_holding():
    rec, after = negotiation(False)
    eq(rec.leaked, [])
    # the check is about something: the same values were drawn in private...
    for v in BIDS + HOLDINGS:
        assert v in rec.private_nums, (v, rec.private_nums)
    # ...and every bid is on the shared screen once revealed
    for v in BIDS:
        assert v in after.shared_nums, (v, after.shared_nums)


def test_after_a_power_cut_the_bids_stay_secret_and_the_rest_are_asked():
    rec, after = negotiation(True)
    eq(rec.leaked, [])
    for v in BIDS:
        assert v in after.shared_nums, (v, after.shared_nums)


def test_after_a_power_cut_the_screen_says_who_has_bid_and_who_is_asked():
    app, st = make_app()
    start(app, 3, agent=0, components=START)
    into_bids(app)
    bid(app, BIDS[0])
    app = None
    collect()
    app, _ = make_app(st)
    rec = Recorder(app)
    app.top().dirty = True
    app.render()
    eq(top(app), "Main")
    shown = rec.shared()
    assert "Bid: Anna" in shown, shown
    assert "Waiting: Ben, Cleo" in shown, shown
    assert "OK: pass to Ben" in shown, shown
    press(app, "ok")
    eq(top(app), "PassTo")
    eq(app.top().name, "Ben")


HONEST: list = []


def leaking(extra):
    """A patch of the step page that adds `extra(state)` lines (a bug on purpose)."""

    def patch(honest):
        HONEST[:] = [honest]

        def leaky(state, pv, ex):
            lines, hint = honest(state, pv, ex)
            return lines + extra(state), hint

        return leaky

    return patch


def test_the_check_fails_when_a_screen_draws_a_pending_bid():
    """A shared screen made to show the pending bids (a bug on purpose) is caught."""

    def bids(state):
        neg = state["neg"]
        if neg is not None and state["ph"] == "bid":
            return [["so far " + " ".join(str(b) for b in neg["bids"] if b >= 0)]]
        return []

    rec, _ = negotiation(False, leaking(bids))
    assert rec.leaked, "the check missed a bid drawn on the shared screen"
    assert "so far 17 19" in rec.leaked, rec.leaked


def test_the_check_fails_when_a_screen_draws_a_holding():
    rec, _ = negotiation(False, leaking(lambda state: [["Anna has %d" % state["ze"][0]]]))
    assert "Anna has 30" in rec.leaked, rec.leaked


def test_a_bid_of_0_1_or_2_takes_at_most_4_presses():
    """From "pass to" to the pass-back confirmed. The picker starts at 1, so
    0, 1 and 2 are each at most one step away: 4, 3 and 4 presses."""
    app, _ = make_app()
    start(app, 3, agent=0)
    into_bids(app)
    counts = [bid(app, 0), bid(app, 1), bid(app, 2)]
    print("presses per bid of 0, 1, 2 ZE:", counts)
    eq(counts, [4, 3, 4])
    eq(app.match.state["last"]["bids"], [[0, 0], [1, 1], [2, 2]])

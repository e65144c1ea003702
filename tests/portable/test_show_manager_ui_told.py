"""Show Manager tells a turn (so the next player knows what just happened), read from what is
drawn: the next player's turn page says whose turn it is in its title and
the previous player's whole turn below it (a production, a loan, the
refreshes, the hire; never anyone's money), a press a page where it does not
fit with the cursor's row (the OLED); and a finished game's final scores in
Saved games say where money broke a tie."""

from app_kit import collect
from portable import eq
from show_manager_ui_kit import borrow, choose, hire, make_app, press, produce, row, start, state


def drawn(app):
    """Every string drawn from now on, with its y: [(y, text)]."""
    seen = []
    orig = app.p.text

    def text(s, x, y, c=1, size="body"):
        seen.append((y, s))
        return orig(s, x, y, c, size)

    app.p.text = text
    return seen


def split(app, seen):
    """(the title's strings, the body's strings joined by spaces, a page's
    hint "OK: more" left out)."""
    from usher.ui.screen import title_h

    th = title_h(app.p)
    return [s for y, s in seen if y < th], " ".join(s for y, s in seen if y >= th and s != "OK: more")


def test_the_next_turn_opens_on_whose_turn_it_is_and_the_whole_turn_before():
    # as once seen: Anna put on Wolf ("Anna: Wolf in Koeln") and then hired;
    # Ben's turn opened on "Anna hired free", the production never told
    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 4)
        for _ in range(12):  # three cards each
            hire(app)
        produce(app, "Wolf", [5, 6, 4], "Koeln")
        seen = drawn(app)
        hire(app)  # Anna's free hire ends her turn
        eq(state(app)["turn"], 1)
        head, body = split(app, seen)
        assert head and head[0].startswith("Ben"), head  # the title: whose turn it is
        assert "Anna put on Wolf in Koeln, hired free" in body, body
        assert "Hire free card" in body, body  # the row under the cursor, below
        n = len(app.match.inforce)
        press(app, "ok")  # that press does what the row says: a plain turn is still one press
        eq(len(app.match.inforce), n + 1)
        eq((app.match.last_action()["t"], app.match.last_action()["p"]), ("hire", 1))
        app = seen = None
        collect()


def test_a_loan_the_refreshes_and_the_hire_are_told_without_anyones_money():
    from usher.ui.show_manager.draw import marks

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 4)
        for _ in range(12):
            hire(app)
        produce(app, "Wolf", [5, 6, 4], "Koeln")
        hire(app)
        while state(app)["turn"] != 0:  # round to Anna again
            hire(app)
        borrow(app, 3)
        choose(app, "Refresh")
        choose(app, "Refresh")
        i = row(app, "Hire for 2,")
        while app.top().sel != i:
            press(app, "next")
        seen = drawn(app)
        press(app, "ok")  # Anna hires for 2,000: her turn ends
        money = [marks(m) for m in state(app)["money"]]
        n = len(app.match.inforce)
        pages = 0
        while app.top().told and not getattr(app.top(), "through", True):  # where they do not fit: a press a page
            press(app, "ok")
            pages += 1
        eq(len(app.match.inforce), n)  # reading moves nothing
        eq(pages, 1 if mono else 0)  # the OLED: three lines, then the fourth above the row
        head, body = split(app, seen)
        assert head[0].startswith("Ben"), head
        told = "Anna borrowed 3,000 on Wolf, refreshed 2 times, 2,000 each, hired for 2,000"
        assert told in body, body
        eq([s for y, s in seen if [m for m in money if m in s]], [])  # nobody's money
        app = seen = None
        collect()


def test_a_tie_on_the_final_scores_says_money_broke_it():
    from usher.ui.home import GameActions

    app, _ = make_app()
    standings = [
        {"player": 2, "name": "Cleo", "score": 50, "rank": 1},
        {"player": 0, "name": "Anna", "score": 43, "rank": 2},  # more money than Ben
        {"player": 1, "name": "Ben", "score": 43, "rank": 3},
        {"player": 3, "name": "Dev", "score": 20, "rank": 4},
    ]
    e = {"name": "g0003", "game": "show_manager", "finished": True, "players": ["Anna", "Ben", "Cleo", "Dev"]}
    e["standings"] = standings
    app.push(GameActions(e))
    app.render()
    seen = drawn(app)
    choose(app, "Final scores")
    eq(type(app.top()).__name__, "Table")
    said = [s for y, s in seen]
    assert "43, more money" in said, said  # Anna's row: the tie-break, public now the game is over
    eq([s for s in said if "money" in s], ["43, more money"])  # Ben's is plain 43
    assert "50" in said and "20" in said, said

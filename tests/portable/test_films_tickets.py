"""Films, rule 10: tickets at the end, by kind; most tickets wins, the VIP
holder wins a tie."""

from films_kit import G, kinds, play, quiet, start
from portable import eq
from usher.games.films.rows import HALVES, USED
from usher.games.films.score import KINDS, by_kind


def row(*halves, used=()):
    """A row of cards showing these halves; Scriptwriters at `used` are spent."""
    out = []
    for i, h in enumerate(halves):
        out.append([HALVES.index(h), -1, 1, USED if i in used else 0])
    return out


def tally(r, vip=False):
    b = by_kind(r, vip)
    return {KINDS[k]: b[k] for k in range(len(KINDS)) if b[k]}


def test_films_tickets_simple_kinds():
    eq(tally(row("tickets1", "tickets2", "tickets2")), {"tickets": 5})
    eq(tally(row("award", "award")), {"award": 4})
    eq(tally(row("bad_review", "bad_review")), {"bad_review": -2})
    eq(tally(row("shooting", "studio2", "studio3", "editor", "press")), {})
    eq(tally(row(), vip=True), {"vip": 1})


def test_films_tickets_three_and_four_scripts():
    eq(tally(row("script")), {})
    eq(tally(row("script", "script")), {"script": 5})
    eq(tally(row("script", "script", "script")), {"script": 5})
    eq(tally(row("script", "script", "script", "script")), {"script": 10})
    eq(tally(row("script", "script", "script", "script", "script")), {"script": 10})


def test_films_tickets_three_and_four_scripts_in_play():
    s = start()
    for _ in range(3):
        s = play(s, "0 bid 1; 1 bid 2; 0 script; 1 script")
    s = play(s, "0 bid 1; 1 bid 2; 0 script; 1 award")
    eq(kinds(s), [{"script": 10, "vip": 1}, {"script": 5, "award": 2}])


def test_films_tickets_poster_counts_each_award():
    eq(tally(row("poster")), {"poster": 1})
    eq(tally(row("poster", "award", "poster", "award")), {"poster": 6, "award": 4})


def test_films_tickets_director_counts_each_character():
    r = row("director", "lead", "lead", "scriptwriter", "press", "editor", "producer", "coordinator", "studio2")
    eq(tally(r, True)["director"], 8)  # himself, both Leads, and five more; not the Studio
    eq(tally(row("director"))["director"], 1)


def test_films_tickets_coordinator_producer_lead():
    eq(tally(row("coordinator", "shooting", "shooting")), {"coordinator": 2})
    eq(tally(row("producer", "tickets1", "tickets2")), {"producer": 2, "tickets": 3})
    eq(tally(row("lead", "lead", "bad_review", "bad_review")), {"lead": 12, "bad_review": -2})


def test_films_tickets_scriptwriter_never_used():
    r = row("scriptwriter", "script", "script", "script", "script")
    eq(tally(r), {"scriptwriter": 2, "script": 10})
    eq(tally(row("scriptwriter", "script", "script", "script", "script", used=(0,))), {"script": 10})


def test_films_tickets_may_be_negative():
    eq(sum(by_kind(row("bad_review", "bad_review", "bad_review"), False)), -3)


def test_films_tickets_most_wins_a_tie_goes_to_the_vip():
    # Bo takes more tickets: he wins, though Ana holds the VIP
    s = play(quiet(start(vip=0), 7), "0 bid 1; 1 bid 2; 0 tickets1; 1 tickets2")
    eq((s["past"], s["wins"], [x["name"] for x in G.standings(s)]), ([[9, 9]], [1, 0], ["Ana", "Bo"]))
    s = play(quiet(start(vip=0), 7), "0 bid 1; 1 bid 2; 0 tickets1; 1 award")
    eq((s["past"], s["wins"]), ([[9, 9]], [1, 0]))  # level: the VIP decides
    s = play(quiet(start(vip=1), 7), "0 bid 1; 1 bid 2; 0 tickets1; 1 tickets1")
    eq((s["past"], s["wins"], G.tiebreak(s)), ([[8, 9]], [0, 1], [0, 1]))
    s = play(quiet(start(vip=0), 7), "0 bid 1; 1 bid 2; 0 bad_review; 1 award")
    eq((s["past"], s["wins"], G.standings(s)[0]["name"]), ([[7, 9]], [0, 1], "Bo"))

"""Show Manager rule 1, setup: money, chips, musicals and roles, touring
companies, cities, the start player; and the header checks every replay
goes through."""

from portable import eq, raises
from show_manager_kit import G, game, players, setup
from usher.core.errors import RuleError
from usher.games.catalog import load_game, names
from usher.games.show_manager import game as show_manager

# the header of the worked example's record, for two players
HEADER = {
    "players": [{"name": "Anna", "colour": 0}, {"name": "Ben", "colour": 1}],
    "options": {"first": 0, "edition": "show_manager"},
    "components": {
        "titles": [["Wolf", 3], ["Queenie", 4], ["King Lear", 5], ["Ballet", 6]],
        "touring": [[13, 17], [18, 22], [23, 27], [28, 32]],
        "cities": [
            ["Koeln", [18, 14, 10, 7, 4, 2]],
            ["Troisdorf", [14, 12, 10, 8, 6, 4]],
            ["City 3", [20, 15, 10, 6, 3, 0]],
            ["City 4", [16, 12, 9, 6, 3, 1]],
        ],
        "money": 36000,
        "hire": [0, 1000, 2000, 3000],
        "refresh": 2000,
        "loan_max": 10,
        "per_point": 1000,
        "max_talent": 9,
    },
}


def test_sm_registered_with_secrets():
    assert "show_manager" in names()
    assert load_game("show_manager") is show_manager.GAME
    eq(G.name, "show_manager")
    eq(G.title, "Show Manager")
    eq(G.holds_secrets, True)


def test_sm_setup_two_to_six_players():
    for n in (0, 1, 7):
        eq(str(raises(RuleError, G.make_setup, players(n), {}, {})), "2-6 players")
    for n in range(2, 7):
        eq(len(game(n)["money"]), n)
    raises(RuleError, G.make_setup, [{"name": "A"}, {"colour": 1}], {}, {})


def test_sm_setup_fills_the_header_of_the_issue():
    got = G.make_setup([{"name": "Anna", "colour": 0}, {"name": "Ben", "colour": 1}], {}, {})
    eq(got, HEADER)


def test_sm_setup_money():
    for n, money in ((2, 36000), (3, 36000), (4, 18000), (5, 18000), (6, 18000)):
        eq(setup(n)["components"]["money"], money)
        eq(game(n)["money"], [money] * n)


def test_sm_setup_chips_one_or_two_per_musical():
    for n in (2, 3):
        eq(game(n)["left"], [[2, 2, 2, 2]] * n)  # 8 productions each
    for n in (4, 5, 6):
        eq(game(n)["left"], [[1, 1, 1, 1]] * n)  # 4 productions each


def test_sm_setup_musicals_and_roles():
    eq(setup(4)["components"]["titles"], [["Wolf", 3], ["Queenie", 4], ["King Lear", 5], ["Ballet", 6]])
    prem = G.make_setup(players(4), {"edition": "premiere"}, {})["components"]["titles"]
    eq(prem, [["Freudi", 3], ["Miss Hanoi", 4], ["Die Miserablen", 5], ["Katz", 6]])
    raises(RuleError, G.make_setup, players(4), {"edition": "deluxe"}, {})


def test_sm_setup_touring_companies():
    two = [[13, 17], [18, 22], [23, 27], [28, 32]]
    eq(setup(2)["components"]["touring"], two)
    eq(setup(4)["components"]["touring"], two)
    eq(setup(5)["components"]["touring"], [[15], [20], [25], [30]])
    eq(setup(3)["components"]["touring"], [[], [], [], []])
    eq(setup(6)["components"]["touring"], [[], [], [], []])


def test_sm_setup_every_musical_ends_with_six_chips():
    for n in range(2, 7):
        s = game(n)
        for t in range(4):
            eq(sum(s["left"][p][t] for p in range(n)) + len(s["touring"][t]), 6)


def test_sm_setup_cities_known_and_placeholders():
    from usher.games.show_manager.settings import PLACEHOLDERS

    cities = setup(4)["components"]["cities"]
    eq(cities[0], ["Koeln", [18, 14, 10, 7, 4, 2]])
    eq(cities[1], ["Troisdorf", [14, 12, 10, 8, 6, 4]])
    eq([c[0] for c in cities[2:]], list(PLACEHOLDERS))
    mine = [["Koeln", [18, 14, 10, 7, 4, 2]]] * 3 + [["New York", [30, 20, 10, 5, 1, 0]]] * 2
    eq(setup(4, cities=mine)["components"]["cities"], mine)


def test_sm_setup_start_player_then_clockwise():
    eq(game(4)["turn"], 0)
    s = game(4, first=2)
    seen = []
    for _ in range(5):
        seen.append(s["turn"])
        s = G.apply(s, {"t": "hire", "p": s["turn"], "pos": 0})
    eq(seen, [2, 3, 0, 1, 2])
    for bad in (4, -1, "x", True, 1.0):
        eq(str(raises(RuleError, setup, 4, bad)), "bad start player")


def test_sm_setup_hands_start_empty():
    eq(game(5)["hand"], [0] * 5)


def test_sm_setup_refuses_fewer_than_four_cities():
    three = [["Koeln", [18, 14, 10, 7, 4, 2]]] * 3
    eq(str(raises(RuleError, setup, 4, 0, cities=three)), "at least 4 cities")


def test_sm_setup_refuses_a_city_without_six_whole_values():
    base = [["Koeln", [18, 14, 10, 7, 4, 2]]] * 3
    for col in ([18, 14, 10, 7, 4], [18, 14, 10, 7, 4, 2, 1], [18, 14, 10, 7, 4, -1], [18, 14, 10, 7, 4, 2.5]):
        e = raises(RuleError, setup, 4, 0, cities=base + [["Bonn", col]])
        eq(str(e), "Bonn: 6 whole values")
    raises(RuleError, setup, 4, 0, cities=base + [["Bonn", [18, 14, True, 7, 4, 2]]])
    raises(RuleError, setup, 4, 0, cities=base + [["", [18, 14, 10, 7, 4, 2]]])


def test_sm_setup_refuses_touring_that_does_not_give_six_chips():
    two = [[13, 17], [18, 22], [23, 27], [28, 32]]
    for n in (3, 5, 6):
        eq(str(raises(RuleError, setup, n, 0, touring=two)), "touring: 6 chips a musical")
    eq(str(raises(RuleError, setup, 4, 0, touring=[[15], [20], [25], [30]])), "touring: 6 chips a musical")
    raises(RuleError, setup, 4, 0, touring=two[:3])
    raises(RuleError, setup, 4, 0, touring=[[13, -17], [18, 22], [23, 27], [28, 32]])
    # other values are fine as long as the counts add up
    eq(setup(5, touring=[[9], [9], [9], [9]])["components"]["touring"], [[9], [9], [9], [9]])


def test_sm_setup_refuses_titles_other_than_four():
    titles = [["Wolf", 3], ["Queenie", 4], ["King Lear", 5], ["Ballet", 6]]
    eq(str(raises(RuleError, setup, 4, 0, titles=titles[:3])), "titles: 4 musicals")
    eq(str(raises(RuleError, setup, 4, 0, titles=titles + [["Cats", 4]])), "titles: 4 musicals")
    raises(RuleError, setup, 4, 0, titles=titles[:3] + [["Ballet", 1]])
    raises(RuleError, setup, 4, 0, titles=titles[:3] + [["Ballet", "6"]])


def test_sm_setup_refuses_bad_costs():
    raises(RuleError, setup, 4, 0, hire=[1000, 1000, 2000, 3000])  # space 0 must be free
    raises(RuleError, setup, 4, 0, hire=[0, 1000])
    raises(RuleError, setup, 4, 0, money=-1)
    raises(RuleError, setup, 4, 0, loan_max=0)
    raises(RuleError, setup, 4, 0, refresh="2000")
    raises(RuleError, G.make_setup, players(4), {"colour": 1}, {})  # unknown option


def test_sm_new_checks_the_header_the_same_way():
    eq(G.new(HEADER)["money"], [36000, 36000])
    bad = {"players": HEADER["players"], "options": HEADER["options"], "components": dict(HEADER["components"])}
    bad["components"]["cities"] = HEADER["components"]["cities"][:3]
    eq(str(raises(RuleError, G.new, bad)), "at least 4 cities")
    bad["components"] = dict(HEADER["components"], touring=[[15], [20], [25], [30]])
    eq(str(raises(RuleError, G.new, bad)), "touring: 6 chips a musical")
    bad["components"] = dict(HEADER["components"], titles=HEADER["components"]["titles"][:3])
    eq(str(raises(RuleError, G.new, bad)), "titles: 4 musicals")
    raises(RuleError, G.new, dict(HEADER, players=players(7)))
    raises(RuleError, G.new, "x")


def test_sm_header_values_are_used_in_play():
    s = game(4, money=5000, hire=[0, 500, 600, 700], refresh=300, loan_max=4, per_point=100, max_talent=5)
    s = G.apply(s, {"t": "refresh", "p": 0})
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 3})
    eq(s["money"][0], 5000 - 300 - 700)


def test_sm_settings_check_refuses_cities_the_setup_would_refuse():
    from usher.games.show_manager.settings import check

    good = {"cities": [["Koeln", [18, 14, 10, 7, 4, 2]]] * 4, "edition": "show_manager"}
    check(good)
    eq(raises(RuleError, check, {"cities": good["cities"][:3], "edition": "show_manager"}).msg, "at least 4 cities")
    eq(raises(RuleError, check, {"cities": [["X", [1, 2]]] * 4, "edition": "premiere"}).msg, "X: 6 whole values")
    eq(raises(RuleError, check, {"cities": good["cities"], "edition": "x"}).msg, "edition: show_manager or premiere")

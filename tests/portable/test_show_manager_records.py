"""The targeted Show Manager records (tests/records/show_manager_*.rec).
A `#! action -> message` line in a record is an action refused at that
point with that message and the state unchanged (kit.replay checks it)."""

from portable import eq
from show_manager_kit import BALLET, WOLF, G, city_list, replay


def _refusals(name, at=None):
    got = []

    def check(s, a, msg):
        from show_manager_kit import refused

        refused(s, a, msg)
        got.append(msg)

    return replay(name, at=at, check=check), got


def test_sm_record_touring_tie_premiere_goes_beneath():
    s = replay("show_manager_touring_tie.rec")
    assert city_list(s, 0) == ["T17", "A17", "T13"], (city_list(s, 0), ["T17", "A17", "T13"])
    eq(G.scores(s), [14, 0, 0, 0])


def test_sm_record_loan_beneath_equal():
    s = replay("show_manager_loan_beneath.rec")
    assert city_list(s, 0) == ["T17", "B16", "A16", "T13"], (city_list(s, 0), ["T17", "B16", "A16", "T13"])
    eq(s["money"][0], 20000)


def test_sm_record_loan_refused_when_city_holds_six():
    s, got = _refusals("show_manager_loan_six.rec")
    assert got == ["6 shows stand: no loan"], (got, ["6 shows stand: no loan"])
    eq(city_list(s, 0), ["A18", "T17", "T13", "B12", "C12", "D12"])


def test_sm_record_two_players_second_wolf_chip_loan():
    s, got = _refusals("show_manager_2p_second_chip.rec")
    assert got == ["already borrowed on Wolf"], (got, ["already borrowed on Wolf"])
    eq(city_list(s, 0), ["T17", "T13", "A10", "A6"])
    eq(s["money"], [38000, 36000])


def test_sm_record_hand_limit_then_last_production_keeps_one():
    seen = []

    def at(k, s):
        seen.append((s["hand"][0], s["left"][0][BALLET]))

    s, got = _refusals("show_manager_hand_limit.rec", at=at)
    assert got == ["hand full: put on a show first"], (got, ["hand full: put on a show first"])
    eq(seen[-2], (7, 1))  # before the last production: 7 cards, Ballet left
    eq(seen[-1], (1, 0))
    eq(s["left"][0], [0, 0, 0, 0])
    eq(G.is_over(s), True)  # the others had finished: A's Ballet was the last chip


def test_sm_record_finished_player_skipped():
    turns = []

    def at(k, s):
        turns.append(s["turn"])

    s, got = _refusals("show_manager_skip.rec", at=at)
    assert got == ["not your turn"], (got, ["not your turn"])
    eq(G.is_over(s), True)
    eq(turns[-3:], [1, 1, -1])  # after A's last show only B plays
    eq(G.scores(s), [107, 80])


def test_sm_record_refresh_refused_without_2000():
    s, got = _refusals("show_manager_refresh_money.rec")
    assert got == ["not enough money", "not enough money"], (got, ["not enough money", "not enough money"])
    eq(s["money"], [0, 18000, 18000, 18000])


def test_sm_record_tie_on_points_decided_by_money():
    s = replay("show_manager_tie_money.rec")
    assert G.is_over(s) is True
    eq(G.scores(s), [8, 8])
    eq(s["money"], [36000, 37000])
    eq([(x["name"], x["rank"]) for x in G.standings(s)], [("B", 1), ("A", 2)])


def test_sm_record_tie_on_points_and_money_shared():
    s = replay("show_manager_tie_shared.rec")
    assert G.is_over(s) is True
    eq(G.scores(s), [8, 8])
    eq(s["money"], [36000, 36000])
    eq([(x["name"], x["rank"]) for x in G.standings(s)], [("A", 1), ("B", 1)])
    eq(s["at"][WOLF], 0)


def test_sm_the_example_in_record_showmanager_md_plays_as_described():
    import json

    from show_manager_kit import folder

    actions = []
    inside = False
    with open(folder() + "/../../firmware/RECORD-show_manager.md") as f:
        for line in f:
            if line.startswith("## Example"):
                inside = True
            elif inside and line.startswith("{"):
                actions.append(json.loads(line))
            elif inside and line.startswith("## "):
                break
    assert len(actions) == 13, (len(actions), 13)
    s = G.new(G.make_setup([{"name": "Anna"}, {"name": "Ben"}], {}, {}))
    for a in actions:
        s = G.apply(s, a)
    eq(city_list(s, 0), ["T17", "B17", "A16", "T13"])
    eq(G.scores(s), [10, 14])
    eq(s["money"], [33000, 33000])
    eq(s["hand"], [2, 1])
    eq(s["turn"], 1)

"""Show Manager's cities in Settings (names and six values each, added and
removed, at least four; the placeholders flagged "not known: enter from
your board" until edited) and the new-game options (Start first, start
player, edition, the placeholders flagged there too)."""

from portable import eq
from show_manager_ui_kit import labels, make_app, press, set_value, state, top


def shipped():
    """The cities the firmware ships, [name, six values]."""
    from usher.games.show_manager.settings import defaults

    return defaults()["cities"]


def row(c):
    """A row of the city list: the name, and apart from it the six values."""
    return (c[0], "/".join(str(v) for v in c[1]))


KNOWN = [row(c) for c in shipped()[:2]]


def city_rows(app):
    """(name, what stands right of it) for each row of the city list."""
    scr = app.top()
    return [(it[0], scr.values[i]) for i, it in enumerate(scr.items)]


def open_cities(app):
    choose_row(app, "Settings")
    choose_row(app, "Show Manager cities")
    eq(top(app), "Cities")


def choose_row(app, label):
    """Down to the row starting with `label` (menus wrap; these are short)."""
    items = labels(app)
    i = [k for k, s in enumerate(items) if s.startswith(label)][0]
    while app.top().sel != i:
        press(app, "next")
    press(app, "ok")


def type_name(app, name):
    """The text entry: letters from 'A' on (capitals, then small letters)."""
    from usher.ui.textentry import LETTERS

    scr = app.top()
    while scr.value:
        press(app, "back")
    for ch in name:
        target = LETTERS.index(ch)
        while scr.i != target:
            press(app, "next" if target > scr.i else "prev")
        press(app, "ok")
    press(app, "ok_long")


def test_the_placeholders_are_flagged_until_edited():
    app, _ = make_app()
    open_cities(app)
    eq(city_rows(app), KNOWN + [("City 3", "not known"), ("City 4", "not known"), ("+ add city", "")])
    choose_row(app, "City 3")
    eq(top(app), "City")
    eq(labels(app), ["Not known: enter from your board", "Name: City 3", "Places: 20 15 10 6 3 0", "Remove"])
    press(app, "ok")  # the flag leads to the places
    eq(top(app), "Entries")
    eq(app.top().values, [20, 15, 10, 6, 3, 0])
    set_value(app, 22)
    press(app, "ok_long")  # done at once
    eq(top(app), "City")
    eq(labels(app), ["Name: City 3", "Places: 22 15 10 6 3 0", "Remove"])
    eq(app.settings.get("show_manager")["cities"][2], ["City 3", [22, 15, 10, 6, 3, 0]])
    press(app, "back")
    eq(city_rows(app), KNOWN + [row(["City 3", [22, 15, 10, 6, 3, 0]]), ("City 4", "not known"), ("+ add city", "")])


def test_a_city_is_renamed_added_and_removed_but_never_below_four():
    app, _ = make_app()
    open_cities(app)
    choose_row(app, "City 4")
    choose_row(app, "Name")
    eq(top(app), "TextEntry")
    type_name(app, "Bonn")
    eq(labels(app)[0], "Name: Bonn")  # no longer a placeholder
    choose_row(app, "Remove")
    eq(app.toast_msg, "at least 4 cities")
    press(app, "back")
    choose_row(app, "+ add city")
    type_name(app, "Mainz")
    eq(top(app), "Entries")
    eq(app.top().values, [16, 12, 9, 6, 3, 1])  # the last city's, to change
    press(app, "prev", "ok", "ok", "ok", "ok", "ok", "ok")
    eq(city_rows(app)[4:], [row(["Mainz", [15, 12, 9, 6, 3, 1]]), ("+ add city", "")])
    eq(len(app.settings.get("show_manager")["cities"]), 5)
    choose_row(app, "Koeln")
    choose_row(app, "Remove")
    eq(top(app), "Confirm")
    press(app, "ok")
    eq(top(app), "Cities")
    eq([c[0] for c in app.settings.get("show_manager")["cities"]], ["Troisdorf", "City 3", "Bonn", "Mainz"])


def new_game(app, n):
    choose_row(app, "New game")
    choose_row(app, "Show Manager")
    eq(top(app), "NumberPicker")
    set_value(app, n)
    press(app, "ok")
    for _ in range(n):
        press(app, "ok")  # the first free name for each seat
    eq(top(app), "Setup")


def test_new_game_is_one_press_from_the_options_with_the_cities_of_settings():
    app, _ = make_app()
    new_game(app, 3)
    eq(labels(app), ["Start", "Start player: Anna", "Edition: Show Manager", "Not known: City 3, City 4"])
    n0 = app.presses
    press(app, "ok")
    eq(app.presses - n0, 1)
    eq(top(app), "Main")
    setup = app.match.setup
    eq(setup["options"], {"first": 0, "edition": "show_manager"})
    eq([c[0] for c in setup["components"]["cities"]], ["Koeln", "Troisdorf", "City 3", "City 4"])
    eq(setup["components"]["money"], 36000)
    eq(state(app)["titles"][0], ["Wolf", 3])


def test_options_change_the_start_player_and_the_edition_and_the_flag_leads_to_the_cities():
    app, _ = make_app()
    new_game(app, 4)
    choose_row(app, "Start player")
    choose_row(app, "Start player")
    eq(labels(app)[1], "Start player: Cleo")
    choose_row(app, "Edition")
    eq(labels(app)[2], "Edition: Premiere")
    choose_row(app, "Not known")
    eq(top(app), "Confirm")
    assert "City 3 and City 4: not known: enter from your board" == app.top().question, app.top().question
    press(app, "ok")  # edit them now
    eq(top(app), "Cities")
    choose_row(app, "City 3")
    choose_row(app, "Name")
    type_name(app, "Bonn")
    choose_row(app, "Places")
    press(app, "ok_long")
    press(app, "back", "back")
    eq(top(app), "Setup")
    eq(labels(app)[3], "Not known: City 4")
    choose_row(app, "Start")
    eq(app.match.setup["options"], {"first": 2, "edition": "premiere"})
    eq(state(app)["titles"][0], ["Freudi", 3])
    eq(state(app)["turn"], 2)
    eq(app.match.setup["components"]["cities"][2][0], "Bonn")


def test_a_game_without_placeholders_has_no_flag_and_keeps_its_own_cities():
    app, _ = make_app()
    sm = dict(app.settings.get("show_manager"))
    sm["cities"] = [["A", [9, 8, 7, 6, 5, 4]], ["B", [9, 8, 7, 6, 5, 4]], ["C", [1, 1, 1, 1, 1, 1]], ["D", [0] * 6]]
    app.settings.set("show_manager", sm)
    new_game(app, 2)
    eq(labels(app), ["Start", "Start player: Anna", "Edition: Show Manager"])
    press(app, "ok")
    eq(app.match.setup["components"]["cities"][3], ["D", [0, 0, 0, 0, 0, 0]])


def test_the_city_list_keeps_each_name_apart_from_its_six_values():
    """On both panels: the name at the left, the values as a string of their
    own, right aligned, a gap between (not "City 3 20 15 10 6 3 0")."""
    for mono in (False, True):
        app, _ = make_app(mono=mono)
        open_cities(app)
        drawn = []
        text = app.p.text

        def spy(s, x, y, c=1, size="body", text=text, drawn=drawn):
            w = text(s, x, y, c, size)
            drawn.append((s, x, y, w))
            return w

        app.p.text = spy
        app.top().dirty = True
        app.render()
        app.p.text = text
        from usher.ui.screen import title_h

        scr = app.top()
        rows = city_rows(app)
        for i, (name, values) in enumerate(rows[: scr.rows(app.p)]):
            y0 = title_h(app.p) + i * scr.row_h(app.p)
            here = [d for d in drawn if y0 <= d[2] < y0 + scr.row_h(app.p)]
            if not values:
                eq([d[0] for d in here], [name])
                continue
            eq(len(here), 2)
            n, v = here
            # the name is its own string (or its start, cut to fit): the values never join it
            assert n[0] == name or name.startswith(n[0][:-1]), (name, n)
            eq(v[0], values)
            assert n[1] + n[3] + 6 <= v[1], (n, v)  # a gap between them
            assert v[1] + v[3] >= app.p.w - 6, (v, app.p.w)  # right aligned

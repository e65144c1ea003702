"""The laptop's questions on a device in German (Settings -> Language): the
text the device shows and sends back as `ask`, and the question's screen on
both panels, with no word cut. A module of its own: on the MicroPython VM
the German table loads into a heap no walk has cut up."""

from app_kit import collect, make_app, press, watch
from fakes import MemStorage
from portable import eq
from test_app_laptop import Laptop
from usher.words import use


def test_the_laptop_s_questions_are_asked_in_german():
    for mono in (False, True):
        st = MemStorage()
        st.write("settings.json", b'{"lang": "de"}')  # in German from power-on: the table loads first
        app, _ = make_app(st, mono=mono)
        try:
            pc = Laptop(app)
            pc.ask("hello", proto=1)
            r = pc.ask("set_roster", roster=["Anna", "J\u00f6rg"])
            eq(r["ask"], "Spieler setzen auf: Anna, J\u00f6rg?")  # what the laptop is told it shows
            drawn, cut = watch(app)
            app.top().dirty = True
            app.render()
            said = [s for s, _, _ in drawn]
            assert "Laptop fragt" in said and "OK=erlauben" in said and "Zur\u00fcck=ablehnen" in said, said
            eq((mono, cut), (mono, []))
            eq([s for s, x, n in drawn if x < 0 or x + n > app.p.w], [])
            del app.p.text
            del app.p.fit
            press(app, "back")  # refused: nothing set
            r = pc.ask("set_settings", settings={"brightness": 40, "lang": "en"})
            eq(r["ask"], "Einstellungen \u00e4ndern: Helligkeit 40%; Sprache English?")
            press(app, "back")
        finally:
            use("en")
        app = None
        collect()

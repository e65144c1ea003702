"""Deutsch: the device's words (usher.words), a line each: the English, a
"|", the German. One string, not a dict: frozen into usher.uf2 it stays in
flash, and a lookup is a search in it (usher.words.t), so the language on
costs the heap nothing and the firmware area no more than its letters. The
games' own terms follow the German editions where known (ZE); the rest is
what a German table says, short where a line is short (the OLED's 128
pixels)."""

TEXT = """
Low memory: reloaded|Speicher knapp: neu geladen
Low memory: at Home|Speicher knapp: zum Start
Flash full: delete games|Flash voll: Spiele löschen
Flash error %s|Flash-Fehler %s
Flash error|Flash-Fehler
Flash full: not saved|Flash voll: nicht gesichert
settings reset|Einstellungen zurückgesetzt
Resume|Weiterspielen
Resume %s|Weiter: %s
New game|Neues Spiel
Dice & draws|Würfeln & Losen
Saved games|Spielstände
Settings|Einstellungen
Sync|Abgleich
> play *over x quit|> offen *Ende x weg
(no games yet)|(noch keine Spiele)
Delete|Löschen
Final scores|Endstand
. Gone for good.|. Endgültig weg.
Delete %s?|%s löschen?
%d games on device|%d Spiele auf dem Gerät
Plug USB into laptop,|USB an den Laptop,
run: usher sync|dann: usher sync
Showtime seats|Showtime: Plätze
Showbiz options|Showbiz: Optionen
Show Manager cities|Show Manager: Städte
carpet|Teppich
more ZE|mehr ZE
more money|mehr Geld
VIP|VIP
Confirm|Bestätigen
OK=yes|OK=ja
Back=no|Zurück=nein
Game menu|Spielmenü
Back to game|Zurück zum Spiel
Undo last|Rückgängig
Undo last move?|Letzten Zug zurücknehmen?
Scores|Punkte
Score sheet|Wertungsbogen
Home|Zum Start
Save & leave|Sichern & beenden
Abandon|Aufgeben
Abandon game?|Spiel aufgeben?
Kept in Saved games, not resumed.|Bleibt in den Spielständen, ohne Weiterspielen.
no players|keine Spieler
Seat %d of %d|Platz %d von %d
Colour: %s|Farbe: %s
Not installed: %s|Fehlt: %s
Players|Spieler
Brightness|Helligkeit
Brightness %d%%|Helligkeit %d%%
Dim after %d min|Dimmen nach %d min
Never dim|Nie dimmen
Language: %s|Sprache: %s
Board: %s|Board: %s
About|Info
+ add name|+ Name dazu
New name|Neuer Name
Rename|Umbenennen
Remove|Entfernen
Remove %s?|%s entfernen?
%s is on the list|%s gibt es schon
OK add  Back del  hold OK done|OK dazu  Zurück weg  OK lang: fertig
Board|Board
Colours|Farben
as made|ab Werk
inverted|invertiert
Turned|Gedreht
no|nein
Stray line|Störzeile
none|keine
bottom|unten
top|oben
up/down|hoch/runter
all 4|alle 4
Screen speed|Bildtempo
fast|schnell
safe|sicher
From the next power-on|Ab dem nächsten Start
from the next|ab dem nächsten
power-on|Einschalten
Use %s?|%s verwenden?
At next power-on|Beim nächsten Einschalten
 (running)| (läuft)
 (next boot)| (beim Start)
Code|Code
in firmware|in der Firmware
files|Dateien
none (simulator)|keiner (Simulator)
Next boot|Nächster Start
Flash free|Flash frei
"""

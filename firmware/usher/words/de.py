# ruff: noqa: E501  (a table of texts: one text a line, however long)
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
%d dice: %s|%d Würfel: %s
%d left|%d übrig
%d left in bag|%d im Beutel
%s refilled|%s aufgefüllt
1 die|1 Würfel
1-%d dice|1-%d Würfel
2 dice|2 Würfel
Artist bag|Künstler
Bags full again; this one stays in Saved games.|Beutel wieder voll; diese bleibt in den Spielständen.
Bags refilled|Beutel aufgefüllt
Every piece goes back in.|Alle Teile kommen zurück.
New dice session?|Neue Würfelrunde?
New session|Neue Runde
OK to draw|OK: ziehen
OK to refill|OK: auffüllen
OK to roll|OK: würfeln
Refill bags|Beutel auffüllen
Refill both bags?|Beide Beutel auffüllen?
Results|Ergebnisse
Taste bag|Geschmack
Undo the draw from the %s bag: %s?|Ziehen aus Beutel %s zurücknehmen: %s?
Undo the refill of the %s bag?|Auffüllen von Beutel %s zurücknehmen?
Undo the roll: %s?|Wurf zurücknehmen: %s?
artists|Künstler
bags: kinds and counts|Beutel: Sorten und Anzahlen
bags: not a table|Beutel: keine Tabelle
black|schwarz
blue|blau
face must be 1-%d|Augen müssen 1-%d sein
green|grün
need %d faces|%d Augenzahlen nötig
no bag %s|kein Beutel %s
no such piece|kein solches Teil
none left: %s|keins mehr: %s
nothing rolled yet|noch nichts gewürfelt
red|rot
taste|Geschmack
total %d|Summe %d
unknown action|unbekannter Zug
white|weiß
yellow|gelb
purple|lila
orange|orange
cyan|türkis
pink|rosa
Set the players to: %s?|Spieler setzen auf: %s?
Change settings: %s?|Einstellungen ändern: %s?
brightness %d%%|Helligkeit %d%%
players %s|Spieler %s
language %s|Sprache %s
Delete %s for good? %s.|%s endgültig löschen? %s.
Send %s to the laptop? %s. Its secrets leave the device.|%s an den Laptop senden? %s. Seine Geheimnisse verlassen das Gerät.
date not known|Datum unbekannt
finished|beendet
broken record|Aufzeichnung beschädigt
unfinished|nicht beendet
%s of %s (%s), %s|%s vom %s (%s), %s
Laptop asks|Laptop fragt
more|mehr
OK=allow|OK=erlauben
Back=refuse|Zurück=ablehnen
Pass to|Weitergeben an
OK when only|OK, wenn nur
%s can see|%s es sieht
Pass back|Zurückgeben
then OK|dann OK
%d-%d  OK=done|%d-%d  OK=fertig
"""

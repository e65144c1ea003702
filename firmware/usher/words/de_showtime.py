# ruff: noqa: E501  (a table of texts: one text a line, however long)
"""Deutsch: Showtime's own words (usher.words.game("showtime")), a line each:
the English, a "|", the German; searched before the shell's table
(usher.words.de) while Showtime's screens are open. The terms follow the
German edition (Pegasus Spiele): Vorstellung, Plakat, Leinwand, roter
Teppich, Liebesfilm, Komödie; a seat is a Platz (R2 P1), as the laptop's
sheets say it. The persons' names and the Director's Cut keep the cards'
own. Short where a line is short (the OLED's 128 pixels)."""

TEXT = """
Fantasy|Fantasy
Sci-fi|Sci-Fi
Romance|Liebesfilm
Comedy|Komödie
FANTASY|FANTASY
SCI-FI|SCI-FI
ROMANCE|LIEBESFILM
COMEDY|KOMÖDIE
fantasy|Fantasy
scifi|Sci-Fi
romance|Liebesfilm
comedy|Komödie
SCREEN|LEINWAND
row %d seat %d|Reihe %d Platz %d
R%d S%d|R%d P%d
draw|Zufall
Start|Starten
Start player: %s|Startspieler: %s
Posters: device draws|Plakate: Gerät zieht
Posters: enter|Plakate: eingeben
Director's Cut: off|Director's Cut: aus
Director's Cut: on|Director's Cut: an
Genres: from table|Genres: aus Tabelle
Genres: ask|Genres: fragen
Check seat stars!|Sitzsterne prüfen!
row %d: %s|Reihe %d: %s
Seat stars as on your board?|Sitzsterne wie auf deinem Plan?
. Back: edit.|. Zurück: ändern.
Done: these 12|Fertig: diese 12
Done: %d of %d|Fertig: %d von %d
No Director's Cut|Ohne Director's Cut
tick 12 persons (now %d)|12 ankreuzen (jetzt %d)
Seat stars|Sitzsterne
 check!| prüfen!
Row %d: %s|Reihe %d: %s
All as on my board|Alle wie auf dem Plan
Row %d seat %d|Reihe %d Platz %d
%s likes %s?|%s mag %s?
< no    OK: yes >|< nein    OK: ja >
Back: seat|Zurück: Platz
: discard|: ablegen
: no seat|: kein Platz
free|frei
%s moves|%s weicht
%s to %s|%s nach %s
%s: %s (%s moves)|%s: %s (%s weicht)
%s: %s moves|%s: %s weicht
hold OK: why|OK lang: warum
%s likes %s: +2|%s mag %s: +2
%s: not %s, no +2|%s mag %s nicht
%s: no +2|%s: kein +2
no seat for %s|kein Platz für %s
no free seat to move to|kein Ausweichplatz frei
Seats %d/%d|Plätze %d/%d
Effects %d/%d|Effekte %d/%d
%d-star seat|%d-Sterne-Platz
no effect|kein Effekt
%d-%d, carpet: %s|%d-%d, Teppich: %s
%d-%d: %s is ahead on the red carpet|%d-%d: %s steht vorn auf dem Teppich
Final: %s wins|Ende: %s gewinnt
Screening %d done|Vorstellung %d vorbei
%d/3 done, %s next|%d/3 aus, %s beginnt
OK: done|OK: fertig
%s starts next. OK: poster|%s beginnt. OK: Plakat
Screening %d of 3|Vorstellung %d von 3
%s starts|%s beginnt
OK: play|OK: spielen
Poster %d of 3|Plakat %d von 3
OK: draw|OK: ziehen
Red carpet|Roter Teppich
1st at right|1. rechts
1st|1.
2nd|2.
3rd|3.
4th|4.
%s %d: space %d|%s %d: Feld %d
, ticket %s|, Ticket %s
Kept in Saved games|Bleibt in Spielständen
OK = yes   Back = no|OK = ja   Zurück = nein
Undo the poster|Plakat zurücknehmen
Undo %s's %s|%s setzte %s
in row %d, seat %d?|in Reihe %d, Platz %d?
Undo %s's|%s legte
discard of %s?|%s ab?
bad options|ungültige Optionen
bad start player|ungültiger Startspieler
posters: draw or enter|Plakate: ziehen oder eingeben
Director's Cut needs 12 cards|Director's Cut braucht 12 Karten
cut: cards 1-16, each once|Cut: Karten 1-16, je einmal
bad components|ungültiges Material
no such seat|kein solcher Platz
seat is free: no move|Platz ist frei: kein Wechsel
Linda/Louis pair full|Linda/Louis-Paar voll
Ken can't move Ken|Ken vertreibt Ken nicht
Ken needs a man's seat|Ken: nur Männerplätze
say where to move him|sag, wohin er soll
move target not free|Ziel nicht frei
no free seat beside|kein Platz daneben frei
say where to move|sag, wohin
move to a free side seat|auf freien Nebenplatz
seat taken|Platz besetzt
card 1-16|Karte 1-16
not in Director's Cut|nicht im Director's Cut
person %d already played|Person %d schon gespielt
game over|Spiel vorbei
no poster now|jetzt kein Plakat
no such genre|kein solches Genre
poster already shown|Plakat schon gezeigt
no start player draw now|jetzt keine Startspieler-Auslosung
no such player|kein solcher Spieler
not time to place: poster due|noch nicht setzen: erst das Plakat
not time to place: start player due|noch nicht setzen: erst Startspieler
not your turn|du bist nicht dran
bad to|ungültiges Ziel
genre answer contradicts table|Genre-Antwort widerspricht Tabelle
only in Director's Cut|nur im Director's Cut
discard only when stuck|ablegen nur, wenn nichts passt
stars: one row per player|Sterne: eine Reihe je Spieler
stars: 4 seats a row|Sterne: 4 Plätze je Reihe
stars: 0-9 a seat|Sterne: 0-9 je Platz
genres: card %d missing|Genres: Karte %d fehlt
genres: 16 cards|Genres: 16 Karten
genres: card %d needs %d|Genres: Karte %d braucht %d
genres: unknown genre|Genres: unbekanntes Genre
genres: card %d twice|Genres: Karte %d doppelt
stars: 4 rows of 4 seats|Sterne: 4 Reihen mit 4 Plätzen
stars_checked: true or false|stars_checked: true oder false
"""

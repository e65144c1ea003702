# ruff: noqa: E501  (a table of texts: one text a line, however long)
"""Deutsch: Show Manager's own words (usher.words.game("show_manager"):
loaded while its screens are open, searched before the shell's de.py), a
line each: the English, a "|", the German. The German edition's terms:
Musical, Kredit, Tournee, Mark as "18.000" and places as "1." (usher.ui.
show_manager.draw); a musical's and a city's name as the game prints it.
Short where the OLED's 128 pixels make a line short."""

TEXT = """
Borrow|Kredit aufnehmen
Put on a show|Musical aufführen
Refresh display %s|Neue Auslage %s
Hire free card|Gratis engagieren
Hire for %s|Engagieren für %s
%s %s %d card|%s %s %d Karte
%s %s %d cards|%s %s %d Karten
Game over|Spielende
Final standings|Endstand
OK: more|OK: weiter
Peek my money|Mein Geld ansehen
Points now|Punktestand
* money decided|* Geld entschied
Final: points, money|Ende: Punkte, Geld
Whose money?|Wessen Geld?
%d card in hand|%d Karte auf der Hand
%d cards in hand|%d Karten auf der Hand
free|frei
touring|Tournee
1 card|1 Karte
%d cards|%d Karten
Borrow on|Kredit auf
Borrow on %s|Kredit auf %s
</>: change  OK: next  Back: before|</>: ändern  OK: weiter  Zurück: vorher
%s: %d roles, %s|%s: %d Rollen, %s
premiere|Premiere
%s opens in|%s: Premiere in
 +%d bonus| +%d Bonus
Total %d, miscast|Summe %d, fehlbesetzt
Total %d, +%d bonus|Summe %d, +%d Bonus
%s roles|Rollen: %s
last show: the turn ends|letztes Musical: Zug endet
keeps %d card|behält %d Karte
keeps %d cards|behält %d Karten
OK: put on|OK: aufführen
Back: change|Zurück: ändern
Back|Zurück
Undo %s's hire for %s?|%s: Engagieren für %s zurücknehmen?
Undo %s's free hire?|%s: Gratis-Engagieren zurücknehmen?
Undo %s's refresh for %s?|%s: neue Auslage für %s zurücknehmen?
Undo %s's loan of %s on %s?|%s: Kredit über %s auf %s zurücknehmen?
Undo %s's %s in %s?|%s: %s in %s zurücknehmen?
borrowed %s on %s|lieh %s auf %s
put on %s in %s|führte %s in %s auf
hired free|engagierte gratis
hired for %s|engagierte für %s
refreshed for %s|tauschte die Auslage für %s
refreshed %d times, %s each|tauschte %d-mal die Auslage, je %s
Start|Spiel starten
Start player: %s|Startspieler: %s
Not known: %s|Ungeklärt: %s
%s and %s|%s und %s
OK: edit them now. Back: play as they are.|OK: jetzt eintragen. Zurück: so spielen.
not known: enter from your board|unbekannt: vom Spielbrett ablesen
not known|unbekannt
+ add city|+ Stadt dazu
%s is there already|%s gibt es schon
New city|Neue Stadt
City name|Stadtname
Places: %s|Plätze: %s
at least %d cities|mindestens %d Städte
bad setup|ungültiger Aufbau
the game is over|das Spiel ist vorbei
not your turn|du bist nicht am Zug
no such musical|kein solches Musical
no such city|keine solche Stadt
not enough money|nicht genug Geld
hand full: put on a show first|Hand voll: erst ein Musical aufführen
one loan a turn|nur ein Kredit pro Zug
borrow first in a turn|Kredit nur zu Beginn des Zugs
no such production|keine solche Aufführung
already borrowed on %s|schon Kredit auf %s
borrow 1-%d|Kredit 1-%d
worth only %d|nur %d wert
%d shows stand: no loan|%d Aufführungen stehen: kein Kredit
no show after a refresh|kein Musical nach neuer Auslage
one show a turn|nur ein Musical pro Zug
all %s chips placed|%s: alle Chips gesetzt
%s has %d roles|%s hat %d Rollen
talent 0-%d|Talent 0-%d
only %d card in hand|nur %d Karte auf der Hand
only %d cards in hand|nur %d Karten auf der Hand
would keep %d cards (max %d)|behielte %d Karten (max. %d)
choose a city|wähle eine Stadt
%s shows %s|%s zeigt %s
%s plays in %s|%s läuft in %s
space 0-%d|Feld 0-%d
city needs a name|Stadt braucht einen Namen
%s: %d whole values|%s: %d ganze Zahlen
edition: %s or %s|Ausgabe: %s oder %s
%s: whole, %d or more|%s: ganze Zahl ab %d
bad options|ungültige Optionen
unknown option %s|unbekannte Option %s
bad start player|ungültiger Startspieler
titles: %d musicals|Titel: %d Musicals
titles: a name and 2-9 roles|Titel: ein Name und 2-9 Rollen
touring: one list a musical|Tournee: eine Liste pro Musical
touring: whole values|Tournee: ganze Zahlen
touring: %d chips a musical|Tournee: %d Chips pro Musical
bad components|ungültiges Spielmaterial
hire: 4 costs, the first 0|Engagieren: 4 Preise, der erste 0
"""

# ruff: noqa: E501  (a table of texts: one text a line, however long)
"""Deutsch: Films's own words (usher.words.game("films")), a line each: the
English, a "|", the German; searched before the shell's table (usher.words.de)
while Films's screens are open. No German edition of Films is known: the
cards' kinds and the rulebook's terms are what a German film crew says
(Regisseur, Koordinator, Cutter, Autor, Drehbuch, Verriss), their
two-letter labels taken from them, and short where a line is short (the
OLED's 128 pixels: "Aus: %s (sicher)" for a protected card going out)."""

TEXT = """
T1|T1
T2|T2
Aw|Pr
Sc|Db
Po|Pl
BR|Vr
SP|DP
S2|S2
S3|S3
Di|Re
Co|Ko
Pr|Pz
Ld|HR
Ed|Cu
PO|Pc
SW|Au
Tickets 1|Tickets 1
Tickets 2|Tickets 2
Award|Preis
Script|Drehbuch
Movie Poster|Filmplakat
Bad Review|Verriss
Shooting Problems|Drehprobleme
Studio 2|Studio 2
Studio 3|Studio 3
Director|Regisseur
Prod. Coordinator|Koordinator
Producer|Produzent
Leading Actor|Hauptrolle
Editor|Cutter
Press Officer|Pressechef
Scriptwriter|Autor
Tickets|Tickets
Coordinator|Koordinator
Lead|Hauptrolle
VIP Ticket|VIP-Ticket
Total|Summe
%s chooses|%s wählt
Tie %d: %s has the VIP|Beide %d: VIP bei %s
%s chooses, the VIP goes to %s|%s wählt, VIP geht an %s
locked: %s chooses, keeps it|VIP gesperrt: %s wählt, behält es
Tie %d: %s chooses, VIP to %s|Beide %d: %s wählt, VIP an %s
Tie %d: %s chooses, VIP locked|Beide %d: %s wählt, VIP gesperrt
%s wins the match %d-%d|%s gewinnt die Partie %d-%d
%s leads %d-%d|%s führt %d-%d
Games %d-%d|Spiele %d-%d
OK: tickets|OK: Tickets
OK: next game|OK: nächstes Spiel
%s wins %d-%d|%s gewinnt %d-%d
Who has the VIP?|VIP-Ticket bei wem?
OK: choose|OK: wählen
%s's Shooting Problems|%s: Drehprobleme
OK: hit a card|OK: Karte wählen
%s's Editor|%s: Cutter
OK: swap?|OK: tauschen?
OK: %s places|OK: %s legt
OK: bids|OK: Gebote
%s bid %d|%s bot %d
OK: %s's bid|OK: Gebot von %s
%s has bid|%s hat geboten
OK: pass to %s|OK: an %s geben
no cards|keine Karten
%d tk, hand %d|%d Tk, Hand %d
%dt h%d|%dT H%d
%d tk|%d Tk
Round %d/%d|Runde %d/%d
games %d-%d|Spiele %d-%d
 (used)| (benutzt)
%s: %d tickets|%s: %d Tickets
[ ]: left of the Studio|[ ]: links vom Studio
Labels|Kürzel
Tickets now|Tickets jetzt
%s: weeks|%s: Wochen
Bids, round %d|Gebote, Runde %d
OK: reveal|OK: aufdecken
OK: next|OK: weiter
Round %d: bids|Runde %d: Gebote
Game %d|Spiel %d
Games won|Siege
%s wins (VIP)|%s gewinnt (VIP)
%s wins|%s gewinnt
Game %d: %s|Spiel %d: %s
VIP: %s|VIP: %s
Game %d: who has the VIP?|Spiel %d: VIP bei wem?
Skip|Auslassen
%s to %s|%s wird %s
Turn %s|%s umdrehen
%s's Scriptwriter?|%s: Autor nutzen?
%s turns to|%s wird zu
%s: left of Studio?|%s: links vom Studio?
Skip (room %d)|Auslassen (Platz %d)
Move %d left|%d nach links
room for %d|Platz für %d
Whose?|Wessen?
No room left:|Kein Platz mehr:
it takes no more|es nimmt keine mehr
Only before a reveal:|Nur vor dem Aufdecken:
at the next bids|bei den nächsten Geboten
none is left now|es kommt keins mehr
%s's Studio|%s: Studio
Tickets, Award, Script,|Tickets, Preis, Plakat,
Poster, Bad Review|Drehbuch, Verriss
Shooting Problems,|Drehprobleme,
Studio|Studio
Characters|Personen
%s already there|%s schon da
Turn it over|Umdrehen
Both sides repeat|Beide Seiten doppelt
Other side, on top|Andere Seite oben
the other side|die andere Seite
Other side, under|Andere Seite unten
%s places|%s legt
No swap|Kein Tausch
Out: %s (protected)|Aus: %s (sicher)
Out: %s|Aus: %s
%s's Editor: swap?|%s: Cutter, tauschen?
In for %s|Statt %s
hits a card of %s:|trifft Karte von %s:
Left of the Studio|Links vom Studio
Films setup|Films einrichten
Start|Los
Rounds: %d|Runden: %d
One game|Ein Spiel
Best of three|Bis zwei Siege
Bids: %s|Gebote: %s
private|geheim
open|offen
Undo the new game, the VIP to %s?|Neues Spiel zurücknehmen, VIP an %s?
Undo both bids of round %d?|Beide Gebote von Runde %d zurücknehmen?
Undo %s's bid?|Gebot von %s zurücknehmen?
Undo %s's %d card left of the Studio?|%s: %d Karte links vom Studio zurücknehmen?
Undo %s's %d cards left of the Studio?|%s: %d Karten links vom Studio zurücknehmen?
Undo %s's Scriptwriter: %s on top?|%s: Autor zurücknehmen, %s oben?
Undo %s's %s?|%s: %s zurücknehmen?
Undo %s's Shooting Problems on %s's card %d?|%s: Drehprobleme gegen %s, Karte %d, zurücknehmen?
Undo %s's Editor: no swap?|%s: Cutter ohne Tausch zurücknehmen?
Undo %s's Editor: %s in?|%s: Cutter, %s rein, zurücknehmen?
unknown half|unbekannte Hälfte
one Studio a row|ein Studio pro Reihe
%s already there: turn it over|%s doppelt: umdrehen
%s already there: turn over|%s doppelt: umdrehen
%s there: turn it over|%s doppelt: umdrehen
two different halves|zwei verschiedene Hälften
under only when the top repeats|unten nur, wenn oben doppelt
cards left of the Studio: no turning|Karten links vom Studio: kein Drehen
the other side shows %s|die andere Seite zeigt %s
already on top|liegt schon oben
used already|schon benutzt
no Scriptwriter ready|kein Autor bereit
only before the reveal|nur vor dem Aufdecken
the VIP holder goes first|wer das VIP hat, zuerst
no reveal left in this game|kein Aufdecken mehr in diesem Spiel
no Studio|kein Studio
the Studio is full|das Studio ist voll
only before a reveal: at the next bids|erst wieder bei den nächsten Geboten
no such player|kein solcher Spieler
no such card|keine solche Karte
no %s due|kein %s fällig
finish the effect first|erst den Effekt beenden
a game is in play|ein Spiel läuft
not the bidding|jetzt wird nicht geboten
already bid|schon geboten
weeks 0-%d|Wochen 0-%d
not the placing|jetzt wird nicht gelegt
%s places now|jetzt legt %s
bad pos|falsche Position
not a card that can move|keine Karte, die sich bewegen darf
room for %d more|Platz für %d weitere
that card is protected|diese Karte ist geschützt
missing out|out fehlt
2 players|2 Spieler
player needs a name|Spieler braucht einen Namen
bad options|falsche Optionen
unknown option %s|unbekannte Option %s
rounds: 8 or 10|Runden: 8 oder 10
best_of: 1 or 3|best_of: 1 oder 3
bids: private or open|Gebote: geheim oder offen
Films needs no components|Films braucht kein Material
bad setup|falsches Setup
the match is over|die Partie ist vorbei
no game in play|kein Spiel läuft
"""

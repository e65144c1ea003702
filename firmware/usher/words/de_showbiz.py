# ruff: noqa: E501  (a table of texts: one text a line, however long)
"""Deutsch: Showbiz's own words (usher.words.game("showbiz") loads them while
its screens are open; t() reads them before the shell's usher.words.de): a
line each, the English, a "|", the German. The terms follow the German
edition (Hexagames) and the laptop: ZE, Generalagent, Geschmack, Prognose,
Vertrag, Spalte, Künstler, Anspruch; short where a line is short (the
OLED's 128 pixels). A refusal's template is here too (usher.words.said)."""

TEXT = """
Year %d|Jahr %d
%s is agent|%s ist Generalagent
Taste|Geschmack
Next|Dann
forecast die %d|Prognosewürfel %d
Drew %d artist|%d Künstler gezogen
Drew %d artists|%d Künstler gezogen
Taste roll %d vs %d:|Wurf %d gegen %d:
forecast comes true|Prognose trifft ein
new taste row|neuer Geschmack
End roll %d (1-%d ends)|Endwurf %d (1-%d endet)
game over|Spielende
one more year|noch ein Jahr
%s picks|%s wählt
Claim|Anspruch auf
 for %d year|, %d Jahr
 for %d years|, %d Jahre
column %d|Spalte %d
Back in the bag; new in the pool:|Zurück in den Beutel; neu im Pool:
Tie: %s wins %s|%s gewinnt %s
as it is %s's turn|da %s am Zug ist
%s wins %s|%s gewinnt %s
Tie: round %d|Gleichstand: Runde %d
Tie: nobody signs|Gleichstand: niemand
Game over|Spiel vorbei
%s wins, %d pts|%s gewinnt, %d Pkt
OK: standings|OK: Endstand
General agent?|Generalagent?
OK: draw|OK: ziehen
OK: choose|OK: wählen
taste row|Geschmack
forecast + die|Prognose
draw artists|neue Künstler
taste roll vs %d|Wurf gegen %d
end roll, 1-%d ends|Endwurf, 1-%d endet
OK: roll|OK: würfeln
OK: enter|OK: eingeben
OK: pick|OK: wählen
OK: who claims (1 ZE)|OK: Ansprüche (1 ZE)
Bids on|Gebote für
 round %d| Runde %d
Bid: %s|Geboten: %s
Waiting: %s|Offen: %s
OK: pass to %s|OK: weiter an %s
OK: years|OK: Laufzeit
Pool %d|Pool %d
Taste y%d|Geschmack J%d
%s %dpt|%s %d Pkt
Storage %d ZE|Ablage %d ZE
Now|Jetzt
Not drawn yet|Noch nicht gezogen
roll %d vs die %d|Wurf %d gg. Würfel %d
%dy|%dJ
taste %d = %d pts|%d Treffer = %d Pkt
Y%d|J%d
Tot|Ges
Bid for %s|Gebot für %s
Bid for %s, round %d|Gebot für %s, R. %d
0-%d: the claim took 1 ZE|0-%d: 1 ZE schon gezahlt
0-%d: all your ZE|0-%d: alle deine ZE
%s signs|%s nimmt
Break contract|Vertrag brechen
Peek my ZE|Meine ZE ansehen
Claim %s for 1 ZE?|Wer will %s, 1 ZE?
Nobody claims|Kein Anspruch
Done: %d claim|Fertig: %d Anspruch
Done: %d claims|Fertig: %d Ansprüche
 year| Jahr
 years| Jahre
Column %d|Spalte %d
Column|Spalte
col %d|Spalte %d
, hold OK: other|, OK lang: andere
 (hold OK)| (OK lang)
Bids for|Gebote für
Bids round %d for|Runde %d: Gebote für
Year %d scored|Jahr %d gewertet
No contract ends|Kein Vertrag endet
(if play goes on)|(falls es weitergeht)
Back in the bag:|Zurück in den Beutel:
To the bag:|In den Beutel:
Storage: +%d ZE each|Ablage: je +%d ZE
Storage empty: no ZE|Ablage leer: keine ZE
%d ZE out of play|%d ZE aus dem Spiel
Final standings|Endstand
Who breaks?|Wer bricht?
c%d, %dy: %d ZE|Sp%d, %dJ: %d ZE
%s breaks|%s bricht
New artist|Neuer Künstler
Costs %d ZE. %s goes back in the bag, a new artist into the pool.|Kostet %d ZE. %s kommt zurück in den Beutel, ein neuer Künstler in den Pool.
Costs %d ZE; to the bag|Kostet %d ZE; in den Beutel
Break %s's %s?|Vertrag von %s brechen (%s)?
Whose ZE?|Wessen ZE?
your bid: %d|dein Gebot: %d
bag has no %s left|keins mehr: %s
OK: add %s|OK: %s dazu
General agent|Generalagent
Taste row|Geschmacksreihe
Forecast die|Prognosewürfel
Forecast|Prognose
Artists|Künstler
Taste roll|Geschmackswurf
End roll|Endwurf
ZE: public|ZE: offen
ZE: private|ZE: geheim
Draws: device|Ziehen: Gerät
Draws: entered|Ziehen: am Tisch
Showbiz setup|Showbiz einrichten
Start|Los
Agent: draw|Agent: zufällig
Agent: %s|Agent: %s
Start year: %d|Startjahr: %d
Start year|Startjahr
Undo %s's bid of round %d?|Gebot von %s in Runde %d zurücknehmen?
Undo both bids of round %d?|Beide Gebote der Runde %d zurücknehmen?
Undo the %d bids of round %d?|Die %d Gebote der Runde %d zurücknehmen?
Undo %s as general agent?|%s als Generalagent zurücknehmen?
Undo the %d artists into the pool?|Die %d Künstler im Pool zurücknehmen?
Undo the year's taste?|Geschmack des Jahres zurücknehmen?
Undo the forecast?|Prognose zurücknehmen?
Undo the taste roll?|Geschmackswurf zurücknehmen?
Undo the end roll?|Endwurf zurücknehmen?
Undo %s's pick: %s?|Wahl von %s zurücknehmen: %s?
Undo "Nobody claims"?|"Kein Anspruch" zurücknehmen?
Undo the claims of %s?|Ansprüche von %s zurücknehmen?
Undo %s's contract: %s, %d years?|Vertrag von %s zurücknehmen: %s, %d J.?
Undo %s's broken contract, column %d?|Vertragsbruch von %s zurücknehmen, Spalte %d?
no player %d|kein Spieler %d
unknown colour|unbekannte Farbe
draw exactly %d pieces|genau %d Teile ziehen
die is 1-6|Würfel: nur 1-6
the game is over|das Spiel ist vorbei
waiting for the general agent|warte auf den Generalagenten
waiting for the taste row|warte auf die Geschmacksreihe
waiting for the forecast|warte auf die Prognose
waiting for the artist draw|warte auf neue Künstler
waiting for a pick|warte auf eine Wahl
waiting for the claims|warte auf die Ansprüche
waiting for the bids|warte auf die Gebote
waiting for the contract|warte auf den Vertrag
waiting for the end roll|warte auf den Endwurf
waiting for the taste roll|warte auf den Geschmackswurf
not your turn|du bist nicht dran
no %s in the pool|kein %s im Pool
bad player in claims|ungültiger Spieler im Anspruch
the picker can't claim|wer wählt, kann nicht beanspruchen
%s has six artists|%s hat sechs Künstler
%s has no ZE to claim|%s: keine ZE für Anspruch
a player can claim once|nur ein Anspruch je Spieler
bid is for round %d|Gebot gilt für Runde %d
%s is not bidding|%s bietet nicht mit
%s has already bid|%s hat schon geboten
bid 0 ZE or more|Gebot: 0 ZE oder mehr
bid above your %d ZE|Gebot über deinen %d ZE
column is 1-%d|Spalte ist 1-%d
not your artist|nicht dein Künstler
column %d is taken|Spalte %d ist belegt
contract is 1-%d years|Vertrag: 1-%d Jahre
%s is bidding|%s bietet gerade
column %d is empty|Spalte %d ist leer
breaking costs %d ZE|Bruch kostet %d ZE
unknown option %s|unbekannte Option %s
draws: device or entered|Ziehen: Gerät oder am Tisch
public_money: true or false|public_money: true oder false
start year is 1-%d|Startjahr ist 1-%d
bad components|ungültiges Spielmaterial
bags need the same colours|Beutel brauchen dieselben Farben
taste bag needs %d pieces|Geschmacksbeutel braucht %d Teile
artist bag needs %d pieces|Künstlerbeutel braucht %d Teile
points: %d numbers|Punkte: %d Zahlen
bad counts, points or ZE|ungültige Anzahl, Punkte oder ZE
"""

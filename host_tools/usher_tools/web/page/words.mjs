// The page's words in the person's language, English or German. English is
// the code's own text: t("Connect your Pico") is that text while the page
// speaks English, its entry in DE below while it speaks German (a text DE
// lacks stays English; tests/host/web/test_web_words.py keeps DE and the
// page's texts in step). A text with values has slots, filled in order: %s
// as given, %d a number written the language's way (36,000 or 36.000).
//
// Never translated, so a game reads the same in either language: player
// names, game titles, records, the device's own words (its questions), the
// laptop's (a replay's problem) and what goes to BG Stats (its file, links).
//
// The language: the one picked on the page (kept in localStorage), else the
// browser's first of English and German, else English. It holds for the
// page's life: a change reloads the page (app.mjs), so every text, the
// device's too, is made afresh in it. index.html marks its words: data-t an
// element's content (markup and all, its spaces collapsed), data-t-attr the
// attributes named; they are put in German when this module loads.
//
// Safe in the scorer's worker too (device.mjs is imported there): no document
// or storage is touched where there is none.

export const LANGS = ["en", "de"];
const KEY = "usher-lang"; // localStorage
const LOCALES = { en: "en-US", de: "de-DE" };

/** @type {Record<string, string>} */
export const DE = {
  // the device's keys (app.mjs)
  "prev": "vorige",
  "next": "nächste",
  "back": "zurück",
  "up": "hoch",
  "down": "runter",
  "left": "links",
  "right": "rechts",
  "press": "drücken",
  // the page's device (app.mjs, device.mjs)
  "Starting the device…": "Das Gerät startet…",
  "This board is running in another tab of this browser: close that tab, or pick the other board.": "Dieses Board läuft schon in einem anderen Tab dieses Browsers: Schließ den Tab oder wähl das andere Board.",
  "This browser keeps no storage for this page: the games go when the page closes.": "Dieser Browser speichert nichts für diese Seite: Die Spiele sind weg, sobald die Seite zugeht.",
  "the device did not start: %s": "das Gerät ist nicht gestartet: %s",
  "the flash could not be saved: %s": "der Flash konnte nicht gesichert werden: %s",
  "The power went (a test's power cut).": "Der Strom ist weg (der Stromausfall eines Tests).",
  "the device stopped: %s": "das Gerät ist stehen geblieben: %s",
  "cannot load %s: %s": "%s lässt sich nicht laden: %s",
  "%s is not a firmware pack": "%s ist kein Firmware-Paket",
  "the firmware did not start: %s": "die Firmware ist nicht gestartet: %s",
  "Asking the device for its records…": "Frage das Gerät nach seinen Aufzeichnungen…",
  "1 record downloaded": "1 Aufzeichnung heruntergeladen",
  "%d records downloaded": "%d Aufzeichnungen heruntergeladen",
  "; %d refused on the device": "; %d am Gerät abgelehnt",
  "; %d did not arrive whole (try again)": "; %d nicht vollständig angekommen (noch einmal versuchen)",
  ". usher import FILE… puts them into your history.": ". usher import DATEI… legt sie in deinen Verlauf.",
  "Download failed: %s": "Herunterladen fehlgeschlagen: %s",
  "Erase the simulated device": "Simuliertes Gerät löschen",
  "Erase every game on the simulated device? Click again": "Alle Spiele auf dem simulierten Gerät löschen? Noch einmal klicken",
  "A blank board: no games, default settings.": "Ein leeres Board: keine Spiele, Standardeinstellungen.",
  "Downloading %d of %d records…": "Lade %d von %d Aufzeichnungen herunter…",
  "Downloading: the device asks for OK (Back refuses)…": "Herunterladen: Das Gerät fragt nach OK (Zurück lehnt ab)…",
  "Press OK on the device to hand over a record that holds secrets (Back refuses).": "Drück OK am Gerät, um eine Aufzeichnung mit Geheimnissen herauszugeben (Zurück lehnt ab).",
  // the sync (link.mjs, sync.mjs, transport.mjs, history.mjs, scorer.mjs)
  "a game open on the device leaves too little memory for the link: leave the game (Back, then Save & leave) and sync again": "ein offenes Spiel auf dem Gerät lässt der Verbindung zu wenig Speicher: Spiel verlassen (Zurück, dann Sichern & beenden) und neu abgleichen",
  "the device is already asking something: answer it on the device first": "das Gerät fragt schon etwas: Beantworte das zuerst am Gerät",
  "the device refused %s: %s": "das Gerät hat %s abgelehnt: %s",
  "the request": "die Anfrage",
  "the pull": "das Holen",
  "the device sends a stream without line endings: that is not Usher's sync": "das Gerät sendet einen Datenstrom ohne Zeilenenden: Das ist nicht Ushers Abgleich",
  "the device went away (unplugged?)": "das Gerät ist weg (ausgesteckt?)",
  "this Pico runs MicroPython but not Usher (or Usher is in safe mode): put Usher on it (below), then sync": "auf diesem Pico läuft MicroPython, aber nicht Usher (oder Usher ist im abgesicherten Modus): Usher aufspielen (unten), dann abgleichen",
  "the device sends data, but not in Usher's sync protocol: is this an Usher Pico?": "das Gerät sendet Daten, aber nicht in Ushers Abgleichprotokoll: Ist das ein Pico mit Usher?",
  "no answer from the device: is Usher running on it (its home screen showing)?": "keine Antwort vom Gerät: Läuft Usher darauf (und zeigt den Startbildschirm)?",
  "no answer from the device": "keine Antwort vom Gerät",
  "the device could not read the page's request (%s)": "das Gerät konnte die Anfrage der Seite nicht lesen (%s)",
  "the device's hello lacks %s: is this an Usher Pico?": "dem Hallo des Geräts fehlt %s: Ist das ein Pico mit Usher?",
  "the device speaks sync protocol %s, this page %s: update %s": "das Gerät spricht Abgleichprotokoll %s, diese Seite %s: Aktualisiere %s",
  "this page (reload it)": "diese Seite (neu laden)",
  "the Pico's firmware (below)": "die Firmware des Picos (unten)",
  "a list without games": "eine Liste ohne Spiele",
  "a list with a bad next page": "eine Liste mit falscher nächster Seite",
  "nobody pressed OK on the device": "niemand hat am Gerät OK gedrückt",
  "nobody pressed OK on the device: after a minute it withdrew the question": "niemand hat am Gerät OK gedrückt: Nach einer Minute hat es die Frage zurückgezogen",
  "the device sent a game it was not asked for": "das Gerät hat ein Spiel geschickt, nach dem nicht gefragt war",
  "refused on the device (Back was pressed)": "am Gerät abgelehnt (Zurück gedrückt)",
  "Checking %s with the firmware's own rules…": "Prüfe %s mit den Regeln der Firmware…",
  "Bringing %s…": "Hole %s…",
  "Bringing %s from byte %d…": "Hole %s ab Byte %d…",
  "Bringing %d games…": "Hole %d Spiele…",
  "deleted on the device during the sync": "während des Abgleichs am Gerät gelöscht",
  "the transfer kept failing: sync again": "die Übertragung ist wiederholt gescheitert: neu abgleichen",
  "%s came back different from the finished game kept before: both kept": "%s kam anders zurück als das zuvor behaltene beendete Spiel: beide behalten",
  "the checking VM stopped: %s": "die prüfende VM ist stehen geblieben: %s",
  "an error": "ein Fehler",
  "replay failed: %s": "Nachspielen fehlgeschlagen: %s",
  "the page's device is off": "das Gerät dieser Seite ist aus",
  "Syncing a Pico needs this page over https (or on localhost).": "Für den Abgleich mit einem Pico muss diese Seite über https laufen (oder auf localhost).",
  "This browser cannot talk to a Pico over USB: syncing needs Chrome or Edge on a computer (Web Serial). The firmware download below works in any browser.": "Dieser Browser kann nicht per USB mit einem Pico sprechen: Der Abgleich braucht Chrome oder Edge auf einem Computer (Web Serial). Der Firmware-Download unten geht in jedem Browser.",
  "the Pico's port is already open in this page: wait for the sync that runs": "der Port des Picos ist in dieser Seite schon offen: Warte auf den laufenden Abgleich",
  "the Pico's port is busy: another program holds it (usher, mpremote, Thonny, another tab): close that, then connect again": "der Port des Picos ist belegt: Ein anderes Programm hält ihn (usher, mpremote, Thonny, ein anderer Tab): Schließ es und verbinde dann neu",
  "this page may not use the serial port here (it needs https or localhost)": "diese Seite darf den seriellen Port hier nicht nutzen (sie braucht https oder localhost)",
  "the Pico's port did not open: %s": "der Port des Picos ließ sich nicht öffnen: %s",
  "the Pico went away in the middle (unplugged?): sync again once it is back": "der Pico ist mittendrin verschwunden (ausgesteckt?): neu abgleichen, sobald er wieder da ist",
  "closed": "geschlossen",
  // the sync's lines and the list (pico.mjs)
  "Device %s (firmware %s): ": "Gerät %s (Firmware %s): ",
  "Another tab of this browser is syncing: wait for it, or close it.": "Ein anderer Tab dieses Browsers gleicht gerade ab: Warte darauf oder schließ ihn.",
  "This browser keeps no storage for this page: nothing could be kept.": "Dieser Browser speichert nichts für diese Seite: Nichts konnte behalten werden.",
  "Asking the Pico for its games…": "Frage den Pico nach seinen Spielen…",
  "Asking the page's device for its games…": "Frage das Gerät dieser Seite nach seinen Spielen…",
  "No Pico picked. Plug it in (Usher's home screen showing) and connect again.": "Kein Pico ausgewählt. Steck ihn an (Usher zeigt den Startbildschirm) und verbinde neu.",
  "The page's device is off or busy.": "Das Gerät dieser Seite ist aus oder beschäftigt.",
  "Press OK on the device to send the game here (Back refuses). It asks: “%s”": "Drück OK am Gerät, um das Spiel herzuschicken (Zurück lehnt ab). Es fragt: „%s“",
  "Sync failed: %s": "Abgleich fehlgeschlagen: %s",
  "1 game brought": "1 Spiel geholt",
  "%d games brought": "%d Spiele geholt",
  ", %d already here": ", %d schon hier",
  "%s not brought: %s": "%s nicht geholt: %s",
  "nobody pressed OK on the device in time": "niemand hat rechtzeitig am Gerät OK gedrückt",
  "it did not arrive whole (sync again)": "es kam nicht vollständig an (neu abgleichen)",
  "; %d flagged: the page's replay disagrees with the device": "; %d markiert: Die Nachrechnung der Seite weicht vom Gerät ab",
  "Sync stopped: %s": "Abgleich abgebrochen: %s",
  "sync stopped: %s": "Abgleich abgebrochen: %s",
  " 1 game came whole and is kept.": " 1 Spiel kam vollständig und ist gesichert.",
  " %d games came whole and are kept.": " %d Spiele kamen vollständig und sind gesichert.",
  "%s (%d of %d bytes)": "%s (%d von %d Bytes)",
  " %s came in part, kept: the next sync goes on from there.": " %s kam nur zum Teil, gesichert: Der nächste Abgleich macht dort weiter.",
  "and": "und",
  "date not known": "Datum unbekannt",
  "%s (first sync)": "%s (erster Abgleich)",
  "not brought: %s": "nicht geholt: %s",
  "partial: %d of %d bytes (sync again)": "unvollständig: %d von %d Bytes (neu abgleichen)",
  "cannot be replayed: %s": "nicht nachspielbar: %s",
  "flagged: %s": "markiert: %s",
  "finished": "beendet",
  "unfinished": "nicht beendet",
  "%s won": "Sieg: %s",
  "%s (an earlier copy, kept)": "%s (eine frühere Fassung, behalten)",
  "Standings": "Endstand",
  // BG Stats and the record files (pico.mjs)
  "BG Stats links could not be made: %s": "BG-Stats-Links ließen sich nicht erstellen: %s",
  "Add to BG Stats": "Zu BG Stats hinzufügen",
  "Add to BG Stats (game %s)": "Zu BG Stats hinzufügen (Spiel %s)",
  "too long for a QR code: open the link on the phone": "zu lang für einen QR-Code: Öffne den Link auf dem Telefon",
  "The BG Stats file could not be made: %s": "Die BG-Stats-Datei ließ sich nicht erstellen: %s",
  "%d plays in usher-bgstats.json: open it with BG Stats on the phone to add them (not as a backup to restore: that replaces what the app holds).": "%d Partien in usher-bgstats.json: Öffne die Datei mit BG Stats auf dem Telefon, um sie hinzuzufügen (nicht als Backup zum Wiederherstellen: Das ersetzt, was die App enthält).",
  "%s is not a BG Stats export: not JSON": "%s ist kein BG-Stats-Export: kein JSON",
  "%s is not a BG Stats export: %s": "%s ist kein BG-Stats-Export: %s",
  "%s could not be read here (%s): usher export --like takes it on a laptop.": "%s ließ sich hier nicht lesen (%s): usher export --like nimmt die Datei auf einem Laptop.",
  "Using %s (%d players, %d games; you are %s): the BG Stats file keeps the ones you have.": "Verwende %s (%d Spieler, %d Spiele; du bist %s): Die BG-Stats-Datei behält, was du schon hast.",
  "Using %s (%d players, %d games): the BG Stats file keeps the ones you have.": "Verwende %s (%d Spieler, %d Spiele): Die BG-Stats-Datei behält, was du schon hast.",
  "%d record files: usher import FILE… puts them into the laptop's history.": "%d Aufzeichnungsdateien: usher import DATEI… legt sie in den Verlauf des Laptops.",
  // the firmware (pico.mjs, uf2.mjs)
  "The firmware (usher-VERSION.uf2 for a Pico, usher-pico2-VERSION.uf2 for a Pico 2) comes with a release of Usher; this page was served without one (a development checkout: make uf2 builds both).": "Die Firmware (usher-VERSION.uf2 für einen Pico, usher-pico2-VERSION.uf2 für einen Pico 2) kommt mit einem Release von Usher; diese Seite wurde ohne eines ausgeliefert (ein Entwicklungsstand: make uf2 baut beide).",
  "Download %s": "%s herunterladen",
  " for a %s (%s, %d KB, sha256 ": " für einen %s (%s, %d KB, sha256 ",
  "This browser cannot write to the drive itself: download the file for your board and drag it onto its drive (RPI-RP2 or RP2350).": "Dieser Browser kann nicht selbst auf das Laufwerk schreiben: Lade die Datei für dein Board herunter und zieh sie auf sein Laufwerk (RPI-RP2 oder RP2350).",
  "could not fetch %s (%s)": "%s ließ sich nicht abrufen (%s)",
  "the downloaded file does not match its sha256: reload the page and try again": "die heruntergeladene Datei passt nicht zu ihrer sha256: Lade die Seite neu und versuch es noch einmal",
  "no firmware file on this site": "keine Firmware-Datei auf dieser Seite",
  "No drive picked.": "Kein Laufwerk ausgewählt.",
  "Writing Usher %s…": "Schreibe Usher %s…",
  "Not written: %s": "Nicht geschrieben: %s",
  "that folder is not a Pico's boot drive (no INFO_UF2.TXT): hold BOOTSEL while you plug the Pico in, then pick the RPI-RP2 (Pico) or RP2350 (Pico 2) drive": "dieser Ordner ist kein Boot-Laufwerk eines Picos (kein INFO_UF2.TXT): Halte BOOTSEL gedrückt, während du den Pico einsteckst, und wähl dann das Laufwerk RPI-RP2 (Pico) oder RP2350 (Pico 2)",
  "a drive of another kind": "ein Laufwerk anderer Art",
  "%s for the %s": "%s für den %s",
  "this drive is %s (its INFO_UF2.TXT), not a Pico (RP2040) nor a Pico 2 (RP2350); this site has %s": "dieses Laufwerk ist %s (laut INFO_UF2.TXT), weder ein Pico (RP2040) noch ein Pico 2 (RP2350); diese Seite hat %s",
  "this drive is an %s, and this site has only %s": "dieses Laufwerk ist ein %s, und diese Seite hat nur %s",
  "%s is not a UF2 for a Pico (RP2040) nor a Pico 2 (RP2350)": "%s ist keine UF2-Datei für einen Pico (RP2040) oder Pico 2 (RP2350)",
  "%s is for the %s, this drive is an %s": "%s ist für den %s, dieses Laufwerk ist ein %s",
  "%s is for the %s, this drive is %s (its INFO_UF2.TXT)": "%s ist für den %s, dieses Laufwerk ist %s (laut INFO_UF2.TXT)",
  "the drive refused the file: %s": "das Laufwerk hat die Datei abgelehnt: %s",
  "written: the %s restarts with Usher (its drive went away, as it should)": "geschrieben: Der %s startet mit Usher neu (sein Laufwerk ist verschwunden, wie es sein soll)",
  "written: the %s restarts with Usher in a moment": "geschrieben: Der %s startet gleich mit Usher neu",
  // index.html: data-t (an element's content), data-t-attr (its attributes)
  "Usher in a browser": "Usher im Browser",
  "Language": "Sprache",
  "The scorekeeper and referee for four board games, Showtime, Showbiz, Show Manager and Films, with Dice &amp; draws for any game: its real firmware, running here on MicroPython's WebAssembly port, exactly as it runs on a Raspberry Pi Pico.": "Punktezähler und Schiedsrichter für vier Brettspiele, Showtime, Showbiz, Show Manager und Films, dazu Würfeln &amp; Losen für jedes Spiel: Hier läuft seine echte Firmware auf dem WebAssembly-Port von MicroPython, genau wie auf einem Raspberry Pi Pico.",
  "Your own Pico: <a href=\"#pico\">sync its games</a> (and on to BG Stats) or <a href=\"#firmware\">put Usher on it</a>. The device below is a simulated one, in this page.": "Dein eigener Pico: <a href=\"#pico\">seine Spiele abgleichen</a> (und weiter zu BG Stats) oder <a href=\"#firmware\">Usher aufspielen</a>. Das Gerät unten ist simuliert, hier in der Seite.",
  "Board": "Board",
  "OLED 128x64 (DIY)": "OLED 128x64 (Eigenbau)",
  "The device": "Das Gerät",
  "The device's screen": "Der Bildschirm des Geräts",
  "Download records": "Aufzeichnungen herunterladen",
  "Hand over the game records, as usher sync would pull them (a game that still holds secrets needs OK on the device)": "Die Spielaufzeichnungen herausgeben, wie usher sync sie holen würde (ein Spiel, das noch Geheimnisse hat, braucht OK am Gerät)",
  "A blank board for the device on this page: its games in this browser are erased; a Pico is not touched": "Ein leeres Board für das Gerät dieser Seite: Seine Spiele in diesem Browser werden gelöscht; ein Pico bleibt unberührt",
  "Your Pico: the games, checked, to BG Stats": "Dein Pico: die Spiele, geprüft, zu BG Stats",
  "Plug in your Pico (Usher's home screen showing) and connect: the page brings every new or changed game, as <code>usher sync</code> does, checks each one with the firmware's own rules and keeps it in this browser. A game that still holds secrets comes only after OK on the device.": "Steck deinen Pico an (Usher zeigt den Startbildschirm) und verbinde ihn: Die Seite holt jedes neue oder geänderte Spiel, wie <code>usher sync</code> es tut, prüft jedes mit den Regeln der Firmware und bewahrt es in diesem Browser auf. Ein Spiel, das noch Geheimnisse hat, kommt erst nach OK am Gerät.",
  "Connect your Pico": "Pico verbinden",
  "Web Serial: pick the Pico (Raspberry Pi, USB) once; later syncs find it again": "Web Serial: den Pico (Raspberry Pi, USB) einmal auswählen; spätere Abgleiche finden ihn wieder",
  "Sync this page's device": "Gerät dieser Seite abgleichen",
  "The same sync, from the device on this page": "Derselbe Abgleich, mit dem Gerät dieser Seite",
  "No games synced yet.": "Noch keine Spiele abgeglichen.",
  "Game": "Spiel",
  "Date": "Datum",
  "Players": "Spieler",
  "Result": "Ergebnis",
  "State": "Status",
  "BG Stats file": "BG-Stats-Datei",
  "Every finished game as a BG Stats import file": "Jedes beendete Spiel als BG-Stats-Importdatei",
  "Use my BG Stats export": "Meinen BG-Stats-Export verwenden",
  "Your own export from BG Stats (JSON): the file then keeps the ids of the players, games and location you already have, so no second Anna": "Dein eigener Export aus BG Stats (JSON): Die Datei behält dann die IDs der Spieler, Spiele und des Orts, die du schon hast, also keine zweite Anna",
  "Records for usher import": "Aufzeichnungen für usher import",
  "The record files, for usher import on a laptop": "Die Aufzeichnungsdateien, für usher import auf einem Laptop",
  "Put Usher on a Pico": "Usher auf einen Pico aufspielen",
  "Hold the <b>BOOTSEL</b> button on the Pico while you plug it in: a drive named <b>RPI-RP2</b> (a Pico) or <b>RP2350</b> (a Pico 2) appears.": "Halte die Taste <b>BOOTSEL</b> am Pico gedrückt, während du ihn einsteckst: Ein Laufwerk namens <b>RPI-RP2</b> (ein Pico) oder <b>RP2350</b> (ein Pico 2) erscheint.",
  "Drag the <code>.uf2</code> file for that board onto the drive, or press <b>Write to the Pico</b> and pick the drive: the page writes the file made for its chip.": "Zieh die <code>.uf2</code>-Datei für dieses Board auf das Laufwerk oder drück <b>Auf den Pico schreiben</b> und wähl das Laufwerk: Die Seite schreibt die Datei für seinen Chip.",
  "The Pico restarts by itself and shows Usher's home screen; its saved games stay.": "Der Pico startet von selbst neu und zeigt Ushers Startbildschirm; seine Spielstände bleiben.",
  "Write to the Pico": "Auf den Pico schreiben",
  "Playing": "Spielen",
  "<kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd> move, <kbd>Enter</kbd> is OK, <kbd>Backspace</kbd> or <kbd>Esc</kbd> is back; hold a key for a long press. On a touch screen, use the joystick and keys around the screen. Games are kept in this browser (as the Pico keeps them in its flash) and survive a reload.": "<kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd> bewegen, <kbd>Enter</kbd> ist OK, <kbd>Backspace</kbd> oder <kbd>Esc</kbd> ist Zurück; eine Taste gehalten ist ein langer Druck. Auf einem Touchscreen dienen Joystick und Tasten rund um den Bildschirm. Die Spiele bleiben in diesem Browser (wie der Pico sie in seinem Flash behält) und überstehen ein Neuladen.",
  "<b>Download records</b> hands over each game's record file, as the device's USB sync would: <code>usher import usher-*.log</code> puts them into your laptop's history, <code>usher score FILE</code> replays one.": "<b>Aufzeichnungen herunterladen</b> gibt die Aufzeichnungsdatei jedes Spiels heraus, wie es der USB-Abgleich des Geräts täte: <code>usher import usher-*.log</code> legt sie in den Verlauf deines Laptops, <code>usher score DATEI</code> spielt eine nach.",
};

// The browser's languages, best first: the first English or German one wins.
/** @param {readonly string[]} list */
export function browserLang(list) {
  for (const l of list) {
    const code = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage refused (or a worker): the browser's language
  }
}

function pick() {
  const s = stored();
  if (LANGS.includes(s)) return s;
  if (typeof navigator === "undefined") return "en";
  return browserLang(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""]);
}

let on = pick();

export const lang = () => on;

// Keep `code` as the page's language; true if it differs from the one the
// page speaks now (the caller reloads the page into it).
/** @param {string} code */
export function setLang(code) {
  if (!LANGS.includes(code)) return false;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // storage refused: this page still changes, a later one follows the browser
  }
  const changed = code !== on;
  on = code;
  return changed;
}

/** @param {string} text */
const word = (text) => (on === "de" && DE[text]) || text;

/**
 * @param {number} n
 */
export const num = (n) => Number(n).toLocaleString(LOCALES[on]);

/**
 * @param {string} text
 * @param {...any} args
 */
export function t(text, ...args) {
  let i = 0;
  return word(text).replace(/%[sd]/g, (slot) => {
    const v = args[i++];
    return slot === "%d" ? num(v) : String(v);
  });
}

// A date and time the page shows, in this computer's zone: English keeps
// the laptop's own "2026-12-04 19:30" (as its history and BG Stats date a
// play), German writes it out ("4. Dezember 2026, 19:30").
/** @param {number} seconds */
export function dateTime(seconds) {
  const d = new Date(seconds * 1000);
  if (on === "en") {
    const p = (n) => String(n).padStart(2, "0");
    return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + " " + p(d.getHours()) + ":" + p(d.getMinutes());
  }
  const day = new Intl.DateTimeFormat(LOCALES[on], { day: "numeric", month: "long", year: "numeric" }).format(d);
  return day + ", " + new Intl.DateTimeFormat(LOCALES[on], { hour: "2-digit", minute: "2-digit" }).format(d);
}

// The key of a marked element of index.html: its markup, spaces collapsed
/** @param {string} html */
export const htmlKey = (html) => html.replace(/\s+/g, " ").trim();

function translatePage() {
  if (typeof document === "undefined" || on === "en") return;
  document.documentElement.lang = on;
  for (const el of document.querySelectorAll("[data-t]")) el.innerHTML = word(htmlKey(el.innerHTML));
  for (const el of document.querySelectorAll("[data-t-attr]")) {
    for (const name of el.getAttribute("data-t-attr").split(" ")) el.setAttribute(name, word(el.getAttribute(name)));
  }
}

translatePage();

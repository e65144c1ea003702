"""Hardware profiles, display drivers, buttons, storage and the USB link.
The package stays imported while Usher runs, so it holds only the names of
the profiles (what is saved of the board, usher.board.saved, is read and
let go)."""

# every board profile: the module here of that name (its PROFILE), and what
# Settings calls it. Kept here, not in the modules: Settings names them
# without importing a profile's code or usher.board.saved. The one saved in
# usher.board.saved.PROFILE_FILE on the data folder is used at power-on.
PROFILES = (("lcd114", "LCD 1.14"), ("oled", "OLED"))

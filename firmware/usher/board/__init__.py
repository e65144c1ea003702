"""Hardware profiles, display drivers, buttons, storage and the USB link.
Kept empty: the package stays imported while Usher runs (what is saved of
the board, usher.board.saved, is read and let go)."""

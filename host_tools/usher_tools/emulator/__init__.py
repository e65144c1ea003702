"""An emulated RP2040 (rp2040js under Node) that runs the rp2 port's
firmware with each board profile wired as the real board is: the board
(board.py, board.mjs, the boot ROM in bootrom/), its flash image (flash.py)
and the simulator's scripts on it (script.py). Needs `make setup`'s .node."""

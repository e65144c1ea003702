"""The 32-bit meter's extras on the WebAssembly device (usher_tools/wasm/vm/
wasmdev.py, which the web page runs too): what the meter reads that the page
does not. Loaded beside it by runner.mjs; development kit only.

- `step`: wasmdev's, keeping the count of the app's memory recoveries,
  which a power cut would otherwise take with the app;
- `recoveries`: that count (the times the heap ran out and the app started
  again from flash; never on this port, whose heap grows instead)."""

import wasmdev

_seen = [0]  # App.recoveries at the latest step


def step(levels, n):
    app = wasmdev._state.get("app")
    r = wasmdev.step(levels, n)
    if app is not None:
        _seen[0] = app.recoveries
    return r


def recoveries():
    app = wasmdev._state.get("app")
    return app.recoveries if app is not None else _seen[0]

"""Boot entry on the Pico: wire the board profile, storage and the app loop."""

from usher.boot import boot

boot()

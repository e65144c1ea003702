"""The USB sync link: gate (its state, owned by the app, loaded while the host
speaks), serve (the protocol, a little every tick), ops (the answers), wire
(framing). Leaving the link drops this package by its name; the gate stays
while a host is being refused. See firmware/PROTOCOL.md.

The buffers' sizes live here, the one place both the gate (which allocates
the buffers before any of the link's code loads) and serve read them."""

LINE_MAX = 1536  # longest line the host may send (JSON, prefix and CRC included)
OUT_CAP = 4096  # the output queue: chunks fill it; requests wait until a reply fits

"""The laptop side of Usher (CPython only), the product a user installs:
the `usher` command (cli/), the USB link and sync (link/), the history and
what reads it (history/), putting Usher on a Pico (deploy/, pico/), the
simulator (sim/) and the web page (wasm/, web/). The development kit is the
separate package usher_devkit (host_tools/devkit/)."""

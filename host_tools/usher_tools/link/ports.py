"""Finding Picos on USB serial."""

import click
from serial.tools import list_ports

PICO_VID = 0x2E8A


def picos() -> list:
    return [p for p in list_ports.comports() if p.vid == PICO_VID]


def only_port() -> str:
    found = picos()
    if not found:
        raise click.ClickException("no Pico found on USB (give --port)")
    if len(found) > 1:
        raise click.ClickException("several Picos found: %s (give --port)" % ", ".join(p.device for p in found))
    return found[0].device

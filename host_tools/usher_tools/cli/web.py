"""`usher web`: Usher in a browser, built from the current firmware and
served on this machine (usher_tools.web)."""

import os

import click

from usher_tools.cli.common import UsherError, need
from usher_tools.paths import CHECKOUT
from usher_tools.words import t


@click.command("web")
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Only write the page's static files into this folder (for any static web host); serve nothing.",
)
@click.option(
    "--uf2",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="With --out: offer this Usher image for download (as usher-VERSION.uf2, its .sha256 and release.json).",
)
@click.option("--port", type=int, default=None, help="Port on 127.0.0.1 (default 8765; 0: any free port).")
def web(out: str | None, uf2: str | None, port: int | None) -> None:
    """The device in a web page: the unmodified firmware on MicroPython's
    WebAssembly port, played with the keyboard or on-screen keys.

    Builds the page from the current firmware into build/web and serves it
    on 127.0.0.1 only, printing the address; Ctrl-C stops it. Games are kept
    in the browser (IndexedDB of that address: keep the port to keep them).
    `make dist` writes the release's site with --out and --uf2. In a
    checkout of Usher's repository only (it builds the page with the
    project's pinned WebAssembly MicroPython); a release's page is on the
    project's GitHub Pages site."""
    from usher_tools import extras

    if not CHECKOUT:
        raise UsherError(
            extras.only_in_checkout("usher web", t("make web there; a release's page is on its GitHub Pages site")),
            extras.EXIT_NOT_INSTALLED,
        )
    from usher_tools import release
    from usher_tools import web as page

    if uf2 and not out:
        raise click.UsageError(t("--uf2 goes with --out (the site that offers it)"))
    need("web", "micropython", "mpy-cross")  # the first screens are drawn by the simulator
    try:
        if out:
            folder = page.build(out)
            if uf2:
                info = release.write_site_release(folder, uf2)
                click.echo(t("it offers %s (sha256 %s, in %s)") % (info["uf2"], info["sha256"], release.RELEASE_JSON))
            click.echo(t("the page is in %s: put its files on any static host") % folder)
            return
        folder = page.build()
        server, url = page.serve(folder, page.DEFAULT_PORT if port is None else port)
    except (page.WebError, release.ReleaseError) as e:
        raise UsherError(str(e)) from None
    except OSError as e:
        raise UsherError(t("cannot serve on port %s (%s): pick another with --port") % (port, e.strerror)) from None
    click.echo(t("Usher in a browser: %s  (from %s; Ctrl-C stops it)") % (url, os.path.relpath(folder)))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


COMMANDS = [web]

"""The host's side of a board run as a process (the simulator's VM, the
emulated Pico under Node): its pseudo-terminal, the USB serial a person's
tools open, and the process itself, set up one way for both."""

import fcntl
import os
import subprocess
import tty


def nonblock(fd: int) -> None:
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)


def open_pty() -> tuple:
    """(master, slave, path): a raw pseudo-terminal (a CDC port carries
    bytes, not lines), the host's end not blocking."""
    master, slave = os.openpty()
    tty.setraw(slave)
    nonblock(master)
    return master, slave, os.ttyname(slave)


def close_fds(*fds: int) -> None:
    for fd in fds:
        if fd >= 0:
            os.close(fd)


def spawn(args: list, cwd: str, env: dict, pass_fds: tuple = ()) -> subprocess.Popen:
    """The board's process: stdin, stdout and stderr piped, in a session of
    its own (a Ctrl-C in the terminal is the host's to handle)."""
    return subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=pass_fds,
        start_new_session=True,
        cwd=cwd,
        env=env,
    )

"""The simulator: the unmodified firmware on the MicroPython VM, with virtual
buttons, display, flash and USB serial. See runner.Sim and script.run_script.

Sim, SimConfig and SimError are loaded when first asked for: the runner needs
POSIX (ptys, fcntl), and `usher` imports this package for its profiles on
every machine, Windows included, where the simulator does not run."""

__all__ = ["Sim", "SimConfig", "SimError"]


def __getattr__(name: str):
    if name in __all__:
        from usher_tools.sim import runner

        return getattr(runner, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))

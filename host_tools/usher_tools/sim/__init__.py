"""The simulator: the unmodified firmware on the MicroPython VM, with virtual
buttons, display, flash and USB serial. See runner.Sim and script.run_script."""

from usher_tools.sim.runner import Sim, SimConfig, SimError

__all__ = ["Sim", "SimConfig", "SimError"]

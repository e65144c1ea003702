"""The page's stand-in for usher_tools.paths: in the VM the firmware is
already on sys.path (at its root, as on the Pico)."""


def use_firmware():
    pass

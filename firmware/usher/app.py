"""The device's app loop (filled in by the device shell)."""


def boot() -> None:
    print("Usher: device shell not built yet")

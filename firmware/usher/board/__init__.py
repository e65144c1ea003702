"""Hardware profiles, display drivers, buttons, storage and the USB link."""

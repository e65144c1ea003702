"""The USB link to a Pico: finding it, the sync protocol's laptop half, and `usher sync`."""

"""The development kit: benchmarks, scripted and random players, planners,
the meters' drivers, the soak, screenshots and font generation. Not part of
the `usher` product; installed beside it for tests and `make bench`."""

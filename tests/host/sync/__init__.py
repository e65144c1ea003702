"""`usher sync`: against the Link in this process, on the VM over a pseudo-
terminal, on the simulator; the soak."""

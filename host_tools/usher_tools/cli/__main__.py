"""`python -m usher_tools.cli`: the `usher` command, as the tests start it."""

from usher_tools.cli import main

main()

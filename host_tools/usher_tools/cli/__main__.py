from usher_tools.cli import main

main()

from usher_devkit.bench import main

main()

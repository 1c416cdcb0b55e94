from tashkalar_cli.cli.app import main

main()

"""The command line's kit, shared by every game's commands and by the line's own: game-neutral.

It stands below the game packs and above the shared core (``pyproject.toml``: cli > games > command > game):
the session of a command (the game and the language it works with, the files it writes, its JSON:
:mod:`.common`), the option types of words read in any language (:mod:`.options`), the help and the words
of the interface in the user's language (:mod:`.localize`), shell completion (:mod:`.completion`,
:mod:`.shells`, :mod:`.shellrc`), the checked standard streams (:mod:`.streams`), the cycle collector paused
around a search (:mod:`.collector`) and the service that runs command lines for programs (:mod:`.service`,
:mod:`.serve_http`). It imports no game pack: what a game adds (its cards to complete, its sheet, its
checks) is named by the registry (:class:`tashkalar_cli.data.paths.GamePack`) and reached by that name.
"""

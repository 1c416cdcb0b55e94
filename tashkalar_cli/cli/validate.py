"""``tashkalar validate``: validate every data file and report, in every game: what a game's cards add to the
report (their counts, the effects missing) is counted by its pack, named by the registry (``GamePack.hooks``:
``census``)."""

from __future__ import annotations

from typing import Any

from tashkalar_cli.command.common import DataOption, JsonOption, print_json, session, state


def validate(data: DataOption = None, json: JsonOption = False) -> None:
    """Validate every data and locale file against its schema and report what was loaded: of every
    game (Tash-Kalar and L.E.T.A.L. TCG), or of the game of --game."""
    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.paths import data_root

    s = session(None, data)
    root = data_root(data)
    # every game whose folder the data has (a data folder made for Tash-Kalar alone stays valid),
    # or the game of --game, which must be there
    chosen = [state().game_id] if state().game_option else \
        [g for g, pack in GAMES.items() if not pack.folder or (root / "cards" / pack.folder).is_dir()]
    from tashkalar_cli.data.progress import step

    games = {}
    with step("progress.validate", len(chosen)) as done:
        for game in chosen:
            games[game] = _summary(data, game)
            done(1)
    missing = [card for one in games.values() for card in one.get("effects_missing", [])]
    if missing:   # every being, legend and flare has its effect as data (issue 21)
        from tashkalar_cli.errors import DataError

        raise DataError(key="effects-missing", count=len(missing), cards=", ".join(missing))
    summary = {**games[chosen[0]], "games": games}
    if json:
        from tashkalar_cli.render import jsonout

        print_json("validate", jsonout.validation(summary))
        return
    from rich.table import Table
    from rich.text import Text

    from tashkalar_cli.errors import visible
    from tashkalar_cli.render.fit import fitted

    loc = s.loc
    for game, one in games.items():
        # the folder on a line of its own, never wrapped inside a name: a path is copied as it is
        s.console.print(Text(loc.msg("validate.valid", game=game), style="bold"))
        s.console.print(Text(visible(one["root"])), soft_wrap=True)
        table = Table(show_header=False)
        # the rows a game has: a game without cards (L.E.T.A.L.) shows no card types (its JSON keeps the zeros)
        skipped = {"valid", "root", "warnings", "game", "effects_missing"} | \
            (set() if GAMES[game].has_cards else {"beings", "legends", "flares", "tasks"})
        for key, value in one.items():
            if key in skipped:
                continue
            if key == "languages":
                value = [loc.language_name(code) for code in value]
            table.add_row(loc.msg(f"validate.{key}"), loc.join(value) if isinstance(value, list) else str(value))
        s.console.print(fitted(table))
        for warning in one["warnings"]:
            s.console.print(Text(loc.msg("label.value", label=loc.msg("validate.warning"), value=visible(warning)),
                                 style="yellow"))


def _summary(data: str | None, game: str) -> dict[str, Any]:
    from tashkalar_cli.data.games import GAMES, hook
    from tashkalar_cli.data.paths import data_root
    from tashkalar_cli.game import load_uncached

    ds = load_uncached(data_root(data), game)  # for real, never from the cache
    facts = ds.facts
    census = hook(GAMES[game], "census")   # the game's cards counted by its pack (a game without cards: none)
    counted: dict[str, Any] = census(facts) if census is not None else {}
    return {
        "valid": True,
        "game": game,
        "root": ds.root,
        **{kind: counted.get(kind, 0) for kind in ("beings", "legends", "flares", "tasks")},
        "keywords": len(facts["glossary"]),
        "rules": len(facts["rules"]["rules"]),
        "errata": len(facts["errata"]),
        "languages": ds.languages,
        "warnings": ds.warnings,
        **({"effects_missing": counted["effects_missing"]} if "effects_missing" in counted else {}),
    }

"""``tashkalar i18n check``: where a language disagrees with the reference language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, print_json, session, state

if TYPE_CHECKING:
    from tashkalar_cli.text.i18ncheck import Report

app = typer.Typer(help="Translation tools.", no_args_is_help=True)


@app.command("check")
def check(
    locales: Annotated[Optional[str], typer.Option(help="A locales folder to check (default: the tool's own).",
                                                   metavar="DIR", show_default=False)] = None,
    reference: Annotated[str, typer.Option(help="The reference language.")] = "en",
    lang: Annotated[Optional[list[str]], typer.Option("--lang", help="Only these languages (repeat the option).")] = None,
    strict: Annotated[bool, typer.Option(help="Exit 1 on warnings too.")] = False,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Check translations: missing entries, placeholders, numbers, game terms, names, markup.

    Every game's texts are checked (Tash-Kalar's, and L.E.T.A.L.'s in <lang>/letal/ when the
    folder has them), or only those of --game.

    Exit code 0: no error; 1: errors (or warnings with --strict); 2: the folder cannot be read.
    --json prints the findings as a list of objects (lang, file, key, check, severity, message,
    line, field, reference, translation).
    """
    from tashkalar_cli.cli.collector import collector_paused

    s = session(None, data)
    from tashkalar_cli.data.progress import step

    with collector_paused():  # the check's parsed files and findings hold no cycle (cli/collector.py)
        with step("progress.i18n"):
            report = _report(locales, reference, lang, data)
        if json:
            from tashkalar_cli.render import jsonout

            print_json("i18n-check", jsonout.findings(report))
        else:
            from tashkalar_cli.errors import TashkalarError
            from tashkalar_cli.render.i18n import report_renderable

            try:  # the report in the user's language, unless the texts under check are the ones that broke
                loc = s.loc
            except TashkalarError:
                loc = None
            s.console.print(report_renderable(report, loc=loc))
    raise typer.Exit(report.exit_code(strict))


def _report(locales: str | None, reference: str, lang: list[str] | None, data: str | None) -> Report:
    """The findings of every game (or of --game): a translator's copy without a game's folder skips that game."""
    from pathlib import Path

    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.loader import load_facts
    from tashkalar_cli.data.paths import Budget, checked_length, data_root, extra_locales
    from tashkalar_cli.model.integrity import check_facts
    from tashkalar_cli.text.i18ncheck import check_locales

    root = data_root(data)
    translators = extra_locales()
    folder = Path(checked_length(locales)) if locales else translators[0] if translators else root / "locales"
    # every game (or the one of --game); a translator's copy without a game's folder skips that game
    chosen = [GAMES[state().game_id]] if state().game_option else list(GAMES.values())
    report = None
    for pack in chosen:
        if pack.folder and not state().game_option and (not (root / "cards" / pack.folder).is_dir() or (
                folder.is_dir() and not any((d / pack.folder).is_dir() for d in folder.iterdir() if d.is_dir()))):
            continue
        facts = load_facts(root / "cards", root, pack, Budget(root))  # the facts strictly, walked as the loader does
        check_facts(facts, pack)
        # the shared interface texts (ui.yaml) are read and checked with the first game only: once
        # is enough (a translator's ui.yaml of megabytes was read, checked and counted twice)
        found = check_locales(folder, facts, reference, lang, builtin=root / "locales", game=pack, ui=report is None)
        if report is None:
            report = found
            continue
        report.findings += found.findings
        for code, cov in found.coverage.items():
            mine = report.coverage.setdefault(code, cov)
            if mine is not cov:
                mine.entries += cov.entries
                mine.translated += cov.translated
                mine.missing += cov.missing
                mine.unofficial_names += cov.unofficial_names
    assert report is not None
    return report

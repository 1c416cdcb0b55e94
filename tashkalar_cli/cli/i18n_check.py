"""``tashkalar i18n check``: where a language disagrees with the reference language."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, print_json, session

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

    Exit code 0: no error; 1: errors (or warnings with --strict); 2: the folder cannot be read.
    --json prints the findings as a list of objects (lang, file, key, check, severity, message,
    line, field, reference, translation).
    """
    from pathlib import Path

    from tashkalar_cli.data.loader import load_facts
    from tashkalar_cli.data.paths import Budget, data_root, extra_locales
    from tashkalar_cli.model.integrity import check_facts
    from tashkalar_cli.text.i18ncheck import check_locales

    s = session(None, data)
    root = data_root(data)
    facts = load_facts(root / "cards", root, Budget(root))  # the facts strictly, walked as the loader does
    check_facts(facts)
    translators = extra_locales()
    folder = Path(locales) if locales else translators[0] if translators else root / "locales"
    report = check_locales(folder, facts, reference, lang, builtin=root / "locales")
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.findings(report))
    else:
        from tashkalar_cli.render.i18n import report_renderable

        s.console.print(report_renderable(report))
    raise typer.Exit(report.exit_code(strict))

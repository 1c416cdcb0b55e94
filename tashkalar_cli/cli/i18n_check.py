"""``tashkalar i18n check``: where a language disagrees with the reference language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NamedTuple, Optional

import typer

from tashkalar_cli.command.common import (
    DataOption,
    ForceOption,
    JsonOption,
    LangOption,
    edits_locales,
    print_json,
    session,
    state,
)

if TYPE_CHECKING:
    from tashkalar_cli.text.i18ncheck import Report
    from tashkalar_cli.text.i18ncheck.importing import ImportPlan

app = typer.Typer(help="Translation tools.", no_args_is_help=True)

ReferenceOption = Annotated[str, typer.Option(help="The reference language.")]
TargetOption = Annotated[Optional[list[str]], typer.Option(
    "--target", help="The languages worked on (repeat the option; default: every language but the reference).",
    metavar="LANG", show_default=False)]


@app.command("check")
def check(
    locales: Annotated[Optional[str], typer.Option(help="A locales folder to check (default: the tool's own).",
                                                   metavar="DIR", show_default=False)] = None,
    reference: ReferenceOption = "en",
    target: TargetOption = None,
    strict: Annotated[bool, typer.Option(help="Exit 1 on warnings too.")] = False,
    coverage: Annotated[bool, typer.Option(
        "--coverage", help="Show, instead of the findings, a table per language and per file: translated, "
                           "missing, source changed, unrecorded (--json always holds it).")] = False,
    json: JsonOption = False,
    data: DataOption = None,
    lang: LangOption = None,
) -> None:
    """Check translations: missing entries, placeholders, numbers, game terms, names, markup.

    Every game's texts are checked (Tash-Kalar's, and L.E.T.A.L.'s in <lang>/letal/ when the
    folder has them), or only those of --game.

    A translation whose reference text changed since it was last marked reviewed (the language's
    sources.yaml) is source-changed, with the old and the new reference text.

    Exit code 0: no error; 1: errors (or warnings with --strict); 2: the folder cannot be read.
    --json prints the findings as a list of objects (lang, file, key, check, severity, message,
    line, field, reference, translation, code, previous), and the coverage of each file.
    """
    from tashkalar_cli.command.collector import collector_paused

    s = session(lang, data)
    from tashkalar_cli.data.progress import step

    with collector_paused():  # the check's parsed files and findings hold no cycle (command/collector.py)
        with step("progress.i18n"):
            report = _report(locales, reference, target, data)
        if json:
            from tashkalar_cli.render import jsonout

            print_json("i18n-check", jsonout.findings(report))
        else:
            from tashkalar_cli.errors import TashkalarError
            from tashkalar_cli.render.i18n import file_coverage_renderable, report_renderable

            try:  # the report in the user's language, unless the texts under check are the ones that broke
                loc = s.loc
            except TashkalarError:
                loc = None
            s.console.print(file_coverage_renderable(report, loc=loc) if coverage else report_renderable(report, loc=loc))
    raise typer.Exit(report.exit_code(strict))


def _report(locales: str | None, reference: str, lang: list[str] | None, data: str | None) -> Report:
    """The findings of every game (or of --game): a translator's copy without a game's folder skips that game."""
    from pathlib import Path

    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.loader import load_facts
    from tashkalar_cli.data.paths import Budget, checked_length, data_root, extra_locales, reading
    from tashkalar_cli.game import check_facts
    from tashkalar_cli.text.i18ncheck.runner import check_games

    root = data_root(data)
    translators = extra_locales()
    folder = Path(checked_length(locales)) if locales else translators[0] if translators else root / "locales"
    reading(folder)  # read below, after the facts: no cache entry is kept in it, by their load either
    # every game (or the one of --game); a translator's copy without a game's folder skips that game
    chosen = [GAMES[state().game_id]] if state().game_option else list(GAMES.values())
    games = []
    for pack in chosen:
        if pack.folder and not state().game_option and (not (root / "cards" / pack.folder).is_dir() or (
                folder.is_dir() and not any((d / pack.folder).is_dir() for d in folder.iterdir() if d.is_dir()))):
            continue
        facts = load_facts(root / "cards", root, pack, Budget(root))  # the facts strictly, walked as the loader does
        check_facts(facts, pack)
        games.append((pack, facts))
    return check_games(folder, games, reference, lang, builtin=root / "locales")


@app.command("reviewed")
@edits_locales
def reviewed(
    keys: Annotated[Optional[list[str]], typer.Argument(
        help="The translations checked: ID (every text of that entry), SECTION/ID or SECTION/ID/FIELD.",
        metavar="KEY...", show_default=False)] = None,
    target: TargetOption = None,
    every: Annotated[bool, typer.Option("--all", help="Mark every translation of the languages reviewed.")] = False,
    locales: Annotated[Optional[str], typer.Option(help="The locales folder to record in (default: the "
                                                   "translators' folder, TASHKALAR_LOCALES).",
                                                   metavar="DIR", show_default=False)] = None,
    reference: ReferenceOption = "en",
    force: ForceOption = False,
    json: JsonOption = False,
    data: DataOption = None,
    lang: LangOption = None,
) -> None:
    """Mark translations reviewed: record the reference text they now match.

    The record is each language's sources.yaml (and <lang>/<game>/sources.yaml for a game with its
    own folder); i18n check reports a translation as source-changed when its reference text no
    longer matches it. Name the translations, or give --all; --target chooses the languages.
    """
    from tashkalar_cli.errors import InputError

    s = session(lang, data, force)
    if bool(keys) == every:
        raise InputError(key="reviewed-what")
    written = _review(locales, reference, target, data, None if every else list(keys or []), s.force)
    if json:
        print_json("i18n-reviewed", {"written": [str(p) for p in written]})
        return
    from tashkalar_cli.errors import visible

    for path in written:
        s.say([s.loc.msg("i18n.reviewed.written", path=visible(str(path)))])
    if not written:
        s.say([s.loc.msg("i18n.reviewed.nothing")])


def _review(locales: str | None, reference: str, target: list[str] | None, data: str | None,
            wanted: list[str] | None, force: bool) -> list[str]:
    """Write the records of every game (or of --game): all of them or none."""
    from pathlib import Path

    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.output import write_outputs
    from tashkalar_cli.data.paths import checked_length, data_root, extra_locales
    from tashkalar_cli.errors import InputError
    from tashkalar_cli.text.i18ncheck.review import review
    from tashkalar_cli.text.i18ncheck.runner import languages

    root = data_root(data)
    translators = extra_locales()
    if not locales and not translators:
        raise InputError(key="reviewed-where")
    folder = Path(checked_length(locales)) if locales else translators[0]
    langs = languages(folder, reference, target, root / "locales")
    chosen = [GAMES[state().game_id]] if state().game_option else list(GAMES.values())
    planned: dict[Path, str] = {}
    unknown = set(wanted or [])
    for i, pack in enumerate(chosen):
        if pack.folder and not any((langs.dirs[lang] / pack.folder).is_dir() for lang in langs.wanted):
            continue
        done = review(langs, pack, ui=i == 0, wanted=wanted)
        planned.update(done.records)
        unknown -= done.named
    if unknown:  # a name no game's reference text has: nothing is written
        from tashkalar_cli.errors import quote

        raise InputError(key="reviewed-unknown", names=", ".join(quote(n) for n in sorted(unknown)))
    files = [(str(path), text) for path, text in planned.items()]
    write_outputs(files, force=force)
    return [path for path, _ in files]



@app.command("export")
def export(
    target: TargetOption = None,
    fmt: Annotated[str, typer.Option("--format", help="po (gettext: Poedit, Weblate) or xliff (XLIFF 2).",
                                     metavar="FORMAT")] = "po",
    out: Annotated[str, typer.Option("--out", help="The folder to write <lang>.po or <lang>.xliff in.",
                                     metavar="DIR", show_default=False)] = "",
    locales: Annotated[Optional[str], typer.Option(help="The locales folder to export (default: the translators' "
                                                   "folder, TASHKALAR_LOCALES, else the tool's own).",
                                                   metavar="DIR", show_default=False)] = None,
    reference: ReferenceOption = "en",
    force: ForceOption = False,
    json: JsonOption = False,
    data: DataOption = None,
    lang: LangOption = None,
) -> None:
    """Write every text of a language, with its English, for a translator's tool.

    One file per language of --target: the interface's texts and each game's (cards, flares,
    tasks, glossary, rules, errata), each with its English source, its key as context, the
    comments above it in the YAML as notes, unofficial names marked for review, and translations
    whose English changed since they were reviewed marked fuzzy with the English they were made from.
    """
    from tashkalar_cli.errors import InputError, visible

    s = session(lang, data, force)
    from tashkalar_cli.text.i18ncheck.exchange import FORMATS

    if fmt not in FORMATS:
        raise InputError(key="export-format", value=visible(fmt, 40), allowed=", ".join(FORMATS))
    if not out:
        raise InputError(key="export-where")
    written = _export(locales, reference, target, data, fmt, out, s.force)
    if json:
        print_json("i18n-export", {"written": written})
        return
    for path in written:
        s.say([s.loc.msg("i18n.export.written", path=visible(path))])


def _export(locales: str | None, reference: str, target: list[str] | None, data: str | None, fmt: str, out: str,
            force: bool) -> list[str]:
    """Write the exchange file of each language: all of them or none."""
    from pathlib import Path

    from tashkalar_cli._version import __version__
    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.output import write_outputs
    from tashkalar_cli.data.paths import checked_length, data_root, extra_locales
    from tashkalar_cli.errors import InputError, visible
    from tashkalar_cli.text.i18ncheck.exchange import export as exported
    from tashkalar_cli.text.i18ncheck.runner import languages

    root = data_root(data)
    translators = extra_locales()
    folder = Path(checked_length(locales)) if locales else translators[0] if translators else root / "locales"
    langs = languages(folder, reference, target, root / "locales")
    chosen = [GAMES[state().game_id]] if state().game_option else list(GAMES.values())
    games = [(pack, i == 0) for i, pack in enumerate(chosen)
             if not pack.folder or any((langs.dirs[code] / pack.folder).is_dir() for code in langs.wanted)]
    place = Path(checked_length(out, output=True))
    if not place.is_dir():
        raise InputError(key="export-no-folder", folder=visible(out))
    files = [(str(place / name), text) for name, text in exported(langs, games, fmt, __version__).items()]
    write_outputs(files, protected=[root], force=force)
    return [path for path, _ in files]


@app.command("import")
@edits_locales
def import_(
    files: Annotated[list[str], typer.Argument(help="The PO or XLIFF 2 files, as the translator's tool saved them.",
                                               metavar="FILE...", show_default=False)],
    target: Annotated[str, typer.Option("--target", help="The language the files translate into.", metavar="LANG",
                                        show_default=False)] = "",
    locales: Annotated[Optional[str], typer.Option(help="The locales folder to write into (default: the "
                                                   "translators' folder, TASHKALAR_LOCALES).",
                                                   metavar="DIR", show_default=False)] = None,
    reference: ReferenceOption = "en",
    force: ForceOption = False,
    json: JsonOption = False,
    data: DataOption = None,
    lang: LangOption = None,
) -> None:
    """Write translations from PO or XLIFF 2 files back into a language's YAML files.

    Only the texts whose translation changed are written, in place: the YAML keeps its comments,
    key order and quoting. Every file is checked first (keys, the English each text was translated
    from, placeholders, markup, schema) and one problem writes nothing. Fuzzy entries are not
    written; the others are recorded as reviewed when the language keeps a sources.yaml.
    """
    from tashkalar_cli.errors import InputError, visible

    s = session(lang, data, force)
    if not target:
        raise InputError(key="import-target")
    done = _import(locales, reference, target, data, files, s.force)
    if json:
        print_json("i18n-import", {"lang": target, "written": done.written_paths, "texts": done.plan.written,
                                   "unchanged": done.plan.unchanged, "fuzzy": done.plan.fuzzy,
                                   "recorded": [str(p) for p in done.plan.records]})
        return
    say = s.loc.msg
    for shown, count in done.plan.written.items():
        s.say([say("i18n.import.written", path=visible(shown), count=count)])
    for path in done.plan.records:
        s.say([say("i18n.reviewed.written", path=visible(str(path)))])
    if done.plan.fuzzy:
        s.say([say("i18n.import.fuzzy", count=len(done.plan.fuzzy),
                   keys=visible(", ".join(done.plan.fuzzy[:5]) + (", …" if len(done.plan.fuzzy) > 5 else "")))])
    if not done.plan.written:
        s.say([say("i18n.import.nothing", count=done.plan.unchanged)])


class _Done(NamedTuple):
    plan: ImportPlan
    written_paths: list[str]


def _import(locales: str | None, reference: str, target: str, data: str | None, files: list[str],
            force: bool) -> _Done:
    """Read every exchange file, plan the changes, then write them: all of them or none."""
    from pathlib import Path

    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.paths import checked_length, data_root, extra_locales
    from tashkalar_cli.data.yamledit import write_edited
    from tashkalar_cli.errors import InputError, quote, visible
    from tashkalar_cli.text.i18ncheck.importing import plan, read_exchange
    from tashkalar_cli.text.i18ncheck.runner import languages

    root = data_root(data)
    translators = extra_locales()
    if not locales and not translators:
        raise InputError(key="import-where")
    folder = Path(checked_length(locales)) if locales else translators[0]
    langs = languages(folder, reference, [target], root / "locales")
    if target == reference or langs.dirs[target].parent != folder:
        raise InputError(key="import-reference", lang=quote(visible(target, 20)))
    items = []
    for name in files:
        said, read = read_exchange(Path(checked_length(name)), name)
        if said and said.replace("_", "-").lower() != target.replace("_", "-").lower():
            raise InputError(key="import-language", path=visible(name), said=quote(visible(said, 20)),
                             lang=quote(visible(target, 20)))
        items += read
    chosen = [GAMES[state().game_id]] if state().game_option else list(GAMES.values())
    games = [(pack, i == 0) for i, pack in enumerate(chosen)
             if not pack.folder or (langs.dirs[target] / pack.folder).is_dir()]
    planned = plan(langs, games, target, items)
    write_edited(planned.files, planned.records, force=force)
    return _Done(planned, [str(p) for p in [*planned.files, *planned.records]])

"""``tashkalar sheet``: a printable cheat sheet of the cards (HTML, SVG or PDF), in every game: the sheet is made by
the game's pack, named by the registry (``GamePack.hooks``: ``sheet``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, OutputFile, print_json, session


class Format(StrEnum):
    HTML = "html"
    SVG = "svg"
    PDF = "pdf"


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"


def sheet(
    out: Annotated[str, typer.Option("--out", "-o", help="The file to write: FILE.html (to print), FILE.svg or FILE.pdf.",
                                     metavar="FILE", show_default=False)],
    format_: Annotated[Optional[Format], typer.Option(
        "--format", help="html, svg or pdf (default: the suffix of --out); pdf is printed by headless Chromium.",
        case_sensitive=False, show_default=False)] = None,
    deck: Annotated[Optional[list[str]], typer.Option(
        "--deck", help="A deck to print (repeat the option): imperial, highland, sylvan, everfrost, nethervoid, "
                       "etherweave, legends.", show_default=False)] = None,
    legends: Annotated[bool, typer.Option("--legends", help="Print the legends.")] = False,
    flares: Annotated[bool, typer.Option("--flares", help="Print the flares.")] = False,
    tasks: Annotated[bool, typer.Option("--tasks", help="Print the High Form tasks.")] = False,
    paper: Annotated[Paper, typer.Option("--paper", help="Page size of the printout.", case_sensitive=False)] = Paper.A4,
    force: ForceOption = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Write a cheat sheet: each card's pattern, name, rank and effect, laid out to print (nothing chosen: every card)."""
    from tashkalar_cli.data.games import pack_function
    from tashkalar_cli.errors import InputError, quote

    suffix = out.rsplit(".", 1)[-1].lower() if "." in out else "html" if out == "-" else ""  # -: HTML, to stdout
    if format_ is not None:
        suffix = format_.value
    if suffix not in ("html", "htm", "svg", "pdf"):
        raise InputError(key="sheet-out", value=quote(out, 60))
    if suffix == "pdf":
        from tashkalar_cli.render.pdf import find_browser

        if find_browser() is None:      # said before any work
            raise InputError(key="pdf-no-browser")
    s = session(lang, data, force)
    from tashkalar_cli.render.sheet import sheet_html, sheet_svg

    # the game's sheet, made by its pack (the registry's hook: Tash-Kalar's cards, L.E.T.A.L.'s quick reference)
    made = pack_function(s.game.pack.hooks["sheet"])(s.game, s.loc, deck or [], legends, flares, tasks)
    sections = made.sections
    text = sheet_svg(sections, s.loc, paper.value) if suffix == "svg" else sheet_html(sections, s.loc, paper.value)
    content: str | bytes = text
    if suffix == "pdf":
        from tashkalar_cli.render.pdf import html_to_pdf

        content = html_to_pdf(text)
    s.write_all([OutputFile(out, content, "out")])  # its own message says how many cards
    if json:
        print_json("sheet", {"game": s.game.id, "file": out, "format": "html" if suffix == "htm" else suffix,
                             "paper": paper.value, "cards": made.cards})
    else:  # a sheet of terms (L.E.T.A.L.) counts no cards
        s.say([s.loc.msg(made.written, path=out, **({} if made.cards is None else {"count": made.cards}))])

"""``tashkalar rule`` and ``tashkalar errata``: the rules reference."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.command.collector import collector_paused
from tashkalar_cli.command.common import DataOption, JsonOption, LangOption, print_json, session
from tashkalar_cli.command.options import PlayFormOption

ModeOption = PlayFormOption

app = typer.Typer(help="Read and search the rules, in any of the tool's languages.", no_args_is_help=True)


@app.command("show")
def show(rule: Annotated[str, typer.Argument(help="Rule id (e.g. summon-pattern) or number (e.g. 5.2).")],
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Show one rule with its modes, related rules and keywords, and any errata."""
    s = session(lang, data)
    book = s.game.rules
    found = book.find(rule)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("rule", jsonout.rule(found, book, s.loc))
        return
    from tashkalar_cli.render.rules import rule_panel

    s.console.print(rule_panel(found, book, s.game.glossary, s.loc))


@app.command("list")
def list_rules(mode: ModeOption = None,
               lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """The table of contents of the rules."""
    s = session(lang, data)
    rules = s.game.rules.for_mode(mode)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("rule-list", jsonout.rule_list(rules, s.loc))
        return
    from tashkalar_cli.render.rules import rule_toc

    s.console.print(rule_toc(rules, s.game.rules, s.loc))


QuestionArgument = Annotated[list[str], typer.Argument(
    help="A question or some words, in any language (accents optional), e.g. 'can I summon on an enemy piece'.")]
LimitOption = Annotated[Optional[int], typer.Option(
    "--limit", "-n", min=1, max=100, show_default=False,
    help="How many answers at most (default: 5 on screen, 20 in JSON).")]


@app.command("search")
def search(words: QuestionArgument, mode: ModeOption = None, limit: LimitOption = None,
           lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Answer a question from the rules, keywords and errata: the best answer first, then the next ones."""
    _answer(words, mode, limit, lang, json, data)


def ask(question: QuestionArgument, mode: ModeOption = None, limit: LimitOption = None,
        lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Ask the rules a question, as you would ask a judge (the same as 'rule search')."""
    _answer(question, mode, limit, lang, json, data)


def _answer(words: list[str], mode: str | None, limit: int | None, lang: str | None, json: bool, data: str | None) -> None:
    from tashkalar_cli.errors import InputError

    question = " ".join(words).strip()
    if not question:
        raise InputError(key="no-question")
    s = session(lang, data)
    # the index's parts read and the scores made hold no cycle: the collector is paused (command/collector.py)
    with collector_paused():
        result = s.game.rules.search(question, preferred=s.lang, mode=mode, limit=limit or (20 if json else 5))
    if result.query.foreign:   # not a language of the rules: say so in the user's language
        raise InputError(key="question-language", languages=", ".join(s.game.rules.index.language_names()))
    # the answer is in the language of the question, unless --lang asks for another
    loc = s.loc if s.lang_option else s.game.localizer(result.query.lang)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("rule-search", jsonout.rule_search(result, loc))
        return
    from tashkalar_cli.render.rules import search_answer

    s.console.print(search_answer(result, s.game.rules, loc))


def errata(
    erratum: Annotated[Optional[str], typer.Argument(
        help="Only this erratum (its id, or its title in any language).", show_default=False)] = None,
    book: Annotated[Optional[str], typer.Option(
        "--book", help="Only where this rulebook errs or is ruled on (its language: en, fr, es, it).",
        metavar="LANG", show_default=False)] = None,
    lang: LangOption = None, json: JsonOption = False, data: DataOption = None,
) -> None:
    """Where the published rulebooks (en, fr, es, it) disagree, and which reading is right."""
    s = session(lang, data)
    items = s.game.errata_about(book, erratum)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("errata", jsonout.errata(items, s.loc))
        return
    if not items.items:     # a rulebook right about that erratum: said, not an empty title
        s.say([s.loc.msg("errata.none")])
        return
    from tashkalar_cli.render.rules import errata_renderable

    s.console.print(errata_renderable(items, s.loc, s.game.rules))

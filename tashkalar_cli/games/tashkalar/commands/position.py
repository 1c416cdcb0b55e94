"""``tashkalar position``: draw or check a position file."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, SvgOption, print_json
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.commands import session
from tashkalar_cli.games.tashkalar.commands.options import ModeOption, PiecesOption
from tashkalar_cli.games.tashkalar.model.types import Mode

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.commands import TashkalarSession

app = typer.Typer(help="Draw or check a position file.", no_args_is_help=True)
FileArg = Annotated[Optional[str], typer.Argument(help="The position file (YAML).", show_default=False)]


class Format(StrEnum):
    BOARD = "board"
    YAML = "yaml"
    DIAGRAM = "diagram"


@app.command("show")
def show(file: FileArg = None, pieces: PiecesOption = None, mode: ModeOption = None, svg: SvgOption = None,
         format: Annotated[Format, typer.Option(
             "--format", help="board: a drawing; yaml or diagram: a position file the tool reads back.",
             case_sensitive=False)] = Format.BOARD,
         force: ForceOption = False, lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Draw the board of a position, or write it as a position file."""
    s = session(lang, data, force)
    pos = s.position(file, pieces, mode)
    if svg is not None:  # whatever is printed, the picture is saved
        from tashkalar_cli.games.tashkalar.render.svg import position_svg  # deferred: --svg only

        s.write(svg, position_svg(s.board, pos, s.loc, title=file if file and file != "-" else ""), file,
                announce=not json)
    if format is not Format.BOARD and not json:
        # deferred: the notation's writer, which position check does not load
        from tashkalar_cli.games.tashkalar.model.notation import position_yaml

        sys.stdout.write(position_yaml(pos, as_diagram=format is Format.DIAGRAM))
        return
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("position", jsonout.position(pos))
        return
    from tashkalar_cli.games.tashkalar.render.board import board_key, board_text  # deferred: the board's text, not with --json

    s.console.print(board_text(s.board, pos))
    s.console.print(board_key(s.loc, [(pos, {})]))


@app.command("check")
def check(file: FileArg = None, pieces: PiecesOption = None, mode: ModeOption = None,
          lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Check a position file; exit 2 with the reason when it is wrong."""
    s = session(lang, data)
    pos = s.position(file, pieces, mode)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("position-check", jsonout.position_check(pos))
        return
    s.say([s.loc.msg_n("position.ok", len(pos.pieces), pieces=len(pos.pieces), mode=s.loc.msg(f"mode.{pos.mode}"),
                       players=pos.players)])


@app.command("board")
def board(file: FileArg = None, pieces: PiecesOption = None, mode: ModeOption = None,
          player: Annotated[Optional[str], typer.Option(
              "--player", help="Also the cards this player can summon now, as summonable lists them.",
              metavar="COLOR", show_default=False)] = None,
          lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Describe a position for a page that draws it: the board's squares, the piece colors and ranks,
    the position as a file and the page's texts (JSON, with or without --json). With --player, the
    cards that player can summon now, in the same answer."""
    # deferred: position board only (the notation's writer, the page's texts)
    from tashkalar_cli.games.tashkalar.model.notation import position_yaml
    from tashkalar_cli.games.tashkalar.render.page import PageChoices, board_page, summon_views

    s = session(lang, data)
    pos = s.position(file, pieces, mode)
    game = s.game
    config = game.ruleset.config
    choices = PageChoices({str(m): list(config.player_counts(m)) for m in Mode}, game.decks,
                          [(code, game.localizer(code).msg(f"lang.{code}")) for code in game.languages],
                          [str(m) for m in Mode if _tasks_asked(s, m)],
                          tuple(game.ruleset.parser.marker_rules.values()), tuple(str(m) for m in Mode if m.deathmatch),
                          s.rules.team_play)
    out = board_page(s.board, pos, s.loc, position_yaml(pos), choices)
    if player is not None:
        legal = [v for v in s.rules.summonable(pos, player) if v.legal]
        out["summonable"] = [v.card.id for v in legal]
        out["summon_views"] = summon_views(s.board, legal)
    print_json("position-board", out)


def _tasks_asked(s: TashkalarSession, mode: Mode) -> bool:
    """Whether the rules answer a task about a position of ``mode`` (the page shows the tasks claimed then)."""
    try:
        s.game.ruleset.check_high_form(s.position(None, "", str(mode)))
    except InputError:
        return False
    return True

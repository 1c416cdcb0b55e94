"""``tashkalar position``: draw or check a position file."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, PiecesOption, SvgOption, print_json, session
from tashkalar_cli.cli.options import ModeOption

app = typer.Typer(help="Draw or check a position file.", no_args_is_help=True)
FileArg = Annotated[Optional[str], typer.Argument(help="The position file (YAML).", show_default=False)]


@app.command("show")
def show(file: FileArg = None, pieces: PiecesOption = None, mode: ModeOption = None, svg: SvgOption = None,
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Draw the board of a position."""
    s = session(lang, data)
    pos = s.position(file, pieces, mode)
    if svg is not None:
        from tashkalar_cli.render.svg import board_svg

        s.write(svg, board_svg(s.board, pos, title=file or ""), file)
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.position(pos))
        return
    from tashkalar_cli.render.board import board_text

    s.console.print(board_text(s.board, pos))


@app.command("check")
def check(file: FileArg = None, pieces: PiecesOption = None, mode: ModeOption = None,
          lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Check a position file; exit 2 with the reason when it is wrong."""
    s = session(lang, data)
    pos = s.position(file, pieces, mode)
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.position_check(pos))
        return
    s.console.print(s.loc.msg("position.ok", pieces=len(pos.pieces), mode=pos.mode, players=pos.players))

"""Rich output of a summoning verdict: each placement drawn on the board, or why none works."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tashkalar_cli.games.tashkalar.render.board import board_key, board_text
from tashkalar_cli.games.tashkalar.render.explain import lack_text, placement_lines
from tashkalar_cli.render.fit import fitted
from tashkalar_cli.render.terminal import shown
from tashkalar_cli.text.i18n import Localizer

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.summoning import Placement, Verdict
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.position import Position


def placement_highlight(p: Placement) -> dict[int, str]:
    roles: dict[int, str] = {}
    for sq in p.marked:
        roles[sq] = "marked"
    for sq in p.pattern_squares:
        roles[sq] = "pattern"
    if p.enemy_square is not None:
        roles[p.enemy_square] = "enemy"
    roles[p.target] = "target"
    return roles


def verdict_renderable(v: Verdict, board: Board, pos: Position, loc: Localizer, card_name: str) -> Group:
    msg = loc.msg
    head = msg("summon.legal" if v.legal else "summon.illegal", card=card_name,
               player=msg(f"color.{v.player}"), count=len(v.placements))
    parts: list[RenderableType] = [Text(head, style="bold green" if v.legal else "bold red")]
    drawn: list[dict[int, str]] = []  # the highlights of the boards drawn, for their key
    if v.legal:
        panels = []
        for i, p in enumerate(v.placements, 1):
            drawn.append(placement_highlight(p))
            body = Group(board_text(board, pos, drawn[-1]), Text("\n".join(placement_lines(p, board, loc))))
            panels.append(Panel(body, title=Text(msg("summon.placement", n=i, square=board.name(p.target))),
                                expand=False))
        parts.append(Columns(panels))
    else:
        for code in v.reasons:
            parts.append(Text("• " + msg(f"reason.{code}")))
        if v.near_misses:
            parts.append(Text(msg("summon.nearest"), style="bold"))
            panels = []
            for n in v.near_misses:
                hl: dict[int, str] = {sq: "pattern" for sq in n.squares}
                hl[n.target] = "target"
                for lack in n.lacks:
                    if lack.square is not None and lack.square != n.target:
                        hl[lack.square] = "lack"
                drawn.append(hl)
                text = "\n".join(lack_text(x, board, loc) for x in n.lacks)
                panels.append(Panel(Group(board_text(board, pos, hl), Text(text)),
                                    title=Text(msg("summon.near", square=board.name(n.target),
                                                   rotation=n.orientation.rotation,
                                                   mirrored=msg("summon.mirrored") if n.orientation.mirrored else "")),
                                    expand=False))
            parts.append(Columns(panels))
    if drawn:
        parts.append(board_key(loc, [(pos, hl) for hl in drawn]))
    return Group(*parts)


def summonable_table(verdicts: Sequence[Verdict], board: Board, loc: Localizer, names: dict[str, str],
                     show_all: bool = False) -> RenderableType:
    """The summonable cards (all cards, with the reasons, when ``show_all``); on a narrow terminal
    the name, then the yes/no column, give way before an id is cut or a word broken."""
    msg = loc.msg
    rows = []
    hidden = 0
    for v in sorted(verdicts, key=lambda v: (not v.legal, v.card.order)):
        if not (v.legal or show_all):
            hidden += 1
            continue
        squares = sorted({board.name(p.target) for p in v.placements})
        status = Text(msg("yes"), style="green") if v.legal else Text(msg("no"), style="red")
        detail = loc.join(squares) if v.legal else loc.join((msg(f"reason.{c}") for c in v.reasons), "clauses")
        rows.append({"id": shown(v.card.id), "name": shown(names[v.card.id]), "legal": status, "squares": Text(detail)})
    if hidden and hidden == len(verdicts):  # nothing to show: a sentence, not an empty table
        if len(verdicts) == 1:  # one card: said of it alone
            return Text(msg("summonable.none_one") + " " + msg("summonable.none_hint_one"))
        return Text(msg("summonable.none", total=len(verdicts)) + " " + msg("summonable.none_hint"))
    headers = {"id": msg("label.id"), "name": msg("label.name"), "legal": msg("summonable.legal"),
               "squares": msg("summonable.squares")}
    keys = ("id", "name", "legal", "squares")
    table = Table(title=msg("summonable.title", legal=sum(v.legal for v in verdicts), total=len(verdicts)))
    for key in keys:
        table.add_column(headers[key], style="dim" if key == "id" else "bold" if key == "name" else "")
    for r in rows:
        table.add_row(*(r[key] for key in keys))
    fit = fitted(table, ids=(0,), drop=(1, 2))  # the name, then the yes/no column, give way
    if hidden:
        return Group(fit, Text(msg("summonable.hidden", count=hidden), style="dim"))
    return fit

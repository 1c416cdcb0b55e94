"""Rich output of flare checks, task checks and turn scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tashkalar_cli.errors import name_by_texts, visible
from tashkalar_cli.games.tashkalar.model.cards import Task
from tashkalar_cli.games.tashkalar.render.board import board_key, board_text
from tashkalar_cli.render.fit import fitted
from tashkalar_cli.render.terminal import MOST_SHOWN, block

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog
    from tashkalar_cli.games.tashkalar.engine.flares import FlareCheck
    from tashkalar_cli.games.tashkalar.engine.scoring import TurnScore
    from tashkalar_cli.games.tashkalar.engine.tasks import Requirement, TaskCheck
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.text.i18n import Localizer


def flare_renderable(results: Sequence[FlareCheck], cards: CardCatalog, loc: Localizer, many: bool) -> Group:
    msg = loc.msg
    r0 = results[0]
    head = Text(msg("flare.counts", player=msg(f"color.{r0.player}"), against=msg(f"color.{r0.against}"),
                    my_up=r0.mine.upgraded, my_all=r0.mine.total, their_up=r0.theirs.upgraded,
                    their_all=r0.theirs.total))
    table = Table()
    table.add_column(msg("label.name"), style="bold")
    table.add_column(msg("flare.col.upper"))
    table.add_column(msg("flare.col.lower"))
    table.add_column(msg("flare.col.resolve"))

    def lead(diff: int, need: int, met: bool) -> str:
        """Who leads and by how much (the opponent must lead by ``need``), never a negative number."""
        if diff == 0:
            who = msg("flare.even")
        else:
            who = msg("flare.lead", color=msg(f"color.{r0.against if diff > 0 else r0.player}"), n=abs(diff))
        return f"{who} / {need} " + ("✓" if met else "✗")

    shown = 0
    for r in results:
        if many and not r.can_invoke:
            continue
        shown += 1
        resolve = " → ".join(msg(f"flare.half.{h}") for h in r.halves) or msg("flare.none")
        table.add_row(visible(cards.name(r.card, loc), MOST_SHOWN),
                      lead(r.differences["upgraded"], r.card.upper.threshold, r.upper_met),
                      lead(r.differences["total"], r.card.lower.threshold, r.lower_met), resolve)
    parts: list[RenderableType] = [head, fitted(table)] if shown else [head]
    if many and not any(r.can_invoke for r in results):
        parts.append(Text(msg("flare.none_invocable"), style="bold red"))
    if r0.point_to and any(r.can_invoke for r in results):
        key = "flare.point.melee" if r0.point_in_color else "flare.point.duel"
        parts.append(Text(loc.msg_n(key, r0.points, to=msg(f"color.{r0.point_to}"), points=r0.points,
                                    color=msg(f"color.{r0.point_in_color}") if r0.point_in_color else "")))
    if not many and r0.can_invoke:
        for half in r0.halves:
            parts.append(Text(msg("label.value", label=msg(f"flare.half.{half}"),
                                  value=str(cards.texts(r0.card, loc)[half]))))
    return Group(*parts)


def _req_text(q: Requirement, loc: Localizer) -> str:
    params = dict(q.params)
    if "squares" in params:
        params["squares"] = loc.msg(f"squares.{params['squares']}")
    for edge in ("from", "to"):
        if edge in params:
            params[edge] = loc.msg(f"edge.{params[edge]}")
    if "line_kind" in params:
        params["line"] = loc.msg(f"line.{params.pop('line_kind')}", name=params["line"])
    mark = "✓" if q.ok else "✗"
    return f"{mark} " + loc.msg(f"task.req.{q.what}", have=q.have, need=q.need, **params)


#: requirements met by either this one or the next: the text ends with its own "or", so the next one
#: follows after a space, never after a clause separator ("…, or; ✗ …")
_EITHER = frozenset({"destroyed_legendary"})


def _reqs_line(requirements: Sequence[Requirement], loc: Localizer) -> str:
    """The requirements of a task on one line: clauses, except that an alternative runs into the next."""
    clauses: list[str] = []
    glued = False
    for q in requirements:
        text = _req_text(q, loc)
        if glued and clauses:
            clauses[-1] += " " + text
        else:
            clauses.append(text)
        glued = q.what in _EITHER
    return loc.join(clauses, "clauses")


def task_renderable(results: Sequence[TaskCheck], cards: CardCatalog, loc: Localizer, board: Board, pos: Position,
                    score: Mapping[str, int | bool], player: str) -> Group:
    msg = loc.msg
    parts: list[RenderableType] = []
    if len(results) == 1:
        r = results[0]
        card = cards.get(r.task)
        state = msg("task.met" if r.met else "task.not_met", task=str(cards.name(card, loc)))
        parts.append(Text(state, style="bold green" if r.met else "bold red"))
        parts.append(block(cards.texts(card, loc)["criterion"], "italic"))
        parts += [Text(_req_text(q, loc)) for q in r.requirements]
        if r.squares:
            counted: dict[int, str] = {sq: "pattern" for sq in r.squares}
            parts.append(board_text(board, pos, counted))
            parts.append(board_key(loc, [(pos, counted)], {"pattern": "board.key.counted"}))
    else:
        table = Table()
        table.add_column(msg("label.name"), style="bold")
        table.add_column(msg("label.points"), justify="right")
        table.add_column(msg("task.col.met"))
        table.add_column(msg("task.col.why"), overflow="fold")
        for r in results:
            card = cards.get(r.task)
            assert isinstance(card, Task)
            met = msg("task.needs_turn") if r.met is None else (msg("yes") if r.met else msg("no"))
            why = _reqs_line(r.requirements, loc)
            table.add_row(visible(cards.name(card, loc), MOST_SHOWN), str(card.points), met, why)
        parts.append(fitted(table))  # a long name is folded, never cut
    parts.append(Text(loc.msg_n("score.high_form", score["legendary_pieces"], player=msg(f"color.{player}"),
                                tasks=score["tasks"], legendary=score["legendary_pieces"], total=score["total"])))
    if score["triggers_end"]:
        parts.append(Text(msg("score.end", threshold=score["end_threshold"]), style="bold yellow"))
    return Group(*parts)


class ScoreSaid(NamedTuple):
    """A turn's score in words, as the text says it: each line's reason and the color it is scored in (empty: none
    named), then the sentences under the table (the own pieces ignored, the totals, the end of the game), None
    where the text has none."""

    reasons: list[str]
    colors: list[str]
    ignored: str | None
    totals: str | None
    end: str | None
    end_possible: bool


def score_said(result: TurnScore, loc: Localizer) -> ScoreSaid:
    msg = loc.msg
    colors = []
    for line in result.lines:
        color = ""
        if line.player_chooses:
            color = msg("score.choice") + (f" ({', '.join(msg(f'color.{c}') for c in line.choices)})" if line.choices else "")
        elif line.color:
            color = msg(f"color.{line.color}")
        colors.append(color)
    ignored = totals = end = None
    if result.ignored:
        piece = name_by_texts(loc.ui)  # "blue heroic" -> the piece in the user's words
        ignored = msg("score.ignored", pieces=loc.join(piece("piece", p) or p for p in result.ignored))
    if result.totals:
        def fmt(v: Any) -> str:
            if isinstance(v, dict):
                return loc.join(f"{msg(f'color.{k}')} {n}" for k, n in v.items()) or "0"
            return str(v)

        totals = msg("score.totals", totals=loc.join((msg("label.value", label=msg(f"color.{c}"), value=fmt(v))
                                                      for c, v in result.totals.items()), "clauses"))
    if result.end_triggered:
        end = msg("score.end", threshold=result.threshold)
    elif result.end_possible:
        end = msg("score.end_possible", threshold=result.threshold,
                  players=loc.join((msg(f"color.{c}") for c in result.end_possible), "or"))
    return ScoreSaid([msg(f"score.reason.{line.reason}") for line in result.lines], colors, ignored, totals, end,
                     not result.end_triggered and bool(result.end_possible))


def score_renderable(result: TurnScore, loc: Localizer) -> Group:
    msg = loc.msg
    said = score_said(result, loc)
    table = Table(title=msg("score.title", player=msg(f"color.{result.player}")))
    table.add_column(msg("score.col.to"))
    table.add_column(msg("label.points"), justify="right")
    table.add_column(msg("score.col.reason"))
    table.add_column(msg("score.col.color"))
    for line, reason, color in zip(result.lines, said.reasons, said.colors, strict=True):
        table.add_row(msg(f"color.{line.who}"), str(line.points), reason, color)
    parts: list[RenderableType] = [fitted(table)] if result.lines else [Text(msg("score.none"))]
    if said.ignored is not None:
        parts.append(Text(said.ignored, style="dim"))
    if said.totals is not None:
        parts.append(Text(said.totals))
    if said.end is not None:
        parts.append(Text(said.end, style="yellow" if said.end_possible else "bold yellow"))
    return Group(*parts)

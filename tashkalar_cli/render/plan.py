"""Output of the turn planner (Rich text and SVG) and of a summon played (the position file after it).

The text groups the plans per card, the fewest actions first: the squares where the card can be
summoned now, then, per summoning square, the squares where a common piece placed first makes
the summon possible, then the beings whose summon first makes it possible. ``--json`` lists every
plan with every choice; the SVG draws the best plan of each card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from tashkalar_cli.engine.planner import PlaceStep, Plan, PlanReport, SummonStep, Threats
from tashkalar_cli.model.board import Board, square_order
from tashkalar_cli.model.position import Piece, Position
from tashkalar_cli.text.i18n import Localizer

if TYPE_CHECKING:
    from tashkalar_cli.engine.summoning import Applied
    from tashkalar_cli.model.turn import Turn

#: at most this many pieces are named where a piece is picked up or taken back; beyond, a count
MAX_NAMED_CHOICES = 3

Names = Callable[[Any], str]


def _order(board: Board, squares: Sequence[int]) -> list[int]:
    return sorted(set(squares), key=square_order)


def _squares(board: Board, squares: Sequence[int]) -> str:
    return ", ".join(board.name(sq) for sq in _order(board, squares))


def _choices(loc: Localizer, board: Board, squares: Sequence[int], key: str) -> str:
    """'(pick up a5 or b3)' style: the pieces one of which is used, or how many there are."""
    if not squares:
        return ""
    if len(squares) <= MAX_NAMED_CHOICES:
        return loc.msg(f"plan.{key}", squares=_squares(board, squares))
    return loc.msg(f"plan.{key}_count", count=len(squares))


def _with_choice(text: str, choice: str) -> str:
    return f"{text} ({choice})" if choice else text


def report_renderable(report: PlanReport, board: Board, loc: Localizer, name: Names, *,
                      title: str | None = None, positions: dict[int, Position] | None = None,
                      pos: Position | None = None) -> RenderableType:
    """The plans of one player as a table, per card; ``positions``: the board after each card's best plan."""
    msg = loc.msg
    reachable = report.reachable
    heading = title or msg("plan.title", player=msg(f"color.{report.player}"), actions=report.actions,
                           reachable=len(reachable), total=len(report.cards))
    parts: list[RenderableType] = [Text(heading, style="bold")]
    if reachable:
        by_card: dict[str, list[Plan]] = {}
        for plan in report.plans:
            by_card.setdefault(plan.card.id, []).append(plan)
        body = Text()
        for card in reachable:
            body.append(name(card), style="bold")
            body.append("\n")
            for actions, square, how in _rows(by_card[card.id], board, loc, name):
                body.append(f"  {msg('plan.actions', count=actions):<{width(loc)}} ", style="dim")
                body.append(square, style="bold cyan")
                body.append(f"  {how}\n")
        parts.append(body)
    else:
        parts.append(Text(msg("plan.none", actions=msg("plan.actions", count=report.actions))))
    reached = {c.id for c in reachable}
    missing = [c for c in report.cards if c.id not in reached]
    if missing and reachable:
        listed = ", ".join(name(c) for c in missing)
        parts.append(Text(msg("plan.unreachable", count=len(missing), cards=listed), style="dim"))
    if positions and pos is not None:
        from tashkalar_cli.render.board import board_text

        for card in reachable:
            best = report.best(card)
            after = positions.get(id(best))
            if best is None or after is None:
                continue
            parts.append(Text(msg("plan.after", card=name(card), plan=describe(best, board, loc, name)), style="bold"))
            parts.append(board_text(board, after, {best.target: "target"}))
    notes = [msg("plan.note")]
    if report.actions > 2:
        notes.append(msg("plan.note_actions", actions=report.actions))
    parts.append(Text(" ".join(notes), style="dim"))
    return Group(*parts)


def width(loc: Localizer) -> int:
    return max(len(loc.msg("plan.actions", count=n)) for n in (1, 2))


def _rows(plans: list[Plan], board: Board, loc: Localizer, name: Names) -> list[tuple[int, str, str]]:
    """One row for the summons possible now, then one per summoning square and kind of two-action plan."""
    msg = loc.msg
    rows: list[tuple[int, str, str]] = []
    now = [p for p in plans if p.actions == 1]
    if now:
        takes = sorted({sq for p in now for sq in p.summon.take_back})
        how = _with_choice(msg("plan.now"), _choices(loc, board, takes, "take_back") if takes else "")
        rows.append((1, _squares(board, [p.target for p in now]), how))
    groups: dict[int, dict[str, list[Plan]]] = {}
    for p in plans:
        if p.actions > 1:
            groups.setdefault(p.target, {}).setdefault(p.kind, []).append(p)
    for target in _order(board, list(groups)):
        ways = []
        placed = groups[target].get("place-summon", [])
        if placed:
            places: dict[int, set[int]] = {}
            for p in placed:
                step = p.steps[0]
                assert isinstance(step, PlaceStep)
                places.setdefault(step.square, set()).update(step.pick_up)
            items = [_with_choice(board.name(sq), _choices(loc, board, sorted(places[sq]), "pick_up"))
                     for sq in _order(board, list(places))]
            ways.append(msg("plan.after_place", squares=", ".join(items)))
        summoned = groups[target].get("summon-summon", [])
        if summoned:
            firsts: dict[str, tuple[Any, set[int]]] = {}
            for p in summoned:
                step = p.steps[0]
                assert isinstance(step, SummonStep)
                firsts.setdefault(step.card.id, (step.card, set()))[1].add(step.target)
            items = [msg("plan.first_summon", card=name(card), squares=_squares(board, sorted(sqs)))
                     for card, sqs in sorted(firsts.values(), key=lambda cs: cs[0].order)]
            ways.append(msg("plan.after_summon", firsts=loc.join(items, "clauses")))
        rows.append((2, board.name(target), msg("plan.or").join(ways)))
    return rows


def describe(plan: Plan, board: Board, loc: Localizer, name: Names) -> str:
    """A plan in one sentence: its steps in order, each with its first choice."""
    return msg_join(loc, [step_text(step, board, loc, name) for step in plan.steps])


def msg_join(loc: Localizer, steps: list[str]) -> str:
    return loc.msg("plan.then").join(steps)


def step_text(step: PlaceStep | SummonStep, board: Board, loc: Localizer, name: Names) -> str:
    msg = loc.msg
    if isinstance(step, PlaceStep):
        if step.pick_up:
            return msg("plan.step.place_short", square=board.name(step.square),
                       pick=_choices_or(loc, board, step.pick_up))
        return msg("plan.step.place", square=board.name(step.square))
    o = step.orientation
    text = msg("plan.step.summon", card=name(step.card), square=board.name(step.target),
               orientation=msg("summon.orientation", rotation=o.rotation,
                               mirrored=msg("summon.mirrored") if o.mirrored else ""))
    extra = []
    if step.destroys:
        extra.append(msg("summon.destroys", square=board.name(step.destroys[0]), piece=piece_text(loc, step.destroys[1])))
    if step.reuses is not None:
        extra.append(msg("summon.reuses", square=board.name(step.reuses)))
    if step.take_back:
        extra.append(msg("summon.take_back", squares=_squares(board, step.take_back)))
    return f"{text} ({'; '.join(extra)})" if extra else text


def _choices_or(loc: Localizer, board: Board, squares: Sequence[int]) -> str:
    return loc.msg("plan.one_of", squares=_squares(board, squares)) if len(squares) > 1 else board.name(squares[0])


def piece_text(loc: Localizer, piece: Piece) -> str:
    return loc.msg("piece", color=loc.msg(f"color.{piece.color}"), rank=loc.msg(f"rank.{piece.rank}"))


def threats_renderable(threats: Threats, board: Board, loc: Localizer, name: Names) -> RenderableType:
    msg = loc.msg
    parts: list[RenderableType] = []
    for opp in threats.opponents:
        report = opp.report
        deck = msg(f"deck.{opp.deck}") if opp.deck else msg("plan.deck_unknown")
        title = msg("plan.threats_title", opponent=msg(f"color.{opp.color}"), deck=deck, actions=report.actions,
                    reachable=len(report.reachable), total=len(report.cards))
        parts.append(report_renderable(report, board, loc, name, title=title))
        used = report.squares()
        if used:
            ranked = sorted(used.items(), key=lambda kv: (-(kv[1]["summon"] + kv[1]["place"]), square_order(kv[0])))
            items = [msg("plan.square_use", square=board.name(sq), summons=msg("plan.summons", count=n["summon"]),
                         places=msg("plan.places", count=n["place"])) for sq, n in ranked[:12]]
            parts.append(Text(msg("plan.threat_squares", squares=loc.join(items, "clauses"))))
        parts.append(Text(""))
    return Group(*parts)


# ---------------------------------------------------------------------- SVG

def plan_svg(board: Board, pos: Position, report: PlanReport, loc: Localizer, name: Names,
             title: str | None = None) -> str:
    """The best plan of each card that has one, drawn on the position (the first action's square
    marked as a square where a piece is still needed)."""
    from tashkalar_cli.render.svg import Panel, boards_svg

    msg = loc.msg
    panels = []
    for card in report.reachable:
        best = report.best(card)
        assert best is not None
        last = best.summon
        roles: dict[int, str] = {sq: "pattern" for sq in last.pattern_squares}
        first = best.steps[0]
        if best.actions > 1:
            roles[first.square if isinstance(first, PlaceStep) else first.target] = "lack"
        roles[last.target] = "target"
        destroyed: list[int] = [last.destroys[0]] if last.destroys else []
        lines = [step_text(step, board, loc, name) for step in best.steps]
        caption = msg("plan.svg.caption", card=name(card), actions=msg("plan.actions", count=best.actions))
        panels.append(Panel(caption, roles, destroyed=destroyed, lines=lines))
    heading_text = title or msg("plan.title", player=msg(f"color.{report.player}"), actions=report.actions,
                                reachable=len(report.reachable), total=len(report.cards))
    if not panels:
        panels.append(Panel(msg("plan.none", actions=msg("plan.actions", count=report.actions))))
    return boards_svg(board, pos, panels, heading_text, 3, loc=loc, heading=[heading_text, msg("plan.note")])


# ---------------------------------------------------------------------- a summon played

def position_yaml(pos: Position, comments: Sequence[str] = ()) -> str:
    """The position in the position file format (a board diagram), headed by ``comments``."""
    from tashkalar_cli.model.notation import position_yaml as written

    return written(pos, as_diagram=True, full_supply=True, comments=comments)


def applied_comments(applied: Applied, board: Board, loc: Localizer, card_name: str) -> list[str]:
    msg = loc.msg
    o = applied.placement.orientation
    out = [msg("apply.comment", player=msg(f"color.{applied.player}"), card=card_name,
               square=board.name(applied.placement.target),
               orientation=msg("summon.orientation", rotation=o.rotation,
                               mirrored=msg("summon.mirrored") if o.mirrored else ""))]
    if applied.destroyed is not None:
        out.append(msg("apply.destroyed", piece=piece_text(loc, applied.destroyed),
                       square=board.name(applied.placement.target)))
    if applied.placement.reuses is not None:
        out.append(msg("apply.reused", square=board.name(applied.placement.reuses)))
    if applied.take_back is not None:
        out.append(msg("apply.taken_back", square=board.name(applied.take_back)))
    out.append(msg("apply.not_resolved"))
    return out


def turn_yaml(turn: Turn, board: Board, comments: Sequence[str] = ()) -> str:
    import yaml

    from tashkalar_cli.model.notation import yaml_comments

    return yaml_comments(comments) + yaml.safe_dump(turn.to_dict(board), sort_keys=False, allow_unicode=True,
                                                    default_flow_style=None)


__all__ = ["applied_comments", "describe", "plan_svg", "position_yaml", "report_renderable", "step_text",
           "threats_renderable", "turn_yaml"]

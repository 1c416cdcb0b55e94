"""Output of the turn planner (Rich text and SVG) and of a summon played (the position file after it).

The text groups the plans per card, the fewest actions first: the squares where the card can be
summoned now, then, per summoning square, the squares where a common piece placed first makes
the summon possible, then the beings whose summon first makes it possible. ``--json`` gives one
entry per card, summoning square and orientation (``--all-plans``: every plan with every choice);
the SVG draws the best plan of each card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from tashkalar_cli.games.tashkalar.model.board import Board, square_order
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.render.fit import fitted
from tashkalar_cli.render.terminal import Readable
from tashkalar_cli.text.i18n import Localizer

if TYPE_CHECKING:   # the planner is imported by what reads plans, not by plan --task or summon --apply
    from tashkalar_cli.games.tashkalar.engine.goals import Act, GoalReport
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep, Plan, PlanGroup, PlanReport, SummonStep, Threats
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied
    from tashkalar_cli.games.tashkalar.model.cards import Being
    from tashkalar_cli.games.tashkalar.model.turn import Turn

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


def heading_text(text: str) -> Text:
    """A heading whose parts (``A — B``) stand on lines of their own, rather than wrapped anywhere."""
    return Text("\n".join(part.strip() for part in text.split(" — ")), style="bold")


def report_renderable(report: PlanReport, board: Board, loc: Localizer, name: Names, *,
                      title: str | None = None, positions: dict[int, Position] | None = None,
                      pos: Position | None = None, heading: bool = True) -> RenderableType:
    """The plans of one player as a table, per card; ``positions``: the board after each card's best plan."""
    msg = loc.msg
    reachable = report.reachable
    head = title or msg("plan.title", player=msg(f"color.{report.player}"), actions=report.actions,
                        reachable=len(reachable), total=len(report.cards))
    parts: list[RenderableType] = [heading_text(head)] if heading else []
    if reachable:
        for card in reachable:
            parts += _card_plans(report, card, board, loc, name)
    else:
        parts.append(Text(msg("plan.none", actions=msg("plan.actions", count=report.actions))))
    reached = {c.id for c in reachable}
    missing = [c for c in report.cards if c.id not in reached]
    if missing and reachable:
        # a list, said name by name: never cut inside a name, however long the language's names
        parts.append(Text(msg("plan.unreachable", count=len(missing), cards=[name(c) for c in missing]), style="dim"))
    if positions and pos is not None:
        parts += _boards_after(report, positions, board, loc, name)
    notes = [msg("plan.note")]
    if report.effect_budget is not None:
        states = [g.effect_state for g in report.groups]
        notes.insert(0, msg("plan.effects_summary", resolved=states.count("resolved"), states=report.effect_states,
                            budget=report.effect_budget, no_data=states.count("no-data"), beyond=states.count("budget")))
    if report.actions > 2:
        notes.append(msg("plan.note_actions", actions=report.actions))
    parts.append(Text(" ".join(notes), style="dim"))
    return Readable(Group(*parts))


def _card_plans(report: PlanReport, card: Being, board: Board, loc: Localizer, name: Names) -> list[RenderableType]:
    """One card's plans: its name, a grid of the ways to summon it, and what its effect may do."""
    from rich.table import Table  # deferred: summon --apply (a position written) and plan --task/--flare draw no table

    msg = loc.msg
    parts: list[RenderableType] = [Text(name(card), style="bold")]
    # a grid: a long way to summon wraps under its own column, the list stays easy to scan
    grid = Table.grid(padding=(0, 1), pad_edge=False)
    grid.add_column(width=1)
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(style="bold cyan", max_width=12)  # squares: wrapped after a comma, never cut
    grid.add_column()
    for actions, square, how in _rows(report.groups_of(card), board, loc, name):
        grid.add_row("", msg("plan.actions", count=actions), square, how)
    parts.append(fitted(grid, ids=(1,)))
    first = next((g for g in report.groups_of(card) if g.effect is not None), None)
    if first is not None and first.effect is not None:
        key = "plan.card_effect_partial" if first.effect.truncated else "plan.card_effect"
        parts.append(Text("  " + msg(key, square=board.name(first.target), count=first.effect.count),
                          style="dim"))
    return parts


def _boards_after(report: PlanReport, positions: dict[int, Position], board: Board, loc: Localizer,
                  name: Names) -> list[RenderableType]:
    """The board after each reachable card's best plan, and the key of the marks."""
    from tashkalar_cli.games.tashkalar.render.board import board_key, board_text  # deferred: plan --positions only

    msg = loc.msg
    parts: list[RenderableType] = []
    drawn: list[tuple[Position | None, dict[int, str]]] = []
    for card in report.reachable:
        best = report.best(card)
        after = positions.get(id(best))
        if best is None or after is None:
            continue
        parts.append(Text(msg("plan.after", card=name(card), plan=describe(best, board, loc, name)), style="bold"))
        drawn.append((after, {best.target: "target"}))
        parts.append(board_text(board, after, drawn[-1][1]))
    if drawn:
        parts.append(board_key(loc, drawn, {"target": "board.key.summoned"}))
    return parts


def width(loc: Localizer) -> int:
    return max(len(loc.msg("plan.actions", count=n)) for n in (1, 2))


def _rows(groups: list[PlanGroup], board: Board, loc: Localizer, name: Names) -> list[tuple[int, str, str]]:
    """One row for the summons possible now, then one per summoning square and kind of two-action plan."""
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep, SummonStep  # deferred: see step_text

    msg = loc.msg
    rows: list[tuple[int, str, str]] = []
    now = [s for g in groups for s in g.now]
    if now:
        takes = sorted({sq for s in now for sq in s.take_back})
        how = _with_choice(msg("plan.now"), _choices(loc, board, takes, "take_back") if takes else "")
        rows.append((1, _squares(board, [s.target for s in now]), how))
    by_target: dict[int, list[PlanGroup]] = {}
    for g in groups:
        if not g.now:
            by_target.setdefault(g.target, []).append(g)
    for target in _order(board, list(by_target)):
        ways = []
        places: dict[int, set[int]] = {}
        firsts: dict[str, tuple[Any, set[int]]] = {}
        for g in by_target[target]:
            for c in g.places:
                step = c.head
                assert isinstance(step, PlaceStep)
                places.setdefault(step.square, set()).update(step.pick_up)
            for c in g.summons:
                first = c.head
                assert isinstance(first, SummonStep)
                firsts.setdefault(first.card.id, (first.card, set()))[1].add(first.target)
        if places:
            items = [_with_choice(board.name(sq), _choices(loc, board, sorted(places[sq]), "pick_up"))
                     for sq in _order(board, list(places))]
            ways.append(msg("plan.after_place", squares=", ".join(items)))
        if firsts:
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
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep  # deferred: summon --apply starts without the planner

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
    """Each opponent's summary first (what it could summon, the squares its plans use most: the
    ones to block), then the details of every card, which can run long when its deck is unknown."""
    from rich.table import Table  # deferred: summon --apply (a position written) and plan --task/--flare draw no table

    msg = loc.msg
    parts: list[RenderableType] = []
    titles = []
    for opp in threats.opponents:
        report = opp.report
        deck = msg(f"deck.{opp.deck}") if opp.deck else msg("plan.deck_unknown")
        titles.append(msg("plan.threats_title", opponent=msg(f"color.{opp.color}"), deck=deck,
                          actions=report.actions, reachable=len(report.reachable), total=len(report.cards)))
        parts.append(heading_text(titles[-1]))
        used = report.squares()
        if used:
            ranked = sorted(used.items(), key=lambda kv: (-(kv[1]["summon"] + kv[1]["place"]), square_order(kv[0])))
            parts.append(Text(msg("plan.threat_summary")))
            table = Table(expand=False)
            table.add_column(msg("plan.col.square"), style="bold cyan", no_wrap=True)
            table.add_column(msg("plan.col.summons"), justify="right")
            table.add_column(msg("plan.col.places"), justify="right")
            for sq, n in ranked[:12]:
                table.add_row(board.name(sq), str(n["summon"]), str(n["place"]))
            parts.append(fitted(table, ids=(0,)))
        if opp.effect_destroys:
            items = [f"{board.name(sq)} ({', '.join(name(_card(report, c)) for c in cards)})"
                     for sq, cards in opp.effect_destroys.items()]
            parts.append(Text(msg("plan.threat_destroys", squares=loc.join(items))))
        elif any(g.effect is not None for g in report.groups):
            parts.append(Text(msg("plan.threat_destroys_none"), style="dim"))
        parts.append(Text(""))
    for opp, title in zip(threats.opponents, titles, strict=True):
        # one opponent: its heading is just above; several: each one's details under its heading again
        parts.append(report_renderable(opp.report, board, loc, name, title=title,
                                       heading=len(threats.opponents) > 1))
        parts.append(Text(""))
    return Readable(Group(*parts))


# ---------------------------------------------------------------------- goals: a task to claim, a flare to allow

def act_text(act: Act, board: Board, loc: Localizer, name: Names) -> str:
    """One action of a way, with its choices and what its effect did."""
    from tashkalar_cli.games.tashkalar.render.effects import outcome_lines  # deferred: plan --task/--flare only

    msg = loc.msg
    if act.kind == "place":
        if act.pick_up is not None:
            return msg("plan.step.place_short", square=board.name(act.square), pick=board.name(act.pick_up))
        return msg("plan.step.place", square=board.name(act.square))
    assert act.card is not None and act.orientation is not None
    o = act.orientation
    text = msg("plan.step.summon", card=name(act.card), square=board.name(act.square),
               orientation=msg("summon.orientation", rotation=o.rotation,
                               mirrored=msg("summon.mirrored") if o.mirrored else ""))
    if act.pick_up is not None:
        text += f" ({msg('plan.goal.taking_back', square=board.name(act.pick_up))})"
    if not act.resolved:
        return f"{text} — {msg('plan.goal.effect_unresolved')}"
    assert act.outcome is not None
    return f"{text} — {msg('plan.goal.effect', what=msg('plan.goal.and').join(outcome_lines(act.outcome, loc)))}"


def goal_renderable(report: GoalReport, board: Board, loc: Localizer, name: Names, goal_name: str,
                    following: str | None, limit: int, pos: Position) -> RenderableType:
    """``plan --task`` / ``plan --flare``: whether the goal can be met at the end of the turn, and the ways."""
    from tashkalar_cli.games.tashkalar.engine.goals import MAX_OUTCOMES  # deferred: plan --task/--flare only

    msg = loc.msg
    player = msg(f"color.{report.player}")
    if following is None:
        title = msg("plan.goal.task_title", task=goal_name, player=player, actions=report.actions)
    else:
        title = msg("plan.goal.flare_title", flare=goal_name, player=player, next=msg(f"color.{following}"),
                    actions=report.actions)
    parts: list[RenderableType] = [Text(title, style="bold")]
    if report.claimed_by is not None:
        parts.append(Text(msg("plan.goal.claimed", player=msg(f"color.{report.claimed_by}"))))
    if report.met_now:
        parts.append(Text(msg("plan.goal.met_now")))
    if report.ways:
        parts.append(Text(msg("plan.goal.ways", count=len(report.ways), sequences=report.sequences)))
        body = Text()
        for i, way in enumerate(report.ways[:limit], 1):
            body.append(f"{i}. ", style="bold")
            body.append(msg_join(loc, [act_text(a, board, loc, name) for a in way.acts]))
            if way.sequences > 1:
                body.append(f" ({msg('plan.goal.orders', count=way.sequences)})", style="dim")
            body.append("\n")
        parts.append(body)
        if len(report.ways) > limit:
            parts.append(Text(msg("plan.goal.more", count=len(report.ways) - limit), style="dim"))
    elif not report.met_now:
        parts.append(Text(msg("plan.goal.none", actions=msg("plan.actions", count=report.actions))))
    notes = []
    if not report.hand:
        notes.append(msg("plan.goal.no_hand"))
    if report.unresolved:
        notes.append(msg("plan.goal.unresolved", cards=", ".join(report.unresolved)))
    if report.effects_spent:
        notes.append(msg("plan.goal.effects_budget", states=report.effect_states))
    elif report.work_spent:
        notes.append(msg("plan.goal.work_budget", work=report.work))
    elif report.truncated:
        notes.append(msg("plan.goal.truncated", states=report.states))
    if report.effects_truncated:
        notes.append(msg("plan.goal.effects_truncated", outcomes=MAX_OUTCOMES))
    if notes:
        parts.append(Text(" ".join(notes), style="dim"))
    return Group(*parts)


def _card(report: PlanReport, card_id: str) -> Any:
    return next(c for c in report.cards if c.id == card_id)


# ---------------------------------------------------------------------- SVG

def plan_svg(board: Board, pos: Position, report: PlanReport, loc: Localizer, name: Names,
             title: str | None = None) -> str:
    """The best plan of each card that has one, drawn on the position (the first action's square
    marked as a square where a piece is still needed)."""
    # deferred: plan --svg only
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep
    from tashkalar_cli.games.tashkalar.render.svg import Panel, boards_svg

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
    from tashkalar_cli.games.tashkalar.model.notation import position_yaml as written  # deferred: summon --apply only

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
    import yaml  # deferred: PyYAML and the notation, for the files of summon --apply only

    from tashkalar_cli.games.tashkalar.model.notation import yaml_comments  # deferred: as yaml above

    return yaml_comments(comments) + yaml.safe_dump(turn.to_dict(board), sort_keys=False, allow_unicode=True,
                                                    default_flow_style=None)


__all__ = ["act_text", "applied_comments", "describe", "goal_renderable", "plan_svg", "position_yaml",
           "report_renderable", "step_text", "threats_renderable", "turn_yaml"]

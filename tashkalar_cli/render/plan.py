"""Output of the turn planner (Rich text and SVG) and of a summon played (the position file after it).

The text groups the plans per card, the fewest actions first: the squares where the card can be
summoned now, then, per summoning square, the squares where a common piece placed first makes
the summon possible, then the beings whose summon first makes it possible. ``--json`` gives one
entry per card, summoning square and orientation (``--all-plans``: every plan with every choice);
the SVG draws the best plan of each card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from tashkalar_cli.engine.planner import PlaceStep, Plan, PlanGroup, PlanReport, SummonStep, Threats
from tashkalar_cli.model.board import Board, square_order
from tashkalar_cli.model.position import Piece, Position
from tashkalar_cli.render.terminal import MOST_BLOCK, Readable
from tashkalar_cli.text.i18n import Localizer
from tashkalar_cli.text.typography import NO_BREAK

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.measure import Measurement
    from rich.table import Table

    from tashkalar_cli.engine.goals import Act, GoalReport
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
            parts.append(Text(name(card), style="bold"))
            # a grid: a long way to summon wraps under its own column, the list stays easy to scan
            parts.append(PlanGrid([(msg("plan.actions", count=actions), square, how)
                                   for actions, square, how in _rows(report.groups_of(card), board, loc, name)]))
            first = next((g for g in report.groups_of(card) if g.effect is not None), None)
            if first is not None and first.effect is not None:
                key = "plan.card_effect_partial" if first.effect.truncated else "plan.card_effect"
                parts.append(Text("  " + msg(key, square=board.name(first.target), count=first.effect.count),
                                  style="dim"))
    else:
        parts.append(Text(msg("plan.none", actions=msg("plan.actions", count=report.actions))))
    reached = {c.id for c in reachable}
    missing = [c for c in report.cards if c.id not in reached]
    if missing and reachable:
        listed = ", ".join(name(c) for c in missing)
        parts.append(Text(msg("plan.unreachable", count=len(missing), cards=listed), style="dim"))
    if positions and pos is not None:
        from tashkalar_cli.render.board import board_key, board_text

        drawn: list[tuple[Position | None, dict[int, str]]] = []
        for card in reachable:
            best = report.best(card)
            after = positions.get(id(best))
            if best is None or after is None:
                continue
            parts.append(Text(msg("plan.after", card=name(card), plan=describe(best, board, loc, name)), style="bold"))
            drawn.append((after, {best.target: "target"}))
            parts.append(board_text(board, after, drawn[-1][1]))
        if drawn:
            parts.append(board_key(loc, drawn, {"target": "board.key.summoned"}))
    notes = [msg("plan.note")]
    if report.effect_budget is not None:
        states = [g.effect_state for g in report.groups]
        notes.insert(0, msg("plan.effects_summary", resolved=states.count("resolved"), states=report.effect_states,
                            budget=report.effect_budget, no_data=states.count("no-data"), beyond=states.count("budget")))
    if report.actions > 2:
        notes.append(msg("plan.note_actions", actions=report.actions))
    parts.append(Text(" ".join(notes), style="dim"))
    return Readable(Group(*parts))


#: the characters a cell of :class:`PlanGrid` may hold and still be laid out without Rich's table: those one
#: cell wide that Rich shows as they are (the no-break spaces of French typography included)
_NO_BREAK_SPACES = str.maketrans("", "", NO_BREAK)
_TRAILING_SPACE = re.compile(r"\s+$")   # what Rich strips from a wrapped line too long (rich.text.Text.rstrip_end)


class PlanGrid:
    """The rows of a card's plans (actions, summoning squares, how), drawn as Rich's
    ``Table.grid(padding=(0, 1), pad_edge=False)`` draws them, with an empty first column one cell wide,
    the actions (dim, never wrapped), the squares (bold cyan, wrapped after a comma at 12 cells) and the
    ways: the same lines, the same styles, at a fraction of the cost (the table measures and renders each
    cell through several layers; a full plan has hundreds of them). The widths are Rich's (its columns at
    their widest, the wrapping ones narrowed the widest first), and the lines are cut where Rich's word
    wrap (:func:`rich._wrap.divide_line`) cuts them. A grid Rich would lay out otherwise (a cell with a
    character not one cell wide or not shown as it is, a word wider than its column, a terminal too narrow
    for the columns that do not wrap) is drawn by Rich's table itself (:meth:`table`)."""

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        self.rows = rows

    def table(self) -> Table:
        from rich.table import Table

        grid = Table.grid(padding=(0, 1), pad_edge=False)
        grid.add_column(width=1)
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column(style="bold cyan", max_width=12)  # squares: wrapped after a comma, never cut
        grid.add_column()
        for actions, squares, how in self.rows:
            grid.add_row("", actions, squares, how)
        return grid

    def _lines(self, width: int) -> tuple[list[int], list[tuple[str, list[str], list[str]]]] | None:
        """The widths of the columns (with their padding) and per row, the actions, the lines of the squares
        and those of the ways, each padded to its column (None: a grid this code does not lay out as Rich
        would)."""
        rows = self.rows
        if not rows or width < 16:
            return None
        for row in rows:
            for cell in row:
                if (not cell or len(cell) > MOST_BLOCK or not cell.translate(_NO_BREAK_SPACES).isprintable()
                        or cell_len(cell) != len(cell)):
                    return None   # empty, or a character escaped (see visible), a line break, or not one cell wide
        # each column at its widest, with its padding: one cell on the right but for the last column
        widths = [2, max(len(r[0]) for r in rows) + 1, min(max(len(r[1]) for r in rows) + 1, 13),
                  max(len(r[2]) for r in rows)]
        if sum(widths) > width:
            widths = _collapse(widths, width)
            if sum(widths) > width:
                return None    # Rich would narrow every column, the actions too
        import rich._wrap  # its word pattern, as render.terminal sets it

        word = rich._wrap.re_word.finditer
        w1, w2, w3 = widths[1] - 1, widths[2] - 1, widths[3]
        out = []
        for actions, squares, how in rows:
            cells = []
            for text, w in ((squares, w2), (how, w3)):
                if len(text) <= w:
                    cells.append([text.ljust(w)])
                    continue
                # rich._wrap.divide_line, every character one cell wide: a word goes on to the next line
                # when it does not fit (its spaces after it may stick out, and are cut)
                lines = []
                start = used = 0
                for found in word(text):
                    at, whole = found.start(), found.group()
                    size = len(whole.rstrip())
                    if size > w:
                        return None   # a word wider than its column: Rich cuts it with an ellipsis
                    if w - used >= size:
                        used += len(whole)
                    elif used and at:
                        lines.append(text[start:at])
                        start, used = at, len(whole)
                lines.append(text[start:])
                for i, line in enumerate(lines):
                    if len(line) > w:   # rich.text.Text.rstrip_end
                        spaces = _TRAILING_SPACE.search(line)
                        if spaces is not None:
                            line = line[:len(line) - min(len(spaces.group()), len(line) - w)]
                    lines[i] = line.ljust(w)
                cells.append(lines)
            out.append((actions.ljust(w1), cells[0], cells[1]))
        return widths, out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        laid = self._lines(options.max_width)
        if laid is None:
            yield self.table()
            return
        from rich.segment import Segment

        # the segments the table makes: each cell's line, then its padding, in the cell's style
        widths, rows = laid
        dim, cyan, plain = console.get_style("dim"), console.get_style("bold cyan"), console.get_style("")
        pad0, pad1, pad2 = Segment(" ", plain), Segment(" ", dim), Segment(" ", cyan)
        empty, new_line = Segment(" "), Segment("\n")
        blank1, blank2 = Segment(" " * widths[1], dim), Segment(" " * widths[2], cyan)
        for actions, squares, how in rows:
            yield from (empty, pad0, Segment(actions, dim), pad1)
            yield from (Segment(squares[0], cyan), pad2, Segment(how[0]), new_line)
            for i in range(1, max(len(squares), len(how))):
                yield from (empty, pad0, blank1)
                if i < len(squares):
                    yield from (Segment(squares[i], cyan), pad2)
                else:
                    yield blank2
                yield Segment(how[i]) if i < len(how) else Segment(" " * len(how[0]), plain)
                yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement.get(console, options, self.table())


def _collapse(widths: list[int], width: int) -> list[int]:
    """The widths of :class:`PlanGrid`'s columns narrowed to ``width`` as Rich narrows a table's
    (``rich.table.Table._collapse_widths``): the widest of the columns that wrap (the squares and the
    ways) down to the next widest, and again, as long as the table is too wide."""
    widths = list(widths)
    wraps = (2, 3)
    excess = sum(widths) - width
    while excess > 0:
        widest = max(widths[i] for i in wraps)
        second = max(widths[i] if widths[i] != widest else 0 for i in wraps)
        if widest == second:
            break
        at = [i for i in wraps if widths[i] == widest]
        # rich._ratio.ratio_reduce: the excess shared by the widest columns, each by at most the difference
        total, share = excess, len(at)
        most = min(excess, widest - second)
        for i in at:
            cut = min(most, round(total / share))
            widths[i] -= cut
            total -= cut
            share -= 1
        excess = sum(widths) - width
    return widths


def width(loc: Localizer) -> int:
    return max(len(loc.msg("plan.actions", count=n)) for n in (1, 2))


def _rows(groups: list[PlanGroup], board: Board, loc: Localizer, name: Names) -> list[tuple[int, str, str]]:
    """One row for the summons possible now, then one per summoning square and kind of two-action plan."""
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
    from rich.table import Table

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
            parts.append(table)
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
    from tashkalar_cli.render.effects import outcome_lines

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
    from tashkalar_cli.engine.goals import MAX_OUTCOMES

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
        parts.append(Text(msg("plan.goal.none", actions=report.actions)))
    notes = []
    if not report.hand:
        notes.append(msg("plan.goal.no_hand"))
    if report.unresolved:
        notes.append(msg("plan.goal.unresolved", cards=", ".join(report.unresolved)))
    if report.truncated:
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


__all__ = ["act_text", "applied_comments", "describe", "goal_renderable", "plan_svg", "position_yaml",
           "report_renderable", "step_text", "threats_renderable", "turn_yaml"]

"""Outcomes of an effect in words: each outcome's steps, one sentence each, in the user's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tashkalar_cli.games.tashkalar.model.markers import MARKED
from tashkalar_cli.games.tashkalar.render.explain import piece_words

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.effects import Change, Outcome, Resolution
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.render.svg import Panel
    from tashkalar_cli.text.i18n import Localizer


def step_sentence(change: Change, outcome: Outcome, loc: Localizer) -> str:
    """One thing an effect did, as a sentence."""
    msg = loc.msg
    name = outcome.resolver.board.name
    piece = outcome.resolver.piece

    def words(code: int) -> str:
        return piece_words(loc, piece(code))

    do = change.do
    if do == "move":
        if change.after:
            return msg("effect.step.move_destroy", piece=words(change.piece), start=name(change.square),
                       end=name(change.to), other=words(change.after))
        return msg("effect.step.move", piece=words(change.piece), start=name(change.square), end=name(change.to))
    if do == "swap":
        return msg("effect.step.swap", piece=words(change.piece), start=name(change.square),
                   other=words(change.after), end=name(change.to))
    if do == "gain_actions":
        if change.n < 0:
            return msg("effect.step.lose_actions", count=-change.n)
        return msg("effect.step.gain_actions", count=change.n)
    if do == "note":
        return msg(f"effect-note.{change.note}")
    if do == "special":
        return msg("effect.step.special", id=change.note)
    if do == "place":
        return msg("effect.step.place", piece=words(change.after), square=name(change.square))
    if do in ("destroy", "remove") or change.note == MARKED:     # MARKED: do names the marker (``gateway``)
        return msg(f"effect.step.{do}", piece=words(change.piece), square=name(change.square))
    if do == "convert":
        return msg("effect.step.convert", piece=words(change.piece), square=name(change.square),
                   after=words(change.after))
    rank = msg(f"rank.{piece(change.after).rank}")
    return msg(f"effect.step.{do}", piece=words(change.piece), square=name(change.square), rank=rank)


def choice_sentences(outcome: Outcome, loc: Localizer) -> list[str]:
    """The choices of an outcome that its steps do not show: a direction, a color, an assumption."""
    out = []
    for c in outcome.choices:
        if c.kind == "direction":
            out.append(loc.msg("effect.choice.direction", direction=loc.msg(f"direction.{c.value}")))
        elif c.kind == "color":
            out.append(loc.msg("effect.choice.color", color=loc.msg(f"color.{c.value}")))
        elif c.kind == "square":
            out.append(loc.msg("effect.choice.square", square=c.value))
    return out


def outcome_lines(outcome: Outcome, loc: Localizer) -> list[str]:
    """The outcome's steps and choices, one sentence each (a single line when nothing happens)."""
    lines = choice_sentences(outcome, loc) + [step_sentence(c, outcome, loc) for c in outcome.steps]
    return lines or [loc.msg("effect.nothing")]


def resolution_lines(resolution: Resolution, loc: Localizer, limit: int | None) -> list[str]:
    """Every outcome (at most ``limit``), numbered as ``--choose`` takes them, then what is not shown."""
    lines: list[str] = []
    shown = resolution.outcomes if limit is None else resolution.outcomes[:limit]
    for i, outcome in enumerate(shown, 1):
        lines.append(loc.msg("effect.outcome", n=i))
        lines += [f"  - {line}" for line in outcome_lines(outcome, loc)]
    if len(shown) < resolution.count:
        lines.append(loc.msg("effect.more", count=resolution.count - len(shown)))
    if resolution.truncated:
        lines.append(loc.msg("effect.truncated", states=resolution.states))
    return lines


# ---------------------------------------------------------------------- pictures (--svg)

def outcome_panels(before: Position, outcome: Outcome, loc: Localizer, n: int, count: int,
                   target: int | None = None) -> list[Panel]:
    """An outcome drawn on two boards: ``before`` the effect with its moves as arrows and the pieces it
    destroys crossed out (``target``: the summoning square, framed), then the position it leaves with
    the squares it changed framed, and its steps in words under it."""
    from tashkalar_cli.games.tashkalar.render.svg import Panel  # deferred: --svg only

    moves: list[tuple[int, int]] = []
    destroyed: list[int] = []
    changed: list[int] = []
    for change in outcome.steps:
        do = change.do
        if do == "move":
            moves.append((change.square, change.to))
            changed.append(change.to)
            if change.after:
                destroyed.append(change.to)
        elif do == "swap":
            moves += [(change.square, change.to), (change.to, change.square)]
            changed += [change.square, change.to]
        elif do in ("destroy", "remove"):
            destroyed.append(change.square)
        elif do in ("place", "upgrade", "downgrade", "convert") or change.note == MARKED:
            changed.append(change.square)
    after = outcome.position
    first = Panel(loc.msg("effect.svg.before"), {target: "target"} if target is not None else {},
                  destroyed=list(dict.fromkeys(destroyed)), moves=moves, destroyed_by="effect", position=before)
    roles = {sq: "changed" for sq in changed if sq in after.pieces}
    second = Panel(loc.msg("effect.svg.after", n=n, count=count), roles, lines=outcome_lines(outcome, loc),
                   position=after)
    return [first, second]


def applied_panels(applied: Applied, loc: Localizer) -> list[Panel]:
    """A summon played, drawn on two boards: the placement used before it, and the position after it."""
    from tashkalar_cli.games.tashkalar.render.svg import Panel  # deferred: --svg only

    p = applied.placement
    roles: dict[int, str] = {sq: "pattern" for sq in p.pattern_squares}
    roles[p.target] = "target"
    before = Panel(loc.msg("summon.svg.before"), roles, {sq: tuple(m) for sq, m in p.marked.items()},
                   destroyed=[p.target] if applied.destroyed is not None else [], position=applied.before)
    return [before, Panel(loc.msg("summon.svg.after"), {p.target: "target"}, position=applied.position)]


def applied_svg(board: Board, applied: Applied, heading: list[str], loc: Localizer,
                outcome: Outcome | None = None, n: int = 0, count: int = 0) -> str:
    """``summon --apply --svg``: the summon played (``outcome``: then outcome ``n`` of the ``count`` of its
    effect: before and after the effect), with ``heading`` above (what the text answer says first)."""
    if outcome is None:
        return _drawn(board, heading, applied_panels(applied, loc), loc)
    return _drawn(board, [*heading, _chosen(loc, n, count)],
                  outcome_panels(applied.position, outcome, loc, n, count, applied.placement.target), loc)


def flare_svg(board: Board, before: Position, heading: list[str], loc: Localizer, outcome: Outcome | None = None,
              n: int = 0, count: int = 0) -> str:
    """``flare play --svg``: outcome ``n`` of the ``count`` of the flare's halves, before and after (without
    an outcome: the position, with what the answer says above it)."""
    from tashkalar_cli.games.tashkalar.render.svg import Panel  # deferred: --svg only

    if outcome is None:
        return _drawn(board, heading, [Panel(position=before)], loc)
    return _drawn(board, [*heading, _chosen(loc, n, count)], outcome_panels(before, outcome, loc, n, count), loc)


def _chosen(loc: Localizer, n: int, count: int) -> str:
    """"Outcome n of count", as a heading line (the text answer's line leads to a list: its colon is left out)."""
    return loc.msg("effect.chosen", n=n, count=count).rstrip(" :\u00a0\u202f")


def _drawn(board: Board, heading: list[str], panels: list[Panel], loc: Localizer) -> str:
    """The boards of a summon or an effect played, side by side, ``heading`` above; described by the heading
    and the words under the last board."""
    from tashkalar_cli.games.tashkalar.render.svg import boards_svg  # deferred: --svg only

    desc = " ".join(line.rstrip(".:") + "." for line in [*heading, *panels[-1].lines])
    return boards_svg(board, panels[-1].position, panels, heading[0], 2, loc=loc, heading=heading, desc=desc)


__all__ = ["applied_panels", "applied_svg", "choice_sentences", "flare_svg", "outcome_lines", "outcome_panels",
           "resolution_lines", "step_sentence"]

"""Outcomes of an effect in words: each outcome's steps, one sentence each, in the user's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tashkalar_cli.render.explain import piece_words

if TYPE_CHECKING:
    from tashkalar_cli.engine.effects import Change, Outcome, Resolution
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
    if do in ("destroy", "remove", "gateway"):
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


__all__ = ["choice_sentences", "outcome_lines", "resolution_lines", "step_sentence"]

"""L.E.T.A.L. TCG's answers in words, as the command line says them: the sentences ``letal area``, ``move``,
``push``, ``pull`` and ``attack`` print, and, for the page that lights the grid (``--words --json``), each
square of the answer with the reason it is lit (in an area, where a move can end, where a push stops, what
blocks it). The command line prints these same sentences, so the page never says an answer differently."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tashkalar_cli.games.letal.engine import Attack, GridSquare, MoveTo, Shift
    from tashkalar_cli.text.i18n import Localizer


@dataclass(frozen=True)
class Said:
    """An answer in words: its sentences (``lines``) and each square it lights with its reason
    (``reasons``, square name -> text, in the order of the grid: by file, then rank)."""

    lines: list[str]
    reasons: dict[str, str]

    def data(self) -> dict[str, object]:
        """The ``lines`` and ``reasons`` keys of a ``--words --json`` answer."""
        return {"lines": self.lines, "reasons": [{"square": sq, "reason": why} for sq, why in self.reasons.items()]}


def _listed(squares: list[GridSquare], loc: Localizer) -> str:
    return ", ".join(sq.name for sq in squares) if squares else loc.msg("letal.none")


def _sorted(reasons: dict[GridSquare, str]) -> dict[str, str]:
    return {sq.name: why for sq, why in sorted(reasons.items())}


def area_said(label: str, hero: GridSquare, found: list[GridSquare], loc: Localizer) -> Said:
    """``letal area``: the squares of the area ``label`` ("Reach 2") around the hero on ``hero``."""
    line = loc.msg("letal.area.result", area=label, square=hero.name, squares=_listed(found, loc))
    reason = loc.msg("letal.reason.area", area=label, square=hero.name)
    return Said([line], _sorted(dict.fromkeys(found, reason)))


def move_said(hero: GridSquare, steps: int, found: list[GridSquare], asked: MoveTo | None, loc: Localizer) -> Said:
    """``letal move``: where a move of up to ``steps`` steps can end, and (``--to``) whether on that square."""
    from tashkalar_cli.games.letal.render import move_to_text, why_text  # deferred: letal attack draws nothing

    said_steps = loc.msg("letal.steps", count=steps)   # "1 step", "2 steps": the number agrees in every language
    lines = [loc.msg("letal.move.result", square=hero.name, steps=said_steps, squares=_listed(found, loc))]
    reach = loc.msg("letal.reason.move", steps=said_steps, square=hero.name)
    reasons = {sq: (loc.msg("letal.reason.stay") if sq == hero else reach) for sq in found}
    if asked is not None:
        lines.append(move_to_text(asked, hero, loc))
        if asked.why is not None:
            reasons[asked.to] = why_text(asked.why, loc)
            if asked.why.code == "walled":
                reasons.update(dict.fromkeys(asked.why.squares, loc.msg("letal.reason.wall")))
    return Said(lines, _sorted(reasons))


def shift_said(kind: str, hero: GridSquare, by: GridSquare, distance: int, result: Shift, loc: Localizer) -> Said:
    """``letal push`` / ``letal pull``: where the hero ends, or why the push or pull is ignored."""
    from tashkalar_cli.games.letal.render import why_text  # deferred: letal attack draws nothing

    if result.ignored:
        assert result.why is not None
        line = loc.msg(f"letal.{kind}.ignored", square=hero.name, why=why_text(result.why, loc))
        code = result.why.code   # edge, blocked or not-in-line
        reasons = {sq: loc.msg(f"letal.reason.{code}") for sq in result.why.squares}
        return Said([line], _sorted(reasons))
    assert result.to is not None
    line = loc.msg(f"letal.{kind}.done", square=hero.name, by=by.name,
                   distance=loc.msg("letal.squares", count=distance), to=result.to.name)
    reasons = dict.fromkeys(result.path[:-1], loc.msg("letal.reason.crossed"))
    reasons[result.to] = loc.msg("letal.reason.ends")
    return Said([line], _sorted(reasons))


def attack_said(result: Attack, hidden: int, prevent: int, per_card: int, loc: Localizer) -> list[str]:
    """``letal attack``: the damage prevented, the Endurance lost and left, life or death."""
    msg = loc.msg
    lines = [msg("letal.attack.prevented", prevented=result.prevented, hidden=hidden, per_card=per_card,
                 prevent=prevent)]
    if result.fully_blocked:
        lines.append(msg("letal.attack.fully_blocked"))
    return [*lines, msg("letal.attack.lost", lost=result.endurance_lost),
            msg("letal.attack.left", endurance=result.endurance),
            msg("letal.attack.dies") if result.dies else msg("letal.attack.survives")]


__all__ = ["Said", "area_said", "attack_said", "move_said", "shift_said"]

"""An effect played and one of its outcomes chosen: for a summon, the position after both and the turn
record that tells of them (what ``summon --apply --effects --choose N`` writes); for a flare, the outcome
(what ``flare play --choose N`` prints)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tashkalar_cli.errors import InputError, Term
from tashkalar_cli.games.tashkalar.engine.effects import FlarePlay, SummonEffects

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.effects import Outcome
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.model.turn import Turn

#: ``choose=ONLY``: the effect's only outcome (several, or none: the caller must say which)
ONLY: Literal["only"] = "only"

OutcomeChoice = int | Literal["only"] | None


@dataclass
class SummonResolved(SummonEffects):
    """A summon and its effect resolved (as :class:`SummonEffects`), and the outcome chosen: ``chosen``
    (numbered from 1 as listed; None: none chosen), ``position`` (after the summon and the outcome chosen;
    none chosen: right after the summon) and ``turn`` (the turn record with the summon and the pieces the
    outcome chosen destroyed)."""

    chosen: int | None
    position: Position
    turn: Turn

    @property
    def outcome(self) -> Outcome | None:
        """The outcome chosen, or None."""
        return None if self.chosen is None or self.resolution is None else self.resolution.outcomes[self.chosen - 1]


def choose_outcome(effects: SummonEffects, choose: OutcomeChoice, card: str) -> SummonResolved:
    """``effects`` with outcome ``choose`` played (``card``: the card's id, for the errors).

    ``choose``: an outcome's number (from 1, as listed), :data:`ONLY` (the only outcome: an error when the
    effect has several or none; nothing chosen when the card has no effect data), or None (none chosen).
    A number for a card without effect data, or outside 1 to the count of outcomes, is bad input."""
    resolution = effects.resolution
    if resolution is None:
        if isinstance(choose, int):
            raise InputError(key="effects-no-data", option="choose", card=Term("card", card))
        choose = None
    elif choose == ONLY:
        if resolution.count != 1:
            raise InputError(key="effects-choose-needed", option="choose", count=resolution.count)
        choose = 1
    if resolution is not None and isinstance(choose, int) and not 1 <= choose <= resolution.count:
        raise InputError(key="effects-choose", option="choose", n=choose, count=resolution.count)
    applied = effects.applied
    position, turn = applied.position, applied.turn
    if resolution is not None and isinstance(choose, int):
        outcome = resolution.outcomes[choose - 1]
        position = outcome.position
        turn = turn.played([*turn.destroyed, *(piece for _, piece in outcome.destroyed)], turn.summoned)
    chosen = choose if isinstance(choose, int) else None
    return SummonResolved(effects.applied, resolution, effects.actions_left, chosen, position, turn)


@dataclass
class FlareResolved(FlarePlay):
    """A flare played (as :class:`FlarePlay`) and the outcome chosen (``chosen``: numbered from 1 as listed;
    None: none chosen)."""

    chosen: int | None

    @property
    def outcome(self) -> Outcome | None:
        """The outcome chosen, or None."""
        return None if self.chosen is None or self.resolution is None else self.resolution.outcomes[self.chosen - 1]


def choose_flare_outcome(played: FlarePlay, choose: int | None) -> FlareResolved:
    """``played`` with outcome ``choose`` chosen (None: none). A number when nothing was resolved (no half met
    or no effect data), or outside 1 to the count of outcomes, is bad input."""
    resolution = played.resolution
    if choose is not None and (resolution is None or not resolution.count):
        raise InputError(key="flare-choose-nothing", option="choose", side_option="side", n=choose)
    if choose is not None and resolution is not None and not 1 <= choose <= resolution.count:
        raise InputError(key="effects-choose", option="choose", n=choose, count=resolution.count)
    return FlareResolved(played.check, played.halves, resolution, choose)


__all__ = ["ONLY", "FlareResolved", "OutcomeChoice", "SummonResolved", "choose_flare_outcome", "choose_outcome"]

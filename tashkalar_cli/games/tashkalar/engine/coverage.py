"""Whether the engine resolves a card's effect: its one answer, for ``card show`` and its JSON.

Light to import (no Rich, no resolver): the resolver's module is loaded only for a card whose
program has a ``special`` step, to learn which specials have a handler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tashkalar_cli.games.tashkalar.model.cards import effect_parts
from tashkalar_cli.games.tashkalar.model.cards import effect_status as status

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.cards import Being, Flare


def effect_status(card: Being | Flare) -> tuple[bool, list[str]]:
    """Whether the engine resolves the card's effect, and what it leaves to the player."""
    handled: tuple[str, ...] = ()
    if any(p.startswith("special:") for p in effect_parts(card)):
        # deferred: the effect engine, for a special effect only
        from tashkalar_cli.games.tashkalar.engine.effects import load_specials

        handled = tuple(load_specials())
    return status(card, handled)


__all__ = ["effect_status"]

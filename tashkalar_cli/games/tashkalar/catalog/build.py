"""What Tash-Kalar's data adds when it is built (:func:`tashkalar_cli.game.load_uncached`, which the registry
points here: ``GamePack.derive``): its cards checked across files (:mod:`tashkalar_cli.games.tashkalar.model.integrity`),
and every pattern's orientations, derived once and cached with the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tashkalar_cli.games.tashkalar.model.facts import as_facts
from tashkalar_cli.games.tashkalar.model.integrity import check_cards
from tashkalar_cli.games.tashkalar.model.patterns import Pattern


def derive(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Tash-Kalar's cards checked (a data folder without beings has none to check), and the orientations of
    every pattern of a being summoned the standard way, by card id."""
    if "beings" not in facts:
        return {}
    check_cards(as_facts(facts))
    return {"orientations": {b["id"]: tuple(o.to_tuple() for o in Pattern(tuple(b["pattern"])).orientations)
                             for b in facts["beings"] if b.get("summoning", "standard") == "standard"}}


__all__ = ["derive"]

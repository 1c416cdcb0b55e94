"""What Tash-Kalar's data adds when it is built (:func:`tashkalar_cli.game.load_uncached`, which the registry
points here: ``GamePack.derive``): its cards checked across files (:mod:`tashkalar_cli.games.tashkalar.model.integrity`),
and every pattern's orientations, derived once and cached with the data; and what ``tashkalar validate`` counts
of its cards (:func:`census`, ``GamePack.hooks``)."""

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


def census(facts: Mapping[str, Any]) -> dict[str, Any]:
    """What ``tashkalar validate`` reports of Tash-Kalar's cards (the registry's hook ``census``): how many beings,
    legends, flares and tasks, and the beings, legends and flares whose effect is not written as data (a data
    folder without beings: nothing)."""
    # deferred: the cards' records, which building the data (derive, above) does not need: validate's only
    from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Legend, Task, build_cards
    from tashkalar_cli.games.tashkalar.model.integrity import missing_effects

    if "beings" not in facts:
        return {}
    cards = build_cards(facts)
    return {"beings": sum(type(c) is Being for c in cards), "legends": sum(isinstance(c, Legend) for c in cards),
            "flares": sum(isinstance(c, Flare) for c in cards), "tasks": sum(isinstance(c, Task) for c in cards),
            "effects_missing": missing_effects(dict(facts))}


__all__ = ["census", "derive"]

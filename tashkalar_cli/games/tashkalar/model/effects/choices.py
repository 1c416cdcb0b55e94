"""Reading the steps that choose and bind a value: a direction, a square, a color."""

from __future__ import annotations

from collections.abc import Mapping

from tashkalar_cli.games.tashkalar.model.effects.areas import area, direction
from tashkalar_cli.games.tashkalar.model.effects.reader import Fields, Reader, StepData, StepReader
from tashkalar_cli.games.tashkalar.model.effects.values import (
    COMPASS,
    DIRECTION_SETS,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    Step,
)


def choose_direction(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "direction")
    r.keys(body, ("from", "as"), sub)
    among = body.get("from", "any")
    if "as" not in body:
        raise r.fail("direction needs 'as: NAME'", sub)
    if isinstance(among, Mapping) and "turn" in among:
        return _turned(r, s, body, among)
    if isinstance(among, Mapping) and "card" in among:
        r.keys(among, ("card",), (*sub, "from"))
        card = among["card"] if isinstance(among["card"], list) else [among["card"]]
        if not card or any(d not in COMPASS for d in card):
            raise r.fail("card: directions as drawn on the card (n, ne, ...)", (*sub, "from", "card"))
        return ChooseDirection("card", r.binding(body["as"], "direction", (*sub, "as")), s.where,
                               card=tuple(map(str, card)))
    if among not in DIRECTION_SETS:
        raise r.fail(f"direction from: one of {', '.join(DIRECTION_SETS)}", (*sub, "from"))
    return ChooseDirection(str(among), r.binding(body["as"], "direction", (*sub, "as")), s.where)


def _turned(r: Reader, s: StepData, body: Fields, among: Fields) -> Step:
    """``direction: {from: {turn: NAME, by: [ANGLES]}, as: NAME}``."""
    sub = s.sub
    r.keys(among, ("turn", "by"), (*sub, "from"))
    base = direction(r, among["turn"], (*sub, "from", "turn"))
    bys = among.get("by", [0])
    bys = bys if isinstance(bys, list) else [bys]
    turns = tuple(r.integer(b, (*sub, "from", "by"), signed=True) for b in bys)
    if any(t % 45 for t in turns) or not isinstance(base, str):
        raise r.fail("turn: a bound direction, by: multiples of 45 degrees", (*sub, "from"))
    return ChooseDirection("turn", r.binding(body["as"], "direction", (*sub, "as")), s.where, base, turns)


def choose_square(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "square")
    r.keys(body, ("where", "as"), sub)
    if "as" not in body or "where" not in body:
        raise r.fail("square needs where: AREA and as: NAME", sub)
    where = area(r, body["where"], (*sub, "where"))
    return ChooseSquare(where, r.binding(body["as"], "squares", (*sub, "as")), s.where)


def choose_color(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "color")
    r.keys(body, ("from", "as"), sub)
    among = body.get("from", "enemy")
    if among not in ("enemy", "any", "you"):
        raise r.fail("color from: enemy, any or you", (*sub, "from"))
    if "as" not in body:
        raise r.fail("color needs 'as: NAME'", sub)
    return ChooseColor(str(among), r.binding(body["as"], "color", (*sub, "as")), s.where)


STEPS: dict[str, StepReader] = {"direction": choose_direction, "square": choose_square, "color": choose_color}


__all__ = ["STEPS"]

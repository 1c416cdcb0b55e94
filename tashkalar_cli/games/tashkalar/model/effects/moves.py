"""Reading a ``move`` step: which piece, how it moves (kind, leap, area, direction), how many moves and
the rules that bind them together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.effects.areas import area, direction, sel
from tashkalar_cli.games.tashkalar.model.effects.reader import Fields, Path, Reader, StepData, StepReader
from tashkalar_cli.games.tashkalar.model.effects.values import (
    COMPASS,
    DIRECTION_SETS,
    MAX_MOVES,
    Area,
    Dir,
    Intersection,
    Move,
    Step,
)

_FIELDS = ("piece", "kind", "leap", "where", "onto", "direction", "no_destroy", "per_move", "once_each", "toward",
           "per_color", "if_all_one_by", "standard_by")


class _Heading(NamedTuple):
    """A move's ``direction:``: free, a fixed or bound one (``opposite``: its reverse), or ``chosen`` once
    from a set."""

    direction: Dir = "free"
    opposite: bool = False
    chosen: str | None = None


class _Count(NamedTuple):
    """How many moves: ``times`` (``max``: :data:`MAX_MOVES`), ``up_to`` or ``any_number``."""

    times: int | None
    up_to: int | None
    any_number: bool


def move(r: Reader, s: StepData) -> Step:
    value, path, sub = s.value, s.path, s.sub
    body = r.mapping(s.body, sub, "move")
    r.keys(body, _FIELDS, sub)
    toward = r.name(body["toward"], (*sub, "toward"), ("pieces", "squares")) if "toward" in body else None
    per_color = r.integer(body["per_color"], (*sub, "per_color"), low=1) if "per_color" in body else None
    piece = sel(r, body.get("piece", "self"), (*sub, "piece"))
    kind = body.get("kind", "standard")
    if kind not in ("standard", "combat"):
        raise r.fail("move kind: standard or combat", (*sub, "kind"))
    leap = r.option(body, "leap", sub)
    where = _where(r, value, body, path)
    onto = body.get("onto", "any")
    if onto not in ("any", "empty"):
        raise r.fail("move onto: any or empty", (*sub, "onto"))
    heading = _heading(r, body.get("direction", "free"), (*sub, "direction"))
    no_destroy = sel(r, body["no_destroy"], (*sub, "no_destroy")) if "no_destroy" in body else None
    per_move = r.option(body, "per_move", sub)
    once_each = r.option(body, "once_each", sub)
    if once_each and not per_move:
        raise r.fail("once_each goes with per_move: true", sub)
    if piece.ref is not None and per_move:
        raise r.fail("per_move needs a piece selector, not a name", sub)
    count = _count(r, value, path)
    one_by = None
    if "if_all_one_by" in body:
        one_by = r.name(body["if_all_one_by"], (*sub, "if_all_one_by"), ("pieces",))
        if not per_move or count.any_number or count.times == MAX_MOVES:
            raise r.fail("if_all_one_by goes with per_move: true and a number of moves (times or up_to)", sub)
    standard_by = None
    if "standard_by" in body:
        standard_by = r.name(body["standard_by"], (*sub, "standard_by"), ("pieces",))
        if kind != "combat":
            raise r.fail("standard_by goes with kind: combat (the other pieces' moves)", sub)
    may = r.option(value, "may", path)
    bind = r.bind(value, "pieces", path)
    return Move(piece, str(kind), leap, where, str(onto), *heading, toward, per_color, no_destroy,
                *count, per_move, once_each, one_by, standard_by, may, bind, s.where)


def _where(r: Reader, value: Fields, body: Fields, path: Path) -> Area | None:
    """The squares a move may end on: the body's ``where:`` and the step's ``each_where:`` together."""
    where = area(r, body["where"], (*path, "move", "where")) if "where" in body else None
    each = area(r, value["each_where"], (*path, "each_where")) if "each_where" in value else None
    if each is not None:
        where = each if where is None else Intersection((where, each))
    return where


def _heading(r: Reader, d: object, path: Path) -> _Heading:
    """A move's ``direction:`` (``path`` is its own)."""
    if isinstance(d, Mapping) and "turn" in d:
        return _Heading(direction(r, d, path))
    if isinstance(d, Mapping):
        if "opposite" in d:
            r.keys(d, ("opposite",), path)
            return _Heading(r.name(d["opposite"], (*path, "opposite"), ("direction",)), opposite=True)
        r.keys(d, ("from",), path)
        if d.get("from") not in DIRECTION_SETS:
            raise r.fail(f"direction from: one of {', '.join(DIRECTION_SETS)}", path)
        return _Heading(chosen=str(d["from"]))
    if d != "free":
        if d not in COMPASS:
            r.name(d, path, ("direction",))
        return _Heading(str(d))
    return _Heading()


def _count(r: Reader, value: Fields, path: Path) -> _Count:
    """The step's ``times:``, ``up_to:`` or ``any_number:`` (none written: one move)."""
    modes = [k for k in ("times", "up_to", "any_number") if k in value]
    if len(modes) > 1:
        raise r.fail("times, up_to and any_number exclude each other", path)
    times = None
    if value.get("times") == "max":
        times = MAX_MOVES
    elif "times" in value:
        times = r.integer(value["times"], (*path, "times"), low=1)
    up_to = r.integer(value["up_to"], (*path, "up_to"), low=1) if "up_to" in value else None
    any_number = r.option(value, "any_number", path)
    if not modes:
        times = 1
    return _Count(times, up_to, any_number)


STEPS: dict[str, StepReader] = {"move": move}


__all__ = ["STEPS"]

"""Reading the steps on chosen pieces: select (destroy, upgrade, downgrade, convert, pick, remove),
place, swap and mark."""

from __future__ import annotations

from tashkalar_cli.games.tashkalar.model.effects.areas import area, owner, sel
from tashkalar_cli.games.tashkalar.model.effects.reader import Reader, StepData, StepReader
from tashkalar_cli.games.tashkalar.model.effects.values import SELECT_OPS, Mark, Place, Sel, Select, Step, Swap


def select(r: Reader, s: StepData) -> Step:
    key, value, path = s.key, s.value, s.path
    counting = r.counting(value, path)
    chosen = sel(r, s.body, s.sub)
    rank = r.rank(value["rank"], (*path, "rank")) if "rank" in value else None
    if rank is not None and key != "convert":
        raise r.fail("'rank' is for convert", path)
    for flag in ("by_you", "out_of_game"):
        if flag in value and key != "destroy":
            raise r.fail(f"'{flag}' is for destroy", path)
    to, to_same = _convert_to(r, s)
    by_you = r.flag(value["by_you"], (*path, "by_you")) if "by_you" in value else True
    out = r.option(value, "out_of_game", path)
    kind = "squares" if key in ("destroy", "remove") else "pieces"
    bind = r.bind(value, kind, path)
    return Select(key, chosen, counting, rank, bind, s.where, by_you, out, to, to_same)


def _convert_to(r: Reader, s: StepData) -> tuple[str, str | None]:
    """A convert's ``to:``: you (unwritten), enemy or ``{same: NAME}``."""
    if "to" not in s.value:
        return "you", None
    if s.key != "convert":
        raise r.fail("'to' is for convert", s.path)
    to, to_same = owner(r, s.value["to"], (*s.path, "to"))
    if to not in ("you", "enemy", "same"):
        raise r.fail("convert to: you, enemy or {same: NAME}", (*s.path, "to"))
    return to, to_same


def place(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "place")
    r.keys(body, ("rank", "owner", "where"), sub)
    who, same = owner(r, body.get("owner", "you"), (*sub, "owner"))
    if who == "any":
        raise r.fail("place needs owner: you, enemy or {same: NAME}", (*sub, "owner"))
    counting = r.counting(s.value, s.path)
    if counting.all:
        raise r.fail("place cannot use all: true", s.path)
    where = area(r, body["where"], (*sub, "where")) if "where" in body else None
    bind = r.bind(s.value, "squares", s.path)
    return Place(r.rank(body.get("rank", "common"), (*sub, "rank")), who, same, where, counting, bind, s.where)


def swap(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "swap")
    r.keys(body, ("a", "b"), sub)
    if "a" not in body or "b" not in body:
        raise r.fail("swap needs a and b", sub)
    may = r.option(s.value, "may", s.path)
    a, b = sel(r, body["a"], (*sub, "a")), sel(r, body["b"], (*sub, "b"))
    return Swap(a, b, may, r.bind(s.value, "pieces", s.path), s.where)


def mark(r: Reader, s: StepData) -> Step:
    """``mark: PIECE`` with ``marker: NAME`` (one of the deck's markers): the piece bears the player's marker."""
    may = r.option(s.value, "may", s.path)
    if isinstance(s.body, str):
        chosen = Sel(ref=r.name(s.body, s.sub, ("pieces", "squares")))
    else:
        chosen = sel(r, s.body, s.sub)
    return Mark(chosen, r.marker(s.value.get("marker"), (*s.path, "marker")), may, s.where)


STEPS: dict[str, StepReader] = {**dict.fromkeys(SELECT_OPS, select), "place": place, "swap": swap,
                                "mark": mark}


__all__ = ["STEPS"]

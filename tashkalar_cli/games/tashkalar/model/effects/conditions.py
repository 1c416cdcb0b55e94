"""Reading conditions (``if:``, ``until:``): a mapping whose first known key, in a fixed order, says
which condition it is."""

from __future__ import annotations

from collections.abc import Callable

from tashkalar_cli.games.tashkalar.model.effects.areas import anchor, sel
from tashkalar_cli.games.tashkalar.model.effects.reader import Fields, Path, Reader
from tashkalar_cli.games.tashkalar.model.effects.values import (
    OWNERS,
    AllOf,
    AnyOf,
    Cond,
    Count,
    DestroyedCount,
    Done,
    IsEmpty,
    IsMarked,
    LastAction,
    Not,
    On,
    RankIs,
)

_Form = Callable[[Reader, Fields, Path], Cond]


def cond(r: Reader, value: object, path: Path) -> Cond:
    if value == "last_action":
        return LastAction()
    value = r.mapping(value, path, "a condition")
    if True in value:     # YAML 1.1 reads the bare key 'on' as true
        value = {("on" if k is True else k): v for k, v in value.items()}
    for key, form in _FORMS:
        if key in value:
            return form(r, value, path)
    raise r.fail(f"unknown condition {dict(value)!r}", path)


def _is_marked(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("is_marked", "marker"), path)
    return IsMarked(r.name(value["is_marked"], (*path, "is_marked"), ("pieces", "squares")),
                    r.marker(value.get("marker"), (*path, "marker")).name)


def _destroyed(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("destroyed", "at_least", "rank", "owner"), path)
    owner = value.get("owner", "any")
    if owner not in OWNERS:
        raise r.fail("owner: you, enemy or any", (*path, "owner"))
    return DestroyedCount(r.name(value["destroyed"], (*path, "destroyed"), ("pieces", "squares")),
                          r.integer(value.get("at_least", 1), (*path, "at_least")),
                          r.ranks(value["rank"], (*path, "rank")) if "rank" in value else None, str(owner))


def _done(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("done",), path)
    return Done(r.name(value["done"], (*path, "done")))


def _not(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("not",), path)
    return Not(cond(r, value["not"], (*path, "not")))


def _conds(r: Reader, value: Fields, path: Path, key: str) -> tuple[Cond, ...]:
    r.keys(value, (key,), path)
    items = value[key]
    if not isinstance(items, list) or not items:
        raise r.fail(f"'{key}' is a list of conditions", (*path, key))
    return tuple(cond(r, c, (*path, key, i)) for i, c in enumerate(items))


def _all(r: Reader, value: Fields, path: Path) -> Cond:
    return AllOf(_conds(r, value, path, "all"))


def _any(r: Reader, value: Fields, path: Path) -> Cond:
    return AnyOf(_conds(r, value, path, "any"))


def _on(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("on", "color", "central"), path)
    ref = r.name(value["on"], (*path, "on"), ("pieces", "squares"))
    color = value.get("color")
    if color is not None and color not in ("red", "green", "colorless", "central"):
        raise r.fail(f"unknown square kind {color!r}", (*path, "color"))
    central = r.flag(value["central"], (*path, "central")) if "central" in value else None
    return On(ref, color, central)


def _rank(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("rank", "is"), path)
    return RankIs(r.name(value["rank"], (*path, "rank"), ("pieces", "squares")), r.ranks(value.get("is"), (*path, "is")))


def _count(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("count", "at_least", "at_most"), path)
    low = r.integer(value["at_least"], (*path, "at_least")) if "at_least" in value else None
    high = r.integer(value["at_most"], (*path, "at_most")) if "at_most" in value else None
    if low is None and high is None:
        raise r.fail("count needs at_least or at_most", path)
    return Count(sel(r, value["count"], (*path, "count")), low, high)


def _empty(r: Reader, value: Fields, path: Path) -> Cond:
    r.keys(value, ("empty",), path)
    return IsEmpty(anchor(r, value["empty"], (*path, "empty")))


#: each condition by its key, in the order a mapping is tried (the first key found decides)
_FORMS: tuple[tuple[str, _Form], ...] = (
    ("is_marked", _is_marked), ("destroyed", _destroyed), ("done", _done), ("not", _not), ("all", _all),
    ("any", _any), ("on", _on), ("rank", _rank), ("count", _count), ("empty", _empty),
)


__all__ = ["cond"]

"""Reading selectors (which pieces), areas (which squares) and directions."""

from __future__ import annotations

from collections.abc import Mapping

from tashkalar_cli.games.tashkalar.model.effects.reader import Fields, Path, Reader
from tashkalar_cli.games.tashkalar.model.effects.values import (
    AREA_WORDS,
    COMPASS,
    OWNERS,
    Area,
    Color,
    Dir,
    Intersection,
    Named,
    Ray,
    Ref,
    Relation,
    Sel,
    Turned,
    Union_,
)

_SELECTOR_FIELDS = {"owner", "rank", "where", "not"}


def owner(r: Reader, value: object, path: Path) -> tuple[str, str | None]:
    if isinstance(value, Mapping):
        if "more_than_you" in value:
            r.keys(value, ("more_than_you",), path)
            return "more", None
        r.keys(value, ("same",), path)
        return "same", r.name(value.get("same"), (*path, "same"), ("pieces", "color", "squares"))
    if value not in OWNERS:
        raise r.fail(f"unknown owner {value!r} (allowed: you, enemy, any, {{same: NAME}})", path)
    return str(value), None


def sel(r: Reader, value: object, path: Path) -> Sel:
    if isinstance(value, str):
        return Sel(ref=r.name(value, path, ("pieces",)))
    value = r.mapping(value, path, "a piece selector")
    r.keys(value, ("owner", "rank", "where", "not"), path)
    who, same = owner(r, value.get("owner", "any"), (*path, "owner"))
    more = None
    if who == "more":
        owned = r.mapping(value["owner"], (*path, "owner"), "an owner")     # owner() read it as a mapping
        more = sel(r, owned["more_than_you"], (*path, "owner", "more_than_you"))
    ranks = r.ranks(value["rank"], (*path, "rank")) if "rank" in value else None
    where = area(r, value["where"], (*path, "where")) if "where" in value else None
    excluded = value.get("not", [])
    if isinstance(excluded, str):
        excluded = [excluded]
    if not isinstance(excluded, list):
        raise r.fail("'not' is a list of names", (*path, "not"))
    exclude = tuple(r.name(n, (*path, "not", i), ("pieces",)) for i, n in enumerate(excluded))
    return Sel(None, who, same, more, ranks, where, exclude)


def anchor(r: Reader, value: object, path: Path) -> Area:
    if isinstance(value, str) and r.is_ref(value):
        if value == "summoners":
            return Named("summoners")
        return Ref(r.name(value, path, ("pieces", "squares")))
    if isinstance(value, Mapping) and set(value) <= _SELECTOR_FIELDS and value:
        return sel(r, value, path)
    return area(r, value, path)


def area(r: Reader, value: object, path: Path) -> Area:
    if isinstance(value, list):
        if not value:
            raise r.fail("an empty list of areas", path)
        parts = tuple(area(r, v, (*path, i)) for i, v in enumerate(value))
        return parts[0] if len(parts) == 1 else Intersection(parts)
    if isinstance(value, str):
        return _area_word(r, value, path)
    return _area_mapping(r, r.mapping(value, path, "an area"), path)


def _area_word(r: Reader, value: str, path: Path) -> Area:
    if value in ("adjacent", "orthogonal", "diagonal"):
        return Relation(value, Ref("self"))
    if value in ("board", "marked", "marked2", "summoners", "empty", "central"):
        return Named(value)
    if r.is_ref(value):
        return Ref(r.name(value, path, ("pieces", "squares")))
    raise r.fail(f"unknown area {value!r} (allowed: {', '.join(AREA_WORDS)}, or a bound name)", path)


def _area_mapping(r: Reader, value: Fields, path: Path) -> Area:
    if len(value) == 1 and "color" in value:
        if value["color"] not in ("red", "green", "colorless"):
            raise r.fail(f"unknown square color {value['color']!r}", path)
        return Color(str(value["color"]))
    if "union" in value:
        r.keys(value, ("union",), path)
        if not isinstance(value["union"], list) or not value["union"]:
            raise r.fail("union is a list of areas", (*path, "union"))
        return Union_(tuple(area(r, v, (*path, "union", i)) for i, v in enumerate(value["union"])))
    if set(value) == {"not_central"}:
        if value["not_central"] is not True:
            raise r.fail("not_central: true", path)
        return Named("not_central")
    relation = _relation(r, value, path)
    if relation is not None:
        return relation
    if "ray" in value:
        return _ray(r, value, path)
    if set(value) <= _SELECTOR_FIELDS and value:
        return sel(r, value, path)
    raise r.fail(f"unknown area {dict(value)!r}", path)


def _relation(r: Reader, value: Fields, path: Path) -> Relation | None:
    """``{adjacent|orthogonal|diagonal: ANCHOR, at_least: N}`` or ``{within|distance: N, of: ANCHOR}``;
    None for another area."""
    for kind in ("adjacent", "orthogonal", "diagonal"):
        if kind in value:
            r.keys(value, (kind, "at_least"), path)
            n = r.integer(value["at_least"], (*path, "at_least"), low=1) if "at_least" in value else 1
            return Relation(kind, anchor(r, value[kind], (*path, kind)), n)
    for kind in ("within", "distance"):
        if kind in value:
            r.keys(value, (kind, "of"), path)
            n = r.integer(value[kind], (*path, kind), low=1)
            return Relation(kind, anchor(r, value.get("of", "self"), (*path, "of")), n)
    return None


def _ray(r: Reader, value: Fields, path: Path) -> Ray:
    r.keys(value, ("ray", "of", "pieces", "stop"), path)
    d = direction(r, value["ray"], (*path, "ray"))
    pieces = r.integer(value["pieces"], (*path, "pieces"), low=1) if "pieces" in value else None
    stop = sel(r, value["stop"], (*path, "stop")) if "stop" in value else None
    return Ray(d, anchor(r, value.get("of", "self"), (*path, "of")), pieces, stop)


def direction(r: Reader, value: object, path: Path) -> Dir:
    """A direction: a compass direction, a bound direction, or ``{turn: d, by: N}`` (N a multiple of 45)."""
    if isinstance(value, Mapping):
        r.keys(value, ("turn", "by"), path)
        base = r.name(value.get("turn"), (*path, "turn"), ("direction",)) \
            if value.get("turn") not in COMPASS else str(value["turn"])
        by = r.integer(value.get("by"), (*path, "by"), signed=True)
        if by % 45:
            raise r.fail("by: a multiple of 45 degrees", (*path, "by"))
        return Turned(base, by)
    if value not in COMPASS:
        r.name(value, path, ("direction",))
    return str(value)


__all__ = ["anchor", "area", "direction", "owner", "sel"]

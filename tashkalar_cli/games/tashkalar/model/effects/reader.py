"""The reader of a program: the checks every part of the language shares (mappings, fields, numbers,
names bound by ``as:``), and the walk of a program's steps, each handed by its name to the family that
reads it (:mod:`.selection`, :mod:`.moves`, :mod:`.choices`, :mod:`.control`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, TypeAlias

from tashkalar_cli.games.tashkalar.model.effects.values import (
    BUILTIN_REFS,
    RANK_SETS,
    RESERVED,
    Counting,
    EffectError,
    Program,
    Step,
)
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
from tashkalar_cli.games.tashkalar.model.types import Rank

Path = Sequence[str | int]
#: a mapping as YAML reads it, checked field by field: its keys are not always text (YAML 1.1 reads the
#: bare key ``on`` as true), its values are whatever the file holds
Fields: TypeAlias = Mapping[object, object]

_COUNTING = ("count", "up_to", "all", "may", "as")
#: each primitive -> the modifiers it accepts (in the order the messages list them)
PRIMITIVES: dict[str, tuple[str, ...]] = {
    "destroy": (*_COUNTING, "by_you", "out_of_game"), "upgrade": _COUNTING, "downgrade": _COUNTING,
    "convert": (*_COUNTING, "rank", "to"), "pick": _COUNTING, "remove": _COUNTING,
    "square": (), "mark": ("marker", "may"), "linked": (),
    "place": ("count", "up_to", "may", "as"), "swap": ("may", "as"),
    "move": ("times", "up_to", "any_number", "each_where", "may", "as"),
    "direction": (), "color": (), "gain_actions": (), "choose": (), "if": ("then", "else"), "repeat": (),
    "for_each": (), "note": (), "special": ("with",),
}


class StepData(NamedTuple):
    """One step as written: its primitive ``key``, the whole mapping ``value`` (the modifiers), the
    primitive's ``body``, the step's ``path``, the body's path ``sub`` and the step's place ``where``."""

    key: str
    value: Fields
    body: object
    path: Path
    sub: tuple[str | int, ...]
    where: str


#: reads one step of a primitive: the reader, the step
StepReader = Callable[["Reader", StepData], Step]


class Reader:
    """Reads a program; ``steps`` names the reader of each primitive."""

    def __init__(self, steps: Mapping[str, StepReader], markers: Mapping[str, MarkerRule] | None = None) -> None:
        self.steps = steps
        #: the markers the program's deck declares, by name: a ref names the piece bearing the player's marker
        self.markers: Mapping[str, MarkerRule] = markers or {}
        self.bound: dict[str, str] = {}     # name -> kind: pieces | direction | color | squares

    # ---------------------------------------------------------------- helpers
    def fail(self, message: str, path: Path) -> EffectError:
        return EffectError(message, path)

    def mapping(self, value: object, path: Path, what: str) -> Fields:
        if not isinstance(value, Mapping):
            raise self.fail(f"{what} must be a mapping", path)
        return value

    def keys(self, value: Fields, allowed: Sequence[str], path: Path) -> None:
        extra = [k for k in value if k not in allowed]
        if extra:
            raise self.fail(f"unknown field(s) {', '.join(map(str, extra))} (allowed: {', '.join(allowed)})", path)

    def integer(self, value: object, path: Path, *, low: int = 0, signed: bool = False) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or (not signed and value < low):
            raise self.fail(f"expected a whole number of at least {low}, not {value!r}", path)
        return value

    def flag(self, value: object, path: Path) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, not {value!r}", path)
        return value

    def option(self, value: Fields, key: str, path: Path) -> bool:
        """The flag ``key`` of a mapping, false when absent; ``path`` is the mapping's."""
        return self.flag(value[key], (*path, key)) if key in value else False

    def name(self, value: object, path: Path, kinds: Sequence[str] | None = None) -> str:
        if not isinstance(value, str):
            raise self.fail(f"expected a name, not {value!r}", path)
        if value in BUILTIN_REFS or value in self.markers:
            if kinds is not None and "pieces" not in kinds and "squares" not in kinds:
                raise self.fail(f"'{value}' is not a {' or '.join(kinds)}", path)
            return value
        if value not in self.bound:
            raise self.fail(f"'{value}' is not bound by an earlier 'as:'", path)
        if kinds is not None and self.bound[value] not in kinds:
            raise self.fail(f"'{value}' is a {self.bound[value]}, not a {' or '.join(kinds)}", path)
        return value

    def binding(self, value: object, kind: str, path: Path) -> str:
        if not isinstance(value, str) or not value.replace("_", "").replace("-", "").isalnum():
            raise self.fail(f"'as:' needs a simple name, not {value!r}", path)
        if value in RESERVED or value in self.markers:
            raise self.fail(f"'{value}' is a reserved word and cannot be bound", path)
        self.bound[value] = kind
        return value

    def bind(self, value: Fields, kind: str, path: Path) -> str | None:
        """The name a step's ``as:`` binds (``path`` is the step's), None without one."""
        return self.binding(value["as"], kind, (*path, "as")) if "as" in value else None

    def is_ref(self, value: str) -> bool:
        """Whether ``value`` names pieces or squares: a name every program knows, a marker's, or one bound."""
        return value in BUILTIN_REFS or value in self.markers or value in self.bound

    def marker(self, value: object, path: Path) -> MarkerRule:
        """The marker named ``value``: one the program's deck declares."""
        if not isinstance(value, str) or value not in self.markers:
            known = ", ".join(self.markers) or "none"
            raise self.fail(f"expected the name of one of the deck's markers ({known}), not {value!r}", path)
        return self.markers[value]

    def ranks(self, value: object, path: Path) -> frozenset[Rank]:
        items = value if isinstance(value, list) else [value]
        out: set[Rank] = set()
        for item in items:
            if item not in RANK_SETS:
                raise self.fail(f"unknown rank {item!r} (allowed: {', '.join(RANK_SETS)})", path)
            out |= RANK_SETS[item]
        return frozenset(out)

    def rank(self, value: object, path: Path) -> Rank:
        if value not in ("common", "heroic", "legendary"):
            raise self.fail(f"unknown rank {value!r}", path)
        return Rank(value)

    def id(self, value: object, path: Path) -> str:
        if not isinstance(value, str) or not value or not all(p.isalnum() for p in value.split("-")):
            raise self.fail(f"expected an id (lowercase words joined by hyphens), not {value!r}", path)
        return value

    def counting(self, step: Fields, path: Path) -> Counting:
        count = self.integer(step["count"], (*path, "count"), low=0) if "count" in step else 1
        up_to = self.integer(step["up_to"], (*path, "up_to"), low=1) if "up_to" in step else None
        every = self.option(step, "all", path)
        may = self.option(step, "may", path)
        if sum(("count" in step, up_to is not None, every)) > 1:
            raise self.fail("count, up_to and all exclude each other", path)
        return Counting(count, up_to, every, may)

    # ---------------------------------------------------------------- programs, steps
    def program(self, value: object, path: Path = ()) -> Program:
        if not isinstance(value, list):
            raise self.fail("a program is a list of steps", path)
        return tuple(self.step(s, (*path, i)) for i, s in enumerate(value))

    def branch(self, value: object, path: Path) -> Program:
        """A nested block: names bound inside stay bound after it (the resolver gives them a value
        on every path: not done when the block did not run)."""
        return self.program(value, path)

    def step(self, value: object, path: Path) -> Step:
        value = self.mapping(value, path, "a step")
        primitives = [k for k in value if k in PRIMITIVES]
        if len(primitives) != 1:
            raise self.fail(f"a step has exactly one primitive (one of: {', '.join(PRIMITIVES)}), found "
                            f"{', '.join(primitives) or 'none'}", path)
        key = primitives[0]
        self.keys(value, (key, *PRIMITIVES[key]), path)
        data = StepData(key, value, value[key], path, (*path, key), "/".join(map(str, path)))
        return self.steps[key](self, data)


__all__ = ["PRIMITIVES", "Fields", "Path", "Reader", "StepData", "StepReader"]

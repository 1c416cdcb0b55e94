"""The effect language: a card's effect as data (its schema: ``schemas/effect.schema.json``), parsed and checked.

A program is a list of steps run in order; each step is a mapping with one primitive key plus
modifiers. :func:`parse_program` turns the data of ``cards/`` (``effect``, ``frost_effect``,
``warp_effect``, ``upper_effect``, ``lower_effect``) into frozen values: :class:`Select`,
:class:`Place`, :class:`Move`, :class:`Swap`, :class:`ChooseDirection`, :class:`ChooseColor`,
:class:`Gain`, :class:`Choose`, :class:`If`, :class:`Repeat`, :class:`ForEach`, :class:`Note`,
:class:`Special`, built from selectors (:class:`Sel`), areas (:data:`Area`) and conditions
(:data:`Cond`). Every name used is checked to be bound by an earlier ``as:`` (or to be one of the
built-in refs), so a program that parses can be run. Nothing here runs a program: the resolver is
:mod:`tashkalar_cli.engine.effects`.

The values are named tuples rather than frozen dataclasses: there are some forty kinds, and making them
as dataclasses cost about 20 ms of every start-up that reads a program (each dataclass compiles six
methods); a named tuple compiles one. As tuples, two values of different kinds with the same fields
compare equal: nothing compares them, the resolver tells them apart by ``isinstance``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from tashkalar_cli.model.types import PROGRAM_FIELDS, Rank

#: the refs every program knows: the summoned being's piece, the summoning square, the Gateway
#: (Nethervoid), the pieces the pattern used
BUILTIN_REFS = ("self", "target", "gateway", "summoners", "summoning")
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
RANK_SETS: dict[str, frozenset[Rank]] = {
    "common": frozenset({Rank.COMMON}),
    "heroic": frozenset({Rank.HEROIC}),
    "legendary": frozenset({Rank.LEGENDARY}),
    "non-legendary": frozenset({Rank.COMMON, Rank.HEROIC}),
    "upgraded": frozenset({Rank.HEROIC, Rank.LEGENDARY}),
}
AREA_WORDS = ("board", "marked", "marked2", "summoners", "adjacent", "orthogonal", "diagonal", "empty", "central")
SELECT_OPS = ("destroy", "upgrade", "downgrade", "convert", "pick", "remove")
OWNERS = ("you", "enemy", "any")
DIRECTION_SETS = ("arrows", "any", "orthogonal", "diagonal")
#: conditions written as a bare word
COND_WORDS = ("last_action",)
RESERVED = frozenset({*BUILTIN_REFS, *AREA_WORDS, *COND_WORDS, *COMPASS, "color"})


class EffectError(ValueError):
    """A program is not well formed: ``path`` says where in it (``0/then/1/move``)."""

    def __init__(self, message: str, path: Sequence[str | int] = ()) -> None:
        self.path = tuple(path)
        where = "/".join(map(str, self.path))
        super().__init__(f"{where}: {message}" if where else message)


# ---------------------------------------------------------------------------------------- areas

class Named(NamedTuple):
    """An area word: board, marked, marked2, summoners, empty, central, not_central."""

    word: str


class Ref(NamedTuple):
    """A ref used as an anchor or an area: the squares of a bound piece/square (``self``, ``target``...)."""

    name: str


class Turned(NamedTuple):
    """A direction turned from a bound one: ``by`` degrees clockwise (a multiple of 45)."""

    base: str
    by: int


Dir = Union[str, Turned]


class Relation(NamedTuple):
    """Squares in a relation to an anchor: adjacent, orthogonal, diagonal, within N, distance N."""

    kind: str               # adjacent | orthogonal | diagonal | within | distance
    anchor: Anchor
    n: int = 1              # within, distance: N; adjacent: adjacent to at least N squares of the anchor


class Ray(NamedTuple):
    """The squares in a straight line from the anchor, nearest first; ``pieces``: cut after so many
    occupied squares; ``stop``: cut before the first piece that matches (that square excluded)."""

    direction: Dir          # a compass direction, a bound direction name, or one turned from it
    anchor: Anchor
    pieces: int | None = None
    stop: Sel | None = None


class Color(NamedTuple):
    """The squares of a kind: red, green, colorless (on the position's face of the board)."""

    color: str


class Intersection(NamedTuple):
    parts: tuple[Area, ...]


class Union_(NamedTuple):
    """``{union: [AREA, ...]}``: the squares of any of the areas."""

    parts: tuple[Area, ...]


Area = Union[Named, Ref, Relation, Ray, Color, Intersection, Union_, "Sel"]
Anchor = Union[Ref, Named, Relation, Ray, Color, Intersection, Union_, "Sel"]


# ---------------------------------------------------------------------------------------- selectors

class Sel(NamedTuple):
    """Which pieces: a bound ref (``ref``), or pieces by owner, rank and area, minus some refs."""

    ref: str | None = None
    owner: str = "any"                         # you | enemy | any | same | more
    same: str | None = None                    # owner: {same: name}: a bound color or piece
    more: Sel | None = None                    # owner: {more_than_you: SEL}: enemies with more such pieces
    ranks: frozenset[Rank] | None = None       # None: any rank
    where: Area | None = None                  # None: the board
    exclude: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------- conditions

class Done(NamedTuple):
    name: str


class Not(NamedTuple):
    cond: Cond


class AllOf(NamedTuple):
    conds: tuple[Cond, ...]


class AnyOf(NamedTuple):
    conds: tuple[Cond, ...]


class LastAction(NamedTuple):
    pass


class On(NamedTuple):
    ref: str
    color: str | None = None        # red | green | colorless | central
    central: bool | None = None


class RankIs(NamedTuple):
    name: str
    ranks: frozenset[Rank]


class Count(NamedTuple):
    sel: Sel
    at_least: int | None = None
    at_most: int | None = None


class DestroyedCount(NamedTuple):
    name: str
    at_least: int
    ranks: frozenset[Rank] | None = None
    owner: str = "any"              # you | enemy | any: whose pieces count


class IsGateway(NamedTuple):
    """The piece of a ref is the player's Gateway (Nethervoid)."""

    ref: str


class IsEmpty(NamedTuple):
    area: Area


Cond = Union[Done, Not, AllOf, AnyOf, LastAction, On, RankIs, Count, DestroyedCount, IsEmpty, IsGateway]


# ---------------------------------------------------------------------------------------- steps

@dataclass(frozen=True)
class Counting:     # a dataclass: its field ``count`` would hide tuple.count
    """How many targets: exactly ``count`` (as many as exist), ``up_to`` (0..N), ``all``; ``may``: skippable."""

    count: int = 1
    up_to: int | None = None
    all: bool = False
    may: bool = False


class Select(NamedTuple):
    """destroy | upgrade | downgrade | convert | pick (bind only) | remove (set aside: neither destroyed
    nor back to its owner) of the pieces a selector picks."""

    op: str
    sel: Sel
    counting: Counting = Counting()
    rank: Rank | None = None        # convert: the rank the piece becomes (None: the same)
    bind: str | None = None
    path: str = ""
    by_you: bool = True             # destroy: the pieces count as destroyed by the player
    out_of_game: bool = False       # destroy: the piece does not go back to its owner
    to: str = "you"                 # convert: you | enemy | same (to_same: a bound color or piece)
    to_same: str | None = None


class Place(NamedTuple):
    rank: Rank
    owner: str                      # you | enemy | same
    same: str | None
    where: Area | None
    counting: Counting = Counting()
    bind: str | None = None
    path: str = ""


class Swap(NamedTuple):
    a: Sel
    b: Sel
    may: bool = False
    bind: str | None = None
    path: str = ""


class Move(NamedTuple):
    """One or more moves: ``times`` exactly (fewer only when no move is possible), ``up_to``, or
    ``any_number``; the piece chosen once (``per_move`` False) or for each move."""

    piece: Sel
    kind: str = "standard"                   # standard | combat
    leap: bool = False
    where: Area | None = None
    onto: str = "any"                        # any | empty
    direction: Dir = "free"                  # free | a bound name | a compass direction | turned
    opposite: bool = False                   # direction: {opposite: name}
    choose_direction: str | None = None      # direction: {from: ...}: chosen once for the step
    toward: str | None = None                # every move ends strictly nearer to this ref
    per_color: int | None = None             # per_move + once_each: at most N chosen of a color (destroyed: counted)
    no_destroy: Sel | None = None
    times: int | None = 1
    up_to: int | None = None
    any_number: bool = False
    per_move: bool = False
    once_each: bool = False                  # per_move: each piece moves at most once
    if_all_one_by: str | None = None         # per_move with times/up_to: if every move is made, this bound piece
                                             # (followed as it moves) makes one of them at least
    standard_by: str | None = None           # a combat move's step: this bound piece's moves are standard moves
    may: bool = False
    bind: str | None = None
    path: str = ""


class ChooseDirection(NamedTuple):
    among: str                               # arrows | any | orthogonal | diagonal | turn | card
    bind: str
    path: str = ""
    base: str | None = None                  # turn: the bound direction turned
    turns: tuple[int, ...] = ()              # turn: by these angles (degrees clockwise)
    card: tuple[str, ...] = ()               # card: directions as drawn on the card, oriented like the pattern


class ChooseSquare(NamedTuple):
    """Choose one square of an area and bind it (no square: nothing bound, not done)."""

    where: Area
    bind: str
    path: str = ""


class MakeGateway(NamedTuple):
    """The piece becomes the player's Gateway (Nethervoid)."""

    sel: Sel
    may: bool = False
    path: str = ""


class Linked(NamedTuple):
    """An all-or-nothing block: the ways in which every step inside did all it had to; if none,
    nothing at all."""

    steps: Program
    path: str = ""


class ChooseColor(NamedTuple):
    among: str                               # enemy | any | you
    bind: str
    path: str = ""


class Gain(NamedTuple):
    n: int
    path: str = ""


class Choose(NamedTuple):
    alternatives: tuple[Program, ...]
    path: str = ""


class If(NamedTuple):
    cond: Cond
    then: Program
    otherwise: Program
    path: str = ""


class Repeat(NamedTuple):
    steps: Program
    times: int | None = None
    up_to: int | None = None
    until: Cond | None = None
    path: str = ""


class ForEach(NamedTuple):
    among: str                              # enemy | any
    steps: Program
    bind: str = "color"
    path: str = ""


class Note(NamedTuple):
    id: str
    path: str = ""


class Special(NamedTuple):
    id: str
    params: tuple[tuple[str, Any], ...] = ()
    path: str = ""


Step = Union[Select, Place, Swap, Move, ChooseDirection, ChooseColor, ChooseSquare, MakeGateway, Linked, Gain, Choose,
             If, Repeat, ForEach, Note, Special]
Program = tuple[Step, ...]



# ---------------------------------------------------------------------------------------- parsing

class _Parser:
    def __init__(self) -> None:
        self.bound: dict[str, str] = {}     # name -> kind: pieces | direction | color | squares

    # ---------------------------------------------------------------- helpers
    def fail(self, message: str, path: Sequence[str | int]) -> EffectError:
        return EffectError(message, path)

    def mapping(self, value: Any, path: Sequence[str | int], what: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{what} must be a mapping", path)
        return value

    def keys(self, value: Mapping[str, Any], allowed: Sequence[str], path: Sequence[str | int]) -> None:
        extra = [k for k in value if k not in allowed]
        if extra:
            raise self.fail(f"unknown field(s) {', '.join(map(str, extra))} (allowed: {', '.join(allowed)})", path)

    def integer(self, value: Any, path: Sequence[str | int], *, low: int = 0, signed: bool = False) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or (not signed and value < low):
            raise self.fail(f"expected a whole number of at least {low}, not {value!r}", path)
        return value

    def flag(self, value: Any, path: Sequence[str | int]) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, not {value!r}", path)
        return value

    def name(self, value: Any, path: Sequence[str | int], kinds: Sequence[str] | None = None) -> str:
        if not isinstance(value, str):
            raise self.fail(f"expected a name, not {value!r}", path)
        if value in BUILTIN_REFS:
            if kinds is not None and "pieces" not in kinds and "squares" not in kinds:
                raise self.fail(f"'{value}' is not a {' or '.join(kinds)}", path)
            return value
        if value not in self.bound:
            raise self.fail(f"'{value}' is not bound by an earlier 'as:'", path)
        if kinds is not None and self.bound[value] not in kinds:
            raise self.fail(f"'{value}' is a {self.bound[value]}, not a {' or '.join(kinds)}", path)
        return value

    def binding(self, value: Any, kind: str, path: Sequence[str | int]) -> str:
        if not isinstance(value, str) or not value.replace("_", "").replace("-", "").isalnum():
            raise self.fail(f"'as:' needs a simple name, not {value!r}", path)
        if value in RESERVED:
            raise self.fail(f"'{value}' is a reserved word and cannot be bound", path)
        self.bound[value] = kind
        return value

    def ranks(self, value: Any, path: Sequence[str | int]) -> frozenset[Rank]:
        items = value if isinstance(value, list) else [value]
        out: set[Rank] = set()
        for item in items:
            if item not in RANK_SETS:
                raise self.fail(f"unknown rank {item!r} (allowed: {', '.join(RANK_SETS)})", path)
            out |= RANK_SETS[item]
        return frozenset(out)

    def rank(self, value: Any, path: Sequence[str | int]) -> Rank:
        if value not in ("common", "heroic", "legendary"):
            raise self.fail(f"unknown rank {value!r}", path)
        return Rank(value)

    # ---------------------------------------------------------------- selectors, areas
    def owner(self, value: Any, path: Sequence[str | int]) -> tuple[str, str | None]:
        if isinstance(value, Mapping):
            if "more_than_you" in value:
                self.keys(value, ("more_than_you",), path)
                return "more", None
            self.keys(value, ("same",), path)
            return "same", self.name(value.get("same"), (*path, "same"), ("pieces", "color", "squares"))
        if value not in OWNERS:
            raise self.fail(f"unknown owner {value!r} (allowed: you, enemy, any, {{same: NAME}})", path)
        return str(value), None

    def sel(self, value: Any, path: Sequence[str | int]) -> Sel:
        if isinstance(value, str):
            return Sel(ref=self.name(value, path, ("pieces",)))
        value = self.mapping(value, path, "a piece selector")
        self.keys(value, ("owner", "rank", "where", "not"), path)
        owner, same = self.owner(value.get("owner", "any"), (*path, "owner"))
        more = None
        if owner == "more":
            more = self.sel(value["owner"]["more_than_you"], (*path, "owner", "more_than_you"))
        ranks = self.ranks(value["rank"], (*path, "rank")) if "rank" in value else None
        where = self.area(value["where"], (*path, "where")) if "where" in value else None
        excluded = value.get("not", [])
        if isinstance(excluded, str):
            excluded = [excluded]
        if not isinstance(excluded, list):
            raise self.fail("'not' is a list of names", (*path, "not"))
        exclude = tuple(self.name(n, (*path, "not", i), ("pieces",)) for i, n in enumerate(excluded))
        return Sel(None, owner, same, more, ranks, where, exclude)

    def anchor(self, value: Any, path: Sequence[str | int]) -> Area:
        if isinstance(value, str) and (value in BUILTIN_REFS or value in self.bound):
            if value == "summoners":
                return Named("summoners")
            return Ref(self.name(value, path, ("pieces", "squares")))
        if isinstance(value, Mapping) and set(value) <= {"owner", "rank", "where", "not"} and value:
            return self.sel(value, path)
        return self.area(value, path)

    def area(self, value: Any, path: Sequence[str | int]) -> Area:
        if isinstance(value, list):
            if not value:
                raise self.fail("an empty list of areas", path)
            parts = tuple(self.area(v, (*path, i)) for i, v in enumerate(value))
            return parts[0] if len(parts) == 1 else Intersection(parts)
        if isinstance(value, str):
            if value in ("adjacent", "orthogonal", "diagonal"):
                return Relation(value, Ref("self"))
            if value in ("board", "marked", "marked2", "summoners", "empty", "central"):
                return Named(value)
            if value in BUILTIN_REFS or value in self.bound:
                return Ref(self.name(value, path, ("pieces", "squares")))
            raise self.fail(f"unknown area {value!r} (allowed: {', '.join(AREA_WORDS)}, or a bound name)", path)
        value = self.mapping(value, path, "an area")
        if len(value) == 1 and "color" in value:
            if value["color"] not in ("red", "green", "colorless"):
                raise self.fail(f"unknown square color {value['color']!r}", path)
            return Color(str(value["color"]))
        if "union" in value:
            self.keys(value, ("union",), path)
            if not isinstance(value["union"], list) or not value["union"]:
                raise self.fail("union is a list of areas", (*path, "union"))
            return Union_(tuple(self.area(v, (*path, "union", i)) for i, v in enumerate(value["union"])))
        if set(value) == {"not_central"}:
            if value["not_central"] is not True:
                raise self.fail("not_central: true", path)
            return Named("not_central")
        for kind in ("adjacent", "orthogonal", "diagonal"):
            if kind in value:
                self.keys(value, (kind, "at_least"), path)
                n = self.integer(value["at_least"], (*path, "at_least"), low=1) if "at_least" in value else 1
                return Relation(kind, self.anchor(value[kind], (*path, kind)), n)
        for kind in ("within", "distance"):
            if kind in value:
                self.keys(value, (kind, "of"), path)
                n = self.integer(value[kind], (*path, kind), low=1)
                return Relation(kind, self.anchor(value.get("of", "self"), (*path, "of")), n)
        if "ray" in value:
            self.keys(value, ("ray", "of", "pieces", "stop"), path)
            d = self.dir(value["ray"], (*path, "ray"))
            pieces = self.integer(value["pieces"], (*path, "pieces"), low=1) if "pieces" in value else None
            stop = self.sel(value["stop"], (*path, "stop")) if "stop" in value else None
            return Ray(d, self.anchor(value.get("of", "self"), (*path, "of")), pieces, stop)
        if set(value) <= {"owner", "rank", "where", "not"} and value:
            return self.sel(value, path)
        raise self.fail(f"unknown area {dict(value)!r}", path)

    def dir(self, value: Any, path: Sequence[str | int]) -> Dir:
        """A direction: a compass direction, a bound direction, or ``{turn: d, by: N}`` (N a multiple of 45)."""
        if isinstance(value, Mapping):
            self.keys(value, ("turn", "by"), path)
            base = self.name(value.get("turn"), (*path, "turn"), ("direction",)) \
                if value.get("turn") not in COMPASS else str(value["turn"])
            by = self.integer(value.get("by"), (*path, "by"), signed=True)
            if by % 45:
                raise self.fail("by: a multiple of 45 degrees", (*path, "by"))
            return Turned(base, by)
        if value not in COMPASS:
            self.name(value, path, ("direction",))
        return str(value)

    # ---------------------------------------------------------------- conditions
    def cond(self, value: Any, path: Sequence[str | int]) -> Cond:
        if value == "last_action":
            return LastAction()
        value = self.mapping(value, path, "a condition")
        if True in value:     # YAML 1.1 reads the bare key 'on' as true
            value = {("on" if k is True else k): v for k, v in value.items()}
        if "gateway" in value:
            self.keys(value, ("gateway",), path)
            return IsGateway(self.name(value["gateway"], (*path, "gateway"), ("pieces", "squares")))
        if "destroyed" in value:
            self.keys(value, ("destroyed", "at_least", "rank", "owner"), path)
            owner = value.get("owner", "any")
            if owner not in OWNERS:
                raise self.fail("owner: you, enemy or any", (*path, "owner"))
            return DestroyedCount(self.name(value["destroyed"], (*path, "destroyed"), ("pieces", "squares")),
                                  self.integer(value.get("at_least", 1), (*path, "at_least")),
                                  self.ranks(value["rank"], (*path, "rank")) if "rank" in value else None, str(owner))
        if "done" in value:
            self.keys(value, ("done",), path)
            return Done(self.name(value["done"], (*path, "done")))
        if "not" in value:
            self.keys(value, ("not",), path)
            return Not(self.cond(value["not"], (*path, "not")))
        for key, kind in (("all", AllOf), ("any", AnyOf)):
            if key in value:
                self.keys(value, (key,), path)
                items = value[key]
                if not isinstance(items, list) or not items:
                    raise self.fail(f"'{key}' is a list of conditions", (*path, key))
                return kind(tuple(self.cond(c, (*path, key, i)) for i, c in enumerate(items)))
        if "on" in value:
            self.keys(value, ("on", "color", "central"), path)
            ref = self.name(value["on"], (*path, "on"), ("pieces", "squares"))
            color = value.get("color")
            if color is not None and color not in ("red", "green", "colorless", "central"):
                raise self.fail(f"unknown square kind {color!r}", (*path, "color"))
            central = self.flag(value["central"], (*path, "central")) if "central" in value else None
            return On(ref, color, central)
        if "rank" in value:
            self.keys(value, ("rank", "is"), path)
            return RankIs(self.name(value["rank"], (*path, "rank"), ("pieces", "squares")),
                          self.ranks(value.get("is"), (*path, "is")))
        if "count" in value:
            self.keys(value, ("count", "at_least", "at_most"), path)
            low = self.integer(value["at_least"], (*path, "at_least")) if "at_least" in value else None
            high = self.integer(value["at_most"], (*path, "at_most")) if "at_most" in value else None
            if low is None and high is None:
                raise self.fail("count needs at_least or at_most", path)
            return Count(self.sel(value["count"], (*path, "count")), low, high)
        if "empty" in value:
            self.keys(value, ("empty",), path)
            return IsEmpty(self.anchor(value["empty"], (*path, "empty")))
        raise self.fail(f"unknown condition {dict(value)!r}", path)

    # ---------------------------------------------------------------- steps
    def counting(self, step: Mapping[str, Any], path: Sequence[str | int]) -> Counting:
        count = self.integer(step["count"], (*path, "count"), low=0) if "count" in step else 1
        up_to = self.integer(step["up_to"], (*path, "up_to"), low=1) if "up_to" in step else None
        every = self.flag(step["all"], (*path, "all")) if "all" in step else False
        may = self.flag(step["may"], (*path, "may")) if "may" in step else False
        if sum(("count" in step, up_to is not None, every)) > 1:
            raise self.fail("count, up_to and all exclude each other", path)
        return Counting(count, up_to, every, may)

    def program(self, value: Any, path: Sequence[str | int] = ()) -> Program:
        if not isinstance(value, list):
            raise self.fail("a program is a list of steps", path)
        return tuple(self.step(s, (*path, i)) for i, s in enumerate(value))

    def branch(self, value: Any, path: Sequence[str | int]) -> Program:
        """A nested block: names bound inside stay bound after it (the resolver gives them a value
        on every path: not done when the block did not run)."""
        return self.program(value, path)

    def step(self, value: Any, path: Sequence[str | int]) -> Step:
        value = self.mapping(value, path, "a step")
        where = "/".join(map(str, path))
        primitives = [k for k in value if k in _PRIMITIVES]
        if len(primitives) != 1:
            raise self.fail(f"a step has exactly one primitive (one of: {', '.join(_PRIMITIVES)}), found "
                            f"{', '.join(primitives) or 'none'}", path)
        key = primitives[0]
        self.keys(value, (key, *_PRIMITIVES[key]), path)
        body = value[key]
        sub = (*path, key)
        if key in SELECT_OPS:
            counting = self.counting(value, path)
            sel = self.sel(body, sub)
            rank = self.rank(value["rank"], (*path, "rank")) if "rank" in value else None
            if rank is not None and key != "convert":
                raise self.fail("'rank' is for convert", path)
            for flag in ("by_you", "out_of_game"):
                if flag in value and key != "destroy":
                    raise self.fail(f"'{flag}' is for destroy", path)
            to, to_same = "you", None
            if "to" in value:
                if key != "convert":
                    raise self.fail("'to' is for convert", path)
                to, to_same = self.owner(value["to"], (*path, "to"))
                if to not in ("you", "enemy", "same"):
                    raise self.fail("convert to: you, enemy or {same: NAME}", (*path, "to"))
            by_you = self.flag(value["by_you"], (*path, "by_you")) if "by_you" in value else True
            out = self.flag(value["out_of_game"], (*path, "out_of_game")) if "out_of_game" in value else False
            kind = "squares" if key in ("destroy", "remove") else "pieces"
            bind = self.binding(value["as"], kind, (*path, "as")) if "as" in value else None
            return Select(key, sel, counting, rank, bind, where, by_you, out, to, to_same)
        if key == "place":
            body = self.mapping(body, sub, "place")
            self.keys(body, ("rank", "owner", "where"), sub)
            owner, same = self.owner(body.get("owner", "you"), (*sub, "owner"))
            if owner == "any":
                raise self.fail("place needs owner: you, enemy or {same: NAME}", (*sub, "owner"))
            counting = self.counting(value, path)
            if counting.all:
                raise self.fail("place cannot use all: true", path)
            area = self.area(body["where"], (*sub, "where")) if "where" in body else None
            bind = self.binding(value["as"], "squares", (*path, "as")) if "as" in value else None
            return Place(self.rank(body.get("rank", "common"), (*sub, "rank")), owner, same, area, counting,
                         bind, where)
        if key == "swap":
            body = self.mapping(body, sub, "swap")
            self.keys(body, ("a", "b"), sub)
            if "a" not in body or "b" not in body:
                raise self.fail("swap needs a and b", sub)
            may = self.flag(value["may"], (*path, "may")) if "may" in value else False
            a, b = self.sel(body["a"], (*sub, "a")), self.sel(body["b"], (*sub, "b"))
            bind = self.binding(value["as"], "pieces", (*path, "as")) if "as" in value else None
            return Swap(a, b, may, bind, where)
        if key == "move":
            return self.move(value, body, path, where)
        if key == "direction":
            body = self.mapping(body, sub, "direction")
            self.keys(body, ("from", "as"), sub)
            among = body.get("from", "any")
            if "as" not in body:
                raise self.fail("direction needs 'as: NAME'", sub)
            if isinstance(among, Mapping) and "turn" in among:
                self.keys(among, ("turn", "by"), (*sub, "from"))
                base = self.dir(among["turn"], (*sub, "from", "turn"))
                bys = among.get("by", [0])
                bys = bys if isinstance(bys, list) else [bys]
                turns = tuple(self.integer(b, (*sub, "from", "by"), signed=True) for b in bys)
                if any(t % 45 for t in turns) or not isinstance(base, str):
                    raise self.fail("turn: a bound direction, by: multiples of 45 degrees", (*sub, "from"))
                return ChooseDirection("turn", self.binding(body["as"], "direction", (*sub, "as")), where,
                                       base, turns)
            if isinstance(among, Mapping) and "card" in among:
                self.keys(among, ("card",), (*sub, "from"))
                card = among["card"] if isinstance(among["card"], list) else [among["card"]]
                if not card or any(d not in COMPASS for d in card):
                    raise self.fail("card: directions as drawn on the card (n, ne, ...)", (*sub, "from", "card"))
                return ChooseDirection("card", self.binding(body["as"], "direction", (*sub, "as")), where,
                                       card=tuple(map(str, card)))
            if among not in DIRECTION_SETS:
                raise self.fail(f"direction from: one of {', '.join(DIRECTION_SETS)}", (*sub, "from"))
            return ChooseDirection(str(among), self.binding(body["as"], "direction", (*sub, "as")), where)
        if key == "square":
            body = self.mapping(body, sub, "square")
            self.keys(body, ("where", "as"), sub)
            if "as" not in body or "where" not in body:
                raise self.fail("square needs where: AREA and as: NAME", sub)
            area = self.area(body["where"], (*sub, "where"))
            return ChooseSquare(area, self.binding(body["as"], "squares", (*sub, "as")), where)
        if key == "make_gateway":
            may = self.flag(value["may"], (*path, "may")) if "may" in value else False
            if isinstance(body, str):
                sel = Sel(ref=self.name(body, sub, ("pieces", "squares")))
            else:
                sel = self.sel(body, sub)
            return MakeGateway(sel, may, where)
        if key == "linked":
            return Linked(self.branch(body, sub), where)
        if key == "color":
            body = self.mapping(body, sub, "color")
            self.keys(body, ("from", "as"), sub)
            among = body.get("from", "enemy")
            if among not in ("enemy", "any", "you"):
                raise self.fail("color from: enemy, any or you", (*sub, "from"))
            if "as" not in body:
                raise self.fail("color needs 'as: NAME'", sub)
            return ChooseColor(str(among), self.binding(body["as"], "color", (*sub, "as")), where)
        if key == "gain_actions":
            return Gain(self.integer(body, sub, signed=True), where)
        if key == "choose":
            if not isinstance(body, list) or len(body) < 2:
                raise self.fail("choose is a list of at least 2 alternatives (each a list of steps)", sub)
            return Choose(tuple(self.branch(alt, (*sub, i)) for i, alt in enumerate(body)), where)
        if key == "if":
            cond = self.cond(body, sub)
            then = self.branch(value.get("then", []), (*path, "then"))
            otherwise = self.branch(value.get("else", []), (*path, "else"))
            return If(cond, then, otherwise, where)
        if key == "repeat":
            body = self.mapping(body, sub, "repeat")
            self.keys(body, ("times", "up_to", "until", "steps"), sub)
            modes = [k for k in ("times", "up_to", "until") if k in body]
            if len(modes) != 1:
                raise self.fail("repeat needs exactly one of times, up_to, until", sub)
            steps = self.branch(body.get("steps"), (*sub, "steps"))
            return Repeat(steps,
                          self.integer(body["times"], (*sub, "times"), low=1) if "times" in body else None,
                          self.integer(body["up_to"], (*sub, "up_to"), low=1) if "up_to" in body else None,
                          self.cond(body["until"], (*sub, "until")) if "until" in body else None, where)
        if key == "for_each":
            body = self.mapping(body, sub, "for_each")
            self.keys(body, ("color", "steps", "as"), sub)
            among = body.get("color", "enemy")
            if among not in ("enemy", "any"):
                raise self.fail("for_each color: enemy or any", (*sub, "color"))
            name = body.get("as", "color")
            if name == "color":
                self.bound["color"] = "color"
            else:
                self.binding(name, "color", (*sub, "as"))
            return ForEach(str(among), self.branch(body.get("steps"), (*sub, "steps")), str(name), where)
        if key == "note":
            return Note(self._id(body, sub), where)
        if key == "special":
            params = value.get("with", {})
            if not isinstance(params, Mapping):
                raise self.fail("'with' is a mapping", (*path, "with"))
            return Special(self._id(body, sub), tuple(sorted((str(k), _freeze(v)) for k, v in params.items())), where)
        raise AssertionError(key)  # pragma: no cover

    def _id(self, value: Any, path: Sequence[str | int]) -> str:
        if not isinstance(value, str) or not value or not all(p.isalnum() for p in value.split("-")):
            raise self.fail(f"expected an id (lowercase words joined by hyphens), not {value!r}", path)
        return value

    def move(self, value: Mapping[str, Any], body: Any, path: Sequence[str | int], where: str) -> Move:
        sub = (*path, "move")
        body = self.mapping(body, sub, "move")
        self.keys(body, ("piece", "kind", "leap", "where", "onto", "direction", "no_destroy", "per_move",
                         "once_each", "toward", "per_color", "if_all_one_by", "standard_by"), sub)
        toward = self.name(body["toward"], (*sub, "toward"), ("pieces", "squares")) if "toward" in body else None
        per_color = self.integer(body["per_color"], (*sub, "per_color"), low=1) if "per_color" in body else None
        piece = self.sel(body.get("piece", "self"), (*sub, "piece"))
        kind = body.get("kind", "standard")
        if kind not in ("standard", "combat"):
            raise self.fail("move kind: standard or combat", (*sub, "kind"))
        leap = self.flag(body["leap"], (*sub, "leap")) if "leap" in body else False
        area = self.area(body["where"], (*sub, "where")) if "where" in body else None
        each = self.area(value["each_where"], (*path, "each_where")) if "each_where" in value else None
        if each is not None:
            area = each if area is None else Intersection((area, each))
        onto = body.get("onto", "any")
        if onto not in ("any", "empty"):
            raise self.fail("move onto: any or empty", (*sub, "onto"))
        direction: Dir = "free"
        opposite, chosen = False, None
        d = body.get("direction", "free")
        if isinstance(d, Mapping) and "turn" in d:
            direction = self.dir(d, (*sub, "direction"))
        elif isinstance(d, Mapping):
            if "opposite" in d:
                self.keys(d, ("opposite",), (*sub, "direction"))
                direction, opposite = self.name(d["opposite"], (*sub, "direction", "opposite"), ("direction",)), True
            else:
                self.keys(d, ("from",), (*sub, "direction"))
                if d.get("from") not in DIRECTION_SETS:
                    raise self.fail(f"direction from: one of {', '.join(DIRECTION_SETS)}", (*sub, "direction"))
                chosen = str(d["from"])
        elif d != "free":
            if d not in COMPASS:
                self.name(d, (*sub, "direction"), ("direction",))
            direction = str(d)
        no_destroy = self.sel(body["no_destroy"], (*sub, "no_destroy")) if "no_destroy" in body else None
        per_move = self.flag(body["per_move"], (*sub, "per_move")) if "per_move" in body else False
        once_each = self.flag(body["once_each"], (*sub, "once_each")) if "once_each" in body else False
        if once_each and not per_move:
            raise self.fail("once_each goes with per_move: true", sub)
        if piece.ref is not None and per_move:
            raise self.fail("per_move needs a piece selector, not a name", sub)
        modes = [k for k in ("times", "up_to", "any_number") if k in value]
        if len(modes) > 1:
            raise self.fail("times, up_to and any_number exclude each other", path)
        times = None
        if value.get("times") == "max":
            times = MAX_MOVES
        elif "times" in value:
            times = self.integer(value["times"], (*path, "times"), low=1)
        up_to = self.integer(value["up_to"], (*path, "up_to"), low=1) if "up_to" in value else None
        any_number = self.flag(value["any_number"], (*path, "any_number")) if "any_number" in value else False
        if not modes:
            times = 1
        one_by = None
        if "if_all_one_by" in body:
            one_by = self.name(body["if_all_one_by"], (*sub, "if_all_one_by"), ("pieces",))
            if not per_move or any_number or times == MAX_MOVES:
                raise self.fail("if_all_one_by goes with per_move: true and a number of moves (times or up_to)", sub)
        standard_by = None
        if "standard_by" in body:
            standard_by = self.name(body["standard_by"], (*sub, "standard_by"), ("pieces",))
            if kind != "combat":
                raise self.fail("standard_by goes with kind: combat (the other pieces' moves)", sub)
        may = self.flag(value["may"], (*path, "may")) if "may" in value else False
        bind = self.binding(value["as"], "pieces", (*path, "as")) if "as" in value else None
        return Move(piece, str(kind), leap, area, str(onto), direction, opposite, chosen, toward, per_color, no_destroy,
                    times, up_to, any_number, per_move, once_each, one_by, standard_by, may, bind, where)


_COUNTING = ("count", "up_to", "all", "may", "as")
#: ``times: max`` on a move: as many moves as there are (bounded: a piece crosses the board in fewer)
MAX_MOVES = 64
#: each primitive -> the modifiers it accepts
_PRIMITIVES: dict[str, tuple[str, ...]] = {
    "destroy": (*_COUNTING, "by_you", "out_of_game"), "upgrade": _COUNTING, "downgrade": _COUNTING,
    "convert": (*_COUNTING, "rank", "to"), "pick": _COUNTING, "remove": _COUNTING,
    "square": (), "make_gateway": ("may",), "linked": (),
    "place": ("count", "up_to", "may", "as"), "swap": ("may", "as"),
    "move": ("times", "up_to", "any_number", "each_where", "may", "as"),
    "direction": (), "color": (), "gain_actions": (), "choose": (), "if": ("then", "else"), "repeat": (),
    "for_each": (), "note": (), "special": ("with",),
}


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def parse_program(data: Any) -> Program:
    """The program of a card's data; an :class:`EffectError` naming the place of the first problem."""
    return _Parser().program(data)


def walk(program: Program) -> list[Step]:
    """Every step of a program, nested ones included, in order."""
    out: list[Step] = []
    for step in program:
        out.append(step)
        if isinstance(step, Choose):
            for alt in step.alternatives:
                out += walk(alt)
        elif isinstance(step, If):
            out += walk(step.then) + walk(step.otherwise)
        elif isinstance(step, (Repeat, ForEach, Linked)):
            out += walk(step.steps)
    return out


def unresolved(program: Program) -> list[str]:
    """The parts of a program the resolver does not play on the board: its ``special`` and ``note`` ids."""
    return [f"{'special' if isinstance(s, Special) else 'note'}:{s.id}" for s in walk(program)
            if isinstance(s, (Special, Note))]


__all__ = [
    "BUILTIN_REFS",
    "COMPASS",
    "PROGRAM_FIELDS",
    "AllOf",
    "AnyOf",
    "Area",
    "Choose",
    "ChooseColor",
    "ChooseDirection",
    "Color",
    "Cond",
    "Count",
    "Counting",
    "DestroyedCount",
    "Done",
    "EffectError",
    "ForEach",
    "Gain",
    "If",
    "Intersection",
    "IsEmpty",
    "LastAction",
    "Move",
    "Named",
    "Not",
    "Note",
    "On",
    "Place",
    "Program",
    "RankIs",
    "Ray",
    "Ref",
    "Relation",
    "Repeat",
    "Sel",
    "Select",
    "Special",
    "Step",
    "Swap",
    "parse_program",
    "unresolved",
    "walk",
]

"""The values of the effect language (its schema: ``schemas/effect.schema.json``): steps, selectors,
areas and conditions, frozen, as :mod:`tashkalar_cli.games.tashkalar.model.effects` parses them.

The values are named tuples rather than frozen dataclasses: there are some forty kinds, and making them
as dataclasses cost about 20 ms of every start-up that reads a program (each dataclass compiles six
methods); a named tuple compiles one. As tuples, two values of different kinds with the same fields
compare equal: nothing compares them, the resolver tells them apart by ``isinstance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Union

from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
from tashkalar_cli.games.tashkalar.model.types import Rank

#: the refs every program knows: the summoned being's piece, the summoning square, the pieces the pattern used
#: (a program also knows its deck's markers by their names: the piece bearing the player's marker)
BUILTIN_REFS = ("self", "target", "summoners", "summoning")
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


class IsMarked(NamedTuple):
    """The piece of a ref bears the player's marker ``marker`` (the Nethervoid Gateway)."""

    ref: str
    marker: str


class IsEmpty(NamedTuple):
    area: Area


Cond = Union[Done, Not, AllOf, AnyOf, LastAction, On, RankIs, Count, DestroyedCount, IsEmpty, IsMarked]


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


class Mark(NamedTuple):
    """The chosen piece bears the player's marker of ``rule`` (the Nethervoid Gateway), taken off the piece
    that bore it."""

    sel: Sel
    rule: MarkerRule
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
    params: tuple[tuple[str, object], ...] = ()     # its with: as written, frozen (model.effects.control)
    path: str = ""


Step = Union[Select, Place, Swap, Move, ChooseDirection, ChooseColor, ChooseSquare, Mark, Linked, Gain, Choose,
             If, Repeat, ForEach, Note, Special]
Program = tuple[Step, ...]


#: ``times: max`` on a move: as many moves as there are (bounded: a piece crosses the board in fewer)
MAX_MOVES = 64


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

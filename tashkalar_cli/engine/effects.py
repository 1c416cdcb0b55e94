"""The effect resolver: every legal way to play a card's program on a position, each distinct result once.

A program (:mod:`tashkalar_cli.model.effects`) is compiled once into a flat list of instructions
(jumps for ``if``/``choose``/``repeat``/``for_each``, and a small loop for the moves of one step).
The resolver then walks every choice depth first over (instruction, state), where a state is the
board as 144 bytes (one per square index: 0 empty, else ``1 + 3 * color + rank level``: the encoding of
:mod:`tashkalar_cli.engine.codes`, which the hot loops below read inline), the
registers (the names bound by ``as:``, each tracked piece followed as it moves; loop counters),
the actions gained and the notes. A state reached twice is explored once (a visited set), so "any
number of moves" and choices made in different orders do not multiply the work; the number of
states explored is bounded (``max_states``): past it the resolution stops and says it is
``truncated``. Outcomes are deduplicated by (board, actions gained, notes); each keeps the first
sequence of steps and choices that reached it.

Where the time goes (the costs are per state and per outcome, so the fast paths are there): a move that
ends the program's last step is an outcome at once (the board after it is checked against the
outcomes, nothing else is built; each such move counts as one state explored, so the bound on states
bounds that loop too); after a step's last move the walk goes straight to the step's end; the targets
of plain moves come from per-board tables (adjacent squares as tuples, which codes a rank may enter),
the same tables for one piece (:meth:`Resolver.targets`) as for all movers at once
(:meth:`Resolver.options`); commuting moves are ordered once (the options come in order, cut by
bisection).

Pieces off the board follow from the pieces on it: a piece that leaves the board goes back to its
owner, so a color's supply of a kind is its supply before the effect plus its pieces of that kind
on the board before, minus those on the board now (``Outcome.position`` builds the position).
"""

from __future__ import annotations

import bisect
import itertools
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.engine.bounds import MAX_STATES
from tashkalar_cli.engine.codes import LEVELS, OCCUPIED, code
from tashkalar_cli.engine.codes import mask as codes_mask
from tashkalar_cli.engine.collector import collector_paused
from tashkalar_cli.engine.gateway import gateway_after_summon
from tashkalar_cli.model.board import DIRECTIONS, STRIDE, Board, bits
from tashkalar_cli.model.effects import (
    MAX_MOVES,
    AllOf,
    AnyOf,
    Area,
    Choose,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    Color,
    Cond,
    Count,
    DestroyedCount,
    Dir,
    Done,
    ForEach,
    Gain,
    If,
    Intersection,
    IsEmpty,
    IsGateway,
    LastAction,
    Linked,
    MakeGateway,
    Move,
    Named,
    Not,
    Note,
    On,
    Place,
    Program,
    RankIs,
    Ray,
    Ref,
    Relation,
    Repeat,
    Sel,
    Select,
    Special,
    Step,
    Swap,
    Turned,
    Union_,
    walk,
)
from tashkalar_cli.model.position import Piece, Position, gateways_kept
from tashkalar_cli.model.types import RANKS, PieceKind, Rank, Square

#: the kinds of pieces, in order (an enum's iteration is slow)
KINDS = tuple(PieceKind)
#: ``_new(Change, (...))``: a step made from its seven fields in C (a named tuple's ``__new__`` is a Python call)
_new = tuple.__new__

if TYPE_CHECKING:
    from tashkalar_cli.engine.flares import FlareCheck
    from tashkalar_cli.engine.summoning import Applied, Engine, Placement
    from tashkalar_cli.model.cards import Being, Flare
    from tashkalar_cli.model.turn import Turn


#: the most rounds of a ``repeat: {until: ...}``
MAX_UNTIL = 32
ORTHOGONAL = ("n", "e", "s", "w")
DIAGONAL = ("ne", "se", "sw", "nw")
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
OPPOSITE = {"n": "s", "ne": "sw", "e": "w", "se": "nw", "s": "n", "sw": "ne", "w": "e", "nw": "se"}
SIZE = STRIDE * 9      # bytes of a board state (grown for larger boards, see Geometry)
NOTE_LAST = "assumed-last-action"
NOTE_NOT_LAST = "assumed-not-last-action"


class EffectLimitError(RuntimeError):
    """Raised by :func:`resolve` with ``strict=True`` when the bound on states is reached."""


def state_bound(asked: int | None) -> int:
    """The bound on states of a resolution a user asked for: None: :data:`MAX_STATES`; 0: no bound; else that
    many (a negative number is refused before)."""
    if asked is None:
        return MAX_STATES
    return asked if asked > 0 else sys.maxsize


# ------------------------------------------------------------------------------------------ geometry

class Geometry:
    """The board's tables, computed once per board: neighbours by kind, rays, distances."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.size = max(SIZE, board.ranks * STRIDE)
        self.squares = tuple(board.squares)
        self.mask = int(board.mask)
        self.adjacent: dict[int, int] = {}
        self.orthogonal: dict[int, int] = {}
        self.diagonal: dict[int, int] = {}
        self.rays: dict[int, dict[str, tuple[int, ...]]] = {}
        for sq in self.squares:
            f, r = board.coords(sq)
            rays: dict[str, tuple[int, ...]] = {}
            for name, (df, dr) in DIRECTIONS.items():
                line: list[int] = []
                k = 1
                while True:
                    j = board.index(f + df * k, r + dr * k)
                    if j is None:
                        break
                    line.append(j)
                    k += 1
                rays[name] = tuple(line)
            self.rays[sq] = rays
            self.orthogonal[sq] = sum(1 << rays[d][0] for d in ORTHOGONAL if rays[d])
            self.diagonal[sq] = sum(1 << rays[d][0] for d in DIAGONAL if rays[d])
            self.adjacent[sq] = self.orthogonal[sq] | self.diagonal[sq]
        #: the squares of ``adjacent`` as tuples (lowest first), for the moves' loops
        self.adjacent_squares = {sq: tuple(bits(m)) for sq, m in self.adjacent.items()}
        #: ``takes[combat][level][code]``: whether a piece of that level may move onto a square holding ``code``
        #: (0: empty) by a standard (``combat`` 0) or combat move (the one reading of kw-standard/combat-move)
        self.takes = tuple(tuple(bytes(1 if code == 0 or (code - 1) % 3 < level + combat else 0 for code in range(256))
                                 for level in range(3)) for combat in (0, 1))
        self._move_tables: dict[tuple[int, frozenset[int] | None], tuple[bytes, ...]] = {}
        on_board = set(self.squares)
        #: the bytes of a state that are not squares: where pieces set aside (removed from the game) are kept,
        #: so that they count neither on the board nor off it
        self.padding = tuple(i for i in range(1, self.size) if i not in on_board)
        self.on_board = bytes(1 if i in on_board else 0 for i in range(self.size))
        self._within: dict[tuple[int, int], int] = {}
        self._distance: dict[tuple[int, int], int] = {}
        self._nearer: dict[tuple[int, int], int] = {}
        self._squares_of: dict[int, tuple[int, ...]] = {}
        self._adjacent_within: dict[int, dict[int, tuple[int, ...]]] = {}

    def within(self, sq: int, n: int) -> int:
        key = (sq, n)
        got = self._within.get(key)
        if got is None:
            got = 0
            for other in self.squares:
                if other != sq and self.board.distance(sq, other) <= n:
                    got |= 1 << other
            self._within[key] = got
        return got

    def adjacent_within(self, mask: int) -> dict[int, tuple[int, ...]]:
        """``adjacent_squares`` kept to the squares of ``mask`` (remembered: the areas moves end in recur)."""
        got = self._adjacent_within.get(mask)
        if got is None:
            if len(self._adjacent_within) > 1_000:
                self._adjacent_within.clear()
            got = self._adjacent_within[mask] = {sq: tuple([to for to in near if mask >> to & 1])
                                                 for sq, near in self.adjacent_squares.items()}
        return got

    def squares_of(self, mask: int) -> tuple[int, ...]:
        """The squares of ``mask``, lowest first (remembered: the masks of moves recur)."""
        got = self._squares_of.get(mask)
        if got is None:
            if len(self._squares_of) > 100_000:
                self._squares_of.clear()
            got = self._squares_of[mask] = tuple(bits(mask))
        return got

    def move_tables(self, combat: int, spared: frozenset[int] | None) -> tuple[bytes, ...]:
        """By the moving piece's rank level, which codes a move may end on: ``takes[combat]`` (-1: onto an
        empty square only), less the codes of the pieces it may not destroy (``spared``); made once."""
        got = self._move_tables.get((combat, spared))
        if got is None:
            table = self.takes[combat] if combat >= 0 else (self.takes[0][0],) * 3
            if spared:
                table = tuple(bytes(0 if code in spared else ok for code, ok in enumerate(row)) for row in table)
            got = self._move_tables[(combat, spared)] = table
        return got

    def nearer(self, sq: int, near: int) -> int:
        """The squares nearer to ``near`` than ``sq`` is (a move "toward" it)."""
        key = (sq, near)
        got = self._nearer.get(key)
        if got is None:
            here = self.board.distance(sq, near)
            got = 0
            for other in self.squares:
                if self.board.distance(other, near) < here:
                    got |= 1 << other
            self._nearer[key] = got
        return got

    def distance(self, sq: int, n: int) -> int:
        key = (sq, n)
        got = self._distance.get(key)
        if got is None:
            got = 0
            for other in self.squares:
                if self.board.distance(sq, other) == n:
                    got |= 1 << other
            self._distance[key] = got
        return got


_GEOMETRY: dict[int, tuple[Board, Geometry]] = {}
_CODES: dict[tuple[str, ...], tuple[dict[int, Piece], dict[Piece, int]]] = {}


def _piece_codes(colors: tuple[str, ...]) -> tuple[dict[int, Piece], dict[Piece, int]]:
    """The pieces by their codes in a state (``1 + 3 * color + rank level``), and the codes by piece."""
    got = _CODES.get(colors)
    if got is None:
        pieces = {code(colors, c, lvl): Piece(c, RANKS[lvl]) for c in colors for lvl in range(LEVELS)}
        got = _CODES[colors] = (pieces, {p: code for code, p in pieces.items()})
    return got


def _plain_options(table: tuple[bytes, ...], adjacent: Mapping[int, tuple[int, ...]], st: bytes,
                   movers: Sequence[int]) -> list[tuple[int, int]]:
    """Every plain move (from, to) of the pieces on ``movers`` (in order): to each adjacent square their rank
    level may enter (``table``, see :meth:`Resolver.takes_table`)."""
    return [(sq, to) for sq, takes in zip(movers, [table[(st[sq] - 1) % 3] for sq in movers], strict=True)
            for to in adjacent[sq] if takes[st[to]]]


def geometry(board: Board) -> Geometry:
    got = _GEOMETRY.get(id(board))
    if got is None or got[0] is not board:
        got = _GEOMETRY[id(board)] = (board, Geometry(board))
    return got[1]


# ------------------------------------------------------------------------------------------ instructions

class Ins(NamedTuple):
    """One instruction: ``op`` and its arguments (``step``: the step it comes from, ``a``/``b``: numbers)."""

    op: str
    step: Any = None
    a: int = -1          # a register, or a jump target
    b: int = -1          # a second register/target
    targets: tuple[int, ...] = ()


@dataclass
class Compiled:
    program: Program
    code: list[Ins]
    slots: dict[str, int]
    registers: int
    uses_last_action: bool
    #: by instruction: whether it leads to the end doing nothing on the way but jumps and the ends of steps and
    #: loops (which clear their registers, that nothing reads after): an outcome is reached there
    final: list[bool] = field(default_factory=list)
    #: the names the program may read of the pieces the summon binds (``self``, ``summoners``): those it never
    #: names are not followed as pieces move (every name, when a ``special:`` step reads the registers itself)
    reads: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.final = [self._reaches_end(pc) for pc in range(len(self.code))]
        words = _strings(self.program)
        self.reads = frozenset(("self", "summoners") if any(ins.op == "special" for ins in self.code)
                               else {"self", "summoners"} & words)

    def _reaches_end(self, pc: int) -> bool:
        for _ in range(len(self.code)):
            ins = self.code[pc]
            if ins.op == "end":
                return True
            if ins.op == "jump":
                pc = ins.a
            elif ins.op in ("move_end", "loop_end"):
                pc += 1
            else:
                return False
        return False


def area_pins(area: Area) -> frozenset[str] | None:
    """The bound names an area's squares follow, when they depend on nothing else (fixed squares, the squares of
    bound pieces and squares in a relation to them); None when they depend on the pieces on the board."""
    if isinstance(area, Named):
        return None if area.word == "empty" else frozenset({"summoners"}) if area.word == "summoners" else frozenset()
    if isinstance(area, Ref):
        return frozenset({area.name})
    if isinstance(area, Color):
        return frozenset()
    if isinstance(area, Relation):
        return area_pins(area.anchor)
    if isinstance(area, (Intersection, Union_)):
        parts = [area_pins(part) for part in area.parts]
        return None if any(p is None for p in parts) else frozenset().union(*[p for p in parts if p is not None])
    return None


def only_bound(area: Area) -> bool:
    """Whether which pieces an area holds changes only when those pieces move: fixed squares (named ones, the
    board's colors) and the squares of bound pieces (followed as they move), or their unions and intersections;
    not the empty squares, nor squares in a relation to pieces, which other pieces' moves change."""
    if isinstance(area, Named):
        return area.word != "empty"
    if isinstance(area, (Ref, Color)):
        return True
    if isinstance(area, (Intersection, Union_)):
        return all(only_bound(part) for part in area.parts)
    return False


def _cond_uses_last(cond: Cond) -> bool:
    if isinstance(cond, LastAction):
        return True
    if isinstance(cond, Not):
        return _cond_uses_last(cond.cond)
    if isinstance(cond, (AllOf, AnyOf)):
        return any(_cond_uses_last(c) for c in cond.conds)
    return False


class _Compiler:
    def __init__(self) -> None:
        self.code: list[Ins] = []
        self.slots: dict[str, int] = {"self": 0, "summoners": 1, "summoning": 2, "gateway": 3}
        self.registers = 5      # 4: the linked block being run (its id, and whether a step fell short)
        self.uses_last = False

    def slot(self, name: str) -> int:
        if name not in self.slots:
            self.slots[name] = self.registers
            self.registers += 1
        return self.slots[name]

    def register(self) -> int:
        self.registers += 1
        return self.registers - 1

    def emit(self, ins: Ins) -> int:
        self.code.append(ins)
        return len(self.code) - 1

    def patch(self, at: int, **changes: Any) -> None:
        self.code[at] = self.code[at]._replace(**changes)

    def block(self, steps: Program) -> None:
        for step in steps:
            self.step(step)

    def step(self, step: Step) -> None:
        if isinstance(step, (Select, Place, Swap)):
            self.emit(Ins(step.__class__.__name__.lower(), step, self.slot(step.bind) if step.bind else -1))
        elif isinstance(step, Move):
            reg = self.register()
            bind = self.slot(step.bind) if step.bind else -1
            self.emit(Ins("move_begin", step, reg, bind))
            loop = self.emit(Ins("move_step", step, reg, bind))
            end = self.emit(Ins("move_end", step, reg, bind))
            self.patch(loop, targets=(end,))
            self.patch(end - 2, targets=(end,))
        elif isinstance(step, ChooseDirection):
            self.emit(Ins("direction", step, self.slot(step.bind)))
        elif isinstance(step, ChooseColor):
            self.emit(Ins("color", step, self.slot(step.bind)))
        elif isinstance(step, ChooseSquare):
            self.emit(Ins("square", step, self.slot(step.bind)))
        elif isinstance(step, MakeGateway):
            self.emit(Ins("gateway", step))
        elif isinstance(step, Linked):
            begin = self.emit(Ins("link_begin", step))
            self.block(step.steps)
            end = self.emit(Ins("link_end", step))
            self.patch(begin, a=end)
        elif isinstance(step, Gain):
            self.emit(Ins("gain", step))
        elif isinstance(step, Note):
            self.emit(Ins("note", step))
        elif isinstance(step, Special):
            self.emit(Ins("special", step))
        elif isinstance(step, Choose):
            fork = self.emit(Ins("fork", step))
            starts: list[int] = []
            jumps: list[int] = []
            for alt in step.alternatives:
                starts.append(len(self.code))
                self.block(alt)
                jumps.append(self.emit(Ins("jump", step)))
            end = len(self.code)
            for j in jumps:
                self.patch(j, a=end)
            self.patch(fork, targets=tuple(starts))
        elif isinstance(step, If):
            self.uses_last |= _cond_uses_last(step.cond)
            branch = self.emit(Ins("branch", step))
            self.block(step.then)
            jump = self.emit(Ins("jump", step))
            self.patch(branch, a=len(self.code))
            self.block(step.otherwise)
            self.patch(jump, a=len(self.code))
        elif isinstance(step, Repeat):
            if step.until is not None:
                self.uses_last |= _cond_uses_last(step.until)
            reg = self.register()
            self.emit(Ins("loop_init", step, reg))
            head = self.emit(Ins("loop_test", step, reg))
            self.block(step.steps)
            self.emit(Ins("loop_next", step, reg, head))
            end = self.emit(Ins("loop_end", step, reg))
            self.patch(head, b=end)
        elif isinstance(step, ForEach):
            reg = self.register()
            slot = self.slot(step.bind)
            init = self.emit(Ins("each_init", step, reg, slot))
            head = len(self.code)
            self.block(step.steps)
            self.emit(Ins("each_next", step, reg, slot, (head,)))
            end = self.emit(Ins("each_end", step, reg, slot))
            self.patch(init, targets=(end,))
            self.patch(end - 1, targets=(head, end))
        else:  # pragma: no cover
            raise TypeError(step)


def _strings(node: Any) -> set[str]:
    """Every string in a program's tree (its steps are named tuples; a count is a dataclass)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, (tuple, list, frozenset, set)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in fields(item))
    return out


_COMPILED: dict[int, tuple[Program, Compiled]] = {}


def compile_program(program: Program) -> Compiled:
    got = _COMPILED.get(id(program))
    if got is None or got[0] is not program:
        c = _Compiler()
        c.block(program)
        c.emit(Ins("end"))
        got = _COMPILED[id(program)] = (program, Compiled(program, c.code, c.slots, c.registers, c.uses_last))
    return got[1]


# ------------------------------------------------------------------------------------------ results

class Change(NamedTuple):
    """One thing an effect did: ``do`` is destroy, upgrade, downgrade, move, place, convert, swap,
    gain_actions or note; squares are indexes; pieces are codes (see the module)."""

    do: str
    square: int = -1        # destroy/upgrade/downgrade/place/convert: the square; move/swap: from
    to: int = -1            # move/swap: to
    piece: int = 0          # the piece before
    after: int = 0          # the piece after (upgrade, downgrade, convert, place) / destroyed by a move
    n: int = 0              # gain_actions
    note: str = ""


class Choice(NamedTuple):
    """A choice made on the way to an outcome: the step (its place in the program), what was chosen."""

    step: str
    kind: str               # may | alternative | direction | color | stop | assume
    value: str


class Outcome(tuple[Any, ...]):
    """One distinct result of an effect. A tuple, made in C by the walk (a resolution may hold tens of
    thousands): the resolver, the board, the steps and choices as the walk left them (linked lists), the
    actions gained, the notes, the player's Gateway after the effect (its square), and the effect's last
    move when the walk's last loop made it (from, to, the piece, the piece destroyed; from -1: none, the
    steps are whole). ``steps`` and ``choices`` are read from the lists when asked for; ``position`` is
    made when first asked for, and kept by the resolver."""

    __slots__ = ()

    @property
    def resolver(self) -> Resolver:
        return self[0]      # type: ignore[no-any-return]

    @property
    def board_state(self) -> bytes:
        return self[1]      # type: ignore[no-any-return]

    @property
    def actions_gained(self) -> int:
        return self[3]      # type: ignore[no-any-return]

    @property
    def notes(self) -> tuple[str, ...]:
        return self[4]      # type: ignore[no-any-return]

    @property
    def gateway(self) -> int | None:
        return self[6]      # type: ignore[no-any-return]

    @property
    def steps_log(self) -> Any:
        """The steps as a linked list ``(step, earlier)``, the last move included."""
        if self[7] < 0:
            return self[2]
        return (_new(Change, ("move", self[7], self[8], self[9], self[10], 0, "")), self[2])

    @property
    def choices_log(self) -> Any:
        return self[5]

    @property
    def steps(self) -> list[Change]:
        """What the effect did, in order."""
        return _items(self.steps_log)

    @property
    def choices(self) -> list[Choice]:
        """The choices made on the way, in order."""
        return [Choice(*c) for c in _items(self[5])]

    def __repr__(self) -> str:
        return f"Outcome(actions_gained={self[3]!r}, notes={self[4]!r}, gateway={self[6]!r})"

    @property
    def destroyed(self) -> list[tuple[Square, Piece]]:
        """The pieces the effect destroyed (by a destroy step or by a move onto them), in order."""
        piece = self.resolver.piece
        out: list[tuple[Square, Piece]] = []
        for c in self.steps:
            if c.do == "destroy":
                out.append((Square(c.square), piece(c.piece)))
            elif c.do == "move" and c.after:
                out.append((Square(c.to), piece(c.after)))
        return out

    @property
    def destroyed_by_you(self) -> list[tuple[Square, Piece]]:
        """The pieces destroyed that count as destroyed by the player (a turn record's ``destroyed``)."""
        piece = self.resolver.piece
        return [(Square(c.square if c.do == "destroy" else c.to), piece(c.piece if c.do == "destroy" else c.after))
                for c in self.steps
                if (c.do == "destroy" and "not-by-you" not in c.note) or (c.do == "move" and c.after)]

    @property
    def position(self) -> Position:
        return self[0].position_kept(self[1], self[6])      # type: ignore[no-any-return]

    def key(self) -> tuple[bytes, int, tuple[str, ...], int | None]:
        return self.board_state, self.actions_gained, self.notes, self.gateway

    def pieces(self) -> frozenset[tuple[Square, str, Rank]]:
        """The pieces left, as a set of (square, color, rank): how outcome sets are compared."""
        return frozenset((sq, p.color, p.rank) for sq, p in self.position.pieces.items())

    def step_dicts(self) -> list[dict[str, Any]]:
        name = self.resolver.board.name
        out: list[dict[str, Any]] = []
        for c in self.steps:
            entry: dict[str, Any] = {"do": c.do}
            if c.do in ("move", "swap"):
                entry["from"], entry["to"] = name(c.square), name(c.to)
                entry["piece"] = self.resolver.piece_dict(c.piece)
                if c.do == "move":
                    entry["destroyed"] = self.resolver.piece_dict(c.after) if c.after else None
                else:
                    entry["other"] = self.resolver.piece_dict(c.after)
            elif c.do == "gain_actions":
                entry["actions"] = c.n
            elif c.do in ("note", "special"):
                entry["note"] = c.note
            else:
                entry["square"] = name(c.square)
                if c.piece:
                    entry["piece"] = self.resolver.piece_dict(c.piece)
                if c.after:
                    entry["becomes"] = self.resolver.piece_dict(c.after)
            out.append(entry)
        return out

    def to_dict(self, keep: bool = True) -> dict[str, Any]:
        """The outcome as JSON (``keep``: False makes its position without keeping it in the resolver, for an
        answer written one outcome at a time: the same dict)."""
        name = self.resolver.board.name
        position = self.position if keep else self[0].position_of(self[1], self[6])
        return {
            "position": position.to_dict(),
            "steps": self.step_dicts(),
            "actions_gained": self.actions_gained,
            "destroyed": [{"square": name(sq), "color": p.color, "rank": str(p.rank)} for sq, p in self.destroyed],
            "notes": list(self.notes),
            "choices": [{"step": c.step, "kind": c.kind, "value": c.value} for c in self.choices],
            "gateway": None if self.gateway is None else name(self.gateway),
        }


@dataclass
class Resolution:
    """Every distinct outcome of one program on one position (``truncated``: the bound on states was
    reached, so the list may miss some)."""

    outcomes: list[Outcome]
    truncated: bool
    states: int

    @property
    def count(self) -> int:
        return len(self.outcomes)

    def to_dict(self, limit: int | None = None) -> dict[str, Any]:
        shown = self.outcomes if limit is None else self.outcomes[:limit]
        return {"count": self.count, "truncated": self.truncated, "outcomes": [o.to_dict() for o in shown]}


# ------------------------------------------------------------------------------------------ the resolver

class _MoveInfo(NamedTuple):
    """What the walk reads of a move step (:meth:`Resolver.move_info`), made once per resolver."""

    table: tuple[bytes, ...]    # Resolver.takes_table
    plain: bool                 # the moves go to any adjacent square their rank allows (no leap, area, square to
    #                             approach, or piece spared but by its code): their targets come from the tables alone
    folded: bool                # the pieces the move may not destroy are left out of the tables already
    commuting: bool             # two moves on four different squares commute (see op_move's reduction)
    per: bool                   # Resolver.one_by_one
    by_codes: bool              # one by one, its pieces picked by their codes alone (no area, name or count)
    limit: int | None           # the most moves (times or up_to; None: any number)
    pins: tuple[str, ...]       # the bound pieces the area the moves end in follows (see op_move)
    standard: tuple[bytes, ...]     # standard_by: the tables of that piece's moves (standard moves)
    local: bool                 # plain but for an area the moves end in: targets from the tables and that area


class _Truncated(Exception):
    pass


_Log = tuple[Any, ...] | None      # a linked list: (item, previous) or None


def _items(log: _Log) -> list[Any]:
    out: list[Any] = []
    while log is not None:
        out.append(log[0])
        log = log[1]
    out.reverse()
    return out


#: the note of a destroyed (removed) piece's change, by (destroyed out of the game, destroyed by the player)
_GONE_NOTES = {(False, True): "", (True, True): "out-of-game", (False, False): "not-by-you",
               (True, False): "out-of-game+not-by-you"}

SpecialHandler = Callable[["Resolver", Special, bytes, tuple[Any, ...]], Iterable[tuple[bytes, tuple[Any, ...], list[Change]]]]
#: the handlers of ``special:`` steps, by id (none yet: every card the engine helper encoded uses the language)
SPECIALS: dict[str, SpecialHandler] = {}


class Resolver:
    """Resolves one program for one player on one position.

    ``target``: the summoning square (``target`` in programs) and the being's piece (``self``);
    ``marked``/``marked2``: squares of the pattern's marks; ``arrows``: its arrow directions;
    ``summoners``: the squares of the pieces the pattern used; ``actions_left``: the actions left
    after the summon (None: unknown; ``last_action`` then gives both answers, each outcome saying
    which it assumed in its notes).
    """

    def __init__(self, board: Board, position: Position, player: str, *, target: int | None = None,
                 self_square: int | None = None, marked: Iterable[int] = (), marked2: Iterable[int] = (),
                 arrows: Iterable[str] = (), summoners: Iterable[int] = (), actions_left: int | None = None,
                 max_states: int = MAX_STATES, summoned_over: tuple[int, Piece] | None = None,
                 gateway: int | None = None, orientation: str | None = None,
                 max_outcomes: int | None = None) -> None:
        self.board = board
        self.geo = geometry(board)
        self.base = position
        self.colors = list(board.colors)
        self.player = self.colors.index(player)
        self.target = target
        self.self_square = target if self_square is None else self_square
        self.marked = sum([1 << sq for sq in marked])
        self.marked2 = sum([1 << sq for sq in marked2])
        arrows = set(arrows)
        self.arrows = tuple([d for d in COMPASS if d in arrows]) if arrows else ()
        self.summoners = tuple(sorted(summoners))
        self.actions_left = actions_left
        self.max_states = max_states
        self.summoned_over = summoned_over
        self.max_outcomes = max_outcomes
        self.gateway = gateway
        self.orientation = orientation
        self.colorless = int(board.colorless(position.mode))
        self._pieces, codes = _piece_codes(tuple(self.colors))
        state = bytearray(self.geo.size)
        for sq, p in position.pieces.items():
            state[sq] = codes[p]
        self.start = bytes(state)
        present = {(code - 1) // 3 for code in set(state) if code}
        in_game = {player, *position.supply_override, *position.decks}
        self.in_game = [i for i, c in enumerate(self.colors) if c in in_game or i in present]
        # pieces of a color and kind that can be on the board: off it now plus on it now
        self.stock: dict[tuple[int, PieceKind], int] = {}
        for ci in self.in_game:
            color = self.colors[ci]
            override = position.supply_override.get(color, {})
            base = 1 + 3 * ci
            for kind in KINDS:
                if kind is PieceKind.LEGENDARY:
                    here = state.count(base + 2)
                else:
                    here = state.count(base) + state.count(base + 1)
                off = override[kind] if kind in override else max(0, position.owned[kind] - here)
                self.stock[(ci, kind)] = off + here     # as Position.off_board counts them, in one pass
        self._moves: dict[int, _MoveInfo] = {}     # see move_info
        self._sel_codes: dict[tuple[str, frozenset[Rank] | None, int | None], tuple[int, ...]] = {}   # see codes_of
        self._positions: dict[tuple[bytes, int | None], Position] = {}     # see position_kept
        #: the movers of the next move of a step, handed by the move before it: (its state, instruction, movers)
        self._movers_hint: tuple[bytes, Ins, list[int]] | None = None
        self.states = 0
        self.truncated = False

    # ---------------------------------------------------------------- pieces and supply
    def piece(self, code: int) -> Piece:
        return self._pieces[code]

    def piece_dict(self, code: int) -> dict[str, str]:
        p = self._pieces[code]
        return {"color": p.color, "rank": str(p.rank)}

    def occupied(self, st: bytes) -> int:
        """The squares holding a piece, as a bitboard (read from the bytes in C; the padding left out)."""
        return codes_mask(st[::-1], OCCUPIED) & self.geo.mask

    def supply(self, st: bytes | bytearray, ci: int, kind: PieceKind) -> int:
        base = 1 + 3 * ci
        if kind is PieceKind.LEGENDARY:
            on = st.count(base + 2)
        else:
            on = st.count(base) + st.count(base + 1)
        return self.stock.get((ci, kind), 0) - on

    def position_kept(self, st: bytes, gateway: int | None) -> Position:
        """:meth:`position_of`, made once per board and Gateway (the outcomes that leave them share it)."""
        key = (st, gateway)
        got = self._positions.get(key)
        if got is None:
            got = self._positions[key] = self.position_of(st, gateway)
        return got

    def position_of(self, st: bytes, gateway: int | None = None) -> Position:
        """The position of a state; ``gateway``: the player's Gateway there (the other colors' Gateways
        stay where they were, unless their pieces are gone)."""
        pieces = {Square(sq): self._pieces[st[sq]] for sq in self.geo.squares if st[sq]}
        base = self.base
        supply = {c: dict(kinds) for c, kinds in base.supply_override.items()}
        for color, kinds in supply.items():
            ci = self.colors.index(color)
            for kind in kinds:
                kinds[kind] = self.supply(st, ci, kind)
        player = self.colors[self.player]
        gateways = gateways_kept({c: sq for c, sq in base.gateway.items() if c != player}, pieces)
        if gateway is not None:
            gateways[player] = Square(gateway)
        return Position(base.board, pieces, base.mode, base.players, supply, base.owned,
                        {c: list(t) for c, t in base.tasks_claimed.items()}, dict(base.decks), gateways)

    # ---------------------------------------------------------------- areas and selectors
    def enemies(self) -> list[int]:
        return [ci for ci in self.in_game if ci != self.player]

    def ref_squares(self, name: str, regs: tuple[Any, ...], slots: dict[str, int]) -> tuple[int, ...]:
        if name == "target":
            return () if self.target is None else (self.target,)
        value = regs[slots[name]] if name in slots else None
        if value is None:
            return ()
        return tuple(value[1])

    def area(self, area: Area | None, st: bytes, regs: tuple[Any, ...], slots: dict[str, int]) -> int:
        geo = self.geo
        if area is None:
            return geo.mask
        if isinstance(area, Named):
            w = area.word
            if w == "board":
                return geo.mask
            if w == "empty":
                return geo.mask & ~self.occupied(st)
            if w == "marked":
                return self.marked
            if w == "marked2":
                return self.marked2
            if w == "summoners":
                return sum(1 << sq for sq in self.ref_squares("summoners", regs, slots))
            if w == "central":
                return int(self.board.central)
            if w == "not_central":
                return geo.mask & ~int(self.board.central)
            raise ValueError(w)
        if isinstance(area, Intersection):
            m = geo.mask
            for part in area.parts:
                m &= self.area(part, st, regs, slots)
                if not m:
                    break
            return m
        if isinstance(area, Union_):
            m = 0
            for part in area.parts:
                m |= self.area(part, st, regs, slots)
            return m & geo.mask
        if isinstance(area, Ref):
            return sum(1 << sq for sq in self.ref_squares(area.name, regs, slots))
        if isinstance(area, Relation):
            anchors = self.anchor(area.anchor, st, regs, slots)
            m = 0
            if area.kind in ("adjacent", "orthogonal", "diagonal") and area.n > 1:
                table = {"adjacent": geo.adjacent, "orthogonal": geo.orthogonal, "diagonal": geo.diagonal}[area.kind]
                counts: dict[int, int] = {}
                for sq in anchors:
                    for other in bits(table[sq]):
                        counts[other] = counts.get(other, 0) + 1
                return sum(1 << sq for sq, n in counts.items() if n >= area.n)
            for sq in anchors:
                if area.kind == "adjacent":
                    m |= geo.adjacent[sq]
                elif area.kind == "orthogonal":
                    m |= geo.orthogonal[sq]
                elif area.kind == "diagonal":
                    m |= geo.diagonal[sq]
                elif area.kind == "within":
                    m |= geo.within(sq, area.n)
                else:
                    m |= geo.distance(sq, area.n)
            return m
        if isinstance(area, Ray):
            return sum(1 << sq for sq in self.ray(area, st, regs, slots))
        if isinstance(area, Color):
            if area.color == "red":
                return int(self.board.red)
            if area.color == "green":
                return int(self.board.green)
            return self.colorless
        if isinstance(area, Sel):
            return sum(1 << sq for sq in self.select(area, st, regs, slots))
        raise TypeError(area)  # pragma: no cover

    def anchor(self, anchor: Area, st: bytes, regs: tuple[Any, ...], slots: dict[str, int]) -> Iterable[int]:
        if isinstance(anchor, Ref):
            return self.ref_squares(anchor.name, regs, slots)
        return bits(self.area(anchor, st, regs, slots))

    def direction(self, name: Dir, regs: tuple[Any, ...], slots: dict[str, int]) -> str | None:
        if isinstance(name, Turned):
            base = self.direction(name.base, regs, slots)
            return None if base is None else turn(base, name.by)
        if name in DIRECTIONS:
            return name
        value = regs[slots[name]] if name in slots else None
        return None if value is None else str(value[1])

    def ray(self, ray: Ray, st: bytes, regs: tuple[Any, ...], slots: dict[str, int]) -> list[int]:
        d = self.direction(ray.direction, regs, slots)
        anchors = list(self.anchor(ray.anchor, st, regs, slots))
        if d is None or not anchors:
            return []
        out: list[int] = []
        met = 0
        stop = set(self.select(ray.stop, st, regs, slots)) if ray.stop is not None else set()
        for sq in self.geo.rays[anchors[0]][d]:
            if st[sq]:
                if sq in stop:
                    break
                out.append(sq)
                met += 1
                if ray.pieces is not None and met >= ray.pieces:
                    break
            else:
                out.append(sq)
        return out

    def owner_of(self, sel: Sel, regs: tuple[Any, ...], slots: dict[str, int], st: bytes) -> int | None:
        """The color a ``same:`` owner names (None: none bound)."""
        assert sel.same is not None
        value = regs[slots[sel.same]] if sel.same in slots else None
        if value is None:
            return None
        if value[0] == "c":
            return int(value[1])
        if value[0] == "s":
            return int(value[2][0] - 1) // 3 if value[2] else None
        for sq in value[1]:
            if st[sq]:
                return int(st[sq] - 1) // 3
        return int(value[2][0] - 1) // 3 if value[2] else None

    def select(self, sel: Sel, st: bytes, regs: tuple[Any, ...], slots: dict[str, int]) -> list[int]:
        """The squares of the pieces ``sel`` picks, in board order."""
        if sel.ref is not None:
            return sorted(sq for sq in self.ref_squares(sel.ref, regs, slots) if st[sq])
        if sel.where is None and sel.owner in ("you", "same", "enemy", "any"):
            return self.select_codes(sel, st, regs, slots)
        mask = self.area(sel.where, st, regs, slots) & self.occupied(st)
        if not mask:
            return []
        same = self.owner_of(sel, regs, slots, st) if sel.owner == "same" else None
        if sel.owner == "same" and same is None:
            return []
        allowed: set[int] | None = None
        if sel.owner == "more" and sel.more is not None:
            counted = [(st[sq] - 1) // 3 for sq in self.select(Sel(None, "any", None, None, sel.more.ranks,
                                                                    sel.more.where, sel.more.exclude),
                                                                st, regs, slots)]
            mine = counted.count(self.player)
            allowed = {ci for ci in self.enemies() if counted.count(ci) > mine}
        excluded: set[int] = set()
        for name in sel.exclude:
            excluded.update(self.ref_squares(name, regs, slots))
        levels = None if sel.ranks is None else {r.level for r in sel.ranks}
        out: list[int] = []
        player = self.player
        for sq in bits(mask):
            code = st[sq] - 1
            color, level = divmod(code, 3)
            if sel.owner == "you" and color != player:
                continue
            if sel.owner == "enemy" and color == player:
                continue
            if same is not None and color != same:
                continue
            if allowed is not None and color not in allowed:
                continue
            if levels is not None and level not in levels:
                continue
            if sq in excluded:
                continue
            out.append(sq)
        return out

    def select_codes(self, sel: Sel, st: bytes, regs: tuple[Any, ...], slots: dict[str, int]) -> list[int]:
        """:meth:`select` on the whole board: the pieces found by their codes in the state's bytes (a search
        in C per code, instead of a look at every square)."""
        same = None
        if sel.owner == "same":
            same = self.owner_of(sel, regs, slots, st)
            if same is None:
                return []
        codes = self._sel_codes.get((sel.owner, sel.ranks, same)) or self.codes_of(sel, same)
        on_board = self.geo.on_board
        find = st.find
        out: list[int] = []
        for piece in codes:
            at = find(piece)
            while at != -1:
                if on_board[at]:
                    out.append(at)
                at = find(piece, at + 1)
        if sel.exclude:
            excluded: set[int] = set()
            for name in sel.exclude:
                excluded.update(self.ref_squares(name, regs, slots))
            out = [sq for sq in out if sq not in excluded]
        if len(codes) > 1:
            out.sort()
        return out

    # ---------------------------------------------------------------- conditions
    def cond(self, cond: Cond, st: bytes, regs: tuple[Any, ...], slots: dict[str, int], actions: int,
             notes: tuple[str, ...]) -> bool:
        if isinstance(cond, Done):
            value = regs[slots[cond.name]] if cond.name in slots else None
            return bool(value is not None and value[3])
        if isinstance(cond, Not):
            return not self.cond(cond.cond, st, regs, slots, actions, notes)
        if isinstance(cond, AllOf):
            return all(self.cond(c, st, regs, slots, actions, notes) for c in cond.conds)
        if isinstance(cond, AnyOf):
            return any(self.cond(c, st, regs, slots, actions, notes) for c in cond.conds)
        if isinstance(cond, LastAction):
            if self.actions_left is None:
                return NOTE_LAST in notes
            return self.actions_left + actions <= 0
        if isinstance(cond, On):
            squares = self.ref_squares(cond.ref, regs, slots)
            if not squares:
                return False
            bit = 1 << squares[0]
            if cond.color == "red" and not self.board.red & bit:
                return False
            if cond.color == "green" and not self.board.green & bit:
                return False
            if cond.color == "colorless" and not self.colorless & bit:
                return False
            if cond.color == "central" and not self.board.central & bit:
                return False
            return cond.central is None or bool(self.board.central & bit) == cond.central
        if isinstance(cond, RankIs):
            value = regs[slots[cond.name]] if cond.name in slots else None
            if value is None or value[0] not in ("p", "s") or not value[3] or not value[2]:
                return False
            levels = {r.level for r in cond.ranks}
            codes = value[2]
            if value[0] == "p":     # pieces still on the board: their rank now
                codes = tuple(st[sq] for sq in value[1] if st[sq]) or codes
            return all((code - 1) % 3 in levels for code in codes)
        if isinstance(cond, Count):
            n = len(self.select(cond.sel, st, regs, slots))
            return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)
        if isinstance(cond, DestroyedCount):
            value = regs[slots[cond.name]] if cond.name in slots else None
            if value is None:
                return cond.at_least <= 0
            codes = (value[5] if len(value) > 5 else value[2]) if value[3] else ()
            if value[0] == "p" and len(value) <= 5:
                codes = ()      # a binding of pieces that were not destroyed (upgraded, placed, picked...)
            wanted = None if cond.ranks is None else {r.level for r in cond.ranks}
            n = 0
            for code in codes:
                color, level = divmod(code - 1, 3)
                if wanted is not None and level not in wanted:
                    continue
                if (cond.owner == "you" and color != self.player) or (cond.owner == "enemy" and color == self.player):
                    continue
                n += 1
            return n >= cond.at_least
        if isinstance(cond, IsGateway):
            gate = regs[slots["gateway"]]
            squares = self.ref_squares(cond.ref, regs, slots)
            return bool(gate is not None and gate[1] and squares and squares[0] == gate[1][0])
        if isinstance(cond, IsEmpty):
            if isinstance(cond.area, Ref):
                return not any(st[sq] for sq in self.ref_squares(cond.area.name, regs, slots))
            return not self.area(cond.area, st, regs, slots) & self.occupied(st)
        raise TypeError(cond)  # pragma: no cover

    # ---------------------------------------------------------------- changes
    @staticmethod
    def tracked(regs: tuple[Any, ...]) -> set[int]:
        """The squares the registers follow: :meth:`retrack` changes nothing for moves that touch none of them."""
        out: set[int] = set()
        for value in regs:
            if value.__class__ is tuple:
                tag = value[0]
                if tag == "p":
                    out.update(value[1])
                elif tag == "m":
                    out.add(value[2])
                    out.update(value[4])
        return out

    @staticmethod
    def retrack(regs: tuple[Any, ...], moves: dict[int, int | None]) -> tuple[Any, ...]:
        """The registers once pieces moved (``moves``: old square -> new square, None: destroyed)."""
        out: list[Any] | None = None
        for i, value in enumerate(regs):
            if value.__class__ is not tuple:
                continue
            tag = value[0]
            if tag == "p":
                squares = value[1]
                for sq in squares:
                    if sq in moves:
                        break
                else:
                    continue
                kept = tuple(moves.get(sq, sq) for sq in squares)
                if out is None:
                    out = list(regs)
                # in board order: the same pieces, moved in another order, are the same register (a state met
                # again, not a new one)
                out[i] = ("p", tuple(sorted([sq for sq in kept if sq is not None])), *value[2:])
            elif tag == "m":     # a move register: (m, count, piece, direction, moved, hits, last, by, colors)
                piece = value[2]
                moved = value[4]
                if piece in moves or any(sq in moves for sq in moved):
                    new_piece = moves.get(piece, piece)
                    kept = tuple(moves.get(sq, sq) for sq in moved)
                    if out is None:
                        out = list(regs)
                    out[i] = ("m", value[1], -1 if new_piece is None else new_piece, value[3],
                              tuple(sq for sq in kept if sq is not None), *value[5:])
        return regs if out is None else tuple(out)

    def can_apply(self, op: str, st: bytes | bytearray, sq: int, rank: Rank | None, to: int) -> bool:
        """Whether ``op`` can be done to the piece on ``sq`` (``to``: the color a convert gives it)."""
        code = st[sq]
        if not code:
            return False
        color, level = divmod(code - 1, 3)
        if op in ("destroy", "pick", "remove"):
            return True
        if op == "upgrade":
            return level == 0 or (level == 1 and self.supply(st, color, PieceKind.LEGENDARY) > 0)
        if op == "downgrade":
            return level == 1 or (level == 2 and self.supply(st, color, PieceKind.DOUBLE_SIDED) > 0)
        # convert: the piece becomes a piece of ``to`` (the player's, or another's), of its rank or the one named
        if color == to:
            return False
        new = level if rank is None else rank.level
        return self.supply(st, to, RANKS[new].kind) > 0

    def set_aside(self, buf: bytearray, code: int) -> None:
        """Keep a piece off the board and out of its owner's supply (removed from the game)."""
        for i in self.geo.padding:
            if not buf[i]:
                buf[i] = code
                return
        raise RuntimeError("no room to set a piece aside")  # pragma: no cover - 60 padding bytes

    def apply(self, step: Select, buf: bytearray, sq: int, to: int) -> Change | None:
        op = step.op
        code = buf[sq]
        level = (code - 1) % 3
        if op == "pick":
            return None
        if op in ("destroy", "remove"):
            buf[sq] = 0
            if op == "remove" or step.out_of_game:
                self.set_aside(buf, code)
            return _new(Change, (op, sq, -1, code, 0, 0, _GONE_NOTES[op == "destroy" and step.out_of_game,
                                                                   step.by_you]))
        if op == "upgrade":
            buf[sq] = code + 1
        elif op == "downgrade":
            buf[sq] = code - 1
        else:
            buf[sq] = 1 + 3 * to + (level if step.rank is None else step.rank.level)
        return _new(Change, (op, sq, -1, code, buf[sq], 0, ""))

    # ---------------------------------------------------------------- the walk
    def resolve(self, program: Program, *, strict: bool = False) -> Resolution:
        comp = compile_program(program)
        self.comp = comp
        regs: list[Any] = [None] * comp.registers
        if self.self_square is not None and "self" in comp.reads:
            regs[0] = ("p", (self.self_square,), (self.start[self.self_square],), True, 1)
        if "summoners" in comp.reads:
            regs[1] = ("p", self.summoners, tuple([self.start[sq] for sq in self.summoners]), True,
                       len(self.summoners))
        if self.summoned_over is not None:
            sq, piece = self.summoned_over
            regs[2] = ("s", (sq,), (1 + 3 * self.colors.index(piece.color) + piece.level,), True, 1)
        else:
            regs[2] = ("s", (), (), False, 0)
        if self.gateway is not None and self.start[self.gateway]:
            regs[3] = ("p", (self.gateway,), (self.start[self.gateway],), True, 1)
        self.links: list[list[tuple[Any, ...]]] = []
        self.link_ids = 0
        #: the outcomes by (board, actions gained, notes, Gateway), or by the board alone when the rest is nothing
        self.outcomes: dict[Any, Outcome] = {}
        self.seen: dict[tuple[int, bytes], tuple[Any, ...]] = {}
        self.seen_more: set[tuple[Any, ...]] = set()     # the other states met at a (pc, board) pair
        self.states = 0
        self.truncated = False
        self.code = comp.code
        self.final = comp.final
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 20 * MAX_MOVES + 40 * len(comp.code) + 1000))
        try:
            with collector_paused():    # the walk makes many small tuples and frees none
                self.run(0, self.start, tuple(regs), 0, (), None, None)
        except _Truncated:
            self.truncated = True
            if strict:
                raise EffectLimitError(f"more than {self.max_states} states") from None
        finally:
            self.seen, self.seen_more = {}, set()
            sys.setrecursionlimit(depth)
        result = Resolution(list(self.outcomes.values()), self.truncated, self.states)
        # no cycle left through the resolver (the outcomes point back to it): what the walk made is freed as
        # soon as the resolution is dropped, by reference counting, not by the collector
        self.outcomes = {}
        return result

    def finish(self, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...], steps: _Log,
               choices: _Log) -> None:
        self.finish_at(st, regs[3], actions, notes, steps, choices)

    def finish_at(self, st: bytes, gate: Any, actions: int, notes: tuple[str, ...], steps: _Log,
                  choices: _Log) -> None:
        """An outcome: the state ``st`` reached the end (``gate``: the Gateway register there)."""
        gateway = self.gateway_at(st, gate)
        # the board alone when nothing else tells outcomes apart (a bytes key: nothing for the collector)
        key: Any = st if not actions and not notes and gateway is None else (st, actions, notes, gateway)
        if key not in self.outcomes:
            self.outcomes[key] = _new(Outcome, (self, st, steps, actions, notes, choices, gateway, -1, -1, 0, 0))
            if self.max_outcomes is not None and len(self.outcomes) >= self.max_outcomes:
                raise _Truncated

    def plain_end(self, gate: Any, actions: int, notes: tuple[str, ...]) -> bool:
        """Whether the outcomes reached from here are told apart by their board alone, with no cap on them: no
        Gateway to follow (``gate``: its register), no actions gained, no notes."""
        return (gate is None or not gate[1]) and not actions and not notes and self.max_outcomes is None

    def gateway_at(self, st: bytes, gate: Any) -> int | None:
        """The square of the player's Gateway at the end (``gate``: its register), or None: it is lost when its
        piece became legendary or changed hands."""
        if gate is None or not gate[1]:
            return None
        code = st[gate[1][0]]
        return gate[1][0] if code and (code - 1) // 3 == self.player and (code - 1) % 3 < 2 else None

    def reached(self, st: bytes, gate: Any, actions: int, notes: tuple[str, ...], steps: _Log,
                choices: _Log) -> None:
        """A state at an instruction that leads to the end (``Compiled.final``), where only the Gateway's register
        (``gate``) counts: an outcome; finish_at keeps the first way to it, nothing to remember here."""
        self.states += 1
        if self.states > self.max_states:
            raise _Truncated
        self.finish_at(st, gate, actions, notes, steps, choices)

    def run(self, pc: int, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
            steps: _Log, choices: _Log) -> None:
        """Explore every way on from instruction ``pc`` in this state (once per state: the visited set)."""
        if self.final[pc]:
            self.reached(st, regs[3], actions, notes, steps, choices)
            return
        code = self.code
        ins = code[pc]
        while ins.op == "jump":     # a jump changes nothing: followed at once, its state not remembered
            pc = ins.a
            ins = code[pc]
        # the visited states by (pc, board): that pair is hashed (the board's hash is kept by its bytes), the
        # registers (deep tuples, slow to hash) only compared when a board comes back at the same instruction
        rest = (regs, actions, notes)
        seen = self.seen
        got = seen.setdefault((pc, st), rest)
        if got is not rest:
            if got == rest:
                return
            more = self.seen_more
            known = len(more)
            more.add((pc, st, regs, actions, notes))
            if len(more) == known:
                return
        self.states += 1
        if self.states > self.max_states:
            raise _Truncated
        _DISPATCH[ins.op](self, pc, ins, st, regs, actions, notes, steps, choices)

    def op_end(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
               steps: _Log, choices: _Log) -> None:
        self.finish(st, regs, actions, notes, steps, choices)

    def op_jump(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        self.run(ins.a, st, regs, actions, notes, steps, choices)

    def op_fork(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        for i, start in enumerate(ins.targets):
            self.run(start, st, regs, actions, notes, steps, ((ins.step.path, "alternative", str(i)), choices))

    def op_branch(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                  steps: _Log, choices: _Log) -> None:
        step = ins.step
        if self.comp.uses_last_action and self.actions_left is None and _cond_uses_last(step.cond) \
                and NOTE_LAST not in notes and NOTE_NOT_LAST not in notes:
            for note in (NOTE_LAST, NOTE_NOT_LAST):
                self.run(pc, st, regs, actions, (*notes, note), steps, ((step.path, "assume", note), choices))
            return
        if self.cond(step.cond, st, regs, self.comp.slots, actions, notes):
            self.run(pc + 1, st, regs, actions, notes, steps, choices)
        else:
            self.run(ins.a, st, regs, actions, notes, steps, choices)

    def op_gain(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        n = ins.step.n
        self.run(pc + 1, st, regs, actions + n, notes, (Change("gain_actions", n=n), steps), choices)

    def op_note(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        nid = ins.step.id
        self.run(pc + 1, st, regs, actions, (*notes, nid), (Change("note", note=nid), steps), choices)

    def op_choice(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                  steps: _Log, choices: _Log) -> None:
        """A ``direction:`` or ``color:`` step: one branch per value."""
        step = ins.step
        if ins.op == "direction":
            among = self.directions(step, regs)
            values: list[Any] = [("d", d) for d in among]
            shown = [str(d) for d in among]
        else:
            cis = (self.enemies() if step.among == "enemy" else
                   [self.player] if step.among == "you" else list(self.in_game))
            values = [("c", ci) for ci in cis]
            shown = [self.colors[ci] for ci in cis]
        for value, text in zip(values, shown, strict=True):
            new = list(regs)
            new[ins.a] = value
            self.run(pc + 1, st, tuple(new), actions, notes, steps, ((step.path, ins.op, text), choices))

    def directions(self, step: ChooseDirection, regs: tuple[Any, ...]) -> tuple[str, ...]:
        """The directions a ``direction:`` step chooses among."""
        if step.among == "turn":
            assert step.base is not None
            base = self.direction(step.base, regs, self.comp.slots)
            if base is None:
                return ()
            return tuple(dict.fromkeys(turn(base, by) for by in step.turns))
        if step.among == "card":
            return tuple(dict.fromkeys(card_direction(d, self.orientation) for d in step.card))
        return {"arrows": self.arrows, "any": COMPASS, "orthogonal": ORTHOGONAL, "diagonal": DIAGONAL}[step.among]

    def op_square(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                  steps: _Log, choices: _Log) -> None:
        step: ChooseSquare = ins.step
        squares = list(bits(self.area(step.where, st, regs, self.comp.slots) & self.geo.mask))
        if not squares:
            new = list(regs)
            new[ins.a] = ("s", (), (), False, 0)
            self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)
            return
        name = self.board.name
        for sq in squares:
            new = list(regs)
            new[ins.a] = ("s", (sq,), (st[sq],) if st[sq] else (), True, 1)
            self.run(pc + 1, st, tuple(new), actions, notes, steps, ((step.path, "square", name(sq)), choices))

    def op_gateway(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                   steps: _Log, choices: _Log) -> None:
        step: MakeGateway = ins.step
        candidates = [sq for sq in self.select(step.sel, st, regs, self.comp.slots)
                      if (st[sq] - 1) // 3 == self.player and (st[sq] - 1) % 3 < 2]
        if step.may or not candidates:
            self.run(pc + 1, st, regs, actions, notes, steps,
                     ((step.path, "may", "skip"), choices) if step.may else choices)
        slot = self.comp.slots["gateway"]
        for sq in candidates:
            new = list(regs)
            new[slot] = ("p", (sq,), (st[sq],), True, 1)
            self.run(pc + 1, st, tuple(new), actions, notes, (Change("gateway", sq, piece=st[sq]), steps), choices)

    def op_link(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        """A linked block: run it collecting the ways that did everything; then go on from each (none: from
        the state before the block, as if it did nothing)."""
        if ins.op == "link_end":
            link = regs[4]
            if link is not None and not link[1]:
                self.links[-1].append((st, regs, actions, notes, steps, choices))
            return
        self.link_ids += 1
        outer = regs[4]
        new = list(regs)
        new[4] = (self.link_ids, False)
        self.links.append([])
        try:
            self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)
        finally:
            done = self.links.pop()
        end = ins.a
        if not done:
            self.run(end + 1, st, regs, actions, notes, steps, ((ins.step.path, "linked", "none"), choices))
            return
        for d_st, d_regs, d_actions, d_notes, d_steps, d_choices in done:
            back = list(d_regs)
            back[4] = outer
            self.run(end + 1, d_st, tuple(back), d_actions, d_notes, d_steps, d_choices)

    # ---------------------------------------------------------------- selection primitives
    def op_select(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                  steps: _Log, choices: _Log) -> None:
        step: Select = ins.step
        slots = self.comp.slots
        if step.op == "convert" and step.to != "you":
            if step.to == "enemy":
                targets = self.enemies()
            else:
                got = self.owner_of(Sel(owner="same", same=step.to_same), regs, slots, st)
                targets = [] if got is None else [got]
            for to in targets:
                ch = choices if len(targets) == 1 else ((step.path, "color", self.colors[to]), choices)
                self.select_to(pc, ins, st, regs, actions, notes, steps, ch, to)
            if not targets:
                self.after_select(pc, ins, st, regs, actions, notes, steps, choices, [], [])
            return
        self.select_to(pc, ins, st, regs, actions, notes, steps, choices, self.player)

    def select_to(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                  steps: _Log, choices: _Log, to: int) -> None:
        step: Select = ins.step
        op, rank = step.op, step.rank
        c = step.counting
        eligible = [sq for sq in self.select(step.sel, st, regs, self.comp.slots) if self.can_apply(op, st, sq, rank, to)]
        if c.all:
            buf = bytearray(st)
            done: list[int] = []
            codes: list[int] = []
            changes: list[Change] = []
            for sq in eligible:
                if self.can_apply(op, bytes(buf), sq, rank, to):
                    codes.append(buf[sq])
                    change = self.apply(step, buf, sq, to)
                    if change is not None:
                        changes.append(change)
                    done.append(sq)
            self.after_select(pc, ins, bytes(buf), regs, actions, notes, _push(steps, changes), choices, done, codes)
            return
        most = min(c.up_to if c.up_to is not None else c.count, len(eligible))
        sizes = list(range(most, -1, -1)) if c.up_to is not None else [most]
        if c.may and 0 not in sizes:
            self.after_select(pc, ins, st, regs, actions, notes, steps, ((step.path, "may", "skip"), choices), [], [])
        # whether a piece can have the step done depends on it alone (not on what was done to the others before):
        # every combination of eligible pieces can be done whole
        alone = op in ("destroy", "remove", "pick")
        apply = self.apply
        # each combination destroying pieces leads to an outcome at once, told apart by its board alone: the
        # outcome made here (its steps only when new; each counts as a state explored, as in run)
        leaf = (op == "destroy" and not step.out_of_game and self.final[pc + 1]
                and self.plain_end(regs[3], actions, notes))
        note = _GONE_NOTES[False, step.by_you]
        outcomes = self.outcomes
        for size in sizes:
            found = False
            for combo in itertools.combinations(eligible, size):
                buf = bytearray(st)
                if leaf:
                    found = True
                    self.states += 1
                    if self.states > self.max_states:
                        raise _Truncated
                    for sq in combo:
                        buf[sq] = 0
                    after = bytes(buf)
                    if after not in outcomes:
                        log = _push(steps, [_new(Change, ("destroy", sq, -1, st[sq], 0, 0, note)) for sq in combo])
                        outcomes[after] = _new(Outcome, (self, after, log, actions, notes, choices, None, -1, -1, 0, 0))
                    continue
                if alone:
                    codes = [buf[sq] for sq in combo]
                    changes = [change for sq in combo if (change := apply(step, buf, sq, to)) is not None]
                else:
                    codes = []
                    changes = []
                    ok = True
                    for sq in combo:
                        if not self.can_apply(op, buf, sq, rank, to):
                            ok = False
                            break
                        codes.append(buf[sq])
                        change = apply(step, buf, sq, to)
                        if change is not None:
                            changes.append(change)
                    if not ok:
                        continue
                found = True
                new_regs = regs
                if c.up_to is None and size < c.count:
                    new_regs = self.fell_short(regs)
                self.after_select(pc, ins, bytes(buf), new_regs, actions, notes, _push(steps, changes), choices,
                                  list(combo), codes)
            if found and c.up_to is None:
                break
            if not found and c.up_to is None and size > 0:
                sizes.append(size - 1)    # not enough could be done together: as many as possible

    def after_select(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int,
                     notes: tuple[str, ...], steps: _Log, choices: _Log, done: list[int], codes: list[int]) -> None:
        step: Select = ins.step
        gone = step.op in ("destroy", "remove")
        if self.final[pc + 1]:      # an outcome (see run): of the registers, only the Gateway's counts there
            gate = regs[3]
            if gone and gate is not None and gate[1] and gate[1][0] in done:
                gate = self.retrack((gate,), dict.fromkeys(done))[0]
            self.reached(st, gate, actions, notes, steps, choices)
            return
        if gone and done:
            regs = self.retrack(regs, dict.fromkeys(done))
        if ins.a >= 0:
            new = list(regs)
            # a destroyed (removed) piece's name stands for the square it was on; others follow their piece
            new[ins.a] = ("s" if gone else "p", tuple(done), tuple(codes), bool(done), len(done))
            regs = tuple(new)
        self.run(pc + 1, st, regs, actions, notes, steps, choices)

    def fell_short(self, regs: tuple[Any, ...]) -> tuple[Any, ...]:
        """The registers once a step did less than it had to: inside a linked block, the block fails."""
        link = regs[4]
        if link is None or link[1]:
            return regs
        new = list(regs)
        new[4] = (link[0], True)
        return tuple(new)

    def op_place(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                 steps: _Log, choices: _Log) -> None:
        step: Place = ins.step
        slots = self.comp.slots
        c = step.counting
        free = [sq for sq in bits(self.area(step.where, st, regs, slots) & self.geo.mask & ~self.occupied(st))]
        if step.owner == "you":
            owners = [self.player]
        elif step.owner == "enemy":
            owners = self.enemies()
        else:
            got = self.owner_of(Sel(owner="same", same=step.same), regs, slots, st)
            owners = [] if got is None else [got]
        skip_done = False
        if c.may or not owners:
            skip_done = True
            self.after_place(pc, ins, st, regs, actions, notes, steps,
                             ((step.path, "may", "skip"), choices) if c.may else choices, [])
        for ci in owners:
            available = self.supply(st, ci, step.rank.kind)
            most = min(c.up_to if c.up_to is not None else c.count, len(free), available)
            sizes = range(most, -1, -1) if c.up_to is not None else [most]
            code = 1 + 3 * ci + step.rank.level
            for size in sizes:
                if size == 0 and skip_done:
                    continue
                short = c.up_to is None and size < c.count
                for combo in itertools.combinations(free, size):
                    buf = bytearray(st)
                    changes = []
                    for sq in combo:
                        buf[sq] = code
                        changes.append(_new(Change, ("place", sq, -1, 0, code, 0, "")))
                    ch = choices if len(owners) == 1 else ((step.path, "color", self.colors[ci]), choices)
                    self.after_place(pc, ins, bytes(buf), self.fell_short(regs) if short else regs, actions, notes,
                                     _push(steps, changes), ch, list(combo))

    def after_place(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int,
                    notes: tuple[str, ...], steps: _Log, choices: _Log, done: list[int]) -> None:
        if ins.a >= 0:
            new = list(regs)
            new[ins.a] = ("p", tuple(done), tuple(st[sq] for sq in done), bool(done), len(done))
            regs = tuple(new)
        self.run(pc + 1, st, regs, actions, notes, steps, choices)

    def op_swap(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        step: Swap = ins.step
        slots = self.comp.slots
        pairs = set()
        for a in self.select(step.a, st, regs, slots):
            for b in self.select(step.b, st, regs, slots):
                if a != b and st[a] != st[b]:
                    pairs.add((min(a, b), max(a, b)))
        if step.may or not pairs:
            self.after_swap(pc, ins, st, regs, actions, notes, steps,
                            ((step.path, "may", "skip"), choices) if step.may else choices, None)
        for a, b in sorted(pairs):
            buf = bytearray(st)
            buf[a], buf[b] = buf[b], buf[a]
            new = self.retrack(regs, {a: b, b: a})
            self.after_swap(pc, ins, bytes(buf), new, actions, notes,
                            (_new(Change, ("swap", a, b, st[a], st[b], 0, "")), steps), choices, (a, b))

    def after_swap(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                   steps: _Log, choices: _Log, pair: tuple[int, int] | None) -> None:
        if ins.a >= 0:
            new = list(regs)
            new[ins.a] = ("p", pair or (), tuple(st[sq] for sq in pair or ()), pair is not None, 1 if pair else 0)
            regs = tuple(new)
        self.run(pc + 1, st, regs, actions, notes, steps, choices)

    # ---------------------------------------------------------------- moves
    def targets(self, step: Move, st: bytes, regs: tuple[Any, ...], sq: int, direction: str | None,
                where: int = -1) -> list[int]:
        """The squares the piece on ``sq`` may move (or leap) to under ``step`` (``where``: the area the moves end
        in, when the caller read it already for this state; -1: read here)."""
        slots = self.comp.slots
        geo = self.geo
        code = st[sq]
        level = (code - 1) % 3
        info = self.move_info(step)
        table, plain, folded = info[:3]
        takes = table[level]
        if step.standard_by is not None and sq in self.ref_squares(step.standard_by, regs, slots):
            takes = info.standard[level]     # that piece's moves are standard moves
        if direction is None and plain:
            # the plain move: to an adjacent square the piece may enter (the same test as below, by table)
            return [to for to in geo.adjacent_squares[sq] if takes[st[to]]]
        if step.leap:
            cand = geo.mask & ~(1 << sq)
        elif direction is not None:
            ray = geo.rays[sq][direction]
            cand = 1 << ray[0] if ray else 0
        else:
            cand = geo.adjacent[sq]
        if step.where is not None and cand:
            cand &= where if where >= 0 else self.area(step.where, st, regs, slots)
        if step.toward is not None and cand:
            ref = self.ref_squares(step.toward, regs, slots)
            if not ref:
                return []
            cand &= geo.nearer(sq, ref[0])
        if not cand:
            return []
        forbidden: set[int] | None = None      # the pieces a move may not destroy: read when a move would
        out: list[int] = []
        for to in geo.squares_of(cand):
            other = st[to]
            if other:
                if not takes[other]:
                    continue
                if step.no_destroy is not None and not folded:
                    if forbidden is None:
                        forbidden = set(self.select(step.no_destroy, st, regs, slots))
                    if to in forbidden:
                        continue
            out.append(to)
        return out

    def takes_table(self, step: Move) -> tuple[bytes, ...]:
        """By the moving piece's rank level: which codes a move of ``step`` may end on (see ``Geometry.takes``),
        the pieces it may not destroy left out when the piece's code alone says which they are
        (:meth:`spared_codes`)."""
        return self.move_info(step)[0]

    def move_info(self, step: Move) -> _MoveInfo:
        """What the walk reads of a move step, made once per resolver (see :class:`_MoveInfo`)."""
        got = self._moves.get(id(step))
        if got is None:
            spared = None if step.no_destroy is None else self.spared_codes(step.no_destroy)
            table = self.geo.move_tables(-1 if step.onto == "empty" else int(step.kind == "combat"), spared)
            local = (not step.leap and step.toward is None and step.standard_by is None
                     and (step.no_destroy is None or spared is not None))
            plain = local and step.where is None
            # the pieces picked from an area that no move changes but by moving them (the squares of bound
            # pieces, followed as they move, or fixed squares): a move changes only its own piece's choice
            picked = step.piece.where is None or only_bound(step.piece.where)
            # the area the moves end in: fixed, or following bound pieces (a move touching one of them is ordered
            # with no other, see op_move)
            pins = frozenset() if step.where is None else area_pins(step.where)
            commuting = (step.per_move and pins is not None and step.toward is None
                         and step.piece.ref is None and picked and step.piece.owner != "more"
                         and (step.no_destroy is None or (step.no_destroy.where is None and step.no_destroy.ref is None
                                                          and step.no_destroy.owner != "more")))
            per = self.one_by_one(step)
            by_codes = per and step.piece.where is None and step.piece.ref is None and step.piece.owner != "more"
            got = self._moves[id(step)] = _MoveInfo(table, plain, spared is not None, commuting, per, by_codes,
                                                    step.times if step.times is not None else step.up_to,
                                                    tuple(sorted(pins or ())), self.geo.move_tables(0, spared), local)
        return got

    def spared_codes(self, sel: Sel) -> frozenset[int] | None:
        """The codes of the pieces ``sel`` picks when its choice reads a piece's code alone (an owner of you,
        enemy or any, and ranks: no area, bound name or exclusion); None when it reads more."""
        if sel.ref is not None or sel.where is not None or sel.exclude or sel.owner not in ("you", "enemy", "any"):
            return None
        return frozenset(self.codes_of(sel, None))

    def codes_of(self, sel: Sel, same: int | None) -> tuple[int, ...]:
        """The codes of the pieces of the owner and ranks ``sel`` names (``same``: the color an owner ``same``
        is bound to), as :meth:`select` reads them; made once per selection and color."""
        key = (sel.owner, sel.ranks, same)      # by value: a selection may be made for one call
        got = self._sel_codes.get(key)
        if got is None:
            if same is not None:
                colors = [same]
            else:
                colors = [self.player] if sel.owner == "you" else self.enemies() if sel.owner == "enemy" else self.in_game
            levels = (0, 1, 2) if sel.ranks is None else tuple(r.level for r in sel.ranks)
            got = self._sel_codes[key] = tuple(1 + 3 * color + level for color in colors for level in levels)
        return got

    def options(self, step: Move, st: bytes, regs: tuple[Any, ...], movers: list[int],
                direction: str | None) -> list[tuple[int, int]]:
        """Every move (from, to) of ``step`` by the pieces on ``movers``, in order (:meth:`targets` for each)."""
        info = self.move_info(step)
        if direction is None and info.local:     # targets' plain case, for every mover at once
            return _plain_options(info.table, self.adjacent(step, st, regs), st, movers)
        # the area the moves end in is the same for every mover: read once
        where = -1 if step.where is None or not movers else self.area(step.where, st, regs, self.comp.slots)
        return [(sq, to) for sq in movers for to in self.targets(step, st, regs, sq, direction, where)]

    def adjacent(self, step: Move, st: bytes, regs: tuple[Any, ...]) -> Mapping[int, tuple[int, ...]]:
        """For a step whose moves are plain but for the area they end in (``_MoveInfo.local``): the squares next
        to each square that a move may end on, by the area read in this state (the same for every mover)."""
        if step.where is None:
            return self.geo.adjacent_squares
        return self.geo.adjacent_within(self.area(step.where, st, regs, self.comp.slots))

    @staticmethod
    def one_by_one(step: Move) -> bool:
        """Whether the walk follows the moves of ``step`` one at a time, each by any piece it picks (``per_move``),
        rather than a piece chosen first: a step of one move is walked so too (its piece is the one that moved;
        no state per piece that could move)."""
        return step.per_move or (not step.any_number and (step.times if step.times is not None else step.up_to) == 1)

    def move_direction(self, step: Move, regs: tuple[Any, ...], chosen: str | None) -> str | None:
        if chosen is not None:
            return chosen
        if step.direction == "free":
            return None
        d = self.direction(step.direction, regs, self.comp.slots)
        if d is None:
            return "none"
        return OPPOSITE[d] if step.opposite else d

    def op_move(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        step: Move = ins.step
        slots = self.comp.slots
        reg = ins.a
        if ins.op == "move_begin":
            end = ins.targets[0]
            if step.may:
                new = list(regs)
                new[reg] = ("m", 0, -1, None, (), (), (), False, ())
                self.run(end, st, tuple(new), actions, notes, steps, ((step.path, "may", "skip"), choices))
            dirs: Sequence[str | None]
            if step.choose_direction is not None:
                dirs = {"arrows": self.arrows, "any": COMPASS, "orthogonal": ORTHOGONAL,
                        "diagonal": DIAGONAL}[step.choose_direction]
            else:
                dirs = [None]
            optional = step.up_to is not None or step.any_number
            for d in dirs:
                ch = choices if d is None else ((step.path, "direction", d), choices)
                direction = self.move_direction(step, regs, d)
                if self.move_info(step).per:
                    new = list(regs)
                    new[reg] = ("m", 0, -1, direction, (), (), (), False, ())
                    self.run(pc + 1, st, tuple(new), actions, notes, steps, ch)
                    continue
                where = -1 if step.where is None else self.area(step.where, st, regs, slots)
                movers = [sq for sq in self.select(step.piece, st, regs, slots)
                          if direction != "none" and self.targets(step, st, regs, sq, direction, where)]
                if not movers:
                    new = list(self.fell_short(regs) if step.times is not None and step.times < MAX_MOVES else regs)
                    new[reg] = ("m", 0, -1, direction, (), (), (), False, ())
                    self.run(end, st, tuple(new), actions, notes, steps, ch)
                    continue
                for sq in movers:
                    new = list(regs)
                    new[reg] = ("m", 0, sq, direction, (), (), (), False, ())
                    self.run(pc + 1, st, tuple(new), actions, notes, steps, ch)
                if optional and not step.may:
                    new = list(regs)
                    new[reg] = ("m", 0, -1, direction, (), (), (), False, ())
                    self.run(end, st, tuple(new), actions, notes, steps, ((step.path, "stop", "0"), ch))
            return
        if ins.op == "move_step":
            end = ins.targets[0]
            _, count, piece, direction, moved, _hits, last, by, colors = regs[reg]
            table, _plain, _folded, reduce, per, by_codes, limit, pins, _standard, local = self.move_info(step)
            # moves ordered with no other (see the reduction below): those touching a piece the area follows (the
            # area may change): of two orders of such moves, one may be legal and not the other (a most per color
            # needs none: it counts the colors of the pieces chosen, ``colors``, which no later move changes)
            pinned = 0
            for name in pins:
                for sq in self.ref_squares(name, regs, slots):
                    pinned |= 1 << sq
            if step.any_number and count >= MAX_MOVES:
                self.truncated = True     # "any number": longer sequences are not searched, and the answer says so
                limit = count
            if limit is not None and count >= limit:
                self.run(end, st, regs, actions, notes, steps, choices)
                return
            if direction == "none":
                self.run(end, st, regs, actions, notes, steps, choices)
                return
            if per:
                hint = self._movers_hint
                if hint is not None and hint[0] is st and hint[1] is ins:
                    movers = hint[2]    # the parent's movers less the two squares its move touched (see below)
                else:
                    movers = self.select(step.piece, st, regs, slots)
                    if step.once_each and moved:
                        movers = [sq for sq in movers if sq not in moved]
                pool = movers           # before the count per color: what the next move's movers come from
                if colors and step.per_color is not None:
                    # a most per color: on the pieces chosen (the colors of those that moved, a piece destroyed
                    # since included: it was chosen), not on those still standing
                    cap = step.per_color
                    movers = [sq for sq in movers if colors.count((st[sq] - 1) // 3) < cap]
            else:
                movers = pool = [piece] if piece >= 0 and st[piece] else []
            one_by = -1         # if_all_one_by, until that piece moved: its square (it must make one of the moves)
            if not by and step.if_all_one_by is not None:
                got = self.ref_squares(step.if_all_one_by, regs, slots)
                one_by = got[0] if got and st[got[0]] else -2
                if limit is not None and count + 1 >= limit:
                    movers = [one_by] if one_by in movers else []      # the last move: that piece's
            track = step.once_each or (per and ins.b >= 0)
            if reduce and last and direction is None and local:
                # the reduction below, without the moves it would drop: the square ``a`` the last move left is
                # empty, so the options after ``last`` are those of the movers after ``a``; before it, only moves
                # touching ``a``, ``b`` or a pinned square are kept, and a plain move touches a square only from
                # that square or one next to it
                a, b = last
                adjacent = self.adjacent(step, st, regs)
                touch = 1 << a | 1 << b | pinned
                near = touch
                for sq in bits(touch):
                    near |= self.geo.adjacent[sq]
                cut = bisect.bisect_right(movers, a)
                low = [sq for sq in movers[:cut] if near >> sq & 1]
                kept = [(sq, to) for sq, to in _plain_options(table, adjacent, st, low)
                        if (touch >> sq | touch >> to) & 1] if low else []
                kept += _plain_options(table, adjacent, st, movers[cut:])
                if not kept and step.times is not None and self.options(step, st, regs, movers, direction):
                    return      # every way on is another order of moves followed elsewhere
                options = kept
            else:
                options = self.options(step, st, regs, movers, direction)
                if reduce and last and options:
                    # two moves on four different squares commute: of the two orders, only the one with the
                    # smaller move first is followed (the other reaches the same states)
                    # the options are in order (movers in board order, then their targets): those after
                    # ``last`` are all kept, those before it only when they touch its squares
                    cut = bisect.bisect_right(options, last)
                    kept = [(sq, to) for sq, to in options[:cut]
                            if sq in last or to in last or (pinned >> sq | pinned >> to) & 1]
                    kept += options[cut:]
                    if not kept and step.times is not None:
                        return      # every way on is another order of moves followed elsewhere
                    options = kept
            if not options:
                short = step.times is not None and count < step.times and step.times < MAX_MOVES
                self.run(end, st, self.fell_short(regs) if short else regs, actions, notes, steps, choices)
                return
            final = self.final[end]
            if step.times is None:      # up_to, any_number: stopping is allowed (the end of the step, played here)
                stop = ((step.path, "stop", str(count)), choices)
                if final:       # the end of the step is an outcome: only the Gateway register counts there
                    self.finish(st, regs, actions, notes, steps, stop)
                else:
                    self.op_move(end, self.code[end], st, regs, actions, notes, steps, stop)
            if final and limit is not None and count + 1 >= limit:
                # each move is the step's last, and the step the program's last: each is an outcome (the
                # state after it would only reach the end of the step)
                gate = regs[3]
                outcomes = self.outcomes
                # each final move counts as a state explored (the bound on states bounds this loop's work too)
                room = self.max_states - self.states
                self.states += len(options)
                over = len(options) > room
                if over:
                    options = options[:max(room, 0)]
                buf = bytearray(st)
                most = self.max_outcomes if self.max_outcomes is not None else sys.maxsize
                # finish_at inlined, the hottest loop of the walk: a move that leaves the Gateway's square alone
                # leaves its Gateway as it is (read once), and the outcome's key as finish_at makes it
                gate_sq = gate[1][0] if gate is not None and gate[1] else -1
                gateway = self.gateway_at(st, gate)
                plain_key = not actions and not notes and gateway is None
                fast = self.plain_end(gate, actions, notes)     # the common case
                left = -1       # the moves of one piece come together: its square is emptied once for them
                code = 0
                for sq, to in options:
                    if sq != left:
                        if left >= 0:
                            buf[left] = code
                        left, code = sq, buf[sq]
                        buf[sq] = 0
                    hit = buf[to]
                    buf[to] = code
                    after = bytes(buf)
                    buf[to] = hit
                    if fast:
                        if after not in outcomes:
                            outcomes[after] = _new(Outcome, (self, after, steps, actions, notes, choices, gateway, sq,
                                                             to, code, hit))    # one tuple, made in C
                        continue
                    if sq == gate_sq or to == gate_sq:      # the Gateway's piece moved or destroyed: followed
                        new_gate = self.retrack((gate,), {to: None, sq: to} if hit else {sq: to})[0]
                        self.finish_at(after, new_gate, actions, notes, (Change("move", sq, to, code, hit), steps),
                                       choices)
                        continue
                    key = after if plain_key else (after, actions, notes, gateway)
                    if key in outcomes:
                        continue        # reached before: the first way there is kept
                    outcomes[key] = _new(Outcome, (self, after, steps, actions, notes, choices, gateway, sq, to, code,
                                                   hit))
                    if len(outcomes) >= most:
                        raise _Truncated
                if over:
                    self.states = self.max_states + 1
                    raise _Truncated
                return
            # after the step's last move, the state goes straight to the end of the step (as the loop would)
            then = end if limit is not None and count + 1 >= limit else pc
            # the next move of a step whose pieces are picked by their codes (no area): its movers (before the
            # count per color, made again in each state) are these less the square the piece left, and the square
            # it moved to added (a piece keeps its code; the piece it destroyed was there) unless each piece moves
            # once (then less that square too); handed to it with its state (the same bytes), not searched again
            follow = by_codes and then == pc
            once = step.once_each
            tracked = self.tracked(regs)
            for sq, to in options:
                buf = bytearray(st)
                code, hit = buf[sq], buf[to]
                buf[to], buf[sq] = code, 0
                if sq in tracked or (hit and to in tracked):
                    new = list(self.retrack(regs, {to: None, sq: to} if hit else {sq: to}))   # at once: to is gone
                else:
                    new = list(regs)
                m = new[reg]
                new_piece = -1 if per else to
                new[reg] = ("m", count + 1, new_piece, direction, tuple(sorted((*m[4], to))) if track else (),
                            (*m[5], hit) if hit and ins.b >= 0 else m[5],
                            (sq, to) if reduce and not (pinned >> sq | pinned >> to) & 1 else (),
                            by or sq == one_by,
                            tuple(sorted((*colors, (code - 1) // 3))) if step.per_color is not None else ())
                after = bytes(buf)
                if follow:
                    if once:
                        nxt = [mover for mover in pool if mover != sq and mover != to]
                    else:
                        nxt = [mover for mover in pool if mover != sq]
                        if to not in nxt:
                            bisect.insort(nxt, to)
                    self._movers_hint = (after, ins, nxt)
                self.run(then, after, tuple(new), actions, notes,
                         (_new(Change, ("move", sq, to, code, hit, 0, "")), steps), choices)
            return
        # move_end: bind what moved, clear the register
        _, count, piece, _direction, moved, hits, _last, _by, _colors = regs[reg]
        new = list(regs)
        new[reg] = None
        if ins.b >= 0:
            # the pieces that moved (tracked), whether any move was made, and what the moves destroyed
            squares = tuple(moved) if self.move_info(step).per else ((piece,) if piece >= 0 and count else ())
            new[ins.b] = ("p", squares, tuple(st[sq] for sq in squares), count > 0, count, hits)
        self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)

    # ---------------------------------------------------------------- loops
    def op_loop(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        step: Repeat = ins.step
        reg = ins.a
        if ins.op == "loop_init":
            new = list(regs)
            new[reg] = 0
            self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)
            return
        if ins.op == "loop_end":
            new = list(regs)
            new[reg] = None
            self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)
            return
        if ins.op == "loop_next":
            new = list(regs)
            count, before = regs[reg] if isinstance(regs[reg], tuple) else (regs[reg], None)
            if step.until is not None:
                if before == (st, actions, notes):     # a round that did nothing ends the loop
                    new[reg] = count + 1
                    self.run(self.comp.code[ins.b].b, st, tuple(new), actions, notes, steps, choices)
                    return
                new[reg] = (count + 1, None)
            else:
                new[reg] = count + 1
            self.run(ins.b, st, tuple(new), actions, notes, steps, choices)
            return
        # loop_test
        count = regs[reg]
        if isinstance(count, tuple):
            count = count[0]
        end = ins.b
        if step.times is not None:
            self.run(pc + 1 if count < step.times else end, st, regs, actions, notes, steps, choices)
        elif step.up_to is not None:
            self.run(end, st, regs, actions, notes, steps, ((step.path, "stop", str(count)), choices))
            if count < step.up_to:
                self.run(pc + 1, st, regs, actions, notes, steps, choices)
        else:
            assert step.until is not None
            if count >= MAX_UNTIL or self.cond(step.until, st, regs, self.comp.slots, actions, notes):
                self.run(end, st, regs, actions, notes, steps, choices)
            else:
                new = list(regs)
                new[reg] = (count, (st, actions, notes))
                self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)

    def op_each(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        step: ForEach = ins.step
        reg, slot = ins.a, ins.b
        colors = self.enemies() if step.among == "enemy" else list(self.in_game)
        new = list(regs)
        if ins.op == "each_init":
            if not colors:
                self.run(ins.targets[0], st, regs, actions, notes, steps, choices)
                return
            new[reg] = 0
            new[slot] = ("c", colors[0])
            self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)
            return
        if ins.op == "each_next":
            i = regs[reg] + 1
            if i < len(colors):
                new[reg] = i
                new[slot] = ("c", colors[i])
                self.run(ins.targets[0], st, tuple(new), actions, notes, steps, choices)
            else:
                self.run(ins.targets[1], st, regs, actions, notes, steps, choices)
            return
        new[reg] = None
        self.run(pc + 1, st, tuple(new), actions, notes, steps, choices)

    def special(self, pc: int, ins: Ins, st: bytes, regs: tuple[Any, ...], actions: int, notes: tuple[str, ...],
                steps: _Log, choices: _Log) -> None:
        step: Special = ins.step
        handler = load_specials().get(step.id)
        if handler is None:   # not played on the board: stated plainly in the outcome
            nid = f"special-{step.id}"
            self.run(pc + 1, st, regs, actions, (*notes, nid), (Change("special", note=step.id), steps), choices)
            return
        for new_st, new_regs, changes in handler(self, step, st, regs):
            self.run(pc + 1, new_st, new_regs, actions, notes, _push(steps, changes), choices)


def turn(direction: str, by: int) -> str:
    """``direction`` turned ``by`` degrees clockwise (a multiple of 45)."""
    return COMPASS[(COMPASS.index(direction) + by // 45) % 8]


def card_direction(direction: str, orientation: str | None) -> str:
    """A direction written as drawn on the card (north = up on the card), on the board once the pattern is
    turned by ``orientation`` (None: as printed)."""
    from tashkalar_cli.model.patterns import ARROW_NAMES, ARROWS, TRANSFORMS

    if orientation is None:
        return direction
    fn = next(f for name, _, _, f in TRANSFORMS if name == orientation)
    return ARROW_NAMES[fn(*ARROWS[direction])]


def _push(log: _Log, items: Iterable[Any]) -> _Log:
    for item in items:
        log = (item, log)
    return log


# ------------------------------------------------------------------------------------------ entry points

def load_specials() -> dict[str, SpecialHandler]:
    """The handlers of ``special:`` steps: those registered by ``tashkalar_cli.engine.specials`` when that
    module exists (it registers into :data:`SPECIALS` when imported)."""
    global _SPECIALS_LOADED
    if not _SPECIALS_LOADED:
        _SPECIALS_LOADED = True
        import importlib
        import importlib.util

        if importlib.util.find_spec("tashkalar_cli.engine.specials") is not None:
            importlib.import_module("tashkalar_cli.engine.specials")
    return SPECIALS


_SPECIALS_LOADED = False


#: the handler of each instruction of the walk, by its op (functions of the class: none bound per resolution)
_DISPATCH: dict[str, Callable[..., None]] = {
    "end": Resolver.op_end, "jump": Resolver.op_jump, "fork": Resolver.op_fork, "branch": Resolver.op_branch,
    "gain": Resolver.op_gain, "note": Resolver.op_note, "special": Resolver.special, "select": Resolver.op_select,
    "place": Resolver.op_place, "swap": Resolver.op_swap, "square": Resolver.op_square,
    "gateway": Resolver.op_gateway, "link_begin": Resolver.op_link, "link_end": Resolver.op_link,
    "direction": Resolver.op_choice, "color": Resolver.op_choice,
    "move_begin": Resolver.op_move, "move_step": Resolver.op_move, "move_end": Resolver.op_move,
    "loop_init": Resolver.op_loop, "loop_test": Resolver.op_loop, "loop_next": Resolver.op_loop,
    "loop_end": Resolver.op_loop, "each_init": Resolver.op_each, "each_next": Resolver.op_each,
    "each_end": Resolver.op_each,
}


def handled(program: Program) -> bool:
    """Whether the resolver plays every part of ``program`` on the board (no ``special`` without a handler)."""
    specials = load_specials()
    return all(not isinstance(s, Special) or s.id in specials for s in walk(program))


def effect_status(card: Being | Flare) -> tuple[bool, list[str]]:
    """Whether the engine resolves ``card``'s effect, and the parts it leaves to the player (see
    :func:`tashkalar_cli.model.cards.effect_status`), with the engine's special handlers."""
    from tashkalar_cli.model.cards import effect_status as status

    return status(card, tuple(load_specials()))


def resolve_program(board: Board, program: Program, position: Position, player: str, *,
                    placement: Placement | None = None, actions_left: int | None = None,
                    max_states: int = MAX_STATES, strict: bool = False,
                    summoned_over: tuple[int, Piece] | None = None, max_outcomes: int | None = None) -> Resolution:
    """Every distinct outcome of ``program`` played by ``player`` on ``position``: after a summon
    (``placement``: the summon's placement, whose target holds the new being; ``summoned_over``: the
    piece the summon destroyed there, the name ``summoning``) or a flare, a frost or warp effect (no
    placement: ``self``, ``target``, ``marked``, ``summoners`` are empty). ``max_outcomes``: stop once so
    many distinct outcomes are found (the resolution then says ``truncated``)."""
    gateways = getattr(position, "gateway", None) or {}
    gateway = gateways.get(player)
    if placement is None:
        resolver = Resolver(board, position, player, actions_left=actions_left, max_states=max_states,
                            gateway=gateway, max_outcomes=max_outcomes)
    else:
        marked = [sq for sq, marks in placement.marked.items() if "m" in marks]
        marked2 = [sq for sq, marks in placement.marked.items() if "m2" in marks]
        summoners = [sq for sq in placement.pattern_squares if sq != placement.target]
        resolver = Resolver(board, position, player, target=placement.target, marked=marked, marked2=marked2,
                            arrows=[a.direction for a in placement.arrows], summoners=summoners,
                            actions_left=actions_left, max_states=max_states, summoned_over=summoned_over,
                            gateway=gateway, orientation=placement.orientation.name, max_outcomes=max_outcomes)
    return resolver.resolve(program, strict=strict)




# ------------------------------------------------------------------------------------------ summons and flares

@dataclass
class SummonEffects:
    """A summon played and its effect resolved: ``applied`` (the position right after the summon, as
    ``summon --apply`` gives it) and ``resolution`` (None when the card has no effect data)."""

    applied: Applied
    resolution: Resolution | None
    actions_left: int | None

    @property
    def resolved(self) -> bool:
        return self.resolution is not None

    @property
    def outcomes(self) -> list[Outcome]:
        return [] if self.resolution is None else self.resolution.outcomes


def resolve_placement(engine: Engine, card: Being, position: Position, player: str, placement: Placement, *,
                      take_back: int | None = None, actions_left: int | None = None,
                      max_states: int = MAX_STATES, max_outcomes: int | None = None) -> Resolution | None:
    """The outcomes of ``card``'s effect once ``player`` summoned it with ``placement`` on ``position``
    (the position before the summon; ``take_back``: in shortage, the piece taken back). The fast
    path for callers that hold placements (the planner): no orientation or take-back to parse.
    None when the card has no effect data."""
    program = card.program()
    if program is None:
        return None
    if take_back is None and placement.take_back:
        take_back = placement.take_back[0]
    after, destroyed = position.after_summon(player, card.rank, placement.target,
                                             None if take_back is None else Square(take_back))
    after = gateway_after_summon(card, position, after, player, placement.target, placement.pattern_squares)
    return resolve_program(engine.board, program, after, player, placement=placement, actions_left=actions_left,
                           max_states=max_states, max_outcomes=max_outcomes,
                           summoned_over=None if destroyed is None else (placement.target, destroyed))


def resolve_summon(engine: Engine, card: Being, position: Position, player: str, at: str | Square, *,
                   orientation: str | None = None, take_back: str | Square | None = None,
                   actions_left: int | None = None, turn: Turn | None = None,
                   max_states: int = MAX_STATES) -> SummonEffects:
    """``summon --apply --effects``: the summon played as :func:`apply_summon` plays it, then every
    distinct outcome of the card's effect."""
    from tashkalar_cli.engine.summoning import apply_summon

    applied = apply_summon(engine, card, position, player, at, orientation, take_back, turn)
    program = card.program()
    resolution = None
    if program is not None:
        over = None if applied.destroyed is None else (applied.placement.target, applied.destroyed)
        resolution = resolve_program(engine.board, program, applied.position, player, placement=applied.placement,
                                     actions_left=actions_left, max_states=max_states, summoned_over=over)
    return SummonEffects(applied, resolution, actions_left)


@dataclass
class FlarePlay:
    """A flare played: whether it may be (``check``), the halves resolved in order, and the outcomes
    (the halves run one after the other: upper first)."""

    check: FlareCheck
    halves: list[str]
    resolution: Resolution | None

    @property
    def playable(self) -> bool:
        return self.check.can_invoke

    @property
    def outcomes(self) -> list[Outcome]:
        return [] if self.resolution is None else self.resolution.outcomes


def play_flare(board: Board, check: FlareCheck, position: Position, player: str, side: str | None = None, *,
               actions_left: int | None = None, max_states: int = MAX_STATES) -> FlarePlay:
    """The outcomes of a flare on ``position``: the halves ``check`` allows (``side``: only that half,
    resolved even when its threshold is not met, for "what would it do"). No outcome when no half
    is met (and no side is named) or the flare has no effect data."""
    flare = check.card
    halves = [side] if side is not None else check.halves
    programs = [flare.program(h) for h in halves]
    if not halves or any(p is None for p in programs):
        return FlarePlay(check, halves, None)
    program: Program = tuple(step for p in programs if p is not None for step in p)
    resolution = resolve_program(board, program, position, player, actions_left=actions_left, max_states=max_states)
    return FlarePlay(check, halves, resolution)


__all__ = ["MAX_STATES", "Change", "Choice", "EffectLimitError", "FlarePlay", "Outcome", "Resolution", "Resolver",
           "SummonEffects", "compile_program", "effect_status", "geometry", "handled", "play_flare", "resolve_placement",
           "resolve_program", "resolve_summon", "state_bound"]

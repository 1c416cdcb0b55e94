"""A program compiled once into a flat list of instructions: jumps for ``if``/``choose``/``repeat``/``for_each``,
and a small loop for the moves of one step (``move_begin``, ``move_step``, ``move_end``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass
from functools import lru_cache
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.model.effects import (
    AllOf,
    AnyOf,
    Area,
    Choose,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    Color,
    Cond,
    EffectError,
    ForEach,
    Gain,
    If,
    Intersection,
    LastAction,
    Linked,
    Mark,
    Move,
    Named,
    Not,
    Note,
    Place,
    Program,
    Ref,
    Relation,
    Repeat,
    Select,
    Special,
    Step,
    Swap,
    Union_,
    walk,
)
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule

#: the registers every program has, by name (the names a summon binds), then the marker's and the linked block's
FIXED_SLOTS = {"self": 0, "summoners": 1, "summoning": 2}
#: the register of the player's marker the walk follows (the piece bearing it; the program names it by the
#: marker's name: see :func:`followed_marker`)
MARKER = 3
#: the register of the linked block being run (its id, and whether a step fell short)
LINK = 4


class Ins(NamedTuple):
    """One instruction: ``op`` and its arguments (``step``: the step it comes from, ``a``/``b``: numbers)."""

    op: str
    step: Step | None = None
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


def cond_uses_last(cond: Cond) -> bool:
    if isinstance(cond, LastAction):
        return True
    if isinstance(cond, Not):
        return cond_uses_last(cond.cond)
    if isinstance(cond, (AllOf, AnyOf)):
        return any(cond_uses_last(c) for c in cond.conds)
    return False


class _Compiler:
    def __init__(self, marker: str | None) -> None:
        self.code: list[Ins] = []
        self.slots: dict[str, int] = dict(FIXED_SLOTS)
        if marker is not None:
            self.slots[marker] = MARKER
        self.registers = LINK + 1
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

    def patch(self, at: int, *, a: int | None = None, b: int | None = None,
              targets: tuple[int, ...] | None = None) -> None:
        ins = self.code[at]
        self.code[at] = ins._replace(a=ins.a if a is None else a, b=ins.b if b is None else b,
                                     targets=ins.targets if targets is None else targets)

    def block(self, steps: Program) -> None:
        for step in steps:
            self.step(step)

    def step(self, step: Step) -> None:
        if isinstance(step, (Select, Place, Swap)):
            self.bound(step)
        elif isinstance(step, Move):
            self.move(step)
        elif isinstance(step, (ChooseDirection, ChooseColor, ChooseSquare)):
            self.choice(step)
        elif isinstance(step, (Mark, Gain, Note, Special)):
            self.plain(step)
        elif isinstance(step, Linked):
            self.linked(step)
        elif isinstance(step, Choose):
            self.choose(step)
        elif isinstance(step, If):
            self.if_(step)
        elif isinstance(step, Repeat):
            self.repeat(step)
        elif isinstance(step, ForEach):
            self.for_each(step)
        else:  # pragma: no cover
            raise TypeError(step)

    def bound(self, step: Select | Place | Swap) -> None:
        self.emit(Ins(step.__class__.__name__.lower(), step, self.slot(step.bind) if step.bind else -1))

    def move(self, step: Move) -> None:
        reg = self.register()
        bind = self.slot(step.bind) if step.bind else -1
        self.emit(Ins("move_begin", step, reg, bind))
        loop = self.emit(Ins("move_step", step, reg, bind))
        end = self.emit(Ins("move_end", step, reg, bind))
        self.patch(loop, targets=(end,))
        self.patch(end - 2, targets=(end,))

    def choice(self, step: ChooseDirection | ChooseColor | ChooseSquare) -> None:
        op = {ChooseDirection: "direction", ChooseColor: "color", ChooseSquare: "square"}[type(step)]
        self.emit(Ins(op, step, self.slot(step.bind)))

    def plain(self, step: Mark | Gain | Note | Special) -> None:
        op = {Mark: "mark", Gain: "gain", Note: "note", Special: "special"}[type(step)]
        self.emit(Ins(op, step))

    def linked(self, step: Linked) -> None:
        begin = self.emit(Ins("link_begin", step))
        self.block(step.steps)
        end = self.emit(Ins("link_end", step))
        self.patch(begin, a=end)

    def choose(self, step: Choose) -> None:
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

    def if_(self, step: If) -> None:
        self.uses_last |= cond_uses_last(step.cond)
        branch = self.emit(Ins("branch", step))
        self.block(step.then)
        jump = self.emit(Ins("jump", step))
        self.patch(branch, a=len(self.code))
        self.block(step.otherwise)
        self.patch(jump, a=len(self.code))

    def repeat(self, step: Repeat) -> None:
        if step.until is not None:
            self.uses_last |= cond_uses_last(step.until)
        reg = self.register()
        self.emit(Ins("loop_init", step, reg))
        head = self.emit(Ins("loop_test", step, reg))
        self.block(step.steps)
        self.emit(Ins("loop_next", step, reg, head))
        end = self.emit(Ins("loop_end", step, reg))
        self.patch(head, b=end)

    def for_each(self, step: ForEach) -> None:
        reg = self.register()
        slot = self.slot(step.bind)
        init = self.emit(Ins("each_init", step, reg, slot))
        head = len(self.code)
        self.block(step.steps)
        self.emit(Ins("each_next", step, reg, slot, (head,)))
        end = self.emit(Ins("each_end", step, reg, slot))
        self.patch(init, targets=(end,))
        self.patch(end - 1, targets=(head, end))


def _strings(node: object) -> set[str]:
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


def followed_marker(program: Program, borne: Iterable[MarkerRule] = ()) -> MarkerRule | None:
    """The marker the walk of ``program`` follows in its register (:data:`MARKER`): the one it names (by a
    ``mark`` step, an ``is_marked`` condition or its name as a ref) among ``borne`` (the markers the player
    bears) and those its ``mark`` steps set; else the first the player bears (it follows its piece as the
    effect moves it); None when there is none. A program follows one marker."""
    borne = list(borne)
    marks, words = _marker_words(program)
    candidates = {r.name: r for r in [*borne, *marks]}
    named = [rule for name, rule in candidates.items() if name in words]
    if len(named) > 1:
        raise EffectError(f"a program follows one marker, not {len(named)} ({', '.join(r.name for r in named)})")
    return named[0] if named else borne[0] if borne else None


@lru_cache(maxsize=512)
def _marker_words(program: Program) -> tuple[tuple[MarkerRule, ...], frozenset[str]]:
    """The markers a program's ``mark`` steps set, and every string of the program (read once per program)."""
    return tuple(s.rule for s in walk(program) if isinstance(s, Mark)), frozenset(_strings(program))


def compile_program(program: Program, marker: str | None = None) -> Compiled:
    """``program`` compiled (remembered by the program, a tuple of steps compared by value: a bounded cache);
    ``marker``: the name of the marker it follows (its register is :data:`MARKER`)."""
    return _compile(program, marker)


@lru_cache(maxsize=512)
def _compile(program: Program, marker: str | None) -> Compiled:
    c = _Compiler(marker)
    c.block(program)
    c.emit(Ins("end"))
    return Compiled(program, c.code, c.slots, c.registers, c.uses_last)


__all__ = ["LINK", "MARKER", "Compiled", "Ins", "area_pins", "compile_program", "cond_uses_last", "followed_marker",
           "only_bound"]

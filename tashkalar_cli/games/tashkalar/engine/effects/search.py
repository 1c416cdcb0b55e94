"""The search: every way to play a compiled program, walked depth first over (instruction, state), each
distinct result once. What the steps mean is in the modules of the steps; this module holds the walk and its
speed-ups, and nothing of the rules.

- **The visited set.** A state reached twice at one instruction is explored once, so "any number of moves" and
  choices made in different orders do not multiply the work. States are keyed by (instruction, board): that
  pair is hashed (a board's hash is kept by its bytes); the registers (deep tuples, slow to hash) are only
  compared when a board comes back at the same instruction.
- **The bound.** The number of states explored is bounded (``max_states``): past it the resolution stops and
  says it is ``truncated``.
- **Outcome dedupe.** Outcomes are deduplicated by (board, actions gained, notes, marker), by the board alone
  when the rest is nothing; each keeps the first sequence of steps and choices that reached it.
- **The driver.** An explicit stack, no recursion: a step handler hands the states it leads to to :meth:`run`,
  in order; once it returns, they go on the stack so that the first is explored first, all of its ways on
  before the second (the order of a depth-first walk, which decides which way to an outcome is kept). A linked
  block puts a marker under its states: when the marker comes off the stack, the block is over.
- **Final states.** An instruction that leads to the end doing nothing (``Compiled.final``) is an outcome at
  once; a move or destruction that ends the program's last step is an outcome at once too
  (:meth:`final_moves`, :meth:`final_destroys`: the board after it is checked against the outcomes, nothing
  else is built; each counts as one state explored, so the bound on states bounds those loops too).

``reference=True`` turns every speed-up off but the visited set: no final shortcut (every state goes to the
``end`` instruction), no commutation reduction and no hints of movers (:mod:`.moves`), no tables of plain moves
or search of codes in the bytes (:mod:`.select`): the plain walk the fast one is tested against.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar, TypeAlias

from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES
from tashkalar_cli.games.tashkalar.engine.codes import COLOR_OF, LEVEL_OF, piece_code
from tashkalar_cli.games.tashkalar.engine.effects.compiler import MARKER, compile_program, followed_marker
from tashkalar_cli.games.tashkalar.engine.effects.core import ResolverCore
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change, ChoiceLog, Outcome, Resolution, StepLog, new_record
from tashkalar_cli.games.tashkalar.engine.effects.registers import NOTHING, Bound, Register, Registers, retrack
from tashkalar_cli.games.tashkalar.model.effects import Program


class EffectLimitError(RuntimeError):
    """Raised by :meth:`Search.resolve` with ``strict=True`` when the bound on states is reached."""


class Truncated(Exception):
    """The bound on states (or on outcomes) was reached: the walk stops."""


def state_bound(asked: int | None) -> int:
    """The bound on states of a resolution a user asked for: None: :data:`MAX_STATES`; 0: no bound; else that
    many (a negative number is refused before)."""
    if asked is None:
        return MAX_STATES
    return asked if asked > 0 else sys.maxsize


#: a state to explore: (instruction, board, registers, actions gained, notes, steps, choices, the movers of the
#: next move when the move before handed them, see moves); an instruction below 0 marks the end of a linked
#: block (``~pc``: its ``link_end``)
Frame: TypeAlias = tuple[int, bytes, Registers, int, tuple[str, ...], StepLog, ChoiceLog, "list[int] | None"]
#: what a step hands on to the walk: a state, or states made one at a time (see :meth:`Search.run_each`)
Pending: TypeAlias = "Frame | Iterator[Frame]"
#: a step's handler: (resolver, pc, instruction, board, registers, actions, notes, steps, choices)
Handler: TypeAlias = Callable[..., None]
#: an outcome's key: the board alone, or (board, actions gained, notes, marker)
OutcomeKey: TypeAlias = "bytes | tuple[bytes, int, tuple[str, ...], int | None]"


class Search(ResolverCore):
    """The walk over (instruction, state); the steps' handlers are in :data:`DISPATCH` (filled by
    :class:`~tashkalar_cli.games.tashkalar.engine.effects.Resolver`)."""

    DISPATCH: ClassVar[dict[str, Handler]] = {}

    # ---------------------------------------------------------------- the walk
    def resolve(self, program: Program, *, strict: bool = False) -> Resolution:
        marker = self.given_marker or followed_marker(program)
        if marker is not None:
            self.marker = marker     # kept for the outcomes made so far (a resolver may walk several programs)
        comp = compile_program(program, None if marker is None else marker.name)
        self.comp = comp
        self.mark_levels = frozenset() if marker is None else frozenset(r.level for r in marker.ranks)
        self.code = comp.code
        self.final = [False] * len(comp.code) if self.reference else comp.final
        self.links: list[list[Frame]] = []
        self.link_ids = 0
        self.outcomes: dict[OutcomeKey, Outcome] = {}
        self.seen: dict[tuple[int, bytes], tuple[Registers, int, tuple[str, ...]]] = {}
        self.seen_more: set[tuple[int, bytes, Registers, int, tuple[str, ...]]] = set()
        self.pending: list[Pending] = []
        self._movers_hint: list[int] | None = None
        self.states = 0
        self.truncated = False
        try:
            self.explore((0, self.start, self.start_registers(), 0, (), None, None, None))
        except Truncated:
            self.truncated = True
            if strict:
                raise EffectLimitError(f"more than {self.max_states} states") from None
        finally:
            self.seen, self.seen_more, self.pending, self.links = {}, set(), [], []
        result = Resolution(list(self.outcomes.values()), self.truncated, self.states)
        # no cycle left through the resolver (the outcomes point back to it): what the walk made is freed as
        # soon as the resolution is dropped, by reference counting, not by the collector
        self.outcomes = {}
        return result

    def start_registers(self) -> Registers:
        """The registers at the start: the names the summon binds (those the program reads), the marker."""
        comp = self.comp
        start = self.start
        regs: list[Register] = [None] * comp.registers
        if self.self_square is not None and "self" in comp.reads:
            regs[0] = Bound(True, (self.self_square,), (start[self.self_square],), True, 1)
        if "summoners" in comp.reads:
            regs[1] = Bound(True, self.summoners, tuple([start[sq] for sq in self.summoners]), True,
                            len(self.summoners))
        if self.summoned_over is not None:
            sq, piece = self.summoned_over
            regs[2] = Bound(False, (sq,), (piece_code(self.colors.index(piece.color), piece.level),), True, 1)
        else:
            regs[2] = NOTHING
        if self.mark is not None and start[self.mark]:
            regs[MARKER] = Bound(True, (self.mark,), (start[self.mark],), True, 1)
        return tuple(regs)

    def explore(self, first: Frame) -> None:
        """Explore every way on from ``first`` (once per state: the visited set), depth first."""
        stack: list[Pending] = [first]
        pending = self.pending
        final = self.final
        code = self.code
        seen = self.seen
        more = self.seen_more
        dispatch = self.DISPATCH
        max_states = self.max_states
        while stack:
            item = stack.pop()
            if not isinstance(item, tuple):     # states made one at a time (run_each): the next one, the rest after it
                frame = next(item, None)
                if frame is None:
                    continue
                stack.append(item)
                item = frame
            pc, st, regs, actions, notes, steps, choices, hint = item
            if pc < 0:
                self.after_block(~pc, st, regs, actions, notes, steps, choices)
            elif final[pc]:
                self.reached(st, regs[MARKER], actions, notes, steps, choices)
            else:
                ins = code[pc]
                while ins.op == "jump":     # a jump changes nothing: followed at once, its state not remembered
                    pc = ins.a
                    ins = code[pc]
                rest = (regs, actions, notes)
                got = seen.setdefault((pc, st), rest)
                if got is not rest:
                    if got == rest:
                        continue
                    known = len(more)
                    more.add((pc, st, regs, actions, notes))
                    if len(more) == known:
                        continue
                self.states += 1
                if self.states > max_states:
                    raise Truncated
                self._movers_hint = hint
                dispatch[ins.op](self, pc, ins, st, regs, actions, notes, steps, choices)
            if pending:
                pending.reverse()
                stack.extend(pending)
                pending.clear()

    def run(self, pc: int, st: bytes, regs: Registers, actions: int, notes: tuple[str, ...], steps: StepLog,
            choices: ChoiceLog) -> None:
        """A state to explore from instruction ``pc``, after those handed before by the same step."""
        self.pending.append((pc, st, regs, actions, notes, steps, choices, None))

    def run_hinted(self, pc: int, st: bytes, regs: Registers, actions: int, notes: tuple[str, ...],
                   steps: StepLog, choices: ChoiceLog, movers: list[int]) -> None:
        """:meth:`run`, with the movers of the step's next move handed on (see moves)."""
        self.pending.append((pc, st, regs, actions, notes, steps, choices, movers))

    def run_each(self, frames: Iterator[Frame]) -> None:
        """States to explore, in order, each made when the one before it was walked whole: a step with many ways
        on makes none past those the walk reaches before its bound on outcomes or states stops it (as a recursive
        walk would; made all at once, the ways on of a wide step would be made and dropped)."""
        self.pending.append(frames)

    def after_block(self, end: int, st: bytes, regs: Registers, actions: int, notes: tuple[str, ...],
                    steps: StepLog, choices: ChoiceLog) -> None:
        """The marker of a linked block came off the stack: the block (ending at ``end``) was walked whole."""
        raise NotImplementedError       # pragma: no cover - see control

    # ---------------------------------------------------------------- outcomes
    def finish(self, st: bytes, regs: Registers, actions: int, notes: tuple[str, ...], steps: StepLog,
               choices: ChoiceLog) -> None:
        self.finish_at(st, regs[MARKER], actions, notes, steps, choices)

    def finish_at(self, st: bytes, gate: Register, actions: int, notes: tuple[str, ...], steps: StepLog,
                  choices: ChoiceLog) -> None:
        """An outcome: the state ``st`` reached the end (``gate``: the marker register there)."""
        mark = self.marker_at(st, gate)
        # the board alone when nothing else tells outcomes apart (a bytes key: nothing for the collector)
        key: OutcomeKey = st if not actions and not notes and mark is None else (st, actions, notes, mark)
        if key not in self.outcomes:
            self.outcomes[key] = new_record(Outcome, (self, st, steps, actions, notes, choices, mark, -1, -1, 0, 0))
            if self.max_outcomes is not None and len(self.outcomes) >= self.max_outcomes:
                raise Truncated

    def plain_end(self, gate: Register, actions: int, notes: tuple[str, ...]) -> bool:
        """Whether the outcomes reached from here are told apart by their board alone, with no cap on them: no
        marker to follow (``gate``: its register), no actions gained, no notes."""
        return (not isinstance(gate, Bound) or not gate.squares) and not actions and not notes \
            and self.max_outcomes is None

    def marker_at(self, st: bytes, gate: Register) -> int | None:
        """The square of the player's marker at the end (``gate``: its register), or None: it is lost when its
        piece became legendary or changed hands."""
        if not isinstance(gate, Bound) or not gate.squares:
            return None
        sq = gate.squares[0]
        code = st[sq]
        return sq if code and COLOR_OF[code] == self.player and LEVEL_OF[code] in self.mark_levels else None

    def reached(self, st: bytes, gate: Register, actions: int, notes: tuple[str, ...], steps: StepLog,
                choices: ChoiceLog) -> None:
        """A state at an instruction that leads to the end (``Compiled.final``), where only the marker's register
        (``gate``) counts: an outcome; finish_at keeps the first way to it, nothing to remember here."""
        self.count_state()
        self.finish_at(st, gate, actions, notes, steps, choices)

    def count_state(self) -> None:
        self.states += 1
        if self.states > self.max_states:
            raise Truncated

    def final_destroys(self, st: bytes, combos: Sequence[Sequence[int]], steps: StepLog, choices: ChoiceLog,
                       note: str) -> None:
        """Each set of pieces destroyed leads to an outcome at once, told apart by its board alone (no marker,
        no actions gained or notes, no cap on outcomes: :meth:`plain_end`): the outcome made here, its steps only
        when new; each counts as a state explored."""
        outcomes = self.outcomes
        for combo in combos:
            self.count_state()
            buf = bytearray(st)
            for sq in combo:
                buf[sq] = 0
            after = bytes(buf)
            if after not in outcomes:
                log = steps
                for sq in combo:
                    log = (new_record(Change, ("destroy", sq, -1, st[sq], 0, 0, note)), log)
                outcomes[after] = new_record(Outcome, (self, after, log, 0, (), choices, None, -1, -1, 0, 0))

    def final_moves(self, st: bytes, options: list[tuple[int, int]], gate: Register, actions: int,
                    notes: tuple[str, ...], steps: StepLog, choices: ChoiceLog) -> None:
        """Each move (from, to) is the step's last, and the step the program's last: each is an outcome (the
        state after it would only reach the end of the step). The hottest loop of the walk: :meth:`finish_at`
        inlined; each move counts as a state explored."""
        outcomes = self.outcomes
        room = self.max_states - self.states
        self.states += len(options)
        over = len(options) > room
        if over:
            options = options[:max(room, 0)]
        buf = bytearray(st)
        most = self.max_outcomes if self.max_outcomes is not None else sys.maxsize
        # a move that leaves the marker's square alone leaves its marker as it is (read once), and the
        # outcome's key as finish_at makes it
        gate_sq = gate.squares[0] if isinstance(gate, Bound) and gate.squares else -1
        mark = self.marker_at(st, gate)
        plain_key = not actions and not notes and mark is None
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
                    outcomes[after] = new_record(Outcome, (self, after, steps, actions, notes, choices, mark, sq,
                                                           to, code, hit))    # one tuple, made in C
                continue
            if sq == gate_sq or to == gate_sq:      # the marker's piece moved or destroyed: followed
                new_gate = retrack((gate,), {to: None, sq: to} if hit else {sq: to})[0]
                self.finish_at(after, new_gate, actions, notes, (Change("move", sq, to, code, hit), steps), choices)
                continue
            key: OutcomeKey = after if plain_key else (after, actions, notes, mark)
            if key in outcomes:
                continue        # reached before: the first way there is kept
            outcomes[key] = new_record(Outcome, (self, after, steps, actions, notes, choices, mark, sq, to, code,
                                                 hit))
            if len(outcomes) >= most:
                raise Truncated
        if over:
            self.states = self.max_states + 1
            raise Truncated


__all__ = ["EffectLimitError", "Frame", "Handler", "Search", "Truncated", "state_bound"]

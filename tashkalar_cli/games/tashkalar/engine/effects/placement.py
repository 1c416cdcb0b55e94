"""The steps that change pieces where they stand: destroy, remove, upgrade, downgrade, convert, pick (a
``select`` step), place, swap."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import cast

from tashkalar_cli.games.tashkalar.engine.codes import COLOR_OF, LEVEL_OF, piece_code
from tashkalar_cli.games.tashkalar.engine.effects.compiler import LINK, MARKER, Ins
from tashkalar_cli.games.tashkalar.engine.effects.control import Control
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change, ChoiceLog, StepLog, new_record, push
from tashkalar_cli.games.tashkalar.engine.effects.registers import Bound, LinkReg, Registers, retrack, with_register
from tashkalar_cli.games.tashkalar.model.board import bits
from tashkalar_cli.games.tashkalar.model.effects import Place, Sel, Select, Swap
from tashkalar_cli.games.tashkalar.model.types import RANKS, PieceKind, Rank

Notes = tuple[str, ...]

#: the note of a destroyed (removed) piece's change, by (destroyed out of the game, destroyed by the player)
GONE_NOTES = {(False, True): "", (True, True): "out-of-game", (False, False): "not-by-you",
              (True, False): "out-of-game+not-by-you"}


class Placement(Control):
    """The handlers of ``select``, ``place`` and ``swap`` steps."""

    # ---------------------------------------------------------------- one piece
    def can_apply(self, op: str, st: bytes | bytearray, sq: int, rank: Rank | None, to: int) -> bool:
        """Whether ``op`` can be done to the piece on ``sq`` (``to``: the color a convert gives it)."""
        code = st[sq]
        if not code:
            return False
        color, level = COLOR_OF[code], LEVEL_OF[code]
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
        if op == "pick":
            return None
        if op in ("destroy", "remove"):
            buf[sq] = 0
            if op == "remove" or step.out_of_game:
                self.set_aside(buf, code)
            return new_record(Change, (op, sq, -1, code, 0, 0, GONE_NOTES[op == "destroy" and step.out_of_game,
                                                                          step.by_you]))
        color, level = COLOR_OF[code], LEVEL_OF[code]
        if op == "upgrade":
            buf[sq] = piece_code(color, level + 1)
        elif op == "downgrade":
            buf[sq] = piece_code(color, level - 1)
        else:
            buf[sq] = piece_code(to, level if step.rank is None else step.rank.level)
        return new_record(Change, (op, sq, -1, code, buf[sq], 0, ""))

    def fell_short(self, regs: Registers) -> Registers:
        """The registers once a step did less than it had to: inside a linked block, the block fails."""
        link = regs[LINK]
        if not isinstance(link, LinkReg) or link.failed:
            return regs
        return with_register(regs, LINK, LinkReg(link.id, True))

    # ---------------------------------------------------------------- select
    def op_select(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Select, ins.step)
        if step.op == "convert" and step.to != "you":
            if step.to == "enemy":
                targets = self.enemies()
            else:
                got = self.owner_of(Sel(owner="same", same=step.to_same), regs, self.comp.slots, st)
                targets = [] if got is None else [got]
            for to in targets:
                ch = choices if len(targets) == 1 else ((step.path, "color", self.colors[to]), choices)
                self.select_to(pc, ins, st, regs, actions, notes, steps, ch, to)
            if not targets:
                self.after_select(pc, ins, st, regs, actions, notes, steps, choices, [], [])
            return
        self.select_to(pc, ins, st, regs, actions, notes, steps, choices, self.player)

    def select_to(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog, to: int) -> None:
        """A ``select`` step whose converts give the pieces to color ``to``."""
        step = cast(Select, ins.step)
        eligible = [sq for sq in self.select(step.sel, st, regs, self.comp.slots)
                    if self.can_apply(step.op, st, sq, step.rank, to)]
        if step.counting.all:
            self.select_all(pc, ins, st, regs, actions, notes, steps, choices, to, eligible)
        else:
            self.select_some(pc, ins, st, regs, actions, notes, steps, choices, to, eligible)

    def select_all(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                   steps: StepLog, choices: ChoiceLog, to: int, eligible: list[int]) -> None:
        """Every piece picked, done one after the other (each while it still can be)."""
        step = cast(Select, ins.step)
        buf = bytearray(st)
        done: list[int] = []
        codes: list[int] = []
        changes: list[Change] = []
        for sq in eligible:
            if self.can_apply(step.op, bytes(buf), sq, step.rank, to):
                codes.append(buf[sq])
                change = self.apply(step, buf, sq, to)
                if change is not None:
                    changes.append(change)
                done.append(sq)
        self.after_select(pc, ins, bytes(buf), regs, actions, notes, push(steps, changes), choices, done, codes)

    def select_some(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog, to: int, eligible: list[int]) -> None:
        """A number of the pieces picked (or up to a number): every combination of them."""
        step = cast(Select, ins.step)
        c = step.counting
        most = min(c.up_to if c.up_to is not None else c.count, len(eligible))
        sizes = list(range(most, -1, -1)) if c.up_to is not None else [most]
        if c.may and 0 not in sizes:
            self.after_select(pc, ins, st, regs, actions, notes, steps, ((step.path, "may", "skip"), choices), [], [])
        # each combination destroying pieces leads to an outcome at once, told apart by its board alone
        leaf = (step.op == "destroy" and not step.out_of_game and self.final[pc + 1]
                and self.plain_end(regs[MARKER], actions, notes))
        for size in sizes:      # grows while not enough pieces can be done together (see below)
            combos = itertools.combinations(eligible, size)
            if leaf:
                self.final_destroys(st, list(combos), steps, choices, GONE_NOTES[False, step.by_you])
                found = True
            else:
                short = c.up_to is None and size < c.count
                found = self.select_combos(pc, ins, st, self.fell_short(regs) if short else regs, actions, notes,
                                           steps, choices, to, combos)
            if found and c.up_to is None:
                break
            if not found and c.up_to is None and size > 0:
                sizes.append(size - 1)    # not enough could be done together: as many as possible

    def select_combos(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                      steps: StepLog, choices: ChoiceLog, to: int, combos: itertools.combinations[tuple[int, ...]]
                      ) -> bool:
        """The step done to each combination of pieces that can be done whole; whether one could."""
        step = cast(Select, ins.step)
        # whether a piece can have the step done depends on it alone (not on what was done to the others before):
        # every combination of eligible pieces can be done whole
        alone = step.op in ("destroy", "remove", "pick")
        found = False
        for combo in combos:
            buf = bytearray(st)
            done = self.done_together(step, buf, combo, to, alone)
            if done is None:
                continue
            found = True
            codes, changes = done
            self.after_select(pc, ins, bytes(buf), regs, actions, notes, push(steps, changes), choices, list(combo),
                              codes)
        return found

    def done_together(self, step: Select, buf: bytearray, combo: Sequence[int], to: int,
                      alone: bool) -> tuple[list[int], list[Change]] | None:
        """The step done to the pieces of ``combo`` in ``buf``: their codes before, the changes; None when one
        of them cannot have it done after the others."""
        if alone:
            codes = [buf[sq] for sq in combo]
            return codes, [change for sq in combo if (change := self.apply(step, buf, sq, to)) is not None]
        codes = []
        changes = []
        for sq in combo:
            if not self.can_apply(step.op, buf, sq, step.rank, to):
                return None
            codes.append(buf[sq])
            change = self.apply(step, buf, sq, to)
            if change is not None:
                changes.append(change)
        return codes, changes

    def after_select(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog, done: list[int], codes: list[int]) -> None:
        step = cast(Select, ins.step)
        gone = step.op in ("destroy", "remove")
        if self.final[pc + 1]:      # an outcome (see search): of the registers, only the marker's counts there
            gate = regs[MARKER]
            if gone and isinstance(gate, Bound) and gate.squares and gate.squares[0] in done:
                gate = retrack((gate,), dict.fromkeys(done))[0]
            self.reached(st, gate, actions, notes, steps, choices)
            return
        if gone and done:
            regs = retrack(regs, dict.fromkeys(done))
        if ins.a >= 0:
            # a destroyed (removed) piece's name stands for the square it was on; others follow their piece
            regs = with_register(regs, ins.a, Bound(not gone, tuple(done), tuple(codes), bool(done), len(done)))
        self.run(pc + 1, st, regs, actions, notes, steps, choices)

    # ---------------------------------------------------------------- place
    def op_place(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                 steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Place, ins.step)
        slots = self.comp.slots
        c = step.counting
        free = list(bits(self.area(step.where, st, regs, slots) & self.geo.mask & ~self.occupied(st)))
        if step.owner == "you":
            owners = [self.player]
        elif step.owner == "enemy":
            owners = self.enemies()
        else:
            got = self.owner_of(Sel(owner="same", same=step.same), regs, slots, st)
            owners = [] if got is None else [got]
        skip_done = bool(c.may or not owners)
        if skip_done:
            self.after_place(pc, ins, st, regs, actions, notes, steps,
                             ((step.path, "may", "skip"), choices) if c.may else choices, [])
        for ci in owners:
            ch = choices if len(owners) == 1 else ((step.path, "color", self.colors[ci]), choices)
            self.place_for(pc, ins, st, regs, actions, notes, steps, ch, ci, free, skip_done)

    def place_for(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog, ci: int, free: Sequence[int], skip_done: bool) -> None:
        """The pieces of color ``ci`` placed on the squares ``free``: every combination the supply allows."""
        step = cast(Place, ins.step)
        c = step.counting
        available = self.supply(st, ci, step.rank.kind)
        most = min(c.up_to if c.up_to is not None else c.count, len(free), available)
        sizes = range(most, -1, -1) if c.up_to is not None else [most]
        code = piece_code(ci, step.rank.level)
        for size in sizes:
            if size == 0 and skip_done:
                continue
            short = c.up_to is None and size < c.count
            for combo in itertools.combinations(free, size):
                buf = bytearray(st)
                changes = []
                for sq in combo:
                    buf[sq] = code
                    changes.append(new_record(Change, ("place", sq, -1, 0, code, 0, "")))
                self.after_place(pc, ins, bytes(buf), self.fell_short(regs) if short else regs, actions, notes,
                                 push(steps, changes), choices, list(combo))

    def after_place(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog, done: list[int]) -> None:
        if ins.a >= 0:
            placed = Bound(True, tuple(done), tuple(st[sq] for sq in done), bool(done), len(done))
            regs = with_register(regs, ins.a, placed)
        self.run(pc + 1, st, regs, actions, notes, steps, choices)

    # ---------------------------------------------------------------- swap
    def op_swap(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Swap, ins.step)
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
            new = retrack(regs, {a: b, b: a})
            self.after_swap(pc, ins, bytes(buf), new, actions, notes,
                            (new_record(Change, ("swap", a, b, st[a], st[b], 0, "")), steps), choices, (a, b))

    def after_swap(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                   steps: StepLog, choices: ChoiceLog, pair: tuple[int, int] | None) -> None:
        if ins.a >= 0:
            squares = pair or ()
            swapped = Bound(True, squares, tuple(st[sq] for sq in squares), pair is not None, 1 if pair else 0)
            regs = with_register(regs, ins.a, swapped)
        self.run(pc + 1, st, regs, actions, notes, steps, choices)


#: the handlers of the steps of this module, by instruction
PLACEMENT_OPS = {"select": Placement.op_select, "place": Placement.op_place, "swap": Placement.op_swap}

__all__ = ["GONE_NOTES", "PLACEMENT_OPS", "Placement"]

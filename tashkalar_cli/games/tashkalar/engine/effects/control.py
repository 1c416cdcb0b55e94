"""The steps that steer the walk: branches and alternatives, loops, choices of a direction, color or square,
actions gained, notes, markers, linked blocks and ``special:`` steps."""

from __future__ import annotations

from typing import cast

from tashkalar_cli.games.tashkalar.engine.codes import COLOR_OF, LEVEL_OF
from tashkalar_cli.games.tashkalar.engine.effects.compiler import LINK, MARKER, Ins, cond_uses_last
from tashkalar_cli.games.tashkalar.engine.effects.core import MAX_UNTIL, NOTE_LAST, NOTE_NOT_LAST
from tashkalar_cli.games.tashkalar.engine.effects.geometry import DIRECTION_SETS, card_direction, turn
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change, ChoiceLog, StepLog, push
from tashkalar_cli.games.tashkalar.engine.effects.registers import (
    NOTHING,
    Bound,
    ColorReg,
    DirectionReg,
    LinkReg,
    LoopReg,
    Registers,
    with_register,
)
from tashkalar_cli.games.tashkalar.engine.effects.select import Selection
from tashkalar_cli.games.tashkalar.engine.effects.specials import SPECIALS
from tashkalar_cli.games.tashkalar.model.board import bits
from tashkalar_cli.games.tashkalar.model.effects import (
    Choose,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    ForEach,
    Gain,
    If,
    Linked,
    Mark,
    Note,
    Repeat,
    Special,
)
from tashkalar_cli.games.tashkalar.model.markers import MARKED

Notes = tuple[str, ...]


class Control(Selection):
    """The handlers of the steps that steer the walk (see :data:`DISPATCH`)."""

    def op_end(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
               steps: StepLog, choices: ChoiceLog) -> None:
        self.finish(st, regs, actions, notes, steps, choices)

    def op_jump(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        self.run(ins.a, st, regs, actions, notes, steps, choices)

    def op_fork(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        path = cast(Choose, ins.step).path
        for i, start in enumerate(ins.targets):
            self.run(start, st, regs, actions, notes, steps, ((path, "alternative", str(i)), choices))

    def op_branch(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(If, ins.step)
        if self.comp.uses_last_action and self.actions_left is None and cond_uses_last(step.cond) \
                and NOTE_LAST not in notes and NOTE_NOT_LAST not in notes:
            for note in (NOTE_LAST, NOTE_NOT_LAST):     # both answers, each saying which it assumed
                self.run(pc, st, regs, actions, (*notes, note), steps, ((step.path, "assume", note), choices))
            return
        if self.cond(step.cond, st, regs, self.comp.slots, actions, notes):
            self.run(pc + 1, st, regs, actions, notes, steps, choices)
        else:
            self.run(ins.a, st, regs, actions, notes, steps, choices)

    def op_gain(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        n = cast(Gain, ins.step).n
        self.run(pc + 1, st, regs, actions + n, notes, (Change("gain_actions", n=n), steps), choices)

    def op_note(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        nid = cast(Note, ins.step).id
        self.run(pc + 1, st, regs, actions, (*notes, nid), (Change("note", note=nid), steps), choices)

    # ---------------------------------------------------------------- choices
    def op_direction(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        """A ``direction:`` step: one branch per direction."""
        step = cast(ChooseDirection, ins.step)
        for d in self.directions(step, regs):
            self.run(pc + 1, st, with_register(regs, ins.a, DirectionReg(d)), actions, notes, steps,
                     ((step.path, ins.op, d), choices))

    def op_color(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                 steps: StepLog, choices: ChoiceLog) -> None:
        """A ``color:`` step: one branch per color."""
        step = cast(ChooseColor, ins.step)
        cis = (self.enemies() if step.among == "enemy" else
               [self.player] if step.among == "you" else list(self.in_game))
        for ci in cis:
            self.run(pc + 1, st, with_register(regs, ins.a, ColorReg(ci)), actions, notes, steps,
                     ((step.path, ins.op, self.colors[ci]), choices))

    def directions(self, step: ChooseDirection, regs: Registers) -> tuple[str, ...]:
        """The directions a ``direction:`` step chooses among."""
        if step.among == "turn":
            assert step.base is not None
            base = self.direction(step.base, regs, self.comp.slots)
            if base is None:
                return ()
            return tuple(dict.fromkeys(turn(base, by) for by in step.turns))
        if step.among == "card":
            return tuple(dict.fromkeys(card_direction(d, self.orientation) for d in step.card))
        return self.arrows if step.among == "arrows" else DIRECTION_SETS[step.among]

    def op_square(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(ChooseSquare, ins.step)
        squares = list(bits(self.area(step.where, st, regs, self.comp.slots) & self.geo.mask))
        if not squares:
            self.run(pc + 1, st, with_register(regs, ins.a, NOTHING), actions, notes, steps, choices)
            return
        name = self.board.name
        for sq in squares:
            chosen = Bound(False, (sq,), (st[sq],) if st[sq] else (), True, 1)
            self.run(pc + 1, st, with_register(regs, ins.a, chosen), actions, notes, steps,
                     ((step.path, "square", name(sq)), choices))

    def op_mark(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                steps: StepLog, choices: ChoiceLog) -> None:
        """The chosen piece bears the player's marker (its register: :data:`MARKER`): one of the player's pieces
        of a rank it may stand on."""
        step = cast(Mark, ins.step)
        levels = [rank.level for rank in step.rule.ranks]
        candidates = [sq for sq in self.select(step.sel, st, regs, self.comp.slots)
                      if COLOR_OF[st[sq]] == self.player and LEVEL_OF[st[sq]] in levels]
        if step.may or not candidates:
            self.run(pc + 1, st, regs, actions, notes, steps,
                     ((step.path, "may", "skip"), choices) if step.may else choices)
        for sq in candidates:
            self.run(pc + 1, st, with_register(regs, MARKER, Bound(True, (sq,), (st[sq],), True, 1)), actions, notes,
                     (Change(step.rule.name, sq, piece=st[sq], note=MARKED), steps), choices)

    # ---------------------------------------------------------------- linked blocks
    def op_link_begin(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                      steps: StepLog, choices: ChoiceLog) -> None:
        """A linked block: walk it collecting the ways that did everything (:meth:`op_link_end`); then, once it
        is walked whole (:meth:`after_block`), go on from each (none: from the state before the block, as if
        it did nothing)."""
        self.link_ids += 1
        self.links.append([])
        self.run(pc + 1, st, with_register(regs, LINK, LinkReg(self.link_ids, False)), actions, notes, steps, choices)
        # the marker, explored once every way through the block was: the registers as they were before it
        self.pending.append((~ins.a, st, regs, actions, notes, steps, choices, None))

    def op_link_end(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog) -> None:
        link = regs[LINK]
        if isinstance(link, LinkReg) and not link.failed:
            self.links[-1].append((pc, st, regs, actions, notes, steps, choices, None))

    def after_block(self, end: int, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog) -> None:
        done = self.links.pop()
        if not done:
            path = cast(Linked, self.code[end].step).path
            self.run(end + 1, st, regs, actions, notes, steps, ((path, "linked", "none"), choices))
            return
        outer = regs[LINK]
        for _, d_st, d_regs, d_actions, d_notes, d_steps, d_choices, _hint in done:
            self.run(end + 1, d_st, with_register(d_regs, LINK, outer), d_actions, d_notes, d_steps, d_choices)

    # ---------------------------------------------------------------- loops
    def op_loop_init(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        self.run(pc + 1, st, with_register(regs, ins.a, LoopReg(0)), actions, notes, steps, choices)

    def op_loop_end(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog) -> None:
        self.run(pc + 1, st, with_register(regs, ins.a, None), actions, notes, steps, choices)

    def op_loop_next(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Repeat, ins.step)
        loop = cast(LoopReg, regs[ins.a])
        if step.until is not None and loop.before == (st, actions, notes):     # a round that did nothing: the end
            end = self.code[ins.b].b
            self.run(end, st, with_register(regs, ins.a, LoopReg(loop.rounds + 1)), actions, notes, steps, choices)
            return
        self.run(ins.b, st, with_register(regs, ins.a, LoopReg(loop.rounds + 1)), actions, notes, steps, choices)

    def op_loop_test(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Repeat, ins.step)
        count = cast(LoopReg, regs[ins.a]).rounds
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
                self.run(pc + 1, st, with_register(regs, ins.a, LoopReg(count, (st, actions, notes))), actions, notes,
                         steps, choices)

    def each_colors(self, step: ForEach) -> list[int]:
        return self.enemies() if step.among == "enemy" else list(self.in_game)

    def op_each_init(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        colors = self.each_colors(cast(ForEach, ins.step))
        if not colors:
            self.run(ins.targets[0], st, regs, actions, notes, steps, choices)
            return
        new = with_register(with_register(regs, ins.a, 0), ins.b, ColorReg(colors[0]))
        self.run(pc + 1, st, new, actions, notes, steps, choices)

    def op_each_next(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        colors = self.each_colors(cast(ForEach, ins.step))
        i = cast(int, regs[ins.a]) + 1
        if i < len(colors):
            new = with_register(with_register(regs, ins.a, i), ins.b, ColorReg(colors[i]))
            self.run(ins.targets[0], st, new, actions, notes, steps, choices)
        else:
            self.run(ins.targets[1], st, regs, actions, notes, steps, choices)

    def op_each_end(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog) -> None:
        self.run(pc + 1, st, with_register(regs, ins.a, None), actions, notes, steps, choices)

    # ---------------------------------------------------------------- special steps
    def op_special(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                   steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Special, ins.step)
        handler = SPECIALS.get(step.id)
        if handler is None:   # not played on the board: stated plainly in the outcome
            nid = f"special-{step.id}"
            self.run(pc + 1, st, regs, actions, (*notes, nid), (Change("special", note=step.id), steps), choices)
            return
        for new_st, new_regs, changes in handler(self, step, st, regs):
            self.run(pc + 1, new_st, new_regs, actions, notes, push(steps, changes), choices)


#: the handlers of the steps of this module, by instruction
CONTROL_OPS = {
    "end": Control.op_end, "jump": Control.op_jump, "fork": Control.op_fork, "branch": Control.op_branch,
    "gain": Control.op_gain, "note": Control.op_note, "special": Control.op_special,
    "square": Control.op_square, "mark": Control.op_mark, "link_begin": Control.op_link_begin,
    "link_end": Control.op_link_end, "direction": Control.op_direction, "color": Control.op_color,
    "loop_init": Control.op_loop_init, "loop_test": Control.op_loop_test, "loop_next": Control.op_loop_next,
    "loop_end": Control.op_loop_end, "each_init": Control.op_each_init, "each_next": Control.op_each_next,
    "each_end": Control.op_each_end,
}

__all__ = ["CONTROL_OPS", "Control"]

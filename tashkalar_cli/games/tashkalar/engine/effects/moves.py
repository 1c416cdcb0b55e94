"""The ``move`` steps: which pieces may move, where to, and the walk through a step's moves one at a time.

A step is compiled into three instructions (:mod:`.compiler`): ``move_begin`` (a direction chosen, the piece
chosen first unless each move picks its own), ``move_step`` (one more move, or the end of the step) and
``move_end`` (what moved bound to the step's name). The moves' register (:class:`.registers.MoveReg`) counts them
and remembers what they did.

Speed-ups, each off in the reference walk (``reference=True``): the targets of plain moves come from per-board
tables (adjacent squares as tuples, which codes a rank may enter), the same tables for one piece
(:meth:`Moves.targets`) as for all movers at once (:meth:`Moves.options`); commuting moves are ordered once (the
options come in order, cut by bisection: :meth:`Moves.reduced`); the movers of the next move are handed on by
the move before it (:meth:`Moves.next_movers`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple, cast

from tashkalar_cli.games.tashkalar.engine.codes import COLOR_OF, LEVEL_OF
from tashkalar_cli.games.tashkalar.engine.effects.compiler import MARKER, Ins, area_pins, only_bound
from tashkalar_cli.games.tashkalar.engine.effects.geometry import DIRECTION_SETS, OPPOSITE
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change, ChoiceLog, StepLog, new_record
from tashkalar_cli.games.tashkalar.engine.effects.placement import Placement
from tashkalar_cli.games.tashkalar.engine.effects.registers import Bound as Bound
from tashkalar_cli.games.tashkalar.engine.effects.registers import MoveReg, Registers, fresh_move, retrack, tracked, with_register
from tashkalar_cli.games.tashkalar.engine.effects.search import Frame
from tashkalar_cli.games.tashkalar.model.board import bits
from tashkalar_cli.games.tashkalar.model.effects import MAX_MOVES, Move, Sel

Notes = tuple[str, ...]
#: a move: (from, to)
Option = tuple[int, int]


class MoveInfo(NamedTuple):
    """What the walk reads of a move step (:meth:`Moves.move_info`), made once per resolver."""

    table: tuple[bytes, ...]    # Moves.takes_table
    plain: bool                 # the moves go to any adjacent square their rank allows (no leap, area, square to
    #                             approach, or piece spared but by its code): their targets come from the tables alone
    folded: bool                # the pieces the move may not destroy are left out of the tables already
    commuting: bool             # two moves on four different squares commute (see Moves.reduced)
    per: bool                   # Moves.one_by_one
    by_codes: bool              # one by one, its pieces picked by their codes alone (no area, name or count)
    limit: int | None           # the most moves (times or up_to; None: any number)
    pins: tuple[str, ...]       # the bound pieces the area the moves end in follows (see Moves.reduced)
    standard: tuple[bytes, ...]     # standard_by: the tables of that piece's moves (standard moves)
    local: bool                 # plain but for an area the moves end in: targets from the tables and that area


class Mover(NamedTuple):
    """Who may make the next move of a step: ``movers`` (in board order), ``pool`` (the same before the most per
    color: what the movers of the move after come from), ``one_by`` (the square of the piece that must make one
    of the moves, until it did; -1: none; -2: that piece is gone)."""

    movers: list[int]
    pool: list[int]
    one_by: int


def plain_options(table: tuple[bytes, ...], adjacent: Mapping[int, tuple[int, ...]], st: bytes,
                  movers: Sequence[int]) -> list[Option]:
    """Every plain move (from, to) of the pieces on ``movers`` (in order): to each adjacent square their rank
    level may enter (``table``, see :meth:`Moves.takes_table`)."""
    return [(sq, to) for sq, takes in zip(movers, [table[LEVEL_OF[st[sq]]] for sq in movers], strict=True)
            for to in adjacent[sq] if takes[st[to]]]


class Moves(Placement):
    """The handlers of ``move`` steps, and the moves' rules (targets, tables)."""

    _moves: dict[int, MoveInfo]

    # ---------------------------------------------------------------- what a step allows
    def move_info(self, step: Move) -> MoveInfo:
        """What the walk reads of a move step, made once per resolver (see :class:`MoveInfo`)."""
        try:
            moves = self._moves
        except AttributeError:
            moves = self._moves = {}
        got = moves.get(id(step))
        if got is None:
            got = moves[id(step)] = self.make_move_info(step)
        return got

    def make_move_info(self, step: Move) -> MoveInfo:
        reference = self.reference
        spared = None if step.no_destroy is None or reference else self.spared_codes(step.no_destroy)
        table = self.geo.move_tables(-1 if step.onto == "empty" else int(step.kind == "combat"), spared)
        local = (not reference and not step.leap and step.toward is None and step.standard_by is None
                 and (step.no_destroy is None or spared is not None))
        # the area the moves end in: fixed, or following bound pieces (a move touching one of them is ordered
        # with no other, see move_options)
        pins = frozenset() if step.where is None else area_pins(step.where)
        commuting = not reference and pins is not None and self.commuting(step)
        per = self.one_by_one(step)
        by_codes = (not reference and per and step.piece.where is None and step.piece.ref is None
                    and step.piece.owner != "more")
        return MoveInfo(table, local and step.where is None, spared is not None, commuting, per, by_codes,
                        step.times if step.times is not None else step.up_to, tuple(sorted(pins or ())),
                        self.geo.move_tables(0, spared), local)

    @staticmethod
    def commuting(step: Move) -> bool:
        """Whether two moves of ``step`` on four different squares commute (the area they end in aside): moves one
        at a time, no square to approach, the pieces picked from an area that no move changes but by moving them
        (the squares of bound pieces, followed as they move, or fixed squares: a move changes only its own
        piece's choice), and the pieces spared picked by their codes."""
        piece, spares = step.piece, step.no_destroy
        picked = piece.where is None or only_bound(piece.where)
        return (step.per_move and step.toward is None and piece.ref is None and picked and piece.owner != "more"
                and (spares is None or (spares.where is None and spares.ref is None and spares.owner != "more")))

    def takes_table(self, step: Move) -> tuple[bytes, ...]:
        """By the moving piece's rank level: which codes a move of ``step`` may end on (see ``Geometry.takes``),
        the pieces it may not destroy left out when the piece's code alone says which they are
        (:meth:`spared_codes`)."""
        return self.move_info(step).table

    def spared_codes(self, sel: Sel) -> frozenset[int] | None:
        """The codes of the pieces ``sel`` picks when its choice reads a piece's code alone (an owner of you,
        enemy or any, and ranks: no area, bound name or exclusion); None when it reads more."""
        if sel.ref is not None or sel.where is not None or sel.exclude or sel.owner not in ("you", "enemy", "any"):
            return None
        return frozenset(self.codes_of(sel, None))

    @staticmethod
    def one_by_one(step: Move) -> bool:
        """Whether the walk follows the moves of ``step`` one at a time, each by any piece it picks (``per_move``),
        rather than a piece chosen first: a step of one move is walked so too (its piece is the one that moved;
        no state per piece that could move)."""
        return step.per_move or (not step.any_number and (step.times if step.times is not None else step.up_to) == 1)

    def move_direction(self, step: Move, regs: Registers, chosen: str | None) -> str | None:
        if chosen is not None:
            return chosen
        if step.direction == "free":
            return None
        d = self.direction(step.direction, regs, self.comp.slots)
        if d is None:
            return "none"
        return OPPOSITE[d] if step.opposite else d

    # ---------------------------------------------------------------- where a piece may go
    def targets(self, step: Move, st: bytes, regs: Registers, sq: int, direction: str | None,
                where: int = -1) -> list[int]:
        """The squares the piece on ``sq`` may move (or leap) to under ``step`` (``where``: the area the moves end
        in, when the caller read it already for this state; -1: read here)."""
        slots = self.comp.slots
        geo = self.geo
        info = self.move_info(step)
        level = LEVEL_OF[st[sq]]
        takes = info.table[level]
        if step.standard_by is not None and sq in self.ref_squares(step.standard_by, regs, slots):
            takes = info.standard[level]     # that piece's moves are standard moves
        if direction is None and info.plain:
            # the plain move: to an adjacent square the piece may enter (the same test as below, by table)
            return [to for to in geo.adjacent_squares[sq] if takes[st[to]]]
        cand = self.candidates(step, st, regs, sq, direction, where)
        if not cand:
            return []
        forbidden: set[int] | None = None      # the pieces a move may not destroy: read when a move would
        out: list[int] = []
        for to in geo.squares_of(cand):
            other = st[to]
            if other:
                if not takes[other]:
                    continue
                if step.no_destroy is not None and not info.folded:
                    if forbidden is None:
                        forbidden = set(self.select(step.no_destroy, st, regs, slots))
                    if to in forbidden:
                        continue
            out.append(to)
        return out

    def candidates(self, step: Move, st: bytes, regs: Registers, sq: int, direction: str | None,
                   where: int) -> int:
        """The squares a move from ``sq`` may end on, before what stands there is read."""
        geo = self.geo
        if step.leap:
            cand = geo.mask & ~(1 << sq)
        elif direction is not None:
            ray = geo.rays[sq][direction]
            cand = 1 << ray[0] if ray else 0
        else:
            cand = geo.adjacent[sq]
        if step.where is not None and cand:
            cand &= where if where >= 0 else self.area(step.where, st, regs, self.comp.slots)
        if step.toward is not None and cand:
            ref = self.ref_squares(step.toward, regs, self.comp.slots)
            if not ref:
                return 0
            cand &= geo.nearer(sq, ref[0])
        return cand

    def options(self, step: Move, st: bytes, regs: Registers, movers: list[int],
                direction: str | None) -> list[Option]:
        """Every move (from, to) of ``step`` by the pieces on ``movers``, in order (:meth:`targets` for each)."""
        info = self.move_info(step)
        if direction is None and info.local:     # targets' plain case, for every mover at once
            return plain_options(info.table, self.adjacent(step, st, regs), st, movers)
        # the area the moves end in is the same for every mover: read once
        where = -1 if step.where is None or not movers else self.area(step.where, st, regs, self.comp.slots)
        return [(sq, to) for sq in movers for to in self.targets(step, st, regs, sq, direction, where)]

    def adjacent(self, step: Move, st: bytes, regs: Registers) -> Mapping[int, tuple[int, ...]]:
        """For a step whose moves are plain but for the area they end in (``MoveInfo.local``): the squares next
        to each square that a move may end on, by the area read in this state (the same for every mover)."""
        if step.where is None:
            return self.geo.adjacent_squares
        return self.geo.adjacent_within(self.area(step.where, st, regs, self.comp.slots))

    # ---------------------------------------------------------------- move_begin
    def op_move_begin(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                      steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Move, ins.step)
        if step.may:
            self.run(ins.targets[0], st, with_register(regs, ins.a, fresh_move(-1, None)), actions, notes, steps,
                     ((step.path, "may", "skip"), choices))
        dirs: Sequence[str | None] = [None]
        if step.choose_direction is not None:
            dirs = self.arrows if step.choose_direction == "arrows" else DIRECTION_SETS[step.choose_direction]
        for d in dirs:
            ch = choices if d is None else ((step.path, "direction", d), choices)
            self.begin_direction(pc, ins, st, regs, actions, notes, steps, ch, self.move_direction(step, regs, d))

    def begin_direction(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                        steps: StepLog, choices: ChoiceLog, direction: str | None) -> None:
        """The moves of a step in ``direction``: each move picks its piece, or one piece is chosen first."""
        step = cast(Move, ins.step)
        reg, end = ins.a, ins.targets[0]
        if self.move_info(step).per:
            self.run(pc + 1, st, with_register(regs, reg, fresh_move(-1, direction)), actions, notes, steps, choices)
            return
        slots = self.comp.slots
        where = -1 if step.where is None else self.area(step.where, st, regs, slots)
        movers = [sq for sq in self.select(step.piece, st, regs, slots)
                  if direction != "none" and self.targets(step, st, regs, sq, direction, where)]
        if not movers:
            short = step.times is not None and step.times < MAX_MOVES
            self.run(end, st, with_register(self.fell_short(regs) if short else regs, reg, fresh_move(-1, direction)),
                     actions, notes, steps, choices)
            return
        for sq in movers:
            self.run(pc + 1, st, with_register(regs, reg, fresh_move(sq, direction)), actions, notes, steps, choices)
        if (step.up_to is not None or step.any_number) and not step.may:
            self.run(end, st, with_register(regs, reg, fresh_move(-1, direction)), actions, notes, steps,
                     ((step.path, "stop", "0"), choices))

    # ---------------------------------------------------------------- move_step
    def op_move_step(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                     steps: StepLog, choices: ChoiceLog) -> None:
        step = cast(Move, ins.step)
        end = ins.targets[0]
        m = cast(MoveReg, regs[ins.a])
        info = self.move_info(step)
        limit = info.limit
        if step.any_number and m.made >= MAX_MOVES:
            self.truncated = True     # "any number": longer sequences are not searched, and the answer says so
            limit = m.made
        if (limit is not None and m.made >= limit) or m.direction == "none":
            self.run(end, st, regs, actions, notes, steps, choices)
            return
        pinned = self.pinned(info, regs) if info.pins else 0
        mover = self.next_movers(step, info, st, regs, m, limit)
        options = self.move_options(step, info, st, regs, m, mover.movers, pinned)
        if options is None:
            return      # every way on is another order of moves followed elsewhere
        if not options:
            short = step.times is not None and m.made < step.times and step.times < MAX_MOVES
            self.run(end, st, self.fell_short(regs) if short else regs, actions, notes, steps, choices)
            return
        final = self.final[end]
        if step.times is None:      # up_to, any_number: stopping is allowed (the end of the step, played here)
            stop = ((step.path, "stop", str(m.made)), choices)
            if final:       # the end of the step is an outcome: only the marker's register counts there
                self.finish(st, regs, actions, notes, steps, stop)
            else:
                self.op_move_end(end, self.code[end], st, regs, actions, notes, steps, stop)
        last = limit is not None and m.made + 1 >= limit
        if final and last:
            self.final_moves(st, options, regs[MARKER], actions, notes, steps, choices)
            return
        self.each_move(pc, ins, st, regs, actions, notes, steps, choices, options, end if last else pc, mover, pinned,
                       info)

    def pinned(self, info: MoveInfo, regs: Registers) -> int:
        """The squares of the bound pieces the area the moves end in follows: the moves touching them are ordered
        with no other (the area may change: of two orders of such moves, one may be legal and not the other; a
        most per color needs none: it counts the colors of the pieces chosen, which no later move changes)."""
        pinned = 0
        for name in info.pins:
            for sq in self.ref_squares(name, regs, self.comp.slots):
                pinned |= 1 << sq
        return pinned

    def next_movers(self, step: Move, info: MoveInfo, st: bytes, regs: Registers, m: MoveReg,
                    limit: int | None) -> Mover:
        """Who may make the next move (see :class:`Mover`)."""
        if info.per:
            hint = self._movers_hint
            if hint is not None:
                movers = hint    # the parent's movers less the two squares its move touched (see each_move)
            else:
                movers = self.select(step.piece, st, regs, self.comp.slots)
                moved = m.moved
                if step.once_each and moved:
                    movers = [sq for sq in movers if sq not in moved]
            pool = movers
            colors = m.colors
            if colors and step.per_color is not None:
                # a most per color: on the pieces chosen (the colors of those that moved, a piece destroyed
                # since included: it was chosen), not on those still standing
                cap = step.per_color
                movers = [sq for sq in movers if colors.count(COLOR_OF[st[sq]]) < cap]
        else:
            movers = pool = [m.piece] if m.piece >= 0 and st[m.piece] else []
        one_by = -1
        if not m.by and step.if_all_one_by is not None:
            got = self.ref_squares(step.if_all_one_by, regs, self.comp.slots)
            one_by = got[0] if got and st[got[0]] else -2
            if limit is not None and m.made + 1 >= limit:
                movers = [one_by] if one_by in movers else []      # the last move: that piece's
        return Mover(movers, pool, one_by)

    def move_options(self, step: Move, info: MoveInfo, st: bytes, regs: Registers, m: MoveReg,
                     movers: list[int], pinned: int) -> list[Option] | None:
        """The next moves to follow; None when every one is another order of moves followed elsewhere."""
        if not (info.commuting and m.last):
            return self.options(step, st, regs, movers, m.direction)
        if m.direction is None and info.local:
            return self.reduced_plain(step, info, st, regs, m.last, movers, pinned)
        options = self.options(step, st, regs, movers, m.direction)
        if not options:
            return options
        # two moves on four different squares commute: of the two orders, only the one with the smaller move first
        # is followed (the other reaches the same states). The options are in order (movers in board order, then
        # their targets): those after ``last`` are all kept, those before it only when they touch its squares
        last = m.last
        cut = bisect.bisect_right(options, last)
        kept = [(sq, to) for sq, to in options[:cut] if sq in last or to in last or (pinned >> sq | pinned >> to) & 1]
        kept += options[cut:]
        if not kept and step.times is not None:
            return None
        return kept

    def reduced_plain(self, step: Move, info: MoveInfo, st: bytes, regs: Registers, last: tuple[int, ...],
                      movers: list[int], pinned: int) -> list[Option] | None:
        """:meth:`move_options`' reduction for plain moves, without making the moves it would drop: the square
        ``a`` the last move left is empty, so the options after ``last`` are those of the movers after ``a``;
        before it, only moves touching ``a``, ``b`` or a pinned square are kept, and a plain move touches a
        square only from that square or one next to it."""
        a, b = last
        adjacent = self.adjacent(step, st, regs)
        touch = 1 << a | 1 << b | pinned
        near = touch
        for sq in bits(touch):
            near |= self.geo.adjacent[sq]
        cut = bisect.bisect_right(movers, a)
        low = [sq for sq in movers[:cut] if near >> sq & 1]
        kept = [(sq, to) for sq, to in plain_options(info.table, adjacent, st, low)
                if (touch >> sq | touch >> to) & 1] if low else []
        kept += plain_options(info.table, adjacent, st, movers[cut:])
        if not kept and step.times is not None and self.options(step, st, regs, movers, None):
            return None
        return kept

    def each_move(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                  steps: StepLog, choices: ChoiceLog, options: list[Option], then: int, mover: Mover,
                  pinned: int, info: MoveInfo) -> None:
        """Each move made, and the walk on from the state after it at ``then`` (the step's next move, or its end
        after its last move): the states after the moves made one at a time (see :meth:`Search.run_each`)."""
        self.run_each(self.moves_made(pc, ins, st, regs, actions, notes, steps, choices, options, then, mover,
                                      pinned, info))

    def moves_made(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                   steps: StepLog, choices: ChoiceLog, options: list[Option], then: int, mover: Mover,
                   pinned: int, info: MoveInfo) -> Iterator[Frame]:
        """The state after each move of ``options``, in order, to walk on from at ``then`` (see :meth:`each_move`)."""
        step = cast(Move, ins.step)
        reg = ins.a
        m = cast(MoveReg, regs[reg])
        made_now, direction, hits, by, colors = m.made + 1, m.direction, m.hits, m.by, m.colors
        piece = -1 if info.per else None
        per_color = step.per_color is not None
        one_by = mover.one_by
        # the next move of a step whose pieces are picked by their codes (no area): its movers are handed to it
        # with its state (see hand_on), not searched again
        follow = info.by_codes and then == pc
        pool, once = mover.pool, step.once_each
        track = once or (info.per and ins.b >= 0)
        bound = ins.b >= 0
        reduce = info.commuting
        follows = tracked(regs)
        for sq, to in options:
            buf = bytearray(st)
            code, hit = buf[sq], buf[to]
            buf[to], buf[sq] = code, 0
            new = regs
            if sq in follows or (hit and to in follows):
                new = retrack(regs, {to: None, sq: to} if hit else {sq: to})   # at once: to is gone
            moved = cast(MoveReg, new[reg]).moved if track else ()
            changed = list(new)     # with_register, inlined: one per move
            # the register made in C (new_record: a MoveReg's fields in order), one per move
            changed[reg] = new_record(MoveReg, (
                made_now, to if piece is None else piece, direction, tuple(sorted((*moved, to))) if track else (),
                (*hits, hit) if hit and bound else hits,
                (sq, to) if reduce and not (pinned >> sq | pinned >> to) & 1 else (),
                by or sq == one_by,
                tuple(sorted((*colors, COLOR_OF[code]))) if per_color else ()))
            yield (then, bytes(buf), tuple(changed), actions, notes,
                   (new_record(Change, ("move", sq, to, code, hit, 0, "")), steps), choices,
                   self.hand_on(pool, sq, to, once) if follow else None)

    @staticmethod
    def hand_on(pool: list[int], sq: int, to: int, once: bool) -> list[int]:
        """The movers of the next move of a step whose pieces are picked by their codes: those of this move
        (before the most per color, made again in each state) less the square the piece left, and the square it
        moved to added (a piece keeps its code; the piece it destroyed was there) unless each piece moves once
        (then less that square too)."""
        if once:
            return [mover for mover in pool if mover != sq and mover != to]
        nxt = [mover for mover in pool if mover != sq]
        if to not in nxt:
            bisect.insort(nxt, to)
        return nxt

    # ---------------------------------------------------------------- move_end
    def op_move_end(self, pc: int, ins: Ins, st: bytes, regs: Registers, actions: int, notes: Notes,
                    steps: StepLog, choices: ChoiceLog) -> None:
        """The end of a step's moves: what moved bound to the step's name, the moves' register cleared."""
        m = cast(MoveReg, regs[ins.a])
        new = with_register(regs, ins.a, None)
        if ins.b >= 0:
            # the pieces that moved (tracked), whether any move was made, and what the moves destroyed
            per = self.move_info(cast(Move, ins.step)).per
            squares = tuple(m.moved) if per else ((m.piece,) if m.piece >= 0 and m.made else ())
            new = with_register(new, ins.b, Bound(True, squares, tuple(st[sq] for sq in squares), m.made > 0, m.made,
                                                  m.hits))
        self.run(pc + 1, st, new, actions, notes, steps, choices)


#: the handlers of the steps of this module, by instruction
MOVE_OPS = {"move_begin": Moves.op_move_begin, "move_step": Moves.op_move_step, "move_end": Moves.op_move_end}

__all__ = ["MOVE_OPS", "MoveInfo", "Moves", "plain_options"]

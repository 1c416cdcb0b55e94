"""What a program reads of a state: the squares of an area, the pieces a selection picks, and conditions."""

from __future__ import annotations

from collections.abc import Iterable

from tashkalar_cli.games.tashkalar.engine.codes import COLOR_OF, LEVEL_OF
from tashkalar_cli.games.tashkalar.engine.effects.core import NOTE_LAST
from tashkalar_cli.games.tashkalar.engine.effects.geometry import turn
from tashkalar_cli.games.tashkalar.engine.effects.registers import Bound, ColorReg, DirectionReg, Register, Registers
from tashkalar_cli.games.tashkalar.engine.effects.search import Search
from tashkalar_cli.games.tashkalar.model.board import DIRECTIONS, bits
from tashkalar_cli.games.tashkalar.model.effects import (
    AllOf,
    AnyOf,
    Area,
    Color,
    Cond,
    Count,
    DestroyedCount,
    Dir,
    Done,
    Intersection,
    IsEmpty,
    IsMarked,
    LastAction,
    Named,
    Not,
    On,
    RankIs,
    Ray,
    Ref,
    Relation,
    Sel,
    Turned,
    Union_,
)

Slots = dict[str, int]


def named(regs: Registers, slots: Slots, name: str) -> Register:
    """The register of a bound name (None: not bound, or not a name of the program)."""
    return regs[slots[name]] if name in slots else None


class Selection(Search):
    """Areas, selections and conditions, read from a state and its registers."""

    # ---------------------------------------------------------------- names
    def ref_squares(self, name: str, regs: Registers, slots: Slots) -> tuple[int, ...]:
        if name == "target":
            return () if self.target is None else (self.target,)
        value = named(regs, slots, name)
        return value.squares if isinstance(value, Bound) else ()

    def direction(self, name: Dir, regs: Registers, slots: Slots) -> str | None:
        if isinstance(name, Turned):
            base = self.direction(name.base, regs, slots)
            return None if base is None else turn(base, name.by)
        if name in DIRECTIONS:
            return name
        value = named(regs, slots, name)
        return value.direction if isinstance(value, DirectionReg) else None

    def owner_of(self, sel: Sel, regs: Registers, slots: Slots, st: bytes) -> int | None:
        """The color a ``same:`` owner names (None: none bound)."""
        assert sel.same is not None
        value = named(regs, slots, sel.same)
        if isinstance(value, ColorReg):
            return value.color
        if not isinstance(value, Bound):
            return None
        if value.follows:       # the pieces now on the squares bound
            for sq in value.squares:
                if st[sq]:
                    return COLOR_OF[st[sq]]
        return COLOR_OF[value.codes[0]] if value.codes else None

    # ---------------------------------------------------------------- areas
    def area(self, area: Area | None, st: bytes, regs: Registers, slots: Slots) -> int:
        geo = self.geo
        if area is None:
            return geo.mask
        if isinstance(area, Named):
            return self.named_area(area.word, st, regs, slots)
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
            return self.relation(area, st, regs, slots)
        if isinstance(area, Ray):
            return sum(1 << sq for sq in self.ray(area, st, regs, slots))
        if isinstance(area, Color):
            return self.colored(area.color)
        if isinstance(area, Sel):
            return sum(1 << sq for sq in self.select(area, st, regs, slots))
        raise TypeError(area)  # pragma: no cover

    def named_area(self, word: str, st: bytes, regs: Registers, slots: Slots) -> int:
        mask = self.geo.mask
        if word == "board":
            return mask
        if word == "empty":
            return mask & ~self.occupied(st)
        if word == "marked":
            return self.marked
        if word == "marked2":
            return self.marked2
        if word == "summoners":
            return sum(1 << sq for sq in self.ref_squares("summoners", regs, slots))
        if word == "central":
            return int(self.board.central)
        if word == "not_central":
            return mask & ~int(self.board.central)
        raise ValueError(word)

    def colored(self, color: str) -> int:
        if color == "red":
            return int(self.board.red)
        if color == "green":
            return int(self.board.green)
        return self.colorless

    def relation(self, area: Relation, st: bytes, regs: Registers, slots: Slots) -> int:
        geo = self.geo
        anchors = self.anchor(area.anchor, st, regs, slots)
        if area.kind in ("adjacent", "orthogonal", "diagonal"):
            table = {"adjacent": geo.adjacent, "orthogonal": geo.orthogonal, "diagonal": geo.diagonal}[area.kind]
            if area.n > 1:      # next to at least n squares of the anchor
                counts: dict[int, int] = {}
                for sq in anchors:
                    for other in bits(table[sq]):
                        counts[other] = counts.get(other, 0) + 1
                return sum(1 << sq for sq, n in counts.items() if n >= area.n)
            m = 0
            for sq in anchors:
                m |= table[sq]
            return m
        m = 0
        for sq in anchors:
            m |= geo.within(sq, area.n) if area.kind == "within" else geo.distance(sq, area.n)
        return m

    def anchor(self, anchor: Area, st: bytes, regs: Registers, slots: Slots) -> Iterable[int]:
        if isinstance(anchor, Ref):
            return self.ref_squares(anchor.name, regs, slots)
        return bits(self.area(anchor, st, regs, slots))

    def ray(self, ray: Ray, st: bytes, regs: Registers, slots: Slots) -> list[int]:
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

    # ---------------------------------------------------------------- selections
    def select(self, sel: Sel, st: bytes, regs: Registers, slots: Slots) -> list[int]:
        """The squares of the pieces ``sel`` picks, in board order."""
        if sel.ref is not None:
            return sorted(sq for sq in self.ref_squares(sel.ref, regs, slots) if st[sq])
        if sel.where is None and sel.owner in ("you", "same", "enemy", "any") and not self.reference:
            return self.select_codes(sel, st, regs, slots)
        mask = self.area(sel.where, st, regs, slots) & self.occupied(st)
        if not mask:
            return []
        same = self.owner_of(sel, regs, slots, st) if sel.owner == "same" else None
        if sel.owner == "same" and same is None:
            return []
        colors = self.colors_picked(sel, st, regs, slots, same)
        excluded: set[int] = set()
        for name in sel.exclude:
            excluded.update(self.ref_squares(name, regs, slots))
        levels = None if sel.ranks is None else {r.level for r in sel.ranks}
        return [sq for sq in bits(mask) if COLOR_OF[st[sq]] in colors
                and (levels is None or LEVEL_OF[st[sq]] in levels) and sq not in excluded]

    def colors_picked(self, sel: Sel, st: bytes, regs: Registers, slots: Slots, same: int | None) -> set[int]:
        """The colors of the pieces an owner picks (``same``: the color of an owner ``same``)."""
        if same is not None:
            return {same}
        if sel.owner == "you":
            return {self.player}
        if sel.owner == "more" and sel.more is not None:
            counted = [COLOR_OF[st[sq]] for sq in self.select(Sel(None, "any", None, None, sel.more.ranks,
                                                                   sel.more.where, sel.more.exclude),
                                                               st, regs, slots)]
            mine = counted.count(self.player)
            return {ci for ci in self.enemies() if counted.count(ci) > mine}
        everyone = set(range(len(self.colors)))
        return everyone - {self.player} if sel.owner == "enemy" else everyone

    def select_codes(self, sel: Sel, st: bytes, regs: Registers, slots: Slots) -> list[int]:
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
    def cond(self, cond: Cond, st: bytes, regs: Registers, slots: Slots, actions: int,
             notes: tuple[str, ...]) -> bool:
        if isinstance(cond, Done):
            value = named(regs, slots, cond.name)
            return isinstance(value, Bound) and value.done
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
            return self.is_on(cond, regs, slots)
        if isinstance(cond, RankIs):
            return self.rank_is(cond, st, regs, slots)
        if isinstance(cond, Count):
            n = len(self.select(cond.sel, st, regs, slots))
            return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)
        if isinstance(cond, DestroyedCount):
            return self.destroyed_count(cond, regs, slots)
        if isinstance(cond, IsMarked):
            gate = named(regs, slots, cond.marker)
            squares = self.ref_squares(cond.ref, regs, slots)
            return bool(isinstance(gate, Bound) and gate.squares and squares and squares[0] == gate.squares[0])
        if isinstance(cond, IsEmpty):
            if isinstance(cond.area, Ref):
                return not any(st[sq] for sq in self.ref_squares(cond.area.name, regs, slots))
            return not self.area(cond.area, st, regs, slots) & self.occupied(st)
        raise TypeError(cond)  # pragma: no cover

    def is_on(self, cond: On, regs: Registers, slots: Slots) -> bool:
        squares = self.ref_squares(cond.ref, regs, slots)
        if not squares:
            return False
        bit = 1 << squares[0]
        board = self.board
        if cond.color in ("red", "green", "colorless") and not self.colored(cond.color) & bit:
            return False
        if cond.color == "central" and not board.central & bit:
            return False
        return cond.central is None or bool(board.central & bit) == cond.central

    def rank_is(self, cond: RankIs, st: bytes, regs: Registers, slots: Slots) -> bool:
        value = named(regs, slots, cond.name)
        if not isinstance(value, Bound) or not value.done or not value.codes:
            return False
        levels = {r.level for r in cond.ranks}
        codes = value.codes
        if value.follows:     # pieces still on the board: their rank now
            codes = tuple(st[sq] for sq in value.squares if st[sq]) or codes
        return all(LEVEL_OF[code] in levels for code in codes)

    def destroyed_count(self, cond: DestroyedCount, regs: Registers, slots: Slots) -> bool:
        value = named(regs, slots, cond.name)
        if not isinstance(value, Bound):
            return cond.at_least <= 0
        wanted = None if cond.ranks is None else {r.level for r in cond.ranks}
        n = 0
        for code in value.destroyed:
            if wanted is not None and LEVEL_OF[code] not in wanted:
                continue
            mine = COLOR_OF[code] == self.player
            if (cond.owner == "you" and not mine) or (cond.owner == "enemy" and mine):
                continue
            n += 1
        return n >= cond.at_least


__all__ = ["Selection", "named"]

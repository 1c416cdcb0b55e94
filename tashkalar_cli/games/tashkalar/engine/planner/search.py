"""The planner's fast two-action search: the position analysed once (where one piece would complete a pattern),
then the places and first summons that may make a new summon, each candidate verified on bitboards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.engine.planner.plans import Choice, PlaceStep, PlanGroup, PlanStats, SummonStep
from tashkalar_cli.games.tashkalar.engine.planner.state import _Side
from tashkalar_cli.games.tashkalar.engine.summoning import CompiledOrientation, Placement, Verdict
from tashkalar_cli.games.tashkalar.model.board import Board, bits, square_order
from tashkalar_cli.games.tashkalar.model.cards import Being
from tashkalar_cli.games.tashkalar.model.patterns import Orientation
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.state import KIND_INDEX
from tashkalar_cli.games.tashkalar.model.summon import NO_REMOVAL, SummonFacts, summon_choices, summon_facts
from tashkalar_cli.games.tashkalar.model.types import Rank, Square


class _Shape(NamedTuple):
    """One compiled orientation of one card, with its requirements as square offsets."""

    card: Being
    co: CompiledOrientation
    offsets: tuple[int, ...]      # requirement squares relative to the anchor (summoning square, or
    levels: tuple[int, ...]       # the first piece of a pattern without one), and the ranks they need
    special: bool
    kind: int                     # the being's piece: 0 double-sided, 1 legendary
    level: int                    # the being's rank


class _Entry(NamedTuple):
    shape: _Shape
    anchor: Square


@dataclass
class _Analysis:
    """Per position: which shapes match, and where one piece would complete them."""

    complete: dict[Square, list[tuple[_Entry, int]]] = field(default_factory=dict)   # square -> (entry, level)
    matched_at: dict[Square, list[_Entry]] = field(default_factory=dict)   # matched, not legal there now
    matched_of_kind: dict[int, list[_Entry]] = field(default_factory=dict)  # the same, by the being's kind
    special_matched: list[_Entry] = field(default_factory=list)              # matched patterns without target


def _shift(bb: int, n: int) -> int:
    return bb >> n if n >= 0 else bb << -n


def _member_key(member: tuple[Being, Placement, int | None]) -> tuple[str, int]:
    return member[1].orientation.name, member[0].order


def _bucket_key(key: tuple[Square, Rank, bool, bool]) -> tuple[int, int]:
    return square_order(key[0])



#: a first summon possible now: the card, its placement, and the pieces it may take back (None: no choice)
_First = tuple[Being, Placement, "int | None"]
#: a summon found after first summons: the card's id, the entry, the target, the pieces taken back with which it
#: works (None: no choice), its last steps made so far (by the piece removed first, -1: none), its group's choices
_Last = tuple[str, _Entry, Square, "int | None", dict[int, SummonStep], list[Choice]]
#: a Choice made without the Python call of its __new__ (25,000 on a crowded board)
_new_choice = tuple.__new__


class _Search:
    """The two-action search of one plan request."""

    def __init__(self, shapes: Callable[[Being], tuple[_Shape, ...]], board: Board, pos: Position, player: str,
                 cards: list[Being], now: dict[str, Verdict],
                 stats: PlanStats, groups: dict[tuple[int, Square, str], PlanGroup],
                 steps: dict[int, SummonStep]) -> None:
        self.shapes = shapes      # the card's compiled orientations (Planner.shapes)
        self.steps = steps   # id of a placement possible now -> its step, the first step of the plans it begins
        self.board = board
        self.pos = pos
        self.player = player
        self.cards = cards
        self.now = now
        self.stats = stats
        self.state = _Side.of(pos.state, pos.state.index(player))
        self.colorless = self.board.colorless(pos.mode)
        self.legal_now: dict[str, int] = {}
        for c in cards:
            m = 0
            for p in now[c.id].placements:
                m |= 1 << p.target
            self.legal_now[c.id] = m
        self.index = {c.id: i for i, c in enumerate(cards)}   # the order of the cards asked for
        self.analysis = self._analyse()
        self._listed: dict[int, tuple[Square, ...]] = {}
        self._patterns: dict[tuple[int, Square], tuple[tuple[Square, ...], int]] = {}   # see _summon_step
        self._steps: dict[tuple[tuple[int, Square], Square, SummonFacts, bool, int], SummonStep] = {}
        self.groups = groups
        short = self.state.supply[0] == 0
        self.pick_up = self.squares_of(self.state.own_kind[0]) if short else ()

    def squares_of(self, mask: int) -> tuple[Square, ...]:
        """The squares of a bitboard, in board order (the same few boards come back again and again)."""
        got = self._listed.get(mask)
        if got is None:
            got = self._listed[mask] = tuple(bits(mask))
        return got

    # ------------------------------------------------------------------ analysis of the position
    def _analyse(self) -> _Analysis:
        a = _Analysis()
        own = self.state.own
        mask: int = self.board.mask
        complete = a.complete
        for card in self.cards:
            legal = self.legal_now[card.id]
            kind = KIND_INDEX[card.rank.kind]
            for shape in self.shapes(card):
                shifted = [_shift(own[lvl], n) for n, lvl in zip(shape.offsets, shape.levels, strict=True)]
                k = len(shifted)
                prefix = [mask] * (k + 1)
                for i in range(k):
                    prefix[i + 1] = prefix[i] & shifted[i]
                matched = prefix[k]
                suffix = mask
                for j in range(k - 1, -1, -1):
                    others = prefix[j] & suffix & ~matched
                    suffix &= shifted[j]
                    if not others:
                        continue
                    n, lvl = shape.offsets[j], shape.levels[j]
                    for anchor in bits(others):
                        sq = anchor + n
                        if sq >= 0 and mask >> sq & 1:
                            complete.setdefault(Square(sq), []).append((_Entry(shape, anchor), lvl))
                if not matched:
                    continue
                if shape.special:
                    a.special_matched += [_Entry(shape, anchor) for anchor in bits(matched)]
                    continue
                for anchor in bits(matched & ~legal):
                    entry = _Entry(shape, anchor)
                    a.matched_at.setdefault(anchor, []).append(entry)
                    a.matched_of_kind.setdefault(kind, []).append(entry)
        return a

    # ------------------------------------------------------------------ the two-action plans
    def run(self) -> None:
        """The two-action plans, added to the groups of their last summon."""
        self._place_then_summon()
        self._summon_then_summon()

    def _group(self, card: Being, target: Square, orientation: Orientation) -> PlanGroup:
        i = self.index[card.id]
        key = (i, target, orientation.name)
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = PlanGroup(card, target, orientation, i)
        return group

    def _place_then_summon(self) -> None:
        st0 = self.state
        a = self.analysis
        empties = self.board.mask & ~st0.occ
        short = st0.supply[0] == 0
        removal = st0.own_kind[0] if short else None
        # the positions one place can reach: one per empty square, or, in shortage, one per piece picked
        # up and square it goes to (the empty ones and its own): what a naive planner checks every card on
        count = empties.bit_count() if not short else st0.own_kind[0].bit_count() * (empties.bit_count() + 1)
        self.stats.states += count
        self.stats.card_checks += count * len(self.cards)
        for x in bits(empties):
            st = st0.after(x, Rank.COMMON.level)
            candidates = [e for e, lvl in a.complete.get(x, ()) if lvl == 0]
            if removal:
                for r in bits(removal):   # a piece picked up frees its square
                    candidates += a.matched_at.get(r, ())
                    if self.colorless >> r & 1:
                        candidates += a.special_matched
            for entry, target, choices in self._verify_all(st, candidates, removal):
                pick = self.squares_of(choices) if choices is not None else ()
                last = self._summon_step(st, entry, target, pick[:1])
                self._group(last.card, target, last.orientation).places.append(
                    Choice(PlaceStep(x, pick), last, None))
        # the place rule of Position.after_place, kept here on bitboards (the piece picked up stays in them as a set of
        # alternatives, which one Position per piece picked up would not: 30 ms more per plan on the crowded board);
        # tests/test_one_rule.py holds this copy to the brute-force planner, which plays after_place itself
        if short:
            # the piece picked up goes back on its own square as a common piece: a heroic one is downgraded
            for sq in bits(st0.own_kind[0] & st0.own[1]):
                st = st0.after(sq, Rank.COMMON.level)
                for entry, target, _ in self._verify_all(st, list(a.matched_at.get(sq, ())), None):
                    last = self._summon_step(st, entry, target, ())
                    self._group(last.card, target, last.orientation).places.append(
                        Choice(PlaceStep(sq, (sq,)), last, None))

    def _summon_then_summon(self) -> None:
        """The plans that summon another card of the hand first: the first summons that leave the same position
        share one verification (see :meth:`_first_summons`), each bucket in board order."""
        buckets = self._first_summons()
        for key in sorted(buckets, key=_bucket_key):
            self._after_first_summons(key, buckets[key])

    def _first_summons(self) -> dict[tuple[Square, Rank, bool, bool], list[_First]]:
        """The summons possible now, by the position they leave (same square, same rank, same way of getting the
        piece), each with the pieces it may take back (None: no choice); in a bucket, by orientation and card."""
        buckets: dict[tuple[Square, Rank, bool, bool], list[_First]] = {}
        for first in self.cards:
            for p1 in self.now[first.id].placements:
                removal = None
                if p1.shortage and p1.reuses is None:
                    removal = 0
                    for sq in p1.take_back:
                        removal |= 1 << sq
                key = (p1.target, first.rank, p1.shortage, p1.reuses is not None)
                buckets.setdefault(key, []).append((first, p1, removal))
        for members in buckets.values():
            members.sort(key=_member_key)
        return buckets

    def _after_first_summons(self, key: tuple[Square, Rank, bool, bool], members: list[_First]) -> None:
        """The summons a bucket of first summons makes possible, added to their groups."""
        target1, rank = key[0], key[1]
        st = self.state.after(target1, rank.level)
        universe: int | None = None      # every piece one of them may take back
        for _, _, removal in members:
            if removal is not None:
                universe = (universe or 0) | removal
        # one position per first summon and piece it takes back: each checked for the other cards
        reached = sum(len(p.take_back) if removal is not None else 1 for _, p, removal in members)
        self.stats.states += reached
        self.stats.card_checks += reached * (len(self.cards) - 1)
        found = self._verify_all(st, self._after_summon_candidates(st, target1, rank, universe), universe)
        if not found:
            return
        # the last step of each found placement, per piece removed first (-1: none), made once, and the
        # list of choices of its group
        lasts: list[_Last] = [(entry.shape.card.id, entry, target, valid, {},
                               self._group(entry.shape.card, target, entry.shape.co.orientation).summons)
                              for entry, target, valid in found]
        for first, p1, removal in members:
            if removal is None:
                self._after_summon_kept(st, first, self.steps[id(p1)], lasts)
            else:
                self._after_summon_taken_back(st, first, self.steps[id(p1)], removal, lasts)

    def _after_summon_candidates(self, st: _Side, target1: Square, rank: Rank, universe: int | None) -> list[_Entry]:
        """The patterns a first summon on ``target1`` may complete or unblock: its piece completing one, a piece
        taken back (``universe``) freeing a square, or a piece of the player's gone back off the board."""
        a = self.analysis
        candidates = [e for e, lvl in a.complete.get(target1, ()) if lvl <= rank.level]
        if universe:
            for r in bits(universe):
                candidates += a.matched_at.get(r, ())
                if self.colorless >> r & 1:
                    candidates += a.special_matched
        for kind in range(2):
            if st.supply[kind] > self.state.supply[kind]:   # a piece of the player's went back off the board
                candidates += a.matched_of_kind.get(kind, ())
                if kind == 0:
                    candidates += a.special_matched
        return candidates

    def _after_summon_kept(self, st: _Side, first: Being, step1: SummonStep, lasts: list[_Last]) -> None:
        """The plans after a first summon that takes no piece back: each found summon of another card."""
        first_id = first.id
        for card_id, entry, target, _valid, made, into in lasts:
            if card_id == first_id:
                continue
            last = made.get(-1)
            if last is None:
                last = made[-1] = self._summon_step(st, entry, target, ())
            into.append(_new_choice(Choice, (step1, last, step1)))

    def _after_summon_taken_back(self, st: _Side, first: Being, step1: SummonStep, removal: int,
                                 lasts: list[_Last]) -> None:
        """The plans after a first summon that takes back one of ``removal``: each found summon of another card,
        the first summon narrowed to the pieces taken back with which it works."""
        first_id = first.id
        firsts: dict[int, SummonStep] = {}
        for card_id, entry, target, valid, made, into in lasts:
            if card_id == first_id:
                continue
            if valid is None:
                head, gone = step1, -1
            else:
                narrowed = valid & removal
                if not narrowed:
                    continue
                got = firsts.get(narrowed)
                if got is None:
                    got = firsts[narrowed] = SummonStep(first, step1.target, step1.orientation, step1.pattern_squares,
                                                        step1.destroys, step1.reuses, self.squares_of(narrowed),
                                                        step1.shortage)
                head, gone = got, (narrowed & -narrowed).bit_length() - 1
            last = made.get(gone)
            if last is None:
                last = made[gone] = self._summon_step(st, entry, target, (Square(gone),) if gone >= 0 else ())
            into.append(_new_choice(Choice, (head, last, step1)))

    # ------------------------------------------------------------------ verification
    def _verify_all(self, st: _Side, candidates: Sequence[_Entry], removal: int | None,
                    ) -> list[tuple[_Entry, Square, int | None]]:
        out: list[tuple[_Entry, Square, int | None]] = []
        seen: set[tuple[int, int]] = set()
        verify = self._verify
        for entry in candidates:
            key = (id(entry.shape), entry.anchor)
            if key in seen:
                continue
            seen.add(key)
            self.stats.verifications += 1
            verify(st, entry, removal, out)
        return out

    def _verify(self, st: _Side, entry: _Entry, removal: int | None,
                out: list[tuple[_Entry, Square, int | None]]) -> None:
        """Add to ``out`` the new summoning squares of ``entry`` on ``st``, each with the removal choices
        that work (None: there is no choice to make). ``removal``: the player's pieces one of which
        leaves the board in the first action (picked up to be placed, or taken back by a first summon)."""
        shape, anchor = entry
        legal_now = self.legal_now[shape.card.id]
        if not shape.special and legal_now >> anchor & 1:
            return      # a summon possible now is one action: not a new summoning square
        own = st.own
        req = 0
        for n, lvl in zip(shape.offsets, shape.levels, strict=True):
            sq = anchor + n
            if not own[lvl] >> sq & 1:
                return
            req |= 1 << sq
        kind = shape.kind
        short = st.supply[kind] == 0
        mine = st.own_kind[kind]
        alternatives = NO_REMOVAL if removal is None else removal
        if shape.special:
            # the being goes on an empty colorless square (any piece blocks it), one emptied by a removal too
            targets = self.colorless & ~legal_now & (~st.occ | (removal or 0))
            for t in bits(targets):
                choices = summon_choices(t, st.occ, mine, req, short, alternatives)
                if choices:
                    out.append((entry, t, None if removal is None else choices))
            return
        choices = summon_choices(anchor, st.occ_gt[shape.level], mine, req, short, alternatives)
        if choices:
            out.append((entry, anchor, None if removal is None else choices))

    def _summon_step(self, st: _Side, entry: _Entry, target: Square, removed: tuple[Square, ...]) -> SummonStep:
        """The last step of a plan, on the position ``st`` with the first choice ``removed`` made. The same
        summon after other first actions is the same object: made once (a few thousand instead of ten)."""
        shape, anchor = entry
        at = (id(shape), anchor)
        got = self._patterns.get(at)
        if got is None:
            got = self._patterns[at] = (tuple(Square(anchor + n) for n in shape.offsets),
                                        shape.co.span << (anchor + shape.co.low))
        squares, required = got
        kind = shape.kind
        short = st.supply[kind] == 0
        facts = summon_facts(target, st.occ, st.own_kind[kind], required, short, removed[0] if removed else None)
        piece = st.piece_at(target) if facts.destroys else None
        # the piece destroyed by its identity: alive as long as the step made with it, which holds it
        key = (at, target, facts, short, id(piece))
        step = self._steps.get(key)
        if step is None:
            step = self._steps[key] = SummonStep(shape.card, target, shape.co.orientation, squares,
                                                 (target, piece) if piece is not None else None,
                                                 target if facts.reuses else None, self.squares_of(facts.take_back),
                                                 short)
        return step



__all__ = ["_Analysis", "_Entry", "_Search", "_Shape"]

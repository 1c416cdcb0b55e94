"""The turn planner: every way to summon a being within the actions left this turn.

A plan is a list of actions that ends with the summon of the planned card:

* ``summon``: summon it now (one action);
* ``place-summon``: place one common piece, then summon it (two actions);
* ``summon-summon``: summon another being of the hand, then summon it (two actions).

A two-action plan is listed only for a summoning square the card cannot use now: a summon that is
possible now is one action, and the action before it would change nothing for it. Placing obeys
the place rule with its piece shortage (no common piece left: one of the player's common or heroic
pieces is picked up first, and placed as a common piece; its own square is empty then, so putting
it back there as a common piece is a place too). Summoning obeys the engine's rules, shortage
included. Card effects are not resolved. Plans use at most two actions.

How it is fast. Instead of re-running the engine for every empty square (and every piece picked
up, and every first summon), the planner computes once, for every orientation of every card, the
summoning squares where all the pattern's pieces but one are met (the "all but one" intersections
of the shifted bitboards, prefix by suffix) and indexes them by the square of the missing piece.
A piece placed or summoned on that square can complete the pattern there, and only these
candidates (and the few placements a piece picked up or taken back could unblock) are verified,
on bitboards updated by the one or two squares that the first action changes. A verification is
exact: it checks the pattern and asks the rules of the summoning square that the engine uses
(:mod:`tashkalar_cli.model.summon`: blocking, shortage, reuse, take-back) for the pieces the first
action may have removed, all at once; and the tests hold the planner to a brute-force planner
that re-runs the whole engine on every position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

from tashkalar_cli.engine.bounds import EFFECT_STATES, EFFECTS_BUDGET
from tashkalar_cli.engine.effects import Resolution, resolve_placement
from tashkalar_cli.engine.gateway import after_summon
from tashkalar_cli.engine.summoning import CompiledOrientation, Engine, Placement, Verdict, _Context, decorations
from tashkalar_cli.model.board import Board, bits, square_order
from tashkalar_cli.model.cards import Being, CardDB
from tashkalar_cli.model.patterns import Orientation
from tashkalar_cli.model.position import Piece, Position
from tashkalar_cli.model.state import LEVELS, supply_left
from tashkalar_cli.model.summon import NO_REMOVAL, SummonFacts, summon_choices, summon_facts
from tashkalar_cli.model.types import PieceKind, Rank, Square

KINDS = (PieceKind.DOUBLE_SIDED, PieceKind.LEGENDARY)
_KIND_INDEX = {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 1}


# ---------------------------------------------------------------------- plans

class PlaceStep(NamedTuple):
    """Place a common piece on ``square``; in piece shortage, pick up one of ``pick_up`` first."""

    square: Square
    pick_up: tuple[Square, ...] = ()

    @property
    def action(self) -> str:
        return "place"


class SummonStep(NamedTuple):
    """Summon ``card`` on ``target`` in ``orientation``.

    ``take_back``: piece shortage, one of these pieces is picked up to be the being (the choices
    with which the rest of the plan still works); ``reuses``: the player's piece on the target
    becomes the being; ``destroys``: the piece destroyed on the target.
    """

    card: Being
    target: Square
    orientation: Orientation
    pattern_squares: tuple[Square, ...]
    destroys: tuple[Square, Piece] | None = None
    reuses: Square | None = None
    take_back: tuple[Square, ...] = ()
    shortage: bool = False

    @property
    def action(self) -> str:
        return "summon"


Step = Union[PlaceStep, SummonStep]
#: the order of plans: card asked, actions, kind, summoning square, square of the first action (0:
#: none), orientations, order of the first card, squares of the pattern (see :func:`_plan_key`)
PlanKey = tuple[int, int, int, Square, int, str, str, int, tuple[Square, ...]]
#: a plan as flat facts (see :meth:`Planner.plan_naive`): names and None
Fact = tuple[str | None, ...]


class Plan(NamedTuple):
    """A way to summon ``card``: its steps, the last of which summons it.

    Where a step offers several choices (pieces picked up or taken back), each listed choice keeps
    the plan working; the choices of a later step are those left after the earlier steps' first
    choice, which :meth:`Planner.resulting_position` plays.
    """

    card: Being
    steps: tuple[Step, ...]

    @property
    def actions(self) -> int:
        return len(self.steps)

    @property
    def kind(self) -> str:
        return "-".join(s.action for s in self.steps)

    @property
    def summon(self) -> SummonStep:
        last = self.steps[-1]
        assert isinstance(last, SummonStep)
        return last

    @property
    def target(self) -> Square:
        return self.summon.target


@dataclass
class PlanStats:
    """What the search cost: positions reached by a first action, their checks, and verifications."""

    states: int = 0            # positions searched: now, after each place, after each first summon
    card_checks: int = 0       # (position, card) questions answered: what a naive planner runs the engine for
    verifications: int = 0     # candidate placements checked one by one on a changed position
    engine_checks: int = 0     # full engine checks of one card on one position


class Choice(NamedTuple):
    """One way to reach a group's summon in two actions: the first action ``head`` (with the choices of
    pieces picked up or taken back with which the plan works), then ``last``, the summon of the group's
    card (as after the first choice of ``head``). ``first``: for a first summon, the summon as it is
    possible now, with every piece it may take back (``head`` narrows them: ``head`` is ``first`` when it
    does not), the very step its group lists in ``now``; None after a place."""

    head: Step
    last: SummonStep
    first: SummonStep | None


@dataclass(slots=True)
class PlanGroup:
    """Every plan that ends with the summon of ``card`` on ``target`` in ``orientation``: the summons of it
    possible now (one action: several only for a card without summoning square, whose pattern may stand
    in several places), or the first actions that make it possible (a place, or another summon)."""

    card: Being
    target: Square
    orientation: Orientation
    index: int                                   # the order of the card among those asked for
    now: list[SummonStep] = field(default_factory=list)
    places: list[Choice] = field(default_factory=list)
    summons: list[Choice] = field(default_factory=list)
    #: the outcomes of the card's effect after the group's first plan (see :meth:`Planner.resolve_effects`)
    effect: Resolution | None = None
    effect_state: str = "not-asked"   # resolved | no-data | budget | not-asked

    @property
    def actions(self) -> int:
        return 1 if self.now else 2

    @property
    def count(self) -> int:
        return len(self.now) + len(self.places) + len(self.summons)

    @property
    def summon(self) -> SummonStep:
        """The group's summon, as after its first choice."""
        if self.now:
            return self.now[0]
        return (self.places or self.summons)[0].last

    @property
    def choices(self) -> list[Choice]:
        return self.places + self.summons

    def plans(self) -> list[Plan]:
        if self.now:
            return [Plan(self.card, (step,)) for step in self.now]
        return [Plan(self.card, (c.head, c.last)) for c in self.places + self.summons]

    def sort_key(self) -> tuple[int, int, tuple[int, int], str]:
        return self.index, self.actions, square_order(self.target), self.orientation.name


def _plan_key(index: int, plan: Plan) -> PlanKey:
    """The order of plans: card asked, actions, kind, summoning square, square of the first action,
    orientations, order of the first card, squares of the pattern."""
    last = plan.summon
    if plan.actions == 1:
        return (index, 1, 0, last.target, 0, last.orientation.name, "", 0, last.pattern_squares)
    first = plan.steps[0]
    if isinstance(first, PlaceStep):
        return (index, 2, 0, last.target, first.square, last.orientation.name, "", 0, last.pattern_squares)
    return (index, 2, 1, last.target, first.target, last.orientation.name, first.orientation.name, first.card.order,
            last.pattern_squares)


@dataclass
class PlanReport:
    """Every plan of ``player`` for ``cards`` with ``actions`` actions, as groups: one per card, summoning
    square and orientation (the card's order, the fewest actions first, then by square). ``pick_up``:
    in piece shortage, the player's pieces a place may pick up (empty when a common piece is off the
    board). The plans one by one (:attr:`plans`) are made from the groups when asked for."""

    player: str
    actions: int
    cards: list[Being]
    groups: list[PlanGroup]
    now: dict[str, Verdict]
    stats: PlanStats = field(default_factory=PlanStats)
    pick_up: tuple[Square, ...] = ()
    effect_states: int = 0          # states the resolver explored for the groups' effects
    effect_budget: int | None = None   # the bound it had (None: effects not asked for; 0: no bound)
    _plans: list[Plan] | None = field(default=None, repr=False)
    _by_card: dict[str, list[PlanGroup]] | None = field(default=None, repr=False)
    _best: dict[str, Plan | None] = field(default_factory=dict, repr=False)

    @property
    def plan_count(self) -> int:
        return sum(g.count for g in self.groups)

    @property
    def plans(self) -> list[Plan]:
        """Every plan, one by one: per card (in the order asked), the fewest actions first, then placing
        before summoning, then by summoning square, then by the square of the first action."""
        if self._plans is None:
            keyed = [(_plan_key(g.index, p), p) for g in self.groups for p in g.plans()]
            keyed.sort(key=_first)
            self._plans = [p for _, p in keyed]
        return self._plans

    def groups_of(self, card: Being) -> list[PlanGroup]:
        if self._by_card is None:
            self._by_card = {}
            for g in self.groups:
                self._by_card.setdefault(g.card.id, []).append(g)
        return self._by_card.get(card.id, [])

    def for_card(self, card: Being) -> list[Plan]:
        groups = self.groups_of(card)
        keyed = [(_plan_key(g.index, p), p) for g in groups for p in g.plans()]
        keyed.sort(key=_first)
        return [p for _, p in keyed]

    def best(self, card: Being) -> Plan | None:
        """The card's first plan: the fewest actions, placing before summoning, the lowest square (the
        same object each time it is asked for, so that what is known of it can be keyed by it)."""
        if card.id not in self._best:
            self._best[card.id] = self._first_plan(card)
        return self._best[card.id]

    def _first_plan(self, card: Being) -> Plan | None:
        groups = self.groups_of(card)
        if not groups:
            return None
        g = min(groups, key=_best_key)
        if g.now:
            return Plan(g.card, (g.now[0],))
        c = (g.places or g.summons)[0]
        return Plan(g.card, (c.head, c.last))

    @property
    def reachable(self) -> list[Being]:
        ids = {g.card.id for g in self.groups}
        return [c for c in self.cards if c.id in ids]

    def squares(self) -> dict[Square, dict[str, int]]:
        """How many plans summon on each square (``summon``) and place a piece there (``place``)."""
        out: dict[Square, dict[str, int]] = {}

        def add(sq: Square, role: str, n: int) -> None:
            entry = out.get(sq)
            if entry is None:
                entry = out[sq] = {"summon": 0, "place": 0}
            entry[role] += n

        for g in self.groups:
            add(g.target, "summon", g.count)
            for c in g.places:
                add(c.head.square, "place", 1)  # type: ignore[union-attr]
            for c in g.summons:
                add(c.head.target, "summon", 1)  # type: ignore[union-attr]
        return out


def _best_key(g: PlanGroup) -> tuple[int, int, tuple[int, int], int, str]:
    first = 0
    if g.places:
        first = g.places[0].head.square  # type: ignore[union-attr]
    elif g.summons:
        first = g.summons[0].head.target  # type: ignore[union-attr]
    return g.actions, 0 if g.now or g.places else 1, square_order(g.target), first, g.orientation.name


@dataclass
class OpponentThreats:
    """What one opponent could summon next turn: ``deck`` when known (else every being) and the legends;
    ``effect_destroys``: the squares of the player's pieces that an outcome of their effects destroys, with
    the cards whose effects do (as far as the effects were resolved: see each group's ``effect_state``)."""

    color: str
    deck: str | None
    report: PlanReport
    effect_destroys: dict[Square, list[str]] = field(default_factory=dict)


@dataclass
class Threats:
    player: str
    opponents: list[OpponentThreats]


# ---------------------------------------------------------------------- bitboards of one side

class _State:
    """The bitboards of one position seen by one player: those of the position's board state (model/state.py), then
    updated square by square (``_put``, ``_clear``: tests/test_board_state.py holds them to the state's)."""

    __slots__ = ("occ", "occ_gt", "own", "own_kind", "pieces", "player", "stock", "supply")

    def __init__(self, player: str, pieces: dict[Square, Piece], own: list[int], occ_gt: list[int], occ: int,
                 own_kind: list[int], supply: list[int], stock: tuple[int, ...]) -> None:
        self.player = player
        self.pieces = pieces
        self.own = own              # own pieces of at least that rank (common, heroic, legendary)
        self.occ_gt = occ_gt        # any piece of a higher rank than that
        self.occ = occ
        self.own_kind = own_kind    # own double-sided pieces, own legendary pieces
        self.supply = supply        # own pieces off the board, per kind
        self.stock = stock          # own pieces in the game, per kind (BoardState.in_game)

    @classmethod
    def of(cls, pos: Position, player: str) -> _State:
        state = pos.state
        ci = state.index(player)
        return cls(player, dict(pos.pieces), [state.at_least(ci, lvl) for lvl in range(LEVELS)],
                   [state.blockers(lvl) for lvl in range(LEVELS)], state.occupied,
                   [state.of_kind(ci, k) for k in KINDS], [state.supply(ci, k) for k in KINDS],
                   tuple(state.in_game(ci, k) for k in KINDS))

    def copy(self) -> _State:
        return _State(self.player, dict(self.pieces), list(self.own), list(self.occ_gt), self.occ,
                      list(self.own_kind), list(self.supply), self.stock)

    def _put(self, sq: Square, piece: Piece) -> None:
        bit = 1 << sq
        self.pieces[sq] = piece
        self.occ |= bit
        level = piece.level
        for lvl in range(level):
            self.occ_gt[lvl] |= bit
        if piece.color == self.player:
            for lvl in range(level + 1):
                self.own[lvl] |= bit
            self.own_kind[_KIND_INDEX[piece.kind]] |= bit

    def _clear(self, sq: Square) -> Piece | None:
        piece = self.pieces.pop(sq, None)
        if piece is not None:
            keep = ~(1 << sq)
            self.occ &= keep
            self.occ_gt = [m & keep for m in self.occ_gt]
            self.own = [m & keep for m in self.own]
            self.own_kind = [m & keep for m in self.own_kind]
        return piece

    def _resupply(self) -> None:
        """The supply after an action, by the one rule (:func:`supply_left`: the stock less the pieces on the board;
        a piece picked up or taken back, still in the bitboards as a choice, leaves none, not fewer)."""
        self.supply = [supply_left(n, m.bit_count()) for n, m in zip(self.stock, self.own_kind, strict=True)]

    def placed(self, square: Square) -> _State:
        """After placing a common piece (from the supply, or one picked up: see the removal choices)."""
        st = self.copy()
        st._put(square, Piece(self.player, Rank.COMMON))
        st._resupply()
        return st

    def replaced(self, square: Square, piece: Piece) -> _State:
        st = self.copy()
        st._clear(square)
        st._put(square, piece)
        return st

    def summoned(self, target: Square, rank: Rank) -> _State:
        """After summoning a being of ``rank`` on ``target`` (a taken-back piece is still on its square: see the
        removal choices)."""
        st = self.copy()
        st._clear(target)
        st._put(target, Piece(self.player, rank))
        st._resupply()
        return st


# ---------------------------------------------------------------------- what the position offers

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


class Planner:
    """Plans turns with one engine (the compiled patterns are shared)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.board: Board = engine.board
        self._shapes: dict[str, tuple[_Shape, ...]] = {}

    def shapes(self, card: Being) -> tuple[_Shape, ...]:
        got = self._shapes.get(card.id)
        if got is None:
            got = self._shapes[card.id] = tuple(
                _Shape(card, co, co.offsets,
                       tuple(r.level for r in co.requirements), not card.has_summoning_square,
                       _KIND_INDEX[card.rank.kind], card.rank.level)
                for co in self.engine.compiled(card))
        return got

    # ------------------------------------------------------------------ the search
    def plan(self, pos: Position, player: str, cards: Iterable[Being], actions: int = 2) -> PlanReport:
        """Every plan of ``player`` for each of ``cards`` within ``actions`` actions (at most two are used)."""
        return self._plan(pos, player, cards, actions)

    def _plan(self, pos: Position, player: str, cards: Iterable[Being], actions: int) -> PlanReport:
        chosen = list(dict.fromkeys(cards))
        stats = PlanStats(states=1, card_checks=len(chosen), engine_checks=len(chosen))
        ctx = _Context(self.board, pos, player, None)
        now = {c.id: self.engine.check(c, pos, player, None, explain=False, ctx=ctx) for c in chosen}
        groups: dict[tuple[int, Square, str], PlanGroup] = {}
        steps: dict[int, SummonStep] = {}    # id of a placement possible now -> its step (one object for both)
        for i, card in enumerate(chosen):
            for p in now[card.id].placements:
                key = (i, p.target, p.orientation.name)
                group = groups.get(key)
                if group is None:
                    group = groups[key] = PlanGroup(card, p.target, p.orientation, i)
                step = steps[id(p)] = _step(card, p)
                group.now.append(step)
        for group in groups.values():
            if len(group.now) > 1:    # a card without summoning square: its pattern in several places
                group.now.sort(key=_pattern_squares)
        pick_up: tuple[Square, ...] = ()
        if actions >= 2 and chosen:
            search = _Search(self, pos, player, chosen, now, stats, groups, steps)
            search.run()
            pick_up = search.pick_up
        # a group is made for each summon found after a first summon: none may be left (the card itself first)
        ordered = sorted((g for g in groups.values() if g.count), key=PlanGroup.sort_key)
        return PlanReport(player, actions, chosen, ordered, now, stats, pick_up)

    # ------------------------------------------------------------------ replaying
    def resulting_position(self, pos: Position, player: str, plan: Plan) -> tuple[Position, list[Piece]]:
        """The position after ``plan`` (each step with its first choice), and the pieces destroyed."""
        destroyed: list[Piece] = []
        for step in plan.steps:
            if isinstance(step, PlaceStep):
                pos = pos.after_place(player, step.square, step.pick_up[0] if step.pick_up else None)
            else:
                pos, gone = after_summon(step.card, pos, player, step.target,
                                         step.take_back[0] if step.take_back else None, step.pattern_squares)
                if gone is not None:
                    destroyed.append(gone)
        return pos, destroyed

    # ------------------------------------------------------------------ effects
    def placement(self, step: SummonStep) -> Placement:
        """The engine's placement of a summon step (its marks and arrows placed), as the resolver takes it."""
        co = next(sh.co for sh in self.shapes(step.card) if sh.co.orientation.name == step.orientation.name)
        marked, arrows = decorations(self.board, co, step.target)
        return Placement(step.target, step.orientation, list(step.pattern_squares), None, step.destroys, step.reuses,
                         list(step.take_back), marked, arrows, step.shortage)

    def resolve(self, pos: Position, player: str, plan: Plan, actions_left: int | None,
                max_states: int = EFFECT_STATES) -> Resolution | None:
        """The outcomes of the effect of ``plan``'s summon, played after its first steps (each with its first
        choice); ``actions_left``: the actions left after the summon. None: the card has no effect data."""
        before = pos
        for step in plan.steps[:-1]:
            if isinstance(step, PlaceStep):
                before = before.after_place(player, step.square, step.pick_up[0] if step.pick_up else None)
            else:
                before, _ = after_summon(step.card, before, player, step.target,
                                         step.take_back[0] if step.take_back else None, step.pattern_squares)
        last = plan.summon
        return resolve_placement(self.engine, last.card, before, player, self.placement(last),
                                 take_back=last.take_back[0] if last.take_back else None,
                                 actions_left=actions_left, max_states=max_states)

    def resolve_effects(self, report: PlanReport, pos: Position, budget: int = EFFECTS_BUDGET,
                        per_summon: int = EFFECT_STATES) -> None:
        """The outcomes of each group's summon (after its first plan), bounded: at most ``per_summon`` states
        per summon and ``budget`` states in all (0: no bound on the whole). The groups are taken card by
        card in turn (each card's first group, then each card's second...), so that every card's best
        summons are resolved first; a group left when the budget is spent says so (``budget``)."""
        self._resolve_effects(report, pos, budget, per_summon)

    def _resolve_effects(self, report: PlanReport, pos: Position, budget: int, per_summon: int) -> None:
        queues = [report.groups_of(card) for card in report.cards]
        spent = 0
        depth = 0
        while any(depth < len(q) for q in queues):
            for q in queues:
                if depth >= len(q):
                    continue
                group = q[depth]
                if group.card.programs_data.get("effect") is None:   # what program() says, without parsing it
                    group.effect_state = "no-data"
                    continue
                left = per_summon if not budget else min(per_summon, budget - spent)
                if left <= 0:       # the budget spent: the program is not even parsed
                    group.effect_state = "budget"
                    continue
                plan = group.plans()[0]
                res = self.resolve(pos, report.player, plan, report.actions - plan.actions, max_states=left)
                group.effect, group.effect_state = res, "resolved"
                if res is not None:
                    spent += res.states
            depth += 1
        report.effect_states = spent
        report.effect_budget = budget

    # ------------------------------------------------------------------ the reference
    def plan_naive(self, pos: Position, player: str, cards: Iterable[Being], actions: int = 2,
                   stats: PlanStats | None = None) -> set[Fact]:
        """The brute-force planner the fast one is held to: the whole engine re-run on every position.

        Returns flat facts: ``("summon", card, target, orientation)``, ``("place-summon", card, X,
        pick_up, target, orientation)`` and ``("summon-summon", first card, T1, orientation, taken
        back, card, T2, orientation)`` (squares as names, None where there is no choice).
        """
        chosen = list(dict.fromkeys(cards))
        stats = stats if stats is not None else PlanStats()
        name = self.board.name

        def legal(p: Position) -> dict[str, Verdict]:
            stats.states += 1
            stats.card_checks += len(chosen)
            stats.engine_checks += len(chosen)
            return {v.card.id: v for v in self.engine.check_many(chosen, p, player)}

        now = legal(pos)
        targets_now = {cid: {p.target for p in v.placements} for cid, v in now.items()}
        out: set[Fact] = set()
        for cid, v in now.items():
            for p in v.placements:
                out.add(("summon", cid, name(p.target), p.orientation.name))
        if actions < 2:
            return out
        empty = [sq for sq in self.board.squares if sq not in pos.pieces]
        if pos.off_board(player, PieceKind.DOUBLE_SIDED) > 0:
            places: list[tuple[Square, Square | None]] = [(x, None) for x in empty]
        else:
            own = [sq for sq, p in sorted(pos.pieces.items()) if p.color == player and p.kind is PieceKind.DOUBLE_SIDED]
            places = [(x, a) for a in own for x in [*empty, a]]
        for x, a in places:
            after = legal(pos.after_place(player, x, a))
            for cid, v in after.items():
                for p in v.placements:
                    if p.target not in targets_now[cid]:
                        out.add(("place-summon", cid, name(x), name(a) if a is not None else None, name(p.target),
                                 p.orientation.name))
        for first in chosen:
            rest = [c for c in chosen if c is not first]
            for p1 in now[first.id].placements:
                for b in (p1.take_back if p1.shortage and p1.reuses is None else [None]):
                    after_pos, _ = after_summon(first, pos, player, p1.target, b, p1.pattern_squares)
                    stats.states += 1
                    stats.card_checks += len(rest)
                    stats.engine_checks += len(rest)
                    for v in self.engine.check_many(rest, after_pos, player):
                        for p in v.placements:
                            if p.target not in targets_now[v.card.id]:
                                out.add(("summon-summon", first.id, name(p1.target), p1.orientation.name,
                                         name(b) if b is not None else None, v.card.id, name(p.target),
                                         p.orientation.name))
        return out


def threats(planner: Planner, db: CardDB, pos: Position, player: str, decks: dict[str, str], actions: int,
            effects_budget: int | None = None) -> Threats:
    """The plans of every opponent of ``player`` with ``actions`` actions: the beings of the deck each
    plays (``decks``, else the position's ``decks:``; every being when unknown) and every legend (a
    player's two legends in hand are hidden)."""
    from tashkalar_cli.errors import InputError, Term
    from tashkalar_cli.model.cards import LEGENDS_DECK

    known = {**pos.decks, **decks}
    opponents = [c for c in dict.fromkeys([*pos.colors, *known]) if c != player]
    opponents.sort(key=pos.board.colors.index)
    if not opponents:
        raise InputError(key="threats-no-opponent", player=Term("color", player))
    out = []
    for color in opponents:
        deck = known.get(color)
        cards = [c for c in db.beings if deck is None or c.deck in (deck, LEGENDS_DECK)]
        report = planner.plan(pos, color, cards, actions)
        found = OpponentThreats(color, deck, report)
        if effects_budget is not None:
            planner.resolve_effects(report, pos, effects_budget)
            hit: dict[Square, dict[str, None]] = {}
            for group in report.groups:
                for outcome in group.effect.outcomes if group.effect is not None else ():
                    for sq, piece in outcome.destroyed:
                        if piece.color == player:
                            hit.setdefault(sq, {})[group.card.id] = None
            found.effect_destroys = {sq: list(hit[sq]) for sq in sorted(hit, key=square_order)}
        out.append(found)
    return Threats(player, out)


def flatten(plans: Iterable[Plan], board: Board) -> set[Fact]:
    """The plans as the flat facts of :meth:`Planner.plan_naive` (every listed choice of a first step)."""
    name = board.name
    out: set[Fact] = set()
    for plan in plans:
        last = plan.summon
        if plan.kind == "summon":
            out.add(("summon", plan.card.id, name(last.target), last.orientation.name))
            continue
        first = plan.steps[0]
        if isinstance(first, PlaceStep):
            for a in first.pick_up or (None,):
                out.add(("place-summon", plan.card.id, name(first.square), name(a) if a is not None else None,
                         name(last.target), last.orientation.name))
        else:
            for b in first.take_back or (None,):
                out.add(("summon-summon", first.card.id, name(first.target), first.orientation.name,
                         name(b) if b is not None else None, plan.card.id, name(last.target),
                         last.orientation.name))
    return out


def _first(item: tuple[PlanKey, Plan]) -> PlanKey:
    return item[0]


def _pattern_squares(step: SummonStep) -> tuple[Square, ...]:
    return step.pattern_squares


def _member_key(member: tuple[Being, Placement, int | None]) -> tuple[str, int]:
    return member[1].orientation.name, member[0].order


def _bucket_key(key: tuple[Square, Rank, bool, bool]) -> tuple[int, int]:
    return square_order(key[0])


def _step(card: Being, p: Placement) -> SummonStep:
    return SummonStep(card, p.target, p.orientation, tuple(p.pattern_squares), p.destroys, p.reuses,
                      tuple(p.take_back), p.shortage)


class _Search:
    """The two-action search of one plan request."""

    def __init__(self, planner: Planner, pos: Position, player: str, cards: list[Being], now: dict[str, Verdict],
                 stats: PlanStats, groups: dict[tuple[int, Square, str], PlanGroup],
                 steps: dict[int, SummonStep]) -> None:
        self.planner = planner
        self.steps = steps   # id of a placement possible now -> its step, the first step of the plans it begins
        self.board = planner.board
        self.pos = pos
        self.player = player
        self.cards = cards
        self.now = now
        self.stats = stats
        self.state = _State.of(pos, player)
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
            kind = _KIND_INDEX[card.rank.kind]
            for shape in self.planner.shapes(card):
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
            st = st0.placed(x)
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
                st = st0.replaced(sq, Piece(self.player, Rank.COMMON))
                for entry, target, _ in self._verify_all(st, list(a.matched_at.get(sq, ())), None):
                    last = self._summon_step(st, entry, target, ())
                    self._group(last.card, target, last.orientation).places.append(
                        Choice(PlaceStep(sq, (sq,)), last, None))

    def _summon_then_summon(self) -> None:
        a = self.analysis
        # first summons that leave the same position (same square, same rank, same way of getting the
        # piece) share one verification; a taken-back piece is a choice each first summon narrows
        groups: dict[tuple[Square, Rank, bool, bool], list[tuple[Being, Placement, int | None]]] = {}
        for first in self.cards:
            for p1 in self.now[first.id].placements:
                removal = None
                if p1.shortage and p1.reuses is None:
                    removal = 0
                    for sq in p1.take_back:
                        removal |= 1 << sq
                key = (p1.target, first.rank, p1.shortage, p1.reuses is not None)
                groups.setdefault(key, []).append((first, p1, removal))
        # in each group of plans, the first summons come by their square, then orientation and card
        for members in groups.values():
            members.sort(key=_member_key)
        for key in sorted(groups, key=_bucket_key):
            target1, rank = key[0], key[1]
            members = groups[key]
            st = self.state.summoned(target1, rank)
            universe: int | None = None
            for _, _, removal in members:
                if removal is not None:
                    universe = (universe or 0) | removal
            # one position per first summon and piece it takes back: each checked for the other cards
            reached = sum(len(p.take_back) if removal is not None else 1 for _, p, removal in members)
            self.stats.states += reached
            self.stats.card_checks += reached * (len(self.cards) - 1)
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
            found = self._verify_all(st, candidates, universe)
            if not found:
                continue
            # the last step of each found placement, per piece removed first (-1: none), made once, and the
            # list of choices of its group
            new_choice = tuple.__new__   # a Choice made without the Python call of its __new__ (25,000 on a crowded board)
            lasts: list[tuple[str, _Entry, Square, int | None, dict[int, SummonStep], list[Choice]]] = [
                (entry.shape.card.id, entry, target, valid, {},
                 self._group(entry.shape.card, target, entry.shape.co.orientation).summons)
                for entry, target, valid in found]
            for first, p1, removal in members:
                step1 = self.steps[id(p1)]
                first_id = first.id
                if removal is None:
                    for card_id, entry, target, _valid, made, into in lasts:
                        if card_id == first_id:
                            continue
                        last = made.get(-1)
                        if last is None:
                            last = made[-1] = self._summon_step(st, entry, target, ())
                        into.append(new_choice(Choice, (step1, last, step1)))
                    continue
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
                        head = firsts.get(narrowed)  # type: ignore[assignment]
                        if head is None:
                            head = firsts[narrowed] = SummonStep(first, step1.target, step1.orientation,
                                                                 step1.pattern_squares, step1.destroys, step1.reuses,
                                                                 self.squares_of(narrowed), step1.shortage)
                        gone = (narrowed & -narrowed).bit_length() - 1
                    last = made.get(gone)
                    if last is None:
                        last = made[gone] = self._summon_step(st, entry, target, (Square(gone),) if gone >= 0 else ())
                    into.append(new_choice(Choice, (head, last, step1)))

    # ------------------------------------------------------------------ verification
    def _verify_all(self, st: _State, candidates: Sequence[_Entry], removal: int | None,
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

    def _verify(self, st: _State, entry: _Entry, removal: int | None,
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

    def _summon_step(self, st: _State, entry: _Entry, target: Square, removed: tuple[Square, ...]) -> SummonStep:
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
        piece = st.pieces[target] if facts.destroys else None
        # the piece destroyed by its identity: alive as long as the step made with it, which holds it
        key = (at, target, facts, short, id(piece))
        step = self._steps.get(key)
        if step is None:
            step = self._steps[key] = SummonStep(shape.card, target, shape.co.orientation, squares,
                                                 (target, piece) if piece is not None else None,
                                                 target if facts.reuses else None, self.squares_of(facts.take_back),
                                                 short)
        return step


__all__ = ["Choice", "OpponentThreats", "PlaceStep", "Plan", "PlanGroup", "PlanReport", "PlanStats", "Planner",
           "SummonStep", "Threats", "flatten", "threats"]

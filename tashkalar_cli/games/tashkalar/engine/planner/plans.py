"""The plans of the turn planner: the steps of a plan, the plans of one summon grouped, and the report of a
request (the records the search fills and the renderers read)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple, Union

from tashkalar_cli.games.tashkalar.engine.effects import Resolution
from tashkalar_cli.games.tashkalar.engine.summoning import Verdict
from tashkalar_cli.games.tashkalar.model.board import Board, square_order
from tashkalar_cli.games.tashkalar.model.cards import Being
from tashkalar_cli.games.tashkalar.model.patterns import Orientation
from tashkalar_cli.games.tashkalar.model.position import Piece
from tashkalar_cli.games.tashkalar.model.types import Square


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



__all__ = ["Choice", "Fact", "OpponentThreats", "PlaceStep", "Plan", "PlanGroup", "PlanKey", "PlanReport", "PlanStats",
           "Step", "SummonStep", "Threats", "flatten"]

"""The turn planner: the :class:`Planner` (a request's plans, the position after a plan, the effects of the plans'
summons) and the threats of the opponents."""

from __future__ import annotations

from collections.abc import Iterable

from tashkalar_cli.errors import InputError, Term
from tashkalar_cli.games.tashkalar.engine.bounds import EFFECT_STATES, EFFECTS_BUDGET
from tashkalar_cli.games.tashkalar.engine.effects import Resolution, resolve_placement
from tashkalar_cli.games.tashkalar.engine.markers import after_summon
from tashkalar_cli.games.tashkalar.engine.planner.naive import plan_naive
from tashkalar_cli.games.tashkalar.engine.planner.plans import (
    Fact,
    OpponentThreats,
    PlaceStep,
    Plan,
    PlanGroup,
    PlanReport,
    PlanStats,
    SummonStep,
    Threats,
)
from tashkalar_cli.games.tashkalar.engine.planner.search import _Search, _Shape
from tashkalar_cli.games.tashkalar.engine.summoning import Engine, Placement, _Context, decorations
from tashkalar_cli.games.tashkalar.model.board import Board, square_order
from tashkalar_cli.games.tashkalar.model.cards import LEGENDS_DECK, Being, CardDB
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.state import KIND_INDEX
from tashkalar_cli.games.tashkalar.model.types import Square


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
                       KIND_INDEX[card.rank.kind], card.rank.level)
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
            search = _Search(self.shapes, self.board, pos, player, chosen, now, stats, groups, steps)
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
        """The brute-force planner the fast one is held to
        (:func:`~tashkalar_cli.games.tashkalar.engine.planner.naive.plan_naive`)."""
        return plan_naive(self.engine, pos, player, cards, actions, stats)


def threats(planner: Planner, db: CardDB, pos: Position, player: str, decks: dict[str, str], actions: int,
            effects_budget: int | None = None) -> Threats:
    """The plans of every opponent of ``player`` with ``actions`` actions: the beings of the deck each
    plays (``decks``, else the position's ``decks:``; every being when unknown) and every legend (a
    player's two legends in hand are hidden)."""
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



def _pattern_squares(step: SummonStep) -> tuple[Square, ...]:
    return step.pattern_squares



def _step(card: Being, p: Placement) -> SummonStep:
    return SummonStep(card, p.target, p.orientation, tuple(p.pattern_squares), p.destroys, p.reuses,
                      tuple(p.take_back), p.shortage)



__all__ = ["Planner", "threats"]

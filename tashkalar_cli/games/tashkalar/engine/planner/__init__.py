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
on the board state the first action leaves (:meth:`BoardState.put`: the one square it changes). A verification is
exact: it checks the pattern and asks the rules of the summoning square that the engine uses
(:mod:`tashkalar_cli.games.tashkalar.model.summon`: blocking, shortage, reuse, take-back) for the pieces the first
action may have removed, all at once; and the tests hold the planner to a brute-force planner
that re-runs the whole engine on every position.

The package, one concern a module: :mod:`.plans` (what a plan is, and the report of a request),
:mod:`.state` (the board state seen by one side), :mod:`.search` (the fast two-action
search), :mod:`.naive` (the brute-force planner it is held to) and :mod:`.core` (the :class:`Planner`, and
the threats of the opponents).
"""

from __future__ import annotations

from tashkalar_cli.games.tashkalar.engine.bounds import EFFECT_STATES, EFFECTS_BUDGET
from tashkalar_cli.games.tashkalar.engine.planner.core import Planner, threats
from tashkalar_cli.games.tashkalar.engine.planner.plans import (
    Choice,
    Fact,
    OpponentThreats,
    PlaceStep,
    Plan,
    PlanGroup,
    PlanKey,
    PlanReport,
    PlanStats,
    Step,
    SummonStep,
    Threats,
    flatten,
)

__all__ = ["EFFECTS_BUDGET", "EFFECT_STATES", "Choice", "Fact", "OpponentThreats", "PlaceStep", "Plan", "PlanGroup",
           "PlanKey", "PlanReport", "PlanStats", "Planner", "Step", "SummonStep", "Threats", "flatten", "threats"]

"""The JSON of turn plans, goals and threats (``plan --json``): the plans grouped by card, square and
orientation, the ways to a goal, an opponent's threats. Part of the JSON contract of
:mod:`tashkalar_cli.games.tashkalar.render.jsonout`, which holds the other outputs and the pieces shared with them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.games.tashkalar.model.board import Board, square_order
from tashkalar_cli.games.tashkalar.render.jsonout import piece, position, turned
from tashkalar_cli.render.jsonout import JSON
from tashkalar_cli.render.jsonstream import Items

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.goals import GoalReport
    from tashkalar_cli.games.tashkalar.engine.planner import (
        Choice,
        PlaceStep,
        Plan,
        PlanGroup,
        PlanReport,
        Step,
        SummonStep,
        Threats,
    )
    from tashkalar_cli.games.tashkalar.model.patterns import Orientation
    from tashkalar_cli.games.tashkalar.model.position import Position


def plan_step(step: PlaceStep | SummonStep, board: Board) -> JSON:
    name = board.name
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep  # deferred: plan --task/--flare start without it

    if isinstance(step, PlaceStep):
        return {"action": "place", "square": name(step.square), "pick_up": [name(sq) for sq in step.pick_up]}
    return {"action": "summon", "card": step.card.id, "target": name(step.target),
            "orientation": turned(step.orientation),
            "pattern_squares": [name(sq) for sq in step.pattern_squares],
            "destroys": name(step.destroys[0]) if step.destroys else None,
            "destroyed_piece": piece(step.destroys[1]) if step.destroys else None,
            "shortage": step.shortage, "reuses": name(step.reuses) if step.reuses is not None else None,
            "take_back": [name(sq) for sq in step.take_back]}


def plan(p: Plan, board: Board, after: Position | None = None) -> JSON:
    out: JSON = {"card": p.card.id, "actions": p.actions, "kind": p.kind,
                 "steps": [plan_step(s, board) for s in p.steps]}
    if after is not None:
        out["position"] = position(after)
    return out


def plan_report(report: PlanReport, board: Board,
                positions: dict[int, Position] | Callable[[Plan], Position] | None = None, *,
                every: bool = False, outcomes: int = 3, streamed: bool = False) -> JSON:
    """The plans grouped (one entry per card, summoning square and orientation, each first action listed
    once), or with ``every`` each plan in full (``positions``: the position after each plan, keyed by
    ``id(plan)``, or made by a function of the plan, when asked for; ``streamed``: the plans as
    :class:`~tashkalar_cli.render.jsonstream.Items`, each made, its position too, when it is written)."""
    order = _square_names_by_index(board)
    summary = []
    for card in report.cards:
        by_kind: dict[str, set[int]] = {"summon": set(), "place-summon": set(), "summon-summon": set()}
        count = 0
        for g in report.groups_of(card):
            count += g.count
            if g.now:
                by_kind["summon"].add(g.target)
            if g.places:
                by_kind["place-summon"].add(g.target)
            if g.summons:
                by_kind["summon-summon"].add(g.target)
        summary.append({"card": card.id, "plans": count,
                        **{field: [order[sq] for sq in sorted(by_kind[kind], key=square_order)]
                           for field, kind in (("now", "summon"), ("after_place", "place-summon"),
                                               ("after_summon", "summon-summon"))}})
    resolved = sum(1 for g in report.groups if g.effect_state == "resolved")
    out: JSON = {"player": report.player, "actions": report.actions, "max_plan_actions": 2,
                 "effects_resolved": resolved > 0, "cards": [c.id for c in report.cards],
                 "reachable": [c.id for c in report.reachable], "summary": summary,
                 "listing": "all" if every else "grouped", "plan_count": report.plan_count,
                 "effects": {"budget": report.effect_budget, "states": report.effect_states, "resolved": resolved,
                             "no_data": sum(1 for g in report.groups if g.effect_state == "no-data"),
                             "beyond_budget": sum(1 for g in report.groups if g.effect_state == "budget")}}
    if every:
        kept = positions if isinstance(positions, dict) else {}
        made = positions if callable(positions) else None
        entries = (plan(p, board, made(p) if made is not None else kept.get(id(p))) for p in report.plans)
        out["plans"] = Items(entries) if streamed else list(entries)
        return out
    out.update(_plan_groups(report, board, order, outcomes))
    return out


def _square_names_by_index(board: Board) -> dict[int, str]:
    return {sq: board.name(sq) for sq in board.squares}


_NO_EFFECT: dict[str, JSON] = {}


def _group_effect(g: PlanGroup, names: dict[int, str], limit: int) -> JSON:
    """The outcomes of a group's effect after its first plan: how many, and the first ``limit`` of them."""
    res = g.effect
    if res is None:
        got = _NO_EFFECT.get(g.effect_state)
        if got is None:   # one object per state, shared by the groups (thousands of cards without data)
            got = _NO_EFFECT[g.effect_state] = {"state": g.effect_state}
        return got
    return {"state": g.effect_state, "count": res.count, "truncated": res.truncated, "states": res.states,
            "outcomes": [{"steps": o.step_dicts(), "actions_gained": o.actions_gained,
                          "destroyed": [{"square": names[sq], "color": p.color, "rank": str(p.rank)}
                                        for sq, p in o.destroyed], "notes": list(o.notes)}
                         for o in res.outcomes[:limit]]}


def _plan_groups(report: PlanReport, board: Board, names: dict[int, str], outcomes: int) -> JSON:
    """The grouped listing: ``first_summons`` (every summon possible now, listed once), then the groups,
    whose choices name their first summon by its index there.

    Each choice is looked at once or twice: what is the same for many (a first action's narrowing, a last
    step's difference from its group's summon, an orientation) is found once and shared, keyed by the
    identity of the planner's objects (alive as long as the report)."""
    listing = _GroupListing(report, names)
    return {"pick_up": [names[sq] for sq in report.pick_up], "first_summons": listing.firsts,
            "groups": [listing.group(g, outcomes) for g in report.groups]}


class _Thens(NamedTuple):
    """How a group's last steps differ from its summon (each difference as JSON once; by step id: its
    index), and the pieces the summon may take back whatever the first action (``kept``)."""

    json: list[JSON | None]
    of: dict[int, int]
    kept: tuple[int, ...]


class _GroupListing:
    """The grouped listing being written: the summons possible now (``firsts``), and what many choices
    share made JSON once (orientations, narrowings of a first action's pieces, first summons)."""

    def __init__(self, report: PlanReport, names: dict[int, str]) -> None:
        self.names, self.full_pick = names, report.pick_up
        self.turned: dict[tuple[str, int, bool], JSON] = {}
        self.firsts: list[JSON] = []
        self.index: dict[tuple[str, int, str, tuple[int, ...]], int] = {}
        self.by_id: dict[int, int] = {}   # id of a summon possible now -> its index in ``firsts``
        # the narrowings of a first action's pieces (see _narrowed), numbered (0: none), each made JSON once
        self.narrowing_json: list[JSON | None] = [None]
        self.narrowing_code: dict[tuple[Any, ...] | None, int] = {None: 0}
        self.picks: dict[int, int] = {}      # id of the pieces a place may pick up -> its narrowing
        # id of a first summon step (the summon possible now, or a copy of it narrowed to some pieces to take
        # back) -> its narrowing and the index of the summon possible now
        self.heads: dict[int, tuple[int, int]] = {}
        for g in report.groups:
            for step in g.now:
                self.by_id[id(step)] = self.index[(step.card.id, step.target, step.orientation.name,
                                                   step.pattern_squares)] = len(self.firsts)
                self.firsts.append({"action": "summon", "card": step.card.id, "target": names[step.target],
                                    "orientation": self.orientation(step.orientation), **_summon_facts(step, names)})

    def orientation(self, o: Orientation) -> JSON:
        key = (o.name, o.rotation, o.mirrored)
        got = self.turned.get(key)
        if got is None:
            got = self.turned[key] = {"name": o.name, "rotation": o.rotation, "mirrored": o.mirrored}
        return got

    def code_of(self, choice: tuple[Any, ...] | None) -> int:
        code = self.narrowing_code.get(choice)
        if code is None:
            code = self.narrowing_code[choice] = len(self.narrowing_json)
            self.narrowing_json.append(_narrowed_json(choice, self.names))
        return code

    def group(self, g: PlanGroup, outcomes: int) -> JSON:
        names, base, places, summons = self.names, g.summon, g.places, g.summons
        thens = _thens(base, _lasts(places, summons), names)
        placed = self._placed(places, thens.of)
        summoned = self._summoned(summons, thens.of)
        _, _, _, base_squares, base_destroys, base_reuses, _, base_shortage = base
        now = [self.by_id[id(s)] for s in g.now]
        narrowing_json, then_json = self.narrowing_json, thens.json
        return {"card": g.card.id, "target": names[g.target], "orientation": self.orientation(g.orientation),
                "actions": 1 if now else 2, "plans": len(now) + len(places) + len(summons),
                # what the summon uses and does (see _summon_facts), with the pieces it may take back
                # whatever the first action
                "pattern_squares": [names[sq] for sq in base_squares],
                "destroys": names[base_destroys[0]] if base_destroys else None,
                "destroyed_piece": piece(base_destroys[1]) if base_destroys else None,
                "shortage": base_shortage, "reuses": names[base_reuses] if base_reuses is not None else None,
                "take_back": [names[sq] for sq in thens.kept],
                "now": now,
                "after_place": [{"squares": whats, "pick_up": narrowing_json[c], "then": then_json[t]}
                                for (c, t), whats in placed.items()],
                "after_summon": [{"firsts": whats, "take_back": narrowing_json[c], "then": then_json[t]}
                                 for (c, t), whats in summoned.items()],
                "effect": _group_effect(g, names, outcomes)}

    def _placed(self, places: list[Choice], thens: dict[int, int]) -> dict[tuple[int, int], list[str]]:
        """Choices alike but for their first action (a place) share one entry: their first actions."""
        placed: dict[tuple[int, int], list[str]] = {}
        picks, full_pick, names = self.picks, self.full_pick, self.names
        for head, last, _ in places:
            pick = head.pick_up  # type: ignore[union-attr]
            code = picks.get(id(pick))
            if code is None:
                code = picks[id(pick)] = self.code_of(_narrowed(full_pick, pick))
            mkey = (code, thens[id(last)])
            run = placed.get(mkey)
            if run is None:
                run = placed[mkey] = []
            run.append(names[head.square])  # type: ignore[union-attr]
        return placed

    def _summoned(self, summons: list[Choice], thens: dict[int, int]) -> dict[tuple[int, int], list[int]]:
        """Choices alike but for their first action (a summon) share one entry: their first summons, by
        their index in ``firsts``."""
        summoned: dict[tuple[int, int], list[int]] = {}
        heads_get = self.heads.get
        prev_last: SummonStep | None = None
        t = code = -1
        entry: list[int] = []
        for head, last, first in summons:
            if last is not prev_last:
                prev_last = last
                new_t = thens[id(last)]
            else:
                new_t = t
            new_code, what = heads_get(id(head)) or self._head(head, first)   # a pair: never false
            if new_code != code or new_t != t:
                code, t = new_code, new_t
                mkey = (code, t)
                entry = summoned.get(mkey)  # type: ignore[assignment]
                if entry is None:
                    entry = summoned[mkey] = []
            entry.append(what)
        return summoned

    def _head(self, head: Step, first: SummonStep | None) -> tuple[int, int]:
        """A first summon step's narrowing and the index of the summon possible now it is (a copy of)."""
        assert first is not None
        i = self.by_id.get(id(first))
        if i is None:
            i = self.index[(first.card.id, first.target, first.orientation.name, first.pattern_squares)]
        code = 0 if head is first else self.code_of(_narrowed(first.take_back, head.take_back))  # type: ignore[union-attr]
        self.heads[id(head)] = (code, i)
        return code, i


def _lasts(places: list[Choice], summons: list[Choice]) -> dict[int, SummonStep]:
    """The distinct last steps of a group's choices (runs of summon choices share theirs), by id."""
    lasts: dict[int, SummonStep] = {}
    for _, last, _ in places:
        lasts[id(last)] = last
    prev_last: SummonStep | None = None
    for _, last, _ in summons:
        if last is not prev_last:
            prev_last = last
            lasts[id(last)] = last
    return lasts


def _common_take_back(base: SummonStep, lasts: dict[int, SummonStep]) -> set[int]:
    """The pieces the group's summon may take back whatever the first action (the planner shares the
    tuples of pieces: each is looked at once)."""
    base_take = base.take_back
    common: set[int] = set(base_take)
    if common:
        seen = {id(base_take)}
        for last in lasts.values():
            take = last.take_back
            if id(take) not in seen:
                seen.add(id(take))
                common.intersection_update(take)
                if not common:
                    break
    return common


def _thens(base: SummonStep, lasts: dict[int, SummonStep], names: dict[int, str]) -> _Thens:
    """Each last step -> the index of how it differs from the group's summon (in ``json``)."""
    common = _common_take_back(base, lasts)
    kept = tuple(sq for sq in base.take_back if sq in common) if common else ()
    thens: dict[int, int] = {}
    differ: dict[tuple[Any, ...], int] = {}
    then_json: list[JSON | None] = []
    also_of: dict[int, tuple[int, ...]] = {}    # id of the pieces a last step may take back -> those not common
    _, _, _, base_squares, base_destroys, base_reuses, _, base_shortage = base
    for key_id, last in lasts.items():
        _, _, _, squares, destroys, reuses, take, shortage = last
        also = also_of.get(id(take))
        if also is None:
            also = also_of[id(take)] = tuple(sq for sq in take if sq not in common) if common else take
        # what differs (None: the same) and the pieces it may take back besides the common ones
        key = (None, None, None, None, also) if last is base else (
            squares if squares != base_squares else None,
            (destroys,) if destroys != base_destroys else None,
            shortage if shortage != base_shortage else None,
            (reuses,) if reuses != base_reuses else None,
            also)
        t = differ.get(key)
        if t is None:
            t = differ[key] = len(then_json)
            then_json.append(_then(key, names))
        thens[key_id] = t
    return _Thens(then_json, thens, kept)


def _narrowed(offered: tuple[int, ...], kept: tuple[int, ...]) -> tuple[Any, ...] | None:
    """The pieces of ``offered`` a first action may still pick up or take back: None for all of them,
    else ``("only", squares)`` or ``("except", squares)``, whichever is shorter."""
    if len(kept) == len(offered):
        return None
    if 2 * len(kept) <= len(offered):
        return ("only", kept)
    keep = set(kept)
    return ("except", tuple(sq for sq in offered if sq not in keep))


def _narrowed_json(choice: tuple[Any, ...] | None, names: dict[int, str]) -> JSON | None:
    return None if choice is None else {choice[0]: [names[sq] for sq in choice[1]]}


def _then(key: tuple[Any, ...], names: dict[int, str]) -> JSON | None:
    """How the summon of a choice differs from its group's, as JSON (None: no difference), from its key
    (see :func:`_plan_groups`): the fields that differ (None when the same) and the pieces it may take
    back besides those of the group's summon."""
    squares, destroys, shortage, reuses, also = key
    out: JSON = {}
    if squares is not None:
        out["pattern_squares"] = [names[sq] for sq in squares]
    if destroys is not None:
        out["destroys"] = names[destroys[0][0]] if destroys[0] else None
        out["destroyed_piece"] = piece(destroys[0][1]) if destroys[0] else None
    if shortage is not None:
        out["shortage"] = shortage
    if reuses is not None:
        out["reuses"] = names[reuses[0]] if reuses[0] is not None else None
    if also:
        out["take_back_also"] = [names[sq] for sq in also]
    return out or None


def _summon_step(step: SummonStep, names: dict[int, str]) -> JSON:
    return {"action": "summon", "card": step.card.id, "target": names[step.target],
            "orientation": turned(step.orientation), **_summon_facts(step, names)}


def _summon_facts(step: SummonStep, names: dict[int, str], take_back: tuple[int, ...] | None = None) -> JSON:
    """What a summon uses and does (``take_back``: instead of the step's own)."""
    return {"pattern_squares": [names[sq] for sq in step.pattern_squares],
            "destroys": names[step.destroys[0]] if step.destroys else None,
            "destroyed_piece": piece(step.destroys[1]) if step.destroys else None,
            "shortage": step.shortage, "reuses": names[step.reuses] if step.reuses is not None else None,
            "take_back": [names[sq] for sq in (step.take_back if take_back is None else take_back)]}


def goal_report(report: GoalReport, board: Board, goal: str, goal_id: str, following: str | None,
                limit: int) -> JSON:
    """``plan --task`` / ``plan --flare``: whether the goal can be met at the end of the turn, and the
    distinct ends of turn that meet it (at most ``limit``; the counts stay exact)."""
    name = board.name
    ways = []
    for way in report.ways[:limit]:
        steps: list[JSON] = []
        for act in way.acts:
            if act.kind == "place":
                steps.append({"action": "place", "square": name(act.square),
                              "pick_up": name(act.pick_up) if act.pick_up is not None else None})
                continue
            assert act.card is not None and act.orientation is not None
            effect = None
            if act.outcome is not None:
                o = act.outcome
                effect = {"steps": o.step_dicts(), "actions_gained": o.actions_gained, "notes": list(o.notes),
                          "choices": [{"step": c.step, "kind": c.kind, "value": c.value} for c in o.choices]}
            steps.append({"action": "summon", "card": act.card.id, "target": name(act.square),
                          "orientation": turned(act.orientation),
                          "take_back": name(act.pick_up) if act.pick_up is not None else None,
                          "effect_resolved": act.resolved, "effect": effect,
                          "destroyed": [{"square": name(sq), "color": p.color, "rank": str(p.rank)}
                                        for sq, p in act.destroyed]})
        ways.append({"actions": len(way.acts), "sequences": way.sequences, "actions_left": way.actions_left,
                     "steps": steps, "position": position(way.position)})
    return {"player": report.player, "actions": report.actions, "goal": goal, "id": goal_id,
            "next_player": following, "claimed_by": report.claimed_by, "hand": [c.id for c in report.hand],
            "met_now": report.met_now,
            "possible": report.possible, "count": len(report.ways), "sequences": report.sequences,
            "states": report.states, "checked": report.checked, "truncated": report.truncated,
            "effects_truncated": report.effects_truncated,
            "effects_unresolved": report.unresolved,
            "ways": ways}


def _square_names(board: Board, squares: list[Any]) -> list[str]:
    return [board.name(sq) for sq in sorted(set(squares), key=square_order)]


def threats(t: Threats, board: Board, actions: int, *, every: bool = False, outcomes: int = 3,
            streamed: bool = False) -> JSON:
    """``plan --threats``: each opponent's plans (see :func:`plan_report`; ``streamed``: each opponent's entry made,
    and with ``every`` each of its plans, when it is written, as :class:`~tashkalar_cli.render.jsonstream.Items`)."""
    def entry(opp: Any) -> JSON:
        used = opp.report.squares()
        return {"color": opp.color, "deck": opp.deck,
                **plan_report(opp.report, board, every=every, outcomes=outcomes, streamed=streamed),
                "squares": {board.name(sq): n for sq, n in sorted(used.items(), key=lambda kv: square_order(kv[0]))},
                "effect_destroys": {board.name(sq): cards for sq, cards in opp.effect_destroys.items()}}

    entries = (entry(opp) for opp in t.opponents)
    return {"player": t.player, "actions": actions, "threats": True,
            "opponents": Items(entries) if streamed else list(entries)}

"""The planner with effects: ``plan --task``, ``plan --flare`` (every way to end the turn with a goal met),
the outcomes of each summon in ``plan``, and what the opponents' effects could destroy (``--threats``).

Each way is replayed with the rules' one implementation (Position.after_place / after_summon, the
resolver, Game.task / Game.flare); the place-only answers are held to a brute force over every pair
of places.
"""

from __future__ import annotations

import functools
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tashkalar_cli.games.tashkalar.engine.goals import Act
from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task
from tashkalar_cli.games.tashkalar.model.turn import Turn

from conftest import fewer_examples, spread

# blue has 3 of the 5 squares of the center cross; a place on e4 and one on e6 complete it
CROSS = "e5=blue,d5=blue,f5=blue,a5=red,i5=red:heroic,c3=blue,g7=red"
# blue leads red by 3 pieces: the Swordmaster on e5 (between e4 and e6) that destroys red's d6 makes it 5,
# the lower threshold of flare-3-5 for red: one action with the effect, two without
LEAD = "e4=blue,e6=blue,b2=blue,h2=blue,b8=blue,d6=red,i5=red"


def _replay(tk, pos, player, acts: tuple[Act, ...]):
    """The position and turn record after ``acts``, each action played again by the rules' own code."""
    turn = Turn(player, pos.mode, pos.players)
    for act in acts:
        if act.kind == "place":
            pos = pos.after_place(player, act.square, act.pick_up)
            continue
        after, gone = pos.after_summon(player, act.card.rank, act.square, act.pick_up)
        turn = turn.with_summon(act.card.id, act.square, gone)
        if act.outcome is not None:
            # the outcome starts from the summon played: its pieces are those of ``after`` changed by its steps
            changed = {c.square for c in act.outcome.steps} | {c.to for c in act.outcome.steps if c.to >= 0}
            assert {sq: p for sq, p in after.pieces.items() if sq not in changed} == {
                sq: p for sq, p in act.outcome.position.pieces.items() if sq not in changed}
            turn.destroyed += [p for _, p in act.outcome.destroyed]
            after = act.outcome.position
        pos = after
    return pos, turn


@functools.cache
def _plan_validators() -> tuple[Any, Any]:
    """Validators of schemas/output-plan.schema.json, whole and as the goal shape, made once for the module (the
    schema itself is checked against its metaschema once a run: tests/test_json_contract.py)."""
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "output-plan.schema.json")
                        .read_text(encoding="utf-8"))
    goal = {**schema, "$ref": "#/$defs/goal_output"}
    goal.pop("oneOf")
    kind = jsonschema.validators.validator_for(schema)
    return kind(schema), kind(goal)


def _conforms(out: dict) -> None:
    """The output is valid against schemas/output-plan.schema.json, as the goal shape (not another one)."""
    whole, goal = _plan_validators()
    whole.validate(out)
    goal.validate(out)


def _task_met(tk, pos, player, task, turn) -> bool:
    return check_task(tk.cards.get(task), Context(pos, player, None, turn, tk.cards)).met is True


def test_place_only_ways_equal_brute_force(tk):
    pos = tk.position(pieces=CROSS, mode="high-form")
    report = tk.plan_task(pos, "blue", "center-cross")
    assert not report.met_now and not report.hand
    found = {frozenset(w.position.pieces.items()): w.sequences for w in report.ways}
    # brute force: every place, then every pair of places in order
    empty = [sq for sq in tk.board.squares if sq not in pos.pieces]
    expected: dict[frozenset, int] = {}
    for sq in empty:
        one = pos.after_place("blue", sq)
        if _task_met(tk, one, "blue", "center-cross", Turn("blue", pos.mode, 2)):
            expected[frozenset(one.pieces.items())] = expected.get(frozenset(one.pieces.items()), 0) + 1
    for a, b in permutations(empty, 2):
        two = pos.after_place("blue", a).after_place("blue", b)
        if _task_met(tk, two, "blue", "center-cross", Turn("blue", pos.mode, 2)):
            expected[frozenset(two.pieces.items())] = expected.get(frozenset(two.pieces.items()), 0) + 1
    assert found == expected
    e4, e6 = tk.board.parse("e4"), tk.board.parse("e6")
    assert len(report.ways) == 1 and report.sequences == 2
    assert {a.square for a in report.ways[0].acts} == {e4, e6}


def test_one_action_is_not_enough_for_the_cross(tk):
    pos = tk.position(pieces=CROSS, mode="high-form")
    assert not tk.plan_task(pos, "blue", "center-cross", actions=1).possible


def test_a_task_already_met_needs_no_action(tk):
    pos = tk.position(pieces="e5=blue,d5=blue,f5=blue,e4=blue,e6=blue,a5=red", mode="high-form")
    report = tk.plan_task(pos, "blue", "center-cross", actions=1)
    assert report.met_now and report.possible and report.claimed_by is None


def test_a_task_claimed_already_is_said(cli, tmp_path):
    from conftest import write

    path = str(write(tmp_path / "p.yaml", "mode: high-form\npieces:\n  e5: blue\n  a5: red\n"
                     "tasks_claimed:\n  red: [center-cross]\n"))
    r = cli("plan", "-p", path, "--player", "blue", "--task", "center-cross", "--json")
    assert r.code == 0, r.err
    assert r.json["claimed_by"] == "red"
    other = cli("plan", "-p", path, "--player", "blue", "--task", "central-dominance", "--json")
    assert other.json["claimed_by"] is None


def test_every_way_replays_to_its_position_and_meets_the_task(tk):
    # the cross lacks e5: a place there, or the Swordmaster summoned there (on e4 and e6, or d5 and f5)
    pos = tk.position(pieces="d5=blue,f5=blue,e4=blue,e6=blue,d6=red,f4=red,a5=red", mode="high-form")
    report = tk.plan_task(pos, "blue", "center-cross", ["swordmaster", "knight"])
    summoned = [w for w in report.ways if any(a.kind == "summon" and a.outcome is not None for a in w.acts)]
    assert summoned and any(len(w.acts) == 1 for w in summoned)
    assert any(a.outcome is not None and a.outcome.destroyed for w in summoned for a in w.acts)
    for way in report.ways:
        after, turn = _replay(tk, pos, "blue", way.acts)
        assert after.pieces == way.position.pieces
        assert _task_met(tk, after, "blue", "center-cross", turn)


def test_flare_for_the_next_player_counts_the_effect(tk):
    pos = tk.position(pieces=LEAD)
    following, report = tk.plan_flare(pos, "blue", "flare-3-5", ["swordmaster"])
    from tashkalar_cli.games.tashkalar.render import jsonplan
    from tashkalar_cli.render.jsonout import document

    _conforms(document("plan", jsonplan.goal_report(report, tk.board, "flare", "flare-3-5", following, 3)))
    assert following == "red" and not report.met_now
    one = [w for w in report.ways if len(w.acts) == 1]
    # in one action only the Swordmaster whose effect destroys red's d6 does it
    assert one and all(w.acts[0].card is not None and w.acts[0].card.id == "swordmaster" for w in one)
    assert all(w.acts[0].outcome is not None and w.acts[0].outcome.destroyed for w in one)
    for way in report.ways:
        after, _ = _replay(tk, pos, "blue", way.acts)
        assert tk.flare("flare-3-5", after, "red", "blue").can_invoke
    # without the hand, two places are needed
    _, places = tk.plan_flare(pos, "blue", "flare-3-5")
    assert places.ways and min(len(w.acts) for w in places.ways) == 2


def test_a_card_without_effect_data_is_said_unresolved(data_copy):
    """Every shipped card has its effect as data: a data folder where one lacks it (the Knight) gets
    an answer that names it as unresolved."""
    import yaml

    from tashkalar_cli import Game

    path = data_copy / "cards" / "beings" / "imperial.yaml"
    deck = yaml.safe_load(path.read_text(encoding="utf-8"))
    for card in deck["cards"]:
        if card["id"] == "knight":
            del card["effect"]
    path.write_text(yaml.safe_dump(deck, allow_unicode=True, sort_keys=False), encoding="utf-8")
    game = Game(data=data_copy)
    pos = game.position(pieces=LEAD, mode="high-form")
    assert game.being("knight").program() is None
    report = game.plan_task(pos, "blue", "center-cross", ["knight"])
    assert report.unresolved == ["knight"]


def test_goal_cli_text_json_and_bad_input(cli, tmp_path):
    from conftest import write

    path = str(write(tmp_path / "cross.yaml", "mode: high-form\npieces:\n" + "".join(
        f"  {sq}: {spec.replace(':', ' ') if ':' in spec else spec}\n"
        for sq, spec in (item.split("=") for item in CROSS.split(",")))))
    r = cli("plan", "-p", path, "--player", "blue", "--task", "center-cross", "--json")
    assert r.code == 0, r.err
    _conforms(r.json)
    assert r.json["goal"] == "task" and r.json["count"] == 1 and r.json["sequences"] == 2
    assert {s["square"] for s in r.json["ways"][0]["steps"]} == {"e4", "e6"}
    fr = cli("plan", "-p", path, "--player", "blue", "--task", "center-cross", "--lang", "fr")
    assert fr.code == 0 and "Objectif" in fr.out and "e4" in fr.out
    assert cli("plan", "-p", path, "--player", "blue", "--task", "center-cross", "--limit", "0").code == 0
    for bad in (["--task", "center-cross", "--flare", "flare-3-5"], ["--against", "red"],
                ["--task", "center-cross", "--threats"], ["--task", "center-cross", "--limit", "-1"],
                ["--task", "no-such-task"]):
        got = cli("plan", "-p", path, "--player", "blue", *bad)
        assert got.code == 2 and "Traceback" not in got.err and got.err.strip().count("\n") == 0, (bad, got.err)
    duel = cli("plan", "--pieces", CROSS, "--player", "blue", "--task", "center-cross")
    assert duel.code == 2 and "high-form" in duel.err


# ---------------------------------------------------------------------- outcomes in plan, and threats

def test_plan_gives_each_summons_outcomes_within_the_bound(tk):
    pos = tk.position(pieces=LEAD)
    report = tk.plan(pos, "blue", ["swordmaster"], effects_budget=2000)
    now = next(g for g in report.groups if g.actions == 1)
    assert now.effect_state == "resolved" and now.effect is not None
    destroyed = [{tk.board.name(sq) for sq, _ in o.destroyed} for o in now.effect.outcomes]
    assert {"d6"} in destroyed and set() in destroyed     # "may": destroy d6 or not
    starved = tk.plan(pos, "blue", ["swordmaster"], effects_budget=1)
    assert {g.effect_state for g in starved.groups} >= {"budget"}
    assert tk.plan(pos, "blue", ["swordmaster"]).groups[0].effect_state == "not-asked"


def test_threats_name_what_the_opponents_effects_could_destroy(tk, cli):
    pos = tk.position(pieces="e4=red,e6=red,d6=blue,b2=blue,h8=blue")
    found = tk.threats(pos, "blue", {"red": "imperial"}, effects_budget=0)
    destroys = {tk.board.name(sq): cards for sq, cards in found.opponents[0].effect_destroys.items()}
    assert "swordmaster" in destroys.get("d6", [])
    assert "b2" not in destroys or "swordmaster" not in destroys["b2"]   # not diagonal to any summon of it
    r = cli("plan", "--pieces", "e4=red,e6=red,d6=blue,b2=blue,h8=blue", "--player", "blue", "--threats",
            "--deck", "red=imperial", "--json")
    assert r.code == 0, r.err
    assert "swordmaster" in r.json["opponents"][0]["effect_destroys"]["d6"]


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_effect_lines_in_every_language(cli, tk, lang):
    r = cli("plan", "--pieces", LEAD, "--player", "blue", "--hand", "swordmaster", "--lang", lang)
    assert r.code == 0, r.err
    assert "e5" in r.out and tk.localizer(lang).number(2000) in r.out   # the bound, in the language's digits


def _naive_ends(tk, pos, player, hand, actions, met):
    """Every end of turn where the goal becomes met, by plain recursion over every action and every
    outcome (no merging, no pruning): {(pieces, destroyed, summoned): sequences}."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_placement

    found: dict = {}

    def key(p, turn):
        return (frozenset(p.pieces.items()), tuple(sorted(str(x) for x in turn.destroyed)),
                tuple(sorted((s.card, s.square) for s in turn.summoned)))

    def walk(p, turn, left, used):
        if left == 0:
            return
        children = []
        empty = [sq for sq in tk.board.squares if sq not in p.pieces]
        for sq in empty:     # the positions used here have common pieces off the board
            children.append((p.after_place(player, sq), turn, left - 1))
        for card in hand:
            if card.id in used:
                continue
            for pl in tk.engine.check(card, p, player, None, explain=False).placements:
                _, gone = p.after_summon(player, card.rank, pl.target, None)
                t1 = turn.with_summon(card.id, pl.target, gone)
                res = resolve_placement(tk.engine, card, p, player, pl, actions_left=left - 1, max_states=1000)
                for o in res.outcomes:
                    t2 = Turn(t1.player, t1.mode, t1.players, [*t1.destroyed, *(x for _, x in o.destroyed)],
                              list(t1.summoned))
                    children.append((o.position, t2, left - 1 + o.actions_gained, used | {card.id}))
        for child in children:
            q, t, n = child[:3]
            u = child[3] if len(child) > 3 else used
            if met(q, t):
                k = key(q, t)
                found[k] = found.get(k, 0) + 1
            else:
                walk(q, t, n, u)

    walk(pos, Turn(player, pos.mode, pos.players), actions, frozenset())
    return found


@pytest.mark.slow
def test_goal_search_equals_plain_recursion_with_summons(tk):
    """Sound and complete with summons and effects: the search's ways (and their counts) are those of a
    plain recursion over every action and outcome."""
    pos = tk.position(pieces="d5=blue,f5=blue,e4=blue,e6=blue,d6=red,f4=red,a5=red,c3=blue", mode="high-form")
    hand = [tk.being("swordmaster"), tk.being("knight")]
    task = tk.cards.get("center-cross")

    def met(p, turn):
        return check_task(task, Context(p, "blue", "red", turn, tk.cards)).met is True

    expected = _naive_ends(tk, pos, "blue", hand, 2, met)
    report = tk.plan_task(pos, "blue", "center-cross", hand)
    assert not report.truncated and not report.effects_truncated
    got = {(frozenset(w.position.pieces.items()), tuple(sorted(str(x) for x in w.turn.destroyed)),
            tuple(sorted((s.card, s.square) for s in w.turn.summoned))): w.sequences for w in report.ways}
    assert got == expected and len(got) > 5


def _answer(report) -> tuple:
    """A goal report as data: whether met now, and each way's end of turn (pieces, destroyed) and sequences."""
    return (report.met_now,
            sorted((tuple(sorted((sq, p.color, str(p.rank)) for sq, p in w.position.pieces.items())),
                    tuple(sorted((p.color, str(p.rank)) for p in w.turn.destroyed)), w.sequences) for w in report.ways))


@pytest.mark.parametrize("goal", spread(["task:destruction", "task:red-conquest", "task:line-dominance",
                                         "task:central-dominance", "flare:flare-3-5"], keep=1))
def test_the_bound_of_a_goal_drops_nothing_that_meets_it(tk, monkeypatch, goal):
    """The goal search drops a sequence only when what is left to play cannot meet the goal (tasks.within_reach,
    flares.within_reach, goals.effect_reach): the same ways, each with as many sequences, as without the bound."""
    from pathlib import Path

    from tashkalar_cli.games.tashkalar.engine import goals

    pos = tk.position(str(Path(__file__).resolve().parent.parent / "benchmarks" / "high-form.yaml"))
    hand = ["swordmaster", "knight", "hypnotist"]
    kind, name = goal.split(":")

    def ask():
        if kind == "task":
            return tk.plan_task(pos, "blue", name, hand)
        return tk.plan_flare(pos, "blue", name, hand)[1]

    bounded = ask()
    init = goals.GoalSearch.__init__

    def unbounded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.reachable = None

    monkeypatch.setattr(goals.GoalSearch, "__init__", unbounded)
    full = ask()
    assert _answer(bounded) == _answer(full)
    assert not full.truncated and not bounded.truncated
    assert bounded.states <= full.states


def test_effect_reach_reads_what_a_program_can_change(tk):
    """The bound of each card: the Swordmaster destroys and upgrades at most one piece, the Knight moves itself
    (one piece) destroying up to 3, the Hypnotist moves up to 3 pieces of an enemy color; the High Priestess's
    standard move may destroy a piece of lower rank too."""
    from tashkalar_cli.games.tashkalar.engine.goals import effect_reach

    def reach(card: str) -> dict:
        got, gains = effect_reach(tk.being(card).program(), len(tk.board.colors))
        assert not gains and got is not None
        return {k: v for k, v in got.items() if v}

    assert reach("swordmaster") == {"destroy": 1, "upgrade": 1}
    assert reach("knight") == {"move": 1, "combat": 3}
    assert reach("hypnotist") == {"move_enemy": 3, "combat": 3}
    assert reach("high-priestess") == {"move": 1, "combat": 1, "upgrade": 1}


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["high-form", "melee"])
def test_the_bound_drops_nothing_on_random_positions(tk, monkeypatch, mode):
    """On random positions, hands and goals (tasks in High Form, flares in a melee), the bounded search gives
    the answer of the search without the bound (searches cut by their bound on states are left out)."""
    tasks = ["destruction", "devastation", "heroic-destruction", "end-of-legends", "red-conquest", "color-conquest",
             "green-legends", "rainbow-dominance", "red-summoning", "legendary-summoning", "central-dominance",
             "center-cross", "line-dominance", "diagonals"]
    beings = [c.id for c in tk.cards.beings if c.deck in ("imperial", "legends", "nethervoid", "highland")]
    _bounded_against_unbounded(tk, monkeypatch, mode, tasks, seed=21, count=40, sizes=(10, 24),
                               ranks=["common"] * 6 + ["heroic"] * 3 + ["legendary"],
                               hand=lambda rng: rng.sample(beings, 3), actions=(None,))


def _bounded_against_unbounded(tk, monkeypatch, mode, tasks, *, seed, count, sizes, ranks, hand, actions):
    """``count`` random positions (``sizes``: the fewest and most pieces) where the bounded search gives the
    answer of the search without the bound (tasks in High Form, flares in a melee; ``hand(rng)``: the cards;
    ``actions``: the actions left to choose from, None: the default), and the bound dropped something in more
    than ten of them."""
    import random

    from tashkalar_cli.errors import InputError
    from tashkalar_cli.games.tashkalar.engine import goals

    flares = ["flare-3-6", "flare-4-4", "flare-3-5", "flare-4-5"]
    colors = ["blue", "red"] if mode == "high-form" else ["blue", "red", "yellow"]
    squares = [tk.board.name(sq) for sq in tk.board.squares]
    rng = random.Random(seed)
    init = goals.GoalSearch.__init__

    def unbounded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.reachable = None

    compared = pruned = 0
    while compared < count:
        pieces = ",".join(f"{sq}={rng.choice(colors)}:{rng.choice(ranks)}"
                          for sq in rng.sample(squares, rng.randint(*sizes)))
        try:
            pos = tk.position(pieces=pieces, mode=mode)
        except InputError:      # more pieces of a rank than a color owns
            continue
        cards = hand(rng)
        goal = rng.choice(tasks if mode == "high-form" else flares)
        left = rng.choice(actions) if len(actions) > 1 else actions[0]
        more = {} if left is None else {"actions": left}

        def ask(goal=goal, pos=pos, cards=cards, more=more):
            if goal.startswith("flare"):
                return tk.plan_flare(pos, "blue", goal, cards, **more)[1]
            return tk.plan_task(pos, "blue", goal, cards, **more)

        bounded = ask()
        with monkeypatch.context() as m:
            m.setattr(goals.GoalSearch, "__init__", unbounded)
            full = ask()
        if bounded.truncated or full.truncated:
            continue
        assert _answer(bounded) == _answer(full), (goal, cards, left, pieces)
        compared += 1
        pruned += bounded.pruned > 0
    assert pruned > 10


# ---------------------------------------------------------------------- the search's own board codes

def _random_position(tk, rng, colors=("blue", "red"), mode="high-form"):
    """A random position of 6 to 30 pieces (retried until its pieces are within what each color owns)."""
    from tashkalar_cli.errors import InputError

    squares = [tk.board.name(sq) for sq in tk.board.squares]
    ranks = ["common"] * 6 + ["heroic"] * 3 + ["legendary"]
    while True:
        pieces = ",".join(f"{sq}={rng.choice(colors)}:{rng.choice(ranks)}" for sq in rng.sample(squares, rng.randint(6, 30)))
        try:
            return tk.position(pieces=pieces, mode=mode)
        except InputError:
            continue


def test_a_context_from_codes_is_the_context_of_the_position(tk):
    """Context.of_codes (the goal search's board codes, no position built) gives the masks of Context(position),
    each color's pieces, and so the same answer of every task evaluator, on random positions (3 colors)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tashkalar_cli.games.tashkalar.engine.goals import _pieces_key
    from tashkalar_cli.games.tashkalar.engine.tasks import EVALUATORS, within_reach
    from tashkalar_cli.games.tashkalar.model.cards import Task

    tasks = tk.cards.of_type(Task)
    assert tasks and {t.criterion.kind for t in tasks} == set(EVALUATORS)
    colors = tk.board.colors

    @settings(max_examples=40, deadline=None)
    @given(rng=st.randoms(use_true_random=False))
    def check(rng):
        pos = _random_position(tk, rng, ("blue", "red", "yellow"), "melee")
        player, against = rng.sample(["blue", "red", "yellow"], 2)
        turn = Turn(player, pos.mode, pos.players)

        class Seen:
            position = pos

        a = Context(pos, player, against, turn, tk.cards)
        b = Context.of_codes(_pieces_key(pos), pos.board, player, against, turn, tk.cards, Seen())
        assert (a.mine, a.mine_up, a.mine_leg, a.enemy) == (b.mine, b.mine_up, b.mine_leg, b.enemy)
        for color in colors:
            for upgraded in (False, True):
                assert a.pieces_of(color, upgraded) == b.pieces_of(color, upgraded) == \
                    pos.mask(color, "heroic" if upgraded else "common")
        for task in tasks:
            x, y = check_task(task, a), check_task(task, b)
            assert (x.met, x.requirements, x.squares, x.against) == (y.met, y.requirements, y.squares, y.against)
            for reach in (None, {"place": 1}, {"summon": 1, "destroy": 1, "move": 2}):
                assert within_reach(task, a, reach) == within_reach(task, b, reach)

    check()


def test_flare_counts_from_codes_are_the_counts_of_the_position(tk):
    """flares.counts_of_codes gives flares.counts (a color's upgraded pieces and all its pieces) on random
    positions, for every color of the board, on it or not."""
    import random

    from tashkalar_cli.games.tashkalar.engine.flares import counts, counts_of_codes
    from tashkalar_cli.games.tashkalar.engine.goals import _pieces_key

    rng = random.Random(7)
    for _ in range(30):
        pos = _random_position(tk, rng, ("blue", "red", "yellow"), "melee")
        codes = _pieces_key(pos)
        for color in tk.board.colors:
            assert counts_of_codes(codes, tk.board.colors, color) == counts(pos, color)


def test_the_codes_after_a_summon_are_those_of_the_position_after_it(tk):
    """The bound of a last summon reads the board right after the summon from codes (GoalSearch._summoned_codes):
    for every legal placement (and piece taken back, in shortage) of several beings on random positions, they are
    the codes of the position the summon rule makes (markers.after_summon)."""
    import random

    from tashkalar_cli.games.tashkalar.engine.goals import GoalSearch, _pieces_key
    from tashkalar_cli.games.tashkalar.engine.markers import after_summon
    from tashkalar_cli.games.tashkalar.model.types import PieceKind

    rng = random.Random(11)
    beings = [tk.being(c) for c in ("swordmaster", "knight", "hypnotist", "fire-dragon", "hell-bull", "gate-keeper",
                                    "high-priestess", "warlord", "angel-of-death")]
    tried = shortage = 0
    for i in range(25):
        pos = _random_position(tk, rng)
        if i % 3 == 0:       # piece shortage: no common piece, no legendary piece left off the board
            pos.supply_override = {"blue": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0}}
        search = GoalSearch(tk.engine, pos, "blue", beings, 1, lambda seen, turn: False)
        codes = _pieces_key(pos)
        for card in beings:
            for p in tk.engine.check(card, pos, "blue", None, explain=False).placements:
                takes = list(p.take_back) if p.shortage and p.reuses is None else [None]
                for tb in takes:
                    after, _ = after_summon(card, pos, "blue", p.target, tb, p.pattern_squares)
                    assert search._summoned_codes(codes, card, p.target, tb) == _pieces_key(after)
                    tried += 1
                    shortage += tb is not None or p.shortage
    assert tried > 100 and shortage > 5


def test_a_reach_unbounded_in_one_kind_still_bounds_the_others(tk, monkeypatch):
    """The Fire Dragon destroys every piece of an area: no bound on what it destroys, but it places nothing; a task
    that counts the player's pieces on red squares is still bounded with it in hand (the search drops sequences),
    and finds what the search without the bound finds."""
    from pathlib import Path

    from tashkalar_cli.games.tashkalar.engine import goals
    from tashkalar_cli.games.tashkalar.engine.goals import effect_reach

    reach, gains = effect_reach(tk.being("fire-dragon").program(), len(tk.board.colors))
    assert reach is not None and reach["destroy"] is None and not gains
    assert all(v == 0 for k, v in reach.items() if k != "destroy")
    pos = tk.position(str(Path(__file__).resolve().parent.parent / "benchmarks" / "high-form.yaml"))
    init = goals.GoalSearch.__init__

    def unbounded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.reachable = None

    # blue has 1 piece on red squares (3 needed), and one action: no summon of the Dragon can make it 3
    one = tk.plan_task(pos, "blue", "red-conquest", ["fire-dragon"], actions=1)
    assert not one.possible and one.states == 0 and one.pruned == 1     # dropped before any action is tried
    bounded = tk.plan_task(pos, "blue", "red-conquest", ["fire-dragon", "swordmaster"])
    with monkeypatch.context() as m:
        m.setattr(goals.GoalSearch, "__init__", unbounded)
        assert _answer(tk.plan_task(pos, "blue", "red-conquest", ["fire-dragon"], actions=1)) == _answer(one)
        full = tk.plan_task(pos, "blue", "red-conquest", ["fire-dragon", "swordmaster"])
    assert _answer(bounded) == _answer(full)
    assert bounded.pruned > 0 and bounded.checked < full.checked


_KINDS = ["place", "summon", "destroy", "move", "combat", "upgrade"]


@fewer_examples(50)
@settings(max_examples=200, deadline=None)
@given(options=st.lists(st.dictionaries(st.sampled_from(_KINDS), st.integers(0, 4), max_size=4), min_size=1, max_size=6),
       actions=st.integers(1, 3), w=st.dictionaries(st.sampled_from(_KINDS), st.integers(1, 2), max_size=4))
def test_a_budget_weighs_the_best_actions_together(options, actions, w, examples):
    """reach.gain of a Budget is the most any ``actions`` of its options can add (brute force over every choice of
    them), never more than the most of each kind taken apart, and None when an option has no bound on a kind
    that counts."""
    from itertools import combinations

    from tashkalar_cli.games.tashkalar.engine.reach import Budget, gain

    got = gain(Budget(tuple(options), actions), w)
    best = max(sum(gain(o, w) for o in chosen)
               for n in range(1, min(actions, len(options)) + 1) for chosen in combinations(options, n))
    assert got == best
    per_kind = {k: sum(sorted((o.get(k, 0) for o in options), reverse=True)[:actions]) for k in _KINDS}
    assert got <= gain(per_kind, w)
    if w:       # one more option, with no bound on a kind that counts
        assert gain(Budget((*options, {next(iter(w)): None}), actions), w) is None


# ---------------------------------------------------------------------- the bound of a being that only moves itself

def test_effect_walk_reads_the_beings_that_only_move_themselves(tk):
    """effect_walk: the Knight (3 steps), the Dire Wolf (2) and the Snow Fox (2) only move themselves a step at a
    time; a being that also destroys or upgrades (Swordmaster, High Priestess), moves other pieces (Hypnotist),
    leaps (Wild Eagle) or moves any number of times (Hell Bull) is not a walk."""
    from tashkalar_cli.games.tashkalar.engine.goals import effect_walk

    def steps(card: str) -> int | None:
        got = effect_walk(tk.being(card).program())
        return None if got is None else got[0]

    assert (steps("knight"), steps("dire-wolf"), steps("snow-fox")) == (3, 2, 2)
    for card in ("swordmaster", "high-priestess", "hypnotist", "wild-eagle", "hell-bull", "fire-dragon"):
        assert steps(card) is None, card


def test_a_walk_destroys_what_one_walk_of_its_steps_can_reach(tk):
    """Walk.most_destroyed is the most pieces of a set one walk of n steps (each to an adjacent square of the
    board) can end a step on: a brute force over every walk, on random sets of pieces, starts and steps."""
    import random

    from tashkalar_cli.games.tashkalar.engine.reach import Walk

    board = tk.board
    squares = list(board.squares)
    rng = random.Random(5)

    def brute(start: int, steps: int, prey: int) -> int:
        best = 0

        def go(at: int, left: int, taken: frozenset[int]) -> None:
            nonlocal best
            best = max(best, len(taken))
            if left:
                for nb in board.neighbours(at):
                    go(nb, left - 1, taken | {nb} if prey >> nb & 1 else taken)

        go(start, steps, frozenset())
        return best

    found = set()
    for _ in range(150):
        start, steps = rng.choice(squares), rng.randint(1, 3)
        near = [sq for sq in squares if sq != start and board.distance(start, sq) <= steps + 1]
        prey = sum(1 << sq for sq in rng.sample(near, min(len(near), rng.randint(1, 6))))
        among = -1 if rng.random() < 0.5 else sum(1 << sq for sq in rng.sample(squares, 40))
        walk = Walk({"move": 1, "combat": steps}, start, steps, prey, board.distance)
        got = walk.most_destroyed(among)
        assert got == brute(start, steps, prey & among), (board.name(start), steps)
        found.add(got)
    assert {0, 1, 2, 3} <= found


# the Knight summoned on d5 (its pattern: c4, d4, e4 and c3) with blue's pieces on file e: e1-e4 and e9
KNIGHT_D5 = "c4=blue,d4=blue,e4=blue,c3=blue"


@pytest.mark.parametrize(("task", "pieces"), [
    # file e: blue 5, red 2 (e6, e7, heroic): the Knight steps onto the file destroying both, a margin of 6
    ("line-dominance", KNIGHT_D5 + ",e1=blue,e2=blue,e3=blue,e9=blue,e6=red:heroic,e7=red:heroic,b8=red:heroic,a5=red"),
    # the same on e5, the Knight on the file already: 6 blue (the Knight one of them) against 2, then 6 against 0
    ("line-dominance", "d4=blue,e4=blue,f4=blue,d3=blue,e1=blue,e2=blue,e3=blue,e9=blue,e6=red:heroic,"
                       "e7=red:heroic,b8=red:heroic,a5=red"),
    # three red heroic pieces in a row above d5: three steps destroy them all; on g3 (f2, g2, h2, f1), none is
    # in reach
    ("destruction", KNIGHT_D5 + ",e6=red:heroic,e7=red:heroic,e8=red:heroic,b8=red:heroic,a5=red,"
                    "f2=blue,g2=blue,h2=blue,f1=blue"),
])
def test_the_walk_bound_keeps_a_last_knight_that_meets_the_goal(tk, monkeypatch, task, pieces):
    """The bound of a last summon whose effect only moves the being (reach.Walk: what a walk of its steps can
    destroy, on which line) is exact in these positions: the Knight that meets the task with its last step is kept,
    the ways are those of the search without the bound, and other summons of it are dropped."""
    from tashkalar_cli.games.tashkalar.engine import goals

    pos = tk.position(pieces=pieces, mode="high-form")
    bounded = tk.plan_task(pos, "blue", task, ["knight"], actions=1)
    init = goals.GoalSearch.__init__

    def searched(without):
        def init_without(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if without == "walk":
                self._walks = {}       # the effect's reach alone, read from its program
            else:
                self.reachable = None

        with monkeypatch.context() as m:
            m.setattr(goals.GoalSearch, "__init__", init_without)
            return tk.plan_task(pos, "blue", task, ["knight"], actions=1)

    full, no_walk = searched("bound"), searched("walk")
    assert bounded.possible and _answer(bounded) == _answer(full) == _answer(no_walk)
    assert all(w.acts[-1].card.id == "knight" and len(w.acts[-1].destroyed) >= 2 for w in bounded.ways)
    assert bounded.pruned > no_walk.pruned


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["high-form", "melee"])
def test_the_walk_bound_drops_nothing_on_random_positions(tk, monkeypatch, mode):
    """On random positions, with hands of beings that only move themselves (walks) and others, the bounded search
    gives the answer of the search without the bound, for the tasks and flares the walk's bound weighs."""
    tasks = ["destruction", "devastation", "heroic-destruction", "end-of-legends", "line-dominance",
             "rainbow-dominance", "red-conquest", "central-dominance"]
    walkers = ["knight", "dire-wolf", "wolf-rider", "snow-fox", "werewolf", "hungry-bear", "hell-rider", "polar-bear"]
    others = ["swordmaster", "hypnotist", "high-priestess"]
    _bounded_against_unbounded(tk, monkeypatch, mode, tasks, seed=33, count=30, sizes=(12, 26),
                               ranks=["common"] * 5 + ["heroic"] * 4 + ["legendary"],
                               hand=lambda rng: rng.sample(walkers, 2) + rng.sample(others, 1), actions=(1, 2))


@pytest.mark.parametrize(("card", "pieces"), [
    # file e: blue 6, red 1 (e6); the Swordmaster on d5 (d6, d4) destroys e6, diagonal to it: a margin of 6
    ("swordmaster", "d6=blue,d4=blue,e1=blue,e2=blue,e3=blue,e4=blue,e5=blue,e9=blue,e6=red,b8=red"),
    # file e: blue 6, red 2 (e6, e7); the Hypnotist on b5 (c6, a5, c5, a4) moves both off the file
    ("hypnotist", "c6=blue,a5=blue,c5=blue,a4=blue,e1=blue,e2=blue,e3=blue,e4=blue,e5=blue,e9=blue,e6=red,e7=red,"
                  "h8=red"),
])
def test_a_last_effect_that_takes_the_opponents_pieces_off_a_line_is_kept(tk, monkeypatch, card, pieces):
    """An effect that puts none of the player's pieces on the board (reach.adds_own) raises the margin on a line
    by at most the opponent's pieces on it (tasks.LESS_OPPONENT): here exactly that many, and the ways of the last
    summon that take them all off the line are those of the search without the bound."""
    from tashkalar_cli.games.tashkalar.engine import goals

    pos = tk.position(pieces=pieces, mode="high-form")
    bounded = tk.plan_task(pos, "blue", "line-dominance", [card], actions=1)
    init = goals.GoalSearch.__init__

    def unbounded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.reachable = None

    monkeypatch.setattr(goals.GoalSearch, "__init__", unbounded)
    full = tk.plan_task(pos, "blue", "line-dominance", [card], actions=1)
    assert _answer(bounded) == _answer(full)
    assert any(w.acts[-1].card is not None and w.acts[-1].card.id == card for w in bounded.ways)


def test_what_puts_none_of_the_players_pieces_on_the_board(tk):
    """reach.adds_own: the Swordmaster's and the Hypnotist's effects (destroy, upgrade; the enemy's pieces moved)
    put none of the player's pieces on a square; the Knight's (it moves), a place and a summon may."""
    from tashkalar_cli.games.tashkalar.engine.goals import SUMMON, effect_reach
    from tashkalar_cli.games.tashkalar.engine.reach import adds_own

    def reach(card: str) -> dict:
        got, _ = effect_reach(tk.being(card).program(), len(tk.board.colors))
        assert got is not None
        return got

    assert not adds_own(reach("swordmaster")) and not adds_own(reach("hypnotist"))
    assert not adds_own(reach("fire-dragon"))
    assert adds_own(reach("knight")) and adds_own({"place": 1}) and adds_own(SUMMON)
    assert adds_own({"destroy": 1, "convert": None})


def test_the_summon_checks_masks_are_the_positions(tk):
    """summoning._Context makes its masks in one pass over the pieces: they are Position.mask's (the player's and
    the allowed enemy's pieces of at least each rank, anyone's above each rank, every piece), and the player's pieces
    of each kind, on random positions."""
    import random

    from tashkalar_cli.games.tashkalar.engine.summoning import _Context
    from tashkalar_cli.games.tashkalar.model.types import RANKS, PieceKind

    rng = random.Random(3)
    for _ in range(30):
        pos = _random_position(tk, rng, ("blue", "red", "yellow"), "melee")
        player, other = rng.sample(["blue", "red", "yellow"], 2)
        for allow in (None, other, player):
            ctx = _Context(tk.board, pos, player, allow)
            enemy = ctx.allow_enemy
            assert ctx.own == [pos.mask(player, r) for r in RANKS]
            assert ctx.enemy == [pos.mask(enemy, r) if enemy else 0 for r in RANKS]
            assert list(ctx.masks.above) == [pos.mask(None, RANKS[i + 1]) if i + 1 < len(RANKS) else 0 for i in range(len(RANKS))]
            assert ctx.occupied == pos.occupied
            for kind in PieceKind:
                assert ctx.own_kind(kind) == sum(1 << sq for sq, p in pos.pieces.items()
                                                 if p.color == player and p.kind is kind)

"""``plan --task`` with every card in hand stays bounded (issue 29, "bounded work for any input").

A goal search keeps at most 5,000 states, but each state may summon any card of the hand: with every being in
hand on a board where effects are large, it resolved tens of thousands of effects (23,684 on
benchmarks/hypnotist-20.yaml as High Form: 10 s, 270 MB). The effects resolved in one search now share a bound
on their work (``bounds.GOAL_EFFECTS_BUDGET``): past it the search stops and the answer says so. The isolation
task's check, asked for every end of turn, reads masks made once per square instead of every pair of pieces.
Work is counted, never seconds.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_EFFECT_STATES, GOAL_EFFECTS_BUDGET, GOAL_RESOLUTION_WEIGHT
from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task
from tashkalar_cli.games.tashkalar.model.board import bits

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
HYPNOTIST = str(BENCH / "hypnotist-20.yaml")


#: the bound on the effects' work of a goal search: a tenth of the default in the default run (the same search, every
#: being in hand, stops at it the same way, in a tenth of the work), the default bound itself in the slow run
BUDGETS = [pytest.param(GOAL_EFFECTS_BUDGET // 10, id="a-tenth-of-the-default-budget"),
           pytest.param(GOAL_EFFECTS_BUDGET, id="the-default-budget", marks=pytest.mark.slow)]


@pytest.mark.parametrize("budget", BUDGETS)
def test_the_effects_of_a_goal_search_share_a_bound(tk: Any, monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
    from tashkalar_cli.games.tashkalar.engine import goals

    monkeypatch.setattr(goals, "EFFECTS_BUDGET", budget)
    pos = tk.position(HYPNOTIST, mode="high-form")
    hand = [c.id for c in tk.cards.beings]
    report = tk.plan_task(pos, "blue", "heroic-devastation", hand)
    assert report.truncated and report.effects_spent
    # the last resolution may pass the bound by its own bound at most
    assert budget <= report.effect_states <= budget + max(GOAL_EFFECT_STATES, GOAL_RESOLUTION_WEIGHT)


def test_the_answer_says_the_bound_on_effects(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tashkalar_cli.games.tashkalar.engine import goals

    monkeypatch.setattr(goals, "EFFECTS_BUDGET", 100)
    result = cli("plan", "--position", HYPNOTIST, "--mode", "high-form", "--player", "blue", "--hand",
                 "hypnotist,swordmaster,knight", "--task", "heroic-devastation", "--lang", "en")
    assert result.code == 0, result.err
    assert "The search stopped at its bound on the effects it resolves" in " ".join(result.out.split())
    json = cli("plan", "--position", HYPNOTIST, "--mode", "high-form", "--player", "blue", "--hand",
               "hypnotist,swordmaster,knight", "--task", "heroic-devastation", "--json").json
    assert json["truncated"] is True


def _isolation_by_pairs(ctx: Context, c: Any) -> tuple[bool, list[int]]:
    """The isolation check as it was written first (every pair of pieces): the reference."""
    board, occupied = ctx.board, ctx.pos.occupied
    enemy_color = {sq: p.color for sq, p in ctx.pos.pieces.items() if p.color != ctx.player}
    for sq in sorted(enemy_color):
        friends = 0
        for other in enemy_color:
            if other != sq and enemy_color[other] == enemy_color[sq]:
                friends |= 1 << other
        near = [o for o in bits(friends) if board.distance(sq, o) <= c["distance"]]
        if not near:
            continue
        reach = {sq: 0}
        queue: deque[int] = deque([sq])
        touched = False
        while queue and not touched:
            cur = queue.popleft()
            if board.adjacent_mask(cur) & friends & ~(1 << sq):
                touched = True
                break
            if reach[cur] == c["moves"]:
                continue
            for nb in board.neighbours(cur):
                if nb not in reach and not occupied >> nb & 1:
                    reach[nb] = reach[cur] + 1
                    queue.append(nb)
        if not touched:
            return True, [sq, *near]
    return False, []


def test_isolation_reads_as_the_pairs_did(tk: Any) -> None:
    task = tk.cards.by_id["isolation"]
    rng = random.Random(4)
    squares = list(tk.board.squares)
    checked = met = 0
    for _ in range(300):
        red = rng.sample(squares, rng.randint(2, 6))
        blue = [sq for sq in rng.sample(squares, 12) if sq not in red]
        if rng.random() < 0.5:   # a red piece walled in by blue ones (some of its neighbours left empty)
            blue += [nb for nb in tk.board.neighbours(red[0]) if nb not in red and rng.random() < 0.9]
        blue = list(dict.fromkeys(blue))[:17]
        pieces = ",".join([*(f"{tk.board.name(sq)}=red" for sq in red), *(f"{tk.board.name(sq)}=blue" for sq in blue)])
        pos = tk.position(pieces=pieces, mode="high-form")
        ctx = Context(pos, "blue", None, None, tk.cards)
        got = check_task(task, ctx)
        expected = _isolation_by_pairs(ctx, task.criterion)
        assert (bool(got.met), list(got.squares) if got.met else []) == expected
        checked += 1
        met += bool(got.met)
    assert checked == 300 and 0 < met < 300

"""``plan --json`` grouped (one entry per card, summoning square and orientation) says exactly what
``--all-plans`` says: every grouped entry expanded gives back the same plans, each as often."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.types import Mode, PieceKind, Rank
from tashkalar_cli.games.tashkalar.render import jsonplan

from conftest import fewer_examples

CROWDED = Path(__file__).resolve().parent.parent / "benchmarks" / "crowded.yaml"
FACTS = ("pattern_squares", "destroys", "destroyed_piece", "shortage", "reuses")


def _piece(p: dict | None) -> tuple | None:
    return None if p is None else (p["color"], p["rank"])


def _summon(step: dict, take_back: frozenset[str] | None = None) -> tuple:
    return ("summon", step["card"], step["target"], step["orientation"]["name"], tuple(step["pattern_squares"]),
            step["destroys"], _piece(step["destroyed_piece"]), step["shortage"], step["reuses"],
            frozenset(step["take_back"]) if take_back is None else take_back)


def _narrow(offered: list[str], choice: dict | None) -> frozenset[str]:
    if choice is None:
        return frozenset(offered)
    if "only" in choice:
        assert set(choice["only"]) <= set(offered) and len(choice["only"]) < len(offered)
        return frozenset(choice["only"])
    assert set(choice["except"]) <= set(offered) and choice["except"]
    return frozenset(offered) - set(choice["except"])


def expand(out: dict) -> Counter:
    """The plans a grouped output stands for, as canonical tuples."""
    found: Counter = Counter()
    firsts = out["first_summons"]
    for g in out["groups"]:
        assert g["plans"] == len(g["now"]) + sum(len(e["squares"]) for e in g["after_place"]) + sum(
            len(e["firsts"]) for e in g["after_summon"])
        assert (g["actions"] == 1) == bool(g["now"])

        def last(then: dict | None, g: dict = g) -> tuple:
            step = {"card": g["card"], "target": g["target"], "orientation": g["orientation"],
                    **{k: g[k] for k in FACTS}, "take_back": g["take_back"]}
            then = then or {}
            step.update({k: v for k, v in then.items() if k in FACTS})
            return _summon(step, frozenset(g["take_back"]) | frozenset(then.get("take_back_also", [])))

        for i in g["now"]:
            assert (firsts[i]["card"], firsts[i]["target"]) == (g["card"], g["target"])
            found[(_summon(firsts[i]),)] += 1
        for e in g["after_place"]:
            for sq in e["squares"]:
                found[(("place", sq, _narrow(out["pick_up"], e["pick_up"])), last(e["then"]))] += 1
        for e in g["after_summon"]:
            for i in e["firsts"]:
                first = firsts[i]
                found[(_summon(first, _narrow(first["take_back"], e["take_back"])), last(e["then"]))] += 1
    return found


def listed(out: dict) -> Counter:
    found: Counter = Counter()
    for p in out["plans"]:
        steps = []
        for s in p["steps"]:
            if s["action"] == "place":
                steps.append(("place", s["square"], frozenset(s["pick_up"])))
            else:
                steps.append(_summon(s))
        found[tuple(steps)] += 1
    return found


def _both(tk: Any, pos: Position, player: str, cards: list | None = None) -> tuple[dict, dict]:
    report = tk.plan(pos, player, cards)
    return jsonplan.plan_report(report, tk.board), jsonplan.plan_report(report, tk.board, every=True)


@pytest.mark.parametrize(("every_nth", "at_least"), [(3, 6000), pytest.param(1, 20000, marks=pytest.mark.slow)])
def test_grouped_equals_every_plan_on_the_crowded_board(tk, db, every_nth, at_least):
    """Every third being in hand (6,000 plans and more, a CPU-second) in the default run; every being (27,000
    plans, several CPU-seconds) in the slow run."""
    pos = tk.position(str(CROWDED))
    grouped, every = _both(tk, pos, "blue", list(db.beings)[::every_nth])
    assert grouped["listing"] == "grouped" and every["listing"] == "all"
    plans = listed(every)
    assert sum(plans.values()) == grouped["plan_count"] == every["plan_count"] > at_least
    assert expand(grouped) == plans
    # grouped: far fewer entries than plans, and each first summon written once
    assert len(grouped["groups"]) < grouped["plan_count"] / 5
    assert len(grouped["first_summons"]) == sum(1 for p in every["plans"] if p["kind"] == "summon")


@pytest.mark.slow
@pytest.mark.parametrize("player", ["red", "yellow"])
def test_grouped_equals_every_plan_for_every_color(tk, player):
    grouped, every = _both(tk, tk.position(str(CROWDED)), player)
    assert expand(grouped) == listed(every)


@st.composite
def positions(draw, tk):
    """Random duel positions, often in piece shortage (where the choices of pieces are narrowed)."""
    board = tk.board
    owned = tk.config.owned(Mode.DUEL, 2)
    squares = draw(st.lists(st.sampled_from(board.squares), min_size=3, max_size=30, unique=True))
    pieces: dict = {}
    count: dict = {}
    for sq in squares:
        color = draw(st.sampled_from(["blue", "blue", "red"]))
        rank = draw(st.sampled_from([Rank.COMMON, Rank.COMMON, Rank.HEROIC, Rank.LEGENDARY]))
        key = (color, rank.kind)
        if count.get(key, 0) >= owned[rank.kind]:
            continue
        count[key] = count.get(key, 0) + 1
        pieces[sq] = Piece(color, rank)
    supply = draw(st.sampled_from([{}, {"blue": {PieceKind.DOUBLE_SIDED: 0}},
                                   {"blue": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0}}]))
    return Position(board, pieces, Mode.DUEL, 2, supply, owned)


@fewer_examples(8)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_grouped_equals_every_plan_on_random_positions(tk, db, data, examples):
    pos = data.draw(positions(tk))
    beings = [c for c in db.beings if c.deck != "legends"]
    hand = data.draw(st.lists(st.sampled_from(beings), min_size=2, max_size=8, unique_by=lambda c: c.id))
    hand += [db.get("fire-dragon"), db.get("time-traveler")]
    grouped, every = _both(tk, pos, "blue", hand)
    assert expand(grouped) == listed(every)


def test_cli_grouped_by_default_and_every_plan_on_request(cli):
    pieces = "d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic"
    grouped = cli("plan", "--pieces", pieces, "--player", "blue", "--hand", "knight,cannon", "--json")
    every = cli("plan", "--pieces", pieces, "--player", "blue", "--hand", "knight,cannon", "--json", "--all-plans")
    assert grouped.code == every.code == 0, grouped.err + every.err
    assert grouped.json["schema"] == every.json["schema"] == "output-plan/2"
    assert "plans" not in grouped.json and "groups" not in every.json
    assert expand(grouped.json) == listed(every.json)
    cannon = [g for g in grouped.json["groups"] if g["card"] == "cannon"]
    assert [g["target"] for g in cannon if g["actions"] == 1] == ["e4"]
    assert {g["target"] for g in cannon if g["after_place"]} >= {"c2", "b3"}

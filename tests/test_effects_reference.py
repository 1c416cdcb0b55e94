"""The effect resolver's fast walk against its reference walk, and a library that leaves the process alone.

``resolve_program(..., reference=True)`` walks without the speed-ups (no final-state shortcuts, no reduction of
commuting moves, no movers handed from one move to the next, no tables of plain moves, no search of codes in the
bytes): the fast walk must find the same outcomes (boards, actions gained, notes, Gateway), as many, on every
case of ``tests/effects_cases`` and on the crowded benchmark position (every card with effect data that each
color can summon there, its first placement; every flare half). Every placement there is the thorough sweep.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tashkalar_cli.command.collector import collector_paused
from tashkalar_cli.games.tashkalar.engine.effects import Resolution, Resolver, resolve_program
from tashkalar_cli.games.tashkalar.model.cards import Being, Flare
from tashkalar_cli.games.tashkalar.model.effects import parse_program

ROOT = Path(__file__).resolve().parents[1]


def _cases() -> list[dict[str, Any]]:
    """The summon cases of tests/effects_cases (base.yaml: blue plays by default; expansions.yaml: red)."""
    base = yaml.safe_load((ROOT / "tests" / "effects_cases" / "base.yaml").read_text(encoding="utf-8"))["cases"]
    more = yaml.safe_load((ROOT / "tests" / "effects_cases" / "expansions.yaml").read_text(encoding="utf-8"))
    return ([{"player": "blue", **case} for case in base]
            + [{"player": "red", "actions_left": 1, **case} for case in more if case.get("program", "effect") == "effect"])


CASES = _cases()
#: enough for every resolution compared here to end whole (the largest, the Hypnotist on the crowded board,
#: explores some 30,000 states)
WHOLE = 400_000



def _key_set(res: Resolution) -> set[tuple[bytes, int, tuple[str, ...], int | None]]:
    return {o.key() for o in res.outcomes}


def _same(fast: Resolution, ref: Resolution, what: str) -> None:
    assert not fast.truncated and not ref.truncated, what
    assert fast.count == ref.count and _key_set(fast) == _key_set(ref), what


def _both(tk: Any, program: Any, position: Any, player: str, **kw: Any) -> tuple[Resolution, Resolution]:
    with collector_paused():    # as the commands run the resolver (tens of thousands of small objects)
        return (resolve_program(tk.board, program, position, player, max_states=WHOLE, **kw),
                resolve_program(tk.board, program, position, player, max_states=WHOLE, reference=True, **kw))


def _case_position(tk: Any, case: dict[str, Any]) -> Any:
    data: dict[str, Any] = {"mode": case.get("mode", "duel")}
    for field in ("players", "supply", "decks", "gateway"):
        if field in case:
            data[field] = case[field]
    return tk.parser.from_data(data, None, "case", tk.parser.inline(case["pieces"].replace(" ", "")))


def _summons(tk: Any) -> Iterator[tuple[str, Any, Any, str, dict[str, Any]]]:
    """(what, program, position after the summon, player, keywords) for each summon case of tests/effects_cases."""
    for case in CASES:
        if "card" not in case or "at" not in case or "pieces" not in case:
            continue
        card = tk.cards.by_id.get(case["card"])
        if not isinstance(card, Being) or card.program() is None:
            continue
        try:
            position = _case_position(tk, case)
            applied = tk.apply(card, position, case["player"], case["at"], orientation=case.get("orientation", "r0"))
        except Exception:       # a case of another kind (a refused summon, a warp...): not this test's matter
            continue
        over = None if applied.destroyed is None else (applied.placement.target, applied.destroyed)
        yield (f"{case['card']} at {case['at']}", card.program(), applied.position, case["player"],
               {"placement": applied.placement, "summoned_over": over, "actions_left": case.get("actions_left")})


def test_the_fast_walk_finds_what_the_reference_walk_finds_on_every_effects_case(tk):
    compared = 0
    for what, program, position, player, kw in _summons(tk):
        fast, ref = _both(tk, program, position, player, **kw)
        _same(fast, ref, what)
        compared += 1
    assert compared >= 100, compared


def _crowded_jobs(tk: Any, every: bool) -> Iterator[tuple[str, Any, Any, str, dict[str, Any]]]:
    pos = tk.position(str(ROOT / "benchmarks" / "crowded.yaml"))
    cards = [c for c in tk.cards.beings if c.program() is not None]
    for player in pos.colors:
        for verdict in tk.summonable(pos, player, cards):
            for placement in verdict.placements if every else verdict.placements[:1]:
                after, destroyed = pos.after_summon(player, verdict.card.rank, placement.target,
                                                    placement.take_back[0] if placement.take_back else None)
                over = None if destroyed is None else (placement.target, destroyed)
                yield (f"{player} {verdict.card.id} {tk.board.name(placement.target)} {placement.orientation.name}",
                       verdict.card.program(), after, player,
                       {"placement": placement, "summoned_over": over, "actions_left": 1})


def test_the_fast_walk_finds_what_the_reference_walk_finds_on_the_crowded_board(tk):
    compared = moved = 0
    for what, program, after, player, kw in _crowded_jobs(tk, every=False):
        if "hypnotist" in what:
            continue        # the largest: in the thorough sweep
        fast, ref = _both(tk, program, after, player, **kw)
        _same(fast, ref, what)
        compared += 1
        moved += any(c.do == "move" for o in fast.outcomes[:50] for c in o.steps)
    assert compared >= 100 and moved >= 20, (compared, moved)


def test_the_fast_walk_finds_what_the_reference_walk_finds_for_every_flare_half(tk):
    pos = tk.position(str(ROOT / "benchmarks" / "crowded.yaml"))
    compared = 0
    for flare in tk.cards.of_type(Flare):
        for half in ("upper", "lower"):
            program = flare.program(half) if flare.has_effect_data else None
            if program is None:
                continue
            for player in pos.colors:
                fast, ref = _both(tk, program, pos, player)
                _same(fast, ref, f"{player} {flare.id} {half}")
                compared += 1
    assert compared >= 50, compared


@pytest.mark.thorough
def test_the_fast_walk_finds_what_the_reference_walk_finds_on_every_placement_of_the_crowded_board(tk):
    """The sweep: every placement of every card each color can summon on the crowded board."""
    compared = 0
    for what, program, after, player, kw in _crowded_jobs(tk, every=True):
        fast, ref = _both(tk, program, after, player, **kw)
        _same(fast, ref, what)
        compared += 1
    # every placement: more than the first placements the default run compares (772 against 137 today)
    assert compared > len(list(_crowded_jobs(tk, every=False))) + 500, compared


def test_the_reference_walk_is_another_walk(tk):
    """The reference walk explores more states than the fast one where the speed-ups apply (it is not the same
    walk under another name): the Infantry Captain's moves on the crowded board."""
    jobs = [job for job in _crowded_jobs(tk, every=False) if " infantry-captain " in f" {job[0]} "]
    assert jobs
    _, program, after, player, kw = jobs[0]
    fast, ref = _both(tk, program, after, player, **kw)
    assert ref.states > 1.5 * fast.states


# ---------------------------------------------------------------------------------------- the process left alone

def _depth() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1
    return n


def test_the_resolver_leaves_the_collector_and_the_recursion_limit_alone(tk, monkeypatch):
    """The walk is driven by an explicit stack: 64 moves deep (``any_number``) under a recursion limit a few dozen
    frames above the caller's, with the limit not raised; the cycle collector is not paused either."""
    calls: list[str] = []
    program = parse_program([{"move": {"piece": {"owner": "you"}, "kind": "standard", "per_move": True},
                              "any_number": True}])
    position = tk.parser.from_data({"mode": "duel"}, None, "case", tk.parser.inline("e5=blue"))
    limit = sys.getrecursionlimit()
    monkeypatch.setattr(gc, "disable", lambda: calls.append("gc.disable"))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("gc.freeze"))
    sys.setrecursionlimit(_depth() + 60)
    try:
        monkeypatch.setattr(sys, "setrecursionlimit", lambda n: calls.append(f"setrecursionlimit({n})"))
        res = Resolver(tk.board, position, "blue", max_states=3_000).resolve(program)
    finally:
        monkeypatch.undo()
        sys.setrecursionlimit(limit)
    assert calls == []
    assert res.truncated and max(len(o.steps) for o in res.outcomes) == 64    # the walk went 64 moves deep


def test_the_resolvers_caches_keep_no_board_alive(tk):
    """The board's tables are kept by the board (a weak key), not in a module cache that never shrinks: once a
    board is gone, so are its tables (before, ``_GEOMETRY`` kept every board ever resolved on, by ``id()``)."""
    import copy
    import weakref

    from tashkalar_cli.games.tashkalar.engine.effects import geometry

    board = copy.copy(tk.board)
    tables = weakref.ref(geometry(board))
    gone = weakref.ref(board)
    assert geometry(board) is tables()      # made once while the board lives
    del board
    gc.collect()
    assert gone() is None and tables() is None

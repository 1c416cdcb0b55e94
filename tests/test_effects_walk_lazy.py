"""The walk makes the states after a step's moves one at a time, each when the one before it was walked whole: a
resolution cut by its bound on outcomes (the goal search's) makes no state it never reaches.

Made all at once, the ways on of a wide step were made and dropped: on the Hypnotist's worst case, with the goal
search's bounds (200 states, 101 outcomes), the walk made 253 states to explore for 232 explored, and a
``plan --task`` with every card in hand spent most of its time there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tashkalar_cli import Game
from tashkalar_cli.games.tashkalar.engine.effects import resolve_placement
from tashkalar_cli.games.tashkalar.engine.effects.search import Frame, Search

HYPNOTIST = Path(__file__).resolve().parent.parent / "benchmarks" / "hypnotist-20.yaml"


def test_a_resolution_cut_by_its_bound_on_outcomes_makes_fewer_states_than_it_explores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = 0
    run, run_hinted, run_each = Search.run, Search.run_hinted, getattr(Search, "run_each", None)

    def counted_run(self: Search, *args: object) -> None:
        nonlocal made
        made += 1
        run(self, *args)  # type: ignore[arg-type]

    def counted_hinted(self: Search, *args: object) -> None:
        nonlocal made
        made += 1
        run_hinted(self, *args)  # type: ignore[arg-type]

    def counted_each(self: Search, frames: Iterator[Frame]) -> None:
        def each() -> Iterator[Frame]:
            nonlocal made
            for frame in frames:
                made += 1
                yield frame

        assert run_each is not None
        run_each(self, each())

    monkeypatch.setattr(Search, "run", counted_run)
    monkeypatch.setattr(Search, "run_hinted", counted_hinted)
    monkeypatch.setattr(Search, "run_each", counted_each, raising=False)
    game = Game()
    pos = game.position(str(HYPNOTIST))
    card = game.being("hypnotist")
    verdict = next(iter(game.summonable(pos, "blue", [card])))
    placement = next(p for p in verdict.placements if game.board.name(p.target) == "e5")
    r = resolve_placement(game.engine, card, pos, "blue", placement, actions_left=0, max_states=200,
                          max_outcomes=101)
    assert r is not None and r.truncated and r.count == 101
    assert 0 < made < r.states      # the states made are those the walk reached, not every sibling of each

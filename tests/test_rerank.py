"""The search's second stage (issue 33, ninth round): the first stage's best entries ranked again by a weighted sum of
structural features, the weights learned per game (tashkalar_cli/text/index/learned.py, written by
benchmarks/rerank.py). The figures it reaches are held by the question tests (tests/test_rule_search.py,
tests/test_letal_rule_search.py); here: the weights are there, finite and of the features' number, the second stage
only reorders the first stage's best entries and keeps the scores in order, and the stored weights are what the fit
script makes of today's questions."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def letal() -> Any:
    from tashkalar_cli import Game

    return Game("letal")


def test_each_game_has_finite_weights_for_every_feature(tk: Any, letal: Any) -> None:
    from tashkalar_cli.text.index.learned import WEIGHTS
    from tashkalar_cli.text.index.rerank import FEATURES

    assert set(WEIGHTS) == {"tash-kalar", "letal"}
    for weights in WEIGHTS.values():
        assert len(weights) == len(FEATURES) and all(math.isfinite(w) for w in weights)
    assert tk.rules.index.weights == WEIGHTS["tash-kalar"]
    assert letal.rules.index.weights == WEIGHTS["letal"]


QUESTIONS = ["can I summon on top of an enemy heroic piece?", "que se passe-t-il si je n'ai plus de pièces ?",
             "¿cuántos puntos por una leyenda en melé?", "what comes after the draw in my turn?",
             "does a hero block Range?", "unlike a combat move, can a standard move end next to an enemy?"]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_second_stage_only_reorders_the_best_entries(tk: Any, letal: Any, question: str) -> None:
    from tashkalar_cli.text.index.rerank import CANDIDATES

    for book in (tk.rules, letal.rules):
        index = book.index
        query = index.read(question)
        first = index.ranking(query)
        hits = index.search(query)
        ids = [(h.kind, h.id) for h in hits]
        order = [(index.docs[i][0], index.docs[i][1]) for i in first.ranked]
        assert sorted(ids[:CANDIDATES]) == sorted(order[:CANDIDATES]) and ids[CANDIDATES:] == order[CANDIDATES:]
        # a keyword's or a ruling's entry keeps its place: the weights are learned from questions rules answer
        assert [(n, e) for n, e in enumerate(ids) if e[0] != "rule"] == [(n, e) for n, e in enumerate(order) if e[0] != "rule"]
        scores = [h.score for h in hits]
        assert scores == sorted(scores, reverse=True) == [round(first.total[i], 6) for i in first.ranked]


def test_only_the_movable_candidates_are_sorted_into_their_own_places() -> None:
    from tashkalar_cli.text.index.rerank import reordered

    assert reordered([0.1, 0.9, 0.5, 0.7], [True, False, True, True]) == [3, 1, 2, 0]
    assert reordered([1.0, 1.0, 2.0], [True, True, True]) == [2, 0, 1]   # ties: the first order
    assert reordered([3.0, 1.0], [False, False]) == [0, 1]


def test_without_weights_the_first_stage_order_stands(tk: Any) -> None:
    from tashkalar_cli.text.index import SearchIndex

    index = tk.rules.index
    bare = SearchIndex(index.parts)
    query = bare.read("what comes after the draw in my turn?")
    assert [(h.kind, h.id) for h in bare.search(query)] == [(bare.docs[i][0], bare.docs[i][1])
                                                             for i in bare.ranking(query).ranked]


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("rerank_script", HERE.parent / "benchmarks" / "rerank.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_stored_weights_are_the_fit_of_todays_questions(tk: Any, letal: Any) -> None:
    """benchmarks/rerank.py --write fits each game's weights on its labelled questions: a change of the first stage,
    of the features or of the questions is to be followed by a new fit (within a rounding: another machine's floating
    point may move the last decimal)."""
    pytest.importorskip("numpy")
    from tashkalar_cli.text.index.learned import WEIGHTS

    script = _script()
    assert {"held-out-12", "held-out-13", "held-out-14"} <= set(script.UNSEEN)   # measured once, never trained on
    for game, book in (("tash-kalar", tk.rules), ("letal", letal.rules)):
        fitted = script.fit(script.extract(game, book), script.L2)
        assert all(abs(round(a, 4) - b) <= 2e-4 for a, b in zip(fitted, WEIGHTS[game], strict=True)), game

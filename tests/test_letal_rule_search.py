"""Rule search for L.E.T.A.L. TCG: players' questions in four languages (tests/letal_rule_questions.yaml).

The same search as Tash-Kalar's (tests/test_rule_search.py), on the other game's rules: each
question is asked with no language given, and the test reports the share whose answering rule
comes first and in the first three among every hit (rules, keywords and rulings alike). The goal
of issue 11 is 90% in the top 3; since the rules have player phrasings (``asks:``) both shares are
held to floors just below what the search reaches, so that neither can fall unnoticed; the held-out
set (``set: held-out``) is counted apart, against floors of its own, and its misses are not printed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).resolve().parent
GOAL_TOP3 = 0.90
SETS = ("tuning", "held-out", "held-out-6", "dev-33", "dev-34", "dev-35", "dev-36", "dev-38", "dev-37", "dev-39",
        "dev-40", "dev-41", "dev-42", "held-out-12", "held-out-13", "held-out-14")
#: floors (share answered first, share in the top 3) of each set ("held-out": issue 33's questions written
#: by a writer who had read only the published rulebook, committed before any tuning and never tuned on)
#: "held-out-6": 40 more (10 per language) by an independent writer who read only the rulebook, labelled after the
#: scorer was frozen and measured once (floors just below that measure, never tuned on);
#: (raised after issue 33's negation and everyday vocabulary, measured once on the held-out sets)
#: "dev-33": issue 33's own questions on negation, sequence and rulings, tuned on; "dev-34": issue 33's third
#: round, 20 questions written from the rulebook to find why unseen questions miss, by kind; "dev-35": the fourth
#: round, 32 questions (8 per language) on sequence and the names players give the forms of play, tuned on;
#: "dev-36": the fifth round, 32 questions (8 per language) by an independent writer who read only the rulebook,
#: labelled from the writer's notes, tuned on (floors first set just below main's 24/32 first, 31/32 top 3; raised after the round's data to 27/32, 32/32);
#: "held-out-7": 40 more (10 per language) by the same writer, labelled after the scorer was frozen (4159daf) and
#: measured once, 25/40 first and 35/40 top 3: floors just below, never tuned on (held-out-6 raised after that
#: measurement, 35/40 in the top 3); "dev-37": the sixth round, 32 questions (8 per language) by an independent
#: writer who read only the rulebook, labelled from the writer's notes, tuned on (floors first set just below the rates
#: on its arrival, 20/32 first, 26/32 top 3); held-out-6, held-out-7 and dev-35 raised just below the rates after the
#: phrasings of every rule (28/40 and 38/40, 34/40 and 40/40, 29/32); "held-out-8": 40 more (10 per language) by the
#: independent writer of dev-37, labelled after the scorer was frozen (7ad8162) and measured once, 25/40 first and 33/40
#: top 3 (main 26/40, 33/40): floors just below, never tuned on;
#: "dev-38" and "dev-39" were held-out-7 and held-out-8: on 2026-11-30 (issue 33, seventh round), while a new held-out-9
#: was being written by another writer from the rulebook only, both became development sets whose misses are studied;
#: raised after that round's mechanisms (a step to come before, what comes next in play across sections, a difference
#: asked), just below the rates: held-out 39/44 and 44/44, dev-33 12/13 and 13/13, dev-35 30/32, dev-39 26/40;
#: "held-out-9": 40 more (10 per language) by another independent writer who read only the rulebook page, labelled by a
#: third person without running the search, measured once on the seventh round's scorer (a7463f9): 29/40 first, 38/40
#: top 3 (3dbc045: the same; 3 questions close to earlier held-out ones, without them 26/37 and 35/37): floors just
#: below; on 2026-11-30 (issue 33, eighth round) it became "dev-40", a development set whose misses are studied (floors
#: kept from its held-out measure), while a new held-out-10 was being written by a writer who read only the rulebook;
#: raised after that round's mechanisms, just below the rates: dev-40 31/40, dev-37 27/32 in the top 3 (dev-39 fell
#: to 32/40 in the top 3, its floor: "invece di un'altra azione" no longer sets aside the action it also asks about)
#: "held-out-10": 40 more (10 per language, two of each kind) by another independent writer who read only the rulebook
#: page, labelled by a third person without running the search, measured once on the eighth round's scorer: 34/40
#: first, 39/40 top 3 (6d67865, before the round: 33/40 and 39/40); three questions are close to earlier ones (one of
#: dev-36, two of held-out-9, now dev-40), without them 31/37 and 36/37: floors just below, never tuned on until
#: 2026-11-30 (issue 33, ninth round), when it became "dev-41", a development set whose misses are studied (floors kept
#: from its held-out measure), while a new held-out-11 is written by a writer who read only the rulebook page;
#: issue 33's ninth round: a second stage ranks the first stage's 12 best again by learned weights (tests/test_rerank.py),
#: but for a question asking what a keyword is, quoting one or naming a form of play; leaving out one independent
#: writer's set at a time (held-out, held-out-6, dev-36 to dev-41), 239/308 first became 250/308 and 290/308 in the top
#: 3 297/308; floors raised just below the rates it reaches, and lowered where it loses: dev-33 11/13 first (12 before:
#: "dopo aver pescato, cosa faccio poi" has the draw first and its answer second), dev-40 30/40 first (31); the weights
#: then fitted again with keywords' and rulings' entries left in their places (only rules move): dev-33 12/13 in the top 3
#: (13 before), dev-39 34/40 in the top 3 (35 with the first weights, 32 before the round)
#: (the second stage's weights are fitted on every set but the newest held-out one, benchmarks/rerank.py's UNSEEN: since the ninth
#: round the older held-out sets are training data too, and their figures are in-sample)
#: "held-out-11": 40 more (10 per language, two of each kind) by another independent writer who read only the rulebook
#: page, labelled by a third person without running the search, measured once on main before the ninth round
#: (f972828: 36/40 first, 39/40 top 3) and once on its final scorer, the learned second stage: 36/40 and 39/40; floors
#: just below, never tuned on until 2026-11-30 (issue 33, tenth round), when it became "dev-42", a development set
#: (floors kept from its held-out measure), while a new held-out-12 was written by a writer who read only the rulebook page
#: "held-out-12": 40 more (10 per language, two of each kind) by another independent writer who read only the rulebook
#: page, labelled by a third person without running the search, measured once on main before the tenth round (fa1eab6:
#: 35/40 first, 38/40 top 3; 11 of its questions are close to questions of earlier sets, without them 24/29 and 27/29),
#: and once on the tenth round's final scorer: 37/40 first, 39/40 top 3 (without those 11, 27/29 and 28/29); floors just
#: below, never tuned on
#: (issue 33, tenth round: every rule and ruling has table situations, ``situations:``, written from the rules by writers
#: who saw no question, searched with the players' phrasings; the weights fitted again. Leaving out one independent
#: writer's set at a time (held-out, held-out-6, dev-36 to dev-42), 289/348 first became 295/348 and 335/348 in the top 3
#: 334/348. Every floor is set just below the rates then reached, lowered where the round loses: dev-33 9/13 first (11
#: or more before) and 11/13 in the top 3 (12), dev-35 31/32 in the top 3 (32), dev-37 28/32 in the top 3 (29), dev-38
#: 33/40 first (38), dev-41 39/40 and dev-42 38/40 in the top 3 (40 and 39); held-out-6, dev-36, dev-39 and dev-40 rose)
#: "held-out-13": 40 more (10 per language, two of each kind) by another independent writer who read only the rulebook
#: page, labelled by a third person without running the search, after the tenth round's scorer was frozen, and measured
#: once on it (be80a27): 38/40 first, 40/40 top 3; 14 of its questions are close to questions of earlier sets (without
#: them 24/26 and 26/26), and one is word for word a question of dev-41: left out here (37/39, 39/39); floors just
#: below, never tuned on
#: "held-out-14": 40 more (10 per language, two of each kind) by another independent writer who read only the rulebook
#: page, to another brief (a third terse, a third told as a story, half-remembered words, edge cases), labelled by a
#: third person without running the search after the tenth round's scorer was frozen, and measured once on it
#: (be0c0c8): 31/40 first, 39/40 top 3 (one first answer is a ruling, which a label cannot name); floors just below,
#: never tuned on
FLOORS = {"tuning": (1.00, 1.00), "held-out": (0.90, 1.00), "held-out-6": (0.85, 1.00), "dev-33": (0.69, 0.84),
          "dev-34": (1.00, 1.00), "dev-35": (0.93, 0.96), "dev-36": (0.90, 1.00), "dev-38": (0.82, 0.97),
          "dev-37": (0.78, 0.87), "dev-39": (0.70, 0.87), "dev-40": (0.90, 0.97), "dev-41": (0.87, 0.97),
          "dev-42": (0.92, 0.95), "held-out-12": (0.92, 0.97),
          "held-out-13": (0.94, 1.00), "held-out-14": (0.77, 0.97)}


@cache
def questions() -> dict[str, list[dict[str, Any]]]:
    """The questions of tests/letal_rule_questions.yaml by language: read when a test first asks, not when the module
    is collected."""
    return yaml.safe_load((HERE / "letal_rule_questions.yaml").read_text(encoding="utf-8"))["questions"]


@pytest.fixture(scope="module")
def letal() -> Any:
    from tashkalar_cli import Game

    return Game("letal")


def _rank(hits: list[Any], answers: set[str]) -> int | None:
    """Where the first answering rule stands among every hit."""
    return next((i for i, h in enumerate(hits) if h.kind == "rule" and h.id in answers), None)


def test_the_question_set_is_real(letal: Any) -> None:
    rules = set(letal.rules.by_id)
    assert set(questions()) == set(letal.languages) == {"en", "fr", "es", "it"}
    for lang, items in questions().items():
        assert len(items) >= 5, lang
        for item in items:
            assert item["answers"] and set(item["answers"]) <= rules, item
            assert item.get("set", "tuning") in SETS, item
            # a question, not keywords (but for held-out-6's writer's own "kind: keyword" items: a term alone)
            assert len(item["q"].split()) >= 4 or item.get("kind") == "keyword", f"a question, not keywords: {item['q']}"
    # questions about many rules, not one asked many ways
    assert len({a for items in questions().values() for item in items for a in item["answers"]}) >= 12


def _count(letal: Any, which: str) -> tuple[dict[tuple[str, str], list[int]], list[str]]:
    """(set, language) -> [first, top 3, total, language detected] of the questions of the set ``which``, and its
    misses if it is not a held-out set (a held-out miss is counted, not shown: not to tune on)."""
    counts: dict[tuple[str, str], list[int]] = {}
    misses = []
    for lang, items in questions().items():
        for item in items:
            if item.get("set", "tuning") != which:
                continue
            result = letal.rules.search(item["q"], limit=None)
            pos = _rank(result.hits, set(item["answers"]))
            cell = counts.setdefault((which, lang), [0, 0, 0, 0])
            cell[0] += pos == 0
            cell[1] += pos is not None and pos < 3
            cell[2] += 1
            cell[3] += result.query.lang == lang
            if pos != 0 and not which.startswith("held-out"):
                misses.append(f"  [{lang}] {item['q']!r}: answer at {pos if pos is None else pos + 1}")
    return counts, misses


#: the sets whose floors the default run checks: the tuning set, the first held-out one and the latest two sets of
#: independent writers (dev-42, held-out-11 until the tenth round, held-out-12 and held-out-13); each other set is checked on its
#: own in the slow run
DEFAULT_SETS = ("tuning", "held-out", "dev-42", "held-out-12", "held-out-13")


@pytest.mark.parametrize("which", [s if s in DEFAULT_SETS else pytest.param(s, marks=pytest.mark.slow) for s in SETS])
def test_questions_are_answered(letal: Any, capsys: pytest.CaptureFixture[str], which: str) -> None:
    counts, misses = _count(letal, which)
    failed = []
    cells = {lang: c for (w, lang), c in sorted(counts.items()) if w == which}
    first, top3, total, detected = (sum(c[k] for c in cells.values()) for k in range(4))
    report = (f"L.E.T.A.L. rule search, {which}: {total} questions, answer first {first}/{total} "
              f"({first / total:.0%}), in the top 3 {top3}/{total} ({top3 / total:.0%}), language detected "
              f"{detected}/{total}; " + ", ".join(f"{lang} {c[0]}/{c[2]} first, {c[1]}/{c[2]} top 3"
                                                  for lang, c in cells.items()))
    floor_first, floor_top3 = FLOORS[which]
    if first / total < floor_first or top3 / total < floor_top3 or detected / total < 0.95:
        failed.append(which)
    with capsys.disabled():
        print("\n" + report + "\n" + "\n".join(misses))
    assert FLOORS["tuning"][1] >= GOAL_TOP3
    assert not failed, f"below the floor: {failed}\n{report}"


def test_a_question_of_one_game_is_answered_by_its_own_rules(letal: Any, tk: Any) -> None:
    """Each game searches its own rules: a L.E.T.A.L. question asked of Tash-Kalar finds none of them."""
    letal_rules = set(letal.rules.by_id)
    hits = letal.rules.search("how many cards can a hero's deck have?", limit=None).hits
    assert {h.id for h in hits if h.kind == "rule"} <= letal_rules
    other = tk.rules.search("how many cards can a hero's deck have?", limit=None).hits
    assert not ({h.id for h in other if h.kind == "rule"} & (letal_rules - set(tk.rules.by_id)))


def test_every_rule_has_player_phrasings_in_every_language(letal: Any) -> None:
    """``asks:`` of each language's letal/rules.yaml, as for Tash-Kalar: how players ask about each
    rule in their own words, short, and never a sentence of the rule copied."""
    from tashkalar_cli.text.search import tokens

    rules = {r.id for r in letal.rules.rules}
    for lang in letal.languages:
        asks = letal.dataset.locales[lang]["asks"]
        assert set(asks) == rules, lang
        loc = letal.dataset.locales[lang]["rules"]
        stop = set(letal.rules.index.langs[lang]["stopwords"])
        for rid, phrasings in asks.items():
            assert 2 <= len(phrasings) <= 16 and len(set(phrasings)) == len(phrasings), (lang, rid)
            said = " " + " ".join(tokens(loc[rid]["title"] + " " + loc[rid]["text"])) + " "
            for phrasing in phrasings:
                words = tokens(phrasing)
                assert 1 <= len(words) <= 14, (lang, rid, phrasing)
                copied = " " + " ".join(words) + " " in said and len([w for w in words if w not in stop]) >= 4
                assert not copied, f"copied from the rule: {lang} {rid} {phrasing!r}"

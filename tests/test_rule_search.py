"""Rule search: questions as players ask them, in four languages, answered from the rules.

The question set (tests/rule_questions.yaml) is asked with no language given; the test reports,
per language and separately for the questions used to tune the search ("tuning") and those kept
out of it ("held-out", and "held-out-2" to "held-out-5", written later and also never tuned on), the share of
questions whose answer comes first and in the first three; only the misses of the tuning set are
printed (a held-out miss shown is a held-out question tuned on sooner or later). The goal of
issue 20 is 85% first and 95% in the top 3 in each language, on every set; the test holds each
set to floors just below what the search reaches today (printed with each run), so that no change
can make it worse unnoticed. The other tests pin the pieces the ranking is made of: stopwords
(and the stopword a question is about), stemming, numbers, keyword terms and card names of every
language, synonyms (one group counted once), forms of play and numbers asked for, accents, the
specificity tie-break, the team-play mode filter, questions in a language the tool does not
have, and ``keyword show``.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import fewer_examples, spread

HERE = Path(__file__).resolve().parent


@cache
def questions() -> dict[str, list[dict[str, Any]]]:
    """The questions of tests/rule_questions.yaml by language: read when a test first asks, not when the module is
    collected (in every worker, for tests that may run on the other one)."""
    return yaml.safe_load((HERE / "rule_questions.yaml").read_text(encoding="utf-8"))["questions"]


SETS = ("tuning", "held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6", "dev-33", "dev-34",
        "dev-35", "dev-36", "dev-38", "dev-37", "dev-39", "dev-40", "dev-41", "dev-42", "held-out-12", "held-out-13",
        "held-out-14")
#: floors (share answered first, share in the top 3), over the four languages and in each one
#: ("held-out-2": ten questions per language written in issue 20's second round before it tuned anything;
#: "held-out-3": ten more per language, written before the player phrasings of the rules (``asks:``);
#: "held-out-4": ten more per language, written in issue 20's third round before any of its tuning;
#: "held-out-5": 52 questions (13 per language) written for issue 33 by a writer who had read only the
#: published rulebooks, never the tool's texts, labelled and committed before any of issue 33's tuning;
#: "dev-33": issue 33's own questions on negation, sequence, specificity and forms of play, tuned on;
#: "held-out-6": 60 more (15 per language) by an independent writer who read only the rulebooks, labelled after the
#: scorer was frozen and measured once: its floors are just below that one measure, never tuned on;
#: "dev-34": issue 33's third round, 48 questions written from the rulebooks to find why unseen questions miss, by kind;
#: "dev-35": issue 33's fourth round, 32 questions (8 per language) on sequence and specificity, written from the
#: rulebooks before the round's mechanisms, tuned on; held-out-5 raised after that round's one measurement, 37/52;
#: "dev-36": issue 33's fifth round, 48 questions (12 per language) by an independent writer who read only the
#: rulebooks, labelled from the writer's notes, tuned on; floors first set just below main's 30/48 first, 39/48 top 3, raised after the round's data to 31/48, 44/48;
#: "held-out-7": 60 more (15 per language) by the independent writer of dev-36, labelled after the scorer was frozen
#: (4159daf) and measured once, 37/60 first and 52/60 top 3: floors just below, never tuned on; held-out-6 raised
#: after that measurement, 54/60 in the top 3);
#: "dev-37": issue 33's sixth round, 48 questions (12 per language) by an independent writer who read only the
#: rulebooks, labelled from the writer's notes, tuned on; floors first set just below the rates on its arrival
#: (raised after the phrasings of every rule in issue 33's sixth round, just below the rates reached: held-out-5 39/52 and
#: 49/52, held-out-6 46/60 and 56/60, held-out-7 39/60 and 53/60, dev-35 26/32, dev-36 33/48, dev-37 32/48);
#: "held-out-8": 60 more (15 per language) by the independent writer of dev-37, labelled from the writer's notes after the
#: scorer was frozen (7ad8162) and measured once, 44/60 first and 50/60 top 3 (main the same): floors just below, never
#: tuned on;
#: "dev-38" and "dev-39" were held-out-7 and held-out-8: on 2026-11-30 (issue 33, seventh round), while a new held-out-9
#: was being written by another writer from the rulebooks only, both became development sets whose misses are studied
#: (their floors kept from their held-out measure until the round raised them: after its mechanisms, a step to come
#: before, what comes next in play across sections, team play named as players name it, a difference asked, dev-35
#: 27/32, dev-37 33/48 and 41/48, dev-38 40/60 and 54/60, just below);
#: "held-out-9": 60 more (15 per language) by another independent writer who read only the rulebooks (each with its
#: kind: plain, negation, sequence, specific, indirect), labelled by a third person from the writer's notes and the
#: rules' texts without running the search, measured once on the seventh round's scorer (a7463f9): 46/60 first, 55/60
#: top 3 (3dbc045, before the round: the same); 4 of its questions are close to questions of earlier sets (2 of the
#: tuning set), without them 43/56 and 51/56: floors just below; on 2026-11-30 (issue 33, eighth round) it became
#: "dev-40", a development set whose misses are studied (floors kept from its held-out measure), while a new held-out-10
#: was being written by a writer who read only the rulebooks; raised after that round's mechanisms (what the question also
#: says outside a contrast is not set aside, a keyword quoted alone, the table talk for drawing, distance and a card
#: removed for good), just below the rates: dev-40 48/60 and 57/60, held-out-5 40/52, held-out-6 57/60 in the top 3,
#: dev-37 42/48 in the top 3
#: (raised after a second voice of player phrasings in ``asks:``, just below the rates it reached, and again
#: after issue 20's third round: phrasings said in full, synonym groups weighed as one thing said, framing idioms)
#: "held-out-10": 60 more (15 per language, three of each kind) by another independent writer who read only the
#: rulebooks, labelled by a third person from the writer's notes and the rules' texts without running the search,
#: measured once on the eighth round's scorer: 44/60 first, 57/60 top 3 (6d67865, before the round: 44/60 and 58/60);
#: one question is close to a held-out-9 (now dev-40) question and one to a held-out-5 one, without them 42/58 and
#: 55/58: floors just below, never tuned on until 2026-11-30 (issue 33, ninth round), when it became "dev-41", a
#: development set whose misses are studied (floors kept from its held-out measure), while a new held-out-11 is written
#: by a writer who read only the rulebooks
#: (issue 33, ninth round: a second stage ranks the first stage's 12 best again by learned weights, tests/test_rerank.py,
#: but for a question asking what a keyword is, quoting one or naming a form of play; leaving out one independent
#: writer's set at a time, held-out-5, held-out-6 and dev-36 to dev-41, 328/448 first became 337/448 and 410/448 in the
#: top 3 414/448; floors raised just below the rates it reaches, and lowered where it loses: dev-34 39/48 first (41
#: before), dev-38 53/60 in the top 3 (54), dev-41 56/60 in the top 3 (57) and 13/15 in Italian (14), held-out-6
#: 45/60 first (46), the tuning set's Spanish 66/75 first (67): the learned order wins on the independent sets as a
#: whole, not on each question; the weights then fitted again with keywords' and rulings' entries left in their places,
#: only rules moving: the same 337/448 and 414/448, dev-39 51/60 in the top 3 and 11/15 in French, 52 and 12 with the
#: first weights, 50 and 11 before the round)
#: (the second stage's weights are fitted on every set but the newest held-out one, benchmarks/rerank.py's UNSEEN: since the ninth
#: round the older held-out sets are training data too, and their figures are in-sample)
#: "held-out-11": 60 more (15 per language, three of each kind) by another independent writer who read only the
#: rulebooks, labelled by a third person from the writer's notes and the rules' texts without running the search,
#: measured once on main before the ninth round (f972828: 44/60 first, 56/60 top 3) and once on its final scorer, the
#: learned second stage: 46/60 first, 56/60 top 3; floors just below, never tuned on until 2026-11-30 (issue 33, tenth
#: round), when it became "dev-42", a development set (floors kept from its held-out measure), while a new held-out-12
#: was written by a writer who read only the rulebooks
#: "held-out-12": 60 more (15 per language, three of each kind) by another independent writer who read only the
#: rulebooks, labelled by a third person from the writer's notes and the rules' texts without running the search,
#: measured once on main before the tenth round (fa1eab6: 43/60 first, 54/60 top 3; 15 of its questions are close to
#: questions of earlier sets, without them 31/45 and 39/45), and once on the tenth round's final scorer: 53/60 first,
#: 57/60 top 3 (without those 15, 38/45 and 42/45); floors just below, never tuned on
#: (issue 33, tenth round: every rule and ruling has table situations, ``situations:``, written from the rules by writers
#: who saw no question, searched with the players' phrasings; the weights fitted again. Leaving out one independent
#: writer's set at a time, held-out-5, held-out-6 and dev-36 to dev-42, 384/508 first became 404/508 and 469/508 in the top
#: 3 481/508. Every floor is set just below the rates then reached, lowered where the round loses: held-out 50/60 first
#: (55 or more before) and 56/60 in the top 3 (58), held-out-2 36/40 first (38), held-out-4 37/40 in the top 3 (39),
#: held-out-5 43/52 first (44), dev-33 22/26 first (23), dev-37 34/48 first (36) and 43/48 in the top 3 (44), all sets
#: of the older rounds the phrasings were written for; the later sets rose)
#: "held-out-13": 60 more (15 per language, three of each kind) by another independent writer who read only the
#: rulebooks, labelled by a third person without running the search, after the tenth round's scorer was frozen, and
#: measured once on it (be80a27): 54/60 first, 59/60 top 3; 15 of its questions are close to questions of earlier sets
#: (without them 41/45 and 44/45), and one is word for word a question of the tuning set: left out here (53/59, 58/59);
#: floors just below, never tuned on
#: "held-out-14": 60 more (15 per language, three of each kind) by another independent writer who read only the
#: rulebooks, to another brief (a third terse, a third told as a story, half-remembered words, edge cases rather than
#: the obvious questions), labelled by a third person without running the search after the tenth round's scorer was
#: frozen, and measured once on it (be0c0c8): 51/60 first, 57/60 top 3; floors just below, never tuned on
FLOOR_ALL = {"tuning": (0.94, 0.99), "held-out": (0.83, 0.93), "held-out-2": (0.90, 0.95),
             "held-out-3": (0.97, 1.00), "held-out-4": (0.90, 0.92), "held-out-5": (0.82, 0.96),
             "held-out-6": (0.81, 0.98), "dev-33": (0.84, 0.96), "dev-34": (0.85, 0.95), "dev-35": (0.84, 0.90),
             "dev-36": (0.79, 0.93), "dev-38": (0.71, 0.90), "dev-37": (0.70, 0.89), "dev-39": (0.76, 0.91),
             "dev-40": (0.88, 0.96), "dev-41": (0.85, 0.95), "dev-42": (0.83, 1.00), "held-out-12": (0.88, 0.95),
             "held-out-13": (0.89, 0.98), "held-out-14": (0.85, 0.95)}
FLOOR_LANG = {"tuning": (0.89, 0.98), "held-out": (0.73, 0.86), "held-out-2": (0.90, 0.90),
              "held-out-3": (0.90, 1.00), "held-out-4": (0.80, 0.80), "held-out-5": (0.69, 0.92),
              "held-out-6": (0.73, 0.93), "dev-33": (0.75, 0.87), "dev-34": (0.75, 0.83), "dev-35": (0.62, 0.87),
              "dev-36": (0.66, 0.83), "dev-38": (0.53, 0.80), "dev-37": (0.41, 0.75), "dev-39": (0.73, 0.86),
              "dev-40": (0.80, 0.93), "dev-41": (0.73, 0.86), "dev-42": (0.80, 1.00), "held-out-12": (0.80, 0.93),
              "held-out-13": (0.85, 0.92), "held-out-14": (0.80, 0.86)}


def _first_scores(index, query) -> dict[tuple[str, str], float]:
    """(kind, id) -> score of every entry the first stage finds, in its order: the mechanisms the tests below pin, before
    the learned second stage (tests/test_rerank.py) ranks the best of them again, each rank keeping its score."""
    first = index.ranking(query)
    return {(index.docs[i][0], index.docs[i][1]): first.total[i] for i in first.ranked}


def _rank(hits, answers) -> int | None:
    """Where the first answering rule stands among every hit (rules, keywords and errata alike)."""
    return next((i for i, h in enumerate(hits) if h.kind == "rule" and h.id in answers), None)


def test_the_question_set_is_real(tk):
    rules = set(tk.rules.by_id)
    assert set(questions()) == set(tk.languages)
    for lang, items in questions().items():
        assert len(items) >= 30, lang
        assert sum(item.get("set") == "held-out" for item in items) >= 15, lang
        for item in items:
            assert item.get("set", "tuning") in SETS, item
            assert item["answers"] and set(item["answers"]) <= rules, item
            # a question, not keywords (but for held-out-6's writer's own "kind: keyword" items: a term alone)
            assert len(item["q"].split()) >= 4 or item.get("kind") == "keyword", f"a question, not keywords: {item['q']}"
    assert len({item["q"] for items in questions().values() for item in items}) == sum(map(len, questions().values()))
    sections = {tk.rules.by_id[a].section for items in questions().values() for item in items for a in item["answers"]}
    assert sections == {s["id"] for s in tk.rules.sections}, "every section of the rules is asked about"


#: the sets whose floors the default run checks: the first held-out one, issue 33's first tuned round and the latest
#: three sets of independent writers (dev-42, held-out-11 until the tenth round, held-out-12 and held-out-13); each other set is
#: checked on its own in the slow run
DEFAULT_SETS = ("held-out", "dev-33", "dev-42", "held-out-12", "held-out-13")


@pytest.mark.parametrize("which", [s if s in DEFAULT_SETS else pytest.param(s, marks=pytest.mark.slow) for s in SETS])
def test_questions_are_answered(tk, capsys, which):
    counts: dict[tuple[str, str], list[int]] = {}   # (set, lang) -> [first, top 3, total, detected]
    misses = []
    for lang, items in questions().items():
        for item in items:
            if item.get("set", "tuning") != which:
                continue
            result = tk.rules.search(item["q"], limit=None)
            pos = _rank(result.hits, set(item["answers"]))
            cell = counts.setdefault((which, lang), [0, 0, 0, 0])
            cell[0] += pos == 0
            cell[1] += pos is not None and pos < 3
            cell[2] += 1
            cell[3] += result.query.lang == lang
            assert not result.query.foreign, item["q"]
            if pos != 0 and not which.startswith("held-out"):   # a held-out miss is counted, not shown: not to tune on
                misses.append(f"  [{which} {lang}] {item['q']!r}: answer at {pos if pos is None else pos + 1}")
    failed = []
    cells = {lang: c for (w, lang), c in sorted(counts.items()) if w == which}
    first, top3, total, detected = (sum(c[k] for c in cells.values()) for k in range(4))
    report = (f"rule search, {which}: {total} questions, first {first}/{total} ({first / total:.0%}), "
              f"top 3 {top3}/{total} ({top3 / total:.0%}), language detected {detected}/{total}; "
              + ", ".join(f"{lang} {c[0]}/{c[2]} first, {c[1]}/{c[2]} top 3" for lang, c in cells.items()))
    if first / total < FLOOR_ALL[which][0] or top3 / total < FLOOR_ALL[which][1] or detected / total < 0.95:
        failed.append(which)
    failed += [f"{which} {lang}" for lang, c in cells.items()
               if c[0] / c[2] < FLOOR_LANG[which][0] or c[1] / c[2] < FLOOR_LANG[which][1]]
    with capsys.disabled():
        print("\n" + report + "\n" + "\n".join(misses))
    assert not failed, f"below the floor: {failed}\n{report}"


def test_stopwords_and_stemming(tk):
    # words that carry no meaning find nothing; a question is not a conjunction of all its words
    assert tk.rules.search("what can I do with it?", limit=None).hits == []
    assert tk.rules.search("can I summon a being on top of my own piece?").hits
    # inflections meet: one stem for "rendirme" and "rendirse", "destroyed" and "destroy"
    assert tk.rules.search("¿puedo rendirme?").hits[0].id == tk.rules.search("rendirse").hits[0].id
    destroyed = tk.rules.search("pieces destroyed", lang="en").query
    assert tk.rules.index.stemmer("en")(destroyed.words[-1]) == tk.rules.index.stemmer("en")("destroy")


def test_numbers_are_searched_as_printed(tk, game):
    from tashkalar_cli.data.dataset import flatten

    points = flatten(game)["end_duel_points"]
    hits = tk.rules.search(f"does the duel end at {points} points?").hits
    assert "end-trigger-duel" in [h.id for h in hits[:3]]
    index = tk.rules.index
    assert not any("{" in stem or "}" in stem or "_" in stem for lang in index.langs for stem in index.words(lang)["postings"])


@pytest.mark.parametrize(("question", "concept"), [
    ("can I play my Ruse after my two actions?", "flare"),          # the French term in English
    ("when can I use an impeto?", "flare"),                         # the Italian term
    ("wie geht eine mischia zu Ende", "deathmatch-melee"),
    ("what is a pedina promossa?", "upgraded-piece"),
])
def test_keyword_terms_of_every_language_count(tk, question, concept):
    result = tk.rules.search(question)
    assert concept in result.query.concepts
    index = tk.rules.index
    about = {index.docs[i][1] for i, *_ in index.data["concepts"][concept]}   # linked to it, or naming it
    assert len(about) < len(index.docs) / 2
    assert result.hits[0].id in about


def test_language_detection_and_accents(tk):
    assert tk.rules.search("que se passe-t-il si je n'ai plus de pièces").query.lang == "fr"
    assert tk.rules.search("quando finisce la partita?").query.lang == "it"
    assert tk.rules.search("¿cuándo termina la partida?").query.lang == "es"
    assert tk.rules.search("when does the game end?").query.lang == "en"
    # the caller's language decides between equals, and a forced language is kept
    assert tk.rules.search("melee", preferred="fr").query.lang == "fr"
    assert tk.rules.search("when does the game end?", lang="it").query.lang == "it"
    plain = [h.id for h in tk.rules.search("MELEE a mort, FIN de la partie").hits]
    accented = [h.id for h in tk.rules.search("mêlée à mort, fin de la partie").hits]
    assert plain == accented and plain


@fewer_examples(15)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_equal_scores_prefer_the_more_specific_rule(tk, data, examples):
    """(The default run asks 15 of the 60 queries, the slow run all of them.)"""
    index = tk.rules.index
    words = data.draw(st.lists(st.sampled_from(sorted(index.words("en")["vocab"])), min_size=1, max_size=4))
    hits = tk.rules.search(" ".join(words), lang="en", limit=None).hits
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    text_len = index.data["text_len"]
    first = index.ranking(index.read(" ".join(words), "en"))   # the order the second stage starts from
    for i, j in itertools.pairwise(first.ranked):
        assert round(first.total[i], 6) >= round(first.total[j], 6)
        if round(first.total[i], 6) == round(first.total[j], 6):
            a, b = index.docs[i][2], index.docs[j][2]
            depth_a, depth_b = len(a.split(".")) if a else 0, len(b.split(".")) if b else 0
            assert (depth_a, -text_len[i]) >= (depth_b, -text_len[j])


def test_team_play_follows_the_form_it_is_played_as(tk, cli):
    book = tk.rules
    team = {r.id for r in book.for_mode("team")}
    played_as = tk.dataset.facts["rules"]["played_as"]["team"]
    raw = {r["id"]: r for r in tk.dataset.facts["rules"]["rules"]}
    for rule_id, r in raw.items():
        expected = "team" in r["modes"] or (bool(set(r["modes"]) & set(played_as))
                                             and "team" not in r.get("excludes", ()))
        assert (rule_id in team) == expected, rule_id
    assert "flare-duel-point" in team and "claim-task" in team
    assert "end-trigger-deck" not in team and "end-trigger-team-deck" in team
    assert "melee-no-resign" not in team
    found = cli("rule", "search", "flare", "point", "--mode", "team", "--json").json["results"]
    assert found[0]["id"] == "flare-duel-point"
    assert all(r["kind"] != "rule" or "team" in book.by_id[r["id"]].modes for r in found)


def test_search_command(cli, tk):
    r = cli("ask", "how", "many", "points", "to", "end", "a", "duel?")
    assert r.code == 0
    best = tk.rules.by_id["end-trigger-duel"]
    assert r.out.splitlines()[0].startswith(best.number)
    loc = tk.localizer("en")
    assert loc.msg("search.more") in r.out
    # the answer is in the language of the question unless --lang asks for another
    it = cli("ask", "quando", "finisce", "la", "partita", "in", "mischia?", "--json").json["results"]
    assert it[0]["lang"] == "it" and it[0]["question_lang"] == "it"
    assert it[0]["title"] == str(tk.localizer("it").field("rules", it[0]["id"], "title"))
    en = cli("ask", "quando", "finisce", "la", "partita", "in", "mischia?", "--json", "--lang", "en").json["results"]
    assert en[0]["lang"] == "en" and en[0]["question_lang"] == "it" and en[0]["id"] == it[0]["id"]
    none = cli("rule", "search", "zzzyyyxxx")
    assert none.code == 0 and none.out.strip() == loc.msg("search.none", words="zzzyyyxxx")
    assert cli("rule", "search", "zzzyyyxxx", "--json").json["results"] == []
    blank = cli("ask", "  ")
    assert blank.code == 2 and "Traceback" not in blank.err
    assert cli("ask", "flare", "--limit", "2", "--json").json["results"].__len__() == 2


def test_index_is_cached_with_the_data(data_copy_of, monkeypatch, tmp_path):
    data_copy = data_copy_of("fr", "it")   # the languages edited and read, not every one (each is indexed)
    from tashkalar_cli import Game
    from tashkalar_cli.data import cache
    from tashkalar_cli.text.index import FORMAT

    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))
    first = Game(data_copy).dataset
    assert first.derived["search_index"]["format"] == FORMAT and "search_index.it" in first.derived
    cache._MEMO.clear()
    again = Game(data_copy)
    assert type(again.dataset.derived).__name__ != "dict", "read from the cache"
    assert again.rules.search("summoning square").hits
    # an edited text is searched at once, and so is a new player phrasing of a rule (``asks:``; one build for both)
    rules = data_copy / "locales" / "en" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Resigning", "Resigning (zebraquux)"), encoding="utf-8")
    asks = data_copy / "locales" / "fr" / "rules.yaml"
    asks.write_text(re.sub(r"^  resign: \[", "  resign: [quuxzebra, ", asks.read_text(encoding="utf-8"), flags=re.M),
                    encoding="utf-8")
    cache._MEMO.clear()
    edited = Game(data_copy)
    assert edited.rules.search("zebraquux").hits[0].id == "resign"
    assert edited.rules.search("quuxzebra", lang="fr").hits[0].id == "resign"


def test_keyword_show_finds_every_term_synonym_and_form(tk):
    glossary = tk.glossary
    for lang in tk.languages:
        for kid, entry in tk.dataset.locales[lang]["keywords"].items():
            for name in [entry["term"], *entry.get("synonyms", []), *entry.get("forms", [])]:
                found = glossary.find(name.rstrip("$"), lang)
                if found.id != kid:  # a spelling two keywords share: the other one must own it too
                    other = tk.dataset.locales[lang]["keywords"][found.id]
                    names = [other["term"], *other.get("synonyms", []), *other.get("forms", [])]
                    assert name in names, (lang, name, kid, found.id)
    assert glossary.find("Pedina non-legendaria").id == "non-legendary-piece"
    assert glossary.find("impeti").id == "flare"


def test_keyword_suggestions_in_the_users_language(cli, tk):
    r = cli("keyword", "show", "empate", "--lang", "es")
    assert r.code == 2 and "Gateway" not in r.err and "Portal" not in r.err
    # a typo close to one term only is that term; further off, the terms of the user's language are
    # suggested (ids in JSON, for programs; the terms themselves on screen)
    assert cli("keyword", "show", "mossa di combatimento", "--lang", "it", "--json").json["id"] == "combat-move"
    it = tk.dataset.locales["it"]["keywords"]["combat-move"]["term"]
    r = cli("keyword", "show", "mosa cmbatmnto", "--lang", "it", "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["hints"][0] == "combat-move"
    assert it in cli("keyword", "show", "mosa cmbatmnto", "--lang", "it").err


@pytest.mark.parametrize(("question", "subject"), [
    ('what does "may" mean on a card?', "may"),
    ("que veut dire « peut » sur une carte ?", "peut"),
    ("si la carta dice «puedes», ¿es obligatorio?", "puedes"),
    ("cosa significa «puoi» in un effetto?", "puoi"),
    ("what does may mean?", "may"),          # not quoted, but asked what it means
])
def test_the_stopword_a_question_is_about_is_kept(tk, question, subject):
    result = tk.rules.search(question, limit=None)
    assert subject in result.query.subjects and subject in result.query.words
    assert "may" in result.query.concepts
    assert "effect-may" in [h.id for h in result.hits[:3]]


@pytest.mark.parametrize("question", ["may I resign a duel?", "peut-on abandonner en duel ?",
                                      "¿puedes rendirte en un duelo?", "puoi arrenderti in un duello?"])
def test_a_stopword_is_not_the_subject_of_every_question(tk, question):
    result = tk.rules.search(question, limit=None)
    assert result.query.subjects == () and "may" not in result.query.concepts
    assert result.hits[0].id == "resign"


@pytest.mark.parametrize(("question", "card", "answered"), [
    ("I summon my Swordmaster onto an enemy common piece, what happens to that piece?", "swordmaster", True),
    ("si j'invoque mon Chevalier sur une pièce ennemie, elle est détruite ?", "knight", True),
    ("¿el Maestro de la Espada se puede invocar encima de una ficha enemiga?", "swordmaster", True),
    ("il Cavaliere si può evocare su una pedina nemica?", "knight", True),
    ("can I summon my Chevalier onto an enemy piece?", "knight", True),     # another language's name
    ("puis-je invoquer le maestro espada sur une pièce ennemie ?", "swordmaster", False),  # without its small words
])
def test_card_names_of_every_language_are_recognised(tk, question, card, answered):
    result = tk.rules.search(question, limit=None)
    assert result.query.cards == (card,)
    index = tk.rules.index
    weights = index.concept_weights(result.query)
    assert weights["being"] >= 1.0            # the rules about its kind of card
    keywords = next(c.keywords for c in tk.cards.cards if c.id == card)
    assert all(weights[k] > 0 for k in keywords)   # and, a little, about what its effect does
    assert not set(result.query.words) & {"swordmaster", "chevalier", "maestro", "espada", "cavaliere"}
    if answered:
        assert "summoning-destroys" in [h.id for h in result.hits[:3]]


@pytest.mark.parametrize(("question", "card"), [
    ("can my Champion be summoned onto an enemy piece?", "champion"),       # "champion": a word players use for a hero
    ("il Campione può distruggere una pedina nemica?", "champion"),
    ("what does the Fire Dragon do to heroic pieces?", "fire-dragon"),        # "fire", "dragon": words of the situations
    ("l'Evocazione Rossa conta come un'evocazione?", "red-summoning"),
])
def test_the_players_words_hide_no_card(tk, question, card):
    """A card's name is left to the words only when the rules' printed texts say all of it; the words players use
    (phrasings, situations, everyday vocabulary) do not make it a word of the rules."""
    assert card in tk.rules.search(question, limit=None).query.cards


def test_a_card_name_made_of_rule_words_is_left_to_the_words(tk):
    index = tk.rules.index
    names = {" ".join(key) for word in index.cards for key, *_ in index.cards[word]}
    assert "destruction" not in names   # a task named like the keyword: the keyword wins
    gate = tk.rules.search("what does the Gate of Oblivion destroy?")
    assert gate.query.cards == ("gate-of-oblivion",) and "gateway" not in gate.query.concepts


@pytest.mark.parametrize(("question", "group_word"), [
    ("¿qué pasa si no me quedan fichas para invocar?", "falta"),
    ("quand je passe la main à mon coéquipier, il peut jouer une Ruse ?", "controle"),
    ("quante pedine si mettono sulla plancia all'inizio in mischia?", "preparazione"),
    ("¿puedo coger una ficha del tablero?", "tomar"),
    ("what total do you need to end a High Form game?", "sum"),
    ("does playing a flare cost me an action?", "spend"),
    ("¿cuántas cartas cojo al final del turno?", "robar"),
    ("je suis obligé de tout faire sur cette carte ?", "obligatoire"),
    ("is it mandatory to do every part of the effect?", "compulsory"),
])
def test_each_language_has_its_players_synonyms(tk, question, group_word):
    index = tk.rules.index
    query = tk.rules.search(question).query
    assert index.stemmer(query.lang)(group_word) in index._terms(query)


def test_synonyms_are_phrases_in_order(tk):
    index = tk.rules.index
    apart = tk.rules.search("invoquer une créature sur une case rouge", lang="fr").query
    together = tk.rules.search("peut-on invoquer sur une pièce ennemie ?", lang="fr").query
    stem = index.stemmer("fr")
    assert stem("dessus") not in index._terms(apart)      # "invoquer ... sur" is not "invoquer sur"
    assert stem("dessus") in index._terms(together)


#: each question asked in every language: the default run keeps two of them (a German one, the Portuguese one that
#: is half Spanish), the slow run all
@pytest.mark.parametrize("question", spread([
    "Kann ich auf eine feindliche heroische Figur beschwören?",
    "Wie viele Punkte braucht man, um das Duell zu gewinnen?",
    "o que acontece quando acaba o baralho?",
    "kan ik een wezen oproepen op een vijandelijk stuk?",
    "quantos pontos preciso para ganhar o duelo?",     # half of its words are Spanish too
    "Wie viele Karten ziehe ich am Ende meines Zuges?",
], keep=2, start=1))
def test_a_question_in_another_language_is_told_so(tk, cli, question):
    assert tk.rules.search(question).query.foreign
    for lang in tk.languages:
        r = cli("ask", question, "--lang", lang)
        assert r.code == 2 and "Traceback" not in r.err
        expected = tk.localizer(lang).msg("error.question-language", languages="")
        assert expected.split(":")[0].split("{")[0].strip()[:20] in r.err
        assert len(r.err.strip().splitlines()) == 1
    names = tk.rules.index.language_names()
    assert len(names) == len(tk.languages) and all(n in cli("ask", question).err for n in names)


def test_nothing_answers_quotes_the_question_short_and_safe(cli, tk):
    question = "zzqq\x1b\x07" + "y" * 300   # two "words": not enough to call it another language
    r = cli("rule", "search", question)
    assert r.code == 0 and "\x1b" not in r.out and "\x07" not in r.out
    assert "\\x1b" in r.out and "y" * 100 not in r.out and "…" in r.out


@pytest.mark.parametrize(("question", "answer"), [
    ("puis-je invoquer sur une pièce héroïque ennemie ?", "summoning-destroys"),   # the README's question
    ("Est-ce que je peux invoquer sur une pièce héroïque ennemie ?", "summoning-destroys"),
    ("¿Puedo invocar sobre una ficha heroica enemiga?", "summoning-destroys"),
    ("posso evocare sopra una pedina eroica nemica?", "summoning-destroys"),
    ("can I summon on top of an enemy heroic piece?", "summoning-destroys"),
    ("peut-on invoquer sur une pièce plus forte ?", "summoning-blocked"),
    ("¿qué pasa si no me quedan fichas para invocar?", "piece-shortage"),
])
def test_the_questions_the_reviews_found_missed(tk, question, answer):
    """The questions of the newcomer trial and of the review of the translations, answered first."""
    assert tk.rules.search(question).hits[0].id == answer


def test_a_synonym_group_counts_once(tk):
    """A group is one thing said in several ways: the phrase the question says weighs fully, the
    others as synonyms, and its words are not counted again as the question's own."""
    index = tk.rules.index
    query = tk.rules.search("quand je passe la main à mon coéquipier, il peut jouer une Ruse ?").query
    stem = index.stemmer("fr")
    own, groups = index._expansions(query)
    said = (stem("passe"), stem("main"))
    assert said[1] not in own and stem("ruse") in own
    group = next(g for g in groups if said in [phrase for phrase, _w in g])
    weights = dict(group)
    assert weights[said] == 1.0 and all(w < 1.0 for phrase, w in group if phrase != said)
    assert (stem("ceder"), stem("controle")) in weights


def test_a_synonym_group_weighs_its_best_phrase_and_a_share_of_the_next(tk, monkeypatch):
    """A group of many phrases ("passer la main", "céder le contrôle", "confier le contrôle"...) counts
    as one thing said: an entry using all of them gets no more than its two best phrases, so that the
    rest of the question ("jouer une Ruse") still decides between the rules of passing control."""
    from tashkalar_cli.text.index import scoring as module

    monkeypatch.setattr(module, "TITLE_BONUS", 0.0)
    index = tk.rules.index
    query = tk.rules.search("quand je passe la main à mon coéquipier, il peut jouer une Ruse ?").query
    _own, groups = index._expansions(query)
    stem = index.stemmer("fr")
    group = next(g for g in groups if (stem("passe"), stem("main")) in dict(g))
    whole = index._bm25(query.lang, {}, groups=[group])
    alone = [index._bm25(query.lang, {}, groups=[[phrase]]) for phrase in group]
    several = 0
    for i, score in whole.items():
        fits = sorted((a.get(i, 0.0) for a in alone), reverse=True)
        assert score == pytest.approx(fits[0] + module.GROUP_REST * fits[1])
        several += fits[2] > 0
    assert several, "some entry uses three phrases of the group or more"
    first = list(_first_scores(index, query))   # the first stage's order (the second stage puts it third)
    assert first[1] == ("rule", "team-partner-no-flare")


@pytest.mark.parametrize(("question", "answer"), [
    ("¿qué significa degradar una ficha?", "kw-downgrade"),        # two keywords, and asked what they mean
    ("cosa vuol dire degradare una pedina?", "kw-downgrade"),
    ("c'est quoi une pièce promue ?", "kw-upgraded-piece"),      # one keyword
    ("comment se passe une partie par équipe ?", "form-team"),
])
def test_a_question_asking_what_a_keyword_is_prefers_the_rule_defining_it(tk, monkeypatch, question, answer):
    """The rule titled by a keyword's name in every language defines it; a question made only of the
    names of keywords asks what they are (one keyword, or a word asking what they mean)."""
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    query = tk.rules.search(question).query
    assert index._defining(query)
    defining = {i for kid in query.concepts for i in index.data["defines"].get(kid, ())}
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    assert where["rule", answer] in defining
    with_bonus = _first_scores(index, query)
    assert next(iter(with_bonus)) == ("rule", answer)
    bonus = module.DEFINITION_BONUS
    monkeypatch.setattr(module, "DEFINITION_BONUS", 0.0)
    without = _first_scores(index, query)
    for key, score in without.items():
        share = 1 + bonus if where[key] in defining else 1.0
        assert with_bonus[key] == pytest.approx(score * share)
    # a question relating two keywords asks more than what they are
    other = tk.rules.search("cosa succede se c'è una pedina nemica sulla casella di evocazione?").query
    assert set(other.words) <= set(other.named) and not index._defining(other)
    assert index.docs[index.data["defines"]["combat-move"][0]][1] == "kw-combat-move"


def test_a_rule_whose_phrasing_the_question_says_in_full_ranks_higher(tk, monkeypatch):
    """``asks:``: a phrasing whose every word (stopwords apart) the question says, in any order or
    through a synonym, makes its rule grow by up to ``ASKED_BONUS``; a phrasing said in part does not."""
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    question = "¿puedo descartar una leyenda o un estallido?"   # "descartar una leyenda o un estallido"
    query = tk.rules.search(question).query
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    stem = index.stemmer("es")
    said = {stem(w) for w in query.words}
    full = {i for i in range(len(index.docs)) if any(p <= said for p in index._phrasings("es", i))}
    assert where["rule", "discard-action"] in full and where["rule", "discard-return-cards"] not in full
    with_bonus = _first_scores(index, query)
    bonus = module.ASKED_BONUS
    monkeypatch.setattr(module, "ASKED_BONUS", 0.0)
    without = _first_scores(index, query)
    for key, score in without.items():
        if where[key] in full:   # by the share of the question the phrasing says
            assert score * 1.000001 < with_bonus[key] <= score * (1 + bonus) * 1.000001
        else:
            assert with_bonus[key] == pytest.approx(score)
    assert max(with_bonus, key=with_bonus.__getitem__) == ("rule", "discard-action")
    assert max(without, key=without.__getitem__) != ("rule", "discard-action")


def test_a_longer_synonym_stands_for_the_words_said(tk, monkeypatch):
    """A phrase of a group the question did not say, longer than the one it said ("ceder el control"
    for "paso el turno"), counts for (words said / its words) ** ``LONGER_SYNONYM``: the group stays
    one thing said, and the question's other words ("leyendas") still count."""
    from tashkalar_cli.text.index import scoring as module

    monkeypatch.setattr(module, "TITLE_BONUS", 0.0)
    index = tk.rules.index
    question = "¿mi compañero se queda mis leyendas cuando le paso el turno?"
    query = tk.rules.search(question).query
    _own, groups = index._expansions(query)
    turn = (index.stemmer("es")("turno"),)
    group = next(g for g in groups if turn in dict(g))
    assert dict(group)[turn] == 1.0
    longer = next(p for p, w in group if len(p) == 2 and w < 1.0)
    both = index._bm25("es", {}, groups=[[(turn, 1.0), (longer, module.SYNONYM)]])
    said = index._bm25("es", {}, groups=[[(turn, 1.0)]])
    alone = index._bm25("es", {}, groups=[[(longer, module.SYNONYM)]])   # nothing shorter said: as it is
    damped = 0.5 ** module.LONGER_SYNONYM
    assert damped < 1.0
    for i, score in both.items():
        fits = sorted([said.get(i, 0.0), alone.get(i, 0.0) * damped], reverse=True)
        assert score == pytest.approx(fits[0] + module.GROUP_REST * fits[1])
    assert tk.rules.search(question).hits[0].id == "team-pass-legends"


@pytest.mark.parametrize(("question", "framing", "kept"), [
    ("comment se passe une partie par équipe ?", "passe", "equipe"),
    ("que se passe-t-il si je n'ai plus de pièces ?", "passe", "pieces"),
    ("how does it work when a legend deck is empty?", "work", "legend"),
])
def test_words_that_only_frame_a_question_are_not_searched(tk, question, framing, kept):
    """``search: idioms:`` of a language: "que se passe-t-il" asks a question, it passes no control."""
    query = tk.rules.search(question).query
    assert framing in query.tokens and framing not in query.words and framing not in query.plain
    assert kept in query.words
    assert "passe" in tk.rules.search("je passe la main à mon coéquipier avant mes actions").query.words


def test_a_synonym_phrase_names_a_keyword_only_as_a_whole(tk):
    index = tk.rules.index
    # "completare la mano" is a way to say "pescare", not a task being completed
    drawing = tk.rules.search("quante carte si pescano a fine turno?").query
    assert "claim" not in index.concept_weights(drawing)
    # "ficha enemiga" is a keyword's name as a whole
    other = tk.rules.search("¿puedo usar una ficha de otro jugador para invocar?").query
    assert index.concept_weights(other).get("enemy-piece", 0) > 0


def test_a_name_inside_a_longer_one_counts_in_its_own_language(tk):
    ancestral = tk.rules.search("quand est-ce que la partie se termine en Duel Ancestral ?").query
    assert "high-form" in ancestral.concepts and "deathmatch-duel" not in ancestral.concepts
    flare = tk.rules.search("posso giocare un impeto durante il turno?").query
    assert {"invoke", "flare"} <= set(flare.concepts)


@pytest.mark.parametrize("question", ["how many points does a heroic piece give in a duel?",
                                      "combien de points rapporte une pièce héroïque en duel ?",
                                      "¿cuántos puntos da una ficha heroica en el duelo?",
                                      "quanti punti vale una pedina eroica nel duello?"])
def test_a_question_asking_for_a_number_prefers_the_rules_giving_one(tk, monkeypatch, question):
    """Its score grows for the entries whose text gives a number, and more for those where the
    number counts what the question counts ("points": "18 points")."""
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    query = tk.rules.search(question).query
    unit = index._unit(query)
    assert unit == index.stemmer(query.lang)(query.words[0])   # points, puntos, punti
    numbered = set(index.data["numbered"])
    counted = set(index.words(query.lang)["units"][unit])
    assert counted and counted <= numbered
    with_bonus = _first_scores(index, query)
    bonus, unit_bonus = module.NUMBER_BONUS, module.UNIT_BONUS
    monkeypatch.setattr(module, "NUMBER_BONUS", 0.0)
    monkeypatch.setattr(module, "UNIT_BONUS", 0.0)
    without = _first_scores(index, query)
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    kinds = {("counted" if where[k] in counted else "numbered" if where[k] in numbered else "plain") for k in without}
    assert kinds == {"counted", "numbered", "plain"}
    for key, score in without.items():
        i = where[key]
        share = 1 + bonus + unit_bonus if i in counted else 1 + bonus if i in numbered else 1.0
        assert with_bonus[key] == pytest.approx(score * share)
    assert index._unit(tk.rules.search("which pieces can a standard move destroy?").query) is None


@pytest.mark.parametrize(("question", "mode"), [("when does a deathmatch duel end?", "duel"),
                                                ("quand se termine une partie en Duel Ancestral ?", "high-form"),
                                                ("¿cuándo termina una melé a muerte?", "melee"),
                                                ("quando finisce una partita del Gioco a Squadre?", "team")])
def test_a_question_naming_a_form_of_play_prefers_its_rules(tk, monkeypatch, question, mode):
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    query = tk.rules.search(question).query
    with_modes = _first_scores(index, query)
    share, own = module.OTHER_MODE, module.OWN_MODE
    monkeypatch.setattr(module, "OTHER_MODE", 1.0)
    monkeypatch.setattr(module, "OWN_MODE", 0.0)
    without = _first_scores(index, query)
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    doc_modes = index.data["doc_modes"]
    every = {m for modes in doc_modes if modes for m in modes}
    forms = {key: set(doc_modes[where[key]] or ()) for key in without}   # the rules' forms, team play included
    others = [key for key in without if forms[key] and mode not in forms[key]]
    assert others, "some rules found are of other forms"
    # issue 33: the rules of that form (not of every form) rank above the rules of every form
    assert [key for key in without if forms[key] and mode in forms[key] and forms[key] != every]
    for key, score in without.items():
        other = forms[key] and mode not in forms[key]
        alone = forms[key] and mode in forms[key] and forms[key] != every
        assert with_modes[key] == pytest.approx(score * (share if other else 1 + own if alone else 1.0))


@pytest.mark.parametrize("question", ["cuantos puntso para ganar el dualo?", "quanti punit servono per vincre?",
                                      "how many pionts to win a dule?", "combien de poitns pour gagner en mêlée ?"])
def test_a_question_with_typos_is_not_another_language(tk, question):
    assert not tk.rules.search(question).query.foreign


@pytest.mark.parametrize(("question", "typed", "read"), [
    ("when the legand deck is empty, what then?", "legand", "legend"),     # a letter changed
    ("qui gagne en cas d'égalitée ?", "egalitee", "egalite"),              # a letter added
    ("¿qué es un movimeinto normal?", "movimeinto", "movimiento"),         # two letters swapped
    ("quanti compitti si possono completare?", "compitti", "compiti"),
])
def test_a_typo_is_read_as_the_word_of_the_rules(tk, question, typed, read):
    from tashkalar_cli.text.search import tokens

    query = tk.rules.search(question).query
    assert typed in tokens(question) and read in query.words and typed not in query.words


def test_what_is_not_a_typo_stays(tk):
    index = tk.rules.index
    assert index.correct("cavaliere", "en") == "cavaliere"      # a card name of another language
    assert index.correct("impeto", "fr") == "impeto"            # a term of another language
    assert index.correct("want", "en") == "want"                # too short to guess
    assert index.correct("zzzzzzzz", "en") == "zzzzzzzz"        # nothing close
    # what a language knows of a question is counted as typed: Portuguese is not misspelt Spanish
    assert tk.rules.search("quantos pontos preciso para ganhar o duelo?").query.foreign


def test_a_spelling_two_languages_share_is_read_in_the_questions(tk):
    # "invoc": summoning in Spanish, invoking a flare in Italian
    es = tk.rules.search("¿dónde se pone la ficha nueva cuando invoco?").query
    assert es.lang == "es" and "summon" in es.concepts and "invoke" not in es.concepts
    it = tk.rules.search("posso giocare un impeto quando voglio?").query
    assert it.lang == "it" and "invoke" in it.concepts


# --------------------------------------------------------------------------- player phrasings (asks:)

def test_every_rule_has_player_phrasings_in_every_language(tk):
    """``asks:`` of each language's rules.yaml: how players ask about each rule, in their own words
    (short, colloquial): never a sentence of the rule copied, at most a term it uses."""
    from tashkalar_cli.text.search import tokens

    rules = {r.id for r in tk.rules.rules}
    for lang in tk.languages:
        asks = tk.dataset.locales[lang]["asks"]
        assert set(asks) == rules, lang
        loc = tk.dataset.locales[lang]["rules"]
        stop = set(tk.rules.index.langs[lang]["stopwords"])
        repeated = total = 0
        for rid, phrasings in asks.items():
            assert 2 <= len(phrasings) <= 16 and len(set(phrasings)) == len(phrasings), (lang, rid)
            said = " " + " ".join(tokens(loc[rid]["title"] + " " + loc[rid]["text"])) + " "
            for phrasing in phrasings:
                words = tokens(phrasing)
                assert 1 <= len(words) <= 14, (lang, rid, phrasing)
                inside = " " + " ".join(words) + " " in said
                content = [w for w in words if w not in stop]
                assert not (inside and len(content) >= 4), f"copied from the rule: {lang} {rid} {phrasing!r}"
                repeated += inside
                total += 1
        assert repeated <= total / 10, lang


def test_the_phrasings_are_searched_with_their_own_weight(tk, monkeypatch):
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    where = {d[1]: i for i, d in enumerate(index.docs) if d[0] == "rule"}
    field = module.TEXT_FIELDS.index("asks")
    for lang, word, rule in [("en", "towel", "resign"), ("fr", "éponge", "resign"),
                             ("es", "vencido", "resign"), ("it", "vinto", "resign")]:
        postings = {i: cells for i, *cells in index.words(lang)["postings"][index.stemmer(lang)(tokens_of(word))]}
        assert set(postings) == {where[rule]}, (lang, word)   # a word of players, in no rule's text
        assert postings[where[rule]][field] >= 1 and sum(postings[where[rule]]) == postings[where[rule]][field]
    found = tk.rules.search("can we just throw in the towel?")
    assert found.hits[0].id == "resign"
    from tashkalar_cli.text.index import common

    monkeypatch.setitem(common.FIELD_WEIGHT, "asks", 0.0)   # the one table of the fields' weights
    assert not [h for h in tk.rules.search("towel", lang="en").hits if h.id == "resign"]


def tokens_of(word: str) -> str:
    from tashkalar_cli.text.search import tokens

    (only,) = tokens(word)
    return only


def test_the_phrasings_are_never_shown(cli):
    for args in (("rule", "show", "resign", "--json"), ("ask", "can we throw in the towel?", "--json")):
        assert "towel" not in cli(*args).out
    assert "asks" not in cli("rule", "show", "resign", "--json").json


def test_the_phrasings_are_read_checked_and_cached(data_copy_of, cli, monkeypatch, tmp_path):
    """(A new phrasing searched at once: :func:`test_index_is_cached_with_the_data`, in the same build as an edited
    text.)"""
    data_copy = data_copy_of("fr")
    from tashkalar_cli.data import cache

    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))
    path = data_copy / "locales" / "fr" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    # phrasings and situations of a rule that does not exist: reported by validate
    edited = text.replace("\nasks:\n", "\nasks:\n  resing: [abandonner la partie]\n")
    path.write_text(edited + "  resing: [je perds de dix points, je range mes pions]\n", encoding="utf-8")   # situations:
    cache._MEMO.clear()
    r = cli("validate", "--json", "--data", str(data_copy))
    assert r.code == 0 and r.json["warnings"] == ["locales/fr: asks entry 'resing' matches no id in cards/",
                                                  "locales/fr: situations entry 'resing' matches no id in cards/"]
    # not a list of texts: refused by the schema, with the file and the line
    broken = re.sub(r"^  resign: \[.*\]$", "  resign: []", text, flags=re.M)
    line = broken.splitlines().index("  resign: []") + 1
    path.write_text(broken, encoding="utf-8")
    cache._MEMO.clear()
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2 and "rules.yaml" in r.err and str(line) in r.err and "Traceback" not in r.err

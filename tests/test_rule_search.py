"""Rule search: questions as players ask them, in four languages, answered from the rules.

The question set (tests/rule_questions.yaml) is asked with no language given; the test reports
the share of questions whose answer comes first and in the first three, and holds them to the
goals of issue 11 (first >= 75%, top 3 >= 90%). The other tests pin the pieces the ranking is made
of: stopwords, stemming, numbers, keyword terms of every language, accents, the specificity
tie-break, the team-play mode filter, and ``keyword show``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent
QUESTIONS = yaml.safe_load((HERE / "rule_questions.yaml").read_text(encoding="utf-8"))["questions"]
GOAL_FIRST, GOAL_TOP3 = 0.75, 0.90


def _rank(hits, answers) -> int | None:
    """Where the first answering rule stands among every hit (rules, keywords and errata alike)."""
    return next((i for i, h in enumerate(hits) if h.kind == "rule" and h.id in answers), None)


def test_the_question_set_is_real(tk):
    rules = set(tk.rules.by_id)
    assert set(QUESTIONS) == set(tk.languages)
    for lang, items in QUESTIONS.items():
        assert len(items) >= 15, lang
        for item in items:
            assert item["answers"] and set(item["answers"]) <= rules, item
            assert len(item["q"].split()) >= 4, f"a question, not keywords: {item['q']}"
    sections = {tk.rules.by_id[a].section for items in QUESTIONS.values() for item in items for a in item["answers"]}
    assert sections == {s["id"] for s in tk.rules.sections}, "every section of the rules is asked about"


def test_questions_are_answered(tk, capsys):
    first = top3 = detected = total = 0
    misses = []
    per_lang: dict[str, list[int]] = {}
    for lang, items in QUESTIONS.items():
        for item in items:
            result = tk.rules.search(item["q"], limit=None)
            pos = _rank(result.hits, set(item["answers"]))
            total += 1
            detected += result.query.lang == lang
            first += pos == 0
            top3 += pos is not None and pos < 3
            per_lang.setdefault(lang, [0, 0, 0])
            per_lang[lang][0] += pos == 0
            per_lang[lang][1] += pos is not None and pos < 3
            per_lang[lang][2] += 1
            if pos != 0:
                misses.append(f"  [{lang}] {item['q']!r}: answer at {pos if pos is None else pos + 1}")
    report = (f"rule search: {total} questions, answer first {first}/{total} ({first / total:.0%}), "
              f"in the top 3 {top3}/{total} ({top3 / total:.0%}), language detected {detected}/{total}; "
              + ", ".join(f"{lang} {f}/{n} first, {t}/{n} top 3" for lang, (f, t, n) in sorted(per_lang.items())))
    with capsys.disabled():
        print("\n" + report + "\n" + "\n".join(misses))
    assert first / total >= GOAL_FIRST, report
    assert top3 / total >= GOAL_TOP3, report
    assert detected / total >= 0.95, report


def test_stopwords_and_stemming(tk):
    # words that carry no meaning find nothing; a question is not a conjunction of all its words
    assert tk.rules.search("what can I do with it?", limit=None).hits == []
    assert tk.rules.search("can I summon a being on top of my own piece?").hits
    # inflections meet: one stem for "rendirme" and "rendirse", "destroyed" and "destroy"
    assert tk.rules.search("¿puedo rendirme?").hits[0].id == tk.rules.search("rendirse").hits[0].id
    destroyed = tk.rules.search("pieces destroyed", lang="en").query
    assert tk.rules.index.stemmer("en")(destroyed.words[-1]) == tk.rules.index.stemmer("en")("destroy")


def test_numbers_are_searched_as_printed(tk, game):
    from tashkalar_cli.text.i18n import flatten

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


def test_equal_scores_prefer_the_more_specific_rule(tk):
    index = tk.rules.index
    queries = st.lists(st.sampled_from(sorted(index.words("en")["vocab"])), min_size=1, max_size=4)

    @settings(max_examples=60, deadline=None)
    @given(queries)
    def check(words):
        hits = tk.rules.search(" ".join(words), lang="en", limit=None).hits
        text_len = index.data["text_len"]
        where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
        for a, b in itertools.pairwise(hits):
            assert round(a.score, 6) >= round(b.score, 6)
            if round(a.score, 6) == round(b.score, 6):
                depth_a, depth_b = len(a.number.split(".")) if a.number else 0, len(b.number.split(".")) if b.number else 0
                assert (depth_a, -text_len[where[a.kind, a.id]]) >= (depth_b, -text_len[where[b.kind, b.id]])

    check()


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


def test_index_is_cached_with_the_data(data_copy, monkeypatch, tmp_path):
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
    # an edited text is searched at once
    rules = data_copy / "locales" / "en" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Resigning", "Resigning (zebraquux)"), encoding="utf-8")
    cache._MEMO.clear()
    assert Game(data_copy).rules.search("zebraquux").hits[0].id == "resign"


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
    it = tk.dataset.locales["it"]["keywords"]["combat-move"]["term"]
    hints = json.loads(cli("keyword", "show", "mossa di combatimento", "--lang", "it", "--json").err)["error"]["hints"]
    assert hints[0] == it
    es = tk.dataset.locales["es"]["keywords"]["flare"]["term"]
    hints = json.loads(cli("keyword", "show", es[:-1], "--lang", "es", "--json").err)["error"]["hints"]
    assert hints[0] == es

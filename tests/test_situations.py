"""Table situations (``situations:`` of each language's rules.yaml and errata.yaml): what players tell of a game that a
rule or a ruling settles, in their words and without the rule's, so that a question telling a situation finds the rule
it is about (issue 33). They were written from the rules and the rulebooks by people who had seen no question; the
search reads them with the rule's player phrasings (the ``asks`` field), never as phrasings said in full."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="module")
def letal() -> Any:
    from tashkalar_cli import Game

    return Game("letal")


@pytest.fixture(params=["tk", "letal"])
def either(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


def _windows(words: list[str], size: int) -> set[str]:
    return {" ".join(words[i:i + size]) for i in range(len(words) - size + 1)}


def _card_names(game: Any, lang: str) -> set[str]:
    """The names of the game's cards in ``lang`` not made only of words of its rules (those the card finder knows)."""
    from tashkalar_cli.text.search import tokens

    locale = game.dataset.locales[lang]
    stop = set(game.rules.index.langs[lang]["stopwords"])
    ruled = {w for r in locale["rules"].values() for w in tokens(r.get("title", "") + " " + r.get("text", ""))}
    ruled |= {w for k in locale.get("keywords", {}).values() for w in tokens(" ".join([k.get("term", ""),
                                                                                        *k.get("synonyms", [])]))}
    names = set()
    for section in ("cards", "tasks"):
        for entry in locale.get(section, {}).values():
            words = [w for w in tokens(entry.get("name", "")) if w not in stop]
            if words and not set(words) <= ruled:
                names.add(" ".join(words))
    return names


def test_every_rule_and_ruling_has_situations_in_every_language(either: Any) -> None:
    """Each rule and each ruling, in each language: 3 to 8 situations, none a phrasing of the rule already, none with
    four words of its title or text running (stopwords apart: its own words), none naming a card (a situation tells
    what a rule settles for any card: a writer's "Chevalier" read as the Knight would tie the rule to one card)."""
    from tashkalar_cli.text.search import tokens

    facts = either.dataset.facts
    wanted = {"rules": {r.id for r in either.rules.rules}, "errata": {e["id"] for e in facts["errata"]}}
    for lang in either.languages:
        locale = either.dataset.locales[lang]
        stop = set(either.rules.index.langs[lang]["stopwords"])

        def content(text: str, stop: set[str] = stop) -> list[str]:
            return [w for w in tokens(text) if w not in stop and len(w) > 1]
        situations = locale["situations"]
        assert {section: set(ids) for section, ids in situations.items()} == wanted, lang
        names = {n for other in either.languages for n in _card_names(either, other)}
        for section, ids in situations.items():
            for eid, lines in ids.items():
                assert 3 <= len(lines) <= 8 and len(set(lines)) == len(lines), (lang, eid)
                entry = locale[section][eid]
                own = content(" ".join(str(entry.get(f, "")) for f in ("title", "text", "ruling")))
                for line in lines:
                    words = tokens(line)
                    assert 4 <= len(words) <= 24, (lang, eid, line)
                    assert line not in locale["asks"].get(eid, ()), (lang, eid, line)
                    assert not _windows(content(line), 4) & _windows(own, 4), f"its own words: {lang} {eid} {line!r}"
                    said = " " + " ".join(words) + " "
                    assert not [n for n in names if f" {n} " in said], f"a card's name: {lang} {eid} {line!r}"


def test_situations_are_searched_with_the_phrasings_never_said_in_full(tk: Any) -> None:
    """A word only a rule's situations use is in the rule's ``asks`` field, and nowhere else; the situations are not
    phrasings a question says in full (those are short: ``asks:``)."""
    from tashkalar_cli.text.index.common import TEXT_FIELDS
    from tashkalar_cli.text.search import tokens

    index = tk.rules.index
    field = TEXT_FIELDS.index("asks")
    where = {d[1]: i for i, d in enumerate(index.docs) if d[0] == "rule"}
    locale = tk.dataset.locales["en"]
    line = locale["situations"]["rules"]["place-piece-shortage"][0]
    elsewhere = {w for r in locale["rules"].values() for w in tokens(r["title"] + " " + r["text"])}
    elsewhere |= {w for asks in locale["asks"].values() for a in asks for w in tokens(a)}
    only = [w for w in tokens(line) if w not in elsewhere and len(w) > 3]
    assert only, line
    stem = index.stemmer("en")(only[0])
    rows = index.words("en")["postings"][stem]
    assert where["place-piece-shortage"] in {row[0] for row in rows}
    assert all(row[1 + field] and sum(row[1:]) == row[1 + field] for row in rows if row[0] == where["place-piece-shortage"])
    phrasings = index._phrasings("en", where["place-piece-shortage"])
    assert not [p for p in phrasings if stem in p]


@pytest.mark.slow
def test_every_rule_is_found_by_the_situations_it_settles(either: Any) -> None:
    """Told as written, each situation finds its rule in the top 3, nearly always (a few are told as another rule
    would be); in every language, most find it first."""
    for lang in either.languages:
        lines = either.dataset.locales[lang]["situations"]["rules"]
        first = top3 = total = 0
        for rid, told in lines.items():
            for line in told:
                ids = [h.id for h in either.rules.search(line, lang=lang, limit=None).hits if h.kind == "rule"]
                first += ids[:1] == [rid]
                top3 += rid in ids[:3]
                total += 1
        assert top3 / total >= 0.98 and first / total >= 0.90, (lang, first, top3, total)


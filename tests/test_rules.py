"""The rules reference, the glossary and the errata, in the four languages."""

from __future__ import annotations

import re

import pytest

from tashkalar_cli.text.i18n import Localizer, placeholders
from tashkalar_cli.text.rules import Glossary, RuleBook

from conftest import spread

LANGS = ("en", "fr", "es", "it")


def words(text: str) -> str:
    """The words of a text or of a Rich panel, without its borders and line wrapping."""
    return " ".join(re.sub(r"[│╭╮╰╯─┃━┏┓┗┛┡┩└┘┌┐]", " ", text).split())


def test_every_language_has_every_rule_section_keyword_and_erratum(dataset):
    rules = {r["id"] for r in dataset.facts["rules"]["rules"]}
    sections = {s["id"] for s in dataset.facts["rules"]["sections"]}
    keywords = {k["id"] for k in dataset.facts["glossary"]}
    errata = {e["id"] for e in dataset.facts["errata"]}
    assert len(rules) > 100 and len(keywords) > 40 and len(errata) >= 4
    for lang in LANGS:
        loc = dataset.locales[lang]
        assert set(loc["rules"]) == rules, lang
        assert set(loc["sections"]) == sections, lang
        assert set(loc["keywords"]) == keywords, lang
        assert set(loc["errata"]) == errata, lang


def test_every_card_keyword_is_in_the_glossary(db, dataset):
    glossary = {k["id"] for k in dataset.facts["glossary"]}
    used = {kw for c in db.cards for kw in c.keywords}
    assert used and used <= glossary


def test_rule_keywords_and_links_exist(dataset):
    book = RuleBook(dataset)
    glossary = {k["id"] for k in dataset.facts["glossary"]}
    assert any(rule.keywords for rule in book.rules) and any(rule.related for rule in book.rules)
    for rule in book.rules:
        assert set(rule.keywords) <= glossary, rule.id
        assert all(r in book.by_id for r in rule.related), rule.id


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_official_terms_find_the_same_keyword(dataset, lang):
    glossary = Glossary(dataset)
    for kid, entry in dataset.locales[lang]["keywords"].items():
        assert glossary.find(entry["term"]).id == kid, (lang, entry["term"])
        assert glossary.find(entry["term"].upper()).id == kid


@pytest.mark.parametrize("term, kid", [
    ("High Form", "high-form"), ("Duel Ancestral", "high-form"), ("variante de elite", "high-form"),
    ("Forma Suprema", "high-form"), ("flare", "flare"), ("Ruse", "flare"), ("estallido", "flare"),
    ("impeto", "flare"), ("upgraded piece", "upgraded-piece"), ("pièce promue", "upgraded-piece"),
    ("ficha mejorada", "upgraded-piece"), ("pedina promossa", "upgraded-piece"),
    ("combat move", "combat-move"), ("deplacement de combat", "combat-move"),
    ("movimiento de combate", "combat-move"), ("mossa di combattimento", "combat-move"),
])
def test_lookup_of_official_terms_across_languages(cli, term, kid):
    r = cli("keyword", "show", term, "--json")
    assert r.code == 0, r.err
    assert r.json["id"] == kid
    assert set(r.json["terms"]) >= set(LANGS)
    assert r.json["term"] and r.json["definition"]


def test_keyword_show_in_a_language(cli, dataset):
    r = cli("keyword", "show", "flare", "--lang", "it", "--json")
    assert r.json["term"] == dataset.locales["it"]["keywords"]["flare"]["term"]
    assert r.json["terms"]["fr"] == dataset.locales["fr"]["keywords"]["flare"]["term"]
    es = cli("keyword", "show", "Ruse", "--lang", "es", "--json").json
    assert es["id"] == "flare" and es["term"] == dataset.locales["es"]["keywords"]["flare"]["term"]
    text = cli("keyword", "show", "Ruse", "--lang", "es")
    assert text.code == 0, text.err
    shown = words(text.out)
    assert es["term"] in shown
    assert words(es["definition"]) in shown, "the French term finds the keyword; its definition is shown in Spanish"
    assert words(cli("keyword", "show", "flare", "--json").json["definition"]) not in shown


def test_unknown_keyword(cli):
    r = cli("keyword", "show", "teleportation")
    assert r.code == 2 and "no keyword or game term is called 'teleportation'" in r.err and "Traceback" not in r.err
    assert cli("keyword", "show", "combat mve", "--json").json["id"] == "combat-move", "one letter off: that keyword"
    r = cli("keyword", "show", "cmbt mv")
    assert r.code == 2 and "combat move" in r.err


def test_rule_show_by_id_and_number(cli, dataset):
    book = RuleBook(dataset)
    rule = book.by_id["end-trigger-duel"]
    by_id = cli("rule", "show", rule.id, "--json").json
    by_number = cli("rule", "show", rule.number, "--json").json
    assert by_id == by_number
    assert by_id["modes"] == ["duel", "team"] and by_id["number"] == rule.number  # team games are also duels (played_as)
    assert str(dataset.facts["game"]["end"]["duel_points"]) in by_id["text"]


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_game_numbers_are_filled_in_every_language(dataset, lang):
    loc = Localizer(dataset, lang)
    params = loc.game_params
    for rule_id, entry in dataset.locales[lang]["rules"].items():
        for name in placeholders(entry["text"]):
            assert name in params, (lang, rule_id, name)
        text = loc.field("rules", rule_id, "text").text
        assert "{" not in text, (lang, rule_id)
    melee = loc.field("rules", "end-trigger-melee", "text").text
    assert str(params["end_melee_3_points"]) in melee and str(params["end_melee_4_points"]) in melee


def test_rule_show_text_and_errata(cli):
    j = cli("rule", "show", "end-trigger-melee", "--json").json
    assert "melee-end-threshold" in j["errata"]
    erratum = next(e for e in cli("errata", "--json").json["errata"] if e["id"] == "melee-end-threshold")
    r = cli("rule", "show", "end-trigger-melee")
    assert r.code == 0, r.err
    shown = words(r.out)
    assert words(j["title"]) in shown and words(j["text"].splitlines()[0]) in shown
    assert "Erratum" in shown and erratum["title"] in shown and words(erratum["ruling"]) in shown
    assert "Erratum" not in words(cli("rule", "show", "turn-order").out), "no errata section where none applies"


def test_unknown_rule(cli):
    r = cli("rule", "show", "end-trigger-duell")
    assert r.code == 2 and "end-trigger-duel" in r.err
    r = cli("rule", "show", "99.9")
    assert r.code == 2 and "Traceback" not in r.err


def test_rule_list_by_mode(cli, dataset):
    book = RuleBook(dataset)
    all_rules = cli("rule", "list", "--json").json["rules"]
    assert len(all_rules) == len(book.rules)
    melee = cli("rule", "list", "--mode", "melee", "--json").json["rules"]
    assert {r["id"] for r in melee} == {r.id for r in book.rules if "melee" in r.modes}
    assert "improvised-summoning" in {r["id"] for r in melee}
    assert "claim-task" not in {r["id"] for r in melee}
    assert cli("rule", "list", "--mode", "solo").code == 2


def test_rule_search_any_language_accent_insensitive(cli):
    en = cli("rule", "search", "piece", "shortage", "--json").json["results"]
    assert en[0]["id"] in {"piece-shortage", "place-piece-shortage", "shortage-summoning-square", "shortage-spare-piece",
                           "shortage-impossible"}
    fr = cli("rule", "search", "invocation", "improvisee", "--lang", "fr", "--json").json["results"]
    assert fr[0]["id"].startswith("improvised")
    assert cli("rule", "search", "zzzyyyxxx").code == 0  # nothing found: a sentence, like card list --text


def test_errata(cli):
    r = cli("errata", "--json")
    assert r.code == 0
    items = {e["id"]: e for e in r.json["errata"]}
    melee = items["melee-end-threshold"]
    assert "es" in melee["differing"] and "en" in melee["correct"]
    assert melee["values"]["en"] == [12, 10]
    assert melee["title"] and melee["ruling"] and set(melee["readings"]) >= {"en", "es"}
    text = cli("errata", "--lang", "fr")
    assert text.code == 0 and "✗ es" in text.out


def test_errata_of_one_rulebook_or_one_erratum(cli, dataset):
    """errata --book LANG: where that rulebook errs (and the rulings on it); errata ERRATUM: that one."""
    every = cli("errata", "--json").json["errata"]
    for book in ("en", "fr", "es", "it"):
        got = cli("errata", "--book", book, "--json").json["errata"]
        want = [e for e in every if book in (e["books"] if e["kind"] == "ruling" else e["differing"])]
        assert got == want and got, book
    assert {e["id"] for e in cli("errata", "--book", "español", "--json").json["errata"]} == \
        {e["id"] for e in every if "es" in (e["books"] if e["kind"] == "ruling" else e["differing"])}
    one = cli("errata", "melee-end-threshold", "--json").json["errata"]
    assert [e["id"] for e in one] == ["melee-end-threshold"]
    both = cli("errata", "melee-end-threshold", "--book", "en", "--json").json["errata"]
    assert both == []           # the English book is right there
    said = cli("errata", "melee-end-threshold", "--book", "en", "--lang", "fr")
    assert said.code == 0 and said.out.strip() == dataset.locales["fr"]["ui"]["errata.none"].replace(" :", "\u00a0:")
    text = cli("errata", "--book", "it", "--lang", "it")
    assert text.code == 0 and text.out.count("╭") == len([e for e in every if "it" in (
        e["books"] if e["kind"] == "ruling" else e["differing"])])


def test_errata_rules_are_linked(dataset):
    book = RuleBook(dataset)
    for e in dataset.facts["errata"]:
        assert e["rules"], f"errata {e['id']} is linked to no rule"
        assert all(r in book.by_id for r in e["rules"])


@pytest.mark.parametrize("columns", ["60", "80", "120"])
def test_the_heading_of_the_terms_in_every_language_stands_over_its_table(cli, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    out = cli("--lang", "fr", "keyword", "show", "upgrade").out.splitlines()
    heading = next(line for line in out if "Dans chaque langue" in line)
    table = out[out.index(heading) + 1]
    assert heading.index("Dans") == table.index("\u250f"), "\n".join(out[:12])   # left-aligned with the table

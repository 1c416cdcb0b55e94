"""Official vocabulary: every forbidden variant of a glossary, planted in a copy of the locales,
is reported where the reference uses the keyword; the tool's own texts use none of them; and
published card names show where they are attested."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tashkalar_cli.data.locales import LocaleReader
from tashkalar_cli.text.i18ncheck import check_locales
from tashkalar_cli.text.i18ncheck.checks import TermMatcher, term_fold

from conftest import REPO, spread

LANGS = ["en", "fr", "es", "it"]
#: one worker runs these tests: they share reports of the whole locales that take seconds to build
pytestmark = pytest.mark.xdist_group("locales-check")


def forbidden_rules() -> list[tuple[str, str, str]]:
    out = []
    for lang in LANGS:
        glossary = yaml.safe_load((REPO / "locales" / lang / "glossary.yaml").read_text(encoding="utf-8"))["keywords"]
        for kid, entry in glossary.items():
            for variant in entry.get("forbidden", []):
                out.append((lang, kid, variant))
    return out


RULES = forbidden_rules()


def test_the_glossaries_forbid_the_known_near_synonyms():
    wanted = {("fr", "empty-square", "case libre"), ("fr", "empty-square", "case inoccupée"),
              ("es", "empty-square", "casilla libre"), ("it", "empty-square", "casella libera"),
              ("fr", "upgraded-piece", "pièce améliorée")}
    assert wanted <= set(RULES)


def _plant_all(dest: Path, lang: str) -> dict[tuple[str, str], tuple[str, str]]:
    """Plant each forbidden variant of ``lang`` in its own text (one whose reference uses the
    keyword), added at the end of it; returns (keyword, variant) -> (section, key)."""
    reader = LocaleReader(strict=True)
    ref = reader.read(REPO / "locales" / "en", "")
    texts = reader.read(REPO / "locales" / lang, "")
    ref_terms = TermMatcher({key: e for (sec, key), e in ref.entries.items() if sec == "keywords"})
    used: set[tuple[str, str]] = set()
    planted: dict[tuple[str, str], tuple[str, str]] = {}
    edits: dict[str, list[tuple[str, str, str, str]]] = {}
    for rule_lang, kid, variant in RULES:
        if rule_lang != lang:
            continue
        for (sec, key, fld), unit in sorted(texts.units.items()):
            if sec in ("keywords", "ui") or (sec, key) in used or fld not in ("effect", "text", "criterion", "upper", "lower"):
                continue
            reference = ref.units.get((sec, key, fld))
            if reference is None or not ref_terms.present(reference.text, kid):
                continue
            used.add((sec, key))
            planted[kid, variant] = (sec, key)
            edits.setdefault(unit.file, []).append((sec, key, fld, variant))
            break
    for file, items in edits.items():
        path = dest / file
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for sec, key, fld, variant in items:
            section = {"cards": "cards", "rules": "rules", "tasks": "tasks", "flares": "flares"}[sec]
            data[section][key][fld] = data[section][key][fld].rstrip(".") + f" ({variant})."
        path.write_text(yaml.safe_dump(data, allow_unicode=True, width=1000), encoding="utf-8")
    return planted


class PlantedReports:
    """Per language, the forbidden variants planted in a copy of its locales and the translation check of that
    copy, each made when a test first asks for it (a check takes seconds: the default run asks for one language)."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.factory = tmp_path_factory
        self.folders: dict[str, tuple[Path, dict[tuple[str, str], tuple[str, str]]]] = {}
        self.reports: dict[str, object] = {}

    def planted(self, lang: str) -> dict[tuple[str, str], tuple[str, str]]:
        if lang not in self.folders:
            dest = self.factory.mktemp(f"terms-{lang}")
            for copy in {"en", lang}:
                shutil.copytree(REPO / "locales" / copy, dest / copy)
            self.folders[lang] = (dest, _plant_all(dest, lang))
        return self.folders[lang][1]

    def __getitem__(self, lang: str) -> tuple[dict[tuple[str, str], tuple[str, str]], object]:
        planted = self.planted(lang)
        if lang not in self.reports:
            self.reports[lang] = check_locales(self.folders[lang][0], _facts(), "en", [lang] if lang != "en" else None)
        return planted, self.reports[lang]


@pytest.fixture(scope="session")   # not per module: the group's modules interleave on its worker, and a module
def planted_reports(tmp_path_factory):   # fixture would be built again each time this module's tests came back
    return PlantedReports(tmp_path_factory)


def _facts():
    from tashkalar_cli.data.loader import load_facts

    return load_facts(REPO / "cards", REPO)


#: the default run plants and checks the French variants (the review's findings: "case libre", "pièce
#: améliorée"...); the other languages' (the same check, another glossary) are in the slow run
DEFAULT_LANG = "fr"


@pytest.mark.parametrize("lang,kid,variant", [
    pytest.param(lang, kid, v, id=f"{lang}-{kid}-{v}", marks=() if lang == DEFAULT_LANG else pytest.mark.slow)
    for lang, kid, v in RULES])
def test_each_forbidden_variant_is_reported(planted_reports, lang, kid, variant):
    planted, report = planted_reports[lang]
    if (kid, variant) not in planted:
        pytest.skip(f"no {lang} text whose reference uses '{kid}' was left to plant '{variant}' in")
    sec, key = planted[kid, variant]
    found = [f for f in report.findings if f.code == "forbidden-term" and f.key == key and f.lang == lang]
    assert found, f"'{variant}' planted in {sec}/{key} was not reported"
    assert any(term_fold(variant) in f.message.casefold() or variant in f.message for f in found)
    assert all(f.severity == "error" and f.line for f in found)


#: each language's variants planted in a case of its own (at least four fifths of them, so of all of them too): the
#: default run keeps French, whose copy the check above plants anyway; the other languages in the slow run
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang == DEFAULT_LANG else pytest.mark.slow)
                                  for lang in sorted({lang for lang, _, _ in RULES})])
def test_most_variants_could_be_planted(planted_reports, lang):
    planted = len(planted_reports.planted(lang))
    rules = sum(rule_lang == lang for rule_lang, _, _ in RULES)
    assert rules and planted >= 0.8 * rules, (lang, planted, rules)


def test_the_tools_own_texts_use_no_forbidden_variant(own_locales_report):
    assert set(own_locales_report.languages) >= {"fr", "es", "it"}
    assert not [f for f in own_locales_report.findings if f.code == "forbidden-term"]


def test_a_published_name_shows_its_source(cli):
    r = cli("card", "show", "hungry-bear", "--lang", "fr", "--json")
    assert r.code == 0
    assert r.json["name"] == "Ours Affamé" and r.json["name_official"] is True
    assert "Iello" in r.json["name_source"]
    text = cli("card", "show", "hungry-bear", "--lang", "fr").out
    assert "Ours Affamé" in text and "Iello" in text and "nom officiel" in text


def test_unofficial_names_are_listed_for_translators(cli, dataset):
    r = cli("card", "list", "--unofficial", "--lang", "fr", "--json")
    assert r.code == 0
    ids = {c["id"] for c in r.json["cards"]}
    assert "hungry-bear" not in ids and "sapling" not in ids
    french = dataset.locales["fr"]["cards"]
    assert "knight" in ids and french["knight"].get("official") is False
    assert all(not c["name_official"] for c in r.json["cards"])


# ------------------------------------------------------------------ the rulebooks' words in the interface

#: words the interface once used where the language's rulebook has its own term (checked in
#: ../shared/rulebooks): claiming a task, the board, taking a piece back in a shortage, and the
#: coined generic names of the two deathmatch forms, which no book has
DRIFTS = {
    "fr": [r"objectifs? ne se rempli", r"\bramass", r"combats? à mort", r"modes? à mort", r"compte rendu du tour"],
    "es": [r"misi[oó]n(es)? (solo )?se cumple", r"\blevant", r"partidas? a muerte", r"modos? a muerte",
           r"autocompletado de órdenes"],
    "it": [r"tabellone", r"\braccogli", r"resoconto", r"il criterio del compito", r"il criterio è",
           r"\bforme? di gioco"],
}


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_the_interface_uses_the_rulebooks_words(lang):
    import re

    texts = []
    for path in sorted((REPO / "locales" / lang).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        # the asks: block of rules.yaml and the search: section of ui.yaml (its everyday vocabulary) are how
        # players phrase questions (never shown): they keep their own words, "tabellone" or "partida a muerte"
        # included, so that the search finds them
        text = text.split("\nasks:\n")[0].split("\nsearch:\n")[0]
        texts.append((path.name, " ".join(text.split())))  # words across lines too
    found = [(name, pattern, m.group(0)) for name, text in texts for pattern in DRIFTS[lang]
             for m in [re.search(pattern, text, re.IGNORECASE)] if m]
    assert not found, found


@pytest.mark.parametrize(("lang", "claim", "board", "take"), [
    ("fr", "revendique", "plateau", "prend"), ("es", "reclama", "tablero", "coge"), ("it", "complet", "plancia", "riprend")])
def test_the_official_verbs_are_used_where_the_review_found_others(dataset, lang, claim, board, take):
    ui = dataset.locales[lang]["ui"]
    assert claim in ui["error.tasks-high-form"] and claim in ui["error.task-claimed-twice"]
    assert take in ui["error.place-pick-up-needed"] and take in ui["plan.step.place_short"]
    if lang == "it":
        assert all(board in ui[k] for k in ("reason.no-colorless-square", "error.threats-no-opponent",
                                            "error.apply-not-colorless", "error.summon-take-back-not-allowed"))


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_sources_are_written_in_the_language_they_are_shown_in(lang):
    english = re.compile(r"\b(edition|attested|public|reports|rulebook)\b", re.IGNORECASE)
    for path in sorted((REPO / "locales" / lang / "cards").glob("*.yaml")):
        for card, entry in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"].items():
            if "source" in entry:
                assert not english.search(entry["source"]), (lang, card, entry["source"])
    ui = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]
    for key, text in ui.items():
        if key.startswith("deck.") and key.endswith(".source"):
            assert not english.search(text), (lang, key, text)


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_every_deck_name_is_attested_or_marked_unofficial(cli, tk, lang):
    loc = tk.localizer(lang)
    for deck in tk.decks:
        source = loc.deck_source(deck)
        card = next(c for c in tk.cards.beings if c.deck == deck)
        shown = cli("card", "show", card.id, "--lang", lang).out
        starred = loc.msg(f"deck.{deck}") + "*" in shown
        assert (source is not None) != starred, (lang, deck, source, starred)
    if lang != "en":
        assert loc.deck_source("imperial") is None, "no published name is known: the project's own, unofficial"

"""Card lookups and listings through the command line, in every language."""

from __future__ import annotations

import re
import unicodedata

import pytest

from tashkalar_cli.text.i18n import Localizer

from conftest import spread

LANGS = ("en", "fr", "es", "it")


def test_show_swordmaster_json_contract(cli):
    r = cli("card", "show", "swordmaster", "--json")
    assert r.code == 0, r.err
    card = r.json
    assert card["id"] == "swordmaster"
    assert card["type"] == "being"
    assert card["deck"] == "imperial"
    assert card["rank"] == "common"
    assert card["name"] == "Swordmaster"
    assert card["pattern"] == ["m c m", ". t .", "m c m"]
    assert "destroy" in card["keywords"] and "upgrade" in card["keywords"]
    assert "Swordmaster" in card["effect"]


def test_show_flare_and_task_json(cli):
    flare = cli("card", "show", "flare-3-6", "--json").json
    assert flare["type"] == "flare" and flare["upper_threshold"] == 3 and flare["lower_threshold"] == 6
    assert flare["upper"] and flare["lower"] and "effect" not in flare
    task = cli("card", "show", "heroic-destruction", "--json").json
    assert task["type"] == "task" and task["points"] == 2
    assert "3" in task["criterion"] and "1" in task["criterion"], "placeholders are filled with the task's numbers"
    assert "{" not in task["criterion"]


def test_show_renders_pattern_and_legend(cli):
    r = cli("card", "show", "cannon")
    assert r.code == 0
    assert "[C]" in r.out, "the summoning square that must hold your piece"
    assert "↖" in r.out and "direction printed on the card" in r.out


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_every_card_is_found_by_its_name_in_every_language(dataset, db, lang):
    loc = Localizer(dataset, lang)
    for card in db.cards:
        if card.type == "flare":
            continue
        name = db.name(card, loc)
        assert name.text, f"{card.id} has no name in {lang} or en"
        assert db.find(name.text).id == card.id
        assert db.find(name.text.upper()).id == card.id


def without_accents(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@pytest.mark.parametrize("lang", ["fr", "es", "it"])  # the English names have no accents
def test_lookup_ignores_accents_and_case(dataset, db, lang):
    loc = Localizer(dataset, lang)
    names = {c.id: str(db.name(c, loc)) for c in db.cards if c.type != "flare"}
    accented = {cid: name for cid, name in names.items() if without_accents(name) != name}
    assert accented, f"no accented name in {lang}: nothing to test"
    for cid, name in accented.items():
        plain = without_accents(name)
        assert db.find(plain.lower()).id == cid, name
        assert db.find(plain.upper()).id == cid, name


def test_french_name_without_accents(cli):
    r = cli("card", "show", "ours affame", "--json", "--lang", "fr")
    assert r.code == 0, r.err
    assert r.json["id"] == "hungry-bear"
    assert r.json["name"] == "Ours Affamé"


def test_show_in_each_language_gives_that_language(cli, dataset):
    for lang in LANGS:
        r = cli("card", "show", "swordmaster", "--json", "--lang", lang)
        assert r.code == 0
        want = dataset.locales[lang]["cards"]["swordmaster"]
        assert r.json["name"] == want["name"] and r.json["effect"] == want["effect"]
        assert r.json["lang"] == lang and r.json["fallback_lang"] is None


def test_language_from_environment(cli, monkeypatch, dataset):
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert cli("card", "show", "swordmaster", "--json").json["lang"] == "it"
    monkeypatch.setenv("TASHKALAR_LANG", "es")
    assert cli("card", "show", "swordmaster", "--json").json["lang"] == "es"
    assert cli("card", "show", "swordmaster", "--json", "--lang", "fr").json["lang"] == "fr"


def test_unknown_language_is_an_error(cli):
    r = cli("card", "show", "swordmaster", "--lang", "xx")
    assert r.code == 2
    assert "unknown language 'xx'" in r.err and "Traceback" not in r.err


def test_unknown_card_suggests_and_exits_2(cli):
    assert cli("card", "show", "swordmastr").code == 0, "one letter off one name: that card"
    r = cli("card", "show", "swrdmstr")
    assert r.code == 2
    assert "no card is called 'swrdmstr'" in r.err
    assert "did you mean: Swordmaster" in r.err
    assert "Traceback" not in r.err + r.out


def test_typo_in_another_language_is_found(cli, dataset):
    name = dataset.locales["it"]["cards"]["hungry-bear"]["name"]
    r = cli("card", "show", name[:-1] + "x", "--json")
    assert r.code == 0 and r.json["id"] == "hungry-bear"


def _words(text: str) -> str:
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def test_missing_translation_falls_back_to_english(cli, data_copy_of, dataset):
    """A card and a rule without French text: shown in English, said so in JSON and in a note."""
    data_copy = data_copy_of("fr")
    import yaml

    from conftest import write

    for rel, section, key in (("cards/imperial.yaml", "cards", "swordmaster"), ("rules.yaml", "rules", "turn-order")):
        path = data_copy / "locales" / "fr" / rel
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        del data[section][key]
        write(path, yaml.safe_dump(data, allow_unicode=True))
    data = ("--data", str(data_copy))
    en = cli("card", "show", "swordmaster", "--lang", "en", "--json", *data).json
    r = cli("card", "show", "swordmaster", "--lang", "fr", "--json", *data)
    assert r.code == 0, r.err
    assert r.json["lang"] == "fr" and r.json["fallback_lang"] == "en"
    assert (r.json["name"], r.json["effect"]) == (en["name"], en["effect"]) == ("Swordmaster", en["effect"])
    assert r.json["effect"] != dataset.locales["fr"]["cards"]["swordmaster"]["effect"]
    other = cli("card", "show", "knight", "--lang", "fr", "--json", *data).json
    assert other["fallback_lang"] is None and other["effect"] == dataset.locales["fr"]["cards"]["knight"]["effect"]

    en_rule = cli("rule", "show", "turn-order", "--lang", "en", "--json", *data).json
    rule = cli("rule", "show", "turn-order", "--lang", "fr", "--json", *data)
    assert rule.code == 0, rule.err
    assert rule.json["lang"] == "fr" and rule.json["fallback_lang"] == "en"
    assert (rule.json["title"], rule.json["text"]) == (en_rule["title"], en_rule["text"])

    from tashkalar_cli.game import Game

    loc = Game(dataset=dataset).localizer("fr")
    note = loc.msg("fallback.note", lang=loc.language_name("fr"), fallback=loc.language_name("en"))
    assert "français" in note and "anglais" in note, "languages by their names, not their codes"
    for args in (("card", "show", "swordmaster"), ("rule", "show", "turn-order")):
        text = cli(*args, "--lang", "fr", *data)
        assert text.code == 0, text.err
        assert _words(note) in _words(text.out), (args, text.out)
    assert _words(note) not in _words(cli("card", "show", "knight", "--lang", "fr", *data).out), "no note when translated"


def test_list_filters(cli, db):
    legends = cli("card", "list", "--deck", "legends", "--json").json["cards"]
    assert len(legends) == 12 and all(c["rank"] == "legendary" for c in legends)
    heroic_sylvan = cli("card", "list", "--deck", "sylvan", "--rank", "heroic", "--json").json["cards"]
    assert {c["id"] for c in heroic_sylvan} == {c.id for c in db.beings if c.deck == "sylvan" and c.rank == "heroic"}
    flares = cli("card", "list", "--type", "flare", "--json").json["cards"]
    assert len(flares) == 12
    tasks = cli("card", "list", "--type", "task", "--json").json["cards"]
    assert len(tasks) == 24
    everything = cli("card", "list", "--json").json["cards"]
    assert len(everything) == 120 + 12 + 24


def test_list_by_keyword_in_any_language(cli, dataset, db):
    want = {c.id for c in db.cards if "combat-move" in c.keywords}
    assert want
    for lang in LANGS:
        term = dataset.locales[lang]["keywords"]["combat-move"]["term"]
        got = {c["id"] for c in cli("card", "list", "--keyword", term, "--json").json["cards"]}
        assert got == want, lang


def test_list_by_text(cli):
    found = cli("card", "list", "--text", "swordmaster", "--json").json["cards"]
    assert any(c["id"] == "swordmaster" for c in found)
    assert cli("card", "list", "--text", "zzzqqq", "--json").json["cards"] == []


def test_list_bad_filter_values(cli):
    for args in (("--deck", "orcs"), ("--rank", "epic"), ("--type", "spell"), ("--keyword", "teleportation")):
        r = cli("card", "list", *args)
        assert r.code == 2, args
        assert "Traceback" not in r.err


def test_list_table(cli):
    r = cli("card", "list", "--deck", "imperial")
    assert r.code == 0 and "Swordmaster" in r.out and "18 cards" in r.out


def test_version_and_help(cli):
    from tashkalar_cli import __version__

    r = cli("--version")
    assert r.code == 0 and r.out.strip() == f"tashkalar {__version__}"
    r = cli("--help")
    assert r.code == 0
    for command in ("card", "rule", "keyword", "errata", "summon", "summonable", "position", "flare", "task",
                    "score", "i18n", "validate"):
        assert command in r.out, command
    r = cli("card", "shw", "x")
    assert r.code == 2 and r.out.count("did you mean") + r.err.count("did you mean") == 1

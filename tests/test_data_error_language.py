"""A data folder that fails to load says why in the user's language (review 2, SH18): the schema's
problems are keyed by their ``error.schema-*`` texts, and said with the interface's texts alone
(the chosen language's ``ui.yaml``, when that file is itself sound)."""

from __future__ import annotations

import json

import pytest

EFFECT = ("    effect: >-\n      Puedes destruir 1 ficha enemiga básica que sea diagonalmente adyacente al Maestro de la\n"
          "      Espada; si lo haces, mejora al Maestro de la Espada.\n")


@pytest.fixture
def broken(data_copy_of, monkeypatch):
    """A copy of the data whose Spanish Swordmaster lost its effect, chosen by TASHKALAR_DATA."""
    data_copy = data_copy_of("es", "fr")
    path = data_copy / "locales" / "es" / "cards" / "imperial.yaml"
    text = path.read_text(encoding="utf-8")
    assert EFFECT in text
    path.write_text(text.replace(EFFECT, "", 1), encoding="utf-8")
    monkeypatch.setenv("TASHKALAR_DATA", str(data_copy))
    return data_copy


def test_a_schema_error_of_the_data_is_said_in_the_chosen_language(cli, broken, dataset):
    r = cli("--lang", "fr", "card", "show", "swordmaster")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert "champ obligatoire" in dataset.locales["fr"]["ui"]["error.schema-required"]
    assert "champ obligatoire" in r.err and "tashkalar\u00a0: erreur" in r.err, r.err
    assert "is missing, and is required" not in r.err and "locales/es/cards/imperial.yaml:3" in r.err
    r = cli("--lang", "fr", "card", "show", "swordmaster", "--json")
    said = json.loads(r.err)["error"]
    assert r.code == 2 and said["key"] == "schema-required" and said["line"] == 3


def test_a_broken_ui_of_the_chosen_language_falls_back_to_english(cli, broken):
    ui = broken / "locales" / "fr" / "ui.yaml"
    ui.write_text(ui.read_text(encoding="utf-8").replace("messages:", "messages: [", 1), encoding="utf-8")
    r = cli("--lang", "fr", "card", "show", "swordmaster")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert "tashkalar: error:" in r.err


#: the default run keeps French (the texts of a language other than the fallback, read without the data); English
#: in the slow run
@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.slow), "fr"])
def test_an_unknown_option_with_a_broken_data_folder_is_one_line_not_a_traceback(cli, broken, lang):
    """The near options of an unknown option read each language's option names from the data; a data
    folder that fails to load leaves the option's own names, and the usage error is said in one line."""
    r = cli("--lang", lang, "card", "show", "swordmaster", "--bogus")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1, r.err
    assert "Traceback" not in r.err and "--bogus" in r.err

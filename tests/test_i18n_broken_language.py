"""A broken translator language is named as the cause (issue 32): the other languages work without it;
a command in that language says the language failed to load, and why, as every command does (not "no
card is called ..."); a name looked up in vain while a language failed to load says so under the error."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO

#: the two tests of the broken Spanish copy run on one worker and share the copy: the first command builds the data
#: with it (a second), which the worker's cache gives the other test
pytestmark = pytest.mark.xdist_group("broken-spanish")


@pytest.fixture(scope="module")
def spanish_copy(tmp_path_factory):
    """A translator's folder: a Spanish copy whose ui.yaml has a placeholder typo (no test changes it)."""
    folder = tmp_path_factory.mktemp("translators")
    shutil.copytree(REPO / "locales" / "es", folder / "es")
    ui = folder / "es" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    assert "{path}: textos escritos: {count}" in text
    ui.write_text(text.replace("{path}: textos escritos: {count}", "{path}: textos escritos: {cuenta}", 1),
                  encoding="utf-8")
    return folder


@pytest.fixture
def translators(spanish_copy, monkeypatch):
    """TASHKALAR_LOCALES set to the broken Spanish copy."""
    monkeypatch.setenv("TASHKALAR_LOCALES", str(spanish_copy))
    return spanish_copy


def test_a_lookup_in_the_broken_language_names_the_language(cli, translators):
    said = {}
    for command in (["card", "show", "Maestro de la Espada"], ["rule", "list"]):
        r = cli("--lang", "es", *command)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1, r.err
        assert "'es'" in r.err and "{cuenta}" in r.err and "es/ui.yaml" in r.err, r.err
        said[command[0]] = r.err
    assert said["card"] == said["rule"]   # the same line for the same problem


def test_other_languages_work_and_a_vain_lookup_names_the_broken_one(cli, translators):
    r = cli("--lang", "fr", "card", "show", "swordmaster")
    assert r.code == 0 and "Maître d'armes" in r.out
    r = cli("card", "show", "Águila Salvaje")  # a Spanish name no other language comes near (Maestro de la Espada reads as the Italian Maestro di Spada)
    assert r.code == 2
    lines = r.err.strip().splitlines()
    assert "no card is called" in lines[0]
    assert "'es'" in lines[-1] and "{cuenta}" in lines[-1] and "note:" in lines[-1], r.err


def test_the_load_error_and_the_check_give_the_same_line(cli, tmp_path, monkeypatch):
    """A misspelt placeholder on the second line of a folded text: the line where it stands, in the
    error that refuses the language as in ``i18n check`` (not the field's first line in one of them)."""
    folder = tmp_path / "translators"
    shutil.copytree(REPO / "locales" / "it", folder / "it")
    rules = folder / "it" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    at = text.index("{players_duel}", text.index("\n  form-duel:\n"))
    rules.write_text(text[:at] + "{players_dule}" + text[at + len("{players_duel}"):], encoding="utf-8")
    line = text[:at].count("\n") + 1
    assert not text.splitlines()[line - 1].lstrip().startswith("text:")   # not the field's first line
    r = cli("i18n", "check", "--locales", str(folder), "--target", "it", "--json")
    assert [f["line"] for f in r.json["findings"] if f["code"] == "placeholder-typo"] == [line]
    monkeypatch.setenv("TASHKALAR_LOCALES", str(folder))
    r = cli("--lang", "it", "rule", "list")
    assert r.code == 2 and f"it/rules.yaml:{line}: " in r.err, r.err

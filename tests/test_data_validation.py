"""Broken data files: one clear message naming the file and line, exit code 2, nothing dropped."""

from __future__ import annotations

import json

import pytest

from tashkalar_cli.data.cache import load_dataset
from tashkalar_cli.errors import DataError
from tashkalar_cli.game import load_uncached

from conftest import write


def load(root, build=load_uncached):
    from tashkalar_cli.data import cache as store

    store._MEMO.clear()
    return load_dataset(root, build=build)


#: the same command on the same data as tests/test_json_contract.py's test_validate, which asserts the same of its
#: answer in the default run
@pytest.mark.slow
def test_the_shipped_data_is_valid(cli):
    r = cli("validate", "--json")
    assert r.code == 0, r.err
    s = r.json
    assert (s["beings"], s["legends"], s["flares"], s["tasks"]) == (108, 12, 12, 24)
    assert set(s["languages"]) >= {"en", "fr", "es", "it"}
    assert s["effects_missing"] == []   # every card's effect is data (test_validate_fails_on_a_card_without_effect_data)


def test_duplicate_key_in_a_card_file(data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "imperial.yaml"
    text = path.read_text().replace("  - id: messenger\n    rank: common\n",
                                    "  - id: messenger\n    rank: common\n    rank: heroic\n", 1)
    write(path, text)
    with pytest.raises(DataError) as exc:
        load(data_copy)
    err = exc.value
    assert "duplicate key 'rank'" in err.message
    assert err.file.endswith("cards/beings/imperial.yaml")
    line = text.splitlines().index("    rank: heroic") + 1
    assert err.line == line


def test_schema_error_names_file_and_line(data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "sylvan.yaml"
    text = path.read_text().replace("rank: common", "rank: mythic", 1)
    write(path, text)
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert "'mythic' is not one of" in exc.value.message
    assert exc.value.line == text.splitlines().index("    rank: mythic") + 1


def test_broken_yaml_in_a_locale(data_copy_of, cli):
    data_copy = data_copy_of("fr")
    path = data_copy / "locales" / "fr" / "tasks.yaml"
    write(path, path.read_text() + "\n  broken: [unclosed\n")
    r = cli("card", "show", "swordmaster", "--data", str(data_copy))
    assert r.code == 2
    assert "fr/tasks.yaml" in r.err and "not valid YAML" in r.err
    assert "Traceback" not in r.err


def test_unknown_field_in_a_locale(data_copy_of, cli):
    data_copy = data_copy_of("it")
    path = data_copy / "locales" / "it" / "flares.yaml"
    write(path, path.read_text().replace("upper:", "uper:", 1))
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2 and "it/flares.yaml" in r.err


def test_unknown_file_is_not_silently_ignored(data_copy_of):
    data_copy = data_copy_of("es")
    write(data_copy / "locales" / "es" / "extras.yaml", "a: 1\n")
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert "unexpected file" in exc.value.message


def test_bad_pattern(data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "imperial.yaml"
    text = path.read_text().replace('"m c m"\n      - ". t ."', '"m c m"\n      - ". x ."', 1)
    assert '". x ."' in text
    write(path, text)
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert exc.value.file.endswith("cards/beings/imperial.yaml")
    assert "'. x .'" in exc.value.message
    assert exc.value.line == text.splitlines().index('      - ". x ."') + 1


def test_pattern_with_two_summoning_squares(data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "imperial.yaml"
    write(path, path.read_text().replace('- ". t ."\n      - "m c m"', '- ". t ."\n      - "m t m"', 1))
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert "more than one summoning square" in exc.value.message


def test_unknown_keyword_on_a_card(data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "highland.yaml"
    text = path.read_text()
    first = text.index("keywords: [") + len("keywords: [")
    write(path, text[:first] + "teleport, " + text[first:])
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert "unknown keyword 'teleport'" in exc.value.message


def test_same_entry_in_two_locale_files(data_copy_of):
    data_copy = data_copy_of()
    src = data_copy / "locales" / "en" / "cards" / "imperial.yaml"
    dst = data_copy / "locales" / "en" / "cards" / "highland.yaml"
    import yaml

    a = yaml.safe_load(src.read_text())
    b = yaml.safe_load(dst.read_text())
    b["cards"]["swordmaster"] = a["cards"]["swordmaster"]
    write(dst, yaml.safe_dump(b, allow_unicode=True))
    with pytest.raises(DataError) as exc:
        load(data_copy)
    assert "defined twice" in exc.value.message


def test_a_fifth_language_is_a_data_change(data_copy, cli):
    import shutil

    shutil.copytree(data_copy / "locales" / "en", data_copy / "locales" / "de")
    path = data_copy / "locales" / "de" / "cards" / "imperial.yaml"
    write(path, path.read_text().replace("name: Swordmaster", "name: Schwertmeister", 1))
    r = cli("card", "show", "schwertmeister", "--lang", "de", "--json", "--data", str(data_copy))
    assert r.code == 0, r.err
    assert r.json["name"] == "Schwertmeister" and r.json["lang"] == "de"


def test_missing_data_folder(cli, tmp_path):
    r = cli("card", "show", "swordmaster", "--data", str(tmp_path / "nowhere"))
    assert r.code == 2 and "cards/" in r.err


def test_cache_is_used_and_keyed_by_content(data_copy_of, monkeypatch, tmp_path):
    data_copy = data_copy_of()
    cache = tmp_path / "c"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    first = load(data_copy)
    files = [p for p in cache.glob("tashkalar-data-*") if (p / "index.json").is_file()]
    assert len(files) == 1
    calls = []
    counting = lambda root, game: calls.append(root) or first  # noqa: E731
    load(data_copy, counting)
    assert calls == [], "a warm start must not validate again"
    path = data_copy / "locales" / "en" / "cards" / "imperial.yaml"
    write(path, path.read_text().replace("name: Swordmaster", "name: Sword Master", 1))
    load(data_copy, counting)
    assert len(calls) == 1, "changed content must be validated again"
    write(path, path.read_text().replace("name: Sword Master", "name: Sword Mister", 1))
    load(data_copy, counting)
    assert len(calls) == 2, "an edit that keeps the size must be seen too"


def test_damaged_cache_is_rebuilt(data_copy_of, monkeypatch, tmp_path):
    data_copy = data_copy_of()
    cache = tmp_path / "c"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    load(data_copy)
    parts = list(cache.glob("tashkalar-data-*/facts__beings.json"))
    assert len(parts) == 1
    parts[0].write_bytes(b"garbage")  # one part damaged: read again from the data when it is needed
    assert len(load(data_copy).facts["beings"]) == 120
    for f in cache.glob("tashkalar-data-*/*.json"):
        f.write_bytes(b"garbage")  # everything damaged: rebuilt
    assert len(load(data_copy).facts["beings"]) == 120
    assert json.loads(next(cache.glob("tashkalar-data-*/index.json")).read_text())["format"]


def test_locale_entry_for_an_unknown_card_is_reported_by_validate(data_copy_of, cli):
    data_copy = data_copy_of("fr")
    import yaml

    path = data_copy / "locales" / "fr" / "cards" / "imperial.yaml"
    data = yaml.safe_load(path.read_text())
    data["cards"]["swordmastre"] = dict(data["cards"]["swordmaster"])
    write(path, yaml.safe_dump(data, allow_unicode=True))
    r = cli("validate", "--json", "--data", str(data_copy))
    assert r.code == 0
    assert r.json["warnings"] == ["locales/fr: cards entry 'swordmastre' matches no id in cards/"]


def test_a_translators_own_locales_folder(cli, tmp_path, monkeypatch):
    import shutil

    from conftest import REPO

    mine = tmp_path / "my-locales"
    shutil.copytree(REPO / "locales" / "en", mine / "de")
    path = mine / "de" / "cards" / "imperial.yaml"
    write(path, path.read_text().replace("name: Swordmaster", "name: Schwertmeister", 1))
    monkeypatch.setenv("TASHKALAR_LOCALES", str(mine))
    r = cli("card", "show", "schwertmeister", "--lang", "de", "--json")
    assert r.code == 0, r.err
    assert r.json["id"] == "swordmaster" and r.json["name"] == "Schwertmeister"
    from tashkalar_cli.data import cache as store

    write(path, path.read_text() + "  broken: [\n")
    store._MEMO.clear()  # a new process in real use
    r = cli("card", "show", "swordmaster", "--lang", "de")
    assert r.code == 2
    assert str(path).replace("\n", "") in r.err.replace("\n", "")
    assert "not valid YAML" in r.err and "Traceback" not in r.err
    monkeypatch.setenv("TASHKALAR_LOCALES", str(tmp_path / "nowhere"))
    r = cli("card", "show", "swordmaster")
    assert r.code == 2 and "nowhere" in r.err


def test_a_text_with_an_unknown_placeholder_is_refused(data_copy_of, cli):
    data_copy = data_copy_of("fr")
    path = data_copy / "locales" / "fr" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("    text: ")
    write(path, text[:first] + "    text: >-\n      {nonexistent_placeholder} " + text[first + len("    text: "):].split("\n", 1)[1])
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2
    assert "nonexistent_placeholder" in r.err and "fr/rules.yaml" in r.err


def test_a_translators_folder_with_only_its_language_is_checked_against_the_built_in_english(cli, tmp_path):
    import shutil

    from conftest import REPO

    mine = tmp_path / "mine"
    shutil.copytree(REPO / "locales" / "it", mine / "de")
    r = cli("i18n", "check", "--locales", str(mine), "--json")
    assert r.code in (0, 1), r.err
    assert {f["lang"] for f in r.json["findings"]} <= {"de"}
    assert not [f for f in r.json["findings"] if f["code"] == "missing-entry"], "the Italian copy is complete"


def test_rule_and_keyword_json_say_when_a_text_falls_back_to_english(data_copy_of, cli):
    data_copy = data_copy_of("fr")
    import yaml

    path = data_copy / "locales" / "fr" / "rules.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rule_id = next(iter(data["rules"]))
    del data["rules"][rule_id]
    write(path, yaml.safe_dump(data, allow_unicode=True))
    gpath = data_copy / "locales" / "fr" / "glossary.yaml"
    gdata = yaml.safe_load(gpath.read_text(encoding="utf-8"))
    del gdata["keywords"]["flare"]
    write(gpath, yaml.safe_dump(gdata, allow_unicode=True))
    r = cli("rule", "show", rule_id, "--lang", "fr", "--json", "--data", str(data_copy))
    assert r.code == 0, r.err
    assert r.json["lang"] == "fr" and r.json["fallback_lang"] == "en"
    r = cli("keyword", "show", "flare", "--lang", "fr", "--json", "--data", str(data_copy))
    assert r.code == 0, r.err
    assert r.json["fallback_lang"] == "en"


def test_validate_fails_on_a_card_without_effect_data(cli, data_copy_of):
    """Every being, legend and flare has its effect as data: one card without it fails validate,
    named in the user's language (the shipped data has none missing: test_the_shipped_data_is_valid reads it
    from the same answer of validate)."""
    data_copy = data_copy_of("fr")
    import yaml

    path = data_copy / "cards" / "beings" / "sylvan.yaml"
    deck = yaml.safe_load(path.read_text(encoding="utf-8"))
    for card in deck["cards"]:
        if card["id"] == "sapling":
            del card["effect"]
    path.write_text(yaml.safe_dump(deck, allow_unicode=True, sort_keys=False), encoding="utf-8")
    r = cli("--lang", "fr", "validate", "--data", str(data_copy))
    assert r.code == 2
    assert "sapling" in r.err or "Pousse" in r.err or "Jeune" in r.err
    assert len(r.err.strip().splitlines()) == 1

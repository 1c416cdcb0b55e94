"""A translator's files are data: templates with a closed set of plain placeholders, filled by one
formatter, and a broken language (a bad placeholder, stemmer, key or plural rule) stops that
language only, with one line, while ``i18n check`` reports it with a stable code."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tashkalar_cli.errors import fill, template_fields, template_problems

from conftest import REPO, any_text, fewer_examples, tiered

# ------------------------------------------------------------------ the one formatter


@pytest.mark.parametrize("template", ["{query:>900000000}", "{query.nope}", "{query!r}", "{query[0]}",
                                      "{query.__class__.__mro__}", "{0}", "{}", "{query!s:^99}"])
def test_the_formatter_interprets_nothing_but_plain_names(template):
    out = fill(template, {"query": "abc", "0": "zero"})
    assert out == template  # kept as written: no padding, no repr, no attribute, no index
    assert len(out) < 100


def test_the_formatter_fills_names_and_braces():
    assert fill("{{a}} {a} {b} {c", {"a": 1, "b": "x"}) == "{a} 1 x {c"
    assert fill("}} {missing}", {}) == "} {missing}"


#: a pure function, but a hundred drawn templates take seconds: the default run draws the first 20, the slow run all 100
@fewer_examples(20)
@settings(max_examples=100)
@given(template=st.text(alphabet="{}ab:!.[]0 ", max_size=40),
       params=st.dictionaries(st.sampled_from(["a", "b"]), any_text(max_size=5)))
def test_the_formatter_never_fails_and_never_grows_beyond_its_values(template, params, examples):
    out = fill(template, params)
    assert len(out) <= len(template) + sum(len(v) for v in params.values()) * template.count("{")


def test_template_problems_name_the_fault():
    assert template_problems("{a} {b}", {"a", "b"}) == []
    assert [c for c, _ in template_problems("{a:>9}", {"a"})] == ["placeholder-format"]
    assert [c for c, _ in template_problems("{z}", {"a"})] == ["placeholders"]
    assert [c for c, _ in template_problems("a } b", {"a"})] == ["placeholder-format"]
    assert template_problems("{name!r}", {"name!r"}) == []  # written exactly as its reference (Click's texts)
    assert template_fields("{{x}} {y} {z!r}") == ["y", "z!r"]


def test_no_format_map_is_left_in_the_package():
    for path in (REPO / "tashkalar_cli").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert ".format_map(" not in text and ".format(" not in text, path
        assert '.replace("{' not in text, path  # a placeholder filled by hand: use errors.fill


# ------------------------------------------------------------------ a translator's folder


def message(key: str, text: str) -> Callable[[str], str]:
    def edit(ui: str) -> str:
        out, n = re.subn(rf"(?m)^  {re.escape(key)}: .*$", f"  {key}: '{text}'", ui)
        assert n == 1
        return out

    return edit


def new_key(line: str) -> Callable[[str], str]:
    return lambda ui: ui.replace("\nmessages:\n", f"\nmessages:\n  {line}\n", 1)


def language(field: str, value: str) -> Callable[[str], str]:
    def edit(ui: str) -> str:
        out, n = re.subn(rf"(?m)^  {field}: .*$", f"  {field}: {value}", ui)
        assert n == 1
        return out

    return edit


CASES = {
    # name: (edit of de/ui.yaml, the i18n check code, words of the message)
    "format-spec": (message("error.no-card", "{query:>900000000}"), "placeholder-format", "not a placeholder"),
    "attribute": (message("error.no-card", "{query.nope}"), "placeholder-format", "not a placeholder"),
    "conversion": (message("error.no-card", "{query!r}"), "placeholder-format", "not a placeholder"),
    "index": (message("error.no-card", "{query[0]}"), "placeholder-format", "not a placeholder"),
    "positional": (message("error.no-card", "nessuna {}"), "placeholder-format", "not a placeholder"),
    "unmatched": (message("error.no-card", "nessuna {query"), "placeholder-format", "opens or closes"),
    "click-attribute": (message("cli.no_such_command", "{name.__class__}"), "placeholder-format", "not a placeholder"),
    "other-name": (message("error.no-card", "nessuna {where}"), "placeholders", "unknown placeholder"),
    "stemmer": (language("stemmer", "klingon"), "stemmer", "klingon"),
    "date-key": (new_key("2024-01-01: x"), "key-not-text", "2024-01-01"),
    "bool-key": (new_key("yes: x"), "key-not-text", "yes"),
    "number-key": (new_key("12: x"), "key-not-text", "12"),
    "null-key": (new_key("~: x"), "key-not-text", "~"),
    "plural-division-by-zero": (language("plural_forms", '"nplurals=3; plural=(n % 0);"'), "plural-rule", "n = 0"),
    "plural-syntax": (language("plural_forms", '"nplurals=3; plural=(n == 1 ? 0;"'), "plural-rule", "expression"),
    "plural-garbage": (language("plural_forms", '"plural=__import__(1)"'), "plural-rule", "nplurals"),
    "plural-long": (language("plural_forms", '"nplurals=3; plural=' + "(n+" * 200 + "1" + ")" * 200 + ';"'),
                    "plural-rule", "long"),
    "plural-out-of-range": (language("plural_forms", '"nplurals=3; plural=n;"'), "plural-rule", "n = 3"),
    "plural-count": (language("plural_forms", '"nplurals=2; plural=(n != 1);"'), "plural-rule", "plural_categories"),
    "plural-nested": (language("plural_forms", '"nplurals=3; plural=' + "(" * 60 + "n" + ")" * 60 + ';"'),
                      "plural-rule", "expression"),
}


#: one translator language per case, all in one TASHKALAR_LOCALES folder (one load, one check)
CODES = {case: "x" + chr(ord("a") + i) for i, case in enumerate(sorted(CASES))}


@pytest.fixture(scope="module")
def translators(tmp_path_factory) -> Path:
    """A translator's folder with one broken language per case (``xa``, ``xb``...: the Italian
    ui.yaml with that case's fault; the other texts fall back to English) and one sound one (``de``)."""
    folder = tmp_path_factory.mktemp("translators")
    italian = (REPO / "locales" / "it" / "ui.yaml").read_text(encoding="utf-8")
    for case, lang in {**CODES, "sound": "de"}.items():
        ui = folder / lang / "ui.yaml"
        ui.parent.mkdir(parents=True)
        ui.write_text(CASES[case][0](italian) if case in CASES else italian, encoding="utf-8")
    return folder


#: the tests of the translator's folder run on one worker: the first command there builds the data with the folder's
#: languages (seconds), which the worker's cache then gives every later one (each worker built it before)
TRANSLATORS = pytest.mark.xdist_group("translators")

#: each case loads the whole translator's folder again (a broken language is never cached): the default run
#: keeps one case of each check code, the slow run every case
BROKEN = tiered([pytest.param(case, lang, id=case) for case, lang in CODES.items()], lambda v: CASES[v[0]][1])


@TRANSLATORS
@pytest.mark.parametrize(("case", "lang"), BROKEN)
def test_a_broken_translator_language_stops_only_that_language(cli, translators, monkeypatch, case, lang):
    monkeypatch.setenv("TASHKALAR_LOCALES", str(translators))
    words = CASES[case][2]
    r = cli("card", "show", "swordmaster", "--lang", lang)
    assert r.code == 2, (case, r.code, r.err)
    assert f"'{lang}'" in r.err and words in r.err and "Traceback" not in r.err, (case, r.err)
    assert len(r.err.strip().splitlines()) == 1, (case, r.err)


@TRANSLATORS
def test_the_other_languages_of_a_broken_translators_folder_work(cli, translators, monkeypatch):
    monkeypatch.setenv("TASHKALAR_LOCALES", str(translators))
    for lang in ("it", "de"):  # the other languages work, a translator's sound one too
        r = cli("card", "show", "swordmaster", "--lang", lang)
        assert r.code == 0 and "Maestro" in r.out, r.err
    r = cli("card", "show", "swordmaster")
    assert r.code == 0, r.err


@TRANSLATORS
def test_i18n_check_reports_each_case_with_its_code(cli, translators):
    import json

    import jsonschema

    r = cli("i18n", "check", "--locales", str(translators), "--json")
    assert r.code == 1, (r.code, r.err[-300:])
    assert "Traceback" not in r.err
    schema = json.loads((REPO / "schemas" / "output-i18n-check.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(r.json, schema)   # the new codes keep the output's contract (its checks)
    for case, lang in CODES.items():
        codes = {f["code"] for f in r.json["findings"] if f["severity"] == "error" and f["lang"] == lang}
        assert CASES[case][1] in codes, (case, codes)
    assert not [f for f in r.json["findings"] if f["lang"] == "de" and f["code"] in ("placeholder-format", "key-not-text",
                                                                          "plural-rule", "stemmer")]


@TRANSLATORS
def test_a_formatted_message_is_never_executed(cli, translators, monkeypatch):
    """Before: ``{query:>900000000}`` in a translation padded the card name to 900 MB."""
    monkeypatch.setenv("TASHKALAR_LOCALES", str(translators))
    r = cli("card", "show", "no-such-card", "--lang", CODES["format-spec"])
    assert r.code == 2 and len(r.err) < 1000


def test_the_tools_own_plural_rules_and_stemmers_pass_the_checks():
    import yaml

    from tashkalar_cli.data.locales import plural_problem, unknown_stemmer

    for folder in (REPO / "locales").iterdir():
        lang = yaml.safe_load((folder / "ui.yaml").read_text(encoding="utf-8"))["language"]
        assert plural_problem(lang["plural_forms"], lang["plural_categories"]) is None, folder.name
        assert unknown_stemmer(lang["stemmer"]) is None, folder.name


# ------------------------------------------------------------------ any ui.yaml at all

_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.dates()
    | st.text(alphabet="{}!:.[]0abn%=;() ?", max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet="ab._-", max_size=6), inner, max_size=3),
    max_leaves=12)
_sections = st.fixed_dictionaries({}, optional={
    "language": st.fixed_dictionaries({"name": st.just("X"), "english_name": st.just("X")}, optional={
        "stemmer": _values, "plural_forms": st.text(alphabet="nplurals=0123456789;() ?:%!<>&|+-*/", max_size=60) | _values,
        "plural_categories": _values}),
    "messages": st.dictionaries(st.sampled_from(["error.no-card", "cli.no_such_command", "cli.default", "score.title",
                                                 "x.y"]) | st.dates() | st.integers() | st.booleans(),
                                _values, max_size=4),
    "number_words": _values, "words": _values, "search": _values})


@fewer_examples(6)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=_sections)
def test_any_ui_yaml_is_a_finding_or_a_data_error_never_a_crash(dataset, tmp_path, doc, examples):
    import yaml

    from tashkalar_cli.data.locales import LocaleReader
    from tashkalar_cli.errors import DataError
    from tashkalar_cli.text.i18n import check_placeholders
    from tashkalar_cli.text.i18ncheck import check_locales

    folder = tmp_path / "mine"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "de").mkdir(parents=True)
    (folder / "de" / "ui.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    report = check_locales(folder, dataset.facts, builtin=REPO / "locales")
    assert report.exit_code() in (0, 1)
    english = dataset.locales["en"]["ui"]
    try:
        texts = LocaleReader(strict=True).read(folder / "de", "mine")
        check_placeholders(texts, dataset.facts, english)
    except DataError:
        pass


#: each example loads the whole data uncached (twice): the default run draws one, the slow run all three
@fewer_examples(1)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=_sections)
def test_any_ui_yaml_of_a_translator_stops_at_most_that_language(cli, tmp_path, monkeypatch, doc, examples):
    import yaml

    from tashkalar_cli.data import cache as store

    folder = tmp_path / "mine"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "de").mkdir(parents=True)
    (folder / "de" / "ui.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv("TASHKALAR_LOCALES", str(folder))
    monkeypatch.setenv("TASHKALAR_NO_CACHE", "1")
    store._MEMO.clear()
    r = cli("card", "show", "swordmaster", "--lang", "de")
    assert r.code in (0, 2) and "internal error" not in r.err, r.err
    r = cli("card", "show", "swordmaster", "--lang", "it")
    assert r.code == 0, r.err

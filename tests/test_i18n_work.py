"""The work of the translation tools (issue 29): files parsed and validated, texts folded, entries
decoded. Bounds on WORK (calls counted), never on time; the timings are in benchmarks/i18n_scale.py.

``i18n check``, ``review``, ``import`` and ``export`` read language folders with the lenient reader,
which reads back a valid file's parse from the per-file cache (tashkalar_cli.data.filecache) as the
data load does: a file the data load or an earlier check kept is not parsed or validated again, and
what is read back gives the same findings, at the same lines, as a parse."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.data import filecache

from conftest import REPO, count_calls, forget_counts

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


def _findings(report: Any) -> list[dict[str, Any]]:
    return [f.to_dict() for f in report.findings]


def test_a_check_reads_back_the_valid_files_and_parses_a_broken_one_each_time(
        tmp_path: Path, dataset: Any, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    root = tmp_path / "locales"
    shutil.copytree(REPO / "locales" / "fr", root / "fr")
    glossary = root / "fr" / "glossary.yaml"   # a schema problem: parsed, validated and reported each time
    glossary.write_text(glossary.read_text(encoding="utf-8") + "bogus: 1\n", encoding="utf-8")
    deck = next((root / "fr" / "cards").glob("*.yaml"))   # a finding of a check, at its line and column
    deck.write_text(deck.read_text(encoding="utf-8").replace("effect: ", "effect: 7 {brokn} ", 1), encoding="utf-8")
    first = check_locales(root, dataset.facts, builtin=REPO / "locales")
    files = set(counted["parsed"])
    assert {"en/rules.yaml", "fr/rules.yaml", "fr/glossary.yaml"} <= files and len(files) > 20
    assert any(f.file == "fr/glossary.yaml" and f.check == "schema" for f in first.findings)
    assert any(f.file.startswith("fr/cards/") and f.check == "placeholders" and f.column for f in first.findings)
    for new_process in (False, True):   # from the memory, then from the cache folder
        forget_counts(counted, monkeypatch if new_process else None)
        again = check_locales(root, dataset.facts, builtin=REPO / "locales")
        assert counted == {"parsed": ["fr/glossary.yaml"], "validated": ["fr/glossary.yaml"]}, new_process
        assert _findings(again) == _findings(first), "the same findings, at the same lines and columns"
        assert again.to_dict() == first.to_dict()


def test_a_check_after_the_data_load_parses_no_file_the_load_kept(tmp_path: Path, dataset: Any,
                                                                   counted: dict[str, list[str]]) -> None:
    from tashkalar_cli.data.locales import LocaleReader
    from tashkalar_cli.text.i18ncheck import check_locales

    strict = LocaleReader(strict=True)
    for lang in ("en", "it"):   # what the data load reads (it skips the translators' sources.yaml)
        strict.read(REPO / "locales" / lang, "")
    forget_counts(counted)
    check_locales(REPO / "locales", dataset.facts, langs=["it"])
    assert counted["parsed"] == ["it/sources.yaml"] and counted["validated"] == ["it/sources.yaml"]


def test_a_result_recalled_from_memory_is_a_fresh_copy_and_decodes_no_json(tmp_path: Path, counted: dict[str, list[str]],
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ui.yaml"
    shutil.copy(REPO / "locales" / "fr" / "ui.yaml", path)
    decoded: list[bytes] = []
    decode = filecache._decode
    monkeypatch.setattr(filecache, "_decode", lambda body, key, **kw: decoded.append(body) or decode(body, key, **kw))
    first = filecache.read_checked(path, "fr/ui.yaml", "locale-ui", text_keys=True)
    expected = (repr(first.data), first.lines)
    first.data["messages"].clear()   # what a caller does with its data is its own
    for _ in range(2):
        again = filecache.read_checked(path, "fr/ui.yaml", "locale-ui", text_keys=True)
        assert (repr(again.data), again.lines) == expected and not again.errors
        again.lines.lines.clear()
    assert counted["parsed"] == ["fr/ui.yaml"] and decoded == [], "read back from memory: no JSON decoded"
    forget_counts(counted, monkeypatch)
    monkeypatch.setattr(filecache, "_decode", lambda body, key, **kw: decoded.append(body) or decode(body, key, **kw))
    for _ in range(2):   # a new process: the entry decoded (and checked) once, then from memory
        again = filecache.read_checked(path, "fr/ui.yaml", "locale-ui", text_keys=True)
        assert (repr(again.data), again.lines) == expected
    assert counted["parsed"] == [] and len(decoded) == 1


#: the issue's 60 languages in the slow run; six in the default run (the same walk and the same counts, each
#: language compared with the reference as the sixty are)
@pytest.mark.parametrize("count", [6, pytest.param(60, marks=pytest.mark.slow)])
def test_sixty_empty_languages_read_each_reference_file_once(tmp_path: Path, dataset: Any,
                                                             counted: dict[str, list[str]], count: int) -> None:
    """The issue's folder of 60 empty languages: the reference's files are parsed once for the whole
    check (every game's, every language's comparison), and each language adds one finding per file."""
    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.loader import load_facts
    from tashkalar_cli.data.paths import Budget
    from tashkalar_cli.text.i18ncheck.runner import check_games

    root = tmp_path / "locales"
    for i in range(count):
        (root / f"l{i:02}").mkdir(parents=True)
    games = [(pack, dataset.facts if not pack.folder else load_facts(REPO / "cards", REPO, pack, Budget(REPO)))
             for pack in GAMES.values()]
    forget_counts(counted)
    report = check_games(root, games, builtin=REPO / "locales")
    assert len(report.languages) == count
    assert counted["parsed"] and all(name.startswith("en/") for name in counted["parsed"])
    assert len(counted["parsed"]) == len(set(counted["parsed"])), "each file of the reference parsed once"
    per_lang = {lang: sum(f.lang == lang for f in report.findings) for lang in report.languages}
    assert len(set(per_lang.values())) == 1 and per_lang["l00"] < 60
    forget_counts(counted)
    assert _findings(check_games(root, games, builtin=REPO / "locales")) == _findings(report)
    assert counted["parsed"] == [], "and not at all the second time"


def _translator_copy(root: Path, extra: int) -> Path:
    """A copy of the French texts whose ui.yaml has ``extra`` messages, each a text to check against
    an English message of its own (a translator's file of thousands of texts)."""
    shutil.copytree(REPO / "locales" / "fr", root / "fr")
    shutil.copytree(REPO / "locales" / "en", root / "en")
    (root / "fr" / "sources.yaml").unlink()   # no record of reviews: no finding for each new text
    for lang, word in (("fr", "Un texte"), ("en", "A text")):
        ui = root / lang / "ui.yaml"
        lines = "".join(f'  extra.key{i}: "{word} {i} **x** avec {{count}} {i % 7}"\n' for i in range(extra))
        ui.write_text(ui.read_text(encoding="utf-8").replace("messages:\n", "messages:\n" + lines, 1), encoding="utf-8")
    return root


def test_a_large_translator_file_is_parsed_once_and_each_text_looked_at_once(
        tmp_path: Path, dataset: Any, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's translator file of megabytes, smaller: the file is parsed and validated once per
    run (once in all for two runs), each text's fields and markup are worked out once whatever the
    number of languages it is compared with, and the work grows with the texts."""
    from tashkalar_cli.text import i18n
    from tashkalar_cli.text.i18ncheck import check_locales, checks

    calls = count_calls(monkeypatch, "template_fields", checks, i18n)

    def work(extra: int) -> int:
        for cached in ("_names", "_fields", "_markup", "folded"):   # worked out afresh: calls counted from here
            if hasattr(getattr(checks, cached, None), "cache_clear"):
                getattr(checks, cached).cache_clear()
        root = _translator_copy(tmp_path / str(extra), extra)
        forget_counts(counted)
        calls[0] = 0
        report = check_locales(root, dataset.facts, langs=["fr"])
        assert counted["parsed"].count("fr/ui.yaml") == 1 and counted["validated"].count("fr/ui.yaml") == 1
        assert not [f for f in report.findings if f.key.startswith("extra.")]
        forget_counts(counted)
        check_locales(root, dataset.facts, langs=["fr"])
        assert counted["parsed"] == [] and counted["validated"] == []
        return calls[0]

    small, large = work(500), work(1_000)
    # a text of the reference and its translation: each looked at once (two texts per message); each of
    # them four times before, and more with every language compared
    assert large - small <= 2 * 500 + 10


def _found_by_every_form(matcher: Any, text: str) -> set[str]:
    """TermMatcher.found as it was written first: every form of the glossary tried on the text."""
    from tashkalar_cli.text.i18ncheck import checks

    hay = checks.term_fold(text)
    taken = bytearray(len(hay))
    out = set()
    for form, kid, whole in matcher.forms:
        for m in checks.form_regex(form, whole).finditer(hay):
            start, end = m.span()
            if taken.find(1, start, end) == -1:
                taken[start:end] = b"\x01" * (end - start)
                out.add(kid)
    return out


#: the same matcher on each language's texts, each compared with trying every form (seconds for a language): the
#: default run keeps a quarter of the French texts (accents, elisions; every fourth text, of every file) and the
#: tricky texts; the slow run the other French texts and English
TERM_PARTS = 4


@pytest.mark.parametrize(("lang", "part"), [pytest.param(lang, part, id=f"{lang}-{part}",
                                                         marks=() if (lang, part) == ("fr", 0) else pytest.mark.slow)
                                            for lang in ("en", "fr") for part in range(TERM_PARTS)])
def test_the_terms_found_by_their_first_letters_are_those_every_form_finds(lang: str, part: int, monkeypatch) -> None:
    """TermMatcher looks at a text only for the forms whose first letters stand at one of its word
    starts, and compiles a form's expression only when a text holds it: the same terms as trying
    every form, on every text of the language and on texts that put a form after a hyphen, a
    quote, a bracket or at the very end."""
    from tashkalar_cli.data.locales import LocaleReader
    from tashkalar_cli.text.i18ncheck import checks

    texts = LocaleReader(strict=False).read(REPO / "locales" / lang, "")
    glossary = {key: entry for (sec, key), entry in texts.entries.items() if sec == "keywords"}
    compiled: list[str] = []
    original = checks.form_regex
    monkeypatch.setattr(checks, "form_regex", lambda form, whole: compiled.append(form) or original(form, whole))
    matcher = checks.TermMatcher(glossary)
    assert len(matcher.forms) > 50 and compiled == [], "nothing compiled before a text holds a form"
    assert matcher.found("Nothing of the game here.") == set() and compiled == []
    forms = [form for form, _, _ in matcher.forms]
    tricky = [f"non-{forms[0]}", f"«{forms[1]}»", f"({forms[2]})", f"x{forms[3]} {forms[3]}", forms[4], f"'{forms[5]}"]
    for text in [*list(unit.text for unit in texts.units.values())[part::TERM_PARTS], *tricky]:
        assert matcher.found(text) == _found_by_every_form(matcher, text), text


#: each language's lines in a case of their own: the default run keeps French (its accents and ligatures), the slow
#: run the other three languages
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang == "fr" else pytest.mark.slow)
                                  for lang in ("en", "fr", "es", "it")])
def test_folding_keeps_its_meaning_for_every_character_kind(lang: str) -> None:
    """A text's accents are dropped by looking at each kind of character once: the same as looking at
    each character, on every text of the tool and on letters of several scripts."""
    import unicodedata

    from tashkalar_cli.text.i18ncheck.checks import term_fold
    from tashkalar_cli.text.search import fold

    def by_character(text: str) -> str:
        decomposed = unicodedata.normalize("NFKD", text)
        return "".join(ch for ch in decomposed if not unicodedata.combining(ch))

    samples = ["Ours affamé", "ÉCHANGE Œuvre", "Straße ﬁn", "Ἀθῆναι", "Tiếng Việt", "क्षत्रिय", "e\u0301\u0327", "\u0300x"]
    samples += [line for path in sorted((REPO / "locales" / lang).rglob("*.yaml"))
                for line in path.read_text(encoding="utf-8").splitlines()]
    for text in samples:
        assert fold(text) == re.sub(r"[\W_]+", " ", by_character(text).casefold()).strip()
        spaced = by_character(re.sub(r"\{[^{}]*\}", " ", text).replace("\u2019", "'"))
        assert term_fold(text) == re.sub(r"\s+", " ", spaced.casefold())


def test_marking_reviewed_reads_each_record_once(tmp_path: Path, cli, counted: dict[str, list[str]]) -> None:
    """``i18n reviewed`` reads a language's record (sources.yaml) with the language, then takes what
    it holds from that reading: parsed and validated once, not a second time to be updated."""
    root = tmp_path / "locales"
    shutil.copytree(REPO / "locales" / "fr", root / "fr")
    before = (root / "fr" / "sources.yaml").read_bytes()
    result = cli("i18n", "reviewed", "--locales", str(root), "--target", "fr", "--all")
    assert result.code == 0, result.err
    records = [name for name in counted["parsed"] if name.endswith("sources.yaml")]
    assert records and len(records) == len(set(records)), counted["parsed"]
    assert (root / "fr" / "sources.yaml").read_bytes() == before, "every translation already recorded: the same record"

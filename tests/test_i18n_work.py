"""The work of the translation tools (issue 29): files parsed and validated, texts folded, entries
decoded. Bounds on WORK (calls counted), never on time; the timings are in benchmarks/i18n_scale.py.

``i18n check``, ``review``, ``import`` and ``export`` read language folders with the lenient reader,
which reads back a valid file's parse from the per-file cache (tashkalar_cli.data.filecache) as the
data load does: a file the data load or an earlier check kept is not parsed or validated again, and
what is read back gives the same findings, at the same lines, as a parse."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.data import filecache, schemas, yamlio

from conftest import REPO

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, list[str]]:
    """A cache of the test's own, an empty memory, and the files parsed and validated, by name."""
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(filecache, "_MEMORY", filecache._Memory())
    seen: dict[str, list[str]] = {"parsed": [], "validated": []}
    parse, validate = yamlio.parse_yaml, schemas.schema_errors

    def parse_yaml(text: str, source: str = "<input>", **kw: Any) -> Any:
        seen["parsed"].append(source)
        return parse(text, source, **kw)

    def schema_errors(name: str, data: Any, lines: Any, source: str) -> Any:
        seen["validated"].append(source)
        return validate(name, data, lines, source)

    monkeypatch.setattr(yamlio, "parse_yaml", parse_yaml)
    monkeypatch.setattr(schemas, "schema_errors", schema_errors)
    return seen


def _forget(seen: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch | None = None) -> None:
    seen["parsed"].clear()
    seen["validated"].clear()
    if monkeypatch is not None:   # a new process: the memory is empty, the cache folder is not
        monkeypatch.setattr(filecache, "_MEMORY", filecache._Memory())


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
        _forget(counted, monkeypatch if new_process else None)
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
    _forget(counted)
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
    _forget(counted, monkeypatch)
    monkeypatch.setattr(filecache, "_decode", lambda body, key, **kw: decoded.append(body) or decode(body, key, **kw))
    for _ in range(2):   # a new process: the entry decoded (and checked) once, then from memory
        again = filecache.read_checked(path, "fr/ui.yaml", "locale-ui", text_keys=True)
        assert (repr(again.data), again.lines) == expected
    assert counted["parsed"] == [] and len(decoded) == 1


def test_sixty_empty_languages_read_each_reference_file_once(tmp_path: Path, dataset: Any,
                                                             counted: dict[str, list[str]]) -> None:
    """The issue's folder of 60 empty languages: the reference's files are parsed once for the whole
    check (every game's, every language's comparison), and each language adds one finding per file."""
    from tashkalar_cli.data.games import GAMES
    from tashkalar_cli.data.loader import load_facts
    from tashkalar_cli.data.paths import Budget
    from tashkalar_cli.text.i18ncheck.runner import check_games

    root = tmp_path / "locales"
    for i in range(60):
        (root / f"l{i:02}").mkdir(parents=True)
    games = [(pack, dataset.facts if not pack.folder else load_facts(REPO / "cards", REPO, pack, Budget(REPO)))
             for pack in GAMES.values()]
    _forget(counted)
    report = check_games(root, games, builtin=REPO / "locales")
    assert len(report.languages) == 60
    assert counted["parsed"] and all(name.startswith("en/") for name in counted["parsed"])
    assert len(counted["parsed"]) == len(set(counted["parsed"])), "each file of the reference parsed once"
    per_lang = {lang: sum(f.lang == lang for f in report.findings) for lang in report.languages}
    assert len(set(per_lang.values())) == 1 and per_lang["l00"] < 60
    _forget(counted)
    assert _findings(check_games(root, games, builtin=REPO / "locales")) == _findings(report)
    assert counted["parsed"] == [], "and not at all the second time"

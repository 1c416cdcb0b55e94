"""A check of a copy whose files are unchanged reuses what earlier checks worked out (issue 29).

A test (or a translator) plants one fault in a fresh copy of the locales and checks one language: the
reference's files and most of the language's are those an earlier check read. Each file's parse and
validation is read back by its content (tests/test_i18n_work.py); the glossary terms found in each
text are kept with the matcher of the glossary, made once per glossary content in the process. These
tests count the work (matchers made, texts searched for terms, files parsed), never seconds."""

from __future__ import annotations

import shutil
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.text.i18ncheck import checks

from conftest import REPO

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """No matcher kept yet; the matchers made and the texts searched for terms, counted."""
    monkeypatch.setattr(checks, "_MATCHERS", OrderedDict(), raising=False)
    seen: dict[str, list[Any]] = {"made": [], "searched": []}
    init, find = checks.TermMatcher.__init__, checks.TermMatcher._find

    def made(self: checks.TermMatcher, *args: Any, **kw: Any) -> None:
        seen["made"].append(kw.get("field"))
        init(self, *args, **kw)

    def searched(self: checks.TermMatcher, hay: str) -> set[str]:
        seen["searched"].append(hay)
        return find(self, hay)

    monkeypatch.setattr(checks.TermMatcher, "__init__", made)
    monkeypatch.setattr(checks.TermMatcher, "_find", searched)
    return seen


def _copy(tmp_path: Path, name: str, fault: tuple[str, str, str] | None = None) -> Path:
    """A fresh copy of English and French, with ``fault`` (file below fr/, text, its replacement)."""
    root = tmp_path / name
    for lang in ("en", "fr"):
        shutil.copytree(REPO / "locales" / lang, root / lang)
    if fault is not None:
        path = root / "fr" / fault[0]
        text = path.read_text(encoding="utf-8")
        assert fault[1] in text
        path.write_text(text.replace(fault[1], fault[2], 1), encoding="utf-8")
    return root


def _findings(report: Any) -> list[dict[str, Any]]:
    return [f.to_dict() for f in report.findings]


def test_a_second_check_of_an_unchanged_copy_makes_no_matcher_and_searches_no_text(
        tmp_path: Path, dataset: Any, work: dict[str, list[Any]], counted: dict[str, list[str]]) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    fault = ("ui.yaml", "messages:", "messages:\n  zz.planted: \"{count} de trop\"")
    first = check_locales(_copy(tmp_path, "a", fault), dataset.facts, langs=["fr"])
    assert work["made"] and work["searched"], "the first check makes its matchers and searches the texts"
    for name in ("b", "c"):   # fresh copies, the same contents
        work["made"].clear()
        work["searched"].clear()
        counted["parsed"].clear()
        again = check_locales(_copy(tmp_path, name, fault), dataset.facts, langs=["fr"])
        assert work == {"made": [], "searched": []}, "the glossaries are those of the first check"
        assert counted["parsed"] == [], "and so are the files"
        assert _findings(again) == _findings(first) and again.to_dict() == first.to_dict()


def test_a_changed_text_is_searched_again_and_a_changed_glossary_makes_a_new_matcher(
        tmp_path: Path, dataset: Any, work: dict[str, list[Any]], counted: dict[str, list[str]]) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    base = check_locales(_copy(tmp_path, "a"), dataset.facts, langs=["fr"])
    # a card text that changed: searched for terms again (only it), in the same matchers
    lines = (REPO / "locales" / "fr" / "cards" / "etherweave.yaml").read_text(encoding="utf-8").splitlines()
    first_effect = lines[lines.index("    effect: >-") + 1].strip()
    work["made"].clear()
    work["searched"].clear()
    counted["parsed"].clear()
    changed = check_locales(_copy(tmp_path, "b", ("cards/etherweave.yaml", first_effect, f"Zzz {first_effect}")),
                            dataset.facts, langs=["fr"])
    assert work["made"] == [] and len(work["searched"]) == 1 and "zzz" in work["searched"][0], work["searched"]
    assert counted["parsed"] == ["fr/cards/etherweave.yaml"]
    assert _findings(changed) == _findings(base), "a word more, no finding more"
    # a glossary whose forms changed: new matchers, and the findings the old ones could not give
    work["made"].clear()
    renamed = check_locales(_copy(tmp_path, "c", ("glossary.yaml", "forms: [détrui, destruction]", "forms: [qqqqqq]")),
                            dataset.facts, langs=["fr"])
    assert None in work["made"], "the French glossary's matcher made again"
    missing = [f for f in renamed.findings if f.code == "term-missing" and "destroy" in f.message]
    assert missing and not any(f.code == "term-missing" and "destroy" in f.message for f in base.findings)
    assert _findings(changed) != _findings(renamed)

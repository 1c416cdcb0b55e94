"""No cache entry inside a folder the command reads (issue 29).

A cache folder (``TASHKALAR_CACHE_DIR``) may be set inside a folder a command reads: a copy of the
locales given to ``i18n check --locales F``, ``export``, a translator's folder. An entry written there
would be read back as data by the next command (``i18n check`` reported a language ``cache`` of JSON
files: 36 errors, then 155). The rule is one function (``data.paths.entries_cache``): every folder the
process walks (and the data folders of a data root chosen) is noted, and no entry is kept or looked for
inside one of them. Each "new process" below starts with an empty memory and nothing noted, as a
process of its own would (the tool's own processes are tried in tests/test_trust_files.py's style)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.data import filecache, paths

from conftest import REPO, forget_counts

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


def _copy(tmp_path: Path) -> Path:
    """A copy of two of the tool's languages (English, French): what a translator checks."""
    folder = tmp_path / "F"
    for lang in ("en", "fr"):
        shutil.copytree(REPO / "locales" / lang, folder / lang)
    return folder


def _files(folder: Path) -> set[str]:
    return {str(Path(d, n).relative_to(folder)) for d, dirs, names in os.walk(folder) for n in dirs + names}


def _new_process(counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new process: the per-file memory empty, no folder noted as read."""
    forget_counts(counted, monkeypatch)
    monkeypatch.setattr(paths, "_READ", {}, raising=False)


def test_a_check_of_a_folder_holding_the_cache_writes_nothing_there_and_finds_nothing(
        tmp_path: Path, cli: Any, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _copy(tmp_path)
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(folder / "cache"))
    before = _files(folder)
    for _ in range(2):   # the second check found the first one's entries (a language "cache")
        _new_process(counted, monkeypatch)
        result = cli("i18n", "check", "--locales", str(folder), "--json")
        assert result.code == 0, result.out[:800]
        assert json.loads(result.out)["findings"] == []
        assert _files(folder) == before, "nothing written inside the folder checked"
        assert counted["parsed"], "nothing read back from there either"


def test_an_export_of_a_folder_holding_the_cache_writes_nothing_there(
        tmp_path: Path, cli: Any, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _copy(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(folder / "cache"))
    before = _files(folder)
    for _ in range(2):   # the second export wrote a cache.po of the first one's entries
        _new_process(counted, monkeypatch)
        result = cli("i18n", "export", "--locales", str(folder), "--out", str(out), "--json", "--force")
        assert result.code == 0, result.err
        assert [Path(p).name for p in json.loads(result.out)["written"]] == ["fr.po"]
        assert _files(folder) == before


def test_the_rule_keeps_nothing_and_reads_nothing_inside_a_folder_read(
        tmp_path: Path, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _copy(tmp_path)
    cache = folder / "fr" / "deep" / "cache"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    outside = tmp_path / "ui.yaml"
    shutil.copy(REPO / "locales" / "fr" / "ui.yaml", outside)
    _new_process(counted, monkeypatch)
    assert paths.entries_cache() == cache, "a folder not read yet: the cache is used"
    filecache.read_checked(outside, "ui.yaml", "locale-ui", text_keys=True)
    kept = list((cache / filecache.FOLDER).glob("*.json"))
    assert len(kept) == 1, "kept while the folder holding the cache is not read"
    _new_process(counted, monkeypatch)
    paths.walk(folder, depth=1)   # the folder is read: from now on its cache is not used
    assert paths.entries_cache() is None
    filecache.read_checked(outside, "ui.yaml", "locale-ui", text_keys=True)
    assert counted["parsed"] == ["ui.yaml"], "the entry there is not read back"
    filecache.read_checked(folder / "fr" / "glossary.yaml", "fr/glossary.yaml", "locale-glossary", text_keys=True)
    assert list((cache / filecache.FOLDER).glob("*.json")) == kept, "nor is a new one written"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert paths.entries_cache() == tmp_path / "elsewhere", "a cache beside the folder read is used"


def test_a_data_folder_chosen_keeps_no_entry_in_its_data(
        tmp_path: Path, data_copy: Path, counted: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The interface's words read when the data failed to load (its cache inside ``--data``'s locales,
    refused) keep nothing there: the data root chosen is read, whoever reads it."""
    from tashkalar_cli.text.i18n import interface_only

    cache = data_copy / "locales" / "cache"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    _new_process(counted, monkeypatch)
    loc = interface_only(str(data_copy), "fr")
    assert loc is not None and loc.lang == "fr"
    assert counted["parsed"] and not cache.exists()

"""The folders of L.E.T.A.L. TCG (issue 29): ``cards/letal``, ``locales/<lang>/letal`` and the
shared ``ui.yaml`` are walked by the one walker the Tash-Kalar folders use, so a link out of the
folder given is refused as it is for Tash-Kalar, and the cache key sees every file they read."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """A cache of the test's own, and a way to run the tool again as a new process would (the
    in-process memo of the datasets emptied)."""
    from tashkalar_cli.data import cache as store

    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))

    def again() -> None:
        store._MEMO.clear()

    return again


def _outside(tmp_path: Path, source: Path) -> Path:
    out = tmp_path / "outside" / source.name
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(source.read_bytes())
    return out


def _refused(result, link: Path) -> None:
    assert result.code == 2, result.err
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert "leads out of" in result.err and str(link) in result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize("where", ["cards/letal/rules.yaml", "locales/fr/letal/rules.yaml", "locales/fr/ui.yaml"])
def test_a_link_out_of_the_data_in_a_letal_folder_is_refused(cli, fresh, tmp_path: Path,
                                                             data_copy_of: Callable[..., Path], where: str) -> None:
    data_copy = data_copy_of("fr")
    link = data_copy / where
    target = _outside(tmp_path, link)
    link.unlink()
    link.symlink_to(target)
    _refused(cli("--game", "letal", "rule", "list", "--data", str(data_copy)), link)


@pytest.mark.parametrize("where", ["cards/letal", "locales/fr/letal"])
def test_a_letal_folder_linked_out_of_the_data_is_refused(cli, fresh, tmp_path: Path, data_copy_of: Callable[..., Path],
                                                          where: str) -> None:
    data_copy = data_copy_of("fr")
    link = data_copy / where
    target = tmp_path / "outside" / where.replace("/", "-")
    shutil.move(link, target)
    link.symlink_to(target)
    _refused(cli("--game", "letal", "rule", "list", "--data", str(data_copy)), link)


def test_a_letal_folder_linked_inside_the_data_is_refused_as_a_linked_folder(cli, fresh,
                                                                             data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of("fr")
    link = data_copy / "locales" / "fr" / "letal"
    shutil.move(link, data_copy / "elsewhere")
    link.symlink_to(data_copy / "elsewhere")
    result = cli("--game", "letal", "--lang", "fr", "rule", "list", "--data", str(data_copy))
    assert result.code == 2 and "lien symbolique vers un dossier" in result.err, result.err  # said in French (SH18)


def test_a_link_out_of_a_translators_letal_folder_is_refused(cli, fresh, monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    from conftest import REPO

    mine = tmp_path / "mine"
    shutil.copytree(REPO / "locales" / "fr", mine / "de")
    link = mine / "de" / "letal"
    shutil.move(link, tmp_path / "letal-de")
    link.symlink_to(tmp_path / "letal-de")
    monkeypatch.setenv("TASHKALAR_LOCALES", str(mine))
    _refused(cli("--game", "letal", "--lang", "de", "rule", "list"), link)


def _retitle(path: Path, old: str, new: str) -> None:
    """Change a text, keeping the file's size and modification time when it can (so only a key
    that looks at the file's inode or content would see it... the key sees the time: it moves)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edited_letal_locale_file_is_seen_with_the_cache_on(cli, fresh, tmp_path: Path,
                                                               data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of("fr")
    args = ("--game", "letal", "--lang", "fr", "--json", "rule", "list", "--data", str(data_copy))
    assert "Joueurs et équipes" in cli(*args).out
    _retitle(data_copy / "locales" / "fr" / "letal" / "rules.yaml", "Joueurs et équipes", "Les camps en présence")
    fresh()
    out = cli(*args).out
    assert "Les camps en présence" in out and "Joueurs et équipes" not in out


def test_a_problem_in_tash_kalars_files_does_not_hide_letals_from_the_key(cli, fresh, tmp_path: Path,
                                                                           data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of("fr")
    # a link out of the data among Tash-Kalar's own texts: L.E.T.A.L. does not read them, so it
    # loads, and its key must still see its own files
    deck = data_copy / "locales" / "fr" / "cards" / "imperial.yaml"
    target = _outside(tmp_path, deck)
    deck.unlink()
    deck.symlink_to(target)
    args = ("--game", "letal", "--lang", "fr", "--json", "rule", "list", "--data", str(data_copy))
    first = cli(*args)
    assert first.code == 0, first.err
    assert "Joueurs et équipes" in first.out
    _retitle(data_copy / "locales" / "fr" / "letal" / "rules.yaml", "Joueurs et équipes", "Les camps en présence")
    fresh()
    assert "Les camps en présence" in cli(*args).out


def test_a_file_added_to_a_letal_folder_changes_the_key(fresh, data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of("fr")
    from tashkalar_cli.data import cache as store

    root = data_copy.resolve()
    first = store.fingerprint(root, "letal")
    (root / "locales" / "fr" / "letal" / "new.yaml").write_text("x: 1\n", encoding="utf-8")
    second = store.fingerprint(root, "letal")
    assert second != first
    (root / "cards" / "letal" / "new.yaml").write_text("x: 1\n", encoding="utf-8")
    assert store.fingerprint(root, "letal") != second
    assert os.path.exists(root / "cards" / "letal" / "new.yaml")

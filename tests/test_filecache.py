"""The per-file cache of the data build (tashkalar_cli.data.filecache) and the search index made on first use.

A build from a copy of the data in which one file changed parses and validates only that file: every
other file's result is read back, from the process's memory or from the cache folder, by the digest of
its text. These tests count the parses and validations (never seconds)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tashkalar_cli.data import filecache
from tashkalar_cli.errors import DataError
from tashkalar_cli.game import load_uncached

from conftest import forget_counts, spread


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the tool's data with two of its languages (English, the reference, and French): what
    the cache does with a file does not depend on how many languages there are, and each build, and the search
    index a test makes, reads half the texts of the whole data."""
    import shutil

    from conftest import REPO

    dest = tmp_path / "data"
    shutil.copytree(REPO / "cards", dest / "cards")
    for lang in ("en", "fr"):
        shutil.copytree(REPO / "locales" / lang, dest / "locales" / lang)
    return dest


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / filecache.FOLDER).glob("*.json"))


def test_a_changed_file_is_parsed_again_and_an_unchanged_one_is_not(data_copy: Path, tmp_path: Path,
                                                                    counted: dict[str, list[str]],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_uncached(data_copy)
    files = set(counted["parsed"])
    assert "locales/en/rules.yaml" in files and "cards/beings/nethervoid.yaml" in files and len(files) > 40
    assert len(_entries(tmp_path)) == len(files), "every valid file is kept (the bool keys of `on:` too)"
    forget_counts(counted)
    again = load_uncached(data_copy)
    assert counted == {"parsed": [], "validated": []}, "nothing parsed again in the process"
    assert again.facts == first.facts and again.locales == first.locales and again.warnings == first.warnings
    forget_counts(counted, monkeypatch)
    assert load_uncached(data_copy).facts == first.facts
    assert counted == {"parsed": [], "validated": []}, "nor in another process, from the cache folder"
    rules = data_copy / "locales" / "en" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "Resigning" in text
    # the same size and time as before: only the content tells the change
    stat = rules.stat()
    rules.write_text(text.replace("Resigning", "Resignink"), encoding="utf-8")
    os.utime(rules, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    forget_counts(counted)
    changed = load_uncached(data_copy)
    assert counted["parsed"] == ["locales/en/rules.yaml"] and counted["validated"] == ["locales/en/rules.yaml"]
    assert "Resignink" in json.dumps(changed.locales["en"]["rules"]) and changed.facts == first.facts


def test_a_file_with_a_problem_is_never_kept(data_copy: Path, counted: dict[str, list[str]]) -> None:
    deck = data_copy / "cards" / "beings" / "sylvan.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("deck: sylvan", "deck: sylvan\nbogus: 1", 1), encoding="utf-8")
    for _ in range(2):
        forget_counts(counted)
        with pytest.raises(DataError, match="bogus"):
            load_uncached(data_copy)
        assert "cards/beings/sylvan.yaml" in counted["parsed"] and "cards/beings/sylvan.yaml" in counted["validated"]


def _damage(kind: str, entry: Path) -> None:
    body = json.loads(entry.read_bytes())
    entry.unlink()
    if kind == "garbage":
        entry.write_bytes(b"\x00\xff not json")
    elif kind == "cut":
        entry.write_bytes(json.dumps(body).encode()[:-40])
    elif kind == "other-key":
        entry.write_text(json.dumps(dict(body, key="0" * 64)))
    elif kind == "not-plain":   # a mapping in the place of a line, a forged mixed mapping
        entry.write_text(json.dumps(dict(body, mixed=True, data={filecache.MIXED: [[[1], "x"]]})))
    elif kind == "deep":
        entry.write_text(json.dumps(dict(body, data=json.loads("[" * 200 + "]" * 200))))
    elif kind == "link":
        os.symlink(os.devnull, entry)
    elif kind == "fifo":
        os.mkfifo(entry)


@pytest.mark.parametrize("kind", spread(["garbage", "cut", "other-key", "not-plain", "deep", "link", "fifo"], keep=3, start=1))
def test_a_damaged_or_foreign_entry_is_parsed_again_and_written_anew(data_copy: Path, tmp_path: Path, kind: str,
                                                                     counted: dict[str, list[str]],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_uncached(data_copy, "letal")
    text = (data_copy / "locales" / "fr" / "letal" / "glossary.yaml").read_text(encoding="utf-8")
    entry = tmp_path / "cache" / filecache.FOLDER / f"{filecache.entry_key(text, 'locale-glossary', True)}.json"
    assert entry.is_file()
    _damage(kind, entry)
    forget_counts(counted, monkeypatch)
    again = load_uncached(data_copy, "letal")
    assert counted["parsed"] == ["locales/fr/letal/glossary.yaml"], "that file only, parsed again"
    assert again.facts == first.facts and again.locales == first.locales
    assert entry.is_file() and not entry.is_symlink(), "and its entry written anew"
    forget_counts(counted, monkeypatch)
    load_uncached(data_copy, "letal")
    assert counted["parsed"] == [], "then read"


def test_a_folder_the_tool_did_not_write_is_left_alone(data_copy: Path, tmp_path: Path,
                                                       counted: dict[str, list[str]]) -> None:
    mine = tmp_path / "cache" / filecache.FOLDER
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("mine")
    load_uncached(data_copy, "letal")
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


def test_the_folder_is_never_reached_through_a_link(data_copy: Path, tmp_path: Path, counted: dict[str, list[str]],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    load_uncached(data_copy, "letal")
    files = len(counted["parsed"])
    elsewhere = tmp_path / "elsewhere"
    (tmp_path / "cache" / filecache.FOLDER).rename(elsewhere)
    (tmp_path / "cache" / filecache.FOLDER).symlink_to(elsewhere)
    before = sorted(p.name for p in elsewhere.iterdir())
    forget_counts(counted, monkeypatch)
    load_uncached(data_copy, "letal")
    assert len(counted["parsed"]) == files and sorted(p.name for p in elsewhere.iterdir()) == before


def test_the_key_sees_the_text_the_schema_the_parse_and_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    key = filecache.entry_key("a: 1\n", "deck", False)
    assert len({key, filecache.entry_key("a: 2\n", "deck", False), filecache.entry_key("a: 1\n", "rules", False),
                filecache.entry_key("a: 1\n", "deck", True)}) == 4
    monkeypatch.setattr(filecache, "_CODE_KEY", ["another version of the code"])
    assert filecache.entry_key("a: 1\n", "deck", False) != key


def test_the_code_key_reads_every_schema_and_module_it_names() -> None:
    from tashkalar_cli.data.paths import schemas_dir

    here = Path(filecache.__file__).parent
    assert all((here / name).is_file() for name in filecache._CODE)
    assert len(list(schemas_dir().glob("*.schema.json"))) > 5


def test_the_search_index_is_made_when_a_search_first_reads_it(data_copy: Path, tmp_path: Path,
                                                               counted: dict[str, list[str]],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.data import cache
    from tashkalar_cli.text import index

    made: list[int] = []
    build_index = index.build_index
    monkeypatch.setattr(index, "build_index", lambda facts, locales: made.append(1) or build_index(facts, locales))
    cache._MEMO.clear()
    game = Game(data_copy)
    assert game.cards.get("knight") and "search_index.fr" in game.dataset.derived and made == []
    (folder,) = (tmp_path / "cache").glob("tashkalar-data-*")
    stored = json.loads((folder / "index.json").read_text())
    assert "search_index" in stored["pending"] and "derived/search_index" not in stored["parts"]
    assert game.rules.search("summoning square").hits and made == [1]
    (folder,) = (tmp_path / "cache").glob("tashkalar-data-*")
    stored = json.loads((folder / "index.json").read_text())
    assert stored["pending"] == [] and "derived/search_index.fr" in stored["parts"], "kept once made"
    cache._MEMO.clear()
    assert Game(data_copy).rules.search("summoning square").hits and made == [1], "then read"


def test_an_index_not_made_yet_is_made_by_the_process_that_searches(data_copy: Path, tmp_path: Path,
                                                                    counted: dict[str, list[str]],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.data import cache

    cache._MEMO.clear()
    expected = [h.id for h in Game(data_copy).rules.search("summoning square").hits]
    cache._MEMO.clear()
    for folder in (tmp_path / "cache").glob("tashkalar-data-*"):
        cache._rmtree(folder)
    assert Game(data_copy).cards.get("knight")   # a process that does not search: no index
    (folder,) = (tmp_path / "cache").glob("tashkalar-data-*")
    assert json.loads((folder / "index.json").read_text())["pending"]
    cache._MEMO.clear()
    forget_counts(counted, monkeypatch)
    read = Game(data_copy)
    assert type(read.dataset.derived).__name__ == "_Parts", "read from the cache"
    assert [h.id for h in read.rules.search("summoning square").hits] == expected
    assert counted["parsed"] == [], "the files read back to make it"
    (folder,) = (tmp_path / "cache").glob("tashkalar-data-*")
    assert json.loads((folder / "index.json").read_text())["pending"] == []


def test_the_tests_memo_keys_equal_data_alike_however_its_strings_are_shared() -> None:
    """The test process's memo of pure build steps (conftest.PureMemo) keys a value by its content: the same data
    parsed anew or read from the per-file memory shares its strings differently, which pickle's bytes say (the
    search index of an unchanged copy of the data was built again); a value naming an object by its address is
    not kept."""
    import pickle

    from conftest import _content

    word = "".join(["sum", "mon"])
    shared, apart = [word, word], [word, "".join(["sum", "mon"])]
    assert shared == apart and pickle.dumps(shared) != pickle.dumps(apart)
    assert _content(shared) == _content(apart) and _content(shared) != _content([word, "summon "])
    with pytest.raises(TypeError):
        _content([object()])

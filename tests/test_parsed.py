"""The parses of files named on the command line, kept in the cache (tashkalar_cli/data/parsed.py).

A text read again is not parsed again (nor is PyYAML imported); a changed text is; an entry is used
only for exactly its own text and code, and only when it is plain data within a parse's bounds; a
damaged, foreign or forged entry is no entry; what does not parse is never kept and says the same
each time; the folder is the tool's (tagged), a user's folder of that name is left alone, and it
keeps at most a bounded number of entries.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.data import parsed, yamlio
from tashkalar_cli.errors import InputError

from conftest import REPO, session_cache, write

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

POSITION = "mode: high-form\npieces:\n  e5: blue heroic\n  d4: red\ntasks_claimed:\n  blue: [destruction]\n"


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts YAML parses (the others are read from the cache)."""
    seen: list[str] = []
    real = yamlio.parse_yaml

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(yamlio, "parse_yaml", counted)
    return seen


def entries(cache: Path) -> list[Path]:
    """The tool's entries (files of its names) in the cache ``cache``."""
    folder = cache / "tashkalar-parsed"
    return sorted(p for p in folder.iterdir() if re.fullmatch(r"[0-9a-f]{16}-[0-9a-f]+\.json", p.name)) \
        if folder.is_dir() else []


def test_a_text_read_again_is_not_parsed_again(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    first = yamlio.read_user_yaml(str(f), "position file")
    second = yamlio.read_user_yaml(str(f), "position file")
    assert len(parses) == 1
    assert second == first and second[0]["pieces"] == {"e5": "blue heroic", "d4": "red"}
    assert second[1].line_of(("pieces", "d4")) == 4 and second[1].line_of(("tasks_claimed", "blue", 0)) == 6
    assert len(entries(cache)) == 1
    assert (cache / "tashkalar-parsed" / "CACHEDIR.TAG").read_bytes().startswith(b"Signature: 8a477f597d28d172789f06886806bc55")


def test_a_changed_text_is_parsed_again_even_with_the_same_size_and_time(cache: Path, tmp_path: Path,
                                                                          parses: list[str]) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    yamlio.read_user_yaml(str(f), "position file")
    st = f.stat()
    f.write_text(POSITION.replace("d4: red", "d5: red"), encoding="utf-8")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert f.stat().st_size == st.st_size
    data, lines = yamlio.read_user_yaml(str(f), "position file")
    assert data["pieces"] == {"e5": "blue heroic", "d5": "red"} and lines.line_of(("pieces", "d5")) == 4
    assert len(parses) == 2


def test_an_entry_is_used_only_for_its_own_text(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    """An entry moved to the name of another text (as a collision of the name's checksums would) is
    not that text's parse."""
    a, b = write(tmp_path / "a.yaml", POSITION), write(tmp_path / "b.yaml", POSITION.replace("red", "blue"))
    yamlio.read_user_yaml(str(a), "position file")
    (entry,) = entries(cache)
    yamlio.read_user_yaml(str(b), "position file")
    entry_b = next(p for p in entries(cache) if p != entry)
    entry_b.write_bytes(entry.read_bytes())
    data, _ = yamlio.read_user_yaml(str(b), "position file")
    assert data["pieces"]["d4"] == "blue" and len(parses) == 3


def test_an_entry_of_other_code_is_not_used(cache: Path, tmp_path: Path, parses: list[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    yamlio.read_user_yaml(str(f), "position file")
    monkeypatch.setattr(parsed, "_KEY", ["another version of the parser"])
    yamlio.read_user_yaml(str(f), "position file")
    assert len(parses) == 2


def test_the_key_covers_the_parsers_code_and_pyyaml() -> None:
    key = parsed._key()
    for module in ("parsed.py", "yamlio.py", os.path.join("yaml", "__init__.py")):
        assert module in key
    assert key.count(":") >= 6  # each with its size and time


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


FORGED: dict[str, Any] = {
    "not JSON": b"{not json",
    "JSON of another shape": b"[1, 2, 3]",
    "a missing field": lambda e: {k: v for k, v in e.items() if k != "lines"},
    "another format": lambda e: {**e, "format": 99},
    "nesting deeper than a parse allows": lambda e: {**e, "data": _deep(yamlio.MAX_DEPTH + 1)},
    "more values than a parse allows": lambda e: {**e, "data": ["x"] * (yamlio.MAX_USER_VALUES + 1)},
    "an integer too long": lambda e: {**e, "data": {"players": 10 ** (yamlio.MAX_DIGITS + 1)}},
    "lines of the wrong shape": lambda e: {**e, "lines": [["pieces", 3]]},
    "a line that is not a number": lambda e: {**e, "lines": [[True, "pieces"]]},
    "lines not a list": lambda e: {**e, "lines": {"pieces": 3}},
}


@pytest.mark.parametrize("how", sorted(FORGED))
def test_a_damaged_or_forged_entry_is_no_entry(cache: Path, tmp_path: Path, parses: list[str], how: str) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    expected = yamlio.read_user_yaml(str(f), "position file")
    (entry,) = entries(cache)
    forge = FORGED[how]
    entry.write_bytes(forge if isinstance(forge, bytes) else json.dumps(forge(json.loads(entry.read_bytes()))).encode())
    assert yamlio.read_user_yaml(str(f), "position file") == expected
    assert len(parses) == 2
    assert yamlio.read_user_yaml(str(f), "position file") == expected and len(parses) == 2  # stored again


@pytest.mark.parametrize("kind", ["link", "fifo", "folder"])
def test_an_entry_that_is_not_a_regular_file_is_never_read(cache: Path, tmp_path: Path, parses: list[str],
                                                           kind: str) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    expected = yamlio.read_user_yaml(str(f), "position file")
    (entry,) = entries(cache)
    kept = tmp_path / "kept.json"
    entry.rename(kept)
    before = kept.read_bytes()
    if kind == "link":
        entry.symlink_to(kept)  # a valid entry, through a link
    elif kind == "fifo":
        os.mkfifo(entry)  # would block a plain open
    else:
        entry.mkdir()
    assert yamlio.read_user_yaml(str(f), "position file") == expected
    assert len(parses) == 2
    assert kept.read_bytes() == before   # nothing written through the link
    assert entry.is_dir() if kind == "folder" else (entry.is_file() and not entry.is_symlink())  # replaced


def test_what_does_not_parse_is_not_kept_and_says_the_same(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    bomb = write(tmp_path / "bomb.yaml", "a: &x [1, 2]\nb: [*x, *x]\n")
    bad = write(tmp_path / "bad.yaml", "pieces:\n  e5: [blue\n")
    for f in (bomb, bad):
        said = []
        for _ in range(2):
            with pytest.raises(InputError) as info:
                yamlio.read_user_yaml(str(f), "position file")
            said.append((info.value.key, info.value.line, str(info.value)))
        assert said[0] == said[1]
    assert len(parses) == 4 and entries(cache) == []


def test_a_parse_that_is_not_plain_data_is_not_kept(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    f = write(tmp_path / "p.yaml", "when: 2026-11-28\n1: one\n")
    for _ in range(2):
        data, _ = yamlio.read_user_yaml(str(f), "position file")
        assert str(data["when"]) == "2026-11-28" and data[1] == "one"
    assert len(parses) == 2 and entries(cache) == []


def test_a_large_parse_is_not_kept(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    f = write(tmp_path / "p.yaml", "notes:\n" + "".join(f"  - {'x' * 60}\n" for _ in range(parsed.MAX_ENTRY // 60)))
    yamlio.read_user_yaml(str(f), "position file")
    assert entries(cache) == []


def test_no_cache_keeps_nothing(cache: Path, tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TASHKALAR_NO_CACHE", "1")
    f = write(tmp_path / "p.yaml", POSITION)
    for _ in range(2):
        yamlio.read_user_yaml(str(f), "position file")
    assert len(parses) == 2 and not cache.exists()


def test_a_users_folder_under_the_name_is_left_alone(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    write(cache / "tashkalar-parsed" / "notes.txt", "mine\n")
    f = write(tmp_path / "p.yaml", POSITION)
    for _ in range(2):
        yamlio.read_user_yaml(str(f), "position file")
    assert len(parses) == 2
    assert sorted(p.name for p in (cache / "tashkalar-parsed").iterdir()) == ["notes.txt"]


def test_the_oldest_entries_are_removed_and_nothing_else(cache: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsed, "MAX_ENTRIES", 3)
    names: list[str] = []
    for i in range(6):
        f = write(tmp_path / f"p{i}.yaml", POSITION + f"# {i}\n")
        yamlio.read_user_yaml(str(f), "position file")
        new = [p for p in entries(cache) if p.name not in names]
        assert len(new) == 1
        os.utime(new[0], (1_000_000 + i, 1_000_000 + i))
        names.append(new[0].name)
        if i == 0:
            write(cache / "tashkalar-parsed" / "mine.json", "{}")   # not of the tool's names: kept
    left = sorted(p.name for p in (cache / "tashkalar-parsed").iterdir())
    assert left == sorted(["CACHEDIR.TAG", "mine.json", *names[3:]])


def test_the_folder_is_the_tools_own_for_outputs(cli: Any, tmp_path: Path) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    assert cli("position", "check", str(f)).code == 0
    folder = session_cache() / "tashkalar-parsed"
    assert folder.is_dir()
    r = cli("summon", "swordmaster", "--position", str(f), "--player", "blue", "--svg", str(folder / "picture.svg"))
    assert r.code == 2 and not (folder / "picture.svg").exists()


BAD_POSITIONS = {
    "a square off the board": "pieces:\n  z9: blue\n",
    "a color not in the game": "pieces:\n  e5: purple\n",
    "too many legendary pieces": "pieces:\n" + "".join(f"  {s}: blue legendary\n" for s in
                                                        ("a5", "b5", "c5", "d5", "e5", "f5", "g5")),
    "a field of the wrong type": "players: many\n",
    "aliases": "a: &x [1, 2]\nb: [*x, *x]\n",
    "bad YAML": "pieces: [e5\n",
}


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_a_bad_position_says_one_line_and_exits_2_whether_kept_or_not(cli: Any, tmp_path: Path, name: str) -> None:
    f = write(tmp_path / "p.yaml", BAD_POSITIONS[name] + f"# {tmp_path.name}\n")   # a text of this test's own
    said = []
    for _ in range(2):
        r = cli("plan", "--position", str(f), "--player", "blue", "--hand", "knight", "--task", "destruction")
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err, r.err
        said.append(r.err)
    assert said[0] == said[1]


def test_a_position_read_again_does_not_import_pyyaml(dataset: Any, tmp_path: Path) -> None:
    """The whole point: a second process reading the same position never imports PyYAML (the data
    come from the warm data cache, the position from its parse)."""
    f = write(tmp_path / "p.yaml", POSITION + f"# {tmp_path}\n")   # a text no other test read
    code = ("import sys\nfrom tashkalar_cli import Game\n"
            f"pos = Game().position({str(f)!r})\n"
            "print(len(pos.pieces), 'yaml' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TASHKALAR")}
    env["TASHKALAR_CACHE_DIR"] = str(session_cache())
    said = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60,
                           cwd=REPO).stdout.split() for _ in range(2)]
    assert said == [["2", "True"], ["2", "False"]]


CORPUS = Path(__file__).resolve().parent / "fuzz"
CORPUS_POSITIONS = sorted(p.name for p in CORPUS.glob("*.fuzz")
                          if not p.name.startswith(("alias-bomb-turn", "alias-bomb-locale", "own-color", "flare-against",
                                                    "duel-turn", "turn-", "locale-")))


@pytest.mark.parametrize("name", CORPUS_POSITIONS)
def test_the_hostile_corpus_says_the_same_the_second_time(cli: Any, tmp_path: Path, name: str) -> None:
    """Each position of the fuzz corpus, read twice (the second time from its kept parse, when it
    parsed): the same answer, exit 0 or 2, one line at most (and a "did you mean" hint)."""
    f = tmp_path / name
    f.write_bytes((CORPUS / name).read_bytes())
    said = []
    for _ in range(2):
        r = cli("position", "check", str(f))
        assert r.code in (0, 2) and len(r.err.strip().splitlines()) <= 2 and "Traceback" not in r.err, r.err
        said.append((r.code, r.out, r.err))
    assert said[0] == said[1]


def test_temporary_files_of_a_killed_write_are_removed_when_old(cache: Path, tmp_path: Path) -> None:
    f = write(tmp_path / "p.yaml", POSITION)
    yamlio.read_user_yaml(str(f), "position file")
    folder = cache / "tashkalar-parsed"
    (entry,) = entries(cache)
    old, fresh, mine = (folder / f".{entry.name}.k1l2l3.tmp", folder / f".{entry.name}.n0w.tmp",
                        folder / ".notes.tmp")
    for path in (old, fresh, mine):
        path.write_text("half")
        os.utime(path, (1_000_000_000, 1_000_000_000) if path != fresh else None)
    yamlio.read_user_yaml(str(write(tmp_path / "q.yaml", POSITION + "# another\n")), "position file")
    assert not old.exists() and fresh.exists() and mine.exists()


def test_the_folder_is_never_reached_through_a_link(cache: Path, tmp_path: Path, parses: list[str]) -> None:
    """A link in the folder's place, even to a folder the tool wrote, holding the right entry: not read,
    not written."""
    f = write(tmp_path / "p.yaml", POSITION)
    yamlio.read_user_yaml(str(f), "position file")
    elsewhere = tmp_path / "elsewhere"
    (cache / "tashkalar-parsed").rename(elsewhere)
    (cache / "tashkalar-parsed").symlink_to(elsewhere)
    before = sorted(p.name for p in elsewhere.iterdir())
    yamlio.read_user_yaml(str(f), "position file")
    yamlio.read_user_yaml(str(write(tmp_path / "q.yaml", POSITION + "# another\n")), "position file")
    assert len(parses) == 3 and sorted(p.name for p in elsewhere.iterdir()) == before

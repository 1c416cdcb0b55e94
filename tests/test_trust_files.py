"""The files the tool touches (issue 18): its cache, its outputs, the folders it walks.

The cache may sit in a folder full of the user's files, and the tool deletes only what it wrote
(tagged folders); a cache file is read only when it is a regular file of the bytes the index
records, so a FIFO, a link to /dev/zero, a folder or valid JSON of the wrong shape is a damaged
cache, rebuilt; the key covers the package's code. No output goes into the package, the data or
the cache, and a command whose outputs cannot all be written writes none. Every folder a user
gives is walked by one walker that follows no link to a folder, no link out of the folder, and
stops past its bounds. The command-line cases run in a separate process with a hang guard.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO, spread, write

CORPUS = Path(__file__).resolve().parent / "fuzz" / "trust"
HANG = 60  # a case takes a second or two; the guard only tells a hang from an answer


def run(cache: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
        ) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("TASHKALAR")}
    full_env.update(TASHKALAR_CACHE_DIR=str(cache), COLUMNS="100", **(env or {}))
    return subprocess.run([sys.executable, "-m", "tashkalar_cli", *args], env=full_env, capture_output=True,
                          text=True, timeout=HANG, cwd=cwd or tempfile.gettempdir())  # the installed tool, as a user runs it


def clean(proc: subprocess.CompletedProcess[str], allowed: tuple[int, ...] = (0, 2)) -> None:
    assert proc.returncode in allowed, (proc.returncode, proc.stderr[-800:])
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr[-800:]
    assert len(proc.stderr.strip().splitlines()) <= 2, proc.stderr[-800:]


def snapshot(folder: Path, leave_out: str = "\0") -> dict[str, str]:
    """Every entry below ``folder`` (links not followed): a file's hash, a link's target, a folder."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if not d.startswith(leave_out)]
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(folder))
            if name.startswith(leave_out):
                continue
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_dir():
                out[rel] = "folder"
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "special"
    return out


@functools.cache
def package_dir() -> Path:
    """The package the command line runs from a folder other than the checkout: the installed
    one (CI installs a copy, not a link to the checkout), which the tool must never write into."""
    code = "from tashkalar_cli.data.paths import PACKAGE_DIR; print(PACKAGE_DIR)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tempfile.gettempdir()).stdout
    return Path(out.strip())


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder filled by the tool (English and French parts read once)."""
    folder = tmp_path_factory.mktemp("warm-cache")
    for args in (("card", "show", "swordmaster"), ("card", "show", "swordmaster", "--lang", "fr")):
        clean(run(folder, *args), allowed=(0,))
    return folder


def cache_folders(cache: Path) -> list[Path]:
    """The folders holding a cache index (the tool's, in these tests), whatever their name."""
    return sorted(p for p in cache.iterdir() if p.is_dir() and not p.is_symlink() and not p.name.startswith(".")
                  and os.path.lexists(p / "index.json"))


# ------------------------------------------------------------------ the cache: whose files

def _user_files(cache: Path, elsewhere: Path) -> None:
    """A user's folder holding files and folders named like caches, temporaries and tags."""
    from tashkalar_cli.data import cache as store

    write(cache / "notes.txt", "mine\n")
    write(cache / "data-1234abcd", "a file of mine\n")
    write(cache / "data-00000000-abc" / "index.json", '{"format": 9}')
    write(cache / "data-00000000-abc" / "photo.jpg", "jpeg")
    write(cache / ".data-x.123.tmp" / "draft.txt", "draft")
    write(cache / ".data-y.tmp", "tmp of mine")
    write(cache / "tashkalar-data-00000000-k" / "index.json", "{}")   # our name, but no tag: not ours
    write(cache / ".tashkalar-tmp-999999999-abc" / "thesis.tex", "no tag: mine")
    write(cache / "CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n")
    tagged = elsewhere / "tagged"  # the tool's exact tag, but reached through a link: not deleted
    write(tagged / "CACHEDIR.TAG", store._TAG_TEXT.decode())
    write(tagged / "precious.txt", "keep me")
    (cache / "tashkalar-data-11111111-link").symlink_to(tagged)
    (cache / ".tashkalar-tmp-999999998-lnk").symlink_to(tagged)
    old = 1_000_000_000  # 2001: older than every cache the tool writes
    for path in cache.rglob("*"):
        os.utime(path, (old, old), follow_symlinks=False)


def test_pruning_deletes_only_the_tools_own_caches(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tashkalar_cli.data import cache as store
    from tashkalar_cli.data.dataset import Dataset

    # a small dataset: what is pruned does not depend on what a cache holds, and 14 writes of the
    # whole data cost seconds
    dataset = Dataset(str(REPO), {"game": {"board": "hex"}}, {"en": {"ui": {"a.b": "text"}}}, [], {"game": "tash-kalar"})
    cache = tmp_path / "mine"
    _user_files(cache, tmp_path / "elsewhere")
    before, elsewhere = snapshot(cache), snapshot(tmp_path / "elsewhere")
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    monkeypatch.setattr(store, "load_dataset", functools.partial(store.load_dataset, build=lambda root, game=None: dataset))
    for i in range(14):  # more keys than the caches kept
        monkeypatch.setattr(store, "fingerprint", lambda root, game="tash-kalar", i=i: f"key{i:02d}")
        store._MEMO.clear()
        store.load_dataset()
    ours = [p for p in cache_folders(cache) if "-key" in p.name]
    assert 1 <= len(ours) <= 8 and any(p.name.endswith("key13") for p in ours)
    after = snapshot(cache, leave_out="tashkalar-data-")
    assert after == {k: v for k, v in before.items() if not k.startswith("tashkalar-data-")}
    assert (cache / "tashkalar-data-00000000-k" / "index.json").read_text() == "{}"
    assert (cache / "tashkalar-data-11111111-link").is_symlink()
    assert snapshot(tmp_path / "elsewhere") == elsewhere


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_users_file_under_the_caches_name_is_left_alone(tmp_path: Path, warm: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    from tashkalar_cli.data.filecache import FOLDER  # the per-file cache: filled when the data is built again

    for name in {folder.name for folder in cache_folders(warm)} | {FOLDER}:  # the user's own file and folder
        (cache / name).write_text("mine")                                    # where the caches would go
        write(cache / (name + "x") / "index.json", "{}")
    before = snapshot(cache)
    proc = run(cache, "card", "show", "swordmaster", "--json")
    clean(proc, allowed=(0,))
    assert json.loads(proc.stdout)["id"] == "swordmaster"
    assert snapshot(cache) == before


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_temporary_folders_of_a_killed_write_are_removed(tmp_path: Path, warm: Path) -> None:
    """A write killed half-way leaves its tagged temporary folder; the next write removes it, and
    nothing of the user's that looks like one."""
    cache = tmp_path / "cache"
    killer = (
        "import os, sys\n"
        "from tashkalar_cli.data import cache as store\n"
        "calls = []\n"
        "real = store._create\n"
        "def dying(path, data):\n"
        "    real(path, data)\n"
        "    calls.append(path)\n"
        "    if len(calls) == 5:\n"
        "        os._exit(9)\n"
        "store._create = dying\n"
        "from tashkalar_cli.game import load_uncached\n"
        "store.load_dataset(build=load_uncached)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TASHKALAR")}
    env["TASHKALAR_CACHE_DIR"] = str(cache)
    proc = subprocess.run([sys.executable, "-c", killer], env=env, capture_output=True, text=True, timeout=HANG,
                          cwd=REPO)
    assert proc.returncode == 9, proc.stderr[-500:]
    left = [p for p in cache.iterdir() if p.name.startswith(".tashkalar-tmp-")]
    assert len(left) == 1 and (left[0] / "CACHEDIR.TAG").is_file() and not cache_folders(cache)
    write(cache / ".tashkalar-tmp-999999997-mine" / "mine.txt", "no tag: the user's")
    clean(run(cache, "card", "show", "swordmaster"), allowed=(0,))
    assert not left[0].exists()
    assert (cache / ".tashkalar-tmp-999999997-mine" / "mine.txt").read_text() == "no tag: the user's"
    assert len(cache_folders(cache)) == 1


# ------------------------------------------------------------------ the cache: damaged files

def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "x.json").write_text("{}")


def _sparse(path: Path) -> None:
    with open(path, "wb") as fh:
        fh.truncate(200_000_000)


HOSTILE = {"fifo": _fifo, "dev-zero": _dev_zero, "folder": _folder, "sparse-200MB": _sparse}
HOSTILE.update({p.stem: (lambda path, src=p: path.write_bytes(src.read_bytes())) for p in sorted(CORPUS.glob("*.fuzz"))})


@pytest.fixture
def fresh_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, dataset: Any) -> tuple[Path, list[int]]:
    """A cache written from the session's data, and the count of validations since (the loader
    replaced by one that hands that data back: the cases time the cache, not the validation)."""
    from tashkalar_cli.data import cache as store

    cache = tmp_path / "cache"
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(cache))
    calls: list[int] = []
    monkeypatch.setattr(store, "load_dataset",
                        functools.partial(store.load_dataset, build=lambda root, game=None: calls.append(1) or dataset))
    store._MEMO.clear()
    store.load_dataset()
    calls.clear()
    return cache, calls


class _Hang(Exception):
    pass


def _within(seconds: int, read: Any) -> Any:
    """``read()``, or a failure if it takes longer than ``seconds`` (a FIFO read would block)."""
    import signal

    def stop(*_: object) -> None:
        raise _Hang

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        return read()
    except _Hang:
        pytest.fail("the cache read hung")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _reload(dataset: Any) -> tuple[Any, Any]:
    from tashkalar_cli.data import cache as store

    store._MEMO.clear()
    loaded = _within(10, store.load_dataset)
    return (_within(10, lambda: list(loaded.facts["beings"])) == list(dataset.facts["beings"]),
            _within(10, lambda: dict(loaded.locales["fr"]["cards"])) == dict(dataset.locales["fr"]["cards"]))


SPECIAL = ["dev-zero", "fifo", "folder", "sparse-200MB"]
CASES = ([("facts__beings.json", kind) for kind in sorted(HOSTILE)]
         + [("index.json", kind) for kind in [*SPECIAL, "part-value-5", "part-deep"]]
         + [("locales__fr__cards.json", kind) for kind in ["fifo", "part-value-5", "part-wrong-cards"]])


@pytest.mark.parametrize("part,kind", spread(CASES, keep=5, names=2))
def test_a_hostile_file_in_the_cache_is_a_damaged_cache(fresh_cache: tuple[Path, list[int]], dataset: Any,
                                                        part: str, kind: str) -> None:
    cache, calls = fresh_cache
    (folder,) = cache_folders(cache)
    (folder / part).unlink()
    HOSTILE[kind](folder / part)
    assert _reload(dataset) == (True, True)
    assert calls == [1], "a damaged cache is validated again"
    (folder,) = cache_folders(cache)
    assert (folder / part).is_file() and not (folder / part).is_symlink(), "and written anew"
    assert _reload(dataset) == (True, True) and calls == [1], "then read"


#: each a whole validation of the data again: the default run keeps three shapes, the slow run all
@pytest.mark.parametrize("change", spread([pytest.param(change, id=name) for name, change in {
    "fact-name": lambda ix: ix.update(facts=["beings", 5]),
    "locales-str": lambda ix: ix.update(locales={"fr": "cards"}),
    "part-sizes": lambda ix: ix.update(parts={k: ["a", 1] for k in ix["parts"]}),
    "crc": lambda ix: ix.update(parts={k: [v[0], v[1] ^ 1] for k, v in ix["parts"].items()}),   # every CRC wrong
    "part-missing": lambda ix: ix["parts"].pop("facts/beings"),
    "warnings": lambda ix: ix.update(warnings=[{"x": 1}]),
    "derived": lambda ix: ix.update(derived=None),
}.items()], keep=3))
def test_an_index_of_the_wrong_shape_is_a_damaged_cache(fresh_cache: tuple[Path, list[int]], dataset: Any,
                                                        change: Any) -> None:
    cache, calls = fresh_cache
    (folder,) = cache_folders(cache)
    index = json.loads((folder / "index.json").read_text())
    change(index)
    (folder / "index.json").write_text(json.dumps(index))
    assert _reload(dataset) == (True, True)
    assert calls == [1]


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("kind", ["fifo", "part-value-5"])
def test_a_damaged_part_through_the_command_line(tmp_path: Path, warm: Path, kind: str) -> None:
    """The issue's cases end to end: a FIFO part (a hang before) and valid JSON of the wrong shape
    (exit 70 until the user deleted it)."""
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(warm, cache, symlinks=True)
    (folder,) = cache_folders(cache)
    (folder / "facts__beings.json").unlink()
    HOSTILE[kind](folder / "facts__beings.json")
    for _ in range(2):  # rebuilt the first time, read the second
        proc = run(cache, "card", "show", "swordmaster", "--json", "--lang", "fr")
        clean(proc, allowed=(0,))
        assert json.loads(proc.stdout)["name"] == "Maître d'armes"


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_part_with_its_index_both_forged_is_read_only_through_the_crc(tmp_path: Path, warm: Path) -> None:
    """The index records each part's size and CRC-32: a part rewritten to other valid bytes of
    the same size is found out too."""
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(warm, cache, symlinks=True)
    (folder,) = cache_folders(cache)
    part = folder / "locales__fr__cards.json"
    text = part.read_text(encoding="utf-8")
    part.write_text(text.replace("Maître d'armes", "Maître d'ARMES", 1), encoding="utf-8")
    proc = run(cache, "card", "show", "swordmaster", "--json", "--lang", "fr")
    clean(proc, allowed=(0,))
    assert json.loads(proc.stdout)["name"] == "Maître d'armes"


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_missing_or_foreign_tag_makes_the_folder_someone_elses(tmp_path: Path, warm: Path) -> None:
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(warm, cache, symlinks=True)
    (folder,) = cache_folders(cache)
    (folder / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")  # another tool's
    (folder / "index.json").write_text("not an index")  # and what looks like a damaged index: still not ours
    before = snapshot(cache)
    proc = run(cache, "card", "show", "swordmaster", "--json")
    clean(proc, allowed=(0,))
    assert snapshot(cache) == before  # neither read as a cache nor deleted


# ------------------------------------------------------------------ the cache: its key and place

def test_the_cache_key_covers_the_packages_code_and_version(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tashkalar_cli.data import cache as store
    from tashkalar_cli.data.paths import default_data_root

    code = tmp_path / "pkg"
    write(code / "__init__.py", "")
    write(code / "games" / "tashkalar" / "model" / "rules.py", "X = 1\n")
    write(code / "games" / "tashkalar" / "model" / "__pycache__" / "rules.cpython.pyc", "compiled")
    monkeypatch.setattr(store, "PACKAGE_DIR", code)
    root = default_data_root()
    first = store.fingerprint(root)
    assert store.fingerprint(root) == first
    write(code / "games" / "tashkalar" / "model" / "__pycache__" / "rules.cpython.pyc", "compiled again")   # compiled files do not count
    assert store.fingerprint(root) == first
    write(code / "games" / "tashkalar" / "model" / "rules.py", "X = 2\n")  # same size: the time tells
    os.utime(code / "games" / "tashkalar" / "model" / "rules.py", ns=(1, 1))
    second = store.fingerprint(root)
    assert second != first
    write(code / "text" / "new.py", "")
    third = store.fingerprint(root)
    assert third != second
    write(code / "errors.py", "")
    assert store.fingerprint(root) != third
    third = store.fingerprint(root)
    monkeypatch.setattr(store, "__version__", "999.0")
    assert store.fingerprint(root) != third


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_the_code_that_computes_the_cached_data_imports_only_code_the_key_covers() -> None:
    """The key covers the subpackages in ``DERIVING`` and the top-level modules: nothing there may
    import code outside them (the engine, the renderers, the command line), or an edit of that
    code would not be seen."""
    import ast

    from tashkalar_cli.data.cache import DERIVING

    top = {p.stem for p in package_dir().glob("*.py")}  # the top-level modules

    def covered(name: str) -> bool:
        parts = name.split(".")[1:]
        return parts[0] in top or any("/".join(parts[:len(d.split("/"))]) == d for d in DERIVING)

    for sub in DERIVING:
        for path in sorted((package_dir() / sub).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names] if isinstance(node, ast.Import) else []
                for name in names:
                    if name == "tashkalar_cli":
                        continue
                    if name.startswith("tashkalar_cli."):
                        assert covered(name), f"{path.name} imports {name}"


def test_a_broken_translator_language_does_not_hide_the_others_from_the_key(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tashkalar_cli.data import cache as store
    from tashkalar_cli.data.paths import default_data_root

    mine = tmp_path / "mine"
    write(mine / "it" / "ui.yaml", "messages: {}\n")
    (mine / "de").mkdir()
    (mine / "de" / "loop").symlink_to(mine / "de")
    monkeypatch.setenv("TASHKALAR_LOCALES", str(mine))
    first = store.fingerprint(default_data_root())
    write(mine / "it" / "ui.yaml", "messages: {a: b}\n")
    assert store.fingerprint(default_data_root()) != first


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("where", ["data-locales", "data-cards", "package"])
def test_the_cache_cannot_be_the_tools_own_data(tmp_path: Path, data_copy_of: Callable[..., Path], where: str) -> None:
    data_copy = data_copy_of()
    target = {"data-locales": data_copy / "locales" / "cache", "data-cards": data_copy / "cards",
              "package": package_dir() / "no-cache-here"}[where]
    before = snapshot(data_copy)
    proc = run(target, "card", "show", "swordmaster", "--data", str(data_copy))
    clean(proc, allowed=(2,))
    assert "TASHKALAR_CACHE_DIR" in proc.stderr and str(target) in proc.stderr
    assert snapshot(data_copy) == before
    assert not (package_dir() / "no-cache-here").exists()


# ------------------------------------------------------------------ outputs

POS = "pieces: {e4: blue, e6: blue}\n"


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("second", ["F.yaml", "./F.yaml", "sub/../F.yaml", "{tmp}/F.yaml"])
def test_one_file_named_for_two_outputs_is_refused_before_anything_is_written(tmp_path: Path, warm: Path,
                                                                             second: str) -> None:
    write(tmp_path / "p.yaml", POS)
    (tmp_path / "sub").mkdir()
    before = snapshot(tmp_path)
    proc = run(warm, "summon", "swordmaster", "--position", "p.yaml", "--player", "blue", "--apply",
               "--at", "e5", "--out", "F.yaml", "--record", second.format(tmp=tmp_path), cwd=tmp_path)
    clean(proc, allowed=(2,))
    assert "F.yaml" in proc.stderr and "two outputs" in proc.stderr
    assert snapshot(tmp_path, leave_out="cache") == before


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_refused_second_output_leaves_no_first_one(tmp_path: Path, warm: Path) -> None:
    write(tmp_path / "p.yaml", POS)
    target = package_dir() / "render" / "tk-test-record.yaml"
    try:
        proc = run(warm, "summon", "swordmaster", "--position", "p.yaml", "--player", "blue",
                   "--apply", "--at", "e5", "--out", "good.yaml", "--record", str(target), cwd=tmp_path)
        clean(proc, allowed=(2,))
        assert not (tmp_path / "good.yaml").exists() and not target.exists()
    finally:
        target.unlink(missing_ok=True)


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("args", [
    ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg", "{out}.svg"),
    ("position", "show", "--pieces", "e4=blue,e6=blue", "--svg", "{out}.svg"),
    ("sheet", "--deck", "imperial", "--out", "{out}.html"),
    ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5",
     "--out", "{out}.yaml"),
    ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5",
     "--record", "{out}.yaml"),
], ids=["summon-svg", "position-svg", "sheet-out", "apply-out", "apply-record"])
def test_no_output_goes_into_the_installed_package(tmp_path: Path, warm: Path, args: tuple[str, ...]) -> None:
    out = package_dir() / "render" / "tk-test-output"
    made = [out.with_suffix(s) for s in (".svg", ".html", ".yaml")]
    try:
        proc = run(warm, *(a.format(out=out) for a in args), cwd=tmp_path)
        clean(proc, allowed=(2,))
        assert str(package_dir()) in proc.stderr
        assert not any(p.exists() for p in made)
    finally:
        for p in made:
            p.unlink(missing_ok=True)


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_outputs_stay_out_of_the_caches_the_tool_wrote_but_not_out_of_the_users_folder(tmp_path: Path) -> None:
    """The cache folder may be a folder of the user's: a picture can be saved there, but not
    inside a cache the tool wrote."""
    cache = tmp_path / "documents"
    clean(run(cache, "card", "show", "swordmaster"), allowed=(0,))
    (ours,) = cache_folders(cache)
    args = ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg")
    proc = run(cache, *args, str(ours / "picture.svg"))
    clean(proc, allowed=(2,))
    assert not (ours / "picture.svg").exists()
    proc = run(cache, *args, str(cache / "picture.svg"))
    clean(proc, allowed=(0,))
    assert (cache / "picture.svg").read_text(encoding="utf-8").startswith("<")


# ------------------------------------------------------------------ walking folders

def _loops(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "a").symlink_to(".")
    (folder / "b").symlink_to("..")
    (folder / "self").symlink_to("self")


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_symlink_loop_in_a_translators_folder_ends_at_once(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    write(mine / "de" / "ui.yaml", "messages: {}\n")
    _loops(mine / "de" / "cards")
    env = {"TASHKALAR_LOCALES": str(mine)}
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--json", env=env)
    clean(proc, allowed=(0,))  # the other languages are untouched
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--lang", "de", env=env)
    clean(proc, allowed=(2,))
    assert "symbolic link to a folder" in proc.stderr
    proc = run(tmp_path / "cache", "i18n", "check", "--locales", str(mine), "--json")
    clean(proc, allowed=(1,))
    assert any("symbolic link to a folder" in f["message"] for f in json.loads(proc.stdout)["findings"])


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_symlink_loop_in_a_data_folder_ends_at_once(tmp_path: Path, data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of()
    _loops(data_copy / "cards" / "beings")
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--data", str(data_copy))
    clean(proc, allowed=(2,))
    assert "symbolic link to a folder" in proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_linked_folder_at_the_top_of_the_locales_is_refused(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    write(mine / "de" / "ui.yaml", "messages: {}\n")
    (mine / "fr").symlink_to(mine / "de")
    proc = run(tmp_path / "cache", "i18n", "check", "--locales", str(mine))
    clean(proc, allowed=(2,))
    assert "symbolic link to a folder" in proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_link_out_of_the_folder_is_refused(tmp_path: Path, data_copy_of: Callable[..., Path]) -> None:
    data_copy = data_copy_of()
    outside = tmp_path / "outside"
    outside.mkdir()
    ui = outside / "ui.yaml"
    ui.write_bytes((REPO / "locales" / "fr" / "ui.yaml").read_bytes())
    mine = tmp_path / "mine"
    (mine / "de").mkdir(parents=True)
    (mine / "de" / "ui.yaml").symlink_to(ui)
    env = {"TASHKALAR_LOCALES": str(mine)}
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--lang", "de", env=env)
    clean(proc, allowed=(2,))
    assert "leads out of" in proc.stderr and str(mine) in proc.stderr
    deck = data_copy / "cards" / "beings" / "imperial.yaml"
    (outside / "imperial.yaml").write_bytes(deck.read_bytes())
    deck.unlink()
    deck.symlink_to(outside / "imperial.yaml")
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--data", str(data_copy))
    clean(proc, allowed=(2,))
    assert "leads out of" in proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_link_to_a_file_inside_the_folder_is_followed(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    write(mine / ".shared" / "ui.yaml", "messages:\n  sheet.written: 'ok'\n")
    (mine / "de").mkdir()
    (mine / "de" / "ui.yaml").symlink_to(mine / ".shared" / "ui.yaml")
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--lang", "de",
               env={"TASHKALAR_LOCALES": str(mine)})
    assert "leads out of" not in proc.stderr and "symbolic link" not in proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_too_many_files_in_a_translators_folder(tmp_path: Path) -> None:
    from tashkalar_cli.data.paths import MAX_WALK_FILES

    mine = tmp_path / "mine"
    cards = mine / "de" / "cards"
    cards.mkdir(parents=True)
    for i in range(MAX_WALK_FILES + 1):
        (cards / f"{i}.yaml").touch()
    env = {"TASHKALAR_LOCALES": str(mine)}
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--lang", "de", env=env)
    clean(proc, allowed=(2,))
    assert str(MAX_WALK_FILES) in proc.stderr and str(mine) in proc.stderr
    clean(run(tmp_path / "cache", "card", "show", "swordmaster", env=env), allowed=(0,))  # built-in languages


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_too_many_bytes_in_a_translators_folder(tmp_path: Path) -> None:
    from tashkalar_cli.data.paths import MAX_WALK_BYTES

    mine = tmp_path / "mine"
    cards = mine / "de" / "cards"
    cards.mkdir(parents=True)
    each = 7_900_000  # under the limit of one file: only the total is too much
    for i in range(MAX_WALK_BYTES // each + 1):
        with open(cards / f"deck{i}.yaml", "wb") as fh:
            fh.truncate(each)  # sparse: no disk used
    proc = run(tmp_path / "cache", "card", "show", "swordmaster", "--lang", "de",
               env={"TASHKALAR_LOCALES": str(mine)})
    clean(proc, allowed=(2,))
    assert str(MAX_WALK_BYTES) in proc.stderr


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_the_walkers_messages_are_in_every_language(lang: str) -> None:
    import yaml

    messages = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]
    for key in ("walk-link-outside", "walk-link-folder", "walk-too-many-files", "walk-too-large",
                "cache-in-data", "output-twice"):
        assert messages.get(f"error.{key}"), key
    if lang != "en":
        english = yaml.safe_load((REPO / "locales" / "en" / "ui.yaml").read_text(encoding="utf-8"))["messages"]
        assert messages["error.walk-link-folder"] != english["error.walk-link-folder"]


# a random tree of folders, files and links (inside, outside, loops): the walk ends, returns only
# files inside the folder (through no link to a folder), or refuses with one DataError
ENTRY = st.tuples(st.sampled_from(["file", "folder", "link"]), st.integers(0, 12), st.integers(0, 12))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ENTRY, min_size=1, max_size=14))
def test_the_walk_ends_and_stays_inside(tmp_path_factory: pytest.TempPathFactory, plan: list[tuple[str, int, int]]) -> None:
    from tashkalar_cli.data.paths import walk
    from tashkalar_cli.errors import DataError

    base = tmp_path_factory.mktemp("tree")
    root = base / "root"
    root.mkdir()
    (base / "outside.yaml").write_text("x")
    folders = [root]
    names: list[Path] = []
    for n, (kind, parent, target) in enumerate(plan):
        where = folders[parent % len(folders)] / f"e{n}"
        if kind == "file":
            where.write_text("y")
        elif kind == "folder":
            where.mkdir()
            folders.append(where)
        else:
            choices = [*folders, *names, base / "outside.yaml", base, where]
            where.symlink_to(choices[target % len(choices)])
        names.append(where)
    try:
        found = walk(root)
    except DataError as exc:
        assert exc.key in ("walk-link-outside", "walk-link-folder", "cannot-read")
        return
    real = os.path.realpath(root)
    for f in found:
        assert not f.is_dir
        assert os.path.realpath(f.path).startswith(real + os.sep)
        parents = Path(f.path).relative_to(root).parents
        assert not any((root / p).is_symlink() for p in parents if str(p) != ".")
    assert len({f.rel for f in found}) == len(found)


# ------------------------------------------------------------------ files the tool did not write

@pytest.mark.parametrize("args,suffix", [
    (("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg"), ".svg"),
    (("position", "show", "--pieces", "e4=blue,e6=blue", "--svg"), ".svg"),
    (("sheet", "--deck", "imperial", "--out"), ".html"),
    (("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5", "--out"), ".yaml"),
    (("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5", "--record"),
     ".yaml"),
])
def test_a_file_the_tool_did_not_write_is_never_written_over(cli: Any, tmp_path: Path, args: tuple[str, ...],
                                                              suffix: str) -> None:
    """A user's file in the place of an output is left as it is (exit 2, one line); a file the
    tool wrote (signed at its top) is replaced, so running a command twice works."""
    mine = tmp_path / f"mine{suffix}"
    mine.write_text("my own notes\n", encoding="utf-8")
    r = cli(*args, str(mine))
    assert r.code == 2 and "did not write" in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert mine.read_text(encoding="utf-8") == "my own notes\n"
    ours = tmp_path / f"ours{suffix}"
    for _ in range(2):
        r = cli(*args, str(ours))
        assert r.code == 0, r.err
    assert "written by tashkalar" in ours.read_text(encoding="utf-8")[:200]


def test_a_signed_position_reads_back_as_the_same_position(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "after.yaml"
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5",
            "--out", str(out), "--json")
    assert r.code == 0, r.err
    assert re.match(r"# written by tashkalar sha256:[0-9a-f]{64}\n", out.read_text(encoding="utf-8"))
    shown = cli("position", "show", str(out), "--json").json
    assert shown["pieces"] == r.json["position"]["pieces"]


def test_signing_keeps_a_declaration_first() -> None:
    from tashkalar_cli.data.output import SIGNATURE, signed

    assert signed("<!DOCTYPE html>\n<html/>").startswith("<!DOCTYPE html>\n<!-- ")
    assert signed('<?xml version="1.0"?>\n<svg/>').startswith('<?xml version="1.0"?>\n<!-- ')
    digest = hashlib.sha256(b"mode: duel\n").hexdigest()
    assert signed("mode: duel\n") == f"# {SIGNATURE} sha256:{digest}\nmode: duel\n"
    assert signed(signed("<svg/>")) == signed("<svg/>")

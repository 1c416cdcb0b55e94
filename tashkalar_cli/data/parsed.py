"""The parse of a file named on the command line (a position, a turn record), kept so that the same
text is read again without PyYAML (whose import alone costs more than a dozen milliseconds).

:func:`~tashkalar_cli.data.yamlio.read_user_yaml` parses a text strictly (no aliases, bounded
nesting and values, no duplicate keys) and keeps the line of every value. Its result, when it is
plain data (text keys; text, numbers, yes/no, null, lists and mappings), is stored in the cache
folder as JSON, with the text it was read from: it is used again only for a file whose text is
exactly that one, parsed by the same code (the tool's version and the size and time of the
parser's modules and of PyYAML's), and only when it is still plain data within the bounds a parse
keeps. A text that does not parse is never stored: it is parsed again each time, and says the same.
Nothing of the meaning is stored: a position (or a record) is checked from the data each time.

The entries are files of one folder the tool wrote (``tashkalar-parsed``, tagged as the data caches
are; a folder of that name that the tool did not write leaves the files unstored), each written
under a temporary name and renamed, read only when it is a regular file of a bounded size (never
through a link), at most :data:`MAX_ENTRIES` of them (the oldest are removed), none larger than
:data:`MAX_ENTRY`. A damaged or foreign entry is no entry: the text is parsed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
import zlib
from importlib.machinery import PathFinder
from pathlib import Path
from typing import Any

from tashkalar_cli._version import __version__
from tashkalar_cli.data.atomic import read_bounded
from tashkalar_cli.data.cache import _TAG, _TAG_TEXT, _TMP_PREFIX, PARSED, _create, _rmtree, _tagged
from tashkalar_cli.data.paths import entries_cache
from tashkalar_cli.data.yamlbase import MAX_DEPTH, MAX_DIGITS, MAX_USER_VALUES, LineMap

FORMAT = 1
#: the most entries kept (a position's is a few KB)
MAX_ENTRIES = 64
#: the largest entry stored and read back (its text, data and lines as JSON): a position of the
#: largest size a file may have is parsed each time rather than filling the cache
MAX_ENTRY = 512_000
#: the smallest integer too long for a parse (more than :data:`MAX_DIGITS` digits)
_TOO_LONG = 10 ** MAX_DIGITS
_SUFFIX = ".json"


_KEY: list[str] = []


def _key() -> str:
    """The code that makes a parse: the tool's version, this format, the parser's modules and PyYAML's."""
    if _KEY:
        return _KEY[0]

    parts = [__version__, str(FORMAT)]
    spec = PathFinder.find_spec("yaml")
    for file in (__file__, str(Path(__file__).with_name("yamlio.py")), spec.origin if spec else None):
        try:
            st = os.stat(file) if file else None
        except OSError:
            st = None
        parts.append(f"{file}:{st.st_size}:{st.st_mtime_ns}" if st else f"{file}:-")
    _KEY.append("|".join(parts))
    return _KEY[0]


def _folder() -> Path | None:
    """The folder of the entries (it may not exist yet), or None when nothing is cached."""
    cache = entries_cache()  # none inside the tool's data or code, nor inside a folder this process reads
    return None if cache is None else cache / PARSED


def _name(raw: bytes) -> str:
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}-{len(raw):x}{_SUFFIX}"


def _fits(value: Any) -> bool:
    """Whether ``value`` is plain data (what JSON gives back as it was) within a parse's bounds:
    nesting, number of values (keys count, as in a parse) and digits of an integer."""
    count = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_USER_VALUES:
            return False
        kind = item.__class__
        if kind is dict:
            if depth > MAX_DEPTH:
                return False
            for key, sub in item.items():
                if key.__class__ is not str:
                    return False
                count += 1
                stack.append((sub, depth + 1))
        elif kind is list:
            if depth > MAX_DEPTH:
                return False
            stack.extend((sub, depth + 1) for sub in item)
        elif kind is int:
            if not -_TOO_LONG < item < _TOO_LONG:
                return False
        elif kind not in (str, float, bool) and item is not None:
            return False
    return True


def _lines_of(value: Any) -> LineMap | None:
    """The line map written as ``[[line, *path], ...]``, or None when it is not one."""
    if value.__class__ is not list or len(value) > 2 * MAX_USER_VALUES + 1:
        return None
    lines: dict[tuple[Any, ...], int] = {}
    for entry in value:
        if entry.__class__ is not list or not entry or entry[0].__class__ is not int or entry[0] < 1 \
                or len(entry) > MAX_DEPTH + 2:
            return None
        path = tuple(entry[1:])
        if any(part.__class__ is not str and part.__class__ is not int for part in path):
            return None
        lines[path] = entry[0]
    return LineMap(lines)


def lookup(text: str) -> tuple[Any, LineMap] | None:
    """The stored parse of exactly ``text``, or None."""
    folder = _folder()
    if folder is None:
        return None
    raw = text.encode()
    body = read_bounded(folder / _name(raw), MAX_ENTRY)
    if body is None or not _tagged(folder):
        return None
    try:
        entry = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not (entry.__class__ is dict and entry.keys() == {"format", "key", "text", "data", "lines"}
            and entry["format"] == FORMAT and entry["text"] == text and entry["key"] == _key()
            and _fits(entry["data"])):
        return None
    lines = _lines_of(entry["lines"])
    return None if lines is None else (entry["data"], lines)


def store(text: str, data: Any, lines: LineMap) -> None:
    """Keep the parse of ``text`` (plain data only); a cache that cannot be written costs only speed."""
    folder = _folder()
    if folder is None or len(text) > MAX_ENTRY or not _fits(data):
        return  # no cache, a text too large to keep (its entry holds it), or not plain data
    try:
        body = json.dumps({"format": FORMAT, "key": _key(), "text": text, "data": data,
                           "lines": [[line, *path] for path, line in lines.lines.items()]},
                          separators=(",", ":")).encode("ascii")
    except (ValueError, TypeError, RecursionError):
        return
    if len(body) > MAX_ENTRY:
        return
    try:
        if store_entry(folder, _name(text.encode()), body):
            _prune(folder)
    except OSError:
        pass


def store_entry(folder: Path, name: str, body: bytes) -> bool:
    """``body`` kept as the entry ``name`` of the cache's tagged ``folder`` (made when missing):
    False, and nothing written, when a folder of that name is not the tool's. OSError passes."""
    if not os.path.lexists(folder):
        _make(folder)
    if not _tagged(folder):
        return False  # not the tool's: left as it is
    _write(folder / name, body)
    return True


def _write(path: Path, body: bytes) -> None:
    """``body`` written under a temporary name in the entry's folder, then renamed onto the entry: a
    reader sees the old entry or the new one, whole. Not synced to the disk (a cache: an entry cut
    short by a crash is no entry, and syncing would cost a miss several milliseconds)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _make(folder: Path) -> None:
    """The tagged folder of the entries: made under a temporary name, then renamed (so that a folder
    of that name is always complete); another process may have made it meanwhile."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f"{_TMP_PREFIX}{os.getpid()}-", dir=folder.parent)
    try:
        _create(Path(tmp) / _TAG, _TAG_TEXT)
        if not os.path.lexists(folder):
            os.rename(tmp, folder)
    finally:
        if os.path.lexists(tmp):
            _rmtree(tmp)  # made by mkdtemp above: the tool's own


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond :data:`MAX_ENTRIES`, and the temporary files of writes
    that were killed more than an hour ago: files of the tool's names only, in its own folder."""
    entry_name = re.compile(r"[0-9a-f]{16}-[0-9a-f]+\.json")
    left_over = re.compile(r"\.[0-9a-f]{16}-[0-9a-f]+\.json\..+\.tmp")
    entries: list[tuple[float, str]] = []
    now = time.time()
    with os.scandir(folder) as it:
        for e in it:
            try:
                if not e.is_file(follow_symlinks=False):
                    continue
                mtime = e.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue
            if entry_name.fullmatch(e.name):
                entries.append((mtime, e.path))
            elif left_over.fullmatch(e.name) and now - mtime > 3600:
                _unlink(e.path)
    for _mtime, path in sorted(entries, reverse=True)[MAX_ENTRIES:]:
        _unlink(path)


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


__all__ = ["MAX_ENTRIES", "MAX_ENTRY", "lookup", "store"]

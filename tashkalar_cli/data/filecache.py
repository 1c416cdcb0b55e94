"""One data file read, parsed and validated, and the result kept per file, by its content.

A data build reads every YAML file of a data folder, parses it strictly and validates it against its
schema: most of a build's time. When one file of a folder changes, the others give the same result as
before, so each file's result is kept under a key made of everything it depends on: the file's bytes
(SHA-256), the schema it is validated against, how it is parsed (``text_keys``), and the code that
parses and validates (the content of the tool's modules that do it, of every schema file, and the
size and time of the installed PyYAML and jsonschema). A file is always read again (its bytes are
the key): a changed file is always parsed again, whatever its time or size says.

Only a file that parses and is valid is kept; a file with a problem is parsed and validated each time,
and says the same. The results are kept in the process (a bounded memory) and in the cache folder, in
a folder of the tool's own (``tashkalar-files``, tagged as the data caches are: a folder of that name
the tool did not write leaves the results unstored; none is kept in, or read from, a cache folder
inside a folder the process reads: :func:`tashkalar_cli.data.paths.entries_cache`). An entry is
plain JSON (data only: it never runs code), named by its key, written under a temporary name and
renamed, read only when it is a regular file (never through a link) of a bounded size, and used
only when it holds exactly its key and plain data within the bounds a parse keeps: a damaged, cut or
foreign entry is no entry, and the file is parsed, validated and stored again. At most :data:`MAX_ENTRIES` entries of at most
:data:`MAX_TOTAL` bytes are kept (the oldest are removed).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import os
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from importlib.machinery import PathFinder
from pathlib import Path
from typing import Any, NamedTuple

from tashkalar_cli._version import __version__
from tashkalar_cli.data import yamlio
from tashkalar_cli.data.atomic import read_bounded
from tashkalar_cli.data.cache import FILES, _tagged
from tashkalar_cli.data.paths import entries_cache, schemas_dir
from tashkalar_cli.data.yamlbase import MAX_DEPTH, LineMap
from tashkalar_cli.errors import DataError

FORMAT = 1
#: the folder of the entries, in the cache folder
FOLDER = FILES
#: the largest entry written and read back (a data file is at most 8 MB; its entry, with the lines,
#: a few times its size): a larger one is parsed each time
MAX_ENTRY = 32_000_000
#: the most entries, and bytes, kept on disk (the tool's data has about a hundred files)
MAX_ENTRIES = 1024
MAX_TOTAL = 256_000_000
#: the bytes of entries kept in the process
MAX_MEMORY = 64_000_000
#: the writes between two prunings of the folder
_PRUNE_EVERY = 64
#: the modules whose code makes an entry: their content keys every entry
_CODE = ("filecache.py", "yamlio.py", "yamlbase.py", "schemas.py", "locales.py", "paths.py")
#: the libraries that parse and validate: an upgrade changes their files' size or time
_LIBRARIES = ("yaml", "jsonschema", "referencing", "jsonschema_specifications")


class Checked(NamedTuple):
    """A data file read: its data (None for an empty file), where each value stands, and what its
    schema finds wrong with it (nothing for a file that is kept)."""

    data: Any
    lines: LineMap
    errors: list[DataError]


class _Memory:
    """The entries of this process by key, the oldest dropped beyond :data:`MAX_MEMORY` bytes: each
    the :mod:`marshal` form of its data and line map (written by this process, never by anyone
    else: read back without checks, several times faster than JSON, as fresh objects each time)."""

    def __init__(self) -> None:
        self.bodies: OrderedDict[str, bytes] = OrderedDict()
        self.size = 0

    def get(self, key: str) -> bytes | None:
        body = self.bodies.get(key)
        if body is not None:
            self.bodies.move_to_end(key)
        return body

    def put(self, key: str, body: bytes) -> None:
        if len(body) > MAX_MEMORY or key in self.bodies:
            return
        self.bodies[key] = body
        self.size += len(body)
        while self.size > MAX_MEMORY:
            _old, dropped = self.bodies.popitem(last=False)
            self.size -= len(dropped)


_MEMORY = _Memory()
_CODE_KEY: list[str] = []
_WRITES = [0]


def code_key() -> str:
    """A digest of the code that parses and validates a file: this package's modules that do it,
    every schema file (one schema refers to others), and the installed libraries."""
    if _CODE_KEY:
        return _CODE_KEY[0]

    digest = hashlib.sha256(f"{__version__}:{FORMAT}".encode())
    here = Path(__file__).parent
    files = [here / name for name in _CODE]
    with contextlib.suppress(OSError):
        files += sorted(schemas_dir().glob("*.schema.json"))
    for file in files:
        try:
            digest.update(f"\0{file.name}\0".encode("utf-8", "surrogateescape") + file.read_bytes())
        except OSError:
            digest.update(f"\0{file.name}!".encode("utf-8", "surrogateescape"))
    for name in _LIBRARIES:
        spec = PathFinder.find_spec(name)
        try:
            st = os.stat(spec.origin) if spec is not None and spec.origin else None
        except OSError:
            st = None
        digest.update(f"\0{name}:{spec.origin if spec else None}:{st.st_size if st else -1}:{st.st_mtime_ns if st else -1}"
                      .encode("utf-8", "surrogateescape"))
    _CODE_KEY.append(digest.hexdigest())
    return _CODE_KEY[0]


def entry_key(text: str, schema: str, text_keys: bool) -> str:
    """The key of a file's result: its text, its schema, how it is parsed, the code that does it."""
    digest = hashlib.sha256(f"{code_key()}\0{schema}\0{int(text_keys)}\0".encode())
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def read_checked(path: Path, source: str, schema: str, *, text_keys: bool = False,
                 lighter: Callable[[str, Any], Any] | None = None, reuse: bool = True) -> Checked:
    """The file at ``path`` read (always), then parsed and validated against ``schema`` (a
    :class:`DataError` naming ``source`` when it cannot be parsed), or its result read back when
    the same text was parsed and found valid before. ``lighter(schema, data)`` gives the value to
    validate in ``data``'s place (the same verdict, sooner). Without ``reuse``, nothing is kept."""
    text = yamlio.read_text(path, source)
    key = entry_key(text, schema, text_keys) if reuse else ""
    if reuse:
        found = _recall(key)
        if found is not None:
            return Checked(found[0], found[1], [])
    data, lines = yamlio.parse_yaml(text, source, text_keys=text_keys)
    if data is None:
        return Checked(None, lines, [])
    from tashkalar_cli.data import schemas  # deferred: jsonschema (some 70 modules), when a file is not in the cache

    errors = schemas.schema_errors(schema, lighter(schema, data) if lighter else data, lines, source)
    if reuse and not errors:
        _keep(key, data, lines)
    return Checked(data, lines, errors)


def _folder() -> Path | None:
    """The folder of the entries (it may not exist yet), or None when nothing is cached."""
    cache = entries_cache()  # none inside the tool's data or code, nor inside a folder this process reads
    return None if cache is None else cache / FOLDER


def _recall(key: str) -> tuple[Any, LineMap] | None:
    """The result kept under ``key``, from the process's memory (written by this process: decoded
    without checks) or else from the cache folder (checked: anyone may have written there)."""
    kept = _MEMORY.get(key)
    if kept is not None:
        data, lines = marshal.loads(kept)
        return data, LineMap(lines)
    folder = _folder()
    if folder is None:
        return None
    body = read_bounded(folder / f"{key}.json", MAX_ENTRY)
    if body is None or not _tagged(folder):
        return None
    found = _decode(body, key)
    if found is not None:
        _remember(key, *found)
    return found


def _remember(key: str, data: Any, lines: LineMap) -> None:
    """Keep a result in the process's memory (its :mod:`marshal` form: a copy, whatever is done
    with ``data`` after)."""
    with contextlib.suppress(ValueError):   # not a value marshal writes: not kept in memory
        _MEMORY.put(key, marshal.dumps((data, lines.lines)))


def _decode(body: bytes, key: str) -> tuple[Any, LineMap] | None:
    """The data and lines of an entry, or None when it is not exactly an entry of ``key`` holding
    data a parse could give (each value looked at)."""
    try:
        entry = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not (entry.__class__ is dict and entry.keys() == {"format", "key", "mixed", "data", "lines"}
            and entry["format"] == FORMAT and entry["key"] == key and entry["mixed"].__class__ is bool):
        return None
    try:
        data = _restored(entry["data"], entry["mixed"])
    except _NotPlain:
        return None
    lines = _lines_of(entry["lines"])
    return None if lines is None else (data, lines)


class _NotPlain(Exception):
    """A value JSON cannot give back as it is."""


#: the key of the JSON form of a mapping whose keys are not all text (YAML reads ``on:`` as yes):
#: ``{MIXED: [[key, value], ...]}``; a mapping of the data with this key of its own is not kept
MIXED = "\u0000mapping"
#: the values a key or a scalar may be, as JSON gives them back
_SCALARS = (str, int, float, bool, type(None))


def _as_json(value: Any, depth: int = 1) -> Any:
    """``value`` as JSON gives it back (a mapping with keys other than text as a :data:`MIXED` list of
    pairs); :class:`_NotPlain` for any other value. (Recursive: a parse is at most :data:`MAX_DEPTH` deep.)"""
    kind = value.__class__
    if kind is dict:
        if depth > MAX_DEPTH + 1 or MIXED in value:
            raise _NotPlain
        if all(k.__class__ is str for k in value):
            return {k: _as_json(v, depth + 1) for k, v in value.items()}
        if not all(k.__class__ in _SCALARS for k in value):
            raise _NotPlain
        return {MIXED: [[k, _as_json(v, depth + 1)] for k, v in value.items()]}
    if kind is list:
        if depth > MAX_DEPTH + 1:
            raise _NotPlain
        return [_as_json(v, depth + 1) for v in value]
    if kind not in _SCALARS:
        raise _NotPlain
    return value


def _restored(value: Any, mixed: bool) -> Any:
    """The data of an entry as the parse gave it: every value looked at (plain data no deeper than a
    parse allows), and with ``mixed`` the :data:`MIXED` mappings made again; :class:`_NotPlain` else.
    (JSON gives plain values only: the lists and mappings are walked, each scalar looked at once.)"""
    top: list[Any] = [value]
    stack: list[tuple[Any, Any, int]] = [(top, 0, 1)]   # (container, index or key, depth)
    while stack:
        holder, at, depth = stack.pop()
        item = holder[at]
        kind = item.__class__
        if kind is dict:
            if depth > MAX_DEPTH + 1:
                raise _NotPlain
            if MIXED in item:
                item = holder[at] = _mapping(item) if mixed else _not_plain()
            inner = depth + 1
            for k, v in item.items():
                if v.__class__ is dict or v.__class__ is list:
                    stack.append((item, k, inner))
                elif v.__class__ not in _SCALARS:
                    raise _NotPlain
        elif kind is list:
            if depth > MAX_DEPTH + 1:
                raise _NotPlain
            inner = depth + 1
            for i, v in enumerate(item):
                if v.__class__ is dict or v.__class__ is list:
                    stack.append((item, i, inner))
                elif v.__class__ not in _SCALARS:
                    raise _NotPlain
        elif kind not in _SCALARS:
            raise _NotPlain
    return top[0]


def _mapping(item: dict[str, Any]) -> dict[Any, Any]:
    pairs = item[MIXED]
    if len(item) != 1 or pairs.__class__ is not list:
        raise _NotPlain
    out: dict[Any, Any] = {}
    for pair in pairs:
        if pair.__class__ is not list or len(pair) != 2 or pair[0].__class__ not in _SCALARS or pair[0] in out:
            raise _NotPlain
        out[pair[0]] = pair[1]
    return out


def _not_plain() -> Any:
    raise _NotPlain


def _lines_of(value: Any) -> LineMap | None:
    """The line map written as ``[[line, *path], ...]``, or None when it is not one."""
    if value.__class__ is not list:
        return None
    most = MAX_DEPTH + 2
    for entry in value:
        if entry.__class__ is not list or not entry or entry[0].__class__ is not int or entry[0] < 1 \
                or len(entry) > most:
            return None
    try:
        # a path of scalars only: JSON gives no other value than a list or a mapping, which a key refuses
        return LineMap({tuple(entry[1:]): entry[0] for entry in value})
    except TypeError:
        return None


def _keep(key: str, data: Any, lines: LineMap) -> None:
    """Keep a valid file's result, when it is plain data: in memory, and in the cache folder (a cache
    that cannot be written costs only speed)."""
    try:
        value = _as_json(data)
        if any(p.__class__ not in _SCALARS for path in lines.lines for p in path):
            return
        data_json = json.dumps(value, separators=(",", ":"))
        # mixed: a MIXED mapping may be in the data (a text of the data that holds its JSON form only
        # costs the reading a look at each mapping: a mapping with that key of its own is never kept)
        mixed = json.dumps(MIXED) + ":" in data_json
        lines_json = json.dumps([[line, *path] for path, line in lines.lines.items()], separators=(",", ":"))
        body = (f'{{"format":{FORMAT},"key":{json.dumps(key)},"mixed":{json.dumps(mixed)},"data":{data_json},'
                f'"lines":{lines_json}}}').encode("ascii")
    except (_NotPlain, ValueError, TypeError, RecursionError):
        return
    if len(body) > MAX_ENTRY:
        return
    _remember(key, data, lines)
    folder = _folder()
    if folder is None:
        return
    from tashkalar_cli.data.parsed import store_entry  # deferred: data.parsed, which a read from the cache does not load

    try:
        if not store_entry(folder, f"{key}.json", body):
            return  # not the tool's: left as it is
        _WRITES[0] += 1
        if _WRITES[0] % _PRUNE_EVERY == 1:
            _prune(folder)
    except OSError:
        pass


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond :data:`MAX_ENTRIES` or :data:`MAX_TOTAL` bytes, and the
    temporary files of writes killed more than an hour ago: files of the tool's names only."""
    from tashkalar_cli.data.parsed import _unlink  # deferred: data.parsed, which a read from the cache does not load

    entry_name = re.compile(r"[0-9a-f]{64}\.json")
    left_over = re.compile(r"\.[0-9a-f]{64}\.json\..+\.tmp")
    entries: list[tuple[float, int, str]] = []
    now = time.time()
    with os.scandir(folder) as it:
        for e in it:
            try:
                if not e.is_file(follow_symlinks=False):
                    continue
                st = e.stat(follow_symlinks=False)
            except OSError:
                continue
            if entry_name.fullmatch(e.name):
                entries.append((st.st_mtime, st.st_size, e.path))
            elif left_over.fullmatch(e.name) and now - st.st_mtime > 3600:
                _unlink(e.path)
    total = 0
    for count, (_mtime, size, path) in enumerate(sorted(entries, reverse=True)):
        total += size
        if count >= MAX_ENTRIES or total > MAX_TOTAL:
            _unlink(path)


__all__ = ["FOLDER", "FORMAT", "MAX_ENTRIES", "MAX_ENTRY", "MIXED", "Checked", "code_key", "entry_key",
           "read_checked"]

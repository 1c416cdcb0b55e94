"""Strict and safe YAML reading: every value keeps its line number, nothing can blow up.

``load_yaml`` returns the data plus a :class:`LineMap` so that later checks (the JSON Schema
validation, the position parser) can say on which line a wrong value stands. Every document
is first scanned as a stream of events, which costs no recursion and no memory: anchors and
aliases are refused (the data has no use for them, and they make "billion laughs" bombs), and
so is nesting deeper than :data:`MAX_DEPTH`. Only then is the document built, with PyYAML's
safe loader (plain data types only) and with duplicate keys as errors. Files given on the
command line must be regular files of at most :data:`MAX_USER_FILE` bytes.

PyYAML is imported when a text is parsed, not with this module: a file named on the command line
whose parse is cached (:mod:`tashkalar_cli.data.parsed`) is read without it.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.paths import checked_length
from tashkalar_cli.data.yamlbase import MAX_DEPTH, MAX_DIGITS, MAX_USER_VALUES, LineMap
from tashkalar_cli.errors import DataError, InputError, quote

if TYPE_CHECKING:
    import yaml

#: the largest position or turn-record file, in bytes (they are a few KB)
MAX_USER_FILE = 1_000_000
#: the largest data or locale file, in bytes
MAX_DATA_FILE = 8_000_000


def _loader(text: str) -> yaml.SafeLoader:
    """PyYAML's safe loader of ``text``: the C parser, several times faster; the pure-Python one
    where libyaml is missing."""
    import yaml  # deferred: PyYAML (20 modules), for a file not in the parsed-file cache

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader(text)


def _scan(text: str, source: str, max_values: int | None = None) -> None:
    """Refuse anchors, aliases, deep nesting and (``max_values``) more values than a file of its
    kind can hold, reading the event stream (no recursion; stops at the first problem)."""
    import yaml  # deferred: PyYAML (20 modules), for a file not in the parsed-file cache

    values_events = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
    loader = _loader(text)
    # types-PyYAML leaves Parser.get_event unannotated: typed here, not called untyped
    next_event: Callable[[], yaml.Event] = loader.get_event
    depth = 0
    values = 0
    try:
        while loader.check_event():
            event = next_event()
            if max_values is not None and isinstance(event, values_events):
                values += 1
                if values > max_values:
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise DataError(key="too-many-values", file=source, line=line, most=max_values)
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1 if event.start_mark else None
                raise DataError(key="yaml-aliases", file=source, line=line)
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise DataError(key="yaml-depth", file=source, line=line, depth=MAX_DEPTH)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    finally:
        loader.dispose()


#: what a key YAML reads as another type than text is read as (for the message)
_KEY_TYPES = {"tag:yaml.org,2002:int": "number", "tag:yaml.org,2002:float": "number",
              "tag:yaml.org,2002:bool": "yes/no value", "tag:yaml.org,2002:timestamp": "date",
              "tag:yaml.org,2002:null": "null"}
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


def _walk(root: yaml.Node, lines: dict[tuple[Any, ...], int], source: str, text_keys: bool) -> None:
    """Record the line of every value; refuse merge keys, keys that are not plain values, duplicate
    keys, integers too long to be a count, and (``text_keys``) keys YAML reads as anything but text.
    Iterative: no recursion, whatever the nesting; in the order of the text, so the problem
    reported is the first one of the file."""
    import yaml  # deferred: PyYAML (20 modules), for a file not in the parsed-file cache

    stack: list[tuple[yaml.Node, tuple[Any, ...]]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _INT and len(node.value) > MAX_DIGITS:
                raise DataError(key="number-too-long", file=source, line=node.start_mark.line + 1,
                                digits=len(node.value), most=MAX_DIGITS)
        elif isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            children: list[tuple[yaml.Node, tuple[Any, ...]]] = []
            for key_node, value_node in node.value:
                line = key_node.start_mark.line + 1
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise DataError(key="yaml-merge", file=source, line=line)
                if not isinstance(key_node, yaml.ScalarNode):
                    raise DataError("mapping keys must be plain values", file=source, line=line)
                if text_keys and key_node.tag != _STR:
                    raise DataError(key="yaml-key-not-text", file=source, line=line, value=quote(key_node.value),
                                    type=_KEY_TYPES.get(key_node.tag, key_node.tag.rsplit(":", 1)[-1]))
                key = key_node.value
                if key in seen:
                    raise DataError(key="duplicate-key", name=quote(key), first=seen[key],
                                    file=source, line=line)
                seen[key] = line
                lines[path + (key,)] = line
                children.append((value_node, path + (key,)))
            stack += reversed(children)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                lines[path + (i,)] = item.start_mark.line + 1
            stack += reversed([(item, path + (i,)) for i, item in enumerate(node.value)])


def parse_yaml(text: str, source: str = "<input>", *, text_keys: bool = False,
               max_values: int | None = None) -> tuple[Any, LineMap]:
    """Parse YAML text strictly; raise :class:`DataError` naming ``source`` and the line.
    ``text_keys``: every key must be text (a locale file, whose keys are ids and message keys);
    ``max_values``: the most values the document may hold."""
    import yaml  # deferred: PyYAML (20 modules), for a file not in the parsed-file cache

    try:
        _scan(text, source, max_values)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, source) from None
    loader = _loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, LineMap()
        lines: dict[tuple[Any, ...], int] = {}
        _walk(node, lines, source, text_keys)
        data = loader.construct_document(node)
    except ValueError as exc:  # a value YAML cannot build, such as an integer of thousands of digits
        raise DataError(f"a value cannot be read: {str(exc)[:80]}", file=source) from None
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, source) from None
    finally:
        loader.dispose()
    return data, LineMap(lines)


#: the problems of PyYAML's that the tool says in the user's language: words of its English problem -> the
#: kind (``error.bad-yaml-<kind>`` of ui.yaml); any other is said with the reader's own English, marked as such
YAML_PROBLEMS = (
    (("expected ',' or '}'", "expected ',' or ']'"), "unclosed"),
    (("mapping values are not allowed",), "colon"),
    (("unacceptable character", "special characters are not allowed"), "character"),
    (("found unexpected end of stream",), "quote"),
    (("found character '\\t'", "found a tab character"), "tab"),
    (("could not find expected ':'",), "no-colon"),
    (("did not find expected key", "did not find expected '-' indicator", "expected <block end>"), "indent"),
)


def yaml_error(exc: Exception, text: str, source: str) -> DataError:
    """PyYAML's refusal of ``text`` as one error of the tool: the line and column where the reader
    stopped (a file's, or standard input's), the problem in the user's language when it is one the
    tool knows (:data:`YAML_PROBLEMS`), else the reader's English, said to be its own."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = column = None
    if mark is not None:
        line, column = mark.line + 1, mark.column + 1
    elif isinstance(position := getattr(exc, "position", None), int):   # a character refused: its place in the text
        line = text.count("\n", 0, position) + 1
        column = position - text.rfind("\n", 0, position)
    said = " ".join(str(part) for part in (getattr(exc, "problem", None), getattr(exc, "context", None),
                                           getattr(exc, "reason", None)) if part) or str(exc)
    said = " ".join(said.split())[:120]
    whole = f"{said} {exc}"
    kind = next((kind for words, kind in YAML_PROBLEMS if any(w in whole for w in words)), None)
    at = getattr(mark, "index", None)
    if isinstance(at, int) and text[at:at + 1] == "\t":   # (the C reader names no character)
        kind = "tab"
    if kind is None:
        return DataError(key="bad-yaml" if column is not None else "bad-yaml-unplaced", problem=said, column=column,
                         file=source, line=line)
    return DataError(key=f"bad-yaml-{kind}", column=column, file=source, line=line)


def read_text(path: Path, source: str | None = None, limit: int = MAX_DATA_FILE, what: str = "file") -> str:
    """The text of a regular file of at most ``limit`` bytes; :class:`DataError` otherwise.

    Devices, pipes and sockets are refused before they are opened, so ``/dev/zero`` or a FIFO
    can neither fill the memory nor block; the read itself is bounded too.
    """
    source = source or str(path)
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise DataError(key="is-folder", file=source, what=what)
        if not stat.S_ISREG(st.st_mode):
            raise DataError(key="not-regular", file=source, what=what)
        if st.st_size > limit:
            raise DataError(key="too-large", file=source, size=st.st_size, what=what, limit=limit)
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
        if len(raw) > limit:
            raise DataError(key="larger-than", file=source, what=what, limit=limit)
        return raw.decode("utf-8")
    except FileNotFoundError:
        raise DataError(key="file-not-found", file=source) from None
    except UnicodeDecodeError as exc:
        raise DataError(key="not-utf8", file=source, byte=exc.start) from None
    except OSError as exc:
        raise DataError(key="cannot-read", file=source, reason=exc.strerror or "") from None


def load_yaml(path: Path, source: str | None = None, *, text_keys: bool = False) -> tuple[Any, LineMap]:
    source = source or str(path)
    return parse_yaml(read_text(path, source), source, text_keys=text_keys)


def read_stdin(what: str, limit: int = MAX_USER_FILE) -> str:
    """Standard input (``-`` as a file name), read up to ``limit`` bytes."""
    try:  # closed (``<&-``: no sys.stdin at all), a folder, or unreadable
        raw = sys.stdin.buffer.read(limit + 1)
    except (AttributeError, OSError, ValueError):
        raise DataError(key="no-stdin", file="-", what=what) from None
    if len(raw) > limit:
        raise DataError(key="larger-than", file="-", what=what, limit=limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(key="not-utf8", file="-", byte=exc.start) from None


def read_user_yaml(path: str, what: str, *, text_keys: bool = False) -> tuple[Any, LineMap]:
    """A file named on the command line (a position, a turn record; ``-`` for standard input),
    parsed (a text parsed before is read back from the cache: :mod:`tashkalar_cli.data.parsed`);
    every problem is an :class:`InputError` naming the file (and the line). ``text_keys``: every
    key must be text (a L.E.T.A.L. game file, whose decks are card names): a key YAML reads as
    yes/no, a number or null is refused with its line. (The cache keeps only texts whose keys are
    all text, so a text read back from it passes that check.)"""
    try:
        text = read_stdin(what) if path == "-" else read_text(Path(checked_length(path)), path, MAX_USER_FILE, what)
        if not text.strip():
            raise InputError(key="empty-file", file=path, what=what)
        from tashkalar_cli.data import parsed  # deferred: the parsed-file cache, for a file (--pieces needs none)

        found = parsed.lookup(text)   # the same text parsed before: read back, without PyYAML
        if found is not None:
            return found
        data, lines = parse_yaml(text, path, max_values=MAX_USER_VALUES, text_keys=text_keys)
        parsed.store(text, data, lines)
        return data, lines
    except DataError as exc:
        raise exc.recast(InputError) from None   # said in the user's language, from its key, when shown

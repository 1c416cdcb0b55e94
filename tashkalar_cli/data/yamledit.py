"""Changing some texts of a YAML file a person wrote, and nothing else of it.

``i18n import`` writes translations back into a language's YAML files: the translator's comments,
key order, quoting and line folding must stay as they were. PyYAML's dumper would rewrite the whole
file, so this module edits the text itself: each scalar to change is found by its path in the
document (PyYAML's composer gives where it starts and ends), and only those characters are
replaced, in the scalar's own style when the new text can be said in it (plain, single- or
double-quoted, literal ``|`` or folded ``>`` block), else double-quoted. A text the file lacks is
added as the last key of its mapping, double-quoted, at the indentation of its siblings.

Every edit is then checked by reading the result back: it must be the document as it was with
exactly the new texts (else the changed scalars are all written double-quoted, and checked again;
failing that, nothing is written).
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.data.atomic import Identity, Planned, WriteFailed, replace_all
from tashkalar_cli.data.output import check_outputs, signed
from tashkalar_cli.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    import yaml

#: a path in a document: the keys of the mappings from its root down to a text
KeyPath = tuple[str, ...]
#: a key written as it is (any other is double-quoted)
_PLAIN_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
#: YAML 1.1 words a plain key or text would be read as another type than text
_NOT_TEXT = re.compile(r"(?i)(y|n|yes|no|true|false|on|off|null|~)")


class Unplaced(Exception):
    """A text that cannot be written into the file: ``path`` has no mapping to hold it."""

    def __init__(self, path: KeyPath) -> None:
        super().__init__("/".join(path))
        self.path = path


class _Span(NamedTuple):
    start: int
    end: int
    text: str


def _compose(text: str) -> yaml.Node | None:
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    return yaml.compose(text, Loader=yaml.SafeLoader)  # the pure-Python marks count characters


def _child(node: yaml.Node, key: str) -> yaml.Node | None:
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return v  # type: ignore[no-any-return]  # types-PyYAML: the pairs of a mapping are Any
    return None


def _quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)   # a JSON string is a YAML double-quoted scalar


def _key(key: str) -> str:
    return key if _PLAIN_KEY.fullmatch(key) and not _NOT_TEXT.fullmatch(key) else _quoted(key)


def _folded_lines(value: str, width: int) -> list[str] | None:
    """``value`` (one line) cut at single spaces into lines of about ``width`` characters, for a
    folded block (None: it cannot be folded so)."""
    if not value or "\n" in value or value != value.strip() or "  " in value or "\t" in value:
        return None
    lines: list[str] = []
    line = ""
    for word in value.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def _block(node: yaml.ScalarNode, old: str, value: str) -> str | None:
    """``value`` as a block scalar in the style of ``old`` (its text in the file), or None."""
    header, _, rest = old.partition("\n")
    body = rest.rstrip("\n")
    tail = rest[len(body):] or "\n"
    content = [ln for ln in body.split("\n") if ln.strip()]
    if not content or re.search(r"[0-9]", header):
        return None   # an indentation indicator, or no line to take the indentation from
    indent = len(content[0]) - len(content[0].lstrip(" "))
    chomp = "-" if not value.endswith("\n") else "" if not value.endswith("\n\n") else "+"
    if node.style == ">":
        lines = _folded_lines(value.rstrip("\n"), max(40, max(len(ln) for ln in content) - indent))
        if lines is None:
            return None
    else:
        lines = value.rstrip("\n").split("\n")
        if lines[0].startswith(" "):
            return None
    said = "\n".join(" " * indent + ln if ln else "" for ln in lines)
    return f"{header[0]}{chomp}\n{said}{tail}"


def _in_style(node: yaml.ScalarNode, old: str, value: str) -> str:
    """``value`` said in the style of the scalar written ``old`` in the file, when it can be."""
    if node.style in ("|", ">"):
        return _block(node, old, value) or _quoted(value)
    if node.style == "'" and "\n" not in value:
        return "'" + value.replace("'", "''") + "'"
    if node.style is None and "\n" not in value and value == value.strip() and value \
            and not re.search(r"^[-?:,\[\]{}#&*!|>'\"%@`]|: | #|:$", value) and not _NOT_TEXT.fullmatch(value) \
            and not re.fullmatch(r"[-+.0-9][-+.0-9eE_:]*|\.(inf|nan|Inf|NaN|INF|NAN)", value):
        return value
    return _quoted(value)


def _lines(tree: dict[str, Any], indent: int, step: int) -> list[str]:
    out: list[str] = []
    for key, value in tree.items():
        if isinstance(value, dict):
            out += [f"{' ' * indent}{_key(key)}:", *_lines(value, indent + step, step)]
        else:
            out.append(f"{' ' * indent}{_key(key)}: {_quoted(value)}")
    return out


def _insertion(text: str, mapping: yaml.MappingNode, tree: dict[str, Any], path: KeyPath) -> _Span:
    """The keys of ``tree`` (texts, or mappings of them) added after the last key of ``mapping``."""
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    if mapping.flow_style or not mapping.value:
        raise Unplaced(path)
    first_key, last_value = mapping.value[0][0], mapping.value[-1][1]
    indent = first_key.start_mark.column
    pos = last_value.end_mark.index
    if not (pos > 0 and text[pos - 1] == "\n"):
        newline = text.find("\n", pos)
        pos = len(text) if newline < 0 else newline + 1
    step = 2
    sample = mapping.value[0][1]
    if isinstance(sample, yaml.MappingNode) and sample.value and not sample.flow_style:
        step = max(1, sample.value[0][0].start_mark.column - indent)
    added = "\n".join(_lines(tree, indent, step)) + "\n"
    return _Span(pos, pos, added if pos == 0 or text[pos - 1] == "\n" else "\n" + added)


def _spans(text: str, root: yaml.Node, changes: dict[KeyPath, str], quote_all: bool) -> list[_Span]:
    """The edits that make the text at each path say its value: a scalar replaced, or keys added
    (those below one missing key together)."""
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    out: list[_Span] = []
    added: dict[int, tuple[yaml.MappingNode, dict[str, Any], KeyPath]] = {}
    for path, value in changes.items():
        node = root
        for i, part in enumerate(path):
            found = _child(node, part)
            if found is None:
                if not isinstance(node, yaml.MappingNode):
                    raise Unplaced(path)
                tree = added.setdefault(id(node), (node, {}, path))[1]
                for inner in path[i:-1]:
                    tree = tree.setdefault(inner, {})
                    if not isinstance(tree, dict):
                        raise Unplaced(path)
                tree[path[-1]] = value
                break
            node = found
        else:
            out.append(_replacement(text, node, path, value, quote_all))
    out += [_insertion(text, node, tree, path) for node, tree, path in added.values()]
    return out


def _replacement(text: str, node: yaml.Node, path: KeyPath, value: str, quote_all: bool) -> _Span:
    """The edit that makes the scalar ``node`` (at ``path``) say ``value``."""
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    if not isinstance(node, yaml.ScalarNode):
        raise Unplaced(path)
    start, end = node.start_mark.index, node.end_mark.index
    old = text[start:end]
    said = _quoted(value) if quote_all else _in_style(node, old, value)
    if node.style in ("|", ">") and not said.startswith(("|", ">")) and old.endswith("\n"):
        said += "\n"   # the block's span took its line's end; a quoted text needs one of its own
    return _Span(start, end, said)


def _set(data: Any, path: KeyPath, value: str) -> None:
    for part in path[:-1]:
        data = data.setdefault(part, {})
    data[path[-1]] = value


def edited(text: str, changes: dict[KeyPath, str]) -> str:
    """``text`` (a YAML document) with the text at each path of ``changes`` replaced (or added), and
    every other character as it was. :class:`Unplaced` when a path has no mapping to hold its text,
    or when the result would not read back as the document with exactly these changes."""
    import yaml  # deferred: PyYAML, when a file changes (an import with no change loads none)

    if not changes:
        return text
    before = yaml.safe_load(text)
    expected = copy.deepcopy(before)
    for path, value in changes.items():
        _set(expected, path, value)
    for quote_all in (False, True):
        root = _compose(text)
        if root is None:
            raise Unplaced(next(iter(changes)))
        spans = sorted(_spans(text, root, changes, quote_all), key=lambda s: s.start, reverse=True)
        out = text
        for span in spans:  # from the end: the earlier spans' places are not moved
            out = out[:span.start] + span.text + out[span.end:]
        try:
            if yaml.safe_load(out) == expected:
                return out
        except yaml.YAMLError:
            pass
    raise Unplaced(next(iter(changes)))


def write_edited(files: dict[Path, str], records: dict[Path, str], force: bool = False) -> None:
    """Write the edited YAML files of a person (``files``: each must still be the regular file that
    was read; it keeps its rights) and the records the tool keeps beside them (``records``, signed
    as every file the tool writes), all of them or none."""
    plans = []
    for path, text in files.items():
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(key="output-symlink" if stat.S_ISLNK(st.st_mode) else "output-not-regular",
                             path=str(path))
        plans.append(Planned(path, text.encode("utf-8"), Identity.of(st)))
    targets = check_outputs([str(p) for p in records], force=force)
    plans += [Planned(t.path, signed(text).encode("utf-8"), t.was) for t, text in zip(targets, records.values(),
                                                                                      strict=True)]
    try:
        replace_all(plans)
    except WriteFailed as exc:
        if exc.changed:
            raise InputError(key="output-changed", path=str(exc.target)) from None
        raise InputError(key="output-cannot-write", path=str(exc.target), reason=exc.strerror or "") from None

"""Strict YAML reading: duplicate keys are errors, and every value keeps its line number.

``load_yaml`` returns the data plus a :class:`LineMap` so that later checks (the JSON Schema
validation, the position parser) can say on which line a wrong value stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tashkalar_cli.errors import DataError

try:  # the C parser is several times faster; fall back where libyaml is missing
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader



@dataclass
class LineMap:
    """Maps a path into the loaded data to the 1-based line where it is written."""

    lines: dict[tuple, int] = field(default_factory=dict)

    def line_of(self, path) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]


def _walk(node: yaml.Node, path: tuple, lines: dict, source: str) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise DataError("mapping keys must be plain values", file=source,
                                line=key_node.start_mark.line + 1)
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key == "<<":
                continue
            if key in seen:
                raise DataError(f"duplicate key '{key}' (first written on line {seen[key]})",
                                file=source, line=line)
            seen[key] = line
            lines[path + (key,)] = line
            _walk(value_node, path + (key,), lines, source)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[path + (i,)] = item.start_mark.line + 1
            _walk(item, path + (i,), lines, source)


def parse_yaml(text: str, source: str = "<input>") -> tuple[Any, LineMap]:
    """Parse YAML text strictly; raise :class:`DataError` naming ``source`` and the line."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, LineMap()
        lines: dict[tuple, int] = {}
        _walk(node, (), lines, source)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise DataError(f"not valid YAML: {problem}", file=source, line=line) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {exc}", file=source) from None
    finally:
        loader.dispose()
    return data, LineMap(lines)


def read_text(path: Path, source: str | None = None) -> str:
    source = source or str(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError("file not found", file=source) from None
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text (byte {exc.start})", file=source) from None
    except OSError as exc:
        raise DataError(f"cannot be read: {exc.strerror}", file=source) from None


def load_yaml(path: Path, source: str | None = None) -> tuple[Any, LineMap]:
    source = source or str(path)
    return parse_yaml(read_text(path, source), source)

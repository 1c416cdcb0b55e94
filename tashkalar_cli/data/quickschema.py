"""A fast checker for the small JSON Schema subset of positions and turn records.

Every query reads a position, and importing jsonschema costs about 40 ms, more than the whole
summoning check. The position and turn-record schemas use only ``type``, ``enum``,
``properties``, ``additionalProperties``, ``required``, ``items``, ``minimum``, ``maximum`` and
``oneOf``; this module checks exactly those keywords, straight from the same schema files, and
refuses any other keyword. The tests hold it to jsonschema's verdicts on generated documents.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

SUPPORTED = {"$schema", "title", "description", "type", "enum", "properties", "additionalProperties",
             "required", "items", "minimum", "maximum", "oneOf", "minItems", "uniqueItems"}
_TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


@cache
def load(name: str) -> dict:
    from tashkalar_cli.data.paths import schemas_dir

    schema = json.loads((schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
    _check_supported(schema, name)
    return schema


def _check_supported(schema: Any, name: str) -> None:
    if isinstance(schema, dict):
        unknown = set(schema) - SUPPORTED
        if unknown:
            raise ValueError(f"{name}: quickschema does not support {sorted(unknown)}")
        for key in ("properties",):
            for sub in schema.get(key, {}).values():
                _check_supported(sub, name)
        for key in ("additionalProperties", "items"):
            if isinstance(schema.get(key), dict):
                _check_supported(schema[key], name)
        for sub in schema.get("oneOf", []):
            _check_supported(sub, name)


def _type_ok(value: Any, type_: str) -> bool:
    if type_ == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if type_ == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, _TYPES[type_])  # type: ignore[arg-type]


def _show(value: Any) -> str:
    from tashkalar_cli.errors import quote

    return "an empty value" if value is None else quote(repr(value), 60)


def first_error(schema: dict, value: Any, path: tuple = ()) -> tuple[tuple, str] | None:
    """The first violation as (path, message), or None when ``value`` is valid."""
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_type_ok(value, t) for t in types):
            return path, f"{_show(value)} is not of type {' or '.join(types)}"
    if "enum" in schema and value not in schema["enum"]:
        return path, f"{_show(value)} is not one of: {', '.join(map(str, schema['enum']))}"
    if "oneOf" in schema:
        matches = [s for s in schema["oneOf"] if first_error(s, value, path) is None]
        if len(matches) != 1:
            expected = schema.get("description")
            return path, f"{_show(value)} is not valid here" + (f" (expected {expected})" if expected else "")
    if _type_ok(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            return path, f"{value} is less than the minimum of {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return path, f"{value} is greater than the maximum of {schema['maximum']}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                return path, f"'{key}' is a required property"
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, sub in value.items():
            if key in props:
                found = first_error(props[key], sub, path + (key,))
            elif extra is False:
                return path, f"unknown field(s) ({key!r} was unexpected)"
            elif isinstance(extra, dict):
                found = first_error(extra, sub, path + (key,))
            else:
                found = None
            if found:
                return found
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            return path, f"{_show(value)} should have at least {schema['minItems']} items"
        if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            return path, f"{_show(value)} has repeated items"
        if isinstance(schema.get("items"), dict):
            for i, sub in enumerate(value):
                found = first_error(schema["items"], sub, path + (i,))
                if found:
                    return found
    return None


def check(name: str, data: Any, lines, source: str) -> None:
    """Raise an :class:`InputError` naming the file, line and field of the first violation."""
    from tashkalar_cli.errors import InputError

    error = first_error(load(name), data)
    if error:
        path, message = error
        line = lines.line_of(path) if lines else None
        where = "/".join(map(str, path))
        raise InputError((f"{where}: " if where else "") + message, file=source, line=line)

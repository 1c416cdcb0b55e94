"""A fast checker for the small JSON Schema subset of positions and turn records.

Every query reads a position, and importing jsonschema costs about 40 ms, more than the whole
summoning check. The position and turn-record schemas use only ``type``, ``enum``,
``properties``, ``additionalProperties``, ``required``, ``items``, ``minimum``, ``maximum`` and
``oneOf``; this module checks exactly those keywords, straight from the same schema files, and
refuses any other keyword. The tests hold it to jsonschema's verdicts on generated documents.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from tashkalar_cli.data.paths import schemas_dir
from tashkalar_cli.errors import InputError, Place, Term, english, quote, render

SUPPORTED = {"$schema", "title", "description", "type", "enum", "properties", "additionalProperties",
             "required", "items", "minimum", "maximum", "oneOf", "minItems", "uniqueItems",
             "x-expects"}   # the ui.yaml text (expects.<name>) that says the description in every language
_TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


@cache
def load(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
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


def shown_value(value: Any) -> str:
    """A value of a file as a schema error says it: quoted and cut, ``an empty value`` for nothing."""
    return _show(value)


def _show(value: Any) -> str:
    """The value, in English as Python writes it (``'1e400'``, ``['duel']``); in the user's language (a
    :class:`~tashkalar_cli.errors.Term`): a text quoted as the language quotes (« 1e400 »), any other value as a
    user writes it in a file (``[duel]``, ``true``)."""
    if value is None:
        return "an empty value"
    english = quote(repr(value), 60)
    if isinstance(value, str):
        return Term("value", [quote(value, 60)], english=english)
    return Term("flow", [quote(_flow(value), 60)], english=english)


def _flow(value: Any) -> str:
    """A value as YAML's flow style writes it: ``[duel, melee]``, ``{e5: blue}``, ``true``, ``null``, ``1.5``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value[:20]) + (", …]" if len(value) > 20 else "]")
    if isinstance(value, dict):
        items = list(value.items())
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in items[:20]) + (", …}" if len(items) > 20 else "}")
    return str(value)


Problem = tuple[tuple[Any, ...], str, dict[str, Any]]


def first_problem(schema: dict[str, Any], value: Any, path: tuple[Any, ...] = ()) -> Problem | None:
    """The first violation as (path, error key, values), or None when ``value`` is valid; the keys
    are ``error.schema-*`` texts of the locales."""
    found = _value_problem(schema, value, path)
    if found is None and isinstance(value, dict):
        found = _mapping_problem(schema, value, path)
    if found is None and isinstance(value, list):
        found = _list_problem(schema, value, path)
    return found


def _value_problem(schema: dict[str, Any], value: Any, path: tuple[Any, ...]) -> Problem | None:
    """The first violation of the value itself: its type, its allowed values, its one form, its bounds."""
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_type_ok(value, t) for t in types):
            # the kinds of value in the user's words (jsontype.*), "string | object" in the English message
            return path, "schema-type", {"value": _show(value),
                                         "types": Term("jsontype", types, join="or", english=" | ".join(types))}
    if "enum" in schema and value not in schema["enum"]:
        return path, "schema-enum", {"value": _show(value), "allowed": ", ".join(map(str, schema["enum"]))}
    if "oneOf" in schema:
        matches = [s for s in schema["oneOf"] if first_problem(s, value, path) is None]
        if len(matches) != 1:
            # the form expected, said in the user's language (``expects.<x-expects>``), its English in the schema
            described = schema.get("description", "")
            expected = Term("expects", schema["x-expects"], english=described) if "x-expects" in schema else described
            return path, "schema-form", {"value": _show(value), "expected": expected}
    if _type_ok(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            return path, "schema-minimum", {"value": value, "minimum": schema["minimum"]}
        if "maximum" in schema and value > schema["maximum"]:
            return path, "schema-maximum", {"value": value, "maximum": schema["maximum"]}
    return None


def _mapping_problem(schema: dict[str, Any], value: dict[Any, Any], path: tuple[Any, ...]) -> Problem | None:
    """The first violation of a mapping: a required key missing, a field not allowed, a bad field."""
    for key in schema.get("required", []):
        if key not in value:
            return path, "schema-required", {"name": key}
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, sub in value.items():
        if key in props:
            found = first_problem(props[key], sub, (*path, key))
        elif extra is False:
            # the path of the field itself, for its line (its message names the mapping holding it)
            return (*path, key), "schema-unknown-field", {"name": _show(key), "allowed": ", ".join(props)}
        elif isinstance(extra, dict):
            found = first_problem(extra, sub, (*path, key))
        else:
            found = None
        if found:
            return found
    return None


def _list_problem(schema: dict[str, Any], value: list[Any], path: tuple[Any, ...]) -> Problem | None:
    """The first violation of a list: too few items, a repeated item, a bad item."""
    if "minItems" in schema and len(value) < schema["minItems"]:
        return path, "schema-min-items", {"value": _show(value), "count": schema["minItems"]}
    if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
        return path, "schema-repeated", {"value": _show(value)}
    if isinstance(schema.get("items"), dict):
        for i, sub in enumerate(value):
            found = first_problem(schema["items"], sub, (*path, i))
            if found:
                return found
    return None


def first_error(schema: dict[str, Any], value: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], str] | None:
    """The first violation as (path, English message), or None when ``value`` is valid."""
    found = first_problem(schema, value, path)
    if found is None:
        return None
    where, key, params = found
    return where, render(english(f"error.{key}") or key, params)


def checked_mapping(name: str, data: Any, lines: Any, source: str, what: str) -> Callable[..., Place]:
    """Check a user file's data (a mapping valid against ``schemas/<name>.schema.json``) and return
    ``where(*path)``, which names the file and line of a value of it in messages."""
    if not isinstance(data, dict):
        raise InputError(key="not-a-mapping", where=Place(source), what=what, fields=", ".join(load(name).get("properties", {})))
    check(name, data, lines, source)

    def where(*path: Any) -> Place:
        return Place(source, lines.line_of(path) if lines else None)

    return where


def check(name: str, data: Any, lines: Any, source: str) -> None:
    """Raise an :class:`InputError` naming the file, line and field of the first violation."""
    found = first_problem(load(name), data)
    if found:
        path, key, params = found
        line = lines.line_of(path) if lines else None
        if key == "schema-unknown-field":
            raise unknown_field(source, line, path[:-1], path[-1], params["allowed"].split(", "))
        field = "/".join(map(str, path))
        raise InputError(key=key, file=source, line=line, field=f"{field}: " if field else "", **params)


def unknown_field(source: str, line: int | None, path: tuple[Any, ...], name: Any, known: list[str],
                  meant: str | None = None) -> InputError:
    """The error of a field ``name`` a file's mapping at ``path`` does not know, in one line: the fields it
    knows, and the one it is closest to (``meant``, else the closest spelling) inside the line (and among the
    hints of its JSON). Every
    reader of a user's file says it with this."""
    if meant is None:
        from difflib import get_close_matches  # deferred: for a wrong field only

        near = get_close_matches(str(name), known, n=1, cutoff=0.75)
        meant = near[0] if near else None
    field = "/".join(map(str, path))
    params: dict[str, Any] = {"field": f"{field}: " if field else "", "name": _show(name), "allowed": ", ".join(known)}
    if meant is None:
        return InputError(key="schema-unknown-field", file=source, line=line, **params)
    return InputError(key="schema-unknown-field-near", file=source, line=line, meant=meant, hints=[meant], shown=[],
                      **params)   # the hint for programs; a person reads it in the line

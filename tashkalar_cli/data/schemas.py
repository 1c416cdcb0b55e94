"""JSON Schema validation of the data files, with errors that name the file and the line.

jsonschema (with referencing, some 70 modules) is slow to import: this module is imported only where a file
is validated, not read back from a cache (:func:`tashkalar_cli.data.filecache.read_checked`)."""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tashkalar_cli.data.paths import schemas_dir
from tashkalar_cli.data.quickschema import shown_value
from tashkalar_cli.data.yamlbase import LineMap
from tashkalar_cli.errors import DataError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator


@cache
def validator(name: str) -> Validator:
    """The validator of ``schemas/<name>.schema.json``."""
    path = schemas_dir() / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=_registry())


@cache
def _registry() -> Any:
    """Every schema of ``schemas/`` by its file name, so that one schema refers to another
    (``"$ref": "effect.schema.json#/$defs/program"``)."""
    resources = []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((path.name, Resource.from_contents(contents, default_specification=DRAFT202012)))
    return Registry().with_resources(resources)


def _describe(error: ValidationError) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties":
        message = message.replace("Additional properties are not allowed", "unknown field(s)")
    elif error.validator == "pattern":
        message = f"{error.instance!r} is not well formed"
    elif error.validator == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        message = f"{error.instance!r} is not one of: {allowed}"
    return f"{where}: {message}" if where else message


def _keyed(error: ValidationError) -> tuple[str, dict[str, Any]] | None:
    """The ``error.schema-*`` text of the locales that says ``error`` (with its values), or None when
    none does: a data error is then said in the user's language, as a position's are (quickschema)."""
    kind, value, rule = error.validator, error.instance, error.validator_value
    if kind == "required" and isinstance(value, dict):
        missing = next((k for k in rule if k not in value), None)
        return ("schema-required", {"name": missing}) if missing is not None else None
    if kind == "enum":
        return "schema-enum", {"value": shown_value(value), "allowed": ", ".join(map(str, rule))}
    if kind == "additionalProperties" and isinstance(value, dict):
        known = list(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
        extra = [k for k in value if k not in known]
        return "schema-unknown-field", {"name": ", ".join(shown_value(k) for k in extra), "allowed": ", ".join(known)}
    if kind in ("minimum", "maximum"):
        return f"schema-{kind}", {"value": value, kind: rule}
    if kind == "minItems":
        return "schema-min-items", {"value": shown_value(value), "count": rule}
    if kind == "uniqueItems":
        return "schema-repeated", {"value": shown_value(value)}
    return None


def schema_errors(name: str, data: Any, lines: LineMap, source: str) -> list[DataError]:
    """All schema violations of ``data``, each as a :class:`DataError` with its line: keyed by its
    ``error.schema-*`` text where the locales have one (said in the user's language), else in English."""
    errors = sorted(validator(name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    out = []
    for e in errors:
        keyed = _keyed(e)
        line = lines.line_of(e.absolute_path)
        if keyed is None:
            out.append(DataError(_describe(e), file=source, line=line))
            continue
        where = "/".join(str(p) for p in e.absolute_path)
        out.append(DataError(key=keyed[0], file=source, line=line, field=f"{where}: " if where else "", **keyed[1]))
    return out


def validate(name: str, data: Any, lines: LineMap, source: str) -> None:
    """Raise the first schema violation of ``data`` as a :class:`DataError`."""
    errors = schema_errors(name, data, lines, source)
    if errors:
        raise errors[0]

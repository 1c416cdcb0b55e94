"""JSON Schema validation of the data files, with errors that name the file and the line."""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.paths import schemas_dir
from tashkalar_cli.data.yamlbase import LineMap
from tashkalar_cli.errors import DataError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator


@cache
def validator(name: str) -> Validator:
    """The validator of ``schemas/<name>.schema.json`` (imports jsonschema lazily: it is slow)."""
    import jsonschema

    path = schemas_dir() / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=_registry())


@cache
def _registry() -> Any:
    """Every schema of ``schemas/`` by its file name, so that one schema refers to another
    (``"$ref": "effect.schema.json#/$defs/program"``)."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

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


def schema_errors(name: str, data: Any, lines: LineMap, source: str) -> list[DataError]:
    """All schema violations of ``data``, each as a :class:`DataError` with its line."""
    errors = sorted(validator(name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    return [DataError(_describe(e), file=source, line=lines.line_of(e.absolute_path)) for e in errors]


def validate(name: str, data: Any, lines: LineMap, source: str) -> None:
    """Raise the first schema violation of ``data`` as a :class:`DataError`."""
    errors = schema_errors(name, data, lines, source)
    if errors:
        raise errors[0]

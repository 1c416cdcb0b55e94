"""The type of a value as JSON (and the safe subset of YAML) holds it: what the library's ``to_dict`` methods
give for the renderers to write out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

#: a value JSON can hold; its containers are typed read-only (Sequence, Mapping) so that a ``list[str]`` or a
#: ``dict[str, int]`` already built is one as it is, with no copy
JsonValue: TypeAlias = "str | int | float | bool | Sequence[JsonValue] | Mapping[str, JsonValue] | None"
#: a JSON object being built: fields may be added to it, each value any JSON
JsonObject: TypeAlias = "dict[str, JsonValue]"

__all__ = ["JsonObject", "JsonValue"]

"""The validated data as one plain value: what the loader builds and the cache stores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Dataset:
    """Everything the tool knows, validated: mappings, lists, strings and numbers only.

    ``facts`` is the content of ``cards/``, ``locales`` maps a language code to its merged texts,
    ``derived`` holds values computed once from the facts (every pattern's orientations), and
    ``warnings`` the problems that do not stop loading. Read from the cache, the mappings read
    each of their parts on first use.
    """

    root: str
    facts: Mapping[str, Any]
    locales: Mapping[str, Mapping[str, Any]]
    warnings: list[str] = field(default_factory=list)
    derived: Mapping[str, Any] = field(default_factory=dict)

    @property
    def languages(self) -> list[str]:
        return sorted(self.locales)


def flatten(params: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested keys joined by ``_``: ``{"end": {"duel_points": 18}}`` -> ``{"end_duel_points": 18}``."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        name = f"{prefix}_{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            out.update(flatten(value, name))
        else:
            out[name] = value
    return out

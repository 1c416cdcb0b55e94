"""The validated data as one plain value: what the loader builds and the cache stores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Dataset:
    """Everything the tool knows, validated: plain dicts, lists, strings and numbers only.

    ``facts`` is the content of ``cards/``, ``locales`` maps a language code to its merged texts,
    ``derived`` holds values computed once from the facts (every pattern's orientations), and
    ``warnings`` the problems that do not stop loading.
    """

    root: str
    facts: dict[str, Any]
    locales: dict[str, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    derived: dict[str, Any] = field(default_factory=dict)

    @property
    def languages(self) -> list[str]:
        return sorted(self.locales)

    def to_plain(self) -> dict[str, Any]:
        return {"root": self.root, "facts": self.facts, "locales": self.locales, "warnings": self.warnings,
                "derived": self.derived}

    @classmethod
    def from_plain(cls, data: Any) -> Dataset:
        """The dataset stored by :meth:`to_plain`; ``ValueError`` when ``data`` is not one."""
        if not isinstance(data, dict) or set(data) != {"root", "facts", "locales", "warnings", "derived"}:
            raise ValueError("not a stored dataset")
        if not (isinstance(data["root"], str) and isinstance(data["facts"], dict)
                and isinstance(data["locales"], dict) and isinstance(data["warnings"], list)
                and isinstance(data["derived"], dict)):
            raise ValueError("not a stored dataset")
        return cls(data["root"], data["facts"], data["locales"], data["warnings"], data["derived"])

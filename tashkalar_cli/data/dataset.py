"""The validated data as one plain value: what the loader builds and the cache stores."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
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


class Derived(Mapping[str, Any]):
    """The values derived from the data: some made with it, the others (the search index: half the
    time of a build, and only a search needs it) made together by ``make`` when one of them is
    first used. Their names are known from the start: ``name in derived`` makes nothing. ``then``
    (set by the cache) is called once they are made, to keep them."""

    def __init__(self, ready: Mapping[str, Any], later: Iterable[str] = (),
                 make: Callable[[], Mapping[str, Any]] | None = None) -> None:
        self._ready = dict(ready)
        self._later = tuple(name for name in later if name not in self._ready)
        self._make = make
        self.then: Callable[[], None] | None = None

    @property
    def pending(self) -> tuple[str, ...]:
        """The names whose values are not made yet."""
        return self._later

    @property
    def ready(self) -> Mapping[str, Any]:
        """The values made so far."""
        return self._ready

    def __getitem__(self, key: str) -> Any:
        if key not in self._ready and key in self._later:
            self._made()
        return self._ready[key]

    def _made(self) -> None:
        assert self._make is not None, "values to make, and nothing to make them"
        made = self._make()
        self._ready.update((name, made[name]) for name in self._later)
        self._later = ()
        if self.then is not None:
            then, self.then = self.then, None
            then()

    def __contains__(self, key: object) -> bool:
        return key in self._ready or key in self._later

    def __iter__(self) -> Iterator[str]:
        yield from list(self._ready)
        yield from self._later

    def __len__(self) -> int:
        return len(self._ready) + len(self._later)


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

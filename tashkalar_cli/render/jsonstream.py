"""A JSON document written as it is made: an answer with tens of thousands of entries (the outcomes of an
effect, every plan with its position) is never held whole, as a list of dicts or as one text.

A value of the document's top-level object may be :class:`Items`, an array whose entries are made one at a
time, or an object holding such values (as may an entry of :class:`Items`); :func:`chunks` gives the text of the
document in pieces, each entry encoded when its turn comes and then dropped. The pieces joined are exactly
``json.dumps(document, ensure_ascii=False, indent=indent, check_circular=False)`` of the same document with lists in
place of the :class:`Items` (the bytes do not depend on how the answer is written).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any


class Items:
    """A JSON array whose entries are made as they are written (once: an iterator is read once)."""

    __slots__ = ("entries",)

    def __init__(self, entries: Iterable[Any]) -> None:
        self.entries = entries

    def __iter__(self) -> Iterator[Any]:
        return iter(self.entries)


def _dump(value: Any, indent: int | None) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent, check_circular=False)


def _nested(text: str, pad: str) -> str:
    """A value's text as it stands ``pad`` deeper in an indented document (JSON strings hold no newline)."""
    return text.replace("\n", "\n" + pad) if pad else text


def _array(items: Items, indent: int | None, pad: str) -> Iterator[str]:
    """The text of an array whose opening bracket stands at ``pad``, an entry at a time (an entry that holds
    :class:`Items` itself written as it is made)."""
    inner = pad + " " * (indent or 0)
    opening, between, closing = ("[\n" + inner, ",\n" + inner, "\n" + pad + "]") if indent is not None \
        else ("[", ", ", "]")
    first = True
    for entry in items:
        head = opening if first else between
        first = False
        if _streamed(entry):
            yield head
            yield from _object(entry, indent, inner)
        else:
            yield head + _nested(_dump(entry, indent), inner)
    yield "[]" if first else closing


def _streamed(value: Any) -> bool:
    """Whether ``value`` is an object one of whose values is :class:`Items` (it is then written a value at a time)."""
    return isinstance(value, dict) and any(isinstance(v, Items) for v in value.values())


def _object(document: dict[str, Any], indent: int | None, pad: str) -> Iterator[str]:
    """The text of an object whose opening brace stands at ``pad``, a value at a time: each :class:`Items` (or object
    holding some) written as it is made."""
    inner = pad + " " * (indent or 0)
    opening, between, closing = ("{\n" + inner, ",\n" + inner, "\n" + pad + "}") if indent is not None \
        else ("{", ", ", "}")
    first = True
    for key, value in document.items():
        head = (opening if first else between) + _dump(str(key), None) + ": "
        first = False
        if isinstance(value, Items):
            yield head
            yield from _array(value, indent, inner)
        elif _streamed(value):
            yield head
            yield from _object(value, indent, inner)
        else:
            yield head + _nested(_dump(value, indent), inner)
    yield "{}" if first else closing


def chunks(document: dict[str, Any], indent: int | None = None) -> Iterator[str]:
    """The text of ``document`` in pieces (see the module's docstring), its :class:`Items` read as they are
    written (at any depth: in an object that is a value of the document, or an entry of an :class:`Items`)."""
    if not _streamed(document):
        yield _dump(document, indent)
        return
    yield from _object(document, indent, "")


def dumps(document: dict[str, Any], indent: int | None = None) -> str:
    """The whole text at once (:func:`chunks` joined): what a test or a service that wants a string gets."""
    return "".join(chunks(document, indent))


__all__ = ["Items", "chunks", "dumps"]

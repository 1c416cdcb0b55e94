"""What changed in the reference language since a translation was reviewed.

Each language folder may keep a record, ``sources.yaml``, of the reference text every translation
was made from (``tashkalar i18n reviewed`` writes it). ``i18n check`` compares it with the
reference as it is now: a translation whose reference text changed is ``source-changed`` until it
is marked reviewed again. This module compares two texts word by word, and makes the record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from difflib import SequenceMatcher
from typing import NamedTuple

#: a word, or the spaces and punctuation between two words: the units a change is said in
_TOKENS = re.compile(r"\w+|\s+|[^\w\s]+")
#: the most tokens two texts are compared on word by word (beyond: the whole text is said changed)
MOST_TOKENS = 20_000


class Piece(NamedTuple):
    """A run of one of two texts: ``kind`` is ``same``, ``removed`` (only in the old text) or
    ``added`` (only in the new one)."""

    kind: str
    text: str


def changes(old: str, new: str) -> list[Piece]:
    """The old and the new text as one sequence of pieces: what both share, what was removed and
    what was added, word by word (``difflib``), so that a reader sees what changed."""
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    if len(a) + len(b) > MOST_TOKENS:
        return [Piece("removed", old), Piece("added", new)]
    out: list[Piece] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(Piece("same", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(Piece("removed", "".join(a[i1:i2])))
        if j2 > j1:
            out.append(Piece("added", "".join(b[j1:j2])))
    return out


def marked(old: str, new: str) -> str:
    """The change as plain text, in the manner of ``wdiff``: ``[-removed-]{+added+}``."""
    marks = {"same": ("", ""), "removed": ("[-", "-]"), "added": ("{+", "+}")}
    return "".join(marks[p.kind][0] + p.text + marks[p.kind][1] for p in changes(old, new))


#: a unit of text: (section, entry id, field)
UnitKey = tuple[str, str, str]


def selected(units: Iterable[UnitKey], wanted: Iterable[str]) -> set[UnitKey]:
    """The units ``wanted`` names: ``ID`` (every field of every entry of that id, in any section),
    ``SECTION/ID`` (one entry) or ``SECTION/ID/FIELD`` (one field)."""
    asked = list(wanted)
    out: set[UnitKey] = set()
    for unit in units:
        sec, key, fld = unit
        if any(w in (key, f"{sec}/{key}", f"{sec}/{key}/{fld}") for w in asked):
            out.add(unit)
    return out


def updated(before: Mapping[UnitKey, str], reference: Mapping[UnitKey, str], translated: Iterable[UnitKey],
            chosen: set[UnitKey] | None, in_scope: Callable[[UnitKey], bool]) -> dict[UnitKey, str]:
    """A record after marking ``chosen`` (None: every translated unit) reviewed, their reference
    text as it is now. Of the units this run read (``in_scope``), the others keep what was recorded,
    and one no longer translated, or whose reference text is gone, is left out; a unit out of scope
    (another game's, or the interface's when it was not read) is kept as it was."""
    kept = set(translated) & set(reference)
    out = {unit: text for unit, text in before.items() if not in_scope(unit) or unit in kept}
    for unit in kept if chosen is None else chosen & kept:
        if in_scope(unit):
            out[unit] = reference[unit]
    return out


def as_yaml(reference: str, record: Mapping[UnitKey, str], comment: str) -> str:
    """The record as the text of a ``sources.yaml`` (keys sorted, one text per field, long texts as
    folded blocks), headed by ``comment``: stable, so that a review shows as a small diff."""
    import yaml  # deferred: PyYAML, when a record is written

    tree: dict[str, dict[str, dict[str, str]]] = {}
    for (sec, key, fld), text in sorted(record.items()):
        tree.setdefault(sec, {}).setdefault(key, {})[fld] = text
    body = yaml.safe_dump({"reference": reference, "sources": tree}, allow_unicode=True, sort_keys=False,
                          width=100, default_flow_style=False)
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + body

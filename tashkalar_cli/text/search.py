"""Text folding and fuzzy matching for lookups in any language.

``fold`` makes "Ours affamé", "ours  AFFAME" and "ours-affame" equal: case, accents (Unicode
decomposition, then dropping combining marks) and punctuation do not count. Ranked fuzzy
matching is rapidfuzz's job.
"""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped.casefold()).strip()


def suggestions(query: str, choices: dict[str, str], limit: int = 5, cutoff: float = 60) -> list[str]:
    """The values of ``choices`` (folded text -> value) whose keys best match ``query``."""
    from rapidfuzz import fuzz, process

    found = process.extract(fold(query), list(choices), scorer=fuzz.WRatio, limit=limit * 3, score_cutoff=cutoff)
    out: list[str] = []
    for key, _score, _ in found:
        value = choices[key]
        if value not in out:
            out.append(value)
        if len(out) == limit:
            break
    return out


def word_score(query: str, text: str) -> float:
    """How well the words of ``query`` occur in ``text`` (folded): 0 when one is missing."""
    words = fold(query).split()
    hay = fold(text)
    if not words:
        return 0.0
    score = 0.0
    for w in words:
        if re.search(rf"\b{re.escape(w)}\b", hay):
            score += 2.0
        elif re.search(rf"\b{re.escape(w)}", hay):
            score += 1.0
        else:
            return 0.0
    return score / len(words)

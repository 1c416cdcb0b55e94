"""Text folding and fuzzy matching for lookups in any language.

``fold`` makes "Ours affamé", "ours  AFFAME" and "ours-affame" equal: case, accents (Unicode
decomposition, then dropping combining marks) and punctuation do not count. Ranked fuzzy
matching is rapidfuzz's job.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)


#: the first character Unicode gives a combining class: none before it is a mark
_FIRST_MARK = "\u0300"


def without_marks(decomposed: str) -> str:
    """``decomposed`` (NFKD) without its combining marks (accents): each distinct character looked
    at once, not each character of the text (a text of thousands of letters has a few dozen kinds)."""
    if decomposed.isascii():
        return decomposed
    combining = unicodedata.combining
    for mark in [ch for ch in set(decomposed) if ch >= _FIRST_MARK and combining(ch)]:
        decomposed = decomposed.replace(mark, "")
    return decomposed


def fold(text: str) -> str:
    stripped = without_marks(unicodedata.normalize("NFKD", text))
    return _NON_WORD.sub(" ", stripped.casefold()).strip()


def suggestions(query: str, choices: dict[str, str], limit: int = 5, cutoff: float = 60,
                scorer: str = "WRatio") -> list[str]:
    """The values of ``choices`` (folded text -> value) whose keys best match ``query``.

    ``scorer``: a rapidfuzz ``fuzz`` function; "WRatio" forgives fragments and word order,
    "ratio" asks for a close spelling of the whole.
    """
    from rapidfuzz import fuzz, process  # deferred: rapidfuzz (some 50 modules), for a name not found only

    found = process.extract(fold(query), list(choices), scorer=getattr(fuzz, scorer), limit=limit * 3,
                            score_cutoff=cutoff)
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


_TOKEN = re.compile(r"\w+", re.UNICODE)


def tokens(text: str) -> list[str]:
    """The folded words of ``text``, in order ("N'ai-je" -> ["n", "ai", "je"]); digits are words too."""
    return _TOKEN.findall(fold(text).replace("_", " "))


class Stemmer:
    """A Snowball stemmer for one language (``snowballstemmer``), remembering the words it has seen.

    ``algorithm`` is the Snowball name of the language ("english", "french", ...), as given by the
    ``language: stemmer:`` field of a language's ``ui.yaml``; without one, words are left as they
    are. ``known`` seeds the memory (folded word -> stem), so that words met before are stemmed
    without importing the library at all.
    """

    def __init__(self, algorithm: str | None, known: dict[str, str] | None = None) -> None:
        self.algorithm = algorithm
        self.known: dict[str, str] = dict(known or {})
        self._impl: Any = None

    def __call__(self, word: str) -> str:
        found = self.known.get(word)
        if found is not None:
            return found
        if not self.algorithm or word.isdigit() or len(word) < 3:
            stem = word
        else:
            if self._impl is None:
                import snowballstemmer  # deferred: Snowball, to stem a word (card show stems none)

                self._impl = snowballstemmer.stemmer(self.algorithm)
            stem = self._impl.stemWord(word)
        self.known[word] = stem
        return stem

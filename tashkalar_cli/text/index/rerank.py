"""The second stage of the ranking: the best entries of the first (:class:`~tashkalar_cli.text.index.scoring.SearchIndex`)
described by structural features, words apart (how much of the question each says, in which field, what kind of entry
it is and how it stands to the best one, crossed with what the question is: a contrast, a step, a number, a form of
play, a definition asked), and ranked again by a weighted sum of them, the weights learned from the labelled question
sets (benchmarks/rerank.py fits them; :mod:`.learned` stores them)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from tashkalar_cli.text.index.common import K1, NAMED, TEXT_FIELDS, field_tf, idf
from tashkalar_cli.text.index.reading import Query
from tashkalar_cli.text.search import Stemmer


class SearchIndex(Protocol):
    """What the second stage reads of :class:`~tashkalar_cli.text.index.scoring.SearchIndex` (which imports this
    module): its parts, and how its first stage reads a question."""

    data: Any
    docs: Any

    def words(self, lang: str) -> Mapping[str, Any]: ...
    def stemmer(self, lang: str) -> Stemmer: ...
    def _averages(self, lang: str) -> dict[str, float]: ...
    def _phrasings(self, lang: str, i: int) -> list[frozenset[str]]: ...
    def _unit(self, query: Query) -> str | None: ...
    def _named_modes(self, concepts: Iterable[str]) -> set[str]: ...
    def _defining(self, query: Query) -> bool: ...
    def _sequel(self, step: int, section: list[str], before: bool) -> list[int]: ...

#: how many of the first stage's best entries the second ranks again
CANDIDATES = 12

#: the features of a candidate, in the order of the learned weights
FEATURES = (
    "log_ratio", "rank0", "rank1", "rank2", "keyword", "erratum",
    "cover", "cover_weighted", "named", "title_cover", "concept_share", "only_concepts",
    "bm25_title", "bm25_text", "bm25_section", "bm25_asks", "phrasing", "phrasing_share",
    "text_len", "breadth", "defines", "numbered", "mode_rule",
    "same_section", "linked", "narrower", "then_of_best", "before_best", "sequel_pos",
    "aside_says_not", "aside_erratum", "aside_rank0",
    "step_sequel", "step_rank0", "step_then",
    "number_numbered", "mode_mode_rule", "defining_defines", "defining_keyword", "quoted_defines",
    "card_rule", "many_concepts_erratum", "long_log_ratio", "short_cover",
    "extra_keys", "lacks_keys", "title_gain", "rank0_gap",
    "is_step", "after_step", "before_step",
)


class Ranking(NamedTuple):
    """The first stage's answer: the entries matching the question, best first (``ranked``), their scores (``total``),
    what of the question each says (``cover``, as :meth:`SearchIndex._bm25` fills it), the language that scored each
    best (``source``), and the rule a question asking what comes before or after names as its step."""

    ranked: list[int]
    total: dict[int, float]
    cover: dict[int, dict[str, float]]
    source: dict[int, tuple[float, str]]
    step: int | None


class Candidates:
    """The features of the :data:`CANDIDATES` best entries of a question's :class:`Ranking`."""

    def __init__(self, index: SearchIndex, query: Query, first: Ranking) -> None:
        ranked = first.ranked[:CANDIDATES]
        self.index, self.query, self.total, self.cover, self.ranked = index, query, first.total, first.cover, ranked
        self.step = first.step
        total, cover = self.total, self.cover
        self.best = ranked[0]
        self.own: dict[int, dict[str, float]] = {}   # what of the question each says, and how many of it it names
        self.named: dict[int, tuple[int, int]] = {}   # (names of it, of which words of its title)
        keys: dict[str, float] = {}
        for i in ranked:
            said = cover.get(i, {})
            own = self.own[i] = {key: v for key, v in said.items() if key[:1] != NAMED}
            names = [key for key in said if key[:1] == NAMED]
            self.named[i] = (len(names), sum(1 for key in names if key[1:2] != "="))
            for key, value in own.items():
                if value > keys.get(key, 0.0):
                    keys[key] = value
        self.keys = keys
        self.whole = sum(keys.values()) or 1.0
        stem = index.stemmer(query.lang)
        self.stems = {stem(w) for w in query.words}
        self.aside = {stem(w) for w in query.aside}
        self.asked = frozenset(self.stems)
        second = total[ranked[1]] if len(ranked) > 1 else 0.0
        self.gap = math.log(max(total[self.best], 1e-9) / max(second, 1e-9)) if second else 1.0
        self.best_title = self._title_cover(self.best)
        data = index.data
        self.defines = {j for ids in data.get("defines", {}).values() for j in ids}
        self.numbered = set(data.get("numbered", ()))
        negated = index.words(query.lang).get("negated", {})
        self.says_not = {j for st in self.aside | self.stems for j in negated.get(st, ())}
        self.after, self.before = self._sequel(), self._sequel(True)
        self.sequel = self.before if query.step == "before" else self.after
        self.postings = self._postings()

    def _weighted(self, keys: set[str]) -> float:
        """The share of the question's terms (each weighing what the entry saying it most makes of it) in ``keys``."""
        return sum(self.keys.get(key, 0.0) for key in keys) / self.whole

    def _title_cover(self, i: int) -> float:
        title_len = self.index.words(self.query.lang)["lengths"]["title"][i]
        return min(1.0, self.named[i][1] / title_len) if title_len else 0.0

    def rows(self) -> list[list[float]]:
        """The features of each candidate, in :data:`FEATURES` order."""
        q = self._question()
        return [self._row(k, i, q) for k, i in enumerate(self.ranked)]

    def _question(self) -> dict[str, float]:
        index, query = self.index, self.query
        return {
            "aside": 1.0 if query.aside else 0.0,
            "step": 1.0 if query.step else 0.0,
            "number": 1.0 if index._unit(query) is not None else 0.0,
            "mode": 1.0 if index._named_modes(query.concepts) else 0.0,
            "defining": 1.0 if index._defining(query) else 0.0,
            "quoted": 1.0 if query.quoted else 0.0,
            "cards": 1.0 if query.cards else 0.0,
            "many": 1.0 if len(query.concepts) >= 2 else 0.0,
            "long": min(1.0, len(query.words) / 10),
        }

    def _sequel(self, before: bool = False) -> list[int]:
        """The rules after (``before``: before) the question's step, nearest first (none: it names no step)."""
        section = self.index.data.get("sections") or [""] * len(self.index.docs)
        return [] if self.step is None else self.index._sequel(self.step, section, before)

    def _postings(self) -> dict[int, list[tuple[float, list[int]]]]:
        """Candidate -> (idf, postings row) of each of the question's own stems it has: each stem's rows read once."""
        postings = self.index.words(self.query.lang)["postings"]
        count = self.index._averages(self.query.lang)["count"]
        wanted = set(self.ranked)
        out: dict[int, list[tuple[float, list[int]]]] = {i: [] for i in self.ranked}
        for stem in sorted(self.stems):
            if stem not in postings:
                continue
            rows = postings[stem]
            weight = idf(count, len(rows))
            for row in rows:
                if row[0] in wanted:
                    out[row[0]].append((weight, row))
        return out

    def _fields(self, i: int) -> dict[str, float]:
        """The BM25F part of each text field for the question's own stems in entry ``i``."""
        avg = self.index._averages(self.query.lang)
        lengths = self.index.words(self.query.lang)["lengths"]
        out = dict.fromkeys(TEXT_FIELDS, 0.0)
        for weight, row in self.postings[i]:
            for fld, n in zip(TEXT_FIELDS, row[1:], strict=False):
                if n:
                    tf = field_tf(fld, n, lengths[fld][i], avg[fld])
                    out[fld] += weight * tf / (K1 + tf)
        return out

    def _row(self, k: int, i: int, q: Mapping[str, float]) -> list[float]:
        row = {**self._said(k, i), **self._entry(i), **self._relation(k, i)}
        kind = self.index.docs[i][0]
        own, best = set(self.own[i]), set(self.own[self.best])
        row.update({
            "aside_says_not": q["aside"] * row["says_not"], "aside_erratum": q["aside"] * (kind == "erratum"),
            "aside_rank0": q["aside"] * (k == 0),
            "step_sequel": q["step"] * (row["sequel_pos"] > 0), "step_rank0": q["step"] * (k == 0),
            "step_then": q["step"] * row["then_of_best"],
            "number_numbered": q["number"] * row["numbered"], "mode_mode_rule": q["mode"] * row["mode_rule"],
            "defining_defines": q["defining"] * row["defines"], "defining_keyword": q["defining"] * (kind == "keyword"),
            "quoted_defines": q["quoted"] * row["defines"], "card_rule": q["cards"] * (kind == "rule"),
            "many_concepts_erratum": q["many"] * (kind == "erratum"), "long_log_ratio": q["long"] * row["log_ratio"],
            "short_cover": (1 - q["long"]) * row["cover"],
            "extra_keys": self._weighted(own - best), "lacks_keys": self._weighted(best - own),
            "title_gain": row["title_cover"] - self.best_title, "rank0_gap": (k == 0) * min(self.gap, 2.0),
        })
        return [float(row[name]) for name in FEATURES]

    def _said(self, k: int, i: int) -> dict[str, float]:
        """What of the question the entry says, and where."""
        own = self.own[i]
        concept = sum(v for key, v in own.items() if key[:1] == "=")
        total_said = sum(own.values()) or 1.0
        known = max(1, len(self.keys))
        said_in_full = max((len(p) for p in self.index._phrasings(self.query.lang, i) if p and self.asked.issuperset(p)),
                           default=0)
        fields = self._fields(i)
        return {
            "log_ratio": math.log(max(self.total[i], 1e-9) / max(self.total[self.best], 1e-9)),
            "rank0": k == 0, "rank1": k == 1, "rank2": k == 2,
            "cover": len(own) / known,
            "cover_weighted": sum(min(1.0, v / self.keys[key]) for key, v in own.items() if self.keys.get(key)) / known,
            "named": self.named[i][0] / known, "title_cover": self._title_cover(i),
            "concept_share": concept / total_said, "only_concepts": concept >= total_said - 1e-9,
            "bm25_title": fields["title"], "bm25_text": fields["text"], "bm25_section": fields["section"],
            "bm25_asks": fields["asks"], "phrasing": said_in_full > 0,
            "phrasing_share": min(1.0, said_in_full / max(1, len(self.asked))),
        }

    def _entry(self, i: int) -> dict[str, float]:
        """What kind of entry it is."""
        data, kind = self.index.data, self.index.docs[i][0]
        breadth = data.get("breadth") or []
        every = data.get("doc_modes")
        doc_modes = (every[i] if every else None) or ()
        return {
            "keyword": kind == "keyword", "erratum": kind == "erratum",
            "text_len": math.log1p(data["text_len"][i]) / 5, "breadth": math.log1p(breadth[i] if i < len(breadth) else 0),
            "defines": i in self.defines, "numbered": i in self.numbered,
            "mode_rule": bool(doc_modes) and len(doc_modes) < 4,
            "says_not": i in self.says_not,
        }

    def _relation(self, k: int, i: int) -> dict[str, float]:
        """How the entry stands to the first stage's best one, and to the question's step."""
        data, best = self.index.data, self.best
        links = data.get("links") or []
        breadth = data.get("breadth") or []
        then = data.get("then") or []
        sections = data.get("sections")
        linked = k > 0 and best < len(links) and i in links[best]
        return {
            "same_section": k > 0 and bool(sections) and bool(sections[i]) and sections[i] == sections[best],
            "linked": linked, "narrower": linked and breadth[i] < breadth[best],
            "then_of_best": k > 0 and best < len(then) and i in then[best],
            "before_best": k > 0 and i < len(then) and best in then[i],
            "sequel_pos": _nearness(self.sequel, i), "is_step": i == self.step,
            "after_step": _nearness(self.after, i), "before_step": _nearness(self.before, i),
        }


def _nearness(rules: Sequence[int], i: int) -> float:
    """1 for the first of ``rules``, 1/2 for the second..., 0 for an entry not among them."""
    return 1.0 / (1 + rules.index(i)) if i in rules else 0.0


def kept(index: SearchIndex, query: Query) -> bool:
    """Whether the first stage's order stands: the question asks what a keyword is, quotes one, or names a form of play,
    which the first stage reads by rules of its own."""
    return bool(query.quoted) or bool(index._named_modes(query.concepts)) or index._defining(query)


def rerank(index: SearchIndex, query: Query, first: Ranking, weights: Sequence[float]) -> list[int]:
    """The first stage's order with the rules among its :data:`CANDIDATES` best ranked again by the weighted sum of
    their features (ties: the first stage's order). A keyword's or a ruling's entry keeps the place the first stage gave
    it: the labelled questions the weights are learned from are answered by rules only, so they cannot teach where a
    ruling stands (they would teach that it never answers)."""
    ranked = first.ranked
    if kept(index, query):
        return list(ranked)
    top = list(ranked[:CANDIDATES])
    rows = Candidates(index, query, first).rows()
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    return [top[n] for n in reordered(scores, [index.docs[i][0] == "rule" for i in top])] + list(ranked[CANDIDATES:])


def reordered(scores: Sequence[float], movable: Sequence[bool]) -> list[int]:
    """The positions of the candidates in their new order: the ``movable`` ones sorted by ``scores`` (ties: their
    first order) into the places the movable ones held, each other one left in its place."""
    places = [n for n, free in enumerate(movable) if free]
    order = iter(sorted(places, key=lambda n: (-scores[n], n)))
    return [next(order) if free else n for n, free in enumerate(movable)]


__all__ = ["CANDIDATES", "FEATURES", "Candidates", "kept", "reordered", "rerank"]

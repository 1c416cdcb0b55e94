"""Reading the search index: its parts read on demand and kept (stemmers, averages, spellings), and a
question read as the index knows its words (:meth:`IndexReader.read`: its language, its words corrected,
the keywords and cards it names)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import Any, NamedTuple

from tashkalar_cli.text.index.common import (
    FOREIGN_SHARE,
    FOREIGN_WORDS,
    FOUND,
    LINKED,
    PART,
    QUOTED,
    SELF,
    TYPO_LENGTH,
    TYPO_LENGTH2,
    WORDS,
    CardName,
    StoredForms,
    clause_tokens,
    edit_distance,
    framing_words,
    phrase_spans,
    set_aside,
    unpack_card_names,
    unpack_concepts,
    unpack_postings,
)
from tashkalar_cli.text.search import Stemmer, tokens


class Hit(NamedTuple):
    """One entry found: its kind (rule, keyword, erratum), id, rule number ("" otherwise), score,
    and the language whose text matched best. (A named tuple, not a frozen dataclass: made without compiling
    generated code, a tenth of what a question costs beyond ``card show``.)"""

    kind: str
    id: str
    number: str
    score: float
    lang: str


class Query(NamedTuple):
    """A question as the index reads it: its language, its words (stemmed) and its concepts."""

    text: str
    lang: str
    words: tuple[str, ...]
    concepts: tuple[str, ...]
    tokens: tuple[str, ...] = ()
    named: tuple[str, ...] = ()     # the words that name a keyword (also counted as its concept)
    cards: tuple[str, ...] = ()     # the cards it names (their ids)
    subjects: tuple[str, ...] = ()  # stopwords kept because the question is about them ("may")
    known: float = 1.0              # the share of its words its best language knows
    plain: tuple[str, ...] = ()     # its words without the cards it names (and the small word before each)
    aside: tuple[str, ...] = ()     # the words it sets aside ("without the timer": timer), not searched
    aside_concepts: tuple[str, ...] = ()   # the keywords named by those words
    step: str = ""                  # "next" when it asks what comes next, "after" when it names a step to go past,
                                    # "before" when it names a step to come before
    past: tuple[str, ...] = ()      # the words naming that step ("after the defense", "before I draw": defense, draw)
    quoted: tuple[str, ...] = ()    # the keywords it names between quotation marks ("what does « hide » mean")

    @property
    def foreign(self) -> bool:
        """Whether the question is written in a language the tool does not have: too few of its
        words are known to any of the tool's languages."""
        return self.known < FOREIGN_SHARE


class Postings(Mapping[str, list[Any]]):
    """A language's postings as stored (stem -> :func:`~tashkalar_cli.text.index.common.pack_postings`'s string),
    each stem's rows ([entry, count in each field]) made when first asked for: a question asks for a few dozen
    stems of the thousand a language has. ``unpack``: how a stored string is made rows again (the concepts' postings
    are :func:`~tashkalar_cli.text.index.common.unpack_concepts`')."""

    def __init__(self, packed: Mapping[str, str],
                 unpack: Callable[[str], list[Any]] = unpack_postings) -> None:
        self._packed = packed
        self._unpack = unpack
        self._rows: dict[str, list[Any]] = {}

    def __getitem__(self, stem: str) -> list[Any]:
        rows = self._rows.get(stem)
        if rows is None:
            rows = self._rows[stem] = self._unpack(self._packed[stem])
        return rows

    def __contains__(self, stem: object) -> bool:
        return stem in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)

    @property
    def unpacked(self) -> int:
        """How many stems' rows were made so far."""
        return len(self._rows)

    @property
    def made(self) -> dict[str, list[Any]]:
        """The rows made so far, by stem."""
        return self._rows


class IndexReader:
    """Reads :func:`~tashkalar_cli.text.index.build.build_index`'s parts, and a free-form question as they
    know its words (:class:`~tashkalar_cli.text.index.scoring.SearchIndex` ranks the entries for it).

    ``parts`` maps part names to their data (a dataset's ``derived`` parts, read on first use): a
    question reads the common part and its own language's; another language's part is read only
    when the question has words that only that language knows.
    """

    def __init__(self, parts: Mapping[str, Any]) -> None:
        self.parts = parts
        stored = parts[PART]   # its concepts' postings made rows when a question names their keyword
        self.data = {**stored, "concepts": Postings(stored["concepts"], unpack_concepts)}
        self.docs = self.data["docs"]
        self.langs: Mapping[str, Any] = self.data["langs"]
        self._stemmers: dict[str, Stemmer] = {}
        self._stop = {lang: set(v["stopwords"]) for lang, v in self.langs.items()}
        self._avg: dict[str, dict[str, float]] = {}
        self._asked: dict[str, dict[int, list[frozenset[str]]]] = {}
        self._stem_sets: dict[str, set[str]] = {}
        self._groups: dict[str, list[list[tuple[str, ...]]]] = {}
        self._by_letter: dict[tuple[str, str], list[str]] = {}
        self._all_words: set[str] | None = None
        self._words: dict[str, Mapping[str, Any]] = {}

    def words(self, lang: str) -> Mapping[str, Any]:
        """The words of one language: ``vocab`` (folded word -> stem), field ``lengths``, ``postings``
        (:class:`Postings`)."""
        words = self._words.get(lang)
        if words is None:
            stored: Mapping[str, Any] = self.parts[f"{PART}.{lang}"]   # JSON from the cache
            words = self._words[lang] = {**stored, "postings": Postings(stored["postings"])}
        return words

    def stemmer(self, lang: str) -> Stemmer:
        if lang not in self._stemmers:
            known = {**self.langs[lang].get("stopword_stems", {}), **self.words(lang)["vocab"]}
            self._stemmers[lang] = Stemmer(self.langs[lang].get("stemmer"), known)
        return self._stemmers[lang]

    @cached_property
    def concept_len(self) -> list[float]:
        """Per entry, the summed strength of its concepts (the length of its concept field), as built."""
        built: list[float] | None = self.data.get("concept_len")
        if built is not None:
            return built
        out = [0.0] * len(self.docs)
        for plist in self.data["concepts"].values():
            for i, own, linked, found in plist:
                out[i] += max(SELF * own, LINKED * linked, FOUND * found)
        return out

    @cached_property
    def forms(self) -> StoredForms:
        """The keyword names, as the index stores them (:meth:`Forms.stored`): in :class:`Forms`' order, without
        repeats, each word's names made when a question first has it."""
        return StoredForms(self.data["forms"])

    def language_names(self) -> list[str]:
        """The names of the languages a question may be asked in, each in its own language."""
        return [str(self.langs[lang].get("name") or lang) for lang in sorted(self.langs)]

    @cached_property
    def cards(self) -> Postings:
        """The card names of :func:`build_index`, by their first word, longer names first (each word's names made
        when a question first has it)."""
        return Postings(self.data.get("cards", {}), unpack_card_names)

    def card_about(self, cid: str) -> tuple[str, tuple[str, ...]]:
        """The kind keyword and the keywords of a card the question names: found among the names its words
        made (else among every name)."""
        made: dict[str, list[CardName]] = self.cards.made
        for names in [*made.values(), *(self.cards[word] for word in self.cards)]:
            for _key, card, kind, keywords, _lang in names:
                if card == cid:
                    return kind, keywords
        raise KeyError(cid)

    def find_cards(self, words: list[str], stop: set[str]) -> list[tuple[str, str, tuple[int, int]]]:
        """(card id, language, (start, end)) of the cards named in ``words``, longer names first and
        without overlaps; a stopword of the question or of the name may come between the words of a
        name ("Maestro Espada", "Maestro de la Espada")."""
        taken = [False] * len(words)
        out = []
        for i, word in enumerate(words):
            for key, cid, _kind, _kw, lang in self.cards.get(word, ()):
                between = stop | self._stop.get(lang, set())
                j, end = 1, i + 1
                while j < len(key) and end < len(words):
                    gap = end
                    while gap < len(words) and gap - end < 3 and words[gap] != key[j] and words[gap] in between:
                        gap += 1
                    if gap >= len(words) or words[gap] != key[j]:
                        break
                    j, end = j + 1, gap + 1
                if j == len(key) and not any(taken[i:end]):
                    taken[i:end] = [True] * (end - i)
                    out.append((cid, lang, (i, end)))
        return out

    def detect(self, words: list[str], preferred: str | None = None) -> str:
        """The language whose stopwords, game terms and card names the words use most (ties:
        ``preferred``, then English)."""
        hits = {lang: sum(1.0 for w in words if w in self._stop[lang]) for lang in self.langs}
        named = {(i, size, lang) for _n, i, size, _kid, lang in self.forms.matches(words)}
        for _i, size, lang in named:
            if lang in hits:
                hits[lang] += size
        for _cid, lang, (start, end) in self.find_cards(words, set()):
            if lang in hits:
                hits[lang] += (end - start) / 2
        top = max(hits.values(), default=0)
        tied = sorted(lang for lang, n in hits.items() if n == top)
        if len(tied) > 1:  # break a tie with the words each language uses in its texts
            for lang in tied:
                vocab = self.words(lang)["vocab"]
                hits[lang] += sum(0.5 for w in words if not w.isdigit() and w in vocab and w not in self._stop[lang])
        return max(sorted(self.langs), key=lambda lang: (hits[lang], lang == preferred, lang == "en"))

    def _stems(self, lang: str) -> set[str]:
        """Every stem a language's texts, terms and synonyms have."""
        if lang not in self._stem_sets:
            self._stem_sets[lang] = set(self.words(lang)["vocab"].values())
        return self._stem_sets[lang]

    def _known(self, words: list[str], inside: set[int], lang: str) -> float:
        """The share of the words (numbers and letters apart) that ``lang`` knows: its stopwords, the
        words and stems of its texts, and names (``inside``) of keywords and cards of any language."""
        content = [j for j, w in enumerate(words) if not w.isdigit() and len(w) > 1]
        if len(content) < FOREIGN_WORDS:
            return 1.0
        vocab, stems, stop, stem = self.words(lang)["vocab"], self._stems(lang), self._stop[lang], self.stemmer(lang)
        known = sum(1 for j in content if j in inside or words[j] in stop or words[j] in vocab or stem(words[j]) in stems)
        return known / len(content)

    def read(self, question: str, lang: str | None = None, preferred: str | None = None) -> Query:
        """The question as the index reads it, in ``lang`` or else in the language it is written in."""
        typed = tokens(question)
        chosen = lang if lang and lang in self.langs else self.detect(typed, preferred)
        stop = self._stop[chosen]
        words = [self.correct(w, chosen) for w in typed]
        cards = self.find_cards(words, stop)
        in_card = {j for _cid, _lang, (start, end) in cards for j in range(start, end)}
        framing = framing_words(words, self.langs[chosen].get("idioms", ()))
        masked = ["" if j in in_card or j in framing else w for j, w in enumerate(words)]
        subjects = self._subjects(question, words, masked, chosen)
        found = self.forms.find(masked, skip=stop - subjects, nested=True, prefer=chosen)
        said, clauses = clause_tokens(question)
        if len(said) != len(words):
            clauses = [0] * len(words)
        aside = self._aside(words, clauses, in_card | framing, chosen)
        concepts, aside_concepts, inside = _concepts(found, aside)
        step, cues = self._step(words, inside, chosen, clauses)   # the words of ``next`` asking so are not searched
        kept = self._kept(["" if j in aside or j in cues else w for j, w in enumerate(masked)], subjects, chosen)
        named = tuple(dict.fromkeys(w for j, w in enumerate(words) if j in inside and j not in aside))
        known = self._known_share(typed, inside | in_card, chosen)
        plain = _plain(words, cards, in_card | framing | aside | cues, stop)
        return Query(question, chosen, tuple(kept), tuple(dict.fromkeys(concepts)), tuple(words), named,
                     tuple(dict.fromkeys(cid for cid, _lang, _span in cards)), tuple(sorted(subjects)), round(known, 3),
                     plain, tuple(words[j] for j in sorted(aside)), tuple(dict.fromkeys(aside_concepts)),
                     step, self._past_words(words, clauses, chosen, cues, step) if step else (),
                     _quoted(question, words, found, aside, stop))

    def _past_words(self, words: list[str], clauses: list[int], lang: str, cues: set[int], step: str) -> tuple[str, ...]:
        """The words of the step a question asking what follows (or what comes before) names (its cue words and
        stopwords apart)."""
        stop = self._stop[lang]
        if step == "before":
            return tuple(words[j] for j in sorted(self._before(words, clauses, lang)) if words[j] not in stop)
        return tuple(words[j] for j in sorted(self._past(words, clauses, lang) - cues) if words[j] not in stop)

    def _before(self, words: list[str], clauses: list[int], lang: str) -> set[int]:
        """Where the question names a step to come before: the words after ``search: before:`` ("before I draw",
        "avant de piocher", "antes de montar"), in its clause."""
        return set_aside(words, clauses, self.langs[lang].get("before", ()), self._stop[lang])

    def _aside(self, words: list[str], clauses: list[int], skip: set[int], lang: str) -> set[int]:
        """Where the question sets words aside (``search: contrasts:``: "without the timer", "unlike the
        legends"), a card's name and the framing apart."""
        return set_aside(words, clauses, self.langs[lang].get("contrasts", ()), self._stop[lang], skip)

    def _past(self, words: list[str], clauses: list[int], lang: str) -> set[int]:
        """Where the question names the step it asks to go past: the words after ``search: after:`` ("after
        the defense", "dopo aver pescato"), in its clause."""
        return set_aside(words, clauses, self.langs[lang].get("after", ()), self._stop[lang])

    def _step(self, words: list[str], named: set[int], lang: str, clauses: list[int]) -> tuple[str, set[int]]:
        """(step, where the words of ``next`` are): "next" when the question asks what comes next
        (``search: next:`` ending its clause: "what happens next?", "¿y luego?", or with a step named by
        ``search: after:``: "after the draw, what then?"), "after" when it names a step to go past
        (``after``, or ``next`` inside its clause: "the next tie-break"), else ""; a word naming a keyword
        or, with its neighbour, said in a rule's title ("the next task") asks neither."""
        info = self.langs[lang]
        stop = self._stop[lang]
        stem = self.stemmer(lang)
        pairs = self.words(lang).get("pairs", {})

        def cue(start: int, end: int) -> bool:
            if named & set(range(start, end)):
                return False
            around = [(start - 1, start, start - 1), (end - 1, end, end)]   # (pair, the neighbour)
            return not any(a >= 0 and b < len(words) and words[n] not in stop
                           and f"{stem(words[a])} {stem(words[b])}" in pairs for a, b, n in around)

        step, where = "", set[int]()
        for start, end in phrase_spans(words, info.get("next", ())):
            if cue(start, end):
                last = all(words[j] in stop for j in range(end, len(words)) if clauses[j] == clauses[start])
                step = "next" if last else step or "after"
                where.update(range(start, end))
        if any(cue(start, end) for start, end in phrase_spans(words, info.get("after", ()))):
            step = "next" if where else "after"   # "after the draw, what do I do then?"
        elif not step:   # "what do I do before I draw?" (its cue is not searched); "before or after the attack?" names neither
            spans = [(start, end) for start, end in phrase_spans(words, info.get("before", ())) if cue(start, end)
                     and any(words[j] not in stop for j in range(end, len(words)) if clauses[j] == clauses[start])]
            step = "before" if spans else ""   # a step named after it: "antes" alone names none
            where.update(j for start, end in spans for j in range(start, end))
        return step, where

    def _subjects(self, question: str, words: list[str], masked: list[str], lang: str) -> set[str]:
        """The stopwords naming a keyword that the question is about: quoted, or in a question asking
        what it means (``mentions``), or all the question says ("may?")."""
        stop = self._stop[lang]
        quoted = {w for m in QUOTED.finditer(question) for w in tokens(next(g for g in m.groups() if g))}
        info = self.langs[lang]
        about = bool(set(info.get("mentions", ())) & set(words))
        subjects = {w for w in masked if w in info.get("subjects", ()) and (w in quoted or about)}
        content = [w for w in masked if w and w not in stop and (len(w) > 1 or w.isdigit())]
        if not content:   # nothing else to go by: "may?"
            subjects |= {w for w in masked if w in info.get("subjects", ())}
        return subjects

    def _kept(self, masked: list[str], subjects: set[str], lang: str) -> list[str]:
        """The words searched for: not the stopwords (but the subjects), nor the words that say the
        question is about a word ("says", "dice": about the word, not the rules), nor single letters."""
        stop = self._stop[lang]
        mentions = set(self.langs[lang].get("mentions", ())) if subjects else set()
        return [w for w in masked if w and (w not in stop or w in subjects) and w not in mentions
                and (len(w) > 1 or w.isdigit())]

    def _known_share(self, typed: list[str], inside: set[int], lang: str) -> float:
        """How much of the question a language knows, as typed (a word of another language is no typo):
        ``lang``'s share, or the best other language's when ``lang`` knows too little of it."""
        known = self._known(typed, inside, lang)
        if known < FOREIGN_SHARE:
            known = max([known, *(self._known(typed, inside, other) for other in sorted(self.langs) if other != lang)])
        return known

    def _spellings(self, lang: str, first: str) -> list[str]:
        """The words of a language's texts starting with a letter (numbers apart), for :meth:`correct`: one
        pass over the vocabulary per letter asked, not a sorted table of every word."""
        key = (lang, first)
        if key not in self._by_letter:
            self._by_letter[key] = [w for w in self.words(lang)["vocab"] if w[0] == first and not w.isdigit()]
        return self._by_letter[key]

    def correct(self, word: str, lang: str) -> str:
        """``word``, or the word of ``lang``'s texts it is a typo of: a word no language of the tool
        knows (nor a card name), of at least :data:`TYPO_LENGTH` letters, one letter away (added,
        dropped, changed, or two swapped; two from :data:`TYPO_LENGTH2` letters) from a word of the
        texts starting with the same letter ("legand": "legend"); the closest, then the first in
        alphabetical order. Whether its stem is known (which loads the stemmer) is asked last, only of a
        word that has such a neighbour."""
        if len(word) < TYPO_LENGTH or word.isdigit() or self._is_listed(word, lang):
            return word
        bound = 2 if len(word) >= TYPO_LENGTH2 else 1
        shortest, longest = len(word) - bound, len(word) + bound
        best: tuple[int, str] | None = None
        letters = set(word)   # an edit changes at most two of the letters a word has: a cheap test first
        for other in self._spellings(lang, word[0]):
            if shortest <= len(other) <= longest and len(letters.symmetric_difference(other)) <= 2 * bound:
                d = edit_distance(word, other, bound)
                if d <= bound and (best is None or (d, other) < best):
                    best = (d, other)
        if best is None or self._stem_known(word, lang):
            return word
        return best[1]

    def _stem_known(self, word: str, lang: str) -> bool:
        """Whether the question's language has the stem of a word (an inflection of a word of its texts)."""
        return self.stemmer(lang)(word) in self._stems(lang)

    def _is_listed(self, word: str, lang: str) -> bool:
        """Whether a word is a stopword or a word of the texts or terms of ``lang``, a word of a card name, or a
        word of another language. The other languages' words are looked up in :data:`WORDS`, not in their
        own parts (a word no language has, "colours", reads no other language)."""
        if word in self._stop[lang] or word in self.words(lang)["vocab"]:
            return True
        if self._all_words is None:
            known: set[str] = set()
            for other in self.langs:
                known |= self._stop[other]
            self._all_words = known
        return (word in self._all_words or f" {word} " in self.data.get("card_words", "")
                or bool(self.known_languages(word)))

    def known_languages(self, word: str) -> tuple[str, ...]:
        """The languages whose texts, terms or synonyms have a folded word (:data:`WORDS`: the word looked for
        between spaces in the few strings of words the same languages know)."""
        if not word or " " in word:
            return ()
        said = f" {word} "
        groups: Mapping[str, str] = self.parts[WORDS]
        return next((tuple(langs.split()) for langs, words in groups.items() if said in words), ())


def _plain(words: list[str], cards: list[tuple[str, str, tuple[int, int]]], left_out: set[int],
           stop: set[str]) -> tuple[str, ...]:
    """The question's words without the cards it names (and the small word before each) nor ``left_out``."""
    before = {start - 1 for _cid, _lang, (start, _end) in cards if start and words[start - 1] in stop}
    return tuple(w for j, w in enumerate(words) if j not in left_out and j not in before)


__all__ = ["Hit", "IndexReader", "Query"]


def _quoted(question: str, words: list[str], found: list[tuple[str, tuple[int, int]]], aside: set[int],
            stop: set[str]) -> tuple[str, ...]:
    """The keywords the question puts between quotation marks alone, a quote saying nothing but its name ("what is
    « hide »?"; not a card's text quoted, "'destroy an adjacent piece'"), not set aside."""
    out = []
    for m in QUOTED.finditer(question):
        said = [w for w in tokens(next(g for g in m.groups() if g)) if w not in stop]
        for kid, (start, end) in found:
            name = [w for w in words[start:end] if w not in stop]
            if said and said == name and not aside.issuperset(range(start, end)):
                out.append(kid)
    return tuple(dict.fromkeys(out))


def _concepts(found: list[tuple[str, tuple[int, int]]], aside: set[int]) -> tuple[list[str], list[str], set[int]]:
    """The keywords a question names (those not set aside), those it sets aside, and the places of every
    keyword's words."""
    concepts = [kid for kid, (start, end) in found if not aside.issuperset(range(start, end))]
    aside_concepts = [kid for kid, (start, end) in found if aside.issuperset(range(start, end))]
    inside = {j for _kid, (start, end) in found for j in range(start, end)}
    return concepts, aside_concepts, inside

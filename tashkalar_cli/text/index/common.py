"""What building and reading the search index share: its format, the weights of its ranking, and the
keyword names found in a list of words (:class:`Forms`)."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from tashkalar_cli.text.search import tokens

FORMAT = 20
PART = "search_index"
#: the part saying which languages know each word of the texts, so that a word the question's language does not
#: know is looked up without reading every other language's part: the languages (their codes joined by a space)
#: -> the words only they know, in one string (each word between spaces), a few strings to read, not a
#: mapping of thousands of words (a typo's check read it in 3-5 ms)
WORDS = f"{PART}.words"
KINDS = ("rule", "keyword", "erratum")

#: BM25F: weight and length normalisation of each field, and term saturation
#: the asks: how players ask about a rule (``asks:`` of the language's rules.yaml), in their words
TEXT_FIELDS = ("title", "text", "section", "asks")   # the section: a rule's section title
FIELD_WEIGHT = {"title": 2.5, "text": 1.0, "section": 2.0, "asks": 1.5, "concept": 2.0}
FIELD_B = {"title": 0.3, "text": 0.75, "section": 0.0, "asks": 0.5, "concept": 0.3}
K1 = 1.2


def idf(count: float, df: int) -> float:
    """BM25's weight of a stem found in ``df`` of the ``count`` entries of a language."""
    return math.log(1 + (count - df + 0.5) / (df + 0.5))


def field_tf(fld: str, n: float, length: int, average: float) -> float:
    """BM25F's count of a stem said ``n`` times in the field ``fld`` of an entry, that field being ``length`` words
    long against ``average``: weighed by the field and normalised by its length."""
    b = FIELD_B[fld]
    return FIELD_WEIGHT[fld] * n / (1 - b + b * length / average)
#: weight of the words of a question searched in a language other than its own
OTHER_LANGUAGE = 0.6
#: weight of a word reached through a synonym of the question's language
SYNONYM = 0.8
#: a synonym group counts as one term: an entry scores the phrase of the group that fits it best,
#: and this share of the next best one it also uses (an entry saying it two ways beats one saying it
#: once, but a group of many phrases does not outweigh the rest of the question)
GROUP_REST = 0.3
#: a phrase of a group the question did not say, longer than the one it said ("ceder el control" for
#: "paso el turno"), stands for the words said: it counts for (words said / its words) ** this power
LONGER_SYNONYM = 0.5
#: an entry whose title is made of words of the question is what the question is about: its score
#: grows by up to this share (all of its title's words found)
TITLE_BONUS = 0.25
#: a rule whose title has two words in a row of the question (or of a synonym it uses) grows by this
#: share for each such pair, up to two
PAIR_BONUS = 0.15
#: a rule one of whose player phrasings (of two words or more besides stopwords) the question says
#: in full, in any order and through its synonyms, grows by up to this share: all of it when the
#: phrasing says as many words as the question, less for a phrasing saying a part of it
ASKED_BONUS = 0.2
#: how much an entry of each kind counts against a rule (a rule answers a question best)
KIND_WEIGHT = {"rule": 1.0, "keyword": 0.5, "erratum": 0.6}
#: concept strength of an entry's own keyword, of a linked keyword, and of one found in its texts
SELF, LINKED, FOUND = 2.0, 1.0, 0.5
#: weight of the keyword a question is about when it names it by a stopword it quotes ("may")
SUBJECT = 2.0
#: weight of the concepts a card named in a question brings: its kind (being, legend, task) and
#: its keywords (what its effect does, a hint rather than the subject)
CARD_KIND, CARD_KEYWORD = 1.0, 0.3
#: the card kinds of the card facts: (facts part, locale section, kind keyword); a legendary being
#: is a legend
CARD_PARTS = (("beings", "cards", "being"), ("tasks", "tasks", "task"))
#: a question asking for a number ("how many", ``search: quantities:`` of its language) favours the
#: rules whose text gives one (a number or a number of the game): their score grows by this share
NUMBER_BONUS = 0.2
#: and by this share more when the number counts what the question counts ("18 points")
UNIT_BONUS = 0.3
#: a question naming a form of play (duel, melee, High Form, team play) is about that form: a rule
#: of other forms only counts this share
OTHER_MODE = 0.5
#: a question whose words are all names of keywords asks what they are: the rules titled by one of
#: those names (its definition: "Combat move", "Team play") grow by this share
DEFINITION_BONUS = 0.5
#: a question putting a keyword's name alone between quotation marks ("c'est quoi « cacher » ? je la défausse ?",
#: "the card says to « place » a piece...") is about that word, whatever else it says: the rules titled by it grow by
#: this share
QUOTED_BONUS = 1.0
#: a word of a question no language knows is read as a typo of a word of the texts from this many
#: letters (one letter away), and from the second number two letters away
TYPO_LENGTH, TYPO_LENGTH2 = 5, 8
#: a question is in a language the tool does not have when, with at least this many words, fewer
#: than this share of them are known to its best language
FOREIGN_WORDS, FOREIGN_SHARE = 3, 0.55
#: the words a question sets aside ("without the timer", "unlike the legends": ``search: contrasts:``) are
#: searched at a lower weight (``NEGATED_TERM``: "pass without doing any action" still asks about actions;
#: an entry saying so itself, "without a partner", counts them in full), and the entries about them (the
#: keyword they name is their own or linked, or a title has one of them) only count ``ASIDE``, unless what
#: remains of the question still says one of the entry's phrasings in full ("pass my turn" without any action)
ASIDE = 0.5
NEGATED_TERM = 0.4
#: how many words (stopwords apart) after a contrast, in its clause, it sets aside
ASIDE_WORDS = 3
#: a question asking what comes next (``search: next:``) or after a step (``search: after:``): the rules
#: following the step it names (the best rule), in its section, grow by these shares, the first one most
#: (``NEXT_DECAY`` for each further rule); asking what comes next, the step itself counts ``NEXT_STEP``
#: and the rule after it at least ``NEXT_FOLLOW`` of the best rule's score (asking what comes after a
#: step, ``AFTER_FOLLOW`` of the step's)
NEXT_BONUS, AFTER_BONUS, NEXT_DECAY, NEXT_STEP, NEXT_FOLLOW, AFTER_FOLLOW = 0.6, 0.3, 0.5, 0.8, 1.02, 0.7
#: how many rules after the step a question asking what comes next looks at
NEXT_WINDOW = 3
#: a question naming a step to come before (``search: before:``: "before I draw", "avant de piocher"): the rules
#: just before the step it names (its best rule whose title says a word of the step), in its section, grow by
#: ``BEFORE_BONUS`` (``NEXT_DECAY`` for each further rule), the one just before to at least ``BEFORE_FOLLOW`` of the
#: step's score
BEFORE_BONUS, BEFORE_FOLLOW = 0.3, 0.7
#: a question naming a form of play prefers the rules of that form over the rules of every form: they
#: grow by this share
OWN_MODE = 0.2
#: a question naming several keywords: an entry about all of them grows by this share (see
#: :meth:`~tashkalar_cli.text.index.scoring.SearchIndex._covering`)
COVER = 0.15
#: of two linked rules (``related``, or a rule and its sub-rules) among the ``SPECIFIC_TOP`` best entries, the
#: one saying all the other says of the question and more (words weighing at least ``SPECIFIC`` of its score) takes
#: the other's place
SPECIFIC, SPECIFIC_TOP = 0.1, 5
#: the mark of what of the question an entry names (in its title or as its own or linked keyword), in its cover
NAMED = "^"
#: the quotation marks a question may put around the word it is about
QUOTED = re.compile(r'"([^"]+)"|«([^»]+)»|“([^”]+)”|„([^“”]+)[“”]|‘([^’]+)’|`([^`]+)`'
                     r"|(?<![\w'’])'([^']+)'(?![\w'’])", re.UNICODE)


def edit_distance(a: str, b: str, bound: int) -> int:
    """The edit distance of two words (a letter added, dropped or changed, or two neighbours
    swapped, each counting 1), or ``bound + 1`` as soon as it exceeds ``bound``."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > bound:
            return bound + 1
        before, row = row, current
    return row[-1]


_CLAUSE = re.compile(r"[,;:.!?¿¡()\[\]]+")


def clause_tokens(text: str) -> tuple[list[str], list[int]]:
    """The words of ``text`` (:func:`tokens`) and the clause of each (clauses are parted by punctuation)."""
    words: list[str] = []
    clauses: list[int] = []
    for n, piece in enumerate(_CLAUSE.split(text)):
        found = tokens(piece)
        words += found
        clauses += [n] * len(found)
    if words != tokens(text):   # punctuation inside a word ("N'ai-je"): one clause
        words = tokens(text)
        clauses = [0] * len(words)
    return words, clauses


def phrase_spans(words: list[str], phrases: Iterable[str]) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of ``phrases`` (folded words, space-separated) in ``words``,
    longer phrases first, without overlaps."""
    taken = [False] * len(words)
    out = []
    for phrase in sorted(phrases, key=lambda p: (-len(p.split()), p)):
        parts = phrase.split()
        for j in range(len(words) - len(parts) + 1):
            if words[j:j + len(parts)] == parts and not any(taken[j:j + len(parts)]):
                taken[j:j + len(parts)] = [True] * len(parts)
                out.append((j, j + len(parts)))
    return sorted(out)


def set_aside(words: list[str], clauses: list[int], contrasts: Iterable[str], stop: set[str] | frozenset[str],
              skip: set[int] | frozenset[int] = frozenset()) -> set[int]:
    """Where words are set aside: after each contrast ("without", "unlike", "sans"), in its clause, up to
    :data:`ASIDE_WORDS` words that are not stopwords (nor ``skip``: a card's name, a framing idiom), and
    the small words between them."""
    out: set[int] = set()
    cues = phrase_spans(words, contrasts)
    starts = {start for start, _end in cues}
    for start, end in cues:
        count, j, last = 0, end, end - 1
        while j < len(words) and clauses[j] == clauses[start] and count < ASIDE_WORDS and j not in starts:
            if words[j] not in stop and j not in skip:
                count, last = count + 1, j
            j += 1
        out.update(k for k in range(end, last + 1) if k not in skip)   # the small words between them too
    return out


def pack_postings(rows: Iterable[Iterable[int]]) -> str:
    """A stem's postings (rows of the entry and its count in each field, whole numbers) as one string of numbers:
    stored so, a language's part is read as a few hundred strings rather than thousands of lists and numbers (two
    thirds of reading it), and only the stems a question has are made rows again (:func:`unpack_postings`)."""
    return " ".join(str(n) for row in rows for n in row)


def unpack_postings(text: str) -> list[list[int]]:
    """The rows :func:`pack_postings` packed: [entry, count in each of :data:`TEXT_FIELDS`]."""
    numbers = [int(n) for n in text.split()]
    width = 1 + len(TEXT_FIELDS)
    return [numbers[k:k + width] for k in range(0, len(numbers), width)]


def pack_concepts(rows: Iterable[Iterable[float]]) -> str:
    """A keyword's concept postings (rows of [entry, own keyword, linked, share of the languages naming it]) as one
    string of numbers, each as JSON would write it (a whole number stays one, a fraction reads back to the same
    float): like :func:`pack_postings`, only the keywords a question names are made rows again."""
    return " ".join(repr(n) for row in rows for n in row)


def unpack_concepts(text: str) -> list[list[Any]]:
    """The rows :func:`pack_concepts` packed, each number of the type it was stored with."""
    numbers = [float(n) if "." in n or "e" in n else int(n) for n in text.split()]
    return [numbers[k:k + 4] for k in range(0, len(numbers), 4)]


#: a card name as the index stores it: (its words, card id, kind keyword, card keywords, language)
CardName = tuple[tuple[str, ...], str, str, tuple[str, ...], str]


def pack_card_names(names: Iterable[CardName]) -> str:
    """The card names starting with one word, in one string (``words|card|kind|keywords|language``, each name
    after a ";"): the index keeps them by their first word, and a question makes rows of those its words start."""
    return ";".join("|".join((" ".join(key), cid, kind, " ".join(keywords), lang))
                    for key, cid, kind, keywords, lang in names)


def unpack_card_names(text: str) -> list[CardName]:
    """The names :func:`pack_card_names` packed, in the order they were stored."""
    out = []
    for name in text.split(";"):
        key, cid, kind, keywords, lang = name.split("|")
        out.append((tuple(key.split()), cid, kind, tuple(keywords.split()), lang))
    return out


#: what parts the player phrasings of one rule, stored as one string (each phrasing its sorted stems)
PHRASING_SEP = "|"


def number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split(".")) if number else ()


#: a keyword's name as :class:`Forms` keeps it: (its words, keyword id, whole words only, language)
FormItem = tuple[tuple[str, ...], str, bool, str]


class _FormFinder:
    """Finding keyword names in a list of words (:class:`Forms`, :class:`StoredForms`): given the names
    starting with a word (numbered in the order kept), which :meth:`_candidates` gives."""

    def _candidates(self, word: str) -> list[tuple[int, FormItem]]:
        """The names (number, item) that may start at ``word``: those whose first word it is (a term, a
        synonym, a form of several words or of whole words), and the one-word forms of its first 3 letters."""
        raise NotImplementedError

    def matches(self, words: list[str], skip: frozenset[str] | set[str] = frozenset()) -> list[tuple[int, int, int, str, str]]:
        """Every (form number, start, size, keyword id, language) found in ``words``, overlaps included;
        a match made only of ``skip`` words is left out."""
        out = []
        for i, word in enumerate(words):
            for n, (form, kid, whole, lang) in self._candidates(word):
                size = len(form)
                if i + size > len(words) or any(words[i + j] != form[j] for j in range(size - 1)):
                    continue
                last = words[i + size - 1]
                if (last == form[-1] if whole else last.startswith(form[-1])) \
                        and not all(w in skip for w in words[i:i + size]):
                    out.append((n, i, size, kid, lang))
        return sorted(out)

    def find(self, words: list[str], skip: frozenset[str] | set[str] = frozenset(),
             nested: bool = False, prefer: str | None = None) -> list[tuple[str, tuple[int, int]]]:
        """(keyword id, (start, end)) of the keywords named in ``words``, longer names first, without
        overlaps; ``nested``: a shorter name inside a longer one counts too ("giocare un impeto"
        names invoking, and "impeto" a flare); ``prefer``: the language whose keyword a spelling
        two languages share stands for ("invoc": summoning in Spanish, invoking in Italian)."""
        taken = [False] * len(words)
        found = []
        spans: dict[tuple[int, int], set[str]] = {}   # (start, size) taken -> the languages naming it so
        named = {n: item[0] for word in set(words) for n, item in self._candidates(word)}

        def order(match: tuple[int, int, int, str, str]) -> tuple[int, int, bool, int, int]:
            n, i, size, _kid, lang = match   # longer names first, then the ``prefer`` language's
            return (-size, -len(" ".join(named[n])), lang != prefer, n, i)

        for _n, i, size, kid, lang in sorted(self.matches(words, skip), key=order):
            if (i, size) in spans:
                spans[i, size].add(lang)
                continue
            # a name inside a longer one counts when the longer one is of the same language: "giocare
            # un impeto" names a flare in Italian, but the "duel" of "Duel Ancestral" is no duel
            inside = nested and any(start <= i and i + size <= start + length and lang in langs
                                    for (start, length), langs in spans.items())
            if inside or not any(taken[i:i + size]):
                taken[i:i + size] = [True] * size
                found.append((kid, (i, i + size)))
                spans[i, size] = {lang}
        return found


class Forms(_FormFinder):
    """Keyword terms, synonyms and forms as folded word sequences, found in a list of words.

    A form (``forms:``) matches at the start of a word ("impet" finds "impeti"); a term or a
    synonym matches whole words. Longer matches win and matches do not overlap.
    """

    def __init__(self, items: Iterable[FormItem]) -> None:
        self.items = sorted(set(items), key=lambda x: (-len(x[0]), -len(" ".join(x[0])), x))   # longer names first
        self.by_word: dict[str, list[int]] = defaultdict(list)     # by the exact first word
        self.by_prefix: dict[str, list[int]] = defaultdict(list)   # one-word forms, by their first 3 letters
        for n, (form, _kid, whole, _lang) in enumerate(self.items):
            if len(form) > 1 or whole:
                self.by_word[form[0]].append(n)
            else:
                self.by_prefix[form[0][:3]].append(n)

    @classmethod
    def of(cls, glossaries: Mapping[str, Mapping[str, Any]]) -> Forms:
        items = []
        for lang, glossary in glossaries.items():
            for kid, entry in glossary.items():
                for text in [entry["term"], *entry.get("synonyms", [])]:
                    words = tuple(tokens(text))
                    if words:
                        items.append((words, kid, True, lang))
                for text in entry.get("forms", []):
                    words = tuple(tokens(text.rstrip("$")))
                    if words:
                        items.append((words, kid, text.endswith("$"), lang))
        return cls(items)

    def _candidates(self, word: str) -> list[tuple[int, FormItem]]:
        return [(n, self.items[n]) for n in (*self.by_word.get(word, ()), *self.by_prefix.get(word[:3], ()))]

    def stored(self) -> dict[str, dict[str, str]]:
        """The names as the index stores them (read back by :class:`StoredForms`): ``words``, by their first word,
        and ``prefixes``, the one-word forms by their first 3 letters, each key's names in one string
        (``number|words|keyword|whole|language``, each name after a ";")."""
        def pack(groups: Mapping[str, list[int]]) -> dict[str, str]:
            return {key: ";".join(f"{n}|{' '.join(self.items[n][0])}|{self.items[n][1]}|{int(self.items[n][2])}|"
                                  f"{self.items[n][3]}" for n in ns) for key, ns in groups.items()}
        return {"words": pack(self.by_word), "prefixes": pack(self.by_prefix)}


class StoredForms(_FormFinder):
    """The keyword names of the index as :meth:`Forms.stored` stored them, each key's names made when a question
    first has a word of that key (a question has a dozen words; the index has some two thousand names)."""

    def __init__(self, stored: Mapping[str, Mapping[str, str]]) -> None:
        self._stored = stored
        self._made: dict[tuple[str, str], list[tuple[int, FormItem]]] = {}

    def _group(self, which: str, key: str) -> list[tuple[int, FormItem]]:
        made = self._made.get((which, key))
        if made is None:
            made = self._made[which, key] = []
            for name in filter(None, self._stored[which].get(key, "").split(";")):
                n, words, kid, whole, lang = name.split("|")
                made.append((int(n), (tuple(words.split()), kid, whole == "1", lang)))
        return made

    def _candidates(self, word: str) -> list[tuple[int, FormItem]]:
        return [*self._group("words", word), *self._group("prefixes", word[:3])]

    def every(self) -> list[FormItem]:
        """Every name, in the order kept (all of them made)."""
        numbered = [row for which in ("words", "prefixes") for key in self._stored[which] for row in self._group(which, key)]
        return [item for _n, item in sorted(numbered, key=lambda row: row[0])]


def word_pairs(stems: list[str], stop: set[str]) -> set[str]:
    """Two words in a row ("invoqu sur", "summon onto"), as "stem stem", unless both are stopwords:
    a title saying what the question says in the same words, its small words included."""
    return {f"{a} {b}" for a, b in pairwise(stems) if not (a in stop and b in stop)}


def title_keyword(forms: Forms, words: list[str], stop: set[str], lang: str) -> str | None:
    """The keyword a title is the name of ("Combat move", "Team play"), if it names one and nothing else."""
    found = forms.find(words, skip=stop, prefer=lang)
    content = {j for j, w in enumerate(words) if w not in stop}
    if len(found) == 1 and content and content <= set(range(*found[0][1])):
        return found[0][0]
    return None


def framing_words(words: list[str], idioms: Iterable[str]) -> set[int]:
    """Where words only frame a question: those of the language's ``idioms`` ("que se passe-t-il",
    "comment ça marche"), which say nothing about the rules ("passe" is no passing of control
    there); they are neither searched nor indexed."""
    out: set[int] = set()
    for phrase in idioms:
        parts = phrase.split()
        for j in range(len(words) - len(parts) + 1):
            if words[j:j + len(parts)] == parts:
                out.update(range(j, j + len(parts)))
    return out

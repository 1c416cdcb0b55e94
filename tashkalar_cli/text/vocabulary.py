"""One resolver for every word a user types: colors, ranks, modes, decks, card types, cards (beings,
legends, flares, tasks) and keywords, in any language, on the command line and in files.

A kind of word is a :class:`Lexicon`: its ids, and its names in every language (the name shown
first). :func:`find_word` reads what the user typed, in this order:

1. an id, or a name in any language, exactly (case, accents and punctuation do not count), the
   user's language first, then English, then the others;
2. a part of a name: every word typed starts a word of the name, in order (``dragon``,
   ``hautes-terres``, ``maestro espada``), in the user's language first; one name found is the
   answer, several are listed ("could be: ...");
3. a typo: the name closest by a real string distance (:func:`similarity`: the optimal string alignment
   distance, which counts a swap of two neighbouring letters as one edit as it does a letter left out, added
   or changed, over the letters of both, on the whole name in any word order, or on as many of its words as
   were typed), when it is close
   (``ACCEPT``) and clearly closer than any other (``MARGIN``); a number typed is never a typo
   (``Ruse 9/9`` is not ``Ruse 3/6``). The work is bounded whatever the input: the names of a set of
   languages are indexed once (:class:`Spellings`), a typo is scored in one pass of rapidfuzz over them
   per kind of score (names scoring under ``FLOOR`` play no part and are cut early), each distinct
   word once (the last ``REMEMBERED`` are remembered), and the readers stop at the first unknown word.

Otherwise the error is one line, in the user's language, with "did you mean" suggestions: names of
the user's language scoring at least ``SUGGEST`` (other languages' names, shown in the user's
language, only at ``SUGGEST_OTHER``), best first; no suggestion at all rather than noise.

The fixed values (colors, ranks, modes, decks, card types) take their names from the ``color.*``,
``rank.*``, ``mode.*``, ``deck.*`` and ``type.*`` messages of each ui.yaml, plus any extra forms a
language lists under ``words:`` (``bleue``). Adding a language adds its words: no code changes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cached_property
from typing import Any

from tashkalar_cli.errors import InputError, NotFoundError, TashkalarError, Term, quote, say_term, unsafe
from tashkalar_cli.text.search import fold

KINDS = ("color", "rank", "mode", "deck", "type")

#: a typo is read as the name it is this close to (0-100) ...
ACCEPT = 85.0
#: ... when no other name is within this many points
MARGIN = 4.0
#: the least score of a suggestion among the names of the user's language: a word with letters left out still
#: suggests its name (``cmbt mv``: combat move, 77.8), a word that shares a few letters with a name does not
#: (``empate``, a tie: not "casilla vacía"); a changed letter counting one edit, not two, brought the two close
SUGGEST = 77.75
#: the least score of a suggestion taken from another language's names
SUGGEST_OTHER = 82.0
#: a swap of two neighbouring letters is read as a name scoring ``ACCEPT`` in words of this many letters or more
#: (in longer words one edit scores above ``ACCEPT`` anyway; a word of two letters swapped is another word)
MIN_SWAP = 3
#: a part of a name counts from this many letters
MIN_PART = 3
#: a name matched on some of its words weighs this much of a whole name matched as closely
PART_WEIGHT = 0.95
#: suggestions and candidates shown at most
SHOWN = 6
#: below this score a name plays no part in reading a typo: it is neither suggested nor close enough to
#: make another name's lead too small (the second name counts only within ``MARGIN`` of an accepted one)
FLOOR = min(SUGGEST, SUGGEST_OTHER, ACCEPT - MARGIN)
#: the typos whose scores a lexicon remembers (the most recent)
REMEMBERED = 4096
#: the letters of a word the index of parts looks up (a longer word is checked in full after)
PREFIX = 4


class Lexicon:
    """Every spelling of one kind of word: ``names[lang][id]`` lists an id's names in a language,
    the one shown first; ``neutral[id]`` its spellings in no language (its id, ``3/6 b``);
    ``extra(folded text, language)``: one more exact reading, tried after the names (an id or
    None); ``listed``: its ids are few enough to list in an error ("the colors: ..."), and a wrong
    one is bad input. (A plain class: the module is imported on the way to any lookup.)"""

    def __init__(self, ids: list[str], names: dict[str, dict[str, list[str]]],
                 neutral: dict[str, list[str]] | None = None,
                 extra: Callable[[str, str | None], str | None] | None = None, listed: bool = False) -> None:
        self.ids = ids
        self.names = names
        self.neutral = neutral or {}
        self.extra = extra
        self.listed = listed

    @cached_property
    def idset(self) -> frozenset[str]:
        return frozenset(self.ids)

    @cached_property
    def position(self) -> dict[str, int]:
        return {i: n for n, i in enumerate(self.ids)}

    @cached_property
    def _exact(self) -> dict[str, dict[str, list[str]]]:
        """code ('' for no language) -> folded spelling -> ids, in the order they were given."""
        out: dict[str, dict[str, list[str]]] = {"": {}}
        for i in self.ids:
            for spelling in [i, *self.neutral.get(i, [])]:
                _add(out[""], fold(spelling), i)
        for lang, by_id in self.names.items():
            table = out.setdefault(lang, {})
            for i, names in by_id.items():
                for name in names:
                    if name:
                        _add(table, fold(str(name)), i)
        return out

    def order(self, lang: str | None) -> list[str]:
        """The languages, the user's first, then English, then the others."""
        return sorted(self.names, key=lambda code: (code != lang, code != "en", code))

    def exact(self, text: object, lang: str | None = None) -> list[str]:
        """The ids ``text`` spells exactly (an id, or a name: the first language that has it)."""
        key = fold(str(text))
        for code in ["", *self.order(lang)]:
            found = self._exact.get(code, {}).get(key)
            if found:
                return list(found)
        return []

    def shown(self, word_id: str, lang: str | None) -> str:
        """How ``word_id`` is shown to a user of ``lang``: its name there, else in English, else the id."""
        for code in (lang, "en"):
            names = self.names.get(code or "", {}).get(word_id)
            if names and names[0]:
                return str(names[0])
        return word_id

    def spellings(self, codes: Iterable[str]) -> list[tuple[str, str]]:
        """(folded spelling, id) of the given languages ('' for the ids and neutral spellings)."""
        out: list[tuple[str, str]] = []
        for code in codes:
            for key, ids in self._exact.get(code, {}).items():
                out += [(key, i) for i in ids]
        return out

    def group(self, codes: Iterable[str]) -> Spellings:
        """The :class:`Spellings` of the given languages, made once per set of languages (a lexicon is
        asked a word at a time: each word costs a look-up, not a pass over every name)."""
        key = tuple(codes)
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = Spellings(self.spellings(key))
        return found

    @cached_property
    def _groups(self) -> dict[tuple[str, ...], Spellings]:
        return {}

    def typo_scores(self, query: str, codes: Iterable[str]) -> dict[str, float]:
        """The spellings of the languages ``codes`` within reach of the folded ``query`` (scoring at least
        :data:`FLOOR`), with their :func:`_score`: computed once per word asked (the last :data:`REMEMBERED`
        words are remembered), in one pass of rapidfuzz over the names rather than one call a name."""
        key = (query, tuple(codes))
        found = self._typos.get(key)
        if found is None:
            while len(self._typos) >= max(REMEMBERED, 1):   # the oldest go first
                del self._typos[next(iter(self._typos))]
            found = self._typos[key] = _key_scores(query, self.group(key[1]))
        return found

    @cached_property
    def _typos(self) -> dict[tuple[str, tuple[str, ...]], dict[str, float]]:
        return {}


def _add(table: dict[str, list[str]], key: str, word_id: str) -> None:
    if key:
        ids = table.setdefault(key, [])
        if word_id not in ids:
            ids.append(word_id)


def _starts(query: list[str], words: list[str]) -> bool:
    """Every word of ``query`` starts a word of ``words``, in order."""
    i = 0
    for w in words:
        if i < len(query) and w.startswith(query[i]):
            i += 1
    return i == len(query)


def similarity(distance: int, first: str, second: str) -> float:
    """How alike two texts ``distance`` edits apart are (0-100), on the scale of rapidfuzz's normalized Indel
    ratio (the edits over the letters of both), but counting the edits as people make them: a letter
    left out, added or changed, or two neighbouring letters swapped, is one edit each (the optimal string
    alignment distance, ``rapidfuzz.distance.OSA``): ``knigth`` is one edit from ``knight``, not two."""
    total = len(first) + len(second)
    return 100.0 if total == 0 else 100.0 * (1.0 - distance / total)


def swapped(first: str, second: str) -> bool:
    """``first`` is ``second`` with two neighbouring letters swapped, and has at least :data:`MIN_SWAP` letters
    (``erd``, ``rde``: red). One such swap is one edit, yet in a word of three letters one edit scores
    83.3 (:func:`similarity`), under :data:`ACCEPT`: a swap is read as a name scoring :data:`ACCEPT`, still only
    when no other name comes within :data:`MARGIN` (two names one swap away, or one swap away and another one
    edit away, are not read). Every other edit of a short word scores as before: ``rad`` is not ``red``."""
    if len(first) != len(second) or len(first) < MIN_SWAP:
        return False
    apart = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    return (len(apart) == 2 and apart[1] == apart[0] + 1
            and first[apart[0]] == second[apart[1]] and first[apart[1]] == second[apart[0]])


def _alike(first: str, second: str) -> float:
    from rapidfuzz.distance.OSA import distance  # deferred: rapidfuzz (some 50 modules), for a word not found only

    return _read_alike(distance(first, second), first, second)


def _read_alike(distance: int, first: str, second: str) -> float:
    """:func:`similarity`, a short word with two neighbouring letters swapped scoring :data:`ACCEPT` (:func:`swapped`)."""
    alike = similarity(distance, first, second)
    return ACCEPT if alike < ACCEPT and distance == 1 and swapped(first, second) else alike


def _score(query: str, spelling: str) -> float:
    """How close ``query`` is to a spelling (0-100, :func:`similarity`): the whole of it, in any word order,
    or as many of its words as ``query`` has (weighed a little less)."""
    numbers = [w for w in query.split() if w.isdigit()]
    if numbers and not set(numbers) <= set(spelling.split()):
        return 0.0   # a number is not misspelt: "Ruse 9/9" is no flare, not a typo of "Ruse 3/6"
    ordered = " ".join(sorted(query.split()))
    best = max(_alike(query, spelling), _alike(ordered, " ".join(sorted(spelling.split()))))   # "dragon fire"
    words, n = spelling.split(), len(query.split())
    if len(query) >= 5 and len(words) > n:
        for i in range(len(words) - n + 1):
            best = max(best, PART_WEIGHT * _alike(query, " ".join(words[i:i + n])))
    return float(best)


class Spellings:
    """A lexicon's (folded spelling, id) pairs of some languages (``pairs``, in order), indexed for the
    word reader: each spelling's ids (``ids_of``, its keys the distinct spellings a typo is scored
    against), each id's first pair (``first``), the pairs some of whose words start with a given text,
    and the runs of n words of the spellings (for the partial scores), made on first use."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = pairs
        self.first: dict[str, int] = {}
        self.ids_of: dict[str, list[str]] = {}
        for n, (key, word_id) in enumerate(pairs):
            self.first.setdefault(word_id, n)
            ids = self.ids_of.setdefault(key, [])
            if word_id not in ids:
                ids.append(word_id)
        self.keys = list(self.ids_of)
        #: each distinct spelling with its words sorted (what the word order free score compares, sorted once here)
        self.sorted_keys = [" ".join(sorted(key.split())) for key in self.keys]
        self.texts = Spellings.Texts(self.keys)
        self.sorted_texts = Spellings.Texts(self.sorted_keys)
        #: the sorted spellings whose words were not in order (the others score as the spellings do)
        self.unsorted_texts = Spellings.Texts(self.sorted_keys,
                                              [k != s for k, s in zip(self.keys, self.sorted_keys, strict=True)])
        self.most_words = max((len(key.split()) for key in self.keys), default=0)
        self._windows: dict[int, tuple[Spellings.Texts, list[list[str]]]] = {}
        self._prefixes: dict[str, list[int]] | None = None

    def starting(self, words: list[str], allowed: Callable[[str], bool]) -> list[str]:
        """The allowed ids, in order and once, of the spellings each of whose ``words`` starts a word of
        the spelling, in order (:func:`_starts`): only the spellings that have a word starting as each does
        are looked at."""
        if self._prefixes is None:
            self._prefixes = {}
            for n, (key, _) in enumerate(self.pairs):
                for word in dict.fromkeys(key.split()):
                    for end in range(1, min(len(word), PREFIX) + 1):
                        at = self._prefixes.setdefault(word[:end], [])
                        if not at or at[-1] != n:
                            at.append(n)
        places: set[int] | None = None
        for word in words:
            found = self._prefixes.get(word[:PREFIX], [])
            places = set(found) if places is None else places & set(found)
            if not places:
                return []
        pairs = (self.pairs[n] for n in sorted(places or ()))
        return list(dict.fromkeys(i for key, i in pairs if allowed(i) and _starts(words, key.split())))

    class Texts:
        """Texts to score (``texts``) and those a pass looks at: all of them, or those of ``chosen`` when given
        (``chosen_texts``, with the index of each in ``texts``: ``where``)."""

        def __init__(self, texts: list[str], chosen: list[bool] | None = None) -> None:
            self.texts = texts
            self.where = [i for i in range(len(texts)) if chosen is None or chosen[i]]
            self.chosen_texts = texts if chosen is None else [texts[i] for i in self.where]

    def windows(self, n: int) -> tuple[Spellings.Texts, list[list[str]]]:
        """The distinct runs of ``n`` words of the spellings that have more words, and the spellings of each."""
        n = min(n, self.most_words)   # no spelling has more words than that: none has runs of more
        found = self._windows.get(n)
        if found is None:
            owners: dict[str, list[str]] = {}
            for key in self.keys:
                words = key.split()
                for i in range(len(words) - n + 1 if len(words) > n else 0):
                    owners.setdefault(" ".join(words[i:i + n]), []).append(key)
            found = self._windows[n] = (Spellings.Texts(list(owners)), list(owners.values()))
        return found


def _extract(query: str, texts: Spellings.Texts, least: float) -> list[tuple[int, float]]:
    """(index, :func:`similarity`) of the ``texts`` at least ``least`` alike to ``query``, in one pass of
    rapidfuzz (in C) over them. Each edit costs the Indel distance (rapidfuzz's ``ratio``, the fastest scorer)
    at most two (a letter changed or two swapped: one left out, one put in), so a text at least ``least`` alike
    has a ratio of at least ``2 least - 100``: that pass keeps the few texts that can be, each given up as soon
    as it cannot, and only they are measured with the edits as people make them."""
    where, found = texts.where, []
    for text, _, i in _extract_ratio(query, texts.chosen_texts, scorer=_ratio, processor=None,
                                     score_cutoff=max(0.0, 2.0 * least - 100.0 - 0.5), limit=None):
        alike = _read_alike(_osa(query, text), query, text)
        if alike >= least - 1e-9:
            found.append((where[i], alike))
    return found


def _load_scorers() -> None:
    """rapidfuzz's pieces the typo reader uses, imported on the first typo (not on the way to every look-up)."""
    global _extract_ratio, _ratio, _osa
    from rapidfuzz.distance.OSA import distance  # deferred: rapidfuzz (some 50 modules), for a word not found only
    from rapidfuzz.fuzz import ratio  # deferred: rapidfuzz (some 50 modules), for a word not found only
    from rapidfuzz.process import extract  # deferred: rapidfuzz (some 50 modules), for a word not found only

    _extract_ratio, _ratio, _osa = extract, ratio, distance


_extract_ratio: Any = None
_ratio: Any = None
_osa: Any = None


def _key_scores(query: str, spellings: Spellings) -> dict[str, float]:
    """The :func:`_score` of ``query`` and each distinct spelling that scores at least :data:`FLOOR`
    (the others play no part): a pass of rapidfuzz (in C) per kind of score over the spellings of the lengths
    that can reach the floor, each stopping early where a spelling is too many edits away."""
    if _osa is None:
        _load_scorers()
    numbers = {w for w in query.split() if w.isdigit()}
    best: dict[str, float] = {}

    def keep(key: str, score: float) -> None:
        if score >= FLOOR and score > best.get(key, -1.0) and (not numbers or numbers <= set(key.split())):
            best[key] = score

    keys = spellings.keys
    for index, alike in _extract(query, spellings.texts, FLOOR):
        keep(keys[index], alike)
    # the words of both sorted ("dragon fire" is "fire dragon"), the spellings' sorted once; a query whose
    # words are in order only differs from the first pass on the spellings whose words are not
    ordered = " ".join(sorted(query.split()))
    for index, alike in _extract(ordered, spellings.sorted_texts if ordered != query else spellings.unsorted_texts,
                                 FLOOR):
        keep(keys[index], alike)
    if len(query) >= 5:
        texts, owners = spellings.windows(len(query.split()))
        for index, alike in _extract(query, texts, FLOOR / PART_WEIGHT):
            for key in owners[index]:
                keep(key, float(PART_WEIGHT * alike))
    return best


def _scores(scores: dict[str, float], spellings: Spellings, allowed: Callable[[str], bool]) -> list[tuple[float, str]]:
    """Each allowed id's best score among ``spellings`` (the spellings' scores: :func:`_key_scores`), best
    first, ties in the order of the spellings."""
    best: dict[str, float] = {}
    for key, s in scores.items():
        for word_id in spellings.ids_of.get(key, ()):
            if allowed(word_id) and s > best.get(word_id, -1.0):
                best[word_id] = s
    return sorted(((s, i) for i, s in best.items()), key=lambda si: (-si[0], spellings.first[si[1]]))


def find_word(lexicon: Lexicon, kind: str, value: object, *, lang: str | None = None,
              among: Collection[str] | None = None, where: str = "",
              wrong: Callable[[str], TashkalarError] | None = None) -> str:
    """The id of the ``kind`` of word ``value`` names (see the module's docstring), among
    ``among`` when given; otherwise a :class:`NotFoundError` (key ``word.<kind>`` or
    ``word-ambiguous``) naming ``where``, whose words (the values allowed, the candidates, the
    ``hints``) are :class:`~tashkalar_cli.errors.Term` s: ids for programs, named in the user's language
    where the error is printed; ``lang`` ranks the suggestions. ``wrong(id)``: the error for a name that
    is exactly one outside ``among``."""
    text = str(value).strip()
    if unsafe(text):  # a control character or a bidi override inside a word: refused, never read without it
        raise InputError(key="word-control", where=where, value=quote(value))
    ok: Callable[[str], bool] = (lambda i: True) if among is None else (lambda i: i in among)
    if text in lexicon.idset and ok(text):
        return text
    query = fold(text)
    codes = lexicon.order(lang)
    found = _exactly(lexicon, kind, value, query, codes, ok, where, lang)
    if found is not None:
        return found
    outside = [i for i in lexicon.exact(text, lang) if not ok(i)]
    if outside and wrong is not None:
        error = wrong(outside[0])
        raise error.at(where) if where else error
    groups = (["", lang] if lang in lexicon.names else ["", "en"], ["", *codes])   # the user's language, every one
    found = _by_part(lexicon, kind, value, query, groups, ok, where)
    if found is not None:
        return found
    found, hints = _by_typo(lexicon, query, groups, ok)
    if found is not None:
        return found
    raise _not_found(lexicon, kind, value, ok, where, hints)


def _exactly(lexicon: Lexicon, kind: str, value: object, query: str, codes: list[str], ok: Callable[[str], bool],
             where: str, lang: str | None) -> str | None:
    """1. exactly: an id or a neutral spelling, then a name, the user's language first; then the
    lexicon's own reading (``extra``); None when nothing is exactly so."""
    for code in ["", *codes]:
        found = [i for i in lexicon._exact.get(code, {}).get(query, []) if ok(i)]
        if len(found) == 1:
            return found[0]
        if found:
            raise _ambiguous(lexicon, kind, value, found, where)
    if query and lexicon.extra is not None:
        extra = lexicon.extra(query, lang)
        if extra is not None and ok(extra):
            return extra
    return None


def _by_part(lexicon: Lexicon, kind: str, value: object, query: str, groups: tuple[list[str], list[str]],
             ok: Callable[[str], bool], where: str) -> str | None:
    """2. a part of a name: the user's language first, then any."""
    words = query.split()
    if len(query.replace(" ", "")) >= MIN_PART:
        for group in groups:
            found = lexicon.group(group).starting(words, ok)
            if len(found) == 1:
                return found[0]
            if found:
                raise _ambiguous(lexicon, kind, value, found, where)
    return None


def _by_typo(lexicon: Lexicon, query: str, groups: tuple[list[str], list[str]],
             ok: Callable[[str], bool]) -> tuple[str | None, list[str]]:
    """3. a typo of one name, clearly closer than any other; else no id, and the names to suggest."""
    if not query:
        return None, []
    mine, every = groups
    scores = lexicon.typo_scores(query, every)   # ``mine`` is a part of ``every``: scored once for both
    local = _scores(scores, lexicon.group(mine), ok)
    anywhere = _scores(scores, lexicon.group(every), ok)
    for ranked in (local, anywhere):
        if ranked and ranked[0][0] >= ACCEPT and (len(ranked) == 1 or ranked[1][0] <= ranked[0][0] - MARGIN):
            return ranked[0][1], []
    return None, [i for s, i in local if s >= SUGGEST][:SHOWN] or [i for s, i in anywhere if s >= SUGGEST_OTHER][:SHOWN]


def _not_found(lexicon: Lexicon, kind: str, value: object, ok: Callable[[str], bool], where: str,
               hints: list[str]) -> TashkalarError:
    """The error of a word that names nothing: the values allowed (when the lexicon lists them) and the hints."""
    ids = [i for i in lexicon.ids if ok(i)] if lexicon.listed else []
    # the words are Terms (``word:<kind>``), named in the user's language where the error is printed, as every
    # game word of every error is (command.localize.Words.namer); English in the message programs read
    term = f"word:{kind}"
    english = say_term(Term(term, ids), lambda key: None, lambda _kind, i: lexicon.shown(i, "en"))
    kind_of_error: type[TashkalarError] = InputError if lexicon.listed else NotFoundError
    return kind_of_error(key=f"word.{kind}", where=where, value=quote(value), allowed=Term(term, ids, english=english),
                         hints=[Term(term, i) for i in hints])


def _ambiguous(lexicon: Lexicon, kind: str, value: object, found: list[str], where: str) -> TashkalarError:
    found = sorted(found, key=lexicon.position.__getitem__)   # in the data's order, whatever matched first
    term = f"word:{kind}"
    candidates = Term(term, found, most=SHOWN)
    english = say_term(candidates, lambda key: None, lambda _kind, i: lexicon.shown(i, "en"))
    kind_of_error: type[TashkalarError] = InputError if lexicon.listed else NotFoundError
    return kind_of_error(key="word-ambiguous", where=where, value=quote(value),
                         candidates=Term(term, found, english=english, most=SHOWN), count=len(found),
                         hints=[Term(term, i) for i in found[:SHOWN]], shown=[])   # the message lists them



def find_game(value: str) -> str:
    """The id of the game ``value`` names (``--game``, ``TASHKALAR_GAME``): its id or one of its
    names in the registry (:attr:`GamePack.names <tashkalar_cli.data.paths.GamePack>`), read as every
    word is (case, accents, punctuation, a typo); otherwise one line naming the games."""
    from tashkalar_cli.data.paths import GAMES  # deferred: the registry, for a line naming a game only

    lexicon = Lexicon(list(GAMES), {}, neutral={i: list(pack.names) for i, pack in GAMES.items()}, listed=True)
    try:
        return find_word(lexicon, "game", value)
    except TashkalarError:
        raise InputError(key="unknown-game", game=quote(value), games=", ".join(GAMES)) from None


def fixed_lexicon(kind: str, ids: Iterable[str], locales: Mapping[str, Mapping[str, Any]]) -> Lexicon:
    """The lexicon of a fixed kind of value, named by the ``<kind>.<id>`` messages and the
    ``words:`` forms of every language."""
    values = list(ids)
    names: dict[str, dict[str, list[str]]] = {}
    for lang, texts in locales.items():
        messages, extra = texts.get("ui", {}), texts.get("words", {})
        names[lang] = {v: [str(f) for f in [messages.get(f"{kind}.{v}"), *extra.get(f"{kind}.{v}", [])] if f]
                       for v in values}
    return Lexicon(values, names, listed=True)


class View:
    """A kind of word read in another kind's lexicon, among some of its ids (a being is a card);
    ``wrong(id, value)``: the error for a word that names exactly one outside them."""

    def __init__(self, base: str, ids: Callable[[], Collection[str]],
                 wrong: Callable[[str, object], TashkalarError] | None = None) -> None:
        self.base, self.ids, self.wrong = base, ids, wrong

    @cached_property
    def idset(self) -> frozenset[str]:
        """The ids, made once (a word is read at a time: a record may name thousands)."""
        return frozenset(self.ids())


class Vocabulary:
    """Every kind of word a user may type, by kind: the fixed values named in ui.yaml, and the
    lexicons given by ``lexicons`` (built on first use: cards, keywords) and their ``views``."""

    def __init__(self, locales: Mapping[str, Mapping[str, Any]], ids: Mapping[str, Iterable[str]],
                 lexicons: Mapping[str, Callable[[], Lexicon]] | None = None,
                 views: Mapping[str, View] | None = None) -> None:
        self._locales = locales
        self._ids = {kind: list(values) for kind, values in ids.items()}
        self._makers = dict(lexicons or {})
        self._views = dict(views or {})
        self._built: dict[str, Lexicon] = {}

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of word this vocabulary reads."""
        return frozenset((*self._ids, *self._makers, *self._views))

    def lexicon(self, kind: str) -> Lexicon:
        found = self._built.get(kind)
        if found is None:
            if kind in self._ids:
                found = fixed_lexicon(kind, self._ids[kind], self._locales)
            elif kind in self._makers:
                found = self._makers[kind]()
            else:
                raise KeyError(kind)
            self._built[kind] = found
        return found

    def find(self, kind: str, value: object, *, lang: str | None = None, among: Collection[str] | None = None,
             where: str = "") -> str:
        """The id ``value`` names: :func:`find_word` in the lexicon of ``kind``."""
        view = self._views.get(kind)
        if view is None:
            return find_word(self.lexicon(kind), kind, value, lang=lang, among=among, where=where)
        ids = view.idset
        chosen = ids if among is None else ids & set(among)
        make = view.wrong
        wrong = (lambda other: make(other, value)) if make is not None else None
        return find_word(self.lexicon(view.base), kind, value, lang=lang, among=chosen, where=where, wrong=wrong)

    def resolve(self, kind: str, word: object) -> str | None:
        """The id ``word`` spells exactly (an id or a name in any language), or None: no guess."""
        view = self._views.get(kind)
        lexicon = self.lexicon(view.base if view else kind)
        found = lexicon.exact(word)
        if view is not None:
            found = [i for i in found if i in view.idset]
        return found[0] if len(found) == 1 else None

    def shown(self, kind: str, word_id: str, lang: str | None) -> str:
        view = self._views.get(kind)
        return self.lexicon(view.base if view else kind).shown(word_id, lang)

    def ids(self, kind: str) -> list[str]:
        view = self._views.get(kind)
        if view is not None:
            return list(view.ids())
        return list(self._ids[kind]) if kind in self._ids else list(self.lexicon(kind).ids)

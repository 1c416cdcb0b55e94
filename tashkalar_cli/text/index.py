"""The search index of the rules reference: every rule, keyword and erratum, in every language.

A question is answered the way a search engine answers it (BM25F, a standard ranking function):

- each entry is a document with fields: its title (for a keyword, its term and synonyms), its
  text (rule text, definition, ruling), for a rule its section's title and its player phrasings
  (``asks:`` of the language's ``rules.yaml``: how players ask about it, in their words, so that
  "give up" or "throw in the towel" meets "resign"), and its *concepts*, the glossary keywords it is about (the
  links of ``cards/rules.yaml`` ``keywords:`` and ``cards/glossary.yaml`` ``rules:``, and every
  term, synonym or form of a keyword found in its texts, in any language);
- texts are indexed as a player reads them: placeholders filled with the numbers of
  ``cards/game.yaml``, folded (case and accents do not count), without the language's stopwords,
  and stemmed with that language's Snowball stemmer (``language: stemmer:`` in its ``ui.yaml``);
- a question is read in its own language (the one whose stopwords and words it uses most, else
  the caller's); a keyword named in it, in any language, counts as a concept, so that "Ruse" or
  "impeto" finds the flare rules (a name inside a longer one counts when both are of one language:
  "giocare un impeto" names a flare, the "duel" of "Duel Ancestral" is no duel); the other
  languages are searched too, with a lower weight;
- a card named in it, in any language ("Chevalier", "Maestro de la Espada"), counts for the rules
  of its kind of card (being, legend, task) and, a little, for those of its keywords;
- a stopword that names a keyword ("may", "peut", "puedes", "puoi") is the subject of a question
  that quotes it or asks what it means (``search: mentions:`` of the language): it is kept then,
  and the keyword's other names in that language count with it ("puedes" finds "poder");
- a group of synonyms (``search: synonyms:``) is found by the stems of its words, in order, so
  that "no me quedan fichas" meets "quedarse sin"; a group counts once, for the phrase that fits an
  entry best (and a little for the next best one), a phrase the question did not say counting for
  no more words than it said ("ceder el control" for "paso el turno"), and one of its phrases names
  a keyword only when all of it is that keyword's name;
- a question naming a form of play (a keyword of the ``mode`` category whose name is a mode's name
  in the interface) ranks the rules of other forms lower; a question asking for a number
  (``search: quantities:``) ranks the entries whose text gives one a little higher, and more when
  the number counts what the question counts ("how many points": "18 points");
- a rule one of whose player phrasings the question says in full (every word of it, but its
  stopwords, in any order, or through a synonym) ranks a little higher, the more so as the
  phrasing says more of the question;
- a question made only of the names of keywords, one keyword or asked what they mean ("c'est
  quoi une pièce promue ?", "qué significa degradar una ficha"), asks what they are: the rules that
  define them (titled by one keyword's name in every language: "Combat move", "Team play") rank
  higher;
- the phrases that only frame a question (``search: idioms:``: "que se passe-t-il", "how does it
  work") are not searched, nor indexed in the player phrasings: the "passe" of "que se passe-t-il"
  is no passing of control;
- a question mostly made of words no language of the tool knows is :attr:`Query.foreign`;
- rules come first on equal scores when they are more specific: deeper numbers, shorter texts.

The index is plain JSON data, built once from the validated data by :func:`build_index` (the
loader stores it with the cached data) and read by :class:`SearchIndex`.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Any

from tashkalar_cli.text.search import Stemmer, tokens

FORMAT = 10
PART = "search_index"
KINDS = ("rule", "keyword", "erratum")

#: BM25F: weight and length normalisation of each field, and term saturation
#: the asks: how players ask about a rule (``asks:`` of the language's rules.yaml), in their words
TEXT_FIELDS = ("title", "text", "section", "asks")   # the section: a rule's section title
FIELD_WEIGHT = {"title": 2.5, "text": 1.0, "section": 2.0, "asks": 1.5, "concept": 2.0}
FIELD_B = {"title": 0.3, "text": 0.75, "section": 0.0, "asks": 0.5, "concept": 0.3}
K1 = 1.2
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
#: a word of a question no language knows is read as a typo of a word of the texts from this many
#: letters (one letter away), and from the second number two letters away
TYPO_LENGTH, TYPO_LENGTH2 = 5, 8
#: a question is in a language the tool does not have when, with at least this many words, fewer
#: than this share of them are known to its best language
FOREIGN_WORDS, FOREIGN_SHARE = 3, 0.55
#: the quotation marks a question may put around the word it is about
_QUOTED = re.compile(r'"([^"]+)"|«([^»]+)»|“([^”]+)”|„([^“”]+)[“”]|‘([^’]+)’|`([^`]+)`'
                     r"|(?<![\w'’])'([^']+)'(?![\w'’])", re.UNICODE)


def _distance(a: str, b: str, bound: int) -> int:
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


def number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split(".")) if number else ()


# --------------------------------------------------------------------------- building

def _fill(text: str, params: Mapping[str, Any]) -> str:
    from tashkalar_cli.text.i18n import fill

    return fill(text, dict(params))


class _Forms:
    """Keyword terms, synonyms and forms as folded word sequences, found in a list of words.

    A form (``forms:``) matches at the start of a word ("impet" finds "impeti"); a term or a
    synonym matches whole words. Longer matches win and matches do not overlap.
    """

    def __init__(self, items: Iterable[tuple[tuple[str, ...], str, bool, str]]) -> None:
        self.items = sorted(set(items), key=lambda x: (-len(x[0]), -len(" ".join(x[0])), x))
        self.by_word: dict[str, list[int]] = defaultdict(list)     # by the exact first word
        self.by_prefix: dict[str, list[int]] = defaultdict(list)   # one-word forms, by their first 3 letters
        for n, (form, _kid, whole, _lang) in enumerate(self.items):
            if len(form) > 1 or whole:
                self.by_word[form[0]].append(n)
            else:
                self.by_prefix[form[0][:3]].append(n)

    @classmethod
    def of(cls, glossaries: Mapping[str, Mapping[str, Any]]) -> _Forms:
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

    def matches(self, words: list[str], skip: frozenset[str] | set[str] = frozenset()) -> list[tuple[int, int, int, str, str]]:
        """Every (form number, start, size, keyword id, language) found in ``words``, overlaps included;
        a match made only of ``skip`` words is left out."""
        out = []
        for i, word in enumerate(words):
            for n in (*self.by_word.get(word, ()), *self.by_prefix.get(word[:3], ())):
                form, kid, whole, lang = self.items[n]
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
        def order(match: tuple[int, int, int, str, str]) -> tuple[int, int, bool, int, int]:
            n, i, size, _kid, lang = match   # longer names first, then the ``prefer`` language's
            return (-size, -len(" ".join(self.items[n][0])), lang != prefer, n, i)

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


def _pairs(stems: list[str], stop: set[str]) -> set[str]:
    """Two words in a row ("invoqu sur", "summon onto"), as "stem stem", unless both are stopwords:
    a title saying what the question says in the same words, its small words included."""
    return {f"{a} {b}" for a, b in pairwise(stems) if not (a in stop and b in stop)}


def _titled(forms: _Forms, words: list[str], stop: set[str], lang: str) -> str | None:
    """The keyword a title is the name of ("Combat move", "Team play"), if it names one and nothing else."""
    found = forms.find(words, skip=stop, prefer=lang)
    content = {j for j, w in enumerate(words) if w not in stop}
    if len(found) == 1 and content and content <= set(range(*found[0][1])):
        return found[0][0]
    return None


def _framing(words: list[str], idioms: Iterable[str]) -> set[int]:
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


def _subjects(keywords: Mapping[str, Any], stop: set[str]) -> set[str]:
    """The stopwords of a language that name a keyword on their own ("may", "peut", "puoi"): they
    are indexed, and kept in a question that is about them."""
    out = set()
    for entry in keywords.values():
        for text in [entry["term"], *entry.get("synonyms", []), *entry.get("forms", [])]:
            words = tokens(text.rstrip("$"))
            if len(words) == 1 and words[0] in stop:
                out.add(words[0])
    return out


def _cards(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]],
           stops: Mapping[str, set[str]], common: Mapping[str, set[str]]) -> list[list[Any]]:
    """The card names of every language as the search finds them in a question: [words, card id,
    kind keyword, card keywords, language]. The words are the name's without its stopwords
    ("Maestro de la Espada": maestro, espada); a name made only of words of the rules ("Destruction",
    "Legendary Summoning") is left to the words, which already say what it is about."""
    out: dict[tuple[tuple[str, ...], str], list[Any]] = {}
    for part, section, kind in CARD_PARTS:
        for card in facts.get(part) or ():
            own = "legend" if kind == "being" and card.get("rank") == "legendary" else kind
            for lang in sorted(locales):
                name = ((locales[lang].get(section) or {}).get(card["id"]) or {}).get("name")
                words = tokens(name or "")
                key = tuple(w for w in words if w not in stops.get(lang, ())) or tuple(words)
                if not key or all(w in common.get(lang, ()) for w in key):
                    continue
                out.setdefault((key, card["id"]), [list(key), card["id"], own, sorted(card.get("keywords", ())), lang])
    return [out[k] for k in sorted(out)]


def _modes(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]],
           glossary: list[Mapping[str, Any]]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The forms of play the keywords name (keyword id -> mode ids: a keyword of the ``mode`` category
    whose term or synonym is a mode's name in the interface, ``mode.<id>``), and the forms each rule
    applies to (rule id -> mode ids, team play included where the rules say it is played as a form)."""
    from tashkalar_cli.text.search import fold

    rules = facts["rules"]
    played_as = rules.get("played_as") or {}
    doc_modes: dict[str, list[str]] = {}
    for r in rules["rules"]:
        own = set(r.get("modes") or ())
        for mode, forms in played_as.items():
            if own & set(forms) and mode not in r.get("excludes", ()):
                own.add(mode)
        if own:
            doc_modes[r["id"]] = sorted(own)
    every = sorted({m for ms in doc_modes.values() for m in ms})
    names: dict[str, str] = {}
    for loc in locales.values():
        for mode in every:
            name = (loc.get("ui") or {}).get(f"mode.{mode}")
            if name:
                names.setdefault(fold(str(name)), mode)
    modes: dict[str, list[str]] = {}
    for k in glossary:
        if k.get("category") != "mode":
            continue
        found = {names[fold(text)] for loc in locales.values()
                 for entry in [(loc.get("keywords") or {}).get(k["id"]) or {}]
                 for text in [entry.get("term", ""), *entry.get("synonyms", [])] if fold(text) in names}
        if found:
            modes[k["id"]] = sorted(found)
    return modes, doc_modes


def build_index(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The search index of the data, as derived parts of the dataset (plain JSON values): ``PART``
    (the entries, their concepts, the keyword forms, the card names, each language's stopwords and
    synonyms) and ``PART.<lang>`` (a language's words: vocabulary, field lengths, postings), read on
    demand."""
    from tashkalar_cli.data.dataset import flatten

    params = flatten(facts["game"])
    rules = sorted(facts["rules"]["rules"], key=lambda r: number_key(r["number"]))
    glossary = list(facts["glossary"])
    errata = list(facts["errata"])
    docs: list[list[Any]] = []   # [kind, id, number]
    for r in rules:
        docs.append(["rule", r["id"], r["number"]])
    for k in glossary:
        docs.append(["keyword", k["id"], ""])
    for e in errata:
        docs.append(["erratum", e["id"], ""])
    where = {(kind, eid): i for i, (kind, eid, _) in enumerate(docs)}
    section_of = {r["id"]: r["section"] for r in rules}

    langs = sorted(locales)
    forms = _Forms.of({lang: locales[lang].get("keywords", {}) for lang in langs})

    # concepts: the entry's own keyword, structural links, and keywords named in its texts
    # (kid -> [own keyword, linked, share of the languages whose texts name it])
    concepts: list[dict[str, list[float]]] = [{} for _ in docs]

    def add(i: int, kid: str, how: int, value: float = 1.0) -> None:
        cell = concepts[i].setdefault(kid, [0, 0, 0.0])
        cell[how] = max(cell[how], value)

    known = {k["id"] for k in glossary}
    for r in rules:
        for kid in r.get("keywords", ()):
            if kid in known:
                add(where["rule", r["id"]], kid, 1)
    for k in glossary:
        add(where["keyword", k["id"]], k["id"], 0)
        for rid in k.get("rules", ()):
            if ("rule", rid) in where:
                add(where["rule", rid], k["id"], 1)

    out_langs: dict[str, Any] = {}
    meta: dict[str, Any] = {}
    stops: dict[str, set[str]] = {}
    found_in: list[dict[str, int]] = [defaultdict(int) for _ in docs]
    titled: list[list[str | None]] = [[] for _ in docs]   # per rule, the keyword its title names in each language
    numbered: set[int] = set()   # the entries whose text gives a number
    for lang in langs:
        loc = locales[lang]
        language = loc.get("language", {}) or {}
        search = loc.get("search", {}) or {}
        stemmer = Stemmer(language.get("stemmer"))
        stop = {w for s in search.get("stopwords", []) for w in tokens(s)}
        stops[lang] = stop
        subjects = _subjects(loc.get("keywords", {}), stop)
        idioms = sorted({" ".join(tokens(s)) for s in search.get("idioms", [])} - {""})
        postings: dict[str, dict[int, list[float]]] = defaultdict(dict)
        lengths: dict[str, list[int]] = {f: [0] * len(docs) for f in TEXT_FIELDS}
        vocab: dict[str, str] = {}
        pairs: dict[str, list[int]] = defaultdict(list)   # "stem stem" of two words in a row in a title -> entries
        phrasings: dict[int, list[str]] = defaultdict(list)   # a rule's phrasings: the stems of their words, sorted
        units: dict[str, list[int]] = defaultdict(list)   # stem of a word after a number in a text -> entries
        for i, (kind, eid, _) in enumerate(docs):
            section = {"rule": "rules", "keyword": "keywords", "erratum": "errata"}[kind]
            entry = loc.get(section, {}).get(eid)
            if not entry:
                continue
            if kind == "rule":
                title, text = entry.get("title", ""), entry.get("text", "")
            elif kind == "keyword":
                title = " ".join([entry.get("term", ""), *entry.get("synonyms", [])])
                text = entry.get("definition", "")
            else:
                title, text = entry.get("title", ""), entry.get("ruling", "")
            section_title, asks = "", ""
            if kind == "rule":
                section_title = (loc.get("sections", {}).get(section_of[eid]) or {}).get("title", "")
                asks = " ".join(str(a) for a in (loc.get("asks") or {}).get(eid, ()))
            elif kind == "erratum":   # how players ask whether the books disagree, for every erratum
                asks = " ".join(str(a) for a in search.get("errata_asks", ()))
            if re.search(r"\{[a-z_]+\}|\d", text):
                numbered.add(i)
            for phrasing in (loc.get("asks") or {}).get(eid, ()) if kind == "rule" else ():
                words = tokens(str(phrasing))
                framing = _framing(words, idioms)
                content = sorted({stemmer(w) for j, w in enumerate(words) if j not in framing and w not in stop and len(w) > 1})
                if len(content) >= 2 and " ".join(content) not in phrasings[i]:
                    phrasings[i].append(" ".join(content))
            for fld, raw in (("title", title), ("text", text), ("section", section_title), ("asks", asks)):
                words = tokens(_fill(raw, params) if fld != "asks" else raw)
                if fld == "title" and kind == "rule":
                    for pair in _pairs([stemmer(w) for w in words], {stemmer(w) for w in stop}):
                        if i not in pairs[pair]:
                            pairs[pair].append(i)
                    titled[i].append(_titled(forms, words, stop, lang))
                for kid, _span in forms.find(words, prefer=lang) if fld != "asks" else ():   # what it says, not what is asked
                    found_in[i][kid] += 1
                if fld == "text":   # what the entry counts: the word after each of its numbers
                    for j, w in enumerate(words[:-1]):
                        if w.isdigit() and words[j + 1] not in stop and i not in units[stemmer(words[j + 1])]:
                            units[stemmer(words[j + 1])].append(i)
                framing = _framing(words, idioms) if fld == "asks" else set()   # asked as players ask
                kept = [w for j, w in enumerate(words) if (w not in stop or w in subjects) and (len(w) > 1 or w.isdigit())
                        and j not in framing]
                lengths[fld][i] = len(kept)
                for w in kept:
                    stem = stemmer(w)
                    vocab[w] = stem
                    cell = postings[stem].setdefault(i, [0] * len(TEXT_FIELDS))
                    cell[TEXT_FIELDS.index(fld)] += 1
        for entry in loc.get("keywords", {}).values():  # terms count as words of the language
            for text in [entry["term"], *entry.get("synonyms", []), *entry.get("forms", [])]:
                for w in tokens(text.rstrip("$")):
                    if w not in stop:
                        vocab.setdefault(w, stemmer(w))
        synonyms = [[" ".join(tokens(p)) for p in group] for group in search.get("synonyms", [])]
        for group in synonyms:
            for phrase in group:
                for w in phrase.split():
                    vocab.setdefault(w, stemmer(w))
        meta[lang] = {
            "stemmer": language.get("stemmer"),
            "stopwords": sorted(stop),
            "subjects": sorted(subjects),
            "mentions": sorted({w for s in search.get("mentions", []) for w in tokens(s)}),
            "quantities": sorted({" ".join(tokens(s)) for s in search.get("quantities", [])} - {""}),
            "idioms": idioms,
            "synonyms": synonyms,
            "name": str(language.get("name") or lang),
        }
        out_langs[lang] = {
            "vocab": vocab,
            "lengths": lengths,
            "postings": {stem: [[i, *cell] for i, cell in sorted(cells.items())] for stem, cells in postings.items()},
            "pairs": dict(pairs),
            "phrasings": {str(i): p for i, p in phrasings.items()},
            "units": dict(units),
        }
    for i, counts in enumerate(found_in):
        for kid, n in counts.items():
            add(i, kid, 2, round(min(1.0, n / max(1, len(langs))), 3))
    defines: dict[str, list[int]] = defaultdict(list)   # a rule titled by a keyword's name in every language
    for i, names in enumerate(titled):
        if len(names) == len(langs) and names[0] and len(set(names)) == 1:
            defines[names[0]].append(i)
    concept_postings: dict[str, list[list[Any]]] = defaultdict(list)
    for i, found in enumerate(concepts):
        for kid, cell in sorted(found.items()):
            concept_postings[kid].append([i, *cell])
    text_len = []
    for i in range(len(docs)):
        text_len.append(min((out_langs[lang]["lengths"]["text"][i] for lang in langs
                             if out_langs[lang]["lengths"]["text"][i]), default=0))
    rule_words = {lang: set(out_langs[lang]["vocab"]) | {w for f, _k, _w, fl in forms.items if fl == lang for w in f}
                  for lang in langs}
    modes, doc_modes = _modes(facts, locales, glossary)
    common = {
        "format": FORMAT,
        "docs": docs,
        "text_len": text_len,
        "concepts": dict(concept_postings),
        "forms": [[list(f), kid, whole, lang] for f, kid, whole, lang in forms.items],
        "cards": _cards(facts, locales, stops, rule_words),
        "numbered": sorted(numbered),
        "defines": dict(defines),
        "modes": modes,
        "doc_modes": [doc_modes.get(eid) if kind == "rule" else None for kind, eid, _ in docs],
        "langs": meta,
    }
    return {PART: common, **{f"{PART}.{lang}": part for lang, part in out_langs.items()}}


# --------------------------------------------------------------------------- searching

@dataclass(frozen=True)
class Hit:
    """One entry found: its kind (rule, keyword, erratum), id, rule number ("" otherwise), score,
    and the language whose text matched best."""

    kind: str
    id: str
    number: str
    score: float
    lang: str


@dataclass(frozen=True)
class Query:
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

    @property
    def foreign(self) -> bool:
        """Whether the question is written in a language the tool does not have: too few of its
        words are known to any of the tool's languages."""
        return self.known < FOREIGN_SHARE


class SearchIndex:
    """Ranks the entries of :func:`build_index`'s parts for a free-form question.

    ``parts`` maps part names to their data (a dataset's ``derived`` parts, read on first use): a
    question reads the common part and its own language's; another language's part is read only
    when the question has words that only that language knows.
    """

    def __init__(self, parts: Mapping[str, Any]) -> None:
        self.parts = parts
        self.data = parts[PART]
        self.docs = self.data["docs"]
        self.langs: Mapping[str, Any] = self.data["langs"]
        self._stemmers: dict[str, Stemmer] = {}
        self._stop = {lang: set(v["stopwords"]) for lang, v in self.langs.items()}
        self._avg: dict[str, dict[str, float]] = {}
        self._asked: dict[str, dict[int, list[frozenset[str]]]] = {}
        self._stem_sets: dict[str, set[str]] = {}
        self._groups: dict[str, list[list[tuple[str, ...]]]] = {}
        self._by_shape: dict[str, dict[tuple[str, int], list[str]]] = {}
        self._all_words: set[str] | None = None

    def words(self, lang: str) -> Mapping[str, Any]:
        """The words of one language: ``vocab`` (folded word -> stem), field ``lengths``, ``postings``."""
        words: Mapping[str, Any] = self.parts[f"{PART}.{lang}"]   # JSON from the cache
        return words

    def stemmer(self, lang: str) -> Stemmer:
        if lang not in self._stemmers:
            self._stemmers[lang] = Stemmer(self.langs[lang].get("stemmer"), self.words(lang)["vocab"])
        return self._stemmers[lang]

    @cached_property
    def concept_len(self) -> list[float]:
        """Per entry, the summed strength of its concepts (the length of its concept field)."""
        out = [0.0] * len(self.docs)
        for plist in self.data["concepts"].values():
            for i, own, linked, found in plist:
                out[i] += max(SELF * own, LINKED * linked, FOUND * found)
        return out

    @cached_property
    def forms(self) -> _Forms:
        return _Forms((tuple(f), kid, whole, lang) for f, kid, whole, lang in self.data["forms"])

    def language_names(self) -> list[str]:
        """The names of the languages a question may be asked in, each in its own language."""
        return [str(self.langs[lang].get("name") or lang) for lang in sorted(self.langs)]

    @cached_property
    def cards(self) -> dict[str, list[tuple[tuple[str, ...], str, str, tuple[str, ...], str]]]:
        """The card names of :func:`build_index`, by their first word, longer names first."""
        out: dict[str, list[tuple[tuple[str, ...], str, str, tuple[str, ...], str]]] = defaultdict(list)
        for key, cid, kind, keywords, lang in sorted(self.data.get("cards", ()), key=lambda c: -len(c[0])):
            out[key[0]].append((tuple(key), cid, kind, tuple(keywords), lang))
        return out

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
        framing = _framing(words, self.langs[chosen].get("idioms", ()))
        masked = ["" if j in in_card or j in framing else w for j, w in enumerate(words)]
        # a stopword naming a keyword is the subject when quoted or when the question asks what it means
        quoted = {w for m in _QUOTED.finditer(question) for w in tokens(next(g for g in m.groups() if g))}
        info = self.langs[chosen]
        about = bool(set(info.get("mentions", ())) & set(words))
        subjects = {w for w in masked if w in info.get("subjects", ()) and (w in quoted or about)}
        content = [w for w in masked if w and w not in stop and (len(w) > 1 or w.isdigit())]
        if not content:   # nothing else to go by: "may?"
            subjects |= {w for w in masked if w in info.get("subjects", ())}
        found = self.forms.find(masked, skip=stop - subjects, nested=True, prefer=chosen)
        concepts = [kid for kid, _span in found]
        inside = {j for _kid, (start, end) in found for j in range(start, end)}
        mentions = set(info.get("mentions", ())) if subjects else set()   # "says", "dice": about the word, not the rules
        kept = [w for w in masked if w and (w not in stop or w in subjects) and w not in mentions
                and (len(w) > 1 or w.isdigit())]
        named = tuple(dict.fromkeys(w for j, w in enumerate(words) if j in inside))
        # how much of the question a language knows, as typed: a word of another language is no typo
        known = self._known(typed, inside | in_card, chosen)
        if known < FOREIGN_SHARE:
            known = max([known, *(self._known(typed, inside | in_card, other) for other in sorted(self.langs)
                                  if other != chosen)])
        before = {start - 1 for _cid, _lang, (start, _end) in cards if start and words[start - 1] in stop}
        plain = tuple(w for j, w in enumerate(words) if j not in in_card and j not in before and j not in framing)
        return Query(question, chosen, tuple(kept), tuple(dict.fromkeys(concepts)), tuple(words), named,
                     tuple(dict.fromkeys(cid for cid, _lang, _span in cards)), tuple(sorted(subjects)), round(known, 3),
                     plain)

    def _spellings(self, lang: str) -> dict[tuple[str, int], list[str]]:
        """The words of a language's texts by their first letter and length, for :meth:`correct`."""
        if lang not in self._by_shape:
            shapes: dict[tuple[str, int], list[str]] = defaultdict(list)
            for word in sorted(self.words(lang)["vocab"]):
                if not word.isdigit():
                    shapes[word[0], len(word)].append(word)
            self._by_shape[lang] = dict(shapes)
        return self._by_shape[lang]

    def correct(self, word: str, lang: str) -> str:
        """``word``, or the word of ``lang``'s texts it is a typo of: a word no language of the tool
        knows (nor a card name), of at least :data:`TYPO_LENGTH` letters, one letter away (added,
        dropped, changed, or two swapped; two from :data:`TYPO_LENGTH2` letters) from a word of the
        texts starting with the same letter ("legand": "legend"); the closest, then the first in
        alphabetical order."""
        if len(word) < TYPO_LENGTH or word.isdigit() or self._is_known(word, lang):
            return word
        bound = 2 if len(word) >= TYPO_LENGTH2 else 1
        shapes = self._spellings(lang)
        best: tuple[int, str] | None = None
        for size in range(len(word) - bound, len(word) + bound + 1):
            for other in shapes.get((word[0], size), ()):
                d = _distance(word, other, bound)
                if d <= bound and (best is None or (d, other) < best):
                    best = (d, other)
        return best[1] if best else word

    def _is_known(self, word: str, lang: str) -> bool:
        """Whether a word is a word of some language of the tool: a stopword, a word of its texts or
        terms, a word of a card name, or a word whose stem the question's language has."""
        if word in self._stop[lang] or word in self.words(lang)["vocab"] or self.stemmer(lang)(word) in self._stems(lang):
            return True
        if self._all_words is None:   # the other languages' words are read only now, as for _foreign
            known: set[str] = {w for cards in self.cards.values() for key, *_rest in cards for w in key}
            for other in self.langs:
                known |= self._stop[other] | set(self.words(other)["vocab"])
            self._all_words = known
        return word in self._all_words

    def _synonym_groups(self, lang: str) -> list[list[tuple[str, ...]]]:
        """The synonym groups of a language, each phrase as the stems of its words."""
        if lang not in self._groups:
            stem = self.stemmer(lang)
            self._groups[lang] = [[tuple(stem(w) for w in phrase.split()) for phrase in group]
                                  for group in self.langs[lang]["synonyms"]]
        return self._groups[lang]

    def _synonyms(self, query: Query) -> list[int]:
        """The synonym groups of the question's language that it uses: one of a group's phrases is in
        the question, its words in order (compared by their stems)."""
        stem = self.stemmer(query.lang)
        text = " " + " ".join(stem(w) for w in query.plain or query.tokens) + " "
        return [n for n, group in enumerate(self._synonym_groups(query.lang))
                if any(" " + " ".join(phrase) + " " in text for phrase in group)]

    def _pairs(self, query: Query) -> set[str]:
        """The pairs of words in a row of the question (a card's name and the small word before it
        left out: "invoque mon Chevalier sur" says "invoque sur"), and of the synonyms it uses; not
        a pair of words that both name keywords ("duelo a muerte"), which the concepts count."""
        stem = self.stemmer(query.lang)
        stop = {stem(w) for w in self._stop[query.lang]}
        named = {stem(w) for w in query.named}   # a keyword's own words are its concept's business
        out = {pair for pair in _pairs([stem(w) for w in query.plain or query.tokens], stop)
               if not all(w in named for w in pair.split())}
        groups = self._synonym_groups(query.lang)
        for n in self._synonyms(query):
            for phrase in groups[n]:
                out |= _pairs(list(phrase), stop)
        return out

    def _terms(self, query: Query) -> dict[str, float]:
        """Stem -> weight of every word the question is searched for in its language: its own, and
        those of the synonym groups it uses (which the ranking counts once per group, see
        :meth:`_expansions`)."""
        lang = query.lang
        stem = self.stemmer(lang)
        stop = {stem(w) for w in self._stop[lang]}
        out: dict[str, float] = {}
        for w in query.words:
            out[stem(w)] = 1.0
        groups = self._synonym_groups(lang)
        for n in self._synonyms(query):
            for phrase in groups[n]:
                for w in phrase:
                    if w not in stop:
                        out.setdefault(w, SYNONYM)
        return out

    def _expansions(self, query: Query) -> tuple[dict[str, float], list[list[tuple[tuple[str, ...], float]]]]:
        """The question's terms as the ranking counts them: its own stems (stem -> weight), and each
        synonym group it uses as one term, the phrases the question says at full weight and the others
        at :data:`SYNONYM` (a group is one thing said in several ways: an entry counts for the phrase
        that fits it best, not for every phrase of the group). The stems of the phrases the question
        says belong to their group, not to the question's own stems."""
        lang = query.lang
        stem = self.stemmer(lang)
        stop = {stem(w) for w in self._stop[lang]}
        own = {stem(w): 1.0 for w in query.words if w not in query.subjects}
        text = " " + " ".join(stem(w) for w in query.plain or query.tokens) + " "
        groups: list[list[tuple[tuple[str, ...], float]]] = []
        said: set[str] = set()
        for n in self._synonyms(query):
            group = []
            for phrase in self._synonym_groups(lang)[n]:
                stems = tuple(w for w in phrase if w not in stop)
                inside = " " + " ".join(phrase) + " " in text
                if inside:
                    said.update(stems)
                if stems:
                    group.append((stems, 1.0 if inside else SYNONYM))
            groups.append(group)
        # the word a question is about ("puedes"), with the other names of its keyword in the language
        # of the question ("poder", "opcional"), as one term weighing more than the others
        for word in query.subjects:
            said_so = (stem(word),)
            for kid, _span in self.forms.find([word], prefer=query.lang):
                names = {tuple(stem(w) for w in form) for form, k, _whole, lang in self.forms.items
                         if k == kid and lang == query.lang} - {said_so}
                groups.append([(said_so, SUBJECT), *((name, SYNONYM) for name in sorted(names))])
        return {w: weight for w, weight in own.items() if w not in said}, groups

    def _foreign(self, query: Query) -> dict[str, dict[str, float]]:
        """Per other language, the stems of the question's words that only that language knows."""
        own = self.words(query.lang)["vocab"]
        unknown = [w for w in query.words if w not in own and not w.isdigit()]
        out: dict[str, dict[str, float]] = {}
        if not unknown:
            return out
        for lang in self.langs:
            if lang == query.lang:
                continue
            vocab = self.words(lang)["vocab"]
            found = {vocab[w]: 1.0 for w in unknown if w in vocab and w not in self._stop[lang]}
            if found:
                out[lang] = found
        return out

    def _phrasings(self, lang: str, i: int) -> list[frozenset[str]]:
        """The player phrasings of a rule in a language, each as the set of its stems (stopwords apart)."""
        cache = self._asked.setdefault(lang, {})
        if i not in cache:
            cache[i] = [frozenset(p.split()) for p in self.words(lang).get("phrasings", {}).get(str(i), ())]
        return cache[i]

    def _averages(self, lang: str) -> dict[str, float]:
        if lang not in self._avg:
            lengths = self.words(lang)["lengths"]
            present = [i for i in range(len(self.docs)) if lengths["text"][i] or lengths["title"][i]]
            count = max(1, len(present))
            avg = {f: (sum(lengths[f][i] for i in present) / count) or 1.0 for f in TEXT_FIELDS}
            asked = [n for n in lengths["asks"] if n]   # the phrasings: against the entries that have some
            avg["asks"] = sum(asked) / len(asked) if asked else 1.0
            avg["count"] = count
            clen = self.concept_len
            avg["concept"] = (sum(clen) / max(1, len(clen))) or 1.0
            self._avg[lang] = avg
        return self._avg[lang]

    def _bm25(self, lang: str, terms: Mapping[str, float], concepts: Mapping[str, float] | None = None,
              named: Iterable[str] = (), pairs: Iterable[str] = (),
              groups: Iterable[list[tuple[tuple[str, ...], float]]] = (),
              asked: frozenset[str] = frozenset()) -> dict[int, float]:
        """BM25F scores of the entries in ``lang`` for the stems ``terms`` and the keywords ``concepts``
        (keyword id -> weight); ``groups``: synonym groups, each counted once (see :meth:`_expansions`);
        ``named``: stems of words that name a keyword, which do not make a title about the question;
        ``pairs``: two words in a row of the question (see :func:`_pairs`), found as such in a title;
        ``asked``: the stems the question says, which may say all of a rule's phrasing."""
        info = self.words(lang)
        lengths = info["lengths"]
        avg = self._averages(lang)
        count = avg["count"]
        clen = self.concept_len
        named = set(named)
        scores: dict[int, float] = defaultdict(float)
        in_title: dict[int, float] = defaultdict(float)   # words of the title found in the question

        def idf(df: int) -> float:
            return math.log(1 + (count - df + 0.5) / (df + 0.5))

        def term(stem: str) -> dict[int, tuple[float, int]]:
            """Entry -> (BM25F score of one stem, its count in the title)."""
            plist = info["postings"].get(stem)
            if not plist:
                return {}
            s_idf = idf(len(plist))
            out: dict[int, tuple[float, int]] = {}
            for i, *counts in plist:
                tf = 0.0
                for fld, count_f in zip(TEXT_FIELDS, counts, strict=False):
                    if count_f:
                        b = FIELD_B[fld]
                        tf += FIELD_WEIGHT[fld] * count_f / (1 - b + b * lengths[fld][i] / avg[fld])
                out[i] = (s_idf * tf / (K1 + tf), 0 if stem in named else counts[0])
            return out

        for stem, weight in terms.items():
            for i, (score, title) in term(stem).items():
                scores[i] += weight * score
                in_title[i] += weight * title
        for group in groups:
            fits_of: dict[int, list[tuple[float, float]]] = defaultdict(list)
            said_len = max((len(stems) for stems, weight in group if weight >= 1.0), default=0)
            for stems, weight in group:
                phrase: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
                # a phrase the question did not say, longer than the one it said, stands for fewer words
                share = min(1.0, said_len / len(stems)) ** LONGER_SYNONYM if said_len and weight < 1.0 else 1.0
                for stem in stems:
                    for i, (score, title) in term(stem).items():
                        phrase[i][0] += share * weight * score
                        phrase[i][1] += share * weight * title
                for i, (p_score, p_title) in phrase.items():
                    fits_of[i].append((p_score, p_title))
            for i, fits in fits_of.items():   # the phrase that fits best, and a little of the next one
                fits.sort(reverse=True)
                scores[i] += fits[0][0] + GROUP_REST * sum(f[0] for f in fits[1:2])
                in_title[i] += fits[0][1] + GROUP_REST * sum(f[1] for f in fits[1:2])
        for kid, c_weight in (concepts or {}).items():
            plist = self.data["concepts"].get(kid)
            if not plist:
                continue
            c_idf = idf(len(plist))
            b = FIELD_B["concept"]
            for i, own, linked, found in plist:
                # the subject of a question ("may") counts in the entries about it, not in every text using it
                strength = max(SELF * own, LINKED * linked, 0.0 if c_weight >= SUBJECT else FOUND * found)
                if not strength:
                    continue
                tf = FIELD_WEIGHT["concept"] * strength / (1 - b + b * clen[i] / avg["concept"])
                scores[i] += c_weight * c_idf * tf / (K1 + tf)
        title_len = lengths["title"]
        out = {i: s * (1 + TITLE_BONUS * min(1.0, in_title[i] / title_len[i]) if title_len[i] else s)
               for i, s in scores.items()}
        # a phrasing of the rule said in full by the question, for the share of the question it says
        size = max(1, len(set(terms) | {st for g in groups for phrase, w in g if w >= 1.0 for st in phrase}))
        for i in out if asked else ():
            best = max((len(p) for p in self._phrasings(lang, i) if asked.issuperset(p)), default=0)
            if best:
                out[i] *= 1 + ASKED_BONUS * min(1.0, best / size)
        said: dict[int, int] = defaultdict(int)
        for pair in pairs:
            for i in info.get("pairs", {}).get(pair, ()):
                said[i] += 1
        for i, n in said.items():
            if i in out:
                out[i] *= 1 + PAIR_BONUS * min(n, 2)
        return out

    def concept_weights(self, query: Query) -> dict[str, float]:
        """Keyword id -> weight of the question's concepts: the keywords it names, and for each card it
        names, the card's kind and keywords."""
        out = dict.fromkeys(query.concepts, 1.0)
        for kid, _span in self.forms.find(list(query.subjects), prefer=query.lang):   # the word the question is about
            out[kid] = SUBJECT
        groups = self.langs[query.lang]["synonyms"]
        for n in self._synonyms(query):   # a keyword named by a synonym of the question's words
            for phrase in groups[n]:   # a phrase that is a keyword's name: "ficha enemiga", not "completare la mano"
                words = phrase.split()
                content = {j for j, w in enumerate(words) if w not in self._stop[query.lang]}
                for kid, (start, end) in self.forms.find(words, skip=self._stop[query.lang], prefer=query.lang):
                    if content <= set(range(start, end)):
                        out.setdefault(kid, SYNONYM)
        about = {cid: (kind, keywords) for cards in self.cards.values() for _key, cid, kind, keywords, _lang in cards}
        for cid in query.cards:
            kind, keywords = about[cid]
            out[kind] = max(out.get(kind, 0.0), CARD_KIND)
            for kid in keywords:
                out[kid] = max(out.get(kid, 0.0), CARD_KEYWORD)
        return out

    def _defining(self, query: Query) -> bool:
        """Whether the question asks what a keyword is: its words are all names of keywords, and it
        names one keyword only or asks what they mean (``search: mentions:``: "qué significa
        degradar una ficha"); "what happens to an enemy piece on the summoning square" asks more."""
        if not query.words or query.cards or not set(query.words) <= set(query.named):
            return False
        names = self.forms.find(list(query.plain or query.tokens), skip=self._stop[query.lang], prefer=query.lang)
        return len(names) == 1 or bool(set(self.langs[query.lang].get("mentions", ())) & set(query.tokens))

    def _asks_number(self, query: Query) -> bool:
        """Whether the question asks for a number: it uses one of its language's ``quantities``."""
        return self._unit(query) is not None

    def _unit(self, query: Query) -> str | None:
        """What a question asking for a number counts (the stem of the first word after its
        ``quantities`` phrase that is not a stopword: "points" in "how many points", "combien de
        points"), "" when nothing follows, None when it does not ask for a number."""
        words = list(query.tokens)
        stop = self._stop[query.lang]
        for phrase in self.langs[query.lang].get("quantities", ()):
            size = len(phrase.split())
            for j in range(len(words) - size + 1):
                if " ".join(words[j:j + size]) == phrase:
                    after = [w for w in words[j + size:j + size + 3] if w not in stop]
                    return self.stemmer(query.lang)(after[0]) if after else ""
        return None

    def search(self, query: Query) -> list[Hit]:
        """Every entry matching the question, best first."""
        stem = self.stemmer(query.lang)
        total: dict[int, float] = defaultdict(float)
        source: dict[int, tuple[float, str]] = {}
        own, groups = self._expansions(query)
        runs: list[tuple[str, float, dict[str, float], Mapping[str, float], Iterable[str], Iterable[str],
                         list[list[tuple[tuple[str, ...], float]]]]] = [
            (query.lang, 1.0, own, self.concept_weights(query), {stem(w) for w in query.named},
             self._pairs(query), groups)]
        runs += [(lang, OTHER_LANGUAGE, terms, {}, (), (), []) for lang, terms in self._foreign(query).items()]
        for lang, weight, terms, concepts, named, pairs, synonyms in runs:
            # what the question says in its own language, its synonyms included: for its rules' phrasings
            asked = (frozenset(terms) | {st for g in synonyms for phrase, _w in g for st in phrase}
                     if lang == query.lang else frozenset())
            for i, s in self._bm25(lang, terms, concepts, named, pairs, synonyms, asked).items():
                s *= weight * KIND_WEIGHT.get(self.docs[i][0], 1.0)
                total[i] += s
                if i not in source or s > source[i][0]:
                    source[i] = (s, lang)
        named_modes = {m for kid in query.concepts for m in self.data.get("modes", {}).get(kid, ())}
        if named_modes:   # a question about a form of play: the rules of other forms count less
            doc_modes = self.data.get("doc_modes") or [None] * len(self.docs)
            for i in total:
                if doc_modes[i] and not named_modes & set(doc_modes[i]):
                    total[i] *= OTHER_MODE
        if self._defining(query):   # "c'est quoi une pièce promue ?": the rule defining it first
            for kid in query.concepts:
                for i in self.data.get("defines", {}).get(kid, ()):
                    if i in total:
                        total[i] *= 1 + DEFINITION_BONUS
        unit = self._unit(query)
        if unit is not None:   # a question asking for a number: the entries giving one, of what it counts
            counted = set(self.words(query.lang).get("units", {}).get(unit, ())) if unit else set()
            for i in self.data.get("numbered", ()):
                if i in total:
                    total[i] *= 1 + NUMBER_BONUS + (UNIT_BONUS if i in counted else 0.0)
        text_len = self.data["text_len"]

        def order(i: int) -> tuple[float, int, int, int]:
            return (-round(total[i], 6), -len(number_key(self.docs[i][2])), text_len[i], i)

        return [Hit(self.docs[i][0], self.docs[i][1], self.docs[i][2], total[i], source[i][1])
                for i in sorted(total, key=order) if total[i] > 0]

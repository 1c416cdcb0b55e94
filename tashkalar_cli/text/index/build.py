"""Building the search index: every rule, keyword and erratum of the data, in every language, as plain
JSON parts (:func:`build_index`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import Any, NamedTuple

from tashkalar_cli.data.dataset import flatten
from tashkalar_cli.text.i18n import fill
from tashkalar_cli.text.index.common import (
    CARD_PARTS,
    FORMAT,
    FOUND,
    LINKED,
    PART,
    PHRASING_SEP,
    SELF,
    TEXT_FIELDS,
    WORDS,
    Forms,
    clause_tokens,
    framing_words,
    number_key,
    pack_card_names,
    pack_concepts,
    pack_postings,
    set_aside,
    title_keyword,
    word_pairs,
)
from tashkalar_cli.text.search import Stemmer, fold, tokens

#: the section of a language's texts that holds each kind of entry
_SECTIONS = {"rule": "rules", "keyword": "keywords", "erratum": "errata"}


def _fill(text: str, params: Mapping[str, Any]) -> str:
    return fill(text, dict(params))


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


def _card_parts(cards: list[list[Any]]) -> dict[str, Any]:
    """The card names as the common part stores them: ``cards``, by their first word (longer names first, then in
    :func:`_cards`' order), each word's names in one string; ``card_words``, every word of every name, each between
    spaces, in one string (whether a word is a card's is asked without making the names)."""
    by_word: dict[str, list[Any]] = defaultdict(list)
    for key, cid, kind, keywords, lang in sorted(cards, key=lambda c: -len(c[0])):
        by_word[key[0]].append((key, cid, kind, keywords, lang))
    words = sorted({w for key, *_rest in cards for w in key})
    return {"cards": {word: pack_card_names(names) for word, names in by_word.items()},
            "card_words": " " + " ".join(words) + " "}


def _rule_modes(rules: Mapping[str, Any]) -> dict[str, list[str]]:
    """The forms each rule applies to (rule id -> mode ids), team play included where the rules say it
    is played as a form (``played_as``) and the rule does not exclude it."""
    played_as = rules.get("played_as") or {}
    doc_modes: dict[str, list[str]] = {}
    for r in rules["rules"]:
        own = set(r.get("modes") or ())
        for mode, forms in played_as.items():
            if own & set(forms) and mode not in r.get("excludes", ()):
                own.add(mode)
        if own:
            doc_modes[r["id"]] = sorted(own)
    return doc_modes


def _modes(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]],
           glossary: list[Mapping[str, Any]]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The forms of play the keywords name (keyword id -> mode ids: a keyword of the ``mode`` category
    whose term or synonym is a mode's name in the interface, ``mode.<id>``), and the forms each rule
    applies to (rule id -> mode ids, team play included where the rules say it is played as a form).
    A keyword of the ``mode`` category that names no single mode ("deathmatch": the duel and the melee)
    names the forms of the rule about it (the rule listing it first among its keywords)."""
    rules = facts["rules"]
    doc_modes = _rule_modes(rules)
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
        # a form named in no interface ("deathmatch": the duel and the melee): the forms of the rule about it
        found = found or {m for r in rules["rules"] if (r.get("keywords") or [None])[0] == k["id"]
                          for m in doc_modes.get(r["id"], ())}
        if found:
            modes[k["id"]] = sorted(found)
    return modes, doc_modes


class _Docs(NamedTuple):
    """The entries of the index, in order: ``docs`` ([kind, id, number]: the rules by number, then the
    keywords, then the errata), the number of each by (kind, id), and each rule's section."""

    docs: list[list[Any]]
    where: dict[tuple[str, str], int]
    section_of: dict[str, str]
    glossary: list[Any]


def _documents(facts: Mapping[str, Any]) -> _Docs:
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
    return _Docs(docs, where, {r["id"]: r["section"] for r in rules}, glossary)


class _Concepts:
    """Per entry, the keywords it is about: keyword id -> [own keyword, linked, share of the languages
    whose texts name it]."""

    def __init__(self, size: int) -> None:
        self.cells: list[dict[str, list[float]]] = [{} for _ in range(size)]

    def add(self, i: int, kid: str, how: int, value: float = 1.0) -> None:
        cell = self.cells[i].setdefault(kid, [0, 0, 0.0])
        cell[how] = max(cell[how], value)

    @classmethod
    def linked(cls, facts: Mapping[str, Any], docs: _Docs) -> _Concepts:
        """The entries' own keywords, and the structural links (a rule's ``keywords:``, a keyword's
        ``rules:``, an erratum's ``rules:``: the first keyword of each rule it reads)."""
        concepts = cls(len(docs.docs))
        where = docs.where
        known = {k["id"] for k in docs.glossary}
        for r in sorted(facts["rules"]["rules"], key=lambda r: number_key(r["number"])):
            for kid in r.get("keywords", ()):
                if kid in known:
                    concepts.add(where["rule", r["id"]], kid, 1)
        for k in docs.glossary:
            concepts.add(where["keyword", k["id"]], k["id"], 0)
            for rid in k.get("rules", ()):
                if ("rule", rid) in where:
                    concepts.add(where["rule", rid], k["id"], 1)
        # a ruling is about what the rules it reads are about: their own keywords ("Range" for the ruling
        # that occupied squares block no Range), so that it is found by its subject, not only by its words
        own = {r["id"]: [kid for kid in r.get("keywords", ()) if kid in known] for r in facts["rules"]["rules"]}
        for e in facts["errata"]:
            for rid in e.get("rules", ()):
                for kid in own.get(rid, ())[:1]:
                    concepts.add(where["erratum", e["id"]], kid, 1)
        return concepts


class _Found:
    """What the texts of every language say of each entry: the keywords they name (counted per
    language), the keyword a rule's title names in each language, the entries whose text gives a number."""

    def __init__(self, size: int) -> None:
        self.keywords: list[dict[str, int]] = [defaultdict(int) for _ in range(size)]
        self.titled: list[list[str | None]] = [[] for _ in range(size)]
        self.numbered: set[int] = set()


class _Language:
    """One language's part of the index, built entry by entry: its vocabulary (folded word -> stem),
    field lengths, postings, title pairs, rule phrasings and the words counted after numbers."""

    def __init__(self, lang: str, loc: Mapping[str, Any], forms: Forms, params: Mapping[str, Any]) -> None:
        self.lang, self.loc, self.forms, self.params = lang, loc, forms, params
        self.language = loc.get("language", {}) or {}
        self.search = loc.get("search", {}) or {}
        self.stemmer = Stemmer(self.language.get("stemmer"))
        self.stop = {w for s in self.search.get("stopwords", []) for w in tokens(s)}
        self.subjects = _subjects(loc.get("keywords", {}), self.stop)
        self.idioms = sorted({" ".join(tokens(s)) for s in self.search.get("idioms", [])} - {""})
        self.contrasts = self._phrases("contrasts")
        self.negated: dict[str, list[int]] = defaultdict(list)   # stem set aside in an entry's own words -> entries
        self.postings: dict[str, dict[int, list[int]]] = defaultdict(dict)
        self.lengths: dict[str, list[int]] = {}
        self.vocab: dict[str, str] = {}
        self.printed: set[str] = set()   # the words of the rules as printed (titles, texts), not as players say them
        self.pairs: dict[str, list[int]] = defaultdict(list)   # "stem stem" of two words in a row in a title -> entries
        self.phrasings: dict[int, list[str]] = defaultdict(list)   # a rule's phrasings: the stems of their words, sorted
        self.units: dict[str, list[int]] = defaultdict(list)   # stem of a word after a number in a text -> entries
        self.synonyms: list[list[str]] = []
        self.everyday = 0   # where the everyday vocabulary's groups start among the synonyms

    def _phrases(self, key: str) -> list[str]:
        return sorted({" ".join(tokens(s)) for s in self.search.get(key, [])} - {""})

    def index(self, docs: _Docs, found: _Found) -> None:
        """Every entry of ``docs`` in this language, then the words of its keywords and synonyms."""
        self.lengths = {f: [0] * len(docs.docs) for f in TEXT_FIELDS}
        for i, (kind, eid, _) in enumerate(docs.docs):
            self._entry(i, kind, eid, docs.section_of, found)
        for entry in self.loc.get("keywords", {}).values():  # terms count as words of the language
            for text in [entry["term"], *entry.get("synonyms", []), *entry.get("forms", [])]:
                for w in tokens(text.rstrip("$")):
                    if w not in self.stop:
                        self.vocab.setdefault(w, self.stemmer(w))
        self.synonyms, self.everyday = _with_vocabulary(self.search)
        for group in self.synonyms:
            for phrase in group:
                for w in phrase.split():
                    self.vocab.setdefault(w, self.stemmer(w))

    def _entry(self, i: int, kind: str, eid: str, section_of: Mapping[str, str], found: _Found) -> None:
        loc = self.loc
        entry = loc.get(_SECTIONS[kind], {}).get(eid)
        if not entry:
            return
        if kind == "rule":
            title, text = entry.get("title", ""), entry.get("text", "")
        elif kind == "keyword":
            title = " ".join([entry.get("term", ""), *entry.get("synonyms", [])])
            text = entry.get("definition", "")
        else:
            title, text = entry.get("title", ""), entry.get("ruling", "")
        section_title, asks = "", ""
        situations = loc.get("situations") or {}
        if kind == "rule":
            section_title = (loc.get("sections", {}).get(section_of[eid]) or {}).get("title", "")
            said = [*(loc.get("asks") or {}).get(eid, ()), *situations.get("rules", {}).get(eid, ())]
            asks = " ".join(str(a) for a in said)   # how players ask about it, and the situations it settles
        elif kind == "erratum":   # how players ask whether the books disagree, for every erratum, and its situations
            said = [*self.search.get("errata_asks", ()), *situations.get("errata", {}).get(eid, ())]
            asks = " ".join(str(a) for a in said)
        if re.search(r"\{[a-z_]+\}|\d", text):
            found.numbered.add(i)
        if kind == "rule":
            self._phrasings(i, eid)
        for fld, raw in (("title", title), ("text", text), ("section", section_title), ("asks", asks)):
            self._field(i, kind, fld, raw, found)

    def _phrasings(self, i: int, eid: str) -> None:
        """A rule's player phrasings, each as the sorted stems of its words (its framing and stopwords apart)."""
        stemmer, stop = self.stemmer, self.stop
        for phrasing in (self.loc.get("asks") or {}).get(eid, ()):
            words = tokens(str(phrasing))
            framing = framing_words(words, self.idioms)
            content = sorted({stemmer(w) for j, w in enumerate(words) if j not in framing and w not in stop and len(w) > 1})
            if len(content) >= 2 and " ".join(content) not in self.phrasings[i]:
                self.phrasings[i].append(" ".join(content))

    def _field(self, i: int, kind: str, fld: str, raw: str, found: _Found) -> None:
        """One field of an entry: its words counted, and what it says noted (keywords, title pairs, units)."""
        stemmer, stop = self.stemmer, self.stop
        words = tokens(_fill(raw, self.params) if fld != "asks" else raw)
        self._notes(i, kind, fld, raw, words, found)
        framing = framing_words(words, self.idioms) if fld == "asks" else set()   # asked as players ask
        kept = [w for j, w in enumerate(words) if (w not in stop or w in self.subjects) and (len(w) > 1 or w.isdigit())
                and j not in framing]
        self.lengths[fld][i] = len(kept)
        if fld != "asks":
            self.printed.update(kept)
        for w in kept:
            stem = stemmer(w)
            self.vocab[w] = stem
            cell = self.postings[stem].setdefault(i, [0] * len(TEXT_FIELDS))
            cell[TEXT_FIELDS.index(fld)] += 1

    def _notes(self, i: int, kind: str, fld: str, raw: str, words: list[str], found: _Found) -> None:
        """What one field of an entry says beyond its words: what it sets aside, its title's pairs of
        words and keyword, the keywords it names, the units it counts."""
        stemmer, stop = self.stemmer, self.stop
        if fld in ("title", "text") and self.contrasts:   # what the entry itself sets aside ("without a partner")
            said, clauses = clause_tokens(_fill(raw, self.params))
            for j in sorted(set_aside(said, clauses, self.contrasts, stop)):
                if i not in self.negated[stemmer(said[j])]:
                    self.negated[stemmer(said[j])].append(i)
        if fld == "title" and kind == "rule":
            for pair in word_pairs([stemmer(w) for w in words], {stemmer(w) for w in stop}):
                if i not in self.pairs[pair]:
                    self.pairs[pair].append(i)
            found.titled[i].append(title_keyword(self.forms, words, stop, self.lang))
        for kid, _span in self.forms.find(words, prefer=self.lang) if fld != "asks" else ():   # what it says, not what is asked
            found.keywords[i][kid] += 1
        if fld == "text":   # what the entry counts: the word after each of its numbers
            for j, w in enumerate(words[:-1]):
                if w.isdigit() and words[j + 1] not in stop and i not in self.units[stemmer(words[j + 1])]:
                    self.units[stemmer(words[j + 1])].append(i)

    def meta(self) -> dict[str, Any]:
        """What the common part says of the language: its stemmer, stopwords, subjects, mentions,
        quantities, idioms, synonyms and name."""
        search = self.search
        return {
            "stemmer": self.language.get("stemmer"),
            "stopwords": sorted(self.stop),
            # their stems, so that reading a question stems its stopwords without the Snowball library
            "stopword_stems": {w: self.stemmer(w) for w in sorted(self.stop)},
            "subjects": sorted(self.subjects),
            "mentions": sorted({w for s in search.get("mentions", []) for w in tokens(s)}),
            "quantities": sorted({" ".join(tokens(s)) for s in search.get("quantities", [])} - {""}),
            "idioms": self.idioms,
            "contrasts": self.contrasts,
            "next": self._phrases("next"),
            "after": self._phrases("after"),
            "before": self._phrases("before"),
            "compares": self._phrases("compares"),
            "synonyms": self.synonyms,
            "everyday": self.everyday,
            "name": str(self.language.get("name") or self.lang),
        }

    def part(self) -> dict[str, Any]:
        """The language's own part, ``PART.<lang>``."""
        return {
            "vocab": self.vocab,
            "lengths": self.lengths,
            "postings": {stem: pack_postings([i, *cell] for i, cell in sorted(cells.items()))
                         for stem, cells in self.postings.items()},
            "pairs": dict(self.pairs),
            "phrasings": {str(i): PHRASING_SEP.join(p) for i, p in self.phrasings.items()},   # one string a rule
            "units": dict(self.units),
            "negated": dict(self.negated),
        }


def _concept_lengths(postings: Mapping[str, list[list[Any]]], size: int) -> list[float]:
    """Per entry, the summed strength of its concepts (the length of its concept field), summed in the
    order the reader would sum them."""
    out = [0.0] * size
    for plist in postings.values():
        for i, own, linked, found in plist:
            out[i] += max(SELF * own, LINKED * linked, FOUND * found)
    return out


def _with_vocabulary(search: Mapping[str, Any]) -> tuple[list[list[str]], int]:
    """The synonym groups of a language's ``search:`` data, each phrase as its tokens, then its everyday
    vocabulary (``vocabulary:``, the rules' term -> the words players use for it), one group per term, the
    term first; and where the vocabulary starts (its groups are used only by a question saying an everyday
    word: one saying the rules' own term is searched as before)."""
    groups = [[" ".join(tokens(p)) for p in group] for group in search.get("synonyms", [])]
    start = len(groups)
    for term, words in (search.get("vocabulary") or {}).items():
        groups.append([" ".join(tokens(p)) for p in [term, *words]])
    return groups, start


def _links(facts: Mapping[str, Any], docs: _Docs) -> dict[str, list[Any]]:
    """Per entry, the rules it is linked to (``links``, numbers of entries): the rules it names as
    ``related`` and those naming it, and a rule's own sub-rules and the rule they belong to (4.13 and
    4.13.2); and its ``breadth``: how many rules it leads to (its ``related`` and its sub-rules), an
    overview leading to the rules that refine it; and ``then``, per rule (the rules come first among the entries),
    the rules of what comes next in play (``then:`` of the rules' facts)."""
    links: list[set[int]] = [set() for _ in docs.docs]
    breadth = [0] * len(docs.docs)
    number_of = {r["number"]: docs.where["rule", r["id"]] for r in facts["rules"]["rules"]}
    for r in facts["rules"]["rules"]:
        i = docs.where["rule", r["id"]]
        for other in r.get("related", ()):
            j = docs.where.get(("rule", other))
            if j is not None and j != i:
                links[i].add(j)
                links[j].add(i)
                breadth[i] += 1
        parent = number_of.get(r["number"].rpartition(".")[0]) if r["number"].count(".") > 1 else None
        if parent is not None:
            links[i].add(parent)
            links[parent].add(i)
            breadth[parent] += 1
    then = [[docs.where["rule", other] for other in r.get("then", ())] for r in
            sorted(facts["rules"]["rules"], key=lambda r: number_key(r["number"]))]
    return {"links": [sorted(linked) for linked in links], "breadth": breadth, "then": then}


def build_index(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The search index of the data, as derived parts of the dataset (plain JSON values): ``PART``
    (the entries, their concepts, the keyword forms, the card names, each language's stopwords and
    synonyms), ``WORDS`` (the languages whose texts know each word) and ``PART.<lang>`` (a language's
    words: vocabulary, field lengths, postings), read on demand."""
    params = flatten(facts["game"])
    docs = _documents(facts)
    langs = sorted(locales)
    forms = Forms.of({lang: locales[lang].get("keywords", {}) for lang in langs})
    # concepts: the entry's own keyword, structural links, and keywords named in its texts
    concepts = _Concepts.linked(facts, docs)
    found = _Found(len(docs.docs))
    languages: dict[str, _Language] = {}
    for lang in langs:
        languages[lang] = _Language(lang, locales[lang], forms, params)
        languages[lang].index(docs, found)
    for i, counts in enumerate(found.keywords):
        for kid, n in counts.items():
            concepts.add(i, kid, 2, round(min(1.0, n / max(1, len(langs))), 3))
    out_langs = {lang: language.part() for lang, language in languages.items()}
    common = _common_part(facts, locales, docs, forms, concepts, found, languages, out_langs)
    return {PART: common, WORDS: _known_words(out_langs), **{f"{PART}.{lang}": part for lang, part in out_langs.items()}}


def _known_words(out_langs: Mapping[str, Any]) -> dict[str, str]:
    """``WORDS``: the languages (codes joined by a space) -> the words of the texts that they alone know,
    each between spaces (" word "), in one string."""
    known: dict[str, list[str]] = defaultdict(list)   # which languages' texts know each word
    for lang in sorted(out_langs):
        for word in out_langs[lang]["vocab"]:
            known[word].append(lang)
    grouped: dict[str, list[str]] = defaultdict(list)
    for word, langs in sorted(known.items()):
        grouped[" ".join(langs)].append(word)
    return {langs: " " + " ".join(words) + " " for langs, words in sorted(grouped.items())}


def _common_part(facts: Mapping[str, Any], locales: Mapping[str, Mapping[str, Any]], docs: _Docs, forms: Forms,
                 concepts: _Concepts, found: _Found, languages: Mapping[str, _Language],
                 out_langs: Mapping[str, Any]) -> dict[str, Any]:
    """The part every question reads, ``PART``."""
    langs = sorted(languages)
    defines: dict[str, list[int]] = defaultdict(list)   # a rule titled by a keyword's name in every language
    for i, names in enumerate(found.titled):
        if len(names) == len(langs) and names[0] and len(set(names)) == 1:
            defines[names[0]].append(i)
    concept_postings: dict[str, list[list[Any]]] = defaultdict(list)
    for i, cells in enumerate(concepts.cells):
        for kid, cell in sorted(cells.items()):
            concept_postings[kid].append([i, *cell])
    text_len = []
    for i in range(len(docs.docs)):
        text_len.append(min((out_langs[lang]["lengths"]["text"][i] for lang in langs
                             if out_langs[lang]["lengths"]["text"][i]), default=0))
    rule_words = {lang: languages[lang].printed | {w for f, _k, _w, fl in forms.items if fl == lang for w in f}
                  for lang in langs}
    modes, doc_modes = _modes(facts, locales, docs.glossary)
    stops = {lang: language.stop for lang, language in languages.items()}
    return {
        "format": FORMAT,
        "docs": docs.docs,
        "text_len": text_len,
        "concept_len": _concept_lengths(concept_postings, len(docs.docs)),
        "concepts": {kid: pack_concepts(rows) for kid, rows in concept_postings.items()},   # unpacked when asked
        "forms": forms.stored(),   # by first word: a question makes only the names its words may start
        **_card_parts(_cards(facts, locales, stops, rule_words)),
        "numbered": sorted(found.numbered),
        "sections": [docs.section_of[eid] if kind == "rule" else "" for kind, eid, _ in docs.docs],
        "defines": dict(defines),
        "modes": modes,
        "doc_modes": [doc_modes.get(eid) if kind == "rule" else None for kind, eid, _ in docs.docs],
        **_links(facts, docs),
        "langs": {lang: language.meta() for lang, language in languages.items()},
    }


__all__ = ["build_index"]

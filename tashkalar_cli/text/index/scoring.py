"""Ranking the entries of the search index for a question read by :class:`IndexReader`: BM25F over the
fields of every entry and its concepts, the synonym groups counted once, and the bonuses and
penalties that say what the question is about (titles, phrasings, pairs, forms of play, definitions,
numbers)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tashkalar_cli.text.index.common import (
    AFTER_BONUS,
    AFTER_FOLLOW,
    ASIDE,
    ASKED_BONUS,
    BEFORE_BONUS,
    BEFORE_FOLLOW,
    CARD_KEYWORD,
    CARD_KIND,
    COVER,
    DEFINITION_BONUS,
    FOUND,
    GROUP_REST,
    K1,
    KIND_WEIGHT,
    LINKED,
    LONGER_SYNONYM,
    NAMED,
    NEGATED_TERM,
    NEXT_BONUS,
    NEXT_DECAY,
    NEXT_FOLLOW,
    NEXT_STEP,
    NEXT_WINDOW,
    NUMBER_BONUS,
    OTHER_LANGUAGE,
    OTHER_MODE,
    OWN_MODE,
    PAIR_BONUS,
    PHRASING_SEP,
    QUOTED_BONUS,
    SELF,
    SPECIFIC,
    SPECIFIC_TOP,
    SUBJECT,
    SYNONYM,
    TEXT_FIELDS,
    TITLE_BONUS,
    UNIT_BONUS,
    field_tf,
    idf,
    number_key,
    word_pairs,
)
from tashkalar_cli.text.index.reading import Hit, IndexReader, Query
from tashkalar_cli.text.index.rerank import Ranking, rerank


class _Fields:
    """The BM25F score of one stem in every entry of a language (see :meth:`SearchIndex._bm25`)."""

    def __init__(self, info: Mapping[str, Any], avg: Mapping[str, float], named: set[str]) -> None:
        self.info, self.avg, self.named = info, avg, named
        self.lengths = info["lengths"]
        self.count = avg["count"]

    def idf(self, df: int) -> float:
        return idf(self.count, df)

    def term(self, stem: str) -> dict[int, tuple[float, int]]:
        """Entry -> (BM25F score of one stem, its count in the title)."""
        plist = self.info["postings"].get(stem)
        if not plist:
            return {}
        s_idf = self.idf(len(plist))
        lengths, avg = self.lengths, self.avg
        out: dict[int, tuple[float, int]] = {}
        for i, *counts in plist:
            tf = 0.0
            for fld, count_f in zip(TEXT_FIELDS, counts, strict=False):
                if count_f:
                    tf += field_tf(fld, count_f, lengths[fld][i], avg[fld])
            out[i] = (s_idf * tf / (K1 + tf), 0 if stem in self.named else counts[0])
        return out


def _add_group(fields: _Fields, group: list[tuple[tuple[str, ...], float]], scores: dict[int, float],
               in_title: dict[int, float], cover: dict[int, dict[str, float]]) -> None:
    """A synonym group's part of the scores: in each entry, the phrase that fits best, and a little of
    the next one."""
    fits_of: dict[int, list[tuple[float, float]]] = defaultdict(list)
    said_len = max((len(stems) for stems, weight in group if weight >= 1.0), default=0)
    for stems, weight in group:
        phrase: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
        # a phrase the question did not say, longer than the one it said, stands for fewer words
        share = min(1.0, said_len / len(stems)) ** LONGER_SYNONYM if said_len and weight < 1.0 else 1.0
        for stem in stems:
            for i, (score, title) in fields.term(stem).items():
                phrase[i][0] += share * weight * score
                phrase[i][1] += share * weight * title
        for i, (p_score, p_title) in phrase.items():
            fits_of[i].append((p_score, p_title))
    for i, fits in fits_of.items():   # the phrase that fits best, and a little of the next one
        fits.sort(reverse=True)
        scores[i] += fits[0][0] + GROUP_REST * sum(f[0] for f in fits[1:2])
        in_title[i] += fits[0][1] + GROUP_REST * sum(f[1] for f in fits[1:2])
        said = " ".join(group[0][0])
        cover[i][said] += fits[0][0]
        if fits[0][1]:
            cover[i][NAMED + said] = 1.0


class SearchIndex(IndexReader):
    """Ranks the entries of :func:`~tashkalar_cli.text.index.build.build_index`'s parts for a free-form
    question.

    ``weights``: the learned weights of the second stage (:mod:`.rerank`), None for the first stage alone.
    ``parts`` maps part names to their data (a dataset's ``derived`` parts, read on first use): a
    question reads the common part and its own language's; another language's part is read only
    when the question has words that only that language knows.
    """

    def __init__(self, parts: Mapping[str, Any], weights: Sequence[float] | None = None) -> None:
        super().__init__(parts)
        self.weights = weights

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
        everyday = self.langs[query.lang].get("everyday", len(self.langs[query.lang]["synonyms"]))
        # a group of the everyday vocabulary is used when the question says an everyday word, not the rules' term
        return [n for n, group in enumerate(self._synonym_groups(query.lang))
                if any(" " + " ".join(phrase) + " " in text for phrase in (group[1:] if n >= everyday else group))]

    def _pairs(self, query: Query) -> set[str]:
        """The pairs of words in a row of the question (a card's name and the small word before it
        left out: "invoque mon Chevalier sur" says "invoque sur"), and of the synonyms it uses; not
        a pair of words that both name keywords ("duelo a muerte"), which the concepts count."""
        stem = self.stemmer(query.lang)
        stop = {stem(w) for w in self._stop[query.lang]}
        named = {stem(w) for w in query.named}   # a keyword's own words are its concept's business
        out = {pair for pair in word_pairs([stem(w) for w in query.plain or query.tokens], stop)
               if not all(w in named for w in pair.split())}
        groups = self._synonym_groups(query.lang)
        for n in self._synonyms(query):
            for phrase in groups[n]:
                out |= word_pairs(list(phrase), stop)
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
                names = {tuple(stem(w) for w in form) for form, k, _whole, lang in self.forms.every()
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
        knowing = {lang for w in unknown for lang in self.known_languages(w)}   # the others read only if they know one
        for lang in self.langs:
            if lang == query.lang or lang not in knowing:
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
            stored = self.words(lang).get("phrasings", {}).get(str(i))
            cache[i] = [frozenset(p.split()) for p in stored.split(PHRASING_SEP)] if stored else []
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
              asked: frozenset[str] = frozenset(), aside: Iterable[str] = (),
              cover: dict[int, dict[str, float]] | None = None) -> dict[int, float]:
        """BM25F scores of the entries in ``lang`` for the stems ``terms`` and the keywords ``concepts``
        (keyword id -> weight); ``groups``: synonym groups, each counted once (see :meth:`_expansions`);
        ``named``: stems of words that name a keyword, which do not make a title about the question;
        ``pairs``: two words in a row of the question (see
        :func:`~tashkalar_cli.text.index.common.word_pairs`), found as such in a title;
        ``asked``: the stems the question says, which may say all of a rule's phrasing; ``aside``: the
        stems it sets aside, searched only in the entries that set them aside too ("sin pareja"); ``cover``:
        filled with what of the question (a stem, a synonym group, a keyword) each entry says."""
        cover = defaultdict(lambda: defaultdict(float)) if cover is None else cover
        fields = _Fields(self.words(lang), self._averages(lang), set(named))
        scores: dict[int, float] = defaultdict(float)
        in_title: dict[int, float] = defaultdict(float)   # words of the title found in the question
        negated = fields.info.get("negated", {})
        for stem, weight in [*terms.items(), *((st, 1.0) for st in aside)]:
            among = set(negated.get(stem, ())) if stem not in terms else None
            for i, (score, title) in fields.term(stem).items():
                share = weight if among is None or i in among else NEGATED_TERM * weight
                scores[i] += share * score
                in_title[i] += share * title
                cover[i][stem] += share * score
                if title:
                    cover[i][NAMED + stem] = 1.0
        for group in groups:
            _add_group(fields, group, scores, in_title, cover)
        self._add_concepts(fields, concepts or {}, scores, cover)
        title_len = fields.lengths["title"]
        out = {i: s * (1 + TITLE_BONUS * min(1.0, in_title[i] / title_len[i]) if title_len[i] else s)
               for i, s in scores.items()}
        self._phrasing_bonus(lang, out, terms, groups, asked)
        said: dict[int, int] = defaultdict(int)
        for pair in pairs:
            for i in fields.info.get("pairs", {}).get(pair, ()):
                said[i] += 1
        for i, n in said.items():
            if i in out:
                out[i] *= 1 + PAIR_BONUS * min(n, 2)
        return out

    def _add_concepts(self, fields: _Fields, concepts: Mapping[str, float], scores: dict[int, float],
                      cover: dict[int, dict[str, float]]) -> None:
        """The concept field's part of the scores: the keywords of the question in each entry."""
        clen = self.concept_len
        for kid, c_weight in concepts.items():
            plist = self.data["concepts"].get(kid)
            if not plist:
                continue
            c_idf = fields.idf(len(plist))
            for i, own, linked, found in plist:
                # the subject of a question ("may") counts in the entries about it, not in every text using it
                strength = max(SELF * own, LINKED * linked, 0.0 if c_weight >= SUBJECT else FOUND * found)
                if not strength:
                    continue
                tf = field_tf("concept", strength, clen[i], fields.avg["concept"])
                scores[i] += c_weight * c_idf * tf / (K1 + tf)
                cover[i][f"={kid}"] += c_weight * c_idf * tf / (K1 + tf)
                if own or linked:
                    cover[i][f"{NAMED}={kid}"] = 1.0

    def _phrasing_bonus(self, lang: str, out: dict[int, float], terms: Mapping[str, float],
                        groups: Iterable[list[tuple[tuple[str, ...], float]]], asked: frozenset[str]) -> None:
        """A phrasing of the rule said in full by the question, for the share of the question it says."""
        size = max(1, len(set(terms) | {st for g in groups for phrase, w in g if w >= 1.0 for st in phrase}))
        for i in out if asked else ():
            best = max((len(p) for p in self._phrasings(lang, i) if asked.issuperset(p)), default=0)
            if best:
                out[i] *= 1 + ASKED_BONUS * min(1.0, best / size)

    def concept_weights(self, query: Query) -> dict[str, float]:
        """Keyword id -> weight of the question's concepts: the keywords it names, and for each card it
        names, the card's kind and keywords."""
        out = dict.fromkeys(query.concepts, 1.0)
        for kid in query.aside_concepts:   # a keyword set aside is still what the question is about, a little
            out.setdefault(kid, NEGATED_TERM)
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
        for cid in query.cards:
            kind, keywords = self.card_about(cid)
            out[kind] = max(out.get(kind, 0.0), CARD_KIND)
            for kid in keywords:
                out[kid] = max(out.get(kid, 0.0), CARD_KEYWORD)
        return out

    def _defining(self, query: Query) -> bool:
        """Whether the question asks what a keyword is: its words are all names of keywords, and it
        names one keyword only or asks what they mean (``search: mentions:``: "qué significa
        degradar una ficha"); "what happens to an enemy piece on the summoning square" asks more."""
        if len(query.concepts) >= 2 and not query.cards and set(self.langs[query.lang].get("compares", ())) & set(query.tokens):
            return True   # "what is the difference between a leap and a move?": what each is
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

    def _named_modes(self, concepts: Iterable[str]) -> set[str]:
        """The forms of play the keywords name; a wider name of one ("deathmatch" in "deathmatch duel")
        adds nothing to the narrower."""
        named = [set(self.data.get("modes", {}).get(kid, ())) for kid in concepts]
        named = [modes for modes in named if modes and not any(other < modes for other in named)]
        return {m for modes in named for m in modes}

    def _covering(self, query: Query, total: dict[int, float]) -> None:
        """A question naming several keywords is about what they have to do with each other: a ruling
        about more of them ("does a hero block Range?": the ruling on what blocks Range, about blocking
        and Range) grows by up to :data:`COVER`, for the share of them past the first it is about (a
        ruling settles how rules meet; a rule is found by its own words)."""
        named = list(query.concepts)
        if len(named) < 2:
            return
        about: dict[int, int] = defaultdict(int)
        for kid in named:
            for i, own, linked, found in self.data["concepts"].get(kid, ()):
                about[i] += 1 if own or linked or found else 0
        for i in total:
            if self.docs[i][0] == "erratum" and about.get(i, 0) > 1:
                total[i] *= 1 + COVER * (about[i] - 1) / (len(named) - 1)

    def _set_aside(self, query: Query, total: dict[int, float], named_modes: set[str],
                   doc_modes: list[list[str] | None]) -> None:
        """The entries about what the question sets aside count less: those whose own or linked keyword it
        names, whose title says one of its words (unless the entry sets it aside too), or the rules of a
        form of play it sets aside only; a keyword or a word the question also says outside what it sets aside
        marks none."""
        if not query.aside:
            return
        stem = self.stemmer(query.lang)
        info = self.words(query.lang)
        about: set[int] = set()
        # what the question also says outside what it sets aside ("unlike a combat move, can a standard move...": move)
        # is still asked about: only what it sets aside alone marks the entries about it
        for kid in set(query.aside_concepts) - set(query.concepts):
            about |= {i for i, own, linked, _found in self.data["concepts"].get(kid, ()) if own or linked}
        for word in set(query.aside) - set(query.words):
            st = stem(word)
            said = set(info.get("negated", {}).get(st, ()))
            about |= {i for i, title, *_rest in info["postings"].get(st, ()) if title and i not in said}
        other_modes = self._named_modes(query.aside_concepts) - named_modes
        # an entry whose phrasing the rest of the question says in full is what it asks about, negation and all
        rest = frozenset(stem(w) for w in query.words if w not in query.aside)
        about = {i for i in about if not any(p and rest.issuperset(p) for p in self._phrasings(query.lang, i))}
        for i in total:
            if i in about or (other_modes and set(doc_modes[i] or ()) and set(doc_modes[i] or ()) <= other_modes):
                total[i] *= ASIDE

    def _follow(self, query: Query, total: dict[int, float]) -> int | None:
        """A question asking what comes after a step: the rules following the step it names (the best rule
        whose title says a word of the step, "after the defense", else its best rule), in the same
        section, rank higher, the next one most; asking what comes next, above the step. The step, if any."""
        rules = [i for i in total if self.docs[i][0] == "rule"]
        if not query.step or not rules:
            return None
        step = self._step_of(query, total, rules)
        self._raise_followers(query, total, step, rules)
        return step

    def _step_of(self, query: Query, total: dict[int, float], rules: list[int]) -> int:
        """The rule a question asking what follows names as its step (see :meth:`_follow`)."""
        stem = self.stemmer(query.lang)
        postings = self.words(query.lang)["postings"]
        titled: dict[int, int] = defaultdict(int)   # rule -> words of the step its title says
        for st in {stem(w) for w in query.past}:
            for i, title, *_rest in postings.get(st, ()):
                titled[i] += 1 if title and i in total else 0
        # a keyword the step names in a form its title's words do not share ("drawn" for "Draw"): the rule titled by it
        defines = self.data.get("defines", {})
        for kid, _span in self.forms.find(list(query.past), skip=self._stop[query.lang], prefer=query.lang):
            for i in defines.get(kid, ()):
                titled[i] = max(titled[i], 1 if i in total else 0)
        # a title saying "after" itself ("Tricks after the defense") follows the step, it is not the step (nor one
        # saying "before", asked what comes before)
        cue = {stem(w) for phrase in self.langs[query.lang].get("before" if query.step == "before" else "after", ())
               for w in phrase.split()
               if w in query.tokens and w not in self._stop[query.lang]}
        later = {i for st in cue for i, title, *_rest in postings.get(st, ()) if title}
        return max([i for i in rules if i not in later] or rules, key=lambda i: (titled.get(i, 0), total[i], -i))

    def _raise_followers(self, query: Query, total: dict[int, float], step: int, rules: list[int]) -> None:
        """The rules after ``step`` in its section ranked higher, the next one most (see :meth:`_follow`)."""
        section = self.data.get("sections") or [""] * len(self.docs)
        top = max(total[i] for i in rules) if query.step == "next" else total[step]
        bonus, follow = {"next": (NEXT_BONUS, NEXT_FOLLOW), "after": (AFTER_BONUS, AFTER_FOLLOW),
                         "before": (BEFORE_BONUS, BEFORE_FOLLOW)}[query.step]
        for k, i in enumerate(self._sequel(step, section, query.step == "before")[:NEXT_WINDOW], start=1):
            total[i] = total.get(i, 0.0) * (1 + bonus * NEXT_DECAY ** (k - 1))
            if k == 1:
                total[i] = max(total[i], follow * top)
        if query.step in ("next", "before"):   # the step itself is not what comes next, nor what comes before it
            total[step] *= NEXT_STEP

    def _sequel(self, step: int, section: list[str], before: bool) -> list[int]:
        """The rules of what comes after ``step`` in play (``before``: what comes before it): those its ``then:`` names
        (naming it), then the next rules of its section (the previous ones), nearest first."""
        then: list[list[int]] = self.data.get("then") or []
        linked = [i for i, nxt in enumerate(then) if step in nxt] if before else list(then[step] if step < len(then) else ())
        way = -1 if before else 1
        around = []
        for k in range(1, NEXT_WINDOW + 1):
            i = step + way * k
            if not 0 <= i < len(self.docs) or self.docs[i][0] != "rule" or section[i] != section[step]:
                break
            around.append(i)
        return list(dict.fromkeys([*linked, *around]))

    def ranking(self, query: Query) -> Ranking:
        """The first stage: the entries matching the question, best first, their scores, what of the question each
        says (its cover), the language that scored each best, and the step it names (see :class:`.rerank.Ranking`)."""
        cover: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        total, source = self._scores(query, cover)
        self._favour(query, total)
        self._specific(total, cover)
        step = self._follow(query, total)
        text_len = self.data["text_len"]

        def order(i: int) -> tuple[float, int, int, int]:
            return (-round(total[i], 6), -len(number_key(self.docs[i][2])), text_len[i], i)

        return Ranking([i for i in sorted(total, key=order) if total[i] > 0], total, cover, source, step)

    def search(self, query: Query) -> list[Hit]:
        """Every entry matching the question, best first: the first stage's :data:`~.rerank.CANDIDATES` best ranked again
        by the learned weights of the game (:attr:`weights`, none: the first stage's order), each rank keeping its score
        (only the order of the scores means something), to the six decimals the first stage orders them by: equal there,
        the more specific entry comes first."""
        first = self.ranking(query)
        ranked, source = first.ranked, first.source
        score = [round(first.total[i], 6) for i in ranked]
        if self.weights and len(ranked) > 1:
            ranked = rerank(self, query, first, self.weights)
        return [Hit(self.docs[i][0], self.docs[i][1], self.docs[i][2], s, source.get(i, (0.0, query.lang))[1])
                for i, s in zip(ranked, score, strict=True)]

    def _scores(self, query: Query, cover: dict[int, dict[str, float]]) -> tuple[dict[int, float], dict[int, tuple[float, str]]]:
        """Each entry's score, summed over the question's language and the others that know some of its
        words, and the language that scored it best; ``cover``: filled with what of the question each
        entry says in the question's language."""
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
            aside = {stem(w) for w in query.aside} - set(terms) if lang == query.lang else set()
            said = cover if lang == query.lang else None
            for i, s in self._bm25(lang, terms, concepts, named, pairs, synonyms, asked, aside, said).items():
                s *= weight * KIND_WEIGHT.get(self.docs[i][0], 1.0)
                total[i] += s
                if i not in source or s > source[i][0]:
                    source[i] = (s, lang)
        return total, source

    def _specific(self, total: dict[int, float], cover: dict[int, dict[str, float]]) -> None:
        """Between two linked rules (``related``, or a rule and its sub-rules), the narrower one (leading to
        fewer rules: an overview leads to the rules refining it) that says all the wider one says of the
        question and more is the more specific answer: the two change places (among the
        :data:`SPECIFIC_TOP` best entries, each entry once)."""
        links, breadth = self.data.get("links"), self.data.get("breadth")
        if not links or not breadth or not total:
            return
        moved: set[int] = set()
        for i in sorted(total, key=lambda i: -total[i])[:SPECIFIC_TOP]:
            said = cover.get(i)
            if not said or i in moved:
                continue
            narrower = [j for j in links[i] if j in total and j not in moved and total[j] < total[i]
                        and breadth[j] < breadth[i] and self._says_more(cover.get(j, {}), said)]
            if narrower:
                j = max(narrower, key=lambda j: total[j])
                total[i], total[j] = total[j], total[i]
                moved |= {i, j}

    @staticmethod
    def _says_more(narrow: Mapping[str, float], wide: Mapping[str, float]) -> bool:
        """Whether an entry says all another says of the question and more, and names it: the words beyond
        the other's that its title or its keywords name weigh at least :data:`SPECIFIC` of its score."""
        own = {k for k in narrow if not k.startswith(NAMED)}
        if not {k for k in wide if not k.startswith(NAMED)} < own:
            return False
        named = sum(narrow[k] for k in own if k not in wide and NAMED + k in narrow)
        return named >= SPECIFIC * sum(narrow[k] for k in own)

    def _favour(self, query: Query, total: dict[int, float]) -> None:
        """The scores changed for what the question is about: a form of play (the rules of other forms
        count less), a keyword's definition (asked what it is, or its name quoted alone), a number (the entries
        giving one)."""
        named_modes = self._named_modes(query.concepts)
        doc_modes = self.data.get("doc_modes") or [None] * len(self.docs)
        if named_modes:   # a question about a form of play: its rules first, those of other forms count less
            every = {m for modes in doc_modes if modes for m in modes}
            for i in total:
                if doc_modes[i] and not named_modes & set(doc_modes[i]):
                    total[i] *= OTHER_MODE
                elif doc_modes[i] and set(doc_modes[i]) != every:   # a rule of that form, not of every form
                    total[i] *= 1 + OWN_MODE
        self._set_aside(query, total, named_modes, doc_modes)
        self._covering(query, total)
        defining = self._defining(query)
        if defining:   # "c'est quoi une pièce promue ?": the rule defining it first
            for kid in query.concepts:
                for i in self.data.get("defines", {}).get(kid, ()):
                    if i in total:
                        total[i] *= 1 + DEFINITION_BONUS
        for kid in query.quoted if not defining else ():   # "c'est quoi « cacher » ? je la défausse ?": what it is
            for i in self.data.get("defines", {}).get(kid, ()):
                if i in total:
                    total[i] *= 1 + QUOTED_BONUS
        unit = self._unit(query)
        if unit is not None:   # a question asking for a number: the entries giving one, of what it counts
            counted = set(self.words(query.lang).get("units", {}).get(unit, ())) if unit else set()
            for i in self.data.get("numbered", ()):
                if i in total:
                    total[i] *= 1 + NUMBER_BONUS + (UNIT_BONUS if i in counted else 0.0)


__all__ = ["SearchIndex"]

"""The search index of the rules reference: every rule, keyword and erratum, in every language.

A question is answered the way a search engine answers it (BM25F, a standard ranking function):

- each entry is a document with fields: its title (for a keyword, its term and synonyms), its
  text (rule text, definition, ruling), for a rule its section's title and its player phrasings
  (``asks:`` of the language's ``rules.yaml``: how players ask about it, in their words, so that
  "give up" or "throw in the towel" meets "resign"; and ``situations:``, what players tell of a game the rule
  settles, without its words, so that "my reserve is empty" meets the shortage of pieces: one field with the
  phrasings, not phrasings said in full), and its *concepts*, the glossary keywords it is about (the
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
- a question naming a step to come before (``search: before:``: "before I draw", "avant de piocher",
  "antes de montar") ranks the rules just before that step, in its section, higher, and the step lower;
- what comes next in play is what a rule's ``then:`` (cards/rules.yaml) names, then the next rules of its
  section: the end of the turn after its actions, the last round after a trigger of the end; the step a
  question names is found by its title's words or by the keyword it is titled by, in any form ("drawn");
- a question made only of the names of keywords, one keyword or asked what they mean ("c'est
  quoi une pièce promue ?", "qué significa degradar una ficha"), asks what they are: the rules that
  define them (titled by one keyword's name in every language: "Combat move", "Team play") rank
  higher; so do those defining the keywords of a question asking how two or more of them differ
  (``search: compares:``: "the difference between a push and a pull", "che differenza c'è tra");
- a keyword's name alone between quotation marks ("c'est quoi « cacher » ? je la défausse ?") is the word the
  question asks about, whatever else it says: the rules titled by it rank higher;
- the phrases that only frame a question (``search: idioms:``: "que se passe-t-il", "how does it
  work") are not searched, nor indexed in the player phrasings: the "passe" of "que se passe-t-il"
  is no passing of control;
- a question mostly made of words no language of the tool knows is :attr:`Query.foreign`;
- rules come first on equal scores when they are more specific: deeper numbers, shorter texts.
- a second stage (:mod:`.rerank`) ranks the twelve best entries again by a weighted sum of features that name no
  word (how much of the question each says and where, its kind, how it stands to the best one and to the step the
  question names, crossed with what the question is), the weights learned per game from the labelled questions
  (:mod:`.learned`, written by benchmarks/rerank.py); a question asking what a keyword is, quoting one or naming a
  form of play keeps the first order.

The index is plain JSON data, built once from the validated data by :func:`build_index` (the
loader stores it with the cached data) and read by :class:`SearchIndex`.

The package: :mod:`.common` (the format, the weights, the keyword names found in words), :mod:`.build`
(building the parts), :mod:`.reading` (the parts read and kept, a question read), :mod:`.scoring`
(ranking the entries), :mod:`.rerank` and :mod:`.learned` (the second stage and its weights).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tashkalar_cli.text.index.common import (
    ASKED_BONUS,
    CARD_KEYWORD,
    CARD_KIND,
    CARD_PARTS,
    DEFINITION_BONUS,
    FIELD_B,
    FIELD_WEIGHT,
    FOREIGN_SHARE,
    FOREIGN_WORDS,
    FORMAT,
    FOUND,
    GROUP_REST,
    K1,
    KIND_WEIGHT,
    KINDS,
    LINKED,
    LONGER_SYNONYM,
    NUMBER_BONUS,
    OTHER_LANGUAGE,
    OTHER_MODE,
    PAIR_BONUS,
    PART,
    SELF,
    SUBJECT,
    SYNONYM,
    TEXT_FIELDS,
    TITLE_BONUS,
    TYPO_LENGTH,
    TYPO_LENGTH2,
    UNIT_BONUS,
    WORDS,
    number_key,
)
from tashkalar_cli.text.index.reading import Hit, Query
from tashkalar_cli.text.index.scoring import SearchIndex

if TYPE_CHECKING:
    from tashkalar_cli.text.index.build import build_index


def __getattr__(name: str) -> Any:
    """:func:`build_index`, its module imported when first asked for: a question read from the cached index
    builds nothing."""
    if name == "build_index":
        from tashkalar_cli.text.index.build import build_index  # deferred: only a cache miss builds the index

        return build_index
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ASKED_BONUS", "CARD_KEYWORD", "CARD_KIND", "CARD_PARTS", "DEFINITION_BONUS", "FIELD_B", "FIELD_WEIGHT",
    "FOREIGN_SHARE", "FOREIGN_WORDS", "FORMAT", "FOUND", "GROUP_REST", "K1", "KINDS", "KIND_WEIGHT", "LINKED",
    "LONGER_SYNONYM", "NUMBER_BONUS", "OTHER_LANGUAGE", "OTHER_MODE", "PAIR_BONUS", "PART", "SELF", "SUBJECT",
    "SYNONYM", "TEXT_FIELDS", "TITLE_BONUS", "TYPO_LENGTH", "TYPO_LENGTH2", "UNIT_BONUS", "WORDS", "Hit", "Query",
    "SearchIndex", "build_index", "number_key",
]

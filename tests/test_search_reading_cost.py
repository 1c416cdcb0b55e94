"""What answering a question reads: the question's own language, not every language the tool has.

A word no language knows ("colours", a British spelling) is looked up in the index's list of every
language's words (``search_index.words``), not in each other language's part; a question whose
words the index knows is stemmed from the index's own stems (its stopwords included), without
loading the Snowball library.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import spread


class _Recording(Mapping[str, Any]):
    """The index's parts, remembering which ones were read."""

    def __init__(self, parts: Mapping[str, Any]) -> None:
        self.parts, self.read = parts, set[str]()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self.parts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)


@pytest.fixture
def fresh(tk: Any) -> Any:
    from tashkalar_cli.text.index import SearchIndex

    def make() -> tuple[Any, _Recording]:
        parts = _Recording(tk.rules.index.parts)
        return SearchIndex(parts), parts
    return make


@pytest.mark.parametrize("question", ["what colours can I pick?", "which colours are there, and hoow many pieces?"])
def test_an_unknown_word_reads_no_other_language(fresh: Any, question: str) -> None:
    index, parts = fresh()
    query = index.read(question, "en")
    hits = index.search(query)
    assert hits
    assert not {f"search_index.{lang}" for lang in ("fr", "es", "it")} & parts.read, sorted(parts.read)


def test_a_word_of_another_language_is_still_searched_there(fresh: Any) -> None:
    index, parts = fresh()
    query = index.read("when can I use an impeto?", "en")
    assert "flare" in query.concepts
    index.search(query)
    assert "search_index.it" in parts.read   # the Italian word, found in the Italian texts


def test_known_words_need_no_snowball(fresh: Any) -> None:
    index, _parts = fresh()
    for question, lang in (("can I summon on top of an enemy heroic piece?", "en"),
                           ("que se passe-t-il si je n'ai plus de pièces ?", "fr")):
        index.search(index.read(question, lang))
        stemmer = index.stemmer(lang)
        assert stemmer._impl is None, question   # every word, stopwords included, stemmed from the index
        assert set(index.langs[lang]["stopwords"]) <= set(stemmer.known), lang   # the stopwords' stems come with the index


#: the pure-Python stemmer takes a second for a language's words: English (the fewest) in the default run, the other
#: languages' algorithms in the slow run
@pytest.mark.parametrize("lang", spread(["en", "fr", "es", "it"]))
def test_the_compiled_stemmers_give_the_pure_python_stems(lang: str) -> None:
    """PyStemmer (a dependency: snowballstemmer's own import then loads no pure-Python module) stems every
    word of a language's texts as the pure-Python Snowball module does, so the index reads the same."""
    import importlib
    import re
    from pathlib import Path

    import snowballstemmer
    import Stemmer

    algorithm = {"en": "english", "fr": "french", "es": "spanish", "it": "italian"}[lang]
    assert snowballstemmer.algorithms is Stemmer.algorithms   # the package took the compiled stemmers
    pure = getattr(importlib.import_module(f"snowballstemmer.{algorithm}_stemmer"), f"{algorithm.capitalize()}Stemmer")()
    compiled = Stemmer.Stemmer(algorithm)
    root = Path(__file__).resolve().parent.parent / "locales" / lang
    words = sorted({w for f in root.rglob("*.yaml") for w in re.findall(r"[^\W\d_]+", f.read_text("utf-8").lower())})
    assert len(words) > 1000
    assert [compiled.stemWord(w) for w in words] == [pure.stemWord(w) for w in words]


def test_the_words_every_language_knows_are_a_few_strings(tk: Any) -> None:
    """``search_index.words``: per set of languages, one string of the words they alone know (read in well
    under a millisecond, where a mapping of thousands of words took 3-5 ms of a question with a typo), and
    a word is found in it with the languages that know it."""
    import itertools

    from tashkalar_cli.text.index import WORDS

    index = tk.rules.index
    groups = index.parts[WORDS]
    langs = sorted(index.langs)
    every = {" ".join(c) for n in range(1, len(langs) + 1) for c in itertools.combinations(langs, n)}
    assert groups and set(groups) <= every and all(isinstance(words, str) for words in groups.values())
    for lang in langs:
        for word in list(index.words(lang)["vocab"])[:200]:
            assert lang in index.known_languages(word), (lang, word)
    assert index.known_languages("colours") == ()
    assert index.known_languages("summon") == ("en",) and "it" in index.known_languages("evocare")


def test_a_word_with_no_neighbour_is_left_as_typed_without_the_stemmer(fresh: Any) -> None:
    """A word no language knows and no word of the texts is one edit from is kept as it is, and its stem is
    not asked (whether an inflection of a known word is asked only of a word that has a neighbour)."""
    index, _parts = fresh()
    assert index.correct("zqxwvbk", "en") == "zqxwvbk"
    assert index.stemmer("en")._impl is None
    assert index.correct("sumon", "en") == "summon" and index.correct("summoning", "en") == "summoning"


def test_a_question_unpacks_only_the_postings_of_its_stems(fresh: Any) -> None:
    """A language's postings are stored as one string of numbers per stem (issue 33: its thousands of small lists
    were two thirds of reading the part, the largest cost `ask` had over `card show`), and a question makes rows
    again only of the stems it looks up, the same rows as built."""
    from tashkalar_cli.text.index.common import TEXT_FIELDS, unpack_postings

    index, parts = fresh()
    stored = parts.parts["search_index.en"]["postings"]
    assert stored and all(isinstance(packed, str) for packed in stored.values())
    index.search(index.read("can I summon on top of an enemy heroic piece?", "en"))
    postings = index.words("en")["postings"]
    assert 0 < postings.unpacked <= 40 < len(stored)
    rows = postings["summon"]
    assert rows == unpack_postings(stored["summon"]) and all(len(row) == 1 + len(TEXT_FIELDS) for row in rows)
    assert all(isinstance(n, int) for row in rows for n in row)


def test_the_keyword_names_are_stored_in_the_order_read(tk: Any) -> None:
    """The index stores the keyword names (``forms``) without repeats and in the order :class:`Forms` keeps them, so
    that reading them sorts nothing: sorted again, they are the same."""
    from tashkalar_cli.text.index.common import Forms

    index = tk.rules.index
    assert Forms(index.forms.every()).items == index.forms.every()


@pytest.mark.parametrize("question", ["giocare un impeto", "can I summon on top of an enemy heroic piece?",
                                      "qué significa degradar una ficha", "c'est quoi une pièce promue ?",
                                      "how does a duel end if we play without the task cards?"])
def test_the_stored_keyword_names_find_what_the_names_find(tk: Any, question: str) -> None:
    """The index stores the keyword names by their first word (issue 33: made into rows they were a tenth of what
    `ask` cost beyond `card show`): a question makes only the names its words may start, and finds the same
    keywords as every name would."""
    from tashkalar_cli.text.index import SearchIndex
    from tashkalar_cli.text.index.common import Forms
    from tashkalar_cli.text.search import tokens

    index = SearchIndex(tk.rules.index.parts)
    words = tokens(question)
    found = index.forms.find(words, nested=True, prefer="en")
    assert len(index.forms._made) <= 2 * len(words)   # what the question made, not every name
    assert found == Forms(index.forms.every()).find(words, nested=True, prefer="en")
    assert index.forms.matches(words) == Forms(index.forms.every()).matches(words)


_NUMBER = st.one_of(st.integers(0, 5000), st.floats(0.0, 1.0).map(lambda x: round(x, 3)), st.just(1.0))


@given(st.lists(st.tuples(st.integers(0, 5000), _NUMBER, _NUMBER, _NUMBER).map(list), min_size=1, max_size=8))
def test_the_concepts_read_back_as_stored(rows: list[list[Any]]) -> None:
    """A keyword's concept postings are one string of numbers (issue 33), read back to the same numbers of the
    same types (a whole number stays one, a fraction is the same float): scores summed from them do not change."""
    from tashkalar_cli.text.index.common import pack_concepts, unpack_concepts

    back = unpack_concepts(pack_concepts(rows))
    assert back == rows and [[type(n) for n in row] for row in back] == [[type(n) for n in row] for row in rows]


_WORD = st.text(alphabet="abcdefghij", min_size=1, max_size=6)


@given(st.lists(st.tuples(st.lists(_WORD, min_size=1, max_size=3).map(tuple), _WORD, _WORD,
                          st.lists(_WORD, max_size=3).map(tuple), _WORD), min_size=1, max_size=5))
def test_the_card_names_read_back_as_stored(names: list[Any]) -> None:
    """The card names starting with one word are one string (issue 33), read back to the same names in order."""
    from tashkalar_cli.text.index.common import pack_card_names, unpack_card_names

    assert unpack_card_names(pack_card_names(names)) == names

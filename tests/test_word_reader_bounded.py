"""The word reader's work is bounded whatever the input (issue 29, "bounded work for any input").

A typo is scored against the names in one pass of rapidfuzz per kind of score (never one Python call per
name), once per distinct word (remembered), and a record or a --hand list ends at its first unknown word:
its suggestions are computed for that word only. The scores are exactly those of the one-pair definition
(``vocabulary._score``), so every answer and every suggestion stays what it was.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest

from tashkalar_cli.errors import TashkalarError
from tashkalar_cli.text import vocabulary
from tashkalar_cli.text.search import fold


def _typos(names: list[str], count: int, seed: int) -> list[str]:
    """``count`` distinct one- or two-letter typos of the names (folded), in a fixed order."""
    rng = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < count:
        word = rng.choice(names)
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(len(word))
            word = word[:i] + rng.choice("aeiourst") + word[i + 1:]
        out[word] = None
    return list(out)


def _being_names(tk: Any) -> list[str]:
    return [fold(str(c.id)) for c in tk.cards.beings if len(c.id) >= 6]


class Counter:
    """Counts the calls of a function it wraps."""

    def __init__(self, func: Any) -> None:
        self.func, self.calls = func, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.func(*args, **kwargs)


#: how many typos and names in another order are scored against the one-pair definition (each against every
#: spelling): a third of them in the default run, all in the slow run
QUERIES = [pytest.param(20, 10, id="a-third"), pytest.param(60, 30, id="all", marks=pytest.mark.slow)]


@pytest.mark.parametrize(("typos", "reordered"), QUERIES)
def test_scores_are_those_of_the_one_pair_definition(tk: Any, typos: int, reordered: int) -> None:
    """Every spelling scoring at least the floor gets its exact ``_score``; none below is missing."""
    lexicon = tk.cards.lexicon
    every = ["", *lexicon.order("en")]
    group = lexicon.group(every)
    rng = random.Random(3)
    names = [key for key, _ in lexicon.spellings(every)]
    queries = _typos(names, 60, 1)[:typos] + ["swordmaster 3 6", "ruse 9 9", "dragon fire", "maestro espada",
                                              "hautes terres", "mast", "fire",
                                              *(" ".join(rng.sample(n.split(), len(n.split()))) for n in names[:reordered])]
    for query in queries:
        expected = {key: vocabulary._score(query, key) for key in group.keys}
        expected = {key: s for key, s in expected.items() if s >= vocabulary.FLOOR}
        assert vocabulary._key_scores(query, group) == expected, query


def test_a_typo_is_never_scored_one_name_at_a_time(tk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """800 distinct typos read one after the other: no Python call per name (the cost that made a record of
    typos 20 times slower than one spelt right), at most one pass over the names per distinct word."""
    per_name = Counter(vocabulary._score)
    monkeypatch.setattr(vocabulary, "_score", per_name)
    passes = Counter(vocabulary._key_scores)
    monkeypatch.setattr(vocabulary, "_key_scores", passes)
    typos = _typos(_being_names(tk), 800, 7)
    read = 0
    for word in typos:
        try:
            tk.word("being", word)
            read += 1
        except TashkalarError:
            pass
    assert read > 400   # most are read as the name they misspell
    assert per_name.calls == 0
    assert passes.calls <= len(typos)


def test_a_typo_repeated_is_scored_once(tk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    passes = Counter(vocabulary._key_scores)
    monkeypatch.setattr(vocabulary, "_key_scores", passes)
    for _ in range(800):
        assert tk.word("being", "swordmastr") == "swordmaster"
    assert passes.calls <= 1


def test_the_remembered_typos_are_bounded(tk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocabulary, "REMEMBERED", 10)
    lexicon = tk.cards.lexicon
    for word in _typos(_being_names(tk), 40, 11):
        with contextlib.suppress(TashkalarError):
            tk.word("being", word)
        assert len(lexicon._typos) <= 10


def test_a_record_of_unknown_words_ends_at_the_first(tk: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn record naming 800 distinct unknown beings: one error, for the first; the suggestions are computed
    for that word only."""
    rng = random.Random(5)
    words = sorted({"".join(rng.choice("bcdfghjklmnpqvwxz") for _ in range(rng.randint(7, 12))) for _ in range(800)})
    path = tmp_path / "turn.yaml"
    path.write_text("player: blue\nsummoned:\n" + "".join(f"  - {w}\n" for w in words), encoding="utf-8")
    passes = Counter(vocabulary._key_scores)
    monkeypatch.setattr(vocabulary, "_key_scores", passes)
    with pytest.raises(TashkalarError) as caught:
        tk.turn(str(path))
    assert words[0] in str(caught.value)
    assert passes.calls <= 1


def test_a_hand_of_unknown_words_ends_at_the_first(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    words = sorted({"".join(rng.choice("bcdfghjklmnpqvwxz") for _ in range(9)) for _ in range(2000)})
    passes = Counter(vocabulary._key_scores)
    monkeypatch.setattr(vocabulary, "_key_scores", passes)
    result = cli("plan", "--pieces", "e5=blue", "--player", "blue", "--hand", ",".join(words))
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1 and words[0] in result.err
    assert passes.calls <= 1

"""Each card's effect data and each language's text name the same things: the same counts and the same ranks.

For every card of the decks in :data:`DECKS` and every language, the numbers (2 or more, in digits or
in words) and the rank words of ``locales/<lang>/cards/<deck>.yaml`` are compared with the card's
program (``cards/beings/<deck>.yaml``):

- every number of the text is a number of the program: an explicit one (``count``, ``up_to``,
  ``times``, ``within``, ``distance``, ``at_least``, ``gain_actions``, a ``repeat``, a turn's degrees,
  a ray's ``pieces``) or the most operations of one kind a single path of the program can do (its
  steps added up, the largest of its alternatives);
- every explicit number of the program is in the text, unless the card is listed in :data:`COMPOSED`;
- the ranks the text names (common, heroic, legendary, non-legendary, upgraded) are the ranks the
  program's selectors, placements and conversions name.

Adding a deck is adding its name to :data:`DECKS` (and, if its texts need it, entries to the exceptions).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("highland", "sylvan", "legends")
LANGUAGES = ("en", "fr", "es", "it")

#: number words of each language (1 is left out: "a piece", "un", "una" are everywhere)
NUMBER_WORDS = {
    "en": {"two": 2, "twice": 2, "three": 3, "four": 4, "five": 5},
    "fr": {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5},
    "it": {"due": 2, "tre": 3, "quattro": 4, "cinque": 5},
}
#: rank words of each language as regular expressions, the longer phrases first (a match is blanked
#: before the next is tried, so "non-legendary" is not also "legendary"); "upgraded" only as an
#: adjective of a piece, since the verb "upgrade" is everywhere
RANK_WORDS = {
    "en": (("non-legendary", r"non-legendary"), ("upgraded", r"upgraded pieces?"), ("common", r"common"),
           ("heroic", r"heroic"), ("legendary", r"legendary")),
    "fr": (("non-legendary", r"non[- ]légendaires?"), ("upgraded", r"pièces? promues?"),
           ("common", r"communs?|communes?"), ("heroic", r"héroïques?"), ("legendary", r"légendaires?")),
    "es": (("non-legendary", r"no legendari[ao]s?"), ("upgraded", r"fichas? mejorad[ao]s?"),
           ("common", r"básic[ao]s?"), ("heroic", r"heroic[ao]s?"), ("legendary", r"legendari[ao]s?")),
    "it": (("non-legendary", r"non leggendari[aeio]"), ("upgraded", r"pedin[ae] promoss[aeio]"),
           ("common", r"semplic[ei]"), ("heroic", r"eroic(?:he|hi|[aoi])"), ("legendary", r"leggendari[aeio]")),
}

#: cards whose program builds the text's count out of smaller steps: their explicit numbers are not
#: all in the text (the text's numbers must still be found in the program)
COMPOSED = {
    "the-eldest-tree": "up to 3 squares split into the numbers of upgrades, placements and destructions",
}
#: cards whose text names a rank by its complement
RANKS_SAID_OTHERWISE = {
    "centaur-spearman": ({"legendary"}, {"non-legendary"}, "destroy the piece unless it is legendary"),
}
#: cards whose placeholder program (until the language has what they need, notes/effects-ext.md) names
#: fewer counts or ranks than their text
PLACEHOLDERS: set[str] = set()

EXPLICIT_KEYS = ("count", "up_to", "times", "within", "distance", "at_least", "at_most", "gain_actions", "by", "pieces")
OPERATIONS = ("destroy", "upgrade", "downgrade", "convert", "place", "move", "swap")
UNBOUNDED = 10**6


def text_facts(lang: str, text: str) -> tuple[set[int], set[str]]:
    """The numbers (2 or more) and the rank names a text says."""
    low = text.lower()
    numbers = {int(n) for n in re.findall(r"\b(\d+)\b", low)}
    numbers |= {v for w, v in NUMBER_WORDS[lang].items() if re.search(rf"\b{w}\b", low)}
    ranks: set[str] = set()
    for name, rx in RANK_WORDS[lang]:
        pattern = rf"(?<![\w-])(?:{rx})(?![\w-])"
        if re.search(pattern, low):
            ranks.add(name)
            low = re.sub(pattern, " ", low)
    return {n for n in numbers if n >= 2}, ranks


def program_numbers(program: Any) -> set[int]:
    """The explicit numbers (2 or more) of a program."""
    out: set[int] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in EXPLICIT_KEYS and isinstance(v, int) and not isinstance(v, bool):
                    out.add(abs(v))
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(program)
    return {n for n in out if n >= 2}


def program_ranks(program: Any) -> set[str]:
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "is" or (k == "rank" and "is" not in x):   # {rank: NAME, is: RANKS} names a bound piece
                    out.update(v if isinstance(v, list) else [v])
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(program)
    return out


def most_per_path(program: list[Any]) -> dict[str, int]:
    """For each operation, the most times one path through the program can do it."""
    def seq(steps: list[Any]) -> dict[str, int]:
        total: dict[str, int] = {}
        for step in steps:
            for op, n in one(step).items():
                total[op] = min(UNBOUNDED, total.get(op, 0) + n)
        return total

    def most(options: list[dict[str, int]]) -> dict[str, int]:
        out: dict[str, int] = {}
        for o in options:
            for op, n in o.items():
                out[op] = max(out.get(op, 0), n)
        return out

    def one(step: dict[str, Any]) -> dict[str, int]:
        if "choose" in step:
            return most([seq(alt) for alt in step["choose"]])
        if "if" in step:
            return most([seq(step.get("then", [])), seq(step.get("else", []))])
        if "repeat" in step:
            body, rounds = step["repeat"], step["repeat"].get("times", step["repeat"].get("up_to", UNBOUNDED))
            return {op: min(UNBOUNDED, n * rounds) for op, n in seq(body["steps"]).items()}
        if "for_each" in step:
            return seq(step["for_each"]["steps"])
        for op in OPERATIONS:
            if op in step:
                if step.get("all") or step.get("any_number"):
                    return {op: UNBOUNDED}
                return {op: int(step.get("count", step.get("up_to", step.get("times", 1))))}
        return {}

    return seq(program)


def _cards() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for deck in DECKS:
        data = yaml.safe_load((ROOT / "cards" / "beings" / f"{deck}.yaml").read_text(encoding="utf-8"))
        out += [(deck, card) for card in data["cards"]]
    return out


def _texts(deck: str) -> dict[str, dict[str, Any]]:
    return {lang: yaml.safe_load((ROOT / "locales" / lang / "cards" / f"{deck}.yaml").read_text(encoding="utf-8"))
            ["cards"] for lang in LANGUAGES}


CARDS = _cards()
TEXTS = {deck: _texts(deck) for deck in DECKS}


def _param(deck: str, card: dict[str, Any]) -> Any:
    if card["id"] in PLACEHOLDERS:
        return pytest.param(deck, card, id=card["id"],
                            marks=pytest.mark.xfail(reason="placeholder program", strict=True))
    return pytest.param(deck, card, id=card["id"])


@pytest.mark.parametrize(("deck", "card"), [_param(d, c) for d, c in CARDS])
def test_card_data_and_texts_name_the_same_counts_and_ranks(deck: str, card: dict[str, Any]) -> None:
    program = card["effect"]
    explicit = program_numbers(program)
    reachable = explicit | {n for n in most_per_path(program).values() if 2 <= n < UNBOUNDED}
    ranks = program_ranks(program)
    said = RANKS_SAID_OTHERWISE.get(card["id"])
    problems = []
    for lang in LANGUAGES:
        numbers, text_ranks = text_facts(lang, TEXTS[deck][lang][card["id"]]["effect"])
        if not numbers <= reachable:
            problems.append(f"{lang}: the text says {sorted(numbers - reachable)}, the program does not")
        if card["id"] not in COMPOSED and not explicit <= numbers:
            problems.append(f"{lang}: the program counts {sorted(explicit - numbers)}, the text does not")
        if said is not None and text_ranks == said[0] and ranks == said[1]:
            continue
        if text_ranks != ranks:
            problems.append(f"{lang}: the text names the ranks {sorted(text_ranks)}, the program {sorted(ranks)}")
    assert not problems, f"{card['id']}: " + "; ".join(problems)


def test_the_reading_of_texts_finds_numbers_and_ranks() -> None:
    # the extraction itself, on sentences of each language: a count in words, a rank phrase, a verb
    assert text_facts("en", "Destroy up to two non-legendary pieces; upgrade 1 common piece.") == (
        {2}, {"non-legendary", "common"})
    assert text_facts("en", "1 of your common pieces gets upgraded.") == (set(), {"common"})
    assert text_facts("fr", "Détruisez jusqu'à 3 pièces promues et une pièce non-légendaire.") == (
        {3}, {"upgraded", "non-legendary"})
    assert text_facts("es", "Destruye dos fichas básicas y una ficha heroica.") == ({2}, {"common", "heroic"})
    assert text_facts("it", "Distruggi fino a 4 pedine semplici o due eroiche.") == ({2, 4}, {"common", "heroic"})
    assert program_ranks([{"destroy": {"rank": "heroic"}, "as": "hit"}, {"if": {"rank": "hit", "is": "heroic"}}]) == {
        "heroic"}
    assert most_per_path([{"move": {"piece": "self"}}, {"choose": [[], [{"move": {"piece": "self"}, "up_to": 2}]]}]) == {
        "move": 3}


def test_every_card_of_the_listed_decks_is_checked_in_every_language() -> None:
    for deck, card in CARDS:
        for lang in LANGUAGES:
            assert TEXTS[deck][lang][card["id"]]["effect"].strip(), (deck, card["id"], lang)
    assert {c["id"] for _, c in CARDS} >= set(COMPOSED) | set(RANKS_SAID_OTHERWISE) | PLACEHOLDERS

"""Checks across the language-neutral files that a schema alone cannot express."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

from tashkalar_cli.errors import DataError
from tashkalar_cli.games.tashkalar.model.facts import as_facts
from tashkalar_cli.games.tashkalar.model.patterns import Pattern, PatternError

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.facts import BeingData, Facts, FlareData


def _fail(facts: Facts, key: str, message: str) -> None:
    source, line = facts["sources"].get(key, ("cards/", None))
    raise DataError(message, file=source, line=line)


def check_pattern_size(facts: Facts, key: str, card: BeingData, ranks: int, files: int) -> None:
    """A pattern fits on the board in one of its orientations (so it has at most ranks x files
    squares): measured before it is parsed, so a pattern of thousands of squares costs nothing."""
    rows = card["pattern"]
    height = len(rows)
    width = max((row.count(" ") + 1 for row in rows), default=0)
    if not ((height <= ranks and width <= files) or (height <= files and width <= ranks)):
        source, line = facts["sources"].get(key, ("cards/", None))
        raise DataError(key="pattern-too-large", file=source, line=line, card=card["id"], rows=height,
                        columns=width, ranks=ranks, files=files)


def check_programs(facts: Facts, key: str, card: BeingData | FlareData, expected: Iterable[str]) -> None:
    """A card's effect programs parse (names bound before use, one primitive a step...), and a card
    with effect data has every program its texts have (an extra effect, the other flare half).
    A card without any effect data makes ``validate`` fail (:func:`missing_effects`)."""
    # deferred: L.E.T.A.L. has no card to check
    from tashkalar_cli.games.tashkalar.model.effects import PROGRAM_FIELDS, EffectError, parse_program

    given = [f for f in PROGRAM_FIELDS if f in card]
    if not given:
        return
    for name in expected:
        if name not in card:
            _fail(facts, key, f"card '{card['id']}': '{name}' is missing (the card has effect data)")
    from tashkalar_cli.games.tashkalar.model.markers import read_rules  # deferred: L.E.T.A.L. has no card to check

    markers = {n: r for n, r in read_rules(facts.get("decks", ())).items() if r.deck == card.get("deck")}
    for name in given:
        # stored (and cached) with the key 'on' as written: the record's program fields rewritten in place
        cast("dict[str, object]", card)[name] = on_keys(card.get(name))
        if name not in expected:
            _fail(facts, key, f"card '{card['id']}': '{name}' is not a program of this card")
        try:
            parse_program(card.get(name), markers)
        except EffectError as exc:
            _fail(facts, key, f"card '{card['id']}': {name}: {exc}")


def on_keys(value: object) -> object:
    """A program's data with the key ``on`` restored where YAML 1.1 read the bare key as true."""
    if isinstance(value, dict):
        return {("on" if k is True else k): on_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [on_keys(v) for v in value]
    return value


def missing_effects(data: Mapping[str, object]) -> list[str]:
    """The ids of the beings, legends and flares without effect data."""
    from tashkalar_cli.games.tashkalar.model.types import PROGRAM_FIELDS  # deferred: L.E.T.A.L. has no card to check

    facts = as_facts(data)
    return [c["id"] for c in [*facts.get("beings", []), *facts.get("flares", [])]
            if not any(f in c for f in PROGRAM_FIELDS)]


def check_cards(facts: Facts) -> None:
    from tashkalar_cli.games.tashkalar.model.board import Board  # deferred: L.E.T.A.L. has no card to check

    try:
        board = Board(facts["board"])
    except Exception as exc:  # InputError from a bad square name
        raise DataError(f"board: {getattr(exc, 'message', exc)}", file="cards/board.yaml") from None
    glossary = {k["id"]: k for k in facts["glossary"]}
    card_keywords = {k for k, v in glossary.items() if v.get("card_keyword")}
    decks = {d["id"] for d in facts["decks"]}
    seen: dict[str, str] = {}

    def unique(card_id: str, key: str) -> None:
        if card_id in seen:
            _fail(facts, key, f"card id '{card_id}' is used twice")
        seen[card_id] = key

    def keywords(key: str, ids: Iterable[str]) -> None:
        for kw in ids:
            if kw not in glossary:
                _fail(facts, key, f"unknown keyword '{kw}' (not in cards/glossary.yaml)")
            if kw not in card_keywords:
                _fail(facts, key, f"keyword '{kw}' is not marked card_keyword in cards/glossary.yaml")

    for card in facts["beings"]:
        key = card["id"]
        unique(card["id"], key)
        if card["deck"] not in decks:
            _fail(facts, key, f"deck '{card['deck']}' is not in cards/decks.yaml")
        special = card.get("summoning") == "special"
        check_pattern_size(facts, key, card, board.ranks, board.files)
        try:
            Pattern(tuple(card["pattern"])).check(needs_target=not special)
        except PatternError as exc:
            _fail(facts, key, f"card '{card['id']}': pattern: {exc}")
        if (card["rank"] == "legendary") != (card["deck"] == "legends"):
            _fail(facts, key, f"card '{card['id']}': legends, and only legends, are legendary")
        keywords(key, card["keywords"])
        check_programs(facts, key, card, ("effect", *(f"{e}_effect" for e in card.get("extra_effects", ()))))
    for flare in facts["flares"]:
        key = f"flares:{flare['id']}"
        unique(flare["id"], key)
        keywords(key, flare["upper"]["keywords"] + flare["lower"]["keywords"])
        check_programs(facts, key, flare, ("upper_effect", "lower_effect"))
    for task in facts["tasks"]:
        key = f"tasks:{task['id']}"
        unique(task["id"], key)
        keywords(key, task["keywords"])

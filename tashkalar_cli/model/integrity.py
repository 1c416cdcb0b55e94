"""Checks across the language-neutral files that a schema alone cannot express."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

from tashkalar_cli.errors import DataError
from tashkalar_cli.model.facts import as_facts
from tashkalar_cli.model.patterns import Pattern, PatternError

if TYPE_CHECKING:
    from tashkalar_cli.data.games import GamePack
    from tashkalar_cli.model.facts import BeingData, Facts, FlareData, KeywordData, RulesData


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
    from tashkalar_cli.model.effects import PROGRAM_FIELDS, EffectError, parse_program

    given = [f for f in PROGRAM_FIELDS if f in card]
    if not given:
        return
    for name in expected:
        if name not in card:
            _fail(facts, key, f"card '{card['id']}': '{name}' is missing (the card has effect data)")
    from tashkalar_cli.model.markers import read_rules

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
    from tashkalar_cli.model.types import PROGRAM_FIELDS

    facts = as_facts(data)
    return [c["id"] for c in [*facts.get("beings", []), *facts.get("flares", [])]
            if not any(f in c for f in PROGRAM_FIELDS)]


def check_facts(data: Mapping[str, object], pack: GamePack | None = None) -> None:
    """The checks of a game's facts: its cards (a game with beings), then its rules, keywords and errata."""
    if pack is None:
        from tashkalar_cli.data.games import GAMES

        pack = GAMES["tash-kalar"]
    facts = as_facts(data)
    if "beings" in facts:
        check_cards(facts)
    check_rules(facts, pack)


def check_cards(facts: Facts) -> None:
    from tashkalar_cli.model.board import Board

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



def check_rules(facts: Facts, pack: GamePack) -> None:
    """Rules, keywords and errata agree: ids unique, links to things that exist."""
    rules_file, glossary_file, errata_file = (f"cards/{pack.shown(n)}" for n in ("rules.yaml", "glossary.yaml", "errata.yaml"))
    glossary = {k["id"]: k for k in facts["glossary"]}
    for kw in facts["glossary"]:
        if kw["category"] not in pack.categories:
            raise DataError(f"keyword '{kw['id']}': category '{kw['category']}' is not one of: "
                            + ", ".join(pack.categories), file=glossary_file)
    rules = facts["rules"]
    rule_ids = _rule_ids(rules, glossary, pack, rules_file)
    for rule in rules["rules"]:
        for what, others in (("related", rule.get("related", [])), ("next", rule.get("then", []))):
            for other in others:
                if other not in rule_ids:
                    raise DataError(f"rule '{rule['id']}': {what} rule '{other}' does not exist", file=rules_file)
    for kw in facts["glossary"]:
        for other in kw.get("rules", []):
            if other not in rule_ids:
                raise DataError(f"keyword '{kw['id']}': rule '{other}' does not exist", file=glossary_file)
    if not pack.modes and "played_as" in rules:
        raise DataError("this game has no forms of play (no 'played_as')", file=rules_file)
    for item in facts["errata"]:
        for other in item.get("rules", []):
            if other not in rule_ids:
                raise DataError(f"errata '{item['id']}': rule '{other}' does not exist", file=errata_file)


def _rule_ids(rules: RulesData, glossary: dict[str, KeywordData], pack: GamePack, rules_file: str) -> set[str]:
    """The ids of the rules, each rule checked: id and number unique, forms of play as the game has
    them, its section and keywords known."""
    sections = {s["id"] for s in rules["sections"]}
    rule_ids: set[str] = set()
    numbers: set[str] = set()
    for rule in rules["rules"]:
        if rule["id"] in rule_ids:
            raise DataError(f"rule id '{rule['id']}' is used twice", file=rules_file)
        if rule["number"] in numbers:
            raise DataError(f"rule number {rule['number']} is used twice", file=rules_file)
        if pack.modes and not rule.get("modes"):
            raise DataError(f"rule '{rule['id']}': 'modes' is required", file=rules_file)
        if not pack.modes and ("modes" in rule or "excludes" in rule):
            raise DataError(f"rule '{rule['id']}': this game has no forms of play (no 'modes')", file=rules_file)
        rule_ids.add(rule["id"])
        numbers.add(rule["number"])
        if rule["section"] not in sections:
            raise DataError(f"rule '{rule['id']}': unknown section '{rule['section']}'", file=rules_file)
        for kw in rule.get("keywords", []):
            if kw not in glossary:
                raise DataError(f"rule '{rule['id']}': unknown keyword '{kw}'", file=rules_file)
    return rule_ids

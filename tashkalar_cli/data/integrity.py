"""Checks across the language-neutral files of every game that a schema alone cannot express: its rules,
keywords and errata agree (ids unique, links to things that exist, forms of play as the game has them).
A game's own checks (Tash-Kalar's cards) are its pack's, named by the registry (``GamePack.derive``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tashkalar_cli.errors import DataError

if TYPE_CHECKING:
    from tashkalar_cli.data.paths import GamePack


def check_rules(facts: Mapping[str, Any], pack: GamePack) -> None:
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


def _rule_ids(rules: Mapping[str, Any], glossary: Mapping[str, Any], pack: GamePack, rules_file: str) -> set[str]:
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


__all__ = ["check_rules"]

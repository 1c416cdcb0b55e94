"""The effects of the highland, sylvan and legends cards, resolved on hand-built positions.

The cases live in ``tests/effects_cases/base.yaml`` (its head says how they are written): for each
card at least one position, a summon, and the exact set of outcomes its effect can leave — the
pieces on the board, the actions gained and the notes for what happens off the board. An outcome
set is compared as a whole: a missing choice and an extra, illegal one both fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tashkalar_cli.game import Game
from tashkalar_cli.games.tashkalar.model.position import Position

CASES_FILE = Path(__file__).parent / "effects_cases" / "base.yaml"
DECKS = ("highland", "sylvan", "legends")
CASES: list[dict[str, Any]] = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))["cases"]

#: an outcome as compared: the pieces left (square name -> "color rank"), actions gained, notes
Outcome = tuple[frozenset[tuple[str, str]], int, frozenset[str]]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game()


def _ids() -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for case in CASES:
        seen[case["card"]] = seen.get(case["card"], 0) + 1
        out.append(f"{case['card']}-{seen[case['card']]}")
    return out


def _position(game: Game, case: dict[str, Any]) -> Position:
    data: dict[str, Any] = {"mode": case.get("mode", "duel")}
    if "players" in case:
        data["players"] = case["players"]
    if "supply" in case:
        data["supply"] = case["supply"]
    extra = game.parser.inline(case["pieces"])
    return game.parser.from_data(data, None, "case", extra)


def _summoned(game: Game, case: dict[str, Any]) -> tuple[Position, Any]:
    pos = _position(game, case)
    applied = game.apply(case["card"], pos, case.get("player", "blue"), case["at"],
                         orientation=case.get("orientation", "r0"))
    return pos, applied


def _pieces(pos: Position) -> dict[str, str]:
    return {pos.board.name(sq): f"{p.color} {p.rank}" for sq, p in pos.pieces.items()}


def _squares(game: Game, over: Any) -> list[str]:
    if isinstance(over, dict):
        out = set(over["board_except"].split())
        return [game.board.name(sq) for sq in game.board.squares if game.board.name(sq) not in out]
    return str(over).split()


def _apply_diff(start: dict[str, str], diff: str) -> frozenset[tuple[str, str]]:
    pieces = dict(start)
    for token in diff.split():
        if token.endswith("-"):
            assert token[:-1] in pieces, f"{token}: no piece there after the summon"
            del pieces[token[:-1]]
        else:
            square, _, piece = token.partition("=")
            color, _, rank = piece.partition(":")
            pieces[square] = f"{color} {rank or 'common'}"
    return frozenset(pieces.items())


def expected(game: Game, case: dict[str, Any], start: dict[str, str]) -> set[Outcome]:
    """The outcomes a case expects; two written outcomes that leave the same position are a mistake
    of the case (a `{each: ...}` may give the same position twice: moving onto either of two identical
    pieces of yours leaves the same board)."""
    out: list[Outcome] = []
    generated: set[Outcome] = set()
    for item in case["outcomes"]:
        if isinstance(item, str):
            item = {"diff": item}
        diffs = ([item["each"].replace("$", sq) for sq in _squares(game, item["over"])] if "each" in item
                 else [item["diff"]])
        for diff in diffs:
            outcome = (_apply_diff(start, diff), int(item.get("actions", 0)), frozenset(item.get("notes", ())))
            (generated.add(outcome) if "each" in item else out.append(outcome))
    assert len(out) == len(set(out)), f"{case['card']}: an expected outcome is written twice"
    return set(out) | generated


def resolved(game: Game, case: dict[str, Any]) -> set[Outcome]:
    """The outcomes the engine gives, in the form of :func:`expected`."""
    pos = _position(game, case)
    res = game.resolve(case["card"], pos, case.get("player", "blue"), case["at"],
                       orientation=case.get("orientation", "r0"))
    assert res.resolution is not None, f"{case['card']} has no effect data"
    assert not res.resolution.truncated
    return {(frozenset(_pieces(o.position).items()), o.actions_gained, frozenset(o.notes)) for o in res.outcomes}


# ---------------------------------------------------------------------------------------- the cases

@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_case_is_a_legal_summon_and_its_outcomes_are_well_written(game: Game, case: dict[str, Any]) -> None:
    _, applied = _summoned(game, case)
    start = _pieces(applied.position)
    assert start[case["at"]] == f"{case.get('player', 'blue')} {game.being(case['card']).rank}"
    assert expected(game, case, start)


#: cases the engine cannot resolve yet, with why (notes/effects-ext.md); strict: a fix shows up as a failure
PENDING: dict[str, str] = {}


def _pending(case: dict[str, Any]) -> Any:
    reason = PENDING.get(case["card"])
    return pytest.param(case, marks=pytest.mark.xfail(reason=reason, strict=True)) if reason else case


@pytest.mark.parametrize("case", [_pending(c) for c in CASES], ids=_ids())
def test_effect_outcomes(game: Game, case: dict[str, Any]) -> None:
    _, applied = _summoned(game, case)
    want = expected(game, case, _pieces(applied.position))
    got = resolved(game, case)
    missing, extra = want - got, got - want
    assert not missing and not extra, (
        f"{case['card']} at {case['at']}: {len(missing)} expected outcome(s) missing, {len(extra)} unexpected;\n"
        + "\n".join(f"  missing: {_show(o, _pieces(applied.position))}" for o in sorted(missing, key=str)[:10])
        + "\n" + "\n".join(f"  extra: {_show(o, _pieces(applied.position))}" for o in sorted(extra, key=str)[:10]))


def _show(o: Outcome, start: dict[str, str]) -> str:
    pieces = dict(o[0])
    gone = sorted(sq for sq in start if sq not in pieces)
    changed = sorted(f"{sq}={p}" for sq, p in pieces.items() if start.get(sq) != p)
    return " ".join([*(f"{sq}-" for sq in gone), *changed]) + f" actions={o[1]} notes={sorted(o[2])}"


def _deck_cards(deck: str) -> Iterator[str]:
    data = yaml.safe_load((Path(__file__).parent.parent / "cards" / "beings" / f"{deck}.yaml").read_text("utf-8"))
    for card in data["cards"]:
        yield card["id"]


def test_every_card_of_the_three_decks_has_a_case() -> None:
    covered = {case["card"] for case in CASES}
    cards = [c for deck in DECKS for c in _deck_cards(deck)]
    assert len(cards) == 48
    assert [c for c in cards if c not in covered] == []


def test_the_titans_destructions_are_not_counted_as_yours(game: Game) -> None:
    pos = game.position(pieces="d2=blue,e2=blue,f2=blue,e3=blue:heroic,e4=blue:heroic,f5=red,d6=red")
    (titan,) = game.resolve("titan", pos, "blue", "e5").outcomes
    assert {game.board.name(sq) for sq, _ in titan.destroyed} == {"e4", "f5", "d6"}
    assert titan.destroyed_by_you == []
    (giant,) = game.resolve("hill-giant", game.position(pieces="d3=blue,e3=blue,f3=blue,e4=blue,f5=red"),
                            "blue", "e5").outcomes
    assert {game.board.name(sq) for sq, _ in giant.destroyed_by_you} == {"e4", "f5"}

"""A typing test, checked by the project's ``mypy`` (strict: an ignore that is no longer needed is an error)
and by ``tests/test_game_packs.py``: each game's type holds its own questions, and a question of another game
does not type-check. Not collected by pytest, never run (its calls would load the data)."""

from __future__ import annotations

from typing import assert_type

from tashkalar_cli.game import Game
from tashkalar_cli.games import Game as AnyGame
from tashkalar_cli.games.letal import LetalGame
from tashkalar_cli.games.letal.engine import LetalEngine
from tashkalar_cli.games.letal.rules import LetalRules
from tashkalar_cli.games.tashkalar import TashkalarGame
from tashkalar_cli.games.tashkalar.engine.summoning import Verdict
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.rules import TashkalarRules


def letal(game: LetalGame) -> None:
    assert_type(game.ruleset, LetalRules)
    assert_type(game.ruleset.letal, LetalEngine)
    _ = game.glossary  # the shared services answer for every game
    _ = game.cards  # type: ignore[attr-defined]
    _ = game.ruleset.summon  # type: ignore[attr-defined]
    _ = game.summon  # type: ignore[attr-defined]


def tash_kalar(game: TashkalarGame, position: Position) -> None:
    assert_type(game.ruleset, TashkalarRules)
    assert_type(game.ruleset.summon("knight", position, "blue"), Verdict)
    _ = game.errata_about(book="es")
    _ = game.ruleset.letal  # type: ignore[attr-defined]
    _ = game.letal  # type: ignore[attr-defined]


def generic(game: Game[LetalRules], other: Game[TashkalarRules]) -> None:
    assert_type(game.ruleset.letal, LetalEngine)
    _ = game.ruleset.cards  # type: ignore[attr-defined]
    _ = game.summon  # type: ignore[attr-defined]
    _ = other.ruleset.letal  # type: ignore[attr-defined]
    _ = other.letal  # type: ignore[attr-defined]


def untyped(game: AnyGame, position: Position) -> None:
    """A caller that does not know which game it opened (the command line): every question type-checks, and
    one of another game is bad input at run time (``wrong-game``)."""
    assert_type(game.summon("knight", position, "blue"), Verdict)
    assert_type(game.letal, LetalEngine)

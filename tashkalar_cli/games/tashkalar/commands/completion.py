"""The completions of the values only Tash-Kalar has (the registry's hook ``complete``, called by the kit's
:mod:`tashkalar_cli.command.completion` while a shell asks): its cards by name and id (every card, the beings,
the flares, the tasks) and its players' colors."""

from __future__ import annotations

from typing import Any

from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Task
from tashkalar_cli.text.search import fold

Pairs = list[tuple[str, str]]

#: (command path, parameter name) -> what its values are, for Tash-Kalar's commands ("*": any command); the registry's
#: hook ``parameters``, merged by the kit with the line's own table (:func:`tashkalar_cli.command.completion.kinds`)
PARAMETERS: dict[tuple[str, str], str] = {
    ("card show", "name"): "card",
    ("card list", "keyword"): "keyword",
    ("summon", "card"): "being",
    ("summonable", "hand"): "beings",
    ("plan", "hand"): "beings",
    ("flare check", "flare"): "flare",
    ("flare play", "flare"): "flare",
    ("task check", "task"): "task",
    ("plan", "deck"): "decks",
    ("*", "deck"): "deck",
    ("*", "player"): "color",
    ("*", "allow_enemy"): "color",
    ("*", "against"): "color",
}

#: the kinds of values that are Tash-Kalar's cards -> the classes of the cards completed
CARD_KINDS: dict[str, tuple[type, ...]] = {"card": (Being, Flare, Task), "being": (Being,), "beings": (Being,),
                                           "flare": (Flare,), "task": (Task,)}


def candidates(kind: str, game: Any, loc: Any) -> tuple[Pairs, Pairs] | None:
    """Every value of ``kind`` with its help, as two lists (what a person types, and the ids that may be typed
    instead: see :func:`tashkalar_cli.command.completion.candidates`); None for a kind of another part."""
    if kind == "color":
        return [(color, loc.msg(f"color.{color}")) for color in game.board.colors], []
    return _cards(game, loc, CARD_KINDS[kind]) if kind in CARD_KINDS else None


def _cards(game: Any, loc: Any, kinds: tuple[type, ...]) -> tuple[Pairs, Pairs]:
    db = game.cards
    names: Pairs = []
    ids: Pairs = []
    for card in db.cards:
        if any(isinstance(card, kind) for kind in kinds):
            name = str(db.name(card, loc))
            names.append((name, card.id))
            if fold(card.id) != fold(name):  # 'knight' is offered as 'Knight' only
                ids.append((card.id, name))
    return names, ids


__all__ = ["PARAMETERS", "candidates"]

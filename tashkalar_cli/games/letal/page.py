"""What the analysis board in the browser needs of L.E.T.A.L. TCG's grid (``letal board --json``, schema
``schemas/output-letal-board.schema.json``): the grid's files, ranks and squares, each team's side (the
ranks its heroes start on), the positioning words the page asks about, the heroes of a game file on their
squares, the game as data and as a file, and the page's texts in one language.

The page holds no rule of the game: which squares are south or north, what an area is called, where a hero
stands, all come from here, as the command line reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

from tashkalar_cli.games.letal.engine import TEAMS, GridSquare
from tashkalar_cli.render.web import page_texts

if TYPE_CHECKING:
    from tashkalar_cli.games.letal.engine import GameFile, LetalEngine
    from tashkalar_cli.text.i18n import Localizer

#: the questions the page asks of a hero, in its order: the four areas, then a move, a push and a pull
QUESTIONS = ("adjacent", "reach", "range", "radius", "move", "push", "pull")


def game_data(game: GameFile) -> dict[str, Any]:
    """A game file's data, as read (teams by their ids): what ``letal board`` writes out and reads back."""
    players = []
    for p in game.players:
        heroes = []
        for h in p.heroes:
            hero: dict[str, Any] = {"name": h.name}
            if h.square is not None:
                hero["square"] = h.square.name
            if h.deck is not None:
                hero["deck"] = dict(h.deck)
            if h.endurance is not None:
                hero["endurance"] = h.endurance
            heroes.append(hero)
        players.append({"name": p.name, "team": p.team, "heroes": heroes})
    return {"players": players}


def game_yaml(data: dict[str, Any]) -> str:
    """The game as a game file (YAML), read back by ``letal check`` as the same game."""
    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False))


def _question(kind: str, loc: Localizer) -> str:
    """The glossary's own term of the positioning word or action (Reach, Push...) in the reader's language."""
    return loc.field("keywords", kind, "term").text or kind


def letal_board(engine: LetalEngine, game: GameFile, loc: Localizer, langs: list[tuple[str, str]]) -> dict[str, Any]:
    """The body of ``letal board --json`` (see the module's text)."""
    size = engine.grid.size
    data = game_data(game)
    return {
        "lang": loc.lang,
        "files": [chr(ord("a") + f) for f in range(size)],
        "ranks": size,
        "squares": [sq.name for sq in engine.grid.squares],
        "teams": [{"id": t, "letter": t[0], "name": loc.msg(f"letal.team.{t}"),
                   "squares": [GridSquare(f, r).name for f in range(size) for r in engine.start_ranks(t)]} for t in TEAMS],
        "questions": [{"id": q, "name": _question(q, loc), "counted": q != "adjacent"} for q in QUESTIONS],
        "heroes": [{"square": h.square.name, "team": p.team, "player": p.name, "name": h.name}
                   for p in game.players for h in p.heroes if h.square is not None],
        "game_data": data,
        "game_file": game_yaml(data),
        "langs": [{"id": lang, "name": name} for lang, name in langs],
        "texts": page_texts(loc),
    }


__all__ = ["QUESTIONS", "game_data", "game_yaml", "letal_board"]

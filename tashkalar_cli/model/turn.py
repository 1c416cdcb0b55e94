"""Turn records: what happened during one turn (pieces destroyed, beings summoned, flares invoked).

A turn record is a small YAML file, validated like a position::

    player: blue
    mode: duel                  # high-form | duel | melee (default duel)
    players: 2                  # melee: 3 or 4
    destroyed: [red heroic, red common, {color: red, rank: common}]
    summoned: [{card: swordmaster, square: e5}, knight e4]
    flares: [{flare: flare-3-6, against: red}]
    opponents: [red]            # optional: the other players' colors, when nothing else names them
    scores: {blue: 12, red: 9}  # before the turn; melee: {blue: {red: 3, yellow: 5}, ...}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tashkalar_cli.errors import DataError, InputError
from tashkalar_cli.model.position import MODES, Piece, PositionParser


@dataclass
class Summoned:
    card: str
    square: int | None


@dataclass
class FlareUse:
    flare: str
    against: str | None


@dataclass
class Turn:
    player: str
    mode: str = "duel"
    players: int = 2
    destroyed: list[Piece] = field(default_factory=list)
    summoned: list[Summoned] = field(default_factory=list)
    flares: list[FlareUse] = field(default_factory=list)
    scores: dict = field(default_factory=dict)
    named_opponents: list[str] = field(default_factory=list)

    @property
    def opponents(self) -> list[str]:
        """The other players' colors this record tells of: listed, scored, destroyed or flared."""
        seen = set(self.named_opponents) | set(self.scores) | {p.color for p in self.destroyed}
        seen |= {f.against for f in self.flares if f.against}
        seen.discard(self.player)
        return sorted(seen)


def parse_turn(data, lines, source: str, board, game: dict, cards) -> Turn:
    from tashkalar_cli.data.quickschema import check

    if not isinstance(data, dict):
        raise InputError(f"{source}: a turn record must be a mapping (player, destroyed, summoned, flares, scores)")
    check("turn", data, lines, source)
    parser = PositionParser(board, game)

    def where(*path) -> str:
        line = lines.line_of(path) if lines else None
        return f"{source}:{line}" if line else source

    player = data["player"].lower()
    if player not in board.colors:
        raise InputError(f"{where('player')}: unknown color '{player}' (one of: {', '.join(board.colors)})")
    mode = data.get("mode", "duel")
    if mode not in MODES:
        raise InputError(f"{where('mode')}: unknown mode '{mode}' (one of: {', '.join(MODES)})")
    players = data.get("players") or (3 if mode == "melee" else 2)
    limits = game["melee"]
    if mode == "melee" and not limits["players_min"] <= players <= limits["players_max"]:
        raise InputError(f"{where('players')}: a melee has {limits['players_min']} or {limits['players_max']} players")
    if mode != "melee" and players != 2:
        raise InputError(f"{where('players')}: a {mode} game has 2 sides, not {players}")
    destroyed = [parser.piece(p, where("destroyed", i)) for i, p in enumerate(data.get("destroyed") or [])]
    summoned = []
    for i, item in enumerate(data.get("summoned") or []):
        if isinstance(item, dict):
            name, square = item["card"], item.get("square")
        else:
            parts = str(item).split()
            name, square = (" ".join(parts[:-1]), parts[-1]) if len(parts) > 1 and _looks_like_square(parts[-1]) else (str(item), None)
        try:
            card = cards.find(str(name))
        except Exception as exc:
            raise InputError(f"{where('summoned', i)}: {getattr(exc, 'message', exc)}",
                             hints=getattr(exc, "hints", None)) from None
        if card.type not in ("being", "legend"):
            raise InputError(f"{where('summoned', i)}: '{name}' is a {card.type}, not a being")
        sq = parser.square(square, where("summoned", i)) if square is not None else None
        summoned.append(Summoned(card.id, sq))
    flares = []
    for i, item in enumerate(data.get("flares") or []):
        item = item if isinstance(item, dict) else {"flare": item}
        try:
            card = cards.find(str(item["flare"]))
        except Exception as exc:
            raise InputError(f"{where('flares', i)}: {getattr(exc, 'message', exc)}",
                             hints=getattr(exc, "hints", None)) from None
        if card.type != "flare":
            raise InputError(f"{where('flares', i)}: '{item['flare']}' is not a flare")
        against = item.get("against")
        if against is not None and against not in board.colors:
            raise InputError(f"{where('flares', i)}: unknown color '{against}'")
        if against == player:
            raise InputError(f"{where('flares', i)}: a flare is invoked against an opponent, not against {player}")
        if mode == "melee" and against is None:
            raise InputError(f"{where('flares', i)}: in a melee, say which opponent the flare was invoked against")
        flares.append(FlareUse(card.id, against))
    scores = data.get("scores") or {}
    for color, value in scores.items():
        if color not in board.colors:
            raise InputError(f"{where('scores', color)}: unknown color '{color}'")
        if mode == "melee" and not isinstance(value, dict):
            raise InputError(f"{where('scores', color)}: in a melee, give the points per color, e.g. {{red: 3, yellow: 5}}")
        if mode != "melee" and isinstance(value, dict):
            raise InputError(f"{where('scores', color)}: outside a melee a score is one number")
    named = [c.lower() for c in data.get("opponents") or []]
    for color in named:
        if color not in board.colors or color == player:
            raise InputError(f"{where('opponents')}: '{color}' is not an opponent's color")
    turn = Turn(player, mode, players, destroyed, summoned, flares, scores, named)
    for i, use in enumerate(turn.flares):
        if use.against is None:  # a duel has one opponent: the record must tell who it is
            if len(turn.opponents) != 1:
                raise InputError(f"{where('flares', i)}: say who the flare was invoked against "
                                 f"(against: COLOR), or list the opponent in 'opponents'")
            use.against = turn.opponents[0]
    return turn


def _looks_like_square(text: str) -> bool:
    return len(text) >= 2 and text[0].isalpha() and text[1:].isdigit()


def load_turn(path: str, board, game: dict, cards) -> Turn:
    from tashkalar_cli.data.yamlio import parse_yaml, read_text

    p = Path(path)
    if p.is_dir():
        raise InputError(f"{path}: is a folder, not a turn record")
    try:
        text = read_text(p, path)
        if not text.strip():
            raise InputError(f"{path}: the turn record is empty")
        data, lines = parse_yaml(text, path)
    except DataError as exc:
        raise InputError(exc.message, file=exc.file, line=exc.line) from None
    return parse_turn(data, lines, path, board, game, cards)

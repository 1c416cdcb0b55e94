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

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol, Required, TypeAlias, TypedDict, cast

from tashkalar_cli.data.quickschema import checked_mapping
from tashkalar_cli.data.yamlio import read_user_yaml
from tashkalar_cli.errors import InputError, Place, TashkalarError, Term
from tashkalar_cli.games.tashkalar.model.board import Board
from tashkalar_cli.games.tashkalar.model.cards import Being, C, Card, Flare, Legend
from tashkalar_cli.games.tashkalar.model.players import check_sides, once
from tashkalar_cli.games.tashkalar.model.position_parser import PositionParser
from tashkalar_cli.games.tashkalar.model.types import Mode, Piece, PieceKind, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.jsonvalue import JsonObject
    from tashkalar_cli.data.yamlbase import LineMap
    from tashkalar_cli.games.tashkalar.model.cards import CardDB


class CardFinder(Protocol):
    """The cards as a turn record names them: by id, or by a name in a language. The model knows no
    language: the catalog finds names (:class:`~tashkalar_cli.games.tashkalar.catalog.cards.CardCatalog` is one)."""

    @property
    def beings(self) -> list[Being]: ...

    def get(self, card_id: str) -> Card: ...

    def find_of_type(self, query: str, kind: type[C], what: str = "", lang: str | None = None,
                     where: str = "") -> C: ...


#: the scores before the turn, as a record says them: color -> points, or in a melee color -> {color: points}
Scores: TypeAlias = "dict[str, int | dict[str, int]]"


class _SummonedData(TypedDict, total=False):
    card: Required[str]
    square: str
    as_legend: bool


class _FlareData(TypedDict, total=False):
    flare: Required[str]
    against: str


class TurnFile(TypedDict, total=False):
    """A turn record as schemas/turn.schema.json has checked it; its words (colors, cards, squares) are still to
    be read."""

    player: Required[str]
    mode: str
    players: int
    destroyed: list[str | dict[str, str]] | None       # "COLOR RANK" or {color, rank}
    summoned: list[str | _SummonedData] | None         # "CARD SQUARE" or {card, square, as_legend}
    flares: list[str | _FlareData] | None              # "FLARE" or {flare, against}
    scores: Scores
    opponents: list[str]


@dataclass
class Summoned:
    card: str
    square: Square | None
    as_legend: bool = False     # a being whose effect made its summoning count as a legend's


@dataclass
class FlareUse:
    flare: str
    against: str | None


@dataclass
class Turn:
    player: str
    mode: Mode = Mode.DUEL
    players: int = 2
    destroyed: list[Piece] = field(default_factory=list)
    summoned: list[Summoned] = field(default_factory=list)
    flares: list[FlareUse] = field(default_factory=list)
    scores: Scores = field(default_factory=dict)
    named_opponents: list[str] = field(default_factory=list)
    #: whether the record (or --mode) says its mode, rather than the default one
    mode_written: bool = field(default=False, compare=False)

    def played(self, destroyed: list[Piece], summoned: list[Summoned]) -> Turn:
        """This record with these pieces destroyed and beings summoned, the rest shared (what
        ``dataclasses.replace`` gives, without its cost: a goal search makes thousands)."""
        new = object.__new__(Turn)
        new.__dict__.update(self.__dict__)
        new.destroyed, new.summoned = destroyed, summoned
        return new

    @property
    def points(self) -> dict[str, int]:
        """The scores before the turn of a duel (or a High Form): color -> points (a melee's are :attr:`melee_points`)."""
        return {c: v for c, v in self.scores.items() if isinstance(v, int)}

    @property
    def melee_points(self) -> dict[str, dict[str, int]]:
        """The scores before the turn of a melee: color -> {the color the points are in: points}."""
        return {c: v for c, v in self.scores.items() if isinstance(v, dict)}

    @property
    def opponents(self) -> list[str]:
        """The other players' colors this record tells of: listed, scored, destroyed or flared."""
        seen = set(self.named_opponents) | set(self.scores) | {p.color for p in self.destroyed}
        seen |= {f.against for f in self.flares if f.against}
        seen.discard(self.player)
        return sorted(seen)

    def legends_summoned(self, cards: CardDB) -> list[Summoned]:
        """The summons that count as a legend's: legends, and beings recorded ``as_legend``."""
        return [s for s in self.summoned if s.as_legend or isinstance(cards.get(s.card), Legend)]

    def with_summon(self, card: str, square: Square, destroyed: Piece | None) -> Turn:
        """A new record: this one plus a summon (and the piece it destroyed)."""
        return Turn(self.player, self.mode, self.players, [*self.destroyed, *([destroyed] if destroyed else [])],
                    [*self.summoned, Summoned(card, square)], list(self.flares), dict(self.scores),
                    list(self.named_opponents))

    def to_dict(self, board: Board) -> JsonObject:
        """The record as a turn-record file says it (see the module's docstring)."""
        out: JsonObject = {"player": self.player, "mode": str(self.mode), "players": self.players,
                               "destroyed": [f"{p.color} {p.rank}" for p in self.destroyed],
                               "summoned": [{"card": s.card, **({"square": board.name(s.square)} if s.square is not None
                                                               else {}), **({"as_legend": True} if s.as_legend else {})}
                                            for s in self.summoned]}
        if self.flares:
            out["flares"] = [{"flare": f.flare, **({"against": f.against} if f.against else {})} for f in self.flares]
        if self.scores:
            out["scores"] = self.scores
        if self.named_opponents:
            out["opponents"] = list(self.named_opponents)
        return out


class _Record(NamedTuple):
    """A turn record being read: its data, where each field is written, the words of positions, the cards."""

    data: TurnFile
    where: Callable[..., Place]
    parser: PositionParser
    cards: CardFinder


def parse_turn(data: object, lines: LineMap | None, source: str, parser: PositionParser, cards: CardFinder,
               mode: str | None = None, players: int | None = None) -> Turn:
    """A turn record from parsed data; ``mode`` and ``players`` override the record's before any check."""
    where = checked_mapping("turn", data, lines, source, "turn record")
    fields = cast("TurnFile", data)        # checked against the schema just above
    record = _Record(fields, where, parser, cards)

    player = parser.color(fields["player"], where("player"))
    game_mode = parser.mode(mode or fields.get("mode", Mode.DUEL), parser.param("mode") if mode else where("mode"))
    given = players is not None
    count = parser.config.check_players(game_mode, players if given else fields.get("players"),
                                        parser.param("players") if given else where("players"))
    melee = game_mode is Mode.MELEE
    destroyed = _destroyed(record, game_mode, count)
    summoned = _summoned(record)
    flares = _flares(record, player, melee)
    scores = _scores(record, melee)
    named = [parser.color(c, where("opponents")) for c in fields.get("opponents") or []]
    if player in named:
        raise InputError(key="player-not-opponent", where=where("opponents"), player=Term("color", player))
    turn = Turn(player, game_mode, count, destroyed, summoned, flares, scores, named,
                mode_written=mode is not None or fields.get("mode") is not None)
    in_melee_scores = [c for v in scores.values() if isinstance(v, dict) for c in v]
    check_sides([player, *turn.opponents, *in_melee_scores], game_mode, count, Place(source))
    opponents = turn.opponents   # computed once: it looks at every flare (a loop over it is quadratic)
    for i, use in enumerate(turn.flares):
        if use.against is None:  # a duel has one opponent: the record must tell who it is
            if len(opponents) != 1:
                raise InputError(key="flare-who", where=where("flares", i))
            use.against = opponents[0]
    return turn


def _destroyed(record: _Record, game_mode: Mode, count: int) -> list[Piece]:
    """The pieces destroyed: at most, of a color and kind, all that color owns."""
    parser, where = record.parser, record.where
    destroyed = [parser.piece(p, where("destroyed", i)) for i, p in enumerate(record.data.get("destroyed") or [])]
    owned = parser.config.owned(game_mode, count)
    for (color, kind), n in Counter((p.color, p.kind) for p in destroyed).items():
        if n > owned[kind]:   # a turn destroys pieces that stand on the board: at most all a color owns
            raise InputError(key="destroyed-too-many", where=where("destroyed"), count=n, color=Term("color", color),
                             kind=Term("kinds", "legendary" if kind is PieceKind.LEGENDARY else "double-sided"),
                             owned=owned[kind], mode=Term("mode", str(game_mode)))
    return destroyed


def _summoned(record: _Record) -> list[Summoned]:
    """The beings summoned (``card [square]`` or ``{card, square, as_legend}``)."""
    parser, cards, where = record.parser, record.cards, record.where
    summoned = []
    for i, item in enumerate(record.data.get("summoned") or []):
        as_legend = False
        if isinstance(item, dict):
            name, square, as_legend = item["card"], item.get("square"), bool(item.get("as_legend", False))
        else:
            parts = str(item).split()
            name, square = ((" ".join(parts[:-1]), parts[-1]) if len(parts) > 1 and _looks_like_square(parts[-1])
                            else (str(item), None))
        being = _card(cards, name, Being, parser, where("summoned", i))
        sq = parser.square(square, where("summoned", i)) if square is not None else None
        if as_legend and not (isinstance(being, Legend) or being.counts_as_legend):
            allowed = [c.id for c in cards.beings if c.counts_as_legend]
            raise InputError(key="turn-as-legend", where=where("summoned", i), card=Term("card", being.id),
                             allowed=Term("card", allowed))
        summoned.append(Summoned(being.id, sq, as_legend and not isinstance(being, Legend)))
    return summoned


def _flares(record: _Record, player: str, melee: bool) -> list[FlareUse]:
    """The flares played, each against a color (in a duel, maybe not yet said)."""
    parser, where = record.parser, record.where
    flares = []
    for i, item in enumerate(record.data.get("flares") or []):
        item = item if isinstance(item, dict) else {"flare": item}
        flare = _card(record.cards, item["flare"], Flare, parser, where("flares", i))
        against = item.get("against")
        if against is not None:
            against = parser.color(against, where("flares", i))
            if against == player:
                raise InputError(key="flare-against-self", where=where("flares", i), player=Term("color", player))
        if melee and against is None:
            raise InputError(key="flare-melee-against", where=where("flares", i))
        flares.append(FlareUse(flare.id, against))
    return flares


def _scores(record: _Record, melee: bool) -> Scores:
    """The scores: a number per color in a duel, a mapping of the other colors per color in a melee."""
    parser, where = record.parser, record.where
    scores: Scores = {}
    spelled: dict[str, object] = {}
    for color, value in (record.data.get("scores") or {}).items():
        at = where("scores", color)
        if melee and not isinstance(value, dict):
            raise InputError(key="melee-scores", where=at)
        if not melee and isinstance(value, dict):
            raise InputError(key="duel-score", where=at)
        name = once(spelled, parser.color(color, at), color, at)
        if isinstance(value, dict):
            inner: dict[str, object] = {}
            value = {once(inner, parser.color(c, at), c, at): v for c, v in value.items()}
            if name in value:
                raise InputError(key="own-color-score", where=at, color=Term("color", name))
        scores[name] = value
    return scores


def _card(cards: CardFinder, name: object, kind: type[C], parser: PositionParser, at: str) -> C:
    """A being or flare of the record, named in any language (the parser's words), said at ``at``."""
    if parser.words is not None:    # the words of a type of card name a card of that type
        return cast(C, cards.get(parser.words(str(kind.type), str(name), at)))
    try:
        return cards.find_of_type(str(name), kind)
    except TashkalarError as exc:
        raise exc.at(at) from None


def _looks_like_square(text: str) -> bool:
    return len(text) >= 2 and text[0].isalpha() and text[1:].isdigit()


def load_turn(path: str, parser: PositionParser, cards: CardFinder, mode: str | None = None,
              players: int | None = None) -> Turn:
    data, lines = read_user_yaml(path, "turn record")
    return parse_turn(data, lines, path, parser, cards, mode, players)

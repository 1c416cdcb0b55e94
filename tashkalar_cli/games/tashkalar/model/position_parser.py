"""Reading a position: from YAML data (``pieces:`` as ``square: color rank``, and/or a ``board:`` diagram,
rows from the top rank down, one token per square) or from an inline string ``e5=blue:heroic,d4=red``.
Every problem is an :class:`InputError` naming the place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, NamedTuple, TypedDict, cast

from tashkalar_cli.data.quickschema import checked_mapping
from tashkalar_cli.data.yamlio import read_user_yaml
from tashkalar_cli.errors import InputError, Place, Term, quote
from tashkalar_cli.games.tashkalar.model.board import Board
from tashkalar_cli.games.tashkalar.model.config import GameConfig, parse_mode
from tashkalar_cli.games.tashkalar.model.markers import Marker, MarkerRule, Markers
from tashkalar_cli.games.tashkalar.model.players import Words, check_sides, once, parse_color
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.types import RANKS, Mode, Piece, PieceKind, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.yamlbase import LineMap

EMPTY_TOKENS = {".", "-"}

#: where a field of a position file is: the file, its line and the field's path
_Where = Callable[..., Place]


class _SupplyData(TypedDict, total=False):
    """A color's ``supply:`` as written (each field a whole number of at least 0)."""

    common: int
    heroic: int
    double_sided: int
    legendary: int


class PositionFile(TypedDict, total=False):
    """A position file (or ``--pieces`` alone: empty) as schemas/position.schema.json has checked it; the words in
    it (colors, ranks, squares, modes, tasks, decks) are still to be read. A marker's field (``gateway``) is read
    by the marker's name (:meth:`PositionParser._markers`)."""

    schema: str
    valid: bool
    mode: str
    players: int
    pieces: dict[str, str | dict[str, str]] | None     # square -> "COLOR RANK" or {color, rank}
    board: str
    supply: dict[str, _SupplyData]
    tasks_claimed: dict[str, list[str]]
    decks: dict[str, str]
    gateway: dict[str, str]


class _Supply(NamedTuple):
    """A file's ``supply:``: each color's pieces off the board by kind, and where each color's is written."""

    counts: dict[str, dict[PieceKind, int]]
    at: dict[str, str]


class PositionParser:
    """Builds a :class:`Position` from YAML data, a diagram or an inline string."""

    def __init__(self, board: Board, config: GameConfig, task_ids: Collection[str] | None = None,
                 words: Words | None = None) -> None:
        self.board = board
        self.config = config
        self.task_ids = task_ids
        self.words = words          # every word typed in any language (None: ids only)
        self.deck_ids: Collection[str] | None = None   # the decks a position's ``decks:`` may name
        #: how an error names a parameter (``pieces``; the command line's option, ``--pieces``: see
        #: :meth:`Game.param <tashkalar_cli.game.Game.param>`)
        self.param: Callable[[str], str] = str
        #: the markers the decks declare, by name: a position holds each under a field of its name
        self.marker_rules: Mapping[str, MarkerRule] = {}
        self.initials = {c[0]: c for c in board.colors}
        self.rank_letters = {r.letter: r for r in RANKS}

    def color(self, value: object, where: str) -> str:
        return parse_color(value, self.board.colors, where, self.words)

    def rank(self, value: object, where: str) -> Rank:
        """A rank by id, by its letter in diagrams (c, h, l) or by its name in any language."""
        name = str(value).strip().lower()
        if name in self.rank_letters:
            return self.rank_letters[name]
        if name in {r.value for r in RANKS}:
            return Rank(name)
        if self.words is not None:
            return Rank(self.words("rank", str(value), where))
        raise InputError(key="word.rank", where=where, value=quote(value), allowed=Term("rank", RANKS))

    def mode(self, value: object, where: str) -> Mode:
        return parse_mode(str(value), where, words=self.words)

    def deck(self, value: object, where: str) -> str:
        """A deck by id or by its name in any language."""
        if self.words is not None:
            return self.words("deck", str(value), where, self.deck_ids)
        if self.deck_ids is not None and value not in self.deck_ids:
            raise InputError(key="word.deck", where=where, value=quote(value), allowed=", ".join(self.deck_ids))
        return str(value)

    def task(self, value: object, where: str) -> str:
        """A task by id or by its name in any language."""
        if self.words is not None:
            return self.words("task", str(value), where)
        if self.task_ids is not None and value not in self.task_ids:
            raise InputError(key="word.task", where=where, value=quote(value), allowed="")
        return str(value)

    def piece(self, value: object, where: str) -> Piece:
        if isinstance(value, dict):
            color, rank = value.get("color"), value.get("rank", "common")
        else:
            parts = str(value).replace(":", " ").replace("/", " ").split()
            if not parts or len(parts) > 2:
                raise InputError(key="not-a-piece", where=where, value=quote(value))
            color, rank = parts[0], parts[1] if len(parts) > 1 else "common"
        return Piece(self.color(color, where), self.rank(rank, where))

    def square(self, name: object, where: str) -> Square:
        try:
            return self.board.parse(str(name))
        except InputError as exc:
            raise exc.at(where) from None

    def diagram(self, text: str, first_line: int | None, source: str) -> dict[Square, tuple[Piece, str]]:
        out: dict[Square, tuple[Piece, str]] = {}
        for i, (n, row) in enumerate(self._diagram_rows(text, first_line, source)):
            rank = self.board.ranks - 1 - i
            line = Place(source, first_line + n) if first_line else source
            files = [f for f in range(self.board.files) if self.board.index(f, rank) is not None]
            for f, tok in zip(files, self._row_tokens(row.split(), rank, files, line), strict=True):
                if tok not in EMPTY_TOKENS:
                    sq = self.board.index(f, rank)
                    assert sq is not None
                    out[sq] = (self._diagram_piece(tok, f"{self.board.file_names[f]}{rank + 1}", line), line)
        return out

    def _diagram_rows(self, text: str, first_line: int | None, source: str) -> list[tuple[int, str]]:
        """The rows of squares, each with its line in the text: blank lines and the row of file letters
        ('a b c ... i': each token ONE letter; 'bc bc bc' is a rank of blue commons) left out."""
        board = self.board
        letters = set(board.file_names)
        numbered = [(n, line) for n, line in enumerate(text.splitlines()) if line.strip()]
        numbered = [(n, r) for n, r in numbered if not all(tok in letters for tok in r.split())]
        if len(numbered) != board.ranks:
            raise InputError(key="diagram-rows", where=Place(source, first_line - 1) if first_line else source,
                             count=len(numbered), ranks=board.ranks)
        return numbered

    def _row_tokens(self, tokens: list[str], rank: int, files: list[int], line: str) -> list[str]:
        """The tokens of a row's squares, one per square of the rank: its label checked and dropped, a
        token for each cut corner checked empty and dropped."""
        board = self.board
        label = tokens[0] if tokens else ""
        if label.isascii() and label.isdigit():  # compared as text: no int() of a 10,000-digit label
            if label.lstrip("0") != str(rank + 1):
                raise InputError(key="diagram-label", where=line, label=quote(label), rank=rank + 1)
            tokens = tokens[1:]
        elif len(tokens) in (len(files) + 1, board.files + 1) and label not in EMPTY_TOKENS:
            # one token too many, the first: a row label that is not a rank number ('x', '²', '٣')
            raise InputError(key="diagram-label", where=line, label=quote(label), rank=rank + 1)
        if len(tokens) == board.files:
            for f in range(board.files):
                if f not in files and tokens[f] not in EMPTY_TOKENS:
                    name = f"{board.file_names[f]}{rank + 1}"
                    raise InputError(key="diagram-cut-corner", where=line, token=quote(tokens[f]), square=name)
            tokens = [tokens[f] for f in files]
        if len(tokens) != len(files):
            raise InputError(key="diagram-tokens", where=line, rank=rank + 1, squares=len(files), tokens=len(tokens))
        return tokens

    def _diagram_piece(self, tok: str, name: str, line: str) -> Piece:
        """The piece of a diagram's token (``bc``: a blue common) on the square ``name``."""
        t = tok.lower()
        if len(t) != 2 or t[0] not in self.initials or t[1] not in self.rank_letters:
            colors = self.board.colors
            raise InputError(key="diagram-token", where=line, token=quote(tok), square=name,
                             colors=Term("initial", colors, english=", ".join(f"{c[0]} = {c}" for c in colors)),
                             letters="/".join(self.rank_letters),
                             ranks=Term("rank", [r.value for r in RANKS], join="slash"))
        return Piece(self.initials[t[0]], self.rank_letters[t[1]])

    def inline(self, text: str) -> dict[Square, tuple[Piece, str]]:
        out: dict[Square, tuple[Piece, str]] = {}
        option = self.param("pieces")
        if not isinstance(text, str):
            raise InputError(key="param-type", param=option, expected="str", got=type(text).__name__)
        for item in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in item:
                raise InputError(key="pieces-format", option=option, value=quote(item))
            sq_text, piece_text = item.split("=", 1)
            sq = self.square(sq_text.strip(), option)
            if sq in out:
                raise InputError(key="square-twice", where=option, square=self.board.name(sq))
            out[sq] = (self.piece(piece_text.strip(), f"{option}: {sq_text.strip()}"), option)
        return out

    def from_data(self, data: object, lines: LineMap | None, source: str,
                  extra: dict[Square, tuple[Piece, str]] | None = None,
                  mode: str | None = None, players: int | None = None,
                  default_mode: str = Mode.DUEL) -> Position:
        """The position of a parsed file; ``mode`` and ``players`` override the file's before any check;
        ``default_mode`` is the mode of a file that states none."""
        where = checked_mapping("position", {} if data is None else data, lines, source, "position file")
        fields = cast("PositionFile", data or {})      # checked against the schema just above
        _check_output_fields(fields, where)
        whole: str = Place(source) if lines is not None else source   # the file (not --pieces): a field of errors

        # the mode first, as the file's schema once checked it: the rest of the file is read in it
        game_mode = self.mode(mode or fields.get("mode", default_mode), self.param("mode") if mode else where("mode"))
        placed = self._placed(fields, lines, source, where, extra)
        given = players is not None
        count = self.config.check_players(game_mode, players if given else fields.get("players"),
                                          self.param("players") if given else where("players"))
        owned = self.config.owned(game_mode, count)
        supply = self._supply(fields, where)
        pieces = {sq: p for sq, (p, _) in placed.items()}
        claimed = self._claimed(fields, where)
        decks = self._decks(fields, where)
        markers = self._markers(fields, where, pieces)
        position = Position(self.board, pieces, game_mode, count, supply.counts, owned, claimed, decks, markers)
        check_sides([*position.colors, *supply.counts, *claimed, *decks], game_mode, count, whole)
        self._check_owned(position, supply, owned, whole)
        return position

    def _placed(self, data: PositionFile, lines: LineMap | None, source: str, where: _Where,
                extra: dict[Square, tuple[Piece, str]] | None) -> dict[Square, tuple[Piece, str]]:
        """The pieces of ``pieces:``, of the ``board:`` diagram and of ``--pieces``, each with where it is
        written; a square given twice refused."""
        placed: dict[Square, tuple[Piece, str]] = {}

        def put(sq: Square, piece: Piece, at: str) -> None:
            if sq in placed:
                raise InputError(key="square-twice-at", where=at, square=self.board.name(sq), other=placed[sq][1])
            placed[sq] = (piece, at)

        for key, value in (data.get("pieces") or {}).items():
            at: str = where("pieces", key)
            put(self.square(key, at), self.piece(value, at), at)
        if "board" in data:
            line = lines.line_of(("board",)) if lines else None
            for sq, (piece, at) in self.diagram(data["board"], line + 1 if line else None, source).items():
                put(sq, piece, at)
        for sq, (piece, at) in (extra or {}).items():
            put(sq, piece, at)
        return placed

    def _supply(self, data: PositionFile, where: _Where) -> _Supply:
        """The ``supply:`` of each color (its pieces off the board), and where each is written."""
        supply = _Supply({}, {})
        spelled: dict[str, object] = {}
        for color, counts in (data.get("supply") or {}).items():
            at = where("supply", color)
            color = once(spelled, self.color(color, at), color, at)
            supply.at[color] = at
            common, heroic = counts.get("common"), counts.get("heroic")
            if common is not None and heroic is not None and common != heroic:
                raise InputError(key="supply-common-heroic", where=at, common=common, heroic=heroic)
            ds = common if common is not None else heroic
            # ``double_sided``, which the tool's JSON writes beside ``common`` (the same pieces), says it again
            repeated = counts.get("double_sided")
            if repeated is not None and ds is not None and repeated != ds:
                raise InputError(key="supply-double-sided", where=at, common=ds, double_sided=repeated)
            ds = ds if ds is not None else repeated
            entry: dict[PieceKind, int] = {}
            if ds is not None:
                entry[PieceKind.DOUBLE_SIDED] = ds
            if "legendary" in counts:
                entry[PieceKind.LEGENDARY] = counts["legendary"]
            supply.counts[color] = entry
        return supply

    def _claimed(self, data: PositionFile, where: _Where) -> dict[str, list[str]]:
        """The tasks each color has claimed; a task claimed by two colors refused."""
        claimed: dict[str, list[str]] = {}
        owner: dict[str, str] = {}
        spelled: dict[str, object] = {}
        for color, tasks in (data.get("tasks_claimed") or {}).items():
            at = where("tasks_claimed", color)
            color = once(spelled, self.color(color, at.about("tasks_claimed")), color, at.about("tasks_claimed"))
            tasks = [self.task(task, at.about("tasks_claimed")) for task in tasks]
            for task in tasks:
                if task in owner:
                    raise InputError(key="task-claimed-twice", where=at, task=task, first=Term("color", owner[task]),
                                     second=Term("color", color))
                owner[task] = color
            claimed[color] = list(tasks)
        return claimed

    def _decks(self, data: PositionFile, where: _Where) -> dict[str, str]:
        decks: dict[str, str] = {}
        spelled: dict[str, object] = {}
        for color, deck in (data.get("decks") or {}).items():
            at = where("decks", color)
            color = once(spelled, self.color(color, at.about("decks")), color, at.about("decks"))
            decks[color] = self.deck(deck, at.about("decks"))
        return decks

    def _markers(self, data: PositionFile, where: _Where, pieces: dict[Square, Piece]) -> Markers:
        """Each color's marker of each kind the decks declare (a field of the marker's name): on a piece of its
        color that can bear it."""
        markers: Markers = {}
        for name, rule in self.marker_rules.items():
            squares: dict[str, Square] = {}
            spelled: dict[str, object] = {}
            found = data.get(name)      # a marker's field: a mapping, as the schema says of each
            for color, square in (found.items() if isinstance(found, Mapping) else ()):
                at = where(name, color)
                color = once(spelled, self.color(color, at.about(name)), color, at.about(name))
                sq = self.square(square, at)
                if not rule.holds(color, pieces.get(sq)):
                    raise InputError(key=f"position-{name}", where=at, color=Term("color", color),
                                     square=self.board.name(sq))
                squares[color] = sq
            if squares:
                markers[name] = Marker(rule, squares)
        return markers

    def _check_owned(self, position: Position, supply: _Supply, owned: dict[PieceKind, int], whole: str) -> None:
        """No color has more pieces of a kind on the board, or on the board and in its supply, than it owns."""
        for color in dict.fromkeys([*position.colors, *supply.counts]):   # a supply alone is bounded too
            for kind, label in ((PieceKind.DOUBLE_SIDED, "double-sided"), (PieceKind.LEGENDARY, "legendary")):
                n = position.on_board(color, kind)
                if n > owned[kind]:
                    raise InputError(key="too-many-pieces", where=whole, count=n, kind=Term("kinds", label),
                                     color=Term("color", color), owned=owned[kind],
                                     mode=Term("mode", str(position.mode)))
                override = supply.counts.get(color, {}).get(kind)
                if override is not None and override + n > owned[kind]:
                    raise InputError(key="too-many-with-supply", where=supply.at.get(color, whole),
                                     color=Term("color", color), count=n, kind=Term("kinds", label),
                                     supply=override, owned=owned[kind])


#: the ``schema`` field of the tool's JSON outputs that are a position as a whole (``position show --json``,
#: ``position check --json``): such an output reads back as a position file
_POSITION_OUTPUT = re.compile(r"output-position(-check)?/[0-9]{1,4}")


def _check_output_fields(data: PositionFile, where: _Where) -> None:
    """The fields a position printed by the tool in JSON carries beside the position: its ``schema`` (one of
    the outputs that are a position) and, from ``position check``, ``valid`` (true: the schema allows no other)."""
    schema = data.get("schema")
    if schema is not None and not (isinstance(schema, str) and _POSITION_OUTPUT.fullmatch(schema)):
        raise InputError(key="position-schema", where=where("schema"), value=quote(schema))
    if data.get("valid") is False:
        raise InputError(key="position-valid", where=where("valid"))


def load_position(parser: PositionParser, path: str | None = None, inline: str | None = None,
                  mode: str | None = None, players: int | None = None, default_mode: str = Mode.DUEL) -> Position:
    """A position from a file and/or an inline ``--pieces`` string."""
    extra = parser.inline(inline) if inline else None
    if path is None:
        return parser.from_data({}, None, parser.param("pieces"), extra, mode, players, default_mode)
    data, lines = read_user_yaml(path, "position file")
    return parser.from_data(data, lines, path, extra, mode, players, default_mode)


__all__ = ["EMPTY_TOKENS", "PositionFile", "PositionParser", "load_position"]

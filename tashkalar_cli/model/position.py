"""Positions: which piece stands on which square, and which pieces are still off the board.

A position comes from a YAML file (``pieces:`` as ``square: color rank``, and/or a ``board:``
diagram, rows from the top rank down, one token per square) or from an inline string
``e5=blue:heroic,d4=red``. Every problem is an :class:`InputError` naming the place.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tashkalar_cli.errors import InputError, Place, Term, quote
from tashkalar_cli.model.board import Board, bits
from tashkalar_cli.model.config import GameConfig, parse_mode
from tashkalar_cli.model.players import Words, check_sides, once, parse_color
from tashkalar_cli.model.state import BoardState
from tashkalar_cli.model.types import RANKS, Bitboard, Mode, Piece, PieceKind, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.yamlbase import LineMap

EMPTY_TOKENS = {".", "-"}


@dataclass
class Position:
    board: Board
    pieces: dict[Square, Piece]
    mode: Mode = Mode.DUEL
    players: int = 2
    supply_override: dict[str, dict[PieceKind, int]] = field(default_factory=dict)
    owned: dict[PieceKind, int] = field(default_factory=dict)   # pieces a color owns, per kind
    tasks_claimed: dict[str, list[str]] = field(default_factory=dict)   # High Form: color -> task ids
    decks: dict[str, str] = field(default_factory=dict)   # optional: color -> the deck it plays (public in a duel)
    #: Nethervoid: color -> the square of its Gateway (a common or heroic piece of that color); the Gateway
    #: is a piece: it follows its piece and is lost with it (see :meth:`gateways_kept`)
    gateway: dict[str, Square] = field(default_factory=dict)
    #: the :attr:`state` made, with the fields it was made of (a position is a value: its dicts are never changed
    #: in place, but a field may be given a new one)
    _state: tuple[object, object, object, BoardState] | None = field(default=None, init=False, repr=False,
                                                                       compare=False)

    # ------------------------------------------------------------ bitboards
    @property
    def state(self) -> BoardState:
        """The position's pieces as one :class:`BoardState` (the bitboards and the supply every engine reads),
        made once from the pieces, the game's counts of pieces (``owned``) and the supply the position states."""
        made = self._state
        if made is not None and made[0] is self.pieces and made[1] is self.supply_override and made[2] is self.owned:
            return made[3]
        state = BoardState.of_pieces(tuple(self.board.colors), self.pieces, self.owned, self.supply_override)
        self._state = (self.pieces, self.supply_override, self.owned, state)
        return state

    def mask(self, color: str | None = None, min_rank: Rank = Rank.COMMON,
             max_rank: Rank = Rank.LEGENDARY) -> Bitboard:
        state = self.state
        m = 0
        for ci in range(len(state.colors)) if color is None else (state.index(color),):
            for level in range(Rank(min_rank).level, Rank(max_rank).level + 1):
                m |= state.board(ci, level)
        return Bitboard(m)

    @property
    def occupied(self) -> Bitboard:
        return self.state.occupied

    @property
    def colors(self) -> list[str]:
        return sorted({p.color for p in self.pieces.values()}, key=self.board.colors.index)

    def on_board(self, color: str, kind: PieceKind) -> int:
        state = self.state
        return state.on_board(state.index(color), kind)

    def off_board(self, color: str, kind: PieceKind) -> int:
        """Pieces of ``color`` and ``kind`` (double_sided, legendary) still available to place
        (:meth:`BoardState.supply`)."""
        state = self.state
        return state.supply(state.index(color), kind)

    # ------------------------------------------------------------ symmetry
    def transformed(self, t: str) -> Position:
        """The position mapped by a symmetry of the board (used to test that legality is invariant)."""
        moved: dict[Square, Piece] = {}
        for sq, p in self.pieces.items():
            image = self.board.transform(sq, t)
            if image is None:
                raise ValueError("symmetry maps a square off the board")
            moved[image] = p
        gateway = {c: image for c, sq in self.gateway.items() if (image := self.board.transform(sq, t)) is not None}
        return Position(self.board, moved, self.mode, self.players, self.supply_override, self.owned,
                        self.tasks_claimed, self.decks, gateway)

    # ------------------------------------------------------------ actions (new positions, never a change)
    def _with(self, pieces: dict[Square, Piece], supply: dict[str, dict[PieceKind, int]]) -> Position:
        return Position(self.board, pieces, self.mode, self.players, supply, self.owned,
                        {c: list(t) for c, t in self.tasks_claimed.items()}, dict(self.decks),
                        gateways_kept(self.gateway, pieces))

    def _supply_after(self, pieces: dict[Square, Piece]) -> dict[str, dict[PieceKind, int]]:
        """The stated supply once ``pieces`` replace the position's by an action: each color's stock stays, so
        what is off the board follows from the pieces (:class:`BoardState`); a color whose supply is not stated
        counts it from what it owns, which needs no statement."""
        after = self.state.moved(pieces)
        return {c: {kind: after.supply(after.index(c), kind) for kind in kinds}
                for c, kinds in self.supply_override.items()}

    def after_place(self, color: str, square: Square, pick_up: Square | None = None) -> Position:
        """The position after ``color`` places a common piece on the empty ``square`` (the place action).

        With no common piece left off the board (piece shortage), ``pick_up`` names the player's common
        or heroic piece that is picked up first and placed as a common piece (its square is empty once
        it is picked up, so it may be ``square`` itself). Wrong choices raise an :class:`InputError`.
        """
        name = self.board.name
        short = self.off_board(color, PieceKind.DOUBLE_SIDED) == 0     # the supply of BoardState
        pieces = dict(self.pieces)
        if short:
            if pick_up is None:
                raise InputError(key="place-pick-up-needed", color=Term("color", color))
            held = pieces.get(pick_up)
            if held is None or held.color != color or held.kind is not PieceKind.DOUBLE_SIDED:
                raise InputError(key="place-pick-up-wrong", square=name(pick_up), color=Term("color", color))
            del pieces[pick_up]
        elif pick_up is not None:
            raise InputError(key="place-pick-up-not-allowed", color=Term("color", color))
        if square in pieces:
            raise InputError(key="place-not-empty", square=name(square))
        pieces[square] = Piece(color, Rank.COMMON)
        return self._with(pieces, self._supply_after(pieces))

    def after_summon(self, color: str, rank: Rank, target: Square, take_back: Square | None = None,
                     ) -> tuple[Position, Piece | None]:
        """The position after ``color`` puts a new piece of ``rank`` on ``target`` (the being's piece),
        and the piece destroyed there (None when the square was empty or its piece became the being).

        Piece shortage (no piece of that kind off the board): the player's piece of that kind on
        ``target`` becomes the being (flipped if need be); otherwise ``take_back`` names the player's
        piece of that kind picked up to be the being. The rules are those of
        :mod:`tashkalar_cli.model.summon`; the pattern is not checked here: the engine says which squares
        may be used (see :meth:`Engine.check`).
        """
        from tashkalar_cli.model.summon import in_shortage, summon_choices, summon_facts

        rank = Rank(rank)
        kind = rank.kind
        name = self.board.name
        pieces = dict(self.pieces)
        occupant = pieces.get(target)
        state = self.state          # read as the engine reads it
        ci = state.index(color)
        blockers, own_kind = state.blockers(rank.level), state.of_kind(ci, kind)
        short = in_shortage(state, ci, kind)
        if not summon_choices(target, blockers, own_kind, 0, short):
            if occupant is not None and blockers >> target & 1:
                raise InputError(key="summon-square-outranked", square=name(target), piece=Term("piece", str(occupant)),
                                 rank=Term("rank", str(rank)))
            raise InputError(key="summon-take-back-needed", color=Term("color", color))   # shortage: no piece to take back
        facts = summon_facts(target, state.occupied, own_kind, 0, short)
        if not short:
            if take_back is not None:
                raise InputError(key="summon-take-back-not-allowed", color=Term("color", color))
        elif facts.reuses:
            if take_back is not None:
                raise InputError(key="summon-take-back-reuse", piece=Term("piece", str(occupant)), square=name(target))
        else:
            if take_back is None or not facts.take_back >> take_back & 1:
                raise InputError(key="summon-take-back-needed", color=Term("color", color))
            del pieces[take_back]
        destroyed = occupant if facts.destroys else None
        pieces[target] = Piece(color, rank)
        after = self._with(pieces, self._supply_after(pieces))
        if destroyed is not None:       # a Gateway destroyed by the summon is lost (the new piece is another)
            after.gateway = {c: sq for c, sq in after.gateway.items() if sq != target}
        return after, destroyed

    def to_dict(self) -> dict[str, Any]:
        """The position as data: the one serializer of positions, which every output uses (JSON as
        it is; the YAML of a position file, :func:`~tashkalar_cli.model.notation.position_data`,
        takes its parts from it). Every key is always there, empty or not."""
        name = self.board.name
        pieces: dict[str, dict[str, str]] = {}
        for sq, (color, rank) in sorted(self.pieces.items()):
            pieces[name(sq)] = {"color": color, "rank": _WORDS[rank]}
        supply: dict[str, dict[str, int]] = {}
        state = self.state
        for c in sorted({*(p.color for p in self.pieces.values()), *self.supply_override}, key=self.board.colors.index):
            ci = state.index(c)
            off = {_WORDS[kind]: state.supply(ci, kind) for kind in PieceKind}
            # off the board: "common" (the double-sided pieces, as position files say) and "legendary";
            # "double_sided" repeats "common" for programs written against the first version
            supply[c] = {"common": off[_WORDS[PieceKind.DOUBLE_SIDED]], **off}
        return {
            "mode": str(self.mode),
            "players": self.players,
            "pieces": pieces,
            "supply": supply,
            "tasks_claimed": {c: list(t) for c, t in self.tasks_claimed.items()},
            "decks": dict(self.decks),
        }


#: a rank's or a kind's word in data (``str(rank)``), looked up: a position's data is made for
#: every outcome listed
_WORDS: dict[Rank | PieceKind, str] = {**{rank: str(rank) for rank in Rank}, **{kind: str(kind) for kind in PieceKind}}


def gateways_kept(gateway: dict[str, Square], pieces: dict[Square, Piece]) -> dict[str, Square]:
    """The Gateways that still stand on ``pieces``: each on a common or heroic piece of its color (a
    Gateway whose square emptied, changed hands or became legendary is lost)."""
    out: dict[str, Square] = {}
    for color, sq in gateway.items():
        piece = pieces.get(sq)
        if piece is not None and piece.color == color and piece.rank is not Rank.LEGENDARY:
            out[color] = sq
    return out


# ---------------------------------------------------------------- parsing

class PositionParser:
    """Builds a :class:`Position` from YAML data, a diagram or an inline string."""

    def __init__(self, board: Board, config: GameConfig, task_ids: Collection[str] | None = None,
                 words: Words | None = None) -> None:
        self.board = board
        self.config = config
        self.task_ids = task_ids
        self.words = words          # every word typed in any language (None: ids only)
        self.deck_ids: Collection[str] | None = None   # the decks a position's ``decks:`` may name
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
        board = self.board
        # the rows of squares, each with its line in the text: blank lines and the row of file
        # letters ('a b c ... i': each token ONE letter; 'bc bc bc' is a rank of blue commons) left out
        letters = set(board.file_names)
        numbered = [(n, line) for n, line in enumerate(text.splitlines()) if line.strip()]
        numbered = [(n, r) for n, r in numbered if not all(tok in letters for tok in r.split())]
        rows = [r for _, r in numbered]
        if len(rows) != board.ranks:
            raise InputError(key="diagram-rows", where=Place(source, first_line - 1) if first_line else source,
                             count=len(rows), ranks=board.ranks)
        out: dict[Square, tuple[Piece, str]] = {}
        for i, (n, row) in enumerate(numbered):
            rank = board.ranks - 1 - i
            line = Place(source, first_line + n) if first_line else source
            tokens = row.split()
            files = [f for f in range(board.files) if board.index(f, rank) is not None]
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
            for f, tok in zip(files, tokens, strict=True):
                if tok in EMPTY_TOKENS:
                    continue
                name = f"{board.file_names[f]}{rank + 1}"
                t = tok.lower()
                if len(t) != 2 or t[0] not in self.initials or t[1] not in self.rank_letters:
                    raise InputError(key="diagram-token", where=line, token=quote(tok), square=name,
                                     colors=Term("initial", board.colors,
                                                english=", ".join(f"{c[0]} = {c}" for c in board.colors)),
                                     letters="/".join(self.rank_letters),
                                     ranks=Term("rank", [r.value for r in RANKS], join="slash"))
                sq = board.index(f, rank)
                assert sq is not None
                out[sq] = (Piece(self.initials[t[0]], self.rank_letters[t[1]]), line)
        return out

    def inline(self, text: str) -> dict[Square, tuple[Piece, str]]:
        out: dict[Square, tuple[Piece, str]] = {}
        for item in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in item:
                raise InputError(key="pieces-format", value=quote(item))
            sq_text, piece_text = item.split("=", 1)
            sq = self.square(sq_text.strip(), "--pieces")
            if sq in out:
                raise InputError(key="square-twice", where="--pieces", square=self.board.name(sq))
            out[sq] = (self.piece(piece_text.strip(), f"--pieces: {sq_text.strip()}"), "--pieces")
        return out

    def from_data(self, data: Any, lines: LineMap | None, source: str,
                  extra: dict[Square, tuple[Piece, str]] | None = None,
                  mode: str | None = None, players: int | None = None,
                  default_mode: str = Mode.DUEL) -> Position:
        """The position of a parsed file; ``mode`` and ``players`` override the file's before any check;
        ``default_mode`` is the mode of a file that states none."""
        from tashkalar_cli.data.quickschema import checked_mapping

        where = checked_mapping("position", {} if data is None else data, lines, source, "position file")
        data = data or {}
        whole: str = Place(source) if lines is not None else source   # the file (not --pieces): a field of errors

        # the mode first, as the file's schema once checked it: the rest of the file is read in it
        game_mode = self.mode(mode or data.get("mode", default_mode), "--mode" if mode else where("mode"))
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
        given = players is not None
        count = self.config.check_players(game_mode, players if given else data.get("players"),
                                          "--players" if given else where("players"))
        owned = self.config.owned(game_mode, count)
        supply: dict[str, dict[PieceKind, int]] = {}
        supply_at: dict[str, str] = {}      # where each color's supply is written
        spelled: dict[str, object] = {}
        for color, counts in (data.get("supply") or {}).items():
            at = where("supply", color)
            color = once(spelled, self.color(color, at), color, at)
            supply_at[color] = at
            common, heroic = counts.get("common"), counts.get("heroic")
            if common is not None and heroic is not None and common != heroic:
                raise InputError(key="supply-common-heroic", where=at, common=common, heroic=heroic)
            entry: dict[PieceKind, int] = {}
            ds = common if common is not None else heroic
            if ds is not None:
                entry[PieceKind.DOUBLE_SIDED] = ds
            if "legendary" in counts:
                entry[PieceKind.LEGENDARY] = counts["legendary"]
            supply[color] = entry
        pieces = {sq: p for sq, (p, _) in placed.items()}
        claimed: dict[str, list[str]] = {}
        owner: dict[str, str] = {}
        spelled = {}
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
        decks: dict[str, str] = {}
        spelled = {}
        for color, deck in (data.get("decks") or {}).items():
            at = where("decks", color)
            color = once(spelled, self.color(color, at.about("decks")), color, at.about("decks"))
            decks[color] = self.deck(deck, at.about("decks"))
        gateway: dict[str, Square] = {}
        spelled = {}
        for color, square in (data.get("gateway") or {}).items():
            at = where("gateway", color)
            color = once(spelled, self.color(color, at.about("gateway")), color, at.about("gateway"))
            sq = self.square(square, at)
            if gateways_kept({color: sq}, pieces) != {color: sq}:
                raise InputError(key="position-gateway", where=at, color=Term("color", color), square=self.board.name(sq))
            gateway[color] = sq
        position = Position(self.board, pieces, game_mode, count, supply, owned, claimed, decks, gateway)
        check_sides([*position.colors, *supply, *claimed, *decks], game_mode, count, whole)
        for color in dict.fromkeys([*position.colors, *supply]):   # a supply alone is bounded too
            for kind, label in ((PieceKind.DOUBLE_SIDED, "double-sided"), (PieceKind.LEGENDARY, "legendary")):
                n = position.on_board(color, kind)
                if n > owned[kind]:
                    raise InputError(key="too-many-pieces", where=whole, count=n, kind=Term("kinds", label),
                                     color=Term("color", color), owned=owned[kind], mode=Term("mode", str(game_mode)))
                override = supply.get(color, {}).get(kind)
                if override is not None and override + n > owned[kind]:
                    raise InputError(key="too-many-with-supply", where=supply_at.get(color, whole), color=Term("color", color),
                                     count=n, kind=Term("kinds", label),
                                     supply=override, owned=owned[kind])
        return position


def load_position(parser: PositionParser, path: str | None = None, inline: str | None = None,
                  mode: str | None = None, players: int | None = None, default_mode: str = Mode.DUEL) -> Position:
    """A position from a file and/or an inline ``--pieces`` string."""
    from tashkalar_cli.data.yamlio import read_user_yaml

    extra = parser.inline(inline) if inline else None
    if path is None:
        return parser.from_data({}, None, "--pieces", extra, mode, players, default_mode)
    data, lines = read_user_yaml(path, "position file")
    return parser.from_data(data, lines, path, extra, mode, players, default_mode)


__all__ = ["Piece", "Position", "PositionParser", "bits", "load_position"]

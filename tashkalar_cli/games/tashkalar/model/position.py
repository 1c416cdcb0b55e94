"""Positions: which piece stands on which square, and which pieces are still off the board.

A position is read from a file or an inline string by :mod:`tashkalar_cli.games.tashkalar.model.position_parser`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from tashkalar_cli.errors import InputError, Term
from tashkalar_cli.games.tashkalar.model.board import Board, bits
from tashkalar_cli.games.tashkalar.model.markers import Marker, MarkerRule, Markers, marked, markers_kept, with_mark
from tashkalar_cli.games.tashkalar.model.state import BoardState
from tashkalar_cli.games.tashkalar.model.types import Bitboard, Mode, Piece, PieceKind, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.jsonvalue import JsonObject


class PositionData(NamedTuple):
    """A position's parts as data, squares and ranks by name (see :meth:`Position.to_dict`)."""

    mode: str
    players: int
    pieces: dict[str, dict[str, str]]           # square -> {color, rank}
    supply: dict[str, dict[str, int]]           # color -> kind or rank -> pieces off the board
    tasks_claimed: dict[str, list[str]]
    decks: dict[str, str]
    markers: dict[str, dict[str, str]]          # each marker some color bears, by name: color -> square


class _MadeState(NamedTuple):
    """A position's :class:`BoardState`, with the fields it was made of (compared by identity)."""

    pieces: object
    supply: object
    owned: object
    state: BoardState


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
    #: the markers the colors keep on their pieces, by name (the Nethervoid Gateway is one): a marker follows
    #: its piece and is lost with it (see :mod:`tashkalar_cli.games.tashkalar.model.markers`)
    markers: Markers = field(default_factory=dict)
    #: the :attr:`state` made, with the fields it was made of (a position is a value: its dicts are never changed
    #: in place, but a field may be given a new one)
    _state: _MadeState | None = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------ bitboards
    @property
    def state(self) -> BoardState:
        """The position's pieces as one :class:`BoardState` (the bitboards and the supply every engine reads),
        made once from the pieces, the game's counts of pieces (``owned``) and the supply the position states."""
        made = self._state
        if (made is not None and made.pieces is self.pieces and made.supply is self.supply_override
                and made.owned is self.owned):
            return made.state
        state = BoardState.of_pieces(tuple(self.board.colors), self.pieces, self.owned, self.supply_override)
        self._state = _MadeState(self.pieces, self.supply_override, self.owned, state)
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
        markers = {name: Marker(m.rule, {c: image for c, sq in m.squares.items()
                                         if (image := self.board.transform(sq, t)) is not None})
                   for name, m in self.markers.items()}
        return Position(self.board, moved, self.mode, self.players, self.supply_override, self.owned,
                        self.tasks_claimed, self.decks, markers)

    # ------------------------------------------------------------ markers
    def marked(self, name: str) -> dict[str, Square]:
        """Each color's square of the marker ``name`` (empty when no color bears one)."""
        return marked(self.markers, name)

    def with_mark(self, rule: MarkerRule, color: str, square: Square | None) -> Position:
        """The position with ``color``'s marker of ``rule`` on ``square`` (None: taken off); the square must hold
        a piece that can bear it."""
        if square is not None and not rule.holds(color, self.pieces.get(square)):
            raise ValueError(f"{self.board.name(square)} cannot bear the {color} {rule.name}")
        moved = replace(self, markers=with_mark(self.markers, rule, color, square))
        moved._state = self._state      # the same pieces, supply and counts: its state stays (checked by identity)
        return moved

    # ------------------------------------------------------------ actions (new positions, never a change)
    def _with(self, pieces: dict[Square, Piece], supply: dict[str, dict[PieceKind, int]]) -> Position:
        return Position(self.board, pieces, self.mode, self.players, supply, self.owned,
                        {c: list(t) for c, t in self.tasks_claimed.items()}, dict(self.decks),
                        markers_kept(self.markers, pieces))

    def _supply_of(self, after: BoardState) -> dict[str, dict[PieceKind, int]]:
        """The stated supply once the pieces of ``after`` (reached by an action) replace the position's: each color's
        stock stays, so what is off the board follows from the pieces (:class:`BoardState`); a color whose supply is
        not stated counts it from what it owns, which needs no statement."""
        return {c: {kind: after.supply(after.index(c), kind) for kind in kinds}
                for c, kinds in self.supply_override.items()}

    def _after_action(self, pieces: dict[Square, Piece], changes: dict[Square, Piece | None]) -> Position:
        """The position once an action put ``pieces`` in place of the position's, changing the squares of
        ``changes`` (see :meth:`BoardState.changed`), with its state made from this one's: the bitboards of the
        squares changed and the stock of the colors changed (:meth:`BoardState.restated`), what :attr:`state`
        would make again from the pieces."""
        state = self.state
        moved = state.changed(changes)
        supply = self._supply_of(moved)
        after = self._with(pieces, supply)
        after._state = _MadeState(pieces, supply, self.owned, state.restated(moved, self.owned, self.supply_override))
        return after

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
        return self._after_action(pieces, {pick_up: None, square: pieces[square]} if pick_up is not None
                                  else {square: pieces[square]})

    def after_summon(self, color: str, rank: Rank, target: Square, take_back: Square | None = None,
                     ) -> tuple[Position, Piece | None]:
        """The position after ``color`` puts a new piece of ``rank`` on ``target`` (the being's piece),
        and the piece destroyed there (None when the square was empty or its piece became the being).

        Piece shortage (no piece of that kind off the board): the player's piece of that kind on
        ``target`` becomes the being (flipped if need be); otherwise ``take_back`` names the player's
        piece of that kind picked up to be the being. The rules are those of
        :mod:`tashkalar_cli.games.tashkalar.model.summon`; the pattern is not checked here: the engine says which squares
        may be used (see :meth:`Engine.check`).
        """
        from tashkalar_cli.games.tashkalar.model.summon import (  # deferred: flare check loads none
            in_shortage,
            summon_choices,
            summon_facts,
        )

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
        after = self._after_action(pieces, {take_back: None, target: pieces[target]} if take_back is not None
                                   else {target: pieces[target]})
        if destroyed is not None:       # a marker destroyed by the summon is lost (the new piece is another)
            after.markers = markers_kept(after.markers, {sq: p for sq, p in pieces.items() if sq != target})
        return after, destroyed

    def to_dict(self) -> JsonObject:
        """The position as data: the one serializer of positions, which every output uses (JSON as
        it is; the YAML of a position file, :func:`~tashkalar_cli.games.tashkalar.model.notation.position_data`,
        takes its parts from it). Every key is always there, empty or not, but ``gateway`` (each color's
        Gateway, Nethervoid), there only when a color has one. It reads back as the same position
        (``supply.<color>.double_sided``, which repeats ``common``, is accepted and checked)."""
        data = self.data()
        out: JsonObject = {"mode": data.mode, "players": data.players, "pieces": data.pieces, "supply": data.supply,
                           "tasks_claimed": data.tasks_claimed, "decks": data.decks}
        out.update(data.markers)    # each under its name (Nethervoid's ``gateway``), only when a color bears it
        return out

    def data(self) -> PositionData:
        """The parts of :meth:`to_dict`, typed."""
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
        markers = {marker: {c: name(sq) for c, sq in found.squares.items()}
                   for marker, found in sorted(self.markers.items()) if found.squares}
        return PositionData(str(self.mode), self.players, pieces, supply,
                            {c: list(t) for c, t in self.tasks_claimed.items()}, dict(self.decks), markers)


#: a rank's or a kind's word in data (``str(rank)``), looked up: a position's data is made for
#: every outcome listed
_WORDS: dict[Rank | PieceKind, str] = {**{rank: str(rank) for rank in Rank}, **{kind: str(kind) for kind in PieceKind}}


__all__ = ["Piece", "Position", "PositionData", "bits"]

"""Positions: which piece stands on which square, and which pieces are still off the board.

A position is read from a file or an inline string by :mod:`tashkalar_cli.model.position_parser`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tashkalar_cli.errors import InputError, Term
from tashkalar_cli.model.board import Board, bits
from tashkalar_cli.model.types import Bitboard, Mode, Piece, PieceKind, Rank, Square


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

    # ------------------------------------------------------------ bitboards
    def mask(self, color: str | None = None, min_rank: Rank = Rank.COMMON,
             max_rank: Rank = Rank.LEGENDARY) -> Bitboard:
        lo, hi = Rank(min_rank).level, Rank(max_rank).level
        m = 0
        for sq, p in self.pieces.items():
            if (color is None or p.color == color) and lo <= p.level <= hi:
                m |= 1 << sq
        return Bitboard(m)

    @property
    def occupied(self) -> Bitboard:
        m = 0
        for sq in self.pieces:
            m |= 1 << sq
        return Bitboard(m)

    @property
    def colors(self) -> list[str]:
        return sorted({p.color for p in self.pieces.values()}, key=self.board.colors.index)

    def on_board(self, color: str, kind: PieceKind) -> int:
        return sum(1 for p in self.pieces.values() if p.color == color and p.kind == kind)

    def off_board(self, color: str, kind: PieceKind, on_board: int | None = None) -> int:
        """Pieces of ``color`` and ``kind`` (double_sided, legendary) still available to place (``on_board``:
        how many of them are on the board, when the caller counted them already)."""
        override = self.supply_override.get(color, {})
        if kind in override:
            return override[kind]
        kind = PieceKind(kind)
        return max(0, self.owned[kind] - (self.on_board(color, kind) if on_board is None else on_board))

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

    def _supply_after(self, changes: list[tuple[str, PieceKind, int]]) -> dict[str, dict[PieceKind, int]]:
        """The supply overrides moved by ``changes`` (color, kind, +n off the board); a color without an
        override counts its pieces off the board from what it owns, which needs no change."""
        supply = {c: dict(kinds) for c, kinds in self.supply_override.items()}
        for color, kind, delta in changes:
            if kind in supply.get(color, {}):
                supply[color][kind] += delta
        return supply

    def after_place(self, color: str, square: Square, pick_up: Square | None = None) -> Position:
        """The position after ``color`` places a common piece on the empty ``square`` (the place action).

        With no common piece left off the board (piece shortage), ``pick_up`` names the player's common
        or heroic piece that is picked up first and placed as a common piece (its square is empty once
        it is picked up, so it may be ``square`` itself). Wrong choices raise an :class:`InputError`.
        """
        name = self.board.name
        short = self.off_board(color, PieceKind.DOUBLE_SIDED) == 0
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
        supply = self._supply_after([] if short else [(color, PieceKind.DOUBLE_SIDED, -1)])
        return self._with(pieces, supply)

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
        from tashkalar_cli.model.summon import in_shortage, side_masks, summon_choices, summon_facts, summon_supply

        rank = Rank(rank)
        kind = rank.kind
        name = self.board.name
        pieces = dict(self.pieces)
        occupant = pieces.get(target)
        masks = side_masks(pieces, color)       # read as the engine reads them (model/summon.py)
        blockers, own_kind = masks.blockers(rank.level), masks.own_kind(kind)
        short = in_shortage(self, color, kind, masks)
        if not summon_choices(target, blockers, own_kind, 0, short):
            if occupant is not None and blockers >> target & 1:
                raise InputError(key="summon-square-outranked", square=name(target), piece=Term("piece", str(occupant)),
                                 rank=Term("rank", str(rank)))
            raise InputError(key="summon-take-back-needed", color=Term("color", color))   # shortage: no piece to take back
        facts = summon_facts(target, masks.occupied, own_kind, 0, short)
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
        after = self._with(pieces, self._supply_after(summon_supply(color, kind, short, destroyed)))
        if destroyed is not None:       # a Gateway destroyed by the summon is lost (the new piece is another)
            after.gateway = {c: sq for c, sq in after.gateway.items() if sq != target}
        return after, destroyed

    def to_dict(self) -> dict[str, Any]:
        """The position as data: the one serializer of positions, which every output uses (JSON as
        it is; the YAML of a position file, :func:`~tashkalar_cli.model.notation.position_data`,
        takes its parts from it). Every key is always there, empty or not."""
        name = self.board.name
        pieces: dict[str, dict[str, str]] = {}
        on: dict[tuple[str, PieceKind], int] = {}      # the pieces on the board by color and kind, counted once
        for sq, (color, rank) in sorted(self.pieces.items()):
            pieces[name(sq)] = {"color": color, "rank": _WORDS[rank]}
            key = (color, _KINDS[rank])
            on[key] = on.get(key, 0) + 1
        supply: dict[str, dict[str, int]] = {}
        for c in sorted({*(color for color, _ in on), *self.supply_override}, key=self.board.colors.index):
            off = {_WORDS[kind]: self.off_board(c, kind, on.get((c, kind), 0)) for kind in PieceKind}
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


#: a rank's or a kind's word in data (``str(rank)``), and a rank's kind, looked up: a position's data is made for
#: every outcome listed
_WORDS: dict[Rank | PieceKind, str] = {**{rank: str(rank) for rank in Rank}, **{kind: str(kind) for kind in PieceKind}}
_KINDS = {rank: rank.kind for rank in Rank}


def gateways_kept(gateway: dict[str, Square], pieces: dict[Square, Piece]) -> dict[str, Square]:
    """The Gateways that still stand on ``pieces``: each on a common or heroic piece of its color (a
    Gateway whose square emptied, changed hands or became legendary is lost)."""
    out: dict[str, Square] = {}
    for color, sq in gateway.items():
        piece = pieces.get(sq)
        if piece is not None and piece.color == color and piece.rank is not Rank.LEGENDARY:
            out[color] = sq
    return out


__all__ = ["Piece", "Position", "bits"]

"""The small named types of the game: ranks, piece kinds, modes, squares and bitboards.

Enums are ``StrEnum`` so that their values are the words of the data files and of the JSON
output (``Rank.HEROIC == "heroic"``). Squares and bitboards are plain ints with names
(python-chess's ``Square`` and ``Bitboard``): a square is ``rank_index * STRIDE + file_index``
(see :mod:`.board`), a bitboard an int whose bit ``i`` is square ``i``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple, NewType

Square = NewType("Square", int)
Bitboard = NewType("Bitboard", int)


class PieceKind(StrEnum):
    """The two pools of pieces a color owns: double-sided (common/heroic) and legendary."""

    DOUBLE_SIDED = "double_sided"
    LEGENDARY = "legendary"


class Rank(StrEnum):
    """A piece's or a being's rank, lowest first."""

    COMMON = "common"
    HEROIC = "heroic"
    LEGENDARY = "legendary"

    @property
    def level(self) -> int:
        return _LEVELS[self]

    @property
    def kind(self) -> PieceKind:
        """The pool a piece of this rank comes from (the one home of this rule)."""
        return PieceKind.LEGENDARY if self is Rank.LEGENDARY else PieceKind.DOUBLE_SIDED

    @property
    def letter(self) -> str:
        """The letter of the rank in board diagrams and pattern rows: c, h, l."""
        return self.value[0]

    @classmethod
    def from_level(cls, level: int) -> Rank:
        return RANKS[level]


RANKS: tuple[Rank, ...] = tuple(Rank)
_LEVELS = {rank: level for level, rank in enumerate(RANKS)}


class Mode(StrEnum):
    """The forms of play a position or a turn is in."""

    HIGH_FORM = "high-form"
    DUEL = "duel"
    MELEE = "melee"

    @property
    def deathmatch(self) -> bool:
        return self is not Mode.HIGH_FORM


class PlayForm(StrEnum):
    """The forms of play a rule applies to: the modes, and team play (played as a High Form or duel)."""

    HIGH_FORM = "high-form"
    DUEL = "duel"
    MELEE = "melee"
    TEAM = "team"


class CardType(StrEnum):
    BEING = "being"
    LEGEND = "legend"
    FLARE = "flare"
    TASK = "task"


#: the fields of the cards' data that hold effect programs (see :mod:`.effects`)
PROGRAM_FIELDS = ("effect", "frost_effect", "warp_effect", "upper_effect", "lower_effect")
#: why a summon is not possible
Reason = Literal["special-summoning", "no-match", "blocked", "shortage", "no-colorless-square"]
#: what a near placement lacks on one square
LackCode = Literal["missing", "weaker", "enemy", "blocked", "off-board", "shortage"]
#: compass directions, as used by arrows
Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]


class _Piece(NamedTuple):
    color: str
    rank: Rank


class Piece(_Piece):
    """A piece: its color and rank (a named tuple: pieces are hashed and compared by the thousand in the
    engines, and a tuple does both in C)."""

    __slots__ = ()

    def __new__(cls, color: str, rank: Rank | str) -> Piece:
        return super().__new__(cls, color, rank if rank.__class__ is Rank else Rank(rank))

    @property
    def level(self) -> int:
        return self.rank.level

    @property
    def kind(self) -> PieceKind:
        """Which pool the piece comes from: double-sided common/heroic pieces, or legendary ones."""
        return self.rank.kind

    def __str__(self) -> str:
        return f"{self.color} {self.rank}"

__all__ = [
    "PROGRAM_FIELDS",
    "RANKS",
    "Bitboard",
    "CardType",
    "Direction",
    "LackCode",
    "Mode",
    "Piece",
    "PieceKind",
    "PlayForm",
    "Rank",
    "Reason",
    "Square",
]

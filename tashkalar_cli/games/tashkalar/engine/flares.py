"""Invoking a flare: which halves the player may resolve, and who scores the flare point."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tashkalar_cli.games.tashkalar.engine.codes import codes_of
from tashkalar_cli.games.tashkalar.engine.reach import Budget, Reach, Walk, gain
from tashkalar_cli.games.tashkalar.model.cards import Flare
from tashkalar_cli.games.tashkalar.model.config import GameConfig
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.types import Mode, Rank

HALVES = ("upper", "lower")


class PieceCounts(NamedTuple):
    upgraded: int
    total: int

    def as_dict(self) -> dict[str, int]:
        return {"upgraded": self.upgraded, "total": self.total}


@dataclass
class FlareCheck:
    card: Flare
    player: str
    against: str
    mine: PieceCounts
    theirs: PieceCounts
    upper_met: bool
    lower_met: bool
    point_to: str | None          # who scores the flare point
    point_in_color: str | None    # melee: the color the point is scored in
    points: int

    @property
    def halves(self) -> list[str]:
        """The halves to resolve, in order: the upper one first."""
        return [h for h, met in zip(HALVES, (self.upper_met, self.lower_met), strict=True) if met]

    @property
    def can_invoke(self) -> bool:
        return self.upper_met or self.lower_met

    @property
    def differences(self) -> dict[str, int]:
        return {"upgraded": self.theirs.upgraded - self.mine.upgraded, "total": self.theirs.total - self.mine.total}


def counts(position: Position, color: str) -> PieceCounts:
    pieces = [p for p in position.pieces.values() if p.color == color]
    return PieceCounts(sum(p.rank is not Rank.COMMON for p in pieces), len(pieces))


def counts_of_codes(codes: bytes, colors: Sequence[str], color: str) -> PieceCounts:
    """:func:`counts` of a board given as its codes (:mod:`tashkalar_cli.games.tashkalar.engine.codes`; ``colors``: the
    board's)."""
    if color not in colors:
        return PieceCounts(0, 0)
    common, *upgraded = codes_of(colors, color)
    up = sum(codes.count(c) for c in upgraded)
    return PieceCounts(up, up + codes.count(common))


def check_flare(card: Flare, position: Position, player: str, against: str, config: GameConfig) -> FlareCheck:
    return flare_check(card, position.mode, counts(position, player), counts(position, against), player, against,
                       config)


def flare_check(card: Flare, mode: Mode, mine: PieceCounts, theirs: PieceCounts, player: str, against: str,
                config: GameConfig) -> FlareCheck:
    """:func:`check_flare` from the pieces the two players have (``mine``: ``player``'s) in a game of ``mode``."""
    upper = theirs.upgraded - mine.upgraded >= card.upper.threshold
    lower = theirs.total - mine.total >= card.lower.threshold
    point_to = point_color = None
    points = 0
    if (upper or lower) and mode.deathmatch:
        point_to, points = against, config.score.flare_invoked
        point_color = player if mode is Mode.MELEE else None
    return FlareCheck(card, player, against, mine, theirs, upper, lower, point_to, point_color, points)


#: what one change of the board of each kind (see tashkalar_cli.games.tashkalar.engine.reach.Reach) can do to the difference
#: of two players' counts of pieces (a kind missing: nothing; moves that destroy nothing change no count)
_TOTAL = {"destroy": 1, "combat": 1, "place": 1, "convert": 2, "summon": 1}
_UPGRADED = {**_TOTAL, "upgrade": 1, "downgrade": 1}


def within_reach(check: FlareCheck, reach: Reach | Budget | Walk | None) -> bool:
    """Whether the flare of ``check`` may become playable after at most ``reach`` more changes of the board
    (per kind; a :class:`~tashkalar_cli.games.tashkalar.engine.reach.Budget`: those of any of the actions left; None: any). False
    only when it certainly cannot."""
    if check.can_invoke or reach is None:
        return True
    diff = check.differences
    for half, weights in (("upper", _UPGRADED), ("lower", _TOTAL)):
        most = gain(reach, weights)
        have = diff["upgraded" if half == "upper" else "total"]
        if most is None or have + most >= getattr(check.card, half).threshold:
            return True
    return False

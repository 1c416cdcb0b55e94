"""Invoking a flare: which halves the player may resolve, and who scores the flare point."""

from __future__ import annotations

from dataclasses import dataclass

from tashkalar_cli.model.cards import Card


@dataclass
class FlareCheck:
    card: Card
    player: str
    against: str
    mine: dict[str, int]          # upgraded, total
    theirs: dict[str, int]
    upper_met: bool
    lower_met: bool
    point_to: str | None          # who scores the flare point
    point_in_color: str | None    # melee: the color the point is scored in
    points: int

    @property
    def halves(self) -> list[str]:
        """The halves to resolve, in order: the upper one first."""
        return [h for h, met in (("upper", self.upper_met), ("lower", self.lower_met)) if met]

    @property
    def can_invoke(self) -> bool:
        return self.upper_met or self.lower_met

    @property
    def differences(self) -> dict[str, int]:
        return {"upgraded": self.theirs["upgraded"] - self.mine["upgraded"],
                "total": self.theirs["total"] - self.mine["total"]}


def counts(position, color: str) -> dict[str, int]:
    pieces = [p for p in position.pieces.values() if p.color == color]
    return {"upgraded": sum(p.rank != "common" for p in pieces), "total": len(pieces)}


def check_flare(card: Card, position, player: str, against: str, game: dict) -> FlareCheck:
    mine, theirs = counts(position, player), counts(position, against)
    upper = theirs["upgraded"] - mine["upgraded"] >= card.thresholds["upper"]
    lower = theirs["total"] - mine["total"] >= card.thresholds["lower"]
    point_to = point_color = None
    points = 0
    if (upper or lower) and position.mode in ("duel", "melee"):
        point_to, points = against, game["score"]["flare_invoked"]
        point_color = player if position.mode == "melee" else None
    return FlareCheck(card, player, against, mine, theirs, upper, lower, point_to, point_color, points)

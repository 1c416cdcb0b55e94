"""The brute-force planner the fast one is held to: the whole engine re-run on every position."""

from __future__ import annotations

from collections.abc import Iterable

from tashkalar_cli.games.tashkalar.engine.markers import after_summon
from tashkalar_cli.games.tashkalar.engine.planner.plans import Fact, PlanStats
from tashkalar_cli.games.tashkalar.engine.summoning import Engine, Verdict
from tashkalar_cli.games.tashkalar.model.cards import Being
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Square


def plan_naive(engine: Engine, pos: Position, player: str, cards: Iterable[Being], actions: int = 2,
               stats: PlanStats | None = None) -> set[Fact]:
    """The brute-force planner the fast one is held to: the whole engine re-run on every position.

    Returns flat facts: ``("summon", card, target, orientation)``, ``("place-summon", card, X,
    pick_up, target, orientation)`` and ``("summon-summon", first card, T1, orientation, taken
    back, card, T2, orientation)`` (squares as names, None where there is no choice).
    """
    naive = _Naive(engine, pos, player, list(dict.fromkeys(cards)), stats if stats is not None else PlanStats())
    now = naive.legal(pos)
    out: set[Fact] = set()
    name = engine.board.name
    for cid, v in now.items():
        for p in v.placements:
            out.add(("summon", cid, name(p.target), p.orientation.name))
    if actions < 2:
        return out
    targets_now = {cid: {p.target for p in v.placements} for cid, v in now.items()}
    naive.place_then_summon(targets_now, out)
    naive.summon_then_summon(now, targets_now, out)
    return out


class _Naive:
    """One brute-force request: the engine asked again on each position a first action reaches."""

    def __init__(self, engine: Engine, pos: Position, player: str, chosen: list[Being], stats: PlanStats) -> None:
        self.engine = engine
        self.pos = pos
        self.player = player
        self.chosen = chosen
        self.stats = stats
        self.name = engine.board.name

    def legal(self, p: Position) -> dict[str, Verdict]:
        """Every chosen card's placements on ``p``, by the card's id."""
        stats = self.stats
        stats.states += 1
        stats.card_checks += len(self.chosen)
        stats.engine_checks += len(self.chosen)
        return {v.card.id: v for v in self.engine.check_many(self.chosen, p, self.player)}

    def places(self) -> list[tuple[Square, Square | None]]:
        """Every place: a square and, in piece shortage, the player's piece picked up first (it may go back on
        its own square)."""
        pos, player = self.pos, self.player
        empty = [sq for sq in self.engine.board.squares if sq not in pos.pieces]
        if pos.off_board(player, PieceKind.DOUBLE_SIDED) > 0:
            return [(x, None) for x in empty]
        own = [sq for sq, p in sorted(pos.pieces.items()) if p.color == player and p.kind is PieceKind.DOUBLE_SIDED]
        return [(x, a) for a in own for x in [*empty, a]]

    def place_then_summon(self, targets_now: dict[str, set[Square]], out: set[Fact]) -> None:
        """The summons each place makes possible on a square the card cannot use now."""
        name = self.name
        for x, a in self.places():
            after = self.legal(self.pos.after_place(self.player, x, a))
            for cid, v in after.items():
                for p in v.placements:
                    if p.target not in targets_now[cid]:
                        out.add(("place-summon", cid, name(x), name(a) if a is not None else None, name(p.target),
                                 p.orientation.name))

    def summon_then_summon(self, now: dict[str, Verdict], targets_now: dict[str, set[Square]], out: set[Fact]) -> None:
        """The summons of another card each summon possible now (and each piece it may take back) makes possible on
        a square that card cannot use now."""
        name, stats, pos, player = self.name, self.stats, self.pos, self.player
        for first in self.chosen:
            rest = [c for c in self.chosen if c is not first]
            for p1 in now[first.id].placements:
                for b in (p1.take_back if p1.shortage and p1.reuses is None else [None]):
                    after_pos, _ = after_summon(first, pos, player, p1.target, b, p1.pattern_squares)
                    stats.states += 1
                    stats.card_checks += len(rest)
                    stats.engine_checks += len(rest)
                    for v in self.engine.check_many(rest, after_pos, player):
                        for p in v.placements:
                            if p.target not in targets_now[v.card.id]:
                                out.add(("summon-summon", first.id, name(p1.target), p1.orientation.name,
                                         name(b) if b is not None else None, v.card.id, name(p.target),
                                         p.orientation.name))


__all__ = ["plan_naive"]

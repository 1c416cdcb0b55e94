"""The brute-force planner the fast one is held to: the whole engine re-run on every position."""

from __future__ import annotations

from collections.abc import Iterable

from tashkalar_cli.engine.gateway import after_summon
from tashkalar_cli.engine.planner.plans import Fact, PlanStats
from tashkalar_cli.engine.summoning import Engine, Verdict
from tashkalar_cli.model.cards import Being
from tashkalar_cli.model.position import Position
from tashkalar_cli.model.types import PieceKind, Square


def plan_naive(engine: Engine, pos: Position, player: str, cards: Iterable[Being], actions: int = 2,
               stats: PlanStats | None = None) -> set[Fact]:
    """The brute-force planner the fast one is held to: the whole engine re-run on every position.

    Returns flat facts: ``("summon", card, target, orientation)``, ``("place-summon", card, X,
    pick_up, target, orientation)`` and ``("summon-summon", first card, T1, orientation, taken
    back, card, T2, orientation)`` (squares as names, None where there is no choice).
    """
    chosen = list(dict.fromkeys(cards))
    stats = stats if stats is not None else PlanStats()
    name = engine.board.name

    def legal(p: Position) -> dict[str, Verdict]:
        stats.states += 1
        stats.card_checks += len(chosen)
        stats.engine_checks += len(chosen)
        return {v.card.id: v for v in engine.check_many(chosen, p, player)}

    now = legal(pos)
    targets_now = {cid: {p.target for p in v.placements} for cid, v in now.items()}
    out: set[Fact] = set()
    for cid, v in now.items():
        for p in v.placements:
            out.add(("summon", cid, name(p.target), p.orientation.name))
    if actions < 2:
        return out
    empty = [sq for sq in engine.board.squares if sq not in pos.pieces]
    if pos.off_board(player, PieceKind.DOUBLE_SIDED) > 0:
        places: list[tuple[Square, Square | None]] = [(x, None) for x in empty]
    else:
        own = [sq for sq, p in sorted(pos.pieces.items()) if p.color == player and p.kind is PieceKind.DOUBLE_SIDED]
        places = [(x, a) for a in own for x in [*empty, a]]
    for x, a in places:
        after = legal(pos.after_place(player, x, a))
        for cid, v in after.items():
            for p in v.placements:
                if p.target not in targets_now[cid]:
                    out.add(("place-summon", cid, name(x), name(a) if a is not None else None, name(p.target),
                             p.orientation.name))
    for first in chosen:
        rest = [c for c in chosen if c is not first]
        for p1 in now[first.id].placements:
            for b in (p1.take_back if p1.shortage and p1.reuses is None else [None]):
                after_pos, _ = after_summon(first, pos, player, p1.target, b, p1.pattern_squares)
                stats.states += 1
                stats.card_checks += len(rest)
                stats.engine_checks += len(rest)
                for v in engine.check_many(rest, after_pos, player):
                    for p in v.placements:
                        if p.target not in targets_now[v.card.id]:
                            out.add(("summon-summon", first.id, name(p1.target), p1.orientation.name,
                                     name(b) if b is not None else None, v.card.id, name(p.target),
                                     p.orientation.name))
    return out


__all__ = ["plan_naive"]

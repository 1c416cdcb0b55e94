"""Small enumerated cases that reach the corners of the rules, in the default run.

The long sweeps against brute force on random positions are marked ``thorough`` (``python -m pytest -m
thorough``, .ci/run runs them): random positions reach a rare configuration only now and then (60 random
planner examples a run never met the one that a planner bug needed). Here every position of a few pieces
around one square is tried, in piece shortage and out of it, so that the corners are reached every run:
a summon in shortage reusing a piece of its pattern, the place action in shortage (pick up one of your own
pieces and put it down elsewhere, or on the same square: a heroic comes back as a common), a summon onto a
piece, a legend's heroic pattern.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from test_effects import INTRIGUE_SPELLED_OUT, WARLORD_SPELLED_OUT, WHOLE, _compare, _fast_set

from tashkalar_cli.games.tashkalar.engine.effects import Resolver, resolve_program
from tashkalar_cli.games.tashkalar.engine.planner import flatten
from tashkalar_cli.games.tashkalar.model.effects import parse_program
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank

#: the squares the enumerated positions fill, and what each may hold (nothing, a blue common, a blue heroic, a
#: red common): 4 ** 4 - 1 positions with a piece at least
AROUND = ("e5", "d4", "f4", "e4")
OCCUPANTS = ("", "blue", "blue:heroic", "red")
#: blue's pieces off the board: none (shortage), one, none and no legendary piece either
SUPPLIES = {"no common left": {PieceKind.DOUBLE_SIDED: 0},
            "one common left": {PieceKind.DOUBLE_SIDED: 1},
            "no common nor legendary left": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0}}
#: a common being of 2 commons on the diagonals, a heroic being of 3 commons, a legend of heroics
HAND = ("wild-eagle", "cannon", "fire-dragon")


#: how many of :data:`AROUND` the positions fill: the first three in the default run (63 positions, every corner
#: reached), all four in the slow run (255)
SQUARES = [pytest.param(3, id="3-squares"), pytest.param(len(AROUND), id="4-squares", marks=pytest.mark.slow)]


def small_positions(tk, supply: dict[PieceKind, int], squares: int = len(AROUND)) -> Iterator[tuple[str, Position]]:
    """Every duel position with pieces on some of the first ``squares`` of :data:`AROUND`, blue's supply
    overridden."""
    for occupants in itertools.product(OCCUPANTS, repeat=squares):
        pieces = ",".join(f"{sq}={o}" for sq, o in zip(AROUND, occupants, strict=False) if o)
        if pieces:
            pos = tk.position(pieces=pieces, mode="duel")
            yield pieces, Position(pos.board, pos.pieces, pos.mode, pos.players, {"blue": supply}, pos.owned)


def _planner_cases() -> list[Any]:
    """Each supply on :data:`SQUARES`; with one common left (no shortage: no piece picked up, reuse reached) the
    default run fills two squares (15 positions reach its corner), three and four in the slow run."""
    cases = []
    for supply in sorted(SUPPLIES):
        for case in SQUARES:
            if supply == "one common left" and not case.marks:
                cases.append(pytest.param(supply, 2, id=f"{supply}-2-squares"))
                case = pytest.param(*case.values, id=case.id, marks=pytest.mark.slow)
            cases.append(pytest.param(supply, *case.values, id=f"{supply}-{case.id}", marks=case.marks))
    return cases


@pytest.mark.parametrize(("supply", "squares"), _planner_cases())
def test_fast_planner_finds_what_brute_force_finds_on_every_small_position(tk, db, supply, squares):
    hand = [db.get(c) for c in HAND]
    name = tk.board.name
    picked = heroic_back = reused = 0
    for pieces, pos in small_positions(tk, SUPPLIES[supply], squares):
        report = tk.planner.plan(pos, "blue", hand)
        naive = tk.planner.plan_naive(pos, "blue", hand)
        fast = flatten(report.plans, tk.board)
        assert fast == naive, (pieces, sorted(fast - naive)[:5], sorted(naive - fast)[:5])
        for fact in naive:
            if fact[0] == "place-summon" and fact[3] is not None:
                picked += 1
                heroic_back += fact[2] == fact[3] and pos.pieces[tk.board.parse(fact[3])].rank is Rank.HEROIC
        reused += sum(plan.summon.reuses is not None for plan in report.plans)
        assert all(name(plan.summon.target) for plan in report.plans)
    # the corners were reached: in shortage, pieces picked up (a heroic put back on its square as a common), and
    # summons that reuse a piece of their pattern
    assert reused > 0
    if SUPPLIES[supply][PieceKind.DOUBLE_SIDED] == 0:
        assert picked > 0 and heroic_back > 0
    else:
        assert picked == 0


# ---------------------------------------------------------------------- effects: moves in any order

#: the beings whose moves the resolver follows in one order only (commuting moves), with the same program spelled
#: out as every order, or None: their walk with every order followed is the reference
MOVERS = {"warlord": WARLORD_SPELLED_OUT, "master-of-intrigue": INTRIGUE_SPELLED_OUT, "dark-sphere": None,
          "hypnotist": None}
#: those held to the brute-force resolver here too (the others' brute force takes a minute: in the thorough run)
BRUTE = ("dark-sphere", "hypnotist")
#: what the enumerated squares next to the summoned being hold: nothing, an enemy common or heroic, a friend
NEAR = ("", "red:common", "red:heroic", "blue:common")


def summoned_here(tk, card, extras: dict[str, str]):
    """``card``'s pattern (first orientation) of blue commons with its being on e5, and ``extras``: the position
    after the summon and the placement, or None where the pieces leave no such placement."""
    board = tk.board
    orientation = card.pattern.orientations[0]
    tf, tr = board.coords(board.parse("e5"))
    cells = {board.name(board.index(tf + c.df, tr + c.dr)): "blue:common" for c in orientation.cells if c.piece}
    position = tk.position(pieces=",".join(f"{sq}={p}" for sq, p in {**cells, **extras}.items()), mode="melee",
                           players=3)
    verdict = tk.engine.check(card, position, "blue", explain=False)
    here = [p for p in verdict.placements if board.name(p.target) == "e5" and p.orientation.name == orientation.name]
    if not here:
        return None
    return position.after_summon("blue", card.rank, here[0].target, None)[0], here[0]


def free_near(tk, card, count: int) -> list[str]:
    """The ``count`` squares nearest e5 off ``card``'s pattern (first orientation)."""
    board = tk.board
    tf, tr = board.coords(board.parse("e5"))
    pattern = {(c.df, c.dr) for c in card.pattern.orientations[0].cells}
    ring = sorted((max(abs(df), abs(dr)), dr, df) for df in range(-3, 4) for dr in range(-3, 4)
                   if (df, dr) not in pattern and board.index(tf + df, tr + dr) is not None)
    return [board.name(board.index(tf + df, tr + dr)) for _, dr, df in ring[:count]]


#: the master of intrigue's spelled-out walk alone takes over 10 CPU-s: in the thorough run (warlord keeps a
#: spelled-out program, with the same reduction of commuting moves, in the default run)
LONG_WALKS = ("master-of-intrigue",)


#: the warlord's spelled-out walk takes seconds on each of the 4 positions of one square: the default run has it on
#: the summoned being's pattern alone (1 position), the slow run on the nearest square too
LONG_DEFAULT = ("warlord",)


def _movers() -> list[Any]:
    """Each mover with how many squares next to the summoned being the positions fill: the nearest one in the
    default run (4 positions; none for :data:`LONG_DEFAULT`); for the beings held to brute force, the two nearest in
    the slow run (16 positions)."""
    cases = []
    for c in sorted(MOVERS):
        marks = [pytest.mark.thorough] if c in LONG_WALKS else []
        if c in LONG_DEFAULT:
            cases.append(pytest.param(c, 0, id=f"{c}-0-squares", marks=marks))
            marks = [*marks, pytest.mark.slow]
        cases.append(pytest.param(c, 1, id=f"{c}-1-square", marks=marks))
        if c in BRUTE:
            cases.append(pytest.param(c, 2, id=f"{c}-2-squares", marks=[*marks, pytest.mark.slow]))
    return cases


@pytest.mark.parametrize(("card_id", "near"), _movers())
def test_moves_in_one_order_reach_what_every_order_reaches_on_small_positions(tk, card_id, near):
    """The reduction of commuting moves, and the programs spelled out, against every order followed, on every
    position of enemies and friends on the squares nearest the summoned being (and against brute force)."""
    card = tk.being(card_id)
    squares = free_near(tk, card, near)
    plain_info = Resolver.move_info
    compared = moved = 0
    for occupants in itertools.product(NEAR, repeat=len(squares)):
        made = summoned_here(tk, card, {sq: o for sq, o in zip(squares, occupants, strict=True) if o})
        if made is None:
            continue
        after, placement = made
        ours = resolve_program(tk.board, card.program(), after, "blue", placement=placement, max_states=WHOLE)
        with mock.patch.object(Resolver, "move_info", lambda self, step: plain_info(self, step)._replace(commuting=False)):
            every = resolve_program(tk.board, card.program(), after, "blue", placement=placement, max_states=WHOLE)
        assert not ours.truncated and not every.truncated
        assert _fast_set(ours) == _fast_set(every), occupants
        if MOVERS[card_id] is not None:
            spelled = resolve_program(tk.board, parse_program(MOVERS[card_id]), after, "blue", placement=placement,
                                      max_states=WHOLE)
            assert _fast_set(ours) == _fast_set(spelled) and ours.count == spelled.count, occupants
        if card_id in BRUTE:
            _compare(tk, card.program(), after, "blue", placement)
        compared += 1
        moved += any(c.do == "move" for o in ours.outcomes for c in o.steps)
    assert compared >= min(len(NEAR) - 1, len(NEAR) ** near) and moved > 0, (compared, moved)

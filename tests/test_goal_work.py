"""The goal search's work stays bounded, and what it reads of a board is the board (issue 29, "bounded work for
any input": ``plan --task`` with every card in hand within 2 s and 300 MB).

Counted, never timed: the checks of the isolation task read the masks of a board's codes (no position made), and
the search stops at its bound on work, saying so.
"""

from __future__ import annotations

from typing import Any

from tashkalar_cli.engine.codes import squares_only
from tashkalar_cli.engine.effects import resolve_placement
from tashkalar_cli.engine.flares import counts, counts_of_codes
from tashkalar_cli.engine.tasks import Context, check_task
from tashkalar_cli.model.cards import Task

#: blue summons the Deathbringer at e5 and removes a red piece from the game: the resolver sets it aside in a byte
#: of its state that is no square of the board
DEATHBRINGER = "d5=blue,c3=blue,d3=blue,e3=blue,e6=red,f5=red,f6=red,g7=red"


class _Source:
    def __init__(self, position: Any) -> None:
        self.position = position


def _set_aside_outcomes(tk: Any) -> list[Any]:
    pos = tk.position(pieces=DEATHBRINGER, mode="high-form")
    card = tk.cards.by_id["deathbringer"]
    squares = set(tk.board.squares)
    outcomes = []
    for p in tk.engine.check(card, pos, "blue").placements:
        res = resolve_placement(tk.engine, card, pos, "blue", p, take_back=None, actions_left=0)
        assert res is not None
        outcomes += [o for o in res.outcomes if any(c and i not in squares for i, c in enumerate(o.board_state))]
    assert outcomes, "no outcome sets a piece aside: the case no longer tests anything"
    return outcomes


def test_a_piece_set_aside_is_on_no_square_for_the_tasks(tk: Any) -> None:
    """A task's check of a board given as a resolver's state (the goal search's codes) reads the pieces on its
    squares only, as the check of the outcome's position does (the piece set aside counted as an enemy piece on no
    square before)."""
    tasks = [c for c in tk.cards.cards if isinstance(c, Task)]
    for o in _set_aside_outcomes(tk):
        position = o.position
        for player, against in (("blue", "red"), ("red", "blue")):
            codes = Context.of_codes(o.board_state, tk.board, player, against, None, tk.cards, _Source(position))
            whole = Context(position, player, against, None, tk.cards)
            assert (codes.mine, codes.enemy, codes.pieces_of(against)) == (whole.mine, whole.enemy,
                                                                           whole.pieces_of(against))
            for task in tasks:
                a, b = check_task(task, codes), check_task(task, whole)
                assert (a.met, a.requirements, a.squares) == (b.met, b.requirements, b.squares), task.id


def test_a_piece_set_aside_is_on_no_square_for_the_flares(tk: Any) -> None:
    """The flares' counts of a resolver's state, its squares only, are those of the outcome's position."""
    for o in _set_aside_outcomes(tk):
        codes = squares_only(o.board_state, tk.board.mask)
        assert len(codes) == len(o.board_state)
        for color in ("blue", "red"):
            assert counts_of_codes(codes, tk.board.colors, color) == counts(o.position, color)

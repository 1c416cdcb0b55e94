"""Rules that live in one place, held there (issue 30).

* The Dark Sphere's "at most 2 of a color" is on the pieces chosen: a chosen piece destroyed by a later move
  still counts (the fast resolver and the brute-force one both).
"""

from __future__ import annotations

from test_effects import _compare, boards, pos

from tashkalar_cli.engine.effects import resolve_program
from tashkalar_cli.model.effects import parse_program

# ---------------------------------------------------------------------- the most per color: pieces chosen

#: up to 3 combat moves, each by a piece of any color not moved before, at most 2 of a color (the Dark Sphere's
#: count, without its area): the count is of the pieces chosen to move
TWO_PER_COLOR = [{"move": {"piece": {"rank": "non-legendary"}, "kind": "combat", "per_move": True,
                           "once_each": True, "per_color": 2},
                  "up_to": 3}]

#: red's first piece moves (c3-c4), red's second destroys it (d4xc4), and a third red piece stands by (g7)
DESTROYED_CHOSEN = "c3=red:common,d4=red:common,g7=red:common"


def test_a_chosen_piece_destroyed_later_still_counts_for_its_color(tk):
    """Two red pieces chosen, the first destroyed by the second: a third red piece may not move (two of that color
    were chosen, though one of them is no longer on the board)."""
    position = pos(tk, DESTROYED_CHOSEN)
    result = resolve_program(tk.board, parse_program(TWO_PER_COLOR), position, "blue")
    reached = boards(result)
    # the two first moves, and the stop after them: reached
    assert frozenset({"c4=red:common", "g7=red:common"}) in reached
    # a third red piece after them: c3-c4, d4xc4, g7-g6 would be three red pieces chosen
    assert frozenset({"c4=red:common", "g6=red:common"}) not in reached
    # two red pieces and nothing else may move: every outcome keeps at least one red piece where it stood
    for board in reached:
        assert board & {"c3=red:common", "d4=red:common", "g7=red:common"}, sorted(board)


def test_a_chosen_piece_destroyed_later_agrees_with_brute_force(tk):
    _compare(tk, parse_program(TWO_PER_COLOR), pos(tk, DESTROYED_CHOSEN), "blue")
    _compare(tk, parse_program(TWO_PER_COLOR), pos(tk, DESTROYED_CHOSEN + ",b4=blue:heroic,f6=blue:common"), "blue")


#: the Dark Sphere summoned on e5 (its pattern d4, e4, d5, e5): red's c2 moves to c3 (2 squares from e5), red's b3
#: destroys it there, and red's g8 could move to g7 (2 squares from e5) if a third red piece could be chosen
SPHERE_AT_E5 = "d4=blue,e4=blue,d5=blue,e5=blue,c2=red,b3=red,g8=red"


def test_dark_sphere_refuses_a_third_piece_of_a_color_whose_chosen_piece_was_destroyed(tk):
    result = tk.resolve("dark-sphere", pos(tk, SPHERE_AT_E5), "blue", "e5", actions_left=1)
    assert result.resolution is not None and not result.resolution.truncated
    reached = boards(result)
    two = {b for b in reached if "c3=red:common" in b and not b & {"c2=red:common", "b3=red:common"}}
    assert two, "c2-c3 then b3xc3: two red pieces chosen"
    assert all("g8=red:common" in b for b in two), "a third red piece moved after two were chosen"
    after = result.applied.position
    _compare(tk, tk.being("dark-sphere").program(), after, "blue", result.applied.placement, actions_left=1)

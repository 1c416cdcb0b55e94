"""Single-line bugs that ``benchmarks/mutation.py`` put into the rules, the engines and the planner and that
the rest of the suite let through: each test here kills one (or more), through the public API only
(``Game``, ``resolve_program``, the planner as the other tests call it), so that it survives a refactor of
the modules it guards."""

from __future__ import annotations

import pytest

from tashkalar_cli.errors import InputError

# ---------------------------------------------------------------------- summoning: the orientation asked


def test_an_orientation_that_does_not_fit_the_square_is_refused_with_the_ones_that_do(tk):
    """The messenger on c7 with d6 and e5 blue fits there in two orientations only: asking another is a clear
    error naming them (a dropped check left an empty choice, and a crash)."""
    position = tk.position(pieces="d6=blue,e5=blue")
    assert tk.apply("messenger", position, "blue", "c7", orientation="r0").placement.orientation.name == "r0"
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", "c7", orientation="r90")
    assert caught.value.key == "apply-orientation"


def test_time_travelers_pattern_is_the_pieces_that_make_it(tk):
    """Time Traveler has no summoning square: every placement on a colorless square names the three pieces
    of its pattern where they stand (an offset subtracted instead of added named other squares)."""
    position = tk.position(pieces="c3=blue,d4=blue,e5=blue", mode="high-form")
    verdict = tk.summon("time-traveler", position, "blue")
    assert verdict.legal and len(verdict.placements) > 10
    patterns = {tuple(tk.board.name(sq) for sq in p.pattern_squares) for p in verdict.placements}
    assert patterns == {("c3", "d4", "e5")}

"""The one statement of what a summon does (model/summon.py), the pattern images and square order."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_summoning import positions

from tashkalar_cli.games.tashkalar.model.board import STRIDE, bits, offset, square_order
from tashkalar_cli.games.tashkalar.model.patterns import TRANSFORMS, Pattern
from tashkalar_cli.games.tashkalar.model.summon import NO_REMOVAL, summon_choices, summon_facts
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Square

from conftest import fewer_examples

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
#: the default run's sample of the two sweeps on bitboards below (300 situations each take CPU-seconds: the
#: thorough run has them whole)
SAMPLE = settings(SETTINGS, max_examples=60)


def test_no_removal_is_not_a_square(board):
    assert NO_REMOVAL & board.mask == 0
    assert NO_REMOVAL.bit_count() == 1


# ---------------------------------------------------------------------- the rules, on bitboards

@st.composite
def situations(draw, board):
    """A summoning square, the pieces around it as bitboards, and a set of removal alternatives."""
    squares = board.squares
    target = draw(st.sampled_from(squares))
    occupied = 0
    for sq in draw(st.lists(st.sampled_from(squares), max_size=20, unique=True)):
        occupied |= 1 << sq
    own_kind = blockers = required = 0
    for sq in bits(occupied):
        if draw(st.booleans()):
            own_kind |= 1 << sq
        if draw(st.integers(0, 3)) == 0:
            blockers |= 1 << sq
    for sq in bits(own_kind):   # the pattern's pieces are the player's
        if draw(st.integers(0, 2)) == 0:
            required |= 1 << sq
    removal = 0
    for sq in bits(own_kind):   # a removed piece is one of the player's pieces on the board
        if draw(st.booleans()):
            removal |= 1 << sq
    return Square(target), blockers, own_kind, occupied, required, draw(st.booleans()), removal


@given(data=st.data())
@SAMPLE
def test_the_set_of_removals_agrees_with_each_removal_made_on_a_sample(board, data):
    _removals_agree(board, data)


@pytest.mark.thorough
@given(data=st.data())
@SETTINGS
def test_the_set_of_removals_agrees_with_each_removal_made(board, data):
    _removals_agree(board, data)


def _removals_agree(board, data) -> None:
    """Asking for every removal at once gives, for each piece, what the plain question gives on the
    position where that piece has left (the planner's question is the checker's, many times)."""
    target, blockers, own_kind, occupied, required, short, removal = data.draw(situations(board))
    choices = summon_choices(target, blockers, own_kind, required, short, removal | NO_REMOVAL)
    plain = summon_choices(target, blockers, own_kind, required, short)
    assert plain in (0, NO_REMOVAL)
    assert choices & NO_REMOVAL == plain
    assert choices & ~(removal | NO_REMOVAL) == 0
    for r in bits(removal):
        keep = ~(1 << r)
        if required >> r & 1:
            expected = False     # the pattern needed that piece
        else:
            expected = bool(summon_choices(target, blockers & keep, own_kind & keep, required, short))
        assert bool(choices >> r & 1) == expected, board.name(r)
        if expected:
            facts = summon_facts(target, occupied, own_kind, required, short, removed=r)
            assert facts == summon_facts(target, occupied & keep, own_kind & keep, required, short)


@given(data=st.data())
@SAMPLE
def test_what_a_legal_summon_implies_on_a_sample(board, data):
    _legal_summon_implies(board, data)


@pytest.mark.thorough
@given(data=st.data())
@SETTINGS
def test_what_a_legal_summon_implies(board, data):
    _legal_summon_implies(board, data)


def _legal_summon_implies(board, data) -> None:
    target, blockers, own_kind, occupied, required, short, _ = data.draw(situations(board))
    blockers &= occupied
    legal = bool(summon_choices(target, blockers, own_kind, required, short))
    tbit = 1 << target
    assert not (blockers & tbit and legal)            # a piece of a higher rank blocks
    if not legal:
        return
    facts = summon_facts(target, occupied, own_kind, required, short)
    assert facts.reuses == bool(short and own_kind & tbit)
    assert facts.destroys == bool(occupied & tbit and not facts.reuses)
    assert facts.take_back & (required | tbit) == 0   # never a piece the pattern or the target holds
    assert facts.take_back & ~own_kind == 0
    assert bool(facts.take_back) == (short and not facts.reuses)


def test_supply_changes(board):
    """A summon's supply change follows from the pieces (model/state.py): the being's piece leaves its owner's supply,
    a destroyed piece goes back to its owner's; the stock of each color and kind stays."""
    from tashkalar_cli.games.tashkalar.model.position import Piece
    from tashkalar_cli.games.tashkalar.model.state import BoardState
    from tashkalar_cli.games.tashkalar.model.types import Rank

    e5 = board.parse("e5")
    owned = {PieceKind.DOUBLE_SIDED: 16, PieceKind.LEGENDARY: 3}
    before = BoardState.of_pieces(("blue", "red"), {e5: Piece("red", Rank.HEROIC)}, owned)
    after = before.moved({e5: Piece("blue", Rank.LEGENDARY)})
    assert [before.supply(ci, k) for ci in (0, 1) for k in PieceKind] == [16, 3, 15, 3]
    assert [after.supply(ci, k) for ci in (0, 1) for k in PieceKind] == [16, 2, 16, 3]
    assert after.stock == before.stock


# ---------------------------------------------------------------------- images and order

def test_images_orientations_and_aliases_agree(db):
    """One computation: the distinct orientations are the images listed once, under the first name,
    and every name's alias gives the same image as the name itself."""
    for card in db.beings:
        pattern = card.pattern
        images = {o.name: o for o in pattern.images}
        assert list(images) == [name for name, _, _, _ in TRANSFORMS]
        assert [o.name for o in pattern.orientations] == list(dict.fromkeys(pattern.aliases.values())), card.id
        for name, alias in pattern.aliases.items():
            assert images[name].cells == images[alias].cells
        anchors = [c for c in pattern.orientations[0].cells if c.df == 0 and c.dr == 0]
        assert len(anchors) == 1, card.id
        if not card.has_summoning_square:   # anchored at its first piece in board order
            for o in pattern.orientations:
                assert min((c.dr, c.df) for c in o.cells if c.piece) == (0, 0)


def test_a_pattern_without_summoning_square_has_its_distinct_diagonal_images():
    pattern = Pattern(("c . .", ". c .", ". . c"))
    assert len(pattern.orientations) == 2
    assert {tuple((c.df, c.dr) for c in o.cells) for o in pattern.orientations} == {
        ((0, 0), (1, 1), (2, 2)), ((0, 0), (-1, 1), (-2, 2))}


def test_square_order_is_rank_by_rank(board):
    names = [board.name(sq) for sq in sorted(board.squares, key=square_order)]
    assert names[0] == "c1" and names[-1] == "g9"
    assert sorted(board.squares, key=square_order) == sorted(board.squares)   # the indexes sort alike
    assert square_order(board.parse("h3")) < square_order(board.parse("a4"))
    assert board.parse("e5") + offset(1, -1) == board.parse("f4")
    assert offset(0, 1) == STRIDE


def test_each_image_turns_and_mirrors_as_its_name_says(db):
    """An image's rotation (degrees clockwise) and mirroring, which the answers print and the JSON gives, are those
    its name says (r270: turned 270 degrees; m180: mirrored, then turned 180), for every being."""
    assert [(name, rotation, mirrored) for name, rotation, mirrored, _ in TRANSFORMS] == [
        (f"{'m' if m else 'r'}{r}", r, m) for m in (False, True) for r in (0, 90, 180, 270)]
    for card in db.beings:
        for o in card.pattern.images:
            assert o.name == f"{'m' if o.mirrored else 'r'}{o.rotation}", card.id


def test_a_square_is_in_the_board_only_where_the_board_has_it(board):
    """``sq in board``: the squares of the arena, not its cut corners, nor an index past its rectangle or below 0."""
    assert all(sq in board for sq in board.squares)
    cut = [board.parse(name, allow_cut=True) for name in ("a1", "a9", "i1", "i9")]
    assert cut and not any(sq in board for sq in cut)
    assert board.index(0, 0) is None
    assert -1 not in board and max(board.squares) + 1 not in board and STRIDE * STRIDE not in board


# ---------------------------------------------------------------------- the checker and the position update agree

@fewer_examples(10)
@given(data=st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
def test_every_placement_plays_as_the_checker_says(engine, db, board, game, data, examples):
    """Position.after_summon accepts every placement the engine lists, with each piece it may take
    back, and destroys what the placement says (both ask model/summon.py)."""
    position = data.draw(positions(board, game))
    for card in db.beings:
        for p in engine.check(card, position, "blue", explain=False).placements:
            for back in p.take_back or [None]:
                after, destroyed = position.after_summon("blue", card.rank, p.target, back)
                assert destroyed == (p.destroys[1] if p.destroys else None), card.id
                assert after.pieces[p.target].rank == card.rank and after.pieces[p.target].color == "blue"
                if back is not None:
                    assert back not in after.pieces

"""The one board state (``model/state.py``) against the pieces it stands for; its one-square updates (``put``,
``remove``, ``move``: the planner's actions) against the positions the same actions leave; and the fast path that keeps
its own arithmetic (the resolver's counts on bytes) against the state, on every small position: each of a few squares
around e5 empty or holding a piece of each rank of blue and of red, with blue's supply as the game gives it, stated
short of commons, or short of both kinds. Enumerated, not random, so that each corner is reached every run (a heroic
put back as a common, a summon that destroys one of the player's pieces, a piece taken back while the planner still
holds it, a supply at 0 that a piece put on the board would take below 0); each test counts the corners it reached.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.engine.effects.core import ResolverCore
from tashkalar_cli.games.tashkalar.engine.planner.state import _Side
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.state import KINDS, BoardState, piece_code, supply_left
from tashkalar_cli.games.tashkalar.model.types import RANKS, Piece, PieceKind, Rank, Square

from conftest import spread

AROUND = ("e5", "d4", "f4", "e4")
OCCUPANTS = (None, *(Piece(c, r) for c in ("blue", "red") for r in RANKS))
#: blue's stated supply: none (the game's counts), no common left, no piece of either kind left
SUPPLIES = {"owned": {}, "no common": {"blue": {PieceKind.DOUBLE_SIDED: 0}},
            "none": {"blue": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0}}}


#: how many of :data:`AROUND` the positions fill: the first three in the default run (729 positions, every corner
#: reached), all four in the slow run (6,561)
SQUARES = [pytest.param(3, id="3-squares"), pytest.param(len(AROUND), id="4-squares", marks=pytest.mark.slow)]
#: the same for the tests whose corners two squares reach (81 positions: a piece of every rank and color on e5 and d4,
#: a heroic put back, a summon on one's own piece, reuse and take-back, each counted by the test), three and four
#: squares in the slow run; the resolver's supply needs three (a color with more legendary pieces on the board than
#: it owns)
FEWER_SQUARES = [pytest.param(2, id="2-squares"), *(pytest.param(n, id=f"{n}-squares", marks=pytest.mark.slow)
                                                    for n in range(3, len(AROUND) + 1))]


def small_positions(tk, supply: str, squares: int = len(AROUND)) -> Iterator[Position]:
    """Every position of :data:`OCCUPANTS` on the first ``squares`` of :data:`AROUND`, blue's supply stated as
    :data:`SUPPLIES` says."""
    board = tk.board
    base = tk.position(pieces="")
    cells = [board.parse(sq) for sq in AROUND[:squares]]
    for occupants in itertools.product(OCCUPANTS, repeat=len(cells)):
        pieces = {sq: p for sq, p in zip(cells, occupants, strict=True) if p is not None}
        legendary = [p.color for p in pieces.values() if p.kind is PieceKind.LEGENDARY]
        if max(map(legendary.count, ("blue", "red"))) > base.owned[PieceKind.LEGENDARY]:
            continue        # not a position: a color owns 3 legendary pieces
        yield Position(board, pieces, base.mode, base.players, SUPPLIES[supply], base.owned)


def _off_board(pos: Position, color: str, kind: PieceKind) -> int:
    """The supply as the rules say it, read from the pieces one by one: what the position states, else what the
    color owns less its pieces of that kind on the board, never below 0."""
    stated = pos.supply_override.get(color, {})
    if kind in stated:
        return stated[kind]
    return max(0, pos.owned[kind] - sum(p.color == color and p.kind == kind for p in pos.pieces.values()))


def _mask(pos: Position, keep) -> int:
    return sum(1 << sq for sq, p in pos.pieces.items() if keep(p))


@pytest.mark.parametrize("squares", FEWER_SQUARES)
@pytest.mark.parametrize("supply", list(SUPPLIES))
def test_the_state_says_what_the_pieces_say(tk, supply, squares):
    board = tk.board
    colors = tuple(board.colors)
    size = max(board.squares) + 1
    for pos in small_positions(tk, supply, squares):
        state = pos.state
        assert state.occupied == _mask(pos, lambda p: True)
        for sq in [board.parse(s) for s in (*AROUND, "e6")]:
            p = pos.pieces.get(sq)
            assert state.code_at(sq) == (piece_code(colors.index(p.color), p.level) if p else 0)
        for level in range(len(RANKS)):
            assert state.blockers(level) == _mask(pos, lambda p, lv=level: p.level > lv)
            assert state.blockers(level, on_empty=True) == state.occupied
        for ci, color in enumerate(colors):
            for level in range(len(RANKS)):
                assert state.at_least(ci, level) == _mask(pos, lambda p, c=color, lv=level: p.color == c and p.level >= lv)
            for kind in KINDS:
                assert state.of_kind(ci, kind) == _mask(pos, lambda p, c=color, k=kind: p.color == c and p.kind == k)
                assert state.supply(ci, kind) == _off_board(pos, color, kind) == pos.off_board(color, kind)
        codes = state.codes(size)
        assert [codes[sq] for sq in board.squares] == [state.code_at(sq) for sq in board.squares]
        assert BoardState.from_codes(colors, codes, board.squares, state.stock) == state
        assert state.pieces() == dict(sorted(pos.pieces.items()))


def test_the_supply_never_goes_below_none():
    assert [supply_left(2, n) for n in range(4)] == [2, 1, 0, 0]


@pytest.mark.parametrize("squares", FEWER_SQUARES)
@pytest.mark.parametrize("supply", list(SUPPLIES))
def test_one_square_put_is_the_action(tk, supply, squares):
    """Each action the planner plays on the board state (:meth:`BoardState.put`: a place, a heroic put back as a
    common, a summon) against the state made again from the pieces of the position the same action leaves
    (``Position.after_place``, ``after_summon``: its dict of pieces, by :meth:`BoardState.of_pieces`); a summon in
    shortage that takes a piece back leaves it on the planner's board (the piece is a choice there): with it removed
    (:meth:`BoardState.remove`) the state is the position's, and without, the supply the planner reads (``_Side``)
    is already the position's."""
    board = tk.board
    empty = board.parse("e6")
    blue = {rank: piece_code(0, rank.level) for rank in RANKS}
    reached = dict.fromkeys(("placed", "put back", "destroys own", "reuses", "takes back"), 0)
    for pos in small_positions(tk, supply, squares):
        state = pos.state
        if pos.off_board("blue", PieceKind.DOUBLE_SIDED):
            assert state.put(empty, blue[Rank.COMMON]) == _made_again(pos.after_place("blue", empty))
            reached["placed"] += 1
        for sq, p in pos.pieces.items():
            if p == Piece("blue", Rank.HEROIC) and not pos.off_board("blue", PieceKind.DOUBLE_SIDED):
                assert state.put(sq, blue[Rank.COMMON]) == _made_again(pos.after_place("blue", sq, pick_up=sq))
                reached["put back"] += 1
        for target, rank in itertools.product([board.parse(s) for s in AROUND], RANKS):
            shortage = not pos.off_board("blue", rank.kind)
            backs = [sq for sq, p in pos.pieces.items() if sq != target and p.color == "blue" and p.kind is rank.kind]
            back = backs[0] if shortage and backs else None
            try:
                after, destroyed = pos.after_summon("blue", rank, target, back)
            except InputError:
                continue
            put = state.put(target, blue[rank])
            if back is not None and target not in [sq for sq, p in pos.pieces.items()
                                                   if p.color == "blue" and p.kind is rank.kind]:
                assert put.remove(back) == _made_again(after)
                assert _Side.of(put, 0).supply == _Side.of(after.state, 0).supply == tuple(
                    0 if k is rank.kind else after.off_board("blue", k) for k in KINDS)
                reached["takes back"] += 1
                continue
            assert put == _made_again(after)
            reached["destroys own"] += destroyed is not None and destroyed.color == "blue"
            reached["reuses"] += shortage and destroyed is None
            for color, kind in itertools.product(("blue", "red"), KINDS):   # each color's stock stays
                assert (after.off_board(color, kind) + after.on_board(color, kind)
                        == pos.off_board(color, kind) + pos.on_board(color, kind))
    expected = {"owned": {"placed", "destroys own"}, "no common": {"put back", "destroys own", "reuses", "takes back"},
                "none": {"put back", "reuses", "takes back"}}[supply]
    assert {corner for corner, n in reached.items() if n} >= expected, reached


@pytest.mark.parametrize("squares", FEWER_SQUARES)
def test_a_move_and_a_removal_are_the_pieces_moved(tk, squares):
    """:meth:`BoardState.move` and :meth:`BoardState.remove` against the state of the pieces moved or removed
    one by one (:meth:`BoardState.moved`), on every small position: a move to an empty square, onto a piece (gone),
    and from an empty square (nothing moves, the end square emptied)."""
    board = tk.board
    cells = [board.parse(s) for s in (*AROUND, "e6")]
    onto = 0
    for pos in small_positions(tk, "owned", squares):
        state = pos.state
        for start in cells:
            removed = {sq: p for sq, p in pos.pieces.items() if sq != start}
            assert state.remove(start) == state.moved(removed)
            for end in cells:
                if end == start:
                    continue
                moved = dict(removed)
                moved.pop(end, None)
                if start in pos.pieces:
                    moved[end] = pos.pieces[start]
                    onto += end in pos.pieces
                assert state.move(start, end) == state.moved(moved)
    assert onto


def test_a_state_is_a_key(tk):
    """Two states of the same pieces and stock are equal and hash alike (a transposition table's key), whichever way
    they were reached; another stock is another state."""
    board = tk.board
    pos = tk.position(pieces="e5=blue:heroic,d4=red:legendary")
    e5, e6, d4 = (board.parse(s) for s in ("e5", "e6", "d4"))
    there = pos.state.move(e5, e6).move(e6, e5)
    assert there == pos.state and hash(there) == hash(pos.state)
    assert {pos.state: 1}[pos.state.remove(d4).put(d4, piece_code(1, Rank.LEGENDARY.level))] == 1
    assert BoardState(there.colors, there.boards, (0,) * len(there.stock)) != there


@pytest.mark.parametrize("squares", SQUARES)
@pytest.mark.parametrize("supply", list(SUPPLIES))
def test_the_resolvers_supply_is_the_states(tk, supply, squares):
    """The resolver's count on bytes (``ResolverCore.supply``) against the board state's supply, on each small
    position and on each state one piece more or one piece fewer leaves; a piece put on the board when its color has
    none left off it (which no step does: each checks the supply first) leaves none, not fewer."""
    board = tk.board
    colors = tuple(board.colors)
    below = 0
    for pos in small_positions(tk, supply, squares):
        res = ResolverCore(board, pos, "blue")
        assert res.start == pos.state.codes(len(res.start))
        stock = pos.state.stock
        changed = [res.start]
        for sq in [board.parse(s) for s in (*AROUND, "e6")]:
            for code in range(len(RANKS) * 2 + 1):      # blue's and red's pieces, and none
                buf = bytearray(res.start)
                buf[sq] = code
                changed.append(bytes(buf))
        for st in changed:
            state = BoardState.from_codes(colors, st, board.squares, stock)
            for ci in res.in_game:
                for kind in KINDS:
                    assert res.supply(st, ci, kind) == state.supply(ci, kind), (sorted(pos.pieces.items()), st)
                    below += state.in_game(ci, kind) < state.on_board(ci, kind)
    assert below > 0     # the corner was reached: more pieces of a kind on the board than its color has


def test_a_square_code_is_the_resolvers(tk):
    board = tk.board
    pos = tk.position(pieces="e5=blue:heroic,d4=red:legendary")
    res = ResolverCore(board, pos, "blue")
    for sq in board.squares:
        assert res.start[sq] == pos.state.code_at(Square(sq))



def _made_again(pos: Position) -> BoardState:
    """The state of ``pos`` made from its pieces, as :attr:`Position.state` makes it when no action handed one on."""
    return BoardState.of_pieces(tuple(pos.board.colors), pos.pieces, pos.owned, pos.supply_override)


#: the game's counts of pieces, and counts so low that a color has more pieces on the board than it owns (a position
#: a program may build: its stock is then its pieces on the board, and changes as they are destroyed)
OWNED = {"game": None, "few": {PieceKind.DOUBLE_SIDED: 1, PieceKind.LEGENDARY: 1}}


def _handed_on() -> list[object]:
    """One case in the default run, on the positions of the first two squares of :data:`AROUND` (each case takes
    seconds on all four: every small position, both players, every action; the corners the test counts are reached on
    two); that case on three squares, and every supply and count of pieces on all four squares, in the slow run."""
    cases = spread([(supply, owned) for supply in [*SUPPLIES, "blue commons only"] for owned in OWNED], keep=1,
                   start=len(SUPPLIES) * len(OWNED) + 1, names=2)
    out: list[object] = []
    for case in cases:
        values = case.values if hasattr(case, "values") else case
        name = "-".join(values)
        if not getattr(case, "marks", ()):
            out.append(pytest.param(*values, 2, id=f"{name}-2-squares"))
            out.append(pytest.param(*values, 3, id=f"{name}-3-squares", marks=pytest.mark.slow))
        out.append(pytest.param(*values, len(AROUND), id=f"{name}-4-squares", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("supply", "owned", "filled"), _handed_on())
def test_the_state_an_action_hands_on_is_the_one_made_again(tk, supply, owned, filled):
    """A place or a summon hands its position the board state it made from the position before (the squares it
    changed, the stock of the colors it changed: ``BoardState.changed``, ``restated``) instead of the state made
    again from the pieces: on every small position, for each player, each place and each summon, the two agree
    (bitboards, stock, and so the supply), a heroic put back as a common, a piece taken back and a stock that
    shrinks as pieces are destroyed included. A supply may state one kind only (the other counted from what the
    color owns)."""
    stated = SUPPLIES.get(supply, {"blue": {PieceKind.DOUBLE_SIDED: 1}})
    board = tk.board
    squares = [board.parse(s) for s in (*AROUND, "e6")]
    reached = dict.fromkeys(("placed", "picked up", "summoned", "took back", "stock changed"), 0)
    for pos0, player in itertools.product(small_positions(tk, "owned", filled), ("blue", "red")):
        pos = Position(board, pos0.pieces, pos0.mode, pos0.players, stated, OWNED[owned] or pos0.owned)
        afters = []
        for sq in squares:
            own = [s for s, p in pos.pieces.items() if p.color == player and p.kind is PieceKind.DOUBLE_SIDED]
            for pick in [None] if pos.off_board(player, PieceKind.DOUBLE_SIDED) else own:
                try:
                    afters.append(("placed" if pick is None else "picked up", pos.after_place(player, sq, pick)))
                except InputError:
                    continue
            for rank in RANKS:
                backs = [s for s, p in pos.pieces.items() if s != sq and p.color == player and p.kind is rank.kind]
                for back in [None, *backs]:
                    try:
                        after, _ = pos.after_summon(player, rank, sq, back)
                    except InputError:
                        continue
                    afters.append(("summoned" if back is None else "took back", after))
        for corner, after in afters:
            handed = after.state
            assert handed == _made_again(after), (corner, sorted(pos.pieces.items()), sorted(after.pieces.items()))
            reached[corner] += 1
            reached["stock changed"] += handed.stock != pos.state.stock
    assert reached["summoned"] and reached["took back"], reached
    if supply in ("no common", "none"):
        assert reached["picked up"], reached
    if owned == "few":
        assert reached["stock changed"], reached

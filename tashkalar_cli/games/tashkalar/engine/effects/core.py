"""The resolver's view of one position: the board as bytes (see :mod:`tashkalar_cli.games.tashkalar.engine.codes`), the pieces
each color has, and the way back from a state to a :class:`~tashkalar_cli.games.tashkalar.model.position.Position`.

Pieces off the board follow from the pieces on it: a piece that leaves the board goes back to its owner, so a
color's supply of a kind is its supply before the effect plus its pieces of that kind on the board before,
minus those on the board now.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES
from tashkalar_cli.games.tashkalar.engine.codes import OCCUPIED, color_of, piece_code
from tashkalar_cli.games.tashkalar.engine.codes import mask as codes_mask
from tashkalar_cli.games.tashkalar.engine.effects.geometry import COMPASS, geometry
from tashkalar_cli.games.tashkalar.model.board import Board
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule, markers_kept, with_mark
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.state import piece_codes, supply_left
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.effects.compiler import Compiled, Ins
    from tashkalar_cli.games.tashkalar.model.effects import Sel

#: the kinds of pieces, in order (an enum's iteration is slow)
KINDS = tuple(PieceKind)
#: the most rounds of a ``repeat: {until: ...}``
MAX_UNTIL = 32
NOTE_LAST = "assumed-last-action"
NOTE_NOT_LAST = "assumed-not-last-action"


class ResolverCore:
    """Resolves one program for one player on one position (see :class:`~tashkalar_cli.games.tashkalar.engine.effects.Resolver`).

    ``target``: the summoning square (``target`` in programs) and the being's piece (``self``);
    ``marked``/``marked2``: squares of the pattern's marks; ``arrows``: its arrow directions;
    ``summoners``: the squares of the pieces the pattern used; ``actions_left``: the actions left
    after the summon (None: unknown; ``last_action`` then gives both answers, each outcome saying
    which it assumed in its notes); ``reference``: resolve without the speed-ups (see
    :mod:`tashkalar_cli.games.tashkalar.engine.effects.search`), the answer the fast walk is tested against; ``start``: the
    position's bytes (``position.state.codes``) when the caller has them already.
    """

    comp: Compiled
    code: list[Ins]
    final: list[bool]

    def __init__(self, board: Board, position: Position, player: str, *, target: int | None = None,
                 self_square: int | None = None, marked: Iterable[int] = (), marked2: Iterable[int] = (),
                 arrows: Iterable[str] = (), summoners: Iterable[int] = (), actions_left: int | None = None,
                 max_states: int = MAX_STATES, summoned_over: tuple[int, Piece] | None = None,
                 marker: MarkerRule | None = None, mark: int | None = None, orientation: str | None = None,
                 max_outcomes: int | None = None, reference: bool = False, start: bytes | None = None) -> None:
        self.board = board
        self.geo = geometry(board)
        self.base = position
        self.colors = list(board.colors)
        self.player = self.colors.index(player)
        self.target = target
        self.self_square = target if self_square is None else self_square
        self.marked = sum([1 << sq for sq in marked])
        self.marked2 = sum([1 << sq for sq in marked2])
        arrows = set(arrows)
        self.arrows = tuple([d for d in COMPASS if d in arrows]) if arrows else ()
        self.summoners = tuple(sorted(summoners))
        self.actions_left = actions_left
        self.max_states = max_states
        self.summoned_over = summoned_over
        self.max_outcomes = max_outcomes
        self.marker = marker        # the player's marker the walk follows (see followed_marker), and its square
        self.given_marker = marker
        self.mark = mark
        self.mark_levels: frozenset[int] = frozenset()     # the levels of the pieces that can bear it
        self.orientation = orientation
        self.reference = reference
        self.colorless = int(board.colorless(position.mode))
        self._pieces = piece_codes(tuple(self.colors)).pieces
        board_state = position.state
        if start is None or len(start) != self.geo.size:
            start = board_state.codes(self.geo.size)
        state = self.start = start
        present = {color_of(code) for code in set(state) if code}
        in_game = {player, *position.supply_override, *position.decks}
        self.in_game = [i for i, c in enumerate(self.colors) if c in in_game or i in present]
        # the pieces of a color and kind that can be on the board: off it now plus on it now (the state's stock)
        self.stock = {(ci, kind): board_state.in_game(ci, kind) for ci in self.in_game for kind in KINDS}
        self._positions: dict[tuple[bytes, int | None], Position] = {}     # see position_kept
        self._sel_codes: dict[tuple[str, frozenset[Rank] | None, int | None], tuple[int, ...]] = {}   # see codes_of
        self.states = 0
        self.truncated = False

    # ---------------------------------------------------------------- pieces and supply
    def piece(self, code: int) -> Piece:
        return self._pieces[code]

    def piece_dict(self, code: int) -> dict[str, str]:
        p = self._pieces[code]
        return {"color": p.color, "rank": str(p.rank)}

    def occupied(self, st: bytes) -> int:
        """The squares holding a piece, as a bitboard (read from the bytes in C; the padding left out)."""
        return codes_mask(st[::-1], OCCUPIED) & self.geo.mask

    @staticmethod
    def on_board(st: bytes | bytearray, ci: int, kind: PieceKind) -> int:
        """How many pieces of color ``ci`` and ``kind`` a state holds (a double-sided piece: common or heroic)."""
        if kind is PieceKind.LEGENDARY:
            return st.count(piece_code(ci, 2))
        return st.count(piece_code(ci, 0)) + st.count(piece_code(ci, 1))

    def supply(self, st: bytes | bytearray, ci: int, kind: PieceKind) -> int:
        """Color ``ci``'s pieces of ``kind`` off the board in a state (the one rule, :func:`supply_left`; a piece set
        aside, out of the game, is counted on the board: it is not in the supply)."""
        return supply_left(self.stock.get((ci, kind), 0), self.on_board(st, ci, kind))

    def position_kept(self, st: bytes, mark: int | None) -> Position:
        """:meth:`position_of`, made once per board and marker (the outcomes that leave them share it)."""
        key = (st, mark)
        got = self._positions.get(key)
        if got is None:
            got = self._positions[key] = self.position_of(st, mark)
        return got

    def position_of(self, st: bytes, mark: int | None = None) -> Position:
        """The position of a state; ``mark``: the square of the player's marker the walk followed (the other
        markers stay where they were, unless their pieces are gone or can no longer bear them)."""
        pieces = {Square(sq): self._pieces[st[sq]] for sq in self.geo.squares if st[sq]}
        base = self.base
        supply = {c: dict(kinds) for c, kinds in base.supply_override.items()}
        for color, kinds in supply.items():
            ci = self.colors.index(color)
            for kind in kinds:
                kinds[kind] = self.supply(st, ci, kind)
        player = self.colors[self.player]
        markers = markers_kept(base.markers, pieces)
        if self.marker is not None:     # the followed marker: where the walk left it (the player's put last)
            markers = with_mark(markers, self.marker, player, None)
            if mark is not None:
                markers = with_mark(markers, self.marker, player, Square(mark))
        return Position(base.board, pieces, base.mode, base.players, supply, base.owned,
                        {c: list(t) for c, t in base.tasks_claimed.items()}, dict(base.decks), markers)

    def enemies(self) -> list[int]:
        return [ci for ci in self.in_game if ci != self.player]

    def codes_of(self, sel: Sel, same: int | None) -> tuple[int, ...]:
        """The codes of the pieces of the owner and ranks ``sel`` names (``same``: the color an owner ``same``
        is bound to), as :meth:`select` reads them; made once per selection and color."""
        key = (sel.owner, sel.ranks, same)      # by value: a selection may be made for one call
        got = self._sel_codes.get(key)
        if got is None:
            if same is not None:
                colors = [same]
            else:
                colors = [self.player] if sel.owner == "you" else self.enemies() if sel.owner == "enemy" else self.in_game
            levels = (0, 1, 2) if sel.ranks is None else tuple(r.level for r in sel.ranks)
            got = self._sel_codes[key] = tuple(piece_code(color, level) for color in colors for level in levels)
        return got


__all__ = ["KINDS", "MAX_UNTIL", "NOTE_LAST", "NOTE_NOT_LAST", "ResolverCore", "piece_codes"]

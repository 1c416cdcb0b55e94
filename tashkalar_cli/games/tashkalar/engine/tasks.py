"""High Form tasks: is a task's criterion met, by which pieces, or what is missing.

Each ``criterion.kind`` of cards/tasks.yaml names an evaluator here; the numbers come from the
task's data, so a new task of an existing kind is a data change. Evaluators return a
:class:`TaskCheck` whose ``requirements`` say, one by one, what was needed and what was found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Protocol

from tashkalar_cli.errors import InputError, quote
from tashkalar_cli.games.tashkalar.engine.codes import mask as codes_mask
from tashkalar_cli.games.tashkalar.engine.codes import table as codes_table
from tashkalar_cli.games.tashkalar.engine.reach import Budget, Reach, Walk, adds_own, gain
from tashkalar_cli.games.tashkalar.model.board import STRIDE, bits
from tashkalar_cli.games.tashkalar.model.cards import Criterion, Task
from tashkalar_cli.games.tashkalar.model.config import GameConfig
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.turn import Turn
from tashkalar_cli.games.tashkalar.model.types import Bitboard, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.cards import CardDB


class HasPosition(Protocol):
    """What holds a position, built when first asked for (a state of the goal search)."""

    @property
    def position(self) -> Position: ...


@dataclass
class Requirement:
    what: str                    # a ui message key suffix: task.req.<what>
    have: int
    need: int
    params: dict[str, str | int | None] = field(default_factory=dict)   # the message's placeholders

    @property
    def ok(self) -> bool:
        return self.have >= self.need


@dataclass
class TaskCheck:
    task: str
    met: bool | None             # None: needs a turn record that was not given
    requirements: list[Requirement] = field(default_factory=list)
    squares: list[Square] = field(default_factory=list)   # the pieces that satisfy it (or the best attempt)
    against: str | None = None
    #: a task met when its one requirement is met in any of several places (the lines of line dominance): what it
    #: counts in each, and the place's squares (the requirement is the best place's)
    alternatives: list[tuple[int, int]] = field(default_factory=list, compare=False)



class Context:
    """One position seen from one player (and the turn just played, for the tasks about it): the evaluators read
    its masks (the player's pieces, upgraded ones, legendary ones; the other colors' pieces), and the position
    itself (``pos``) for what the masks do not say."""

    def __init__(self, position: Position, player: str, against: str | None, turn: Turn | None,
                 cards: CardDB) -> None:
        self._pos: Position | None = position
        self._source: HasPosition | None = None
        self._reversed: bytes | None = None
        self.board = position.board
        self.player = player
        self.against = against
        self.turn = turn
        self.cards = cards
        # the masks of Position.mask, made in one pass over the pieces (a goal search asks thousands of positions)
        mine = mine_up = mine_leg = enemy = 0
        # each other color's pieces, and its upgraded ones (what Position.mask gives, in the same pass)
        others: dict[str, list[int]] = {}
        for sq, p in position.pieces.items():
            bit = 1 << sq
            if p.color != player:
                enemy |= bit
                got = others.get(p.color)
                if got is None:
                    got = others[p.color] = [0, 0]
                got[0] |= bit
                if p.rank is not Rank.COMMON:
                    got[1] |= bit
                continue
            mine |= bit
            if p.rank is not Rank.COMMON:
                mine_up |= bit
                if p.rank is Rank.LEGENDARY:
                    mine_leg |= bit
        self.mine = Bitboard(mine)
        self.mine_up = Bitboard(mine_up)
        self.mine_leg = Bitboard(mine_leg)
        self.enemy = Bitboard(enemy)
        self._others = others

    @classmethod
    def of_codes(cls, codes: bytes, board: Board, player: str, against: str | None, turn: Turn | None,
                 cards: CardDB, source: HasPosition) -> Context:
        """The context of a board given as its codes (:mod:`tashkalar_cli.games.tashkalar.engine.codes`: the goal search's own
        representation), its masks read from them with no position built; ``source.position`` is the
        position, asked only by an evaluator that reads more than the masks."""
        self = cls.__new__(cls)
        self._pos = None
        self._source = source
        self.board = board
        self.player = player
        self.against = against
        self.turn = turn
        self.cards = cards
        self._reversed = codes[::-1]
        self._others = {}
        return self      # the masks (mine, mine_up, mine_leg, enemy): each made when an evaluator first reads it

    #: the masks of a context made from codes, read from them when first asked for: (others, min_level)
    _FROM_CODES: ClassVar[dict[str, tuple[bool, int]]] = {
        "mine": (False, 0), "mine_up": (False, 1), "mine_leg": (False, 2), "enemy": (True, 0)}

    def __getattr__(self, name: str) -> Bitboard:
        """A mask of :meth:`of_codes` not read yet (the attributes set are found without this call)."""
        got = Context._FROM_CODES.get(name)
        rev = self.__dict__.get("_reversed")
        if got is None or rev is None:
            raise AttributeError(name)
        others, level = got
        # the board's squares only: a resolver's state keeps the pieces it set aside (out of the game) past them
        value = Bitboard(codes_mask(rev, codes_table(self.board.colors, self.player, others=others, min_level=level))
                         & self.board.mask)
        setattr(self, name, value)
        return value

    @property
    def pos(self) -> Position:
        if self._pos is None:
            assert self._source is not None
            self._pos = self._source.position
        return self._pos

    def pieces_of(self, color: str, upgraded: bool = False) -> int:
        """The squares of ``color``'s pieces (``upgraded``: its heroic and legendary ones)."""
        if color == self.player:
            return self.mine_up if upgraded else self.mine
        got = self._others.get(color)
        if got is None:
            rev, colors = self._reversed, self.board.colors
            if rev is None or color not in colors:
                return 0
            got = self._others[color] = [-1, -1]     # from the codes: each mask made when first asked for
        if got[upgraded] < 0:
            assert self._reversed is not None
            got[upgraded] = codes_mask(self._reversed, codes_table(self.board.colors, color, min_level=int(upgraded))) \
                & self.board.mask   # the squares only (see __getattr__)
        return got[upgraded]

    def squares_mask(self, which: str | None) -> int:
        b = self.board
        return {"red": b.red, "green": b.green, "red-or-green": b.red | b.green}[which or ""]

    def need_turn(self) -> Turn | None:
        """The turn record, for the tasks about the turn (None: the answer needs one)."""
        return self.turn


def _count(mask: int) -> int:
    return mask.bit_count()


# ---------------------------------------------------------------- evaluators by kind

def destroyed(ctx: Context, c: Criterion) -> TaskCheck:
    turn = ctx.need_turn()
    if turn is None:
        return TaskCheck("", None)
    enemy = [p for p in turn.destroyed if p.color != ctx.player]
    reqs = [Requirement("destroyed", len(enemy), c["destroyed"])]
    if "upgraded" in c:
        reqs.append(Requirement("destroyed_upgraded", sum(p.rank != "common" for p in enemy), c["upgraded"]))
    return TaskCheck("", all(r.ok for r in reqs), reqs)


def destroyed_legends(ctx: Context, c: Criterion) -> TaskCheck:
    turn = ctx.need_turn()
    if turn is None:
        return TaskCheck("", None)
    enemy = [p for p in turn.destroyed if p.color != ctx.player]
    leg = Requirement("destroyed_legendary", sum(p.rank == "legendary" for p in enemy), c["legendary"])
    her = Requirement("destroyed_heroic", sum(p.rank == "heroic" for p in enemy), c["heroic"])
    return TaskCheck("", leg.ok or her.ok, [leg, her])


def colored_squares(ctx: Context, c: Criterion) -> TaskCheck:
    area = ctx.squares_mask(c.squares)
    on = ctx.mine & area
    reqs = [Requirement("pieces_on", _count(on), c["pieces"], {"squares": c.squares}),
            Requirement("upgraded_on", _count(ctx.mine_up & area), c["upgraded"], {"squares": c.squares})]
    return TaskCheck("", all(r.ok for r in reqs), reqs, list(bits(on)))


def colored_legends(ctx: Context, c: Criterion) -> TaskCheck:
    area = ctx.squares_mask(c.squares)
    up = ctx.mine_up & area
    reqs = [Requirement("upgraded_on", _count(up), c["upgraded"], {"squares": c.squares}),
            Requirement("legendary_on", _count(ctx.mine_leg & area), c["legendary"], {"squares": c.squares})]
    return TaskCheck("", all(r.ok for r in reqs), reqs, list(bits(up)))


def rainbow_dominance(ctx: Context, c: Criterion) -> TaskCheck:
    opp = ctx.pieces_of(ctx.against, upgraded=True) if ctx.against else 0
    reqs = []
    squares = []
    for which in ("red", "green"):
        area = ctx.squares_mask(which)
        mine = _count(ctx.mine_up & area)
        reqs.append(Requirement("more_upgraded_on", mine, _count(opp & area) + 1, {"squares": which}))
        squares += list(bits(ctx.mine_up & area))
    return TaskCheck("", all(r.ok for r in reqs), reqs, squares, ctx.against)


def summoned_on_color(ctx: Context, c: Criterion) -> TaskCheck:
    turn = ctx.need_turn()
    if turn is None:
        return TaskCheck("", None)
    area = ctx.squares_mask(c.squares)
    on = [s.square for s in turn.summoned if s.square is not None and area >> s.square & 1]
    reqs = [Requirement("summoned", len(turn.summoned), c["beings"]),
            Requirement("summoned_on", len(on), c["on_color"], {"squares": c.squares})]
    return TaskCheck("", all(r.ok for r in reqs), reqs, on)


def summoned_legendary(ctx: Context, c: Criterion) -> TaskCheck:
    turn = ctx.need_turn()
    if turn is None:
        return TaskCheck("", None)
    legends = turn.legends_summoned(ctx.cards)   # legends, and beings recorded as_legend
    reqs = [Requirement("summoned", len(turn.summoned), c["beings"]),
            Requirement("summoned_legends", len(legends), c["legendary"])]
    return TaskCheck("", all(r.ok for r in reqs), reqs, [s.square for s in legends if s.square is not None])


def central_dominance(ctx: Context, c: Criterion) -> TaskCheck:
    on = ctx.mine & ctx.board.central
    reqs = [Requirement("central_pieces", _count(on), c["pieces"]),
            Requirement("central_upgraded", _count(ctx.mine_up & ctx.board.central), c["upgraded"])]
    return TaskCheck("", all(r.ok for r in reqs), reqs, list(bits(on)))


def center_cross(ctx: Context, c: Criterion) -> TaskCheck:
    best = max((ctx.board.center_cross, ctx.board.center_x), key=lambda m: _count(ctx.mine & m))
    have = _count(ctx.mine & best)
    req = Requirement("cross_pieces", have, min(c["pieces"], _count(best)))
    return TaskCheck("", req.ok, [req], list(bits(ctx.mine & best)))


def line_dominance(ctx: Context, c: Criterion) -> TaskCheck:
    opp = ctx.pieces_of(ctx.against) if ctx.against else 0
    best, best_mask, best_margin = ("file", ""), 0, None
    mine = ctx.mine
    margins = []
    for kind, name, line in ctx.board.central_lines:
        margin = (mine & line).bit_count() - (opp & line).bit_count()
        margins.append((margin, line))
        if best_margin is None or margin > best_margin:
            best, best_mask, best_margin = (kind, name), line, margin
    req = Requirement("line_margin", best_margin or 0, c["more"], {"line_kind": best[0], "line": best[1]})
    return TaskCheck("", req.ok, [req], list(bits(ctx.mine & best_mask)), ctx.against, margins)


def diagonals(ctx: Context, c: Criterion) -> TaskCheck:
    reqs, squares = [], []
    for i, diag in enumerate(ctx.board.diagonals, 1):
        reqs.append(Requirement("diagonal_pieces", _count(ctx.mine & diag), c["pieces"], {"n": i}))
        reqs.append(Requirement("diagonal_upgraded", _count(ctx.mine_up & diag), c["upgraded"], {"n": i}))
        squares += list(bits(ctx.mine & diag))
    return TaskCheck("", all(r.ok for r in reqs), reqs, sorted(set(squares)))


def _joined(mine: int, start: int, goal: int) -> bool:
    """Whether a square of ``goal`` holds one of the pieces ``mine`` joined by adjacent steps (the eight directions)
    to one on ``start``: the group of those pieces grown a ring at a time, on masks. A ring is the group shifted by
    one step each way, kept to ``mine``: a step off the side of the board lands on a padding square of the layout
    (:data:`~tashkalar_cli.games.tashkalar.model.board.STRIDE`), where no piece stands."""
    reached = frontier = mine & start
    while frontier and not reached & goal:
        ring = (frontier << 1 | frontier >> 1 | frontier << STRIDE | frontier >> STRIDE | frontier << STRIDE + 1
                | frontier >> STRIDE + 1 | frontier << STRIDE - 1 | frontier >> STRIDE - 1)
        frontier = ring & mine & ~reached
        reached |= frontier
    return bool(reached & goal)


def _chain(ctx: Context, start: int, goal: int) -> list[Square]:
    """A path of the player's pieces from a square of ``start`` to one of ``goal`` (adjacent steps). Whether there
    is one is found first on masks (:func:`_joined`): a goal search asks thousands of boards, most of them with
    none; the path itself is the first one the walk square by square finds."""
    if not _joined(ctx.mine, start, goal):
        return []
    parents: dict[Square, Square | None] = {}
    queue: deque[Square] = deque()
    for sq in bits(ctx.mine & start):
        parents[sq] = None
        queue.append(sq)
    while queue:
        sq = queue.popleft()
        if goal >> sq & 1:
            path = []
            step: Square | None = sq
            while step is not None:
                path.append(step)
                step = parents[step]
            return path[::-1]
        for nb in ctx.board.neighbours(sq):
            if nb not in parents and ctx.mine >> nb & 1:
                parents[nb] = sq
                queue.append(nb)
    return []


def _edge_chain(ctx: Context, edges: dict[str, Bitboard], pairs: list[tuple[str, ...]]) -> TaskCheck:
    for a, b in pairs:
        path = _chain(ctx, edges[a], edges[b])
        if path:
            return TaskCheck("", True, [Requirement("chain", 1, 1, {"from": a, "to": b})], path)
    return TaskCheck("", False, [Requirement("chain", 0, 1, {"from": pairs[0][0], "to": pairs[0][1]})])


def side_chain(ctx: Context, c: Criterion) -> TaskCheck:
    return _edge_chain(ctx, ctx.board.sides, ctx.board.opposite_sides)


def corner_chain(ctx: Context, c: Criterion) -> TaskCheck:
    return _edge_chain(ctx, ctx.board.corners, ctx.board.opposite_corners)


def surround(ctx: Context, c: Criterion) -> TaskCheck:
    best_sq, best = None, -1
    mine, adjacent = ctx.mine, _adjacency(ctx.board)
    enemy: int = ctx.enemy
    while enemy:        # the enemy pieces, lowest square first (a goal search asks thousands of boards)
        low = enemy & -enemy
        enemy ^= low
        sq = low.bit_length() - 1
        n = (mine & adjacent[sq]).bit_count()
        if n > best:
            best_sq, best = sq, n
    if best_sq is None:
        return TaskCheck("", False, [Requirement("adjacent_to_enemy", 0, c["adjacent"])])
    squares = [Square(best_sq), *bits(ctx.mine & ctx.board.adjacent_mask(best_sq))]
    req = Requirement("adjacent_to_enemy", best, c["adjacent"], {"square": ctx.board.name(best_sq)})
    return TaskCheck("", req.ok, [req], squares)


@lru_cache(maxsize=8)
def _adjacency(board: Board) -> tuple[int, ...]:
    """The squares next to each square index (:meth:`Board.adjacent_mask`), as a tuple."""
    return tuple(board.adjacent_mask(sq) if sq in board.squares else 0 for sq in range(board.mask.bit_length()))


def isolation(ctx: Context, c: Criterion) -> TaskCheck:
    """An enemy piece near another one (distance ``distance``) that cannot come next to any of
    its fellow pieces in ``moves`` moves or fewer through empty squares."""
    board, distance, moves = ctx.board, c["distance"], c["moves"]
    adjacent, empty = _adjacency(board), ~(ctx.mine | ctx.enemy)
    # the pieces that may be isolated, color by color (the masks read with no position made: a goal search asks
    # thousands of boards, most of them with the same enemy pieces)
    candidates: list[tuple[Square, int, int]] = []
    left: int = ctx.enemy
    for color in board.colors:
        if not left:
            break
        if color != ctx.player and (pieces := ctx.pieces_of(color)):
            left &= ~pieces
            candidates += _loners(board, pieces, distance)
    for sq, near_mask, goal in sorted(candidates):
        # the squares it can reach in ``moves`` moves or fewer through empty squares, a move at a time (masks): it
        # comes next to a fellow piece when one of them is in ``goal``
        region = frontier = 1 << sq
        touched = False
        for _ in range(moves):
            if not frontier:
                break
            step, todo = 0, frontier
            while todo:     # each square of the frontier (bits(), written out: no call per square)
                low = todo & -todo
                step |= adjacent[low.bit_length() - 1]
                todo ^= low
            frontier = step & empty & ~region
            region |= frontier
            if frontier & goal:
                touched = True
                break
        if not touched:
            near = list(bits(near_mask))
            return TaskCheck("", True, [Requirement("isolated", 1, 1, {"square": board.name(sq)})], [sq, *near])
    return TaskCheck("", False, [Requirement("isolated", 0, 1)])


@lru_cache(maxsize=1024)
def _loners(board: Board, pieces: int, distance: int) -> tuple[tuple[Square, int, int], ...]:
    """The pieces of one color (``pieces``) that have a fellow piece within ``distance`` and none next to them, with
    (square, those fellow pieces, the squares next to a fellow piece): the others are not isolated, whatever the
    empty squares."""
    once = twice = 0        # the squares next to at least one of the pieces, next to at least two
    for sq in bits(pieces):
        m = board.adjacent_mask(sq)
        twice |= once & m
        once |= m
    out = []
    for sq in bits(pieces):
        here = 1 << sq
        friends = pieces & ~here
        near_mask = friends & board.within(sq, distance)
        if near_mask and not here & once:
            # next to a fellow piece: next to two pieces of its color, or to one that is not this one
            out.append((sq, near_mask, twice | once & ~board.adjacent_mask(sq)))
    return tuple(out)


EVALUATORS: dict[str, Callable[[Context, Criterion], TaskCheck]] = {
    "destroyed": destroyed,
    "destroyed-legends": destroyed_legends,
    "colored-squares": colored_squares,
    "colored-legends": colored_legends,
    "rainbow-dominance": rainbow_dominance,
    "summoned-on-color": summoned_on_color,
    "summoned-legendary": summoned_legendary,
    "central-dominance": central_dominance,
    "center-cross": center_cross,
    "line-dominance": line_dominance,
    "diagonals": diagonals,
    "side-chain": side_chain,
    "corner-chain": corner_chain,
    "surround": surround,
    "isolation": isolation,
}
def _lines(board: Board) -> int:
    return _union(line for _, _, line in board.central_lines)


def _union(masks: Iterable[int]) -> int:
    m = 0
    for mask in masks:
        m |= mask
    return m


def _colored(board: Board, which: str | None) -> int:
    """The squares of a color (``red``, ``green``), or of both (None)."""
    return {"red": board.red, "green": board.green}.get(which or "", board.red | board.green)


#: per criterion kind: the squares where one more piece of the player's can change whether the task is
#: met (0: none, the task is about the turn; missing: any square may, e.g. through a chain or a path)
RELEVANT: dict[str, Callable[[Board, Criterion], int]] = {
    "destroyed": lambda b, c: 0,
    "destroyed-legends": lambda b, c: 0,
    "summoned-on-color": lambda b, c: 0,
    "summoned-legendary": lambda b, c: 0,
    "colored-squares": lambda b, c: _colored(b, c.squares),
    "colored-legends": lambda b, c: _colored(b, c.squares),
    "rainbow-dominance": lambda b, c: b.red | b.green,
    "central-dominance": lambda b, c: b.central,
    "center-cross": lambda b, c: b.center_cross | b.center_x,
    "line-dominance": lambda b, c: _lines(b),
    "diagonals": lambda b, c: _union(b.diagonals),
}


def placed_piece_matters(card: Task, board: Board) -> int | None:
    """The squares where a common piece the player places can change whether ``card`` is met (the same
    evaluators read nothing else): None when any square may."""
    got = RELEVANT.get(card.criterion.kind)
    return None if got is None else got(board, card.criterion)


def check_task(card: Task, ctx: Context) -> TaskCheck:
    kind = card.criterion.kind
    try:
        evaluator = EVALUATORS[kind]
    except KeyError:
        raise InputError(f"task '{card.id}': no evaluator for criterion kind '{kind}'") from None
    result = evaluator(ctx, card.criterion)
    result.task = card.id
    return result


# what one change of the board of each kind (see tashkalar_cli.games.tashkalar.engine.goals.Reach) can add to a count
_MINE = {"move": 1, "place": 1, "convert": 1, "swap": 1, "summon": 1}     # the player's pieces on squares
_MINE_UP = {**_MINE, "upgrade": 1}                                          # the player's upgraded pieces there
# the player's pieces on squares less the opponent's: a piece moved (of either) is on them or not, one either way
# (the pieces its moves destroy are "combat"); a piece converted or swapped counts on both sides
_MARGIN = {"move": 1, "move_enemy": 1, "place": 1, "convert": 2, "swap": 2, "destroy": 1, "combat": 1, "summon": 1}
_DESTROYED = {"destroy": 1, "combat": 1}

#: per requirement (a :class:`Requirement`'s ``what``): how much one change of the board of each kind can
#: raise what it counts (a kind missing: nothing). A requirement missing here (a chain, a path, the best
#: enemy square) may change in any way: no bound.
STEP_REACH: dict[str, dict[str, int]] = {
    "destroyed": _DESTROYED,
    "destroyed_upgraded": _DESTROYED,
    "destroyed_legendary": _DESTROYED,
    "destroyed_heroic": _DESTROYED,
    "pieces_on": _MINE,
    "upgraded_on": _MINE_UP,
    "legendary_on": _MINE_UP,
    "more_upgraded_on": {**_MARGIN, "upgrade": 1, "downgrade": 1},   # the player's against the opponent's
    "summoned": {"summon": 1},
    "summoned_on": {"summon": 1},
    "summoned_legends": {"summon": 1},
    "central_pieces": _MINE,
    "central_upgraded": _MINE_UP,
    "cross_pieces": _MINE,
    "line_margin": _MARGIN,
    "diagonal_pieces": _MINE,
    "diagonal_upgraded": _MINE_UP,
}
#: the requirements that count the player's pieces on some squares less the opponent's there: what puts no piece of
#: the player's on a square (see reach.adds_own) raises them by no more than the opponent's pieces there, which it
#: can only take away
LESS_OPPONENT = frozenset({"line_margin"})
#: the criterion kinds met when one of their requirements is (the others need all of them)
ANY_REQUIREMENT = frozenset({"destroyed-legends"})


def within_reach(card: Task, ctx: Context, reach: Reach | Budget | Walk | None, check: TaskCheck | None = None,
                 ) -> bool:
    """Whether ``card`` may be met after at most ``reach`` more changes of the board (per kind, see
    :data:`STEP_REACH`; a :class:`~tashkalar_cli.games.tashkalar.engine.reach.Budget`: those of any of the actions left; None:
    any), read from :func:`check_task`'s requirements (``check``: that of ``ctx`` when the caller has it): False only
    when it certainly cannot (what the goal search needs to drop a sequence)."""
    if check is None:
        check = check_task(card, ctx)
    if check.met is not False or reach is None:
        return True
    if check.alternatives:
        # one place (a line) is enough: each weighed with what can change there, when that is known
        first = check.requirements[0]
        weights = STEP_REACH.get(first.what)
        walk = isinstance(reach, Walk)
        capped = first.what in LESS_OPPONENT and not adds_own(reach)
        if weights is None:
            return True
        if walk or capped:
            opp = ctx.pieces_of(ctx.against) if capped and ctx.against else 0
            flat = None if walk else gain(reach, weights)
            for have, squares in check.alternatives:
                most = gain(reach, weights, squares) if walk else flat
                if capped:
                    there = (opp & squares).bit_count()
                    most = there if most is None else min(most, there)
                if most is None or have + most >= first.need:
                    return True
            return False
    oks = []
    for r in check.requirements:
        if r.ok:
            oks.append(True)
            continue
        weights = STEP_REACH.get(r.what)
        most = None if weights is None else gain(reach, weights)
        if most is None:
            return True
        oks.append(r.have + most >= r.need)
    return any(oks) if card.criterion.kind in ANY_REQUIREMENT else all(oks)


def high_form_score(position: Position, player: str, cards: CardDB, config: GameConfig) -> dict[str, int | bool]:
    """Tasks claimed (the position's ``tasks_claimed``) plus the points of each legendary piece of the
    player's color on the board."""
    claimed = position.tasks_claimed.get(player, [])
    task_points = 0
    for task_id in claimed:
        task = cards.get(task_id)
        if not isinstance(task, Task):
            raise InputError(key="not-a-task-id", where="tasks_claimed", value=quote(task_id))
        task_points += task.points
    legendary = sum(1 for p in position.pieces.values() if p.color == player and p.rank is Rank.LEGENDARY)
    total = task_points + legendary * config.score.legendary_on_board
    return {"tasks": task_points, "legendary_pieces": legendary, "total": total,
            "end_threshold": config.high_form_points, "triggers_end": total >= config.high_form_points}

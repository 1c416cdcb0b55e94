"""Every way to end this turn with a goal met: a High Form task the player can claim (``plan --task``),
or a flare the next player can invoke (``plan --flare``).

The search plays every sequence of actions the player has left: place a common piece (with the
piece shortage rule), or summon a being of the hand (each card once) with every orientation and
piece taken back, then every outcome of its effect (the resolver of :mod:`tashkalar_cli.games.tashkalar.engine.effects`;
an outcome that gains actions gives the turn more). After each action the goal is asked of the
position (and the turn record, for the tasks about the turn) by the one implementation of each
rule: :func:`tashkalar_cli.games.tashkalar.engine.tasks.check_task`,
:func:`tashkalar_cli.games.tashkalar.engine.flares.check_flare`.
A task is claimed at the end of the turn, so a way may stop before the last action.

States are searched level by level (one action per level); the same state reached by several
sequences is searched once, and the sequences are counted. A result is one distinct end of turn
(the pieces on the board and the turn record): each keeps the first (shortest) sequence that
leads there and how many sequences do. The number of states is bounded (``max_states``): past it
the search stops and says it is truncated.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeAlias

from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_ASK_WEIGHT as ASK_WEIGHT
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_CHECK_WEIGHT as CHECK_WEIGHT
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_CHECKED as MAX_CHECKED
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_EFFECT_STATES as EFFECT_STATES
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_EFFECTS_BUDGET as EFFECTS_BUDGET
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_OUTCOMES as MAX_OUTCOMES
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_RESOLUTION_WEIGHT as RESOLUTION_WEIGHT
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_STATES as MAX_STATES
from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_WORK as MAX_WORK
from tashkalar_cli.games.tashkalar.engine.codes import LEVELS, code, mask, picking, squares_only
from tashkalar_cli.games.tashkalar.engine.effects import Outcome, Resolution, Resolver, geometry, resolve_placement
from tashkalar_cli.games.tashkalar.engine.markers import after_summon
from tashkalar_cli.games.tashkalar.engine.program_reach import add, effect_reach, effect_walk
from tashkalar_cli.games.tashkalar.engine.reach import Budget, Reach, Walk
from tashkalar_cli.games.tashkalar.model.board import bits
from tashkalar_cli.games.tashkalar.model.effects import (
    Move,
)
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.turn import Summoned, Turn
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.summoning import Engine, Placement, Verdict
    from tashkalar_cli.games.tashkalar.model.cards import Being
    from tashkalar_cli.games.tashkalar.model.patterns import Orientation



class Seen(Protocol):
    """A board the goal is asked of: its ``codes`` (the pieces as bytes, see :mod:`tashkalar_cli.games.tashkalar.engine.codes`:
    the search's own representation, from which the goals' rules read what they need), and its ``position``
    (made when first asked for: only a goal that reads more than the pieces asks for it)."""

    @property
    def codes(self) -> bytes: ...

    @property
    def position(self) -> Position: ...


#: is the goal met at the end of the turn (the board, and the turn record)?
Goal = Callable[[Seen, Turn], bool]
#: is the goal still within reach of the board (and the turn record) with at most ``reach`` more changes
#: of the board (a Budget: any of the actions left; None: any)? False only when it is certainly not: the search drops
#: what cannot meet it
Reachable = Callable[[Seen, Turn, Reach | Budget | Walk | None], bool]
#: what a summon does to the board before its effect: a new piece of the player's, and the piece on its square
#: destroyed
SUMMON: Reach = {"summon": 1, "destroy": 1}


class GoalReads(NamedTuple):
    """What the goal reads, so that ends of turn alike in it are asked once: the pieces on ``squares`` (a
    mask; None: every square), only how many pieces of each color and rank there are (``counts``), and
    whether the turn record (``turn``)."""

    squares: int | None = None
    turn: bool = True
    counts: bool = False


#: a piece destroyed: its square, and the piece
Destroyed = tuple[Square, Piece]
#: (pieces on the board, destroyed this turn, summoned this turn)
ResultKey = tuple[bytes, tuple[tuple[str, str], ...], tuple[tuple[str, int], ...]]


@dataclass(frozen=True)
class Act:
    """One action of a way: ``place`` a common piece on ``square`` (``pick_up``: the piece picked up
    first, in shortage), or ``summon`` ``card`` on ``square`` in ``orientation`` (``pick_up``: the
    piece taken back, in shortage) then its effect's ``outcome`` (None: the card has no effect data,
    ``resolved`` is False)."""

    kind: str
    square: Square
    pick_up: Square | None = None
    card: Being | None = None
    orientation: Orientation | None = None
    outcome: Outcome | None = field(default=None, compare=False)
    resolved: bool = True
    destroyed: tuple[tuple[Square, Piece], ...] = ()   # by the summon (its target) and by the effect


@dataclass
class Way:
    """One distinct end of turn that meets the goal: the first sequence found, and how many lead there."""

    acts: tuple[Act, ...]
    position: Position
    turn: Turn
    sequences: int
    actions_left: int


@dataclass
class GoalReport:
    player: str
    actions: int
    hand: list[Being]
    met_now: bool
    ways: list[Way]
    states: int
    truncated: bool
    unresolved: list[str]          # hand cards whose effect is not resolved (no effect data)
    checked: int = 0               # ends of turn asked whether they meet the goal
    effects_truncated: bool = False   # an effect had more outcomes than followed: ways may be missing
    claimed_by: str | None = None     # a task: the player who has claimed it already (position's tasks_claimed)
    pruned: int = 0                   # sequences dropped because what is left to play cannot meet the goal
    effects_spent: bool = False       # the search stopped (``truncated``) at its bound on the effects' work
    effect_states: int = 0            # the work of the effects resolved (see bounds.GOAL_EFFECTS_BUDGET)
    work: int = 0                     # the work past the effects: ends of turn asked, cards checked (bounds.GOAL_WORK)
    work_spent: bool = False          # the search stopped (``truncated``) at its bound on that work

    @property
    def sequences(self) -> int:
        return sum(w.sequences for w in self.ways)

    @property
    def possible(self) -> bool:
        return self.met_now or bool(self.ways)


class _State:
    """A position reached this turn; after an effect, its position is made from the outcome when first
    asked for (many states are only compared by their board, and dropped)."""

    __slots__ = ("_position", "actions", "acts", "codes", "count", "outcome", "tkey", "turn", "used")

    def __init__(self, position: Position | None, turn: Turn, actions: int, used: frozenset[str],
                 acts: tuple[Act, ...], count: int = 1, outcome: Outcome | None = None,
                 codes: bytes | None = None, tkey: TurnKey | None = None) -> None:
        self._position = position
        self.turn = turn
        self.tkey = tkey if tkey is not None else _turn_key(turn)   # states that share a turn record share its key
        self.actions = actions
        self.used = used
        self.acts = acts
        self.count = count
        self.outcome = outcome
        self.codes = codes if codes is not None else _pieces_key(position)  # type: ignore[arg-type]

    @property
    def position(self) -> Position:
        if self._position is None:
            assert self.outcome is not None
            self._position = self.outcome.position
        return self._position


def _pieces_key(pos: Position) -> bytes:
    """The pieces on the board as bytes, one per square index: the code of each square's piece (0: empty), as the
    position's board state writes them (:meth:`BoardState.codes`, the resolver's own encoding of a board, so that an
    outcome's board is its key as it is; a piece's code depends on the board's colors, which the state holds)."""
    return pos.state.codes(geometry(pos.board).size)


#: what a goal may read of a turn record: the pieces destroyed (color, rank), the beings summoned (card, square)
TurnKey = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, int], ...]]
#: what the goal reads of a board: its codes whole, those of the squares it reads (:attr:`GoalReads.squares`: a
#: number for one square, a tuple for several), or none (it reads no square)
BoardRead: TypeAlias = "bytes | int | tuple[int, ...] | None"
#: what the goal is asked of (see :meth:`GoalSearch._asking`): what it reads of the board, then of the turn record
#: when it reads that
AskKey: TypeAlias = "tuple[BoardRead] | tuple[BoardRead, tuple[tuple[str, str], ...], tuple[tuple[str, int], ...]]"
#: a state of the search, for merging the sequences that reach it: its board, turn record, actions left, cards used
StateKey: TypeAlias = "tuple[bytes, tuple[tuple[str, str], ...], tuple[tuple[str, int], ...], int, frozenset[str]]"
#: what names a reach for the goal's bound (``("all", actions, used)``, ``("last", action)``, ``("effect", card)``,
#: ``("walk", card, start, prey)``): compared and hashed only
Which: TypeAlias = "tuple[Hashable, ...]"
#: what the outcomes of a summon depend on past the summon itself (board codes, markers, supply changes), and the
#: key of a resolution (that, and the summon's card, target, orientation, pattern, piece taken back, actions
#: left): compared and hashed only
SummonAt: TypeAlias = "tuple[Hashable, ...]"
#: the most positions whose cards' verdicts a search keeps (see GoalSearch._verdicts): a few thousand at most are
#: seen in the slowest searches found
CHECKED_KEPT = 20_000


def _turn_key(turn: Turn) -> TurnKey:
    return (tuple(sorted((p.color, str(p.rank)) for p in turn.destroyed)),
            tuple(sorted((s.card, -1 if s.square is None else s.square) for s in turn.summoned)))


def _summon_turn(turn: Turn, card: str, p: Placement) -> Turn:
    """``turn`` once ``card`` was summoned by ``p`` (the piece its summon destroyed added)."""
    return turn.played([*turn.destroyed, p.destroys[1]] if p.destroys is not None else list(turn.destroyed),
                       [*turn.summoned, Summoned(card, p.target)])


def _summon_key(tkey: TurnKey, card: str, p: Placement) -> TurnKey:
    """The key of :func:`_summon_turn` made from ``tkey``, that of ``turn``, with no record made: what
    :func:`_turn_key` makes of it."""
    destroyed, summoned = tkey
    if p.destroys is not None:
        piece = p.destroys[1]
        destroyed = tuple(sorted((*destroyed, (piece.color, _RANK_WORDS[piece.rank]))))
    return destroyed, tuple(sorted((*summoned, (card, p.target))))


#: each rank's word (``str(rank)``), as a turn record's key holds it
_RANK_WORDS = {rank: str(rank) for rank in Rank}


class _Board:
    """A board the goal is asked of, seen from its codes; its position is made (``make``) when first asked for."""

    __slots__ = ("_make", "_position", "codes")

    def __init__(self, codes: bytes, make: Callable[[], Position]) -> None:
        self.codes = codes
        self._make = make
        self._position: Position | None = None

    @property
    def position(self) -> Position:
        if self._position is None:
            self._position = self._make()
        return self._position


def _position_of(outcome: Outcome) -> Callable[[], Position]:
    """The position of ``outcome``, made when asked for."""
    return lambda: outcome.position


#: a summon's effect resolved (None: no effect data), the outcomes followed, and the pieces each destroyed (None:
#: not read yet)
_Resolved = tuple["Resolution | None", list[Outcome], list["tuple[Destroyed, ...] | None"]]


class GoalSearch:
    """The search of one question: ``goal(seen, turn)`` is the goal met at the end of the turn (:class:`Seen`:
    the board)?"""

    def __init__(self, engine: Engine, pos: Position, player: str, hand: Iterable[Being], actions: int,
                 goal: Goal, *, max_states: int = MAX_STATES, effects_budget: int | None = None, max_work: int | None = None,
                 place_matters: int | None = None, needs_position: bool = True,
                 reachable: Reachable | None = None, reads: GoalReads | None = None) -> None:
        self.engine = engine
        self.board = engine.board
        self.pos = pos
        self.player = player
        self.hand = list(dict.fromkeys(hand))
        self.actions = actions
        self.goal = goal
        self.max_states = max_states
        self.max_work = MAX_WORK if max_work is None else max_work
        self.effects_budget = EFFECTS_BUDGET if effects_budget is None else effects_budget
        # the squares where a piece placed can change the goal (None: any): a last place elsewhere leaves
        # the goal as it was, unmet (a met state is not played on), so it is not tried
        self.place_matters = place_matters
        # False: the goal reads only the turn record (the bound of the last summon is then asked with the position
        # before the turn, so that no position is made after the summon)
        self.needs_position = needs_position
        # the bound of the goal (None: none): a sequence that cannot reach the goal with what the actions
        # left can still change on the board (:func:`effect_reach` of each card left) is not played on, and
        # the effect of a last summon is not resolved when no outcome of it can meet the goal
        self.reachable = reachable
        self.reads = reads or GoalReads()
        squares = self.reads.squares
        self._read: Callable[[bytes], int | tuple[int, ...]] | None = None
        if squares:
            picked = list(bits(squares))
            self._read = itemgetter(*picked) if len(picked) > 1 else (lambda b, sq=picked[0]: b[sq])
        colors = len(engine.board.colors)
        self._reach: dict[str, tuple[Reach | None, bool]] = {}
        for card in self.hand:
            program = card.program()
            self._reach[card.id] = ({}, False) if program is None else effect_reach(program, colors)
        # the cards whose effect only moves the being (see effect_walk): the most steps, and a table (codes.mask) of
        # the pieces its moves may end on: those of the other colors its rank (and the moves' kinds) may destroy
        self._walks: dict[str, tuple[int, bytes]] = {}
        resolver: Resolver | None = None
        for card in self.hand:
            program = card.program()
            got = None if program is None else effect_walk(program)
            if got is not None:
                steps, moves = got
                resolver = resolver or Resolver(engine.board, pos, player)
                self._walks[card.id] = (steps, self._prey_table(resolver, card, moves))
        self._resolved: dict[SummonAt, _Resolved] = {}
        # the engine's verdicts on the cards, by position (see _verdicts)
        self._checked: dict[SummonAt, dict[str, Verdict]] = {}
        # the key of the turn record of a summon's outcome that destroyed pieces: by the summon's key and those pieces
        self._turn_keys: dict[tuple[TurnKey, tuple[Destroyed, ...]], TurnKey] = {}
        # the code of each card's piece once summoned (see _summoned_codes)
        self._being_code = {card.id: code(engine.board.colors, player, card.rank.level) for card in self.hand}
        self.pruned = 0                  # sequences dropped by the bound (states not played on, effects not resolved)
        self.states = 0                  # states kept: to play on, or meeting the goal
        self.checked = 0                 # ends of turn asked whether they meet the goal
        self._asked: dict[AskKey, bool] = {}
        self._bounds: dict[tuple[AskKey, Which], bool] = {}     # the bound's answers (see _bound)
        self.truncated = False           # the bound on states was reached: the search stopped
        self.effects_truncated = False   # an effect had more outcomes than followed (or its resolution stopped)
        self.effect_states = 0           # the work of the effects resolved, all together (see effects_budget)
        self.effects_spent = False       # the bound on it was reached: the search stopped (truncated)
        self.cards_checked = 0           # cards checked for their placements at a state (see _summons)
        self.placements = 0              # summons tried (a placement, and the piece taken back: see _summon)
        self.bounds_asked = 0            # the goal's bound asked (see _bound)
        self.work_spent = False          # the bound on the work past the effects was reached (see _spent)

    def _prey_table(self, resolver: Resolver, card: Being, moves: Iterable[Move]) -> bytes:
        """A table (see :func:`tashkalar_cli.games.tashkalar.engine.codes.table`) of the codes of the pieces the being of ``card``
        may end a move of ``moves`` on and destroy, as the resolver's own tables say (by its rank, the move's kind,
        and the pieces it may not destroy when their code says which), but the player's own pieces."""
        mine = {code(self.board.colors, self.player, level) for level in range(LEVELS)}
        prey: set[int] = set()
        for m in moves:
            prey |= {c for c, ok in enumerate(resolver.takes_table(m)[card.rank.level]) if ok and c and c not in mine}
        return picking(prey)

    def run(self) -> GoalReport:
        """Level by level: a state that meets the goal is a way and is not played on (the player may stop
        there: a task is claimed at the end of the turn); a state with no action left is kept only if it
        meets the goal (it is not even counted: the bound is on the states kept)."""
        return self._run()

    def _run(self) -> GoalReport:
        start = _State(self.pos, Turn(self.player, self.pos.mode, self.pos.players), self.actions, frozenset(), ())
        self._start = start
        met_now = self.goal(start, start.turn)
        results: dict[ResultKey, Way] = {}
        level = [start] if not met_now and self._within_reach(start) else []
        while level and not self.truncated:
            merged: dict[StateKey, _State] = {}
            for state in level:
                for nxt in self._expand(state):
                    if self.truncated:   # the bound on the effects' work was reached while expanding
                        break
                    key = (nxt.codes, *nxt.tkey, nxt.actions, nxt.used)
                    seen = merged.get(key)
                    if seen is not None:
                        seen.count += nxt.count
                        continue
                    if nxt.actions <= 0 and not self._met(nxt, key):
                        if self._spent():
                            self.truncated = True
                            break
                        continue    # a last action that does not meet the goal: nothing to keep
                    self.states += 1
                    if self.states > self.max_states:
                        self.truncated = True
                        break
                    merged[key] = nxt
                if self.truncated:
                    break
            level = []
            for key, state in merged.items():
                if not self._met(state, key):
                    if state.actions > 0 and self._within_reach(state):
                        level.append(state)
                    continue
                rkey = (key[0], key[1], key[2])
                way = results.get(rkey)
                if way is None:
                    results[rkey] = Way(state.acts, state.position, state.turn, state.count, state.actions)
                else:
                    way.sequences += state.count
        ways = sorted(results.values(), key=lambda w: len(w.acts))
        unresolved = [c.id for c in self.hand if c.program() is None]
        return GoalReport(self.player, self.actions, self.hand, met_now, ways, self.states, self.truncated,
                          unresolved, self.checked, self.effects_truncated, pruned=self.pruned,
                          effects_spent=self.effects_spent, effect_states=self.effect_states, work=self.work,
                          work_spent=self.work_spent)

    def _asking(self, codes: bytes, tkey: TurnKey | None) -> AskKey:
        """What the goal is asked of at a board (``codes``) and turn record (its key; None: the goal does not read
        it): ends of turn alike in it are asked once."""
        reads = self.reads
        board: BoardRead
        if reads.squares is None:   # counts: the pieces (codes) as a multiset, the empty squares left out
            board = bytes(sorted(codes.translate(None, b"\0"))) if reads.counts else codes
        else:                       # one square read is its own multiset, as are none
            board = self._read(codes) if self._read is not None else None
            if reads.counts and isinstance(board, tuple):
                board = bytes(sorted(board))
        return (board, *tkey) if tkey is not None else (board,)

    def _met(self, state: _State, key: StateKey) -> bool:
        """Whether the goal is met at ``state`` (asked once per board and turn record)."""
        return self._ask(self._asking(state.codes, state.tkey if self.reads.turn else None), state, state.turn)

    def _ask(self, k: AskKey, seen: Seen, turn: Turn) -> bool:
        got = self._asked.get(k)
        if got is None:
            self.checked += 1
            got = self._asked[k] = self.goal(seen, turn)
        return got

    @property
    def work(self) -> int:
        """The work past the effects' (see :data:`~tashkalar_cli.games.tashkalar.engine.bounds.GOAL_WORK`)."""
        return ASK_WEIGHT * (self.checked + self.bounds_asked) + CHECK_WEIGHT * self.cards_checked + self.placements

    def _spent(self) -> bool:
        """Whether the search has done all the work it may past the effects' (ends of turn asked, cards checked),
        or asked all the ends of turn it may; the bound on work is said (``work_spent``)."""
        if self.work > self.max_work:
            self.work_spent = True
        return self.work_spent or self.checked > MAX_CHECKED

    def _within_reach(self, state: _State) -> bool:
        """Whether the goal may still be met from ``state`` with the actions it has left: each is a place or
        the summon of a card not used yet (a new piece, the piece on its square destroyed, and what its
        effect can do): a :class:`Budget`, the goal's rule weighs what any of them can do together. Unknown (an
        effect that may gain actions, or do anything): True."""
        if self.reachable is None:
            return True
        options: list[Reach] = [{"place": 1}] * state.actions
        for card in self.hand:
            if card.id in state.used:
                continue
            reach, gains = self._reach[card.id]
            if gains or reach is None:
                return True
            options.append(add(SUMMON, reach))   # type: ignore[arg-type]
        return self._bound(state, state.turn, state.tkey, Budget(tuple(options), state.actions),
                           ("all", state.actions, state.used))

    def _bound(self, seen: Seen, turn: Turn | Callable[[], Turn], tkey: TurnKey, reach: Reach | Budget | Walk,
               which: Which) -> bool:
        """The goal's bound (``reachable``) of ``reach`` at the board ``seen`` and turn record ``turn`` (its key
        ``tkey``; or what makes the record, asked only when the bound is), asked once per what the goal reads of
        them (as :meth:`_met`) and ``which`` (what names the reach: the same ``which``, the same reach); a sequence
        dropped is counted each time."""
        assert self.reachable is not None
        k = (self._asking(seen.codes, tkey if self.reads.turn else None), which)
        got = self._bounds.get(k)
        if got is None:
            self.bounds_asked += 1
            got = self._bounds[k] = self.reachable(seen, turn if isinstance(turn, Turn) else turn(), reach)
        if not got:
            self.pruned += 1
        return got

    def _summoned_codes(self, codes: bytes, card: Being, target: Square, take_back: Square | None) -> bytes:
        """The pieces right after the player summoned ``card`` on ``target`` (``take_back``: in shortage, the piece
        taken back), as codes: those of :meth:`Position.after_summon` (the being's piece on ``target``, whatever
        stood there destroyed or become the being; the piece taken back off the board), made from the codes
        before, with no position built."""
        after = bytearray(codes)
        if take_back is not None:
            after[take_back] = 0
        after[target] = self._being_code[card.id]
        return bytes(after)

    # ------------------------------------------------------------------ one action more
    def _expand(self, state: _State) -> Iterator[_State]:
        yield from self._places(state)
        yield from self._summons(state)

    def _last_within_reach(self, state: _State, reach: Reach, which: str) -> bool:
        """At the last action: whether one action that changes at most ``reach`` can meet the goal (``which``: the
        action, that names the reach: ``place``, or the card summoned)."""
        if state.actions != 1 or self.reachable is None:
            return True
        return self._bound(state, state.turn, state.tkey, reach, ("last", which))

    def _places(self, state: _State) -> Iterator[_State]:
        if not self._last_within_reach(state, {"place": 1}, "place"):
            return
        pos, player = state.position, self.player
        empty = [sq for sq in self.board.squares if sq not in pos.pieces]
        if pos.off_board(player, PieceKind.DOUBLE_SIDED) > 0:
            moves: list[tuple[Square, Square | None]] = [(sq, None) for sq in empty]
        else:   # piece shortage: one of the player's pieces is picked up first (it may go back on its square)
            own = [sq for sq, p in sorted(pos.pieces.items()) if p.color == player and p.kind is PieceKind.DOUBLE_SIDED]
            moves = [(sq, a) for a in own for sq in [*empty, a]]
        last = state.actions == 1 and self.place_matters is not None
        for sq, a in moves:
            if last and not (self.place_matters >> sq & 1) and (a is None or not self.place_matters >> a & 1):  # type: ignore[operator]
                continue
            after = pos.after_place(player, sq, a)
            yield _State(after, state.turn, state.actions - 1, state.used, (*state.acts, Act("place", sq, a)),
                         state.count, tkey=state.tkey)

    def _summons(self, state: _State) -> Iterator[_State]:
        pos = state.position
        at: SummonAt | None = None       # what the outcomes of a summon depend on, past the summon itself
        cards = []
        for card in self.hand:
            if card.id in state.used:
                continue
            reach, gains = self._reach[card.id]
            if not gains and reach is not None and \
                    not self._last_within_reach(state, add(SUMMON, reach), card.id):  # type: ignore[arg-type]
                continue
            cards.append(card)
        if cards:
            self.cards_checked += len(cards)
            if self._spent():     # the bound on work: the search stops
                self.truncated = True
                return
        last = state.actions == 1 and self.reachable is not None
        # at the last action, whether a summon may meet the goal, by card, summoning square and piece taken back: the
        # same for every orientation there (the board after the summon, its turn record and the being's square are
        # the same), asked once (see _last_summon_may_meet; a summon dropped is counted each time, as _bound does)
        may_meet: dict[tuple[str, Square, Square | None], bool] = {}
        if cards:
            at = (state.codes, tuple(sorted((n, tuple(sorted(m.squares.items()))) for n, m in pos.markers.items())),
                  tuple(sorted((c, tuple(sorted(k.items()))) for c, k in pos.supply_override.items())))
        for card, verdict in zip(cards, self._verdicts(cards, pos, at) if at is not None else (), strict=True):
            for p in verdict.placements:
                takes: list[Square | None] = list(p.take_back) if p.shortage and p.reuses is None else [None]
                for tb in takes:
                    self.placements += 1
                    if last:
                        k = (card.id, p.target, tb)
                        ok = may_meet.get(k)
                        if ok is None:
                            ok = may_meet[k] = self._last_summon_may_meet(state, card, p, tb,
                                                                          _summon_key(state.tkey, card.id, p))
                        elif not ok:
                            self.pruned += 1
                        if not ok:
                            continue
                    yield from self._summon(state, card, p, tb, at)   # type: ignore[arg-type]

    def _verdicts(self, cards: list[Being], pos: Position, at: SummonAt) -> list[Verdict]:
        """The engine's verdicts on summoning ``cards`` at ``pos`` (``at``: its pieces, markers and supply, all a
        verdict reads of it), each made once per position and card (states with other turn records, actions or
        cards used share their board); those not made yet checked together (the bitboards made once for them)."""
        known = self._checked.get(at)
        if known is None:
            known = {}
            if len(self._checked) < CHECKED_KEPT:     # a bound on what is kept; past it, a position's are made again
                self._checked[at] = known
        got = [known.get(card.id) for card in cards]
        missing = [card for card, verdict in zip(cards, got, strict=True) if verdict is None]
        if not missing:
            return got      # type: ignore[return-value]
        made = iter(self.engine.check_many(missing, pos, self.player))
        out = []
        for card, verdict in zip(cards, got, strict=True):
            if verdict is None:
                verdict = known[card.id] = next(made)
            out.append(verdict)
        return out

    def _summon(self, state: _State, card: Being, p: Placement, tb: Square | None,
                at: SummonAt) -> Iterator[_State]:
        """The states after the summon of ``card`` by placement ``p`` (``tb``: the piece taken back), one per outcome
        of its effect followed (with no effect data: the position right after the summon). At the last action,
        :meth:`_summons` has asked whether it may meet the goal."""
        summon_destroyed = (p.destroys,) if p.destroys is not None else ()
        left = state.actions - 1
        base_key = _summon_key(state.tkey, card.id, p)
        pos, player = state.position, self.player
        used = state.used | {card.id}
        base_turn = _summon_turn(state.turn, card.id, p)
        got = self._resolution(state, card, p, tb, left, at)
        if got is None:
            return      # the bound on the effects' work: the search stops
        res, outs, gones = got
        if res is None:
            after, _ = after_summon(card, pos, player, p.target, tb, p.pattern_squares)
            act = Act("summon", p.target, tb, card, p.orientation, None, False, summon_destroyed)
            yield _State(after, base_turn, left, used, (*state.acts, act), state.count, tkey=base_key)
            return
        if res.truncated or res.count > MAX_OUTCOMES:
            self.effects_truncated = True
        reads_turn = self.reads.turn
        spent: bool | None = None       # what _spent() said last, None: asked again (the work done may have grown)
        for i, o in enumerate(outs):
            if left == 0 and not o.actions_gained:
                if spent is None:
                    spent = self._spent()
                if not spent:
                    # an end of turn: one that does not meet the goal is dropped here, with no state made for it
                    # (past the bound on asks, the state is made and the search stops on it, as on any other)
                    asking = self._asking(o.board_state, self._outcome_key(base_key, gones, i, o)
                                          if reads_turn else None)
                    met = self._asked.get(asking)
                    if met is None:
                        seen = _Board(o.board_state, _position_of(o))
                        met = self._ask(asking, seen, self._outcome_turn(base_turn, base_key, gones, i, o)[0])
                        spent = None
                        if not met:
                            spent = self._spent()
                            if not spent:
                                continue
                    elif not met:
                        continue    # asked before: nothing changed since _spent said no just above
            turn, tkey = self._outcome_turn(base_turn, base_key, gones, i, o)
            gone = self._gone(gones, i, o)
            act = Act("summon", p.target, tb, card, p.orientation, o, True, summon_destroyed + gone)
            yield _State(None, turn, left + o.actions_gained, used, (*state.acts, act), state.count, o, o.board_state,
                         tkey)
            spent = None

    def _last_summon_may_meet(self, state: _State, card: Being, p: Placement, tb: Square | None,
                              base_key: TurnKey) -> bool:
        """At the last action: whether an outcome of the summon's effect may meet the goal (the goal's bound of
        what the effect can change, from the board right after the summon: ``base_key`` is its turn record's key,
        the record made only when the bound is asked); unknown (no effect data, an effect that may gain actions or
        do anything): True."""
        reach, gains = self._reach[card.id]
        if gains or reach is None or card.program() is None:
            return True
        pos, player = state.position, self.player
        codes = self._summoned_codes(state.codes, card, p.target, tb)
        seen = _Board(codes, lambda: after_summon(card, pos, player, p.target, tb, p.pattern_squares)[0]) \
            if self.needs_position else self._start
        walks = self._walks.get(card.id)
        if walks is None:
            bound: Reach | Walk = reach
            which: Which = ("effect", card.id)
        else:
            bound = Walk(reach, p.target, walks[0], mask(codes[::-1], walks[1]), self.board.distance)
            which = ("walk", card.id, bound.start, bound.prey)
        return self._bound(seen, lambda: _summon_turn(state.turn, card.id, p), base_key, bound, which)

    def _resolution(self, state: _State, card: Being, p: Placement, tb: Square | None, left: int,
                    at: SummonAt) -> _Resolved | None:
        """The summon's effect resolved from ``state``, the outcomes followed and the pieces each destroyed (read when
        first asked for): the same summon from the same position (reached by other sequences, with another turn
        record) is resolved once. None: the bound on the effects' work is reached (the search stops,
        ``truncated``). The resolver starts from the codes of the board after the summon, made from the state's."""
        rkey = (*at, card.id, p.target, p.orientation.name, tuple(p.pattern_squares), tb, left)
        got = self._resolved.get(rkey)
        if got is None:
            if card.program() is not None and self.effect_states >= self.effects_budget:
                self.truncated = self.effects_spent = True
                return None
            start = squares_only(self._summoned_codes(state.codes, card, p.target, tb), self.board.mask) \
                if tb is not None or not p.take_back else None
            res = resolve_placement(self.engine, card, state.position, self.player, p, take_back=tb, actions_left=left,
                                    max_states=EFFECT_STATES, max_outcomes=MAX_OUTCOMES + 1, start=start)
            if res is not None:
                self.effect_states += max(res.states, RESOLUTION_WEIGHT)
            outs = [] if res is None else res.outcomes[:MAX_OUTCOMES]
            got = self._resolved[rkey] = (res, outs, [None] * len(outs))
        return got

    def _outcome_key(self, base_key: TurnKey, gones: list[tuple[Destroyed, ...] | None], i: int,
                     o: Outcome) -> TurnKey:
        """The key of the turn record after outcome ``o`` (number ``i``) of a summon whose record's key is ``base_key``,
        made from it with no record made (what :func:`_turn_key` makes of the record of :meth:`_outcome_turn`: the
        pieces the outcome destroyed added to those destroyed before, the beings summoned the same), once per summon's
        key and pieces destroyed: an outcome that destroyed nothing shares the key of the summon."""
        gone = self._gone(gones, i, o)
        if not gone:
            return base_key
        k = (base_key, gone)
        tkey = self._turn_keys.get(k)
        if tkey is None:
            destroyed, summoned = base_key
            tkey = self._turn_keys[k] = (
                tuple(sorted((*destroyed, *((pc.color, _RANK_WORDS[pc.rank]) for _, pc in gone)))), summoned)
        return tkey

    def _outcome_turn(self, base_turn: Turn, base_key: TurnKey, gones: list[tuple[Destroyed, ...] | None], i: int,
                      o: Outcome) -> tuple[Turn, TurnKey]:
        """The turn record after outcome ``o`` (number ``i``) of a summon whose record is ``base_turn``, and its key:
        an outcome that destroyed nothing shares the record of the summon (as places share theirs)."""
        gone = self._gone(gones, i, o)
        if not gone:
            return base_turn, base_key
        turn = base_turn.played([*base_turn.destroyed, *(pc for _, pc in gone)], base_turn.summoned)
        return turn, self._outcome_key(base_key, gones, i, o)

    @staticmethod
    def _gone(gones: list[tuple[Destroyed, ...] | None], i: int, o: Outcome) -> tuple[Destroyed, ...]:
        """The pieces outcome ``o`` (number ``i``) destroyed, read from its steps when first asked for."""
        gone = gones[i]
        if gone is None:
            gone = gones[i] = tuple(o.destroyed)
        return gone


__all__ = ["EFFECT_STATES", "MAX_CHECKED", "MAX_OUTCOMES", "MAX_STATES", "MAX_WORK", "Act", "Budget", "Goal", "GoalReads",
           "GoalReport", "GoalSearch", "Reach", "Reachable", "Seen", "Walk", "Way", "effect_reach", "effect_walk"]

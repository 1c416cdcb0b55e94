"""The summoning engine: can this player summon this being here, where, and with which pieces?

For every distinct orientation of a pattern, the squares where the summoning square may stand
are computed with bitboards: the player's pieces of at least the required rank, shifted back by
each pattern offset, intersected (python-chess style). Improvised summoning (one piece of an
allowed enemy color standing in for one of yours) is the union, over the pattern's pieces, of
"that piece is the enemy's, every other one is yours". Then each candidate is checked for the
piece on the summoning square (higher rank blocks, same or lower is destroyed) and for piece
shortage, by the rules of :mod:`tashkalar_cli.games.tashkalar.model.summon` (which the planner and the position
update use too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, cast

from tashkalar_cli.errors import InputError, Term, quote
from tashkalar_cli.games.tashkalar.engine.markers import after_summon
from tashkalar_cli.games.tashkalar.model.board import Board, bits, offset, shift, square_order
from tashkalar_cli.games.tashkalar.model.cards import Being
from tashkalar_cli.games.tashkalar.model.patterns import TRANSFORMS, Orientation, OrientationData, OrientedCell
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.summon import in_shortage, side_masks, summon_choices, summon_facts
from tashkalar_cli.games.tashkalar.model.types import RANKS, Bitboard, Direction, LackCode, PieceKind, Rank, Reason, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.jsonvalue import JsonObject
    from tashkalar_cli.games.tashkalar.model.turn import Turn

LEVELS = range(len(RANKS))


class Requirement(NamedTuple):
    df: int
    dr: int
    level: int          # least rank level needed: 0 common, 1 heroic


class CompiledOrientation(NamedTuple):
    orientation: Orientation
    requirements: tuple[Requirement, ...]   # includes (0, 0) when the summoning square needs your piece
    offsets: tuple[int, ...]                # the requirements' squares relative to the anchor, as index differences
    low: int                                # the lowest of the offsets, and the requirements' squares as a
    span: int                               # bitboard shifted by it: ``span << (anchor + low)`` on the board
    decorated: tuple[OrientedCell, ...]     # the cells with marks or arrows


def compile_card(card: Being, cached: Sequence[OrientationData] | None = None) -> tuple[CompiledOrientation, ...]:
    """The requirements of each orientation (``cached``: the data cache's plain values, else the pattern's).

    A being without a summoning square (Time Traveler) has its pattern's pieces relative to its first
    piece in board order (see :attr:`Pattern.images`).
    """
    orientations = (tuple(Orientation.from_tuple(t) for t in cached) if cached is not None
                    else card.pattern.orientations)
    out: list[CompiledOrientation] = []
    for o in orientations:
        requirements = tuple(Requirement(c.df, c.dr, Rank(c.piece).level) for c in o.cells if c.piece)
        offsets = tuple(offset(r.df, r.dr) for r in requirements)
        low = min(offsets)
        span = 0
        for n in offsets:
            span |= 1 << (n - low)
        decorated = tuple(c for c in o.cells if c.marks or c.arrows)
        out.append(CompiledOrientation(o, requirements, offsets, low, span, decorated))
    return tuple(out)


class _Placed(NamedTuple):
    """What an orientation summoned on a square decides alone: its pattern's squares, its marked squares and its
    arrows (see :func:`decorations`), kept to be copied into each :class:`Placement`."""

    squares: tuple[Square, ...]
    marked: dict[Square, list[str]]
    arrows: list[Arrow]


class Arrow(NamedTuple):
    """An arrow of the pattern on the board: its square (None where it points from off the board)."""

    square: Square | None
    direction: Direction


@dataclass
class Placement:
    """One way to summon: the summoning square and the pattern's image around it."""

    target: Square
    orientation: Orientation
    pattern_squares: list[Square]       # squares of the pattern's pieces (the target only if required)
    enemy_square: Square | None = None
    destroys: tuple[Square, Piece] | None = None
    reuses: Square | None = None        # shortage: the piece on the target becomes the new being
    take_back: list[Square] = field(default_factory=list)   # shortage: one of these pieces is picked up
    marked: dict[Square, list[str]] = field(default_factory=dict)
    arrows: list[Arrow] = field(default_factory=list)
    shortage: bool = False


@dataclass
class Lack:
    """Why a near placement fails: one square, and what is wrong there."""

    square: Square | None
    code: LackCode
    need: Rank | None = None
    found: Piece | None = None


@dataclass
class NearMiss:
    target: Square
    orientation: Orientation
    lacks: list[Lack]
    squares: list[Square] = field(default_factory=list)   # every square the placement needs a piece on


@dataclass
class Verdict:
    card: Being
    player: str
    legal: bool
    placements: list[Placement]
    reasons: list[Reason]
    near_misses: list[NearMiss] = field(default_factory=list)
    allow_enemy: str | None = None


class Engine:
    """Checks summoning for one board; compile once, check many positions and cards."""

    def __init__(self, board: Board, orientations: Mapping[str, Sequence[OrientationData]] | None = None) -> None:
        self.board = board
        self.orientations = orientations or {}   # precomputed by the data cache, when available
        self._compiled: dict[str, tuple[CompiledOrientation, ...]] = {}
        # by card, then by orientation (as compiled): each summoning square's pattern squares and decorations
        self._placed: dict[str, tuple[dict[Square, _Placed], ...]] = {}

    def compiled(self, card: Being) -> tuple[CompiledOrientation, ...]:
        got = self._compiled.get(card.id)
        if got is None:
            got = self._compiled[card.id] = compile_card(card, self.orientations.get(card.id))
        return got

    def _placed_of(self, card: Being) -> tuple[dict[Square, _Placed], ...]:
        """The card's :class:`_Placed` by orientation (as :meth:`compiled` gives them) and summoning square, made
        as first asked for: what a placement's square and orientation alone decide, the same on every position."""
        got = self._placed.get(card.id)
        if got is None:
            got = self._placed[card.id] = tuple({} for _ in self.compiled(card))
        return got

    # ------------------------------------------------------------------ core
    def check(self, card: Being, pos: Position, player: str, allow_enemy: str | None = None,
              explain: bool = True, ctx: _Context | None = None) -> Verdict:
        ctx = ctx or _Context(self.board, pos, player, allow_enemy)
        if not card.has_summoning_square:
            return self._check_special(card, ctx)
        being_level = card.rank.level
        kind = card.rank.kind
        short = ctx.short(kind)
        blockers = ctx.masks.blockers(being_level)
        own_kind = ctx.own_kind(kind)
        placements: list[Placement] = []
        matched_any = blocked_any = short_failed = False
        for co, placed in zip(self.compiled(card), self._placed_of(card), strict=True):
            own_only, with_enemy = ctx.matches(co)
            matched = own_only | with_enemy
            if not matched:
                continue
            matched_any = True
            for target in bits(matched):
                required = co.span << (target + co.low)
                if not summon_choices(target, blockers, own_kind, required, short):
                    if blockers >> target & 1:
                        blocked_any = True
                    else:  # an unblocked match found no piece to use
                        short_failed = True
                    continue
                placements.append(self._placement(ctx, co, target, bool(with_enemy >> target & 1), own_kind, short,
                                                  required, placed))
        placements.sort(key=lambda p: (square_order(p.target), p.orientation.name))
        reasons: list[Reason] = []
        if not placements:
            if not matched_any:
                reasons.append("no-match")
            if blocked_any:
                reasons.append("blocked")
            if short_failed:
                reasons.append("shortage")
        verdict = Verdict(card, player, bool(placements), placements, reasons, allow_enemy=allow_enemy)
        if explain and not placements:
            verdict.near_misses = self.near_misses(card, ctx, being_level, kind, short)
        return verdict

    def check_many(self, cards: Iterable[Being], pos: Position, player: str,
                   allow_enemy: str | None = None) -> list[Verdict]:
        ctx = _Context(self.board, pos, player, allow_enemy)  # the bitboards, computed once for all cards
        return [self.check(c, pos, player, allow_enemy, explain=False, ctx=ctx) for c in cards]

    def _check_special(self, card: Being, ctx: _Context) -> Verdict:
        """Time Traveler: its pattern's pieces anywhere on the board, and the being on any empty square
        that is colorless on the face of the board the position's mode is played on."""
        board = self.board
        kind = card.rank.kind
        short = ctx.short(kind)
        occupied = ctx.masks.blockers(card.rank.level, on_empty=True)      # any piece blocks it
        own_kind = ctx.own_kind(kind)
        free = board.colorless(ctx.pos.mode) & ~occupied
        placements: list[Placement] = []
        matched_any = short_failed = False
        for co in self.compiled(card):
            own_only, with_enemy = ctx.matches(co)
            for anchor in bits(own_only | with_enemy):
                matched_any = True
                pattern = [Square(anchor + n) for n in co.offsets]
                required = co.span << (anchor + co.low)
                enemy = (next((sq for sq in pattern if ctx.pos.pieces[sq].color != ctx.player), None)
                         if with_enemy >> anchor & 1 else None)
                for target in bits(free):
                    if not summon_choices(target, occupied, own_kind, required, short):
                        short_failed = True
                        continue
                    facts = summon_facts(target, occupied, own_kind, required, short)
                    placements.append(Placement(target, co.orientation, pattern, enemy, None, None,
                                                ctx.squares_of(facts.take_back), {}, [], short))
        placements.sort(key=lambda p: (square_order(p.target), p.orientation.name, p.pattern_squares))
        reasons: list[Reason] = []
        if not placements:
            if not matched_any:
                reasons.append("no-match")
            elif not free:
                reasons.append("no-colorless-square")
            elif short_failed:
                reasons.append("shortage")
        return Verdict(card, ctx.player, bool(placements), placements, reasons, allow_enemy=ctx.allow_enemy)

    # ------------------------------------------------------------------ details
    def _placement(self, ctx: _Context, co: CompiledOrientation, target: Square, uses_enemy: bool, own_kind: int,
                   short: bool, required: int, placed: dict[Square, _Placed]) -> Placement:
        """The legal summon of ``co`` on ``target`` (``required``: its pattern's squares; ``own_kind``: the
        player's pieces of the being's kind; ``placed``: the orientation's :class:`_Placed`, by square) in detail."""
        pos = ctx.pos
        got = placed.get(target)
        if got is None:
            got = placed[target] = _Placed(tuple([Square(target + n) for n in co.offsets]),
                                           *decorations(self.board, co, target))
        squares = list(got.squares)
        enemy_square = None
        if uses_enemy:
            enemy_square = next((sq for sq in squares if pos.pieces[sq].color != ctx.player), None)
        facts = summon_facts(target, ctx.occupied, own_kind, required, short)
        destroys = (target, pos.pieces[target]) if facts.destroys else None
        marked = {sq: list(m) for sq, m in got.marked.items()} if got.marked else {}    # copies: the caller's own
        return Placement(target, co.orientation, squares, enemy_square, destroys, target if facts.reuses else None,
                         ctx.squares_of(facts.take_back), marked, list(got.arrows) if got.arrows else [], short)

    def near_misses(self, card: Being, ctx: _Context, being_level: int, kind: PieceKind, short: bool,
                    limit: int = 3) -> list[NearMiss]:
        """The placements that come closest, each with what it lacks."""
        board, pos = self.board, ctx.pos
        found: list[NearMiss] = []
        for co in self.compiled(card):
            for target in board.squares:
                tf, tr = board.coords(target)
                lacks: list[Lack] = []
                squares: list[Square] = []
                enemies = 0
                for req in co.requirements:
                    sq = board.index(tf + req.df, tr + req.dr)
                    need = Rank.from_level(req.level)
                    if sq is None:
                        lacks.append(Lack(None, "off-board", need))
                        continue
                    squares.append(sq)
                    piece = pos.pieces.get(sq)
                    if piece is None:
                        lacks.append(Lack(sq, "missing", need))
                    elif piece.color != ctx.player:
                        if piece.color == ctx.allow_enemy and piece.level >= req.level and not enemies:
                            enemies += 1
                        else:
                            lacks.append(Lack(sq, "enemy", need, piece))
                    elif piece.level < req.level:
                        lacks.append(Lack(sq, "weaker", need, piece))
                if any(lack.code == "off-board" for lack in lacks):
                    continue
                occupant = pos.pieces.get(target)
                if occupant and ctx.masks.blockers(being_level) >> target & 1:
                    lacks.append(Lack(target, "blocked", Rank.from_level(being_level), occupant))
                if not lacks and short:
                    lacks.append(Lack(None, "shortage", None))
                if lacks:
                    found.append(NearMiss(target, co.orientation, lacks, squares))
        found.sort(key=lambda n: (sum(x.code not in ("blocked", "shortage") for x in n.lacks), len(n.lacks),
                                  square_order(n.target)))
        return found[:limit]


class _Context:
    """Bitboards of one position seen from one player."""

    def __init__(self, board: Board, pos: Position, player: str, allow_enemy: str | None) -> None:
        self.pos = pos
        self.player = player
        self.allow_enemy = allow_enemy if allow_enemy and allow_enemy != player else None
        # the masks of the rules of the summoning square (model/summon.py), read from the position's one board state:
        # the player's, the enemy's allowed in a pattern, anyone's above a rank
        state = self.state = pos.state
        self.ci = state.index(player)
        masks = self.masks = side_masks(state, self.ci, state.index(self.allow_enemy) if self.allow_enemy else None)
        self.own = list(masks.own)                 # own pieces of at least that rank
        self.enemy = list(masks.enemy)
        self.mask: Bitboard = board.mask
        self.occupied: Bitboard = masks.occupied
        self._short: dict[PieceKind, bool] = {}
        self._listed: dict[int, tuple[Square, ...]] = {}

    def squares_of(self, mask: int) -> list[Square]:
        """The squares of a bitboard in board order, as a new list (the same few come back often)."""
        got = self._listed.get(mask)
        if got is None:
            got = self._listed[mask] = tuple(bits(mask))
        return list(got)

    def short(self, kind: PieceKind) -> bool:
        """Piece shortage: no piece of this kind left off the board."""
        got = self._short.get(kind)
        if got is None:
            got = self._short[kind] = in_shortage(self.state, self.ci, kind)
        return got

    def own_kind(self, kind: PieceKind) -> Bitboard:
        """The player's pieces of one kind (double_sided or legendary)."""
        return self.masks.own_kind(PieceKind(kind))

    def matches(self, co: CompiledOrientation) -> tuple[int, int]:  # bitboards
        """Summoning squares where the pattern is met with own pieces only, and with one enemy piece (each
        requirement's pieces shifted back by its offset: :func:`~tashkalar_cli.games.tashkalar.model.board.shift` by ``-df``,
        ``-dr``, written out)."""
        reqs = co.requirements
        own = self.own
        own_only: int = self.mask
        shifted_own: list[int] = []
        for r, n in zip(reqs, co.offsets, strict=True):
            b = own[r.level]
            s = b >> n if n >= 0 else b << -n
            shifted_own.append(s)
            own_only &= s
        if not self.allow_enemy:
            return own_only, 0
        with_enemy = 0
        n = len(reqs)
        # prefix/suffix intersections: all requirements but one met by own pieces
        prefix: list[int] = [self.mask] * (n + 1)
        for i in range(n):
            prefix[i + 1] = prefix[i] & shifted_own[i]
        suffix: int = self.mask
        for j in range(n - 1, -1, -1):
            r = reqs[j]
            others = prefix[j] & suffix
            with_enemy |= others & shift(self.enemy[r.level], -r.df, -r.dr)
            suffix &= shifted_own[j]
        return own_only, with_enemy & ~own_only


# ---------------------------------------------------------------------- a summon played

ORIENTATION_NAMES = tuple(name for name, _, _, _ in TRANSFORMS)


def orientation_aliases(card: Being) -> dict[str, str]:
    """Every orientation name (``r0`` ... ``m270``) -> the name of the distinct image it gives (a
    symmetric pattern lists an image once, under the first name that gives it)."""
    return card.pattern.aliases


class ChoiceError(InputError):
    """A summon can be played in several ways and the command did not say which: ``choices`` lists
    them (each an orientation and the pieces that may be taken back)."""

    def __init__(self, choices: list[JsonObject], *, key: str, option: str, card: Term, square: str, allowed: str) -> None:
        super().__init__(key=key, option=option, card=card, square=square, allowed=allowed)
        self.choices = choices


@dataclass
class Applied:
    """A summon played: the position before and after, the placement used, the piece taken back (piece
    shortage), the piece destroyed, and the turn record with the summon. The effect is not resolved."""

    card: Being
    player: str
    placement: Placement
    take_back: Square | None
    before: Position
    position: Position
    destroyed: Piece | None
    turn: Turn


def apply_summon(engine: Engine, card: Being, pos: Position, player: str, at: str | Square,
                 orientation: str | None = None, take_back: str | Square | None = None,
                 turn: Turn | None = None) -> Applied:
    """The summon of ``card`` by ``player`` on ``at`` played on ``pos`` (see :meth:`Game.apply`): the placements
    on that square, narrowed to one orientation and one piece to take back, then played."""
    from tashkalar_cli.games.tashkalar.model.turn import Turn  # deferred: summon and summonable load no turn record

    board = engine.board
    target = _square(board, at, "at")
    here = _placements_here(engine, card, pos, player, target)
    here = _one_orientation(card, here, orientation, board, target)
    chosen_back = _take_back_chosen(card, here, take_back, board, target)
    placement = next(p for p in here if chosen_back is None or chosen_back in p.take_back)
    after, destroyed = after_summon(card, pos, player, target, chosen_back, placement.pattern_squares)
    if turn is not None and turn.player != player:
        raise InputError(key="other-players-turn", turn=Term("color", turn.player), player=Term("color", player))
    record = (turn or Turn(player, pos.mode, pos.players)).with_summon(card.id, target, destroyed)
    return Applied(card, player, placement, chosen_back, pos, after, destroyed, record)


def _placements_here(engine: Engine, card: Being, pos: Position, player: str, target: Square) -> list[Placement]:
    """The legal placements of ``card`` on ``target``; none: an error saying why."""
    board = engine.board
    name = board.name
    ctx = _Context(board, pos, player, None)
    verdict = engine.check(card, pos, player, explain=False, ctx=ctx)
    here = [p for p in verdict.placements if p.target == target]
    if here:
        return here
    occupant = pos.pieces.get(target)
    if not card.has_summoning_square and occupant is not None:
        raise InputError(key="apply-not-empty", option="at", card=Term("card", card.id), square=name(target),
                         piece=Term("piece", str(occupant)))
    if not card.has_summoning_square and not board.colorless(pos.mode) >> target & 1:
        raise InputError(key="apply-not-colorless", option="at", card=Term("card", card.id), square=name(target))
    if card.has_summoning_square and occupant is not None and ctx.masks.blockers(card.rank.level) >> target & 1:
        raise InputError(key="apply-outranked", option="at", card=Term("card", card.id), square=name(target),
                         piece=Term("piece", str(occupant)),
                         rank=Term("rank", str(card.rank)))
    if verdict.legal:
        squares = sorted({p.target for p in verdict.placements}, key=square_order)
        raise InputError(key="apply-not-here", option="at", card=Term("card", card.id), square=name(target),
                         squares=", ".join(name(sq) for sq in squares))
    raise InputError(key="apply-illegal", card=Term("card", card.id), player=Term("color", player),
                     reasons=Term("reason", verdict.reasons, join="clauses"))


def _one_orientation(card: Being, here: list[Placement], orientation: str | None, board: Board, target: Square,
                     ) -> list[Placement]:
    """The placements ``here`` of the ``orientation`` asked for (None: of the only one there is); else an error."""
    name = board.name
    if orientation is not None:
        wanted = _orientation(card, orientation)
        chosen = [p for p in here if p.orientation.name == wanted]
        if not chosen:
            raise InputError(key="apply-orientation", option="orientation", card=Term("card", card.id), square=name(target),
                             orientation=orientation,
                             allowed=", ".join(dict.fromkeys(p.orientation.name for p in here)))
        here = chosen
    names = list(dict.fromkeys(p.orientation.name for p in here))
    if len(names) > 1:
        raise ChoiceError(_choices(here, board), key="apply-choose-orientation", option="orientation", card=Term("card", card.id),
                          square=name(target), allowed=", ".join(names))
    return here


def _take_back_chosen(card: Being, here: list[Placement], take_back: str | Square | None, board: Board,
                      target: Square) -> Square | None:
    """The piece taken back (piece shortage): the one named, or the only one there is; None when none is."""
    name = board.name
    backs = sorted({sq for p in here for sq in p.take_back})
    if take_back is not None:
        chosen_back = _square(board, take_back, "take_back")
        if not backs:
            raise InputError(key="apply-no-take-back", option="take_back", card=Term("card", card.id), square=name(target))
        if chosen_back not in backs:
            raise InputError(key="apply-take-back", option="take_back", square=name(chosen_back),
                             allowed=", ".join(map(name, backs)))
        return chosen_back
    if len(backs) > 1:
        raise ChoiceError(_choices(here, board), key="apply-choose-take-back", option="take_back",
                          card=Term("card", card.id), square=name(target),
                          allowed=", ".join(map(name, backs)))
    return backs[0] if backs else None


def _square(board: Board, value: str | Square, option: str) -> Square:
    if isinstance(value, int):
        if value not in board:
            raise InputError(key="option-square", option=option, problem=str(value))
        return Square(value)
    try:
        return board.parse(value)
    except InputError as exc:
        raise InputError(key="option-square", option=option, problem=exc.message) from None


def _orientation(card: Being, value: str) -> str:
    text = value.strip().lower()
    if text.isdigit():
        text = "r" + text
    aliases = orientation_aliases(card)
    if text not in aliases:
        raise InputError(key="orientation-unknown", option="orientation", value=quote(value),
                         allowed=", ".join(ORIENTATION_NAMES))
    return aliases[text]


def _choices(placements: list[Placement], board: Board) -> list[JsonObject]:
    out: dict[str, JsonObject] = {}
    backs: dict[str, set[Square]] = {}
    for p in placements:
        o = p.orientation
        out.setdefault(o.name, {"orientation": o.name, "rotation": o.rotation, "mirrored": o.mirrored})
        backs.setdefault(o.name, set()).update(p.take_back)
    for name, entry in out.items():
        entry["take_back"] = [board.name(sq) for sq in sorted(backs[name], key=square_order)]
    return list(out.values())


def decorations(board: Board, co: CompiledOrientation, target: Square) -> tuple[dict[Square, list[str]], list[Arrow]]:
    """The marked squares and the arrows of ``co`` summoned on ``target`` (the one place they are placed)."""
    marked: dict[Square, list[str]] = {}
    arrows: list[Arrow] = []
    tf, tr = board.coords(target)
    for cell in co.decorated:
        sq = board.index(tf + cell.df, tr + cell.dr)
        if cell.marks and sq is not None:
            marked[sq] = list(cell.marks)
        arrows += [Arrow(sq, cast(Direction, d)) for d in cell.arrows]
    return marked, arrows


__all__ = ["Applied", "Arrow", "ChoiceError", "Engine", "Lack", "NearMiss", "Placement", "Verdict", "apply_summon",
           "compile_card", "decorations", "orientation_aliases"]

"""What a resolution answers: the outcomes (each distinct result once), the steps each did and the choices that
led there, as the walk left them (linked lists, read in order when asked for)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeAlias, TypeVar, cast

from tashkalar_cli.games.tashkalar.model.types import Rank, Square

if TYPE_CHECKING:
    from tashkalar_cli.data.jsonvalue import JsonObject
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
    from tashkalar_cli.games.tashkalar.model.position import Piece, Position

#: ``tuple.__new__(Change, (...))``: a record made from its fields in C, where a named tuple's ``__new__`` (a
#: Python call) would cost too much: the walk makes one per move, tens of thousands per resolution
new_record = tuple.__new__

_T = TypeVar("_T")


class Change(NamedTuple):
    """One thing an effect did: ``do`` is destroy, upgrade, downgrade, move, place, convert, swap,
    gain_actions or note, or a marker's name (with the ``note`` ``marked``,
    :data:`~tashkalar_cli.games.tashkalar.model.markers.MARKED`:
    the piece on ``square`` now bears the player's marker); squares are indexes; pieces are codes (see the module)."""

    do: str
    square: int = -1        # destroy/upgrade/downgrade/place/convert: the square; move/swap: from
    to: int = -1            # move/swap: to
    piece: int = 0          # the piece before
    after: int = 0          # the piece after (upgrade, downgrade, convert, place) / destroyed by a move
    n: int = 0              # gain_actions
    note: str = ""


class Choice(NamedTuple):
    """A choice made on the way to an outcome: the step (its place in the program), what was chosen."""

    step: str
    kind: str               # may | alternative | direction | color | stop | assume
    value: str



#: a choice as the walk logs it: (the step's place in the program, the kind of choice, what was chosen)
ChoiceEntry = tuple[str, str, str]
#: the steps done, as a linked list: (the last, the list before it) or None
StepLog: TypeAlias = "tuple[Change, StepLog] | None"
#: the choices made, as a linked list
ChoiceLog: TypeAlias = "tuple[ChoiceEntry, ChoiceLog] | None"


#: a log linked backwards: (the last entry, the log before it) or None
_Linked: TypeAlias = "tuple[_T, _Linked[_T]] | None"


def _unwound(log: _Linked[_T]) -> list[_T]:
    """The entries of a linked log ((the last, the log before it) or None), first first."""
    out: list[_T] = []
    while log is not None:
        out.append(log[0])
        log = log[1]
    out.reverse()
    return out


def steps_of(log: StepLog) -> list[Change]:
    """The steps of a log, first first."""
    return _unwound(log)


def choices_of(log: ChoiceLog) -> list[ChoiceEntry]:
    """The choices of a log, first first."""
    return _unwound(log)


def push(log: StepLog, items: Iterable[Change]) -> StepLog:
    """``log`` with ``items`` done after it."""
    for item in items:
        log = (item, log)
    return log


class OutcomeSource(Protocol):
    """What an outcome reads of the resolver that found it (:class:`~tashkalar_cli.games.tashkalar.engine.effects.Resolver`)."""

    board: Board
    marker: MarkerRule | None

    def piece(self, code: int) -> Piece: ...

    def piece_dict(self, code: int) -> dict[str, str]: ...

    def position_kept(self, st: bytes, mark: int | None) -> Position: ...

    def position_of(self, st: bytes, mark: int | None = None) -> Position: ...


#: a field every outcome's JSON has: the square of the player's Nethervoid Gateway, null without one (the first
#: marker, from before markers were data; another marker's square is under a field of its own name)
MARKER_FIELD = "gateway"


class Outcome(NamedTuple):
    """One distinct result of an effect. Made in C by the walk (``new_record``: a resolution may hold tens of
    thousands): the resolver, the board, the steps and choices as the walk left them (linked lists), the
    actions gained, the notes, the square of the player's marker the walk followed, and the effect's last
    move when the walk's last loop made it (from, to, the piece, the piece destroyed; from -1: none, the
    steps are whole). ``steps`` and ``choices`` are read from the lists when asked for; ``position`` is
    made when first asked for, and kept by the resolver."""

    resolver: OutcomeSource
    board_state: bytes
    log: StepLog
    actions_gained: int
    notes: tuple[str, ...]
    choices_log: ChoiceLog
    mark: int | None
    move_from: int = -1
    move_to: int = -1
    move_piece: int = 0
    move_hit: int = 0

    @property
    def steps_log(self) -> StepLog:
        """The steps as a linked list ``(step, earlier)``, the last move included."""
        if self.move_from < 0:
            return self.log
        return (new_record(Change, ("move", self.move_from, self.move_to, self.move_piece, self.move_hit, 0, "")),
                self.log)

    @property
    def steps(self) -> list[Change]:
        """What the effect did, in order."""
        return steps_of(self.steps_log)

    @property
    def choices(self) -> list[Choice]:
        """The choices made on the way, in order."""
        return [Choice(*c) for c in choices_of(self.choices_log)]

    def __repr__(self) -> str:
        return f"Outcome(actions_gained={self.actions_gained!r}, notes={self.notes!r}, mark={self.mark!r})"

    @property
    def destroyed(self) -> list[tuple[Square, Piece]]:
        """The pieces the effect destroyed (by a destroy step or by a move onto them), in order: read from the linked
        log, last first, with no list of the steps made (a goal search asks it of tens of thousands of outcomes)."""
        piece = self.resolver.piece
        out: list[tuple[int, Piece]] = []      # squares as indexes (Square is an int: no call made for each)
        if self.move_from >= 0 and self.move_hit:   # the last move, kept apart from the log (see steps_log)
            out.append((self.move_to, piece(self.move_hit)))
        log = self.log
        while log is not None:
            c = log[0]
            if c.do == "destroy":
                out.append((c.square, piece(c.piece)))
            elif c.do == "move" and c.after:
                out.append((c.to, piece(c.after)))
            log = log[1]
        out.reverse()
        return cast("list[tuple[Square, Piece]]", out)

    @property
    def destroyed_by_you(self) -> list[tuple[Square, Piece]]:
        """The pieces destroyed that count as destroyed by the player (a turn record's ``destroyed``)."""
        piece = self.resolver.piece
        return [(Square(c.square if c.do == "destroy" else c.to), piece(c.piece if c.do == "destroy" else c.after))
                for c in self.steps
                if (c.do == "destroy" and "not-by-you" not in c.note) or (c.do == "move" and c.after)]

    @property
    def position(self) -> Position:
        return self.resolver.position_kept(self.board_state, self.mark)

    def key(self) -> tuple[bytes, int, tuple[str, ...], int | None]:
        return self.board_state, self.actions_gained, self.notes, self.mark

    def pieces(self) -> frozenset[tuple[Square, str, Rank]]:
        """The pieces left, as a set of (square, color, rank): how outcome sets are compared."""
        return frozenset((sq, p.color, p.rank) for sq, p in self.position.pieces.items())

    def step_dicts(self) -> list[JsonObject]:
        name = self.resolver.board.name
        out: list[JsonObject] = []
        for c in self.steps:
            entry: JsonObject = {"do": c.do}
            if c.do in ("move", "swap"):
                entry["from"], entry["to"] = name(c.square), name(c.to)
                entry["piece"] = self.resolver.piece_dict(c.piece)
                if c.do == "move":
                    entry["destroyed"] = self.resolver.piece_dict(c.after) if c.after else None
                else:
                    entry["other"] = self.resolver.piece_dict(c.after)
            elif c.do == "gain_actions":
                entry["actions"] = c.n
            elif c.do in ("note", "special"):
                entry["note"] = c.note
            else:
                entry["square"] = name(c.square)
                if c.piece:
                    entry["piece"] = self.resolver.piece_dict(c.piece)
                if c.after:
                    entry["becomes"] = self.resolver.piece_dict(c.after)
            out.append(entry)
        return out

    def to_dict(self, keep: bool = True) -> JsonObject:
        """The outcome as JSON (``keep``: False makes its position without keeping it in the resolver, for an
        answer written one outcome at a time: the same dict)."""
        name = self.resolver.board.name
        position = self.position if keep else self.resolver.position_of(self.board_state, self.mark)
        out: JsonObject = {
            "position": position.to_dict(),
            "steps": self.step_dicts(),
            "actions_gained": self.actions_gained,
            "destroyed": [{"square": name(sq), "color": p.color, "rank": str(p.rank)} for sq, p in self.destroyed],
            "notes": list(self.notes),
            "choices": [{"step": c.step, "kind": c.kind, "value": c.value} for c in self.choices],
            MARKER_FIELD: None,
        }
        marker = self.resolver.marker
        if marker is not None:
            out[marker.name] = None if self.mark is None else name(self.mark)
        return out


@dataclass
class Resolution:
    """Every distinct outcome of one program on one position (``truncated``: the bound on states was
    reached, so the list may miss some)."""

    outcomes: list[Outcome]
    truncated: bool
    states: int

    @property
    def count(self) -> int:
        return len(self.outcomes)

    def to_dict(self, limit: int | None = None) -> JsonObject:
        shown = self.outcomes if limit is None else self.outcomes[:limit]
        return {"count": self.count, "truncated": self.truncated, "outcomes": [o.to_dict() for o in shown]}


__all__ = [
    "Change",
    "Choice",
    "ChoiceLog",
    "Outcome",
    "OutcomeSource",
    "Resolution",
    "StepLog",
    "choices_of",
    "new_record",
    "push",
    "steps_of",
]

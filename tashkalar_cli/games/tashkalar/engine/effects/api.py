"""The entry points: a program resolved on a position, after a summon or a flare."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES
from tashkalar_cli.games.tashkalar.engine.effects.compiler import followed_marker
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Outcome, Resolution
from tashkalar_cli.games.tashkalar.engine.effects.resolver import Resolver
from tashkalar_cli.games.tashkalar.engine.effects.specials import SPECIALS, SpecialHandler
from tashkalar_cli.games.tashkalar.engine.markers import markers_after_summon
from tashkalar_cli.games.tashkalar.model.board import Board
from tashkalar_cli.games.tashkalar.model.cards import effect_status as status
from tashkalar_cli.games.tashkalar.model.effects import Program, Special, walk
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.types import Square

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.flares import FlareCheck
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied, Engine, Placement
    from tashkalar_cli.games.tashkalar.model.cards import Being, Flare
    from tashkalar_cli.games.tashkalar.model.turn import Turn


def load_specials() -> dict[str, SpecialHandler]:
    """The handlers of ``special:`` steps, by id (:data:`tashkalar_cli.games.tashkalar.engine.effects.specials.SPECIALS`)."""
    return SPECIALS


def handled(program: Program) -> bool:
    """Whether the resolver plays every part of ``program`` on the board (no ``special`` without a handler)."""
    return all(not isinstance(s, Special) or s.id in SPECIALS for s in walk(program))


def effect_status(card: Being | Flare) -> tuple[bool, list[str]]:
    """Whether the engine resolves ``card``'s effect, and the parts it leaves to the player (see
    :func:`tashkalar_cli.games.tashkalar.model.cards.effect_status`), with the engine's special handlers."""
    return status(card, tuple(SPECIALS))


def resolve_program(board: Board, program: Program, position: Position, player: str, *,
                    placement: Placement | None = None, actions_left: int | None = None,
                    max_states: int = MAX_STATES, strict: bool = False,
                    summoned_over: tuple[int, Piece] | None = None, max_outcomes: int | None = None,
                    reference: bool = False, start: bytes | None = None) -> Resolution:
    """Every distinct outcome of ``program`` played by ``player`` on ``position``: after a summon
    (``placement``: the summon's placement, whose target holds the new being; ``summoned_over``: the
    piece the summon destroyed there, the name ``summoning``) or a flare, a frost or warp effect (no
    placement: ``self``, ``target``, ``marked``, ``summoners`` are empty). ``max_outcomes``: stop once so
    many distinct outcomes are found (the resolution then says ``truncated``). ``reference``: the plain walk,
    without the speed-ups (slower; the same outcomes, see :mod:`tashkalar_cli.games.tashkalar.engine.effects.search`). ``start``:
    the resolver's bytes of ``position`` when the caller has them (see :class:`ResolverCore`)."""
    # the marker the walk follows: the one the program names, else the one the player bears
    marker = followed_marker(program, [m.rule for m in position.markers.values() if player in m.squares])
    mark = None if marker is None else position.marked(marker.name).get(player)
    if placement is None:
        resolver = Resolver(board, position, player, actions_left=actions_left, max_states=max_states,
                            marker=marker, mark=mark, max_outcomes=max_outcomes, reference=reference, start=start)
    else:
        marked = [sq for sq, marks in placement.marked.items() if "m" in marks]
        marked2 = [sq for sq, marks in placement.marked.items() if "m2" in marks]
        summoners = [sq for sq in placement.pattern_squares if sq != placement.target]
        resolver = Resolver(board, position, player, target=placement.target, marked=marked, marked2=marked2,
                            arrows=[a.direction for a in placement.arrows], summoners=summoners,
                            actions_left=actions_left, max_states=max_states, summoned_over=summoned_over,
                            marker=marker, mark=mark, orientation=placement.orientation.name, max_outcomes=max_outcomes,
                            reference=reference, start=start)
    return resolver.resolve(program, strict=strict)


# ------------------------------------------------------------------------------------------ summons and flares

@dataclass
class SummonEffects:
    """A summon played and its effect resolved: ``applied`` (the position right after the summon, as
    ``summon --apply`` gives it) and ``resolution`` (None when the card has no effect data)."""

    applied: Applied
    resolution: Resolution | None
    actions_left: int | None

    @property
    def resolved(self) -> bool:
        return self.resolution is not None

    @property
    def outcomes(self) -> list[Outcome]:
        return [] if self.resolution is None else self.resolution.outcomes


def resolve_placement(engine: Engine, card: Being, position: Position, player: str, placement: Placement, *,
                      take_back: int | None = None, actions_left: int | None = None,
                      max_states: int = MAX_STATES, max_outcomes: int | None = None,
                      reference: bool = False, start: bytes | None = None) -> Resolution | None:
    """The outcomes of ``card``'s effect once ``player`` summoned it with ``placement`` on ``position``
    (the position before the summon; ``take_back``: in shortage, the piece taken back). The fast
    path for callers that hold placements (the planner): no orientation or take-back to parse.
    None when the card has no effect data. ``start``: the resolver's bytes of the position after the summon,
    when the caller has them (the goal search makes them from its own)."""
    program = card.program()
    if program is None:
        return None
    if take_back is None and placement.take_back:
        take_back = placement.take_back[0]
    after, destroyed = position.after_summon(player, card.rank, placement.target,
                                             None if take_back is None else Square(take_back))
    after = markers_after_summon(card, position, after, player, placement.target, placement.pattern_squares)
    return resolve_program(engine.board, program, after, player, placement=placement, actions_left=actions_left,
                           max_states=max_states, max_outcomes=max_outcomes, reference=reference,
                           summoned_over=None if destroyed is None else (placement.target, destroyed), start=start)


def resolve_summon(engine: Engine, card: Being, position: Position, player: str, at: str | Square, *,
                   orientation: str | None = None, take_back: str | Square | None = None,
                   actions_left: int | None = None, turn: Turn | None = None,
                   max_states: int = MAX_STATES) -> SummonEffects:
    """``summon --apply --effects``: the summon played as :func:`apply_summon` plays it, then every
    distinct outcome of the card's effect."""
    from tashkalar_cli.games.tashkalar.engine.summoning import apply_summon  # deferred: flare play loads no summoning engine

    applied = apply_summon(engine, card, position, player, at, orientation, take_back, turn)
    program = card.program()
    resolution = None
    if program is not None:
        over = None if applied.destroyed is None else (applied.placement.target, applied.destroyed)
        resolution = resolve_program(engine.board, program, applied.position, player, placement=applied.placement,
                                     actions_left=actions_left, max_states=max_states, summoned_over=over)
    return SummonEffects(applied, resolution, actions_left)


@dataclass
class FlarePlay:
    """A flare played: whether it may be (``check``), the halves resolved in order, and the outcomes
    (the halves run one after the other: upper first)."""

    check: FlareCheck
    halves: list[str]
    resolution: Resolution | None

    @property
    def playable(self) -> bool:
        return self.check.can_invoke

    @property
    def outcomes(self) -> list[Outcome]:
        return [] if self.resolution is None else self.resolution.outcomes


def play_flare(board: Board, check: FlareCheck, position: Position, player: str, side: str | None = None, *,
               actions_left: int | None = None, max_states: int = MAX_STATES) -> FlarePlay:
    """The outcomes of a flare on ``position``: the halves ``check`` allows (``side``: only that half,
    resolved even when its threshold is not met, for "what would it do"). No outcome when no half
    is met (and no side is named) or the flare has no effect data."""
    flare = check.card
    halves = [side] if side is not None else check.halves
    programs = [flare.program(h) for h in halves]
    if not halves or any(p is None for p in programs):
        return FlarePlay(check, halves, None)
    program: Program = tuple(step for p in programs if p is not None for step in p)
    resolution = resolve_program(board, program, position, player, actions_left=actions_left, max_states=max_states)
    return FlarePlay(check, halves, resolution)


__all__ = ["FlarePlay", "SummonEffects", "effect_status", "handled", "load_specials", "play_flare",
           "resolve_placement", "resolve_program", "resolve_summon"]

"""``tashkalar summon --apply``: the position after a summon (and, with ``--effects``, after its effect),
printed or written, and the turn record with it. The rules are the library's (:meth:`Game.apply`,
:meth:`Game.resolve`); here the options are read and the answer is rendered and written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from tashkalar_cli.command.common import OutputFile, print_json
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.engine.summoning import ChoiceError
from tashkalar_cli.games.tashkalar.render.plan import applied_comments, position_yaml, turn_yaml

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.commands import TashkalarSession
    from tashkalar_cli.games.tashkalar.engine.played import SummonResolved
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied
    from tashkalar_cli.games.tashkalar.model.cards import Being
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.model.turn import Turn


@dataclass(frozen=True)
class ApplyAsked:
    """What ``summon --apply`` was asked: the summon (``being`` by ``player`` on ``at``, with its
    orientation and the piece taken back), and where its answer goes: ``out`` (the position), ``turn_path``
    (the turn record read), ``record`` (the turn record written), ``json``, ``svg`` (a picture), and
    ``inputs`` (the files read, never overwritten)."""

    being: Being
    pos: Position
    player: str
    at: str | None
    orientation: str | None = None
    take_back: str | None = None
    out: str | None = None
    turn_path: str | None = None
    record: str | None = None
    json: bool = False
    svg: str | None = None
    inputs: tuple[str | None, ...] = ()

    @property
    def writes(self) -> bool:
        """Whether a position or a turn record is written to a file."""
        return self.out is not None or self.record is not None


@dataclass(frozen=True)
class EffectsAsked:
    """``summon --apply --effects``: the outcome chosen (``--choose``), the outcomes listed (``--limit``), the
    actions left after the summon (``--actions-left``), the bound on the positions explored, and whether
    the JSON answer says each outcome in words (``--words``)."""

    choose: int | None = None
    limit: int | None = None
    actions_left: int | None = None
    effect_states: int | None = None
    words: bool = False     # --words: each outcome's steps in words too, in the JSON answer


@dataclass(frozen=True)
class _Answer:
    """What a summon applied writes or prints: the position after it and the comments heading it, the turn
    record's text, the JSON answer (a function printing it, or None: the text is the answer) and the picture
    (path, SVG) or None."""

    position: Position
    comments: list[str]
    turn_text: str
    json: Callable[[], None] | None
    picture: tuple[str, str] | None = None

    @property
    def text(self) -> str:
        """The position file's text, as written to a file: each comment on one line."""
        return position_yaml(self.position, self.comments)

    def shown(self, s: TashkalarSession) -> str:
        """The position file's text as printed: its comments wrapped to a terminal's width
        (:meth:`~tashkalar_cli.command.common.Session.shown_comments`)."""
        return position_yaml(self.position, s.shown_comments(self.comments))


def apply_summon(s: TashkalarSession, asked: ApplyAsked, *, apply: bool, allow_enemy: str | None,
                 effects: EffectsAsked | None = None) -> None:
    """``summon CARD --apply --at SQUARE``: the position after the summon, printed or written; with
    ``effects`` (``--effects``), the card's effect resolved; ``asked.svg``: the summon (and the outcome
    chosen, else the first) drawn there."""
    if not apply:
        raise InputError(key="effects-needs-apply" if effects is not None else "apply-options")
    if asked.at is None:
        raise InputError(key="apply-needs-at")
    if allow_enemy is not None:
        raise InputError(key="apply-enemy")
    turn = s.rules.turn(asked.turn_path) if asked.turn_path is not None else None
    try:
        if effects is not None:
            _apply_effects(s, asked, asked.at, turn, effects)
            return
        applied = s.rules.apply(asked.being, asked.pos, asked.player, asked.at, orientation=asked.orientation,
                               take_back=asked.take_back, turn=turn)
    except ChoiceError as exc:
        if not asked.json:
            raise
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("summon-apply", jsonout.summon_apply_choices(
            asked.being.id, s.rules.color(asked.player, "--player"), s.board.name(s.board.parse(asked.at)),
            exc.message, exc.choices))
        raise typer.Exit(2) from None
    card_name = str(s.cards.name(asked.being, s.loc))
    comments = applied_comments(applied, s.board, s.loc, card_name)
    picture = None
    if asked.svg is not None:
        # deferred: the effects' renderer, which summon --apply loads for --svg or --effects only
        from tashkalar_cli.games.tashkalar.render.effects import applied_svg

        picture = (asked.svg, applied_svg(s.board, applied, [card_name, *comments], s.loc))
    _write_applied(s, asked, _Answer(applied.position, comments,
                                     turn_yaml(applied.turn, s.board, comments[:1]),
                                     (lambda: _json_applied(s, applied)) if asked.json else None, picture))


def _json_applied(s: TashkalarSession, applied: Applied) -> None:
    from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

    print_json("summon-apply", jsonout.summon_apply(applied, s.board))


def _write_applied(s: TashkalarSession, asked: ApplyAsked, answer: _Answer) -> None:
    """The position after a summon (and its effect) written to ``asked.out`` or printed, and the turn record
    written to ``asked.record`` (in place when it is the record read, if the tool wrote it); the JSON answer
    printed instead of the text when there is one; the picture saved with them."""
    # deferred: the files' writer, when a position is written only
    from tashkalar_cli.data.output import same_file, written_by_tool

    out, record, turn_path, picture = asked.out, asked.record, asked.turn_path, answer.picture
    sources = [i for i in (*asked.inputs, turn_path) if i]
    in_place = record is not None and turn_path is not None and same_file(record, turn_path)
    if in_place and turn_path is not None:  # the record read is updated: allowed for a record the tool
        if not written_by_tool(turn_path):  # wrote, never for another file
            raise InputError(key="record-in-place-not-ours", path=record)
        sources.remove(turn_path)
    outputs = [OutputFile(out, answer.text, "out")] if out is not None else []
    if record is not None:
        outputs.append(OutputFile(record, answer.turn_text, "record"))
    if picture is not None:
        outputs.append(OutputFile(*picture))
    s.write_all(outputs, *sources)  # every output checked before the first is written
    if picture is not None and answer.json is None:
        s.say([s.loc.msg("picture.written", path=picture[0])], err=True)
    if answer.json is not None:
        answer.json()
        return
    if out is None:
        typer.echo(answer.shown(s), nl=False)
    else:
        s.say([s.loc.msg("apply.written", path=out)])
    if record is not None:
        s.say([s.loc.msg("apply.record_updated" if in_place else "apply.record_written", path=record)])
    elif turn_path is not None:  # the record was read, not changed: say so (on standard error: the
        # position printed on standard output stays a position file)
        s.say([s.loc.msg("apply.turn_unchanged", path=turn_path)], err=True)


def _apply_effects(s: TashkalarSession, asked: ApplyAsked, at: str, turn: Turn | None, effects: EffectsAsked) -> None:
    """``summon --apply --effects``: every outcome of the card's effect, or (``--choose N``) the position
    after one of them, printed or written as ``--apply`` does (a file written without ``--choose``: the
    effect's only outcome); ``asked.svg``: the outcome chosen (else the first) drawn there, before and after."""
    from tashkalar_cli.games.tashkalar.engine.played import ONLY  # deferred: --effects only
    from tashkalar_cli.games.tashkalar.render.effects import outcome_lines, resolution_lines  # deferred: --effects only

    limit = effects.limit
    if limit is not None and limit < 0:
        raise InputError(key="effects-limit", value=limit)   # a value as typed (errors.NOT_QUANTITIES)
    from tashkalar_cli.command.collector import collector_paused  # deferred: --effects only

    with collector_paused():    # the resolver's many small objects, no cycle among them: not scanned
        result = s.rules.resolve(asked.being, asked.pos, asked.player, at, orientation=asked.orientation,
                                take_back=asked.take_back, actions_left=effects.actions_left, turn=turn,
                                max_states=effects.effect_states,
                                choose=effects.choose if effects.choose is not None or not asked.writes else ONLY)
    resolution, chosen = result.resolution, result.chosen
    card_name = str(s.cards.name(asked.being, s.loc))
    comments = applied_comments(result.applied, s.board, s.loc, card_name)[:-1]   # all but "not resolved"
    picture = None if asked.svg is None else (asked.svg, _effects_svg(s, result, [card_name, *comments]))
    if asked.json and chosen is None and not asked.writes:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        if picture is not None:
            s.write(*picture, *asked.inputs, announce=False)
        said = (lambda o: outcome_lines(o, s.loc)) if effects.words else None
        print_json("summon-apply", jsonout.summon_effects(result, s.board, limit, streamed=True, words=said))
        return
    if resolution is None:
        comments.append(s.loc.msg("effect.not_resolved", card=card_name))
    elif result.outcome is not None:
        comments.append(s.loc.msg("effect.chosen", n=chosen, count=resolution.count))
        comments += outcome_lines(result.outcome, s.loc)
    if chosen is None and resolution is not None:
        if picture is not None:
            s.write(*picture, *asked.inputs)
        s.say([*comments, s.loc.msg("effect.count", count=resolution.count),
               *resolution_lines(resolution, s.loc, limit)])
        return

    def as_json() -> None:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("summon-apply", jsonout.summon_effects(result, s.board, limit, chosen))

    _write_applied(s, asked, _Answer(result.position, comments,
                                     turn_yaml(result.turn, s.board, comments[:1]),
                                     as_json if asked.json else None, picture))


def _effects_svg(s: TashkalarSession, result: SummonResolved, said: list[str]) -> str:
    """The summon drawn with the outcome chosen (else the first), or with its effect not resolved."""
    # deferred: the effects' renderer, which summon --apply loads for --svg or --effects only
    from tashkalar_cli.games.tashkalar.render.effects import applied_svg

    resolution = result.resolution
    if resolution is None or not resolution.count:
        card = said[0]
        return applied_svg(s.board, result.applied, [*said, s.loc.msg("effect.not_resolved", card=card)], s.loc)
    n = result.chosen or 1
    return applied_svg(s.board, result.applied, said, s.loc, resolution.outcomes[n - 1], n, resolution.count)


__all__ = ["ApplyAsked", "EffectsAsked", "apply_summon"]

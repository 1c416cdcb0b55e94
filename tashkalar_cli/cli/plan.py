"""``tashkalar plan``: every way to summon within the actions left (or the opponents' threats), and
``summon --apply``: the position after a summon."""

# No ``from __future__ import annotations`` here: Typer reads the signature of ``plan`` (some twenty
# options) twice when it builds the command, and would evaluate each annotation from its text each
# time (a few milliseconds of every ``plan``); the other functions' annotations of names imported
# for type checking only are written as text.
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.cli.common import (
    DataOption,
    ForceOption,
    JsonOption,
    LangOption,
    PiecesOption,
    PlayerOption,
    PositionOption,
    SvgOption,
    print_json,
    session,
)
from tashkalar_cli.cli.options import ModeOption
from tashkalar_cli.engine.bounds import EFFECTS_BUDGET
from tashkalar_cli.errors import InputError, Term, quote

if TYPE_CHECKING:
    from tashkalar_cli.cli.common import Session
    from tashkalar_cli.engine.planner import PlanReport
    from tashkalar_cli.engine.summoning import Applied
    from tashkalar_cli.model.cards import Being
    from tashkalar_cli.model.position import Position
    from tashkalar_cli.model.turn import Turn


def _split(values: list[str] | None) -> list[str]:
    return [v.strip() for value in values or [] for v in value.split(",") if v.strip()]


def plan(
    player: PlayerOption,
    position: PositionOption = None,
    pieces: PiecesOption = None,
    hand: Annotated[Optional[list[str]], typer.Option(
        "--hand", help="The cards to plan for: repeat the option, or separate them with commas.",
        metavar="CARD,...", show_default=False)] = None,
    deck: Annotated[Optional[list[str]], typer.Option(
        "--deck", help="Plan for the beings of this deck (with --hand: both). With --threats: an opponent's deck, "
                       "DECK or COLOR=DECK.", metavar="DECK", show_default=False)] = None,
    actions: Annotated[Optional[int], typer.Option(
        "--actions", help="Actions left this turn (default: the actions of a turn).", metavar="N",
        show_default=False)] = None,
    first_turn: Annotated[bool, typer.Option(
        "--first-turn", help="The starting player's first turn: its number of actions.")] = False,
    threats: Annotated[bool, typer.Option(
        "--threats", help="What each opponent could summon on their next turn, instead of your plans.")] = False,
    positions: Annotated[bool, typer.Option(
        "--positions", help="Also give the position after each plan (JSON, with every plan listed), or after each "
                            "card's best plan.")] = False,
    all_plans: Annotated[bool, typer.Option(
        "--all-plans", help="JSON: list every plan in full, instead of one entry per card, summoning square and "
                            "orientation with its first actions.")] = False,
    task: Annotated[Optional[str], typer.Option(
        "--task", help="Can PLAYER claim this High Form task at the end of this turn, and how: every way with the "
                       "actions left and the cards of --hand, effects included.", metavar="TASK",
        show_default=False)] = None,
    flare: Annotated[Optional[str], typer.Option(
        "--flare", help="Every way to end this turn with this flare playable by the next player.", metavar="FLARE",
        show_default=False)] = None,
    against: Annotated[Optional[str], typer.Option(
        "--against", help="With --task: the opponent the task compares with (default: the only one).",
        metavar="COLOR", show_default=False)] = None,
    limit: Annotated[Optional[int], typer.Option(
        "--limit", help="With --task or --flare: list at most N ways; else (JSON) at most N outcomes of each "
                        "summon's effect. The counts stay exact.", metavar="N", show_default=False)] = None,
    effect_states: Annotated[int, typer.Option(
        "--effect-states", help="The bound on the effects resolved for the whole answer, in positions explored "
                                "(0: no bound).", metavar="N", show_default=True)] = EFFECTS_BUDGET,
    mode: ModeOption = None,
    svg: SvgOption = None,
    force: ForceOption = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Every way PLAYER can summon each card this turn: now, after placing a piece, or after another summon."""
    s = session(lang, data, force)
    pos = s.position(position, pieces, mode)
    inputs = (position,)
    negative = [n for n in (limit, effect_states) if n is not None and n < 0]
    if negative:
        raise InputError(key="plan-limit", limit=negative[0])
    # tens of thousands of small objects made (plans, the states of their effects, their answer) and no cycle
    # among them: the cycle collector, which would scan them again and again, is paused (and its state
    # restored); they are freed (by reference counting) when _plans returns, before it resumes, else its
    # first pass would scan them all once more. For a goal, the pause also covers what the engine's modules
    # and the cards make as they are imported and read (kept to the end: some thirty passes, a few ms)
    from tashkalar_cli.engine.collector import collector_paused

    if task is not None or flare is not None:
        if threats or positions or all_plans or svg is not None or deck or (task is not None and flare is not None):
            raise InputError(key="plan-goal-options")
        with collector_paused():
            _goal(s, pos, player, task, flare, _split(hand), actions, first_turn, against, limit, json)
        return
    if against is not None:
        raise InputError(key="plan-goal-only")
    with collector_paused():
        _plans(s, pos, player, hand, deck, actions, first_turn, threats, positions, all_plans, svg, json, inputs,
               effect_states, limit)


def _plans(s: "Session", pos: "Position", player: str, hand: list[str] | None, deck: list[str] | None,
           actions: int | None, first_turn: bool, threats: bool, positions: bool, all_plans: bool, svg: str | None,
           json: bool, inputs: tuple[str | None, ...], budget: int, limit: int | None) -> None:
    """``plan`` (or ``plan --threats``) once its input is read (``budget``: ``--effect-states``)."""
    if threats:
        _threats(s, pos, player, deck, hand, actions, first_turn, positions, all_plans, svg, json, inputs, budget,
                 3 if limit is None else limit)
        return
    cards: list[Being] = []
    for d in _split(deck):
        chosen = s.game.word("deck", d, "--deck")   # an id or a name in any language
        cards += [c for c in s.cards.beings if c.deck == chosen]
    cards += [s.game.being(n) for n in _split(hand)]
    report = s.game.plan(pos, player, cards or None, actions=actions, first_turn=first_turn, effects_budget=budget)
    if svg is not None:
        from tashkalar_cli.render.plan import plan_svg

        s.write(svg, plan_svg(s.board, pos, report, s.loc, _namer(s)), *inputs, announce=not json)
    if json:
        from tashkalar_cli.render import jsonout

        # every plan and its position written as it is made (--all-plans: tens of thousands)
        made = (lambda p: s.game.planner.resulting_position(pos, report.player, p)[0]) if positions else None
        print_json("plan", jsonout.plan_report(report, s.board, made, every=all_plans or positions,
                                               outcomes=3 if limit is None else limit, streamed=True))
        return
    after = _positions(s, pos, report, False) if positions else None
    from tashkalar_cli.render.plan import report_renderable

    s.console.print(report_renderable(report, s.board, s.loc, _namer(s), positions=after, pos=pos))

#: the ways listed by default (--limit)
GOAL_LIMIT = 10


def _goal(s: "Session", pos: "Position", player: str, task: str | None, flare: str | None, hand: list[str],
          actions: int | None, first_turn: bool, against: str | None, limit: int | None, json: bool) -> None:
    """``plan --task`` / ``plan --flare``: every way to end the turn with the goal met."""
    cards = [s.game.being(n) for n in hand]
    following = None
    if task is not None:
        from tashkalar_cli.model.types import Mode

        if pos.mode is not Mode.HIGH_FORM:
            raise InputError(key="tasks-high-form", mode=Term("mode", str(pos.mode)))
        report = s.game.plan_task(pos, player, task, cards, actions=actions, first_turn=first_turn, against=against)
        card = s.game.card(task)
    else:
        if against is not None:
            raise InputError(key="plan-goal-options")
        following, report = s.game.plan_flare(pos, player, flare or "", cards, actions=actions, first_turn=first_turn)
        card = s.game.card(flare or "")
    shown = GOAL_LIMIT if limit is None else limit
    if json:
        from tashkalar_cli.render import jsonout

        print_json("plan", jsonout.goal_report(report, s.board, "task" if task is not None else "flare", card.id,
                                               following, shown))
        return
    from tashkalar_cli.render.plan import goal_renderable

    s.console.print(goal_renderable(report, s.board, s.loc, _namer(s), str(s.cards.name(card, s.loc)),
                                    following, shown, pos))


def _threats(s: "Session", pos: "Position", player: str, deck: list[str] | None, hand: list[str] | None,
             actions: int | None, first_turn: bool, positions: bool, all_plans: bool, svg: str | None, json: bool,
             inputs: tuple[str | None, ...], budget: int, outcomes: int) -> None:
    if hand:
        raise InputError(key="plan-threats-hand")
    if first_turn or positions:
        raise InputError(key="plan-threats-options")
    me = s.game.color(player, "--player")
    decks: dict[str, str] = {}
    for item in _split(deck):
        if "=" in item:
            color, name = (part.strip() for part in item.split("=", 1))
            decks[s.game.color(color, "--deck")] = name
        else:
            others = [c for c in dict.fromkeys([*pos.colors, *pos.decks]) if c != me]
            if len(others) != 1:
                raise InputError(key="plan-deck-form", value=quote(item))
            decks[others[0]] = item
    found = s.game.threats(pos, player, decks, actions=actions, effects_budget=budget)
    if svg is not None:
        from tashkalar_cli.render.plan import plan_svg

        # one drawing per opponent would need several files: the first opponent's, as a start
        opp = found.opponents[0]
        s.write(svg, plan_svg(s.board, pos, opp.report, s.loc, _namer(s)), *inputs, announce=not json)
    if json:
        from tashkalar_cli.render import jsonout

        # with --all-plans, every plan written as it is made (tens of thousands)
        print_json("plan", jsonout.threats(found, s.board, found.opponents[0].report.actions, every=all_plans,
                                           outcomes=outcomes, streamed=True))
        return
    from tashkalar_cli.render.plan import threats_renderable

    s.console.print(threats_renderable(found, s.board, s.loc, _namer(s)))


def _namer(s: "Session") -> "Callable[[Being], str]":
    names: dict[str, str] = {}

    def name(card: "Being") -> str:
        got = names.get(card.id)
        if got is None:
            got = names[card.id] = str(s.cards.name(card, s.loc))
        return got

    return name


def _positions(s: "Session", pos: "Position", report: "PlanReport", every: bool) -> "dict[int, Position]":
    """The position after each plan (``every``), or after each card's best plan."""
    chosen = report.plans if every else [p for p in (report.best(c) for c in report.reachable) if p is not None]
    return {id(p): s.game.planner.resulting_position(pos, report.player, p)[0] for p in chosen}


# ---------------------------------------------------------------------- summon --apply

def apply_summon(s: "Session", being: "Being", pos: "Position", player: str, at: str | None, orientation: str | None,
                 take_back: str | None, out: str | None, turn_path: str | None, record: str | None, json: bool, *,
                 apply: bool, allow_enemy: str | None, inputs: tuple[str | None, ...],
                 effects: tuple[int | None, int | None, int | None, int | None] | None = None,
                 svg: str | None = None) -> None:
    """``summon CARD --apply --at SQUARE``: the position after the summon, printed or written; with
    ``effects`` (``--effects``: the outcome chosen, the limit of outcomes listed, the actions left), the
    card's effect resolved; ``svg``: the summon (and the outcome chosen, else the first) drawn there."""
    from tashkalar_cli.engine.summoning import ChoiceError
    from tashkalar_cli.render.plan import applied_comments, position_yaml, turn_yaml

    if not apply:
        raise InputError(key="effects-needs-apply" if effects is not None else "apply-options")
    if at is None:
        raise InputError(key="apply-needs-at")
    if allow_enemy is not None:
        raise InputError(key="apply-enemy")
    turn = s.game.turn(turn_path) if turn_path is not None else None
    try:
        if effects is not None:
            _apply_effects(s, being, pos, player, at, orientation, take_back, out, turn, turn_path, record, json,
                           inputs, *effects, svg=svg)
            return
        applied = s.game.apply(being, pos, player, at, orientation=orientation, take_back=take_back, turn=turn)
    except ChoiceError as exc:
        if not json:
            raise
        from tashkalar_cli.render import jsonout

        print_json("summon-apply", jsonout.summon_apply_choices(being.id, s.game.color(player, "--player"),
                                                s.board.name(s.board.parse(at)), exc.message, exc.choices))
        raise typer.Exit(2) from None
    card_name = str(s.cards.name(being, s.loc))
    comments = applied_comments(applied, s.board, s.loc, card_name)
    picture = None
    if svg is not None:
        from tashkalar_cli.render.effects import applied_svg

        picture = (svg, applied_svg(s.board, applied, [card_name, *comments], s.loc))
    _write_applied(s, position_yaml(applied.position, comments), turn_yaml(applied.turn, s.board, comments[:1]),
                   out, record, turn_path, inputs, (lambda: _json_applied(s, applied)) if json else None, picture)


def _json_applied(s: "Session", applied: "Applied") -> None:
    from tashkalar_cli.render import jsonout

    print_json("summon-apply", jsonout.summon_apply(applied, s.board))


def _write_applied(s: "Session", text: str, turn_text: str, out: str | None, record: str | None,
                   turn_path: str | None, inputs: tuple[str | None, ...],
                   json: Callable[[], None] | None, picture: tuple[str, str] | None = None) -> None:
    """The position after a summon (and its effect) written to ``out`` or printed, and the turn record
    written to ``record`` (in place when it is the record read, if the tool wrote it); ``json``: a
    function printing the JSON answer instead of the text (or None); ``picture``: (path, SVG) saved
    with them (``--svg``)."""
    from tashkalar_cli.data.output import same_file, written_by_tool

    sources = [i for i in (*inputs, turn_path) if i]
    in_place = record is not None and turn_path is not None and same_file(record, turn_path)
    if in_place and turn_path is not None:  # the record read is updated: allowed for a record the tool
        if not written_by_tool(turn_path):  # wrote, never for another file
            raise InputError(key="record-in-place-not-ours", path=record)
        sources.remove(turn_path)
    outputs = [(out, text)] if out is not None else []
    if record is not None:
        outputs.append((record, turn_text))
    if picture is not None:
        outputs.append(picture)
    s.write_all(outputs, *sources)  # every output checked before the first is written
    if picture is not None and json is None:
        typer.echo(s.loc.msg("picture.written", path=picture[0]), err=True)
    if json is not None:
        json()
        return
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(s.loc.msg("apply.written", path=out))
    if record is not None:
        typer.echo(s.loc.msg("apply.record_updated" if in_place else "apply.record_written", path=record))
    elif turn_path is not None:  # the record was read, not changed: say so (on standard error: the
        # position printed on standard output stays a position file)
        typer.echo(s.loc.msg("apply.turn_unchanged", path=turn_path), err=True)


def _apply_effects(s: "Session", being: "Being", pos: "Position", player: str, at: str, orientation: str | None,
                   take_back: str | None, out: str | None, turn: "Turn | None", turn_path: str | None,
                   record: str | None, json: bool, inputs: tuple[str | None, ...], choose: int | None,
                   limit: int | None, actions_left: int | None, effect_states: int | None,
                   svg: str | None = None) -> None:
    """``summon --apply --effects``: every outcome of the card's effect, or (``--choose N``) the position
    after one of them, printed or written as ``--apply`` does; ``svg``: the outcome chosen (else the
    first) drawn there, before and after."""
    import dataclasses

    from tashkalar_cli.render.effects import outcome_lines, resolution_lines
    from tashkalar_cli.render.plan import applied_comments, position_yaml, turn_yaml

    if limit is not None and limit < 0:
        raise InputError(key="effects-limit", limit=limit)
    result = s.game.resolve(being, pos, player, at, orientation=orientation, take_back=take_back,
                            actions_left=actions_left, turn=turn, max_states=effect_states)
    applied = result.applied
    card_name = str(s.cards.name(being, s.loc))
    resolution = result.resolution
    if resolution is None:
        if choose is not None:
            raise InputError(key="effects-no-data", card=Term("card", being.id))
    elif choose is None and (out is not None or record is not None):
        if resolution.count != 1:
            raise InputError(key="effects-choose-needed", count=resolution.count)
        choose = 1
    if resolution is not None and choose is not None and not 1 <= choose <= resolution.count:
        raise InputError(key="effects-choose", n=choose, count=resolution.count)
    comments = applied_comments(applied, s.board, s.loc, card_name)[:-1]   # all but "not resolved"
    picture = None
    if svg is not None:
        from tashkalar_cli.render.effects import applied_svg

        if resolution is None or not resolution.count:
            said = [card_name, *comments, s.loc.msg("effect.not_resolved", card=card_name)]
            picture = (svg, applied_svg(s.board, applied, said, s.loc))
        else:
            n = choose or 1
            picture = (svg, applied_svg(s.board, applied, [card_name, *comments], s.loc, resolution.outcomes[n - 1],
                                        n, resolution.count))
    if json and choose is None and out is None and record is None:
        from tashkalar_cli.render import jsonout

        if picture is not None:
            s.write(*picture, *inputs, announce=False)
        print_json("summon-apply", jsonout.summon_effects(result, s.board, limit, streamed=True))
        return
    position = applied.position
    record_turn = applied.turn
    if resolution is None:
        comments.append(s.loc.msg("effect.not_resolved", card=card_name))
    elif choose is not None:
        outcome = resolution.outcomes[choose - 1]
        comments.append(s.loc.msg("effect.chosen", n=choose, count=resolution.count))
        comments += outcome_lines(outcome, s.loc)
        position = outcome.position
        record_turn = dataclasses.replace(applied.turn,
                                          destroyed=[*applied.turn.destroyed, *(p for _, p in outcome.destroyed)])
    if choose is None and resolution is not None:
        if picture is not None:
            s.write(*picture, *inputs)
        typer.echo("\n".join([*comments, s.loc.msg("effect.count", count=resolution.count),
                               *resolution_lines(resolution, s.loc, limit)]))
        return
    def as_json() -> None:
        from tashkalar_cli.render import jsonout

        print_json("summon-apply", jsonout.summon_effects(result, s.board, limit, choose))

    _write_applied(s, position_yaml(position, comments), turn_yaml(record_turn, s.board, comments[:1]),
                   out, record, turn_path, inputs, as_json if json else None, picture)


__all__ = ["apply_summon", "plan"]

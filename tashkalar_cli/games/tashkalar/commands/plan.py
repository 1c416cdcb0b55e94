"""``tashkalar plan``: every way to summon within the actions left (or the opponents' threats, or the ways
to a task or a flare)."""

# No ``from __future__ import annotations`` here: Typer reads the signature of ``plan`` (some twenty
# options) twice when it builds the command, and would evaluate each annotation from its text each
# time (a few milliseconds of every ``plan``); the other functions' annotations of names imported
# for type checking only are written as text.
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, SvgOption, print_json
from tashkalar_cli.data.progress import step
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.commands import session
from tashkalar_cli.games.tashkalar.commands.options import ModeOption, PiecesOption, PlayerOption, PositionOption
from tashkalar_cli.games.tashkalar.engine.bounds import EFFECTS_BUDGET

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.commands import TashkalarSession
    from tashkalar_cli.games.tashkalar.engine.planner import PlanReport
    from tashkalar_cli.games.tashkalar.model.cards import Being
    from tashkalar_cli.games.tashkalar.model.position import Position


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
    negative = [n for n in (limit, effect_states) if n is not None and n < 0]
    if negative:
        raise InputError(key="plan-limit", value=negative[0])   # a value as typed (errors.NOT_QUANTITIES)
    asked = PlanAsked(player, hand, deck, actions, first_turn, positions, all_plans, svg, json,
                      (position,), effect_states, limit)
    # tens of thousands of small objects made (plans, the states of their effects, their answer) and no cycle
    # among them: the cycle collector, which would scan them again and again, is paused (and its state
    # restored); they are freed (by reference counting) when _plans returns, before it resumes, else its
    # first pass would scan them all once more. For a goal, the pause also covers what the engine's modules
    # and the cards make as they are imported and read (kept to the end: some thirty passes, a few ms)
    from tashkalar_cli.command.collector import collector_paused  # deferred: not loaded by --help

    if task is not None or flare is not None:
        if threats or positions or all_plans or svg is not None or deck or (task is not None and flare is not None):
            raise InputError(key="plan-goal-options")
        with collector_paused():
            _goal(s, pos, asked, task, flare, against)
        return
    if against is not None:
        raise InputError(key="plan-goal-only")
    with collector_paused():
        if threats:
            _threats(s, pos, asked)
        else:
            _plans(s, pos, asked)


@dataclass(frozen=True)
class PlanAsked:
    """The options of ``plan``, read: the player, the cards (``--hand``, ``--deck``: the words given, each
    maybe several separated by commas), the actions left, what to show and where (``--svg``, ``--json``;
    ``inputs``: the files read, never overwritten), the bound on the effects resolved (``--effect-states``)
    and ``--limit``."""

    player: str
    hand: list[str] | None
    deck: list[str] | None
    actions: int | None
    first_turn: bool
    positions: bool
    all_plans: bool
    svg: str | None
    json: bool
    inputs: tuple[str | None, ...]
    budget: int
    limit: int | None


def _plans(s: "TashkalarSession", pos: "Position", asked: PlanAsked) -> None:
    """``plan`` once its input is read."""
    with step("progress.plan"):   # a line on a terminal when the search lasts
        report = s.rules.plan(pos, asked.player, _split(asked.hand) or None, decks=asked.deck, actions=asked.actions,
                             first_turn=asked.first_turn, effects_budget=asked.budget)
    if asked.svg is not None:
        # deferred: the text's and picture's renderer, not with --json
        from tashkalar_cli.games.tashkalar.render.plan import plan_svg

        s.write(asked.svg, plan_svg(s.board, pos, report, s.loc, _namer(s)), *asked.inputs, announce=not asked.json)
    if asked.json:
        from tashkalar_cli.games.tashkalar.render import jsonplan  # deferred: the JSON answers, with --json only

        # every plan and its position written as it is made (--all-plans: tens of thousands)
        made = (lambda p: s.rules.planner.resulting_position(pos, report.player, p)[0]) if asked.positions else None
        print_json("plan", jsonplan.plan_report(report, s.board, made, every=asked.all_plans or asked.positions,
                                               outcomes=3 if asked.limit is None else asked.limit, streamed=True))
        return
    after = _positions(s, pos, report, False) if asked.positions else None
    # deferred: the text's and picture's renderer, not with --json
    from tashkalar_cli.games.tashkalar.render.plan import report_renderable

    s.console.print(report_renderable(report, s.board, s.loc, _namer(s), positions=after, pos=pos))

#: the ways listed by default (--limit)
GOAL_LIMIT = 10


def _goal(s: "TashkalarSession", pos: "Position", asked: PlanAsked, task: str | None, flare: str | None,
          against: str | None) -> None:
    """``plan --task`` / ``plan --flare``: every way to end the turn with the goal met."""
    cards = [s.rules.being(n) for n in _split(asked.hand)]
    player, actions, first_turn = asked.player, asked.actions, asked.first_turn
    following = None
    if task is not None:
        report = s.rules.plan_task(pos, player, task, cards, actions=actions, first_turn=first_turn, against=against)
        card = s.rules.card(task)
    else:
        if against is not None:
            raise InputError(key="plan-goal-options")
        following, report = s.rules.plan_flare(pos, player, flare or "", cards, actions=actions, first_turn=first_turn)
        card = s.rules.card(flare or "")
    shown = GOAL_LIMIT if asked.limit is None else asked.limit
    if asked.json:
        from tashkalar_cli.games.tashkalar.render import jsonplan  # deferred: the JSON answers, with --json only

        print_json("plan", jsonplan.goal_report(report, s.board, "task" if task is not None else "flare", card.id,
                                               following, shown))
        return
    # deferred: the text's and picture's renderer, not with --json
    from tashkalar_cli.games.tashkalar.render.plan import goal_renderable

    s.console.print(goal_renderable(report, s.board, s.loc, _namer(s), str(s.cards.name(card, s.loc)),
                                    following, shown, pos))


def _threats(s: "TashkalarSession", pos: "Position", asked: PlanAsked) -> None:
    """``plan --threats``: what each opponent could summon on their next turn."""
    if asked.hand:
        raise InputError(key="plan-threats-hand")
    if asked.first_turn or asked.positions:
        raise InputError(key="plan-threats-options")
    with step("progress.plan"):
        found = s.rules.threats(pos, asked.player, asked.deck or [], actions=asked.actions, effects_budget=asked.budget)
    if asked.svg is not None:
        # deferred: the text's and picture's renderer, not with --json
        from tashkalar_cli.games.tashkalar.render.plan import plan_svg

        # one drawing per opponent would need several files: the first opponent's, as a start
        opp = found.opponents[0]
        s.write(asked.svg, plan_svg(s.board, pos, opp.report, s.loc, _namer(s)), *asked.inputs,
                announce=not asked.json)
    if asked.json:
        from tashkalar_cli.games.tashkalar.render import jsonplan  # deferred: the JSON answers, with --json only

        # with --all-plans, every plan written as it is made (tens of thousands)
        print_json("plan", jsonplan.threats(found, s.board, found.opponents[0].report.actions, every=asked.all_plans,
                                           outcomes=3 if asked.limit is None else asked.limit, streamed=True))
        return
    # deferred: the text's and picture's renderer, not with --json
    from tashkalar_cli.games.tashkalar.render.plan import threats_renderable

    s.console.print(threats_renderable(found, s.board, s.loc, _namer(s)))


def _namer(s: "TashkalarSession") -> "Callable[[Being], str]":
    names: dict[str, str] = {}

    def name(card: "Being") -> str:
        got = names.get(card.id)
        if got is None:
            got = names[card.id] = str(s.cards.name(card, s.loc))
        return got

    return name


def _positions(s: "TashkalarSession", pos: "Position", report: "PlanReport", every: bool) -> "dict[int, Position]":
    """The position after each plan (``every``), or after each card's best plan."""
    chosen = report.plans if every else [p for p in (report.best(c) for c in report.reachable) if p is not None]
    return {id(p): s.rules.planner.resulting_position(pos, report.player, p)[0] for p in chosen}


__all__ = ["plan"]

"""``tashkalar plan``: every way to summon within the actions left (or the opponents' threats), and
``summon --apply``: the position after a summon."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from tashkalar_cli.cli.common import (
    DataOption,
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
from tashkalar_cli.errors import InputError, Term, quote

if TYPE_CHECKING:
    from tashkalar_cli.cli.common import Session
    from tashkalar_cli.engine.planner import PlanReport
    from tashkalar_cli.model.cards import Being
    from tashkalar_cli.model.position import Position


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
        "--positions", help="Also give the position after each plan (JSON), or after each card's best plan.")] = False,
    mode: ModeOption = None,
    svg: SvgOption = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Every way PLAYER can summon each card this turn: now, after placing a piece, or after another summon."""
    s = session(lang, data)
    pos = s.position(position, pieces, mode)
    inputs = (position,)
    if threats:
        _threats(s, pos, player, deck, hand, actions, first_turn, positions, svg, json, inputs)
        return
    cards: list[Being] = []
    for d in _split(deck):
        if "=" in d or d not in s.game.decks:
            raise InputError(key="plan-unknown-deck", deck=d, decks=Term("deck", s.game.decks))
        cards += [c for c in s.cards.beings if c.deck == d]
    cards += [s.game.being(n) for n in _split(hand)]
    report = s.game.plan(pos, player, cards or None, actions=actions, first_turn=first_turn)
    after = _positions(s, pos, report, json) if positions else None
    if svg is not None:
        from tashkalar_cli.render.plan import plan_svg

        s.write(svg, plan_svg(s.board, pos, report, s.loc, _namer(s)), *inputs)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("plan", jsonout.plan_report(report, s.board, after))
        return
    from tashkalar_cli.render.plan import report_renderable

    s.console.print(report_renderable(report, s.board, s.loc, _namer(s), positions=after, pos=pos))


def _threats(s: Session, pos: Position, player: str, deck: list[str] | None, hand: list[str] | None,
             actions: int | None, first_turn: bool, positions: bool, svg: str | None, json: bool,
             inputs: tuple[str | None, ...]) -> None:
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
    found = s.game.threats(pos, player, decks, actions=actions)
    if svg is not None:
        from tashkalar_cli.render.plan import plan_svg

        # one drawing per opponent would need several files: the first opponent's, as a start
        opp = found.opponents[0]
        s.write(svg, plan_svg(s.board, pos, opp.report, s.loc, _namer(s)), *inputs)
    if json:
        from tashkalar_cli.render import jsonout

        print_json("plan", jsonout.threats(found, s.board, found.opponents[0].report.actions))
        return
    from tashkalar_cli.render.plan import threats_renderable

    s.console.print(threats_renderable(found, s.board, s.loc, _namer(s)))


def _namer(s: Session) -> Callable[[Being], str]:
    names: dict[str, str] = {}

    def name(card: Being) -> str:
        got = names.get(card.id)
        if got is None:
            got = names[card.id] = str(s.cards.name(card, s.loc))
        return got

    return name


def _positions(s: Session, pos: Position, report: PlanReport, every: bool) -> dict[int, Position]:
    """The position after each plan (``every``), or after each card's best plan."""
    chosen = report.plans if every else [p for p in (report.best(c) for c in report.reachable) if p is not None]
    return {id(p): s.game.planner.resulting_position(pos, report.player, p)[0] for p in chosen}


# ---------------------------------------------------------------------- summon --apply

def apply_summon(s: Session, being: Being, pos: Position, player: str, at: str | None, orientation: str | None,
                 take_back: str | None, out: str | None, turn_path: str | None, record: str | None, json: bool, *,
                 apply: bool, allow_enemy: str | None, inputs: tuple[str | None, ...]) -> None:
    """``summon CARD --apply --at SQUARE``: the position after the summon, printed or written."""
    from tashkalar_cli.engine.summoning import ChoiceError
    from tashkalar_cli.render.plan import applied_comments, position_yaml, turn_yaml

    if not apply:
        raise InputError(key="apply-options")
    if at is None:
        raise InputError(key="apply-needs-at")
    if allow_enemy is not None:
        raise InputError(key="apply-enemy")
    turn = s.game.turn(turn_path) if turn_path is not None else None
    try:
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
    text = position_yaml(applied.position, comments)
    sources = [i for i in (*inputs, turn_path) if i]
    outputs = [(out, text)] if out is not None else []
    if record is not None:
        outputs.append((record, turn_yaml(applied.turn, s.board, comments[:1])))
    s.write_all(outputs, *sources)  # every output checked before the first is written
    if json:
        from tashkalar_cli.render import jsonout

        print_json("summon-apply", jsonout.summon_apply(applied, s.board))
        return
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(s.loc.msg("apply.written", path=out))
    if record is not None:
        typer.echo(s.loc.msg("apply.record_written", path=record))


__all__ = ["apply_summon", "plan"]

"""``tashkalar flare check``, ``tashkalar task check`` and ``tashkalar score``: questions of play."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session
from tashkalar_cli.cli.summon import ModeOption, PiecesOption, PlayerOption, PositionOption, check_color, player_and_position

flare_app = typer.Typer(help="May I invoke this flare now, and which half?", no_args_is_help=True)
task_app = typer.Typer(help="May I claim this High Form task?", no_args_is_help=True)
AgainstOption = Annotated[Optional[str], typer.Option(
    "--against", help="The opponent to compare with (required in a melee).", metavar="COLOR", show_default=False)]
AllOption = Annotated[bool, typer.Option("--all", help="Check every one of them.")]


@flare_app.command("check")
def flare_check(
    flare: Annotated[Optional[str], typer.Argument(help="The flare (id such as flare-3-6, or '3/6').", show_default=False)] = None,
    player: PlayerOption = ...,
    position: PositionOption = None,
    pieces: PiecesOption = None,
    against: AgainstOption = None,
    all_: AllOption = False,
    mode: ModeOption = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Compare upgraded and total pieces with the flare's thresholds: which halves may be resolved."""
    from tashkalar_cli.errors import InputError
    from tashkalar_cli.engine.flares import check_flare
    from tashkalar_cli.model.sides import opponent

    s = session(lang, data)
    player, pos = player_and_position(s, player, position, pieces, mode)
    vs = opponent(pos, player, against)
    if all_:
        flares = [c for c in s.cards.cards if c.type == "flare"]
    elif flare:
        flares = [s.cards.find_of_type(flare, ("flare",), "a flare")]
    else:
        raise InputError("name a flare, or use --all")
    results = [check_flare(c, pos, player, vs, s.dataset.facts["game"]) for c in flares]
    if json:
        out = [flare_json(r) for r in results]
        print_json(out[0] if not all_ else {"player": player, "against": vs, "flares": out})
        return
    from tashkalar_cli.render.play import flare_renderable

    s.console.print(flare_renderable(results, s.cards, s.loc, all_))


def flare_json(r) -> dict:
    return {"flare": r.card.id, "player": r.player, "against": r.against, "player_pieces": r.mine,
            "opponent_pieces": r.theirs, "differences": r.differences,
            "upper_threshold": r.card.thresholds["upper"], "lower_threshold": r.card.thresholds["lower"],
            "upper": r.upper_met, "lower": r.lower_met, "can_invoke": r.can_invoke, "resolve": r.halves,
            "point": ({"to": r.point_to, "points": r.points, "in_color": r.point_in_color} if r.point_to else None)}


@task_app.command("check")
def task_check(
    task: Annotated[Optional[str], typer.Argument(help="The task (id or name, any language).", show_default=False)] = None,
    player: PlayerOption = ...,
    position: PositionOption = None,
    pieces: PiecesOption = None,
    turn: Annotated[Optional[str], typer.Option("--turn", help="Turn record (YAML) for the tasks about this turn.",
                                                metavar="FILE", show_default=False)] = None,
    against: AgainstOption = None,
    all_: AllOption = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Is the task's criterion met? Which pieces meet it, or what is missing; and the High Form score."""
    from tashkalar_cli.errors import InputError
    from tashkalar_cli.engine.tasks import Context, check_task, high_form_score
    from tashkalar_cli.model.turn import load_turn

    s = session(lang, data)
    player, pos = player_and_position(s, player, position, pieces, "high-form")
    record = load_turn(turn, s.board, s.dataset.facts["game"], s.cards) if turn else None
    others = [c for c in pos.colors if c != player]
    vs = check_color(s, against, "--against") if against else (others[0] if len(others) == 1 else None)
    if all_:
        tasks = [c for c in s.cards.cards if c.type == "task"]
    elif task:
        tasks = [s.cards.find_of_type(task, ("task",), "a task")]
    else:
        raise InputError("name a task, or use --all")
    ctx = Context(pos, player, vs, record, s.cards)
    results = [check_task(c, ctx) for c in tasks]
    if not all_ and results[0].met is None:
        raise InputError(f"'{tasks[0].id}' depends on what happened this turn: give --turn FILE")
    score = high_form_score(pos, player, s.cards, pos.tasks_claimed.get(player, []), s.dataset.facts["game"])
    if json:
        out = [task_json(r, s.board) for r in results]
        print_json({"player": player, "tasks": out, "score": score} if all_ else {**out[0], "player": player, "score": score})
        return
    from tashkalar_cli.render.play import task_renderable

    s.console.print(task_renderable(results, s.cards, s.loc, s.board, pos, score, player))


def task_json(r, board) -> dict:
    return {"task": r.task, "met": r.met, "against": r.against,
            "requirements": [{"what": q.what, "have": q.have, "need": q.need, "ok": q.ok, **q.params} for q in r.requirements],
            "squares": [board.name(sq) for sq in r.squares]}


def score(
    turn: Annotated[str, typer.Option("--turn", help="Turn record (YAML): destroyed pieces, beings summoned, flares.",
                                      metavar="FILE", show_default=False)],
    mode: Annotated[Optional[str], typer.Option(help="duel or melee (default: the turn record's).")] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players in a melee (3 or 4).")] = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Deathmatch points scored in one turn, and whether the end of the game is triggered."""
    from tashkalar_cli.errors import InputError
    from tashkalar_cli.engine.scoring import score_turn
    from tashkalar_cli.model.turn import load_turn

    s = session(lang, data)
    record = load_turn(turn, s.board, s.dataset.facts["game"], s.cards)
    if mode:
        if mode not in ("duel", "melee"):
            raise InputError(f"--mode: deathmatch scoring is for duel or melee, not '{mode}'")
        record.mode = mode
    if players:
        record.players = players
    if record.mode == "melee" and record.players not in (3, 4):
        raise InputError("a melee has 3 or 4 players: give --players")
    if record.mode == "high-form":
        raise InputError("the High Form scores tasks and legendary pieces: use 'tashkalar task check'")
    result = score_turn(record, s.dataset.facts["game"], s.cards)
    if json:
        print_json({"mode": result.mode, "player": result.player, "players": record.players,
                    "lines": [{"to": x.who, "points": x.points, "reason": x.reason, "color": x.color,
                               "choices": x.choices} for x in result.lines],
                    "points": result.points_for, "ignored_own_pieces": result.ignored,
                    "totals": result.totals, "threshold": result.threshold, "end_triggered": result.end_triggered,
                    "end_possible": result.end_possible})
        return
    from tashkalar_cli.render.play import score_renderable

    s.console.print(score_renderable(result, s.loc))

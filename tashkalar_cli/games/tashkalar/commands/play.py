"""``tashkalar flare check``, ``tashkalar task check`` and ``tashkalar score``: questions of play."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, SvgOption, print_json
from tashkalar_cli.errors import InputError, Term
from tashkalar_cli.games.tashkalar.commands import session
from tashkalar_cli.games.tashkalar.commands.options import (
    AgainstOption,
    AllOption,
    DeathmatchModeOption,
    ModeOption,
    PiecesOption,
    PlayerOption,
    PositionOption,
)
from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES

flare_app = typer.Typer(help="May I invoke this flare now, and which half?", no_args_is_help=True)
task_app = typer.Typer(help="May I claim this High Form task?", no_args_is_help=True)


@flare_app.command("check")
def flare_check(
    flare: Annotated[Optional[str], typer.Argument(
        help="The flare (id such as flare-3-6, or '3/5').", show_default=False)] = None,
    player: PlayerOption = ...,  # type: ignore[assignment]
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
    s = session(lang, data)
    pos = s.position(position, pieces, mode)
    if all_:
        results = s.rules.flares(pos, player, against)
    elif flare:
        results = [s.rules.flare(flare, pos, player, against)]
    else:
        raise InputError(key="flare-or-all")
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        r0 = results[0]
        if all_:
            print_json("flare-all", jsonout.flares(results, r0.player, r0.against))
        else:
            print_json("flare", jsonout.flare(r0))
        return
    from tashkalar_cli.games.tashkalar.render.play import flare_renderable  # deferred: the text's renderer, not with --json

    s.console.print(flare_renderable(results, s.cards, s.loc, all_))


@flare_app.command("play")
def flare_play(
    flare: Annotated[str, typer.Argument(help="The flare (id such as flare-3-6, or '3/5').", show_default=False)],
    player: PlayerOption = ...,  # type: ignore[assignment]
    position: PositionOption = None,
    pieces: PiecesOption = None,
    against: AgainstOption = None,
    side: Annotated[Optional[str], typer.Option(
        "--side", help="Resolve only this half (upper or lower), even if its threshold is not met.",
        metavar="HALF", show_default=False)] = None,
    limit: Annotated[Optional[int], typer.Option(
        "--limit", help="List at most N outcomes (the count stays exact).", metavar="N", show_default=False)] = None,
    choose: Annotated[Optional[int], typer.Option(
        "--choose", help="Play outcome N (numbered as listed) and print the position after it.", metavar="N",
        show_default=False)] = None,
    effect_states: Annotated[int, typer.Option(
        "--effect-states", help="The bound on the positions explored (0: no bound).", metavar="N",
        show_default=True)] = MAX_STATES,
    svg: SvgOption = None,
    force: ForceOption = False,
    mode: ModeOption = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Play a flare here: may PLAYER play it, and every distinct outcome of the halves it resolves."""
    s = session(lang, data, force)
    pos = s.position(position, pieces, mode)
    if limit is not None and limit < 0:
        raise InputError(key="effects-limit", value=limit)   # a value as typed (errors.NOT_QUANTITIES)
    from tashkalar_cli.command.collector import collector_paused  # deferred: flare play only

    with collector_paused():    # the resolver's many small objects, no cycle among them: not scanned
        played = s.rules.play_flare(flare, pos, player, side, against=against, max_states=effect_states, choose=choose)
    resolution = played.resolution
    from tashkalar_cli.games.tashkalar.render.effects import outcome_lines, resolution_lines  # deferred: flare play only

    msg = s.loc.msg
    name = str(s.cards.name(played.check.card, s.loc))
    who = msg(f"color.{played.check.player}")
    lines = [msg("flare.play.playable" if played.playable else "flare.play.not_playable", flare=name, player=who)]
    if played.halves:
        lines.append(msg("flare.play.halves", halves=", ".join(msg(f"flare.half.{h}") for h in played.halves)))
    if resolution is None and played.halves:
        lines.append(msg("flare.play.no_data", flare=name))
    if svg is not None:
        from tashkalar_cli.games.tashkalar.render.effects import flare_svg  # deferred: flare play only

        n = choose or 1
        outcome = resolution.outcomes[n - 1] if resolution is not None and resolution.count else None
        s.write(svg, flare_svg(s.board, pos, [name, *lines], s.loc, outcome, n, resolution.count if resolution else 0),
                position, announce=not json)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("flare-play", jsonout.flare_play(played, limit, choose, streamed=True))
        return
    outcome = played.outcome
    if outcome is not None and resolution is not None:
        # deferred: a position written, when a flare's outcome is chosen only
        from tashkalar_cli.games.tashkalar.render.plan import position_yaml

        said = [*lines, msg("effect.chosen", n=played.chosen, count=resolution.count), *outcome_lines(outcome, s.loc)]
        typer.echo(position_yaml(outcome.position, s.shown_comments(said)), nl=False)
        return
    if resolution is not None:
        lines.append(msg("effect.count", count=resolution.count))
        lines += resolution_lines(resolution, s.loc, limit)
    s.say(lines)


@task_app.command("check")
def task_check(
    task: Annotated[Optional[str], typer.Argument(help="The task (id or name, any language).", show_default=False)] = None,
    player: PlayerOption = ...,  # type: ignore[assignment]
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
    s = session(lang, data)
    pos = s.rules.position(position, pieces=pieces, default_mode="high-form")
    s.rules.check_high_form(pos)   # said before the turn record is read
    record = s.rules.turn(turn, position=pos) if turn else None
    if not all_ and not task:
        raise InputError(key="task-or-all")
    results = s.rules.tasks(pos, player, against, record, None if all_ else [task or ""])
    if not all_ and results[0].met is None:
        raise InputError(key="task-needs-turn", task=Term("card", results[0].task))
    color = s.rules.color(player, "--player")
    score = s.rules.high_form_score(pos, color)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        if all_:
            print_json("task-all", jsonout.tasks(results, s.board, color, score))
        else:
            print_json("task", jsonout.task_one(results[0], s.board, color, score))
        return
    from tashkalar_cli.games.tashkalar.render.play import task_renderable  # deferred: the text's renderer, not with --json

    s.console.print(task_renderable(results, s.cards, s.loc, s.board, pos, score, color))


def score(
    turn: Annotated[str, typer.Option("--turn", help="Turn record (YAML): destroyed pieces, beings summoned, flares.",
                                      metavar="FILE", show_default=False)],
    mode: DeathmatchModeOption = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players in a melee (3 or 4).",
                                                   show_default=False)] = None,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
    words: Annotated[bool, typer.Option(
        "--words", help="With --json: also the text's words (said): each line's reason and color, the totals and "
                        "the end of the game, as the table and its sentences say them.")] = False,
) -> None:
    """Deathmatch points scored in one turn, and whether the end of the game is triggered."""
    s = session(lang, data)
    record = s.rules.turn(turn, mode=mode, players=players)
    result = s.rules.score(record)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        out = jsonout.score(result, record.players)
        if words:
            from tashkalar_cli.games.tashkalar.render.play import score_said  # deferred: the text's renderer, not with --json

            said = score_said(result, s.loc)
            out["said"] = {"none": None if result.lines else s.loc.msg("score.none"), "reasons": said.reasons,
                           "colors": said.colors, "ignored": said.ignored, "totals": said.totals, "end": said.end}
        print_json("score", out)
        return
    from tashkalar_cli.games.tashkalar.render.play import score_renderable  # deferred: the text's renderer, not with --json

    s.console.print(score_renderable(result, s.loc))

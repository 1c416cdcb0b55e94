"""``tashkalar summon`` and ``tashkalar summonable``: legality of summoning on a position."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, SvgOption, given, print_json
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.commands import session
from tashkalar_cli.games.tashkalar.commands.options import ModeOption, PiecesOption, PlayerOption, PositionOption
from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES

EnemyOption = Annotated[Optional[str], typer.Option(
    "--allow-enemy", help="Improvised summoning: one piece of this color may stand in for one of yours.",
    metavar="COLOR", show_default=False)]


def summon(
    card: Annotated[str, typer.Argument(help="The being or legend to summon (id or name, any language).")],
    player: PlayerOption,
    position: PositionOption = None,
    pieces: PiecesOption = None,
    allow_enemy: EnemyOption = None,
    mode: ModeOption = None,
    svg: SvgOption = None,
    apply: Annotated[bool, typer.Option(
        "--apply", help="Play the summon: print the position after it (with --effects, after its effect too).")] = False,
    at: Annotated[Optional[str], typer.Option(
        "--at", help="With --apply: the summoning square.", metavar="SQUARE", show_default=False)] = None,
    orientation: Annotated[Optional[str], typer.Option(
        "--orientation", help="With --apply: the orientation, when there are several (r0 r90 r180 r270 m0 m90 m180 m270).",
        metavar="NAME", show_default=False)] = None,
    take_back: Annotated[Optional[str], typer.Option(
        "--take-back", help="With --apply, in piece shortage: the piece taken back to be the being.",
        metavar="SQUARE", show_default=False)] = None,
    out: Annotated[Optional[str], typer.Option(
        "--out", help="With --apply: write the position after the summon to FILE.", metavar="FILE",
        show_default=False)] = None,
    turn: Annotated[Optional[str], typer.Option(
        "--turn", help="With --apply: the turn record so far, to which the summon is added.", metavar="FILE",
        show_default=False)] = None,
    record: Annotated[Optional[str], typer.Option(
        "--record", help="With --apply: write the turn record with this summon (pieces destroyed, beings summoned).",
        metavar="FILE", show_default=False)] = None,
    effects: Annotated[bool, typer.Option(
        "--effects", help="With --apply: resolve the card's effect and list every distinct outcome.")] = False,
    choose: Annotated[Optional[int], typer.Option(
        "--choose", help="With --effects: play outcome N (as listed) and print or write the position after it.",
        metavar="N", show_default=False)] = None,
    limit: Annotated[Optional[int], typer.Option(
        "--limit", help="With --effects: list at most N outcomes (the count stays exact).", metavar="N",
        show_default=False)] = None,
    actions_left: Annotated[Optional[int], typer.Option(
        "--actions-left", help="With --effects: the actions left after this summon (some effects ask whether it "
                               "was the last one).", metavar="N", show_default=False)] = None,
    effect_states: Annotated[int, typer.Option(
        "--effect-states", help="With --effects: the bound on the positions explored (0: no bound).",
        metavar="N", show_default=True)] = MAX_STATES,
    words: Annotated[bool, typer.Option(
        "--words", help="With --effects --json: each outcome's steps in words too (lines), as the text says them.")] = False,
    force: ForceOption = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Can PLAYER summon CARD on this position? Every placement, or why not."""
    s = session(lang, data, force)
    being = s.rules.being(card)
    pos = s.position(position, pieces, mode)
    if not effects and (any(v is not None for v in (choose, limit, actions_left)) or given("effect_states") or words):
        raise InputError(key="effects-options")
    if apply or effects or any(v is not None for v in (at, orientation, take_back, out, turn, record)):
        # deferred: summon --apply only
        from tashkalar_cli.games.tashkalar.commands.summon_apply import ApplyAsked, EffectsAsked, apply_summon

        asked = ApplyAsked(being, pos, player, at, orientation, take_back, out, turn, record, json, svg, (position,))
        apply_summon(s, asked, apply=apply, allow_enemy=allow_enemy,
                     effects=EffectsAsked(choose, limit, actions_left, effect_states, words) if effects else None)
        return
    verdict = s.rules.summon(being, pos, player, allow_enemy=allow_enemy)
    if svg is not None:
        from tashkalar_cli.games.tashkalar.render.svg import verdict_svg  # deferred: --svg only

        s.write(svg, verdict_svg(s.board, pos, verdict, s.loc, str(s.cards.name(being, s.loc))), position,
                announce=not json)
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("summon", jsonout.verdict(verdict, s.board))
        return
    from tashkalar_cli.games.tashkalar.render.summon import verdict_renderable  # deferred: the text's renderer, not with --json

    s.console.print(verdict_renderable(verdict, s.board, pos, s.loc, str(s.cards.name(being, s.loc))))


def summonable(
    player: PlayerOption,
    position: PositionOption = None,
    pieces: PiecesOption = None,
    allow_enemy: EnemyOption = None,
    deck: Annotated[Optional[str], typer.Option(help="Only the beings of this deck.")] = None,
    hand: Annotated[Optional[list[str]], typer.Option(
        help="Only these cards: repeat the option, or separate them with commas.")] = None,
    mode: ModeOption = None,
    show_all: Annotated[bool, typer.Option("--all", help="List the cards that cannot be summoned too, with why.")] = False,
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Which beings and legends can PLAYER summon on this position? All are checked at once."""
    s = session(lang, data)
    pos = s.position(position, pieces, mode)
    verdicts = s.rules.summonable(pos, player, allow_enemy=allow_enemy, deck=deck or None, hand=hand or None)
    player_color = verdicts[0].player if verdicts else s.rules.color(player, "--player")
    enemy = verdicts[0].allow_enemy if verdicts else allow_enemy
    if json:
        from tashkalar_cli.games.tashkalar.render import jsonout  # deferred: the JSON answers, with --json only

        print_json("summonable", jsonout.summonable(verdicts, player_color, enemy, s.board))
        return
    from tashkalar_cli.games.tashkalar.render.summon import summonable_table  # deferred: the text's renderer, not with --json

    shown = {v.card.id: str(s.cards.name(v.card, s.loc)) for v in verdicts}
    s.console.print(summonable_table(verdicts, s.board, s.loc, shown, show_all))

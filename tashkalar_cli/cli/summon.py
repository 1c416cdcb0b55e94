"""``tashkalar summon`` and ``tashkalar summonable``: legality of summoning on a position."""

from __future__ import annotations

from typing import Annotated, Optional

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
    lang: LangOption = None,
    json: JsonOption = False,
    data: DataOption = None,
) -> None:
    """Can PLAYER summon CARD on this position? Every placement, or why not."""
    s = session(lang, data)
    being = s.game.being(card)
    pos = s.position(position, pieces, mode)
    verdict = s.game.summon(being, pos, player, allow_enemy=allow_enemy)
    if svg is not None:
        from tashkalar_cli.render.summon import placement_highlight
        from tashkalar_cli.render.svg import boards_svg

        title = f"{being.id}: {verdict.player}"
        panels = [(f"#{i} {s.board.name(p.target)}", placement_highlight(p)) for i, p in enumerate(verdict.placements, 1)]
        s.write(svg, boards_svg(s.board, pos, panels or [(title, {})], title), position)
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.verdict(verdict, s.board))
        return
    from tashkalar_cli.render.summon import verdict_renderable

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
    from tashkalar_cli.cli.options import check_deck

    s = session(lang, data)
    pos = s.position(position, pieces, mode)
    candidates = s.cards.beings
    if deck:
        deck = check_deck(s, deck)
        candidates = [c for c in candidates if c.deck == deck]
    if hand:
        names = [n.strip() for h in hand for n in h.split(",") if n.strip()]
        chosen = [s.game.being(n) for n in names]
        candidates = [c for c in dict.fromkeys(chosen) if c in candidates]
    verdicts = s.game.summonable(pos, player, candidates, allow_enemy=allow_enemy)
    player_color = verdicts[0].player if verdicts else s.game.color(player, "--player")
    enemy = verdicts[0].allow_enemy if verdicts else allow_enemy
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.summonable(verdicts, player_color, enemy, s.board))
        return
    from tashkalar_cli.render.summon import summonable_table

    shown = {c.id: str(s.cards.name(c, s.loc)) for c in candidates}
    s.console.print(summonable_table(verdicts, s.board, s.loc, shown, show_all))

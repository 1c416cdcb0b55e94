"""``tashkalar summon`` and ``tashkalar summonable``: legality of summoning on a position."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from tashkalar_cli.cli.common import DataOption, JsonOption, LangOption, print_json, session

PositionOption = Annotated[Optional[str], typer.Option(
    "--position", "-p", help="Position file (YAML: pieces and/or a board diagram).", metavar="FILE", show_default=False)]
PiecesOption = Annotated[Optional[str], typer.Option(
    "--pieces", help="Pieces inline, e.g. 'e5=blue:heroic,d4=red' (rank defaults to common).", show_default=False)]
PlayerOption = Annotated[str, typer.Option("--player", help="The summoning player's color.", show_default=False)]
EnemyOption = Annotated[Optional[str], typer.Option(
    "--allow-enemy", help="Improvised summoning: one piece of this color may stand in for one of yours.",
    metavar="COLOR", show_default=False)]
SvgOption = Annotated[Optional[str], typer.Option("--svg", help="Also save the drawing as an SVG image.",
                                                  metavar="FILE", show_default=False)]
ModeOption = Annotated[Optional[str], typer.Option("--mode", help="Override the position's mode (high-form, duel, melee).",
                                                   show_default=False)]


def load(s, position: str | None, pieces: str | None, mode: str | None = None):
    from tashkalar_cli.errors import InputError
    from tashkalar_cli.model.position import load_position

    if position is None and pieces is None:
        raise InputError("give a position: --position FILE and/or --pieces 'e5=blue:heroic,...'")
    return load_position(s.board, s.dataset.facts["game"], position, pieces, mode)


def player_and_position(s, player: str, position: str | None, pieces: str | None, mode: str | None):
    """The checked player color and the loaded position: how every position command starts."""
    return check_color(s, player, "--player"), load(s, position, pieces, mode)


def check_color(s, color: str | None, what: str) -> str | None:
    from tashkalar_cli.errors import InputError

    if color is None:
        return None
    c = color.lower()
    if c not in s.board.colors:
        raise InputError(f"{what}: unknown color '{color}' (one of: {', '.join(s.board.colors)})")
    return c


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
    from tashkalar_cli.engine.summoning import Engine

    s = session(lang, data)
    allow_enemy = check_color(s, allow_enemy, "--allow-enemy")
    target_card = s.cards.find_of_type(card, ("being", "legend"), "a being: only beings and legends are summoned")
    player, pos = player_and_position(s, player, position, pieces, mode)
    verdict = Engine(s.board, s.dataset.derived.get("orientations")).check(target_card, pos, player, allow_enemy)
    if svg:
        from tashkalar_cli.render.summon import placement_highlight
        from tashkalar_cli.render.svg import boards_svg

        title = f"{target_card.id}: {player}"
        panels = [(f"#{i} {s.board.name(p.target)}", placement_highlight(p)) for i, p in enumerate(verdict.placements, 1)]
        _write(svg, boards_svg(s.board, pos, panels or [(title, {})], title))
    if json:
        from tashkalar_cli.render.jsonout import verdict as verdict_json

        print_json(verdict_json(verdict, s.board))
        return
    from tashkalar_cli.render.summon import verdict_renderable

    s.console.print(verdict_renderable(verdict, s.board, pos, s.loc, str(s.cards.name(target_card, s.loc))))


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
    from tashkalar_cli.errors import NotFoundError
    from tashkalar_cli.engine.summoning import Engine

    s = session(lang, data)
    allow_enemy = check_color(s, allow_enemy, "--allow-enemy")
    player, pos = player_and_position(s, player, position, pieces, mode)
    candidates = [c for c in s.cards.cards if c.type in ("being", "legend")]
    if deck:
        decks = [d["id"] for d in s.dataset.facts["decks"]]
        if deck not in decks:
            raise NotFoundError(f"unknown deck '{deck}' (one of: {', '.join(decks)})")
        candidates = [c for c in candidates if c.deck == deck]
    if hand:
        names = [n.strip() for h in hand for n in h.split(",") if n.strip()]
        chosen = [s.cards.find_of_type(n, ("being", "legend"), "a being") for n in names]
        candidates = [c for c in dict.fromkeys(chosen) if c in candidates]
    verdicts = Engine(s.board, s.dataset.derived.get("orientations")).check_many(candidates, pos, player, allow_enemy)
    if json:
        from tashkalar_cli.render.jsonout import verdict as verdict_json

        print_json({"player": player, "allow_enemy": allow_enemy,
                    "cards": [verdict_json(v, s.board) for v in verdicts]})
        return
    from tashkalar_cli.render.summon import summonable_table

    names = {c.id: str(s.cards.name(c, s.loc)) for c in candidates}
    s.console.print(summonable_table(verdicts, s.board, s.loc, names, show_all))


def _write(path: str, text: str) -> None:
    from tashkalar_cli.errors import InputError

    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror}") from None

"""A summon explained in words, in the user's language: the same sentences for the terminal
(render/summon.py) and the pictures (render/svg.py). No Rich here: plain strings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.summoning import Lack, Placement
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.position import Piece
    from tashkalar_cli.text.i18n import Localizer


def piece_words(loc: Localizer, piece: Piece) -> str:
    """A piece as words: "blue heroic piece", in the user's language."""
    return loc.msg("piece", color=loc.msg(f"color.{piece.color}"), rank=loc.msg(f"rank.{piece.rank}"))


def placement_lines(p: Placement, board: Board, loc: Localizer,
                    directions: Callable[[Sequence[str]], str] | None = None) -> list[str]:
    """What a placement uses and does, one sentence a line; ``directions`` writes its arrows."""
    msg, name = loc.msg, board.name
    lines = [msg("summon.orientation", rotation=p.orientation.rotation,
                 mirrored=msg("summon.mirrored") if p.orientation.mirrored else ""),
             msg("summon.pieces", squares=", ".join(name(s) for s in p.pattern_squares))]
    if p.enemy_square is not None:
        lines.append(msg("summon.enemy", square=name(p.enemy_square)))
    if p.destroys:
        lines.append(msg("summon.destroys", square=name(p.destroys[0]), piece=piece_words(loc, p.destroys[1])))
    if p.reuses is not None:
        lines.append(msg("summon.reuses", square=name(p.reuses)))
    if p.take_back:
        lines.append(msg("summon.take_back", squares=", ".join(name(s) for s in p.take_back)))
    if p.marked:
        lines.append(msg("summon.marked", squares=", ".join(name(s) for s in sorted(p.marked))))
    if p.arrows:
        found = sorted({a.direction for a in p.arrows})
        lines.append(msg("summon.arrows", directions=directions(found) if directions else ", ".join(found)))
    return lines


def lack_text(lack: Lack, board: Board, loc: Localizer) -> str:
    """Why a near placement fails on one square."""
    sq = board.name(lack.square) if lack.square is not None else ""
    need = loc.msg(f"rank.{lack.need}") if lack.need else ""
    if lack.found is None:
        found = ""
    elif lack.code == "weaker":   # the player's own piece: its rank alone ("your common piece", not "your piece of blue")
        found = loc.msg(f"rank.{lack.found.rank}")
    else:
        found = piece_words(loc, lack.found)
    return loc.msg(f"lack.{lack.code}", square=sq, need=need, found=found)

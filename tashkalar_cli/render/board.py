"""Drawing the arena and the pieces on it, with highlighted squares, as Rich text."""

from __future__ import annotations

from rich.text import Text

from tashkalar_cli.model.board import Board
from tashkalar_cli.model.position import Position

#: pieces: red and orange, green and the green squares, stay apart on dark and light terminals
PIECE_STYLE = {"blue": "bold #5f9fff", "red": "bold #ff4040", "yellow": "bold #ffe040",
               "green": "bold #40ff80", "white": "bold #ffffff", "orange": "bold #ffa000",
               "purple": "bold #d070ff"}
#: the squares: red and green (both sides), the central ones (High Form side), the others
SQUARE_BG = {"red": "on #6a1a1a", "green": "on #14502a", "central": "on grey27", "plain": "on grey11"}


def piece_glyph(color: str, rank: str) -> str:
    """Three characters: ' b ' common, ' B ' heroic, '*B*' legendary (color initial)."""
    letter = color[0]
    if rank == "common":
        return f" {letter} "
    if rank == "heroic":
        return f" {letter.upper()} "
    return f"*{letter.upper()}*"


#: how a highlighted square is drawn: brackets (readable without colors) and a style
ROLES = {"target": ("[", "]", "reverse bold"), "pattern": ("(", ")", "underline on grey30"),
         "enemy": ("<", ">", "underline on dark_red"), "marked": (":", ":", "on grey23"),
         "lack": ("!", "!", "on dark_red")}


def board_text(board: Board, pos: Position | None, highlight: dict[int, str] | None = None) -> Text:
    """The arena, top rank first; ``highlight`` maps squares to a role of ``ROLES``."""
    highlight = highlight or {}
    # a deathmatch is played on the other side of the board: its red and green squares (the face's colors,
    # from the board data), but no marked central squares
    deathmatch_side = pos is not None and pos.mode.deathmatch
    colorless = board.colorless(pos.mode if pos is not None else "high-form")
    out = Text()
    for r in range(board.ranks - 1, -1, -1):
        out.append(f"{r + 1:>2} ", style="dim")
        for f in range(board.files):
            i = board.index(f, r)
            if i is None:
                out.append("   ")
                continue
            color = None if colorless >> i & 1 else board.square_color(i)
            kind = color or ("central" if board.central >> i & 1 and not deathmatch_side else "plain")
            bg = SQUARE_BG[kind]
            piece = pos.pieces.get(i) if pos else None
            if piece:
                glyph, style = piece_glyph(piece.color, piece.rank), PIECE_STYLE.get(piece.color, "bold")
            else:
                glyph, style = " · ", "grey50"
            role = ROLES.get(highlight.get(i, ""))
            if role:
                left, right, extra = role
                if piece:
                    glyph = f"{left}{glyph.strip('* ')}{right}"
                else:  # an empty square the placement uses; '?' where a piece is still needed
                    glyph = " ? " if highlight[i] == "lack" else f"{left} {right}"
                style = f"{style} {extra}"
            else:
                style = f"{style} {bg}"
            out.append(glyph, style=style)
        out.append("\n")
    out.append("   " + "".join(f" {board.file_names[f]} " for f in range(board.files)), style="dim")
    return out

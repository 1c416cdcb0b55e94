"""The arena as an SVG image: squares, pieces, and the squares a placement uses."""

from __future__ import annotations

from xml.sax.saxutils import escape

from tashkalar_cli.model.board import Board
from tashkalar_cli.model.position import Position

FILL = {"blue": "#2f6fd6", "red": "#d63a2f", "yellow": "#e6c229", "green": "#2fa84f", "white": "#f2f2f2",
        "orange": "#ee8a1f", "purple": "#8e44ad"}
SQUARE = {"red": "#f3c4c0", "green": "#c6e8c8", None: "#ece6d6"}
CELL = 48


def board_svg(board: Board, pos: Position | None, highlight: dict[int, str] | None = None,
              title: str = "") -> str:
    """One board; ``highlight`` maps squares to a role: target, pattern, enemy, marked."""
    return boards_svg(board, pos, [(title, highlight or {})], title)


def boards_svg(board: Board, pos: Position | None, panels: list[tuple[str, dict[int, str]]],
               title: str = "", per_row: int = 4) -> str:
    """Several drawings of one position side by side (one per placement), each with a caption."""
    w = board.files * CELL + 40
    h = board.ranks * CELL + 60
    cols = max(1, min(per_row, len(panels)))
    rows = (len(panels) + cols - 1) // cols
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cols}" height="{h * rows}" '
           f'viewBox="0 0 {w * cols} {h * rows}" font-family="sans-serif">', f'<title>{escape(title)}</title>']
    for n, (caption, highlight) in enumerate(panels):
        dx, dy = (n % cols) * w, (n // cols) * h
        out.append(f'<g transform="translate({dx},{dy})">')
        out.extend(_board_body(board, pos, highlight, caption, h))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _board_body(board: Board, pos: Position | None, highlight: dict[int, str], caption: str, h: int) -> list[str]:
    role_stroke = {"target": "#000000", "pattern": "#1f5fbf", "enemy": "#bf1f1f", "marked": "#8a8a8a"}
    out = [f'<text x="20" y="18" font-size="14">{escape(caption)}</text>']
    for i in board.squares:
        f, r = board.coords(i)
        x, y = 30 + f * CELL, 28 + (board.ranks - 1 - r) * CELL
        color = SQUARE[board.square_color(i)]
        if board.central >> i & 1 and board.square_color(i) is None:
            color = "#ddd3ba"
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{color}" stroke="#7a7060"/>')
        role = highlight.get(i)
        if role:
            out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                       f'stroke="{role_stroke.get(role, "#000")}" stroke-width="4"/>')
        piece = pos.pieces.get(i) if pos else None
        if piece:
            cx, cy = x + CELL / 2, y + CELL / 2
            radius = {"common": 13, "heroic": 16, "legendary": 19}[piece.rank]
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{FILL.get(piece.color, "#888")}" '
                       f'stroke="#222" stroke-width="{1 if piece.rank == "common" else 3}"/>')
            if piece.rank != "common":
                out.append(f'<text x="{cx}" y="{cy + 5}" font-size="14" text-anchor="middle" fill="#000">'
                           f'{"H" if piece.rank == "heroic" else "L"}</text>')
    for f in range(board.files):
        out.append(f'<text x="{30 + f * CELL + CELL / 2}" y="{h - 12}" font-size="12" text-anchor="middle">'
                   f'{board.file_names[f]}</text>')
    for r in range(board.ranks):
        out.append(f'<text x="14" y="{28 + (board.ranks - 1 - r) * CELL + CELL / 2 + 4}" font-size="12" '
                   f'text-anchor="middle">{r + 1}</text>')
    return out

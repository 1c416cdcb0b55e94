"""The one style table of the pictures (SVG boards, patterns and the printed cheat sheets).

Geometry comes from the board data (files, ranks, cut corners, colored squares); everything a
picture paints comes from here: colors, line widths, sizes and the shapes that keep a drawing
readable in black and white (hatching for marked squares, a star for heroic pieces, a frame for
the summoning square, a cross for a destroyed piece, a texture for each color of pieces, a sign
for each kind of colored square, and fills whose lightness differs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def _squares() -> dict[str, str]:
    # the kinds of squares differ in lightness too (printed in grey: plain, central, green, red from
    # light to dark), and each colored kind has a sign of its own (see :data:`Style.square_sign`)
    return {"plain": "#f4efe2", "central": "#e2d2ac", "red": "#de8c82", "green": "#a6d3a8", "outline": "#6b6250"}


def _sides() -> dict[str, tuple[str, ...]]:
    # both sides of the board show the red and green squares; only the High Form side marks the central ones
    return {"high-form": ("red", "green", "central"), "deathmatch": ("red", "green")}


def _pieces() -> dict[str, str]:
    # blue and red, the colors of every duel, apart in lightness as well as in hue
    return {"blue": "#1d4f9e", "red": "#e0574c", "yellow": "#e6c229", "green": "#2fa84f", "white": "#f4f4f4",
            "orange": "#ee8a1f", "purple": "#8e44ad"}


def _piece_textures() -> dict[str, str]:
    # what tells the colors apart in black and white: a texture of each color's own over the disc
    return {"blue": "plain", "red": "stripes", "yellow": "dots", "green": "hstripes", "white": "plain",
            "orange": "backstripes", "purple": "vstripes"}


def _square_signs() -> dict[str, str]:
    # the sign in a corner of each colored square (none on a plain one)
    return {"red": "triangle", "green": "diamond", "central": "ring"}


def _piece_inks() -> dict[str, str]:
    return {"blue": "#ffffff", "red": "#ffffff", "yellow": "#111111", "green": "#ffffff", "white": "#111111",
            "orange": "#111111", "purple": "#ffffff"}


def _roles() -> dict[str, dict[str, Any]]:
    # frame color, width and dash of the squares a placement uses (a dash reads without color)
    return {"target": {"stroke": "#000000", "width": 4, "dash": None},
            "pattern": {"stroke": "#1f5fbf", "width": 3, "dash": None},
            "enemy": {"stroke": "#bf1f1f", "width": 3, "dash": "6 3"},
            "lack": {"stroke": "#c01515", "width": 3, "dash": "3 3"},
            # a square an effect changed (a piece placed, moved there, upgraded, downgraded, converted)
            "changed": {"stroke": "#137313", "width": 4, "dash": "2 3"}}


def _marks() -> dict[str, dict[str, str]]:
    # a tint and the ink of the hatching: diagonal lines for m, a grid of dots for m2
    return {"m": {"fill": "#f6d58c", "ink": "#7a5a00"}, "m2": {"fill": "#b9d7f2", "ink": "#1d4f80"}}


@dataclass(frozen=True)
class Style:
    #: fonts found on every system: no font is ever fetched or embedded
    font: str = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
    ink: str = "#111111"          # text and outlines
    faint: str = "#555555"        # secondary text
    square: dict[str, str] = field(default_factory=_squares)
    sides: dict[str, tuple[str, ...]] = field(default_factory=_sides)
    piece: dict[str, str] = field(default_factory=_pieces)
    piece_ink: dict[str, str] = field(default_factory=_piece_inks)       # the letter on a piece of that color
    piece_texture: dict[str, str] = field(default_factory=_piece_textures)
    square_sign: dict[str, str] = field(default_factory=_square_signs)
    #: radius of a piece as a fraction of a square, and its outline width, by rank
    piece_radius: dict[str, float] = field(default_factory=lambda: {"common": 0.27, "heroic": 0.33, "legendary": 0.39})
    piece_stroke: dict[str, float] = field(default_factory=lambda: {"common": 1.0, "heroic": 3.0, "legendary": 3.0})
    #: the letter on an upgraded piece (the legend spells the rank out in the reader's language)
    piece_letter: dict[str, str] = field(default_factory=lambda: {"common": "", "heroic": "H", "legendary": "L"})
    role: dict[str, dict[str, Any]] = field(default_factory=_roles)
    mark: dict[str, dict[str, str]] = field(default_factory=_marks)
    arrow: str = "#111111"
    move: str = "#6a1b9a"         # the moves an effect makes (dashed, not to be read as a card's arrows)
    destroyed: str = "#000000"
    #: pattern diagrams (cards and cheat sheets): blank square, grid, required pieces, the heroic star
    pattern_square: str = "#ffffff"
    pattern_grid: str = "#8a8a8a"
    pattern_piece: dict[str, str] = field(default_factory=lambda: {"common": "#9b9b9b", "heroic": "#1b1b1b"})
    pattern_star: str = "#ffffff"
    #: sizes in user units (px)
    cell: int = 40
    font_size: float = 13.0
    title_size: float = 17.0
    caption_chars: float = 0.56    # average glyph width as a fraction of the font size (for wrapping)


STYLE = Style()

__all__ = ["STYLE", "Style"]

"""Pictures as SVG, built as an element tree (as python-chess's ``svg`` module does), never by
gluing strings: the arena with its pieces, the squares a placement uses, marked squares, arrows,
the piece a summoning destroys, near misses, a legend and a caption, and card patterns.

Geometry comes from the board data (:class:`~tashkalar_cli.games.tashkalar.model.board.Board`), everything that
is painted from the one style table (:mod:`tashkalar_cli.render.style`), every word from the
locale files (``svg.*`` and the summoning messages of ``ui.yaml``). A drawing reads without
color: the summoning square has a thick frame, enemy and missing squares dashed frames, marked
squares a hatching, upgraded pieces a letter, a destroyed piece a cross; the root carries a
``<title>`` and a ``<desc>`` for screen readers, and each piece, mark and arrow its own ``<title>``.

Entry points: :func:`position_svg` (a position), :func:`verdict_svg` (a summoning verdict, legal
or not), :func:`boards_svg` (any set of panels over one position, e.g. a plan's steps),
:func:`board_svg` (one board), :func:`pattern_element` (a card's pattern, for the cheat sheets).
The element writer and the small shapes are :mod:`tashkalar_cli.render.svgdraw`'s.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tashkalar_cli.games.tashkalar.model.board import DIRECTIONS, Board
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.types import Mode
from tashkalar_cli.games.tashkalar.render.explain import lack_text, piece_words, placement_lines
from tashkalar_cli.render.style import STYLE, Style
from tashkalar_cli.render.svgdraw import (
    ARROW_GLYPH,
    SVG_NS,
    attributes,
    disc_path,
    draw_cross,
    draw_frame,
    draw_mark,
    draw_move,
    draw_piece,
    draw_square_sign,
    el,
    num,
    star_path,
    svg_root,
    text_lines,
    text_width,
    to_string,
    wrap,
    wrap_measured,
    xml_safe,
)

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.summoning import NearMiss, Placement, Verdict
    from tashkalar_cli.games.tashkalar.model.patterns import Pattern
    from tashkalar_cli.text.i18n import Localizer


# ---------------------------------------------------------------------------- patterns
#: the angle of each compass direction on screen (degrees clockwise from east; y grows downwards)
ANGLE = {d: math.degrees(math.atan2(-dr, df)) for d, (df, dr) in DIRECTIONS.items()}


def draw_arrow(parent: ET.Element, cx: float, cy: float, size: float, direction: str, style: Style = STYLE,
               *, small: bool = False, **attrs: Any) -> ET.Element:
    """An arrow through the center of a square, pointing to ``direction`` (compass, north up);
    ``small``: a short one at the square's edge, clear of the piece standing there."""
    g = el(parent, "g", class_="arrow", data_direction=direction,
           transform=f"rotate({num(ANGLE[direction])} {num(cx)} {num(cy)})", **attrs)
    half, head = size * 0.36, size * 0.16
    if small:  # between the piece's rim (at most 0.39 of a square from its center) and the square's edge
        cx, half, head = cx + size * 0.41, size * 0.1, size * 0.08
    shaft = f"M{num(cx - half)} {num(cy)}H{num(cx + half - head)}"
    tip = (f"M{num(cx + half)} {num(cy)}L{num(cx + half - head * 1.6)} {num(cy - head)}"
           f"L{num(cx + half - head * 1.6)} {num(cy + head)}z")
    # a white halo first, so that an arrow stays visible across a piece
    el(g, "path", d=shaft + tip, fill="#ffffff", stroke="#ffffff", stroke_width=float(size * 0.07 + 2),
       stroke_linejoin="round", stroke_linecap="round")
    el(g, "path", d=shaft, stroke=style.arrow, stroke_width=float(size * 0.07), stroke_linecap="round")
    el(g, "path", d=tip, fill=style.arrow)
    return g


def pattern_element(pattern: Pattern, cell: float = 24, *, title: str | None = None,
                    style: Style = STYLE) -> ET.Element:
    """A card's pattern as an ``<svg>`` element: the grid as printed on the card, ``cell`` units a square.

    Common pieces are grey discs, heroic pieces black discs with a white star, the summoning
    square has a thick frame, marked squares a tint and a hatching, arrows are drawn.
    """
    width, height = len(pattern.grid[0]) * cell, pattern.height * cell
    pad = 2.0
    root = ET.Element("svg", attributes({"xmlns": SVG_NS, "width": float(width + 2 * pad), "height": float(height + 2 * pad),
                                     "viewBox": f"{num(-pad)} {num(-pad)} {num(width + 2 * pad)} {num(height + 2 * pad)}",
                                     "class": "pattern", "role": "img" if title else None,
                                     "aria-hidden": None if title else "true"}))
    if title:
        el(root, "title", title)
    for y, row in enumerate(pattern.grid):
        for x, tok in enumerate(row):
            px, py = x * cell, y * cell
            el(root, "rect", class_="cell", x=float(px), y=float(py), width=float(cell), height=float(cell),
               fill=style.pattern_square, stroke=style.pattern_grid, stroke_width=0.8)
            for mark in tok["marks"]:
                draw_mark(root, px + 0.4, py + 0.4, cell - 0.8, mark, style)
            cx, cy = px + cell / 2, py + cell / 2
            if tok["piece"]:
                r = cell * 0.32
                g = el(root, "g", class_=f"need {tok['piece']}")
                el(g, "path", d=disc_path(cx, cy, r), fill=style.pattern_piece[tok["piece"]], stroke=style.ink,
                   stroke_width=1.0)
                if tok["piece"] == "heroic":
                    el(g, "path", d=star_path(cx, cy, r * 0.72), fill=style.pattern_star)
            for direction in tok["arrows"]:
                draw_arrow(root, cx, cy, cell, direction, style)
            if tok["target"]:
                spec = style.role["target"]
                w = max(2.0, cell / 9)
                el(root, "rect", class_="target", x=float(px + w / 2), y=float(py + w / 2), width=float(cell - w),
                   height=float(cell - w), fill="none", stroke=spec["stroke"], stroke_width=float(w))
                if not tok["piece"]:
                    s = cell * 0.13
                    el(root, "path", d=f"M{num(cx)} {num(cy - s)}L{num(cx + s)} {num(cy)}L{num(cx)} {num(cy + s)}"
                                        f"L{num(cx - s)} {num(cy)}z", fill=spec["stroke"])
    return root


def pattern_svg(pattern: Pattern, title: str, cell: float = 32) -> str:
    """A pattern alone, as an SVG document."""
    return to_string(pattern_element(pattern, cell, title=title))


# ---------------------------------------------------------------------------- panels
@dataclass
class Panel:
    """One board drawing over the position: what to highlight and the words under it.

    ``roles`` maps squares to ``target``, ``pattern``, ``enemy``, ``lack`` or ``changed``; ``marks``
    squares to their marks (``m``, ``m2``); ``arrows`` lists (file, rank, direction) in board
    coordinates, which may lie on a cut corner; ``destroyed`` the squares whose piece is destroyed
    (``destroyed_by``: by the ``summon`` or by the ``effect``, as the key says); ``moves`` the moves
    drawn as arrows from square to square; ``position``: the position this panel shows, when it is
    not the drawing's (before and after an effect).
    """

    caption: str = ""
    roles: dict[int, str] = field(default_factory=dict)
    marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    arrows: list[tuple[int, int, str]] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    moves: list[tuple[int, int]] = field(default_factory=list)
    destroyed_by: str = "summon"
    position: Position | None = None

    @classmethod
    def from_highlight(cls, caption: str, highlight: Mapping[int, str]) -> Panel:
        """A panel from the older ``(caption, {square: role})`` form (role ``marked`` is a mark ``m``)."""
        roles = {sq: role for sq, role in highlight.items() if role != "marked"}
        marks: dict[int, tuple[str, ...]] = {sq: ("m",) for sq, role in highlight.items() if role == "marked"}
        return cls(caption, roles, marks)

    def legend_keys(self) -> set[str]:
        keys = set(self.roles.values())
        for marks in self.marks.values():
            keys.update("marked" if m == "m" else "marked2" for m in marks)
        if self.arrows:
            keys.add("arrow")
        if self.destroyed:
            keys.add("destroyed" if self.destroyed_by == "summon" else "effect_destroyed")
        if self.moves:
            keys.add("move")
        return keys


def _board_size(board: Board, style: Style) -> tuple[float, float]:
    return board.files * style.cell, board.ranks * style.cell


def _piece_label(loc: Localizer | None, board: Board, sq: int, piece: Piece) -> str:
    if loc is None:
        return f"{board.name(sq)}: {piece.color} {piece.rank}"  # no language: ids, as in a position file
    return loc.msg("svg.piece_at", square=board.name(sq), piece=piece_words(loc, piece))


def _side(mode: str | Mode | None) -> str:
    """The side of the board a position is played on: High Form, or deathmatch (duel, melee)."""
    return "high-form" if mode is None or Mode(mode) is Mode.HIGH_FORM else "deathmatch"


def board_side(board: Board, mode: str | None, style: Style = STYLE) -> str:
    """The face of the board a game of ``mode`` is played on: the board data's ``faces`` when it
    has them, else the High Form face for the High Form and the deathmatch face otherwise."""
    face = getattr(board, "face", None)
    found = face(str(mode)) if callable(face) and mode is not None else None
    return found if isinstance(found, str) and found in style.sides else _side(mode)


def shown_squares(board: Board, side: str, style: Style = STYLE) -> dict[int, str]:
    """The squares a face of the board paints: red, green (the face's colored squares, from the
    board data) and central (marked on the faces the style table lists)."""
    faces = getattr(board, "faces", None)
    colored = faces.get(side) if isinstance(faces, dict) and side in faces else None
    kinds = style.sides.get(side, ())
    out: dict[int, str] = {}
    for sq in board.squares:
        color = board.square_color(sq)
        if color is not None and (colored >> sq & 1 if colored is not None else color in kinds):
            out[sq] = color
        elif "central" in kinds and board.central >> sq & 1:
            out[sq] = "central"
    return out


def draw_board(parent: ET.Element, board: Board, pos: Position | None, panel: Panel, *, side: str,
               loc: Localizer | None = None, style: Style = STYLE) -> ET.Element:
    """The arena at the origin of ``parent`` (rank labels to the left, file labels below)."""
    cell = style.cell
    g = el(parent, "g", class_="board", data_side=side)
    painted = shown_squares(board, side, style)
    for sq in board.squares:
        f, r = board.coords(sq)
        x, y = f * cell, (board.ranks - 1 - r) * cell
        kind = painted.get(sq)
        el(g, "rect", class_=f"square {kind or 'plain'}", data_square=board.name(sq), x=float(x), y=float(y),
           width=cell, height=cell, fill=style.square[kind or "plain"], stroke=style.square["outline"])
        if kind is not None:  # a sign of its kind: the kinds differ in black and white too
            draw_square_sign(g, kind, x, y, cell, style)
    for marked, marks in sorted(panel.marks.items()):
        f, r = board.coords(marked)
        x, y = f * cell, (board.ranks - 1 - r) * cell
        for mark in marks:
            node = draw_mark(g, x + 1, y + 1, cell - 2, mark, style, data_square=board.name(marked))
            if loc is not None:
                node.insert(0, ET.Element("title"))
                node[0].text = loc.msg("svg.key.marked" if mark == "m" else "svg.key.marked2") + f" ({board.name(marked)})"
    for framed, role in sorted(panel.roles.items()):
        if role not in style.role:
            continue
        f, r = board.coords(framed)
        draw_frame(g, f * cell, (board.ranks - 1 - r) * cell, cell, role, style, data_square=board.name(framed))
    pieces = pos.pieces if pos else {}
    for sq in board.squares:
        piece = pieces.get(sq)
        f, r = board.coords(sq)
        cx, cy = f * cell + cell / 2, (board.ranks - 1 - r) * cell + cell / 2
        if piece:
            node = draw_piece(g, cx, cy, cell, piece.color, piece.rank, style,
                              label=_piece_label(loc, board, sq, piece))
            node.set("data-square", board.name(sq))
        elif panel.roles.get(sq) == "lack":  # a piece is still needed here
            el(g, "path", class_="missing", d=disc_path(cx, cy, cell * 0.27), fill="none", stroke=style.role["lack"]["stroke"],
               stroke_width=1.5, stroke_dasharray="3 2")
            el(g, "text", "?", x=float(cx), y=float(cy + cell * 0.13), font_size=float(cell * 0.38), font_weight="bold",
               text_anchor="middle", fill=style.role["lack"]["stroke"])
    for destroyed in panel.destroyed:
        f, r = board.coords(destroyed)
        draw_cross(g, f * cell + cell / 2, (board.ranks - 1 - r) * cell + cell / 2, cell * 0.3, style,
                   data_square=board.name(destroyed))
    for n, (start, end) in enumerate(panel.moves, 1):
        (f0, r0), (f1, r1) = board.coords(start), board.coords(end)
        node = draw_move(g, (f0 * cell + cell / 2, (board.ranks - 1 - r0) * cell + cell / 2),
                         (f1 * cell + cell / 2, (board.ranks - 1 - r1) * cell + cell / 2), cell, style,
                         number=n if len(panel.moves) > 1 else None, data_from=board.name(start),
                         data_to=board.name(end))
        if loc is not None:
            node.insert(0, ET.Element("title"))
            node[0].text = loc.msg("svg.move", start=board.name(start), end=board.name(end))
    for f, r, direction in panel.arrows:
        if 0 <= f < board.files and 0 <= r < board.ranks:  # a cut corner too: the arrow is printed there
            at = board.index(f, r)
            draw_arrow(g, f * cell + cell / 2, (board.ranks - 1 - r) * cell + cell / 2, cell, direction, style,
                       small=at in pieces, data_square=board.name(at) if at is not None else "")
    for f in range(board.files):
        el(g, "text", board.file_names[f], x=float(f * cell + cell / 2), y=float(board.ranks * cell + 15),
           font_size=12.0, text_anchor="middle", fill=style.faint)
    for r in range(board.ranks):
        el(g, "text", str(r + 1), x=-10.0, y=float((board.ranks - 1 - r) * cell + cell / 2 + 4), font_size=12.0,
           text_anchor="middle", fill=style.faint)
    return g


# ---------------------------------------------------------------------------- legend
#: the legend's entries, in order: key -> locale message
LEGEND = ("target", "pattern", "enemy", "lack", "destroyed", "effect_destroyed", "move", "changed", "marked",
          "marked2", "arrow",
          "common", "heroic", "legendary", "red", "green", "central")


def draw_legend(parent: ET.Element, keys: Iterable[str], loc: Localizer, width: float, style: Style = STYLE) -> float:
    """The key of the symbols used (``keys``), in columns; returns its height."""
    keys = set(keys)
    colors = [f"color:{c}" for c in style.piece if f"color:{c}" in keys]  # the pieces of each color
    wanted = [k for k in LEGEND if k in keys]
    at = next((i for i, k in enumerate(wanted) if k in style.piece_radius), len(wanted))
    wanted[at:at] = colors
    if not wanted:
        return 0.0
    g = el(parent, "g", class_="legend")
    size = style.font_size
    el(g, "text", loc.msg("svg.key"), x=0.0, y=size, font_size=size, font_weight="bold")
    sw = 20.0

    def said(key: str) -> str:
        if key.startswith("color:"):
            return loc.msg("svg.key.color", color=loc.msg(f"color.{key.split(':', 1)[1]}"))
        return loc.msg(f"svg.key.{key}")

    longest = max(len(said(key)) for key in wanted)
    col_w = sw + 6 + longest * size * 0.92 * style.caption_chars + 18
    cols = max(1, int(width // col_w))
    y0 = size + 8
    row_h = sw + 6
    for i, key in enumerate(wanted):
        x, y = (i % cols) * col_w, y0 + (i // cols) * row_h
        item = el(g, "g", class_="key", data_key=key)
        _swatch(item, key, x, y, sw, style)
        el(item, "text", said(key), x=float(x + sw + 6), y=float(y + sw / 2 + size * 0.35),
           font_size=float(size * 0.92))
    rows = (len(wanted) + cols - 1) // cols
    return y0 + rows * row_h


def _swatch(g: ET.Element, key: str, x: float, y: float, sw: float, style: Style) -> None:
    cx, cy = x + sw / 2, y + sw / 2
    if key in ("red", "green", "central"):
        el(g, "rect", x=x, y=y, width=sw, height=sw, fill=style.square[key], stroke=style.square["outline"])
        draw_square_sign(g, key, x, y, sw * 1.4, style)  # as on the board, a little larger than to scale
        return
    if key.startswith("color:"):  # the pieces of one color: its fill and its texture
        el(g, "rect", x=x, y=y, width=sw, height=sw, fill=style.square["plain"], stroke=style.square["outline"])
        draw_piece(g, cx, cy, sw * 1.2, key.split(":", 1)[1], "common", style, as_path=True)
        return
    el(g, "rect", x=x, y=y, width=sw, height=sw, fill=style.square["plain"], stroke=style.square["outline"])
    if key in style.role:
        draw_frame(g, x, y, sw, key, style)
    elif key in ("marked", "marked2"):
        draw_mark(g, x + 1, y + 1, sw - 2, "m" if key == "marked" else "m2", style)
    elif key == "arrow":
        draw_arrow(g, cx, cy, sw, "e", style)
    elif key in ("destroyed", "effect_destroyed"):
        el(g, "path", d=disc_path(cx, cy, sw * 0.3), fill="#9b9b9b", stroke=style.ink)
        draw_cross(g, cx, cy, sw * 0.3, style)
    elif key == "move":
        draw_move(g, (x + 2, cy), (x + sw - 1, cy), sw * 1.2, style)
    elif key in style.piece_radius:
        draw_piece(g, cx, cy, sw * 1.2, "white", key, style, as_path=True)


# ---------------------------------------------------------------------------- documents
@dataclass
class Layout:
    cols: int
    panel_w: float
    panel_h: float
    caption_lines: int
    body_lines: int


def _layout(board: Board, panels: Sequence[Panel], per_row: int, style: Style) -> Layout:
    bw, bh = _board_size(board, style)
    panel_w = bw + 60
    cols = max(1, min(per_row, len(panels)))
    caption_lines = max((len(wrap(p.caption, panel_w - 20, style.font_size)) for p in panels if p.caption), default=0)
    body_lines = max((sum(len(wrap(line, panel_w - 20, style.font_size)) for line in p.lines) for p in panels), default=0)
    panel_h = caption_lines * style.font_size * 1.3 + 8 + bh + 30 + body_lines * style.font_size * 1.3 + 16
    return Layout(cols, panel_w, panel_h, caption_lines, body_lines)


def _draw_panel(parent: ET.Element, board: Board, pos: Position | None, panel: Panel, lay: Layout, *, side: str,
                loc: Localizer | None, style: Style) -> None:
    size = style.font_size
    y = size
    if panel.caption:
        y = text_lines(parent, 10, y, wrap(panel.caption, lay.panel_w - 20, size), size, font_weight="bold")
    y = lay.caption_lines * size * 1.3 + 8
    holder = el(parent, "g", transform=f"translate(30,{num(y)})")
    draw_board(holder, board, panel.position if panel.position is not None else pos, panel, side=side, loc=loc,
               style=style)
    y += board.ranks * style.cell + 30 + size
    for line in panel.lines:
        y = text_lines(parent, 10, y, wrap(line, lay.panel_w - 20, size), size)


def boards_svg(board: Board, pos: Position | None, panels: Sequence[Panel | tuple[str, Mapping[int, str]]],
               title: str = "", per_row: int = 4, *, loc: Localizer | None = None, heading: Sequence[str] = (),
               desc: str | None = None, mode: str | None = None, legend: bool = True,
               figure: ET.Element | None = None, style: Style = STYLE) -> str:
    """Several drawings of one position side by side (one per placement, or per step of a plan).

    ``panels`` are :class:`Panel` objects or ``(caption, {square: role})`` pairs; ``heading``
    lines go above them (the first in bold, then the side of the board when ``loc`` is given),
    ``figure`` (an ``<svg>`` element, e.g. :func:`pattern_element`) to their right, and the
    legend of the symbols used below the panels when ``loc`` is given. The board side follows
    ``mode`` (else the position's mode): both sides show the red and green squares, the High Form
    side also the central squares. ``title`` is the picture's accessible name, ``desc`` its
    description (by default, every piece of the position).
    """
    shown = [p if isinstance(p, Panel) else Panel.from_highlight(*p) for p in panels] or [Panel(title)]
    side = board_side(board, mode if mode is not None else (pos.mode if pos is not None else None), style)
    lay = _layout(board, shown, per_row, style)
    rows = (len(shown) + lay.cols - 1) // lay.cols
    width = max(lay.cols * lay.panel_w, 520.0)
    size = style.font_size
    fig_w = float(figure.get("width", "0")) + 20 if figure is not None else 0.0
    fig_h = float(figure.get("height", "0")) + 10 if figure is not None else 0.0
    lines = _heading_lines(heading, loc, side, width - 20 - fig_w, style)
    sizes = {"title": style.title_size, "side": size * 0.9, "plain": size}
    head_h = max(sum(sizes[kind] * 1.35 for _, kind in lines) + (8 if lines else 0), fig_h)
    keys = _legend_keys(board, pos, shown, side, style)
    scratch = ET.Element("g")
    legend_h = draw_legend(scratch, keys, loc, width - 20, style) + 10 if (legend and loc is not None) else 0.0
    height = head_h + rows * lay.panel_h + legend_h + 6
    root = svg_root(width, height, title or (heading[0] if heading else ""), desc if desc is not None else
                    _position_desc(board, pos, loc))
    el(root, "rect", x=0.0, y=0.0, width=float(width), height=float(height), fill="#ffffff")
    y = 0.0
    for text, kind in lines:
        fs = sizes[kind]
        y += fs * 1.35
        el(root, "text", text, x=10.0, y=float(y - fs * 0.3), font_size=float(fs), class_=f"heading {kind}",
           font_weight="bold" if kind == "title" else None, fill=style.faint if kind == "side" else None)
    if figure is not None:
        figure.set("x", num(width - fig_w + 10))
        figure.set("y", "6")
        root.append(figure)
    y = head_h
    for n, panel in enumerate(shown):
        g = el(root, "g", class_="panel", transform=f"translate({num((n % lay.cols) * lay.panel_w)},"
                                                    f"{num(y + (n // lay.cols) * lay.panel_h)})")
        _draw_panel(g, board, pos, panel, lay, side=side, loc=loc, style=style)
    if legend_h:
        holder = el(root, "g", transform=f"translate(10,{num(y + rows * lay.panel_h)})")
        draw_legend(holder, keys, loc, width - 20, style)  # type: ignore[arg-type]
    return to_string(root)


def _heading_lines(heading: Sequence[str], loc: Localizer | None, side: str, width: float,
                   style: Style) -> list[tuple[str, str]]:
    """The heading's lines wrapped to ``width``, each with its kind: title, side (of the board), plain."""
    size = style.font_size
    # the side of the board, after the first line: wrapped too, clear of the figure beside it
    sides = [] if loc is None else [(part, "side") for part in wrap_measured(loc.msg(f"svg.side.{side}"), width, size * 0.9)]
    lines: list[tuple[str, str]] = []
    for i, line in enumerate(heading):
        kind = "title" if i == 0 else "plain"
        lines += [(part, kind) for part in wrap_measured(line, width, style.title_size if i == 0 else size)]
        lines += sides if i == 0 else []
    return lines if heading else sides


def _legend_keys(board: Board, pos: Position | None, shown: Sequence[Panel], side: str, style: Style) -> set[str]:
    """The symbols the panels use: their marks, the pieces' ranks and colors, the kinds of squares."""
    keys: set[str] = set().union(*(p.legend_keys() for p in shown))
    for shown_pos in [pos, *(p.position for p in shown)]:
        if shown_pos is not None:
            keys |= {piece.rank.value for piece in shown_pos.pieces.values()}
            keys |= {f"color:{piece.color}" for piece in shown_pos.pieces.values()}
    return keys | set(shown_squares(board, side, style).values())


def board_svg(board: Board, pos: Position | None, highlight: Mapping[int, str] | None = None,
              title: str = "", *, loc: Localizer | None = None) -> str:
    """One board; ``highlight`` maps squares to a role: target, pattern, enemy, marked, lack."""
    return boards_svg(board, pos, [Panel.from_highlight("", highlight or {})], title, loc=loc,
                      heading=[title] if title else ())


def _position_desc(board: Board, pos: Position | None, loc: Localizer | None) -> str:
    if pos is None or loc is None:
        return ""
    if not pos.pieces:
        return loc.msg("svg.no_pieces")
    listed = loc.join((_piece_label(loc, board, sq, p) for sq, p in sorted(pos.pieces.items())), "clauses")
    return loc.msg("svg.pieces", count=len(pos.pieces), pieces=listed)


def position_svg(board: Board, pos: Position, loc: Localizer, title: str = "") -> str:
    """A position: the board side of its mode, its pieces, a legend, and a description of every piece."""
    heading = [title or loc.msg("svg.position"), loc.msg("svg.mode", mode=loc.msg(f"mode.{pos.mode}"),
                                                          players=pos.players)]
    return boards_svg(board, pos, [Panel()], heading[0], loc=loc, heading=heading)


# ---------------------------------------------------------------------------- summoning
def placement_panel(p: Placement, board: Board, loc: Localizer, n: int) -> Panel:
    """A placement drawn: its squares, marks, arrows, the piece it destroys, and what it does in words."""
    msg, name = loc.msg, board.name
    roles: dict[int, str] = {sq: "pattern" for sq in p.pattern_squares}
    if p.enemy_square is not None:
        roles[p.enemy_square] = "enemy"
    roles[p.target] = "target"
    tf, tr = board.coords(p.target)
    arrows = [(tf + c.df, tr + c.dr, d) for c in p.orientation.cells for d in c.arrows]
    lines = placement_lines(p, board, loc, lambda found: " ".join(
        ARROW_GLYPH[d] for d in sorted(found, key=list(ANGLE).index)))
    return Panel(msg("summon.placement", n=n, square=name(p.target)), roles,
                 {sq: tuple(marks) for sq, marks in p.marked.items()}, arrows,
                 [p.destroys[0]] if p.destroys else [], lines)


def near_miss_panel(n: NearMiss, board: Board, loc: Localizer) -> Panel:
    """A placement that comes close: its squares, the ones that fail, and why."""
    roles: dict[int, str] = {sq: "pattern" for sq in n.squares}
    roles[n.target] = "target"
    for lack in n.lacks:
        if lack.square is not None and lack.square != n.target:
            roles[lack.square] = "lack"
    tf, tr = board.coords(n.target)
    marks: dict[int, tuple[str, ...]] = {}
    arrows = []
    for c in n.orientation.cells:
        sq = board.index(tf + c.df, tr + c.dr)
        if c.marks and sq is not None:
            marks[sq] = tuple(c.marks)
        arrows += [(tf + c.df, tr + c.dr, d) for d in c.arrows]
    caption = loc.msg("summon.near", square=board.name(n.target), rotation=n.orientation.rotation,
                      mirrored=loc.msg("summon.mirrored") if n.orientation.mirrored else "")
    return Panel(caption, roles, marks, arrows, [], [lack_text(x, board, loc) for x in n.lacks])


def verdict_svg(board: Board, pos: Position, verdict: Verdict, loc: Localizer, card_name: str,
                per_row: int = 3) -> str:
    """A summoning verdict: every placement drawn, or the reasons and the closest placements."""
    msg = loc.msg
    answer = msg("summon.legal" if verdict.legal else "summon.illegal", card=card_name,
                 player=msg(f"color.{verdict.player}"), count=len(verdict.placements))
    heading = [card_name, ("✔ " if verdict.legal else "✘ ") + answer]
    if verdict.legal:
        panels = [placement_panel(p, board, loc, i) for i, p in enumerate(verdict.placements, 1)]
    else:
        heading += ["• " + msg(f"reason.{code}") for code in verdict.reasons]
        if verdict.near_misses:
            heading.append(msg("summon.nearest"))
        panels = [near_miss_panel(n, board, loc) for n in verdict.near_misses]
    parts = [answer] + [msg(f"reason.{c}") for c in verdict.reasons]
    for panel in panels:
        parts.append(msg("label.value", label=panel.caption, value=loc.join(panel.lines, "clauses")))
    pieces = _position_desc(board, pos, loc)
    desc = " ".join(p.rstrip(".") + "." for p in parts) + (" " + pieces if pieces else "")
    figure = pattern_element(verdict.card.pattern, 18, title=loc.msg("label.pattern"))
    title = msg("label.value", label=card_name, value=answer)
    return boards_svg(board, pos, panels, title, per_row, loc=loc, heading=heading, desc=desc,
                      figure=figure)


# the drawing primitives are :mod:`tashkalar_cli.render.svgdraw`'s, named here too for the pictures' callers
__all__ = ["ANGLE", "SVG_NS", "Panel", "board_svg", "boards_svg", "disc_path", "draw_arrow", "draw_board", "draw_legend",
           "draw_mark", "draw_move", "el", "near_miss_panel", "pattern_element", "pattern_svg", "placement_panel",
           "position_svg", "star_path", "svg_root", "text_lines", "text_width", "to_string", "verdict_svg", "wrap",
           "wrap_measured", "xml_safe"]

"""The drawing primitives of the SVG pictures (:mod:`tashkalar_cli.games.tashkalar.render.svg`, the cheat sheets, the
L.E.T.A.L. grid): the element writer that keeps every document well-formed, texts measured and cut
to a width, and the small shapes (marks, arrows, moves, frames, crosses, pieces, square signs), each
painted from the one style table (:mod:`tashkalar_cli.render.style`) and carrying its own ``<title>``.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from tashkalar_cli.errors import visible
from tashkalar_cli.render.style import STYLE, Style

SVG_NS = "http://www.w3.org/2000/svg"
#: arrows in texts: the same glyph in every language
ARROW_GLYPH = {"n": "↑", "ne": "↗", "e": "→", "se": "↘", "s": "↓", "sw": "↙", "w": "←", "nw": "↖"}
#: highlight roles a caller may give (the older ``(caption, {square: role})`` panels)
ROLES = ("target", "pattern", "enemy", "marked", "lack")


# ---------------------------------------------------------------------------- the writer
def num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def attributes(attrs: Mapping[str, Any]) -> dict[str, str]:
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = num(value) if isinstance(value, float) else str(value)
    return out


def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """A child element; ``class_`` becomes ``class``, ``stroke_width`` ``stroke-width``, floats are rounded."""
    node = ET.SubElement(parent, tag, attributes(attrs))
    if text is not None:
        node.text = text
    return node


def svg_root(width: float, height: float, title: str, desc: str = "", *, ids: str = "") -> ET.Element:
    """The ``<svg>`` element with its accessible name (``<title>``) and description (``<desc>``).

    ``ids`` prefixes the ids of ``title``/``desc``, so that several pictures can share a page.
    """
    labelled = f"{ids}title {ids}desc" if desc else f"{ids}title"
    root = ET.Element("svg", attributes({"xmlns": SVG_NS, "width": float(width), "height": float(height),
                                     "viewBox": f"0 0 {num(width)} {num(height)}", "role": "img",
                                     "aria-labelledby": labelled, "font-family": STYLE.font}))
    el(root, "title", title, id=f"{ids}title")
    if desc:
        el(root, "desc", desc, id=f"{ids}desc")
    return root


def xml_safe(root: ET.Element) -> ET.Element:
    """``root`` with every text, tail and attribute made :func:`~tashkalar_cli.errors.visible`: a
    name in the data may hold characters XML 1.0 forbids (C0 controls, lone surrogates, U+FFFE,
    U+FFFF), which ElementTree would write as they are, into a file no reader parses. They are
    written out (``\\x1b``) instead, like escape sequences and bidi overrides."""
    for node in root.iter():
        if node.text:
            node.text = visible(node.text, lines=True)
        if node.tail:
            node.tail = visible(node.tail, lines=True)
        for key, value in list(node.attrib.items()):
            safe_key, safe_value = visible(key, lines=True), visible(value, lines=True)
            if safe_key != key:
                del node.attrib[key]
            node.attrib[safe_key] = safe_value
    return root


def to_string(root: ET.Element) -> str:
    """The SVG document of ``root``: well-formed XML, whatever the names it carries."""
    return ET.tostring(xml_safe(root), encoding="unicode") + "\n"


def wrap(text: str, width: float, size: float, style: Style = STYLE) -> list[str]:
    """``text`` cut into lines that fit ``width`` units at font ``size`` (an estimate of glyph widths)."""
    chars = max(8, int(width / (size * style.caption_chars)))
    return textwrap.wrap(text, chars) or [""]


#: glyph widths as a fraction of the font size, rounded up from DejaVu Sans, the widest of the
#: fonts a picture names: a text measured with them is never wider once drawn
_NARROW = frozenset("iIjlt.,:;'!|()[]{}ìíîïf r\u00a0")
_WIDE = frozenset("mwMW@%—…æœÆŒ")


def text_width(text: str, size: float) -> float:
    """How wide ``text`` is drawn at font ``size``, estimated from above (a line measured with it
    fits where it is put, whatever the language: accents, capitals and long words included)."""
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            total += 0.42
        elif ch in _WIDE:
            total += 1.0
        elif ch.isupper():
            total += 0.78
        else:
            total += 0.66
    return total * size


def wrap_measured(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at font ``size`` (see :func:`text_width`), broken
    between words; a single word wider than a line is broken where it must be."""
    lines: list[str] = []
    line = ""
    for word in text.replace("\t", " ").replace("\n", " ").split(" "):   # never at a no-break space
        if not word:
            continue
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while text_width(line, size) > width and len(line) > 1:
            cut = max(1, next((n for n in range(len(line), 0, -1) if text_width(line[:n], size) <= width), 1))
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line] if line or not lines else lines


def text_lines(parent: ET.Element, x: float, y: float, lines: Sequence[str], size: float, *,
               gap: float = 1.3, **attrs: Any) -> float:
    """Draw lines of text from baseline ``y``; returns the baseline after the last one."""
    for line in lines:
        el(parent, "text", line, x=float(x), y=float(y), font_size=float(size), **attrs)
        y += size * gap
    return y


def disc_path(cx: float, cy: float, r: float) -> str:
    """A circle as a path (``<circle>`` is kept for the pieces on the board, one each)."""
    return (f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
            f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0z")


def star_path(cx: float, cy: float, r: float) -> str:
    """A five-pointed star (the heroic rank in pattern diagrams)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append(f"{num(cx + radius * math.cos(angle))} {num(cy + radius * math.sin(angle))}")
    return "M" + "L".join(points) + "z"


# ---------------------------------------------------------------------------- small drawings
def draw_mark(parent: ET.Element, x: float, y: float, size: float, mark: str, style: Style = STYLE,
              **attrs: Any) -> ET.Element:
    """A marked square: a tint, and diagonal lines (``m``) or a grid of dots (``m2``), for black and white."""
    colors = style.mark.get(mark, style.mark["m"])
    g = el(parent, "g", class_=f"mark {mark}", **attrs)
    el(g, "rect", x=float(x), y=float(y), width=float(size), height=float(size), fill=colors["fill"])
    step = size / 4
    if mark == "m2":
        d = "".join(f"M{num(x + i * step)} {num(y + j * step)}h0.01" for i in range(1, 4) for j in range(1, 4))
        el(g, "path", d=d, stroke=colors["ink"], stroke_width=float(size / 11), stroke_linecap="round")
    else:
        d = "".join(f"M{num(x + i * step)} {num(y + size)}L{num(x + size)} {num(y + i * step)}"
                    for i in range(1, 4))
        d += "".join(f"M{num(x)} {num(y + size - i * step)}L{num(x + size - i * step)} {num(y)}"
                     for i in range(1, 4))
        d += f"M{num(x)} {num(y + size)}L{num(x + size)} {num(y)}"
        el(g, "path", d=d, stroke=colors["ink"], stroke_width=float(size / 28))
    return g


def draw_move(parent: ET.Element, start: tuple[float, float], end: tuple[float, float], size: float,
              style: Style = STYLE, *, number: int | None = None, **attrs: Any) -> ET.Element:
    """A piece's move: a dashed line from the center of its square to the center of the square it
    ends on, with a head there (dashed: it is not read as a card's arrow, in black and white too);
    ``number``: its place among the moves drawn, written in a small disc halfway."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = size * 0.2
    bx, by = x1 - ux * head * 1.4, y1 - uy * head * 1.4       # the base of the head
    shaft = f"M{num(x0)} {num(y0)}L{num(bx)} {num(by)}"
    tip = (f"M{num(x1)} {num(y1)}L{num(bx - uy * head * 0.7)} {num(by + ux * head * 0.7)}"
           f"L{num(bx + uy * head * 0.7)} {num(by - ux * head * 0.7)}z")
    g = el(parent, "g", class_="move", **attrs)
    width = size * 0.08
    el(g, "path", d=shaft + tip, fill="#ffffff", stroke="#ffffff", stroke_width=float(width + 3),
       stroke_linejoin="round", stroke_linecap="round")
    el(g, "path", d=shaft, stroke=style.move, stroke_width=float(width), stroke_dasharray=f"{num(width * 2.5)} "
       f"{num(width * 1.5)}", fill="none")
    el(g, "path", d=tip, fill=style.move)
    if number is not None:
        mx, my = (x0 + bx) / 2, (y0 + by) / 2
        el(g, "circle", cx=float(mx), cy=float(my), r=float(size * 0.15), fill="#ffffff", stroke=style.move,
           stroke_width=1.0)
        el(g, "text", str(number), x=float(mx), y=float(my + size * 0.07), font_size=float(size * 0.2),
           text_anchor="middle", font_weight="bold", fill=style.move)
    return g


def draw_frame(parent: ET.Element, x: float, y: float, size: float, role: str, style: Style = STYLE,
               **attrs: Any) -> ET.Element:
    spec = style.role[role]
    inset = spec["width"] / 2 + 1
    return el(parent, "rect", class_=role, x=float(x + inset), y=float(y + inset), width=float(size - 2 * inset),
              height=float(size - 2 * inset), fill="none", stroke=spec["stroke"], stroke_width=spec["width"],
              stroke_dasharray=spec["dash"], **attrs)


def draw_cross(parent: ET.Element, cx: float, cy: float, r: float, style: Style = STYLE, **attrs: Any) -> ET.Element:
    """The cross over a piece the summoning destroys (a white halo keeps it visible on dark pieces)."""
    g = el(parent, "g", class_="destroyed", **attrs)
    d = (f"M{num(cx - r)} {num(cy - r)}L{num(cx + r)} {num(cy + r)}"
         f"M{num(cx + r)} {num(cy - r)}L{num(cx - r)} {num(cy + r)}")
    el(g, "path", d=d, stroke="#ffffff", stroke_width=float(r * 0.55), stroke_linecap="round")
    el(g, "path", d=d, stroke=style.destroyed, stroke_width=float(r * 0.3), stroke_linecap="round")
    return g


def draw_piece(parent: ET.Element, cx: float, cy: float, size: float, color: str, rank: str, style: Style = STYLE,
               *, as_path: bool = False, label: str | None = None) -> ET.Element:
    """A piece on the board: a disc of its color, a thicker outline and a letter when upgraded."""
    r = size * style.piece_radius[rank]
    g = el(parent, "g", class_=f"piece {rank}", data_color=color)
    if label:
        el(g, "title", label)
    fill = style.piece.get(color, "#888888")
    common: dict[str, Any] = {"fill": fill, "stroke": style.ink, "stroke_width": style.piece_stroke[rank]}
    if as_path:
        el(g, "path", d=disc_path(cx, cy, r), **common)
    else:
        el(g, "circle", cx=float(cx), cy=float(cy), r=float(r), **common)
    ink = style.piece_ink.get(color, style.ink)
    _texture(g, cx, cy, r - style.piece_stroke[rank] / 2, style.piece_texture.get(color, "plain"), ink)
    letter = style.piece_letter[rank]
    if letter:  # over the texture, with a rim of the piece's color
        el(g, "text", letter, x=float(cx), y=float(cy + size * 0.12), font_size=float(size * 0.34),
           font_weight="bold", text_anchor="middle", fill=ink, stroke=fill, stroke_width=float(size * 0.06),
           paint_order="stroke")
    return g


def _texture(parent: ET.Element, cx: float, cy: float, r: float, texture: str, ink: str) -> None:
    """The texture that tells a color of pieces from the others without its hue: stripes in one of
    four directions, dots, or none; inside the disc of radius ``r``."""
    if texture == "plain" or r <= 0:
        return
    step = r / 2.2
    if texture == "dots":
        d = "".join(f"M{num(cx + i * step)} {num(cy + j * step)}h0.01"
                    for i in (-1, 0, 1) for j in (-1, 0, 1) if (i * i + j * j) * step * step < (r - step / 3) ** 2)
        el(parent, "path", class_=f"texture {texture}", d=d, stroke=ink, stroke_width=float(r / 4),
           stroke_linecap="round", opacity=0.8)
        return
    angle = {"stripes": 45.0, "backstripes": -45.0, "hstripes": 0.0, "vstripes": 90.0}.get(texture, 45.0)
    ux, uy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))  # along a stripe
    nx, ny = -uy, ux                                                         # across the stripes
    parts = []
    for k in (-2, -1, 0, 1, 2):
        t = k * step * 0.9
        if abs(t) >= r:
            continue
        half = math.sqrt(r * r - t * t)
        x0, y0 = cx + nx * t - ux * half, cy + ny * t - uy * half
        parts.append(f"M{num(x0)} {num(y0)}l{num(2 * half * ux)} {num(2 * half * uy)}")
    el(parent, "path", class_=f"texture {texture}", d="".join(parts), stroke=ink, stroke_width=float(r / 7),
       opacity=0.8)


def draw_square_sign(parent: ET.Element, kind: str, x: float, y: float, cell: float, style: Style = STYLE) -> None:
    """The sign that tells a colored square's kind without its color: a triangle in the corner of
    a red square, a diamond at the top of a green one, a ring in the corner of a central one."""
    sign = style.square_sign.get(kind)
    s = cell * 0.28
    ink = style.square["outline"]
    if sign == "triangle":
        el(parent, "path", class_=f"sign {kind}", d=f"M{num(x + 1)} {num(y + 1)}h{num(s)}L{num(x + 1)} {num(y + 1 + s)}z",
           fill=ink)
    elif sign == "diamond":
        el(parent, "path", class_=f"sign {kind}", d=f"M{num(x + 1 + s / 2)} {num(y + 1)}l{num(s / 2)} {num(s / 2)}"
                                                 f"l{num(-s / 2)} {num(s / 2)}l{num(-s / 2)} {num(-s / 2)}z", fill=ink)
    elif sign == "ring":
        el(parent, "path", class_=f"sign {kind}", d=disc_path(x + 1 + s / 2, y + 1 + s / 2, s / 3), fill="none",
           stroke=ink, stroke_width=float(max(1.0, cell / 28)))

"""L.E.T.A.L. TCG's pictures and texts: the grid as SVG (like the page's diagrams: the hero's
square, the squares reached, the other heroes) and the messages of a game file's problems.

The grid is drawn with the helpers and the style table of :mod:`tashkalar_cli.render.svg`, and
reads in black and white: the hero is a black disc with a white star, a square reached is
hatched, another hero a hollow ring, the hero who pushes or pulls a grey disc with a ring.
North (the last rank) is at the top, file ``a`` on the left.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tashkalar_cli.render.style import STYLE

if TYPE_CHECKING:
    from tashkalar_cli.engine.letal import Grid, Problem, Square
    from tashkalar_cli.text.i18n import Localizer


def area_label(kind: str, n: int, loc: Localizer) -> str:
    """"Range 2", "Adjacent": the glossary's term of the positioning word in the reader's language
    (so that the engine says what the rules say), else the interface's own label."""
    term = loc.field("keywords", kind, "term").text
    if not term:
        return loc.msg(f"letal.area.{kind}", n=n)
    return term if kind == "adjacent" else f"{term} {n}"


def problem_text(problem: Problem, loc: Localizer) -> str:
    """A game file's problem in the user's language (team names too)."""
    params = dict(problem.params)
    if "team" in params:
        params["team"] = loc.msg(f"letal.team.{params['team']}")
    return loc.msg(f"letal.problem.{problem.code}", **params)


def _hero(parent: ET.Element, cx: float, cy: float, cell: float) -> None:
    from tashkalar_cli.render.svg import disc_path, el, star_path

    g = el(parent, "g", class_="hero")
    el(g, "path", d=disc_path(cx, cy, cell * 0.36), fill=STYLE.ink)
    el(g, "path", d=star_path(cx, cy, cell * 0.24), fill="#ffffff")


def _other(parent: ET.Element, cx: float, cy: float, cell: float, *, by: bool = False) -> None:
    from tashkalar_cli.render.svg import disc_path, el

    g = el(parent, "g", class_="by" if by else "occupied")
    if by:
        el(g, "path", d=disc_path(cx, cy, cell * 0.34), fill=STYLE.pattern_piece["common"])
    el(g, "path", d=disc_path(cx, cy, cell * 0.3), fill="none", stroke=STYLE.ink, stroke_width=float(cell * 0.08))


def grid_svg(grid: Grid, loc: Localizer, caption: str, hero: Square, reached: Iterable[Square],
             occupied: Sequence[Square] = (), *, by: Square | None = None) -> str:
    """The grid with the hero on ``hero``, the squares ``reached`` hatched, the other heroes on
    ``occupied`` (and ``by``, the hero who pushes or pulls), a caption and a key."""
    from tashkalar_cli.render.svg import draw_mark, el, svg_root, text_lines, to_string, wrap

    cell, size, font = float(STYLE.cell), grid.size, STYLE.font_size
    margin = font * 1.6
    board = cell * size
    width = max(margin * 2 + board, 320.0)
    reached = sorted(set(reached))
    keys = ["hero", "reached", "occupied", *(["by"] if by is not None else [])]
    caption_lines = wrap(caption, width - 2 * margin, STYLE.title_size)
    top = margin + STYLE.title_size * 1.3 * len(caption_lines)
    height = top + board + margin + len(keys) * cell * 0.7 + margin
    names = ", ".join(sq.name for sq in reached) or loc.msg("letal.none")
    root = svg_root(width, height, f"{loc.msg('letal.svg.title')}: {caption}",
                    f"{loc.msg('letal.svg.hero')}: {hero.name}; {loc.msg('letal.svg.reached')}: {names}")
    el(root, "rect", x=0.0, y=0.0, width=float(width), height=float(height), fill="#ffffff")
    text_lines(root, margin, margin + STYLE.title_size * 0.6, caption_lines, STYLE.title_size, fill=STYLE.ink,
               font_weight="bold")
    left = margin

    def corner(sq: Square) -> tuple[float, float]:
        return left + sq.file * cell, top + (size - 1 - sq.rank) * cell

    squares = el(root, "g", class_="grid")
    for sq in grid.squares:
        x, y = corner(sq)
        el(squares, "rect", x=x, y=y, width=cell, height=cell, fill="#ffffff", stroke=STYLE.pattern_grid,
           stroke_width=1.0)
    for sq in reached:
        x, y = corner(sq)
        mark = draw_mark(root, x, y, cell, "m")
        el(mark, "title", f"{sq.name}: {loc.msg('letal.svg.reached')}")
    for sq in occupied:
        x, y = corner(sq)
        _other(root, x + cell / 2, y + cell / 2, cell)
    if by is not None:
        x, y = corner(by)
        _other(root, x + cell / 2, y + cell / 2, cell, by=True)
    x, y = corner(hero)
    _hero(root, x + cell / 2, y + cell / 2, cell)
    labels = el(root, "g", class_="coordinates", fill=STYLE.faint, font_size=font * 0.85)
    for i in range(size):
        el(labels, "text", chr(ord("a") + i), x=left + (i + 0.5) * cell, y=top + board + font, text_anchor="middle")
        el(labels, "text", str(i + 1), x=left - font * 0.5, y=top + (size - 1 - i + 0.5) * cell + font * 0.3,
           text_anchor="end")
    y = top + board + margin + cell * 0.2
    key = el(root, "g", class_="key")
    swatch = cell * 0.6
    for name in keys:
        if name == "hero":
            _hero(key, left + swatch / 2, y + swatch / 2, swatch)
        elif name == "reached":
            draw_mark(key, left, y, swatch, "m")
        else:
            _other(key, left + swatch / 2, y + swatch / 2, swatch, by=name == "by")
        el(key, "text", loc.msg(f"letal.svg.{name}"), x=left + swatch + font * 0.6, y=y + swatch * 0.7,
           font_size=font, fill=STYLE.ink)
        y += cell * 0.7
    return to_string(root)

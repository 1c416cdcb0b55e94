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
from typing import TYPE_CHECKING, Protocol

from tashkalar_cli.render.style import STYLE

if TYPE_CHECKING:
    from tashkalar_cli.games.letal.engine import Grid, GridSquare, LetalEngine, MoveTo, Problem, Why
    from tashkalar_cli.render.sheet import Section
    from tashkalar_cli.text.i18n import Localizer
    from tashkalar_cli.text.rules import Glossary, Keyword


class ReferenceSource(Protocol):
    """What the quick reference needs of the :class:`~tashkalar_cli.game.Game` (a layer above):
    L.E.T.A.L.'s grid engine and its glossary."""

    @property
    def letal(self) -> LetalEngine: ...

    @property
    def glossary(self) -> Glossary: ...

#: the quick reference: the glossary's categories it prints, in this order
SHEET_CATEGORIES = ("turn", "card-type", "positioning")
#: the keywords printed for a category, in this order, where it is not the whole category: the
#: turn is its sequence (whose draw and attack phase the glossary files under cards and combat),
#: not every word about turns, so that the sheet stays one page
SHEET_KEYWORDS: dict[str, tuple[str, ...]] = {
    "turn": ("start-of-turn", "draw", "main-phase", "attack-phase", "end-of-turn"),
}
#: the N of the diagrams of Reach, Range and Radius on the quick reference
SHEET_N = 2


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
    if isinstance(params.get("allowed"), (list, tuple)):   # "2 or 4" players, in words
        params["allowed"] = loc.join(map(str, params["allowed"]), "or")
    return loc.msg(f"letal.problem.{problem.code}", **params)


def why_text(reason: Why, loc: Localizer) -> str:
    """Why a push, a pull or a move is refused, in the user's language, naming its squares."""
    names = [sq.name for sq in reason.squares]
    if reason.code == "not-in-line":
        return loc.msg("letal.why.not-in-line", square=names[0], by=names[1])
    if reason.code == "walled":
        return loc.msg("letal.why.walled", count=len(names), squares=loc.join(names))
    return loc.msg(f"letal.why.{reason.code}", square=names[0] if names else "")


def move_to_text(result: MoveTo, square: GridSquare, loc: Localizer) -> str:
    """The answer to "can the hero on ``square`` end its move on ``to``?", with the reason of a no."""
    if result.possible:
        return loc.msg("letal.move.to.yes", square=square.name, to=result.to.name,
                       needed=loc.msg("letal.steps", count=result.needed or 0))
    assert result.why is not None
    return loc.msg("letal.move.to.no", square=square.name, to=result.to.name,
                   steps=loc.msg("letal.steps", count=result.steps), why=why_text(result.why, loc))


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


def grid_svg(grid: Grid, loc: Localizer, caption: str, hero: GridSquare, reached: Iterable[GridSquare],
             occupied: Sequence[GridSquare] = (), *, by: GridSquare | None = None) -> str:
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
    root = svg_root(width, height, loc.msg("label.value", label=loc.msg("letal.svg.title"), value=caption),
                    loc.join([loc.msg("label.value", label=loc.msg("letal.svg.hero"), value=hero.name),
                              loc.msg("label.value", label=loc.msg("letal.svg.reached"), value=names)], "clauses"))
    el(root, "rect", x=0.0, y=0.0, width=float(width), height=float(height), fill="#ffffff")
    text_lines(root, margin, margin + STYLE.title_size * 0.6, caption_lines, STYLE.title_size, fill=STYLE.ink,
               font_weight="bold")
    left = margin

    def corner(sq: GridSquare) -> tuple[float, float]:
        return left + sq.file * cell, top + (size - 1 - sq.rank) * cell

    squares = el(root, "g", class_="grid")
    for sq in grid.squares:
        x, y = corner(sq)
        el(squares, "rect", x=x, y=y, width=cell, height=cell, fill="#ffffff", stroke=STYLE.pattern_grid,
           stroke_width=1.0)
    for sq in reached:
        x, y = corner(sq)
        mark = draw_mark(root, x, y, cell, "m")
        el(mark, "title", loc.msg("label.value", label=sq.name, value=loc.msg("letal.svg.reached")))
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


def grid_element(grid: Grid, hero: GridSquare, reached: Iterable[GridSquare], cell: float, title: str) -> ET.Element:
    """A small grid as an ``<svg>`` element ``cell`` mm a square (for the printed quick reference):
    the hero and the squares reached, as in :func:`grid_svg`."""
    from tashkalar_cli.render.svg import SVG_NS, draw_mark, el

    unit = 24.0
    side = grid.size * unit + 4
    root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {side:g} {side:g}", "class": "letal-grid",
                              "width": f"{side * cell / unit:.2f}mm", "height": f"{side * cell / unit:.2f}mm",
                              "role": "img"})
    el(root, "title", title)
    for sq in grid.squares:
        el(root, "rect", x=2 + sq.file * unit, y=2 + (grid.size - 1 - sq.rank) * unit, width=unit, height=unit,
           fill="#ffffff", stroke=STYLE.pattern_grid, stroke_width=1.0)
    for sq in reached:
        draw_mark(root, 2 + sq.file * unit, 2 + (grid.size - 1 - sq.rank) * unit, unit, "m")
    _hero(root, 2 + (hero.file + 0.5) * unit, 2 + (grid.size - 0.5 - hero.rank) * unit, unit)
    el(root, "rect", x=2.0, y=2.0, width=grid.size * unit, height=grid.size * unit, fill="none", stroke=STYLE.ink,
       stroke_width=2.0)
    return root


def sheet_keywords(glossary: Glossary, category: str) -> list[Keyword]:
    """The keywords the quick reference prints under ``category``: those of
    :data:`SHEET_KEYWORDS` in that order (the ones the glossary has), else the whole category in
    the glossary's order."""
    chosen = SHEET_KEYWORDS.get(category)
    if chosen is None:
        return [kw for kw in glossary.keywords if kw.category == category]
    by_id = {kw.id: kw for kw in glossary.keywords}
    return [by_id[k] for k in chosen if k in by_id]


def quick_reference(game: ReferenceSource, loc: Localizer) -> list[Section]:
    """L.E.T.A.L. TCG on one sheet, in the reader's language: the glossary's turn, card types and
    positioning words (in the glossary's order), each positioning word with its diagram."""
    from tashkalar_cli.games.letal.engine import AREAS, GridSquare
    from tashkalar_cli.render.sheet import CardView, Section

    engine = game.letal
    middle = (engine.grid.size - 1) // 2
    hero = GridSquare(middle, middle)
    views = []
    for category in SHEET_CATEGORIES:
        for kw in sheet_keywords(game.glossary, category):
            entry, _ = loc.entry("keywords", kw.id)
            term = loc.field("keywords", kw.id, "term")
            definition = loc.field("keywords", kw.id, "definition")
            figure, note = None, None
            if kw.id in AREAS:
                n = 1 if kw.id == "adjacent" else SHEET_N
                label = area_label(kw.id, n, loc)
                figure = grid_element(engine.grid, hero, engine.area(hero, kw.id, n), 3.4, label)
                note = loc.msg("letal.sheet.diagram", area=label, square=hero.name)
            langs = sorted({t.lang for t in (term, definition) if t.text and t.lang != loc.lang})
            fallback = loc.msg("fallback.note", lang=loc.language_name(loc.lang),
                               fallback=loc.join(map(loc.language_name, langs))) if langs else None
            views.append(CardView(kw.id, term.text or kw.id, (entry or {}).get("official", True) is not False,
                                  loc.msg(f"category.{category}"), None, None, [(None, definition.text or "")],
                                  note, fallback, figure))
    return [Section("letal", loc.msg("letal.sheet.title"), views, patterns=False)]

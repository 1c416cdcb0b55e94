"""L.E.T.A.L. TCG's pictures and texts: the grid as SVG (like the page's diagrams: the hero's
square, the squares reached, the other heroes) and in the terminal with the same symbols, and the
messages of a game file's problems.

The grid is drawn with the helpers and the style table of :mod:`tashkalar_cli.render.svgdraw`, and
reads in black and white: the hero is a black disc with a white star, a square reached is
hatched, another hero a hollow ring, the hero who pushes or pulls a grey disc with a ring.
North (the last rank) is at the top, file ``a`` on the left.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tashkalar_cli.errors import InputError
from tashkalar_cli.games.letal.engine import AREAS, GridSquare
from tashkalar_cli.render.style import STYLE

if TYPE_CHECKING:
    from rich.console import Group

    from tashkalar_cli.games.letal.engine import Grid, LetalEngine, MoveTo, Problem, Why
    from tashkalar_cli.render.sheet import Section, SheetMade
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


@dataclass(frozen=True)
class GridPicture:
    """What a drawing of the grid shows, in the terminal (:func:`grid_text`) as in SVG (:func:`grid_svg`): the
    hero on ``hero``, the squares of the answer (``reached``), the other heroes (``occupied``), the hero who
    pushes or pulls (``by``) and the way a push or a pull takes the hero (``path``, the squares crossed in
    order, the last where it ends) and the square a move was asked to end on (``asked``, ``letal move --to``)."""

    hero: GridSquare
    reached: tuple[GridSquare, ...] = ()
    occupied: tuple[GridSquare, ...] = ()
    by: GridSquare | None = None
    path: tuple[GridSquare, ...] = ()
    asked: GridSquare | None = None

    @classmethod
    def of(cls, hero: GridSquare, reached: Iterable[GridSquare] = (), occupied: Iterable[GridSquare] = (),
           by: GridSquare | None = None, path: Iterable[GridSquare] = (), asked: GridSquare | None = None) -> GridPicture:
        return cls(hero, tuple(sorted(set(reached))), tuple(occupied), by, tuple(path), asked)

    @property
    def asked_drawn(self) -> bool:
        """The asked square has its own symbol: it is not the hero's, nor another hero's (drawn as such)."""
        return self.asked is not None and self.asked not in (self.hero, self.by, *self.occupied)

    def shown(self) -> list[str]:
        """The symbols drawn, in the order of the key: only those the picture shows."""
        return ["hero", *(["reached"] if self.reached else []), *(["occupied"] if self.occupied else []),
                *(["by"] if self.by is not None else []), *(["path"] if self.path else []),
                *(["asked"] if self.asked_drawn else [])]

    def arrows(self) -> dict[GridSquare, str]:
        """Each square of the path with the arrow of the step that reaches it (north is up)."""
        out, before = {}, self.hero
        for sq in self.path:
            out[sq] = _ARROWS[(sq.file > before.file) - (sq.file < before.file),
                              (sq.rank > before.rank) - (sq.rank < before.rank)]
            before = sq
        return out


#: the arrow of a step of the path, by (file, rank) direction: north is up, file a on the left
_ARROWS = {(0, 1): "\u2191", (0, -1): "\u2193", (1, 0): "\u2192", (-1, 0): "\u2190"}
#: the symbols of the grid in the terminal, those of its SVG: the hero (a star), another hero (a hollow ring),
#: the hero who pushes or pulls (a ringed disc), the square a move is asked to end on (a hollow diamond), an
#: empty square; a square of the answer is bracketed
TEXT_SYMBOLS = {"hero": "\u2605", "occupied": "\u25cb", "by": "\u25c9", "asked": "\u25c7", "empty": "\u00b7",
                "reached": "[ ]"}
#: the styles of the terminal (the symbols alone read in black and white)
_TEXT_STYLES = {"hero": "bold #ffe040", "occupied": "bold", "by": "bold #5f9fff", "asked": "bold", "empty": "grey50",
                "path": "bold", "reached": "reverse bold", "square": "on grey11"}


def _cell(picture: GridPicture, sq: GridSquare, arrows: dict[GridSquare, str]) -> tuple[str, str]:
    """A square of the grid in the terminal: three characters and their style."""
    if sq == picture.hero:
        glyph, kind = TEXT_SYMBOLS["hero"], "hero"
    elif sq == picture.by:
        glyph, kind = TEXT_SYMBOLS["by"], "by"
    elif sq in picture.occupied:
        glyph, kind = TEXT_SYMBOLS["occupied"], "occupied"
    elif sq in arrows:
        glyph, kind = arrows[sq], "path"
    elif sq == picture.asked:
        glyph, kind = TEXT_SYMBOLS["asked"], "asked"
    else:
        glyph, kind = TEXT_SYMBOLS["empty"], "empty"
    if sq in picture.reached:
        return f"[{' ' if kind == 'empty' else glyph}]", f"{_TEXT_STYLES[kind]} {_TEXT_STYLES['reached']}"
    return f" {glyph} ", f"{_TEXT_STYLES[kind]} {_TEXT_STYLES['square']}"


def grid_text(grid: Grid, picture: GridPicture, loc: Localizer) -> Group:
    """The grid in the terminal, north up (its side named above it, the south side's below), with the
    symbols of its SVG and a key of the symbols it shows, in the user's language; 21 columns wide, so
    that the key, wrapped between its entries, is all that a narrow terminal folds."""
    from rich.console import Group  # deferred: --json draws no grid in the terminal
    from rich.text import Text  # deferred: --json draws no grid in the terminal

    from tashkalar_cli.render.terminal import Key  # deferred: --json draws no grid in the terminal

    size, arrows = grid.size, picture.arrows()

    def side(team: str) -> Text:
        word = loc.msg(f"letal.team.{team}")
        return Text(f"{' ' * max(0, 3 + (3 * size - len(word)) // 2)}{word}", style="dim")

    out = Text()
    for rank in range(size - 1, -1, -1):
        out.append(f"{rank + 1:>2} ", style="dim")
        for file in range(size):
            glyph, style = _cell(picture, GridSquare(file, rank), arrows)
            out.append(glyph, style=style)
        out.append("\n")
    out.append("   " + "".join(f" {chr(ord('a') + f)} " for f in range(size)), style="dim")
    entries = [(_key_symbol(name, picture, arrows), loc.msg(f"letal.svg.{name}")) for name in picture.shown()]
    entries.append((TEXT_SYMBOLS["empty"], loc.msg("board.key.empty")))
    return Group(side("north"), out, side("south"), Key(entries, loc.msg("board.key.separator")))


def _key_symbol(name: str, picture: GridPicture, arrows: dict[GridSquare, str]) -> str:
    if name == "path":
        return "".join(dict.fromkeys(arrows.values()))
    return TEXT_SYMBOLS[name]


def _hero(parent: ET.Element, cx: float, cy: float, cell: float) -> None:
    from tashkalar_cli.render.svgdraw import disc_path, el, star_path  # deferred: a terminal answer draws no SVG

    g = el(parent, "g", class_="hero")
    el(g, "path", d=disc_path(cx, cy, cell * 0.36), fill=STYLE.ink)
    el(g, "path", d=star_path(cx, cy, cell * 0.24), fill="#ffffff")


def _other(parent: ET.Element, cx: float, cy: float, cell: float, *, by: bool = False) -> None:
    from tashkalar_cli.render.svgdraw import disc_path, el  # deferred: a terminal answer draws no SVG

    g = el(parent, "g", class_="by" if by else "occupied")
    if by:
        el(g, "path", d=disc_path(cx, cy, cell * 0.34), fill=STYLE.pattern_piece["common"])
    el(g, "path", d=disc_path(cx, cy, cell * 0.3), fill="none", stroke=STYLE.ink, stroke_width=float(cell * 0.08))


def _asked(parent: ET.Element, cx: float, cy: float, cell: float) -> None:
    """The square a move is asked to end on: a hollow diamond (the ◇ of the terminal)."""
    from tashkalar_cli.render.svgdraw import el  # deferred: a terminal answer draws no SVG

    r = cell * 0.3
    el(parent, "path", class_="asked", d=f"M{cx:.1f},{cy - r:.1f} L{cx + r:.1f},{cy:.1f} L{cx:.1f},{cy + r:.1f} "
       f"L{cx - r:.1f},{cy:.1f} Z", fill="none", stroke=STYLE.ink, stroke_width=float(cell * 0.08))


def _path(parent: ET.Element, points: Sequence[tuple[float, float]], cell: float) -> None:
    """The way of a push or a pull: a dashed line from the hero's square through the squares crossed, with
    an arrowhead on the last."""
    from tashkalar_cli.render.svgdraw import el  # deferred: a terminal answer draws no SVG

    g = el(parent, "g", class_="path")
    d = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
    el(g, "path", d=d, fill="none", stroke=STYLE.ink, stroke_width=float(cell * 0.06),
       stroke_dasharray=f"{cell * 0.12:.1f} {cell * 0.08:.1f}")
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
    ux, uy, head = (x1 - x0) / length, (y1 - y0) / length, cell * 0.22
    tip = (x1 - ux * cell * 0.1, y1 - uy * cell * 0.1)
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    el(g, "path", d=f"M{tip[0]:.1f},{tip[1]:.1f} L{left[0]:.1f},{left[1]:.1f} L{right[0]:.1f},{right[1]:.1f} Z",
       fill=STYLE.ink)


def grid_labels(root: ET.Element, corner: tuple[float, float], size: int, cell: float, font: float,
                loc: Localizer) -> None:
    """The marks around a drawn grid whose top left corner is ``corner``: its files under it, its ranks on its
    left, its north side named above it and its south side below its files (``font`` high), as every drawing
    of the grid has them (``letal area --svg``, the quick reference's diagrams)."""
    from tashkalar_cli.render.svgdraw import el  # deferred: a terminal answer draws no SVG

    left, top = corner
    board = cell * size
    labels = el(root, "g", class_="coordinates", fill=STYLE.faint, font_size=font * 0.85)
    for i in range(size):
        el(labels, "text", chr(ord("a") + i), x=left + (i + 0.5) * cell, y=top + board + font, text_anchor="middle")
        el(labels, "text", str(i + 1), x=left - font * 0.5, y=top + (size - 1 - i + 0.5) * cell + font * 0.3,
           text_anchor="end")
    sides = el(root, "g", class_="sides", fill=STYLE.ink, font_size=font, font_weight="bold", text_anchor="middle")
    el(sides, "text", loc.msg("letal.team.north"), x=left + board / 2, y=top - font * 0.5)
    el(sides, "text", loc.msg("letal.team.south"), x=left + board / 2, y=top + board + font * 2.3)


def grid_svg(grid: Grid, loc: Localizer, caption: str, picture: GridPicture) -> str:
    """The grid of ``picture`` (the hero, the squares of the answer hatched, the other heroes, the hero who
    pushes or pulls, the way of a push or a pull), its north side named above and its south side below, a
    caption and a key of the symbols drawn, and only those."""
    # deferred: a terminal answer draws no SVG
    from tashkalar_cli.render.svgdraw import draw_mark, el, svg_root, text_lines, to_string, wrap

    cell, size, font = float(STYLE.cell), grid.size, STYLE.font_size
    margin = font * 1.6
    board = cell * size
    width = max(margin * 2 + board, 320.0)
    hero, reached = picture.hero, picture.reached
    keys = picture.shown()
    caption_lines = wrap(caption, width - 2 * margin, STYLE.title_size)
    top = margin + STYLE.title_size * 1.3 * len(caption_lines) + font * 1.4
    height = top + board + font * 2.8 + margin + len(keys) * cell * 0.7 + margin
    names = ", ".join(sq.name for sq in reached) or loc.msg("letal.none")
    said = [loc.msg("label.value", label=loc.msg("letal.svg.hero"), value=hero.name),
            loc.msg("label.value", label=loc.msg("letal.svg.reached"), value=names)]
    if picture.asked is not None:
        said.append(loc.msg("label.value", label=loc.msg("letal.svg.asked"), value=picture.asked.name))
    root = svg_root(width, height, loc.msg("label.value", label=loc.msg("letal.svg.title"), value=caption),
                    loc.join(said, "clauses"))
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
    if picture.path:
        _path(root, [(x + cell / 2, y + cell / 2) for x, y in map(corner, (hero, *picture.path))], cell)
    for sq in picture.occupied:
        x, y = corner(sq)
        _other(root, x + cell / 2, y + cell / 2, cell)
    if picture.by is not None:
        x, y = corner(picture.by)
        _other(root, x + cell / 2, y + cell / 2, cell, by=True)
    if picture.asked is not None and picture.asked_drawn:
        x, y = corner(picture.asked)
        _asked(root, x + cell / 2, y + cell / 2, cell)
        el(root[-1], "title", loc.msg("label.value", label=picture.asked.name, value=loc.msg("letal.svg.asked")))
    x, y = corner(hero)
    _hero(root, x + cell / 2, y + cell / 2, cell)
    grid_labels(root, (left, top), size, cell, font, loc)
    _svg_key(root, keys, left, top + board + font * 2.8 + margin + cell * 0.2, loc)
    return to_string(root)


def _svg_key(root: ET.Element, keys: list[str], left: float, y: float, loc: Localizer) -> None:
    from tashkalar_cli.render.svgdraw import draw_mark, el  # deferred: a terminal answer draws no SVG

    cell, font = float(STYLE.cell), STYLE.font_size
    key = el(root, "g", class_="key")
    swatch = cell * 0.6
    for name in keys:
        if name == "hero":
            _hero(key, left + swatch / 2, y + swatch / 2, swatch)
        elif name == "reached":
            draw_mark(key, left, y, swatch, "m")
        elif name == "path":
            _path(key, [(left, y + swatch / 2), (left + swatch, y + swatch / 2)], swatch)
        elif name == "asked":
            _asked(key, left + swatch / 2, y + swatch / 2, swatch)
        else:
            _other(key, left + swatch / 2, y + swatch / 2, swatch, by=name == "by")
        el(key, "text", loc.msg(f"letal.svg.{name}"), x=left + swatch + font * 0.6, y=y + swatch * 0.7,
           font_size=font, fill=STYLE.ink)
        y += cell * 0.7


def grid_element(grid: Grid, hero: GridSquare, reached: Iterable[GridSquare], cell: float, title: str,
                 loc: Localizer) -> ET.Element:
    """A small grid as an ``<svg>`` element ``cell`` mm a square (for the printed quick reference):
    the hero and the squares reached, its files, ranks, north and south (:func:`grid_labels`), as in
    :func:`grid_svg`."""
    from tashkalar_cli.render.svgdraw import SVG_NS, draw_mark, el  # deferred: a terminal answer draws no SVG

    unit, font = 24.0, 24.0 * 0.5
    board = grid.size * unit
    left, top = 2 + font * 1.2, 2 + font * 1.4
    width, height = left + board + font * 1.2 + 2, top + board + font * 2.8 + 2
    root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {width:g} {height:g}", "class": "letal-grid",
                              "width": f"{width * cell / unit:.2f}mm", "height": f"{height * cell / unit:.2f}mm",
                              "role": "img"})
    el(root, "title", title)

    def corner(sq: GridSquare) -> tuple[float, float]:
        return left + sq.file * unit, top + (grid.size - 1 - sq.rank) * unit

    for sq in grid.squares:
        el(root, "rect", x=corner(sq)[0], y=corner(sq)[1], width=unit, height=unit,
           fill="#ffffff", stroke=STYLE.pattern_grid, stroke_width=1.0)
    for sq in reached:
        draw_mark(root, *corner(sq), unit, "m")
    _hero(root, corner(hero)[0] + unit / 2, corner(hero)[1] + unit / 2, unit)
    el(root, "rect", x=left, y=top, width=board, height=board, fill="none", stroke=STYLE.ink, stroke_width=2.0)
    grid_labels(root, (left, top), grid.size, unit, font, loc)
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
    from tashkalar_cli.render.sheet import CardView, Section  # deferred: the sheet's layout, for the sheet only

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
                figure = grid_element(engine.grid, hero, engine.area(hero, kw.id, n), 3.4, label, loc)
                note = loc.msg("letal.sheet.diagram", area=label, square=hero.name)
            langs = sorted({t.lang for t in (term, definition) if t.text and t.lang != loc.lang})
            fallback = loc.msg("fallback.note", lang=loc.language_name(loc.lang),
                               fallback=loc.join(map(loc.language_name, langs))) if langs else None
            views.append(CardView(kw.id, term.text or kw.id, (entry or {}).get("official", True) is not False,
                                  loc.msg(f"category.{category}"), None, None, [(None, definition.text or "")],
                                  note, fallback, figure))
    return [Section("letal", loc.msg("letal.sheet.title"), views, counted="letal.sheet.count")]


def sheet(game: ReferenceSource, loc: Localizer, decks: Sequence[str], legends: bool, flares: bool,
          tasks: bool) -> SheetMade:
    """``tashkalar sheet`` in L.E.T.A.L. TCG (the registry's hook ``sheet``): its quick reference, which has no
    option (the decks, legends, flares and tasks are Tash-Kalar's)."""
    from tashkalar_cli.render.sheet import SheetMade  # deferred: the sheet's layout, for the sheet only

    if decks or legends or flares or tasks:
        raise InputError(key="letal-sheet-options")
    return SheetMade(quick_reference(game, loc), None, "letal.sheet.written")

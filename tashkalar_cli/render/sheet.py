"""Cheat sheets, for printing: sections of cards, each card with its name, meta line, drawing and texts.

The layout is every game's; what a card says and how its drawing looks is its game's (Tash-Kalar's
cards and patterns: :mod:`tashkalar_cli.games.tashkalar.render.cardsheet`; L.E.T.A.L.'s reference:
:mod:`tashkalar_cli.games.letal.render`). Two writers share one description of the cards
(:class:`CardView`, in the reader's language):

* :func:`sheet_html`: one self-contained HTML file (inline SVG patterns, a CSS ``@page`` for A4
  or US Letter, no script, no font or image fetched) whose cards are never split across pages;
* :func:`sheet_svg`: the same sheet as one SVG image, cut into pages by :func:`paginate`.

Both are built as element trees (:mod:`xml.etree.ElementTree`), never by gluing strings. The
sheet reads in black and white: ranks are words and shapes (grey disc, black disc with a star),
marked squares are hatched, the summoning square is framed (see :mod:`.style` and :mod:`.svgdraw`).
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tashkalar_cli.render.style import STYLE
from tashkalar_cli.render.svgdraw import SVG_NS, el, star_path, svg_root, to_string, wrap, xml_safe

if TYPE_CHECKING:
    from tashkalar_cli.text.i18n import Localizer

#: paper: (CSS size, page width and height in mm); the sheet is 190 mm wide, which fits both
PAPER = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}
MARGIN = 10.0        # mm, on every side
WIDTH = 190.0        # mm: the sheet's width on every paper
COLUMNS = 3
GAP = 2.5            # mm between cards
PAD = 2.0            # mm inside a card
CELL = 6.0           # mm: a square of a pattern
#: font sizes in mm (pt * 0.3528): name, meta, text, id
FONT = {"name": 3.1, "meta": 2.4, "text": 2.55, "id": 2.1, "h1": 5.2, "key": 2.4, "note": 2.3}
LINE = 1.28          # line height, in font sizes
_BOLD = re.compile(r"\*\*(.+?)\*\*")


# ---------------------------------------------------------------------------- what is printed
@dataclass(frozen=True)
class Drawn:
    """A card's drawing on a grid of squares (a game's pattern): its size in squares, and how to draw it
    (an ``<svg>`` of 24-unit squares with a 2-unit border, made by the game's own renderer)."""

    cols: int
    rows: int
    draw: Callable[[], ET.Element]


#: an item of a section's key: how to draw its one-square symbol, and the locale key of its meaning
KeyItem = tuple[Callable[[], ET.Element], str]


@dataclass
class CardView:
    """One card as printed: every word in the reader's language (English where not translated)."""

    id: str
    name: str
    official: bool
    meta: str
    rank: str | None
    pattern: Drawn | None
    blocks: list[tuple[str | None, str]]          # (heading, text)
    note: str | None = None
    fallback: str | None = None
    figure: ET.Element | None = None   # another drawing than a pattern (an <svg> sized in mm), e.g. a grid


@dataclass
class Section:
    key: str                  # a deck id, "flares" or "tasks" (or another game's section)
    title: str
    cards: list[CardView] = field(default_factory=list)
    legend: tuple[KeyItem, ...] = ()  # the key to the section's drawings, printed once above its cards
    counted: str = "list.title"       # the message that counts its entries ("13 cards"), given ``count``


@dataclass
class SheetMade:
    """A game's cheat sheet, as its pack makes it for ``tashkalar sheet`` (:attr:`GamePack.hooks
    <tashkalar_cli.data.paths.GamePack>` ``sheet``): its sections, how many cards they hold (None: its
    entries are no cards), and the key of the message said once it is saved (given ``path``, and ``count``
    when there are cards)."""

    sections: list[Section]
    cards: int | None
    written: str


def rank_icon(rank: str, size: float) -> ET.Element:
    """The rank as a shape: a grey disc (common), a black disc with a star (heroic), a ringed one (legendary)."""
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": f"{size}mm", "height": f"{size}mm", "viewBox": "0 0 10 10",
                              "class": "rank-icon", "aria-hidden": "true"})
    fill = {"common": STYLE.pattern_piece["common"], "heroic": STYLE.pattern_piece["heroic"],
            "legendary": "#ffffff"}[rank]
    el(root, "path", d="M1 5a4 4 0 1 0 8 0a4 4 0 1 0 -8 0z", fill=fill, stroke=STYLE.ink,
       stroke_width=1.6 if rank == "legendary" else 0.8)
    if rank == "heroic":
        el(root, "path", d=star_path(5, 5, 2.9), fill=STYLE.pattern_star)
    if rank == "legendary":
        el(root, "path", d=star_path(5, 5, 2.9), fill=STYLE.pattern_piece["heroic"])
    return root


def _pattern(view: CardView, cell: float) -> ET.Element:
    assert view.pattern is not None
    svg = view.pattern.draw()
    cols, rows = view.pattern.cols, view.pattern.rows
    # the drawing is made with 24-unit squares plus a 2-unit border; print it at ``cell`` mm a square
    svg.set("width", f"{(cols * 24 + 4) * cell / 24:.2f}mm")
    svg.set("height", f"{(rows * 24 + 4) * cell / 24:.2f}mm")
    return svg


# ---------------------------------------------------------------------------- HTML
CSS = """
@page { size: %(size)s; margin: %(margin)gmm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: %(font)s; color: #111; background: #fff; }
.sheet { width: %(width)gmm; margin: 0 auto; }
section.deck { break-before: page; }
section.deck:first-child { break-before: auto; }
h1 { font-size: %(h1)gmm; margin: 0 0 1mm; }
.count { font-weight: normal; font-size: %(meta)gmm; color: #444; margin-left: 2mm; }
.key { display: flex; flex-wrap: wrap; gap: 0.8mm 4mm; font-size: %(key)gmm; margin: 0 0 2.5mm;
       padding-bottom: 1.5mm; border-bottom: 0.3mm solid #888; }
.key span { display: inline-flex; align-items: center; gap: 1mm; }
.cards { display: grid; grid-template-columns: repeat(%(columns)d, minmax(0, 1fr)); gap: %(gap)gmm; }
.card { break-inside: avoid; display: flex; flex-direction: column; border: 0.35mm solid #111;
        border-radius: 1.5mm; padding: %(pad)gmm; overflow: hidden; line-height: %(line)g; }
.card h2 { font-size: %(name)gmm; margin: 0; overflow-wrap: anywhere; }
.meta { display: flex; align-items: center; gap: 1mm; font-size: %(meta)gmm; color: #333; margin: 0.4mm 0 0; }
.figure { display: flex; justify-content: center; margin: 1.5mm 0 1mm; }
.card p { margin: 0.8mm 0 0; font-size: %(text)gmm; overflow-wrap: anywhere; hyphens: manual; }
.card p b { display: block; }
.card .note { font-style: italic; font-size: %(note)gmm; }
.card .id { margin-top: auto; padding-top: 1mm; font-family: DejaVu Sans Mono, Liberation Mono, monospace;
            font-size: %(id)gmm; color: #555; }
.notes { font-size: %(note)gmm; margin: 2mm 0 0; }
svg { display: block; }
"""


def _inline(parent: ET.Element, text: str) -> None:
    """``text`` into ``parent``, with ``**bold**`` as ``<strong>``."""
    parts = _BOLD.split(text)
    parent.text = parts[0]
    last = None
    for i in range(1, len(parts), 2):
        last = el(parent, "strong", parts[i])
        last.tail = parts[i + 1]


#: the sections of another game's one-page reference: the page is titled by that section alone
OWN_TITLE = frozenset({"letal"})


def sheet_title(sections: Sequence[Section], loc: Localizer) -> str:
    """The page's title: "Tash-Kalar cheat sheet: <sections>", or the other game's reference's own title
    (never under Tash-Kalar's name)."""
    if sections and all(s.key in OWN_TITLE for s in sections):
        return loc.join(s.title for s in sections)
    return loc.msg("label.value", label=loc.msg("sheet.title"), value=", ".join(s.title for s in sections))


def sheet_html(sections: Sequence[Section], loc: Localizer, paper: str = "a4") -> str:
    """The sheet as one self-contained HTML page, laid out for ``paper`` (a4 or letter)."""
    size = PAPER[paper][0]
    html = ET.Element("html", lang=loc.lang)
    head = el(html, "head")
    el(head, "meta", charset="utf-8")
    el(head, "meta", name="viewport", content="width=device-width")
    el(head, "title", sheet_title(sections, loc))
    el(head, "style", CSS % {"size": size, "margin": MARGIN, "font": STYLE.font, "width": WIDTH, "columns": COLUMNS,
                             "gap": GAP, "pad": PAD, "line": LINE, **FONT})
    body = el(html, "body")
    sheet = el(body, "main", class_="sheet", data_paper=paper)
    for section in sections:
        sec = el(sheet, "section", class_="deck", data_section=section.key)
        h1 = el(sec, "h1", section.title)
        el(h1, "span", loc.msg(section.counted, count=len(section.cards)), class_="count")
        if section.legend:
            key = el(sec, "div", class_="key", role="note", aria_label=loc.msg("sheet.key"))
            el(key, "strong", loc.msg("sheet.key"))
            for draw, msg_key in section.legend:
                item = el(key, "span")
                icon = draw()
                icon.set("width", "3.4mm")
                icon.set("height", "3.4mm")
                item.append(icon)
                el(item, "span", loc.msg(msg_key))
        grid = el(sec, "div", class_="cards")
        for view in section.cards:
            _html_card(grid, view)
        if any(not v.official for v in section.cards) or section.title.endswith("*"):
            el(sec, "p", "* " + loc.msg("name.unofficial"), class_="notes")
    return "<!DOCTYPE html>\n" + ET.tostring(xml_safe(html), encoding="unicode", method="html") + "\n"


def _html_card(parent: ET.Element, view: CardView) -> None:
    card = el(parent, "article", class_="card", id=f"card-{view.id}", data_card=view.id, data_rank=view.rank)
    h2 = el(card, "h2", view.name)
    if not view.official:
        el(h2, "span", "*", class_="star")
    meta = el(card, "div", class_="meta")
    if view.rank:
        meta.append(rank_icon(view.rank, FONT["meta"] * 1.2))
    el(meta, "span", view.meta)
    if view.pattern is not None:
        figure = el(card, "div", class_="figure")
        svg = _pattern(view, CELL)
        ET.SubElement(svg, "title").text = view.name
        svg.set("role", "img")
        figure.append(svg)
    elif view.figure is not None:
        el(card, "div", class_="figure").append(copy.deepcopy(view.figure))
    for heading, text in view.blocks:
        p = el(card, "p")
        if heading:
            el(p, "b", heading).tail = None
            span = el(p, "span")
            _inline(span, text)
        else:
            _inline(p, text)
    if view.note:
        el(card, "p", view.note, class_="note")
    if view.fallback:
        el(card, "p", view.fallback, class_="note")
    el(card, "div", view.id, class_="id")


# ---------------------------------------------------------------------------- SVG
@dataclass
class Box:
    """A card laid out in the SVG sheet (mm)."""

    view: CardView
    height: float
    parts: list[tuple[str, float, object]]     # (kind, height, payload) from the top of the card


def _measure(view: CardView, width: float) -> Box:
    inner = width - 2 * PAD
    parts: list[tuple[str, float, object]] = []
    name = view.name + ("*" if not view.official else "")
    for line in wrap(name, inner, FONT["name"] / 0.92):
        parts.append(("name", FONT["name"] * LINE, line))
    parts.append(("meta", FONT["meta"] * LINE + 0.6, view.meta))
    if view.pattern is not None:
        h = (view.pattern.rows * 24 + 4) * CELL / 24
        parts.append(("pattern", h + 2.5, view.pattern))
    elif view.figure is not None:
        parts.append(("figure", float(view.figure.get("height", "0").rstrip("m")) + 2.5, view.figure))
    for heading, text in view.blocks:
        if heading:
            for line in wrap(heading, inner, FONT["text"] * 1.06):
                parts.append(("heading", FONT["text"] * LINE, line))
        for line in wrap(text, inner, FONT["text"]):
            parts.append(("text", FONT["text"] * LINE, line))
        parts.append(("gap", 0.8, None))
    for extra in (view.note, view.fallback):
        if extra:
            for line in wrap(extra, inner, FONT["note"]):
                parts.append(("note", FONT["note"] * LINE, line))
    parts.append(("id", FONT["id"] * LINE + 1.0, view.id))
    return Box(view, sum(h for _, h, _ in parts) + 2 * PAD, parts)


@dataclass
class Page:
    items: list[tuple[str, float, object]] = field(default_factory=list)   # (kind, y, payload)


def paginate(sections: Sequence[Section], loc: Localizer, page_height: float) -> list[Page]:
    """Rows of cards onto pages: a row is never split, and every section starts a page."""
    col_w = (WIDTH - (COLUMNS - 1) * GAP) / COLUMNS
    pages: list[Page] = []
    for section in sections:
        page = Page()
        pages.append(page)
        y = 0.0
        page.items.append(("h1", y, (section.title, loc.msg(section.counted, count=len(section.cards)))))
        y += FONT["h1"] * 1.5
        if section.legend:
            page.items.append(("key", y, section.legend))
            y += _key_layout(loc, section.legend)[1] + 1.5
        boxes = [_measure(v, col_w) for v in section.cards]
        for start in range(0, len(boxes), COLUMNS):
            row = boxes[start:start + COLUMNS]
            h = max(b.height for b in row)
            if y + h > page_height and y > 0:
                page = Page()
                pages.append(page)
                y = 0.0
            page.items.append(("row", y, (row, h)))
            y += h + GAP
        if any(not v.official for v in section.cards) or section.title.endswith("*"):
            if y + FONT["note"] * 2 > page_height:
                page = Page()
                pages.append(page)
                y = 0.0
            page.items.append(("notes", y, "* " + loc.msg("name.unofficial")))
    return pages


def sheet_svg(sections: Sequence[Section], loc: Localizer, paper: str = "a4") -> str:
    """The sheet as one SVG image (millimetres), its pages one under the other, cut as for ``paper``."""
    _, page_w, page_h = PAPER[paper]
    content_h = page_h - 2 * MARGIN
    pages = paginate(sections, loc, content_h)
    gap = 6.0
    height = len(pages) * (page_h + gap) - gap
    counted = {s.counted for s in sections}
    root = svg_root(page_w, height, sheet_title(sections, loc),
                    loc.msg(counted.pop() if len(counted) == 1 else "list.title", count=sum(len(s.cards) for s in sections)))
    root.set("width", f"{page_w}mm")
    root.set("height", f"{height:g}mm")
    col_w = (WIDTH - (COLUMNS - 1) * GAP) / COLUMNS
    x0 = (page_w - WIDTH) / 2
    for n, page in enumerate(pages):
        top = n * (page_h + gap)
        g = el(root, "g", class_="page", data_page=str(n + 1))
        el(g, "rect", class_="paper", x=0.0, y=float(top), width=page_w, height=page_h, fill="#ffffff", stroke="#bbbbbb",
           stroke_width=0.3)
        for kind, y, payload in page.items:
            y += top + MARGIN
            if kind == "h1":
                assert isinstance(payload, tuple)
                title, counted = payload
                t = el(g, "text", title, x=x0, y=float(y + FONT["h1"]), font_size=FONT["h1"], font_weight="bold")
                el(t, "tspan", "  " + counted, font_size=FONT["meta"], font_weight="normal", fill="#444444")
            elif kind == "key":
                assert isinstance(payload, tuple)
                _svg_key(g, loc, x0, y, payload)
            elif kind == "notes":
                el(g, "text", str(payload), x=x0, y=float(y + FONT["note"]), font_size=FONT["note"])
            else:
                assert isinstance(payload, tuple)
                row, h = payload
                for i, box in enumerate(row):
                    _svg_card(g, box, x0 + i * (col_w + GAP), y, col_w, h)
    return to_string(root)


def _key_layout(loc: Localizer, key: Sequence[KeyItem]
                ) -> tuple[list[tuple[float, float, Callable[[], ET.Element], str]], float]:
    """The key's items flowed into lines: (x, y, how to draw its symbol, text) from its top-left, and its height."""
    size = FONT["key"] * 0.92
    x, y = 0.0, FONT["key"] * LINE + 0.6
    line_h = 3.6
    items: list[tuple[float, float, Callable[[], ET.Element], str]] = []
    for draw, msg_key in key:
        text = loc.msg(msg_key)
        w = 3.6 + len(text) * size * 0.58 + 4.0
        if x > 0 and x + w > WIDTH:
            x, y = 0.0, y + line_h
        items.append((x, y, draw, text))
        x += w
    return items, y + line_h + 1.5


def _svg_key(parent: ET.Element, loc: Localizer, x: float, y: float, key: Sequence[KeyItem]) -> None:
    g = el(parent, "g", class_="key")
    el(g, "text", loc.msg("sheet.key"), x=x, y=float(y + FONT["key"]), font_size=FONT["key"], font_weight="bold")
    items, height = _key_layout(loc, key)
    for ix, iy, draw, text in items:
        icon = draw()
        icon.set("x", f"{x + ix:.2f}")
        icon.set("y", f"{y + iy:.2f}")
        icon.set("width", "2.8")
        icon.set("height", "2.8")
        g.append(icon)
        el(g, "text", text, x=float(x + ix + 3.6), y=float(y + iy + 2.3), font_size=FONT["key"] * 0.92)
    el(g, "path", d=f"M{x:.2f} {y + height - 0.8:.2f}h{WIDTH:g}", stroke="#888888", stroke_width=0.3)


def _svg_card(parent: ET.Element, box: Box, x: float, y: float, w: float, h: float) -> None:
    view = box.view
    g = el(parent, "g", class_="card", data_card=view.id)
    el(g, "rect", class_="box", x=float(x), y=float(y), width=float(w), height=float(h), rx=1.5, fill="#ffffff",
       stroke="#111111", stroke_width=0.35)
    cy = y + PAD
    tx = x + PAD
    for kind, height, payload in box.parts:
        if kind == "id":  # at the foot of the card, as in the HTML sheet
            el(g, "text", str(payload), x=float(tx), y=float(y + h - PAD - 0.5), font_size=FONT["id"],
               font_family="DejaVu Sans Mono, Liberation Mono, monospace", fill="#555555", class_="id")
            continue
        if kind == "pattern":
            assert isinstance(payload, Drawn)
            svg = _pattern(view, CELL)
            pw = float(svg.get("width", "0").rstrip("m"))
            svg.set("width", f"{pw:.2f}")
            svg.set("height", f"{float(svg.get('height', '0').rstrip('m')):.2f}")
            svg.set("x", f"{x + (w - pw) / 2:.2f}")
            svg.set("y", f"{cy + 1.2:.2f}")
            g.append(svg)
        elif kind == "figure":
            assert isinstance(payload, ET.Element)
            svg = copy.deepcopy(payload)
            fw, fh = (float(svg.get(k, "0").rstrip("m")) for k in ("width", "height"))
            svg.attrib.update({"width": f"{fw:.2f}", "height": f"{fh:.2f}", "x": f"{x + (w - fw) / 2:.2f}",
                               "y": f"{cy + 1.2:.2f}"})
            g.append(svg)
        elif kind == "meta" and view.rank:
            icon = rank_icon(view.rank, 0)
            icon.attrib.update({"x": f"{tx:.2f}", "y": f"{cy + 0.3:.2f}", "width": f"{FONT['meta'] * 1.1:.2f}",
                                "height": f"{FONT['meta'] * 1.1:.2f}"})
            g.append(icon)
            el(g, "text", str(payload), x=float(tx + FONT["meta"] * 1.5), y=float(cy + FONT["meta"]), font_size=FONT["meta"],
               fill="#333333")
        elif kind != "gap":
            size = {"name": FONT["name"], "meta": FONT["meta"], "heading": FONT["text"], "text": FONT["text"],
                    "note": FONT["note"]}[kind]
            el(g, "text", str(payload), x=float(tx), y=float(cy + size), font_size=size,
               font_weight="bold" if kind in ("name", "heading") else None,
               font_style="italic" if kind == "note" else None, fill="#333333" if kind == "meta" else None)
        cy += height


__all__ = ["PAPER", "CardView", "Drawn", "KeyItem", "Section", "SheetMade", "paginate", "rank_icon", "sheet_html", "sheet_svg"]

"""Cheat sheets: what they hold, and a real browser printing them.

The browser tests print the HTML sheet of every deck, the legends, the flares and the tasks with
headless Chromium, in the four languages (A4, and US Letter in one language), and read the PDF
back with poppler's ``pdftotext``: the page count of each section, every card on exactly one page,
no card box cut across a page boundary (its name at the top and its id at the foot stand on the
same page, one above the other). A script added to a copy of the page checks that nothing
overflows its card box. They skip, saying why, where no browser can be installed.
"""

from __future__ import annotations

import html
import itertools
import json
import os
import re
import shutil
import struct
import subprocess
import uuid
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tashkalar_cli.games.tashkalar.render.cardsheet import build_sections, card_view
from tashkalar_cli.render.sheet import PAPER, sheet_html, sheet_svg

from conftest import spread

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

LANGS = ("en", "fr", "es", "it")
SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"


class Tags(HTMLParser):
    """Every start tag of an HTML page with its attributes, and the text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_data(self, data):
        self.text.append(data)

    def with_attr(self, name: str) -> list[str]:
        return [a[name] for _, a in self.tags if name in a]


@pytest.fixture(scope="module")
def sheets(tk):
    """The sections of the whole sheet in each language."""
    return {lang: build_sections(tk, tk.localizer(lang)) for lang in LANGS}


# ------------------------------------------------------------------ what a sheet holds

def test_nothing_chosen_means_every_card(tk, sheets):
    sections = sheets["en"]
    assert [s.key for s in sections] == [*tk.decks, "flares", "tasks"]
    assert sum(len(s.cards) for s in sections) == len(tk.cards.cards)
    assert len({v.id for s in sections for v in s.cards}) == len(tk.cards.cards)


def test_choosing_decks_legends_flares_tasks(tk):
    loc = tk.localizer("en")
    assert [s.key for s in build_sections(tk, loc, ["sylvan"])] == ["sylvan"]
    assert [s.key for s in build_sections(tk, loc, ["sylvan"], legends=True, tasks=True)] == ["sylvan", "legends",
                                                                                              "tasks"]
    flares = build_sections(tk, loc, flares=True)
    assert [s.key for s in flares] == ["flares"] and len(flares[0].cards) == 12 and not flares[0].legend
    deck = build_sections(tk, loc, ["imperial"])[0]
    assert [v.id for v in deck.cards] == [c.id for c in tk.cards.beings if c.deck == "imperial"]


def test_card_view_in_the_chosen_language(tk):
    fr = tk.localizer("fr")
    bear = card_view(tk.card("hungry-bear"), tk.cards, fr)
    assert bear.name == "Ours Affamé" and bear.rank == "heroic" and bear.meta == fr.msg("rank.heroic")
    assert bear.blocks == [(None, str(tk.cards.texts(tk.card("hungry-bear"), fr)["effect"]))]
    assert bear.official == tk.cards.name_is_official(tk.card("hungry-bear"), fr)
    flare = card_view(tk.card("flare-3-6"), tk.cards, fr)
    assert [h for h, _ in flare.blocks] == [fr.msg("flare.upper", threshold=3), fr.msg("flare.lower", threshold=6)]
    traveler = card_view(tk.card("time-traveler"), tk.cards, fr)
    assert traveler.note == fr.msg("summoning.special")
    frost = card_view(tk.card("ice-queen"), tk.cards, fr)
    assert fr.msg("effect.frost") in [h for h, _ in frost.blocks]


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_html_sheet_is_self_contained_and_lists_every_card(tk, sheets, lang):
    text = sheet_html(sheets[lang], tk.localizer(lang))
    page = Tags(text)
    ids = page.with_attr("data-card")
    assert sorted(ids) == sorted(c.id for c in tk.cards.cards)          # every card, once
    tags = {t for t, _ in page.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed"}
    lowered = text.lower()
    for fetch in (" src=", " href=", "url(", "@import", "@font-face"):
        assert fetch not in lowered
    assert set(re.findall(r"https?://[^\s\"'<>]+", text)) == {"http://www.w3.org/2000/svg"}
    assert page.tags[0] == ("html", {"lang": lang})
    words = " ".join(page.text)
    for section in sheets[lang]:
        for view in section.cards:
            assert view.name in words and view.blocks[0][1] in words


def test_unofficial_names_are_marked(tk, sheets):
    fr = tk.localizer("fr")
    unofficial = [v for s in sheets["fr"] for v in s.cards if not v.official]
    assert unofficial, "the French data has names that are not the published ones"
    page = Tags(sheet_html(sheets["fr"], fr))
    stars = [a for t, a in page.tags if t == "span" and a.get("class") == "star"]
    assert len(stars) == len(unofficial)
    assert "* " + fr.msg("name.unofficial") in " ".join(page.text)
    official = [v for s in sheets["en"] for v in s.cards if not v.official]
    assert not official    # the English names are the published ones: no star in English
    assert 'class="star"' not in sheet_html(sheets["en"], tk.localizer("en"))


@pytest.mark.parametrize(("paper", "size"), [("a4", "size: A4"), ("letter", "size: letter")])
def test_page_size_and_unsplittable_cards(tk, paper, size):
    loc = tk.localizer("en")
    text = sheet_html(build_sections(tk, loc, ["imperial"]), loc, paper)
    assert "@page { " + size in text
    assert re.search(r"\.card \{ break-inside: avoid;", text)
    assert re.search(r"section\.deck \{ break-before: page; \}", text)


def test_the_key_explains_every_symbol_of_the_patterns(tk):
    loc = tk.localizer("it")
    text = sheet_html(build_sections(tk, loc, ["everfrost"]), loc)
    for key in ("common", "heroic", "target", "target_occupied", "marked", "marked2", "arrow", "blank"):
        assert html.escape(loc.msg(f"pattern.legend.{key}"), quote=False) in text


# ------------------------------------------------------------------ the SVG sheet

def svg_cards(root: ET.Element) -> list[tuple[int, str, tuple[float, float, float, float]]]:
    """(page, card id, box x, y, width, height) of every card of an SVG sheet."""
    out = []
    for page in root.iter(f"{SVG}g"):
        if page.get("class") != "page":
            continue
        for card in page.iter(f"{SVG}g"):
            if card.get("class") == "card":
                box = card.find(f"{SVG}rect")
                out.append((int(page.get("data-page")), card.get("data-card"),
                            tuple(float(box.get(k)) for k in ("x", "y", "width", "height"))))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_svg_sheet_keeps_every_card_inside_one_page(tk, sheets, paper):
    loc = tk.localizer("es")
    root = ET.fromstring(sheet_svg(sheets["es"], loc, paper))
    _, width, height = PAPER[paper]
    pages = {int(p.get("data-page")): p.find(f"{SVG}rect") for p in root.iter(f"{SVG}g") if p.get("class") == "page"}
    cards = svg_cards(root)
    assert sorted(c for _, c, _ in cards) == sorted(c.id for c in tk.cards.cards)
    for number, card, (x, y, w, h) in cards:
        paper_rect = pages[number]
        top = float(paper_rect.get("y"))
        assert float(paper_rect.get("height")) == height and float(paper_rect.get("width")) == width
        assert top + 10 - 0.01 <= y and y + h <= top + height - 10 + 0.01, f"{card} leaves its page"
        assert x >= 10 - 0.01 and x + w <= width - 10 + 0.01, f"{card} leaves the margins"
    decks = {s.key: {n for n, c, _ in cards if c in {v.id for v in s.cards}} for s in sheets["es"]}
    for key, numbers in decks.items():     # a section starts its own page
        others = set().union(*(v for k, v in decks.items() if k != key))
        assert not numbers & others, key


# ------------------------------------------------------------------ the command

def test_sheet_command_writes_html_in_french(cli, tmp_path):
    out = tmp_path / "imperial.html"
    r = cli("sheet", "--deck", "imperial", "--lang", "fr", "--out", str(out))
    assert r.code == 0, r.err
    assert "18 cartes" in r.out and str(out) in r.out
    page = Tags(out.read_text(encoding="utf-8"))
    assert len(page.with_attr("data-card")) == 18 and page.tags[0] == ("html", {"lang": "fr"})


def test_sheet_command_writes_svg(cli, tmp_path):
    out = tmp_path / "flares.svg"
    r = cli("sheet", "--flares", "--out", str(out), "--paper", "letter")
    assert r.code == 0, r.err
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert len(svg_cards(root)) == 12 and root.get("width") == "215.9mm"


@pytest.mark.parametrize("args", [["--out", "x.doc"], ["--deck", "nowhere", "--out", "x.html"], ["--out", "."]])
def test_sheet_command_bad_input_is_one_line(cli, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    r = cli("sheet", *args)
    assert r.code == 2
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert not (tmp_path / "x.html").exists()


# ------------------------------------------------------------------ a real browser

def browser() -> str:
    for name in (os.environ.get("TASHKALAR_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name) if name else None
        if found:
            return found
    pytest.skip("no Chromium browser found (Debian: apt-get install chromium; or set TASHKALAR_CHROMIUM)")


def poppler() -> None:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext not found (Debian: apt-get install poppler-utils)")


def chromium(exe: str, work: Path, *args: str) -> subprocess.CompletedProcess:
    profile = work / f"profile-{uuid.uuid4().hex}"   # one profile each: runs may overlap
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
           "--disable-extensions", "--disable-background-networking", f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


def print_pdf(exe: str, page: Path, pdf: Path) -> None:
    chromium(exe, page.parent, "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={pdf}",
             page.as_uri())
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF"), f"Chromium printed no PDF of {page.name}"


#: run in the page (a copy of the sheet): every card box holds all it draws
PROBE = """
window.addEventListener("load", () => {
  const bad = [];
  const cards = document.querySelectorAll(".card");
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1) {
      bad.push(card.dataset.card + ": its content is larger than the box");
    }
    for (const child of card.querySelectorAll("*")) {
      if (child.closest("svg") && child.tagName.toLowerCase() !== "svg") continue;
      const r = child.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
        bad.push(card.dataset.card + ": " + child.tagName + " leaves the box");
      }
    }
  }
  document.body.setAttribute("data-probe", JSON.stringify({cards: cards.length, bad: bad}));
});
"""

#: the SVG sheet inline in a page: every text of a card inside the card's rectangle
SVG_PROBE = """
window.addEventListener("load", () => {
  const bad = [];
  const cards = document.querySelectorAll("g.card");
  for (const card of cards) {
    const box = card.querySelector("rect.box").getBBox();
    for (const t of card.querySelectorAll("text, svg")) {
      const r = t.getBBox();
      const x = t.tagName === "svg" ? parseFloat(t.getAttribute("x")) : r.x;
      const y = t.tagName === "svg" ? parseFloat(t.getAttribute("y")) : r.y;
      const w = t.tagName === "svg" ? parseFloat(t.getAttribute("width")) : r.width;
      const h = t.tagName === "svg" ? parseFloat(t.getAttribute("height")) : r.height;
      if (x < box.x || x + w > box.x + box.width + 0.05 || y < box.y || y + h > box.y + box.height + 0.05) {
        bad.push(card.dataset.card + ": " + (t.textContent || t.tagName).slice(0, 40));
      }
    }
  }
  document.body.setAttribute("data-probe", JSON.stringify({cards: cards.length, bad: bad}));
});
"""


def probe(exe: str, page: Path, script: str) -> dict:
    copy = page.with_name(page.stem + "-probe.html")
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".svg":
        text = "<!DOCTYPE html><html><body>" + text + "</body></html>"
    copy.write_text(text.replace("</body>", f"<script>{script}</script></body>"), encoding="utf-8")
    out = chromium(exe, page.parent, "--virtual-time-budget=20000", "--dump-dom", copy.as_uri()).stdout
    found = re.search(r'data-probe="([^"]*)"', out)
    assert found, "the page's check did not run"
    return json.loads(html.unescape(found.group(1)))


def pdf_pages(pdf: Path) -> list[list[tuple[str, float, float]]]:
    """The words of each page of a PDF, with their top-left corner (points)."""
    text = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True, timeout=120).stdout
    root = ET.fromstring(text)
    return [[(w.text or "", float(w.get("xMin")), float(w.get("yMin"))) for w in page.iter(f"{XHTML}word")]
            for page in root.iter(f"{XHTML}page")]


def locate(pages, views) -> tuple[dict[str, int], list[str]]:
    """The page of each card, and what is wrong: a card printed zero or several times, or cut in two.

    A card box prints its name at its top-left corner and its id at its bottom-left corner: the
    card is whole on a page when that page has its id with the first word of its name straight
    above it (the same left edge).
    """
    where: dict[str, int] = {}
    problems = []
    for view in views:
        first = view.name.split()[0]
        found = []
        for number, words in enumerate(pages):
            for word, x, y in words:
                if word != view.id:
                    continue
                if any(w.startswith(first) and abs(wx - x) < 1.5 and wy < y for w, wx, wy in words):
                    found.append(number)
        if len(found) != 1:
            problems.append(f"{view.id}: found whole on pages {[n + 1 for n in found]}")
        else:
            where[view.id] = found[0]
    return where, problems


def test_locate_finds_a_card_cut_across_pages():
    """The check itself: a name on one page and the id on the next is a cut card."""

    @dataclass
    class View:
        id: str
        name: str

    whole = [[("Ours", 30.0, 100.0), ("affamé", 60.0, 100.0), ("hungry-bear", 30.0, 300.0)]]
    cut = [[("Ours", 30.0, 700.0), ("affamé", 60.0, 700.0)], [("hungry-bear", 30.0, 40.0)]]
    twice = whole + whole
    view = View("hungry-bear", "Ours Affamé")
    assert locate(whole, [view]) == ({"hungry-bear": 0}, [])
    assert locate(cut, [view])[1] and locate(twice, [view])[1]
    assert locate([[("hungry-bear", 30.0, 300.0), ("Ours", 200.0, 100.0)]], [view])[1]   # another column


@dataclass
class Printout:
    lang: str
    paper: str
    html: Path
    pdf: Path
    pages: list
    probe: dict | None


@pytest.fixture(scope="module")
def printouts(tk, sheets, tmp_path_factory):
    """The whole sheet printed by Chromium: A4 in every language, US Letter in French (in parallel)."""
    exe = browser()
    poppler()
    work = tmp_path_factory.mktemp("print")
    jobs = [(lang, "a4") for lang in LANGS] + [("fr", "letter")]

    def run(job):
        lang, paper = job
        page = work / f"sheet-{lang}-{paper}.html"
        page.write_text(sheet_html(sheets[lang], tk.localizer(lang), paper), encoding="utf-8")
        pdf = page.with_suffix(".pdf")
        print_pdf(exe, page, pdf)
        checked = probe(exe, page, PROBE) if paper == "a4" else None
        return Printout(lang, paper, page, pdf, pdf_pages(pdf), checked)

    with ThreadPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(run, jobs))
    return {(p.lang, p.paper): p for p in done}


PRINTS = [(lang, "a4") for lang in LANGS] + [("fr", "letter")]


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "paper"), PRINTS)
def test_every_card_prints_once_and_whole(printouts, sheets, lang, paper):
    p = printouts[lang, paper]
    views = [v for s in sheets[lang] for v in s.cards]
    where, problems = locate(p.pages, views)
    assert not problems, problems[:10]
    assert len(where) == len(views) == 156


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "paper"), PRINTS)
def test_page_counts(printouts, sheets, lang, paper):
    p = printouts[lang, paper]
    where, _ = locate(p.pages, [v for s in sheets[lang] for v in s.cards])
    counts = {}
    last = -1
    for section in sheets[lang]:
        numbers = sorted({where[v.id] for v in section.cards})
        assert numbers[0] > last, f"{section.key} shares a page with the section before it"
        last = numbers[-1]
        counts[section.key] = len(numbers)
    # an 18-card deck prints on two pages, and so do the twelve legends (their texts are long); the
    # twelve flares and the 24 tasks fit one page each
    assert counts == {"imperial": 2, "highland": 2, "sylvan": 2, "everfrost": 2, "nethervoid": 2, "etherweave": 2,
                      "legends": 2, "flares": 1, "tasks": 1}
    assert len(p.pages) == sum(counts.values()) == 16


@pytest.mark.slow
@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_nothing_overflows_its_box(printouts, lang):
    checked = printouts[lang, "a4"].probe
    assert checked["cards"] == 156
    assert checked["bad"] == []


@pytest.mark.slow
def test_the_overflow_check_can_fail(tk, tmp_path):
    """The check itself: a card box squeezed too small is reported."""
    exe = browser()
    loc = tk.localizer("en")
    page = tmp_path / "squeezed.html"
    text = sheet_html(build_sections(tk, loc, ["imperial"]), loc)
    page.write_text(text.replace("</style>", '.card[data-card="cannon"] { height: 14mm; }</style>'), encoding="utf-8")
    checked = probe(exe, page, PROBE)
    assert checked["cards"] == 18
    assert any(b.startswith("cannon:") for b in checked["bad"])
    assert not [b for b in checked["bad"] if not b.startswith("cannon:")]


@pytest.mark.slow
def test_svg_sheet_text_fits_its_cards_in_a_browser(tk, sheets, tmp_path):
    exe = browser()
    page = tmp_path / "sheet-fr.svg"
    page.write_text(sheet_svg(sheets["fr"], tk.localizer("fr")), encoding="utf-8")
    checked = probe(exe, page, SVG_PROBE)
    assert checked["cards"] == 156
    assert checked["bad"] == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
def test_a_page_renders_as_png(printouts, tmp_path):
    """The first page of the French sheet as an image, as the README shows it."""
    p = printouts["fr", "a4"]
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile", str(p.pdf),
                        str(tmp_path / "page")], check=True, timeout=120)
        data = (tmp_path / "page.png").read_bytes()
        width, height = png_size(data)
        assert abs(height / width - 297 / 210) < 0.01    # an A4 page
    else:
        shot = tmp_path / "page.png"
        chromium(browser(), tmp_path, f"--screenshot={shot}", "--window-size=800,1100", p.html.as_uri())
        data = shot.read_bytes()
        assert png_size(data) == (800, 1100)
    assert len(data) > 20_000     # a page with drawings and text, not a blank one


def test_the_readme_pictures_exist():
    from conftest import REPO

    pictures = re.findall(r"\]\((docs/[^)]+\.png)\)", (REPO / "README.md").read_text(encoding="utf-8"))
    assert len(pictures) >= 2
    for name in pictures:
        data = (REPO / name).read_bytes()
        width, _ = png_size(data)
        assert 300 <= width <= 1000 and len(data) < 200_000, f"{name}: a small picture"


# ------------------------------------------------------------------ L.E.T.A.L. TCG's quick reference

@pytest.fixture(scope="module")
def letal_game():
    from tashkalar_cli import Game

    return Game("letal")


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_letal_quick_reference_holds_turn_card_types_and_positioning(letal_game, lang):
    from tashkalar_cli.games.letal.engine import AREAS
    from tashkalar_cli.games.letal.render import SHEET_CATEGORIES, SHEET_KEYWORDS, quick_reference

    loc = letal_game.localizer(lang)
    [section] = quick_reference(letal_game, loc)
    glossary = letal_game.glossary
    wanted = [k for c in SHEET_CATEGORIES
              for k in SHEET_KEYWORDS.get(c, [k.id for k in glossary.keywords if k.category == c])]
    assert [v.id for v in section.cards] == wanted
    # the turn in its order (the equality above: the glossary has each step), every card type
    assert wanted[:5] == ["start-of-turn", "draw", "main-phase", "attack-phase", "end-of-turn"]
    assert {"action", "attack", "aura", "trick"} <= set(wanted)
    drawn = {v.id for v in section.cards if v.figure is not None}
    assert drawn == {k for k in wanted if k in AREAS} and {"adjacent", "range", "radius"} <= drawn
    page = sheet_html([section], loc)
    tags = Tags(page)
    assert tags.with_attr("class").count("letal-grid") == len(drawn)
    assert loc.msg("letal.sheet.title") in "".join(tags.text)
    svg = ET.fromstring(sheet_svg([section], loc))
    assert len(svg.findall(f".//{SVG}g[@class='card']")) == len(section.cards)


def test_letal_sheet_command(cli, tmp_path):
    out = tmp_path / "letal.html"
    r = cli("--game", "letal", "sheet", "--out", str(out), "--lang", "it")
    assert r.code == 0 and 'class="letal-grid"' in out.read_text(encoding="utf-8")
    r = cli("--game", "letal", "sheet", "--deck", "imperial", "--out", str(tmp_path / "x.html"))
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and not (tmp_path / "x.html").exists()


@pytest.mark.slow
@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_letal_quick_reference_prints_on_one_page(letal_game, lang, tmp_path):
    """Printed by Chromium: one A4 page, every entry whole on it, nothing out of its box."""
    from tashkalar_cli.games.letal.render import quick_reference

    exe = browser()
    poppler()
    loc = letal_game.localizer(lang)
    sections = quick_reference(letal_game, loc)
    page = tmp_path / f"letal-{lang}.html"
    page.write_text(sheet_html(sections, loc), encoding="utf-8")
    pdf = page.with_suffix(".pdf")
    print_pdf(exe, page, pdf)
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    views = sections[0].cards
    where, problems = locate(pages, views)
    assert not problems and len(where) == len(views)
    checked = probe(exe, page, PROBE)
    assert checked["cards"] == len(views) and checked["bad"] == []


def test_the_sheet_reads_in_black_and_white():
    """The ranks and the marks of a sheet differ in grey and in shape: a grey disc, a black one
    with a white star, a white ringed one with a black star; lines for one mark, dots for the other."""
    from test_svg import luminance

    from tashkalar_cli.render.sheet import rank_icon
    from tashkalar_cli.render.style import STYLE

    icons = {rank: rank_icon(rank, 5) for rank in ("common", "heroic", "legendary")}
    fills = {rank: luminance(icon[0].get("fill")) for rank, icon in icons.items()}
    greys = sorted(fills.values())
    assert min(b - a for a, b in itertools.pairwise(greys)) >= 0.2, fills
    assert len(icons["common"]) == 1 and len(icons["heroic"]) == 2 and len(icons["legendary"]) == 2  # the stars
    assert abs(luminance(icons["heroic"][1].get("fill")) - fills["heroic"]) >= 0.5     # a star that shows
    assert luminance(STYLE.pattern_piece["common"]) - luminance(STYLE.pattern_piece["heroic"]) >= 0.2

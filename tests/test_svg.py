"""The SVG pictures: well-formed XML, the arrows and marks of chosen cards where the card puts them,
the piece a summoning destroys, near misses and reasons, the two sides of the board, a legend and
accessible texts in the reader's language."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from tashkalar_cli.games.tashkalar.render import svg as svgmod

from conftest import in_every_language

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)  # raises on anything that is not well-formed XML


def panels(root: ET.Element) -> list[ET.Element]:
    return root.findall("s:g[@class='panel']", NS)


def arrows(node: ET.Element) -> set[tuple[str, str]]:
    return {(a.get("data-square", ""), a.get("data-direction", "")) for a in node.iter(f"{{{NS['s']}}}g")
            if a.get("class") == "arrow"}


def marks(node: ET.Element, kind: str) -> set[str]:
    return {m.get("data-square", "") for m in node.iter(f"{{{NS['s']}}}g") if m.get("class") == f"mark {kind}"}


def with_class(node: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in node.iter() if e.get("class") == cls]


def on_boards(node: ET.Element, cls: str) -> list[ET.Element]:
    """Elements of class ``cls`` drawn on a board (not in the legend)."""
    return [e for b in with_class(node, "board") for e in b.iter() if e.get("class") == cls]


def texts(node: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in node.iter(f"{{{NS['s']}}}text"))


@pytest.fixture(scope="module")
def fr(tk):
    return tk.localizer("fr")


@pytest.fixture(scope="module")
def en(tk):
    return tk.localizer("en")


def verdict_picture(tk, loc, card, pieces, player="blue", mode=None):
    pos = tk.position(pieces=pieces, mode=mode)
    verdict = tk.summon(card, pos, player)
    being = tk.being(card)
    text = svgmod.verdict_svg(tk.board, pos, verdict, loc, str(tk.cards.name(being, loc)))
    return verdict, parse(text), text


def panel_of(verdict, root, orientation):
    index = next(i for i, p in enumerate(verdict.placements) if p.orientation.name == orientation)
    return verdict.placements[index], panels(root)[index]


# ------------------------------------------------------------------ chosen cards

def test_cannon_arrows_are_drawn_where_the_card_prints_them(tk, en):
    # Cannon: ". nw n ne" / ". c t+c e" / "c sw s se"; summoned on e5 as printed (no rotation)
    verdict, root, _ = verdict_picture(tk, en, "cannon", "d5=blue,e5=blue,c4=blue")
    placement, panel = panel_of(verdict, root, "r0")
    assert tk.board.name(placement.target) == "e5"
    assert arrows(panel) == {("d6", "nw"), ("e6", "n"), ("f6", "ne"), ("f5", "e"), ("d4", "sw"), ("e4", "s"),
                             ("f4", "se")}
    # each arrow is turned to its direction (screen angles, y downwards) about the center of its square
    angle = {"e": 0, "ne": -45, "n": -90, "nw": -135, "w": 180, "sw": 135, "s": 90, "se": 45}
    cell = svgmod.STYLE.cell
    for a in with_class(panel, "arrow"):
        turn, cx, cy = (float(v) for v in a.get("transform", "")[len("rotate("):-1].split())
        f, r = tk.board.coords(tk.board.parse(a.get("data-square")))
        assert turn == pytest.approx(angle[a.get("data-direction")])
        assert (cx, cy) == (f * cell + cell / 2, (tk.board.ranks - 1 - r) * cell + cell / 2)
    # the drawing agrees with the engine's list of arrows, placement by placement
    for p, node in zip(verdict.placements, panels(root), strict=True):
        assert arrows(node) == {(tk.board.name(a.square), a.direction) for a in p.arrows if a.square is not None}


def test_a_rotated_cannon_turns_its_arrows(tk, en):
    # the same three pieces turned a quarter clockwise: the summoning square is d4
    verdict, root, _ = verdict_picture(tk, en, "cannon", "e5=blue,e4=blue,d6=blue", mode="duel")
    drawn = [arrows(node) for node in panels(root)]
    assert verdict.placements and all(len(d) == 7 for d in drawn)
    for p, d in zip(verdict.placements, drawn, strict=True):
        tf, tr = tk.board.coords(p.target)
        for name, direction in d:  # every arrow stands on a square next to the summoning square
            f, r = tk.board.coords(tk.board.parse(name))
            assert max(abs(f - tf), abs(r - tr)) == 1
            # and points away from it (the Cannon fires outwards)
            df, dr = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1), "s": (0, -1), "sw": (-1, -1),
                      "w": (-1, 0), "nw": (-1, 1)}[direction]
            assert (f - tf, r - tr) == (df, dr)


def test_marked_squares_of_the_champion(tk, en):
    # Champion: "m m m" / "c t m" / "c c m" / ". c .": summoned on e5 with pieces on d5, d4, e4, e3
    verdict, root, _ = verdict_picture(tk, en, "champion", "d5=blue,d4=blue,e4=blue,e3=blue")
    placement, panel = panel_of(verdict, root, "r0")
    assert tk.board.name(placement.target) == "e5"
    assert marks(panel, "m") == {"d6", "e6", "f6", "f5", "f4"}
    assert not marks(panel, "m2")
    assert "marked squares: f4, f5, d6, e6, f6" in texts(panel)   # rank by rank, from rank 1


def test_m2_square_of_the_gate_of_oblivion(tk, fr):
    # Gate of Oblivion: ". m m m ." / "m c t c m" / "m c m2 c m": the second kind of mark under the summoning square
    verdict, root, _ = verdict_picture(tk, fr, "gate-of-oblivion", "d5=purple,f5=purple,d4=purple,f4=purple",
                                       player="purple")
    placement, panel = panel_of(verdict, root, "r0")
    assert tk.board.name(placement.target) == "e5"
    assert marks(panel, "m2") == {"e4"}
    assert marks(panel, "m") == {"d6", "e6", "f6", "c5", "g5", "c4", "g4"}
    # the legend names both kinds of mark, in French
    keys = {k.get("data-key") for k in with_class(root, "key")}
    assert {"marked", "marked2", "target", "pattern"} <= keys
    assert fr.msg("svg.key.marked2") in texts(root)


def test_pattern_svg_of_the_cannon(tk):
    root = parse(svgmod.pattern_svg(tk.being("cannon").pattern, "Cannon"))
    found = [a.get("data-direction") for a in root.iter(f"{{{NS['s']}}}g") if a.get("class") == "arrow"]
    assert sorted(found) == sorted(["nw", "n", "ne", "e", "sw", "s", "se"])
    assert len(with_class(root, "target")) == 1
    assert len(with_class(root, "need common")) == 3    # t+c holds one of them


def test_pattern_ranks_and_marks_differ_without_color(tk):
    """Black and white: a heroic piece has a star, a common one none; m is hatched with lines, m2 with dots."""
    heroic = parse(svgmod.pattern_svg(tk.being("gate-of-oblivion").pattern, "x"))
    commons = with_class(heroic, "need common")
    assert commons and all(len(list(c)) == 1 for c in commons)          # a disc alone
    knight = parse(svgmod.pattern_svg(tk.being("knight").pattern, "x"))
    for need in with_class(knight, "need heroic") + with_class(heroic, "need heroic"):
        assert len(list(need)) == 2                                     # a disc and its star
    m = with_class(heroic, "mark m")[0]
    m2 = with_class(heroic, "mark m2")[0]
    assert m.find("s:path", NS).get("stroke-linecap") is None          # lines
    assert m2.find("s:path", NS).get("stroke-linecap") == "round"      # dots


def test_the_destroyed_piece_is_crossed_out(tk, en):
    verdict, root, _ = verdict_picture(tk, en, "swordmaster", "e4=blue,e6=blue,e5=red")
    assert verdict.legal
    crosses = on_boards(root, "destroyed")
    assert [c.get("data-square") for c in crosses] == ["e5"]
    assert "destroys the red common piece on e5" in texts(root)
    assert "destroyed" in {k.get("data-key") for k in with_class(root, "key")}


# ------------------------------------------------------------------ verdicts

def test_a_failed_summon_draws_the_near_misses_and_the_reason(tk, fr):
    verdict, root, _ = verdict_picture(tk, fr, "swordmaster", "e4=blue")
    assert not verdict.legal and verdict.near_misses
    assert len(panels(root)) == len(verdict.near_misses)
    words = texts(root)
    assert fr.msg("reason.no-match") in words
    assert fr.msg("summon.nearest") in words
    for miss, node in zip(verdict.near_misses, panels(root), strict=True):
        lacking = {tk.board.name(x.square) for x in miss.lacks if x.square is not None and x.square != miss.target}
        assert {e.get("data-square") for e in with_class(node, "lack")} == lacking
        assert [e.get("data-square") for e in with_class(node, "target")] == [tk.board.name(miss.target)]
        for lack in miss.lacks:
            assert svgmod.lack_text(lack, tk.board, fr) in texts(node)


def test_the_answer_is_a_caption_and_not_only_a_color(tk, en, fr):
    legal = parse(svgmod.verdict_svg(*_args(tk, en, "swordmaster", "e4=blue,e6=blue")))
    assert "Swordmaster can be summoned by blue: 1 placement." in texts(legal)
    illegal = parse(svgmod.verdict_svg(*_args(tk, fr, "swordmaster", "e4=blue")))
    name = str(tk.cards.name(tk.being("swordmaster"), fr))
    assert fr.msg("summon.illegal", card=name, player=fr.msg("color.blue")) in texts(illegal)
    for root in (legal, illegal):  # the card's pattern is drawn beside the answer
        assert root.find("s:svg[@class='pattern']", NS) is not None


def _args(tk, loc, card, pieces):
    pos = tk.position(pieces=pieces)
    verdict = tk.summon(card, pos, "blue")
    return tk.board, pos, verdict, loc, str(tk.cards.name(tk.being(card), loc))


def test_every_reason_is_written_on_the_picture(tk, en):
    verdict, root, _ = verdict_picture(tk, en, "knight", "e4=blue,e6=red:heroic")
    assert not verdict.legal and verdict.reasons
    for code in verdict.reasons:
        assert en.msg(f"reason.{code}") in texts(root)


# ------------------------------------------------------------------ positions and the board

def squares_of(root: ET.Element, kind: str) -> list[str]:
    return [e.get("data-square", "") for e in with_class(root, f"square {kind}")]


def test_high_form_side_shows_the_colored_squares_of_the_board_data(tk, en):
    from tashkalar_cli.games.tashkalar.model.board import bits

    board = tk.board
    pos = tk.position(pieces="e5=blue:legendary,d4=red", mode="high-form")
    root = parse(svgmod.position_svg(board, pos, en))
    assert sorted(squares_of(root, "red")) == sorted(board.name(s) for s in bits(board.red))
    assert sorted(squares_of(root, "green")) == sorted(board.name(s) for s in bits(board.green))
    central = {board.name(s) for s in bits(board.central) if board.square_color(s) is None}
    assert set(squares_of(root, "central")) == central
    assert len(with_class(root, "board")) == 1 and with_class(root, "board")[0].get("data-side") == "high-form"
    assert len(squares_of(root, "plain")) + len(squares_of(root, "red")) + len(squares_of(root, "green")) + \
        len(central) == len(board.squares)


def test_the_faces_come_from_the_board_data(tk, en):
    """A board whose data gives each face other colored squares is drawn as its data says."""
    from tashkalar_cli.games.tashkalar.model.board import Board, bits

    if not hasattr(Board, "face"):
        pytest.skip("this board model has no faces")
    spec = dict(tk.dataset.facts["board"])
    spec["faces"] = {"high-form": {"modes": ["high-form"], "colored": ["red"]},
                     "deathmatch": {"modes": ["duel", "melee"], "colored": ["green"]}}
    board = Board(spec)
    duel = parse(svgmod.position_svg(board, tk.position(pieces="e4=blue"), en))
    assert sorted(squares_of(duel, "green")) == sorted(board.name(s) for s in bits(board.green))
    assert not squares_of(duel, "red")
    high = parse(svgmod.position_svg(board, tk.position(pieces="e4=blue", mode="high-form"), en))
    assert sorted(squares_of(high, "red")) == sorted(board.name(s) for s in bits(board.red))
    assert not squares_of(high, "green")


@pytest.mark.parametrize("mode", ["duel", "melee"])
def test_deathmatch_side_has_colored_squares_but_no_marked_central_squares(tk, en, mode):
    """Both faces show the red and green squares; only the High Form face marks the central squares
    (erratum board-colored-squares: the books tell the faces apart by the central squares alone)."""
    from tashkalar_cli.games.tashkalar.model.board import bits

    board = tk.board
    pieces = "e5=blue,d4=red,c3=yellow" if mode == "melee" else "e5=blue,d4=red"
    pos = tk.position(pieces=pieces, mode=mode, players=3 if mode == "melee" else None)
    root = parse(svgmod.position_svg(board, pos, en))
    assert sorted(squares_of(root, "red")) == sorted(board.name(s) for s in bits(board.red))
    assert sorted(squares_of(root, "green")) == sorted(board.name(s) for s in bits(board.green))
    assert not squares_of(root, "central")
    assert len(squares_of(root, "plain")) == len(board.squares) - (board.red | board.green).bit_count()
    assert en.msg("svg.side.deathmatch") in texts(root)
    keys = {k.get("data-key") for k in with_class(root, "key")}
    assert {"red", "green"} <= keys and "central" not in keys


def test_position_is_accessible(tk, fr):
    pos = tk.position(pieces="e5=blue:legendary,d4=red,c3=blue:heroic")
    root = parse(svgmod.position_svg(tk.board, pos, fr, "partie.yaml"))
    assert root.get("role") == "img" and root.get("aria-labelledby") == "title desc"
    assert root.find("s:title", NS).text == "partie.yaml"
    desc = root.find("s:desc", NS).text
    for square in ("e5", "d4", "c3"):
        assert square in desc
    assert fr.msg("rank.legendary") in desc and fr.msg("color.red") in desc
    pieces = [g for b in with_class(root, "board") for g in b.iter(f"{{{NS['s']}}}g")
              if (g.get("class") or "").startswith("piece ")]
    assert len(pieces) == 3 and all(g.find("s:title", NS) is not None for g in pieces)
    # the ranks are written on the pieces and spelled out in the legend
    assert {"H", "L"} <= {t.text for t in root.iter(f"{{{NS['s']}}}text")}
    assert {"common", "heroic", "legendary"} <= {k.get("data-key") for k in with_class(root, "key")}


def test_the_older_panel_form_still_works(tk):
    """``boards_svg(board, pos, [(caption, {square: role})], title)``: what a plan command can call."""
    pos = tk.position(pieces="e4=blue,e6=blue")
    e5, e4 = tk.board.parse("e5"), tk.board.parse("e4")
    text = svgmod.boards_svg(tk.board, pos, [("step 1", {e5: "target", e4: "pattern"}), ("step 2", {e4: "marked"})],
                             "a plan")
    root = parse(text)
    assert len(panels(root)) == 2 and root.find("s:title", NS).text == "a plan"
    assert [e.get("data-square") for e in with_class(root, "target")] == ["e5"]
    assert marks(panels(root)[1], "m") == {"e4"}
    board_only = parse(svgmod.board_svg(tk.board, pos, {e5: "target"}, "one"))
    assert len(panels(board_only)) == 1


def test_no_string_is_injected(tk, en):
    """Texts are escaped by the XML writer: a title with markup stays text."""
    pos = tk.position(pieces="e4=blue")
    root = parse(svgmod.position_svg(tk.board, pos, en, 'a<b>&"c'))
    assert root.find("s:title", NS).text == 'a<b>&"c'


# ------------------------------------------------------------------ through the command line

def test_summon_svg_from_the_command_line(cli, tmp_path):
    out = tmp_path / "miss.svg"
    r = cli("summon", "swordmaster", "--pieces", "e4=blue", "--player", "blue", "--svg", str(out), "--lang", "it")
    assert r.code == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert len(panels(root)) == 3 and with_class(root, "lack")          # the near misses, not the bare board
    assert "Maestro" in root.find("s:title", NS).text or "Spada" in root.find("s:title", NS).text


def test_position_svg_from_the_command_line(cli, tmp_path):
    out = tmp_path / "p.svg"
    r = cli("position", "show", "--pieces", "e5=blue:legendary,d4=red", "--mode", "high-form", "--svg", str(out),
            "--lang", "es")
    assert r.code == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert squares_of(root, "red") and root.find("s:desc", NS).text.startswith("2 fichas")


def test_position_svg_is_saved_whatever_is_printed(cli, tmp_path):
    out = tmp_path / "p.svg"
    r = cli("position", "show", "--pieces", "e5=blue", "--format", "yaml", "--svg", str(out))
    assert r.code == 0 and "e5: blue common" in r.out
    assert len(parse(out.read_text(encoding="utf-8")).findall(".//s:g[@class='panel']", NS)) == 1


#: each command that draws a picture, in one language (rotating, so that every language appears), the others in the slow run
@pytest.mark.parametrize(("command", "lang"), in_every_language([
    (["summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue"],),
    (["position", "show", "--pieces", "e5=blue", "--format", "yaml"],),
    (["plan", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--hand", "swordmaster"],),
], ["en", "fr", "es", "it"], ids=lambda case: case[0][0]))
def test_a_picture_saved_is_said_on_standard_error(cli, tmp_path, dataset, command, lang):
    """Like the cheat sheet, a picture says it was saved: on standard error (standard output stays
    the answer, a position file for --format yaml), and not with --json."""
    out = tmp_path / "p.svg"
    r = cli(*command, "--svg", str(out), "--lang", lang)
    assert r.code == 0 and out.exists()
    said = dataset.locales[lang]["ui"]["picture.written"].replace("{path}", str(out))
    assert r.err.strip() == said and said not in r.out
    quiet = cli(*command, "--svg", str(out), "--lang", lang, "--json")
    assert quiet.code == 0 and quiet.err == ""


def test_terminal_board_shows_the_face_of_the_mode(tk):
    """The text board paints the same faces as the pictures: red and green squares on both, the
    central squares on the High Form face only."""
    from tashkalar_cli.games.tashkalar.render.board import SQUARE_BG, board_text

    for mode, central in (("duel", False), ("high-form", True)):
        text = board_text(tk.board, tk.position(pieces="e4=blue", mode=mode))
        backgrounds = {str(span.style).split(" on ")[-1] for span in text.spans if " on " in str(span.style)}
        for kind in ("red", "green"):
            assert SQUARE_BG[kind].removeprefix("on ") in backgrounds, (mode, kind)
        assert (SQUARE_BG["central"].removeprefix("on ") in backgrounds) == central, mode


# ------------------------------------------------------------------ black and white

def luminance(color: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb color: what is left of it printed in grey."""
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_squares_differ_in_grey_and_by_a_sign():
    from tashkalar_cli.render.style import STYLE

    for side, kinds in STYLE.sides.items():
        shown = ["plain", *kinds]
        greys = sorted(luminance(STYLE.square[k]) for k in shown)
        assert min(b - a for a, b in itertools.pairwise(greys)) >= 0.06, (side, greys)
        signs = [STYLE.square_sign[k] for k in kinds]
        assert len(set(signs)) == len(signs), "each colored kind its own sign"


def test_colors_of_pieces_differ_without_hue():
    """Two colors of pieces differ by their texture, or else by a wide gap of grey; blue and red
    (every duel) by both."""
    from tashkalar_cli.render.style import STYLE

    colors = list(STYLE.piece)
    for i, a in enumerate(colors):
        for b in colors[i + 1:]:
            gap = abs(luminance(STYLE.piece[a]) - luminance(STYLE.piece[b]))
            assert STYLE.piece_texture[a] != STYLE.piece_texture[b] or gap >= 0.3, (a, b)
    assert STYLE.piece_texture["blue"] != STYLE.piece_texture["red"]
    assert abs(luminance(STYLE.piece["blue"]) - luminance(STYLE.piece["red"])) >= 0.1


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_every_piece_and_square_carries_its_black_and_white_sign(tk, lang):
    from tashkalar_cli.render.style import STYLE

    loc = tk.localizer(lang)
    for mode in ("high-form", "duel"):
        pos = tk.position(pieces="e5=blue:heroic,d4=red,d6=red:legendary,c3=blue", mode=mode)
        root = parse(svgmod.position_svg(tk.board, pos, loc))
        board = with_class(root, "board")[0]
        for kind in ("red", "green", "central"):
            squares = squares_of(root, kind)
            signs = [e for e in board.iter() if e.get("class") == f"sign {kind}"]
            assert len(signs) == len(squares), (mode, kind)
            assert (kind != "central") or (bool(squares) == (mode == "high-form"))
        for piece in [e for e in board.iter() if (e.get("class") or "").startswith("piece ")]:
            texture = STYLE.piece_texture[piece.get("data-color")]
            found = [e for e in piece.iter() if (e.get("class") or "").startswith("texture")]
            assert (texture == "plain") == (not found), piece.get("data-color")
        legend = with_class(root, "legend")[0]
        keys = {k.get("data-key") for k in legend.iter() if k.get("class") == "key"}
        assert {"color:blue", "color:red", "common", "heroic", "legendary", "red", "green"} <= keys
        legend_text = texts(legend)
        for color in ("blue", "red"):
            assert loc.msg("svg.key.color", color=loc.msg(f"color.{color}")) in legend_text
        for kind in ("red", "green"):  # the swatches show the signs the board shows
            swatch = next(k for k in legend.iter() if k.get("data-key") == kind)
            assert [e for e in swatch.iter() if e.get("class") == f"sign {kind}"]


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
@pytest.mark.parametrize(("card", "player"), [("knight", "blue"), ("cannon", "blue"), ("knight", "red")])
def test_heading_lines_never_run_under_the_pattern(tk, lang, card, player):
    """The headings (the card, the answer, the side of the board) are wrapped clear of the pattern
    drawn at the top right, measured from above, in every language (the side of the board is the
    longest line in French, Spanish and Italian)."""
    loc = tk.localizer(lang)
    pos = tk.position(pieces="c3=blue,d3=blue,d4=blue,e4=blue,f4=blue,d6=red:heroic,f6=red", mode="high-form")
    verdict = tk.summon(card, pos, player)
    root = parse(svgmod.verdict_svg(tk.board, pos, verdict, loc, str(tk.cards.name(tk.being(card), loc))))
    figure = root.find("s:svg", NS)
    left, bottom = float(figure.get("x")), float(figure.get("y")) + float(figure.get("height"))
    width = float(root.get("width"))
    side = loc.msg(f"svg.side.{svgmod.board_side(tk.board, 'high-form')}")
    side_words = " ".join(e.text for e in root.iter(f"{{{NS['s']}}}text") if "side" in (e.get("class") or ""))
    assert " ".join(side_words.split()) == " ".join(side.split()), "the side of the board is whole"
    for e in root.iter(f"{{{NS['s']}}}text"):
        if "heading" not in (e.get("class") or ""):
            continue
        size, x, y = float(e.get("font-size")), float(e.get("x")), float(e.get("y"))
        right = x + svgmod.text_width(e.text, size)
        assert right <= (left if y - size < bottom else width), (e.text, right, left)


def _gray_pixels(tmp_path, svg_text: str) -> tuple[int, int, bytes]:
    """The picture printed by Chromium and rasterised by poppler in grey, one byte a CSS pixel."""
    import subprocess

    from test_sheet import browser, chromium

    root = parse(svg_text)
    w, h = (int(float(root.get(k))) for k in ("width", "height"))
    (tmp_path / "p.svg").write_text(svg_text, encoding="utf-8")
    page = tmp_path / "p.html"
    page.write_text(f'<html><head><style>@page {{ size: {w}px {h}px; margin: 0 }} body {{ margin: 0 }}</style></head>'
                    f'<body><img src="p.svg" width="{w}" height="{h}"></body></html>', encoding="utf-8")
    pdf = tmp_path / "p.pdf"
    chromium(browser(), tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    assert pdf.is_file()
    subprocess.run(["pdftoppm", "-gray", "-r", "72", "-singlefile", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "g")], check=True, timeout=120)
    data = (tmp_path / "g.pgm").read_bytes()
    magic, dims, depth, rest = data.split(b"\n", 3)
    assert magic == b"P5" and depth == b"255"
    pw, ph = (int(v) for v in dims.split())
    return pw, ph, rest


@pytest.mark.slow
def test_a_printed_position_reads_in_grey(tk, en, tmp_path):
    """Printed and turned grey by a real browser and poppler: a blue and a red piece, and the
    plain, central, green and red squares, are told apart by their grey alone (the signs and the
    textures come on top)."""
    import shutil

    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm not found (Debian: apt-get install poppler-utils)")
    pos = tk.position(pieces="e5=blue,e3=red", mode="high-form")
    text = svgmod.position_svg(tk.board, pos, en)
    root = parse(text)
    pw, _, gray = _gray_pixels(tmp_path, text)
    scale = pw / float(root.get("width"))   # 72 dpi: 0.75 of a CSS pixel

    def mean(cx: float, cy: float, r: float) -> float:
        values = [gray[int((cy + dy) * scale) * pw + int((cx + dx) * scale)]
                  for dx in range(-int(r), int(r) + 1) for dy in range(-int(r), int(r) + 1) if dx * dx + dy * dy <= r * r]
        return sum(values) / len(values)

    board = with_class(root, "board")[0]
    panel = root.find("s:g[@class='panel']", NS)
    ox = oy = 0.0
    for node in (panel, panel.find("s:g", NS)):
        tx, ty = node.get("transform").removeprefix("translate(").rstrip(")").split(",")
        ox, oy = ox + float(tx), oy + float(ty)
    greys = {}
    for kind in ("plain", "central", "green", "red"):
        rect = next(e for e in board.iter() if e.get("class") == f"square {kind}"
                    and e.get("data-square") not in ("e5", "e3"))
        x, y, size = float(rect.get("x")), float(rect.get("y")), float(rect.get("width"))
        greys[kind] = mean(ox + x + size * 0.6, oy + y + size * 0.6, size * 0.15)
    for color in ("blue", "red"):
        piece = next(e for e in board.iter() if e.get("data-color") == color)
        circle = piece.find("s:circle", NS)
        greys[color] = mean(ox + float(circle.get("cx")), oy + float(circle.get("cy")), float(circle.get("r")) * 0.8)
    kinds = sorted(greys[k] for k in ("plain", "central", "green", "red"))
    assert min(b - a for a, b in itertools.pairwise(kinds)) >= 10, greys
    assert abs(greys["blue"] - greys["red"]) >= 25, greys


# ------------------------------------------------------------------ an effect's outcome (summon --apply --svg)

def moves_drawn(node: ET.Element) -> list[tuple[str, str]]:
    return [(m.get("data-from", ""), m.get("data-to", "")) for m in on_boards(node, "move")]


def test_an_outcome_is_drawn_before_and_after_with_its_moves(cli, tk, tmp_path):
    """The Knight's combat moves: arrows from square to square on the board before the effect, the
    piece it destroys crossed out there, the squares it changed framed on the board after it, the steps
    in words under it; the captions and the key in the user's language."""
    pieces = "d4=blue,e4=blue,f4=blue,d3=blue,e6=red,d7=red"
    base = ("summon", "knight", "--pieces", pieces, "--player", "blue", "--apply", "--at", "e5", "--effects")
    listed = cli(*base, "--json")
    outcomes = listed.json["outcomes"]
    n, outcome = next((i, o) for i, o in enumerate(outcomes, 1)
                      if len([s for s in o["steps"] if s["do"] == "move"]) == 2)
    out = tmp_path / "o.svg"
    r = cli(*base, "--choose", str(n), "--svg", str(out), "--lang", "fr")
    assert r.code == 0, r.err
    root = parse(out.read_text(encoding="utf-8"))
    before, after = panels(root)
    moves = [(s["from"], s["to"]) for s in outcome["steps"] if s["do"] == "move"]
    assert moves_drawn(before) == moves and not moves_drawn(after)
    destroyed = {s["to"] for s in outcome["steps"] if s["do"] == "move" and s.get("destroyed")}
    assert {c.get("data-square") for c in on_boards(before, "destroyed")} == destroyed
    assert {f.get("data-square") for f in on_boards(after, "changed")} == {moves[-1][1]}
    # each panel draws its own position: the piece that moved stands on its last square after
    squares_after = {e.get("data-square") for b in with_class(after, "board") for e in b.iter()
                     if e.get("class", "").startswith("piece ")}
    assert moves[-1][1] in squares_after and moves[0][0] not in squares_after
    words = texts(root)
    assert "Avant l'effet" in words and f"issue {n} sur {len(outcomes)}" in words
    key = {k.get("data-key") for k in with_class(root, "key")}
    assert {"move", "changed", "target"} <= key and ("effect_destroyed" in key) == bool(destroyed)


def test_without_choose_the_first_outcome_is_drawn_and_json_stays_clean(cli, tmp_path):
    out = tmp_path / "o.svg"
    r = cli("summon", "knight", "--pieces", "d4=blue,e4=blue,f4=blue,d3=blue,e6=red", "--player", "blue", "--apply", "--at", "e5",
            "--effects", "--svg", str(out), "--json")
    assert r.code == 0 and r.err == "" and r.json["effect_resolved"] is True
    assert "(outcome 1 of" in texts(parse(out.read_text(encoding="utf-8")))


def test_a_summon_played_is_drawn_before_and_after(cli, tmp_path):
    """--apply without --effects: the placement used, the piece its square held crossed out, then the
    position after the summon; the picture is written with the position file, both or neither."""
    out, pos_out = tmp_path / "s.svg", tmp_path / "after.yaml"
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue,e5=red", "--player", "blue", "--apply", "--at",
            "e5", "--out", str(pos_out), "--svg", str(out), "--lang", "it")
    assert r.code == 0 and pos_out.exists()
    before, after = panels(parse(out.read_text(encoding="utf-8")))
    assert [c.get("data-square") for c in on_boards(before, "destroyed")] == ["e5"]
    assert {f.get("data-square") for f in on_boards(before, "pattern")} == {"e4", "e6"}
    assert "Prima dell'evocazione" in texts(before) and "Dopo l'evocazione" in texts(after)
    refused = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at",
                  "e5", "--out", str(tmp_path / "x.yaml"), "--svg", str(tmp_path / "x.yaml"))
    assert refused.code == 2 and not (tmp_path / "x.yaml").exists()


def test_a_flare_outcome_is_chosen_and_drawn(cli, tmp_path):
    """flare play --choose N prints the position after outcome N; --svg draws it, moves numbered in order."""
    base = ("flare", "play", "flare-3-5", "--position", "benchmarks/crowded.yaml", "--player", "blue",
            "--against", "red", "--side", "upper")
    outcomes = cli(*base, "--json").json["outcomes"]
    n, outcome = next((i, o) for i, o in enumerate(outcomes, 1) if len(o["steps"]) == 3)
    out = tmp_path / "f.svg"
    r = cli(*base, "--choose", str(n), "--svg", str(out))
    assert r.code == 0 and "board: |" in r.out and f"# Outcome {n} of {len(outcomes)}" in r.out
    before, _after = panels(parse(out.read_text(encoding="utf-8")))
    assert moves_drawn(before) == [(s["from"], s["to"]) for s in outcome["steps"]]
    assert [t for m in on_boards(before, "move") for t in texts(m).split()] == ["1", "2", "3"]
    assert cli(*base, "--choose", str(n), "--json").json["chosen"] == n and cli(*base, "--json").json["chosen"] is None
    wrong = cli(*base, "--choose", str(len(outcomes) + 1))
    assert wrong.code == 2 and f"1 to {len(outcomes)}" in wrong.err
    nothing = cli("flare", "play", "flare-3-5", "--position", "benchmarks/crowded.yaml", "--player", "blue",
                  "--against", "red", "--choose", "1", "--lang", "es")
    assert nothing.code == 2 and "--side upper" in nothing.err and "Traceback" not in nothing.err

"""L.E.T.A.L. at the table (issue 33): ``letal area|move|push|pull`` draw the grid in the terminal with the
symbols of their SVG (the hero, the other heroes, the squares of the answer, the way of a push or a pull, north
and south named) and a key of what is drawn, in four languages, readable without colors, within 40 columns;
the SVG names north and south, draws the way, and its key lists only what it shows; ``--json`` is unchanged."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tashkalar_cli.games.letal.render import TEXT_SYMBOLS

from conftest import in_every_language

LETAL = ("--game", "letal", "letal")
HERO, OTHER, BY, EMPTY = (TEXT_SYMBOLS[k] for k in ("hero", "occupied", "by", "empty"))
NS = "{http://www.w3.org/2000/svg}"


def _rows(out: str) -> dict[int, str]:
    """The ranks of the grid drawn in ``out``: rank -> its 18 characters (six squares of three)."""
    rows = {}
    for line in out.splitlines():
        head = line[:3].strip()
        if head.isdigit() and len(line) >= 21 and line[3:21].count(EMPTY) + line[3:21].count("[") >= 1:
            rows[int(head)] = line[3:21]
    return rows


def _square(rows: dict[int, str], name: str) -> str:
    f, r = ord(name[0]) - ord("a"), int(name[1:])
    return rows[r][3 * f:3 * f + 3]


def test_area_is_drawn_in_the_terminal(cli):
    r = cli(*LETAL, "area", "c3", "--radius", "1", "--occupied", "c4,e1")
    assert r.code == 0
    rows = _rows(r.out)
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert _square(rows, "c3") == f" {HERO} "
    assert _square(rows, "c4") == f"[{OTHER}]"          # another hero on a square of the area
    assert _square(rows, "b3") == "[ ]" and _square(rows, "d3") == "[ ]" and _square(rows, "c2") == "[ ]"
    assert _square(rows, "e1") == f" {OTHER} " and _square(rows, "a6") == f" {EMPTY} "
    lines = r.out.splitlines()
    grid = [i for i, line in enumerate(lines) if line[:3].strip().isdigit()]
    assert lines[grid[0] - 1].strip() == "north" and lines[grid[-1] + 2].strip() == "south"
    assert "the hero" in r.out and "square reached" in r.out and "another hero" in r.out
    assert "pushes or pulls" not in r.out and "the way" not in r.out   # the key says only what is drawn


def test_a_push_draws_its_way(cli):
    r = cli(*LETAL, "push", "c3", "--by", "c2", "--distance", "2")
    rows = _rows(r.out)
    assert _square(rows, "c3") == f" {HERO} " and _square(rows, "c2") == f" {BY} "
    assert _square(rows, "c4") == " \u2191 " and _square(rows, "c5") == "[\u2191]"
    assert "\u2191 the way the hero is pushed or pulled" in r.out and "another hero" not in r.out
    r = cli(*LETAL, "pull", "a1", "--by", "d1", "--distance", "1")
    assert _square(_rows(r.out), "b1") == "[\u2192]"


def test_an_ignored_push_draws_the_heroes_and_no_way(cli):
    r = cli(*LETAL, "push", "c5", "--by", "c4", "--distance", "3")
    rows = _rows(r.out)
    assert _square(rows, "c5") == f" {HERO} " and _square(rows, "c4") == f" {BY} "
    assert "[" not in "".join(rows.values()) and "square reached" not in r.out


@pytest.mark.parametrize(("lang", "north", "south", "hero"), [("fr", "nord", "sud", "le Héros"),
                                                              ("es", "norte", "sur", "el héroe"),
                                                              ("it", "nord", "sud", "l'eroe")])
def test_the_grid_speaks_the_language(cli, lang, north, south, hero):
    r = cli("--lang", lang, *LETAL, "move", "c3", "--steps", "1", "--occupied", "c4")
    assert r.code == 0
    lines = [line.strip() for line in r.out.splitlines()]
    assert north in lines and south in lines and f"{HERO} {hero}" in r.out


#: each drawing in one language (rotating: every language draws one), the others in the slow run
@pytest.mark.parametrize(("args", "lang"), in_every_language([
    (("area", "c3", "--reach", "2", "--occupied", "c4,e1"),),
    (("move", "c3", "--steps", "2", "--occupied", "c4,d3", "--to", "c6"),),
    (("push", "c3", "--by", "c2", "--distance", "2", "--occupied", "e5"),),
    (("pull", "c6", "--by", "c2", "--distance", "2", "--occupied", "c4"),),
], ["en", "fr", "es", "it"], ids=lambda case: case[0][0]))
def test_the_drawing_fits_40_columns(cli, monkeypatch, args, lang):
    monkeypatch.setenv("COLUMNS", "40")
    r = cli("--lang", lang, *LETAL, *args)
    assert r.code == 0
    assert max(len(line.rstrip()) for line in r.out.splitlines()) <= 40, r.out
    assert "\x1b[" not in r.out   # symbols, not colors, when the output is not a terminal


def test_json_is_unchanged(cli):
    got = cli(*LETAL, "push", "c3", "--by", "c2", "--distance", "2", "--json")
    assert {k: v for k, v in json.loads(got.out).items() if k != "schema"} == {
        "to": "c5", "ignored": False, "reason": None}
    got = cli(*LETAL, "area", "c3", "--radius", "1", "--occupied", "c4", "--json")
    assert json.loads(got.out)["squares"] == ["b3", "c2", "c4", "d3"]
    assert "north" not in got.out and HERO not in got.out


def _svg(cli, tmp_path, *args):
    out = tmp_path / "grid.svg"
    assert cli(*LETAL, *args, "--svg", str(out)).code == 0
    return ET.fromstring(out.read_text(encoding="utf-8"))


def _key(root):
    key = next(g for g in root.iter(f"{NS}g") if g.get("class") == "key")
    return [t.text for t in key.iter(f"{NS}text")]


def test_the_svg_key_lists_only_what_is_drawn(cli, tmp_path):
    assert _key(_svg(cli, tmp_path, "area", "c3", "--radius", "1")) == ["the hero", "square reached"]
    assert "another hero" in _key(_svg(cli, tmp_path, "area", "c3", "--radius", "1", "--occupied", "a1"))


def test_the_svg_names_north_and_south_and_draws_the_way(cli, tmp_path):
    root = _svg(cli, tmp_path, "push", "c3", "--by", "c2", "--distance", "2")
    sides = next(g for g in root.iter(f"{NS}g") if g.get("class") == "sides")
    assert [t.text for t in sides.iter(f"{NS}text")] == ["north", "south"]
    assert any(g.get("class") == "path" for g in root.iter(f"{NS}g"))
    assert "the way the hero is pushed or pulled" in _key(root)


#: the key's entry of the square asked with ``--to``, in each language
ASKED = {"en": "the square asked", "fr": "la case demandée", "es": "la casilla pedida", "it": "la casella richiesta"}
MOVE_TO = ("move", "a1", "--steps", "2", "--occupied", "a2,b1", "--to", "c1")


@pytest.mark.parametrize("lang", list(ASKED))
def test_the_square_asked_of_a_move_is_marked_in_the_terminal(cli, lang):
    r = cli("--lang", lang, *LETAL, *MOVE_TO)
    assert r.code == 0, r.err
    rows = _rows(r.out)
    assert _square(rows, "c1") == f" {TEXT_SYMBOLS['asked']} "   # out of reach: not bracketed
    assert f"{TEXT_SYMBOLS['asked']} {ASKED[lang]}" in r.out.replace("\n", " ")
    reached = cli("--lang", lang, *LETAL, "move", "a1", "--steps", "2", "--to", "b2")
    assert _square(_rows(reached.out), "b2") == f"[{TEXT_SYMBOLS['asked']}]"
    plain = cli("--lang", lang, *LETAL, "move", "a1", "--steps", "2")
    assert TEXT_SYMBOLS["asked"] not in plain.out and ASKED[lang] not in plain.out   # the key says only what is drawn


@pytest.mark.parametrize("lang", list(ASKED))
def test_the_square_asked_of_a_move_is_marked_in_the_svg(cli, tmp_path, lang):
    out = tmp_path / "grid.svg"
    assert cli("--lang", lang, *LETAL, *MOVE_TO, "--svg", str(out)).code == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert "c1" in root.find(f"{NS}title").text and "c1" in root.find(f"{NS}desc").text
    assert ASKED[lang] in root.find(f"{NS}desc").text
    assert any(ASKED[lang] in (t or "") for t in _key(root))
    marks = [p for p in root.iter(f"{NS}path") if p.get("class") == "asked"]
    assert len(marks) == 2   # on c1, and in the key
    assert [t.text for t in marks[0].iter(f"{NS}title")] == [
        {"en": "c1: ", "fr": "c1\u00a0: ", "es": "c1: ", "it": "c1: "}[lang] + ASKED[lang] + " (--to)"]


@pytest.mark.parametrize(("lang", "one", "two"), [("en", "up to 1 step can", "up to 2 steps can"),
                                                  ("fr", "d'au plus 1 pas peut", "d'au plus 2 pas peut"),
                                                  ("es", "se mueve 1 paso como", "se mueve 2 pasos como"),
                                                  ("it", "al massimo 1 passo può", "al massimo 2 passi può")])
def test_a_moves_steps_agree_with_their_number(cli, lang, one, two):
    """'up to 1 step', never '1 steps': the answer's sentence says the steps in the form their number takes."""
    for steps, said in (("1", one), ("2", two)):
        r = cli("--lang", lang, *LETAL, "move", "c3", "--steps", steps)
        assert r.code == 0 and said in " ".join(r.out.split()), r.out

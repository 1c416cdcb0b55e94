"""The analysis board's L.E.T.A.L. grid (issue 34, ``game=letal``): what the page asks of the service
(``letal board``, ``letal area|move|push|pull|attack --words``, ``letal check``) through ``POST /api``, cheap,
and the page itself in a real browser (Playwright driving the system's Chromium, in the slow step, as
tests/test_board.py does): every answer it shows is the command line's."""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
import test_board
import yaml
from test_board import HANG, WEB, open_page, settled

from conftest import REPO, write

#: test_board's fixtures: the page's routes (a test client), the board as a process, the browser
http, board_url, browser = test_board.http, test_board.board_url, test_board.browser

pytestmark = pytest.mark.xdist_group("board-http")

#: a game file written by hand: two players, a French team name, two heroes on one square, a name used twice
GAME = """\
players:
  - name: Ana
    team: sud
    heroes:
      - {name: Kara, square: c2}
      - {name: Kara, square: d1}
  - name: Ben
    team: north
    heroes:
      - {name: Oro, square: c2}
      - {name: Lum, square: e6}
"""


def _api(http, args, given=None):
    body = {"id": 1, "args": args} if given is None else {"id": 1, "args": args, "input": given}
    return http.post("/api", content=json.dumps(body)).json()


# ---------------------------------------------------------------------- what the page asks (cheap)

def test_the_grid_and_its_sides_come_from_the_service(http):
    out = _api(http, ["letal", "board", "--lang", "fr"])["output"]
    assert out["schema"] == "output-letal-board/1" and out["lang"] == "fr" and out["heroes"] == []
    assert len(out["squares"]) == 36 and out["files"] == list("abcdef") and out["ranks"] == 6
    south, north = out["teams"]
    assert (south["id"], south["name"], north["name"]) == ("south", "sud", "nord")
    assert south["squares"] == [f"{f}{r}" for f in "abcdef" for r in (1, 2)]
    assert north["squares"] == [f"{f}{r}" for f in "abcdef" for r in (5, 6)]
    # the questions by the French glossary's own terms
    assert {q["id"]: q["name"] for q in out["questions"]}["reach"] == "Portée"
    assert out["texts"]["letal-square-hero"] == "{square} : {name}, Héros {team}"


def test_a_pasted_game_is_read_back_on_the_grid(http):
    out = _api(http, ["letal", "board", "-"], GAME)["output"]
    assert [(h["square"], h["team"], h["name"]) for h in out["heroes"]] == [
        ("c2", "south", "Kara"), ("d1", "south", "Kara"), ("c2", "north", "Oro"), ("e6", "north", "Lum")]
    assert [p["team"] for p in out["game_data"]["players"]] == ["south", "north"]
    again = _api(http, ["letal", "board", "-"], json.dumps(out["game_data"]))["output"]
    assert again["game_data"] == out["game_data"] and again["game_file"] == out["game_file"]
    assert yaml.safe_load(out["game_file"]) == out["game_data"]


def test_each_finding_names_the_squares_of_its_heroes(http):
    answer = _api(http, ["letal", "check", "-"], GAME)
    assert answer["exit"] == 1
    found: dict[str, list[str]] = {}
    for p in answer["output"]["problems"]:
        found.setdefault(p["code"], p["squares"])   # the first of each
    assert found["square-taken"] == ["c2"]
    assert found["hero-name-repeated"] == ["c2", "d1"]          # both heroes named Kara
    assert found["deck-size"] == ["c2"]                          # the first hero's deck
    assert all(p["squares"] == [] for p in answer["output"]["problems"] if p["path"] == ["players"])


def test_a_player_s_finding_names_its_heroes(http):
    one = "players:\n  - name: Ana\n    team: south\n    heroes:\n      - {name: Kara, square: a1}\n"
    problems = _api(http, ["letal", "check", "-"], one)["output"]["problems"]
    assert {p["code"]: p["squares"] for p in problems}["heroes-count"] == ["a1"]


@pytest.mark.parametrize("args", [["area", "c3", "--radius", "1", "--occupied", "c4"],
                                  ["move", "a1", "--steps", "2", "--occupied", "a2,b1", "--to", "c1"],
                                  ["push", "c3", "--by", "c2", "--distance", "2", "--occupied", "c4"],
                                  ["pull", "c3", "--by", "c6", "--distance", "2"],
                                  ["attack", "--damage", "5", "--hidden", "1", "--endurance", "3"]])
def test_the_words_are_what_the_command_line_prints(cli, args):
    text = cli("--game", "letal", "letal", *args, "--lang", "it").out
    said = cli("--game", "letal", "letal", *args, "--lang", "it", "--json", "--words").json
    words = " ".join(said["lines"]).split()   # the sentences, however the terminal's width wrapped them
    assert text.split()[:len(words)] == words
    assert len(text.split("\n\n")[0].splitlines()) >= len(said["lines"])   # each sentence on lines of its own


def test_each_lit_square_has_its_reason(cli):
    area = cli("--game", "letal", "letal", "area", "c3", "--reach", "1", "--json", "--words").json
    assert [r["square"] for r in area["reasons"]] == area["squares"]
    assert all(r["reason"] == "in Reach 1 of the hero on c3" for r in area["reasons"])
    blocked = cli("--game", "letal", "letal", "push", "c3", "--by", "c2", "--distance", "3", "--occupied", "c5",
                  "--json", "--words").json
    assert blocked["reasons"] == [{"square": "c5", "reason": "a hero here is in the way"}]
    done = cli("--game", "letal", "letal", "pull", "c3", "--by", "c6", "--distance", "2", "--json", "--words").json
    assert done["reasons"] == [{"square": "c4", "reason": "crossed on the way"},
                               {"square": "c5", "reason": "the hero ends here"}]
    walled = cli("--game", "letal", "letal", "move", "a1", "--steps", "3", "--occupied", "a2,b1", "--to", "b2",
                 "--json", "--words").json
    reasons = {r["square"]: r["reason"] for r in walled["reasons"]}
    assert reasons["a1"] == "the hero may stay here (0 steps)" and reasons["a2"] == reasons["b1"] == \
        "a hero here stands in the way"


def test_the_letal_page_says_no_text_of_its_own():
    script = (WEB / "letal.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'\btext\("([a-z-]+)"', script))
    keys |= set(re.findall(r'data-text="([a-z-]+)"', (WEB / "index.html").read_text(encoding="utf-8")))
    keys |= {"game-tash-kalar", "game-letal"}   # the games' names: texts[`game-${id}`]
    assert "texts[`game-${id}`]" in (WEB / "board.js").read_text(encoding="utf-8")
    assert {"letal-title", "letal-square-hero", "letal-square-reason", "letal-finding", "square-empty"} <= keys
    for lang in ("en", "fr", "es", "it"):
        texts = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]
        assert {f"page.{k}" for k in keys} <= set(texts), lang


# ---------------------------------------------------------------------- in a browser

def letal_page(browser: Any, url: str, extra: str = "", width: int = 1200, height: int = 900) -> Any:
    return open_page(browser, url.replace("#lang=en", "#lang=en&game=letal") + extra, width, height)


def lit(page: Any, cls: str = "lit") -> list[str]:
    return sorted(page.eval_on_selector_all(f"#grid .sq.{cls}", "cs => cs.map(c => c.dataset.square)"))


def heroes_of(cli: Any, tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = write(tmp_path / "game.yaml", text)
    out = cli("--game", "letal", "letal", "board", str(path), "--json")
    assert out.code == 0, out.err
    return sorted((h["square"], h["team"]) for h in out.json["heroes"])


def click(page: Any, square: str) -> None:
    page.click(f'#grid [data-square="{square}"]')
    settled(page)


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_heroes_set_by_clicks_are_the_game_file(browser, board_url, cli, tmp_path):
    page = letal_page(browser, board_url)
    click(page, "c2")                                     # a south hero
    click(page, "d1")
    page.select_option("#l-team", "north")
    settled(page)
    click(page, "c5")                                     # a north hero
    click(page, "d1")                                     # the south hero there changed to the north team
    click(page, "c5")                                     # a north hero taken away
    click(page, "e6")
    assert heroes_of(cli, tmp_path, page.input_value("#l-yaml")) == [("c2", "south"), ("d1", "north"),
                                                                     ("e6", "north")]
    assert page.get_attribute('#grid [data-square="c2"]', "aria-label").startswith("c2: Hero c2, south hero, south side")
    assert page.get_attribute('#grid [data-square="c4"]', "aria-label").startswith("c4: empty")
    assert page.locator("#grid [data-square]").count() == 36
    assert page.errors == []


def shove(page: Any, question: str, by: str, distance: int) -> None:
    """A push or a pull asked in the page: by the hero on ``by``, over ``distance`` squares."""
    page.select_option("#l-question", question)
    settled(page)
    page.select_option("#l-by", by)
    page.fill("#l-n", str(distance))
    page.dispatch_event("#l-n", "change")
    settled(page)


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_areas_moves_pushes_and_pulls_shown_are_the_command_lines(browser, board_url, cli):
    page = letal_page(browser, board_url, "&h=c2s,c5n,a2s&a=c2&q=reach&n=2")
    def answer(*args: str) -> Any:
        return cli("--game", "letal", "letal", *args, "--json", "--words").json

    reach = answer("area", "c2", "--reach", "2", "--occupied", "c5,a2")
    assert lit(page) == sorted(reach["squares"])
    assert page.eval_on_selector_all("#l-lines li", "ls => ls.map(l => l.textContent)") == reach["lines"]
    reason = reach["reasons"][0]
    assert page.get_attribute(f'#grid [data-square="{reason["square"]}"]', "aria-label").endswith(reason["reason"])
    page.select_option("#l-question", "radius")
    settled(page)
    assert lit(page) == sorted(answer("area", "c2", "--radius", "2", "--occupied", "c5,a2")["squares"])
    page.select_option("#l-question", "move")
    settled(page)
    page.select_option("#l-to", "c6")
    settled(page)
    move = answer("move", "c2", "--steps", "2", "--occupied", "c5,a2", "--to", "c6")
    assert lit(page) == sorted(r["square"] for r in move["reasons"])
    assert page.eval_on_selector_all("#l-lines li", "ls => ls.map(l => l.textContent)") == move["lines"]
    shove(page, "push", "a2", 4)
    push = answer("push", "c2", "--by", "a2", "--distance", "4", "--occupied", "c5,a2")   # past the edge
    assert push["ignored"] and lit(page, "stop") == push["reason"]["squares"]
    assert page.eval_on_selector_all("#l-lines li", "ls => ls.map(l => l.textContent)") == push["lines"]
    shove(page, "pull", "c5", 2)
    pull = answer("pull", "c2", "--by", "c5", "--distance", "2", "--occupied", "c5,a2")
    assert not pull["ignored"] and lit(page) == sorted(r["square"] for r in pull["reasons"])
    assert pull["to"] in lit(page)
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_attack_calculator_is_the_command_line(browser, board_url, cli):
    page = letal_page(browser, board_url)
    for field, value in (("damage", "9"), ("hidden", "2"), ("endurance", "6"), ("prevent", "1"), ("lose", "1")):
        page.fill(f"#l-{field}", value)
    page.click("#l-resolve")
    settled(page)
    said = cli("--game", "letal", "letal", "attack", "--damage", "9", "--hidden", "2", "--endurance", "6", "--prevent",
               "1", "--lose", "1", "--json", "--words").json
    assert page.eval_on_selector_all("#l-attack-lines li", "ls => ls.map(l => l.textContent)") == said["lines"]
    page.fill("#l-damage", "-1")
    page.click("#l-resolve")
    settled(page)
    assert "--damage" in page.inner_text("#status")   # the command line's own error, said on the page
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_pasted_game_is_checked_and_its_findings_light_their_heroes(browser, board_url, cli, tmp_path):
    page = letal_page(browser, board_url)
    page.fill("#l-yaml", GAME)
    page.click("#l-read")
    settled(page)
    assert heroes_of(cli, tmp_path, page.input_value("#l-yaml")) == heroes_of(cli, tmp_path, GAME)
    page.select_option("#l-hero", "d1")   # asked about with two heroes on c2: the square is named once
    settled(page)
    reach = cli("--game", "letal", "letal", "area", "d1", "--reach", "2", "--occupied", "c2,e6", "--json").json
    assert page.inner_text("#status") == "" and lit(page) == reach["squares"]
    assert "Oro" in page.get_attribute('#grid [data-square="c2"]', "aria-label") or \
        "Kara" in page.get_attribute('#grid [data-square="c2"]', "aria-label")
    page.fill("#l-yaml", GAME)
    page.click("#l-check")
    settled(page)
    path = write(tmp_path / "pasted.yaml", GAME)
    problems = cli("--game", "letal", "letal", "check", str(path), "--json").json["problems"]
    shown = page.locator("#l-findings .answer")
    assert shown.count() == len(problems)
    for n, p in enumerate(problems):
        assert p["message"] in shown.nth(n).inner_text()
    taken = next(n for n, p in enumerate(problems) if p["code"] == "hero-name-repeated")
    shown.nth(taken).click()
    assert lit(page, "flagged") == problems[taken]["squares"] == ["c2", "d1"]
    # beside the colored double frame, a sign of its own (not told by color alone) and a name for screen readers
    assert page.locator("#grid .flag-mark").count() == 2
    for square in ("c2", "d1"):
        sign = page.locator(f'#grid [data-square="{square}"] .flag-mark')
        assert sign.is_visible() and sign.inner_text().strip()
        assert "concerned by a problem the check found" in page.get_attribute(f'#grid [data-square="{square}"]',
                                                                              "aria-label")
    assert "concerned by a problem" not in page.get_attribute('#grid [data-square="e6"]', "aria-label")
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_game_switch_the_address_and_the_language(browser, board_url, cli, tmp_path):
    page = open_page(browser, board_url)             # Tash-Kalar's board first
    page.select_option("#game", "letal")
    page.wait_for_selector("#grid [data-square]", timeout=HANG * 1000)   # the page loaded again, the grid drawn
    settled(page)
    assert page.is_visible("#grid") and page.is_hidden("#board")
    click(page, "b2")
    page.select_option("#l-team", "north")
    click(page, "b5")
    page.select_option("#l-question", "range")
    settled(page)
    before = lit(page)
    again = open_page(browser, page.url)
    assert again.input_value("#l-yaml") == page.input_value("#l-yaml") and lit(again) == before
    assert again.input_value("#l-question") == "range"
    again.select_option("#lang", "fr")
    settled(again)
    assert "lang=fr" in again.url and again.evaluate("document.documentElement.lang") == "fr"
    assert again.get_attribute('#grid [data-square="b5"]', "aria-label").startswith("b5 : Hero b5, Héros nord")   # the name as the file has it
    assert heroes_of(cli, tmp_path, again.input_value("#l-yaml")) == [("b2", "south"), ("b5", "north")]
    again.select_option("#game", "tash-kalar")
    again.wait_for_selector("#board [data-square]", timeout=HANG * 1000)
    settled(again)
    assert again.is_visible("#board") and again.evaluate("document.documentElement.lang") == "fr"
    assert page.errors == [] and again.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_keyboard_only_path_on_the_grid(browser, board_url, cli, tmp_path):
    page = letal_page(browser, board_url)
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.square || ''"):
            break
    assert page.evaluate("document.activeElement.dataset.square") == "a1"
    for key in ["ArrowRight", "ArrowUp", "s", "ArrowRight", "s", "ArrowUp", "ArrowUp", "ArrowUp", "n", "s", "Delete",
                "ArrowRight", "n", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowLeft", "s"]:
        page.keyboard.press(key)
        settled(page)
    assert page.evaluate("document.activeElement.dataset.square") == "b2"
    assert heroes_of(cli, tmp_path, page.input_value("#l-yaml")) == [("b2", "south"), ("c2", "south"),
                                                                     ("d5", "north")]
    assert page.get_attribute('#grid [data-square="b2"]', "class").split().count("asked") == 1   # s: asked about
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    for _ in range(12):   # on to the question, chosen with the keyboard
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "l-question":
            break
    page.keyboard.press("ArrowDown")   # the next question: Range
    settled(page)
    assert page.input_value("#l-question") == "range"
    range_ = cli("--game", "letal", "letal", "area", "b2", "--range", "2", "--occupied", "c2,d5", "--json").json
    assert lit(page) == sorted(range_["squares"])


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
@pytest.mark.parametrize(("width", "height", "name"), [(360, 740, "phone"), (1200, 900, "desktop")])
def test_the_grid_fits_without_horizontal_scroll(browser, board_url, tmp_path, width, height, name):
    page = letal_page(browser, board_url, "&h=c2s,e1s,b5n,d6n&a=c2&q=reach&n=2", width, height)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator('#grid [data-square="f6"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    page.screenshot(path=str(tmp_path / f"board-letal-{name}.png"), full_page=name == "phone")
    assert (tmp_path / f"board-letal-{name}.png").stat().st_size > 1000


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_full_grid_answers_each_click(browser, board_url, tmp_path):
    """Every square but one holds a hero: each click (a hero taken away or put back) answered and drawn; the
    median of 20 (body[data-took], ms) kept as an artefact, not held to a bound."""
    tokens = ",".join(f"{f}{r}{'s' if r <= 3 else 'n'}" for f in "abcdef" for r in range(1, 7) if f + str(r) != "f6")
    page = letal_page(browser, board_url, f"&h={tokens}&a=c3&q=move&n=3")
    page.select_option("#l-team", "north")
    settled(page)
    took = []
    for n in range(20):   # the north hero on e6 taken away, then put back
        click(page, "e6")
        took.append(int(page.get_attribute("body", "data-took")))
        assert (page.locator('#grid [data-square="e6"] .hero').count() == 0) == (n % 2 == 0)
    assert page.locator("#l-lines li").count() >= 1 and page.inner_text("#status") == ""
    (tmp_path / "letal-click-ms.txt").write_text(f"{' '.join(map(str, took))}\nmedian {statistics.median(took)}\n",
                                                 encoding="utf-8")
    assert page.errors == []


def drag_by_touch(page: Any, start: str, end: str) -> None:
    """A finger's drag from one square to another (the browser's own touch input, through the DevTools protocol:
    pointer events of type touch, and a pan where a square lets the page scroll)."""
    def centre(square: str) -> dict[str, float]:
        box = page.locator(f'#grid [data-square="{square}"]').bounding_box()
        assert box is not None
        return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}

    cdp = page.context.new_cdp_session(page)
    a, b = centre(start), centre(end)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [a]})
    for n in range(1, 6):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": a["x"] + (b["x"] - a["x"]) * n / 5, "y": a["y"] + (b["y"] - a["y"]) * n / 5}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    settled(page)


def shown_heroes(cli: Any, tmp_path: Path, page: Any) -> list[tuple[str, str, str]]:
    path = write(tmp_path / "shown.yaml", page.input_value("#l-yaml"))
    out = cli("--game", "letal", "letal", "board", str(path), "--json")
    assert out.code == 0, out.err
    return sorted((h["square"], h["team"], h["name"]) for h in out.json["heroes"])


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_hero_is_dragged_to_another_square(browser, board_url, cli, tmp_path):
    """A drag ends as the clicks that take the hero away and place it again end: the same heroes, names and
    address; by mouse and by touch, and a drop where it started is a click."""
    start = "&h=c2s,e5n,b1s&a=c2&q=reach&n=2"
    page = letal_page(browser, board_url, start)
    page.drag_and_drop('#grid [data-square="c2"]', '#grid [data-square="d3"]')
    settled(page)
    clicked = letal_page(browser, board_url, start)
    click(clicked, "c2")                                  # the south hero taken away
    click(clicked, "d3")                                  # and placed again
    assert shown_heroes(cli, tmp_path, page) == shown_heroes(cli, tmp_path, clicked) == [
        ("b1", "south", "Hero b1"), ("d3", "south", "Hero d3"), ("e5", "north", "Hero e5")]
    assert "h=d3s,b1s,e5n" in page.url and "a=d3" in page.url   # the hero asked about followed it
    again = open_page(browser, page.url)
    assert shown_heroes(cli, tmp_path, again) == shown_heroes(cli, tmp_path, page)
    reach = cli("--game", "letal", "letal", "area", "d3", "--reach", "2", "--occupied", "e5,b1", "--json").json
    assert lit(page) == lit(again) == sorted(reach["squares"])
    page.drag_and_drop('#grid [data-square="d3"]', '#grid [data-square="e5"]')   # onto a hero: it takes its square
    settled(page)
    assert shown_heroes(cli, tmp_path, page) == [("b1", "south", "Hero b1"), ("e5", "south", "Hero e5")]
    page.drag_and_drop('#grid [data-square="b1"]', '#grid [data-square="b1"]')   # dropped where it was: a click
    settled(page)
    assert shown_heroes(cli, tmp_path, page) == [("e5", "south", "Hero e5")]
    assert page.eval_on_selector('#grid [data-square="e5"]', "c => getComputedStyle(c).touchAction") == "none"
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_hero_is_dragged_by_touch_on_a_phone(browser, board_url, cli, tmp_path):
    page = browser.new_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page.goto(board_url.replace("#lang=en", "#lang=en&game=letal") + "&h=c2s,e5n&a=c2&q=reach&n=2")
    settled(page)
    drag_by_touch(page, "e5", "b4")
    assert shown_heroes(cli, tmp_path, page) == [("b4", "north", "Hero b4"), ("c2", "south", "Hero c2")]
    assert "h=c2s,b4n" in page.url
    page.close()

"""Issue 34's points the first board left out: each summonable card drawn with its pattern and lit on the board when
pointed at, plan --task and plan --flare on the page, and every control of both games named for a screen reader."""

from __future__ import annotations

from typing import Any

import pytest
import test_board
from test_board import open_page, settled

#: test_board's fixtures: the board as a process, the browser
board_url, browser = test_board.board_url, test_board.browser

#: README's pos.yaml (a High Form position): blue's pieces, and the hand that can meet Rainbow Dominance this turn
README_PIECES = "c3=blue,d3=blue,d4=blue,e4=blue,f4=blue,d6=red:heroic,f6=red"
README_TOKENS = "c3bc,d3bc,d4bc,e4bc,f4bc,d6rh,f6rc"
HAND = "knight,cannon,swordmaster"


def _squares(page: Any, mark: str) -> list[str]:
    return sorted(page.eval_on_selector_all(f".sq.{mark}", "cs => cs.map(c => c.dataset.square)"))


def test_position_board_says_each_summon_s_pattern_and_squares(cli):
    """With --player, each card that can be summoned has its pattern as the terminal draws it, and the summoning
    squares and pattern squares of all its placements, as summon --json lists them."""
    out = cli("position", "board", "--pieces", README_PIECES, "--mode", "high-form", "--player", "blue", "--json").json
    views = out["summon_views"]
    assert list(views) == out["summonable"] and out["summonable"]
    for card in ("swordmaster", "messenger"):
        shown = cli("card", "show", card, "--json").json
        assert len(views[card]["pattern"]) == len(shown["pattern"])
        assert [len(row) for row in views[card]["pattern"]] == [len(row.split()) for row in shown["pattern"]]
        placements = cli("summon", card, "--player", "blue", "--pieces", README_PIECES, "--mode", "high-form",
                         "--json").json["placements"]
        assert set(views[card]["targets"]) == {p["target"] for p in placements}
        assert set(views[card]["squares"]) == {sq for p in placements for sq in p["pattern_squares"]}
    assert views["swordmaster"]["pattern"][1][1] == "[ ]" and views["swordmaster"]["pattern"][0][1] == " C "
    plain = cli("position", "board", "--pieces", README_PIECES, "--json").json
    assert "summon_views" not in plain


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_each_summon_is_drawn_and_lit_when_pointed_at(browser, board_url, cli):
    page = open_page(browser, board_url + f"&mode=high-form&player=blue&p={README_TOKENS}")
    buttons = page.locator("#summonable button")
    assert buttons.count() > 1
    for card in ("swordmaster", "messenger"):
        button = page.locator(f'#summonable [data-card="{card}"]')
        shown = cli("card", "show", card, "--json").json["pattern"]
        rows = button.locator(".mini").inner_text().split("\n")   # three characters a cell, as the terminal draws it
        assert [len(row) for row in rows] == [3 * len(row.split()) for row in shown]
        assert button.locator(".mini").get_attribute("aria-hidden") == "true"
        placements = cli("summon", card, "--player", "blue", "--pieces", README_PIECES, "--mode", "high-form",
                         "--json").json["placements"]
        button.hover()
        assert _squares(page, "target") == sorted({p["target"] for p in placements})
        assert _squares(page, "pattern") == sorted({sq for p in placements for sq in p["pattern_squares"]})
        page.mouse.move(0, 0)
        assert _squares(page, "target") == []
    page.locator('#summonable [data-card="swordmaster"]').focus()   # by keyboard too
    assert _squares(page, "target") != []
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_task_and_a_flare_are_planned_as_the_command_line(browser, board_url, cli):
    page = open_page(browser, board_url + f"&mode=high-form&player=blue&p={README_TOKENS}&h={HAND}")
    page.select_option("#goal-task", "rainbow-dominance")
    page.click("#ask-task-plan")
    settled(page)
    plan = cli("plan", "--player", "blue", "--pieces", README_PIECES, "--mode", "high-form", "--hand", HAND,
               "--task", "rainbow-dominance", "--json").json
    assert plan["possible"] and plan["ways"]
    items = page.locator("#answers .answer")
    assert items.count() == 1 + len(plan["ways"])
    assert str(plan["count"]) in items.first.inner_text()
    way = plan["ways"][-1]
    items.last.click()
    for step in way["steps"]:
        assert f"{step['target']}" in items.last.inner_text()
    # the board shows where the way ends the turn
    for square, piece in way["position"]["pieces"].items():
        label = page.get_attribute(f'[data-square="{square}"]', "aria-label")
        assert label.startswith(f"{square}: {piece['color']} {piece['rank']}"), label
    assert _squares(page, "lit") == sorted({st["target"] for st in way["steps"]})
    page.select_option("#goal-flare", "flare-3-6")
    page.click("#ask-flare-plan")
    settled(page)
    flare = cli("plan", "--player", "blue", "--pieces", README_PIECES, "--mode", "high-form", "--hand", HAND,
                "--flare", "flare-3-6", "--json").json
    assert page.locator("#answers .answer").count() == (1 + len(flare["ways"]) if flare["possible"] else 1)
    assert page.errors == []


NAMED = """() => [...document.querySelectorAll('button, select, input, textarea, a[href]')]
  .filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .filter((e) => !(e.textContent || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')
                   || (e.labels && e.labels.length && e.labels[0].textContent.trim())))
  .map((e) => e.outerHTML.slice(0, 80))"""


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
@pytest.mark.parametrize("game", ["", "&game=letal"])
def test_every_control_is_named_for_a_screen_reader(browser, board_url, game):
    page = open_page(browser, board_url + f"&mode=high-form&player=blue&p={README_TOKENS}{game}")
    assert page.evaluate(NAMED) == []
    # no two controls share a name, but a color's own, within the group named by the color
    names = page.evaluate("""() => [...document.querySelectorAll('select, input, textarea')]
      .filter((e) => e.offsetParent !== null && !e.closest('fieldset'))
      .map((e) => (e.labels && e.labels.length ? e.labels[0].querySelector('span').textContent
                   : document.getElementById(e.getAttribute('aria-labelledby')).textContent))""")
    assert len(names) == len(set(names)), names
    if not game:   # each color's numbers, deck and tasks are named within a group named by the color
        for color in ("blue", "red"):
            group = page.get_by_role("group", name=color, exact=True)
            assert group.get_by_role("spinbutton", name="Common pieces off the board").count() == 1
        assert page.get_by_role("textbox", name="Position file").count() == 1
    else:
        assert page.get_by_role("textbox", name="Game file").count() == 1
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_reference_is_the_command_line_s(browser, board_url, cli):
    """A question, the card browser (filters, a misspelt name in another language), a rule with its errata, a keyword:
    each the command line's answer, in the page's language."""
    page = open_page(browser, board_url.replace("lang=en", "lang=fr"))
    lines = page.locator("#ref-lines li")
    question = "puis-je invoquer sur une pièce héroïque ennemie ?"
    page.fill("#ref-query", question)
    page.press("#ref-query", "Enter")
    settled(page)
    found = cli("ask", question, "--lang", "fr", "--json").json["results"]
    assert lines.count() == len(found) and found
    assert lines.first.inner_text().startswith(f"{found[0]['number']} {found[0]['title']}")
    page.fill("#ref-query", "")
    page.select_option("#ref-deck", "imperial")
    page.click("#ref-cards")
    settled(page)
    listed = cli("card", "list", "--deck", "imperial", "--lang", "fr", "--json").json["cards"]
    assert lines.count() == len(listed) and listed[0]["name"] in lines.first.inner_text()
    page.select_option("#ref-deck", "")
    page.fill("#ref-query", "hungri bear")   # misspelt, in English, on a French page
    page.click("#ref-cards")
    settled(page)
    bear = cli("card", "show", "hungry-bear", "--lang", "fr", "--json").json
    assert bear["name"] in lines.first.inner_text() and bear["effect"] == lines.nth(1).inner_text()
    page.fill("#ref-query", "4.10")
    page.click("#ref-rule")
    settled(page)
    rule = cli("rule", "show", "4.10", "--lang", "fr", "--json").json
    assert lines.first.inner_text() == f"{rule['number']} {rule['title']}" and lines.nth(1).inner_text() == rule["text"]
    page.click(f'#ref-lines [data-ask="errata {rule["errata"][0]}"]')
    settled(page)
    erratum = cli("errata", rule["errata"][0], "--lang", "fr", "--json").json["errata"][0]
    assert lines.first.inner_text() == erratum["title"] and erratum["ruling"] in lines.nth(1).inner_text()
    page.fill("#ref-query", "Ruse")
    page.click("#ref-keyword")
    settled(page)
    keyword = cli("keyword", "show", "Ruse", "--lang", "fr", "--json").json
    assert lines.first.inner_text() == f"{keyword['term']}\u00a0: {keyword['definition']}" or \
        lines.first.inner_text() == f"{keyword['term']} : {keyword['definition']}"
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_readme_s_first_position_by_the_names_it_gives(browser, board_url):
    """README's "A first position, step by step", done on a phone by the names the README gives the controls: the
    Swordmaster's two outcomes shown, and the position file written."""
    readme = (test_board.REPO / "README.md").read_text(encoding="utf-8")
    steps = readme[readme.index("A first position, step by step"):readme.index("1. Choose the form of play")]
    for said in ('"Form of play"', '"deathmatch duel"', '"Color"', '"Rank"', '"Summons"', '"Next outcome"',
                 '"Position file"'):
        assert said in steps, said
    page = open_page(browser, board_url, 360, 740)
    page.get_by_role("combobox", name="Form of play").select_option(label="deathmatch duel")
    settled(page)
    page.get_by_role("combobox", name="Color", exact=True).select_option(label="blue")
    page.get_by_role("combobox", name="Rank", exact=True).select_option(label="common")
    for square in ("d4", "e4", "f4", "e5", "e5"):
        page.get_by_role("button", name=f"{square}:").click()
        settled(page)
    page.get_by_role("combobox", name="Color", exact=True).select_option(label="red")
    page.get_by_role("button", name="f5:").click()
    settled(page)
    card = page.get_by_role("button", name="Swordmaster")
    card.hover()
    assert _squares(page, "target") == ["e4"]
    card.click()
    settled(page)
    page.get_by_role("button", name="on e4").click()
    settled(page)
    page.get_by_role("button", name="Next outcome").click()
    settled(page)
    assert page.inner_text("#step-title") == "Outcome 2 of 2"
    assert page.get_attribute('[data-square="f5"]', "aria-label") == "f5: empty, destroyed"
    assert page.get_attribute('[data-square="e4"]', "aria-label").startswith("e4: blue heroic piece")
    assert page.get_by_role("textbox", name="Position file").input_value().startswith("mode: duel\nplayers: 2\n")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.errors == []

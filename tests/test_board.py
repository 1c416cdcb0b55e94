"""``tashkalar board`` (issue 34, first slice): the page's files and the service's protections on
their routes (Starlette's TestClient), ``position board`` as the page reads it, and the page itself
in a real browser (Playwright driving the system's Chromium: no browser is downloaded; skipped,
saying why, when either is missing)."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import REPO

#: the tests of the page's routes share one test client (starlette's import and the app: seconds), set up once on one worker
pytestmark = pytest.mark.xdist_group("board-http")

HANG = 60
WEB = REPO / "tashkalar_cli" / "web"
#: a position written by hand, and the clicks that set it on the page (color, rank chosen; square; clicks)
POSITION = "mode: duel\npieces:\n  d4: blue\n  e4: blue\n  f4: blue\n  e5: blue heroic\n  g6: red\n"
CLICKS = [("blue", "common", "d4", 1), ("blue", "common", "e4", 1), ("blue", "common", "f4", 1),
          ("blue", "common", "e5", 2), ("red", "common", "g6", 1)]


# ---------------------------------------------------------------------- the files and their routes

@pytest.fixture(scope="module")
def http():
    from starlette.testclient import TestClient

    from tashkalar_cli.cli.board import pages
    from tashkalar_cli.cli.serve_http import app
    from tashkalar_cli.cli.service import Service

    with TestClient(app(Service(reads=False), "127.0.0.1", 8766, 10_000, pages()),
                    base_url="http://127.0.0.1:8766") as client:
        yield client


def test_the_page_is_its_three_files_with_a_strict_policy(http):
    from tashkalar_cli.cli.board import FILES

    for path, (name, media) in FILES.items():
        r = http.get(path)
        assert r.status_code == 200 and r.content == (WEB / name).read_bytes()
        assert r.headers["content-type"] == media
        assert r.headers["content-security-policy"].startswith("default-src 'self';")
        assert r.headers["x-content-type-options"] == "nosniff"
    assert http.post("/api", json={"args": ["keyword", "list"]}).headers["content-security-policy"]


@pytest.mark.parametrize("path", ["/index.html", "/../pyproject.toml", "/%2e%2e/pyproject.toml", "/web/board.js",
                                  "/board.js/../../cli/board.py", "/favicon.ico", "/api/../board.js"])
def test_no_other_file_is_sent(http, path):
    r = http.get(path)
    assert r.status_code == 404 or (r.status_code == 200 and r.content == (WEB / "board.js").read_bytes())


@pytest.mark.parametrize(("headers", "status"), [({"host": "evil.example"}, 403), ({"origin": "http://evil.example"}, 403),
                                                 ({"host": "localhost:8766"}, 200)])
def test_the_page_routes_refuse_a_foreign_host_or_origin(http, headers, status):
    assert http.get("/", headers=headers).status_code == status
    assert http.get("/board.js", headers=headers).status_code == status


def test_the_page_is_small_and_runs_no_inline_script():
    """Under 300 KB, no script but its own files, no address outside the service."""
    files = [WEB / name for name in ("index.html", "board.js", "board.css")]
    assert sum(p.stat().st_size for p in files) < 300_000
    html = (WEB / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script[^>]*>", html) == ['<script type="module" src="/board.js">']
    assert " on" not in re.sub(r"\s+", " ", html).lower().replace(" one", "")   # no onclick= and the like
    for p in files:
        assert not re.search(r"https?://", p.read_text(encoding="utf-8")), p.name


def test_the_page_says_no_text_of_its_own():
    """Every text the page shows is a page.* text of ui.yaml, in every language, sent by the service."""
    keys = set(re.findall(r'data-text="([a-z-]+)"', (WEB / "index.html").read_text(encoding="utf-8")))
    keys |= set(re.findall(r'\btext\("([a-z-]+)"', (WEB / "board.js").read_text(encoding="utf-8")))
    assert keys >= {"title", "square-piece", "square-empty", "placements", "none"}
    for lang in ("en", "fr", "es", "it"):
        texts = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]
        assert {f"page.{k}" for k in keys} <= set(texts), lang


def test_the_wheel_ships_the_page():
    """hatch packs every file of the package folder that git does not ignore: the page's files are not ignored."""
    ignored = subprocess.run(["git", "check-ignore", *[str(WEB / n) for n in ("index.html", "board.js", "board.css")]],
                             cwd=REPO, capture_output=True, text=True, timeout=HANG)
    assert ignored.stdout == ""


@pytest.mark.parametrize("port", ["0", "70000"])
def test_a_bad_port_is_bad_input(cli, port):
    r = cli("board", "--port", port, "--no-browser")
    assert r.code == 2 and "port" in r.err and "Traceback" not in r.err


# ---------------------------------------------------------------------- in a browser

def _browser_or_skip() -> str:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on PATH (Debian: apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("playwright is not installed (pip install '.[test]')")
    return chromium


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def board_url(tmp_path_factory):
    """``tashkalar board --no-browser`` as a process on a free port: the address it prints."""
    _browser_or_skip()
    port = _free_port()
    home = tmp_path_factory.mktemp("home")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), "TASHKALAR_LANG": "en",
           "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "tashkalar_cli", "board", "--port", str(port), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=home)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()   # printed once the service is built, before it listens
        url = re.search(r"http://\S+", line)
        assert url, line + (proc.stderr.read() if proc.poll() is not None and proc.stderr else "")
        for _ in range(HANG * 10):   # a hang guard: the service listens within moments of its line
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                proc.wait(timeout=0.1) if proc.poll() is not None else None
                import time

                time.sleep(0.1)
        yield url.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)


@pytest.fixture(scope="module")
def browser():
    chromium = _browser_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium)
        yield b
        b.close()


def settled(page: Any) -> None:
    """Wait until the page awaits no answer (it counts them on body[data-pending])."""
    page.wait_for_selector('body[data-ready="true"][data-pending="0"]', state="attached", timeout=HANG * 1000)


def open_page(browser: Any, url: str, width: int = 1200, height: int = 900) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "favicon" not in m.text
            and "404" not in m.text else None)
    page.errors = errors
    page.goto(url)
    settled(page)
    return page


def set_by_clicks(page: Any) -> None:
    for color, rank, square, clicks in CLICKS:
        page.select_option("#color", color)
        page.select_option("#rank", rank)
        for _ in range(clicks):
            page.click(f'[data-square="{square}"]')
            settled(page)


def as_position(cli: Any, tmp_path: Path, text: str) -> dict[str, Any]:
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("position", "check", str(path), "--json")
    assert r.code == 0, r.err
    return {k: v for k, v in r.json.items() if k not in ("schema", "valid")}


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_position_set_by_clicks_is_the_position_as_yaml(browser, board_url, cli, tmp_path):
    page = open_page(browser, board_url)
    set_by_clicks(page)
    assert page.get_attribute('[data-square="e5"]', "aria-label") == "e5: blue heroic piece"
    assert page.get_attribute('[data-square="g6"]', "aria-label") == "g6: red common piece"
    assert page.get_attribute('[data-square="a5"]', "aria-label") == "a5: empty"
    shown = page.input_value("#yaml")
    assert as_position(cli, tmp_path, shown) == as_position(cli, tmp_path, POSITION)
    with page.expect_download() as got:
        page.click("#download")
    saved = tmp_path / "downloaded.yaml"
    got.value.save_as(saved)
    assert as_position(cli, tmp_path, saved.read_text(encoding="utf-8")) == \
        as_position(cli, tmp_path, POSITION)
    page.screenshot(path=str(tmp_path / "board-desktop.png"), full_page=True)
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_summons_shown_are_the_command_lines(browser, board_url, cli):
    page = open_page(browser, board_url)
    set_by_clicks(page)
    pieces = "d4=blue,e4=blue,f4=blue,e5=blue:heroic,g6=red"
    answer = cli("summonable", "--player", "blue", "--pieces", pieces, "--mode", "duel", "--json").json
    legal = [c["card"] for c in answer["cards"] if c["legal"]]
    assert legal and page.eval_on_selector_all("#summonable [data-card]", "bs => bs.map(b => b.dataset.card)") == legal
    names = {c["id"]: c["name"] for c in cli("card", "list", "--json").json["cards"]}
    assert page.inner_text('[data-card="swordmaster"]') == names["swordmaster"]
    page.click('[data-card="swordmaster"]')
    settled(page)
    summon = cli("summon", "swordmaster", "--player", "blue", "--pieces", pieces, "--mode", "duel", "--json").json
    lit_targets = page.eval_on_selector_all(".sq.target", "cs => cs.map(c => c.dataset.square)")
    lit_pattern = page.eval_on_selector_all(".sq.pattern", "cs => cs.map(c => c.dataset.square)")
    assert sorted(lit_targets) == sorted({p["target"] for p in summon["placements"]})
    assert sorted(lit_pattern) == sorted({s for p in summon["placements"] for s in p["pattern_squares"]})
    assert page.locator("#placements button").count() == len(summon["placements"])
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_quick_clicks_are_taken_in_order(browser, board_url):
    """Clicks that come before the answer to the one before: each reads the position the last one made."""
    page = open_page(browser, board_url)
    for square, clicks in (("c6", 2), ("d6", 4), ("e6", 3)):
        for _ in range(clicks):
            page.click(f'[data-square="{square}"]')
    settled(page)
    assert page.input_value("#yaml").endswith("pieces:\n  c6: blue heroic\n  e6: blue legendary\n")


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_the_address_holds_the_position(browser, board_url):
    page = open_page(browser, board_url)
    set_by_clicks(page)
    page.select_option("#player", "red")
    settled(page)
    url = page.url
    assert "p=" in url and len(url) < len(board_url) + 80   # compact: a token of four or five characters a piece
    again = open_page(browser, url)
    assert again.input_value("#yaml") == page.input_value("#yaml")
    assert again.input_value("#player") == "red"
    labels = "cs => cs.map(c => c.getAttribute('aria-label'))"
    assert again.eval_on_selector_all("[data-square]", labels) == page.eval_on_selector_all("[data-square]", labels)
    french = open_page(browser, url.replace("lang=en", "lang=fr"))
    assert french.get_attribute('[data-square="e5"]', "aria-label").startswith("e5 : pièce héroïque")
    assert french.input_value("#yaml") == page.input_value("#yaml")


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
def test_a_keyboard_only_path(browser, board_url, cli, tmp_path):
    """From an empty board, with the keyboard alone: pieces set, raised and removed, a card chosen and
    its placements lit."""
    page = open_page(browser, board_url)
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.square || ''"):
            break
    start = page.evaluate("document.activeElement.dataset.square")
    assert start == "e5"
    for key in ["ArrowDown", "ArrowLeft", "b", "ArrowRight", "b", "ArrowRight", "b", "ArrowUp", "ArrowLeft",
                "b", "h", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "r", "ArrowLeft", "g", "Delete"]:
        page.keyboard.press(key)
        settled(page)
    assert page.evaluate("document.activeElement.dataset.square") == "f7"
    assert as_position(cli, tmp_path, page.input_value("#yaml")) == as_position(
        cli, tmp_path, "mode: duel\npieces:\n  d4: blue\n  e4: blue\n  f4: blue\n  e5: blue heroic\n  g7: red\n")
    # on to the list of summons, and the first card chosen with Enter
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card || ''"):
            break
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    settled(page)
    assert page.get_attribute(f'[data-card="{card}"]', "aria-pressed") == "true"
    assert page.locator(".sq.target").count() >= 1
    focus = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert focus != "none"   # the focus is seen


@pytest.mark.slow
@pytest.mark.xdist_group("board-browser")
@pytest.mark.parametrize(("width", "height", "name"), [(360, 740, "phone"), (1200, 900, "desktop")])
def test_no_horizontal_scroll(browser, board_url, tmp_path, width, height, name):
    page = open_page(browser, board_url, width, height)
    set_by_clicks(page)
    page.click('[data-card="swordmaster"]')
    settled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator('[data-square="i5"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    page.screenshot(path=str(tmp_path / f"board-{name}.png"), full_page=name == "phone")
    assert (tmp_path / f"board-{name}.png").stat().st_size > 1000


def test_position_board_through_the_service(http):
    """What the page asks first: an empty board's facts, through POST /api."""
    r = http.post("/api", content=json.dumps({"id": 1, "args": ["position", "board", "--pieces", "", "--lang", "fr"]}))
    out = r.json()["output"]
    assert out["schema"] == "output-position-board/1" and out["lang"] == "fr" and out["position"]["pieces"] == {}
    assert out["texts"]["square-empty"] == "{square} : vide"

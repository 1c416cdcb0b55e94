"""The terminal: every board drawing has a key for the symbols it shows, ids a user copies are
never cut at 40 columns, and long lines wrap at a readable width at 200."""

from __future__ import annotations

import re

import pytest

from conftest import write

LANGS = ["en", "fr", "es", "it"]
#: the symbols a highlighted square is drawn with, and the entry the key gives each
ROLE_SYMBOLS = {"[": "[x]", "(": "(x)", "<": "<x>", ":": ":x:", "!": "!x!", "?": "?"}
BOARD_ROW = re.compile(r"^[│ ]*\s?[1-9] ((?:[ \[(<:!?*][a-zA-Z·?\s][ \])>:!?*])+)")


def drawn_symbols(out: str) -> tuple[set[str], set[str]]:
    """The piece letters and the highlight symbols of the boards in ``out``."""
    letters: set[str] = set()
    roles: set[str] = set()
    for line in out.splitlines():
        found = BOARD_ROW.match(line)
        if not found:
            continue
        row = found.group(1)
        for i in range(0, len(row) - 2, 3):
            cell = row[i:i + 3]
            if cell.strip() in ("", "·"):
                continue
            if cell.strip() == "?":
                roles.add("?")
                continue
            if cell[0] in ROLE_SYMBOLS and cell[0] != "*":
                roles.add(cell[0])
            letter = cell.strip(" []()<>:!*")
            if letter and letter != "?":
                letters.add(("*" + letter + "*") if cell.startswith("*") else letter)
    return letters, roles


def key_of(out: str) -> str:
    """The key: the lines after the last board (they start with a piece letter and a space)."""
    lines = out.splitlines()
    start = max(i for i, line in enumerate(lines) if re.match(r"^[│ ]*\s+a  b  c", line)) + 1
    return " ".join(line.strip("│ ") for line in lines[start:])


@pytest.fixture
def pos(tmp_path):
    return str(write(tmp_path / "pos.yaml", "mode: high-form\npieces:\n  c3: blue common\n  d3: blue common\n"
                     "  d4: blue common\n  e4: blue common\n  f4: blue common\n  d6: red heroic\n  f6: red common\n"
                     "  e7: red legendary\n"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", [
    ["summon", "knight", "--player", "blue"],                     # placements
    ["summon", "knight", "--player", "red"],                      # near misses: ? and the pattern
    ["summon", "swordmaster", "--player", "red", "--allow-enemy", "blue"],
    ["position", "show"],
    ["plan", "--player", "blue", "--hand", "knight", "--positions"],
])
def test_every_board_drawing_has_a_key_for_what_it_shows(cli, dataset, pos, command, lang):
    extra = [pos] if command[0] == "position" else ["--position", pos]
    r = cli(*command, *extra, "--lang", lang)
    assert r.code == 0, r.err
    letters, roles = drawn_symbols(r.out)
    assert letters, r.out
    key = key_of(r.out)
    ui = dataset.locales[lang]["ui"]
    for letter in letters:
        assert re.search(rf"(^|[ ;]){re.escape(letter)} ", key), (letter, key)
    for role in roles:
        assert ROLE_SYMBOLS[role] + " " in key, (role, key)
    assert "· " + ui["board.key.empty"] in key
    if command[:2] == ["summon", "knight"] and command[3] == "red":
        assert "?" in roles and ui["board.key.lack_empty"] in key


def test_the_key_does_not_list_what_is_not_drawn(cli, pos):
    r = cli("position", "show", pos)
    key = key_of(r.out)
    assert "[x]" not in key and "?" not in key and "(x)" not in key
    assert "*R* " in key and "B " not in key  # a red legendary piece; no blue heroic one


@pytest.mark.parametrize("lang", LANGS)
def test_threats_put_their_summary_first(cli, dataset, tmp_path, lang):
    """With the deck unknown, the details run to hundreds of lines: the squares to block come
    first, under the heading, and every card's details after them."""
    pos = write(tmp_path / "duel.yaml", "mode: duel\npieces:\n  c3: blue\n  d4: blue\n  e4: blue\n  e5: blue heroic\n"
                "  d6: red heroic\n  f6: red\n")
    r = cli("plan", "--position", str(pos), "--player", "blue", "--threats", "--lang", lang)
    assert r.code == 0, r.err
    ui = dataset.locales[lang]["ui"]
    lines = r.out.splitlines()
    summary = next(i for i, line in enumerate(lines) if ui["plan.threat_summary"] in line)
    assert summary <= 4, lines[:6]
    first_card = next(i for i, line in enumerate(lines) if ui["plan.actions.one"].split("{")[0].strip() in line
                      or ui["plan.actions.other"].replace("{count}", "2").strip() in line)
    assert summary < first_card
    assert ui["plan.col.square"] in lines[summary + 2]
    assert len(lines) > 100  # the details are still there
    assert max(len(line) for line in lines[:summary + 20]) <= 140

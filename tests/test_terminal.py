"""The terminal: every board drawing has a key for the symbols it shows, ids a user copies are
never cut at 40 columns, and long lines wrap at a readable width at 200."""

from __future__ import annotations

import os
import re

import pytest

from conftest import in_every_language, spread, write

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


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
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


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
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
    first_card = next(i for i, line in enumerate(lines) if ui["plan.actions.one"].replace("{count}", "1").strip() in line
                      or ui["plan.actions.other"].replace("{count}", "2").strip() in line)
    assert summary < first_card
    assert ui["plan.col.square"] in lines[summary + 2]
    assert len(lines) > 100  # the details are still there
    assert max(len(line) for line in lines[:summary + 20]) <= 140


# ---------------------------------------------------------------------- 40 and 200 columns

def _whole(word: str, text: str) -> bool:
    """``word`` on one line of ``text``, not cut and not glued to another word."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


#: each command, and how to get from its --json output the ids a user copies from its text
COPIED = {
    "card list": (["card", "list"], lambda j: [c["id"] for c in j["cards"]]),
    "card list flares": (["card", "list", "--type", "flare"], lambda j: [c["id"] for c in j["cards"]]),
    "summonable --all": (["summonable", "--pieces", "c3=blue,d3=blue,d4=blue,e4=blue,f4=blue,d6=red:heroic",
                          "--player", "blue", "--all"], lambda j: [v["card"] for v in j["cards"]]),
    "rule list": (["rule", "list"], lambda j: [r["number"] for r in j["rules"]]),
    "keyword list": (["keyword", "list"], lambda j: [k["id"] for k in j["keywords"]]),
    "card show": (["card", "show", "frostweave-illusionist"], lambda j: [j["id"]]),
    "rule show": (["rule", "show", "4.9"], lambda j: [j["id"]]),
}


@pytest.mark.parametrize(("name", "lang"), in_every_language([(n,) for n in COPIED], LANGS, ids=lambda case: case[0]))
def test_ids_are_never_cut_at_40_columns(cli, monkeypatch, name, lang):
    args, ids_of = COPIED[name]
    ids = ids_of(cli(*args, "--json").json)
    assert ids
    monkeypatch.setenv("COLUMNS", "40")
    r = cli(*args, "--lang", lang)
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert max(len(line) for line in lines) <= 40
    assert "…" not in r.out, [line for line in lines if "…" in line][:3]
    missing = [i for i in ids if not _whole(i, r.out)]
    assert not missing, missing[:5]


@pytest.mark.parametrize("args", [
    ["rule", "show", "4.10"],
    ["card", "show", "cannon"],
    ["ask", "can I summon on top of an enemy heroic piece?"],
    ["errata"],
    ["keyword", "show", "Ruse"],
    ["plan", "--pieces", "c3=blue,d3=blue,d4=blue,e4=blue,f4=blue,d6=red:heroic", "--player", "blue", "--hand",
     "knight,dryad"],
    ["plan", "--pieces", "c3=blue,d4=blue,e4=blue,e5=blue:heroic,d6=red:heroic,f6=red", "--player", "blue",
     "--threats", "--mode", "duel"],
])
def test_sentences_wrap_at_a_readable_width_at_200_columns(cli, monkeypatch, args):
    from tashkalar_cli.render.terminal import READABLE

    monkeypatch.setenv("COLUMNS", "200")
    r = cli(*args)
    assert r.code == 0, r.err
    widest = max(len(line.rstrip()) for line in r.out.splitlines())
    assert 60 < widest <= READABLE


@pytest.mark.parametrize("columns", ["40", "200"])
def test_a_title_too_long_for_its_border_is_inside_the_panel(cli, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    r = cli("rule", "show", "4.9")
    flat = " ".join(line.strip("│╭╮╰╯─ ") for line in r.out.splitlines())
    assert "Higher rank blocks the summoning" in " ".join(flat.split())
    assert "4.9" in r.out.splitlines()[0] or "4.9" in r.out.splitlines()[1]


@pytest.mark.parametrize("columns", ["999999999", "0", "5"])
def test_an_absurd_terminal_size_is_ignored_and_the_environment_left_alone(cli, monkeypatch, columns):
    """COLUMNS and LINES that cannot be a terminal's size are not taken for the width (Rich would
    draw the help 999999999 columns wide), and the command line leaves the process's environment as
    it found it (it no longer deletes them)."""
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", columns)
    r = cli("card", "--help")
    assert r.code == 0, r.err
    assert max(len(line) for line in r.out.splitlines()) <= 200
    assert os.environ["COLUMNS"] == columns and os.environ["LINES"] == columns

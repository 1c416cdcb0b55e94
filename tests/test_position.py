"""Position files and inline positions: parsing, diagrams, and every kind of bad input."""

from __future__ import annotations

import pytest

from conftest import write


@pytest.fixture
def posfile(tmp_path):
    def make(text: str, name: str = "p.yaml"):
        return str(write(tmp_path / name, text))

    return make


def test_pieces_and_diagram(cli, posfile):
    f = posfile(
        "mode: melee\n"
        "board: |\n"
        "  9     . . . . .\n"
        "  8   . . . . . . .\n"
        "  7 . . . . . . . . .\n"
        "  6 . . . . bc . . . .\n"
        "  5 . . . . rh . . . .\n"
        "  4 . . . . bc . . . .\n"
        "  3 . . . . . . . . .\n"
        "  2   . . . . . . .\n"
        "  1     . . . . .\n"
        "      a b c d e f g h i\n"
        "pieces:\n  a5: yellow legendary\n")
    r = cli("position", "check", f, "--json")
    assert r.code == 0, r.err
    assert r.json["pieces"] == {"a5": {"color": "yellow", "rank": "legendary"}, "e4": {"color": "blue", "rank": "common"},
                                "e5": {"color": "red", "rank": "heroic"}, "e6": {"color": "blue", "rank": "common"}}
    shown = cli("position", "show", f)
    assert shown.code == 0 and "*Y*" in shown.out and " R " in shown.out


def test_diagram_with_full_rows(cli, posfile):
    rows = ["- - . . . . . - -", "- . . . . . . . -"] + [". . . . . . . . ."] * 5 + ["- . . . . . . . -", "- - . . bh . . - -"]
    f = posfile("board: |\n" + "".join(f"  {r}\n" for r in rows))
    r = cli("position", "check", f, "--json")
    assert r.code == 0, r.err
    assert r.json["pieces"] == {"e1": {"color": "blue", "rank": "heroic"}}


@pytest.mark.parametrize("text, fragment", [
    ("pieces:\n  a1: blue\n", "cut corner"),
    ("pieces:\n  j5: blue\n", "not a square"),
    ("pieces:\n  e10: blue\n", "off the board"),
    ("pieces:\n  e5: pink\n", "'pink' is not a color"),
    ("pieces:\n  e5: blue epic\n", "'epic' is not a rank"),
    ("pieces:\n  e5: blue\n  e5: red\n", "duplicate key 'e5'"),
    ("pieces:\n  e5: blue\n  E5: red\n", "listed twice"),
    ("mode: chess\n", "chess"),
    ("colour: blue\n", "colour"),
    ("pieces: [e5, e4]\n", "pieces"),
    ("just text\n", "mapping"),
    ("pieces:\n  e5: [blue\n", "not valid YAML"),
    ("mode: melee\nplayers: 2\n", "melee"),
    ("supply:\n  blue: {common: 3, heroic: 4}\n", "double-sided"),
    # a position holds no scores (they were once accepted and then dropped unread): the points before a turn
    # are the turn record's (score --turn), so a position that gives them is refused, not silently cut
    ("pieces:\n  e5: blue\nscores: {blue: 3}\n", "unknown field 'scores'"),
])
def test_bad_position_files(cli, posfile, text, fragment):
    r = cli("position", "check", posfile(text))
    assert r.code == 2, (text, r.out)
    assert fragment in r.err, r.err
    assert r.err.count("\n") <= 2 and "Traceback" not in r.err


def test_line_numbers_in_errors(cli, posfile):
    r = cli("position", "check", posfile("mode: duel\npieces:\n  e5: blue\n  a9: red\n"))
    assert r.code == 2 and ":4:" in r.err and "a9" in r.err


def test_too_many_pieces_of_a_color(cli, posfile):
    lines = "".join(f"  {f}{r}: blue\n" for f in "cdefg" for r in range(3, 8))  # 25 pieces
    r = cli("position", "check", posfile("pieces:\n" + lines))
    assert r.code == 2 and "owns only" in r.err
    legends = "pieces:\n  c3: red legendary\n  c4: red legendary\n  c5: red legendary\n  c6: red legendary\n"
    r = cli("position", "check", posfile(legends))
    assert r.code == 2 and "legendary" in r.err


def test_empty_missing_and_binary_files(cli, posfile, tmp_path):
    r = cli("position", "check", posfile(""))
    assert r.code == 2 and "empty" in r.err
    r = cli("position", "check", str(tmp_path / "absent.yaml"))
    assert r.code == 2 and "not found" in r.err
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    r = cli("position", "check", str(binary))
    assert r.code == 2 and "UTF-8" in r.err
    r = cli("position", "check", str(tmp_path))
    assert r.code == 2 and "folder" in r.err


def test_diagram_errors(cli, posfile):
    r = cli("position", "check", posfile("board: |\n  . . .\n"))
    assert r.code == 2 and "has 1 row, expected 9" in r.err     # one row: the singular
    # an error's count agrees with its noun in each language (error.<key>.one/.other, the language's plural rule)
    for lang, said in (("fr", "a 2 rangées"), ("es", "tiene 2 filas"), ("it", "ha 1 riga")):
        two = "board: |\n  . . .\n" + ("" if lang == "it" else "  . . .\n")
        assert said in cli("position", "check", posfile(two), "--lang", lang).err
    rows = ["9     . . . . .", "8   . . . . . . .", "7 . . . . . . . . .", "6 . . . . zz . . . .", "5 . . . . . . . . .",
            "4 . . . . . . . . .", "3 . . . . . . . . .", "2   . . . . . . .", "1     . . . . ."]
    r = cli("position", "check", posfile("board: |\n" + "".join(f"  {x}\n" for x in rows)))
    assert r.code == 2 and "'zz'" in r.err and ":5:" in r.err


def test_inline_pieces(cli):
    r = cli("position", "check", "--pieces", "e5=blue:heroic,d4=red", "--json")
    assert r.code == 0
    assert r.json["pieces"]["e5"] == {"color": "blue", "rank": "heroic"}
    assert r.json["pieces"]["d4"] == {"color": "red", "rank": "common"}
    for bad, frag in (("e5", "SQUARE=COLOR"), ("a1=blue", "cut corner"), ("e5=blue,e5=red", "twice"), ("e5=bluish", "is not a color")):
        r = cli("position", "check", "--pieces", bad)
        assert r.code == 2 and frag in r.err, (bad, r.err)


def test_summon_bad_player_and_card(cli):
    r = cli("summon", "swordmaster", "--pieces", "e4=blue", "--player", "pink")
    assert r.code == 2 and "'pink' is not a color" in r.err
    r = cli("summon", "swrdmstr", "--pieces", "e4=blue", "--player", "blue")
    assert r.code == 2 and "did you mean" in r.err
    r = cli("summon", "swordmaster", "--player", "blue")
    assert r.code == 2 and "give a position" in r.err

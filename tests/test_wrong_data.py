"""Wrong data is refused, never merged or trusted: one color under two spellings, YAML merge keys,
counts beyond what the game allows, integers of any length, patterns larger than the board."""

from __future__ import annotations

import pytest

from conftest import write

TWICE = [
    ("supply", "pieces: {e5: blue}\nsupply:\n  blue: {common: 3}\n  BLUE: {common: 4}\n", 4),
    ("supply-other-language", "pieces: {e5: blue}\nsupply:\n  blue: {common: 3}\n  bleu: {common: 4}\n", 4),
    ("claims", "mode: high-form\npieces: {e5: blue}\ntasks_claimed:\n  blue: []\n  Blue: []\n", 5),
    ("decks", "pieces: {e5: blue}\ndecks:\n  blue: imperial\n  azul: imperial\n", 4),
]


@pytest.mark.parametrize("name,text,line", TWICE, ids=[t[0] for t in TWICE])
def test_a_color_given_twice_in_a_position_is_refused(cli, tmp_path, name, text, line):
    f = write(tmp_path / "p.yaml", text)
    r = cli("position", "check", str(f))
    assert r.code == 2, r.out
    assert "given twice" in r.err and f"p.yaml:{line}" in r.err, r.err


@pytest.mark.parametrize("text,line", [
    ("player: blue\nscores: {red: 3, RED: 4, blue: 1}\n", 2),
    ("player: blue\nmode: melee\nplayers: 3\nscores:\n  red: {blue: 3, bleu: 4}\n", 5),
    ("player: blue\nmode: melee\nplayers: 3\nscores:\n  red: {blue: 3}\n  rouge: {blue: 4}\n", 6),
])
def test_a_color_given_twice_in_a_turn_record_is_refused(cli, tmp_path, text, line):
    f = write(tmp_path / "t.yaml", text)
    r = cli("score", "--turn", str(f))
    assert r.code == 2, r.out
    assert "given twice" in r.err and f"t.yaml:{line}" in r.err, r.err


@pytest.mark.parametrize("text", [
    "pieces:\n  <<: {e5: blue}\n",
    "pieces: {e4: red}\nsupply:\n  blue:\n    <<: {common: 2}\n",
    "mode: duel\n<<: {players: 2}\n",
])
def test_merge_keys_are_refused_with_their_line(cli, tmp_path, text):
    f = write(tmp_path / "p.yaml", text)
    r = cli("position", "check", str(f))
    assert r.code == 2 and "merge keys" in r.err, r.err
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "<<" in row)
    assert f"p.yaml:{line}" in r.err, r.err


def test_merge_keys_are_refused_in_data_files(cli, data_copy_of):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "game.yaml"
    write(path, path.read_text(encoding="utf-8") + "extra:\n  <<: {a: 1}\n")
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2 and "merge keys" in r.err and "game.yaml" in r.err, r.err


def test_a_supply_beyond_what_a_color_owns_is_refused_even_without_pieces_on_the_board(cli, tmp_path):
    f = write(tmp_path / "p.yaml", "pieces: {e5: blue}\nsupply:\n  red: {common: 99}\n")
    r = cli("position", "check", str(f))
    assert r.code == 2 and "99 off it" in r.err and "p.yaml:3" in r.err, r.err
    f = write(tmp_path / "p.yaml", "pieces: {e5: blue}\nsupply:\n  red: {legendary: 4}\n")
    r = cli("position", "check", str(f))
    assert r.code == 2 and "4 off it" in r.err, r.err


def test_a_turn_cannot_destroy_more_pieces_than_a_color_owns(cli, tk, tmp_path):
    from tashkalar_cli.games.tashkalar.model.types import Mode, PieceKind

    owned = tk.config.owned(Mode.DUEL, 2)
    legends = ", ".join(["red legendary"] * (owned[PieceKind.LEGENDARY] + 1))
    f = write(tmp_path / "t.yaml", f"player: blue\ndestroyed: [{legends}]\n")
    r = cli("score", "--turn", str(f))
    assert r.code == 2 and "destroyed in one turn" in r.err and "t.yaml:2" in r.err, r.err
    commons = ", ".join(["red common"] * (owned[PieceKind.DOUBLE_SIDED] + 1))
    f = write(tmp_path / "t.yaml", f"player: blue\ndestroyed: [{commons}]\n")
    assert cli("score", "--turn", str(f)).code == 2
    just = ", ".join(["red legendary"] * owned[PieceKind.LEGENDARY])
    f = write(tmp_path / "t.yaml", f"player: blue\ndestroyed: [{just}]\n")
    r = cli("score", "--turn", str(f))
    assert r.code == 0, r.err


@pytest.mark.parametrize("command,text", [
    ("position", "pieces: {e5: blue}\nsupply: {blue: {common: DIGITS}}\n"),
    ("position", "players: DIGITS\n"),
    ("position", "pieces: {e5: blue}\nx: [1, 2, DIGITS]\n"),
    ("turn", "player: blue\nplayers: DIGITS\n"),
    ("turn", "player: blue\nscores: {red: DIGITS}\n"),
    ("turn", "player: blue\nscores: {red: -DIGITS}\n"),
    ("turn", "player: blue\nscores: {red: 0xDIGITS}\n"),
])
def test_integers_of_any_length_are_bad_input(cli, tmp_path, command, text):
    f = write(tmp_path / "x.yaml", text.replace("DIGITS", "7" * 5000))
    args = ("position", "check", str(f)) if command == "position" else ("score", "--turn", str(f))
    r = cli(*args)
    assert r.code == 2, (r.code, r.err[-300:])
    assert "internal error" not in r.err and len(r.err) < 400


@pytest.mark.parametrize("label", ["0" * 5000 + "9", "9" * 5000, "²", "٩"])
def test_a_diagram_row_label_of_any_length_or_script_is_never_an_internal_error(cli, tmp_path, label):
    rows = [(label if r == 9 else str(r)) + " " + " ".join(["."] * 9) for r in range(9, 0, -1)]
    f = write(tmp_path / "d.yaml", "board: |\n" + "\n".join("  " + row for row in rows) + "\n")
    r = cli("position", "check", str(f))
    assert r.code in (0, 2) and "internal error" not in r.err, r.err


@pytest.mark.parametrize("rows", [
    ["c " * 19 + "t"] * 20,                      # larger than the board
    [". " * 4999 + "t", ". " * 4999 + "c"],       # thousands of squares in two rows
    ["c"] * 3000 + ["t"],                         # thousands of rows
])
def test_a_pattern_larger_than_the_board_is_a_data_error_with_its_line(cli, data_copy_of, rows):
    data_copy = data_copy_of()
    path = data_copy / "cards" / "beings" / "imperial.yaml"
    text = path.read_text(encoding="utf-8")
    old = '    pattern:\n      - "m c m"\n      - ". t ."\n      - "m c m"\n'
    assert old in text
    new = "    pattern:\n" + "".join(f'      - "{row}"\n' for row in rows)
    write(path, text.replace(old, new, 1))
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2, r.err
    assert "pattern" in r.err and "imperial.yaml:" in r.err and "larger" not in r.err.split(":")[0], r.err
    assert "more than the" in r.err, r.err


def test_a_rule_coming_next_that_does_not_exist_is_a_data_error(cli, data_copy_of):
    """``then:`` of cards/rules.yaml names rules: one that does not exist is refused, in one line, with the file."""
    data_copy = data_copy_of()
    path = data_copy / "cards" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    then: [turn-end]\n" in text
    write(path, text.replace("    then: [turn-end]\n", "    then: [no-such-rule]\n", 1))
    r = cli("validate", "--data", str(data_copy))
    assert r.code == 2 and "no-such-rule" in r.err and "rules.yaml" in r.err and "Traceback" not in r.err, r.err

"""A board diagram's rows (issue 29): the row of file letters ('a b c ... i') is left out, and
only it; a rank whose pieces happen to be written with letters of files ('bc bc bc ...': blue
commons; 'gh': green heroic pieces) is a rank of pieces, and every row keeps its own line in messages."""

from __future__ import annotations

import pytest

from conftest import write

RANKS = ["     . . . . .", "   . . . . . . ."] + [" . . . . . . . . ."] * 5 + ["   . . . . . . .", "     . . . . ."]


def _file(tmp_path, rows: list[str], head: str = "") -> str:
    return str(write(tmp_path / "p.yaml", "board: |2\n" + head + "".join(f"  {r}\n" for r in rows)))


@pytest.mark.parametrize("pieces", ["bc bc bc bc bc", "BC bc bc bc bc", "gh gh gh gh gh", "bc . . . bc"])
def test_a_top_rank_of_pieces_written_with_file_letters_is_a_rank(cli, tmp_path, pieces: str) -> None:
    rows = ["     " + pieces, *RANKS[1:]]
    r = cli("position", "check", _file(tmp_path, rows), "--json")
    assert r.code == 0, r.err
    expected = {f"{f}9" for f, tok in zip("cdefg", pieces.split(), strict=True) if tok != "."}
    assert set(r.json["pieces"]) == expected
    kind = {"b": ("blue", "common"), "g": ("green", "heroic")}[pieces[0].lower()]
    assert all((p["color"], p["rank"]) == kind for p in r.json["pieces"].values())


def test_a_bottom_rank_of_blue_commons_beside_the_file_letters(cli, tmp_path) -> None:
    rows = [*RANKS[:-1], "     bc bc bc bc bc", "  a b c d e f g h i"]
    r = cli("position", "check", _file(tmp_path, rows), "--json")
    assert r.code == 0, r.err
    assert set(r.json["pieces"]) == {"c1", "d1", "e1", "f1", "g1"}


@pytest.mark.parametrize("head", ["  a b c d e f g h i\n", "\n"])
def test_a_row_keeps_its_line_after_a_row_of_letters_or_a_blank_line(cli, tmp_path, head: str) -> None:
    rows = list(RANKS)
    rows[3] = " . . . . zz . . . ."     # rank 6, on the 4th row of squares
    path = _file(tmp_path, rows, head)
    r = cli("position", "check", path)
    assert r.code == 2 and "'zz'" in r.err
    assert f"{path}:6:" in r.err, r.err   # board: on line 1, the head on 2, rank 9 on 3, rank 6 on 6

"""The limits of the YAML reader, each on both sides of its boundary: nesting depth, file size."""

from __future__ import annotations

from pathlib import Path

import pytest

from tashkalar_cli.data.yamlio import MAX_DEPTH, MAX_USER_FILE, parse_yaml, read_text, read_user_yaml
from tashkalar_cli.errors import DataError, InputError


def test_the_limits_are_the_documented_ones():
    assert (MAX_DEPTH, MAX_USER_FILE) == (32, 1_000_000)


@pytest.mark.parametrize("opening,closing", [("[", "]"), ("{a: ", "}")])
def test_nesting_up_to_the_limit_is_read_and_one_more_is_refused(opening, closing):
    ok = opening * MAX_DEPTH + "1" + closing * MAX_DEPTH
    data, _ = parse_yaml(ok)
    for _ in range(MAX_DEPTH):
        data = data[0] if isinstance(data, list) else data["a"]
    assert data == 1
    with pytest.raises(DataError) as info:
        parse_yaml(opening * (MAX_DEPTH + 1) + "1" + closing * (MAX_DEPTH + 1))
    assert info.value.key == "yaml-depth" and info.value.line == 1


def test_block_nesting_counts_the_same_way():
    def block(depth: int) -> str:
        return "".join("  " * i + "k:\n" for i in range(depth - 1)) + "  " * (depth - 1) + "k: 1\n"

    parse_yaml(block(MAX_DEPTH))
    with pytest.raises(DataError) as info:
        parse_yaml(block(MAX_DEPTH + 1))
    assert info.value.key == "yaml-depth" and info.value.line == MAX_DEPTH + 1


def test_a_sibling_closes_its_nesting():
    """Depth is the nesting, not the number of collections: closed ones do not add up, and a deep
    branch after a closed one is measured from where it stands."""
    deepest = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    parse_yaml("[" + ", ".join([deepest] * 3) + "]")
    with pytest.raises(DataError) as info:
        parse_yaml("[" + deepest + ",\n" + "[" + deepest + "]" + "]")
    assert info.value.key == "yaml-depth" and info.value.line == 2


def test_an_alias_or_anchor_is_refused_on_its_line():
    with pytest.raises(DataError) as info:
        parse_yaml("a: 1\nb: &x 2\n")
    assert (info.value.key, info.value.line) == ("yaml-aliases", 2)
    with pytest.raises(DataError) as info:
        parse_yaml("a: 1\nb: 2\nc: *x\n")
    assert (info.value.key, info.value.line) in {("yaml-aliases", 3), ("bad-yaml", 3)}


def test_a_user_file_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    tail = b"pieces: {}"    # at the very end: a file read one byte short would not parse
    exact = tmp_path / "exact.yaml"
    exact.write_bytes(b"#" * (MAX_USER_FILE - len(tail) - 1) + b"\n" + tail)
    assert exact.stat().st_size == MAX_USER_FILE
    data, _ = read_user_yaml(str(exact), "position file")
    assert data == {"pieces": {}}
    over = tmp_path / "over.yaml"
    over.write_bytes(exact.read_bytes() + b"\n")
    with pytest.raises(InputError) as info:
        read_user_yaml(str(over), "position file")
    assert info.value.key == "too-large"


def test_read_text_bounds(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("abcd")
    assert read_text(f, limit=4) == "abcd"
    with pytest.raises(DataError) as info:
        read_text(f, limit=3)
    assert info.value.key == "too-large"
    with pytest.raises(DataError) as info:
        read_text(tmp_path, limit=3)
    assert info.value.key == "is-folder"
    with pytest.raises(DataError) as info:
        read_text(tmp_path / "missing")
    assert info.value.key == "file-not-found" and info.value.file == str(tmp_path / "missing")
    with pytest.raises(DataError) as info:
        read_text(tmp_path / "missing", "shown name")
    assert info.value.file == "shown name"
    (tmp_path / "bad.txt").write_bytes(b"ok\xff")
    with pytest.raises(DataError) as info:
        read_text(tmp_path / "bad.txt")
    assert info.value.key == "not-utf8" and info.value.params["byte"] == 2


def test_the_read_itself_is_bounded(tmp_path):
    """A file that says it is empty and is not (a /proc file) is cut at the limit, not read whole."""
    proc = Path("/proc/self/status")
    if not proc.is_file() or proc.stat().st_size != 0:
        pytest.skip("needs Linux's /proc, whose files say they are empty")
    with pytest.raises(DataError) as info:
        read_text(proc, limit=10)
    assert info.value.key == "larger-than"


def test_a_file_that_cannot_be_read_says_why(tmp_path):
    (tmp_path / "f.txt").write_text("x")
    with pytest.raises(DataError) as info:
        read_text(tmp_path / "f.txt" / "inside")     # a file used as a folder
    assert info.value.key == "cannot-read" and info.value.params["reason"] == "Not a directory"

"""The helpers that split a table between the default run and the slow run keep every case somewhere."""

from __future__ import annotations

import pytest

from conftest import spread


def _slow(case) -> bool:
    return any(m.name == "slow" for m in getattr(case, "marks", ()))


def _values(case) -> tuple:
    return tuple(case.values) if hasattr(case, "values") else (case,)


def test_spread_keeps_as_many_as_asked_spread_over_the_list_and_marks_the_others_slow():
    cases = spread([f"c{i}" for i in range(12)], keep=3, start=2)
    assert [_values(c)[0] for c in cases] == [f"c{i}" for i in range(12)]   # every case, in its order
    assert [c for c in cases if not _slow(c)] == ["c2", "c6", "c10"]


def test_spread_keeps_one_language_rotating_with_start():
    langs = ("en", "fr", "es", "it")
    kept = [[c for c in spread(langs, start=s) if not _slow(c)] for s in range(4)]
    assert kept == [["en"], ["fr"], ["es"], ["it"]]


def test_spread_keeps_the_ids_marks_and_values_of_a_case():
    cases = spread([pytest.param(1, 2, id="a", marks=pytest.mark.xfail), ("b", 3), ("c", 4)], keep=1, start=1,
                   names=2)
    first, second, third = cases
    assert first.id == "a" and _slow(first) and any(m.name == "xfail" for m in first.marks)
    assert second == ("b", 3)
    assert _values(third) == ("c", 4) and _slow(third)


def test_spread_never_keeps_more_than_there_are():
    assert spread(["x"], keep=5) == ["x"]
    assert spread([], keep=2) == []


def test_any_text_draws_every_character_utf8_writes_and_no_test_asks_for_a_codec():
    """conftest.any_text: the characters of Hypothesis's default text (the utf-8 codec's: every code point but the
    surrogates), found from the categories; no test module asks for a codec's characters (Hypothesis would encode
    every code point to find them, in each worker of a fresh checkout's run)."""
    import re

    from conftest import ANY_CHARACTER, REPO

    assert ANY_CHARACTER.wrapped_strategy.intervals.intervals == ((0, 0xD7FF), (0xE000, 0x10FFFF))
    asking = [path.name for path in sorted((REPO / "tests").glob("*.py"))
              if re.search(r"st\.text\((?!alphabet=|ANY_CHARACTER)|codec[=]", path.read_text(encoding="utf-8"))]
    assert asking == [], asking

"""Typos as people make them (issue 33): the word reader counts two neighbouring letters swapped as one edit, as
it does a letter left out, added or changed, with its rule for reading a typo unchanged (a name at least
``ACCEPT`` alike and ``MARGIN`` points clear of any other)."""

from __future__ import annotations

from typing import Any

import pytest

from tashkalar_cli.text import vocabulary


def test_a_swap_of_neighbouring_letters_is_one_edit() -> None:
    swapped, changed, added = (vocabulary._score(typo, "knight") for typo in ("knigth", "knighx", "knightt"))
    assert swapped == changed == pytest.approx(100 * (1 - 1 / 12))
    assert added == pytest.approx(100 * (1 - 1 / 13))
    assert vocabulary._score("knight", "knight") == 100.0


def test_the_rule_for_reading_a_typo_is_unchanged() -> None:
    assert (vocabulary.ACCEPT, vocabulary.MARGIN) == (85.0, 4.0)


@pytest.mark.parametrize(("typed", "meant"), [("knigth", "knight"), ("dryda", "dryad"), ("drayd", "dryad"),
                                              ("werewolve", "werewolf"), ("hypnotsit", "hypnotist")])
def test_short_names_with_swapped_letters_are_read(tk: Any, typed: str, meant: str) -> None:
    assert tk.word("being", typed) == meant


def test_a_word_too_far_from_any_name_is_still_refused(tk: Any) -> None:
    from tashkalar_cli.errors import TashkalarError

    for typed in ("knave", "dragn", "kime elemental"):
        with pytest.raises(TashkalarError):
            tk.word("being", typed)

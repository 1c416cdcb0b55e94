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


LANGS = ("en", "fr", "es", "it")
#: a game file of one player whose team is typed ``{team}`` (the file has other problems, reported as findings:
#: a team that is read leaves the file checked, exit 1; a team that is not is bad input, exit 2)
ONE_PLAYER = """\
players:
  - name: Ana
    team: {team}
    heroes:
      - name: Kara
        square: b1
        deck: {{A: 2}}
"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["erd", "rde"])
def test_a_colour_of_three_letters_with_two_letters_swapped_is_read(cli: Any, lang: str, typed: str) -> None:
    r = cli("--lang", lang, "summonable", "--pieces", "e5=blue", "--player", typed)
    assert r.code == 0, r.err


@pytest.mark.parametrize("lang", LANGS)
def test_an_italian_colour_with_two_letters_swapped_is_read(cli: Any, lang: str) -> None:
    r = cli("--lang", lang, "summonable", "--pieces", "e5=bul", "--player", "red", "--json")
    assert r.code == 0, r.err


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["rad", "rd", "dre", "ed"])
def test_any_other_typo_of_a_colour_of_three_letters_is_still_refused(cli: Any, lang: str, typed: str) -> None:
    r = cli("--lang", lang, "summonable", "--pieces", "e5=blue", "--player", typed)
    assert r.code == 2 and f"{typed}" in r.err.splitlines()[0], r.err
    assert "Traceback" not in r.err


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("typed", "read"), [("sdu", True), ("usd", True), ("sru", True),
                                             ("sdd", False), ("sux", False), ("ns", False)])
def test_a_team_of_three_letters_swapped_in_a_letal_file(cli: Any, tmp_path: Any, lang: str, typed: str,
                                                       read: bool) -> None:
    from conftest import write

    path = write(tmp_path / "game.yaml", ONE_PLAYER.format(team=typed))
    r = cli("--lang", lang, "--game", "letal", "letal", "check", str(path))
    assert r.code == (1 if read else 2), (r.out, r.err)
    assert (f"{path}:3:" in r.err) != read


def test_a_swap_is_read_only_when_no_other_name_comes_as_close() -> None:
    from tashkalar_cli.errors import TashkalarError

    lexicon = vocabulary.Lexicon(["abc", "cab", "xyz"], {"en": {"abc": ["abc"], "cab": ["cab"], "xyz": ["xyz"]}},
                                 listed=True)
    assert vocabulary.find_word(lexicon, "color", "bac", lang="en") == "abc"   # cab is two edits away
    with pytest.raises(TashkalarError):
        vocabulary.find_word(lexicon, "color", "acb", lang="en")   # one swap from both abc and cab
    assert vocabulary._score("erd", "red") == vocabulary.ACCEPT
    assert vocabulary._score("rad", "red") < vocabulary.ACCEPT

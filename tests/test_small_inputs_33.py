"""Small points of the outside check of issue 33: words holding control characters, squares quoted as typed,
the YAML parser's problems said in the user's language, one-line unknown fields."""

from __future__ import annotations

import pytest

from tashkalar_cli.errors import InputError
from tashkalar_cli.text.vocabulary import Lexicon, find_word


@pytest.mark.parametrize("typed", ["red \x1b[2Jheroic", "\u202eknight", "kni\u0007ght", "bl\u2066ue"])
def test_a_word_holding_a_control_character_is_refused_not_read_without_it(typed):
    lexicon = Lexicon(["red", "knight", "blue"], {"en": {"red": ["red"], "knight": ["knight"], "blue": ["blue"]}})
    with pytest.raises(InputError) as caught:
        find_word(lexicon, "card", typed)
    assert caught.value.key == "word-control" and "\\" in caught.value.message


def test_a_card_named_with_a_bidi_override_is_refused_in_one_line(cli):
    r = cli("card", "show", "\u202eknight", "--lang", "it")
    assert r.code == 2 and r.err.count("\n") == 1 and "\\u202e" in r.err, r.err


@pytest.mark.parametrize(("command", "text", "meant"), [
    (["letal", "check"], "joueurs:\n  - nom: Ana\n", "players"),
    (["letal", "check"], "players:\n  - name: Ana\n    team: south\n    heroes:\n      - {name: Kara, sqaure: a1}\n",
     "square"),
    (["summon", "knight", "--player", "blue", "--position"], "pices: [e5=red]\n", "pieces"),
    (["score", "--turn"], "mode: duel\nplayer: blue\nsummond: []\n", "summoned"),
])
def test_an_unknown_field_is_one_line_with_its_hint_in_every_reader(cli, tmp_path, command, text, meant):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    for lang in ("en", "es"):
        r = cli(*command, str(path), "--lang", lang)
        assert r.code == 2 and r.err.count("\n") == 1 and meant in r.err, r.err
    r = cli(*command, str(path), "--json")
    assert r.code == 2 and meant in r.err and '"schema-unknown-field-near"' in r.err, r.err

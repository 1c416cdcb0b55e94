"""Small points of the outside check of issue 33: words holding control characters, squares quoted as typed,
the YAML parser's problems said in the user's language, one-line unknown fields."""

from __future__ import annotations

import io

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


@pytest.mark.parametrize(("typed", "shown"), [("Z9=red", "'Z9'"), ("\x1b[2Jd4=red", "'\\x1b[2Jd4'")])
def test_a_bad_square_is_quoted_as_typed(cli, typed, shown):
    r = cli("position", "check", "--pieces", typed)
    assert r.code == 2 and shown in r.err and r.err.count("\n") == 1, r.err


@pytest.mark.parametrize(("text", "line", "kind"), [
    ("pieces: {e5: blue\n", 2, "unclosed"), ("pieces:\n  e5: blue\n   d4: red\n", 3, "colon"),
    ('players:\n - name: "x\n', 3, "quote"), ("mode: duel\nplayer: blue\x00\n", 2, "character"),
    ("a:\n\tb: 1\n", 2, "tab"), ("a:\n  b: 1\n c: 2\n", 3, "indent"),
])
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_yamls_problems_are_said_in_the_language_with_line_and_column(cli, dataset, tmp_path, monkeypatch, text, line,
                                                                      kind, lang):
    path = tmp_path / "t.yaml"
    path.write_bytes(text.encode())
    for given in (str(path), "-"):
        if given == "-":   # standard input has its lines too
            monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        r = cli("score", "--turn", given, "--lang", lang)
        assert r.code == 2 and r.err.count("\n") == 1, r.err
        assert f"{given}:{line}:" in r.err, r.err
        sentence = dataset.locales[lang]["ui"][f"error.bad-yaml-{kind}"].split("{column}")[1][:12]
        assert sentence.strip(" :") in r.err.replace("\u00a0", " ").replace("\u202f", " "), r.err
        for english in ("did not find", "mapping values", "unacceptable", "end of stream", "expected"):
            assert english not in r.err, r.err


def test_a_problem_the_tool_does_not_name_is_the_readers_own_english_said_as_such(cli, dataset, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("a: @b\n", encoding="utf-8")
    r = cli("score", "--turn", str(path), "--lang", "fr")
    assert r.code == 2 and f"{path}:1:" in r.err and "en anglais" in r.err, r.err

"""Errors carry a key and values; each Game says them in its own texts, and none changes another's.

An error's ``str()`` is its default English (the reference locale's), whatever data a program loaded
last: no Game installs its texts in a global that another Game would overwrite.
"""

from __future__ import annotations

import json

import pytest

from tashkalar_cli.errors import NotFoundError, TashkalarError
from tashkalar_cli.game import Game


def _error(game: Game, query: str) -> TashkalarError:
    with pytest.raises(NotFoundError) as found:
        game.card(query)
    return found.value


def _own_english(data_copy):
    """A data folder whose English calls a card not found in words of its own."""
    ui = data_copy / "locales" / "en" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    old = "  error.word.card: \"{where}: no card is called '{value}'\"\n"
    assert old in text
    ui.write_text(text.replace(old, "  error.word.card: \"{where}: the catalog of this folder lacks '{value}'\"\n"),
                  encoding="utf-8")
    return data_copy


def test_two_games_say_their_errors_each_in_its_own_texts_and_neither_changes_the_other(data_copy, tk):
    french = Game(dataset=tk.dataset)
    french.language = "fr"
    first = _error(french, "zzqqx")
    before = str(first)
    own = Game(_own_english(data_copy))
    own.language = "en"
    assert own.dataset.languages   # loading another game's data leaves the errors of the first as they were
    second = _error(own, "yyqqz")
    third = _error(french, "xxqqy")   # raised after the other game loaded its data

    assert own.error_message(second) == "the catalog of this folder lacks 'yyqqz'"
    assert french.error_message(first) == french.error_message(third).replace("xxqqy", "zzqqx")
    assert "zzqqx" in french.error_message(first) and "no card" not in french.error_message(first)   # French
    # str() is the reference English of every game, whichever loaded last
    assert str(first) == before == "no card is called 'zzqqx'"
    assert str(second) == "no card is called 'yyqqz'" and str(third) == "no card is called 'xxqqy'"
    # each game says the other's error in its own texts too
    assert french.error_message(second, "en") == "no card is called 'yyqqz'"
    assert own.error_message(first) == "the catalog of this folder lacks 'zzqqx'"


def test_an_error_raised_with_a_key_keeps_its_values_and_says_them_in_any_texts():
    error = NotFoundError(key="word.card", where="", value="abc", allowed="")
    texts = {"error.word.card": "{where}: nothing named '{value}'"}
    assert error.message_in(texts.get) == "nothing named 'abc'"
    assert error.at("--card").message_in(texts.get) == "--card: nothing named 'abc'"
    assert str(error.at("--card")) == "--card: no card is called 'abc'"
    assert error.localized(texts.get) == "nothing named 'abc'"


#: a text of a file, quoted as each language quotes
QUOTED = {"en": "'1e400'", "fr": "« 1e400 »", "es": "«1e400»", "it": "«1e400»"}


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_a_files_value_is_quoted_as_the_language_quotes_and_a_list_as_a_user_writes_it(cli, tmp_path, lang):
    from conftest import write

    turn = write(tmp_path / "t.yaml", "player: blue\nmode: duel\nplayers: 1e400\ndestroyed: [red]\n")
    r = cli("--lang", lang, "score", "--turn", str(turn))
    assert r.code == 2 and QUOTED[lang].replace(" ", "\u00a0") in r.err.replace(" ", "\u00a0"), r.err
    position = write(tmp_path / "p.yaml", "pieces: {e5: blue}\nmode: [duel, melee]\n")
    r = cli("--lang", lang, "position", "check", str(position))
    assert r.code == 2 and "[duel, melee]" in r.err and "'duel'" not in r.err, r.err
    # the English message of programs keeps Python's writing of the value
    r = cli("--lang", lang, "position", "check", str(position), "--json")
    assert "['duel', 'melee']" in json.loads(r.err)["error"]["message"]


#: the field of a file before its error, joined as each language joins a label and its value (issue 33)
FIELD = {"en": "mode: [duel]", "fr": "mode\u00a0: [duel]", "es": "mode: [duel]", "it": "mode: [duel]"}


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_the_field_before_a_files_error_is_joined_as_the_language_joins_a_label(cli, tmp_path, lang):
    from conftest import write

    position = write(tmp_path / "p.yaml", "pieces: {e5: blue}\nmode: [duel]\n")
    r = cli("--lang", lang, "position", "check", str(position))
    assert r.code == 2 and FIELD[lang] in r.err and "mode: [duel]" in r.err.replace("\u00a0:", ":"), r.err
    game = write(tmp_path / "g.yaml", "players: [{name: A, team: south, heroes: [{name: K, deck: {X: two}}]}]\n")
    r = cli("--lang", lang, "--game", "letal", "letal", "check", str(game))
    field = "players/0/heroes/0/deck/X" + ("\u00a0: " if lang == "fr" else ": ")
    assert r.code == 2 and field in r.err, r.err
    # the English message of programs keeps its colon
    r = cli("--lang", lang, "position", "check", str(position), "--json")
    assert json.loads(r.err)["error"]["message"].startswith("mode: [")

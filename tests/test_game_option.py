"""The game of the line (issue 33): ``--game`` and ``TASHKALAR_GAME`` read by the one word reader (case,
accents, punctuation, a transposition; each game's names in the registry), and the game's errors said in
the language, and as JSON, that the line asks for wherever --lang and --json are written."""

from __future__ import annotations

import json

import pytest

from tashkalar_cli.errors import InputError
from tashkalar_cli.text.vocabulary import find_game


@pytest.mark.parametrize(("typed", "game"), [
    ("letal", "letal"), ("LETAL", "letal"), ("lteal", "letal"), ("letla", "letal"), ("létal", "letal"),
    ("L.E.T.A.L.", "letal"), ("tash kalar", "tash-kalar"), ("tashkalar", "tash-kalar"), ("Tash-Kalar", "tash-kalar"),
    ("tahs-kalar", "tash-kalar")])
def test_a_game_is_read_as_every_word_is(typed, game):
    assert find_game(typed) == game


def test_the_library_reads_a_games_name_as_the_line_does():
    from tashkalar_cli.data.paths import GAMES
    from tashkalar_cli.game import Game, pack_of

    assert pack_of("L.E.T.A.L.") is pack_of("lteal") is pack_of(GAMES["letal"]) is GAMES["letal"]
    assert pack_of(None) is GAMES["tash-kalar"]
    assert Game(game="L.E.T.A.L.").pack is GAMES["letal"]
    with pytest.raises(InputError):
        pack_of("chess")


def test_a_game_named_by_nothing_is_one_line_naming_the_games(cli):
    with pytest.raises(InputError) as caught:
        find_game("chess")
    assert caught.value.key == "unknown-game" and "tash-kalar, letal" in caught.value.message
    r = cli("--game", "chess", "rule", "list")
    assert r.code == 2 and r.err.count("\n") == 1 and "tash-kalar, letal" in r.err, r.err


def test_the_game_typed_in_the_line_is_the_game_read(cli):
    r = cli("--game", "L.E.T.A.L.", "rule", "list", "--json")
    assert r.code == 0, r.err
    r = cli("--game", "lteal", "card", "list")
    assert r.code == 2 and "letal" in r.err


@pytest.mark.parametrize("line", [
    ["--game", "chess", "rule", "list", "--lang", "fr"],
    ["rule", "list", "--game", "chess", "--lang", "fr"],
    ["--game", "letal", "card", "show", "knight", "--lang", "fr"],
    ["card", "show", "knight", "--game", "letal", "-l", "fr"],
])
def test_a_games_error_is_in_the_language_written_after_it(cli, dataset, line):
    r = cli(*line)
    assert r.code == 2 and r.err.count("\n") == 1, r.err
    assert r.err.replace("\xa0", " ").startswith("tashkalar : erreur :"), r.err


@pytest.mark.parametrize("line", [
    ["--game", "chess", "rule", "list", "--json"], ["rule", "list", "--game", "chess", "--json"],
    ["--game", "letal", "card", "list", "--json"], ["card", "show", "knight", "--lang", "it", "--json"]])
def test_a_games_error_is_json_when_json_is_written_after_it(cli, monkeypatch, line):
    monkeypatch.setenv("TASHKALAR_GAME", "chess" if "--game" not in line else "tash-kalar")
    if line[0] == "card":
        monkeypatch.setenv("TASHKALAR_GAME", "letal")
    r = cli(*line)
    assert r.code == 2, r.err
    error = json.loads(r.err)["error"]
    assert error["key"] in {"unknown-game", "wrong-game"}, error


def test_the_environments_game_unknown_is_json_with_json_after_the_command(cli, monkeypatch):
    monkeypatch.setenv("TASHKALAR_GAME", "xx")
    r = cli("rule", "list", "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["key"] == "unknown-game", r.err

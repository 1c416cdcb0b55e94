"""The decks of a L.E.T.A.L. game file name cards as text (issue 29): a key YAML reads as yes/no,
a number or null (``yes``, ``On``, ``1``, ``0x1``, ``null``, ``~``, ``1.5``) is refused with its
file and line, as the locale files' keys are, never merged with another (``yes`` and ``On`` are
both True) nor shown as ``True`` or ``None``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import in_every_language, write


def _game(key: str, other: str = "Guard") -> str:
    cards = ", ".join(f"C{i:02}: 2" for i in range(1, 14))  # 26 cards, and the two below: 30
    more = "\n".join(f"          D{i:02}: 2" for i in range(1, 13))  # 24, and the 7 above: 31
    return f"""\
players:
  - name: Ana
    team: south
    heroes:
      - name: Kara
        square: b1
        deck:
          Fireball: 2
          {key}: 2
          {other}: 2
          Spare: 1
{more}
      - name: Vex
        square: e2
        deck: {{{cards}, V: 2, W: 2}}
  - name: Ben
    team: north
    heroes:
      - name: Oro
        square: b6
        deck: {{{cards}, X: 2, Y: 2}}
      - name: Ilo
        square: c5
        deck: {{{cards}, X: 2, Z: 2}}
"""


KEYS = ["yes", "On", "1", "0x1", "null", "~", "1.5", "true", "no", "2024-01-01"]


@pytest.mark.parametrize("command", ["check", "winner"])
@pytest.mark.parametrize("key", KEYS)
def test_a_deck_key_that_is_not_text_is_refused_with_its_line(cli, tmp_path: Path, key: str, command: str) -> None:
    path = write(tmp_path / "game.yaml", _game(key))
    r = cli("--game", "letal", "letal", command, str(path))
    assert r.code == 2, (r.out, r.err)
    assert len(r.err.strip().splitlines()) == 1, r.err
    assert f"{path}:9:" in r.err and f"'{key}'" in r.err
    assert "True" not in r.err and "None" not in r.err and "Traceback" not in r.err


def test_yes_and_on_are_not_merged_into_one_card(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "game.yaml", _game("yes", other="On"))
    r = cli("--game", "letal", "letal", "check", str(path), "--json")
    assert r.code == 2 and r.out == ""
    error = json.loads(r.err)["error"]
    assert error["line"] == 9 and error["key"] == "yaml-key-not-text" and "'yes'" in error["message"]


def test_the_same_names_in_quotes_are_card_names(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "game.yaml", _game("'yes'", other='"On"'))
    r = cli("--game", "letal", "letal", "check", str(path), "--json")
    assert r.code == 0, (r.out, r.err)
    assert r.json["valid"] is True
    r = cli("--game", "letal", "letal", "check", str(path), "--json")  # read back from the cache of parses
    assert r.code == 0 and r.json["valid"] is True


def test_the_refusal_is_in_the_users_language(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "game.yaml", _game("~"))
    r = cli("--game", "letal", "--lang", "fr", "letal", "check", str(path))
    assert r.code == 2 and f"{path}:9:" in r.err and "«\xa0~\xa0»" in r.err


def test_a_deck_given_as_data_with_a_key_that_is_not_text_is_refused() -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.data.yamlio import parse_yaml
    from tashkalar_cli.errors import InputError

    engine = Game("letal").letal
    data, lines = parse_yaml(_game("Lunge"), "game.yaml")
    deck = data["players"][0]["heroes"][0]["deck"]
    deck[None] = deck.pop("Lunge")
    with pytest.raises(InputError) as caught:
        engine.game_from_data(data, lines, "game.yaml")
    assert caught.value.key == "yaml-key-not-text" and caught.value.line == 7


#: a game file whose field at line 2 of a player (or 6 of a hero) is written ``{key}``
def _localized(key: str, level: str) -> str:
    if level == "file":
        return f"{key}:\n  - name: Ana\n"
    if level == "player":
        return f"players:\n  - {key}: Ana\n    team: south\n    heroes: []\n"
    return f"players:\n  - name: Ana\n    team: south\n    heroes:\n      - name: K\n        {key}: b1\n"


#: fields written in a language (as Tash-Kalar's files, a game file's fields are read by their English names only)
LOCALIZED = [("joueurs", "file", "players"), ("nom", "player", "name"), ("équipe", "player", "team"),
             ("héros", "player", "heroes"), ("case", "hero", "square"), ("jugadores", "file", "players"),
             ("nombre", "hero", "name"), ("equipo", "player", "team"), ("casilla", "hero", "square"),
             ("mazo", "hero", "deck"), ("resistencia", "hero", "endurance"), ("giocatori", "file", "players"),
             ("squadra", "player", "team"), ("eroi", "player", "heroes"), ("mazzo", "hero", "deck")]
LINE = {"file": 1, "player": 2, "hero": 6}


#: each field in one language of the interface in the default run (rotating: every language and every level is
#: there), the other three in the slow run: the field read and the one pointed to do not depend on the language
@pytest.mark.parametrize(("key", "level", "meant", "lang"), in_every_language(
    LOCALIZED, ["en", "fr", "es", "it"], ids=lambda case: "-".join(case)))
def test_a_field_in_another_language_is_named_and_pointed_to_its_field(cli, tmp_path: Path, lang: str, key: str,
                                                                       level: str, meant: str) -> None:
    path = write(tmp_path / "game.yaml", _localized(key, level))
    r = cli("--lang", lang, "--game", "letal", "letal", "check", str(path))
    assert r.code == 2, (r.out, r.err)
    first, *more = r.err.strip().splitlines()
    assert f"{path}:{LINE[level]}:" in first and key in first, r.err
    assert not more and meant in first, r.err   # one line, the field meant inside it (issue 33)
    assert "Traceback" not in r.err
    r = cli("--lang", lang, "--game", "letal", "letal", "check", str(path), "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["hints"] == [meant]


def test_a_field_that_stands_for_none_is_named_with_no_suggestion(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "game.yaml", _localized("equipo", "hero"))   # a team is no field of a hero
    r = cli("--lang", "es", "--game", "letal", "letal", "check", str(path))
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "«equipo»" in r.err, r.err

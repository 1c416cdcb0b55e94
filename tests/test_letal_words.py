"""L.E.T.A.L. game files in any language (issue 33): a team goes through the one word reader of every file of
the tool (any language, case, accents, a part or a typo), and the findings name the teams with the words of the
user's language, those the reader takes."""

from __future__ import annotations

import json

import pytest

from tashkalar_cli.errors import TashkalarError

from conftest import spread

LETAL = ("--game", "letal", "letal")


def _game(south: str, north: str) -> str:
    deck = "{" + ", ".join(f"C{i}: 2" for i in range(15)) + "}"
    return (f"players:\n  - {{name: Ana, team: {json.dumps(south)}, heroes: [{{name: K, square: b1, deck: {deck}}}, "
            f"{{name: L, square: c2, deck: {deck}}}]}}\n"
            f"  - {{name: Ben, team: {json.dumps(north)}, heroes: [{{name: M, square: b6, deck: {deck}}}, "
            f"{{name: N, square: c5, deck: {deck}}}]}}\n")


@pytest.mark.parametrize(("south", "north"), [("sud", "nord"), ("sur", "norte"), ("Sud", "NORD"), ("SÛD", "Nórte"),
                                              ("south", "north"), ("sou", "nor"), ("suth", "nrth")])
def test_teams_are_read_in_any_language(south, north):
    import yaml

    from tashkalar_cli import Game

    game = Game("letal").ruleset.letal.game_from_data(yaml.safe_load(_game(south, north)))
    assert [p.team for p in game.players] == ["south", "north"]


#: the file's words are read alike whatever the user's language: the default run reads it in Spanish (not the file's
#: language), the slow run in the others
@pytest.mark.parametrize("lang", spread(["en", "fr", "es", "it"], start=2))
def test_a_french_file_is_valid(cli, tmp_path, lang):
    path = tmp_path / "partie.yaml"
    path.write_text(_game("sud", "nord"), encoding="utf-8")
    r = cli("--lang", lang, *LETAL, "check", str(path))
    assert r.code == 0, r.out + r.err


@pytest.mark.parametrize(("lang", "word"), [("fr", "(sud)"), ("es", "(sur)"), ("it", "(sud)")])
def test_findings_name_the_teams_in_the_users_words(cli, tmp_path, lang, word):
    path = tmp_path / "partie.yaml"
    path.write_text(_game("sur", "sud").replace("name: N,", "name: n,"), encoding="utf-8")   # both south
    r = cli("--lang", lang, *LETAL, "check", str(path))
    assert r.code == 1 and word in r.out and "south" not in r.out, r.out   # allies seated side by side


@pytest.mark.parametrize(("lang", "allowed"), [("en", "south, north"), ("fr", "sud, nord"), ("es", "sur, norte"),
                                               ("it", "sud, nord")])
def test_an_unknown_team_is_one_line_in_the_language(cli, tmp_path, lang, allowed):
    path = tmp_path / "partie.yaml"
    path.write_text(_game("ouest", "nord"), encoding="utf-8")
    r = cli("--lang", lang, *LETAL, "check", str(path))
    assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1, r.err
    assert f"{path}:2" in r.err and allowed in r.err and "Traceback" not in r.err
    r = cli("--lang", lang, *LETAL, "winner", str(path), "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["key"] == "word.letal.team"


def test_the_engine_alone_reads_the_ids():
    from tashkalar_cli import Game
    from tashkalar_cli.games.letal.engine import LetalEngine

    engine = LetalEngine(Game("letal").dataset.facts["game"])
    assert engine.team(" South ") == "south"
    with pytest.raises(TashkalarError):
        engine.team("sud")

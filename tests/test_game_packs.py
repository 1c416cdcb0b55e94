"""A game per pack: the shared core (:class:`tashkalar_cli.game.Game`) with a typed rules object per game.

Each game's questions are its pack's rules object, loaded by the name the registry gives; a typed caller
cannot ask a game the questions of another (checked by mypy on ``tests/typing/packs.py``), an untyped one
is told ``wrong-game`` at run time; a third game plugs in as data and a rules class, without a change to
the core, and its pack's data brings its commands to the command line, routed to it and refused for another game.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
import typer

from tashkalar_cli.errors import InputError

TYPING = Path(__file__).resolve().parent / "typing" / "packs.py"


@pytest.fixture(scope="module")
def letal():
    from tashkalar_cli import Game

    return Game("letal")


def test_each_game_has_its_rules_object_from_the_registry(tk, letal):
    from tashkalar_cli.data.games import GAMES, rules_class
    from tashkalar_cli.games.letal.rules import LetalRules
    from tashkalar_cli.games.tashkalar.rules import TashkalarRules

    assert type(tk.ruleset) is TashkalarRules and tk.ruleset.game is tk
    assert type(letal.ruleset) is LetalRules and letal.ruleset.game is letal
    assert rules_class(GAMES["tash-kalar"]) is TashkalarRules and rules_class(GAMES["letal"]) is LetalRules
    for pack in GAMES.values():   # every rules object lives in its game's pack
        assert pack.rules.startswith("tashkalar_cli.games."), pack.rules


def test_the_typed_games_are_the_shared_game_with_their_rules(dataset):
    from tashkalar_cli.game import Game
    from tashkalar_cli.games.letal import LetalGame
    from tashkalar_cli.games.letal.rules import LetalRules
    from tashkalar_cli.games.tashkalar import TashkalarGame
    from tashkalar_cli.games.tashkalar.rules import TashkalarRules

    tk, letal = TashkalarGame(dataset=dataset), LetalGame()
    assert isinstance(tk, Game) and isinstance(letal, Game)
    assert (tk.id, letal.id) == ("tash-kalar", "letal")
    assert type(tk.ruleset) is TashkalarRules and type(letal.ruleset) is LetalRules
    assert LetalGame("letal").id == "letal" and TashkalarGame("letal").id == "tash-kalar"   # a data folder


def test_an_untyped_caller_asks_the_game_and_the_rules_object_answers(tk, letal):
    assert tk.summon.__self__ is tk.ruleset and tk.cards is tk.ruleset.cards and tk.engine is tk.ruleset.engine
    assert letal.letal is letal.ruleset.letal and letal.letal.grid.size == 6
    assert letal.glossary is not None and letal.rules.by_id   # the shared services answer for every game


@pytest.mark.parametrize(("game", "question", "owner"), [
    ("letal", "cards", "tash-kalar"), ("letal", "summon", "tash-kalar"), ("letal", "board", "tash-kalar"),
    ("letal", "config", "tash-kalar"), ("tk", "letal", "letal"),
])
def test_a_question_of_another_game_is_wrong_game(tk, letal, game, question, owner):
    chosen = letal if game == "letal" else tk
    with pytest.raises(InputError) as info:
        getattr(chosen, question)
    assert info.value.key == "wrong-game"
    assert (info.value.params["what"], info.value.params["game"], info.value.params["current"]) == (
        question, owner, chosen.id)


@pytest.mark.parametrize("name", ["no_such_question", "_side", "__deepcopy__", "ruleset_of", "require"])
def test_a_name_no_game_has_is_an_attribute_error(letal, name):
    with pytest.raises(AttributeError):
        getattr(letal, name)
    assert not hasattr(letal, name)


def test_a_third_game_plugs_in_as_data_and_a_rules_class(monkeypatch, tk):
    """A game registered as data (its entry, naming its rules class by module and name) is opened, asked its
    own questions and refused another game's, with no change to the core."""
    from tashkalar_cli import Game
    from tashkalar_cli.data.paths import GAMES, GamePack
    from tashkalar_cli.game import GameWords

    class ToyRules:
        def __init__(self, game):
            self.game = game

        def words(self):
            return GameWords(fixed={"color": ["ochre"]})

        def term_name(self, kind, ident, loc):
            return None

        def toss(self) -> str:
            return f"{self.game.id} tossed"

    module = types.ModuleType("toy_pack_for_test")
    module.ToyRules = ToyRules
    monkeypatch.setitem(sys.modules, "toy_pack_for_test", module)
    monkeypatch.setitem(GAMES, "toy", GamePack("toy", "toy", (), ("ui.yaml",), (), rules="toy_pack_for_test:ToyRules"))
    toy = Game("toy")
    assert type(toy.ruleset) is ToyRules and toy.toss() == "toy tossed"
    with pytest.raises(InputError) as info:
        _ = toy.summon
    assert info.value.params["game"] == "tash-kalar" and info.value.params["current"] == "toy"


@pytest.fixture
def toy_pack(monkeypatch):
    """A third game registered in the test, its pack declaring one command (``toss``, a function of a
    module of the test's own) and no other: the command line knows it from the pack's data alone."""
    from tashkalar_cli.data.paths import GAMES, GamePack

    def toss(times: int = typer.Option(1, "--times")) -> None:
        """Toss the toy's coin."""
        typer.echo(f"tossed {times}")

    module = types.ModuleType("toy_commands_for_test")
    module.toss = toss
    monkeypatch.setitem(sys.modules, "toy_commands_for_test", module)
    monkeypatch.setitem(GAMES, "toy", GamePack("toy", "toy", (), ("ui.yaml",), (), rules="toy_pack_for_test:ToyRules",
                                               commands={"toss": "toy_commands_for_test:toss"}))
    monkeypatch.delenv("TASHKALAR_GAME", raising=False)


def test_a_packs_command_is_routed_to_its_game_and_refused_for_another(cli, toy_pack):
    """A command declared by a game's pack runs (its name chooses its game when the line names none, as
    ``letal`` does), is refused for another game (exit 2, one line) before or after its name, shows its help
    for any game, and is listed by ``--help``; the other games' commands are refused for it."""
    from tashkalar_cli.cli.app import command_owner, command_target, commands

    assert commands()["toss"] == command_target("toss") == "toy_commands_for_test:toss"
    assert command_owner("toss") == "toy"
    for line in (["toss", "--times", "3"], ["--game", "toy", "toss", "--times", "3"], ["toss", "--times", "3",
                                                                                      "--game", "toy"]):
        r = cli(*line)
        assert (r.code, r.out, r.err) == (0, "tossed 3\n", ""), line
    wrong = "tashkalar: error: 'toss' is for the game toy, and the game chosen is tash-kalar (--game toy to use it)\n"
    for line in (["--game", "tash-kalar", "toss"], ["toss", "--game", "tash-kalar"],
                 ["--game", "tash-kalar", "toss", "--times", "x"]):
        r = cli(*line)
        assert (r.code, r.out, r.err) == (2, "", wrong), line
    r = cli("--game", "letal", "toss", "--json")   # --json asks for JSON, wherever it is (issue 33)
    assert r.code == 2 and json.loads(r.err)["error"]["message"].startswith(
        "'toss' is for the game toy, and the game chosen is letal"), r.err
    r = cli("--game", "letal", "toss", "--help")
    assert r.code == 0 and "Toss the toy's coin." in r.out and "--times" in r.out
    r = cli("--game", "toy", "card", "show", "knight")
    assert (r.code, r.out) == (2, "") and r.err == (
        "tashkalar: error: 'card' is for the game tash-kalar, and the game chosen is toy (--game tash-kalar to use "
        "it)\n")
    r = cli("--game", "toy", "letal", "area", "c3")
    assert r.code == 2 and "'letal' is for the game letal" in r.err
    listed = cli("--help").out
    assert re.search(r"^\W*toss\s", listed, re.MULTILINE), listed   # (its summary is a ui.yaml text: none here)
    assert listed.index(" board ") < listed.index(" toss ")   # a new game's commands come after the known ones


def test_the_commands_are_the_lines_own_and_each_packs_once():
    """Every command is the command line's own or one pack's, none declared twice, each listed in the help's
    order; a game's command names its module and attribute, which exist."""
    import importlib

    from tashkalar_cli.cli.app import LISTED, OWN_COMMANDS, command_owner, command_target, commands
    from tashkalar_cli.data.paths import GAMES

    declared = [name for pack in GAMES.values() for name in pack.commands]
    assert len(declared) == len(set(declared)) and not set(declared) & set(OWN_COMMANDS)
    assert list(commands()) == list(LISTED) and sorted(LISTED) == sorted([*OWN_COMMANDS, *declared])
    for pack in GAMES.values():
        for name, target in pack.commands.items():
            module, _, attr = target.partition(":")
            assert command_owner(name) == pack.id and hasattr(importlib.import_module(module), attr), target
    assert {name for name in OWN_COMMANDS if command_owner(name) is None} == set(OWN_COMMANDS)
    assert command_owner("letal") == "letal" and command_owner("summon") == "tash-kalar"
    assert all(command_target(name) == target for name, target in commands().items())
    assert command_target("toss") is None and command_owner("toss") is None   # (no toy here)


def test_opening_letal_loads_nothing_of_tash_kalar():
    """The L.E.T.A.L. pack asks nothing of Tash-Kalar's: opening it, asking its grid and reading a keyword
    loads neither Tash-Kalar's pack nor its summoning engine (a fresh process: this one has both)."""
    code = ("import sys\nfrom tashkalar_cli import Game\ng = Game('letal')\n"
            "g.letal.area(g.letal.grid.parse('c3'), 'adjacent')\ng.word('keyword', g.glossary.keywords[0].id)\n"
            "print(sorted(m for m in sys.modules if m.startswith(('tashkalar_cli.games', 'tashkalar_cli.games.tashkalar.engine'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    loaded = proc.stdout.strip()
    assert "tashkalar_cli.games.letal.rules" in loaded and "tashkalar_cli.games.tashkalar" not in loaded, loaded
    assert "tashkalar_cli.games.tashkalar.engine.summoning" not in loaded, loaded


@pytest.mark.slow
def test_mypy_rejects_a_question_of_another_game(tmp_path):
    """``tests/typing/packs.py`` type-checks as it is (the project's mypy checks it too), and without its
    ``type: ignore`` comments each marked line is an error: a Tash-Kalar question of a L.E.T.A.L. game, or
    the reverse, does not type-check, while the ``assert_type`` lines around them do."""
    api = pytest.importorskip("mypy.api")
    text = TYPING.read_text(encoding="utf-8")
    marked = [n for n, line in enumerate(text.splitlines(), 1) if "# type: ignore[attr-defined]" in line]
    assert len(marked) == 9
    bare = tmp_path / "packs_bare.py"
    bare.write_text(text.replace("  # type: ignore[attr-defined]", ""), encoding="utf-8")
    args = ["--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), "--config-file", "",
            "--no-error-summary", "--hide-error-context", "--show-error-codes"]
    out, err, status = api.run([*args, str(TYPING), str(bare)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert all(line.startswith(str(bare)) for line in errors), out + err
    assert sorted(int(line.split(":")[1]) for line in errors) == marked, out + err
    assert all(re.search(r'has no attribute "\w+"  \[attr-defined\]', line) for line in errors), out
    assert status == 1

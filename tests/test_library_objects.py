"""A library that takes what it gives: ``Game.resolve``, ``Game.apply`` and every question that takes a summon
accept the objects the library returned (a :class:`Placement`, a :class:`Square`, an :class:`Orientation`, a
:class:`Being`), a wrong type is an :class:`InputError` naming the parameter (never an AttributeError or a
TypeError), the library's errors name its parameters (``pieces``, ``orientation``) where the command line
names its options (``--pieces``), and the README's bot example runs as written."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from tashkalar_cli.errors import InputError, TashkalarError

from conftest import REPO

#: the newcomer's position: the Crystal Mirror's pattern is symmetric, on c5 in r0 and r180
MIRROR = ("c6=blue:heroic,b5=blue,e3=blue,c4=blue,h8=blue:heroic,h2=blue,e1=blue,f3=blue,"
          "d4=red:heroic,g3=red,c2=red,b3=red,e2=red:heroic,a4=red")


@pytest.fixture(scope="module")
def lib(tk):
    """The library's game (the ``game`` fixture of conftest is the game's numbers)."""
    return tk


@pytest.fixture(scope="module")
def mirror(lib):
    game = lib
    pos = game.position(pieces=MIRROR)
    return pos, game.summon("crystal-mirror", pos, "blue")


def test_a_placement_is_taken_back_whole(lib, mirror):
    game = lib
    pos, verdict = mirror
    on_c5 = [p for p in verdict.placements if game.board.name(p.target) == "c5"]
    assert sorted(p.orientation.name for p in on_c5) == ["r0", "r180"]   # symmetric: two on one square
    for placement in on_c5:
        by_placement = game.resolve(verdict.card, pos, "blue", placement)
        by_parts = game.resolve(verdict.card, pos, "blue", placement.target, orientation=placement.orientation)
        by_names = game.resolve("crystal-mirror", pos, "blue", "c5", orientation=placement.orientation.name)
        assert by_placement.applied.placement.orientation.name == placement.orientation.name
        assert ([o.to_dict() for o in by_placement.outcomes] == [o.to_dict() for o in by_parts.outcomes]
                == [o.to_dict() for o in by_names.outcomes])
        applied = game.apply(verdict.card, pos, "blue", placement)
        assert applied.position.to_dict() == by_placement.applied.position.to_dict()


def test_every_placement_of_every_verdict_resolves(lib, mirror):
    """The bot's loop, over every being blue may summon here: none raises, symmetric patterns included."""
    game = lib
    pos, _ = mirror
    resolved = 0
    for verdict in game.summonable(pos, "blue"):
        for placement in verdict.placements:
            result = game.resolve(verdict.card, pos, "blue", placement)
            assert result.applied.placement.target == placement.target
            resolved += 1
    assert resolved > 20


def test_an_orientation_given_wins_over_the_placements(lib, mirror):
    game = lib
    pos, verdict = mirror
    r0 = next(p for p in verdict.placements if game.board.name(p.target) == "c5" and p.orientation.name == "r0")
    played = game.apply(verdict.card, pos, "blue", r0, orientation="r180")
    assert played.placement.orientation.name == "r180"


def test_choose_plays_the_outcome_and_its_position_is_a_position(lib, mirror):
    game = lib
    pos, verdict = mirror
    placement = verdict.placements[0]
    every = game.resolve(verdict.card, pos, "blue", placement)
    chosen = game.resolve(verdict.card, pos, "blue", placement, choose=every.resolution.count)
    assert chosen.position.to_dict() == every.outcomes[-1].position.to_dict()
    assert game.summonable(chosen.position, "red")   # the opponent's turn on it


def _refused(call) -> InputError:
    try:
        call()
    except TashkalarError as exc:
        assert isinstance(exc, InputError), type(exc)
        return exc
    raise AssertionError("accepted")


@pytest.mark.parametrize(("name", "call", "param"), [
    ("at-float", lambda g, pos: g.resolve("crystal-mirror", pos, "blue", 3.5), "at"),
    ("at-list", lambda g, pos: g.apply("crystal-mirror", pos, "blue", ["c5"]), "at"),
    ("at-bool", lambda g, pos: g.apply("crystal-mirror", pos, "blue", True), "at"),
    ("at-off-board", lambda g, pos: g.apply("crystal-mirror", pos, "blue", 999), "at"),
    ("orientation-int", lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5", orientation=90), "orientation"),
    ("take-back-float", lambda g, pos: g.apply("crystal-mirror", pos, "blue", "c5", take_back=1.5), "take_back"),
    ("card-int", lambda g, pos: g.resolve(5, pos, "blue", "c5"), "card"),
    ("card-none", lambda g, pos: g.summon(None, pos, "blue"), "card"),
    ("cards-int", lambda g, pos: g.summonable(pos, "blue", [3]), "card"),
    ("position-str", lambda g, pos: g.apply("crystal-mirror", "pos.yaml", "blue", "c5"), "position"),
    ("player-int", lambda g, pos: g.summon("knight", pos, 3), "player"),
    ("turn-str", lambda g, pos: g.apply("crystal-mirror", pos, "blue", "c5", orientation="r0", turn="t.yaml"), "turn"),
    ("pieces-list", lambda g, pos: g.position(pieces=["e5=blue"]), "pieces"),
    ("path-int", lambda g, pos: g.position(3), "path"),
    ("hand-int", lambda g, pos: g.summonable(pos, "blue", hand=[3]), "hand"),
    ("flare-int", lambda g, pos: g.flare(3, pos, "blue"), "flare"),
    ("task-int", lambda g, pos: g.tasks(g.position(pieces="e5=blue,d4=red", mode="high-form"), "blue", tasks=[3]),
     "task"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_a_wrong_type_is_bad_input_naming_the_parameter(lib, mirror, name, call, param):
    game = lib
    pos, _ = mirror
    exc = _refused(lambda: call(game, pos))
    assert str(exc).startswith(f"{param}: "), str(exc)
    assert "--" not in str(exc)


def test_a_card_of_another_type_is_said_so(lib, mirror):
    game = lib
    pos, _ = mirror
    assert _refused(lambda: game.resolve(game.card("flare-3-6"), pos, "blue", "c5")).key == "not-a-being"
    assert _refused(lambda: game.flare(game.card("knight"), pos, "blue")).key == "not-a-flare"


def test_a_path_may_be_a_path_object(lib, tmp_path):
    from conftest import write

    path = write(tmp_path / "p.yaml", "pieces: {e5: blue}\n")
    assert lib.position(path).to_dict() == lib.position(str(path)).to_dict()


@pytest.mark.parametrize(("call", "said"), [
    (lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5"), "choose one with orientation (r0, r180)"),
    (lambda g, pos: g.apply("crystal-mirror", pos, "blue", "c5", orientation="r45"), "orientation: 'r45'"),
    (lambda g, pos: g.apply("crystal-mirror", pos, "blue", "c5", orientation="r0", take_back="e3"), "take_back: "),
    (lambda g, pos: g.apply("crystal-mirror", pos, "blue", "a1"), "at: 'a1' is a cut corner"),
    (lambda g, pos: g.position(pieces="z9=blue"), "pieces: 'z9' is not a square"),
    (lambda g, pos: g.position(pieces="z9"), "pieces: 'z9' should be"),
    (lambda g, pos: g.position(pieces="e5=blue", mode="xx"), "mode: 'xx'"),
    (lambda g, pos: g.summon("knight", pos, "purple"), "player: purple is not in this game"),
    (lambda g, pos: g.summon("knight", pos, "blue", allow_enemy="blue"), "allow_enemy: blue"),
    (lambda g, pos: g.position(), "path FILE and/or pieces"),
    (lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5", orientation="r0", choose=99), "choose 99: "),
    (lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5", orientation="r0", choose="only"), "with choose N"),
    (lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5", orientation="r0", actions_left=-1),
     "actions_left: -1"),
    (lambda g, pos: g.resolve("crystal-mirror", pos, "blue", "c5", orientation="r0", max_states=-1), "max_states: -1"),
    (lambda g, pos: g.play_flare("flare-2-5", pos, "blue", "middle"), "side: 'middle'"),
    (lambda g, pos: g.play_flare("flare-2-5", g.position(pieces="e5=blue,d4=red"), "blue", choose=1),
     "(side upper or side lower"),
    (lambda g, pos: g.plan(pos, "blue", ["knight"], actions=0), "actions: 0"),
    (lambda g, pos: g.position(pieces="e5=blue", mode="melee", players=9), "players: "),
])
def test_library_errors_name_the_parameters(lib, mirror, call, said):
    game = lib
    pos, _ = mirror
    exc = _refused(lambda: call(game, pos))
    assert said in str(exc) and "--" not in str(exc), str(exc)


def test_a_turn_record_read_by_the_library_names_the_parameters(lib, tmp_path):
    from conftest import write

    path = str(write(tmp_path / "turn.yaml", "player: blue\n"))
    assert "mode: 'xx'" in str(_refused(lambda: lib.turn(path, mode="xx")))
    assert str(_refused(lambda: lib.turn(path, mode="melee", players=9))).startswith("players: ")



@pytest.mark.parametrize(("args", "said"), [
    (["summon", "crystal-mirror", "--pieces", MIRROR, "--player", "blue", "--apply", "--at", "c5"],
     "choose one with --orientation (r0, r180)"),
    (["summon", "crystal-mirror", "--pieces", MIRROR, "--player", "blue", "--apply", "--at", "c5", "--orientation",
      "r45"], "--orientation: 'r45'"),
    (["summon", "crystal-mirror", "--pieces", MIRROR, "--player", "blue", "--apply", "--at", "c5", "--orientation",
      "r0", "--take-back", "e3"], "--take-back: "),
    (["summon", "knight", "--pieces", MIRROR, "--player", "blue", "--apply", "--at", "a1"], "--at: 'a1' is a cut"),
    (["position", "check", "--pieces", "z9=blue"], "--pieces: 'z9' is not a square"),
    (["position", "check", "--pieces", "z9"], "--pieces: 'z9' should be"),
    (["position", "check", "--pieces", "e5=blue", "--mode", "xx"], "--mode: 'xx'"),
    (["summon", "knight", "--pieces", MIRROR, "--player", "purple"], "--player: purple is not in this game"),
    (["summon", "knight", "--pieces", MIRROR, "--player", "blue", "--allow-enemy", "blue"], "--allow-enemy: blue"),
    (["summon", "knight", "--player", "blue"], "--position FILE and/or --pieces"),
    (["flare", "play", "flare-2-5", "--player", "blue", "--pieces", "e5=blue,d4=red", "--choose", "1"],
     "--choose 1: no half"),
    (["summon", "swordmaster", "--player", "blue", "--pieces", "e5=blue,e3=blue,d5=red,f5=red,f3=red:heroic",
      "--apply", "--at", "e4", "--effects", "--effect-states", "-1"], "--effect-states: -1"),
])
def test_the_command_line_names_its_options(cli, args, said):
    r = cli(*args)
    assert r.code == 2 and said in r.err and len(r.err.strip().splitlines()) == 1, r.err
    as_json = cli(*args, "--json")
    assert as_json.code == 2 and said in (as_json.out + as_json.err)


def test_the_readme_bot_example_runs_as_written():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    bot = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if "game.resolve(" in b]
    assert len(bot) == 1, "the README has one bot example"
    assert "placement)" in bot[0] and "choose=n" in bot[0] and '"red")' in bot[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(bot[0], "README.md", "exec"), {})
    first, replies = out.getvalue().splitlines()
    card, square, destroyed = first.split(" ", 2)
    assert card and re.fullmatch(r"[a-i][1-9]", square) and "red" in destroyed
    assert replies.startswith("[") and replies != "[]"

"""Defects fixed in the core, the library entry point against the command line, and one rule for player counts.

Each test of a fixed defect fails on the old behaviour:

- ``score --mode duel --players 3`` was accepted (exit 0, "players": 3); ``--mode melee --players 3`` on a
  duel record with plain-number scores crashed (now an internal error would exit 70);
- ``task check ... --against blue --player blue`` was accepted (a player is not their own opponent);
- the arrows of a placement that point from off-board squares were lost from the JSON ``arrows``.
"""

from __future__ import annotations

import json

import pytest

from tashkalar_cli.errors import EXIT_BAD_INPUT, InputError

from conftest import write

DIRECTIONS = {"n", "ne", "e", "se", "s", "sw", "w", "nw"}


def one_line_error(r) -> str:
    """The command failed as bad input, with one line on stderr and nothing on stdout."""
    assert r.code == EXIT_BAD_INPUT, (r.code, r.out, r.err)
    assert r.err.strip() and r.err.strip().count("\n") == 0, r.err
    assert "Traceback" not in r.err and r.out == ""
    return r.err


# ------------------------------------------------------------------ fixed defects

DUEL_RECORD = "player: blue\nmode: duel\ndestroyed: [red, red]\nscores: {blue: 12, red: 9}\n"


def test_a_duel_has_two_sides_whatever_players_says(cli, tmp_path):
    turn = str(write(tmp_path / "duel.yaml", DUEL_RECORD))
    ok = cli("score", "--turn", turn, "--json")
    assert ok.code == 0, ok.err
    assert ok.json["mode"] == "duel" and ok.json["players"] == 2
    for args in (("--mode", "duel", "--players", "3"), ("--players", "3")):
        err = one_line_error(cli("score", "--turn", turn, *args))
        assert "--players" in err and "duel" in err and "2 sides" in err and "3" in err, err
        r = cli("score", "--turn", turn, *args, "--json")
        assert r.code == EXIT_BAD_INPUT and r.out == "", "no score is printed for a refused record"


def test_a_melee_override_of_a_duel_record_with_plain_scores_is_bad_input(cli, tmp_path):
    turn = str(write(tmp_path / "duel.yaml", DUEL_RECORD))
    err = one_line_error(cli("score", "--turn", turn, "--mode", "melee", "--players", "3"))
    assert "melee" in err and "points per color" in err, err
    r = cli("score", "--turn", turn, "--mode", "melee", "--players", "3", "--json")
    assert r.code == EXIT_BAD_INPUT, "bad input, not an internal error (70)"
    assert json.loads(r.err)["error"]["code"] == "bad-input"


HIGH_FORM = "mode: high-form\npieces:\n  c8: blue heroic\n  a5: blue heroic\n  d2: red heroic\n"


@pytest.mark.parametrize("command", [("task", "check", "rainbow-dominance"), ("flare", "check", "flare-3-6")])
def test_a_player_is_not_their_own_opponent(cli, tmp_path, command):
    position = str(write(tmp_path / "p.yaml", HIGH_FORM))
    ok = cli(*command, "--position", position, "--player", "blue", "--against", "red", "--json")
    assert ok.code == 0, ok.err
    assert ok.json["against"] == "red"
    err = one_line_error(cli(*command, "--position", position, "--player", "blue", "--against", "blue"))
    assert "--against" in err and "own" in err, err


def test_task_check_against_self_is_refused_by_the_library_too(tk):
    position = tk.position(pieces="c8=blue:heroic,a5=blue:heroic,d2=red:heroic", mode="high-form")
    assert tk.task("rainbow-dominance", position, "blue", "red").against == "red"
    with pytest.raises(InputError, match="own color"):
        tk.task("rainbow-dominance", position, "blue", "blue")
    with pytest.raises(InputError, match="own color"):
        tk.tasks(position, "blue", "blue")


def test_cannon_arrows_from_off_the_board_are_all_listed(cli):
    card = cli("card", "show", "cannon", "--json").json
    assert card["pattern"] == [". nw n ne", ". c t+c e", "c sw s se"]
    pattern_arrows = [part for row in card["pattern"] for token in row.split() for part in token.split("+")
                      if part in DIRECTIONS]
    assert sorted(pattern_arrows) == sorted(["nw", "n", "ne", "e", "sw", "s", "se"])  # 7 arrows: no "w" on the card
    # the summoning square e9 (top row) holds a blue common piece; d9 and c8 complete the pattern: the
    # squares above row 9, from which nw, n and ne point, are off the board
    r = cli("summon", "cannon", "--pieces", "d9=blue,e9=blue,c8=blue", "--player", "blue", "--json")
    assert r.code == 0, r.err
    out = r.json
    assert out["legal"] and out["placements"]
    upright = next(pl for pl in out["placements"] if pl["target"] == "e9" and pl["orientation"]["name"] == "r0")
    assert sorted(upright["pattern_squares"]) == ["c8", "d9", "e9"]
    assert sorted(upright["arrows"]["off-board"]) == ["n", "ne", "nw"], upright["arrows"]
    assert {sq: d for sq, d in upright["arrows"].items() if sq != "off-board"} == {
        "d8": ["sw"], "e8": ["s"], "f8": ["se"], "f9": ["e"]}
    for pl in out["placements"]:
        by_square = pl["arrows"]
        assert sum(len(d) for d in by_square.values()) == len(pattern_arrows), by_square
        listed = pl["arrow_list"]
        assert len(listed) == len(pattern_arrows), pl
        assert sorted(a["direction"] for a in listed) == sorted(pattern_arrows)
        assert sorted(by_square.get("off-board", [])) == sorted(a["direction"] for a in listed if a["square"] is None)
        for a in listed:
            if a["square"] is not None:
                assert a["direction"] in by_square[a["square"]]


# ------------------------------------------------------------------ the library entry point and the CLI agree

PIECES = "a5=blue,c3=red:heroic,c4=red:heroic,c5=red:heroic,c6=red,c7=red,d3=red,d4=red,e4=blue,e6=blue"


def test_the_library_gives_the_answers_of_the_command_line(cli, tmp_path):
    from tashkalar_cli import Game
    from tashkalar_cli.games.tashkalar.render import jsonout
    from tashkalar_cli.render.jsonout import document

    game = Game()
    position = game.position(pieces=PIECES)

    shown = cli("position", "check", "--pieces", PIECES, "--json").json
    assert shown == document("position-check", {"valid": True, **position.to_dict()})
    assert shown["pieces"]["c3"] == {"color": "red", "rank": "heroic"} and shown["mode"] == "duel"

    verdict = game.summon("swordmaster", position, "blue")
    summoned = cli("summon", "swordmaster", "--pieces", PIECES, "--player", "blue", "--json").json
    assert summoned == document("summon", jsonout.verdict(verdict, game.board))
    assert summoned["legal"] and "e5" in summoned["targets"]

    verdicts = game.summonable(position, "blue")
    listed = cli("summonable", "--pieces", PIECES, "--player", "blue", "--all", "--json").json
    assert [c["card"] for c in listed["cards"]] == [v.card.id for v in verdicts]
    assert {c["card"] for c in listed["cards"] if c["legal"]} == {v.card.id for v in verdicts if v.legal}
    assert "swordmaster" in {v.card.id for v in verdicts if v.legal}

    flare = game.flare("flare-3-5", position, "blue")
    checked = cli("flare", "check", "flare-3-5", "--pieces", PIECES, "--player", "blue", "--json").json
    assert checked == document("flare", jsonout.flare(flare))
    assert (flare.against, flare.halves) == ("red", ["upper"]), "red leads by 3 upgraded pieces, but by 4 pieces only"

    tasks = game.tasks(game.position(pieces=PIECES, mode="high-form"), "blue")
    answered = cli("task", "check", "--all", "--pieces", PIECES, "--player", "blue", "--json").json
    assert {t["task"]: t["met"] for t in answered["tasks"]} == {t.task: t.met for t in tasks}
    assert answered["tasks"] == [jsonout.task(t, game.board) for t in tasks]
    assert len(tasks) == 24 and any(t.met is None for t in tasks) and any(t.met is False for t in tasks)

    path = str(write(tmp_path / "t.yaml", "player: blue\ndestroyed: [red heroic, red, red]\nsummoned: [fire-dragon e5]\n"
                                         "scores: {blue: 10, red: 3}\n"))
    score = game.score(game.turn(path))
    scored = cli("score", "--turn", path, "--json").json
    assert scored == document("score", jsonout.score(score, 2))
    assert scored["points"] == score.points_for == {"blue": 3} and scored["totals"] == {"blue": 13, "red": 3}


# ------------------------------------------------------------------ one rule for modes and player counts

def _position(mode: str, players: int) -> str:
    return f"mode: {mode}\nplayers: {players}\npieces:\n  e5: blue\n  d4: red\n"


def _turn(mode: str, players: int) -> str:
    return f"player: blue\nmode: {mode}\nplayers: {players}\ndestroyed: [red]\n"


BAD_COUNTS = [("duel", 3), ("duel", 4), ("melee", 2), ("melee", 5), ("high-form", 3)]
POSITION_COMMANDS = [("position", "check"), ("summon", "swordmaster", "--player", "blue"),
                     ("summonable", "--player", "blue"), ("flare", "check", "flare-3-6", "--player", "blue"),
                     ("task", "check", "side-chain", "--player", "blue")]


@pytest.mark.parametrize("mode, players", BAD_COUNTS)
def test_positions_with_a_wrong_player_count_are_refused(cli, tk, tmp_path, mode, players):
    path = str(write(tmp_path / "p.yaml", _position(mode, players)))
    for command in POSITION_COMMANDS:
        if command[0] == "task" and players == 2:
            continue  # task check reads every position as High Form (a 2-side game): the file's mode is overridden
        args = [*command[:2], path, *command[2:]] if command[0] == "position" else [*command, "--position", path]
        err = one_line_error(cli(*args))
        assert "p.yaml:2:" in err and str(players) in err, (command, err)
    with pytest.raises(InputError, match=str(players)):
        tk.position(path)
    if mode != "high-form" and players <= 4:
        with pytest.raises(InputError, match=f"not {players}"):
            tk.position(pieces="e5=blue", mode=mode, players=players)


@pytest.mark.parametrize("mode, players", BAD_COUNTS)
def test_turn_records_with_a_wrong_player_count_are_refused(cli, tk, tmp_path, mode, players):
    path = str(write(tmp_path / "t.yaml", _turn(mode, players)))
    err = one_line_error(cli("score", "--turn", path))
    assert "t.yaml:3:" in err and str(players) in err, err
    with pytest.raises(InputError, match=str(players)):
        tk.turn(path)


@pytest.mark.parametrize("record, args", [
    pytest.param(("duel", 2), ("--players", "3"), id="duel-players-3"),
    pytest.param(("duel", 2), ("--mode", "duel", "--players", "4"), id="duel-mode-duel-players-4"),
    pytest.param(("melee", 3), ("--players", "2"), id="melee-players-2"),
    pytest.param(("melee", 3), ("--players", "5"), id="melee-players-5"),
    pytest.param(("melee", 3), ("--players", "-1"), id="melee-players--1"),
    pytest.param(("melee", 4), ("--mode", "duel"), id="melee-4-mode-duel"),
    pytest.param(("melee", 3), ("--players", "0"), id="melee-players-0"),
])
def test_the_players_override_is_checked_like_the_record(cli, tmp_path, record, args):
    path = str(write(tmp_path / "t.yaml", _turn(*record)))
    assert cli("score", "--turn", path).code == 0
    err = one_line_error(cli("score", "--turn", path, *args))
    assert "sides" in err or "players" in err, err


def test_the_library_checks_the_players_override(tk, tmp_path):
    path = str(write(tmp_path / "t.yaml", _turn("melee", 3)))
    assert tk.turn(path, players=4).players == 4
    for players in (2, 5):
        with pytest.raises(InputError, match=f"not {players}"):
            tk.turn(path, players=players)
    with pytest.raises(InputError, match="2 sides, not 3"):
        tk.turn(path, mode="duel")
    with pytest.raises(InputError, match="2 sides, not 3"):
        tk.position(pieces="e5=blue", mode="duel", players=3)

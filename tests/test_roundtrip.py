"""One position format, in and out: every position the tool prints (JSON or YAML, in every command that
prints one: ``position show``/``check``, ``summon --apply`` with and without ``--effects``/``--choose``,
``flare play``, ``plan --positions``, ``plan --task``/``--flare``) reads back through ``position check -``
as the same position, the fields the JSON derives (``supply.<color>.double_sided``, and the ``schema`` and
``valid`` of a whole position output) included; a derived field that contradicts the rest is refused in
one line (exit 2). With ``--choose N``, ``.position`` is the chosen outcome's, as the text and the files
written say (the summon's alone is ``.position_after_summon``)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import write

#: a High Form position with every part a position has: a supply stated, a task claimed, decks, a Gateway
#: (Nethervoid), a legendary piece; the Swordmaster on e4 has 3 outcomes
FULL = """\
mode: high-form
pieces: {e5: blue, e3: blue, d5: red, f5: red, f3: red heroic, c7: blue, g3: red legendary}
supply: {blue: {common: 9, legendary: 2}}
tasks_claimed: {red: [destruction]}
decks: {blue: nethervoid, red: highland}
gateway: {blue: c7}
"""
#: flare-2-5 for blue: 65 outcomes (the blue common leaps to any empty square, or not)
FLARE = "e5=blue,d4=red:heroic,d6=red:heroic,f6=red:heroic,f4=red"
#: a place on e5 completes blue's center cross (High Form)
CROSS = "d5=blue,f5=blue,e4=blue,e6=blue,a5=red"
#: blue leads red by 3 pieces: the Swordmaster that destroys red's d6 makes the flare playable by red
LEAD = "e4=blue,e6=blue,b2=blue,h2=blue,b8=blue,d6=red,i5=red"
PLAN = "d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic"

#: at most this many positions of one output are read back (the first, the last and some between)
MOST = 6


def _feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8"))


def _read_back(cli: Any, monkeypatch: pytest.MonkeyPatch, text: str) -> dict[str, Any]:
    """``text`` (a position as the tool printed it) read by ``position check - --json``: the position it is."""
    _feed(monkeypatch, text)
    r = cli("position", "check", "-", "--json")
    assert r.code == 0, (r.err, text[:400])
    data = r.json
    assert data.pop("schema").startswith("output-position-check/") and data.pop("valid") is True
    return dict(data)


def _positions(data: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every position in an output, with where it is (a position: an object with pieces and supply)."""
    if isinstance(data, dict):
        if "pieces" in data and "supply" in data and "mode" in data:
            yield path or ".", data
            return
        for key, value in data.items():
            yield from _positions(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _positions(value, f"{path}[{i}]")


def _spread(found: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    if len(found) <= MOST:
        return found
    step = (len(found) - 1) / (MOST - 1)
    return [found[round(i * step)] for i in range(MOST)]


def _without_output_fields(position: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in position.items() if k not in ("schema", "valid")}


def _full(tmp_path: Any) -> str:
    return str(write(tmp_path / "full.yaml", FULL))


#: (a name, the command's arguments ({full}: the position file above), how many positions it prints at least)
COMMANDS: list[tuple[str, list[str], int]] = [
    ("position-show", ["position", "show", "{full}"], 1),
    ("position-check", ["position", "check", "{full}"], 1),
    ("summon-apply", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at", "e4"], 1),
    ("summon-effects", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at", "e4",
                        "--effects"], 4),
    ("summon-choose", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at", "e4",
                       "--effects", "--choose", "2"], 5),
    ("flare-play", ["flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE], 65),
    ("flare-choose", ["flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE, "--choose", "3"], 66),
    ("plan-positions", ["plan", "--player", "blue", "--pieces", PLAN, "--hand", "knight", "--positions"], 3),
    ("plan-task", ["plan", "--player", "blue", "--pieces", CROSS, "--mode", "high-form", "--task", "center-cross"], 2),
    ("plan-flare", ["plan", "--player", "blue", "--pieces", LEAD, "--hand", "swordmaster", "--flare", "flare-3-5"], 1),
]


@pytest.mark.parametrize(("name", "args", "least"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_json_position_reads_back_as_itself(cli, monkeypatch, tmp_path, name, args, least):
    full = _full(tmp_path)
    r = cli(*[a.replace("{full}", full) for a in args], "--json")
    assert r.code == 0, r.err
    data = r.json
    found = list(_positions(data))
    assert len(found) >= least, name
    if name.startswith("position-"):    # the whole output is the position: it reads back as it is printed
        assert _read_back(cli, monkeypatch, r.out) == _without_output_fields(data)
    for where, position in _spread(found):
        position = _without_output_fields(position)
        assert _read_back(cli, monkeypatch, json.dumps(position)) == position, (name, where)


def test_the_json_of_a_full_position_keeps_every_part(cli, tmp_path):
    data = cli("position", "show", _full(tmp_path), "--json").json
    assert data["gateway"] == {"blue": "c7"} and data["decks"] == {"blue": "nethervoid", "red": "highland"}
    assert data["supply"]["blue"] == {"common": 9, "double_sided": 9, "legendary": 2}
    assert data["tasks_claimed"] == {"red": ["destruction"]}


def test_a_position_without_gateway_prints_as_before(cli):
    data = cli("position", "show", "--pieces", FLARE, "--json").json
    assert list(data) == ["schema", "mode", "players", "pieces", "supply", "tasks_claimed", "decks"]


#: the text answers that are a position file: each reads back as the position the JSON gives
TEXTS: list[tuple[str, list[str], str]] = [
    ("yaml", ["position", "show", "{full}", "--format", "yaml"], "."),
    ("diagram", ["position", "show", "{full}", "--format", "diagram"], "."),
    ("summon-apply", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at", "e4"],
     ".position"),
    ("summon-choose", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at", "e4",
                       "--effects", "--choose", "2"], ".position"),
    ("flare-choose", ["flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE, "--choose", "3"],
     ".position"),
]


@pytest.mark.parametrize(("name", "args", "field"), TEXTS, ids=[t[0] for t in TEXTS])
def test_every_text_position_reads_back_as_the_json_says(cli, monkeypatch, tmp_path, name, args, field):
    full = _full(tmp_path)
    args = [a.replace("{full}", full) for a in args]
    text = cli(*args)
    assert text.code == 0, text.err
    as_json = cli(*[a for a in args if a not in ("--format", "yaml", "diagram")], "--json").json
    expected = _without_output_fields(as_json if field == "." else as_json[field[1:]])
    assert _read_back(cli, monkeypatch, text.out) == expected


def test_with_choose_the_json_position_is_the_outcome_chosen(cli, tmp_path):
    full = _full(tmp_path)
    base = ["summon", "swordmaster", "--player", "blue", "--position", full, "--apply", "--at", "e4", "--effects"]
    every = cli(*base, "--json").json
    chosen = cli(*base, "--choose", "2", "--json").json
    assert every["schema"] == chosen["schema"] == "output-summon-apply/3"
    assert chosen["chosen"] == 2 and chosen["position"] == every["outcomes"][1]["position"]
    assert chosen["position_after_summon"] == every["position"] != chosen["position"]
    # the pieces the outcome destroyed are in the turn record, as --record writes it
    assert chosen["turn"]["destroyed"] == ["red common"] and chosen["turn_after_summon"]["destroyed"] == []
    assert "position_after_summon" not in every and every["chosen"] is None
    out = tmp_path / "after.yaml"
    record = tmp_path / "turn.yaml"
    written = cli(*base, "--choose", "2", "--out", str(out), "--record", str(record), "--json").json
    assert written["position"] == chosen["position"]
    from tashkalar_cli import Game

    game = Game()
    assert game.position(str(out)).to_dict() == chosen["position"]
    assert [str(p) for p in game.turn(str(record)).destroyed] == chosen["turn"]["destroyed"]


def _valid(name: str, data: Any) -> None:
    import jsonschema

    from conftest import REPO

    schema = json.loads((REPO / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(data)


@pytest.mark.parametrize(("name", "args"), [
    ("output-summon-apply", ["summon", "swordmaster", "--player", "blue", "--position", "{full}", "--apply", "--at",
                             "e4", "--effects", "--choose", "2"]),
    ("output-flare-play", ["flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE, "--choose", "3"]),
    ("output-position", ["position", "show", "{full}"]),
])
def test_the_outputs_with_a_position_chosen_or_a_gateway_follow_their_schema(cli, tmp_path, name, args):
    full = _full(tmp_path)
    data = cli(*[a.replace("{full}", full) for a in args], "--json").json
    _valid(name, data)
    broken = json.loads(json.dumps(data))
    if "position_after_summon" in broken:
        broken["position_after_summon"]["pieces"] = []
    elif "gateway" in broken:
        broken["gateway"] = {"blue": "z9"}
    else:
        broken["position"]["supply"] = []
    import jsonschema

    with pytest.raises(jsonschema.ValidationError):
        _valid(name, broken)


def test_flare_play_with_choose_gives_the_position_after_it(cli):
    every = cli("flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE, "--json").json
    chosen = cli("flare", "play", "flare-2-5", "--player", "blue", "--pieces", FLARE, "--choose", "3", "--json").json
    assert "position" not in every and chosen["position"] == every["outcomes"][2]["position"]


@pytest.mark.parametrize(("change", "key"), [
    (lambda d: d["supply"]["blue"].update(double_sided=3), "supply-double-sided"),
    (lambda d: d.update(schema="output-card/1"), "position-schema"),
    (lambda d: d.update(schema=7), "schema-type"),
    (lambda d: d.update(valid=False), "position-valid"),
])
def test_a_derived_field_that_disagrees_is_refused_in_one_line(cli, monkeypatch, tmp_path, change, key):
    data = cli("position", "check", _full(tmp_path), "--json").json
    change(data)
    for lang in ("en", "fr"):
        _feed(monkeypatch, json.dumps(data))
        r = cli("--lang", lang, "position", "check", "-")
        assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1, r.err
        assert "Traceback" not in r.err
    _feed(monkeypatch, json.dumps(data))
    r = cli("position", "check", "-", "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["key"] == key


def test_double_sided_alone_is_the_common_pieces_off_the_board(tk):
    from tashkalar_cli.games.tashkalar.model.types import PieceKind

    pos = tk.parser.from_data({"pieces": {"e5": "blue"}, "supply": {"blue": {"double_sided": 4}}}, None, "t")
    assert pos.off_board("blue", PieceKind.DOUBLE_SIDED) == 4
    same = tk.parser.from_data({"pieces": {"e5": "blue"}, "supply": {"blue": {"common": 4, "double_sided": 4}}},
                               None, "t")
    assert same.to_dict() == pos.to_dict()

"""The output schemas tell the truth about markers (issue 30): a marker (the Nethervoid Gateway is one) is deck
data (``cards/decks.yaml``, ``markers:``), an effect step that puts one on a piece is named after the marker, not
a kind of step of its own, and a position writes each marker a color bears under a field of its name. The schemas
list the markers the data declares, so a marker added to the data without its schema fails here."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
import yaml
from test_json_contract import validator

from conftest import REPO, write

#: the Gate Keeper on e5 (its pattern: d5, f5 and e6 orange): its effect may make a piece orange's Gateway
KEEPER = ["summon", "gate-keeper", "--player", "orange", "--pieces", "d5=orange,f5=orange,e6=orange,a3=red",
          "--apply", "--at", "e5", "--effects", "--json"]
#: a position whose orange Gateway stands on its heroic e5
MARKED = """\
mode: duel
pieces:
  e5: orange heroic
  d4: orange
  a3: red
decks:
  orange: nethervoid
gateway:
  orange: e5
"""
#: every schema that holds a position, and where its position's properties are
POSITIONS = {"output-position": (), "output-position-check": (), "output-plan": ("$defs", "position"),
             "output-summon-apply": ("$defs", "position"), "output-flare-play": ("$defs", "position"),
             "position": ()}


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REPO / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return data


def _declared() -> set[str]:
    decks = yaml.safe_load((REPO / "cards" / "decks.yaml").read_text(encoding="utf-8"))["decks"]
    return {m["id"] for deck in decks for m in deck.get("markers", ())}


def test_the_markers_the_data_declares_are_the_schemas_marker_fields_and_step_names() -> None:
    declared = _declared()
    assert "gateway" in declared
    for name, at in POSITIONS.items():
        node = _schema(name)
        for key in at:
            node = node[key]
        assert declared <= set(node["properties"]), f"{name}: a marker field is missing"
    for name in ("output-summon-apply", "output-flare-play"):
        defs = _schema(name)["$defs"]
        assert set(defs["marker_name"]["enum"]) == declared, name
        kinds = defs["effect_step"]["properties"]["do"]["anyOf"][0]["enum"]
        assert not declared & set(kinds), f"{name}: a marker listed as a kind of step"
        assert declared <= set(defs["outcome"]["properties"]), name


def test_the_json_of_a_gateway_effect_follows_its_schema(cli: Any) -> None:
    data = cli(*KEEPER).json
    validator("output-summon-apply").validate(data)
    marked = [o for o in data["outcomes"] if any(s["do"] == "gateway" for s in o["steps"])]
    assert marked, "no outcome puts the Gateway on a piece"
    (step,) = [s for s in marked[0]["steps"] if s["do"] == "gateway"]
    assert marked[0]["position"]["gateway"] == {"orange": step["square"]} and marked[0]["gateway"] == step["square"]
    # a step named after no marker, and a marker field that is not color -> square, are refused
    for broken in ({"do": "beacon", "square": "e5"}, {"do": "gateway", "square": "z9"}):
        bad = json.loads(json.dumps(data))
        bad["outcomes"][0]["steps"] = [broken]
        with pytest.raises(jsonschema.ValidationError):
            validator("output-summon-apply").validate(bad)


@pytest.mark.parametrize("command", ["show", "check"])
def test_the_json_of_a_position_with_a_marker_follows_its_schema(cli: Any, tmp_path: Any, command: str) -> None:
    data = cli("position", command, str(write(tmp_path / "marked.yaml", MARKED)), "--json").json
    name = "output-position" if command == "show" else "output-position-check"
    validator(name).validate(data)
    assert data["gateway"] == {"orange": "e5"}
    bad = dict(data, gateway={"orange": "e10"})
    with pytest.raises(jsonschema.ValidationError):
        validator(name).validate(bad)

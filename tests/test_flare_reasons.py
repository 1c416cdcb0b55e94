"""A flare that cannot be invoked says why in JSON: each half's threshold not met, with what it counts, the
opponent's lead and the lead it needs; a flare that can be invoked has no reason."""

from __future__ import annotations

import pytest
from test_json_contract import conforms

BEHIND = "e5=blue:heroic,e4=blue,d4=red"          # blue leads: no flare for blue
AHEAD = "e5=red:heroic,d5=red:heroic,c5=red:heroic,e4=red,d4=red,c4=red,b4=red,e3=blue"


@pytest.mark.parametrize("command", [("flare", "check", "flare-3-6"), ("flare", "play", "flare-3-6")])
def test_a_flare_that_cannot_be_invoked_says_why(cli, command):
    r = cli(*command, "--player", "blue", "--pieces", BEHIND, "--json")
    name = "output-flare" if command[1] == "check" else "output-flare-play"
    out = conforms(name, r.json)
    assert out["can_invoke"] is False
    assert out["reasons"] == [
        {"code": "threshold-not-met", "half": "upper", "counts": "upgraded", "lead": -1, "needs": 3},
        {"code": "threshold-not-met", "half": "lower", "counts": "total", "lead": -1, "needs": 6}]


def test_a_flare_that_can_be_invoked_has_no_reason(cli):
    out = conforms("output-flare", cli("flare", "check", "flare-3-6", "--player", "blue", "--pieces", AHEAD,
                                       "--json").json)
    assert out["can_invoke"] is True and out["reasons"] == []


def test_every_flare_of_all_says_why_or_not(cli):
    out = conforms("output-flare-all", cli("flare", "check", "--all", "--player", "blue", "--pieces", BEHIND,
                                           "--json").json)
    assert out["flares"] and all((f["reasons"] == []) is f["can_invoke"] for f in out["flares"])
    assert all(len(f["reasons"]) == 2 for f in out["flares"] if not f["can_invoke"])

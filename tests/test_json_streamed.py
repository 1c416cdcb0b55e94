"""The long answers of --json are written as they are made (issue 29, "bounded work for any input").

``summon --effects --json``, ``flare play --json`` and ``plan --all-plans [--positions] --json`` write their
outcomes and plans one at a time (:mod:`tashkalar_cli.render.jsonstream`): the bytes are those of the one-shot
document (``json.dumps`` of the whole), and the writer never holds more than a couple of entries at once,
whatever their number (measured in entries alive, not in memory or seconds).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tashkalar_cli.errors import json_visible
from tashkalar_cli.games.tashkalar.engine.bounds import EFFECTS_BUDGET
from tashkalar_cli.games.tashkalar.engine.effects import Outcome
from tashkalar_cli.games.tashkalar.render import jsonout, jsonplan
from tashkalar_cli.render.jsonout import document
from tashkalar_cli.render.jsonstream import Items, chunks, dumps
from tashkalar_cli.text.typography import untypeset

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SPHERE = str(BENCH / "sphere-30.yaml")
HIGH_FORM = str(BENCH / "high-form.yaml")


def _one_shot(name: str, body: dict[str, Any]) -> str:
    """What --json printed before answers were streamed: the whole document dumped at once."""
    text = json.dumps(document(name, body), ensure_ascii=False, check_circular=False)
    return json_visible(untypeset(text)) + "\n"


@pytest.mark.parametrize("indent", [None, 2])
def test_chunks_are_the_one_shot_text(indent: int | None) -> None:
    doc = {"a": 1, "b": [1, {"x": [2, 3], "y": {}}, []], "c": {"d": "é\u00a0\n"}, "e": [], "f": [[{"g": None}]]}
    streamed = {k: Items(iter(v)) if isinstance(v, list) else v for k, v in doc.items()}
    assert "".join(chunks(streamed, indent)) == json.dumps(doc, ensure_ascii=False, indent=indent)
    assert dumps({"only": Items(iter([]))}, indent) == json.dumps({"only": []}, indent=indent)


@pytest.mark.parametrize("indent", [None, 2])
def test_streamed_effects_are_the_one_shot_document(tk: Any, indent: int | None) -> None:
    pos = tk.position(SPHERE)
    result = tk.resolve("dark-sphere", pos, "blue", "e5", max_states=300)
    assert result.resolution is not None and result.resolution.count > 50
    for limit in (None, 7):
        whole = document("summon-apply", jsonout.summon_effects(result, tk.board, limit))
        streamed = document("summon-apply", jsonout.summon_effects(result, tk.board, limit, streamed=True))
        assert isinstance(streamed["outcomes"], Items)
        assert dumps(streamed, indent) == json.dumps(whole, ensure_ascii=False, indent=indent)


@pytest.mark.parametrize("indent", [None, 2])
def test_streamed_plans_are_the_one_shot_document(tk: Any, indent: int | None) -> None:
    pos = tk.position(HIGH_FORM)
    report = tk.plan(pos, "blue", ["cannon", "swordmaster", "hypnotist"])
    kept = {id(p): tk.planner.resulting_position(pos, report.player, p)[0] for p in report.plans}
    whole = jsonplan.plan_report(report, tk.board, kept, every=True)
    made = jsonplan.plan_report(report, tk.board, lambda p: tk.planner.resulting_position(pos, report.player, p)[0],
                               every=True, streamed=True)
    assert len(whole["plans"]) > 20
    assert dumps(made, indent) == json.dumps(whole, ensure_ascii=False, indent=indent)


class Alive(dict):  # type: ignore[type-arg]
    """A dict that counts how many of its kind are alive at once (the most: ``most``)."""

    alive: ClassVar[int] = 0
    most: ClassVar[int] = 0
    made: ClassVar[int] = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        type(self).alive += 1
        type(self).made += 1
        type(self).most = max(type(self).most, type(self).alive)

    def __del__(self) -> None:
        type(self).alive -= 1


@pytest.fixture
def alive(monkeypatch: pytest.MonkeyPatch) -> type[Alive]:
    monkeypatch.setattr(Alive, "alive", 0)
    monkeypatch.setattr(Alive, "most", 0)
    monkeypatch.setattr(Alive, "made", 0)
    return Alive


def test_summon_effects_json_holds_few_outcomes_at_once(cli: Any, tk: Any, alive: type[Alive],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The outcomes' dicts are made and dropped one by one: at most 2 alive (each outcome's position dict
    counted), for hundreds written (before: all)."""
    to_dict = Outcome.to_dict

    def counted(self: Outcome, *args: Any, **kwargs: Any) -> dict[str, Any]:
        out = to_dict(self, *args, **kwargs)
        out["position"] = Alive(out["position"])
        return out

    monkeypatch.setattr(Outcome, "to_dict", counted)
    args = ("summon", "dark-sphere", "--position", SPHERE, "--player", "blue", "--apply", "--at", "e5", "--effects",
            "--effect-states", "300", "--json")
    result = cli(*args)
    assert result.code == 0, result.err
    answer = result.json
    assert alive.made == len(answer["outcomes"]) == answer["outcome_count"] > 50
    assert alive.most <= 2
    # the same bytes as the whole document dumped at once
    effects = tk.resolve("dark-sphere", tk.position(SPHERE), "blue", "e5", max_states=300)
    assert result.out == _one_shot("summon-apply", jsonout.summon_effects(effects, tk.board))


def test_all_plans_json_holds_few_plans_at_once(cli: Any, tk: Any, alive: type[Alive],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``plan --all-plans --positions --json``: each plan's dict (its position in it) made as it is written."""
    plan = jsonplan.plan
    monkeypatch.setattr(jsonplan, "plan", lambda *a, **k: Alive(plan(*a, **k)))
    hand = "cannon,swordmaster,hypnotist"
    result = cli("plan", "--position", HIGH_FORM, "--player", "blue", "--hand", hand, "--all-plans", "--positions",
                 "--json")
    assert result.code == 0, result.err
    plans = result.json["plans"]
    assert alive.made == len(plans) > 20 and all("position" in p for p in plans)
    assert alive.most <= 2
    pos = tk.position(HIGH_FORM)
    report = tk.plan(pos, "blue", hand.split(","), effects_budget=EFFECTS_BUDGET)
    kept = {id(p): tk.planner.resulting_position(pos, report.player, p)[0] for p in report.plans}
    monkeypatch.setattr(jsonplan, "plan", plan)
    assert result.out == _one_shot("plan", jsonplan.plan_report(report, tk.board, kept, every=True))


@pytest.mark.parametrize("indent", [None, 2])
def test_items_nested_in_items_are_the_one_shot_text(indent: int | None) -> None:
    """An entry of :class:`Items` (or a value of the document) that is an object holding :class:`Items` is written a
    value at a time, with the bytes of the whole dumped at once."""
    doc = {"a": 1, "o": [{"k": 1, "p": [{"x": [1, 2]}, {}], "q": {"r": []}}, {"k": 2, "p": [], "z": "é"}],
           "n": {"p": [3, {"y": None}], "s": 2}, "e": {}}
    streamed = {"a": 1, "o": Items(iter([{"k": 1, "p": Items(iter([{"x": [1, 2]}, {}])), "q": {"r": []}},
                                         {"k": 2, "p": Items(iter([])), "z": "é"}])),
                "n": {"p": Items(iter([3, {"y": None}])), "s": 2}, "e": {}}
    assert "".join(chunks(streamed, indent)) == json.dumps(doc, ensure_ascii=False, indent=indent)


def test_threats_all_plans_json_holds_few_plans_at_once(cli: Any, tk: Any, alive: type[Alive],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``plan --threats --all-plans --json``: each opponent's plans made as they are written (before: every plan's
    dict of every opponent held, and the whole text), the same bytes as the whole document dumped at once."""
    plan = jsonplan.plan
    monkeypatch.setattr(jsonplan, "plan", lambda *a, **k: Alive(plan(*a, **k)))
    args = ("plan", "--position", SPHERE, "--player", "blue", "--threats", "--deck", "etherweave", "--all-plans")
    result = cli(*args, "--json")
    assert result.code == 0, result.err
    plans = [p for opp in result.json["opponents"] for p in opp["plans"]]
    assert alive.made == len(plans) > 50
    assert alive.most <= 2
    monkeypatch.setattr(jsonplan, "plan", plan)
    found = tk.threats(tk.position(SPHERE), "blue", {"red": "etherweave"}, effects_budget=EFFECTS_BUDGET)
    whole = jsonplan.threats(found, tk.board, found.opponents[0].report.actions, every=True)
    assert result.out == _one_shot("plan", whole)

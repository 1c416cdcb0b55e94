"""The JSON contract: every ``--json`` output, produced by the real command, is valid against its
schema in ``schemas/output-<name>.schema.json``.

Each test runs a command in-process with inputs chosen to exercise the optional parts of its
output (placements with arrows off the board, near misses, piece shortage, improvised summoning,
melee points of the player's choice, ...), validates the output, and checks a value or two.
``USED_BY`` says which tests validate against each schema, and a test makes sure that every
schema file is used, so a schema cannot rot unnoticed.

Then the contract as a whole: every output names its schema and version (``"schema":
"output-card/1"``), ``--json`` is read before the command as after it, the command line's own
errors are JSON errors too, ``file`` and ``line`` are two fields, one serializer gives positions;
and every command of the README and every example of the ``--help`` texts runs in the four
languages, its output valid against the schema it names.
"""

from __future__ import annotations

import inspect
import json
import re
import shlex
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conftest import REPO, in_every_language, spread, write

SCHEMAS = REPO / "schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

#: schema (file name without .schema.json) -> the tests of this module that validate output against it
USED_BY: dict[str, tuple[str, ...]] = {
    "output-card": ("test_card_show",),
    "output-card-list": ("test_card_list",),
    "output-rule": ("test_rule_show",),
    "output-rule-list": ("test_rule_list",),
    "output-rule-search": ("test_rule_search",),
    "output-errata": ("test_errata",),
    "output-keyword": ("test_keyword_show",),
    "output-keyword-list": ("test_keyword_list",),
    "output-summon": ("test_summon_legal_with_arrows_off_the_board", "test_summon_illegal", "test_summon_shortage",
                      "test_summon_special_summoning", "test_summon_improvised_in_a_melee",
                      "test_schemas_reject_broken_output"),
    "output-summonable": ("test_summonable",),
    "output-flare": ("test_flare_check",),
    "output-flare-all": ("test_flare_check_all",),
    "output-flare-play": ("test_flare_play",),
    "output-task": ("test_task_check",),
    "output-task-all": ("test_task_check_all",),
    "output-score": ("test_score",),
    "output-position": ("test_position_show",),
    "output-position-check": ("test_position_check",),
    "output-position-board": ("test_position_board",),
    "output-validate": ("test_validate",),
    "output-i18n-check": ("test_i18n_check_own_locales", "test_i18n_check_finds_a_broken_placeholder",
                          "test_i18n_reviewed"),
    "output-i18n-reviewed": ("test_i18n_reviewed",),
    "output-i18n-export": ("test_i18n_export",),
    "output-i18n-import": ("test_i18n_import",),
    "output-error": ("test_error", "test_task_about_the_turn_needs_a_turn_record"),
    "output-plan": ("test_plan", "test_plan_threats"),
    "output-summon-apply": ("test_summon_apply", "test_summon_apply_choices"),
    "output-letal-squares": ("test_letal_area_and_move", "test_letal_words"),
    "output-letal-shift": ("test_letal_push_and_pull", "test_letal_words"),
    "output-letal-attack": ("test_letal_attack", "test_letal_words"),
    "output-letal-board": ("test_letal_board",),
    "output-letal-check": ("test_letal_check",),
    "output-letal-winner": ("test_letal_winner",),
    "output-sheet": ("test_sheet_json",),
}


@cache
def validator(name: str) -> Any:
    """The validator of a schema, made once a process (each schema is checked against its metaschema by
    :func:`test_schema_is_well_formed`, once a run, not by every process that validates an output with it)."""
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    return jsonschema.validators.validator_for(schema)(schema)


def conforms(name: str, data: Any) -> Any:
    """Validate ``data`` against ``schemas/<name>.schema.json`` (a registered schema) and return it."""
    assert name in USED_BY, f"register {name} in USED_BY"
    validator(name).validate(data)
    return data


def output(result: Any, name: str) -> Any:
    """The JSON a successful command printed, validated against its schema."""
    assert result.code == 0, result.err
    return conforms(name, result.json)


# ---------------------------------------------------------------------- positions and turn records

DUEL = """\
mode: duel
pieces:
  e5: red heroic
  e4: red heroic
  e6: red heroic
  d5: red common
  d4: red common
  d6: red common
  f4: red common
  a5: blue common
"""

MELEE = """\
mode: melee
players: 3
pieces:
  e5: red heroic
  e4: red heroic
  e6: red heroic
  a5: blue common
  i5: yellow common
"""

HIGH_FORM_DIAGRAM = """\
mode: high-form
board: |
  9     . . . . .
  8   . . . . . . .
  7 . . . . . . . . .
  6 . . . . rh . . . .
  5 . . . . rh . . . .
  4 . . . . rh . . . .
  3 . . . . . . . . .
  2   . . . . . . .
  1     . . . . .
pieces:
  a5: blue legendary
"""

HIGH_FORM = """\
mode: high-form
pieces:
  e5: blue heroic
  d4: blue heroic
  f6: blue common
  e4: blue common
  e6: blue legendary
  c8: blue heroic
  f8: blue heroic
  d5: red common
  a5: red heroic
tasks_claimed:
  blue: [destruction]
"""

TURN_HIGH_FORM = """\
player: blue
mode: high-form
destroyed: [red heroic, red common, red common, red legendary]
summoned: [{card: swordmaster, square: e5}, knight e4, {card: titan}]
"""

TURN_DUEL = """\
player: blue
mode: duel
destroyed: [red heroic, red common, red common, red legendary, blue common]
summoned: [{card: titan, square: e5}, knight e4]
flares: [{flare: flare-3-6, against: red}]
scores: {blue: 12, red: 9}
"""

TURN_MELEE = """\
player: blue
mode: melee
players: 3
destroyed: [red heroic, red common, yellow common, yellow legendary, red common, red common]
summoned: [{card: titan, square: e5}]
flares: [{flare: flare-3-6, against: red}]
scores: {blue: {red: 3, yellow: 9}, red: {blue: 2, yellow: 4}}
"""

TURN_MELEE_END = """\
player: blue
mode: melee
players: 4
destroyed: [red common, yellow common, green common]
summoned: [{card: titan, square: e5}]
scores: {blue: {red: 10, yellow: 3, green: 1}}
"""


@cache
def _ui(lang: str) -> dict[str, str]:
    import yaml

    return yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]


def conforms_ui(lang: str, key: str) -> str:
    """A message of the interface, as the tool prints it (the language's typography applied)."""
    from tashkalar_cli.text.typography import typeset

    return typeset(_ui(lang)[key], lang)


def yaml_file(tmp_path: Path, name: str, text: str) -> str:
    return str(write(tmp_path / name, text))


# ---------------------------------------------------------------------- the schemas themselves

SCHEMA_FILES = sorted(SCHEMAS.glob("output-*.schema.json"))


def _walk(node: Any):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_well_formed(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == DRAFT
    assert schema["title"] and schema["description"] and "type" in schema
    jsonschema.validators.validator_for(schema).check_schema(schema)   # the schema against its metaschema
    for node in _walk(schema):
        ref = node.get("$ref")
        assert not isinstance(ref, str) or ref.startswith("#/$defs/"), f"{path.name}: cross-file $ref {ref}"
        if isinstance(ref, str):
            assert ref.removeprefix("#/$defs/") in schema["$defs"], f"{path.name}: dangling {ref}"
        if node.get("type") == "object" and "properties" in node:
            # the documented contract: keys may be added to any object, never removed
            assert node.get("additionalProperties") is True, f"{path.name}: an object closed to new keys"


def test_shared_parts_are_the_same_in_every_schema():
    """Each schema is self-contained, so shared parts (card, verdict, piece, square...) are copied into
    the $defs of every file that uses them: the copies must not drift apart."""
    seen: dict[str, tuple[str, Any]] = {}
    for path in SCHEMA_FILES:
        for name, part in json.loads(path.read_text(encoding="utf-8")).get("$defs", {}).items():
            first = seen.setdefault(name, (path.name, part))
            assert part == first[1], f"$defs/{name} differs between {first[0]} and {path.name}"


def test_every_schema_is_used():
    on_disk = {p.name.removesuffix(".schema.json") for p in SCHEMA_FILES}
    assert len(on_disk) == 34
    assert on_disk == set(USED_BY), "every output schema is registered, and every registered one exists"
    for name, tests in USED_BY.items():
        for test_name in tests:
            fn = globals().get(test_name)
            assert callable(fn), f"{name}: no test called {test_name}"
            assert f'"{name}"' in inspect.getsource(fn), f"{test_name} does not validate against {name}"


def test_schemas_reject_broken_output(cli):
    """The schemas are not vacuous: a key removed or a value out of its enum is refused."""
    good = cli("summon", "cannon", "--player", "blue", "--pieces", "d9=blue,e9=blue,c8=blue", "--json").json
    conforms("output-summon", good)
    for breaking in (lambda d: d.pop("legal"),
                     lambda d: d["placements"][0]["arrow_list"][0].update(direction="up"),
                     lambda d: d["placements"][0].update(target="j1"),
                     lambda d: d.update(reasons=["no-match"])):  # legal, yet a reason why not
        broken = json.loads(json.dumps(good))
        breaking(broken)
        with pytest.raises(jsonschema.ValidationError):
            conforms("output-summon", broken)


# ---------------------------------------------------------------------- cards

@pytest.mark.parametrize(("args", "card_type"), [
    (["swordmaster"], "being"),
    (["time-traveler"], "being"),                   # special summoning: no pattern_offsets
    (["void-summoner"], "being"),                   # an extra effect: warp_effect
    (["crystal-grower"], "being"),                  # frost_effect
    (["titan"], "legend"),
    (["flare-3-6"], "flare"),
    (["3/5"], "flare"),
    (["destruction"], "task"),
    (["Maître d'armes", "--lang", "fr"], "being"),  # an unofficial translated name
    (["Chevalier", "--lang", "it"], "being"),
])
def test_card_show(cli, args, card_type):
    card = output(cli("card", "show", *args, "--json"), "output-card")
    assert card["type"] == card_type
    assert card["names"]["en"]["name"]
    if "--lang" in args:
        assert card["lang"] == args[-1]
    if card["id"] == "swordmaster" and card["lang"] == "fr":
        assert card["name_official"] is False
    if card["id"] == "time-traveler":
        assert card["summoning"] == "special" and "pattern_offsets" not in card
    if card_type == "flare":
        assert card["thresholds"] == {"upper": card["upper_threshold"], "lower": card["lower_threshold"]}


@pytest.mark.parametrize("args", [
    [],
    ["--deck", "sylvan", "--rank", "heroic"],
    ["--type", "flare"],
    ["--type", "task", "--lang", "es"],
    ["--keyword", "destroy", "--lang", "fr"],
    ["--text", "no such words anywhere"],
])
def test_card_list(cli, args):
    cards = output(cli("card", "list", *args, "--json"), "output-card-list")["cards"]
    if not args:
        assert {c["type"] for c in cards} == {"being", "legend", "flare", "task"}
    elif args[0] == "--deck":
        assert cards and all(c["deck"] == "sylvan" and c["rank"] == "heroic" for c in cards)
    elif args[0] == "--text":
        assert cards == []
    else:
        assert cards


# ---------------------------------------------------------------------- rules, keywords, errata

@pytest.mark.parametrize("args", [["4.10"], ["piece-shortage", "--lang", "fr"], ["improvised-summoning", "--lang", "it"]])
def test_rule_show(cli, args):
    rule = output(cli("rule", "show", *args, "--json"), "output-rule")
    if rule["id"] == "piece-shortage":
        assert rule["number"] == "4.10" and "shortage-reused-piece" in rule["errata"]


@pytest.mark.parametrize("args", [[], ["--mode", "melee"], ["--mode", "team", "--lang", "es"]])
def test_rule_list(cli, args):
    rules = output(cli("rule", "list", *args, "--json"), "output-rule-list")["rules"]
    assert rules
    if args:
        assert all(args[1] in r["modes"] for r in rules)


@pytest.mark.parametrize("args", [["improvised", "summoning"], ["invocation", "improvisee", "--lang", "fr"],
                                  ["melee", "--mode", "melee"], ["zzzyyyxxx"],
                                  ["ask", "what", "is", "a", "Gateway?"],
                                  ["ask", "do", "the", "books", "disagree", "on", "the", "melee", "end-of-game", "score?"]])
def test_rule_search(cli, args):
    command = ["ask", *args[1:]] if args[0] == "ask" else ["rule", "search", *args]
    found = output(cli(*command, "--json"), "output-rule-search")["results"]
    scores = [r["score"] for r in found]
    assert scores == sorted(scores, reverse=True)
    if args[:2] == ["improvised", "summoning"]:
        assert found[0]["id"] == "improvised-summoning" and found[0]["kind"] == "rule"
    if args == ["zzzyyyxxx"]:
        assert found == []
    if "Gateway?" in args:
        assert {"kind": "keyword", "id": "gateway", "number": None}.items() <= found[0].items()
    if "books" in args:   # seventh since the rulings' table situations (fifth before): the melee rules come first
        assert any(r["kind"] == "erratum" and r["id"] == "melee-end-threshold" for r in found[:8])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_errata(cli, lang):
    items = output(cli("errata", "--lang", lang, "--json"), "output-errata")["errata"]
    assert items and all(e["lang"] == lang for e in items)
    assert any("values" in e for e in items)


@pytest.mark.parametrize(("term", "lang", "expected"), [("Ruse", "en", "flare"), ("impeto", "it", "flare"),
                                                         ("combat move", "fr", None)])
def test_keyword_show(cli, term, lang, expected):
    kw = output(cli("keyword", "show", *term.split(), "--lang", lang, "--json"), "output-keyword")
    assert set(kw["terms"]) >= {"en", "fr", "es", "it"}
    if expected:
        assert kw["id"] == expected


@pytest.mark.parametrize("lang", ["en", "es"])
def test_keyword_list(cli, lang):
    keywords = output(cli("keyword", "list", "--lang", lang, "--json"), "output-keyword-list")["keywords"]
    assert len({k["id"] for k in keywords}) == len(keywords) > 0


# ---------------------------------------------------------------------- summoning

def test_summon_legal_with_arrows_off_the_board(cli):
    # cannon: ". nw n ne / . c t+c e / c sw s se", on the top edge: three arrows point from off the board
    v = output(cli("summon", "cannon", "--player", "blue", "--pieces", "d9=blue,e9=blue,c8=blue", "--json"),
               "output-summon")
    assert v["legal"] is True and v["targets"] == ["e9"]
    p = v["placements"][0]
    assert p["arrows"]["off-board"] == ["n", "ne", "nw"]
    assert sum(a["square"] is None for a in p["arrow_list"]) == 3
    assert p["destroys"] == "e9" and p["destroyed_piece"] == {"color": "blue", "rank": "common"}


@pytest.mark.parametrize(("card", "pieces", "reason", "problems"), [
    ("cannon", "d9=blue,e9=red,c7=blue", "no-match", {"missing"}),
    ("swordmaster", "e5=red:heroic,e4=blue,e6=blue", "blocked", {"blocked", "missing"}),  # higher rank on the target
    # hell-bull "c . c / h t+c h / . c .": a common where a heroic piece is needed, an enemy where ours is
    ("hell-bull", "d6=red,f6=blue,d5=blue,f5=blue:heroic,e5=blue,e4=blue", "no-match", {"weaker", "enemy", "missing"}),
    ("knight", "e5=blue", "no-match", {"missing"}),
])
def test_summon_illegal(cli, card, pieces, reason, problems):
    v = output(cli("summon", card, "--player", "blue", "--pieces", pieces, "--json"), "output-summon")
    assert v["legal"] is False and v["placements"] == [] and reason in v["reasons"]
    assert v["near_misses"] and all(n["lacks"] for n in v["near_misses"])
    assert {lack["problem"] for n in v["near_misses"] for lack in n["lacks"]} == problems


def test_summon_special_summoning(cli):
    v = output(cli("summon", "time-traveler", "--player", "blue", "--pieces", "e5=blue", "--json"), "output-summon")
    assert v["reasons"] == ["no-match"]     # Time Traveler is checked by its own rule: its pattern is not there
    v = output(cli("summon", "time-traveler", "--player", "blue", "--pieces", "c3=blue,d4=blue,e5=blue", "--json"),
               "output-summon")
    targets = {p["target"] for p in v["placements"]}
    # a duel: the deathmatch face shows the red and green squares too (erratum board-colored-squares)
    assert v["legal"] and "e4" in targets and not targets & {"h6", "a5", "c8"}


@pytest.mark.parametrize(("extra", "reuses", "take_back"), [
    ("  e5: blue common\n", "e5", []),      # the piece on the summoning square becomes the being
    ("  a5: blue common\n", None, ["a5"]),  # an empty summoning square: a piece elsewhere is taken back
    ("", None, None),                        # no piece to use at all: not legal, for want of pieces
])
def test_summon_shortage(cli, tmp_path, extra, reuses, take_back):
    pos = yaml_file(tmp_path, "short.yaml", "mode: duel\npieces:\n  e4: blue common\n  e6: blue common\n  d4: red common\n"
                    + extra + "supply:\n  blue: {common: 0}\n")
    v = output(cli("summon", "swordmaster", "--player", "blue", "-p", pos, "--json"), "output-summon")
    if take_back is None:
        assert v["legal"] is False and v["reasons"] == ["shortage"]
        assert v["near_misses"][0]["lacks"] == [{"square": None, "problem": "shortage", "needs": None, "found": None}]
        return
    p = v["placements"][0]
    assert p["shortage"] is True and p["reuses"] == reuses and p["take_back"] == take_back
    assert set(p["marked_squares"]) == {"d4", "f4", "d6", "f6"}


def test_summon_improvised_in_a_melee(cli):
    v = output(cli("summon", "cannon", "--player", "blue", "--pieces", "d9=blue,e9=red,c8=blue",
                   "--allow-enemy", "red", "--mode", "melee", "--json"), "output-summon")
    assert v["allow_enemy"] == "red" and v["legal"] is True
    assert v["placements"][0]["enemy_square"] == "e9"


@pytest.mark.parametrize("args", [
    ["--pieces", "d9=blue,e9=blue,c8=blue,e5=blue:heroic,e4=blue,e6=blue"],
    ["--pieces", "e5=blue,d9=red", "--allow-enemy", "red", "--hand", "knight,cannon", "--hand", "time-traveler"],
    ["--pieces", "e5=blue,e4=blue,e6=blue", "--deck", "legends", "--all"],
])
def test_summonable(cli, args):
    s = output(cli("summonable", "--player", "blue", *args, "--json"), "output-summonable")
    assert s["player"] == "blue" and s["cards"]
    if "--hand" in args:
        assert [c["card"] for c in s["cards"]] == ["knight", "cannon", "time-traveler"]
        assert s["allow_enemy"] == "red"
    if args[1].startswith("d9"):
        assert any(c["legal"] for c in s["cards"])


# ---------------------------------------------------------------------- flares, tasks, scores

@pytest.mark.parametrize(("position", "flare", "extra", "resolve", "in_color"), [
    (DUEL, "flare-3-6", [], ["upper", "lower"], None),          # duel: the point goes to the opponent
    (DUEL, "flare-4-4", [], ["lower"], None),
    (MELEE, "3/5", ["--against", "red"], ["upper"], "blue"),     # melee: scored in the player's color
    (HIGH_FORM_DIAGRAM, "flare-3-6", [], [], None),             # High Form: no point; cannot invoke
])
def test_flare_check(cli, tmp_path, position, flare, extra, resolve, in_color):
    pos = yaml_file(tmp_path, "pos.yaml", position)
    r = output(cli("flare", "check", flare, "--player", "blue", "-p", pos, *extra, "--json"), "output-flare")
    assert r["resolve"] == resolve and r["can_invoke"] is bool(resolve)
    if resolve and "high-form" not in position:
        assert r["point"] == {"to": "red", "points": 1, "in_color": in_color}
    else:
        assert r["point"] is None


@pytest.mark.parametrize(("position", "extra"), [(DUEL, []), (MELEE, ["--against", "yellow"]), (HIGH_FORM_DIAGRAM, [])])
def test_flare_check_all(cli, tmp_path, position, extra):
    pos = yaml_file(tmp_path, "pos.yaml", position)
    r = output(cli("flare", "check", "--all", "--player", "blue", "-p", pos, *extra, "--json"), "output-flare-all")
    assert len(r["flares"]) == 12 and all(f["against"] == r["against"] for f in r["flares"])


@pytest.mark.parametrize(("task", "turn", "met"), [
    ("destruction", True, True),
    ("end-of-legends", True, True),       # one of two requirements suffices
    ("red-summoning", True, True),
    ("central-dominance", False, True),
    ("red-conquest", False, False),
    ("line-dominance", False, False),     # compares with the only opponent: against is set
    ("diagonals", False, False),
    ("side-chain", False, False),
    ("imprisonment", False, False),
    ("isolation", False, False),
])
def test_task_check(cli, tmp_path, task, turn, met):
    pos = yaml_file(tmp_path, "pos.yaml", HIGH_FORM)
    extra = ["--turn", yaml_file(tmp_path, "turn.yaml", TURN_HIGH_FORM)] if turn else []
    r = output(cli("task", "check", task, "--player", "blue", "-p", pos, *extra, "--json"), "output-task")
    assert r["task"] == task and r["met"] is met and r["player"] == "blue"
    assert r["score"] == {"tasks": 1, "legendary_pieces": 1, "total": 2, "end_threshold": 9, "triggers_end": False}


def test_task_about_the_turn_needs_a_turn_record(cli, tmp_path):
    pos = yaml_file(tmp_path, "pos.yaml", HIGH_FORM)
    r = cli("task", "check", "destruction", "--player", "blue", "-p", pos, "--json")
    assert r.code == 2 and r.out == ""
    assert conforms("output-error", json.loads(r.err))["error"]["kind"] == "InputError"


@pytest.mark.parametrize("lang", spread(("en", "fr", "es", "it"), start=0))
def test_a_turn_record_of_another_form_of_play_is_refused(cli, tmp_path, lang):
    """A deathmatch turn record against a High Form position is a mistake, said in one line; a
    record that does not say its mode is read as this game's."""
    pos = yaml_file(tmp_path, "pos.yaml", HIGH_FORM)
    duel = yaml_file(tmp_path, "duel.yaml", TURN_HIGH_FORM.replace("mode: high-form", "mode: duel"))
    r = cli("task", "check", "--all", "--player", "blue", "-p", pos, "--turn", duel, "--lang", lang)
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert conforms_ui(lang, "mode.duel") in r.err and conforms_ui(lang, "mode.high-form") in r.err
    r = cli("task", "check", "--all", "--player", "blue", "-p", pos, "--turn", duel, "--json")
    assert conforms("output-error", json.loads(r.err))["error"]["key"] == "turn-other-mode"
    unsaid = yaml_file(tmp_path, "unsaid.yaml", TURN_HIGH_FORM.replace("mode: high-form\n", ""))
    assert cli("task", "check", "--all", "--player", "blue", "-p", pos, "--turn", unsaid, "--json").code == 0


@pytest.mark.parametrize("turn", [True, False])
def test_task_check_all(cli, tmp_path, turn):
    pos = yaml_file(tmp_path, "pos.yaml", HIGH_FORM)
    extra = ["--turn", yaml_file(tmp_path, "turn.yaml", TURN_HIGH_FORM)] if turn else []
    r = output(cli("task", "check", "--all", "--player", "blue", "-p", pos, *extra, "--json"), "output-task-all")
    met = {t["task"]: t["met"] for t in r["tasks"]}
    assert len(met) == 24
    assert met["destruction"] is (True if turn else None)
    assert met["central-dominance"] is True


@pytest.mark.parametrize(("turn", "args", "end_triggered", "end_possible"), [
    (TURN_DUEL, [], [], []),
    (TURN_MELEE, [], [], ["blue"]),               # blue reaches 12 only by putting chosen points in yellow
    (TURN_MELEE_END, [], ["blue"], ["blue"]),
    (TURN_DUEL.replace("mode: duel", "mode: melee").replace("scores: {blue: 12, red: 9}", "players: 3"),
     [], [], []),
    (TURN_MELEE, ["--mode", "melee", "--players", "3"], [], ["blue"]),
])
def test_score(cli, tmp_path, turn, args, end_triggered, end_possible):
    s = output(cli("score", "--turn", yaml_file(tmp_path, "turn.yaml", turn), *args, "--json"), "output-score")
    assert s["end_triggered"] == end_triggered and s["end_possible"] == end_possible
    assert s["points"] == {who: sum(x["points"] for x in s["lines"] if x["to"] == who) for who in s["points"]}
    if s["mode"] == "melee":
        assert any(x["player_chooses"] for x in s["lines"])
    else:
        assert s["totals"] == {"blue": 17, "red": 10} and s["ignored_own_pieces"] == ["blue common"]


# ---------------------------------------------------------------------- positions

POSITIONS = [DUEL, MELEE, HIGH_FORM, HIGH_FORM_DIAGRAM, "mode: duel\npieces:\n  e5: blue\nsupply:\n  blue: {common: 0, legendary: 2}\n"]


@pytest.mark.parametrize("position", POSITIONS)
def test_position_show(cli, tmp_path, position):
    pos = yaml_file(tmp_path, "pos.yaml", position)
    p = output(cli("position", "show", pos, "--json"), "output-position")
    assert set(p["supply"]) == {piece["color"] for piece in p["pieces"].values()}
    inline = output(cli("position", "show", "--pieces", "e5=blue:heroic,d4=red", "--json"), "output-position")
    assert inline["pieces"]["e5"] == {"color": "blue", "rank": "heroic"}


@pytest.mark.parametrize("position", POSITIONS)
def test_position_check(cli, tmp_path, position):
    pos = yaml_file(tmp_path, "pos.yaml", position)
    p = output(cli("position", "check", pos, "--json"), "output-position-check")
    assert p["valid"] is True
    assert p["pieces"] == conforms("output-position", cli("position", "show", pos, "--json").json)["pieces"]


@pytest.mark.parametrize("position", POSITIONS)
def test_position_board(cli, tmp_path, position):
    """position board: the position as position show gives it, its file read back as the same position,
    the squares of the board (no cut corner) and the colored squares of the mode's face."""
    pos = yaml_file(tmp_path, "pos.yaml", position)
    p = output(cli("position", "board", pos, "--json"), "output-position-board")
    shown = conforms("output-position", cli("position", "show", pos, "--json").json)
    assert p["position"] == {k: v for k, v in shown.items() if k != "schema"}
    again = yaml_file(tmp_path, "again.yaml", p["position_file"])
    assert output(cli("position", "board", again, "--json"), "output-position-board")["position"] == p["position"]
    assert len(p["squares"]) == 69 and "a1" not in p["squares"] and "e5" in p["squares"]
    assert set(p["colored"]["red"]) | set(p["colored"]["green"]) <= set(p["squares"])
    assert p["pieces"]["blue"]["heroic"] == {"name": "blue heroic piece", "symbol": "B"}
    assert p["texts"]["square-piece"] == "{square}: {piece}"


# ---------------------------------------------------------------------- tools

def test_validate(cli):
    """(And the shipped data is valid, every card's effect data: tests/test_data_validation.py's
    test_the_shipped_data_is_valid reads the same answer of the same command; it runs in the slow run.)"""
    v = output(cli("validate", "--json"), "output-validate")
    assert v["valid"] is True and {"en", "fr", "es", "it"} <= set(v["languages"])
    assert v["flares"] == 12 and v["tasks"] == 24
    assert (v["beings"], v["legends"]) == (108, 12) and v["effects_missing"] == []


#: the check of every language of the tool's own locales (seconds, mostly the check itself, which
#: tests/test_i18n_check.py holds to account) in the slow run; the default run checks one language, the same report
@pytest.mark.parametrize("target", [pytest.param(["--target", "es"], id="es"),
                                    pytest.param([], id="every-language", marks=pytest.mark.slow)])
def test_i18n_check_own_locales(cli, target):
    r = cli("i18n", "check", *target, "--json")
    findings = conforms("output-i18n-check", r.json)["findings"]
    assert r.code == (1 if any(f["severity"] == "error" for f in findings) else 0)
    assert {f["lang"] for f in findings} <= ({"es"} if target else {"en", "fr", "es", "it"})


def test_i18n_reviewed(cli, tmp_path):
    import shutil

    locales = tmp_path / "locales"
    for code in ("en", "it"):
        shutil.copytree(REPO / "locales" / code, locales / code)
    english = locales / "en" / "glossary.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("showing a rank, a pattern", "that shows a rank, a pattern", 1), encoding="utf-8")
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(locales), "--json")
    changed = [f for f in conforms("output-i18n-check", r.json)["findings"] if f["code"] == "source-changed"]
    assert changed and all(f["previous"] and f["previous"] != f["reference"] for f in changed)
    r = cli("--game", "tash-kalar", "i18n", "reviewed", "--locales", str(locales), "--all", "--json")
    assert r.code == 0, r.err
    assert conforms("output-i18n-reviewed", r.json)["written"] == [str(locales / "it" / "sources.yaml")]


def test_i18n_export(cli, tmp_path):
    r = cli("--game", "letal", "i18n", "export", "--target", "fr", "--format", "xliff", "--out", str(tmp_path), "--json")
    assert r.code == 0, r.err
    assert conforms("output-i18n-export", r.json)["written"] == [str(tmp_path / "fr.xliff")]


def test_i18n_check_finds_a_broken_placeholder(cli, tmp_path):
    locales = tmp_path / "locales"
    shutil.copytree(REPO / "locales", locales)
    target = locales / "fr" / "cards" / "imperial.yaml"
    text = target.read_text(encoding="utf-8")
    assert "Vous pouvez détruire 1 pièce" in text
    target.write_text(text.replace("Vous pouvez détruire 1 pièce", "Vous pouvez détruire {hand_beings} pièce", 1),
                      encoding="utf-8")
    r = cli("i18n", "check", "--locales", str(locales), "--target", "fr", "--json")   # the language of the fault
    assert r.code == 1
    findings = conforms("output-i18n-check", r.json)["findings"]
    broken = [f for f in findings if f["check"] == "placeholders"]
    assert broken and broken[0]["lang"] == "fr" and broken[0]["key"] == "swordmaster"
    assert broken[0]["file"] == "fr/cards/imperial.yaml" and broken[0]["severity"] == "error"


# ---------------------------------------------------------------------- errors

@pytest.mark.parametrize(("args", "kind", "has_hints"), [
    (["card", "show", "nosuchcard"], "NotFoundError", False),  # with or without suggestions
    (["card", "show", "swrdmstr"], "NotFoundError", True),
    (["rule", "show", "99.99"], "NotFoundError", False),
    (["position", "check", "--pieces", "z9=blue"], "InputError", False),
    (["summon", "cannon", "--player", "mauve", "--pieces", "e5=blue"], "InputError", False),
    (["score", "--turn", "FILE"], "InputError", False),   # the High Form is not scored by points
    (["position", "check", "FILE"], "InputError", False),  # a duplicate key: file and line are set
    (["sumon", "x"], "NotFoundError", True),                # an unknown command: the near names
    (["summon", "knight", "--pieces", "e4=blue", "--player", "blue", "--apply", "--at", "e5", "--turn", "HAND",
      "--record", "HAND"], "InputError", False),           # a turn record the tool did not write, never replaced
    (["position", "show", "--pieces", "e5=blue", "--svg", "HAND"], "InputError", False),
])
def test_error(cli, tmp_path, args, kind, has_hints):
    hand = yaml_file(tmp_path, "hand.yaml", "player: blue\nmode: duel\n")
    args = [a.replace("HAND", hand) for a in args]
    if args[0] == "score":
        args = [a.replace("FILE", yaml_file(tmp_path, "t.yaml", "player: blue\nmode: high-form\n")) for a in args]
    elif "FILE" in args:
        args = [a.replace("FILE", yaml_file(tmp_path, "dup.yaml", "pieces:\n  e5: blue\n  e5: red\n")) for a in args]
    r = cli(*args, "--json")
    assert r.code == 2 and r.out == ""
    error = conforms("output-error", json.loads(r.err))["error"]
    assert error["code"] == "bad-input" and error["kind"] == kind
    if has_hints:
        assert {"swordmaster", "summon"} & set(error["hints"])
    if "dup.yaml" in " ".join(args):
        assert error["file"].endswith("dup.yaml") and error["line"] == 3


# ---------------------------------------------------------------------- turn plans and summons played

PLAN_PIECES = "d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic"


@pytest.mark.parametrize("args", [
    ["--hand", "knight,cannon,time-traveler,fire-dragon"],
    ["--hand", "knight,cannon,time-traveler,fire-dragon", "--all-plans"],
    ["--hand", "cannon", "--positions"],
    ["--deck", "imperial", "--first-turn"],
])
def test_plan(cli, args):
    from tashkalar_cli.games.tashkalar.engine.planner import EFFECTS_BUDGET

    r = output(cli("plan", "--player", "blue", "--pieces", PLAN_PIECES, *args, "--json"), "output-plan")
    assert r["player"] == "blue" and r["plan_count"] > 0
    assert r["effects_resolved"] is (r["effects"]["resolved"] > 0) and r["effects"]["budget"] == EFFECTS_BUDGET
    every = "--all-plans" in args or "--positions" in args
    assert r["listing"] == ("all" if every else "grouped")
    if every:
        assert len(r["plans"]) == r["plan_count"] and "groups" not in r
    else:
        assert sum(g["plans"] for g in r["groups"]) == r["plan_count"] and "plans" not in r
    if "--first-turn" in args:
        assert r["actions"] == 1 and {g["actions"] for g in r["groups"]} == {1}
    if "--positions" in args:
        assert all("position" in p for p in r["plans"])


#: the opponents' every plan with their whole deck is over 10 CPU-s, and their groups within two actions over
#: 1,200 (two CPU-s, most of it jsonschema walking them): in the slow run; the default run has the threats' groups
#: within one action (about 150: the same output, a tenth of it), and --all-plans's contract in test_plan
@pytest.mark.parametrize(("every", "actions"), [pytest.param(False, ["--actions", "1"], id="groups-one-action"),
                                                pytest.param(False, [], id="groups", marks=pytest.mark.slow),
                                                pytest.param(True, [], id="all-plans", marks=pytest.mark.slow)])
def test_plan_threats(cli, every, actions):
    r = output(cli("plan", "--player", "red", "--pieces", PLAN_PIECES, "--threats", "--json", *actions,
                   *(["--all-plans"] if every else [])), "output-plan")
    assert r["actions"] == (1 if actions else 2)
    assert r["threats"] is True and [o["color"] for o in r["opponents"]] == ["blue"]
    assert r["opponents"][0]["deck"] is None and r["opponents"][0]["plans" if every else "groups"]


@pytest.mark.parametrize(("card", "square", "destroys"), [("cannon", "e4", "e4"), ("swordmaster", "e5", None)])
def test_summon_apply(cli, card, square, destroys):
    pieces = PLAN_PIECES if card == "cannon" else "e4=blue,e6=blue"
    r = output(cli("summon", card, "--player", "blue", "--pieces", pieces, "--apply", "--at", square, "--json"),
               "output-summon-apply")
    assert r["applied"] is True and r["effect_resolved"] is False and r["square"] == square
    assert (r["destroyed"] or {}).get("square") == destroys
    assert r["turn"]["summoned"] == [{"card": card, "square": square}]


def test_summon_apply_effects(cli):
    pieces = "e5=blue,e3=blue,d5=red,f5=red,f3=red:heroic"   # two common enemies diagonal to e4, one heroic
    r = output(cli("summon", "swordmaster", "--player", "blue", "--pieces", pieces, "--apply", "--at", "e4",
                   "--effects", "--limit", "2", "--json"), "output-summon-apply")
    assert r["effect_resolved"] is True and r["outcome_count"] == 3 and [o["index"] for o in r["outcomes"]] == [1, 2]
    assert r["outcomes"][1]["steps"][0] == {"do": "destroy", "square": "d5", "piece": {"color": "red", "rank": "common"}}


def test_flare_play(cli):
    pieces = "e5=blue,d4=red:heroic,d6=red:heroic,f6=red:heroic,f4=red"
    r = output(cli("flare", "play", "flare-2-5", "--player", "blue", "--pieces", pieces, "--json"), "output-flare-play")
    assert r["playable"] is True and r["halves"] == ["upper"] and r["effect_resolved"] is True
    # the blue common piece may leap to any empty square (64), or not (1); red's common piece on f4 is not lower
    assert r["outcome_count"] == 65 == len(r["outcomes"])


def test_summon_apply_choices(cli):
    pieces = "e4=blue,e6=blue,d5=blue,f5=blue"      # the Swordmaster on e5, upright or sideways
    r = cli("summon", "swordmaster", "--player", "blue", "--pieces", pieces, "--apply", "--at", "e5", "--json")
    # a choice to make is not a success: exit 2, and the choices on standard output
    assert r.code == 2
    data = conforms("output-summon-apply", r.json)
    assert data["applied"] is False and data["choices"]



# ---------------------------------------------------------------------- L.E.T.A.L. TCG (--game letal)

LETAL = ("--game", "letal")

LETAL_GAME = """\
players:
  - name: Ana
    team: south
    heroes:
      - {name: Kara, square: b1, endurance: 4, deck: {Fireball: 3, Guard: 2}}
      - {name: Kara, square: b3, endurance: 0}
  - name: Ben
    team: north
    heroes:
      - {name: Oro, square: b1, endurance: 4}
"""


@pytest.mark.parametrize("args", [["area", "c3", "--radius", "2"], ["area", "a1", "--range", "0"],
                                  ["move", "c3", "--steps", "2", "--occupied", "c4,d3"]])
def test_letal_area_and_move(cli, args):
    out = output(cli(*LETAL, "letal", *args, "--json"), "output-letal-squares")
    assert out["squares"] == sorted(out["squares"], key=lambda s: (s[0], int(s[1:])))


@pytest.mark.parametrize(("args", "to"), [(["push", "c3", "--by", "c2", "--distance", "2"], "c5"),
                                          (["pull", "c3", "--by", "a1", "--distance", "1"], None)])
def test_letal_push_and_pull(cli, args, to):
    assert output(cli(*LETAL, "letal", *args, "--json"), "output-letal-shift")["to"] == to


def test_letal_attack(cli):
    out = output(cli(*LETAL, "letal", "attack", "--damage", "3", "--hidden", "3", "--endurance", "2", "--lose", "2",
                     "--json"), "output-letal-attack")
    assert out["prevented"] == 6 and out["dies"] is True and out["fully_blocked"] is True


def test_letal_check(cli, tmp_path):
    path = write(tmp_path / "game.yaml", LETAL_GAME)
    r = cli(*LETAL, "letal", "check", str(path), "--json", "--lang", "it")
    assert r.code == 1
    out = conforms("output-letal-check", r.json)
    codes = {p["code"] for p in out["problems"]}
    assert out["valid"] is False and {"heroes-count", "card-copies", "hero-name-repeated", "square-taken",
                                      "hero-outside-start-rows", "deck-size"} <= codes


@pytest.mark.parametrize(("args", "name"), [(["area", "c3", "--reach", "1"], "output-letal-squares"),
                                            (["move", "c3", "--steps", "1", "--to", "c5", "--occupied", "c4"],
                                             "output-letal-squares"),
                                            (["push", "c3", "--by", "c2", "--distance", "4"], "output-letal-shift"),
                                            (["attack", "--damage", "3", "--hidden", "0", "--endurance", "2"],
                                             "output-letal-attack")])
def test_letal_words(cli, args, name):
    """--words: the answer's sentences (and each square lit with its reason) beside the same answer."""
    plain = output(cli(*LETAL, "letal", *args, "--json"), name)
    said = output(cli(*LETAL, "letal", *args, "--json", "--words"), name)
    assert {k: v for k, v in said.items() if k not in ("lines", "reasons")} == plain and said["lines"]


def test_letal_board(cli, tmp_path):
    path = write(tmp_path / "game.yaml", LETAL_GAME)
    out = output(cli(*LETAL, "letal", "board", str(path), "--json", "--lang", "fr"), "output-letal-board")
    assert [h["square"] for h in out["heroes"]] == ["b1", "b3", "b1"] and out["teams"][1]["name"] == "nord"
    again = write(tmp_path / "again.yaml", out["game_file"])
    assert output(cli(*LETAL, "letal", "board", str(again), "--json"), "output-letal-board")["game_data"] == \
        out["game_data"]


def test_letal_winner(cli, tmp_path):
    path = write(tmp_path / "game.yaml", LETAL_GAME)
    out = output(cli(*LETAL, "letal", "winner", str(path), "--json"), "output-letal-winner")
    assert out["winner"] is None and out["draw"] is True


def test_sheet_json(cli, tmp_path):
    """sheet --json says what it wrote (and with --out -, the sheet itself is standard output)."""
    out = output(cli("sheet", "--out", str(tmp_path / "s.svg"), "--deck", "imperial", "--json"), "output-sheet")
    assert out["format"] == "svg" and out["cards"] > 0 and (tmp_path / "s.svg").exists()
    letal = cli(*LETAL, "sheet", "--out", "-", "--json")
    assert letal.code == 0 and letal.out.startswith("<!DOCTYPE html>"), letal.err
    said = conforms("output-sheet", json.loads(letal.err.strip().splitlines()[-1]))
    assert said["game"] == "letal" and said["file"] == "-" and said["cards"] is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_letal_rules_keywords_and_rulings_follow_the_same_contract(cli, lang):
    rules = output(cli(*LETAL, "rule", "list", "--lang", lang, "--json"), "output-rule-list")["rules"]
    output(cli(*LETAL, "rule", "show", rules[0]["id"], "--lang", lang, "--json"), "output-rule")
    keywords = output(cli(*LETAL, "keyword", "list", "--lang", lang, "--json"), "output-keyword-list")["keywords"]
    output(cli(*LETAL, "keyword", "show", keywords[0]["id"], "--lang", lang, "--json"), "output-keyword")
    output(cli(*LETAL, "rule", "search", "range", "--lang", lang, "--json"), "output-rule-search")
    rulings = output(cli(*LETAL, "errata", "--lang", lang, "--json"), "output-errata")["errata"]
    assert rulings and all(e["kind"] == "ruling" for e in rulings)
    if lang == "en":   # validate says no text: once, not again in each language
        output(cli(*LETAL, "validate", "--json"), "output-validate")


# ---------------------------------------------------------------------- the schema field, --json anywhere, usage errors

def test_every_output_names_its_schema_and_version(cli):
    from tashkalar_cli.render.jsonout import VERSIONS, schema_id

    assert set(VERSIONS) == {p.name.removesuffix(".schema.json").removeprefix("output-") for p in SCHEMA_FILES}
    for name, version in VERSIONS.items():
        schema = json.loads((SCHEMAS / f"output-{name}.schema.json").read_text(encoding="utf-8"))
        assert "schema" in schema["required"] and schema["properties"]["schema"]["const"] == schema_id(name)
        assert schema_id(name) == f"output-{name}/{version}"
    card = cli("card", "show", "knight", "--json").json
    assert next(iter(card)) == "schema" and card["schema"] == "output-card/1"
    with pytest.raises(jsonschema.ValidationError):  # the version is checked: another one is refused
        validator("output-card").validate({**card, "schema": "output-card/9"})


@pytest.mark.parametrize("args", [["card", "show", "knight"], ["--lang", "fr", "card", "list", "--deck", "sylvan"],
                                  ["--game", "letal", "letal", "area", "c3", "--adjacent"], ["ask", "--", "--json"]])
def test_json_before_the_command(cli, args):
    """--json is read before the command as well as after it, like --lang and --game."""
    before = cli("--json", *args)
    if args[-1] == "--json":   # after "--" it is a word of the question, not the option
        assert before.code == 0 and before.json["schema"] == "output-rule-search/2"
        return
    after = cli(*args, "--json")
    assert before.code == after.code == 0 and before.out == after.out
    assert before.json["schema"] == after.json["schema"]


@pytest.mark.parametrize(("args", "kind", "hints", "lang"), in_every_language([
    (["summon", "knight", "--pieces", "e5=blue"], "MissingParameter", []),                 # a missing option
    (["card", "list", "--typ", "being"], "NoSuchOption", ["--type"]),                      # an unknown option
    (["rule", "list", "extra"], "UsageError", []),                                         # an extra argument
    (["letal", "area", "c3", "--range", "x"], "BadParameter", []),                         # not a number
    (["card", "show"], "MissingParameter", []),                                            # a missing argument
    (["plan", "--pieces", "e5=blue", "--player", "blue", "--actions", "x"], "BadParameter", []),  # not an integer
    (["position", "show", "--pieces", "e5=blue", "--format", "zz"], "BadParameter", []),   # not one of the formats
], ["en", "fr", "es", "it"]))
def test_usage_errors_are_json_in_every_language(cli, args, kind, hints, lang):
    args = ["--game", "letal", *args] if args[0] == "letal" else args
    human = cli("--lang", lang, *args)    # for a person: text in the language; then JSON: English, whatever came before
    assert human.code == 2 and not human.err.startswith("{")
    # one line, like every other error: the language's error prefix, and where the usage is shown
    prefix = conforms_ui(lang, "cli.error_line").split("{")[0]
    assert len(human.err.splitlines()) == 1 and human.err.startswith(prefix), human.err
    assert "╭" not in human.err and "--help" in human.err
    for where in ("before", "after"):
        line = ["--json", "--lang", lang, *args] if where == "before" else ["--lang", lang, *args, "--json"]
        r = cli(*line)
        assert r.code == 2 and r.out == ""
        assert len(r.err.splitlines()) == 1
        error = conforms("output-error", json.loads(r.err))
        assert error["schema"] == "output-error/1"
        e = error["error"]
        assert (e["code"], e["kind"], e["hints"], e["file"], e["line"]) == ("usage", kind, hints, None, None)
        assert e["message"].isascii(), "the message of an error is English, for programs"


@pytest.mark.parametrize(("text", "line", "key"), [
    ("mode: duel\npieces:\n  e5: blue\n  z9: red\n", 4, "not-a-square"),              # a bad square
    ("mode: duel\npieces:\n  e5: blue\nfoo: 1\n", 4, "schema-unknown-field"),         # an unknown field
    ("mode: duel\npieces:\n  e5: {color: blue, bogus: 2}\n", 3, "schema-form"),
    ("mode: duel\npieces:\n  e5: mauve\n", 3, "word.color"),
    ("mode: dxlo\n", 1, "word.mode"),
    ("mode: melee\nplayers: 5\n", 2, "schema-maximum"),
    ("mode: duel\ndecks:\n  mauve: sylvan\n", 3, "word.color"),
    (HIGH_FORM_DIAGRAM.replace("6 . . . . rh", "6 . . . . xx"), 6, "diagram-token"),
    (HIGH_FORM_DIAGRAM.replace("  1     . . . . .\n", ""), 2, "diagram-rows"),
    ("player: blue\nmode: duel\nopponents: [red, yellow]\n", None, "too-many-colors"),
    ("- e5\n- d4\n", None, "not-a-mapping"),
])
def test_file_and_line_are_two_fields(cli, tmp_path, text, line, key):
    pos = yaml_file(tmp_path, "bad.yaml", text)
    command = ["score", "--turn", pos] if text.startswith("player") else ["position", "check", pos]
    r = cli(*command, "--json")
    assert r.code == 2, r.out
    e = conforms("output-error", json.loads(r.err))["error"]
    assert (e["file"], e["line"], e["key"]) == (pos, line, key)
    assert "bad.yaml" not in e["message"], "the file is a field, not part of the message"
    human = cli(*command, "--lang", "fr")
    where = f"{pos}:{line}:" if line else f"{pos}:"
    assert human.code == 2 and where in human.err     # a person reads FILE:LINE, as compilers write it


def test_one_serializer_of_positions(cli, tmp_path):
    """position show, position check, plan --positions and summon --apply give a position the same way,
    decks and tasks included, and the YAML the tool writes keeps them too."""
    pos = yaml_file(tmp_path, "pos.yaml", "mode: duel\npieces:\n  e4: blue\n  e6: blue\n  a5: red\n"
                    "decks:\n  red: highland\n  blue: imperial\n")
    shown = output(cli("position", "show", pos, "--json"), "output-position")
    checked = output(cli("position", "check", pos, "--json"), "output-position-check")
    assert shown["decks"] == checked["decks"] == {"red": "highland", "blue": "imperial"}
    assert shown["tasks_claimed"] == {}
    applied = output(cli("summon", "swordmaster", "--player", "blue", "-p", pos, "--apply", "--at", "e5", "--json"),
                     "output-summon-apply")["position"]
    planned = output(cli("plan", "--player", "blue", "-p", pos, "--hand", "swordmaster", "--positions", "--json"),
                     "output-plan")["plans"][0]["position"]
    keys = [k for k in shown if k != "schema"]
    assert list(applied) == list(planned) == keys
    assert applied["decks"] == planned["decks"] == shown["decks"]
    yaml_text = cli("position", "show", pos, "--format", "yaml").out
    assert "decks:" in yaml_text and "highland" in yaml_text
    back = output(cli("position", "show", yaml_file(tmp_path, "back.yaml", yaml_text), "--json"), "output-position")
    assert back == shown


# ---------------------------------------------------------------------- every example of the README and of --help

README = (REPO / "README.md").read_text(encoding="utf-8")
LANGS = ("en", "fr", "es", "it")

#: the README's commands that concern the shell, not the game: not run (they would install a script)
#: not run: they change the user's shell files, or serve until stopped (the board)
NOT_RUN = {("tashkalar", "--install-completion"), ("tashkalar", "--show-completion"), ("tashkalar", "board")}

#: a L.E.T.A.L. game file for the README's ``letal check game.yaml`` and ``letal winner game.yaml``
LETAL_GAME_FILE = """\
players:
  - name: Ana
    team: south
    heroes:
      - {name: Kara, square: b1, endurance: 4, deck: {Fireball: 2, Guard: 2, Lunge: 2, K1: 2, K2: 2, K3: 2, K4: 2,
                                                     K5: 2, K6: 2, K7: 2, K8: 2, K9: 2, K10: 2, K11: 2, K12: 2}}
      - {name: Vex, square: e2, endurance: 0, deck: {V1: 2, V2: 2, V3: 2, V4: 2, V5: 2, V6: 2, V7: 2, V8: 2, V9: 2,
                                                     V10: 2, V11: 2, V12: 2, V13: 2, V14: 2, V15: 2}}
  - name: Ben
    team: north
    heroes:
      - {name: Oro, square: b6, endurance: 3, deck: {B1: 2, B2: 2, B3: 2, B4: 2, B5: 2, B6: 2, B7: 2, B8: 2, B9: 2,
                                                     B10: 2, B11: 2, B12: 2, B13: 2, B14: 2, B15: 2}}
      - {name: Ula, square: c5, endurance: 2, deck: {U1: 2, U2: 2, U3: 2, U4: 2, U5: 2, U6: 2, U7: 2, U8: 2, U9: 2,
                                                     U10: 2, U11: 2, U12: 2, U13: 2, U14: 2, U15: 2}}
"""


def readme_files() -> dict[str, str]:
    """The example files the README shows: each ```yaml block whose first line is ``# NAME.yaml: ...``."""
    found = {}
    for block in re.findall(r"```yaml\n(.*?)```", README, flags=re.S):
        named = re.fullmatch(r"# (\S+\.yaml): .*", block.splitlines()[0])
        if named:
            found[named.group(1)] = block
    return found


def readme_commands() -> list[tuple[tuple[str, ...], ...]]:
    """Every ``tashkalar`` command of the README's ```sh blocks (a ``$ `` prompt or not), as a pipeline:
    each command a tuple of words; commands joined by ``&&`` are apart, the other lines are output."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, flags=re.S):
        for line in block.splitlines():
            line = line.removeprefix("$ ")
            if not re.search(r"(^|&& |\| )tashkalar ", line + " "):
                continue
            commands: list[list[list[str]]] = [[[]]]
            for word in shlex.split(line, comments=True):
                if word == "&&":
                    commands.append([[]])
                elif word == "|":
                    commands[-1].append([])
                else:
                    commands[-1][-1].append(word)
            out += [tuple(map(tuple, c)) for c in commands if c[0][:1] == ["tashkalar"]]
    return out


def _without_lang(args: tuple[str, ...]) -> list[str]:
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("--lang", "-l"):
            skip = True
        else:
            out.append(arg)
    return out


def accepts_json(args: list[str]) -> bool:
    """Whether the command ``args`` names (after ``tashkalar``) has a --json option."""
    import importlib

    import typer

    from tashkalar_cli.cli.app import commands

    words = [a for a in _without_lang(tuple(args)) if not a.startswith("-")]
    if "--game" in args:
        words.remove(args[args.index("--game") + 1])
    if not words or words[0] not in commands():
        return False
    module, _, attr = commands()[words[0]].partition(":")
    target = getattr(importlib.import_module(module), attr)
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target).commands.get(words[1] if len(words) > 1 else "")
        return command is not None and any(p.name == "json" for p in command.params)
    return "json" in inspect.signature(target).parameters


def check_json_run(r: Any, as_json: bool) -> Any:
    """An example's run: exit 0, 1 or 2; with --json, what it prints validates against the schema it
    names, and an error against output-error."""
    assert r.code in (0, 1, 2), (r.code, r.err[-500:])
    if not as_json:
        return None
    if r.code == 2 and not r.out:
        conforms("output-error", json.loads(r.err))
        return None
    data = json.loads(r.out)
    name, _, version = data["schema"].partition("/")
    assert (SCHEMAS / f"{name}.schema.json").is_file() and version.isdigit(), data["schema"]
    validator(name).validate(data)   # its "schema" const checks the version too
    return data


@pytest.fixture
def example_folder(tmp_path, monkeypatch, request):
    """A folder holding the README's example files, as the current folder (and a translator's locales folder
    where the example reads one)."""
    for name, text in readme_files().items():
        write(tmp_path / name, text)
    write(tmp_path / "game.yaml", LETAL_GAME_FILE)
    pipeline = getattr(request.node, "callspec", None) and request.node.callspec.params.get("pipeline")
    if pipeline is None or any("path/to/locales" in word for command in pipeline for word in command):
        shutil.copytree(REPO / "locales" / "it", tmp_path / "path" / "to" / "locales" / "it")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_readme_shows_its_example_files():
    assert set(readme_files()) >= {"pos.yaml", "turn.yaml"}
    commands = readme_commands()
    assert len(commands) >= 35
    assert {c[0] for c in commands if c[0] in NOT_RUN} == NOT_RUN


README_COMMANDS = [c for c in readme_commands() if c[0] not in NOT_RUN]


@pytest.mark.parametrize(("pipeline", "lang"), in_every_language(
    [(p,) for p in README_COMMANDS], LANGS, ids=lambda case: " | ".join(" ".join(c[1:]) for c in case[0])[:70]))
def test_every_readme_example_runs_and_keeps_the_contract(cli, example_folder, monkeypatch, pipeline, lang):
    """Each command of the README, in each language, with --json where the command has it (the last of
    a pipeline; the first's output feeds the next): exit 0 and output valid against its schema."""
    import io
    import sys

    stdin = b""
    for i, command in enumerate(pipeline):
        args = ["--lang", lang, *_without_lang(command[1:])]
        as_json = i == len(pipeline) - 1 and accepts_json(args)
        if as_json and "--json" not in args:
            args.append("--json")
        if i:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        r = cli(*args)
        check_json_run(r, as_json)
        assert r.code == 0, (args, r.err[-500:])
        stdin = r.out.encode()


#: every example the --help texts give (``e.g. X``, ``such as X``), and a command that uses it
HELP_EXAMPLES: list[tuple[str, str, list[str]]] = [
    ("help.option.pieces", "e5=blue:heroic,d4=red", ["position", "show", "--pieces", "{}"]),
    ("help.option.pieces", "e5=blue:heroic,d4=red", ["summonable", "--player", "blue", "--pieces", "{}"]),
    ("help.option.pieces", "e5=blue:heroic,d4=red", ["plan", "--player", "red", "--hand", "knight", "--pieces", "{}"]),
    ("help.rule.show.rule", "summon-pattern", ["rule", "show", "{}"]),
    ("help.rule.show.rule", "5.2", ["rule", "show", "{}"]),
    ("help.keyword.show.term", "combat move", ["keyword", "show", "{}"]),
    ("help.keyword.show.term", "Ruse", ["keyword", "show", "{}"]),
    ("help.keyword.show.term", "impeto", ["keyword", "show", "{}"]),
    ("help.flare.check.flare", "flare-3-6", ["flare", "check", "{}", "--player", "blue", "--pieces", "e5=blue,d4=red"]),
    ("help.flare.check.flare", "3/5", ["flare", "check", "{}", "--player", "blue", "--pieces", "e5=blue,d4=red"]),
    ("help.flare.play.flare", "flare-3-6", ["flare", "play", "{}", "--player", "blue", "--pieces", "e5=blue,d4=red"]),
    ("help.flare.play.flare", "3/5", ["flare", "play", "{}", "--player", "blue", "--pieces", "e5=blue,d4=red"]),
    ("help.letal.area.occupied", "b2,c3", ["--game", "letal", "letal", "area", "b3", "--radius", "1", "--occupied", "{}"]),
    ("help.letal.move.occupied", "b2,c3", ["--game", "letal", "letal", "move", "a1", "--steps", "2", "--occupied", "{}"]),
    ("help.letal.push.occupied", "b2,c3", ["--game", "letal", "letal", "push", "d4", "--by", "d3", "--distance", "2",
                                           "--occupied", "{}"]),
    ("help.letal.pull.occupied", "b2,c3", ["--game", "letal", "letal", "pull", "d4", "--by", "d1", "--distance", "1",
                                           "--occupied", "{}"]),
]


def help_texts(lang: str) -> dict[str, str]:
    import yaml

    data = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))
    return {k: v for k, v in data["messages"].items() if k.startswith("help.") and isinstance(v, str)}


def examples_in(text: str) -> set[str]:
    """The examples a help text gives: quoted after ``e.g.``/``such as``, or the word right after it."""
    found: set[str] = set()
    for m in re.finditer(r"(?:e\.g\.|such as)\s+([^)]*)", text):
        found |= set(re.findall(r"'([^']+)'", m.group(1)))       # 'combat move', 'Ruse' or "X, or 'Y'"
        if not m.group(1).startswith("'"):
            found.add(re.split(r"[\s,;:]", m.group(1))[0])      # a bare word: e.g. summon-pattern
    return found


def test_every_help_example_is_tested():
    """Each example the English --help gives is in HELP_EXAMPLES, and every language gives the same ones."""
    tested = {(key, example) for key, example, _ in HELP_EXAMPLES}
    given = {(key, ex) for key, text in help_texts("en").items() for ex in examples_in(text)}
    assert given, "the help texts give examples"
    assert given == tested
    for lang in LANGS:
        texts = help_texts(lang)
        for key, example in tested:
            assert example in texts[key], (lang, key, example)


@pytest.mark.parametrize(("key", "example", "command", "lang"), in_every_language(
    HELP_EXAMPLES, LANGS, ids=lambda case: f"{case[0]}-{case[1]}-"))
def test_every_help_example_runs_and_keeps_the_contract(cli, key, example, command, lang):
    args = ["--lang", lang, *[a.replace("{}", example) for a in command]]
    assert accepts_json(args)
    r = cli(*args, "--json")
    check_json_run(r, True)
    assert r.code == 0, (args, r.err)


def test_i18n_import(cli, tmp_path):
    import shutil

    locales, out = tmp_path / "locales", tmp_path / "out"
    out.mkdir()
    for code in ("en", "fr"):
        shutil.copytree(REPO / "locales" / code, locales / code)
    r = cli("--game", "letal", "i18n", "export", "--locales", str(locales), "--target", "fr", "--out", str(out))
    assert r.code == 0, r.err
    r = cli("--game", "letal", "i18n", "import", str(out / "fr.po"), "--locales", str(locales), "--target", "fr",
            "--json")
    assert r.code == 0, r.err
    assert conforms("output-i18n-import", r.json)["written"] == []

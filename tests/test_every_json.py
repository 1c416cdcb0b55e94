"""The contract written once: every command that has ``--json`` is run with it, and what it prints names its
schema in a ``schema`` field that is a file of ``schemas/`` at the version the file states, and validates
against it; the versions the library prints are those of the schemas; and the README's list of outputs is the
one ``docs/contract.py`` generates from ``schemas/``.

A command added with ``--json`` and no case here fails :func:`test_every_json_command_has_a_case`."""

from __future__ import annotations

import importlib.util
import json

import click
import pytest
import typer
from test_json_contract import (
    HIGH_FORM,
    LETAL_GAME,
    PLAN_PIECES,
    TURN_DUEL,
    TURN_HIGH_FORM,
    validator,
)

from conftest import REPO, write

SCHEMAS = REPO / "schemas"
LETAL = ["--game", "letal"]
PIECES = ["--pieces", "e5=blue:heroic,e4=blue,d4=red,f6=red:heroic"]

#: every command that has --json -> (the arguments of one run, the files it reads by their name)
CASES: dict[str, list[str]] = {
    "card show": ["card", "show", "knight"],
    "card list": ["card", "list", "--type", "flare"],
    "rule show": ["rule", "show", "summoning-square"],
    "rule list": ["rule", "list"],
    "rule search": ["rule", "search", "heroic piece"],
    "keyword show": ["keyword", "show", "heroic"],
    "keyword list": ["keyword", "list"],
    "errata": ["errata"],
    "ask": ["ask", "can I summon on an occupied square?"],
    "summon": ["summon", "knight", "--player", "blue", *PIECES],
    "summonable": ["summonable", "--player", "blue", *PIECES],
    "plan": ["plan", "--player", "blue", "--pieces", PLAN_PIECES],
    "flare check": ["flare", "check", "flare-3-6", "--player", "blue", *PIECES],
    "flare play": ["flare", "play", "flare-3-6", "--player", "blue", *PIECES],
    "task check": ["task", "check", "destruction", "--player", "blue", "-p", "{high_form}", "--turn", "{turn_hf}"],
    "score": ["score", "--turn", "{turn}"],
    "position show": ["position", "show", *PIECES],
    "position check": ["position", "check", "{high_form}"],
    "position board": ["position", "board", *PIECES],
    "i18n check": ["i18n", "check"],
    "i18n reviewed": ["--game", "tash-kalar", "i18n", "reviewed", "--locales", "{locales}", "--target", "it", "--all"],
    "i18n export": ["--game", "letal", "i18n", "export", "--target", "it", "--out", "{folder}"],
    "i18n import": ["--game", "letal", "i18n", "import", "{po}", "--target", "it", "--locales", "{locales}"],
    "sheet": ["sheet", "--deck", "imperial", "--out", "{folder}/sheet.html"],
    "validate": ["validate"],
    "letal area": [*LETAL, "letal", "area", "c3", "--radius", "2"],
    "letal move": [*LETAL, "letal", "move", "c3", "--steps", "2", "--to", "c6"],
    "letal push": [*LETAL, "letal", "push", "c3", "--by", "c2", "--distance", "2"],
    "letal pull": [*LETAL, "letal", "pull", "c3", "--by", "a1", "--distance", "1"],
    "letal attack": [*LETAL, "letal", "attack", "--damage", "3", "--hidden", "1", "--endurance", "4"],
    "letal check": [*LETAL, "letal", "check", "{letal_game}"],
    "letal winner": [*LETAL, "letal", "winner", "{letal_game}"],
    "letal board": [*LETAL, "letal", "board", "{letal_game}"],
}
#: the long ones (seconds of work over every data or locale file, a search index, a plan): in the slow tier; the
#: default run holds plan, rule search and ask to their schemas in test_json_contract (test_plan, test_rule_search)
SLOW = {"i18n check", "validate", "i18n reviewed", "i18n export", "plan", "rule search", "ask", "i18n import"}


def _json_commands() -> set[str]:
    from tashkalar_cli.cli.app import build_app

    found: set[str] = set()

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    walk(sub, [*path, name])
        elif any("--json" in p.opts for p in command.params):
            found.add(" ".join(path))

    walk(typer.main.get_command(build_app()), [])
    return found


#: the commands whose --json output is another command's: ``serve`` answers each request with the output of the
#: command it names (schemas/serve-response.schema.json; tests/test_serve.py validates each one)
RELAYS = {"serve"}


def test_every_json_command_has_a_case():
    assert _json_commands() - RELAYS == set(CASES)


def _schema_file(schema: str) -> tuple[str, dict]:
    name = schema.partition("/")[0]
    path = SCHEMAS / f"{name}.schema.json"
    assert path.is_file(), f"{schema}: no {path.name} in schemas/"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["properties"]["schema"]["const"] == schema, f"{path.name} is at another version than {schema}"
    return name, data


@pytest.mark.parametrize("command", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW else c for c in CASES])
def test_every_json_output_names_its_schema_and_validates(cli, tmp_path, command):
    files = {"high_form": write(tmp_path / "hf.yaml", HIGH_FORM), "turn_hf": write(tmp_path / "thf.yaml", TURN_HIGH_FORM),
             "turn": write(tmp_path / "turn.yaml", TURN_DUEL), "letal_game": write(tmp_path / "g.yaml", LETAL_GAME),
             "folder": tmp_path, "locales": tmp_path / "locales",
             # the translator's file beside, not in, the folder an export writes into
             "po": write(tmp_path / "in" / "it.po", 'msgid ""\nmsgstr ""\n"Language: it\\n"\n')}
    if command in ("i18n reviewed", "i18n import"):   # a translator's copy: English and Italian
        import shutil

        for code in ("en", "it"):
            shutil.copytree(REPO / "locales" / code, tmp_path / "locales" / code)
    args = [a.format(**{k: str(v) for k, v in files.items()}) for a in CASES[command]]
    r = cli(*args, "--json")
    assert r.code in (0, 1), r.err
    out = r.json
    assert next(iter(out)) == "schema"         # first, as the README says
    name, _ = _schema_file(out["schema"])
    validator(name).validate(out)


def test_an_error_names_its_schema_too(cli):
    r = cli("card", "show", "no-such-card-at-all", "--json")
    assert r.code == 2
    error = json.loads(r.err)
    name, _ = _schema_file(error["schema"])
    assert name == "output-error"
    validator(name).validate(error)


def test_the_versions_printed_are_those_of_the_schemas():
    from tashkalar_cli.render.jsonout import VERSIONS, schema_id

    files = {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("output-*.schema.json")}
    assert {f"output-{name}" for name in VERSIONS} == files
    for name in VERSIONS:
        _schema_file(schema_id(name))


def _contract():
    spec = importlib.util.spec_from_file_location("docs_contract", REPO / "docs" / "contract.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_lists_every_output_at_its_version():
    contract = _contract()
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert contract.rewritten(readme) == readme, "run python docs/contract.py"
    listed = contract.table()
    for name, version, _ in contract.outputs():
        assert f"| `{name}` | {version} |" in listed


def test_the_readme_check_fails_on_a_drift(tmp_path):
    contract = _contract()
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    for p in SCHEMAS.glob("output-*.schema.json"):
        (schemas / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    readme = contract.rewritten((REPO / "README.md").read_text(encoding="utf-8"), schemas)
    card = json.loads((schemas / "output-card.schema.json").read_text(encoding="utf-8"))
    card["properties"]["schema"]["const"] = "output-card/9"
    (schemas / "output-card.schema.json").write_text(json.dumps(card), encoding="utf-8")
    assert contract.rewritten(readme, schemas) != readme
    assert "| `output-card` | 9 |" in contract.table(schemas)

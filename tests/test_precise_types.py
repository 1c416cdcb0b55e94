"""The rules' engines and the model are typed precisely (issue 30): no ``typing.Any`` in ``engine/`` or ``model/``.

A value read from a file is ``object`` (narrowed by the checks that read it) or a typed record of what its schema
checked (:mod:`tashkalar_cli.games.tashkalar.model.facts`, ``PositionFile``, ``TurnFile``); an answer is a ``JsonObject``
(:mod:`tashkalar_cli.data.jsonvalue`); a key only hashed is a ``tuple[Hashable, ...]``. The check reads the
source: ``Any`` imported, named, or written in a quoted annotation or type alias.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tashkalar_cli.games.tashkalar.model.turn import Turn
from tashkalar_cli.games.tashkalar.model.types import Mode

PACKAGE = Path(__file__).resolve().parent.parent / "tashkalar_cli"
PRECISE = ("engine", "model")
_ANY = re.compile(r"\bAny\b")


def _quoted(tree: ast.AST) -> list[ast.Constant]:
    """The strings of a module that are types: quoted annotations, and the values of ``X: TypeAlias = "..."``."""
    out: list[ast.AST | None] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign):
            out.append(node.annotation)
            if isinstance(node.annotation, ast.Name) and node.annotation.id == "TypeAlias":
                out.append(node.value)
        elif isinstance(node, ast.arg):
            out.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append(node.returns)
    return [c for n in out if n is not None for c in ast.walk(n)
            if isinstance(c, ast.Constant) and isinstance(c.value, str)]


def _names_any(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return any(a.name == "Any" for a in node.names)
    return (isinstance(node, ast.Name) and node.id == "Any") or (isinstance(node, ast.Attribute) and node.attr == "Any")


def any_uses(path: Path) -> list[int]:
    """The lines of ``path`` where ``Any`` is imported, named or quoted in a type."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = [node.lineno for node in ast.walk(tree) if _names_any(node)]
    lines += [c.lineno for c in _quoted(tree) if _ANY.search(str(c.value))]
    return sorted(set(lines))


@pytest.mark.parametrize("package", PRECISE)
def test_no_any_in_the_engines_and_the_model(package):
    found = {str(p.relative_to(PACKAGE.parent)): lines for p in sorted((PACKAGE / package).rglob("*.py"))
             if (lines := any_uses(p))}
    assert found == {}


def test_the_check_sees_every_way_of_writing_any(tmp_path):
    source = tmp_path / "m.py"
    source.write_text('from typing import Any, TypeAlias\nimport typing\n\n'
                      'X: TypeAlias = "dict[str, Any]"\n\n\n'
                      'def f(a: "list[Any]", b: typing.Any) -> int:\n    return 0\n', encoding="utf-8")
    assert any_uses(source) == [1, 4, 7]
    source.write_text('"""Any square will do."""\nfrom typing import Hashable\n\nKEY: tuple[Hashable, ...] = ()\n',
                      encoding="utf-8")
    assert any_uses(source) == []


def test_scores_read_as_a_duel_or_a_melee_says_them():
    duel = Turn("blue", Mode.DUEL, 2, scores={"blue": 12, "red": 9})
    assert duel.points == {"blue": 12, "red": 9} and duel.melee_points == {}
    melee = Turn("blue", Mode.MELEE, 3, scores={"blue": {"red": 3, "yellow": 5}, "red": {"blue": 1}})
    assert melee.points == {} and melee.melee_points == {"blue": {"red": 3, "yellow": 5}, "red": {"blue": 1}}


def test_a_position_as_data_is_its_dict_field_for_field(tk):
    """``Position.to_dict`` is made from ``Position.data`` (which the YAML of a position file reads): the same
    fields in the same order, each marker borne under its name, last."""
    position = tk.parser.from_data({"pieces": {"e5": "red heroic", "a3": "blue", "c7": "blue legendary"},
                                    "supply": {"blue": {"common": 3}}, "tasks_claimed": {}, "decks": {"red": "nethervoid"},
                                    "gateway": {"red": "e5"}}, None, "test")
    data, whole = position.data(), position.to_dict()
    assert list(whole) == ["mode", "players", "pieces", "supply", "tasks_claimed", "decks", "gateway"]
    assert whole == {**{f: getattr(data, f) for f in data._fields if f != "markers"}, **data.markers}
    assert data.markers == {"gateway": {"red": "e5"}} and data.pieces["e5"] == {"color": "red", "rank": "heroic"}
    assert data.supply["blue"]["common"] == 3 == data.supply["blue"]["double_sided"]

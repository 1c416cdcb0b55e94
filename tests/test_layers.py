"""The package's modules import one another without a loop, even between two files of one layer.

import-linter's contracts (``pyproject.toml``) keep the layers in order; they say nothing about the
files inside a layer. This test builds the graph of the package's modules from their source, every
import counted: at the top, inside a function, under ``TYPE_CHECKING``, and through
``importlib.import_module("tashkalar_cli...")`` with a literal name, and asserts that it has no cycle.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tashkalar_cli"
ROOT = "tashkalar_cli"

#: the tests share one reading of the package (the fixture below): on one worker
pytestmark = pytest.mark.xdist_group("layers")

#: edges that close a known loop, each to be removed (say by what, and drop it when done): none today
KNOWN: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _target(name: str, modules: dict[str, Path]) -> str | None:
    """The module of the package that ``name`` is, or the nearest package holding it."""
    while name.startswith(ROOT):
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(_target(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:   # ``from pkg import module`` names the module, else the package
                found.add(_target(f"{base}.{alias.name}", modules) if f"{base}.{alias.name}" in modules
                          else _target(base, modules))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(_target(node.args[0].value, modules))
    return {m for m in found if m is not None and m != module}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, an explicit stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


@pytest.fixture(scope="module")
def package_graph() -> dict[str, frozenset[str]]:
    """The graph of the package, read once for the tests of this module (each reading parses every module, a
    CPU-second and more); frozen: a test that changes it works on its own copy."""
    return {name: frozenset(targets) for name, targets in import_graph().items()}


def test_no_two_modules_of_the_package_import_each_other_even_through_others(package_graph) -> None:
    graph = {name: set(targets) for name, targets in package_graph.items()}
    for source, target in KNOWN:
        graph[source].discard(target)
    assert cycles(graph) == []


def test_the_graph_sees_every_kind_of_import(package_graph) -> None:
    """The reader counts what a loop may hide behind: a function-local import, one under TYPE_CHECKING, and
    ``importlib.import_module`` (the known edge above is found, so removing it above is not a no-op)."""
    graph = package_graph
    assert "tashkalar_cli.games.tashkalar.model.patterns" in graph["tashkalar_cli.games.tashkalar.model.board"]        # inside a method
    assert "tashkalar_cli.data.dataset" in graph["tashkalar_cli.games.tashkalar.model.cards"]          # under TYPE_CHECKING
    for source, target in KNOWN:
        assert target in graph[source], (source, target)
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_model_and_the_engines_know_no_language(package_graph) -> None:
    """Card names, lexicons, word matching and the search index live above the model (text/, catalog/):
    no module of model/ or engine/ imports them, even inside a function or for its types only."""
    graph = package_graph
    wrong = sorted((source, target) for source, targets in graph.items()
                   if source.startswith(("tashkalar_cli.games.tashkalar.model", "tashkalar_cli.games.tashkalar.engine"))
                   for target in targets if target.startswith(("tashkalar_cli.text", "tashkalar_cli.games.tashkalar.catalog")))
    assert wrong == []


#: the folders whose function-local imports need no ``# deferred`` reason (issue 30: every folder but these): cli/
#: holds the entry point and the line's own commands: its modules are the lazy group's command boundaries (a
#: command's module is loaded only when that command runs, the entry point by every line), kept exempt
UNREVIEWED = {"cli"}


def test_an_import_inside_a_function_says_why_it_is_deferred() -> None:
    """Since the lazy command group imports a command's module only when it runs, an import inside a function of
    the library is kept only for a reason that still holds (a heavy dependency on a rare path, a module a command
    does not load at start-up...), said by a ``# deferred`` comment on its line or above its block of imports."""
    unsaid = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if UNREVIEWED & set(path.relative_to(PACKAGE).parts[:-1]):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        above = inner.lineno - 2   # the line above the imports of a block, which may say it for all
                        while lines[above].lstrip().startswith(("from ", "import ")):
                            above -= 1
                        if "# deferred" not in lines[inner.lineno - 1] + lines[above]:
                            unsaid.append(f"{path.relative_to(PACKAGE.parent)}:{inner.lineno}")
    assert sorted(set(unsaid)) == []


#: what the start-up of a command does without (each kept out by a deferred import): PyYAML, jsonschema, rapidfuzz,
#: Snowball, translate-toolkit, and the package's uncached build, file validation, search index and planners
HEAVY = ("yaml", "jsonschema", "referencing", "rapidfuzz", "snowballstemmer", "Stemmer", "translate")
HEAVY_OWN = ("tashkalar_cli.games.tashkalar.catalog.build", "tashkalar_cli.data.filecache", "tashkalar_cli.data.schemas",
             "tashkalar_cli.text.index", "tashkalar_cli.games.tashkalar.engine.goals", "tashkalar_cli.games.tashkalar.engine.planner")
#: a command run in a process that says, at its exit, which modules it imported
IMPORTED = ("import atexit, os, sys\n"
            "atexit.register(lambda: os.write(2, ('MODULES ' + ' '.join(sorted(sys.modules))).encode()))\n"
            "from tashkalar_cli.cli.app import main\n"
            "main(sys.argv[1:])\n")


@pytest.mark.usefixtures("warm_cache")
@pytest.mark.parametrize("args", [["card", "show", "knight", "--json"],
                                  ["summonable", "--player", "blue", "--pieces", "e5=blue:heroic,e4=blue,d4=red", "--json"]])
def test_the_start_up_of_a_command_loads_no_heavy_part(tmp_path, args) -> None:
    """The commands of the start-up benchmark (benchmarks/startup.py), on a warm cache, import none of the heavy
    parts their deferred imports keep out: moving one such import to the top of its module fails here."""
    done = subprocess.run([sys.executable, "-c", IMPORTED, *args], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    imported = set(done.stderr.rsplit("MODULES ", 1)[1].split())
    assert "tashkalar_cli.game" in imported
    assert sorted(m for m in imported if m.split(".")[0] in HEAVY or m.startswith(HEAVY_OWN)) == []

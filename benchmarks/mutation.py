"""Mutation test of the rules that matter most: does the suite notice a single-line bug?

Each mutant changes one thing on one line of a chosen function or constant: a comparison
(``<`` and ``<=``, ``==`` and ``!=``, ``in`` and ``not in``), an arithmetic or bit operator, an
integer constant one up or one down, ``True``/``False``, ``and``/``or``, a ``not`` dropped,
two neighbouring items of a literal list or tuple swapped or one moved to the front, a compared
value made one more or one less (an off-by-one against a variable). The mutant is written into a copy of the project (the
worktree is never changed) and the tests chosen for that module run against it, one process per
mutant, ``-x`` (the first failure kills it). A mutant whose tests still pass *survived*: a bug
the suite would not see.

    nice -n 19 python benchmarks/mutation.py                 # every module
    nice -n 19 python benchmarks/mutation.py tasks scoring   # some of them
    python benchmarks/mutation.py --list                     # the mutants, without running them

The score is killed/total per module; survivors are printed with their line, and written as
JSON with ``--json FILE``. It takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Target:
    """A module, the functions and module constants mutated in it, and the tests that guard it."""

    path: str
    names: tuple[str, ...]
    tests: tuple[str, ...]


TARGETS: dict[str, Target] = {
    "tasks": Target("tashkalar_cli/engine/tasks.py",
                    ("Requirement", "destroyed", "destroyed_legends", "line_dominance", "isolation", "high_form_score"),
                    ("tests/test_play.py", "tests/test_core.py")),
    "scoring": Target("tashkalar_cli/engine/scoring.py", ("score_turn", "_melee_totals", "TurnScore"),
                      ("tests/test_play.py", "tests/test_core.py")),
    "i18n": Target("tashkalar_cli/text/i18n.py", ("ENV_ORDER", "resolve_language", "_LANG_RE"),
                   ("tests/test_interface_language.py",)),
    "yamlio": Target("tashkalar_cli/data/yamlio.py",
                     ("MAX_DEPTH", "MAX_USER_FILE", "_scan", "read_text", "read_user_yaml"),
                     ("tests/test_yamlio.py", "tests/test_position.py", "tests/test_fuzz.py::test_corpus_errors_say_what",
                      "tests/test_fuzz.py::test_deep_nesting_does_not_crash_the_interpreter")),
    # the rules of the summoning square and the bitboards they read (issue 30: mutant S4 was a copy of these)
    "summon": Target("tashkalar_cli/model/summon.py",
                     ("SideMasks", "side_masks", "in_shortage", "summon_choices", "summon_facts", "_leaving_one"),
                     ("tests/test_one_rule.py::test_position_after_summon_decides_as_the_engine",
                      "tests/test_summon_rule.py")),
}

_CMP_SWAP: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                               ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                               ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BIN_SWAP: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
                               ast.FloorDiv: ast.Mult, ast.Mult: ast.FloorDiv, ast.Mod: ast.FloorDiv,
                               ast.RShift: ast.LShift, ast.LShift: ast.RShift}


@dataclass(frozen=True)
class Mutant:
    module: str
    line: int
    what: str
    source: str     # the whole mutated module


def _scopes(tree: ast.Module, names: tuple[str, ...]) -> list[ast.AST]:
    """The top-level functions, classes and assignments named in ``names``."""
    found: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in names:
            found.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in names for t in targets):
                found.append(node)
    return found


def _edits(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """(description, replacement node) for each single change of ``node`` itself."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        op = type(node.ops[0])
        if op in _CMP_SWAP:
            yield f"{op.__name__} -> {_CMP_SWAP[op].__name__}", ast.Compare(node.left, [_CMP_SWAP[op]()], node.comparators)
        if op in (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq) and not isinstance(node.comparators[0], ast.Constant):
            for sign, bump in (("+", ast.Add()), ("-", ast.Sub())):
                yield f"compared value {sign} 1", ast.Compare(node.left, node.ops,
                                                              [ast.BinOp(node.comparators[0], bump, ast.Constant(1))])
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN_SWAP:
        swap = _BIN_SWAP[type(node.op)]
        yield f"{type(node.op).__name__} -> {swap.__name__}", ast.BinOp(node.left, swap(), node.right)
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield f"{type(node.op).__name__} -> {type(other).__name__}", ast.BoolOp(other, node.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not dropped", node.operand
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield f"{node.value} -> {not node.value}", ast.Constant(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield f"{node.value} -> {node.value + 1}", ast.Constant(node.value + 1)
        yield f"{node.value} -> {node.value - 1}", ast.Constant(node.value - 1)
    elif isinstance(node, ast.List | ast.Tuple) and isinstance(node.ctx, ast.Load) \
            and all(isinstance(e, ast.Constant) for e in node.elts):
        for i in range(len(node.elts) - 1):
            elts = list(node.elts)
            elts[i], elts[i + 1] = elts[i + 1], elts[i]
            yield f"items {i + 1} and {i + 2} swapped", type(node)(elts, ast.Load())
        for i in range(2, len(node.elts)):
            elts = [node.elts[i], *node.elts[:i], *node.elts[i + 1:]]
            yield f"item {i + 1} moved first", type(node)(elts, ast.Load())


def _annotation_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node of the annotations attached to ``node``."""
    found: list[ast.AST | None] = []
    if isinstance(node, ast.arg):
        found.append(node.annotation)
    elif isinstance(node, ast.FunctionDef):
        found.append(node.returns)
    elif isinstance(node, ast.AnnAssign):
        found.append(node.annotation)
    for ann in found:
        if ann is not None:
            yield from ast.walk(ann)


class _Replace(ast.NodeTransformer):
    def __init__(self, target: ast.AST, replacement: ast.AST) -> None:
        self.target, self.replacement = target, replacement

    def visit(self, node: ast.AST) -> ast.AST:
        if node is self.target:
            return ast.copy_location(self.replacement, node)
        result: ast.AST = super().visit(node)
        return result


def mutants(module: str, target: Target, root: Path = REPO) -> list[Mutant]:
    text = (root / target.path).read_text(encoding="utf-8")
    tree = ast.parse(text)
    out = []
    for scope in _scopes(tree, target.names):
        annotations = {id(n) for a in ast.walk(scope) for n in _annotation_nodes(a)}
        for node in ast.walk(scope):
            if id(node) in annotations:
                continue   # types are not behaviour
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                continue
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                continue   # docstrings
            for what, replacement in _edits(node):
                mutated = copy.deepcopy(tree)
                index = {id(n): m for n, m in zip(ast.walk(tree), ast.walk(mutated), strict=True)}
                new = _Replace(index[id(node)], copy.deepcopy(replacement)).visit(mutated)
                ast.fix_missing_locations(new)
                source = ast.unparse(new)
                out.append(Mutant(module, getattr(node, "lineno", 0), what, source))
    return out


def _purge() -> None:
    """Forget the project's modules and the test modules, so that the next import reads the files."""
    for name in list(sys.modules):
        if name.startswith(("tashkalar_cli", "test_")) or name == "conftest":
            del sys.modules[name]


def run_tests(work: Path, tests: tuple[str, ...], timeout: float) -> str:
    """``killed``, ``survived`` or ``timeout`` (a hang counts as killed).

    The tests run in a forked copy of this process, which has imported pytest and the libraries
    already: only the project's modules are read again, from the (mutated) copy.
    """
    present = [t for t in tests if (work / t.split("::")[0]).is_file()]
    args = ["-x", "-q", "-n", "0", "-m", "", "-p", "no:cacheprovider", "--hypothesis-seed=0", *present]
    pid = os.fork()
    if pid == 0:   # the child: run the tests, say nothing, exit with pytest's code
        code = 99
        try:
            os.chdir(work)
            _purge()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            import pytest

            code = int(pytest.main(args))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.02)


def _preload(repo: Path) -> None:
    """Import pytest, its plugins and the libraries the tool uses once, in this process."""
    sys.path.insert(0, str(repo))
    import hypothesis  # noqa: F401
    import pytest  # noqa: F401
    import xdist  # type: ignore[import-untyped]  # noqa: F401

    import tashkalar_cli.cli.app  # typer, rich, click, yaml, jsonschema ...
    import tashkalar_cli.game  # noqa: F401

    _purge()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", choices=[[], *TARGETS], default=[])
    parser.add_argument("--list", action="store_true", help="list the mutants without running them")
    parser.add_argument("--json", type=Path, help="write the results to this file")
    parser.add_argument("--limit", type=int, default=400, help="at most this many mutants in all")
    parser.add_argument("--again", type=Path, metavar="JSON",
                        help="only the mutants that survived in this earlier result (--json) file")
    args = parser.parse_args()
    chosen = args.modules or list(TARGETS)
    todo = [m for name in chosen for m in mutants(name, TARGETS[name])][: args.limit]
    if args.again:
        before = json.loads(args.again.read_text(encoding="utf-8"))
        again = {(r["module"], r["line"], r["mutation"]) for r in before if r["outcome"] == "survived"}
        todo = [m for m in todo if (m.module, m.line, m.what) in again]
    if args.list:
        for m in todo:
            print(f"{m.module}:{m.line}: {m.what}")
        print(f"{len(todo)} mutants")
        return 0
    work = Path(tempfile.mkdtemp(prefix="tashkalar-mutation-"))
    results: list[dict[str, object]] = []
    try:
        shutil.copytree(REPO, work / "repo", ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", ".hypothesis",
                                                                             ".pytest_cache", "mutants"))
        repo = work / "repo"
        for var in [v for v in os.environ if v.startswith("TASHKALAR")]:
            del os.environ[var]
        os.environ["PYTHONPATH"] = str(repo)          # the copy's package, also in the tests' subprocesses
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        sys.dont_write_bytecode = True
        _preload(repo)
        for name in chosen:
            target = TARGETS[name]
            # the validated data, cached once for all the mutants (the data never changes); not for
            # the YAML reader, which reads the data: there, every run validates it again
            if name != "yamlio":
                os.environ["TASHKALAR_TESTS_CACHE"] = str(work / "cache")
            else:
                os.environ.pop("TASHKALAR_TESTS_CACHE", None)
            original = (repo / target.path).read_text(encoding="utf-8")
            start = time.perf_counter()
            baseline = run_tests(repo, target.tests, 600)
            took = time.perf_counter() - start
            if baseline != "survived":
                print(f"{name}: the tests fail without any mutant; fix them first", file=sys.stderr)
                return 2
            for m in (m for m in todo if m.module == name):
                (repo / target.path).write_text(m.source, encoding="utf-8")
                try:
                    outcome = run_tests(repo, target.tests, max(30.0, 4 * took))
                finally:
                    (repo / target.path).write_text(original, encoding="utf-8")
                results.append({"module": name, "line": m.line, "mutation": m.what, "outcome": outcome})
                print(f"{name}:{m.line}: {m.what}: {outcome}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    for name in chosen:
        mine = [r for r in results if r["module"] == name]
        killed = sum(r["outcome"] != "survived" for r in mine)
        print(f"{name}: {killed}/{len(mine)} killed")
        for r in mine:
            if r["outcome"] == "survived":
                print(f"  survived {TARGETS[name].path}:{r['line']}: {r['mutation']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

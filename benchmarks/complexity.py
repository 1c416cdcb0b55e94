"""The largest functions and modules of the package: lines and cyclomatic complexity, by a walk of Python's ``ast``.

Run: python benchmarks/complexity.py [--top N] [--under DIR] [--limit-lines 80] [--limit-cc 25] [--check]

The complexity of a function is 1, plus one per ``if``/``elif``, ``for``, ``while``, ``except`` handler,
conditional expression and ``assert``, plus one per operand of a boolean operator beyond the first (``a and b
and c``: 2), plus one per ``for`` and ``if`` of a comprehension, plus one per ``case`` of a ``match``. A
function nested in another is measured on its own (its branches are not its parent's). Lines: from the
``def`` (decorators included) to its last line. ``--check`` exits 1 when a function under ``--under`` is over
either limit, or a module over 800 lines.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
MAX_MODULE_LINES = 800

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_BRANCHES = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler, ast.IfExp, ast.Assert)


class Measure(NamedTuple):
    """One function: where it is, its length in lines and its complexity."""

    path: str
    line: int
    name: str
    lines: int
    cc: int


def complexity(func: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The cyclomatic complexity of ``func``, its nested functions and classes left out."""
    cc = 1
    stack: list[ast.AST] = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        if isinstance(node, (*_FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue        # measured on its own
        if isinstance(node, _BRANCHES):
            cc += 1
        elif isinstance(node, ast.BoolOp):
            cc += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            cc += 1 + len(node.ifs)
        elif isinstance(node, ast.match_case):
            cc += 1
        stack.extend(ast.iter_child_nodes(node))
    return cc


def functions(path: Path, root: Path) -> Iterator[Measure]:
    """Every function of one file (methods and nested functions included), measured."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return measured(str(path.relative_to(root)), tree)


def measured(rel: str, tree: ast.Module) -> Iterator[Measure]:
    """Every function of one parsed module, shown as ``rel`` (benchmarks/renovation.py measures a commit's files
    read from git with it)."""

    def walk(node: ast.AST, prefix: str) -> Iterator[Measure]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _FUNCTIONS):
                first = min([child.lineno, *[d.lineno for d in child.decorator_list]])
                end = child.end_lineno or child.lineno
                yield Measure(rel, child.lineno, prefix + child.name, end - first + 1, complexity(child))
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def modules(under: Path) -> list[Path]:
    return sorted(p for p in under.rglob("*.py") if ".venv" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--under", default="tashkalar_cli", help="the folder measured (relative to the repository)")
    parser.add_argument("--check", default=None, help="a folder whose functions and modules must keep to the limits")
    parser.add_argument("--limit-lines", type=int, default=80)
    parser.add_argument("--limit-cc", type=int, default=25)
    args = parser.parse_args(argv)
    files = modules(ROOT / args.under)
    measured = [m for path in files for m in functions(path, ROOT)]
    print(f"{len(files)} modules, {len(measured)} functions under {args.under}")
    print("\nlargest functions by lines:")
    for m in sorted(measured, key=lambda m: (-m.lines, m.path, m.line))[:args.top]:
        print(f"  {m.lines:5} lines  cc {m.cc:4}  {m.path}:{m.line}  {m.name}")
    print("\nlargest functions by complexity:")
    for m in sorted(measured, key=lambda m: (-m.cc, m.path, m.line))[:args.top]:
        print(f"  cc {m.cc:4}  {m.lines:5} lines  {m.path}:{m.line}  {m.name}")
    sizes = sorted(((len(p.read_text(encoding="utf-8").splitlines()), p) for p in files), key=lambda t: (-t[0], t[1]))
    print("\nlargest modules:")
    for n, p in sizes[:args.top]:
        print(f"  {n:5} lines  {p.relative_to(ROOT)}")
    if args.check is None:
        return 0
    checked = str(Path(args.check))
    over = [m for m in measured if m.path.startswith(checked) and (m.lines > args.limit_lines or m.cc > args.limit_cc)]
    big = [(n, p) for n, p in sizes if str(p.relative_to(ROOT)).startswith(checked) and n > MAX_MODULE_LINES]
    for m in over:
        print(f"over the limits: {m.path}:{m.line} {m.name} ({m.lines} lines, cc {m.cc})", file=sys.stderr)
    for n, p in big:
        print(f"over {MAX_MODULE_LINES} lines: {p.relative_to(ROOT)} ({n} lines)", file=sys.stderr)
    return 1 if over or big else 0


if __name__ == "__main__":
    sys.exit(main())

"""The figures of issue 30's closing note, at one or more commits: the largest functions (lines, cyclomatic
complexity), the largest modules, the framework patches and the ``Any`` of ``engine/`` and ``model/``.

Run: python benchmarks/renovation.py 466e531 abccf36 HEAD [--top 10] [--list]

Each commit is read from git (``git ls-tree``, ``git cat-file``): no checkout, the same counting for every
commit. Lines and complexity of a function are those of ``benchmarks/complexity.py`` (its ``complexity``;
lines from the first decorator to the last line).

The framework patches are found by a walk of each module's ``ast`` (``--list`` prints every one found):

* a **module or class changed**: an assignment (or ``setattr``) into an attribute of a name bound by an import
  of ``click``, ``typer`` or ``rich`` (a module or a class), or of a module looked up by name
  (``sys.modules``, ``importlib.import_module``); a loop over a module-level tuple of module names counts each
  name of the tuple;
* a **private name used**: an import of a ``_``-prefixed module or name of those packages, an attribute
  ``_x`` (not a dunder) read or written on such a name or on a framework object (a parameter annotated with a
  framework type, a loop variable over ``.params``), a ``getattr`` of a ``_x`` string on them;
* a **private class extended or private method overridden**: a class whose base is imported from a private
  module, or that overrides a ``_x`` method of a framework base;
* a **hook of a framework object replaced**: an assignment to the ``callback`` of a framework object (Typer's own
  ``--install-completion`` callback replaced), or to its ``message`` in a function that reads that message with a
  regular expression (Click's English text rewritten). The help texts set on commands and parameters (``help``,
  ``short_help``: Click's public, documented attributes), a message only made safe to show, and the callbacks of the
  tool's own commands are not counted.

A patch site is a function (or module level) holding at least one of these; the table gives the sites, the
modules and classes changed, and the private names used. ``Any``: the name ``Any`` in the code (annotations
included, imports and comments not), and the ``tuple[Any, ...]`` among them.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from complexity import Measure, measured

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tashkalar_cli"
FRAMEWORKS = ("click", "typer", "rich")
#: the function-size limits of issue 30 (engine/, model/, game)
LIMIT_LINES, LIMIT_CC, LIMIT_MODULE = 80, 25, 800
CORE = ("tashkalar_cli/engine/", "tashkalar_cli/model/", "tashkalar_cli/game")  # game.py and the packs (games/) too
#: the names of the object a method is called on, never a framework object here
OWN = ("self", "cls")


def sources(commit: str) -> dict[str, str]:
    """Every ``.py`` file of the package at ``commit``, by path."""
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, PACKAGE], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    paths = sorted(n for n in names if n.endswith(".py"))
    batch = "".join(f"{commit}:{p}\n" for p in paths)
    out = subprocess.run(["git", "cat-file", "--batch"], cwd=ROOT, input=batch.encode(), check=True,
                         capture_output=True).stdout
    files, at = {}, 0
    for path in paths:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        files[path] = out[header_end + 1:header_end + 1 + size].decode("utf-8")
        at = header_end + 1 + size + 1
    return files


#: one function measured: where it is, its lines and complexity (benchmarks/complexity.py's record and walk)
Function = Measure


def functions(path: str, tree: ast.Module) -> Iterator[Function]:
    return measured(path, tree)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _root(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _elements(node: ast.expr) -> list[ast.expr | None]:
    """The items of a tuple, or the keys of a dictionary, written out."""
    return list(node.keys) if isinstance(node, ast.Dict) else list(node.elts) if isinstance(node, ast.Tuple) else []


def _dotted(node: ast.expr) -> str:
    return ast.unparse(node)


@dataclass
class Patches:
    """The framework patches found in one commit."""

    hits: list[tuple[str, str, str]] = field(default_factory=list)      # (site, kind, what)

    def add(self, site: str, kind: str, what: str) -> None:
        if (site, kind, what) not in self.hits:
            self.hits.append((site, kind, what))

    def of(self, kind: str) -> set[str]:
        return {what for _, k, what in self.hits if k == kind}

    @property
    def sites(self) -> set[str]:
        return {site for site, _, _ in self.hits}


class _Finder(ast.NodeVisitor):
    """One module's framework patches (see the module's docstring)."""

    def __init__(self, path: str, tree: ast.Module, found: Patches) -> None:
        self.path, self.found, self.scope = path, found, ["<module>"]
        self.imported: dict[str, str] = {}      # local name -> the dotted framework name it stands for
        self.looked_up: dict[str, list[str]] = {}   # local name -> the module names a lookup by name gives it
        self.objects: set[str] = set()          # names of framework objects (parameters annotated, .params loops)
        self.tuples = {t.id: [e.value for e in _elements(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                       for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None
                       and isinstance(node.value, (ast.Tuple, ast.Dict))
                       for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)}
        self.loops: dict[str, list[str]] = {}   # loop variable -> the module-level tuple of names it runs over
        self.read_by_pattern: set[str] = set()

    @property
    def site(self) -> str:
        return f"{self.path}:{'.'.join(self.scope)}"

    def _framework(self, name: str) -> bool:
        return name.split(".")[0] in FRAMEWORKS

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if self._framework(alias.name):
                self.imported[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
                if any(_private(part) for part in alias.name.split(".")):
                    self.found.add(self.site, "private", alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level or not self._framework(module):
            return
        for alias in node.names:
            self.imported[alias.asname or alias.name] = f"{module}.{alias.name}"
            if any(_private(part) for part in module.split(".")) or _private(alias.name):
                self.found.add(self.site, "private", f"{module}.{alias.name}")

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.scope.append(node.name)
        read = self.read_by_pattern
        if not isinstance(node, ast.ClassDef):     # the messages a regular expression reads in this function
            self.read_by_pattern = {_dotted(arg) for n in ast.walk(node) if isinstance(n, ast.Call)
                                    and _dotted(n.func).startswith("re.") for arg in n.args}
        self.generic_visit(node)
        self.read_by_pattern = read
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for arg in [*node.args.args, *node.args.kwonlyargs]:
            if arg.arg not in OWN and arg.annotation is not None and any(
                    isinstance(n, ast.Name) and n.id in self.imported for n in ast.walk(arg.annotation)):
                self.objects.add(arg.arg)
        self._scoped(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self.visit_FunctionDef(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = [self.imported.get(_root(b) or "", "") for b in node.bases]
        framework = [b for b in bases if b]
        if any(any(_private(part) for part in b.split(".")) for b in framework):
            self.found.add(self.site, "private class extended", ", ".join(framework))
        if framework:
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and _private(item.name):
                    self.found.add(self.site, "private method overridden", f"{node.name}.{item.name}")
        self._scoped(node)

    def visit_For(self, node: ast.For) -> None:
        over = node.iter.func.value if isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Attribute) \
            and node.iter.func.attr in ("items", "keys") else node.iter
        names = node.target.elts[0] if isinstance(node.target, ast.Tuple) and node.target.elts else node.target
        if isinstance(names, ast.Name) and isinstance(over, ast.Name) and over.id in self.tuples:
            self.loops[names.id] = self.tuples[over.id]
        if isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Attribute) and node.iter.attr == "params":
            self.objects.add(node.target.id)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        value = node.value
        for target in node.targets:
            if isinstance(target, ast.Name) and isinstance(value, (ast.Call, ast.Subscript)):
                text = _dotted(value)
                if text.startswith(("sys.modules", "importlib.import_module")):
                    arg = value.args[0] if isinstance(value, ast.Call) and value.args else getattr(value, "slice", None)
                    if isinstance(arg, ast.Name) and arg.id in self.loops:
                        self.looked_up[target.id] = self.loops[arg.id]
                    elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        self.looked_up[target.id] = [arg.value]
            self._assigned(target)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._assigned(node.target)
        self.generic_visit(node)

    def _changed(self, root: str, attr: str, node: ast.expr) -> None:
        if root in self.looked_up:
            for module in self.looked_up[root]:
                if self._framework(module):
                    self.found.add(self.site, "changed", f"{module}.{attr}")
        elif root in self.imported:
            inner = _dotted(node)
            self.found.add(self.site, "changed", self.imported[root] + inner[len(root):] + f".{attr}")

    def _assigned(self, target: ast.expr) -> None:
        if not isinstance(target, ast.Attribute):
            return
        root = _root(target)
        if root is None:
            return
        self._changed(root, target.attr, target.value)
        if root in self.objects and isinstance(target.value, ast.Name) and (
                target.attr == "callback" or (target.attr == "message" and _dotted(target) in self.read_by_pattern)):
            self.found.add(self.site, "hook replaced", f"{root}.{target.attr}")

    def visit_Call(self, node: ast.Call) -> None:
        name = _dotted(node.func)
        if name in ("setattr", "getattr") and len(node.args) >= 2:
            root = _root(node.args[0])
            given = node.args[1]
            attrs = [given.value] if isinstance(given, ast.Constant) else \
                self.loops.get(given.id, ["<computed>"]) if isinstance(given, ast.Name) else ["<computed>"]
            attr = str(attrs[0])
            if root is not None and name == "setattr":
                for each in attrs:
                    self._changed(root, str(each), node.args[0])
            if root is not None and (root in self.imported or root in self.objects) and _private(attr):
                self.found.add(self.site, "private", f"{_dotted(node.args[0])}.{attr}")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        root = _root(node)
        if root is not None and (root in self.imported or root in self.objects) and _private(node.attr):
            base = self.imported.get(root, root) + _dotted(node.value)[len(root):]
            self.found.add(self.site, "private", f"{base}.{node.attr}")
        self.generic_visit(node)


def any_count(tree: ast.Module) -> tuple[int, int]:
    """The uses of ``Any`` (imports left out) and the ``tuple[Any, ...]`` among them."""
    uses = sum(1 for n in ast.walk(tree) if (isinstance(n, ast.Name) and n.id == "Any")
               or (isinstance(n, ast.Attribute) and n.attr == "Any"))
    strings = sum(ast.unparse(ast.parse(n.value, mode="eval")).count("Any") for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str) and _annotation_like(n.value))
    tuples = sum(1 for n in ast.walk(tree) if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name)
                 and n.value.id == "tuple" and isinstance(n.slice, ast.Tuple) and len(n.slice.elts) == 2
                 and isinstance(n.slice.elts[0], ast.Name) and n.slice.elts[0].id == "Any"
                 and isinstance(n.slice.elts[1], ast.Constant) and n.slice.elts[1].value is Ellipsis)
    return uses + strings, tuples


def _annotation_like(text: str) -> bool:
    """A string annotation holding ``Any`` (``"dict[str, Any]"``), not prose."""
    if "Any" not in text or len(text) > 200:
        return False
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(tree))


@dataclass
class Figures:
    commit: str
    modules: dict[str, int]
    functions: list[Function]
    patches: Patches
    any_core: int
    any_tuples_core: int
    any_all: int
    local_imports: dict[str, int]     # function-local imports: in cli/, and in the library below it


def measure(commit: str) -> Figures:
    files = sources(commit)
    trees = {path: ast.parse(text, filename=path) for path, text in files.items()}
    patches = Patches()
    for path, tree in trees.items():
        _Finder(path, tree, patches).visit(tree)
    measured = [f for path, tree in trees.items() for f in functions(path, tree)]
    counts = {path: any_count(tree) for path, tree in trees.items()}
    # engine/ and model/: at the top of the package until Tash-Kalar's pack took them (games/tashkalar/)
    core = [c for path, c in counts.items() if path.startswith(("tashkalar_cli/engine/", "tashkalar_cli/model/",
                                                                 "tashkalar_cli/games/tashkalar/engine/",
                                                                 "tashkalar_cli/games/tashkalar/model/"))]
    local = {"cli": 0, "library": 0}
    for path, tree in trees.items():
        local["cli" if path.startswith("tashkalar_cli/cli/") else "library"] += _local_imports(tree)
    return Figures(commit, {path: len(text.splitlines()) for path, text in files.items()}, measured, patches,
                   sum(c[0] for c in core), sum(c[1] for c in core), sum(c[0] for c in counts.values()), local)


def _local_imports(tree: ast.AST, inside: bool = False) -> int:
    """The import statements inside functions (deferred to the call: the start-up's lazy imports)."""
    found = 0
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            found += inside
        found += _local_imports(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return found


def short(path: str) -> str:
    return path.removeprefix("tashkalar_cli/")


def report(fig: Figures, top: int, listing: bool) -> None:
    rev = subprocess.run(["git", "rev-parse", "--short", fig.commit], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    core = [f for f in fig.functions if f.path.startswith(CORE)]
    print(f"== {fig.commit} ({rev}): {len(fig.modules)} modules, {sum(fig.modules.values())} lines, "
          f"{len(fig.functions)} functions")
    print(f"functions over {LIMIT_LINES} lines: {sum(f.lines > LIMIT_LINES for f in fig.functions)} "
          f"(engine/, model/, game: {sum(f.lines > LIMIT_LINES for f in core)}); "
          f"over cc {LIMIT_CC}: {sum(f.cc > LIMIT_CC for f in fig.functions)} (engine/, model/, game: "
          f"{sum(f.cc > LIMIT_CC for f in core)}); modules over {LIMIT_MODULE} lines: "
          f"{sum(n > LIMIT_MODULE for n in fig.modules.values())}")
    print("largest functions by lines:")
    for f in sorted(fig.functions, key=lambda f: (-f.lines, f.path, f.line))[:top]:
        print(f"  {f.lines:5} lines  cc {f.cc:4}  {short(f.path)}:{f.line}  {f.name}")
    print("largest functions by complexity:")
    for f in sorted(fig.functions, key=lambda f: (-f.cc, f.path, f.line))[:top]:
        print(f"  cc {f.cc:4}  {f.lines:5} lines  {short(f.path)}:{f.line}  {f.name}")
    print("largest modules:")
    for path, n in sorted(fig.modules.items(), key=lambda t: (-t[1], t[0]))[:top]:
        print(f"  {n:5} lines  {short(path)}")
    p = fig.patches
    changed = p.of("changed")
    print(f"framework patches: {len(p.sites)} sites in {len({s.split(':')[0] for s in p.sites})} files; "
          f"{len(changed)} attributes of {len({c.rsplit('.', 1)[0] for c in changed})} modules or classes changed; "
          f"{len(p.of('private'))} private names used; {len(p.of('private class extended'))} private classes "
          f"extended; {len(p.of('private method overridden'))} private methods overridden; "
          f"{len(p.of('hook replaced'))} hooks of framework objects replaced")
    if listing:
        for site, kind, what in p.hits:
            print(f"  {short(site)}  {kind}: {what}")
    print(f"Any in engine/ and model/: {fig.any_core} (tuple[Any, ...]: {fig.any_tuples_core}); "
          f"in the whole package: {fig.any_all}")
    print(f"function-local imports: {fig.local_imports['library']} in the library (cli/ left out), "
          f"{fig.local_imports['cli']} in cli/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--list", action="store_true", help="every framework patch found, by site")
    args = parser.parse_args(argv)
    for commit in args.commits:
        report(measure(commit), args.top, args.list)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

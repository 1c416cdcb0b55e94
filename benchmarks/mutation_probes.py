"""The probes of ``benchmarks/mutation.py --select``: which test reaches the code a mutant changes.

Before the mutants run, the unchanged tests run once with a call ``__mutation_probe__(k)`` put before the
statement of each mutant ``k``; the plugin :class:`ProbeRecorder` notes, for each test's own call, the probes it
reached and the CPU seconds it took. A probe costs one call where the line tracer it replaces paid for every line
run (about four times the tests' own time)."""

from __future__ import annotations

import ast
import json
import time
from collections.abc import Iterator
from pathlib import Path

PROBE = "__mutation_probe__"


def _statement_lists(node: ast.AST) -> Iterator[list[ast.stmt]]:
    for name in ("body", "orelse", "finalbody"):
        block = getattr(node, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for handler in getattr(node, "handlers", ()):
        yield handler.body
    for case in getattr(node, "cases", ()):
        yield case.body


def probed_source(text: str, probes: dict[int, tuple[int, int]]) -> str:
    """The module ``text`` with a call of ``__mutation_probe__(k)`` (a builtin the recorder sets, ``int`` in the
    processes the tests start) before the innermost statement that holds the
    position of each probe ``k`` (the start of a mutated node): the statement runs, so the probe says that the
    mutated code may run (never less: an ``if``'s condition, an operand of ``and`` or a comprehension's part run
    only when their statement does). The probes change no behaviour of the module."""
    tree = ast.parse(text)
    before: dict[int, list[int]] = {}    # id of a statement -> the probes to put before it

    def place(block: list[ast.stmt], k: int, at: tuple[int, int]) -> bool:
        for stmt in block:
            start, end = (stmt.lineno, stmt.col_offset), (stmt.end_lineno or stmt.lineno, stmt.end_col_offset or 0)
            if start <= at <= end:
                if not any(place(inner, k, at) for inner in _statement_lists(stmt)):
                    before.setdefault(id(stmt), []).append(k)
                return True
        return False

    for k, at in probes.items():
        place(tree.body, k, at)

    def rewrite(block: list[ast.stmt]) -> None:
        out: list[ast.stmt] = []
        for stmt in block:
            for inner in _statement_lists(stmt):
                rewrite(inner)
            out += [ast.parse(f"__import__('builtins').__dict__.get({PROBE!r}, int)({k})").body[0]
                    for k in before.get(id(stmt), ())]
            out.append(stmt)
        block[:] = out

    rewrite(tree.body)
    return ast.unparse(ast.fix_missing_locations(tree))


class ProbeRecorder:
    """A pytest plugin that notes which test reached which probe in its own call (not its fixtures' set-up: what
    a fixture builds once serves every test after it, so code run there is no test's alone), and the CPU
    seconds of each test's call."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.hits: dict[int, set[int]] = {}
        self.cpu: list[float] = []
        self.on = False

    def probe(self, k: int) -> None:
        if self.on:
            self.hits.setdefault(k, set()).add(len(self.order) - 1)

    def pytest_runtest_call(self, item: object) -> Iterator[None]:
        self.order.append(str(getattr(item, "nodeid", "")))
        start, self.on = time.process_time(), True
        try:
            yield
        finally:
            self.on = False
            self.cpu.append(time.process_time() - start)

    pytest_runtest_call.hookwrapper = True      # type: ignore[attr-defined]

    def save(self, path: Path) -> None:
        path.write_text(json.dumps({"tests": self.order, "cpu": self.cpu,
                                    "hits": {str(k): sorted(t) for k, t in self.hits.items()}}), encoding="utf-8")

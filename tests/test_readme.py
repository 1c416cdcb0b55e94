"""The README's Python example runs as written, and says what it claims."""

from __future__ import annotations

import contextlib
import io
import re

from conftest import REPO


def python_blocks() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_python_example_runs_and_answers():
    blocks = python_blocks()
    assert blocks, "the README has a Python example"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("True ["), lines[0]           # the cannon is summonable
    assert lines[1] == "knight heroic imperial", lines[1]
    assert lines[2] == "['upper']", lines[2]                 # 3 heroic pieces more: the upper half only
    assert lines[3].startswith("refused: ") and "z9" in lines[3]

"""Scale benchmark of ``tashkalar i18n check`` (issue 29): a translator's file of 7.8 MB, and a
locales folder of 60 empty language folders.

Run: python benchmarks/i18n_scale.py [--runs N] [--mb 7.8] [--langs 60]
Builds both inputs in a temporary folder (removed at the end): ``big/de/`` is a copy of the
French texts whose ``ui.yaml`` grows to the size asked with messages the reference does not have
(each one a finding); ``empty/`` holds the language folders, each empty. Reports the median wall
and CPU time of each command, text and ``--json``. Goal: each within 10 s.

Measured on the development machine (2 cores shared with five other jobs, a load of 12: the wall
times were three to eight times the CPU times, so CPU time is the figure to compare), CPU seconds:

    case                         before (issue 29)          after
    7.8 MB file, text            189 (9 min 47 s of wall)   9.5
    7.8 MB file, --json          22                         10.2
    60 empty folders, text       ~130 (24 s for 10, 45 for 20; stopped after 10 min)   3.4
    60 empty folders, --json     5.9                        2.5

Round two (issue 29 again; 2 cores under a load of 20, interleaved A/B runs, CPU seconds):

    case                         before        after
    7.8 MB file, text            12.9 / 13.6   8.1 / 8.4
    7.8 MB file, --json          13.7 / 13.0   9.1 / 8.6
    60 empty folders, text       4.5 / 4.4     3.7 (one outlier run at 7.8)
    60 empty folders, --json     2.7 / 1.6     2.2 / 1.7

What was slow then: Python's cycle collector walking the parsed files and the 100,000 findings again
and again (two fifths of the time: it is held off during a check), every glossary form's regular
expression run on every text (now only the forms the text holds), the number words folded for each
text, and a regular expression per finding to fill its message. What remains: PyYAML's parse of
the 7.8 MB file (about 3 s), the schema validation of the cards (about 0.8 s), json.dumps of 33 MB.

What was slow in round one: the text report drew every finding as a Rich table row (1.3 ms each; 103,000 of
them for the file, 79,000 for the folders: 1,321 missing entries per empty language), counted each
language's errors over all findings, the shared ui.yaml was read, validated and checked once per
game, jsonschema walked every one of 100,000 valid messages, and each finding's JSON was made by
``dataclasses.asdict``, which deep-copies its message's values.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def build(where: Path, mb: float, langs: int) -> tuple[Path, Path]:
    """The two inputs, made in ``where``."""
    big = where / "big"
    shutil.copytree(REPO / "locales" / "fr", big / "de")
    ui = big / "de" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    goal = int(mb * 1_000_000)
    size = len(text.encode())
    extra = []
    n = 0
    while size < goal:
        line = f'  extra.key{n}: "Un texte de traduction numéro {n} avec {{count}} mots"\n'
        extra.append(line)
        size += len(line.encode())
        n += 1
    ui.write_text(text.replace("messages:\n", "messages:\n" + "".join(extra), 1), encoding="utf-8")
    empty = where / "empty"
    for i in range(langs):
        (empty / f"l{i:02}").mkdir(parents=True)
    return big, empty


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of the tool (its children's CPU time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tashkalar_cli", *args], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False, timeout=3600)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mb", type=float, default=7.8)
    parser.add_argument("--langs", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tk-i18n-scale-") as tmp:
        big, empty = build(Path(tmp), args.mb, args.langs)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TASHKALAR")}
        env.update(TASHKALAR_CACHE_DIR=str(Path(tmp) / "cache"), COLUMNS="120")
        cases = {
            f"{args.mb} MB file, text": ["i18n", "check", "--locales", str(big), "--lang", "de"],
            f"{args.mb} MB file, --json": ["i18n", "check", "--locales", str(big), "--lang", "de", "--json"],
            f"{args.langs} empty folders, text": ["i18n", "check", "--locales", str(empty)],
            f"{args.langs} empty folders, --json": ["i18n", "check", "--locales", str(empty), "--json"],
        }
        timed(["card", "show", "swordmaster"], env)  # the data cache, filled once
        print(f"{'case':34} {'median s':>9} {'cpu s':>7}")
        for label, cmd in cases.items():
            runs = [timed(cmd, env) for _ in range(args.runs)]
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            print(f"{label:34} {wall:9.2f} {cpu:7.2f}")


if __name__ == "__main__":
    main()

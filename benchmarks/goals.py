"""Goal benchmark (issue 21): `plan --task TASK` and `plan --flare FLARE` for a full hand (3 beings and
2 legends) on a mid-game High Form position (benchmarks/high-form.yaml), whole process, against
`card show`. Goal: `plan --task` for one task under 2x `card show`.

Run: python benchmarks/goals.py [--runs N] [--tool EXE]
Also prints, in process, each question's time, the states searched and the ways found.
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

HERE = Path(__file__).resolve().parent
HIGH_FORM = HERE / "high-form.yaml"
HAND = "swordmaster,knight,hypnotist,fire-dragon,hell-bull"
TASKS = ["destruction", "line-dominance", "red-conquest"]
FLARE = "flare-3-5"


def run_once(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of one run: the CPU time (user + system of the child) is the figure a busy
    machine changes least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def in_process() -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.command.collector import collector_paused

    game = Game()
    pos = game.position(str(HIGH_FORM))
    hand = HAND.split(",")
    print(f"in process: {HIGH_FORM.name} ({len(pos.pieces)} pieces), hand {HAND}")
    print(f"{'question':28} {'ms':>8} {'states':>8} {'asked':>8} {'pruned':>7} {'ways':>6} {'sequences':>10} "
          f"{'bound':>6} {'effects cut':>12}")
    for task in TASKS:
        game.plan_task(pos, "blue", task, hand)   # warm: the patterns and programs compiled once
        start = time.perf_counter()
        with collector_paused():    # as the commands call the goal search (the library leaves the collector alone)
            r = game.plan_task(pos, "blue", task, hand)
        took = time.perf_counter() - start
        print(f"{'--task ' + task:28} {took * 1000:8.1f} {r.states:8} {r.checked:8} {r.pruned:7} {len(r.ways):6} "
              f"{r.sequences:10} {r.truncated!s:>6} {r.effects_truncated!s:>12}")
    start = time.perf_counter()
    with collector_paused():
        _, r = game.plan_flare(pos, "blue", FLARE, hand)
    took = time.perf_counter() - start
    print(f"{'--flare ' + FLARE:28} {took * 1000:8.1f} {r.states:8} {r.checked:8} {r.pruned:7} {len(r.ways):6} "
          f"{r.sequences:10} {r.truncated!s:>6} {r.effects_truncated!s:>12}")


def whole_process(runs: int, tool: list[str]) -> None:
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-"), COLUMNS="120")
    base = ["plan", "--position", str(HIGH_FORM), "--player", "blue", "--hand", HAND]
    commands = {"card show swordmaster": ["card", "show", "swordmaster"]}
    for task in TASKS:
        commands[f"plan --task {task}"] = [*base, "--task", task]
    commands[f"plan --task {TASKS[0]} --json"] = [*base, "--task", TASKS[0], "--json"]
    commands[f"plan --flare {FLARE}"] = [*base, "--flare", FLARE]
    full = {label: tool + cmd for label, cmd in commands.items()}
    for cmd in full.values():  # warm up (fills the data cache)
        run_once(cmd, env)
    samples: dict[str, list[tuple[float, float]]] = {label: [] for label in full}
    for _ in range(runs):  # interleaved, so that a busy moment hits every command alike
        for label, cmd in full.items():
            samples[label].append(run_once(cmd, env))
    wall = {label: statistics.median(w for w, _ in v) for label, v in samples.items()}
    cpu = {label: statistics.median(c for _, c in v) for label, v in samples.items()}
    show = "card show swordmaster"
    print(f"\nwhole process ({runs} runs each, medians; CPU: user + system of the process):")
    print(f"{'command':36} {'wall ms':>9} {'min ms':>8} {'x card show':>12} {'CPU ms':>8} {'x card show':>12}")
    for label in full:
        print(f"{label:36} {wall[label] * 1000:9.1f} {min(w for w, _ in samples[label]) * 1000:8.1f} "
              f"{wall[label] / wall[show]:12.2f} {cpu[label] * 1000:8.1f} {cpu[label] / cpu[show]:12.2f}")
    for name, figures in (("wall", wall), ("CPU", cpu)):
        worst = max(figures[f"plan --task {t}"] for t in TASKS)
        print(f"goal ({name}): plan --task (slowest of {len(TASKS)}) / card show = {worst / figures[show]:.2f} (< 2)")

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--tool", help="the tashkalar executable to time (default: the one on PATH)")
    parser.add_argument("--no-process", action="store_true", help="skip the whole-process timings")
    args = parser.parse_args()
    in_process()
    if not args.no_process:
        exe = args.tool or shutil.which("tashkalar")
        whole_process(args.runs, [exe] if exe else [sys.executable, "-m", "tashkalar_cli"])


if __name__ == "__main__":
    main()

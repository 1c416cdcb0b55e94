"""`tashkalar serve` against one process per question.

Run: python benchmarks/serve.py [--rounds N] [--sample N]
Measures, interleaved (serve, processes, serve, processes... in each of --rounds rounds, so that a
busy moment hits both alike), in CPU seconds of the child processes (the machine is shared: wall
time alone is noise), each figure the median of the rounds:

- 1,000 `card show knight --json` through one `tashkalar serve` (its start-up included) against
  1,000 processes (``--sample`` of them run, the rest extrapolated: every process does the same work);
- `summonable --player blue --json` on 200 random positions (seeded; `--position -`, the position as
  the request's input / the process's standard input) the same way;
- the round trip of one `card show` request (sent, then its answer read, before the next), median
  over 1,000, in wall time (and the service's CPU per request).

Goals (issue 31): card show through serve >= 30x faster than processes; summonable >= 10x; the
median card show request < 5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import NamedTuple


class Figures(NamedTuple):
    """One measure: child CPU seconds, wall seconds."""

    cpu: float
    wall: float


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measured(work: Callable[[], None]) -> Figures:
    cpu, wall = children_cpu(), time.perf_counter()
    work()
    return Figures(children_cpu() - cpu, time.perf_counter() - wall)


def positions(n: int, seed: int = 31) -> list[str]:
    """``n`` random positions (YAML), seeded: 4 to 16 pieces of both colors on the board's squares."""
    from tashkalar_cli import Game

    board = Game().board
    squares = [board.name(s) for s in board.squares]
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        chosen = rng.sample(squares, rng.randint(4, 16))
        pieces = [f"  {sq}: {rng.choice(('blue', 'red'))} {'heroic' if rng.random() < 0.25 else 'common'}"
                  for sq in chosen]
        out.append("mode: duel\npieces:\n" + "\n".join(pieces) + "\n")
    return out


def through_serve(tool: list[str], env: dict[str, str], requests: list[dict]) -> None:
    lines = "".join(json.dumps(r) + "\n" for r in requests).encode()
    done = subprocess.run([*tool, "serve"], input=lines, env=env, capture_output=True, check=True)
    answers = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(answers) == len(requests) and all(a["exit"] == 0 for a in answers), done.stdout[-500:]


def as_processes(tool: list[str], env: dict[str, str], requests: list[dict]) -> None:
    for r in requests:
        done = subprocess.run([*tool, *r["args"], "--json"], input=r.get("input", "").encode(), env=env,
                              capture_output=True, check=False)
        assert done.returncode == 0, done.stderr[-500:]


def round_trips(tool: list[str], env: dict[str, str], n: int) -> tuple[list[float], float]:
    """``n`` card show requests, each sent once the previous answer is read: their wall times, and
    the service's CPU seconds per request (its start-up aside: measured against an empty run)."""
    request = (json.dumps({"id": 0, "args": ["card", "show", "knight"]}) + "\n").encode()
    idle = measured(lambda: subprocess.run([*tool, "serve"], input=b"", env=env, check=True)).cpu
    times: list[float] = []
    cpu = children_cpu()
    with subprocess.Popen([*tool, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for _ in range(n):
            start = time.perf_counter()
            proc.stdin.write(request)
            proc.stdin.flush()
            answer = proc.stdout.readline()
            times.append(time.perf_counter() - start)
            assert b'"exit":0' in answer, answer
        proc.stdin.close()
        proc.wait()
    return times, (children_cpu() - cpu - idle) / n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=40, help="processes run per round (the rest extrapolated)")
    parser.add_argument("--tool", help="the tashkalar executable (default: the one on PATH)")
    args = parser.parse_args()
    exe = args.tool or shutil.which("tashkalar")
    tool = [exe] if exe else [sys.executable, "-m", "tashkalar_cli"]
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-serve-"))
    subprocess.run([*tool, "card", "show", "knight"], env=env, capture_output=True, check=True)  # the cache
    cards = [{"id": i, "args": ["card", "show", "knight"]} for i in range(1000)]
    boards = [{"id": i, "args": ["summonable", "--player", "blue", "--position", "-"], "input": text}
              for i, text in enumerate(positions(200))]
    rng = random.Random(7)
    results: dict[str, list[float]] = {"card serve": [], "card processes": [], "summonable serve": [],
                                       "summonable processes": []}
    for _ in range(args.rounds):
        sample = min(args.sample, 200)
        results["card serve"].append(measured(lambda: through_serve(tool, env, cards)).cpu)
        some_cards = rng.sample(cards, sample)
        results["card processes"].append(measured(partial(as_processes, tool, env, some_cards)).cpu * 1000 / sample)
        results["summonable serve"].append(measured(lambda: through_serve(tool, env, boards)).cpu)
        some_boards = rng.sample(boards, sample)
        results["summonable processes"].append(measured(partial(as_processes, tool, env, some_boards)).cpu * 200 / sample)
    med = {k: statistics.median(v) for k, v in results.items()}
    print(f"{'CPU seconds (median of ' + str(args.rounds) + ' rounds)':44} {'serve':>8} {'processes':>10} {'ratio':>7}")
    for what, goal in (("card", 30), ("summonable", 10)):
        s, p = med[f"{what} serve"], med[f"{what} processes"]
        label = "1,000 card show --json" if what == "card" else "200 summonable --json (random positions)"
        print(f"{label:44} {s:8.2f} {p:10.2f} {p / s:6.1f}x (goal >= {goal}x)")
    times, per_request = round_trips(tool, env, 1000)
    print(f"card show round trip: median {statistics.median(times) * 1000:.2f} ms wall, "
          f"p90 {sorted(times)[int(len(times) * 0.9)] * 1000:.2f} ms; service CPU {per_request * 1000:.2f} ms "
          "per request (goal: median < 5 ms)")


if __name__ == "__main__":
    main()

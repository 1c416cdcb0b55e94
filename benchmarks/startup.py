"""Start-up benchmark: `tashkalar` commands against a bare `python -c pass`.

Run: python benchmarks/startup.py [--runs N]
Reports the median wall time of each command (warm cache: one untimed run first) and the
ratio to a bare interpreter start. Goals (issue 2 and 4): `card show` within about 8x a bare
start; `summonable` on a crowded board less than 1.5x `card show`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CROWDED = HERE / "crowded.yaml"


def run_once(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--tool", help="the tashkalar executable to time (default: the one on PATH)")
    parser.add_argument("--no-engine", action="store_true", help="skip the in-process engine benchmark")
    args = parser.parse_args()
    exe = args.tool or shutil.which("tashkalar")
    tool = [exe] if exe else [sys.executable, "-m", "tashkalar_cli"]
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-"), COLUMNS="120")
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "floor: import typer": [sys.executable, "-c", "import typer"],
        "floor: import typer, rich.*": [sys.executable, "-c", "import typer, rich.console, rich.table, rich.panel"],
        "card show swordmaster": ["card", "show", "swordmaster"],
        "card show swordmaster --json": ["card", "show", "swordmaster", "--json"],
        "summon swordmaster (crowded)": ["summon", "swordmaster", "--position", str(CROWDED), "--player", "blue"],
        "summonable (crowded)": ["summonable", "--position", str(CROWDED), "--player", "blue"],
        "summonable --json (crowded)": ["summonable", "--position", str(CROWDED), "--player", "blue", "--json"],
    }
    full = {label: (cmd if cmd[0] == sys.executable else tool + cmd) for label, cmd in commands.items()}
    for cmd in full.values():  # warm up (fills the data cache)
        run_once(cmd, env)
    samples: dict[str, list[float]] = {label: [] for label in full}
    for _ in range(args.runs):  # interleaved, so that a busy moment hits every command alike
        for label, cmd in full.items():
            samples[label].append(run_once(cmd, env))
    med = {label: statistics.median(v) for label, v in samples.items()}
    low = {label: min(v) for label, v in samples.items()}
    bare, show = med["python -c pass"], med["card show swordmaster"]
    print(f"{'command':34} {'median ms':>10} {'min ms':>8} {'x bare':>8} {'x card show':>12}")
    for label in full:
        print(f"{label:34} {med[label] * 1000:10.1f} {low[label] * 1000:8.1f} {med[label] / bare:8.2f} "
              f"{med[label] / show:12.2f}")
    floor_rich, floor_typer = med["floor: import typer, rich.*"], med["floor: import typer"]
    print("\ngoals against the framework's floor (medians):")
    print(f"  card show / import typer+rich        = {show / floor_rich:.2f} (goal <= 1.25)")
    print(f"  card show --json / import typer      = {med['card show swordmaster --json'] / floor_typer:.2f} (goal <= 1.15)")
    print(f"  summonable (crowded) / card show     = {med['summonable (crowded)'] / show:.2f} (goal <= 1.5)")
    if args.no_engine:
        return
    from tashkalar_cli import Game

    game = Game()
    pos = game.position(str(CROWDED))
    cards = [c for c in game.cards.beings if c.has_summoning_square]
    engine = game.engine
    engine.check_many(cards, pos, "blue")  # compile once
    n = 200
    start = time.perf_counter()
    for _ in range(n):
        engine.check_many(cards, pos, "blue")
    per = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        engine.check_many(cards, pos, "blue", "red")
    per_enemy = (time.perf_counter() - start) / n
    print(f"\nengine only: {len(cards)} cards on a crowded board ({len(pos.pieces)} pieces): "
          f"{per * 1000:.2f} ms; with --allow-enemy: {per_enemy * 1000:.2f} ms")


if __name__ == "__main__":
    main()

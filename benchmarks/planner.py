"""Turn-planner benchmark: in-process plans on the crowded board, and the whole `plan` command.

Run: python benchmarks/planner.py [--runs N] [--naive]

1. In process: every plan of every patterned card (119: all beings and legends but Time Traveler)
   with two actions on benchmarks/crowded.yaml, for each color on the board: the best and median
   time, the plans found, the summon checks answered (a (position, card) question: "which
   placements does this card have here?", which a naive planner answers by running the engine),
   the candidate placements verified one by one, and checks answered per second. ``--naive`` also
   times the brute-force planner (the engine re-run on every position), which answers the same
   questions.
2. Whole process: `tashkalar plan` for a full deck (18 beings and 2 legends) against
   `tashkalar card show` (median wall times, warm cache). Goal: at most 2x `card show`.
   And `plan --json` for every being and legend (the answer grouped per card, summoning square and
   orientation, each group's effect resolved within the default bound; issue 21): at most 3x `card show`;
   `--all-plans` (every plan in full) for comparison.
   The size of each answer is printed too.
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


def in_process(runs: int, naive: bool) -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.engine.planner import PlanStats

    game = Game()
    pos = game.position(str(CROWDED))
    cards = [c for c in game.cards.beings if c.has_summoning_square]
    planner = game.planner
    print(f"in process: {len(cards)} patterned cards, 2 actions, {CROWDED.name} ({len(pos.pieces)} pieces, "
          f"{pos.mode}, {pos.players} players)")
    print(f"{'player':8} {'best ms':>8} {'median ms':>10} {'plans':>7} {'checks':>8} {'verified':>9} "
          f"{'checks/s':>10}")
    for player in pos.colors:
        planner.plan(pos, player, cards)  # compile the patterns once
        times = []
        report = None
        for _ in range(runs):
            report = None  # the previous plans are freed outside the timed part
            start = time.perf_counter()
            report = planner.plan(pos, player, cards)
            times.append(time.perf_counter() - start)
        assert report is not None
        best, median = min(times), statistics.median(times)
        s = report.stats
        print(f"{player:8} {best * 1000:8.1f} {median * 1000:10.1f} {len(report.plans):7} {s.card_checks:8} "
              f"{s.verifications:9} {s.card_checks / median:10.0f}")
        if naive:
            stats = PlanStats()
            start = time.perf_counter()
            facts = planner.plan_naive(pos, player, cards, stats=stats)
            took = time.perf_counter() - start
            print(f"{'  naive':8} {took * 1000:8.1f} {'':>10} {len(facts):7} {stats.card_checks:8} {'':>9} "
                  f"{stats.card_checks / took:10.0f}   (engine re-run on {stats.states} positions)")


def run_once(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def whole_process(runs: int, tool: list[str]) -> None:
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-"), COLUMNS="120")
    deck = ["--deck", "imperial", "--hand", "fire-dragon,hell-bull"]
    commands = {
        "card show swordmaster": ["card", "show", "swordmaster"],
        "plan (full deck)": ["plan", "--position", str(CROWDED), "--player", "blue", *deck],
        "plan --json (full deck)": ["plan", "--position", str(CROWDED), "--player", "blue", *deck, "--json"],
        "plan --threats (deck known)": ["plan", "--position", str(CROWDED), "--player", "blue", "--threats",
                                        "--deck", "red=sylvan", "--deck", "yellow=highland"],
        "plan --json (every card)": ["plan", "--position", str(CROWDED), "--player", "blue", "--json"],
        "plan --json --all-plans (every card)": ["plan", "--position", str(CROWDED), "--player", "blue", "--json",
                                                 "--all-plans"],
    }
    full = {label: tool + cmd for label, cmd in commands.items()}
    for cmd in full.values():  # warm up (fills the data cache)
        run_once(cmd, env)
    samples: dict[str, list[float]] = {label: [] for label in full}
    for _ in range(runs):  # interleaved, so that a busy moment hits every command alike
        for label, cmd in full.items():
            samples[label].append(run_once(cmd, env))
    med = {label: statistics.median(v) for label, v in samples.items()}
    show = med["card show swordmaster"]
    print(f"\nwhole process ({runs} runs each, median):")
    sizes = {label: len(subprocess.run(cmd, env=env, capture_output=True, check=False).stdout) for label, cmd in full.items()}
    print(f"{'command':38} {'median ms':>10} {'min ms':>8} {'x card show':>12} {'bytes':>10}")
    for label in full:
        print(f"{label:38} {med[label] * 1000:10.1f} {min(samples[label]) * 1000:8.1f} {med[label] / show:12.2f} "
              f"{sizes[label]:10}")
    print(f"goal: plan (full deck) / card show = {med['plan (full deck)'] / show:.2f} (<= 2)")
    print(f"goal: plan --json (every card) / card show = {med['plan --json (every card)'] / show:.2f} (<= 3)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--naive", action="store_true", help="also time the brute-force planner (slow)")
    parser.add_argument("--tool", help="the tashkalar executable to time (default: the one on PATH)")
    parser.add_argument("--no-process", action="store_true", help="skip the whole-process timings")
    args = parser.parse_args()
    in_process(args.runs, args.naive)
    if not args.no_process:
        exe = args.tool or shutil.which("tashkalar")
        whole_process(args.runs, [exe] if exe else [sys.executable, "-m", "tashkalar_cli"])


if __name__ == "__main__":
    main()

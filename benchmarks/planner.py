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
   The size of each answer is printed too, and each command's CPU time (user and system, median): on a
   shared machine it moves less than the wall time.
3. In process, the parts of those two answers (CPU time, median): the plans, their effects, the grouped
   JSON and its text; the text answer's renderable and its printing (``--no-parts`` skips them).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

HERE = Path(__file__).resolve().parent
CROWDED = HERE / "crowded.yaml"
T = TypeVar("T")


def in_process(runs: int, naive: bool) -> None:
    from tashkalar_cli import Game
    from tashkalar_cli.command.collector import collector_paused
    from tashkalar_cli.games.tashkalar.engine.planner import PlanStats

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
            with collector_paused():    # as the commands call the planner (the library leaves the collector alone)
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


def parts(runs: int) -> None:
    """The parts of `plan --json` (every card) and of the text `plan` (full deck), in process."""
    import gc

    from tashkalar_cli.games.tashkalar.commands import session
    from tashkalar_cli.games.tashkalar.commands.plan import _namer
    from tashkalar_cli.games.tashkalar.engine.planner import EFFECTS_BUDGET
    from tashkalar_cli.games.tashkalar.render import jsonplan
    from tashkalar_cli.games.tashkalar.render.plan import report_renderable
    from tashkalar_cli.render.jsonout import document
    from tashkalar_cli.render.terminal import console

    s = session(None, None)
    game = s.game
    pos = game.position(str(CROWDED))
    deck = [c for c in game.cards.beings if c.deck == "imperial"] + [game.being("fire-dragon"), game.being("hell-bull")]
    from tashkalar_cli.command.collector import collector_paused

    times: dict[str, list[float]] = {}

    def timed(label: str, work: Callable[[], T]) -> T:
        start = time.process_time()
        with collector_paused():    # as the commands call the engines
            got = work()
        times.setdefault(label, []).append(time.process_time() - start)
        return got

    def one_run() -> None:
        report = timed("plan --json: plans (every card)", lambda: game.planner.plan(pos, "blue", game.cards.beings))
        timed("plan --json: effects", lambda: game.planner.resolve_effects(report, pos, EFFECTS_BUDGET))
        body = timed("plan --json: grouped JSON", lambda: jsonplan.plan_report(report, s.board, None, outcomes=3))
        timed("plan --json: json.dumps", lambda: json.dumps(document("plan", body), ensure_ascii=False,
                                                            check_circular=False))
        deck_report = timed("plan: plans (full deck)", lambda: game.planner.plan(pos, "blue", deck))
        timed("plan: effects", lambda: game.planner.resolve_effects(deck_report, pos, EFFECTS_BUDGET))
        shown = timed("plan: renderable", lambda: report_renderable(deck_report, s.board, s.loc, _namer(s), pos=pos))
        timed("plan: printed", lambda: console(file=io.StringIO(), width=120).print(shown))

    paused = gc.isenabled()
    gc.disable()   # as the command runs them
    try:
        for i in range(runs + 1):
            one_run()
            gc.collect()
            if i == 0:
                times.clear()   # the first run compiles the patterns and the effects
    finally:
        if paused:
            gc.enable()
    print(f"\nin process, the parts of the answers (CPU ms, median of {runs}):")
    for label, values in times.items():
        print(f"{label:38} {statistics.median(values) * 1000:8.1f}")


def run_once(cmd: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return took


def whole_process(runs: int, tool: list[str]) -> None:
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-"), COLUMNS="120")
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # else every run compiles the modules again
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
    cpus: dict[str, list[float]] = {label: [] for label in full}
    for _ in range(runs):  # interleaved, so that a busy moment hits every command alike
        for label, cmd in full.items():
            samples[label].append(run_once(cmd, env, cpus[label]))
    med = {label: statistics.median(v) for label, v in samples.items()}
    cpu = {label: statistics.median(v) for label, v in cpus.items()}
    show = med["card show swordmaster"]
    print(f"\nwhole process ({runs} runs each, median):")
    sizes = {label: len(subprocess.run(cmd, env=env, capture_output=True, check=False).stdout) for label, cmd in full.items()}
    print(f"{'command':38} {'median ms':>10} {'min ms':>8} {'x card show':>12} {'CPU ms':>8} {'x':>6} {'bytes':>10}")
    for label in full:
        print(f"{label:38} {med[label] * 1000:10.1f} {min(samples[label]) * 1000:8.1f} {med[label] / show:12.2f} "
              f"{cpu[label] * 1000:8.1f} {cpu[label] / cpu['card show swordmaster']:6.2f} {sizes[label]:10}")
    print(f"goal: plan (full deck) / card show = {med['plan (full deck)'] / show:.2f} (<= 2)")
    print(f"goal: plan --json (every card) / card show = {med['plan --json (every card)'] / show:.2f} (<= 3)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--naive", action="store_true", help="also time the brute-force planner (slow)")
    parser.add_argument("--tool", help="the tashkalar executable to time (default: the one on PATH)")
    parser.add_argument("--no-process", action="store_true", help="skip the whole-process timings")
    parser.add_argument("--no-parts", action="store_true", help="skip the in-process parts of the answers")
    args = parser.parse_args()
    in_process(args.runs, args.naive)
    if not args.no_parts:
        parts(args.runs)
    if not args.no_process:
        exe = args.tool or shutil.which("tashkalar")
        whole_process(args.runs, [exe] if exe else [sys.executable, "-m", "tashkalar_cli"])


if __name__ == "__main__":
    main()

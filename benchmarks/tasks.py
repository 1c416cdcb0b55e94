"""Goal-search bounds benchmark (issue 29): ``plan --task`` for EVERY task, with every card of a deck (and the
legends) in hand, on crowded High Form positions. Goal: each within 2 s and 300 MB.

Run: python benchmarks/tasks.py [--positions a.yaml,b.yaml] [--players blue,red] [--hands imperial+legends,all]
     [--whole N] [--shard K/N] [--skip done.txt,...]
(a whole sweep is 1,344 searches, about 25 CPU minutes: on a shared machine, run it in shards, one process each under
``nice``: ``--shard 1/8`` ... ``--shard 8/8`` share the searches between them (every N-th each), or one
process per position and player, e.g. ``--positions sphere-30.yaml --players red``).

1. In process, for each position (a duel benchmark played as High Form: its ``mode`` line changed), each player
   and each hand (``DECK+legends``: a deck's beings and the legends; ``all``: every being), every task: the CPU
   time of the search (the first search of a process also compiles the cards' patterns and programs), its states,
   ends of turn asked, work (bounds.GOAL_WORK), effects' states and whether it was cut, and by which bound. Printed:
   the slowest searches, the worst time, and the most work of a search that ended whole (what the bound on work
   must stay above, so that no whole answer is cut). Each line also gives the peak RSS of the process so far
   (``getrusage``: a bound on that search's own peak). ``--skip`` reads earlier output (these lines) and leaves out
   the searches it names, so that a sweep stopped part-way can be finished.
2. Whole process: the ``N`` slowest searches run again as ``tashkalar plan --task`` (the cache warm), each one's
   CPU time (user + system) and peak RSS, from ``getrusage`` of the child.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
POSITIONS = "high-form.yaml,hypnotist-20.yaml,sphere-30.yaml,warlord-26.yaml"
HANDS = "imperial+legends,highland+legends,sylvan+legends,everfrost+legends,nethervoid+legends," \
        "etherweave+legends,all"


def high_form(name: str, folder: Path) -> Path:
    """``name`` (in benchmarks/) as a High Form position."""
    text = re.sub(r"^mode: .*$", "mode: high-form", (HERE / name).read_text(encoding="utf-8"), flags=re.M)
    path = folder / name
    path.write_text(re.sub(r"^players: .*$", "", text, flags=re.M), encoding="utf-8")
    return path


def done_searches(files: list[str]) -> set[str]:
    """The searches (position, player, hand, task) that the lines of earlier runs in ``files`` name."""
    done = set()
    for name in files:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) > 5 and words[0].endswith(".yaml") and words[5] == "s":
                done.add(" ".join(words[:4]))
    return done


def in_process(positions: list[Path], hands: list[str], players: list[str] | None = None, shard: tuple[int, int] = (1, 1),
               skip: frozenset[str] = frozenset()) -> list[tuple[float, Path, str, str, list[str]]]:
    from tashkalar_cli import Game
    from tashkalar_cli.games.tashkalar.model.cards import Task

    game = Game()
    tasks = [c.id for c in game.cards.cards if isinstance(c, Task)]
    runs = []
    whole_work = (0, "")
    number = 0      # each search not skipped: this shard's are those numbered K modulo N
    for path in positions:
        pos = game.position(str(path))
        for player in [c for c in pos.colors if players is None or c in players]:
            for hand_name in hands:
                hand = [b.id for b in game.cards.beings if hand_name == "all" or b.deck in hand_name.split("+")]
                for task in tasks:
                    label = f"{path.name} {player} {hand_name} {task}"
                    if label in skip:
                        continue
                    number += 1
                    if number % shard[1] != shard[0] % shard[1]:
                        continue
                    start = time.process_time()
                    r = game.plan_task(pos, player, task, hand)
                    took = time.process_time() - start
                    cut = "effects" if r.effects_spent else "work" if r.work_spent else "states" if r.truncated \
                        else ""
                    if not r.truncated and r.work > whole_work[0]:
                        whole_work = (r.work, label)
                    runs.append((took, path, player, task, hand))
                    print(f"{label:60} {took:6.2f} s  states {r.states:5}  asked {r.checked:6}  work {r.work:6}  "
                          f"effects {r.effect_states:6}  peak {peak_mb():4.0f} MB  {'cut: ' + cut if cut else 'whole'}",
                          flush=True)
    runs.sort(key=lambda run: -run[0])
    if not runs:
        return runs
    print(f"\nCPU s of the searches: {sum(run[0] for run in runs):.1f} ({len(runs)} searches)")
    print(f"\nworst: {runs[0][0]:.2f} CPU-s ({runs[0][1].name} {runs[0][2]} {runs[0][3]}); "
          f"most work of a whole search: {whole_work[0]} ({whole_work[1]})")
    return runs


def peak_mb() -> float:
    """The peak RSS of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def whole_process(runs: list[tuple[float, Path, str, str, list[str]]], n: int) -> None:
    env = dict(os.environ, TASHKALAR_CACHE_DIR=tempfile.mkdtemp(prefix="tk-bench-"))
    tool = [sys.executable, "-m", "tashkalar_cli"]
    print(f"\nwhole process, the {n} slowest (CPU s, peak RSS):")
    for i, (_, path, player, task, hand) in enumerate(runs[:n]):
        cmd = [*tool, "plan", "--position", str(path), "--player", player, "--task", task, "--hand", ",".join(hand)]
        if i == 0:
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)     # fills the data cache
        pid = os.fork()
        if pid == 0:    # a child per run, so that the peak RSS of its own child is this run's alone
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            print(f"  {path.name} {player} {task} ({len(hand)} cards): {cpu:.2f} s, {after.ru_maxrss / 1024:.0f} MB",
                  flush=True)
            os._exit(0)
        os.waitpid(pid, 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", default=POSITIONS)
    parser.add_argument("--players", default=None, help="the players, by comma (default: every color of a position)")
    parser.add_argument("--hands", default=HANDS)
    parser.add_argument("--whole", type=int, default=3, help="the slowest searches run again as whole processes")
    parser.add_argument("--shard", default="1/1", help="K/N: the K-th of N shares of the sweep (each a process)")
    parser.add_argument("--skip", default="", help="files of earlier output, by comma: the searches they name left out")
    args = parser.parse_args()
    k, n = (int(x) for x in args.shard.split("/"))
    with tempfile.TemporaryDirectory() as folder:
        positions = [high_form(name, Path(folder)) for name in args.positions.split(",")]
        runs = in_process(positions, args.hands.split(","), args.players.split(",") if args.players else None, (k, n),
                          frozenset(done_searches([f for f in args.skip.split(",") if f])))
        whole_process(runs, args.whole)


if __name__ == "__main__":
    main()

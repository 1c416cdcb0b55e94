"""A/B of two checkouts on the benchmarks' commands, whole process, by a measure a busy
machine does not change: the instructions each command runs, counted by valgrind's cachegrind (``--cache-sim=no``,
about 20x slower than a plain run), with a fixed hash seed and compiled bytecode kept per checkout (a shell where
PYTHONDONTWRITEBYTECODE is set would time the compiling of every module instead: 0.5 s of a 1 s ``plan --task``).
Without valgrind (``--cpu``): CPU time (user + system of the child), A and B interleaved, the minimum of ``--runs``.

Each command's output is compared first: A and B must answer byte for byte alike.

Each benchmark is stood for by commands of the tool that do its work (``--bench``): ``goals`` the goal benchmark's
(benchmarks/goals.py: ``plan --task``, ``plan --flare``), ``effects`` the effects benchmark's worst cases
(benchmarks/effects.py: ``summon --apply --effects`` of the built positions, the default bound) and summons on its
crowded board, ``planner`` the planner benchmark's whole-process commands (benchmarks/planner.py: ``plan`` for a deck,
``plan --json`` for every being and legend), ``startup`` the start-up benchmark's (benchmarks/startup.py, its
``ask`` questions included), ``tasks``
the slowest ``plan --task`` that benchmarks/tasks.py found (every Everfrost being and the legends in hand).
``--quick``: a few representative commands of each (the same for A and B), so that an A/B under cachegrind ends in
minutes on a loaded machine.

Run: python benchmarks/ab.py OLD_CHECKOUT NEW_CHECKOUT [--bench goals,effects,planner,startup] [--quick]
     [--only REGEX] [--cpu --runs N]
(a checkout: a folder with the package and its own ``.venv``, e.g. ``git archive 28e978b | tar -x -C /tmp/old``
then ``python3 -m venv /tmp/old/.venv && /tmp/old/.venv/bin/pip install -e /tmp/old``).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
HAND = "swordmaster,knight,hypnotist,fire-dragon,hell-bull"
CROWDED = HERE / "crowded.yaml"


def goals(quick: bool) -> dict[str, list[str]]:
    base = ["plan", "--position", str(HERE / "high-form.yaml"), "--player", "blue", "--hand", HAND]
    out = {"card show swordmaster": ["card", "show", "swordmaster"]}
    for task in ("destruction",) if quick else ("destruction", "line-dominance", "red-conquest"):
        out[f"plan --task {task}"] = [*base, "--task", task]
    if not quick:
        out["plan --task destruction --json"] = [*base, "--task", "destruction", "--json"]
    out["plan --flare flare-3-5"] = [*base, "--flare", "flare-3-5"]
    return out


#: the effects benchmark's worst cases (benchmarks/effects.py: WORST), by position file: the card, player, square
WORST = {"warlord-31.yaml": ("warlord", "blue", "e5"), "intrigue-30.yaml": ("master-of-intrigue", "blue", "e5"),
         "sphere-30.yaml": ("dark-sphere", "blue", "e5"), "hypnotist-20.yaml": ("hypnotist", "blue", "e5"),
         "forest-22.yaml": ("forest-ancient", "blue", "e5"), "warlord-26.yaml": ("warlord", "red", "g8")}
QUICK_WORST = ("hypnotist-20.yaml", "warlord-26.yaml", "intrigue-30.yaml")


def effects(quick: bool) -> dict[str, list[str]]:
    out = {}
    for name in QUICK_WORST if quick else WORST:
        card, player, square = WORST[name]
        out[f"summon {card} --effects ({name})"] = ["summon", card, "--position", str(HERE / name), "--player", player,
                                                    "--apply", "--at", square, "--effects", "--limit", "3"]
    crowded = ["--position", str(CROWDED), "--player", "blue", "--apply", "--effects", "--limit", "3"]
    for card in ("swordmaster",) if quick else ("swordmaster", "knight", "fire-dragon"):
        out[f"summon {card} --effects (crowded)"] = ["summon", card, *crowded]
    return out


def planner(quick: bool) -> dict[str, list[str]]:
    base = ["plan", "--position", str(CROWDED), "--player", "blue"]
    out = {"plan --deck imperial (crowded)": [*base, "--deck", "imperial"],
           "plan --json (crowded)": [*base, "--json"]}
    if not quick:
        out["plan --all-plans --json (crowded)"] = [*base, "--all-plans", "--json"]
    return out


def startup(quick: bool) -> dict[str, list[str]]:
    crowded = ["--position", str(CROWDED), "--player", "blue"]
    out = {"card show swordmaster": ["card", "show", "swordmaster"],
           "card show swordmaster --json": ["card", "show", "swordmaster", "--json"],
           "summonable (crowded)": ["summonable", *crowded]}
    if not quick:
        out["summon swordmaster (crowded)"] = ["summon", "swordmaster", *crowded]
        out["summonable --json (crowded)"] = ["summonable", *crowded, "--json"]
    from startup import ASK  # benchmarks/startup.py: the questions of the `ask` goal (issue 33)

    out.update({label: cmd for label, cmd in ASK.items()
                if not quick or label in ("ask en", "ask fr", "ask en --json", "letal ask en")})
    return out


#: the Everfrost beings and the legends (benchmarks/tasks.py: ``everfrost+legends``)
EVERFROST_LEGENDS = (
    "snow-fox,royal-reindeer,crystal-mirror,crystal-grower,ice-princess,ice-queen,frostweave-summoner,winter-whispe"
    "rer,frozen-chest,everfrost-sentinel,glacier-giant,polar-bear,war-sled,snow-monster,frost-imp,ice-wyvern,deathb"
    "ringer,frostweave-illusionist,fire-dragon,hell-bull,angel-of-death,the-eldest-tree,bone-catapult,fire-elementa"
    "l,leviathan,two-headed-dragon,earth-elemental,time-elemental,storm-elemental,titan")


def tasks(quick: bool) -> dict[str, list[str]]:
    base = ["plan", "--position", str(HERE / "high-form.yaml"), "--player", "blue", "--hand", EVERFROST_LEGENDS]
    return {"plan --task green-conquest (everfrost+legends)": [*base, "--task", "green-conquest"]}


BENCHES = {"goals": goals, "effects": effects, "planner": planner, "startup": startup, "tasks": tasks}


def commands(benches: list[str], quick: bool) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for bench in benches:
        out.update({f"{bench}: {label}": cmd for label, cmd in BENCHES[bench](quick).items()})
    return out


def environment(tag: str, folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONHASHSEED="0", COLUMNS="120", TASHKALAR_CACHE_DIR=str(folder / f"cache-{tag}"),
               PYTHONPYCACHEPREFIX=str(folder / f"pyc-{tag}"))
    return env


def instructions(tool: str, cmd: list[str], env: dict[str, str]) -> int:
    """The instructions one run of ``cmd`` executes (cachegrind's ``I refs``)."""
    got = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          tool, *cmd], env=env, capture_output=True, text=True, cwd="/", check=False, timeout=600)
    found = re.search(r"I\s+refs:\s+([\d,]+)", got.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count: {got.stderr[-300:]}")
    return int(found.group(1).replace(",", ""))


def cpu(tool: str, cmd: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([tool, *cmd], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/", check=False,
                   timeout=600)     # a hang guard: a loaded machine may take minutes
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--cpu", action="store_true", help="CPU time, interleaved, instead of instructions")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bench", default="goals", help="the benchmarks, by comma: " + ",".join(BENCHES))
    parser.add_argument("--quick", action="store_true", help="a few representative commands of each benchmark")
    parser.add_argument("--only", help="the commands whose label this regular expression finds (e.g. 'hypnotist|card show')")
    args = parser.parse_args()
    if not args.cpu and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: use --cpu")
    with tempfile.TemporaryDirectory(prefix="tk-ab-") as folder:
        tools = {"A": str(args.old / ".venv/bin/tashkalar"), "B": str(args.new / ".venv/bin/tashkalar")}
        envs = {tag: environment(tag, Path(folder)) for tag in tools}
        cmds = {label: cmd for label, cmd in commands(args.bench.split(","), args.quick).items()
                if args.only is None or re.search(args.only, label)}
        for label, cmd in cmds.items():     # warm (the data cache, the bytecode), and the answers compared
            outs = {tag: subprocess.run([tool, *cmd], env=envs[tag], capture_output=True, cwd="/", check=False,
                                        timeout=600).stdout for tag, tool in tools.items()}
            if outs["A"] != outs["B"]:
                print(f"{label}: the answers differ")
        unit = "CPU ms (min)" if args.cpu else "M instructions"
        print(f"{'command':52} {'A ' + unit:>18} {'B ' + unit:>18} {'B / A':>7}")
        for label, cmd in cmds.items():
            if args.cpu:
                runs: dict[str, list[float]] = {"A": [], "B": []}
                for i in range(args.runs):      # interleaved, the order swapped each time
                    for tag in ("A", "B") if i % 2 == 0 else ("B", "A"):
                        runs[tag].append(cpu(tools[tag], cmd, envs[tag]))
                a, b = min(runs["A"]) * 1000, min(runs["B"]) * 1000
            else:
                a, b = (instructions(tools[tag], cmd, envs[tag]) / 1e6 for tag in ("A", "B"))
            print(f"{label:52} {a:18.0f} {b:18.0f} {b / a:7.3f}", flush=True)


if __name__ == "__main__":
    main()

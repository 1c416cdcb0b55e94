"""Start-up benchmark: `tashkalar` commands against a bare `python -c pass`.

Run: python benchmarks/startup.py [--runs N] [--instructions] [--only REGEX]
Reports the median wall time of each command (warm cache: one untimed run first) and the
ratio to a bare interpreter start. Goals (issue 2 and 4): `card show` within about 8x a bare
start; `summonable` on a crowded board less than 1.5x `card show`. Issue 33: `ask` within 1.1x
`card show`, for questions of both games (tests/rule_questions.yaml, tests/letal_rule_questions.yaml) in
the four languages, on screen and in JSON (--json against `card show --json`).

``--instructions``: the instructions each command runs, counted by valgrind's cachegrind as
benchmarks/ab.py counts them (whole process, fixed hash seed, compiled bytecode kept, warm data cache),
one count per command: a measure a loaded machine does not change, where wall times move by 30 %.
``--only``: the commands whose label this regular expression finds (``card show|ask``: the `ask` goal).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CROWDED = HERE / "crowded.yaml"
#: the questions the `ask` goal is measured on (issue 33): the first question of each language of
#: tests/rule_questions.yaml and tests/letal_rule_questions.yaml; label -> the command's arguments
ASK = {
    "ask en": ["ask", "can I summon on top of an enemy heroic piece?"],
    "ask fr": ["ask", "que se passe-t-il si je n'ai plus de pièces ?"],
    "ask es": ["ask", "¿cuántos puntos por una leyenda en melé?"],
    "ask it": ["ask", "quando finisce la partita in mischia a 4 giocatori?"],
    "ask en --json": ["ask", "can I summon on top of an enemy heroic piece?", "--json"],
    "ask fr --json": ["ask", "que se passe-t-il si je n'ai plus de pièces ?", "--json"],
    "ask es --json": ["ask", "¿cuántos puntos por una leyenda en melé?", "--json"],
    "ask it --json": ["ask", "quando finisce la partita in mischia a 4 giocatori?", "--json"],
    "letal ask en": ["--game", "letal", "ask", "how many cards can a hero's deck have?"],
    "letal ask fr": ["--game", "letal", "ask", "combien de cartes peut contenir le deck d'un héros ?"],
    "letal ask es": ["--game", "letal", "ask", "¿cuántas cartas puede tener el mazo de un héroe?"],
    "letal ask it": ["--game", "letal", "ask", "quante carte può avere il mazzo di un eroe?"],
    "letal ask en --json": ["--game", "letal", "ask", "how many cards can a hero's deck have?", "--json"],
    "letal ask fr --json": ["--game", "letal", "ask", "combien de cartes peut contenir le deck d'un héros ?",
                            "--json"],
}
#: the goal of issue 33: `ask` (in JSON: `ask --json`) within this many times `card show` (`card show --json`)
ASK_GOAL = 1.1


def run_once(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def commands(tool: list[str]) -> dict[str, list[str]]:
    """Every command of the benchmark, label -> the whole command line."""
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "floor: import typer": [sys.executable, "-c", "import typer"],
        "floor: import typer, rich.*": [sys.executable, "-c", "import typer, rich.console, rich.table, rich.panel"],
        "card show swordmaster": ["card", "show", "swordmaster"],
        "card show swordmaster --json": ["card", "show", "swordmaster", "--json"],
        "summon swordmaster (crowded)": ["summon", "swordmaster", "--position", str(CROWDED), "--player", "blue"],
        "summonable (crowded)": ["summonable", "--position", str(CROWDED), "--player", "blue"],
        "summonable --json (crowded)": ["summonable", "--position", str(CROWDED), "--player", "blue", "--json"],
        **ASK,
    }
    return {label: (cmd if cmd[0] == sys.executable else tool + cmd) for label, cmd in commands.items()}


def measure(full: dict[str, list[str]], env: dict, runs: int, counted: bool) -> dict[str, float]:
    """Each command's median wall time in seconds, or (``counted``) the instructions of one run."""
    for cmd in full.values():  # warm up (fills the data cache, compiles the bytecode)
        run_once(cmd, env)
    if counted:
        from ab import instructions  # benchmarks/ab.py: cachegrind's count

        return {label: float(instructions(cmd[0], cmd[1:], env)) for label, cmd in full.items()}
    samples: dict[str, list[float]] = {label: [] for label in full}
    for _ in range(runs):  # interleaved, so that a busy moment hits every command alike
        for label, cmd in full.items():
            samples[label].append(run_once(cmd, env))
    return {label: statistics.median(v) for label, v in samples.items()}


def ask_goal(med: dict[str, float]) -> None:
    """Each `ask` against `card show` (in JSON against `card show --json`), and the goal."""
    asked = [label for label in ASK if label in med]
    if not asked:
        return
    print(f"\nask against card show (goal < {ASK_GOAL}):")
    for label in asked:
        base = "card show swordmaster --json" if label.endswith("--json") else "card show swordmaster"
        if base in med:
            ratio = med[label] / med[base]
            print(f"  {label:32} / {base:30} = {ratio:.3f} {'ok' if ratio < ASK_GOAL else 'OVER'}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--tool", help="the tashkalar executable to time (default: the one on PATH)")
    parser.add_argument("--no-engine", action="store_true", help="skip the in-process engine benchmark")
    parser.add_argument("--instructions", action="store_true",
                        help="count each command's instructions (valgrind's cachegrind) instead of timing it")
    parser.add_argument("--only", help="the commands whose label this regular expression finds (e.g. 'card show|ask')")
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: time the commands instead (no --instructions)")
    exe = args.tool or shutil.which("tashkalar")
    tool = [exe] if exe else [sys.executable, "-m", "tashkalar_cli"]
    folder = tempfile.mkdtemp(prefix="tk-bench-")
    env = dict(os.environ, TASHKALAR_CACHE_DIR=folder, COLUMNS="120")
    if args.instructions:  # as benchmarks/ab.py counts: a fixed hash seed, the compiled bytecode kept
        from ab import environment

        env = environment("startup", Path(folder))
    full = {label: cmd for label, cmd in commands(tool).items() if args.only is None or re.search(args.only, label)}
    med = measure(full, env, args.runs, args.instructions)
    unit, scale = ("M instr", 1e-6) if args.instructions else ("median ms", 1000)
    bare, show = med.get("python -c pass"), med.get("card show swordmaster")
    print(f"{'command':34} {unit:>10} {'x bare':>8} {'x card show':>12}")
    for label in full:
        print(f"{label:34} {med[label] * scale:10.1f} {med[label] / bare if bare else float('nan'):8.2f} "
              f"{med[label] / show if show else float('nan'):12.2f}")
    ask_goal(med)
    needed = ("floor: import typer, rich.*", "floor: import typer", "card show swordmaster",
              "card show swordmaster --json", "summonable (crowded)")
    if all(label in med for label in needed) and show:
        floor_rich, floor_typer = med["floor: import typer, rich.*"], med["floor: import typer"]
        print("\ngoals against the framework's floor:")
        print(f"  card show / import typer+rich        = {show / floor_rich:.2f} (goal <= 1.25)")
        print(f"  card show --json / import typer      = {med['card show swordmaster --json'] / floor_typer:.2f} "
              "(goal <= 1.15)")
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

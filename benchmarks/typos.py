"""Word reader benchmark (issue 29): a turn record of 800 distinct typos against one of a single word spelt right.

Run: python benchmarks/typos.py [--runs N] [--count N]

Each typo is one or two letters changed in a being's id (fixed seed); most are read as the being they misspell,
so the reader scores every one against every name. In process: the time per word read (typos, then the same
count of names spelt right). Whole process: ``tashkalar score --turn`` on a record naming the typos, and on one
naming a single being spelt right (CPU seconds of the child: the figure a busy machine changes least).

Before issue 29 every typo called the scorer once per name in Python (798 names, 7.7 ms a typo): the record of
the 609 typos of 800 that name a being took 4.0 s of CPU against 0.34 s for one word spelt right, 4,495 typos
in ``plan --hand`` 27.5 s. After: one pass of rapidfuzz (in C) per kind of score over the distinct names, each
distinct word scored once (about 0.4 ms a typo): 0.55 s against 0.34 s, and 4.2 s for the 4,495 (of which 3.2 s
plan the 120 cards they name).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def typos(names: list[str], count: int, seed: int = 2) -> list[str]:
    rng = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < count:
        word = rng.choice(names)
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(len(word))
            word = word[:i] + rng.choice("aeioukrst") + word[i + 1:]
        out[word] = None
    return list(out)


def cpu(cmd: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=800)
    args = parser.parse_args()

    from tashkalar_cli import Game
    from tashkalar_cli.errors import TashkalarError

    game = Game()
    names = [c.id.replace("-", " ") for c in game.cards.beings if len(c.id) >= 6]
    words = typos(names, args.count)
    right = [names[i % len(names)] for i in range(args.count)]
    game.word("being", names[0])   # warm: the lexicon built once
    for label, chosen in (("typos", words), ("spelt right", right)):
        start = time.perf_counter()
        read = 0
        for word in chosen:
            try:
                game.word("being", word)
                read += 1
            except TashkalarError:
                pass
        took = time.perf_counter() - start
        print(f"in process, {len(chosen)} {label}: {took * 1000 / len(chosen):.3f} ms a word ({read} read)")
    with tempfile.TemporaryDirectory() as tmp:
        readable = [w for w in words if _reads(game, w)]
        many, one = Path(tmp) / "typos.yaml", Path(tmp) / "one.yaml"
        many.write_text("player: blue\nsummoned:\n" + "".join(f"  - {w}\n" for w in readable), encoding="utf-8")
        one.write_text(f"player: blue\nsummoned:\n  - {names[0]}\n", encoding="utf-8")
        for label, path in ((f"record of {len(readable)} typos", many), ("record of one word spelt right", one)):
            cmd = [sys.executable, "-m", "tashkalar_cli", "score", "--turn", str(path), "--mode", "duel"]
            times = [cpu(cmd) for _ in range(args.runs)]
            print(f"whole process, {label}: best {min(times):.2f} s CPU, median {statistics.median(times):.2f} s")


def _reads(game: object, word: str) -> bool:
    from tashkalar_cli.errors import TashkalarError

    try:
        game.word("being", word)  # type: ignore[attr-defined]
        return True
    except TashkalarError:
        return False


if __name__ == "__main__":
    main()

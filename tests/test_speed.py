"""No quadratic paths: the largest inputs the tool accepts are answered quickly.

A position or a turn record is at most 1 MB (and :data:`MAX_USER_VALUES` values): each case
below is as large as that allows, in the shape most likely to hit a slow path (a huge
``pieces:`` mapping, long lists, a 1 MB diagram, a long ``--pieces`` argument, many flares). Each
command must answer (0 or 2, never 70) within :data:`BOUND` seconds of this process's CPU time,
in-process: CPU time, not the clock, so that a machine busy with other work does not fail the test,
and a generous bound (the tool answers in well under a second; the bound only catches a quadratic
path, which takes minutes). The times are printed (``pytest -s``).
"""

from __future__ import annotations

import sys
import time

import pytest

from tashkalar_cli.data.yamlio import MAX_USER_FILE, MAX_USER_VALUES

from conftest import spread

BOUND = 20.0   # CPU seconds
MB = MAX_USER_FILE


def fill(head: str, item: str, sep: str, tail: str = "", count: int | None = None) -> str:
    """``head`` + as many ``item``s as fit in 1 MB (or ``count`` of them) + ``tail``."""
    most = (MB - len(head.encode()) - len(tail.encode()) - 64) // (len(item.encode()) + len(sep.encode()))
    text = head + sep.join([item] * min(most, count or most)) + tail
    assert len(text.encode()) <= MB
    return text


SQUARES = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)]
FEW = MAX_USER_VALUES // 6 - 10     # records of 5 values each (a mapping, 2 keys, 2 values), within the bound


def full_board(tk) -> str:
    """A crowded board: a 4-player melee with a piece on 56 squares (14 per color, within what a
    color owns), the largest real ``pieces:`` mapping."""
    from tashkalar_cli.errors import InputError

    names = []
    for s in SQUARES:
        try:
            tk.board.parse(s)
        except InputError:
            continue
        names.append(s)
    colors = tk.board.colors[:4]
    return "mode: melee\nplayers: 4\npieces:\n" + "".join(
        f"  {s}: {colors[i % 4]}{' heroic' if i % 5 == 0 else ''}\n" for i, s in enumerate(names[:56]))


POSITIONS = {
    "huge pieces mapping": lambda tk: fill("pieces:\n", "  e5: blue", "\n"),
    "many distinct keys": lambda tk: "pieces:\n" + "".join(f"  k{i}: blue\n" for i in range(65_000)),
    "pieces within the bound on values": lambda tk: "pieces:\n" + "".join(
        f"  {'E5' if i == 0 else f'x{i}'}: blue\n" for i in range(MAX_USER_VALUES // 2 - 2)),
    "long tasks_claimed": lambda tk: fill("mode: high-form\npieces: {e5: blue}\ntasks_claimed:\n  blue: [", "x", ", ", "]\n"),
    "tasks_claimed within the bound": lambda tk: "mode: high-form\npieces: {e5: blue}\ntasks_claimed:\n  blue: [" + ", ".join(
        [tk.dataset.facts["tasks"][0]["id"]] * (MAX_USER_VALUES - 10)) + "]\n",
    "long list": lambda tk: fill("pieces: {e5: blue}\nx: [", "1", ", ", "]\n"),
    "long string": lambda tk: "pieces:\n  e5: " + "b" * (MB - 100) + "\n",
    "1 MB diagram, one row": lambda tk: "board: |\n  " + fill("", "bc", " ") + "\n",
    "1 MB diagram, many rows": lambda tk: "board: |\n" + fill("", "  . . . . . . . . .", "\n") + "\n",
    "1 MB of comments around a full board": lambda tk: fill(full_board(tk), "# a comment", "\n", "\n"),
    "many supplies": lambda tk: fill("pieces: {e5: blue}\nsupply:\n", "  blue: {common: 1}", "\n"),
    "long values within the bound": lambda tk: "pieces: {e5: blue}\nx:\n" + "".join(
        f"  - {'y' * 90}\n" for _ in range(MAX_USER_VALUES - 10)),
}

TURNS = {
    "huge destroyed list": fill("player: blue\ndestroyed: [", "red common", ", ", "]\n"),
    "destroyed within the bound": fill("player: blue\ndestroyed: [", "red common", ", ", "]\n", MAX_USER_VALUES - 10),
    "huge summoned list": fill("player: blue\nsummoned: [", "swordmaster e5", ", ", "]\n"),
    "summoned within the bound": fill("player: blue\nsummoned: [", "swordmaster e5", ", ", "]\n",
                                      MAX_USER_VALUES - 10),
    "summoned records within the bound": fill("player: blue\nsummoned: [", "{card: swordmaster, square: e5}", ", ",
                                              "]\n", FEW),
    "many flares": fill("player: blue\nflares: [", "{flare: flare-3-6, against: red}", ", ", "]\n"),
    "flares within the bound": fill("player: blue\nopponents: [red]\nflares: [", "flare-3-6", ", ", "]\n",
                                    MAX_USER_VALUES - 10),
    "flare records within the bound": fill("player: blue\nflares: [", "{flare: flare-3-6, against: red}", ", ", "]\n",
                                           FEW),
    "melee flares within the bound": fill("player: blue\nmode: melee\nplayers: 4\nflares: [",
                                          "{flare: flare-3-6, against: red}", ", ", "]\n", FEW),
    "many opponents": fill("player: blue\nopponents: [", "red", ", ", "]\n", MAX_USER_VALUES - 10),
    "many scores": fill("player: blue\nscores:\n", "  red: 3", "\n"),
}


def timed(cli, *args: str) -> tuple[float, int, str]:
    """The command's CPU time in this process (every thread; the clock would count other processes' work)."""
    start = time.process_time()
    r = cli(*args)
    return time.process_time() - start, r.code, r.err


def check(elapsed: float, code: int, err: str, what: str) -> None:
    print(f"{elapsed:6.2f} CPU-s exit {code}  {what}", file=sys.__stderr__)  # past capsys: seen with -s
    assert code in (0, 2), (what, code, err[-300:])
    assert "internal error" not in err
    assert elapsed < BOUND, f"{what}: {elapsed:.1f} CPU-s"


#: the default run: a 1 MB diagram of one row (the reader of positions on its largest input, a quarter of a CPU-second);
#: the full board in 1 MB of comments, the one valid case (six commands, the planner too: nearly two CPU-seconds), and
#: the others in the slow run
@pytest.mark.parametrize("name", spread(sorted(POSITIONS), keep=1, start=1))
def test_the_largest_positions_are_answered_quickly(cli, tk, tmp_path, name):
    f = tmp_path / "p.yaml"
    f.write_text(POSITIONS[name](tk), encoding="utf-8")
    assert f.stat().st_size <= MB
    commands = [("position", "check", str(f)), ("position", "show", str(f)),
                ("summonable", "--position", str(f), "--player", "blue"),
                ("flare", "check", "--all", "--position", str(f), "--player", "blue", "--against", "red"),
                ("task", "check", "--all", "--position", str(f), "--player", "blue", "--json")]
    if name.startswith("1 MB of comments"):   # the one valid case: the planner too (bounded by the board)
        commands.append(("plan", "--position", str(f), "--player", "blue"))
    for args in commands:
        check(*timed(cli, *args), f"{name}: {args[0]} {args[1]}")
    if name.startswith("1 MB of comments"):
        assert cli("position", "check", str(f)).code == 0


@pytest.mark.parametrize("name", spread(sorted(TURNS), keep=3, start=1))
def test_the_largest_turn_records_are_answered_quickly(cli, tmp_path, name):
    f = tmp_path / "t.yaml"
    f.write_text(TURNS[name], encoding="utf-8")
    assert f.stat().st_size <= MB
    for args in (("score", "--turn", str(f)), ("score", "--turn", str(f), "--json")):
        check(*timed(cli, *args), f"{name}: {' '.join(args[:1] + args[3:])}")


@pytest.mark.parametrize("pieces", spread([
    ",".join(["e5=blue"] * (MB // 8)),                     # one square again and again
    ",".join(f"x{i}=blue" for i in range(MB // 10)),       # no square at all
    "," * MB,                                              # nothing but separators
    "e5=" + "blue:" * (MB // 5),                           # one endless piece
    ",".join(f"{s}=blue" for s in SQUARES) + "," + "e5=red" * (MB // 6),
], keep=2))
def test_a_long_pieces_argument_is_answered_quickly(cli, pieces):
    for args in (("position", "check", "--pieces", pieces),
                 ("summonable", "--pieces", pieces, "--player", "blue")):
        check(*timed(cli, *args), f"--pieces of {len(pieces):,} characters: {args[0]}")

"""How large an effect's resolution gets: random positions, and a search for the worst case of one card.

    python benchmarks/effect_bounds.py sample [--seconds S] [--seed N]
    python benchmarks/effect_bounds.py search CARD --pieces SQ=COLOR:RANK,... --at SQ [--others N]
        [--kinds red:common/red:heroic/...] [--mode duel|melee] [--seconds S] [--seed N]

``sample`` makes random positions of 15 to 40 pieces (duel or melee) and resolves the effect of every card
each color can summon there (its first two placements), for ``--seconds``, with no bound on states; it prints
how many resolutions needed more states than the default bound (``MAX_STATES``) or more than 0.1 s, and per
card the most states, the most time and the most time per state: the figures behind that bound.

``search`` keeps the pieces given (the summon's pattern, around ``--at``) and places ``--others`` more at
random, of the ``--kinds`` given, then moves one to three of them at a time, keeping a position when the
resolution of blue's summon at ``--at`` explores more states (no bound); it prints each better position and
the best one as ``--pieces`` text (write it as a position file to keep it: ``benchmarks/*-30.yaml``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from tashkalar_cli import Game
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES
from tashkalar_cli.games.tashkalar.engine.effects import resolve_placement


def _position(game: Game, cells: dict[str, str], mode: str) -> Any:
    try:
        return game.position(pieces=",".join(f"{sq}={p}" for sq, p in cells.items()), mode=mode,
                             players=2 if mode == "duel" else 3)
    except InputError:      # more pieces of a kind than a color owns, or legends over the limit
        return None


def sample(game: Game, seconds: float, rng: random.Random) -> None:
    board = game.board
    cards = [c for c in game.cards.beings if c.program() is not None]
    names = [board.name(sq) for sq in board.squares]
    worst: dict[str, tuple[int, float]] = defaultdict(lambda: (0, 0.0))      # the most states, per card
    slowest: dict[str, tuple[float, int]] = defaultdict(lambda: (0.0, 0))     # the most time, per card
    where: dict[str, str] = {}      # the slowest resolution's summon, per card, to run it again
    per_state: dict[str, tuple[float, int]] = defaultdict(lambda: (0.0, 0))   # the most time per state (>= 5,000)
    positions = resolutions = over = slow = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        mode = rng.choice(("duel", "melee"))
        colors = ("blue", "red") if mode == "duel" else ("blue", "red", "yellow")
        cells = {sq: f"{rng.choice(colors)}:{rng.choice(('common', 'common', 'common', 'heroic', 'heroic', 'legendary'))}"
                 for sq in rng.sample(names, rng.randint(15, 40))}
        position = _position(game, cells, mode)
        if position is None:
            continue
        positions += 1
        for player in colors:
            for verdict in game.summonable(position, player, cards):
                for placement in verdict.placements[:2]:
                    t0 = time.process_time()
                    r = resolve_placement(game.engine, verdict.card, position, player, placement, actions_left=1,
                                          max_states=10**9)
                    took = time.process_time() - t0
                    resolutions += 1
                    card_id = verdict.card.id
                    over += r.states > MAX_STATES
                    slow += took > 0.1
                    if r.states > worst[card_id][0]:
                        worst[card_id] = (r.states, took)
                    if took > slowest[card_id][0]:
                        slowest[card_id] = (took, r.states)
                        where[card_id] = (f"{player} at {board.name(placement.target)}, {mode}: "
                                          + ",".join(f"{sq}={p}" for sq, p in cells.items()))
                    if r.states >= 5_000 and took / r.states > per_state[card_id][0]:
                        per_state[card_id] = (took / r.states, r.states)
    print(f"{positions} positions, {resolutions} resolutions (no bound on states); {over} need more states than "
          f"the default bound ({MAX_STATES:,}); {slow} took more than 0.1 s")
    print("the most states:")
    for card_id, (states, took) in sorted(worst.items(), key=lambda kv: -kv[1][0])[:8]:
        print(f"  {card_id:22} {states:8} states {took * 1000:7.1f} ms")
    print("the slowest:")
    for card_id, (took, states) in sorted(slowest.items(), key=lambda kv: -kv[1][0])[:8]:
        print(f"  {card_id:22} {took * 1000:7.1f} ms {states:8} states")
    top = max(slowest, key=lambda card_id: slowest[card_id][0], default=None)
    if top is not None:
        print(f"  the slowest, {top}: {where[top]}")
    print("the most time per state (resolutions of 5,000 states or more):")
    for card_id, (each, states) in sorted(per_state.items(), key=lambda kv: -kv[1][0])[:8]:
        print(f"  {card_id:22} {each * 1e6:7.2f} µs {states:8} states")


def search(game: Game, args: argparse.Namespace, rng: random.Random) -> None:
    board = game.board
    card = game.being(args.card)
    fixed = dict(item.split("=", 1) for item in args.pieces.split(","))
    free = [board.name(sq) for sq in board.squares if board.name(sq) not in fixed and board.name(sq) != args.at]
    kinds = args.kinds.split("/")

    def score(others: dict[str, str]) -> tuple[int, float, int]:
        position = _position(game, {**fixed, **others}, args.mode)
        verdict = None if position is None else next(iter(game.summonable(position, "blue", [card])), None)
        here = [] if verdict is None else [p for p in verdict.placements if board.name(p.target) == args.at]
        if not here:
            return -1, 0.0, 0
        t0 = time.process_time()
        r = resolve_placement(game.engine, card, position, "blue", here[0], actions_left=1, max_states=10**9)
        return r.states, time.process_time() - t0, r.count

    best: tuple[tuple[int, float, int], dict[str, str]] | None = None
    for _ in range(1000):       # a first position where the summon is possible
        others = {sq: rng.choice(kinds) for sq in rng.sample(free, args.others)}
        got = score(others)
        if got[0] >= 0:
            best = (got, others)
            break
    if best is None:
        raise SystemExit("no position found where blue can summon the card at --at")
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        others = dict(best[1])
        for _ in range(rng.randint(1, 3)):
            kind = others.pop(rng.choice(list(others)))
            others[rng.choice([sq for sq in free if sq not in others])] = rng.choice(kinds) if rng.random() < 0.3 else kind
        got = score(others)
        if got[0] > best[0][0]:
            best = (got, others)
            print(f"  {got[0]:8} states {got[1] * 1000:7.1f} ms {got[2]:7} outcomes", flush=True)
    (states, took, count), others = best
    print(f"best: {states} states, {took * 1000:.1f} ms, {count} outcomes")
    print(",".join(f"{sq}={p}" for sq, p in {**fixed, **others}.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("sample")
    s.add_argument("--seconds", type=float, default=240)
    s.add_argument("--seed", type=int, default=11)
    w = sub.add_parser("search")
    w.add_argument("card")
    w.add_argument("--pieces", required=True, help="the pattern's pieces, e.g. d6=blue:common,f6=blue:common")
    w.add_argument("--at", required=True, help="the summoning square")
    w.add_argument("--others", type=int, default=26)
    w.add_argument("--kinds", default="red:common/red:heroic/blue:common/blue:heroic/red:common")
    w.add_argument("--mode", choices=("duel", "melee"), default="duel")
    w.add_argument("--seconds", type=float, default=90)
    w.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Game()
    rng = random.Random(args.seed)
    if args.what == "sample":
        sample(game, args.seconds, rng)
    else:
        search(game, args, rng)


if __name__ == "__main__":
    main()

"""A brute-force resolver of effect programs, for the tests: slow and plain.

It walks the program tree directly on a dict of pieces (square -> (color index, rank level)),
trying every choice in order, with no visited set, no pruning, no compilation and no byte
encoding: every path is followed to its end, and the end states are collected in a list, then
made distinct. The fast resolver (:mod:`tashkalar_cli.games.tashkalar.engine.effects`) must find the same set.
It reads the same program values (the parser is shared) and follows the rules of the spec:
kw-standard-move, kw-combat-move, kw-leap, kw-place, kw-upgrade, kw-downgrade, kw-convert.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from tashkalar_cli.games.tashkalar.model import effects as E
from tashkalar_cli.games.tashkalar.model.board import DIRECTIONS

COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
ANY_NUMBER_CAP = 12       # "any number of moves": no effect of the data needs more on a 9x9 board
BUDGET = 400_000          # steps tried before the oracle gives up on a position (Unsupported)
MAX_UNTIL = 32


class Unsupported(Exception):
    """A part of the language the oracle does not play (the test skips the card)."""


@dataclass(frozen=True)
class State:
    pieces: tuple[tuple[int, tuple[int, int]], ...]      # sorted (square, (color, level))
    env: tuple[tuple[str, Any], ...] = ()
    actions: int = 0
    notes: tuple[str, ...] = ()
    short: bool | None = None       # inside a linked block: whether a step did less than it had to

    def board(self) -> dict[int, tuple[int, int]]:
        return dict(self.pieces)

    def get(self, name: str) -> Any:
        return dict(self.env).get(name)

    def with_(self, board: dict[int, tuple[int, int]] | None = None, /, **env: Any) -> State:
        new = dict(self.env)
        new.update(env)
        return replace(self, pieces=tuple(sorted((board if board is not None else self.board()).items())),
                       env=tuple(sorted(new.items())))


@dataclass
class Oracle:
    board: Any                       # the Board
    colors: list[str]
    player: int
    in_game: list[int]
    stock: dict[tuple[int, int], int]        # (color, kind 0 double-sided / 1 legendary) -> pieces in play
    target: int | None = None
    marked: set[int] = field(default_factory=set)
    marked2: set[int] = field(default_factory=set)   # the second kind of marked square
    arrows: tuple[str, ...] = ()
    actions_left: int | None = None
    colorless: int = 0
    orientation: str | None = None
    tried: int = 0

    # ------------------------------------------------------------------ helpers
    def kind(self, level: int) -> int:
        return 1 if level == 2 else 0

    def supply(self, b: dict[int, tuple[int, int]], color: int, kind: int) -> int:
        on = sum(1 for c, lv in b.values() if c == color and self.kind(lv) == kind)
        return self.stock.get((color, kind), 0) - on

    def enemies(self) -> list[int]:
        return [c for c in self.in_game if c != self.player]

    def squares_of(self, s: State, name: str) -> list[int]:
        if name == "target":
            return [] if self.target is None else [self.target]
        value = s.get(name)
        if value is None:
            return []
        return list(value["squares"])

    def ray(self, start: int, d: str) -> list[int]:
        f, r = self.board.coords(start)
        df, dr = DIRECTIONS[d]
        out = []
        k = 1
        while (sq := self.board.index(f + df * k, r + dr * k)) is not None:
            out.append(sq)
            k += 1
        return out

    def direction(self, s: State, d: Any) -> str | None:
        if isinstance(d, E.Turned):
            base = self.direction(s, d.base)
            return None if base is None else COMPASS[(COMPASS.index(base) + d.by // 45) % 8]
        if d in COMPASS:
            return str(d)
        value = s.get(d)
        return None if value is None else value["dir"]

    def area(self, s: State, a: Any) -> set[int]:
        board = self.board
        b = s.board()
        everything = set(board.squares)
        if a is None:
            return everything
        if isinstance(a, E.Named):
            return {"board": everything, "empty": {q for q in everything if q not in b}, "marked": set(self.marked), "marked2": set(self.marked2),
                    "summoners": set(self.squares_of(s, "summoners")),
                    "central": {q for q in everything if board.central >> q & 1},
                    "not_central": {q for q in everything if not board.central >> q & 1}}.get(a.word) or set()
        if isinstance(a, E.Intersection):
            out = everything
            for part in a.parts:
                out = out & self.area(s, part)
            return out
        if isinstance(a, E.Union_):
            return set().union(*(self.area(s, part) for part in a.parts)) & everything
        if isinstance(a, E.Ref):
            return set(self.squares_of(s, a.name))
        if isinstance(a, E.Sel):
            return set(self.select(s, a))
        if isinstance(a, E.Color):
            if a.color == "colorless":
                return {q for q in everything if self.colorless >> q & 1}
            return {q for q in everything if board.square_color(q) == a.color}
        if isinstance(a, E.Relation):
            anchors = self.squares_of(s, a.anchor.name) if isinstance(a.anchor, E.Ref) else sorted(self.area(s, a.anchor))
            out: set[int] = set()
            counts: dict[int, int] = {}
            for x in anchors:
                for q in everything:
                    dist = board.distance(x, q)
                    fx, rx = board.coords(x)
                    fq, rq = board.coords(q)
                    orth = dist == 1 and (fx == fq or rx == rq)
                    ok = {"adjacent": dist == 1, "orthogonal": orth, "diagonal": dist == 1 and not orth,
                          "within": 1 <= dist <= a.n, "distance": dist == a.n}[a.kind]
                    if ok:
                        counts[q] = counts.get(q, 0) + 1
            need = a.n if a.kind in ("adjacent", "orthogonal", "diagonal") else 1
            out = {q for q, n in counts.items() if n >= need}
            return out
        if isinstance(a, E.Ray):
            d = self.direction(s, a.direction)
            anchors = self.squares_of(s, a.anchor.name) if isinstance(a.anchor, E.Ref) else sorted(self.area(s, a.anchor))
            if d is None or not anchors:
                return set()
            stop = set(self.select(s, a.stop)) if a.stop is not None else set()
            out = set()
            met = 0
            for q in self.ray(anchors[0], d):
                if q in b:
                    if q in stop:
                        break
                    out.add(q)
                    met += 1
                    if a.pieces is not None and met >= a.pieces:
                        break
                else:
                    out.add(q)
            return out
        raise Unsupported(type(a).__name__)

    def select(self, s: State, sel: E.Sel) -> list[int]:
        b = s.board()
        if sel.ref is not None:
            return sorted(q for q in self.squares_of(s, sel.ref) if q in b)
        allowed = None
        if sel.owner == "more":
            counted = [b[q][0] for q in self.select(s, E.Sel(None, "any", None, None, sel.more.ranks, sel.more.where,
                                                             sel.more.exclude))]
            allowed = {c for c in self.enemies() if counted.count(c) > counted.count(self.player)}
        area = self.area(s, sel.where)
        same = None
        if sel.owner == "same":
            value = s.get(sel.same)
            if value is None:
                return []
            if "color" in value:
                same = value["color"]
            elif not value.get("tracked"):       # a destroyed piece, a square: the piece as it was
                same = value["codes"][0][0] if value.get("codes") else None
            else:
                live = [q for q in value["squares"] if q in b]
                same = b[live[0]][0] if live else (value["codes"][0][0] if value.get("codes") else None)
            if same is None:
                return []
        excluded = {q for n in sel.exclude for q in self.squares_of(s, n)}
        levels = None if sel.ranks is None else {r.level for r in sel.ranks}
        out = []
        for q in sorted(area):
            if q not in b or q in excluded:
                continue
            color, level = b[q]
            if sel.owner == "you" and color != self.player:
                continue
            if sel.owner == "enemy" and color == self.player:
                continue
            if same is not None and color != same:
                continue
            if allowed is not None and color not in allowed:
                continue
            if levels is not None and level not in levels:
                continue
            out.append(q)
        return out

    def track(self, s: State, moves: dict[int, int | None]) -> tuple[tuple[str, Any], ...]:
        """The bindings once pieces moved (None: destroyed)."""
        out = []
        for name, value in s.env:
            if value is not None and value.get("tracked"):
                squares = [moves.get(q, q) for q in value["squares"]]
                value = {**value, "squares": tuple(q for q in squares if q is not None)}
            out.append((name, value))
        return tuple(out)

    # ------------------------------------------------------------------ conditions
    def cond(self, s: State, c: Any) -> bool:
        if isinstance(c, E.Done):
            v = s.get(c.name)
            return bool(v and v["done"])
        if isinstance(c, E.Not):
            return not self.cond(s, c.cond)
        if isinstance(c, E.AllOf):
            return all(self.cond(s, x) for x in c.conds)
        if isinstance(c, E.AnyOf):
            return any(self.cond(s, x) for x in c.conds)
        if isinstance(c, E.LastAction):
            if self.actions_left is None:
                raise Unsupported("last_action unknown")
            return self.actions_left + s.actions <= 0
        if isinstance(c, E.On):
            q = self.squares_of(s, c.ref)
            if not q:
                return False
            sq = q[0]
            color = self.board.square_color(sq)
            central = bool(self.board.central >> sq & 1)
            if c.color in ("red", "green") and color != c.color:
                return False
            if c.color == "colorless" and not self.colorless >> sq & 1:
                return False
            if c.color == "central" and not central:
                return False
            return c.central is None or central == c.central
        if isinstance(c, E.RankIs):
            v = s.get(c.name)
            if not v or not v["done"]:
                return False
            b = s.board()
            codes = v.get("codes", ())
            if v.get("tracked"):        # pieces still on the board: their rank now
                codes = [b[q] for q in v["squares"] if q in b] or codes
            if not codes:
                return False
            return all(level in {r.level for r in c.ranks} for _, level in codes)
        if isinstance(c, E.Count):
            n = len(self.select(s, c.sel))
            return (c.at_least is None or n >= c.at_least) and (c.at_most is None or n <= c.at_most)
        if isinstance(c, E.DestroyedCount):
            v = s.get(c.name)
            codes = (v.get("hits", () if v.get("tracked") else v.get("codes", ()))) if v and v["done"] else ()
            n = sum(1 for color, level in codes
                    if (c.ranks is None or level in {r.level for r in c.ranks})
                    and not (c.owner == "you" and color != self.player)
                    and not (c.owner == "enemy" and color == self.player))
            return n >= c.at_least
        if isinstance(c, E.IsMarked):     # the marker's piece: a name of the state, as a bound name
            gate = s.get(c.marker)
            squares = self.squares_of(s, c.ref)
            return bool(gate and gate["squares"] and squares and squares[0] == gate["squares"][0])
        if isinstance(c, E.IsEmpty):
            b = s.board()
            if isinstance(c.area, E.Ref):
                return not any(q in b for q in self.squares_of(s, c.area.name))
            return not any(q in b for q in self.area(s, c.area))
        raise Unsupported(type(c).__name__)

    # ------------------------------------------------------------------ steps
    def aside(self, b: dict[int, tuple[int, int]], piece: tuple[int, int]) -> None:
        """A piece removed from the game: kept under a negative key, neither on a square nor in the supply."""
        b[min(min(b, default=0), 0) - 1] = piece

    def short(self, s: State) -> State:
        return s if s.short is None else replace(s, short=True)

    def run(self, steps: tuple[Any, ...], s: State) -> list[State]:
        states = [s]
        for step in steps:
            states = [out for st in states for out in self.step(step, st)]
        return states

    def step(self, step: Any, s: State) -> list[State]:
        self.tried += 1
        if self.tried > BUDGET:
            raise Unsupported("too many ways for the oracle")
        if isinstance(step, E.Linked):
            done = [replace(o, short=s.short) for o in self.run(step.steps, replace(s, short=False)) if not o.short]
            return done or [s]
        if isinstance(step, E.ChooseSquare):
            squares = sorted(self.area(s, step.where))
            b = s.board()
            if not squares:
                return [s.with_(**{step.bind: {"squares": (), "codes": (), "done": False}})]
            return [s.with_(**{step.bind: {"squares": (q,), "codes": (b[q],) if q in b else (), "done": True}})
                    for q in squares]
        if isinstance(step, E.Mark):
            b = s.board()
            levels = {r.level for r in step.rule.ranks}
            cands = [q for q in self.select(s, step.sel) if b[q][0] == self.player and b[q][1] in levels]
            out = [s] if step.may or not cands else []
            return out + [s.with_(**{step.rule.name: {"squares": (q,), "done": True, "tracked": True}}) for q in cands]
        if isinstance(step, E.Swap):
            return self.swap(step, s)
        if isinstance(step, E.Gain):
            return [replace(s, actions=s.actions + step.n)]
        if isinstance(step, E.Note):
            return [replace(s, notes=(*s.notes, step.id))]
        if isinstance(step, E.Choose):
            return [out for alt in step.alternatives for out in self.run(alt, s)]
        if isinstance(step, E.If):
            return self.run(step.then if self.cond(s, step.cond) else step.otherwise, s)
        if isinstance(step, E.ChooseDirection):
            if step.among == "turn":
                base = self.direction(s, step.base)
                among = () if base is None else tuple(dict.fromkeys(
                    COMPASS[(COMPASS.index(base) + by // 45) % 8] for by in step.turns))
            elif step.among == "card":
                among = tuple(dict.fromkeys(self.card_direction(d) for d in step.card))
            else:
                among = {"arrows": self.arrows, "any": COMPASS, "orthogonal": ("n", "e", "s", "w"),
                         "diagonal": ("ne", "se", "sw", "nw")}[step.among]
            return [s.with_(**{step.bind: {"dir": d}}) for d in among]
        if isinstance(step, E.ChooseColor):
            among = self.enemies() if step.among == "enemy" else [self.player] if step.among == "you" else self.in_game
            return [s.with_(**{step.bind: {"color": c}}) for c in among]
        if isinstance(step, E.Repeat):
            if step.until is not None:
                return self.until(step, s, 0)
            if step.times is not None:
                states = [s]
                for _ in range(step.times):
                    states = [o for st in states for o in self.run(step.steps, st)]
                return states
            out, states = [s], [s]
            for _ in range(step.up_to or 0):
                states = [o for st in states for o in self.run(step.steps, st)]
                out += states
            return out
        if isinstance(step, E.ForEach):
            colors = self.enemies() if step.among == "enemy" else self.in_game
            states = [s]
            for c in colors:
                states = [o for st in states for o in self.run(step.steps, st.with_(**{step.bind: {"color": c}}))]
            return states
        if isinstance(step, E.Select):
            return self.select_step(step, s)
        if isinstance(step, E.Place):
            return self.place(step, s)
        if isinstance(step, E.Move):
            return self.move(step, s)
        raise Unsupported(type(step).__name__)

    def can(self, op: str, b: dict[int, tuple[int, int]], q: int, rank: Any, to: int) -> bool:
        if q not in b:
            return False
        color, level = b[q]
        if op in ("destroy", "pick", "remove"):
            return True
        if op == "upgrade":
            return level == 0 or (level == 1 and self.supply(b, color, 1) > 0)
        if op == "downgrade":
            return level == 1 or (level == 2 and self.supply(b, color, 0) > 0)
        if op == "convert":
            new = level if rank is None else rank.level
            return color != to and self.supply(b, to, self.kind(new)) > 0
        raise Unsupported(op)

    def do(self, step: E.Select, b: dict[int, tuple[int, int]], q: int, to: int) -> None:
        color, level = b[q]
        op = step.op
        if op == "pick":
            return
        if op in ("destroy", "remove"):
            piece = b.pop(q)
            if op == "remove" or step.out_of_game:
                self.aside(b, piece)
        elif op == "upgrade":
            b[q] = (color, level + 1)
        elif op == "downgrade":
            b[q] = (color, level - 1)
        else:
            b[q] = (to, level if step.rank is None else step.rank.level)

    def select_step(self, step: E.Select, s: State) -> list[State]:
        if step.op == "convert" and step.to != "you":
            if step.to == "enemy":
                targets = self.enemies()
            else:
                value = s.get(step.to_same)
                if value is None:
                    targets = []
                elif "color" in value:
                    targets = [value["color"]]
                else:
                    b = s.board()
                    live = [q for q in value["squares"] if q in b]
                    targets = [b[live[0]][0]] if live else ([value["codes"][0][0]] if value.get("codes") else [])
            if not targets:
                return [self.bind_select(step, s, s.board(), [], [])]
            return [o for to in targets for o in self.select_to(step, s, to)]
        return self.select_to(step, s, self.player)

    def select_to(self, step: E.Select, s: State, to: int) -> list[State]:
        c = step.counting
        b0 = s.board()
        eligible = [q for q in self.select(s, step.sel) if self.can(step.op, b0, q, step.rank, to)]
        results: list[tuple[list[int], dict[int, tuple[int, int]], list[Any], bool]] = []

        def attempt(combo: tuple[int, ...] | list[int], every: bool) -> tuple[list[int], dict, list, bool] | None:
            b = dict(b0)
            done, codes = [], []
            for q in combo:
                if not self.can(step.op, b, q, step.rank, to):
                    if every:
                        continue
                    return None
                codes.append(b[q])
                self.do(step, b, q, to)
                done.append(q)
            return done, b, codes, False

        if c.all:
            got = attempt(eligible, True)
            assert got is not None
            results.append(got)
        elif c.up_to is not None:
            for k in range(min(c.up_to, len(eligible)) + 1):
                for combo in itertools.combinations(eligible, k):
                    got = attempt(combo, False)
                    if got is not None:
                        results.append(got)
        else:
            for k in range(min(c.count, len(eligible)), -1, -1):
                found = [g for combo in itertools.combinations(eligible, k) if (g := attempt(combo, False)) is not None]
                if found:
                    results += [(d, b, cs, k < c.count) for d, b, cs, _ in found]
                    break
        if c.may:
            results.append(([], dict(b0), [], False))
        return [self.bind_select(step, self.short(s) if fell else s, b, done, codes)
                for done, b, codes, fell in results]

    def bind_select(self, step: E.Select, s: State, b: dict[int, tuple[int, int]], done: list[int],
                    codes: list[Any]) -> State:
        gone = step.op in ("destroy", "remove")
        env = self.track(s, dict.fromkeys(done)) if gone else s.env
        st = replace(s, env=env).with_(b)
        if step.bind:
            st = st.with_(**{step.bind: {"squares": tuple(done), "codes": tuple(codes), "done": bool(done),
                                         "tracked": not gone}})
        return st

    def swap(self, step: E.Swap, s: State) -> list[State]:
        b = s.board()
        pairs = sorted({(min(x, y), max(x, y)) for x in self.select(s, step.a) for y in self.select(s, step.b)
                        if x != y and b[x] != b[y]})
        out = []
        if step.may or not pairs:
            out.append(s.with_(**({step.bind: {"squares": (), "codes": (), "done": False, "tracked": True}}
                                  if step.bind else {})))
        for x, y in pairs:
            nb = dict(b)
            nb[x], nb[y] = nb[y], nb[x]
            st = replace(s, env=self.track(s, {x: y, y: x})).with_(nb)
            if step.bind:
                st = st.with_(**{step.bind: {"squares": (x, y), "codes": (nb[x], nb[y]), "done": True,
                                             "tracked": True}})
            out.append(st)
        return out

    def until(self, step: E.Repeat, s: State, rounds: int) -> list[State]:
        """repeat until COND: COND before each round; a round that changed nothing ends it; 32 rounds at most."""
        assert step.until is not None
        if rounds >= MAX_UNTIL or self.cond(s, step.until):
            return [s]
        out = []
        for o in self.run(step.steps, s):
            if (o.pieces, o.actions, o.notes) == (s.pieces, s.actions, s.notes):
                out.append(o)
            else:
                out += self.until(step, o, rounds + 1)
        return out

    def card_direction(self, d: str) -> str:
        from tashkalar_cli.games.tashkalar.model.patterns import ARROW_NAMES, ARROWS, TRANSFORMS

        if self.orientation is None:
            return d
        fn = next(f for name, _, _, f in TRANSFORMS if name == self.orientation)
        return ARROW_NAMES[fn(*ARROWS[d])]

    def place(self, step: E.Place, s: State) -> list[State]:
        b0 = s.board()
        free = sorted(q for q in self.area(s, step.where) if q not in b0)
        if step.owner == "you":
            owners = [self.player]
        elif step.owner == "enemy":
            owners = self.enemies()
        else:
            value = s.get(step.same)
            if value is None:
                owners = []
            elif "color" in value:
                owners = [value["color"]]
            else:
                live = [q for q in value["squares"] if q in b0]
                owners = [b0[live[0]][0]] if live else ([value["codes"][0][0]] if value.get("codes") else [])
        c = step.counting
        out = []
        if c.may or not owners:
            out.append(s.with_(**({step.bind: {"squares": (), "done": False}} if step.bind else {})))
        for color in owners:
            most = min(c.up_to if c.up_to is not None else c.count, len(free),
                       self.supply(b0, color, self.kind(step.rank.level)))
            sizes = range(most + 1) if c.up_to is not None else [most]
            for k in sizes:
                for combo in itertools.combinations(free, k):
                    b = dict(b0)
                    for q in combo:
                        b[q] = (color, step.rank.level)
                    st = (self.short(s) if c.up_to is None and k < c.count else s).with_(b)
                    if step.bind:
                        st = st.with_(**{step.bind: {"squares": combo, "done": bool(combo), "tracked": True}})
                    out.append(st)
        return out

    def targets(self, step: E.Move, s: State, q: int, d: str | None) -> list[int]:
        b = s.board()
        board = self.board
        if step.leap:
            cand = [x for x in board.squares if x != q]
        elif d is not None:
            ray = self.ray(q, d)
            cand = ray[:1]
        else:
            cand = [x for x in board.squares if board.distance(q, x) == 1]
        if step.where is not None:
            allowed = self.area(s, step.where)
            cand = [x for x in cand if x in allowed]
        forbidden = set(self.select(s, step.no_destroy)) if step.no_destroy is not None else set()
        if step.toward is not None:
            ref = self.squares_of(s, step.toward)
            if not ref:
                return []
            cand = [x for x in cand if board.distance(x, ref[0]) < board.distance(q, ref[0])]
        level = b[q][1]
        kind = "standard" if step.standard_by and q in self.squares_of(s, step.standard_by) else step.kind
        out = []
        for x in cand:
            if x in b:
                if step.onto == "empty" or x in forbidden:
                    continue
                other = b[x][1]
                if other > level or (other == level and kind != "combat"):
                    continue
            out.append(x)
        return sorted(out)

    def move(self, step: E.Move, s: State) -> list[State]:
        out: list[State] = []
        if step.may:
            out.append(self.bind_move(step, s, [], 0))
        if step.choose_direction is not None:
            among = {"arrows": self.arrows, "any": COMPASS, "orthogonal": ("n", "e", "s", "w"),
                     "diagonal": ("ne", "se", "sw", "nw")}[step.choose_direction]
            dirs: list[str | None] = list(among)
        elif step.direction != "free":
            d = self.direction(s, step.direction)
            if d is not None and step.opposite:
                d = COMPASS[(COMPASS.index(d) + 4) % 8]
            if d is None:
                return [*out, self.bind_move(step, s, [], 0)]
            dirs = [d]
        else:
            dirs = [None]
        limit = step.times if step.times is not None else step.up_to if step.up_to is not None else ANY_NUMBER_CAP
        optional = step.times is None
        for d in dirs:
            if step.per_move:
                out += self.loop(step, s, None, d, 0, limit, optional, [])
                continue
            movers = [q for q in self.select(s, step.piece) if self.targets(step, s, q, d)]
            if not movers:
                fell = step.times is not None and step.times < 64
                out.append(self.bind_move(step, self.short(s) if fell else s, [], 0))
                continue
            if optional:
                out.append(self.bind_move(step, s, [], 0))
            for q in movers:
                out += self.loop(step, s, q, d, 0, limit, optional, [])
        return out

    def loop(self, step: E.Move, s: State, piece: int | None, d: str | None, count: int, limit: int,
             optional: bool, moved: list[int], hits: tuple[Any, ...] = (), by: bool = False,
             chosen: tuple[int, ...] = ()) -> list[State]:
        """Moves from ``count`` on: ``piece`` (None: any eligible piece, per move); ``by``: whether the piece
        named by ``if_all_one_by`` made one of the moves so far; ``chosen``: the colors of the pieces that
        moved, one per move (a piece destroyed later is still one of the pieces chosen)."""
        if count >= limit:
            return [self.bind_move(step, s, moved if step.per_move else [piece] if piece is not None else [], count,
                                   hits)]
        b = s.board()
        if step.per_move:
            movers = [q for q in self.select(s, step.piece) if not (step.once_each and q in moved)]
            if step.per_color is not None:
                movers = [q for q in movers if chosen.count(b[q][0]) < step.per_color]
        else:
            movers = [piece] if piece is not None and piece in b else []
        one_by = self.squares_of(s, step.if_all_one_by) if step.if_all_one_by else []
        if step.if_all_one_by and not by and count + 1 == limit:
            movers = [q for q in movers if q in one_by]     # the last move: the named piece's, if it has not moved
        options = [(q, x) for q in movers for x in self.targets(step, s, q, d)]
        end = self.bind_move(step, s, moved if step.per_move else [piece] if piece is not None else [], count, hits)
        if not options:
            return [self.short(end) if step.times is not None and count < step.times < 64 else end]
        out = [end] if optional else []
        for q, x in options:
            nb = dict(b)
            nb[x] = nb.pop(q)
            moves: dict[int, int | None] = {x: None, q: x} if x in b else {q: x}
            ns = replace(s, env=self.track(s, {x: None}) if x in b else s.env)
            ns = replace(ns, env=self.track(ns, {q: x})).with_(nb)
            new_moved = [moves.get(m, m) for m in moved]
            new_moved = [m for m in new_moved if m is not None] + [x]
            out += self.loop(step, ns, x if not step.per_move else None, d, count + 1, limit, optional,
                             new_moved, (*hits, b[x]) if x in b else hits, by or q in one_by, (*chosen, b[q][0]))
        return out

    def bind_move(self, step: E.Move, s: State, moved: list[int], count: int, hits: tuple[Any, ...] = ()) -> State:
        if not step.bind:
            return s
        squares = tuple(moved) if count else ()
        b = s.board()
        return s.with_(**{step.bind: {"squares": squares, "done": count > 0, "tracked": True, "hits": hits,
                                      "codes": tuple(b[q] for q in squares if q in b)}})


def outcome_set(oracle: Oracle, states: list[State]) -> set[tuple[frozenset[Any], int, tuple[str, ...]]]:
    return {(frozenset((q, p) for q, p in st.pieces if q >= 0), st.actions, st.notes) for st in states}

"""L.E.T.A.L. TCG's engine: the grid, the positioning words, moves, pushes and pulls, attacks,
and the checks of a game file. Every number comes from ``cards/letal/game.yaml``.

The grid has ``grid_size`` files (``a``, ``b``, ... west to east) and as many ranks (``1`` ...,
south to north); the south side is the first ``grid_start_rows`` ranks, the north side the last
ones. The readings where the publisher's page is silent are the project's rulings
(``cards/letal/errata.yaml``), and this module follows them exactly:

- ``area-not-blocked``: Adjacent, Reach, Range and Radius ignore occupied squares;
- ``area-excludes-own-square``: the hero's own square is never in them;
- ``reach-extends-adjacency``: Reach N is adjacency extended by N squares, i.e. Range N+1;
- ``move-may-stay``: a move of up to N steps may end on the start square (0 steps);
- ``push-pull-all-or-nothing``: a push or pull that cannot be made in full is ignored;
- ``push-pull-straight-line``: heroes that share no row or column cannot push or pull each other.

Squares are listed in one order everywhere: by file, then by rank (``a1, a2, ..., a6, b1, ...``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tashkalar_cli.errors import InputError, Term, quote

#: the largest N a command takes (steps, distances, areas): far beyond any grid, far below a hang
MAX_DISTANCE = 1000
#: the largest amount of damage, Endurance or hidden cards an attack takes
MAX_AMOUNT = 1_000_000
TEAMS = ("south", "north")
AREAS = ("adjacent", "reach", "range", "radius")
_SQUARE = re.compile(r"([a-z])([1-9][0-9]{0,2})")
_STRAIGHT = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True, order=True)
class GridSquare:
    """A square of the grid: its file (0 for ``a``) and its rank (0 for ``1``); sorted by file, then rank.

    Not Tash-Kalar's :data:`tashkalar_cli.games.tashkalar.model.types.Square` (an ``int``, the bit of a square in the masks
    of a board read from ``board.yaml``): L.E.T.A.L.'s grid is a plain square of ``grid_size`` files whose
    rules count orthogonal steps and straight lines, so a square is a typed (file, rank) pair, and the two
    games share no board and import nothing of each other (the contracts in ``pyproject.toml``)."""

    file: int
    rank: int

    @property
    def name(self) -> str:
        return f"{chr(ord('a') + self.file)}{self.rank + 1}"

    def __str__(self) -> str:
        return self.name

    def step(self, df: int, dr: int, n: int = 1) -> GridSquare:
        return GridSquare(self.file + df * n, self.rank + dr * n)

    def distance(self, other: GridSquare) -> int:
        """Orthogonal steps between two squares (Manhattan distance)."""
        return abs(self.file - other.file) + abs(self.rank - other.rank)


@dataclass(frozen=True)
class Grid:
    """The square grid of ``size`` x ``size`` squares."""

    size: int

    def __contains__(self, sq: object) -> bool:
        return isinstance(sq, GridSquare) and 0 <= sq.file < self.size and 0 <= sq.rank < self.size

    @property
    def squares(self) -> list[GridSquare]:
        return [GridSquare(f, r) for f in range(self.size) for r in range(self.size)]

    @property
    def last(self) -> str:
        return GridSquare(self.size - 1, self.size - 1).name

    def parse(self, text: str, what: str = "square") -> GridSquare:
        """``a1`` .. the last square (case and surrounding spaces do not matter); off the grid: bad input."""
        found = _SQUARE.fullmatch(str(text).strip().lower())
        sq = GridSquare(ord(found.group(1)) - ord("a"), int(found.group(2)) - 1) if found else None
        if sq is None or sq not in self:
            raise InputError(key="letal-square", what=what, value=quote(text), last=self.last)
        return sq

    def parse_list(self, text: str | None, what: str = "--occupied") -> list[GridSquare]:
        """A comma-separated list of squares (``b2,c3``), each once."""
        if text is None or not text.strip():
            return []
        out: list[GridSquare] = []
        for part in text.split(","):
            sq = self.parse(part, what)
            if sq in out:
                raise InputError(key="letal-repeated-square", what=what, square=sq.name)
            out.append(sq)
        return out


def check_distance(n: int, what: str) -> int:
    """A number of squares or steps: 0 to :data:`MAX_DISTANCE`."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_DISTANCE:
        raise InputError(key="letal-distance", what=what, value=quote(n), most=MAX_DISTANCE)
    return n


@dataclass(frozen=True)
class Area:
    """One kind of area (one of :data:`AREAS`) and its N (1 for Adjacent)."""

    kind: str
    n: int = 1

    @classmethod
    def asked(cls, *, adjacent: bool = False, reach: int | None = None, range: int | None = None,
              radius: int | None = None) -> Area:
        """The one area asked among Adjacent, Reach N, Range N and Radius N (none or several: bad input)."""
        chosen = [cls(kind, n) for kind, n in (("adjacent", 1 if adjacent else None), ("reach", reach),
                                               ("range", range), ("radius", radius)) if n is not None]
        if len(chosen) != 1:
            raise InputError(key="letal-one-area")
        return chosen[0]


def check_amount(n: int, what: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_AMOUNT:
        raise InputError(key="letal-amount", what=what, value=quote(n), most=MAX_AMOUNT)
    return n


#: the stable codes of :class:`Why`, each with the squares it names:
#: ``edge`` (the grid ends after the square named: the last square on the way), ``blocked`` (the hero on the
#: square named stands in the way), ``not-in-line`` (the two heroes named share no row or column),
#: ``occupied`` (the square asked holds another hero), ``too-far`` (the square asked is more steps away than the
#: move has; no square named), ``walled`` (every way there within the steps crosses the heroes named)
WHY_CODES = ("edge", "blocked", "not-in-line", "occupied", "too-far", "walled")


@dataclass(frozen=True)
class Why:
    """Why a push, a pull or a move is refused: a stable code (one of :data:`WHY_CODES`) and the squares
    it names, sorted as everywhere (by file, then rank) except for ``not-in-line`` (the hero, then the other)."""

    code: str
    squares: tuple[GridSquare, ...] = ()


@dataclass(frozen=True)
class Shift:
    """Where a push or a pull sends the hero: ``to`` (None when ignored), whether it is ignored, and why
    (``why``: None when it is made); ``path``: the squares the hero crosses, in order, ``to`` the last (none
    when it does not move)."""

    to: GridSquare | None
    ignored: bool
    why: Why | None = None
    path: tuple[GridSquare, ...] = ()


@dataclass(frozen=True)
class MoveTo:
    """Whether a move of up to ``steps`` steps can end on ``to``: ``possible``, the fewest steps it takes
    (``needed``: None when no way leads there), and why not (``why``: None when possible)."""

    to: GridSquare
    steps: int
    possible: bool
    needed: int | None
    why: Why | None = None


@dataclass(frozen=True)
class Attack:
    """An attack resolved: damage prevented, Endurance lost and left, and whether the hero dies."""

    damage: int
    prevented: int
    endurance_lost: int
    endurance: int
    dies: bool
    blocked: bool
    fully_blocked: bool


@dataclass(frozen=True)
class Problem:
    """One problem of a game file: a stable code, the values its message names, where it is, and the
    squares of the heroes it concerns (those placed on the grid: a player's problem concerns its heroes)."""

    code: str
    params: dict[str, Any]
    path: tuple[Any, ...]
    line: int | None = None
    squares: tuple[GridSquare, ...] = ()


@dataclass
class Hero:
    name: str
    square: GridSquare | None
    deck: dict[str, int] | None
    endurance: int | None
    path: tuple[Any, ...]


@dataclass
class Player:
    name: str
    team: str
    heroes: list[Hero]
    path: tuple[Any, ...]


@dataclass
class GameFile:
    """A game file as read: players in seating order, each with a team and heroes."""

    source: str
    players: list[Player]
    lines: Any = None

    def line(self, path: tuple[Any, ...]) -> int | None:
        return self.lines.line_of(path) if self.lines is not None else None


@dataclass(frozen=True)
class TeamResult:
    team: str
    alive: int
    endurance: int
    heroes: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Winner:
    """The end of a timed game: the winning team (None: a draw), what decided it, each team."""

    winner: str | None
    decided_by: str | None      # "heroes", "endurance", or None for a draw
    teams: list[TeamResult]


#: the kind of word a team is, for the word reader (named by the ``letal.team.<id>`` texts of every language)
TEAM_WORD = "letal.team"


#: the kind of word a field of a game file is, for the word reader (named by the ``letal.field.<id>`` texts of every
#: language): a field written in another language (``joueurs``, ``casilla``) is pointed to the one it stands for
FIELD_WORD = "letal.field"


class Words(Protocol):
    """The word reader (:meth:`tashkalar_cli.game.Game.word`): the id a word typed in any language names,
    in part or with a typo, among ``among``; an error naming ``where`` otherwise."""

    def __call__(self, kind: str, value: str, where: str = "", among: Iterable[str] | None = None) -> str: ...


class LetalEngine:
    """L.E.T.A.L. TCG's questions, with the numbers of ``cards/letal/game.yaml``; a game file's words (its
    teams) are read by ``words``, the word reader of every file of the tool (without it, by their ids only)."""

    def __init__(self, numbers: Mapping[str, Any], words: Words | None = None) -> None:
        self.numbers = numbers
        self.grid = Grid(int(numbers["grid"]["size"]))
        self.start_rows = int(numbers["grid"]["start_rows"])
        self.words = words

    def start_ranks(self, team: str) -> range:
        """The ranks (0 for ``1``) where the heroes of ``team`` start: the first ``start_rows`` for the south,
        the last for the north."""
        size, rows = self.grid.size, self.start_rows
        return range(rows) if team == "south" else range(size - rows, size)

    def team(self, value: object, where: str = "") -> str:
        """The team a game file names (``south``, ``sud``, ``Norte``...: any language, case, accents and typos
        as every file of the tool), one of :data:`TEAMS`."""
        if self.words is not None:
            return self.words(TEAM_WORD, str(value), where, TEAMS)
        if str(value).strip().lower() in TEAMS:
            return str(value).strip().lower()
        raise InputError(key=f"word.{TEAM_WORD}", where=where, value=quote(value),
                         allowed=Term(f"word:{TEAM_WORD}", list(TEAMS)))

    # ---------------------------------------------------------------- areas
    def _line(self, sq: GridSquare, lo: int, hi: int) -> set[GridSquare]:
        return {s for df, dr in _STRAIGHT for n in range(lo, hi + 1) if (s := sq.step(df, dr, n)) in self.grid}

    def area(self, square: GridSquare, kind: str, n: int = 1, occupied: Iterable[GridSquare] = ()) -> list[GridSquare]:
        """The squares of an area around a hero on ``square``, sorted: Adjacent (the 4 neighbours),
        Range N (1..N squares in a straight line), Reach N (Range N+1), Radius N (1..N orthogonal
        steps, turning allowed). Never the hero's own square; occupied squares (``occupied``: where the
        other heroes stand, never the hero's own square) block nothing."""
        self._free(square, occupied)
        if kind not in AREAS:
            raise InputError(key="letal-area-kind", value=quote(kind), allowed=", ".join(AREAS))
        if kind != "adjacent":
            check_distance(n, f"--{kind}")
        if kind == "adjacent":
            found = self._line(square, 1, 1)
        elif kind == "range":
            found = self._line(square, 1, n)
        elif kind == "reach":
            found = self._line(square, 1, n + 1)
        else:
            reach = min(n, 2 * self.grid.size)
            found = {s for s in self.grid.squares if 1 <= s.distance(square) <= reach}
        return sorted(found)

    # ---------------------------------------------------------------- moves
    def _free(self, hero: GridSquare, occupied: Iterable[GridSquare], what: str = "--occupied") -> set[GridSquare]:
        taken = set(occupied)
        if hero in taken:
            raise InputError(key="letal-occupied-hero", what=what, square=hero.name)
        return taken

    def move(self, square: GridSquare, steps: int, occupied: Iterable[GridSquare] = ()) -> list[GridSquare]:
        """Every square where a hero on ``square`` can end a move of up to ``steps`` orthogonal
        steps, never onto or through an occupied square; the start square included (0 steps)."""
        check_distance(steps, "--steps")
        taken = self._free(square, occupied)
        seen = {square}
        frontier = [square]
        for _ in range(min(steps, self.grid.size * self.grid.size)):
            nxt = []
            for sq in frontier:
                for df, dr in _STRAIGHT:
                    s = sq.step(df, dr)
                    if s in self.grid and s not in taken and s not in seen:
                        seen.add(s)
                        nxt.append(s)
            if not nxt:
                break
            frontier = nxt
        return sorted(seen)

    def move_to(self, square: GridSquare, to: GridSquare, steps: int, occupied: Iterable[GridSquare] = ()) -> MoveTo:
        """Whether a hero on ``square`` can end a move of up to ``steps`` steps on ``to`` (as :meth:`move`
        decides), and why not: ``occupied`` (another hero stands on ``to``), ``too-far`` (``to`` is more
        steps away than ``steps`` even on an empty grid), ``walled`` (the heroes named, those beside the
        squares the hero can reach, lengthen or cut every way there)."""
        check_distance(steps, "--steps")
        taken = self._free(square, occupied)
        if to in taken:
            return MoveTo(to, steps, False, None, Why("occupied", (to,)))
        dist = self._steps(square, taken)
        needed = dist.get(to)
        if needed is not None and needed <= steps:
            return MoveTo(to, steps, True, needed)
        if square.distance(to) > steps:
            return MoveTo(to, steps, False, needed, Why("too-far"))
        near = {sq for sq, n in dist.items() if n < steps}   # every square a move can leave from
        walls = {s for sq in near for df, dr in _STRAIGHT if (s := sq.step(df, dr)) in taken}
        return MoveTo(to, steps, False, needed, Why("walled", tuple(sorted(walls))))

    def _steps(self, square: GridSquare, taken: set[GridSquare]) -> dict[GridSquare, int]:
        """The fewest steps from ``square`` to every square a move reaches around ``taken``, however long."""
        dist = {square: 0}
        frontier = [square]
        while frontier:
            nxt = []
            for sq in frontier:
                for df, dr in _STRAIGHT:
                    s = sq.step(df, dr)
                    if s in self.grid and s not in taken and s not in dist:
                        dist[s] = dist[sq] + 1
                        nxt.append(s)
            frontier = nxt
        return dist

    def push(self, square: GridSquare, by: GridSquare, distance: int, occupied: Iterable[GridSquare] = ()) -> Shift:
        """A hero on ``square`` pushed ``distance`` squares straight away from the hero on ``by``."""
        return self._shift(square, by, distance, occupied, away=True)

    def pull(self, square: GridSquare, by: GridSquare, distance: int, occupied: Iterable[GridSquare] = ()) -> Shift:
        """A hero on ``square`` pulled ``distance`` squares straight toward the hero on ``by``."""
        return self._shift(square, by, distance, occupied, away=False)

    def _shift(self, square: GridSquare, by: GridSquare, distance: int, occupied: Iterable[GridSquare], *, away: bool) -> Shift:
        check_distance(distance, "--distance")
        if by == square:
            raise InputError(key="letal-by-self", square=square.name)
        taken = self._free(square, occupied) | {by}   # the other hero's square counts as occupied
        if distance == 0:
            return Shift(square, False)
        if square.file != by.file and square.rank != by.rank:
            return Shift(None, True, Why("not-in-line", (square, by)))   # no straight line between them
        df = (square.file > by.file) - (square.file < by.file)
        dr = (square.rank > by.rank) - (square.rank < by.rank)
        if not away:
            df, dr = -df, -dr
        for n in range(1, distance + 1):              # all or nothing
            s = square.step(df, dr, n)
            if s not in self.grid:
                return Shift(None, True, Why("edge", (square.step(df, dr, n - 1),)))
            if s in taken:
                return Shift(None, True, Why("blocked", (s,)))
        return Shift(square.step(df, dr, distance), False,
                     path=tuple(square.step(df, dr, n) for n in range(1, distance + 1)))

    # ---------------------------------------------------------------- attacks
    def attack(self, damage: int, hidden: int, endurance: int, prevent: int = 0, lose: int = 0) -> Attack:
        """Physical ``damage`` against a hero with ``endurance`` who hides ``hidden`` cards (each
        prevents ``defense_per_card``) and prevents ``prevent`` more; ``lose`` Endurance is lost
        whatever is prevented. A hero at 0 Endurance or less dies."""
        for value, what in ((damage, "--damage"), (hidden, "--hidden"), (endurance, "--endurance"),
                            (prevent, "--prevent"), (lose, "--lose")):
            check_amount(value, what)
        prevented = int(self.numbers["defense"]["per_card"]) * hidden + prevent
        lost = max(0, damage - prevented) + lose
        left = endurance - lost
        return Attack(damage, prevented, lost, left, left <= 0, prevented > 0, prevented >= damage)

    # ---------------------------------------------------------------- game files
    def read_game(self, path: str) -> GameFile:
        """A game file (YAML, ``schemas/letal-game.schema.json``; ``-``: standard input)."""
        from tashkalar_cli.data.yamlio import read_user_yaml  # deferred: letal area and move read no file

        data, lines = read_user_yaml(path, "game file", text_keys=True)  # card names: `yes`, `1`, `~` are not
        return self.game_from_data(data, lines, path)

    def game_from_data(self, data: Any, lines: Any = None, source: str = "<game>") -> GameFile:
        from tashkalar_cli.data.quickschema import checked_mapping, load  # deferred: letal area and move read no file

        if isinstance(data, dict):
            self._unknown_fields(data, load("letal-game"), (), lines, source)
        where = checked_mapping("letal-game", data, lines, source, "game file")
        players = []
        for i, p in enumerate(data["players"]):
            heroes = []
            for j, h in enumerate(p["heroes"]):
                path = ("players", i, "heroes", j)
                square = None
                if h.get("square") is not None:
                    try:
                        square = self.grid.parse(h["square"], "square")
                    except InputError as exc:
                        raise exc.at(where(*path, "square")) from None
                for card in h.get("deck") or {}:
                    if not isinstance(card, str):  # data given as such (a file's keys are checked as it is read)
                        raise InputError(key="yaml-key-not-text", value=quote(str(card)),
                                         type=type(card).__name__).at(where(*path, "deck"))
                heroes.append(Hero(h["name"], square, h.get("deck"), h.get("endurance"), path))
            players.append(Player(p["name"], self.team(p["team"], where("players", i, "team")), heroes, ("players", i)))
        return GameFile(source, players, lines)

    def _unknown_fields(self, value: dict[Any, Any], schema: dict[str, Any], path: tuple[Any, ...], lines: Any,
                        source: str) -> None:
        """A field of the file (of a player, of a hero) the schema does not know is bad input, with its file and
        line, before any field said missing (``joueurs`` is why ``players`` is missing): the error names it, and
        suggests the field it stands for when the word reader reads it as one (its name in a language, a typo)."""
        from tashkalar_cli.data.quickschema import unknown_field  # deferred: letal area and move read no file
        from tashkalar_cli.errors import TashkalarError  # deferred: letal area and move read no file

        props: dict[str, Any] = schema.get("properties", {})
        for key in value:
            if key in props:
                continue
            meant: str | None = None
            if self.words is not None:
                try:
                    meant = self.words(FIELD_WORD, str(key), "", list(props))
                except TashkalarError:   # no field near: the error lists them all
                    meant = None
            raise unknown_field(source, lines.line_of((*path, key)) if lines else None, path, key, list(props), meant)
        for key, sub in value.items():
            items = props[key].get("items")
            if isinstance(sub, list) and isinstance(items, dict):
                for i, item in enumerate(sub):
                    if isinstance(item, dict):
                        self._unknown_fields(item, items, (*path, key, i), lines, source)

    def check(self, game: GameFile) -> list[Problem]:
        """Every problem of a game's set-up, in the order of the file (each with its line)."""
        n = self.numbers
        problems: list[Problem] = []

        def add(code: str, path: tuple[Any, ...], *heroes: Hero, **params: Any) -> None:
            squares = tuple(sorted({h.square for h in heroes if h.square is not None}))
            problems.append(Problem(code, params, path, game.line(path), squares))

        players = game.players
        allowed = sorted({int(n["players"]["duel"]), int(n["players"]["team"])})
        if len(players) not in allowed:
            add("players-count", ("players",), count=len(players), allowed=tuple(allowed))
        sizes = {t: sum(p.team == t for p in players) for t in TEAMS}
        if players and sizes["south"] != sizes["north"]:
            add("team-size", ("players",), south=sizes["south"], north=sizes["north"])
        if len(players) > 1:
            pairs = [(i, (i + 1) % len(players)) for i in range(len(players) if len(players) > 2 else 1)]
            for i, j in pairs:
                if players[i].team == players[j].team:
                    add("allies-adjacent", players[j].path, *players[i].heroes, *players[j].heroes,
                        first=players[i].name, second=players[j].name, team=players[i].team)
        per_player = int(n["heroes"]["per_player"])
        low, high, copies = int(n["deck"]["min"]), int(n["deck"]["max"]), int(n["deck"]["copies"])
        names: dict[tuple[str, str], Hero] = {}
        squares: dict[GridSquare, Hero] = {}
        for p in players:
            if len(p.heroes) != per_player:
                add("heroes-count", (*p.path, "heroes"), *p.heroes, player=p.name, count=len(p.heroes), expected=per_player)
            for h in p.heroes:
                deck = h.deck or {}
                total = sum(deck.values())
                if not low <= total <= high:
                    add("deck-size", (*h.path, "deck"), h, hero=h.name, count=total, min=low, max=high)
                for card, count in deck.items():
                    if count > copies:
                        add("card-copies", (*h.path, "deck", card), h, hero=h.name, card=card, count=count, most=copies)
                key = (p.team, " ".join(h.name.split()).casefold())
                if key in names:
                    add("hero-name-repeated", (*h.path, "name"), h, names[key], hero=h.name, team=p.team)
                names.setdefault(key, h)
                if h.square is None:
                    continue
                ranks = self.start_ranks(p.team)
                if h.square.rank not in ranks:
                    add("hero-outside-start-rows", (*h.path, "square"), h, hero=h.name, square=h.square.name,
                        team=p.team, first=ranks[0] + 1, last=ranks[-1] + 1)
                if h.square in squares:
                    add("square-taken", (*h.path, "square"), h, hero=h.name, other=squares[h.square].name,
                        square=h.square.name)
                squares.setdefault(h.square, h)
        return problems

    def winner(self, game: GameFile) -> Winner:
        """The end of a timed game: the team with more heroes alive wins; a tie goes to the higher
        total Endurance of the living heroes; a tie on both is a draw."""
        teams = []
        for team in TEAMS:
            heroes: list[dict[str, Any]] = []
            total = alive = 0
            for p in game.players:
                if p.team != team:
                    continue
                for h in p.heroes:
                    if h.endurance is None:
                        raise InputError(key="letal-no-endurance", file=game.source,
                                         line=game.line(h.path), hero=h.name)
                    heroes.append({"player": p.name, "name": h.name, "endurance": h.endurance,
                                   "alive": h.endurance > 0})
                    if h.endurance > 0:
                        alive += 1
                        total += h.endurance
            teams.append(TeamResult(team, alive, total, heroes))
        south, north = teams
        if south.alive != north.alive:
            return Winner(south.team if south.alive > north.alive else north.team, "heroes", teams)
        if south.endurance != north.endurance:
            return Winner(south.team if south.endurance > north.endurance else north.team, "endurance", teams)
        return Winner(None, None, teams)


__all__ = ["AREAS", "TEAM_WORD", "WHY_CODES", "Attack", "GameFile", "Grid", "GridSquare", "LetalEngine", "MoveTo",
           "Problem", "Shift", "Why", "Winner", "Words"]

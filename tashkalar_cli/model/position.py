"""Positions: which piece stands on which square, and which pieces are still off the board.

A position comes from a YAML file (``pieces:`` as ``square: color rank``, and/or a ``board:``
diagram, rows from the top rank down, one token per square) or from an inline string
``e5=blue:heroic,d4=red``. Every problem is an :class:`InputError` naming the place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tashkalar_cli.model.board import Board, bits
from tashkalar_cli.errors import DataError, InputError
from tashkalar_cli.model.patterns import RANK_LEVEL, RANKS

MODES = ("high-form", "duel", "melee")
EMPTY_TOKENS = {".", "-"}


@dataclass(frozen=True)
class Piece:
    color: str
    rank: str

    @property
    def level(self) -> int:
        return RANK_LEVEL[self.rank]

    @property
    def kind(self) -> str:
        """Which pool the piece comes from: double-sided common/heroic pieces, or legendary ones."""
        return "legendary" if self.rank == "legendary" else "double_sided"

    def __str__(self) -> str:
        return f"{self.color} {self.rank}"


@dataclass
class Position:
    board: Board
    pieces: dict[int, Piece]
    mode: str = "duel"
    players: int = 2
    supply_override: dict[str, dict[str, int]] = field(default_factory=dict)
    owned: dict[str, int] = field(default_factory=dict)   # pieces a color owns, per kind
    tasks_claimed: dict[str, list[str]] = field(default_factory=dict)   # High Form: color -> task ids

    # ------------------------------------------------------------ bitboards
    def mask(self, color: str | None = None, min_rank: str = "common", max_rank: str = "legendary") -> int:
        lo, hi = RANK_LEVEL[min_rank], RANK_LEVEL[max_rank]
        m = 0
        for sq, p in self.pieces.items():
            if (color is None or p.color == color) and lo <= p.level <= hi:
                m |= 1 << sq
        return m

    @property
    def occupied(self) -> int:
        m = 0
        for sq in self.pieces:
            m |= 1 << sq
        return m

    @property
    def colors(self) -> list[str]:
        return sorted({p.color for p in self.pieces.values()}, key=self.board.colors.index)

    def on_board(self, color: str, kind: str) -> int:
        return sum(1 for p in self.pieces.values() if p.color == color and p.kind == kind)

    def off_board(self, color: str, kind: str) -> int:
        """Pieces of ``color`` and ``kind`` (double_sided, legendary) still available to place."""
        override = self.supply_override.get(color, {})
        if kind in override:
            return override[kind]
        return max(0, self.owned[kind] - self.on_board(color, kind))

    # ------------------------------------------------------------ symmetry
    def transformed(self, t: str) -> "Position":
        """The position mapped by a symmetry of the board (used to test that legality is invariant)."""
        moved = {}
        for sq, p in self.pieces.items():
            image = self.board.transform(sq, t)
            if image is None:
                raise ValueError("symmetry maps a square off the board")
            moved[image] = p
        return Position(self.board, moved, self.mode, self.players, self.supply_override, self.owned)

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "players": self.players,
            "pieces": {self.board.name(sq): {"color": p.color, "rank": p.rank}
                       for sq, p in sorted(self.pieces.items())},
            "supply": {c: {"double_sided": self.off_board(c, "double_sided"),
                           "legendary": self.off_board(c, "legendary")} for c in self.colors},
        }


# ---------------------------------------------------------------- parsing

class PositionParser:
    """Builds a :class:`Position` from YAML data, a diagram or an inline string."""

    def __init__(self, board: Board, game: dict) -> None:
        self.board = board
        self.game = game
        self.initials = {c[0]: c for c in board.colors}
        if len(self.initials) != len(board.colors):  # pragma: no cover - data check
            raise DataError("piece colors must have distinct initials", file="cards/board.yaml")

    def piece(self, value, where: str) -> Piece:
        if isinstance(value, dict):
            color, rank = value.get("color"), value.get("rank", "common")
        else:
            parts = str(value).replace(":", " ").replace("/", " ").split()
            if not parts or len(parts) > 2:
                raise InputError(f"{where}: '{value}' is not a piece (write 'COLOR RANK', e.g. 'blue heroic')")
            color, rank = parts[0], parts[1] if len(parts) > 1 else "common"
        color, rank = str(color).lower(), str(rank).lower()
        if color not in self.board.colors:
            raise InputError(f"{where}: unknown color '{color}' (one of: {', '.join(self.board.colors)})")
        if rank not in RANKS:
            raise InputError(f"{where}: unknown rank '{rank}' (one of: {', '.join(RANKS)})")
        return Piece(color, rank)

    def square(self, name, where: str) -> int:
        try:
            return self.board.parse(str(name))
        except InputError as exc:
            raise InputError(f"{where}: {exc.message}") from None

    def diagram(self, text: str, first_line: int | None, source: str) -> dict[int, tuple[Piece, str]]:
        rows = [line for line in text.splitlines() if line.strip()]
        rows = [r for r in rows if not all(tok in self.board.file_names for tok in r.split())]
        if len(rows) != self.board.ranks:
            raise InputError(f"{source}: the board diagram has {len(rows)} rows, expected {self.board.ranks}")
        out = {}
        for i, row in enumerate(rows):
            rank = self.board.ranks - 1 - i
            line = f"{source}:{first_line + i}" if first_line else source
            tokens = row.split()
            if tokens and tokens[0].isdigit():
                if int(tokens[0]) != rank + 1:
                    raise InputError(f"{line}: row labelled {tokens[0]} where rank {rank + 1} was expected")
                tokens = tokens[1:]
            files = [f for f in range(self.board.files) if self.board.index(f, rank) is not None]
            if len(tokens) == self.board.files:
                cut = [f for f in range(self.board.files) if f not in files]
                for f in cut:
                    if tokens[f] not in EMPTY_TOKENS:
                        name = f"{self.board.file_names[f]}{rank + 1}"
                        raise InputError(f"{line}: '{tokens[f]}' stands on {name}, a cut corner")
                tokens = [tokens[f] for f in files]
            if len(tokens) != len(files):
                raise InputError(f"{line}: rank {rank + 1} has {len(files)} squares but the row has {len(tokens)} tokens")
            for f, tok in zip(files, tokens):
                if tok in EMPTY_TOKENS:
                    continue
                name = f"{self.board.file_names[f]}{rank + 1}"
                t = tok.lower()
                if len(t) != 2 or t[0] not in self.initials or t[1] not in "chl":
                    raise InputError(f"{line}: '{tok}' on {name} is not a piece token (color initial + c/h/l, "
                                     f"e.g. bh = blue heroic; '.' for an empty square)")
                rank_name = {"c": "common", "h": "heroic", "l": "legendary"}[t[1]]
                out[self.board.index(f, rank)] = (Piece(self.initials[t[0]], rank_name), line)
        return out

    def inline(self, text: str) -> dict[int, tuple[Piece, str]]:
        out: dict[int, tuple[Piece, str]] = {}
        for item in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in item:
                raise InputError(f"--pieces: '{item}' should be SQUARE=COLOR[:RANK], e.g. e5=blue:heroic")
            sq_text, piece_text = item.split("=", 1)
            sq = self.square(sq_text.strip(), "--pieces")
            if sq in out:
                raise InputError(f"--pieces: square {self.board.name(sq)} is listed twice")
            out[sq] = (self.piece(piece_text.strip(), f"--pieces: {sq_text.strip()}"), "--pieces")
        return out

    def from_data(self, data, lines, source: str, extra: dict | None = None,
                  mode: str | None = None, players: int | None = None) -> Position:
        from tashkalar_cli.data.quickschema import check

        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise InputError(f"{source}: a position file must be a mapping (mode, players, pieces, board, supply)")
        check("position", data, lines, source)
        placed: dict[int, tuple[Piece, str]] = {}

        def put(sq: int, piece: Piece, where: str) -> None:
            if sq in placed:
                raise InputError(f"{where}: square {self.board.name(sq)} is listed twice (also at {placed[sq][1]})")
            placed[sq] = (piece, where)

        for key, value in (data.get("pieces") or {}).items():
            line = lines.line_of(("pieces", key)) if lines else None
            where = f"{source}:{line}" if line else source
            put(self.square(key, where), self.piece(value, where), where)
        if "board" in data:
            line = lines.line_of(("board",)) if lines else None
            for sq, (piece, where) in self.diagram(data["board"], line + 1 if line else None, source).items():
                put(sq, piece, where)
        for sq, (piece, where) in (extra or {}).items():
            put(sq, piece, where)
        mode = mode or data.get("mode", "duel")
        if mode not in MODES:
            raise InputError(f"unknown mode '{mode}' (one of: {', '.join(MODES)})")
        players = players or data.get("players") or (3 if mode == "melee" else 2)
        limits = self.game["melee"]
        if mode == "melee" and not limits["players_min"] <= players <= limits["players_max"]:
            raise InputError(f"{source}: a melee has {limits['players_min']} or {limits['players_max']} players, not {players}")
        if mode != "melee" and players != 2:
            raise InputError(f"{source}: a {mode} game has 2 sides, not {players}")
        pieces_spec = self.game["pieces"]
        double = pieces_spec["double_sided"] if mode == "high-form" else pieces_spec["deathmatch_base"] - players
        owned = {"double_sided": double, "legendary": pieces_spec["legendary"]}
        supply: dict[str, dict[str, int]] = {}
        for color, counts in (data.get("supply") or {}).items():
            where = f"{source}:{lines.line_of(('supply', color))}" if lines else source
            if color not in self.board.colors:
                raise InputError(f"{where}: unknown color '{color}' (one of: {', '.join(self.board.colors)})")
            common, heroic = counts.get("common"), counts.get("heroic")
            if common is not None and heroic is not None and common != heroic:
                raise InputError(f"{where}: common and heroic pieces are the same double-sided pieces; "
                                 f"give one number, not {common} and {heroic}")
            entry = {}
            ds = common if common is not None else heroic
            if ds is not None:
                entry["double_sided"] = ds
            if "legendary" in counts:
                entry["legendary"] = counts["legendary"]
            supply[color] = entry
        pieces = {sq: p for sq, (p, _) in placed.items()}
        claimed: dict[str, list[str]] = {}
        owner: dict[str, str] = {}
        for color, tasks in (data.get("tasks_claimed") or {}).items():
            if color not in self.board.colors:
                raise InputError(f"{source}: tasks_claimed: unknown color '{color}'")
            for task in tasks:
                if task in owner:
                    raise InputError(f"{source}: tasks_claimed: '{task}' is listed twice "
                                     f"({owner[task]} and {color}); a task is claimed once")
                owner[task] = color
            claimed[color] = list(tasks)
        position = Position(self.board, pieces, mode, players, supply, owned, claimed)
        for color in position.colors:
            for kind, label in (("double_sided", "common/heroic"), ("legendary", "legendary")):
                n = position.on_board(color, kind)
                if n > owned[kind]:
                    raise InputError(f"{source}: {n} {label} {color} pieces on the board, but a color owns only "
                                     f"{owned[kind]} in a {mode} game")
                override = supply.get(color, {}).get(kind)
                if override is not None and override + n > owned[kind]:
                    raise InputError(f"{source}: {color} has {n} {label} pieces on the board and {override} off it, "
                                     f"more than the {owned[kind]} a color owns")
        return position


def load_position(board: Board, game: dict, path: str | None = None, inline: str | None = None,
                  mode: str | None = None, players: int | None = None) -> Position:
    """A position from a file and/or an inline ``--pieces`` string."""
    from tashkalar_cli.data.yamlio import parse_yaml, read_text

    parser = PositionParser(board, game)
    extra = parser.inline(inline) if inline else None
    if path is None:
        return parser.from_data({}, None, "--pieces", extra, mode, players)
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{path}: is a folder, not a position file")
    try:
        text = read_text(p, path)
    except DataError as exc:
        raise InputError(exc.message, file=path) from None
    if not text.strip():
        raise InputError(f"{path}: the position file is empty")
    try:
        data, lines = parse_yaml(text, path)
    except DataError as exc:
        raise InputError(exc.message, file=exc.file, line=exc.line) from None
    return parser.from_data(data, lines, path, extra, mode, players)


__all__ = ["Piece", "Position", "PositionParser", "load_position", "bits"]

"""Writing a position in the tool's own input format, so that what it prints it reads back.

Like python-chess's ``Board.fen()``: :func:`position_yaml` gives the YAML of a position file
(``pieces:`` as ``square: color rank``, or a ``board:`` diagram), with the mode, the number of
players, the supply the position states and the tasks claimed. Reading the result with the
position parser gives the same position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import yaml

from tashkalar_cli.errors import visible
from tashkalar_cli.games.tashkalar.model.position import Position
from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank

if TYPE_CHECKING:
    from tashkalar_cli.data.jsonvalue import JsonObject


def diagram(pos: Position) -> str:
    """The board as rows of tokens, top rank first: ``.`` empty, color initial + c/h/l."""
    board = pos.board
    width = max(len(str(board.ranks)), 1)
    lines = []
    for r in range(board.ranks - 1, -1, -1):
        cells = []
        for f in range(board.files):
            sq = board.index(f, r)
            if sq is None:
                cells.append(" ")
                continue
            piece = pos.pieces.get(sq)
            cells.append(f"{piece.color[0]}{piece.rank.letter}" if piece else ".")
        row = " ".join(c.ljust(2) for c in cells).rstrip()
        lines.append(f"{r + 1:>{width}} {row}")
    lines.append(" " * (width + 1) + " ".join(name.ljust(2) for name in board.file_names).rstrip())
    return "\n".join(lines) + "\n"


def position_data(pos: Position, *, as_diagram: bool = False, full_supply: bool = False) -> JsonObject:
    """The position as the data of a position file, taken from :meth:`Position.data` (that of the one
    serializer of positions): pieces written ``color rank`` (or a ``board:`` diagram), the supply
    the position states (``full_supply``: every color's pieces off the board, even where the
    position only derives them), and the tasks claimed and decks when there are any."""
    whole = pos.data()
    data: JsonObject = {"mode": whole.mode, "players": whole.players}
    if as_diagram:
        data["board"] = diagram(pos)
    else:
        data["pieces"] = {sq: f"{p['color']} {p['rank']}" for sq, p in whole.pieces.items()}
    supply: dict[str, dict[str, int]] = {}
    if full_supply:
        for color, off in whole.supply.items():
            supply[color] = {str(Rank.COMMON): off[str(PieceKind.DOUBLE_SIDED)],
                             str(Rank.LEGENDARY): off[str(PieceKind.LEGENDARY)]}
    for color, counts in ({} if full_supply else pos.supply_override).items():
        entry = {}
        if PieceKind.DOUBLE_SIDED in counts:
            entry[str(Rank.COMMON)] = counts[PieceKind.DOUBLE_SIDED]
        if PieceKind.LEGENDARY in counts:
            entry[str(Rank.LEGENDARY)] = counts[PieceKind.LEGENDARY]
        if entry:
            supply[color] = entry
    if supply:
        data["supply"] = supply
    claimed = {color: tasks for color, tasks in whole.tasks_claimed.items() if tasks}
    if claimed:
        data["tasks_claimed"] = claimed
    if whole.decks:
        data["decks"] = whole.decks
    for name, marker in pos.markers.items():     # each marker under a field of its name (``gateway``)
        if marker.squares:
            data[name] = {color: pos.board.name(sq) for color, sq in marker.squares.items()}
    return data


def position_yaml(pos: Position, *, as_diagram: bool = False, full_supply: bool = False,
                  comments: Sequence[str] = ()) -> str:
    """The YAML of a position file that reads back as ``pos``, headed by ``comments``."""
    class Literal(str):
        """A text written as a YAML block (``board: |``), as people write diagrams."""

    class Dumper(yaml.SafeDumper):
        pass

    def literal(dumper: yaml.SafeDumper, value: Literal) -> yaml.ScalarNode:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")

    Dumper.add_representer(Literal, literal)
    data = position_data(pos, as_diagram=as_diagram, full_supply=full_supply)
    board = data.get("board")
    if isinstance(board, str):
        data["board"] = Literal(board)
    return yaml_comments(comments) + yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True)


def yaml_comments(comments: Sequence[str]) -> str:
    """YAML comment lines, one per comment, whatever they hold: a line break in a comment (a card
    name, a translator's sentence) is written out as ``\\n``, like any character a reader or a
    terminal could act on, so no comment can end early and add a key to the file."""
    return "".join(f"# {visible(line)}\n" for line in comments)

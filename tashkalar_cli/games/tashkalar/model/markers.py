"""Markers: a named token a color keeps on one of its pieces (the Nethervoid Gateway is one).

A deck's data declares its markers (``cards/decks.yaml``, ``markers:``): the marker's name, the ranks of the
pieces it may stand on, and optionally the name of the handler that moves it when one of the deck's beings is
summoned (:mod:`tashkalar_cli.games.tashkalar.engine.markers`). The core knows markers only through these records: a position
keeps each color's marker of each name on a square (:class:`Marker`), the effect language sets and tests
them by name (``mark``, ``is_marked``, and the marker's name as a ref to its piece), and a position file holds
each under a field of its name. A marker is a piece's: it follows its piece and is lost with it (when the
square empties, or its piece changes hands or takes a rank the marker may not stand on).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple, NotRequired, TypedDict

from tashkalar_cli.games.tashkalar.model.types import Piece, Rank, Square

if TYPE_CHECKING:
    # the types only: a TypedDict made at run time costs start-up and checks nothing
    class MarkerData(TypedDict):
        """A marker as a deck declares it (schemas/decks.schema.json)."""

        id: str
        ranks: list[str]
        on_summon: NotRequired[str]

    class DeckData(TypedDict):
        """A deck of cards/decks.yaml, as its schema has checked it."""

        id: str
        colors: list[str]
        expansion: bool
        mechanics: NotRequired[list[str]]
        markers: NotRequired[list[MarkerData]]

#: the note of an effect's step that put the player's marker on a piece (the step's ``do`` is the marker's name)
MARKED = "marked"


class MarkerRule(NamedTuple):
    """A kind of marker, as a deck's data declares it."""

    name: str
    #: the ranks of the pieces of its color it may stand on
    ranks: frozenset[Rank]
    #: the handler run when a being of the deck is summoned (by name, None: the marker moves by effects only)
    on_summon: str | None = None
    #: the deck that declares it
    deck: str = ""

    def holds(self, color: str, piece: Piece | None) -> bool:
        """Whether ``piece`` can bear ``color``'s marker of this kind."""
        return piece is not None and piece.color == color and piece.rank in self.ranks


class Marker(NamedTuple):
    """Where each color's marker of one kind stands: ``squares`` maps a color to its square."""

    rule: MarkerRule
    squares: Mapping[str, Square]

    def kept(self, pieces: Mapping[Square, Piece]) -> Marker:
        """The marker as it stands on ``pieces``: each color's only where its piece can still bear it."""
        rule = self.rule
        return Marker(rule, {c: sq for c, sq in self.squares.items() if rule.holds(c, pieces.get(sq))})


#: a position's markers, by name
Markers = dict[str, Marker]


def markers_kept(markers: Mapping[str, Marker], pieces: Mapping[Square, Piece]) -> Markers:
    """The markers that still stand on ``pieces`` (a kind no color bears any longer is left out)."""
    out: Markers = {}
    for name, marker in markers.items():
        kept = marker.kept(pieces)
        if kept.squares:
            out[name] = kept
    return out


def with_mark(markers: Mapping[str, Marker], rule: MarkerRule, color: str, square: Square | None) -> Markers:
    """``markers`` with ``color``'s marker of ``rule`` on ``square`` (None: taken off)."""
    old = markers.get(rule.name)
    squares = dict(old.squares) if old is not None else {}
    if square is None:
        squares.pop(color, None)
    else:
        squares[color] = square
    out = dict(markers)
    if squares:
        out[rule.name] = Marker(rule if old is None else old.rule, squares)
    else:
        out.pop(rule.name, None)
    return out


def marked(markers: Mapping[str, Marker], name: str) -> dict[str, Square]:
    """Each color's square of the marker ``name`` (empty when no color bears one)."""
    marker = markers.get(name)
    return {} if marker is None else dict(marker.squares)


def read_rules(decks: Iterable[DeckData]) -> dict[str, MarkerRule]:
    """The markers the decks' data declares (``markers:`` of each deck in ``cards/decks.yaml``), by name."""
    out: dict[str, MarkerRule] = {}
    for deck in decks:
        for entry in deck.get("markers", ()):
            out[entry["id"]] = MarkerRule(entry["id"], frozenset(Rank(r) for r in entry["ranks"]),
                                          entry.get("on_summon"), deck["id"])
    return out


__all__ = ["MARKED", "DeckData", "Marker", "MarkerData", "MarkerRule", "Markers", "marked", "markers_kept", "read_rules",
           "with_mark"]

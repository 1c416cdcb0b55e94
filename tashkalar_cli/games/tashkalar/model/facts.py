"""A game's language-neutral data (``Dataset.facts``) as its schemas (schemas/) have checked it: typed records
of the fields the model reads. The loader (:mod:`tashkalar_cli.data.loader`) builds the document; these types
say what each part holds, so that a field misread is a type error rather than a key error at run time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NotRequired, Required, TypedDict, cast

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.config import GameData
    from tashkalar_cli.games.tashkalar.model.markers import DeckData

    # the types only: a TypedDict made at run time costs start-up and checks nothing (cast() below)
    class _Face(TypedDict):
        modes: list[str]
        colored: list[str]

    class BoardData(TypedDict):
        """cards/board.yaml."""

        files: int
        ranks: int
        cut_corners: list[str]
        red_squares: list[str]
        green_squares: list[str]
        central_squares: list[str]
        center: str
        piece_colors: list[str]
        faces: NotRequired[dict[str, _Face]]
        sides: NotRequired[dict[str, list[str]]]
        corners: NotRequired[dict[str, list[str]]]
        opposite_sides: NotRequired[list[list[str]]]
        opposite_corners: NotRequired[list[list[str]]]
        center_cross: NotRequired[list[str]]
        center_x: NotRequired[list[str]]
        diagonals: NotRequired[list[list[str]]]

    class BeingData(TypedDict, total=False):
        """A being or legend of a deck file, with the ``deck`` the loader adds; its programs are read by
        :func:`~tashkalar_cli.games.tashkalar.model.effects.parse_program` (they are whatever the file holds until then)."""

        id: Required[str]
        deck: Required[str]
        rank: Required[str]
        pattern: Required[list[str]]
        keywords: Required[list[str]]
        summoning: str
        counts_as_legend: bool
        extra_effects: list[str]
        effect: object
        frost_effect: object
        warp_effect: object

    class _FlareHalf(TypedDict):
        threshold: int
        keywords: list[str]

    class FlareData(TypedDict, total=False):
        """A flare of cards/flares.yaml."""

        id: Required[str]
        upper: Required[_FlareHalf]
        lower: Required[_FlareHalf]
        upper_effect: object
        lower_effect: object

    class TaskData(TypedDict):
        """A task of cards/tasks.yaml; its criterion holds, past ``kind`` and ``squares``, the task's numbers."""

        id: str
        type: str
        difficulty: str
        points: int
        criterion: dict[str, str | int]
        keywords: list[str]

    class KeywordData(TypedDict, total=False):
        """A keyword of the glossary."""

        id: Required[str]
        category: Required[str]
        card_keyword: bool
        rules: list[str]
        loose: bool

    class _Section(TypedDict):
        id: str
        number: str

    class RuleData(TypedDict, total=False):
        id: Required[str]
        number: Required[str]
        section: Required[str]
        modes: list[str]
        excludes: list[str]
        keywords: list[str]
        related: list[str]
        then: list[str]   # the rules of what comes next in play, where it is not the section's next rule

    class RulesData(TypedDict, total=False):
        """cards/rules.yaml (a game without forms of play has no ``played_as``)."""

        played_as: dict[str, list[str]]
        sections: Required[list[_Section]]
        rules: Required[list[RuleData]]

    class ErratumData(TypedDict, total=False):
        id: Required[str]
        rules: list[str]

    class Facts(TypedDict, total=False):
        """The facts of a game: each file's records, and where each card or item is written (``sources``: its file
        and line, for messages). A game without beings (L.E.T.A.L.) has no ``beings``, ``flares``, ``tasks``."""

        sources: Required[dict[str, tuple[str, int | None]]]
        board: BoardData
        game: GameData
        decks: list[DeckData]
        beings: list[BeingData]
        flares: list[FlareData]
        tasks: list[TaskData]
        glossary: list[KeywordData]
        rules: RulesData
        errata: list[ErratumData]


def as_facts(data: Mapping[str, object]) -> Facts:
    """``data``, the facts the loader built from files its schemas checked, read as :class:`Facts` (the one place
    the model takes the schemas' word for it)."""
    return cast("Facts", data)


__all__ = ["BeingData", "BoardData", "ErratumData", "Facts", "FlareData", "KeywordData", "RuleData", "RulesData",
           "TaskData", "as_facts"]

"""The effect language: a card's effect as data (its schema: ``schemas/effect.schema.json``), parsed and checked.

A program is a list of steps run in order; each step is a mapping with one primitive key plus
modifiers. :func:`parse_program` turns the data of ``cards/`` (``effect``, ``frost_effect``,
``warp_effect``, ``upper_effect``, ``lower_effect``) into frozen values: :class:`Select`,
:class:`Place`, :class:`Move`, :class:`Swap`, :class:`ChooseDirection`, :class:`ChooseColor`,
:class:`Gain`, :class:`Choose`, :class:`If`, :class:`Repeat`, :class:`ForEach`, :class:`Note`,
:class:`Special`, built from selectors (:class:`Sel`), areas (:data:`Area`) and conditions
(:data:`Cond`). Every name used is checked to be bound by an earlier ``as:`` (or to be one of the
built-in refs), so a program that parses can be run. Nothing here runs a program: the resolver is
:mod:`tashkalar_cli.games.tashkalar.engine.effects`.

The package, one module per concern:

- :mod:`.values`: the values (named tuples) and the words of the language;
- :mod:`.reader`: the checks every part shares, and the walk of a program's steps, each step handed by its
  primitive's name to the reader of its family (the table :data:`STEP_READERS`);
- :mod:`.areas`: selectors, areas, directions; :mod:`.conditions`: conditions;
- :mod:`.selection`: select (destroy, upgrade, convert...), place, swap, mark;
- :mod:`.moves`: move; :mod:`.choices`: direction, square, color;
- :mod:`.control`: linked, choose, if, repeat, for_each, gain_actions, note, special.
"""

from __future__ import annotations

from collections.abc import Mapping

from tashkalar_cli.games.tashkalar.model.effects import choices, control, moves, selection
from tashkalar_cli.games.tashkalar.model.effects.reader import Reader, StepReader
from tashkalar_cli.games.tashkalar.model.effects.values import (
    AREA_WORDS,
    BUILTIN_REFS,
    COMPASS,
    COND_WORDS,
    DIRECTION_SETS,
    MAX_MOVES,
    OWNERS,
    RANK_SETS,
    RESERVED,
    SELECT_OPS,
    AllOf,
    AnyOf,
    Area,
    Choose,
    ChooseColor,
    ChooseDirection,
    ChooseSquare,
    Color,
    Cond,
    Count,
    Counting,
    DestroyedCount,
    Dir,
    Done,
    EffectError,
    ForEach,
    Gain,
    If,
    Intersection,
    IsEmpty,
    IsMarked,
    LastAction,
    Linked,
    Mark,
    Move,
    Named,
    Not,
    Note,
    On,
    Place,
    Program,
    RankIs,
    Ray,
    Ref,
    Relation,
    Repeat,
    Sel,
    Select,
    Special,
    Step,
    Swap,
    Turned,
    Union_,
    unresolved,
    walk,
)
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
from tashkalar_cli.games.tashkalar.model.types import PROGRAM_FIELDS

#: the reader of each primitive, by its name
STEP_READERS: dict[str, StepReader] = {**selection.STEPS, **moves.STEPS, **choices.STEPS, **control.STEPS}


def parse_program(data: object, markers: Mapping[str, MarkerRule] | None = None) -> Program:
    """The program of a card's data (``markers``: those its deck declares, by name); an :class:`EffectError`
    naming the place of the first problem."""
    return Reader(STEP_READERS, markers).program(data)


__all__ = [
    "AREA_WORDS",
    "BUILTIN_REFS",
    "COMPASS",
    "COND_WORDS",
    "DIRECTION_SETS",
    "MAX_MOVES",
    "OWNERS",
    "PROGRAM_FIELDS",
    "RANK_SETS",
    "RESERVED",
    "SELECT_OPS",
    "STEP_READERS",
    "AllOf",
    "AnyOf",
    "Area",
    "Choose",
    "ChooseColor",
    "ChooseDirection",
    "ChooseSquare",
    "Color",
    "Cond",
    "Count",
    "Counting",
    "DestroyedCount",
    "Dir",
    "Done",
    "EffectError",
    "ForEach",
    "Gain",
    "If",
    "Intersection",
    "IsEmpty",
    "IsMarked",
    "LastAction",
    "Linked",
    "Mark",
    "Move",
    "Named",
    "Not",
    "Note",
    "On",
    "Place",
    "Program",
    "RankIs",
    "Ray",
    "Ref",
    "Relation",
    "Repeat",
    "Sel",
    "Select",
    "Special",
    "Step",
    "Swap",
    "Turned",
    "Union_",
    "parse_program",
    "unresolved",
    "walk",
]

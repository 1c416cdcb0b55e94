"""Mutation test of the rules, the engines and the planner: does the suite notice a single-line bug?

Each mutant changes one thing on one line of a module: a comparison (``<`` and ``<=``, ``==`` and
``!=``, ``in`` and ``not in``), an arithmetic or bit operator, an integer constant one up or one
down, ``True``/``False``, ``and``/``or``, a ``not`` dropped, one operand of an ``and``/``or``
dropped, the condition of an ``if`` made always true or always false, the two branches of an
``if``/``else`` or of a conditional expression swapped, a returned truth value negated, two
neighbouring items of a literal list or tuple swapped or one moved to the front, a compared
value made one more or one less (an off-by-one against a variable). The mutant is written into a
copy of the project (the worktree is never changed) and the tests chosen for that module run
against it, one forked process per mutant, ``-x`` (the first failure kills it), under a hang
guard of CPU seconds (a hang counts as killed).

A target is found by path patterns (``tashkalar_cli/**/effects/*.py``), so a module split in
several files, or moved into a package, is still covered: every file the patterns match is a
module of its own in the report. Where a module has more mutants than ``--sample`` (15 by
default), that many are drawn from it with a fixed seed (``--seed``, printed), so two runs on
the same code try the same mutants; ``--sample 0`` tries them all.

A mutant whose tests still pass *survived*: a bug the suite would not see, unless it is listed
in :data:`EQUIVALENT` (the same behaviour, with the reason). The score is killed over the
non-equivalent mutants, per module.

    nice -n 19 python benchmarks/mutation.py                  # every target
    nice -n 19 python benchmarks/mutation.py effects planner  # some of them
    python benchmarks/mutation.py --list                      # the mutants, without running them
    python benchmarks/mutation.py --json out.json; python benchmarks/mutation.py --again out.json
    nice -n 19 python benchmarks/mutation.py effects --json out.json --resume   # go on where a run stopped

It takes about an hour on one core for every target.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from mutation_probes import PROBE, ProbeRecorder, probed_source

REPO = Path(__file__).resolve().parent.parent
SEED = 30            # issue 30
SAMPLE = 15          # mutants drawn per module (0: all)
DEFAULT_MARKS = "not slow and not thorough"
#: folders of the layers that parse, word and draw: never a module of the rules, whatever its name
NOT_RULES = ("cli", "render", "text", "data")


@dataclass(frozen=True)
class Target:
    """Modules (path patterns, from the repository), the tests that guard them, and what to mutate.

    ``names``: only these top-level functions, classes and constants (None: the whole module);
    ``marks``: the pytest marker expression of the run (the default run's unless told)."""

    patterns: tuple[str, ...]
    tests: tuple[str, ...]
    names: tuple[str, ...] | None = None
    marks: str = DEFAULT_MARKS


#: the tests first that fail fastest (``-x`` stops at the first failure); test_mutation_gaps.py holds the
#: tests written for the mutants that survived the others
_GAPS = "tests/test_mutation_gaps.py"
_PLAY = (_GAPS, "tests/test_play.py", "tests/test_core.py")
_EFFECTS = (_GAPS, "tests/test_effects_base.py", "tests/test_effects.py", "tests/test_effects_expansions.py",
            "tests/test_one_rule.py", "tests/test_effects_reference.py")

TARGETS: dict[str, Target] = {
    # the rules of the summoning square and the bitboards they read (issue 30: mutant S4 was a copy of these)
    "summon": Target(("tashkalar_cli/**/summon.py", "tashkalar_cli/**/summon/*.py"),
                     (_GAPS, "tests/test_summon_rule.py", "tests/test_one_rule.py")),
    "summoning": Target(("tashkalar_cli/**/summoning.py", "tashkalar_cli/**/summoning/*.py"),
                        (_GAPS, "tests/test_summoning.py", "tests/test_one_rule.py", "tests/test_summon_rule.py",
                         "tests/test_planner.py::test_time_traveler_illegal_cases")),
    # the effects interpreter: one module per family of steps (the engine's, not the reader of the language)
    "effects": Target(("tashkalar_cli/games/tashkalar/engine/**/effects/*.py",
                       "tashkalar_cli/games/tashkalar/engine/**/specials.py"), _EFFECTS),
    "planner": Target(("tashkalar_cli/**/planner.py", "tashkalar_cli/**/planner/*.py", "tashkalar_cli/**/planner_*.py"),
                      (_GAPS, "tests/test_planner.py", "tests/test_corners.py", "tests/test_one_rule.py")),
    "goals": Target(("tashkalar_cli/**/goals.py", "tashkalar_cli/**/goals/*.py", "tashkalar_cli/**/goals_*.py"),
                    (_GAPS, "tests/test_plan_goals.py", "tests/test_goal_work.py", "tests/test_goal_bounds.py")),
    "tasks": Target(("tashkalar_cli/**/tasks.py", "tashkalar_cli/**/tasks/*.py"),
                    (*_PLAY, "tests/test_goal_bounds.py", "tests/test_plan_goals.py")),
    "flares": Target(("tashkalar_cli/**/flares.py", "tashkalar_cli/**/flares/*.py"),
                     (*_PLAY, "tests/test_effects.py", "tests/test_plan_goals.py")),
    "scoring": Target(("tashkalar_cli/**/scoring.py",), _PLAY),
    # the second game's rules engine (engine/letal.py, or the engine of its game pack)
    "letal": Target(("tashkalar_cli/games/tashkalar/engine/letal.py", "tashkalar_cli/**/letal/engine.py",
                     "tashkalar_cli/**/letal/engine/*.py", "tashkalar_cli/**/letal/rules.py"),
                    (_GAPS, "tests/test_letal_engine.py", "tests/test_game_rules.py",
                     "tests/test_letal_words.py::test_the_engine_alone_reads_the_ids")),
    # the engine's smaller modules, each with the tests that run it
    "codes": Target(("tashkalar_cli/games/tashkalar/engine/codes.py",),
                    (_GAPS, "tests/test_board_state.py", "tests/test_effects_base.py", "tests/test_summon_rule.py")),
    "markers": Target(("tashkalar_cli/games/tashkalar/engine/markers.py", "tashkalar_cli/games/tashkalar/model/markers.py"),
                      (_GAPS, "tests/test_markers.py", "tests/test_effects_expansions.py", "tests/test_roundtrip.py")),
    "reach": Target(("tashkalar_cli/games/tashkalar/engine/reach.py", "tashkalar_cli/games/tashkalar/engine/program_reach.py"),
                    (_GAPS, "tests/test_goal_bounds.py", "tests/test_plan_goals.py", "tests/test_goal_work.py")),
    "bounds": Target(("tashkalar_cli/games/tashkalar/engine/bounds.py",),
                     (_GAPS, "tests/test_goal_bounds.py", "tests/test_effects_base.py", "tests/test_goal_work.py",
                      "tests/test_planner.py")),
    "played": Target(("tashkalar_cli/games/tashkalar/engine/played.py",), (*_PLAY, "tests/test_game_rules.py")),
    "coverage": Target(("tashkalar_cli/games/tashkalar/engine/coverage.py",),
                       (_GAPS, "tests/test_json_contract.py", "tests/test_cards_cli.py")),
    # the model's rules: the board and its bitboards, the position and its reader, the turn record
    "board": Target(("tashkalar_cli/games/tashkalar/model/state.py", "tashkalar_cli/games/tashkalar/model/board.py",
                     "tashkalar_cli/games/tashkalar/model/patterns.py"),
                    (_GAPS, "tests/test_board_state.py", "tests/test_summon_rule.py", "tests/test_one_rule.py",
                     "tests/test_summoning.py", "tests/test_effects_base.py")),
    "position": Target(("tashkalar_cli/games/tashkalar/model/position.py",
                        "tashkalar_cli/games/tashkalar/model/position_parser.py",
                        "tashkalar_cli/games/tashkalar/model/players.py", "tashkalar_cli/games/tashkalar/model/notation.py"),
                       (_GAPS, "tests/test_position.py", "tests/test_board_state.py", "tests/test_roundtrip.py",
                        "tests/test_core.py", "tests/test_markers.py", "tests/test_summon_rule.py")),
    "turn": Target(("tashkalar_cli/games/tashkalar/model/turn.py", "tashkalar_cli/games/tashkalar/model/types.py"),
                   (*_PLAY, "tests/test_game_rules.py", "tests/test_summon_rule.py")),
    # the rules object of each game pack (the second game's: with "letal" above)
    "game-rules": Target(("tashkalar_cli/games/tashkalar/rules.py",),
                         (_GAPS, "tests/test_game_rules.py", "tests/test_core.py", "tests/test_play.py",
                          "tests/test_summon_rule.py", "tests/test_game_packs.py")),
    # the reader of the effect language (the card programs' steps, checked as the data is read)
    "effect-reader": Target(("tashkalar_cli/games/tashkalar/model/effects/*.py",),
                            (_GAPS, "tests/test_effect_readers.py", "tests/test_effects_base.py", "tests/test_wrong_data.py",
                             "tests/test_effects.py")),
    # not the rules: the language chosen and the YAML reader, each on the names that decide
    "i18n": Target(("tashkalar_cli/text/i18n.py",), ("tests/test_interface_language.py",),
                   ("ENV_ORDER", "resolve_language", "_LANG_RE"), ""),
    "yamlio": Target(("tashkalar_cli/data/yamlio.py",), ("tests/test_yamlio.py", "tests/test_position.py",
                     "tests/test_fuzz.py::test_corpus_errors_say_what",
                     "tests/test_fuzz.py::test_deep_nesting_does_not_crash_the_interpreter"),
                     ("MAX_DEPTH", "MAX_USER_FILE", "_scan", "read_text", "read_user_yaml"), ""),
}

#: surviving mutants that change nothing the tool does: (file name, the original line stripped, the
#: mutation, where on that line) -> why. Keyed by the line's text, not its number, so that an edit
#: elsewhere keeps it.
EQUIVALENT: dict[tuple[str, str, str, int], str] = {
    ("tasks.py", "best_sq, best = None, -1", "1 -> 2", 23):
        "the best count starts below any count either way: a count of pieces is never negative, so -2 and -1 let the "
        "first enemy piece in alike",
    ("state.py", "COLOR_OF = bytes([0] + [color_of(c) for c in range(1, 256)])", "256 -> 257", 54):
        "one entry more at the end of the table, for a code no byte can hold: a piece code is read from a byte, "
        "so no lookup reaches it",
    ("compiler.py", "self.registers += 1", "1 -> 2", 18):
        "a register number skipped after a named slot is never bound: it stays None in every state (all "
        "states alike, so no state is told apart by it), and every reader of the registers (retrack, the "
        "search's copies) passes a None by: only memory differs",
    ("summon.py", "above = tuple(Bitboard(anyone[lvl + 1] if lvl + 1 < n else 0) for lvl in range(n))", "0 -> 1", 59):
        "nothing outranks a legendary; the mutant puts bit 0 there, a1, a cut corner of the board: no square, "
        "so no summoning square it could block",
    ("compiler.py", "bind = self.slot(step.bind) if step.bind else -1", "1 -> 2", 47):
        "-1 and -2 both say 'no register': every reader of a move's bound register asks `ins.b >= 0`",
    ("search.py", "code = 0", "0 -> 1", 7):
        "never read: the first option's square differs from `left` (-1, no square), so `code` is set from "
        "the board before the first use",
    ("summoning.py", "if got is None:", "condition always true", 0):
        "a cache of the shortage of a kind: computed every time, the answer is the same",
    ("placement.py", "if ins.a >= 0:", "GtE -> Gt", 3):
        "register 0 is the fixed slot of `self` (compiler.FIXED_SLOTS); a swap binds a name of its own, "
        "from register 5 on, or none (-1)",
    ("summoning.py", "for j in range(n - 1, -1, -1):", "1 -> 2", 23):
        "one more pass, j = -1: its squares are those where every requirement is met by the player's own "
        "pieces, which the last line takes out of `with_enemy` (`& ~own_only`)",
    ("codes.py", "@lru_cache(maxsize=1024)", "1024 -> 1025", 19):
        "the size of a cache of pure answers (the codes of a color's pieces): one more entry kept changes no answer",
    ("geometry.py", "self.padding = tuple(i for i in range(1, self.size) if i not in on_board)", "1 -> 2", 38):
        "the bytes off the board where pieces set aside are kept: starting one byte later (b1 is a cut corner "
        "too) leaves dozens, and which byte holds a set-aside piece is never read, only that it is off the board",
    ("coverage.py", 'if any(p.startswith("special:") for p in effect_parts(card)):', "condition always true", 0):
        "the engine's special handlers loaded for every card, not only for one with a `special:` part: "
        "model.cards.effect_status reads them only for such parts, so the answer is the same (the work only)",
    ("search.py", "self.outcomes[key] = new_record(Outcome, (self, st, steps, actions, notes, choices, mark, -1, -1, 0, 0))",
     "1 -> 0", 95):
        "the outcome's `move_to` (-1 made 0): read only when `move_from` is a square (Outcome.steps_log), and "
        "`move_from` stays -1 here",
    ("bounds.py", "EFFECTS_BUDGET = 2_000", "2000 -> 1999", 17):
        "a bound of work, not a rule (the states spent on a plan's effects in all): one state less changes an "
        "answer only where the effects spend exactly that many, and a test that pinned the number would only copy it",
    ("control.py", 'modes = [k for k in ("times", "up_to", "until") if k in body]', "item 3 moved first", 20):
        "only the count of the modes is read (exactly one is allowed), never their order",
    ("bounds.py", "GOAL_CHECKED = 100_000", "100000 -> 100001", 15):
        "a bound of work, not a rule (the ends of turn one goal search asks): one more changes an answer only where a "
        "search asks exactly that many, and the bound on work (GOAL_WORK, 2 per ask) stops every search long before",
    ("compiler.py", "@lru_cache(maxsize=512)", "512 -> 513", 19):
        "the size of a cache of pure answers (the markers and strings of a program): one more entry kept changes no "
        "answer",
    ("types.py", 'Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]', "item 5 moved first", 20):
        "a type for the checker only (annotations and a `cast`): nothing reads the order of its values at run time",
    ("search.py", "if left >= 0:", "condition always true", 0):
        "the first pass writes `code` (0) to `buf[-1]`, the last of the 74 padding bytes (a state is 144 bytes, the "
        "board 69 squares): a piece set aside goes to the first free one (Placement.set_aside), so that byte holds "
        "one only after 73 others, more than the board's squares and more than any card removes",
    ("placement.py", 'changes.append(new_record(Change, ("place", sq, -1, 0, code, 0, "")))', "0 -> 1", 61):
        "the `n` of a place's change (0 made 1): `n` is read for a `gain_actions` change only (Outcome.steps_json, "
        "render/effects), and no change is compared or hashed whole",
    ("types.py", 'Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]', "item 8 moved first", 20):
        "a type for the checker only (annotations and a `cast`): nothing reads the order of its values at run time",
    ("values.py", 'COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")', "items 1 and 2 swapped", 10):
        "the effect reader's own list of the compass directions: it is only asked whether a word is in it "
        "(areas, choices, moves), never for an order or an index (the engine's COMPASS, in geometry.py, is another)",
    ("types.py", 'Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]', "items 2 and 3 swapped", 20):
        "a type for the checker only (annotations and a `cast`): nothing reads the order of its values at run time",
    ("control.py", 'modes = [k for k in ("times", "up_to", "until") if k in body]', "items 2 and 3 swapped", 20):
        "only the count of the modes is read (exactly one is allowed), never their order",
    ("values.py", "may: bool = False", "False -> True", 12):
        "the default of `Move.may`, never used: the one place a Move is made (model/effects/moves.py, the reader of "
        "a move step) passes every field, `may` read from the step",
    ("search.py", "if kind == 0:", "condition always true", 0):
        "reached only when a first summon gave the player a piece of that kind back (`st.supply[kind]` grew): a "
        "summon clears its square of a lower piece only (planner/state.py `_Side.after`, BoardState.put; a piece "
        "taken back stays on the board), never of a legendary of the player's, so the legendary supply never grows "
        "and `kind` is 0 there",
    ("core.py", "self.states = 0", "0 -> -1", 14):
        "the count of states a resolver made, set again to 0 by `Search.resolve` before its walk: nothing reads a "
        "resolver's `states` outside `resolve` (what callers read is the Resolution's)",
    ("selection.py", 'if to not in ("you", "enemy", "same"):', "item 3 moved first", 13):
        "a test of membership: the order of the words it is asked among changes nothing",
    ("played.py", "if resolution is not None and isinstance(choose, int):", "operand 1 of And dropped", 3):
        "without a resolution `choose` is never a number there: a number raised `effects-no-data` above and "
        "anything else was made None, so `isinstance(choose, int)` alone says the same",
    ("moves.py", "if each is not None:", "condition always true", 0):
        "a move's `where` without `each_where` becomes the intersection of `where` and None: every reader of a move's "
        "area (Selector.area) reads None as the whole board, so the squares are the same; area_pins then says "
        "'unknown', which only turns off the commuting speed-up (tested against the reference path), not an outcome",
    ("bounds.py", "GOAL_WORK = 40_000", "40000 -> 39999", 12):
        "a bound of work, not a rule: one unit less changes an answer only where a search does exactly that much work, "
        "and a test that pinned the number would only copy it",
    ("state.py", "COLOR_OF = bytes([0] + [color_of(c) for c in range(1, 256)])", "256 -> 255", 54):
        "the table then stops at code 254: the codes reach 21 with the board's 7 colors (1 + 3 * 6 + 2), and code 255 "
        "would need 85 colors",
    ("plans.py", "return g.actions, 0 if g.now or g.places else 1, square_order(g.target), first, g.orientation.name",
     "Or -> And", 23):
        "`now and places` is never true (a group with `now` has no places, see the operand dropped below): the "
        "field is 1 for every group, the same for all, so the order is the same",
    ("plans.py", "return g.actions, 0 if g.now or g.places else 1, square_order(g.target), first, g.orientation.name",
     "operand 1 of Or dropped", 23):
        "the key's first field, `actions`, is 1 exactly when `now` is not empty, and a group with `now` has no "
        "places (search._verify: a summon possible now is never a new summoning square, `legal_now`): among "
        "groups of equal `actions` the dropped operand is the same for all, so the order is the same",
    ("search.py", "if not found:", "condition always false", 0):
        "an early return: with no summon found after the first summons, `lasts` is empty, so _after_summon_kept and "
        "_after_summon_taken_back loop over nothing (their `self.steps[id(p1)]` is there for every summon possible "
        "now, planner/core.py), and nothing else follows the check",
    ("markers.py", "if not rules:", "condition always false", 0):
        "an early return: with no marker rule on summon the loop over the rules does nothing and `summon.after` is "
        "the `after` given; the record made on the way (`Summoned`, `frozenset(used)` of squares) is only work",
    ("selection.py", 'kind = "squares" if key in ("destroy", "remove") else "pieces"', "items 1 and 2 swapped", 27):
        "a test of membership: the order of the words it is asked among changes nothing",
    ("values.py", 'BUILTIN_REFS = ("self", "target", "summoners", "summoning")', "items 3 and 4 swapped", 15):
        "the effect reader's built-in names: it only asks whether a name is one of them (reader.py `name` and "
        "`is_ref`, the frozenset RESERVED), never for an order or an index; the engine has its own (compiler.py "
        "FIXED_SLOTS)",
    ("values.py", 'COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")', "items 2 and 3 swapped", 10):
        "the effect reader's own list of the compass directions: it is only asked whether a word is in it "
        "(areas, choices, moves, the frozenset RESERVED), never for an order or an index (the engine's COMPASS, in "
        "geometry.py, is another)",
    # run 7 (seed 7: the board state and the planner's search state made one)
    ("naive.py", "def plan_naive(engine: Engine, pos: Position, player: str, cards: Iterable[Being], actions: int = 2,",
     "2 -> 1", 98):
        "the default of the brute force's module function, never used: its one caller, Planner.plan_naive, always "
        "passes `actions` (with its own default of 2)",
    ("search.py", "head, gone = got, (narrowed & -narrowed).bit_length() - 1", "BitAnd -> BitOr", 19):
        "for n > 0, n | -n is -(n & -n) in two's complement, and int.bit_length ignores the sign: the same lowest "
        "square",
    ("search.py", "last = made.get(-1)", "1 -> 2", 17):
        "a cache of the last steps of one bucket of first summons (one state): missed, the step is made again by "
        "_summon_step, which hands back the same object from its own table (_steps) for the same facts",
    ("board.py", "return Bitboard(bb << n if n >= 0 else bb >> -n)", "GtE -> Gt", 27):
        "a shift by 0: bb >> 0 and bb << 0 are both bb",
    ("plans.py", "return (index, 1, 0, last.target, 0, last.orientation.name, \"\", 0, last.pattern_squares)", "0 -> -1", 64):
        "a sort key (_plan_key, read only to sort): the order of the first card is a constant of every one-action "
        "key, and a one-action key never ties with a two-action one before it",
    ("plans.py", "return (index, 2, 0, last.target, first.square, last.orientation.name, \"\", 0, last.pattern_squares)",
     "0 -> -1", 18):
        "a sort key (_plan_key, read only to sort): a place first is kind 0 against a summon first's 1; -1 sorts "
        "before 1 alike",
    ("plans.py", "return (index, 2, 1, last.target, first.target, last.orientation.name, first.orientation.name, "
     "first.card.order,", "2 -> 3", 15):
        "a sort key (_plan_key, read only to sort): a summon-summon plan's actions 3 instead of 2 still sorts after "
        "every one-action plan and every place-first plan (2, 0), and ties with no other key",
    ("plans.py", "@dataclass(slots=True)", "True -> False", 17):
        "PlanGroup with a __dict__ instead of slots: nothing sets an attribute it does not declare, nor reads "
        "__slots__: only memory differs",
    ("core.py", "if len(group.now) > 1:    # a card without summoning square: its pattern in several places", "1 -> 0",
     20):
        "sorting a list of one summon leaves it as it is",
    ("state.py", "if got is self:", "condition always true", 0):
        "_Side.piece_at's memo: read again, the piece comes from the same immutable state through the cached "
        "piece_codes table, the very same Piece object (the planner's step table keys it by identity): only work",
    ("state.py", 'if board:   # the bits as bytes, square 0 first: b"1" where a piece of code i + 1 stands, then that code',
     "condition always true", 0):
        "BoardState.codes skips an empty board only as work: format(0, 'b') is '0', which the table turns into a "
        "zero byte, and n |= 0 changes nothing",
    ("summon.py", "none = Bitboard(0)", "0 -> -1", 16):
        "side_masks' enemy masks with no enemy allowed: read only where a pattern allows an enemy piece (summoning.py "
        "`matches` returns before them otherwise, and asks side_masks with the enemy's index then); the planner's "
        "_Side does not take them",
    ("summon.py", "none = Bitboard(0)", "0 -> 1", 16):
        "side_masks' enemy masks with no enemy allowed: never read (see the mutant 0 -> -1 of the same line)",
}

_CMP_SWAP: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                               ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                               ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BIN_SWAP: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
                               ast.FloorDiv: ast.Mult, ast.Mult: ast.FloorDiv, ast.Mod: ast.FloorDiv,
                               ast.RShift: ast.LShift, ast.LShift: ast.RShift}
_TRUTHY_CALLS = ("any", "all", "bool", "isinstance")


@dataclass(frozen=True)
class Mutant:
    target: str
    path: str       # the module's path in the repository
    line: int
    what: str
    text: str       # the original line, stripped
    at: int         # where on it the mutated node begins (0: the first character of ``text``)
    source: str     # the whole mutated module
    #: the lines whose code the mutant changes (an ``if``: its condition's): a test that runs none of them
    #: cannot see it
    span: tuple[int, int] = (0, 0)
    #: the mutant's place in its module's draw (0: drawn first): a run in breadth takes every module's first ones
    draw: int = 0


def find_modules(target: Target, root: Path = REPO) -> list[str]:
    """The modules a target's patterns match (each once, no ``__init__``, none a wildcard finds in a
    folder named in :data:`NOT_RULES`), as paths from ``root``."""
    found: dict[str, None] = {}
    for pattern in target.patterns:
        for path in sorted(root.glob(pattern)):
            rel = path.relative_to(root).as_posix()
            layers = path.relative_to(root).parts[1:-1]
            wild = "*" in pattern and set(layers) & {*NOT_RULES, ".venv"}
            if path.name != "__init__.py" and not wild:
                found.setdefault(rel, None)
    return list(found)


def _scopes(tree: ast.Module, names: tuple[str, ...] | None) -> list[ast.AST]:
    """The top-level functions, classes and assignments named in ``names`` (every one if None)."""
    found: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom | ast.If) and names is None:
            continue   # imports, and ``if TYPE_CHECKING:`` blocks: not behaviour
        if names is None or (isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in names):
            found.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in names for t in targets):
                found.append(node)
    return found


def _truthy(node: ast.AST) -> bool:
    """Is ``node`` a truth value by its form (a comparison, ``and``/``or``, ``not``, ``any(...)`` ...)?"""
    if isinstance(node, ast.Compare | ast.BoolOp) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TRUTHY_CALLS


def _compare_edits(node: ast.Compare) -> Iterator[tuple[str, ast.AST]]:
    op = type(node.ops[0])
    if op in _CMP_SWAP:
        yield f"{op.__name__} -> {_CMP_SWAP[op].__name__}", ast.Compare(node.left, [_CMP_SWAP[op]()], node.comparators)
    if op in (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq) and not isinstance(node.comparators[0], ast.Constant):
        for sign, bump in (("+", ast.Add()), ("-", ast.Sub())):
            yield f"compared value {sign} 1", ast.Compare(node.left, node.ops,
                                                          [ast.BinOp(node.comparators[0], bump, ast.Constant(1))])


def _literal_edits(node: ast.List | ast.Tuple) -> Iterator[tuple[str, ast.AST]]:
    for i in range(len(node.elts) - 1):
        elts = list(node.elts)
        elts[i], elts[i + 1] = elts[i + 1], elts[i]
        yield f"items {i + 1} and {i + 2} swapped", type(node)(elts, ast.Load())
    for i in range(2, len(node.elts)):
        elts = [node.elts[i], *node.elts[:i], *node.elts[i + 1:]]
        yield f"item {i + 1} moved first", type(node)(elts, ast.Load())


def _branch_edits(node: ast.If | ast.IfExp) -> Iterator[tuple[str, ast.AST]]:
    if isinstance(node, ast.IfExp):
        yield "branches swapped", ast.IfExp(node.test, node.orelse, node.body)
        return
    yield "condition always true", ast.If(ast.Constant(True), node.body, node.orelse)
    yield "condition always false", ast.If(ast.Constant(False), node.body, node.orelse)
    if node.orelse:
        yield "branches swapped", ast.If(node.test, node.orelse, node.body)


def _edits(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """(description, replacement node) for each single change of ``node`` itself."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        yield from _compare_edits(node)
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN_SWAP:
        swap = _BIN_SWAP[type(node.op)]
        yield f"{type(node.op).__name__} -> {swap.__name__}", ast.BinOp(node.left, swap(), node.right)
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield f"{type(node.op).__name__} -> {type(other).__name__}", ast.BoolOp(other, node.values)
        for i in range(len(node.values)):
            rest = node.values[:i] + node.values[i + 1:]
            yield f"operand {i + 1} of {type(node.op).__name__} dropped", \
                rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not dropped", node.operand
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield f"{node.value} -> {not node.value}", ast.Constant(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield f"{node.value} -> {node.value + 1}", ast.Constant(node.value + 1)
        yield f"{node.value} -> {node.value - 1}", ast.Constant(node.value - 1)
    elif isinstance(node, ast.List | ast.Tuple) and isinstance(node.ctx, ast.Load) \
            and all(isinstance(e, ast.Constant) for e in node.elts):
        yield from _literal_edits(node)
    elif isinstance(node, ast.If | ast.IfExp):
        yield from _branch_edits(node)
    elif isinstance(node, ast.Return) and node.value is not None and _truthy(node.value):
        yield "returned value negated", ast.Return(ast.UnaryOp(ast.Not(), node.value))


def _annotation_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node of the annotations attached to ``node``."""
    found: list[ast.AST | None] = []
    if isinstance(node, ast.arg):
        found.append(node.annotation)
    elif isinstance(node, ast.FunctionDef):
        found.append(node.returns)
    elif isinstance(node, ast.AnnAssign):
        found.append(node.annotation)
    for ann in found:
        if ann is not None:
            yield from ast.walk(ann)


def _unmutated(node: ast.AST) -> bool:
    """Is ``node`` left whole: a docstring, a ``TYPE_CHECKING`` block, an assertion, a debug log, ``__all__``
    or ``__slots__``?"""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return True
    if isinstance(node, ast.If):
        return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id in ("__all__", "__slots__") for t in node.targets)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Attribute) and node.func.attr == "debug"
    return isinstance(node, ast.Assert)


def _skipped(tree: ast.AST) -> set[int]:
    """The nodes never mutated: those of the parts :func:`_unmutated` leaves whole, and annotations."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if _unmutated(node):
            skip.update(id(n) for n in ast.walk(node))
        skip.update(id(n) for n in _annotation_nodes(node))
    return skip


class _Replace(ast.NodeTransformer):
    def __init__(self, target: ast.AST, replacement: ast.AST) -> None:
        self.target, self.replacement = target, replacement

    def visit(self, node: ast.AST) -> ast.AST:
        if node is self.target:
            return ast.copy_location(self.replacement, node)
        result: ast.AST = super().visit(node)
        return result


def _span(node: ast.AST) -> tuple[int, int]:
    """The lines of the code a mutation of ``node`` changes: an ``if`` statement's condition (its branches are
    other statements, which run only after it), a ``return``'s value, an expression whole."""
    part = node.test if isinstance(node, ast.If) else node.value if isinstance(node, ast.Return) else node
    first = getattr(part, "lineno", 0)
    return first, getattr(part, "end_lineno", None) or first


def module_mutants(name: str, target: Target, path: str, sample: int = 0, seed: int = SEED,
                   root: Path = REPO) -> list[Mutant]:
    """The mutants of one module: every one, or ``sample`` of them drawn with ``seed`` (the same for the
    same code and seed). Each is a different program: a change that reads the same is left out."""
    text = (root / path).read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    candidates: list[tuple[ast.AST, str, ast.AST]] = []
    for scope in _scopes(tree, target.names):
        skip = _skipped(scope)
        for node in ast.walk(scope):
            if id(node) in skip or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            candidates.extend((node, what, replacement) for what, replacement in _edits(node))
    if 0 < sample < len(candidates):
        random.Random(f"{seed}:{path}").shuffle(candidates)
    plain = ast.unparse(tree)
    out: dict[str, Mutant] = {}
    for node, what, replacement in candidates:
        mutated = copy.deepcopy(tree)
        index = {id(n): m for n, m in zip(ast.walk(tree), ast.walk(mutated), strict=True)}
        new = _Replace(index[id(node)], copy.deepcopy(replacement)).visit(mutated)
        ast.fix_missing_locations(new)
        source = ast.unparse(new)
        line = getattr(node, "lineno", 0)
        if source != plain and source not in out:
            raw = lines[line - 1] if line else ""
            at = getattr(node, "col_offset", 0) - (len(raw) - len(raw.lstrip()))
            out[source] = Mutant(name, path, line, what, raw.strip(), at, source, _span(node), len(out))
            if len(out) == sample:
                break
    return sorted(out.values(), key=lambda m: (m.line, m.what))


def module_sample(path: str, sample: int, per_lines: int = 0, root: Path = REPO) -> int:
    """How many mutants to draw from a module: ``sample``, or one per ``per_lines`` lines of it if that is
    more (a big module gets more; the first ``sample`` drawn are the same either way)."""
    if sample <= 0 or per_lines <= 0:
        return sample
    lines = len((root / path).read_text(encoding="utf-8").splitlines())
    return max(sample, lines // per_lines)


def mutants(name: str, target: Target, sample: int = SAMPLE, seed: int = SEED, root: Path = REPO,
            per_lines: int = 0) -> list[Mutant]:
    """The mutants tried for a target: those drawn from each of its modules."""
    return [m for path in find_modules(target, root)
            for m in module_mutants(name, target, path, module_sample(path, sample, per_lines, root), seed, root)]


def _purge() -> None:
    """Forget the project's modules and the test modules, so that the next import reads the files."""
    for name in list(sys.modules):
        if name.startswith(("tashkalar_cli", "test_", "effects_oracle")) or name == "conftest":
            del sys.modules[name]


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a running process (its own, not its children's)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _mutated_position(m: Mutant, lines: list[str]) -> tuple[int, int]:
    """Where the node ``m`` changes begins in its module: (line, column)."""
    raw = lines[m.line - 1] if m.line else ""
    return m.line, m.at + len(raw) - len(raw.lstrip())


def _mutant_key(m: Mutant) -> str:
    return f"{m.path}:{m.line}:{m.at}:{m.what}:{m.text}"


@dataclass(frozen=True)
class ProbeMap:
    """Which tests (in their own call) reach each mutant's code, and what each test's call costs: built once,
    by one run of the tests of every target with a probe before each mutant's statement."""

    digest: str
    tests: list[str]
    cpu: list[float]
    reached: dict[str, list[int]]       # a mutant (:func:`_mutant_key`) -> the tests that reach it

    @classmethod
    def read(cls, path: Path) -> ProbeMap:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(data["digest"], data["tests"], data["cpu"], data["reached"])

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.__dict__), encoding="utf-8")

    def covering(self, m: Mutant) -> list[str] | None:
        """The tests that reach the code ``m`` changes, cheapest first (``-x`` stops at the first failure); None
        when no test reaches it in its own call (code run as the module is read, or by a fixture): then every test
        of its target."""
        found = self.reached.get(_mutant_key(m))
        return [self.tests[t] for t in sorted(found, key=lambda t: self.cpu[t])] if found else None

    def seconds(self, tests: list[str]) -> float:
        """The CPU seconds of these tests' calls in the run that made the map."""
        cost = dict(zip(self.tests, self.cpu, strict=True))
        return sum(cost.get(t, 0.0) for t in tests)


def _digest(repo: Path, todo: list[Mutant], tests: list[str]) -> str:
    """What a map depends on: the mutants, the modules and the test files (a map of other code is made again)."""
    import hashlib

    h = hashlib.sha256()
    for key in sorted(_mutant_key(m) for m in todo):
        h.update(key.encode())
    files = {m.path for m in todo} | {t.split("::")[0] for t in tests} | {"tests/conftest.py"}
    for name in sorted(files):
        if (repo / name).is_file():
            h.update(name.encode() + (repo / name).read_bytes())
    return h.hexdigest()


def _union(todo: list[Mutant], tests: list[str] | None, repo: Path) -> list[str]:
    """The tests of every target of ``todo`` (or ``tests``), each once: a test of a file named whole is dropped."""
    wanted = list(dict.fromkeys(tests or [t for name in dict.fromkeys(m.target for m in todo) for t in TARGETS[name].tests]))
    whole = {t for t in wanted if "::" not in t}
    return [t for t in wanted if (t in whole or t.split("::")[0] not in whole) and (repo / t.split("::")[0]).is_file()]


def build_map(repo: Path, work: Path, todo: list[Mutant], tests: list[str] | None, saved: Path | None,
              marks: str) -> ProbeMap:
    """The probe map of ``todo`` (read from ``saved`` when it was made for the same code and mutants): the tests
    run once, unchanged but for the probes; a failing test stops everything (fix it first)."""
    union = _union(todo, tests, repo)
    digest = _digest(repo, todo, union)
    if saved is not None and saved.is_file():
        got = ProbeMap.read(saved)
        if got.digest == digest:
            print(f"the map of the tests that reach each mutant: read from {saved}", flush=True)
            return got
    originals: dict[str, str] = {}
    index = {k: m for k, m in enumerate(todo)}
    for path in dict.fromkeys(m.path for m in todo):
        originals[path] = (repo / path).read_text(encoding="utf-8")
        lines = originals[path].splitlines()
        probes = {k: _mutated_position(m, lines) for k, m in index.items() if m.path == path}
        (repo / path).write_text(probed_source(originals[path], probes), encoding="utf-8")
    hits = work / "probes.json"
    try:
        outcome, took = run_tests(repo, Target((), tuple(union), marks=marks), 7200, probes=hits)
    finally:
        for path, text in originals.items():
            (repo / path).write_text(text, encoding="utf-8")
    if outcome != "survived":
        said = hits.with_suffix(".log").read_text(encoding="utf-8", errors="replace").splitlines()
        print("the tests fail without any mutant; fix them first:", *said[-30:], sep="\n", file=sys.stderr)
        raise SystemExit(2)
    data = json.loads(hits.read_text(encoding="utf-8"))
    reached = {_mutant_key(index[int(k)]): t for k, t in data["hits"].items()}
    found = ProbeMap(digest, data["tests"], data["cpu"], reached)
    print(f"the tests of {len(union)} files take {took:.1f} CPU s unchanged (with the probes); "
          f"{len(reached)} of {len(todo)} mutants reached in a test's own call", flush=True)
    if saved is not None:
        found.save(saved)
    return found


def run_tests(work: Path, target: Target, cpu_limit: float, only: list[str] | None = None,
              probes: Path | None = None) -> tuple[str, float]:
    """(``killed``, ``survived`` or ``timeout``, CPU seconds used); a hang counts as killed.

    The tests run in a forked copy of this process, which has imported pytest and the libraries
    already: only the project's modules are read again, from the (mutated) copy. The hang guard
    counts CPU seconds, not the wall clock: a machine busy with other work does not kill a mutant.
    ``only``: these tests (ids) instead of the target's; ``probes``: note which test reaches which probe
    of the modules (:func:`probed_source`) into this file (:class:`ProbeRecorder`).
    """
    present = only or [t for t in target.tests if (work / t.split("::")[0]).is_file()]
    args = ["-x", "-q", "-n", "0", "-m", target.marks, "-p", "no:cacheprovider", "-p", "no:randomly",
            "--hypothesis-seed=0", *present]
    pid = os.fork()
    if pid == 0:   # the child: run the tests, say nothing, exit with pytest's code
        code = 99
        try:
            os.chdir(work)
            _purge()
            null = os.open(os.devnull if probes is None else probes.with_suffix(".log"),
                           os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(null, 1)
            os.dup2(null, 2)
            import builtins

            import pytest

            recorder = None if probes is None else ProbeRecorder()
            if recorder is not None:
                setattr(builtins, PROBE, recorder.probe)
            code = int(pytest.main(args, plugins=[recorder] if recorder else []))
            if recorder is not None and probes is not None:
                recorder.save(probes)
        finally:
            os._exit(code)
    used = 0.0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            used = usage.ru_utime + usage.ru_stime
            return ("survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"), used
        used = max(used, _cpu_seconds(pid))
        if used > cpu_limit:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout", used
        time.sleep(0.05)


def _preload(repo: Path) -> None:
    """Import pytest, its plugins and the libraries the tool uses once, in this process."""
    sys.path.insert(0, str(repo))
    import hypothesis  # noqa: F401
    import pytest  # noqa: F401
    import xdist  # type: ignore[import-untyped]  # noqa: F401

    import tashkalar_cli.cli.app  # typer, rich, click, yaml, jsonschema ...
    import tashkalar_cli.game  # noqa: F401

    _purge()


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("targets", nargs="*", choices=[[], *TARGETS], default=[])
    parser.add_argument("--list", action="store_true", help="list the mutants without running them")
    parser.add_argument("--json", type=Path, help="write the results to this file")
    parser.add_argument("--sample", type=int, default=SAMPLE, help="mutants drawn per module (0: all)")
    parser.add_argument("--seed", type=int, default=SEED, help="the seed of the draw")
    parser.add_argument("--per-lines", type=int, default=0, metavar="N",
                        help="draw one mutant per N lines of a module where that is more than --sample")
    parser.add_argument("--select", action="store_true",
                        help="run against each mutant only the tests that reach the code it changes (noted once, as "
                             "the unchanged tests run with a probe before each mutant's statement), cheapest first")
    parser.add_argument("--map", type=Path, metavar="JSON",
                        help="with --select: keep the probe map in this file, and read it back while the code, the "
                             "tests and the draw are the same (a resumed run does not make it again)")
    parser.add_argument("--shard", default="0/1", metavar="I/N",
                        help="run only every N-th mutant of the draw from the I-th (0 <= I < N), to share a draw "
                             "between processes (each with its own --json file; --select: the same --map)")
    parser.add_argument("--breadth", action="store_true",
                        help="every module's first drawn mutant, then every module's second... (a run stopped "
                             "early has tried every module)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the results already in the --json file and run only the mutants not in it")
    parser.add_argument("--only", metavar="TEXT", help="only the modules whose path contains TEXT")
    parser.add_argument("--again", type=Path, metavar="JSON",
                        help="only the mutants that survived in this earlier result (--json) file")
    parser.add_argument("--report", nargs="+", type=Path, metavar="JSON",
                        help="print the scores of these result (--json) files, running nothing")
    parser.add_argument("--tests", nargs="+", metavar="TEST",
                        help="run these tests instead of the targets' (with --again: do the new tests kill them?)")
    return parser.parse_args()


def _chosen(args: argparse.Namespace) -> list[Mutant]:
    names = args.targets or list(TARGETS)
    todo = [m for name in names for m in mutants(name, TARGETS[name], args.sample, args.seed, per_lines=args.per_lines)]
    if args.only:
        todo = [m for m in todo if args.only in m.path]
    if args.breadth:
        todo.sort(key=lambda m: m.draw)      # stable: the targets and modules in their order within each rank
    if args.again:
        before = json.loads(args.again.read_text(encoding="utf-8"))
        again = {(r["path"], r["text"], r["mutation"]) for r in before if r["outcome"] == "survived"}
        todo = [m for m in todo if (m.path, m.text, m.what) in again]
    return todo


def _done(r: dict[str, object]) -> tuple[str, int, str, int, str]:
    """What names a mutant in a result file: a resumed run skips those it holds."""
    line, at = r["line"], r.get("at", -1)
    return (str(r["path"]), line if isinstance(line, int) else 0, str(r["mutation"]), at if isinstance(at, int) else -1,
            str(r["text"]))


def _use_cache(name: str, work: Path) -> None:
    """The validated data, cached once for all the mutants (the data never changes); not for the YAML reader,
    which reads the data: there, every run validates it again."""
    if name != "yamlio":
        os.environ["TASHKALAR_TESTS_CACHE"] = str(work / "cache")
    else:
        os.environ.pop("TASHKALAR_TESTS_CACHE", None)


def _target(name: str, tests: list[str] | None) -> Target:
    return TARGETS[name] if not tests else replace(TARGETS[name], tests=tuple(tests))


def _limits(todo: list[Mutant], repo: Path, work: Path, tests: list[str] | None) -> dict[str, float]:
    """Each target's hang guard, from a run of its unchanged tests (which must pass)."""
    limits: dict[str, float] = {}
    for name in dict.fromkeys(m.target for m in todo):
        _use_cache(name, work)
        baseline, took = run_tests(repo, _target(name, tests), 3600)
        print(f"{name}: the tests take {took:.1f} CPU s unchanged", flush=True)
        if baseline != "survived":
            print(f"{name}: the tests fail without any mutant; fix them first", file=sys.stderr)
            raise SystemExit(2)
        limits[name] = max(30.0, 4 * took)
    return limits


def _run(todo: list[Mutant], repo: Path, work: Path, tests: list[str] | None,
         save: Path | None, results: list[dict[str, object]], select: Path | None = None,
         shard: tuple[int, int] = (0, 1)) -> list[dict[str, object]]:
    """Each mutant's outcome, in the order of ``todo``, after ``results`` (those of a resumed run), written to
    ``save`` as it comes (a run stopped halfway keeps what it found, and ``--resume`` goes on from there).
    ``select`` (the file the probe map is kept in): each mutant against the tests that reach the code it changes,
    all of its target's when none does in its own call. ``shard`` (i, n): only every n-th mutant from the i-th
    (two processes share a draw)."""
    done = {_done(r) for r in results}
    left = [m for m in todo[shard[0]::shard[1]] if (m.path, m.line, m.what, m.at, m.text) not in done]
    if not left:
        return results
    probes: ProbeMap | None = None
    if select is not None:     # the map of the whole draw: a resumed run, or each shard, reads the same one
        marks = {TARGETS[m.target].marks for m in todo}
        if len(marks) > 1:
            print("--select: run the targets of one marker expression at a time", file=sys.stderr)
            raise SystemExit(2)
        _use_cache(todo[0].target, work)
        probes = build_map(repo, work, todo, tests, select, marks.pop())
        limits: dict[str, float] = {}
    else:
        limits = _limits(left, repo, work, tests)
    todo = left
    for m in todo:
        target = _target(m.target, tests)
        _use_cache(m.target, work)
        only = probes.covering(m) if probes else None
        if probes is not None:
            mine = [t for t in probes.tests if t.split("::")[0] in {x.split("::")[0] for x in target.tests}]
            limits[m.target] = max(60.0, 30 + 4 * probes.seconds(only or mine))
        original = (repo / m.path).read_text(encoding="utf-8")
        (repo / m.path).write_text(m.source, encoding="utf-8")
        try:
            outcome, used = run_tests(repo, target, limits[m.target], only)
        finally:
            (repo / m.path).write_text(original, encoding="utf-8")
        ran = "all" if only is None else len(only)
        results.append({"target": m.target, "path": m.path, "line": m.line, "mutation": m.what, "text": m.text,
                        "at": m.at, "outcome": outcome, "cpu": round(used, 1), "tests": ran})
        print(f"{m.path}:{m.line}: {m.what} @{m.at}: {outcome} ({used:.1f} CPU s, tests: {ran})   | {m.text}",
              flush=True)
        if save is not None:
            save.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return results


def _key(r: dict[str, object]) -> tuple[str, str, str, int]:
    at = r.get("at", -1)
    return Path(str(r["path"])).name, str(r["text"]), str(r["mutation"]), at if isinstance(at, int) else -1


def _outcome(r: dict[str, object]) -> str:
    """A result's outcome, a survivor listed in :data:`EQUIVALENT` since the run counted as equivalent."""
    return "equivalent" if r["outcome"] == "survived" and _key(r) in EQUIVALENT else str(r["outcome"])


def _report(results: list[dict[str, object]]) -> None:
    print()
    for path in dict.fromkeys(str(r["path"]) for r in results):
        mine = [(r, _outcome(r)) for r in results if r["path"] == path]
        killed = sum(o in ("killed", "timeout") for _, o in mine)
        same = sum(o == "equivalent" for _, o in mine)
        print(f"{path}: {killed}/{len(mine) - same} killed" + (f", {same} equivalent" if same else ""))
        for r, o in mine:
            if o in ("survived", "equivalent"):
                why = EQUIVALENT.get(_key(r), "")
                print(f"  {o} {path}:{r['line']}: {r['mutation']} @{r.get('at', '?')}   | {r['text']}"
                      + (f"\n      ({why})" if why else ""))
    print("\n| module | ran | killed | equivalent | survived |\n|---|---|---|---|---|")
    for path in sorted(dict.fromkeys(str(r["path"]) for r in results)):
        mine = [_outcome(r) for r in results if r["path"] == path]
        dead = sum(o in ("killed", "timeout") for o in mine)
        print(f"| {path.removeprefix('tashkalar_cli/')} | {len(mine)} | {dead} | {mine.count('equivalent')} "
              f"| {mine.count('survived')} |")
    outcomes = [_outcome(r) for r in results]
    killed = sum(o in ("killed", "timeout") for o in outcomes)
    same = outcomes.count("equivalent")
    print(f"\nin all: {killed}/{len(results) - same} killed, {same} equivalent, {len(results) - same - killed} survived")


def main() -> int:
    args = _arguments()
    if args.report:
        _report([r for path in args.report for r in json.loads(path.read_text(encoding="utf-8"))])
        return 0
    todo = _chosen(args)
    print(f"seed {args.seed}, at most {args.sample or 'all'} mutants per module"
          + (f" (or one per {args.per_lines} lines)" if args.per_lines else "") + f": {len(todo)} mutants")
    before: list[dict[str, object]] = []
    if args.resume and args.json is not None and args.json.is_file():
        before = json.loads(args.json.read_text(encoding="utf-8"))
        print(f"resumed: {len(before)} results already in {args.json}")
    if args.list:
        for m in todo:
            print(f"{m.path}:{m.line}: {m.what} @{m.at}   | {m.text}")
        return 0
    work = Path(tempfile.mkdtemp(prefix="tashkalar-mutation-"))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # stopped: the copy is still removed
    try:
        shutil.copytree(REPO, work / "repo", ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", ".hypothesis",
                                                                             ".pytest_cache", "mutants"))
        repo = work / "repo"
        for var in [v for v in os.environ if v.startswith("TASHKALAR")]:
            del os.environ[var]
        os.environ["PYTHONPATH"] = str(repo)          # the copy's package, also in the tests' subprocesses
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        sys.dont_write_bytecode = True
        _preload(repo)
        select = (args.map.resolve() if args.map else work / "map.json") if args.select else None
        i, n = (int(x) for x in args.shard.split("/"))
        results = _run(todo, repo, work, args.tests, args.json, before, select, (i, n))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The effect resolver: every legal way to play a card's program on a position, each distinct result once.

A program (:mod:`tashkalar_cli.games.tashkalar.model.effects`) is compiled once into a flat list of instructions
(:mod:`.compiler`). The resolver then walks every choice depth first over (instruction, state), where a state
is the board as bytes (one per square index: 0 empty, else a piece's code, :mod:`tashkalar_cli.games.tashkalar.engine.codes`),
the registers (:mod:`.registers`: the names bound by ``as:``, each tracked piece followed as it moves; loop
counters; the moves of a step under way), the actions gained and the notes.

The package, one module per concern:

- :mod:`.geometry`: the board's tables (neighbours, rays, distances, which pieces a move may take);
- :mod:`.compiler`: programs compiled into instructions;
- :mod:`.registers`: the typed records of the registers;
- :mod:`.outcomes`: what a resolution answers (outcomes, steps, choices);
- :mod:`.core`: the position as the resolver reads it (codes, supply, back to a position);
- :mod:`.search`: the walk and its speed-ups (visited set, bound on states, outcome dedupe, final states),
  apart from what the steps mean; ``reference=True`` walks without the speed-ups;
- :mod:`.select`: areas, selections and conditions;
- :mod:`.control`: branches, alternatives, loops, choices, gains, notes, linked blocks, special steps;
- :mod:`.placement`: select (destroy, upgrade, convert...), place, swap;
- :mod:`.moves`: move steps;
- :mod:`.specials`: the handlers of ``special:`` steps;
- :mod:`.resolver`: the resolver made of them; :mod:`.api`: the entry points.
"""

from __future__ import annotations

from tashkalar_cli.games.tashkalar.engine.bounds import MAX_STATES
from tashkalar_cli.games.tashkalar.engine.effects.api import (
    FlarePlay,
    SummonEffects,
    effect_status,
    handled,
    load_specials,
    play_flare,
    resolve_placement,
    resolve_program,
    resolve_summon,
)
from tashkalar_cli.games.tashkalar.engine.effects.compiler import Compiled, Ins, compile_program
from tashkalar_cli.games.tashkalar.engine.effects.geometry import Geometry, card_direction, geometry, turn
from tashkalar_cli.games.tashkalar.engine.effects.outcomes import Change, Choice, Outcome, Resolution
from tashkalar_cli.games.tashkalar.engine.effects.resolver import Resolver
from tashkalar_cli.games.tashkalar.engine.effects.search import EffectLimitError, state_bound
from tashkalar_cli.games.tashkalar.engine.effects.specials import SPECIALS, SpecialHandler

__all__ = ["MAX_STATES", "SPECIALS", "Change", "Choice", "Compiled", "EffectLimitError", "FlarePlay", "Geometry",
           "Ins", "Outcome", "Resolution", "Resolver", "SpecialHandler", "SummonEffects", "card_direction",
           "compile_program", "effect_status", "geometry", "handled", "load_specials", "play_flare",
           "resolve_placement", "resolve_program", "resolve_summon", "state_bound", "turn"]

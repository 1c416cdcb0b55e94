"""The bounds on the engine's work, in one place: what the help of the commands shows as their defaults, and
what the engine stops at. Light on purpose (no import): the command line reads it to build its help."""

#: the most states (positions explored) one effect's resolution explores before it stops and says it is truncated,
#: unless asked otherwise (``--effect-states``; :func:`tashkalar_cli.engine.effects.state_bound`). It bounds the
#: time of the worst cases (issue 21: within the 100 ms of the effects benchmark). The cards whose resolutions
#: grow largest (Warlord, Hypnotist, Dark Sphere, Forest Ancient, Master of Intrigue) cost at most about 1.7 µs a
#: state (a Warlord on a random position), so 50,000 states take at most about 0.085 s on the benchmark machine;
#: the cards whose states cost more (up to about 6 µs: the Storm Elemental) were searched for their worst cases
#: and stay under 15,000 states and 0.04 s. The worst cases built (``benchmarks/*.yaml``) need up to 310,061
#: states whole (a Hypnotist moving three of 16 commons) and stop at the bound;
#: ``python benchmarks/effect_bounds.py sample`` counts the resolutions of random positions that need more
MAX_STATES = 50_000

#: the planner: the most states resolved for one summon's effect in a plan, and for all the summons of one answer
#: (``plan --effect-states``)
EFFECT_STATES = 200
EFFECTS_BUDGET = 2_000

"""The bounds on how much the engine explores (states, outcomes, ends of turn), in one place: what the engine
stops at, and what the help of the commands shows as their defaults. Light on purpose (no import): the command
line reads it to build its help. (The effect language's own limits, such as the most moves of "any number",
are with the language: :mod:`tashkalar_cli.games.tashkalar.model.effects`,
:mod:`tashkalar_cli.games.tashkalar.engine.effects`.)"""

#: the most states (positions explored) one effect's resolution explores before it stops and says it is truncated,
#: unless asked otherwise (``--effect-states``; :func:`tashkalar_cli.games.tashkalar.engine.effects.state_bound`). It bounds the
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

#: the goals (``plan --task``, ``plan --flare``): the most states one search explores (positions after an action,
#: each counted once), the most ends of turn asked whether they meet the goal, the most outcomes of one effect
#: followed (an effect with more is followed in part: truncated), the most states resolved for one effect
GOAL_STATES = 5_000
GOAL_CHECKED = 100_000
GOAL_OUTCOMES = 100
GOAL_EFFECT_STATES = 1_000
#: the most work the effects resolved in one goal search do all together, in states explored, each resolution
#: counted at least ``GOAL_RESOLUTION_WEIGHT`` (what making its resolver and its position costs is about that of
#: ten states): past it the search stops and says so. Without it a search that keeps 5,000 states could resolve
#: tens of thousands of effects (all the beings in hand on benchmarks/hypnotist-20.yaml as High Form: 23,684
#: resolutions, 404,776 states, 10 s and 270 MB); 50,000 is about 0.8 s of effects at worst, and no bound on
#: benchmarks/high-form.yaml (every task, every being in hand: 174 resolutions, 15,077 states)
GOAL_EFFECTS_BUDGET = 50_000
GOAL_RESOLUTION_WEIGHT = 10
#: the most work of one goal search past its effects, in steps of about 20 µs: each summon tried (a placement, and
#: the piece taken back) counts 1; each end of turn asked whether it meets the goal, and each time the goal's bound is
#: asked, ``GOAL_ASK_WEIGHT`` (15 to 60 µs as the goal reads more of the board); each card checked for its placements
#: at a state ``GOAL_CHECK_WEIGHT`` (about 45 µs). Past it the search stops and says so. Without it a search could ask
#: 100,000 ends of turn (``GOAL_CHECKED``) and check every card of the hand at each of its 5,000 states: on
#: benchmarks/hypnotist-20.yaml as High Form, a task read from the whole board (a chain, a piece surrounded or
#: isolated) with a deck and the legends in hand asked 39,085 ends of turn, and with every being in hand a search
#: checked 12,272 cards and tried 19,258 summons (2 to 4 s each, beside the effects' 50,000 states). 40,000 is
#: about 0.8 s at worst; the searches that end whole on the benchmarks' positions do less (at most 29,068: a chain
#: on benchmarks/high-form.yaml with the goal benchmark's hand; ``benchmarks/tasks.py`` gives the most)
GOAL_WORK = 40_000
GOAL_ASK_WEIGHT = 2
GOAL_CHECK_WEIGHT = 2

"""The goal search's work stays bounded, and what it reads of a board is the board (issue 29, "bounded work for
any input": ``plan --task`` with every card in hand within 2 s and 300 MB).

Counted, never timed: the checks of the isolation task read the masks of a board's codes (no position made), and
the search stops at its bound on work, saying so.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tashkalar_cli.games.tashkalar.engine.codes import squares_only
from tashkalar_cli.games.tashkalar.engine.effects import resolve_placement
from tashkalar_cli.games.tashkalar.engine.flares import counts, counts_of_codes
from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task
from tashkalar_cli.games.tashkalar.model.cards import Task

from conftest import count_calls

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
HYPNOTIST = str(BENCH / "hypnotist-20.yaml")
#: blue summons the Deathbringer at e5 and removes a red piece from the game: the resolver sets it aside in a byte
#: of its state that is no square of the board
DEATHBRINGER = "d5=blue,c3=blue,d3=blue,e3=blue,e6=red,f5=red,f6=red,g7=red"


class _Source:
    def __init__(self, position: Any) -> None:
        self.position = position


def _set_aside_outcomes(tk: Any) -> list[Any]:
    pos = tk.position(pieces=DEATHBRINGER, mode="high-form")
    card = tk.cards.by_id["deathbringer"]
    squares = set(tk.board.squares)
    outcomes = []
    for p in tk.engine.check(card, pos, "blue").placements:
        res = resolve_placement(tk.engine, card, pos, "blue", p, take_back=None, actions_left=0)
        assert res is not None
        outcomes += [o for o in res.outcomes if any(c and i not in squares for i, c in enumerate(o.board_state))]
    assert outcomes, "no outcome sets a piece aside: the case no longer tests anything"
    return outcomes


def test_a_piece_set_aside_is_on_no_square_for_the_tasks(tk: Any) -> None:
    """A task's check of a board given as a resolver's state (the goal search's codes) reads the pieces on its
    squares only, as the check of the outcome's position does (the piece set aside counted as an enemy piece on no
    square before)."""
    tasks = [c for c in tk.cards.cards if isinstance(c, Task)]
    for o in _set_aside_outcomes(tk):
        position = o.position
        for player, against in (("blue", "red"), ("red", "blue")):
            codes = Context.of_codes(o.board_state, tk.board, player, against, None, tk.cards, _Source(position))
            whole = Context(position, player, against, None, tk.cards)
            assert (codes.mine, codes.enemy, codes.pieces_of(against)) == (whole.mine, whole.enemy,
                                                                           whole.pieces_of(against))
            for task in tasks:
                a, b = check_task(task, codes), check_task(task, whole)
                assert (a.met, a.requirements, a.squares) == (b.met, b.requirements, b.squares), task.id


def test_a_piece_set_aside_is_on_no_square_for_the_flares(tk: Any) -> None:
    """The flares' counts of a resolver's state, its squares only, are those of the outcome's position."""
    for o in _set_aside_outcomes(tk):
        codes = squares_only(o.board_state, tk.board.mask)
        assert len(codes) == len(o.board_state)
        for color in ("blue", "red"):
            assert counts_of_codes(codes, tk.board.colors, color) == counts(o.position, color)


#: the bound on a goal search's work: a tenth of the default in the default run (the same search stops at it the same
#: way, in a tenth of the work), the default bound itself in the slow run
WORK_BOUNDS = [pytest.param(4_000, id="a-tenth-of-the-default-bound"),
               pytest.param(None, id="the-default-bound", marks=pytest.mark.slow)]


@pytest.mark.parametrize("bound", WORK_BOUNDS)
def test_a_goal_search_stops_at_its_bound_on_work(tk: Any, monkeypatch: Any, bound: int | None) -> None:
    """A task read from the whole board (a piece surrounded), with a deck and the legends in hand, on a board where
    effects are large: the ends of turn asked, the cards checked and the summons tried, counted as they are made,
    stay within the bound on work (bounds.GOAL_WORK), and the answer says the search stopped (39,085 ends of turn
    asked before, and 50,000 states of effects). The task's check is asked of the ends of turn and by its bound."""
    from tashkalar_cli.games.tashkalar.engine import bounds, goals, tasks

    if bound is None:
        bound = bounds.GOAL_WORK
    assert bound <= bounds.GOAL_WORK
    monkeypatch.setattr(goals, "MAX_WORK", bound)
    asked = [0]
    evaluator = tasks.EVALUATORS["surround"]

    def counting(ctx: Any, c: Any) -> Any:
        asked[0] += 1
        return evaluator(ctx, c)

    monkeypatch.setitem(tasks.EVALUATORS, "surround", counting)
    checked = [0]
    check_many = tk.engine.check_many

    def counting_checks(cards: Any, pos: Any, player: str) -> Any:
        checked[0] += len(cards)
        return check_many(cards, pos, player)

    monkeypatch.setattr(tk.engine, "check_many", counting_checks)
    pos = tk.position(HYPNOTIST, mode="high-form")
    hand = [c for c in tk.cards.beings if c.deck in ("highland", "legends")]
    report = tk.plan_task(pos, "blue", "imprisonment", hand)
    assert report.truncated and report.work_spent and not report.effects_spent
    # the check that found the bound spent may pass it by one ask, or one state's cards
    most = bound + bounds.GOAL_CHECK_WEIGHT * len(hand)
    assert bounds.GOAL_ASK_WEIGHT * asked[0] + bounds.GOAL_CHECK_WEIGHT * checked[0] <= report.work <= most
    assert asked[0] > report.checked > 0


def test_the_answer_says_the_bound_on_work(cli: Any, monkeypatch: Any) -> None:
    from tashkalar_cli.games.tashkalar.engine import goals

    monkeypatch.setattr(goals, "MAX_WORK", 200)
    args = ["plan", "--position", HYPNOTIST, "--mode", "high-form", "--player", "blue", "--hand",
            "hypnotist,swordmaster,knight", "--task", "imprisonment"]
    result = cli(*args, "--lang", "en")
    assert result.code == 0, result.err
    assert "The search stopped at its bound on work" in " ".join(result.out.split())
    assert "Out of reach" not in result.out or "some ways may be missing" in " ".join(result.out.split())
    assert cli(*args, "--json").json["truncated"] is True


#: seconds of search: a whole search within the bound on work, smaller, is test_a_state_asked_and_bounded_is_checked_once
#: (the default run)
@pytest.mark.slow
def test_a_whole_search_is_not_cut_by_the_bound_on_work(tk: Any) -> None:
    """The searches that end whole on the goal benchmark's position (its hand, the tasks read from the whole board:
    the most work there) stay whole."""
    pos = tk.position(str(BENCH / "high-form.yaml"))
    report = tk.plan_task(pos, "blue", "corner-chain", ["swordmaster", "knight", "hypnotist", "fire-dragon",
                                                         "hell-bull"])
    assert not report.truncated and report.work > 0


class _WorstSearch(NamedTuple):
    """The worst search found, run once with its counters (both tests below read it)."""

    report: Any
    made: dict[str, int]
    asked: list[tuple[int, str, int, Any]]
    hand: list[Any]
    budget: int


#: the bound on the effects' work of the worst search: 15,000 states in the default run (the same search stops at it the
#: same way, its last summons asked over a thousand times, in a fifth of the time; at 10,000 it stops before its last
#: actions), the default bound (50,000) in the slow run
WORST_BUDGETS = [pytest.param(15_000, id="15000-states"),
                 pytest.param(None, id="the-default-budget", marks=pytest.mark.slow)]
#: the search's counts (states, ends of turn asked, work, effects' states) at each bound, as they were before the
#: questions were shared (benchmarks/tasks.py at the default bound)
WORST_COUNTS = {15_000: (2296, 17, 3679, 15006), 50_000: (2296, 32, 35261, 50043)}


#: the tests that read the worst search run on one worker (--dist loadgroup), so that it is run once at each bound
WORST_GROUP = pytest.mark.xdist_group("goal-worst-search")


@pytest.fixture(scope="module", params=WORST_BUDGETS)
def worst_search(tk: Any, request: pytest.FixtureRequest) -> Iterator[_WorstSearch]:
    """The slowest ``plan --task`` found by ``benchmarks/tasks.py`` (every task, each deck with the legends in hand, on
    the benchmarks' positions as High Form): blue, the Everfrost beings and the legends, green conquest on
    benchmarks/high-form.yaml; run once (at each bound of :data:`WORST_BUDGETS`), counting the states made from the
    pieces, the resolutions, and the questions asked of the last summons (each an id of a state kept alive, so that no
    two states share an id)."""
    from tashkalar_cli.games.tashkalar.engine import bounds, goals

    budget = bounds.GOAL_EFFECTS_BUDGET if request.param is None else request.param
    from tashkalar_cli.games.tashkalar.model.state import BoardState

    made = {"of_pieces": 0, "codes": 0, "resolutions": 0}
    asked: list[tuple[int, str, int, Any]] = []
    states: list[Any] = []      # kept, so that no two states share an id
    real_last = goals.GoalSearch._last_summon_may_meet

    def counting(name: str, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            made[name] += 1
            return real(*args, **kwargs)
        return call

    def counting_last(self: Any, state: Any, card: Any, p: Any, tb: Any, base_key: Any) -> bool:
        states.append(state)
        asked.append((id(state), card.id, p.target, tb))
        return real_last(self, state, card, p, tb, base_key)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(BoardState, "of_pieces", classmethod(counting("of_pieces", BoardState.of_pieces.__func__)))
        mp.setattr(BoardState, "codes", counting("codes", BoardState.codes))
        mp.setattr(goals, "resolve_placement", counting("resolutions", goals.resolve_placement))
        mp.setattr(goals.GoalSearch, "_last_summon_may_meet", counting_last)
        mp.setattr(goals, "EFFECTS_BUDGET", budget)
        pos = tk.position(str(BENCH / "high-form.yaml"), mode="high-form")
        hand = [c for c in tk.cards.beings if c.deck in ("everfrost", "legends")]
        report = tk.plan_task(pos, "blue", "green-conquest", hand)
    yield _WorstSearch(report, made, asked, hand, budget)


@WORST_GROUP
def test_the_worst_search_found_does_bounded_work_and_makes_no_state_again(worst_search: _WorstSearch) -> None:
    """The worst search found (:func:`worst_search`). Counted, never timed: it stops at the bound on the effects' work,
    its resolutions and their states stay within that bound, its other work within its own; and each resolution starts
    from the board state and bytes its summon made, not from a state made again from the pieces (before: one
    ``of_pieces`` and one ``codes`` per resolution, 2,314 of each)."""
    from tashkalar_cli.games.tashkalar.engine import bounds

    report, made, budget = worst_search.report, worst_search.made, worst_search.budget
    assert report.truncated and report.effects_spent
    assert report.effect_states <= budget + bounds.GOAL_EFFECT_STATES
    assert 0 < made["resolutions"] <= budget // bounds.GOAL_RESOLUTION_WEIGHT + 1
    assert report.work <= bounds.GOAL_WORK + bounds.GOAL_CHECK_WEIGHT * len(worst_search.hand)
    assert report.states <= bounds.GOAL_STATES
    assert made["of_pieces"] + made["codes"] < made["resolutions"] // 4, made


@WORST_GROUP
def test_the_worst_search_asks_each_last_summon_once(worst_search: _WorstSearch) -> None:
    """At the last action, whether a summon may meet the goal depends on the card, its summoning square and the piece
    taken back, not on the orientation (the board after the summon, its turn record and the being's square are the
    same): the worst search found (:func:`worst_search`) asks it once per state and such summon (before: once per
    placement, 27,558 times for 25,000 or so different questions), and drops the same summons (its counts unchanged)."""
    report, asked = worst_search.report, worst_search.asked
    assert len(asked) > 1000, "the search no longer reaches its last actions: the case tests nothing"
    assert len(asked) == len(set(asked))
    # the search's counts, as they were before the questions were shared (benchmarks/tasks.py)
    assert (report.states, report.checked, report.work, report.effect_states) == WORST_COUNTS[worst_search.budget]


def test_the_crystal_mirror_reads_its_placement_once(tk: Any, monkeypatch: Any) -> None:
    """The Crystal Mirror's axis and the squares mirroring its yellow ones depend on its placement alone: found once
    per placement, however many states and resolutions read them (before: at each state of each resolution, 2,088
    resolutions of it in the worst goal search found)."""
    from tashkalar_cli.games.tashkalar.engine.effects import specials

    cached = getattr(specials, "_mirror", None)
    if cached is not None:
        cached.cache_clear()
    axes = [0]
    real = specials._mirror_axis

    def counting(*args: Any) -> Any:
        axes[0] += 1
        return real(*args)

    monkeypatch.setattr(specials, "_mirror_axis", counting)
    pos = tk.position(str(BENCH / "high-form.yaml"), mode="high-form")
    card = tk.cards.by_id["crystal-mirror"]
    placements = tk.engine.check(card, pos, "blue").placements
    assert placements, "the Crystal Mirror has no placement there: the case tests nothing"
    for _ in range(3):
        outcomes = 0
        for p in placements:
            res = resolve_placement(tk.engine, card, pos, "blue", p, actions_left=0)
            assert res is not None
            outcomes += len(res.outcomes)
        assert outcomes > len(placements), "no placement mirrors a piece: the case tests nothing"
    assert axes[0] <= len(placements)


def _chain_walk(board: Any, mine: int, start: int, goal: int) -> list[int]:
    """The reference: the walk square by square of ``tasks._chain`` (a path of ``mine`` from ``start`` to ``goal``)."""
    from collections import deque

    parents: dict[int, int | None] = {sq: None for sq in board.squares if (mine & start) >> sq & 1}
    queue = deque(sorted(parents))
    while queue:
        sq = queue.popleft()
        if goal >> sq & 1:
            path: list[int] = []
            step: int | None = sq
            while step is not None:
                path.append(step)
                step = parents[step]
            return path[::-1]
        for nb in board.neighbours(sq):
            if nb not in parents and mine >> nb & 1:
                parents[nb] = sq
                queue.append(nb)
    return []


def test_a_chain_task_walks_no_square_when_there_is_no_chain(tk: Any, monkeypatch: Any) -> None:
    """The chain tasks (side and corner chains, asked of thousands of ends of turn by a goal search: the most time
    of the slowest searches on benchmarks/sphere-30.yaml) find first on masks whether a chain exists: with none, no
    square is walked (before: every piece joined to a side, square by square); with one, the path is the walk's.
    Every board of benchmarks/sphere-30.yaml with one piece taken off (each player's pieces, and every piece as one
    player's) and every rank (whole, and with one square gone), each pair of sides and corners."""
    from tashkalar_cli.games.tashkalar.engine import tasks
    from tashkalar_cli.games.tashkalar.model.board import square_order

    board = tk.board
    walked = [0]
    real = type(board).neighbours

    def counting(self: Any, index: int) -> Any:
        walked[0] += 1
        return real(self, index)

    monkeypatch.setattr(type(board), "neighbours", counting)
    boards = []
    for name in ("sphere-30.yaml",):
        pos = tk.position(str(BENCH / name), mode="high-form")
        for gone in [None, *sorted(pos.pieces)]:
            pieces = {sq: p for sq, p in pos.pieces.items() if sq != gone}
            boards += [sum(1 << sq for sq, p in pieces.items() if p.color == player) for player in ("blue", "red")]
            boards.append(sum(1 << sq for sq in pieces))        # every piece one player's
    for rank in range(board.ranks):      # a rank, whole (a chain from side to side) and with each square gone
        line = [sq for sq in board.squares if square_order(sq)[0] == rank]
        boards += [sum(1 << sq for sq in line if sq != gone) for gone in [None, *line]]
    found = missing = 0
    for mine in boards:
        ctx = _Source(None)
        ctx.board, ctx.mine = board, mine  # type: ignore[attr-defined]
        for edges, pairs in ((board.sides, board.opposite_sides), (board.corners, board.opposite_corners)):
            for a, b in pairs:
                walked[0] = 0
                got = tasks._chain(ctx, edges[a], edges[b])  # type: ignore[arg-type]
                if got:
                    found += 1
                else:
                    missing += 1
                    assert walked[0] == 0
                assert got == _chain_walk(board, mine, edges[a], edges[b])
    assert found and missing, (found, missing)



def _counting_checks(monkeypatch: Any, kind: str) -> dict[str, int]:
    """Counters of the task's checks (its evaluator, ``kind``), of the bounds asked (tasks.within_reach: ``bounds``,
    and those given the check made for the state's ask: ``shared``) and of the resolutions of the goal search."""
    from tashkalar_cli.games.tashkalar.engine import goals, tasks

    made = {"checks": 0, "bounds": 0, "shared": 0, "resolutions": 0}
    evaluator, reach, resolve = tasks.EVALUATORS[kind], tasks.within_reach, goals.resolve_placement

    def checking(ctx: Any, c: Any) -> Any:
        made["checks"] += 1
        return evaluator(ctx, c)

    def bounding(card: Any, ctx: Any, reach_: Any, check: Any = None) -> Any:
        made["bounds"] += 1
        made["shared"] += check is not None
        return reach(card, ctx, reach_, check)

    def resolving(*args: Any, **kwargs: Any) -> Any:
        made["resolutions"] += 1
        return resolve(*args, **kwargs)

    monkeypatch.setitem(tasks.EVALUATORS, kind, checking)
    monkeypatch.setattr(tasks, "within_reach", bounding)
    monkeypatch.setattr(goals, "resolve_placement", resolving)
    return made


def test_a_state_asked_and_bounded_is_checked_once(tk: Any, monkeypatch: Any) -> None:
    """The goal search asks of a state whether it meets the task, then whether the task is still within reach: the
    task's check (and the context of the board) made for the first is read again by the second (before: made twice,
    1,049 checks for 556 ends of turn asked and 492 bounds here)."""
    made = _counting_checks(monkeypatch, "line-dominance")
    pos = tk.position(HYPNOTIST, mode="high-form")
    hand = [c for c in tk.cards.beings if c.deck in ("imperial", "legends")][:6]
    report = tk.plan_task(pos, "blue", "line-dominance", hand)
    assert (report.states, report.checked) == (58, 556)
    assert not report.truncated and report.work > 0      # a whole search, not cut by the bound on work
    assert made["shared"] > 0, made
    # the task met now, each end of turn asked, each bound given no check: each made once
    assert made["checks"] == 1 + report.checked + made["bounds"] - made["shared"] < 1 + report.checked + made["bounds"]


#: a whole search of every Imperial being and legend (seconds): the same search on six of those cards, its check shared
#: with its bound, is test_a_state_asked_and_bounded_is_checked_once (the default run)
@pytest.mark.slow
def test_the_slowest_whole_search_does_bounded_work(tk: Any, monkeypatch: Any) -> None:
    """The slowest ``plan --task`` found that ends whole (benchmarks/tasks.py, every task with each deck and the
    legends in hand on the benchmarks' positions as High Form, 705 of its 1,344 searches run): blue, the Imperial
    beings and the legends, line dominance on benchmarks/hypnotist-20.yaml. No end of turn meets it, and every
    sequence is played or dropped by the task's bound, within the bounds on work. Counted, never timed: its states,
    ends of turn asked, work and effects' states stay what they were, and so do its resolutions, checks of the task
    and bounds asked (a change that makes the search do more shows here); the effects' work stays under its budget."""
    from tashkalar_cli.games.tashkalar.engine import bounds

    made = _counting_checks(monkeypatch, "line-dominance")
    pos = tk.position(HYPNOTIST, mode="high-form")
    hand = [c for c in tk.cards.beings if c.deck in ("imperial", "legends")]
    report = tk.plan_task(pos, "blue", "line-dominance", hand)
    assert not report.truncated and not report.ways
    assert (report.states, report.checked, report.work, report.effect_states) == (158, 5234, 28932, 47762)
    assert report.effect_states <= bounds.GOAL_EFFECTS_BUDGET and report.work <= bounds.GOAL_WORK
    assert made["bounds"] > 1000, "the search no longer asks the task's bound: the case tests nothing"
    assert made["resolutions"] <= 606 and made["bounds"] <= 4529 and made["checks"] <= 9764, made


def test_a_walk_bound_tries_each_set_of_pieces_taken_once(tk: Any) -> None:
    """The most pieces a being's walk can destroy (reach.Walk.most_destroyed, the bound of a Knight's or a Dire
    Wolf's effect, asked of thousands of boards by a goal search: a fifth of the slowest search found, sphere-30 red
    with the Highland beings and the legends, heroic devastation) tries the walks from each square with so many steps
    left and those pieces taken once, whatever the order they were taken in, and a board whose prey was asked before
    is not walked again. Counted: the distances read (before: 5,744 here, and as many again the second time; now
    5,104, and none the second time)."""
    from tashkalar_cli.games.tashkalar.engine.reach import Walk

    board = tk.board
    read = [0]

    def distance(a: int, b: int) -> int:
        read[0] += 1
        return board.distance(a, b)

    start = board.index(4, 4)
    assert start is not None
    prey = 0
    for df in (-2, -1, 1, 2):
        for dr in (-2, 0, 2):
            sq = board.index(4 + df, 4 + dr)
            if sq is not None:
                prey |= 1 << sq
    walk = Walk({"move": 1, "combat": 6}, start, 6, prey, distance)
    assert walk.most_destroyed(-1) == 4
    first = read[0]
    assert 0 < first < 5_744, first
    again = Walk({"move": 1, "combat": 6}, start, 6, prey | 1 << start, distance)   # the prey it may reach the same
    assert again.most_destroyed(prey) == 4 and read[0] == first


#: a search to the bound on effects (seconds): the walk bound's cache is test_a_walk_bound_tries_each_set_of_pieces_taken_once
#: and the effects' bound with walking beings in hand tests/test_goal_bounds.py (the default run)
@pytest.mark.slow
def test_the_worst_search_found_walks_each_prey_once(tk: Any) -> None:
    """The slowest ``plan --task`` of this session's sweep (benchmarks/tasks.py): red, every Highland being and the
    legends, heroic devastation on benchmarks/sphere-30.yaml as High Form. Counted, never timed: it stops at the
    bound on the effects' work with the counts it had, its other work within its bound; and the walk bound of its
    walking beings is walked once per start, steps and prey (before: 2,458 times, a fifth of the search), each
    asked again read from what was found."""
    from tashkalar_cli.games.tashkalar.engine import bounds, reach

    reach._most_on_walk.cache_clear()
    pos = tk.position(str(BENCH / "sphere-30.yaml"), mode="high-form")
    hand = [c for c in tk.cards.beings if c.deck in ("highland", "legends")]
    report = tk.plan_task(pos, "red", "heroic-devastation", hand)
    assert report.truncated and report.effects_spent
    assert (report.states, report.checked, report.work, report.effect_states) == (1433, 1809, 27745, 50033)
    assert report.effect_states <= bounds.GOAL_EFFECTS_BUDGET + bounds.GOAL_EFFECT_STATES
    assert report.work <= bounds.GOAL_WORK
    walked = reach._most_on_walk.cache_info()
    assert walked.hits > 0 and 0 < walked.misses < 2458, walked


#: the hand of the search (the first Highland beings and legends) with the search's counts (states, ends of turn asked,
#: work, effects' states) and the fewest checks it must make: three cards in the default run (743 states share 46
#: positions and cards), four in the slow run (a second, the Dire Wolf's walks, to the effects' bound's edge)
CHECKED_HANDS = [pytest.param(3, (743, 49, 809, 1134), 40, id="3-cards"),
                 pytest.param(4, (903, 499, 7136, 37854), 300, id="4-cards", marks=pytest.mark.slow)]


@pytest.mark.parametrize(("cards", "counts", "least"), CHECKED_HANDS)
def test_a_card_is_checked_once_per_position(tk: Any, monkeypatch: Any, cards: int, counts: tuple[int, ...],
                                             least: int) -> None:
    """States with other turn records, actions left or cards used often share their board: the goal search asks the
    summoning engine about a card once per position (pieces, markers and supply), not once per state. Counted, never
    timed, on a small hand of the slowest search found (sphere-30 red, heroic devastation: there 7,434 checks for
    3,201 positions and cards; here 429 for 348 before): every check is of a new position and card, and the search's
    counts stay what they were."""
    from tashkalar_cli.games.tashkalar.engine.summoning import Engine

    real = Engine.check
    checked: list[tuple[Any, ...]] = []

    def check(self: Any, card: Any, pos: Any, player: str, *args: Any, **kwargs: Any) -> Any:
        checked.append((pos.state.boards, pos.state.stock, card.id))
        return real(self, card, pos, player, *args, **kwargs)

    monkeypatch.setattr(Engine, "check", check)
    pos = tk.position(str(BENCH / "sphere-30.yaml"), mode="high-form")
    hand = [c for c in tk.cards.beings if c.deck in ("highland", "legends")][:cards]
    report = tk.plan_task(pos, "red", "heroic-devastation", hand)
    assert (report.states, report.checked, report.work, report.effect_states) == counts
    assert len(checked) > least, "the search no longer checks its cards: the case tests nothing"
    assert report.states > len(checked), "no two states share a position: the case tests nothing"
    assert len(checked) == len(set(checked)), len(checked) - len(set(checked))


def test_the_isolation_check_walks_on_masks(tk: Any, monkeypatch: Any) -> None:
    """The isolation task's check (a quarter of the slowest isolation and imprisonment searches found, thousands of
    boards each) grows each enemy piece's reach a move at a time on masks: no square is listed on the way (before:
    ``bits()`` once per move of each piece walked, 4 times here); only the answer's squares are. Its answers are
    tested against the reference in test_goal_bounds.py."""
    from tashkalar_cli.games.tashkalar.engine import tasks

    task = tk.cards.by_id["isolation"]
    # red pieces two squares apart, each free to walk next to another: none is isolated, every piece is walked
    pos = tk.position(pieces="c3=red,e3=red,e6=red,g6=red,e8=blue,h2=blue", mode="high-form")
    ctx = Context(pos, "blue", None, None, tk.cards)
    assert not check_task(task, ctx).met       # the pieces' loners found and kept (tasks._loners, a cache)
    listed = count_calls(monkeypatch, "bits", tasks)
    got = check_task(task, Context(pos, "blue", None, None, tk.cards))
    assert not got.met and listed[0] == 0, listed

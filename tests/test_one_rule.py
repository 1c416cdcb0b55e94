"""Rules that live in one place, held there (issue 30).

* The Dark Sphere's "at most 2 of a color" is on the pieces chosen: a chosen piece destroyed by a later move
  still counts (the fast resolver and the brute-force one both).
* A summon on its square (blocking, destroying, reuse and take-back in piece shortage): ``Position.after_summon``
  decides as the engine does, on every rank of being against every piece that may stand there.
* The place action in piece shortage (written in ``Position.after_place`` and again in the planner, which keeps
  the piece picked up as a set of alternatives): the fast planner finds what the brute-force planner finds on
  every small position around one square.
"""

from __future__ import annotations

import itertools

import pytest
from test_effects import _compare, boards, pos

from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
from tashkalar_cli.games.tashkalar.engine.summoning import CompiledOrientation
from tashkalar_cli.games.tashkalar.model.effects import parse_program
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.types import RANKS, PieceKind, Rank

# ---------------------------------------------------------------------- the most per color: pieces chosen

#: up to 3 combat moves, each by a piece of any color not moved before, at most 2 of a color (the Dark Sphere's
#: count, without its area): the count is of the pieces chosen to move
TWO_PER_COLOR = [{"move": {"piece": {"rank": "non-legendary"}, "kind": "combat", "per_move": True,
                           "once_each": True, "per_color": 2},
                  "up_to": 3}]

#: red's first piece moves (c3-c4), red's second destroys it (d4xc4), and a third red piece stands by (g7)
DESTROYED_CHOSEN = "c3=red:common,d4=red:common,g7=red:common"


def test_a_chosen_piece_destroyed_later_still_counts_for_its_color(tk):
    """Two red pieces chosen, the first destroyed by the second: a third red piece may not move (two of that color
    were chosen, though one of them is no longer on the board)."""
    position = pos(tk, DESTROYED_CHOSEN)
    result = resolve_program(tk.board, parse_program(TWO_PER_COLOR), position, "blue")
    reached = boards(result)
    # the two first moves, and the stop after them: reached
    assert frozenset({"c4=red:common", "g7=red:common"}) in reached
    # a third red piece after them: c3-c4, d4xc4, g7-g6 would be three red pieces chosen
    assert frozenset({"c4=red:common", "g6=red:common"}) not in reached
    # two red pieces and nothing else may move: every outcome keeps at least one red piece where it stood
    for board in reached:
        assert board & {"c3=red:common", "d4=red:common", "g7=red:common"}, sorted(board)


#: the position of the case above, and with two blue pieces that may move too (a second color chosen beside red's two):
#: the brute force of the second takes most of a CPU-second, in the slow run
DESTROYED_CHOSEN_CASES = [pytest.param(DESTROYED_CHOSEN, id="red"),
                          pytest.param(DESTROYED_CHOSEN + ",b4=blue:heroic,f6=blue:common", id="red-and-blue",
                                       marks=pytest.mark.slow)]


@pytest.mark.parametrize("pieces", DESTROYED_CHOSEN_CASES)
def test_a_chosen_piece_destroyed_later_agrees_with_brute_force(tk, pieces):
    _compare(tk, parse_program(TWO_PER_COLOR), pos(tk, pieces), "blue")


#: the Dark Sphere summoned on e5 (its pattern d4, e4, d5, e5): red's c2 moves to c3 (2 squares from e5), red's b3
#: destroys it there, and red's g8 could move to g7 (2 squares from e5) if a third red piece could be chosen
SPHERE_AT_E5 = "d4=blue,e4=blue,d5=blue,e5=blue,c2=red,b3=red,g8=red"


def test_dark_sphere_refuses_a_third_piece_of_a_color_whose_chosen_piece_was_destroyed(tk):
    result = tk.resolve("dark-sphere", pos(tk, SPHERE_AT_E5), "blue", "e5", actions_left=1)
    assert result.resolution is not None and not result.resolution.truncated
    reached = boards(result)
    two = {b for b in reached if "c3=red:common" in b and not b & {"c2=red:common", "b3=red:common"}}
    assert two, "c2-c3 then b3xc3: two red pieces chosen"
    assert all("g8=red:common" in b for b in two), "a third red piece moved after two were chosen"
    after = result.applied.position
    _compare(tk, tk.being("dark-sphere").program(), after, "blue", result.applied.placement, actions_left=1)


# ---------------------------------------------------------------------- a summon on its square: one rule

#: a being of each rank whose summoning square needs no piece of its own (any piece may stand there)
BEING_OF_RANK = {Rank.COMMON: "swordmaster", Rank.HEROIC: "summoner", Rank.LEGENDARY: "fire-dragon"}
OCCUPANTS = [None, *(Piece(color, rank) for color in ("blue", "red") for rank in RANKS)]
#: the supply: no shortage; shortage of the being's kind with a spare piece of it on a5 (to take back); without one
SUPPLIES = ("plenty", "short", "short-no-spare")


def _summon_case(tk, card_id: str, occupant: Piece | None, supply: str) -> tuple[Position, CompiledOrientation]:
    """Blue's pattern of ``card_id`` (its first orientation) met around e5, ``occupant`` on e5."""
    board = tk.board
    card = tk.being(card_id)
    co = tk.engine.compiled(card)[0]
    tf, tr = board.coords(board.parse("e5"))
    pieces = {}
    for req in co.requirements:
        pieces[board.index(tf + req.df, tr + req.dr)] = Piece("blue", Rank.from_level(req.level))
    if occupant is not None:
        pieces[board.parse("e5")] = occupant
    kind = card.rank.kind
    override = {}
    if supply != "plenty":
        override = {"blue": {kind: 0}}
        if supply == "short":
            pieces[board.parse("a5")] = Piece("blue", card.rank)
    base = tk.position(pieces="")
    return Position(board, pieces, base.mode, base.players, override, base.owned), co


@pytest.mark.parametrize("rank", list(BEING_OF_RANK))
@pytest.mark.parametrize("occupant", OCCUPANTS, ids=str)
@pytest.mark.parametrize("supply", SUPPLIES)
def test_position_after_summon_decides_as_the_engine(tk, rank, occupant, supply):
    """``Position.after_summon`` against the engine's decision on the summoning square, for a being of every rank,
    every piece that may stand there (none, each rank of each color) and piece shortage: it refuses what the
    engine refuses (a higher rank blocks; shortage without a piece to take back), destroys what the engine
    destroys, reuses what it reuses and asks for the piece to take back when the engine offers one."""
    card = tk.being(BEING_OF_RANK[rank])
    position, co = _summon_case(tk, card.id, occupant, supply)
    e5 = tk.board.parse("e5")
    verdict = tk.engine.check(card, position, "blue", explain=False)
    here = [p for p in verdict.placements if p.target == e5 and p.orientation.name == co.orientation.name]
    if not here:
        with pytest.raises(InputError):
            position.after_summon("blue", rank, e5)
        return
    placement = here[0]
    take_back = placement.take_back[0] if placement.take_back else None
    if take_back is not None:
        with pytest.raises(InputError):
            position.after_summon("blue", rank, e5)      # shortage: a piece must be named
    after, destroyed = position.after_summon("blue", rank, e5, take_back)
    assert destroyed == (placement.destroys[1] if placement.destroys else None)
    assert (placement.reuses == e5) == (occupant is not None and destroyed is None)
    assert after.pieces[e5] == Piece("blue", rank)
    gone = (take_back is not None) + (occupant is not None)
    assert len(after.pieces) == len(position.pieces) + 1 - gone
    if take_back is not None:
        assert take_back not in after.pieces


def test_the_table_of_summons_reaches_each_decision(tk):
    """The table above means something: the engine blocks, destroys, reuses, takes back and refuses in shortage."""
    seen = set()
    e5 = tk.board.parse("e5")
    for rank, card_id in BEING_OF_RANK.items():
        for occupant in OCCUPANTS:
            for supply in SUPPLIES:
                position, co = _summon_case(tk, card_id, occupant, supply)
                verdict = tk.engine.check(tk.being(card_id), position, "blue", explain=False)
                here = [p for p in verdict.placements if p.target == e5 and p.orientation.name == co.orientation.name]
                if not here:
                    seen.add("blocked" if occupant is not None and occupant.level > rank.level else "refused")
                    continue
                p = here[0]
                seen.add("destroys" if p.destroys else "reuses" if p.reuses is not None else "empty")
                if p.take_back:
                    seen.add("take-back")
    assert seen == {"blocked", "refused", "destroys", "reuses", "empty", "take-back"}


# ---------------------------------------------------------------------- the place action in shortage: planner

#: a few pieces around e5, every mix: e5 empty, or a common or heroic piece of either color; blue's d4, e4, f4 (the
#: Wild Eagle's d4 f4, the Summoner's d4 e4 f4, the Swordmaster's e4 and e6) missing, common or heroic
AROUND_E5 = {"e5": [None, Piece("blue", Rank.COMMON), Piece("blue", Rank.HEROIC), Piece("red", Rank.COMMON),
                    Piece("red", Rank.HEROIC)],
             "d4": [None, Piece("blue", Rank.COMMON), Piece("blue", Rank.HEROIC)],
             "e4": [None, Piece("blue", Rank.COMMON)],
             "f4": [Piece("blue", Rank.COMMON), Piece("blue", Rank.HEROIC)]}
#: blue's pieces off the board: no common (shortage at once), neither common nor legendary, one common (shortage
#: after a place)
SHORTAGES = {"commons-0": {PieceKind.DOUBLE_SIDED: 0},
             "commons-0-legends-0": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0},
             "commons-1": {PieceKind.DOUBLE_SIDED: 1}}
PLAN_HAND = ["wild-eagle", "swordmaster", "summoner"]


def _around_e5(tk, shortage: str, e5: Piece | None) -> list[Position]:
    """Every position of ``AROUND_E5`` with ``e5`` on e5 and blue's supply ``shortage``."""
    board = tk.board
    base = tk.position(pieces="")
    out = []
    names = [sq for sq in AROUND_E5 if sq != "e5"]
    for chosen in itertools.product(*(AROUND_E5[sq] for sq in names)):
        pieces = {board.parse(sq): p for sq, p in zip(["e5", *names], [e5, *chosen], strict=True) if p is not None}
        out.append(Position(board, pieces, base.mode, base.players, {"blue": dict(SHORTAGES[shortage])}, base.owned))
    return out


def _shortage_cases() -> list[object]:
    """Each shortage with each piece on e5. The default run keeps a blue heroic on e5 with no common left (every corner
    of the test below is reached there: a heroic put back as a common, a piece placed elsewhere, reuse, take-back,
    summon then summon) and with one left (the shortage after a place); the other pieces on e5 reach fewer corners and
    no legend in :data:`PLAN_HAND` feels a shortage of legendary pieces: in the slow run."""
    kept = {("commons-0", 2), ("commons-1", 2)}
    return [pytest.param(shortage, e5, id=f"{e5}-{shortage}",
                         marks=[] if (shortage, n) in kept else [pytest.mark.slow])
            for shortage in SHORTAGES for n, e5 in enumerate(AROUND_E5["e5"])]


@pytest.mark.parametrize(("shortage", "e5"), _shortage_cases())
def test_planner_finds_what_brute_force_finds_in_every_small_shortage(tk, db, shortage, e5):
    """The fast planner against its brute-force planner (``plan_naive``) on every position of a few pieces around
    e5 in piece shortage: pieces picked up and placed elsewhere, a common or a heroic picked up and put back on its
    own square (a heroic comes back common), reuse of the piece on the target, take-back, summon then summon."""
    from tashkalar_cli.games.tashkalar.engine.planner import flatten

    hand = [db.get(c) for c in PLAN_HAND]
    for position in _around_e5(tk, shortage, e5):
        fast = flatten(tk.planner.plan(position, "blue", hand).plans, tk.board)
        naive = tk.planner.plan_naive(position, "blue", hand)
        assert fast == naive, (sorted(position.pieces.items()), sorted(naive - fast)[:3], sorted(fast - naive)[:3])


def test_the_small_shortages_reach_every_corner_of_the_place_rule(tk, db):
    """The comparison above means something: its positions give plans of every kind the place rule and the
    summon in shortage make."""
    from tashkalar_cli.games.tashkalar.engine.planner import PlaceStep, SummonStep

    hand = [db.get(c) for c in PLAN_HAND]
    seen: set[str] = set()
    for shortage in SHORTAGES:
        for e5 in AROUND_E5["e5"]:
            for position in _around_e5(tk, shortage, e5):
                for plan in tk.planner.plan(position, "blue", hand).plans:
                    first, last = plan.steps[0], plan.summon
                    seen.add(plan.kind)
                    if isinstance(first, PlaceStep) and first.pick_up:
                        back = first.square in first.pick_up
                        level = position.pieces[first.square].level if back else None
                        seen.add({None: "picked up, placed elsewhere", 0: "common put back",
                                  1: "heroic put back as a common"}[level])
                    if isinstance(first, SummonStep) and first.take_back:
                        seen.add("first summon takes back")
                    if last.reuses is not None:
                        seen.add("reuses")
                    if last.take_back:
                        seen.add("takes back")
    assert seen >= {"summon", "place-summon", "summon-summon", "picked up, placed elsewhere",
                    "heroic put back as a common", "first summon takes back", "reuses", "takes back"}, seen

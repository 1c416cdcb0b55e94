"""The turn planner, summons played (Position.after_*, summon --apply), Time Traveler's summoning,
and beings that count as legends.

The planner is held to a brute-force planner that re-runs the whole engine on every position a
first action can reach (``Planner.plan_naive``), on random positions; every plan it reports is
replayed step by step with the place rule and the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.engine.planner import (
    EFFECTS_BUDGET,
    Choice,
    PlaceStep,
    Plan,
    PlanGroup,
    PlanReport,
    PlanStats,
    SummonStep,
    flatten,
)
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.types import Mode, PieceKind, Rank

from conftest import fewer_examples, spread, write

LEGENDS = ["fire-dragon", "hell-bull"]


def cards(db, ids):
    return [db.get(c) for c in ids]


def position(tk, pieces: str, mode: str = "duel", **supply) -> Position:
    """A position from 'e5=blue:heroic,...' and supply counts (color={'common': n, 'legendary': m})."""
    pos = tk.position(pieces=pieces, mode=mode)
    override = {c: {PieceKind.DOUBLE_SIDED if k == "common" else PieceKind.LEGENDARY: n for k, n in v.items()}
                for c, v in supply.items()}
    return Position(pos.board, pos.pieces, pos.mode, pos.players, override, pos.owned)


# ---------------------------------------------------------------------- random positions

@st.composite
def positions(draw, tk):
    """Random duel or High Form positions, crowded or sparse, often in piece shortage."""
    board = tk.board
    mode = draw(st.sampled_from([Mode.DUEL, Mode.HIGH_FORM]))
    owned = tk.config.owned(mode, 2)
    squares = draw(st.lists(st.sampled_from(board.squares), min_size=2, max_size=34, unique=True))
    pieces: dict = {}
    count = {}
    for sq in squares:
        color = draw(st.sampled_from(["blue", "blue", "red"]))
        rank = draw(st.sampled_from([Rank.COMMON, Rank.COMMON, Rank.COMMON, Rank.HEROIC, Rank.HEROIC, Rank.LEGENDARY]))
        key = (color, rank.kind)
        if count.get(key, 0) >= owned[rank.kind]:
            continue
        count[key] = count.get(key, 0) + 1
        pieces[sq] = Piece(color, rank)
    supply = draw(st.sampled_from([{}, {"blue": {PieceKind.DOUBLE_SIDED: 0}}, {"blue": {PieceKind.DOUBLE_SIDED: 1}},
                                   {"blue": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 0}},
                                   {"blue": {PieceKind.DOUBLE_SIDED: 1, PieceKind.LEGENDARY: 0}}]))
    return Position(board, pieces, mode, 2, supply, owned)


@st.composite
def hands(draw, db):
    beings = [c for c in db.beings if c.deck != "legends" and c.id != "time-traveler"]
    hand = draw(st.lists(st.sampled_from(beings), min_size=2, max_size=5, unique_by=lambda c: c.id))
    hand += draw(st.lists(st.sampled_from([c for c in db.beings if c.deck == "legends"]), max_size=2,
                          unique_by=lambda c: c.id))
    if draw(st.booleans()):
        hand.append(db.get("time-traveler"))
    return hand


@fewer_examples(4)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_fast_planner_finds_exactly_what_brute_force_finds_on_a_sample(tk, db, data, examples):
    """The default run's sample of the sweep below (60 random positions take several CPU-s: in the thorough run;
    tests/test_corners.py and tests/test_one_rule.py try every small position in shortage and out of it)."""
    _fast_equals_naive(tk, db, data)


@pytest.mark.thorough
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_fast_planner_finds_exactly_what_brute_force_finds(tk, db, data):
    _fast_equals_naive(tk, db, data)


def _fast_equals_naive(tk, db, data) -> None:
    pos = data.draw(positions(tk))
    hand = data.draw(hands(db))
    fast = flatten(tk.planner.plan(pos, "blue", hand).plans, tk.board)
    naive = tk.planner.plan_naive(pos, "blue", hand)
    assert fast == naive, (sorted(fast - naive)[:5], sorted(naive - fast)[:5])


def test_brute_force_sets_are_not_empty_on_the_crowded_board(tk, db):
    """The equality above means something: the kinds of plans all occur, shortage included."""
    pos = tk.position("benchmarks/crowded.yaml")
    hand = cards(db, ["knight", "cannon", "swordmaster", "hypnotist", "time-traveler", "fire-dragon"])
    stats = PlanStats()      # the brute force run once: its facts and the questions it answered
    naive = tk.planner.plan_naive(pos, "blue", hand, stats=stats)
    kinds = {fact[0] for fact in naive}
    assert kinds == {"summon", "place-summon", "summon-summon"}
    assert any(f[0] == "place-summon" and f[3] is not None for f in naive), "a piece picked up in shortage"
    report = tk.planner.plan(pos, "blue", hand)
    assert flatten(report.plans, tk.board) == naive
    # the same questions answered: positions reached and (position, card) checks; far fewer verified
    assert (report.stats.states, report.stats.card_checks) == (stats.states, stats.card_checks)
    assert report.stats.verifications < stats.card_checks / 5


# ---------------------------------------------------------------------- plans replay

def replay(tk, pos, player, plan: Plan):
    """Play every listed choice of the first step, then the last summon, with the place rule and the
    engine; the last step's details must be the engine's after the first choice."""
    engine = tk.engine
    first, last = plan.steps[0], plan.summon
    befores = []
    if plan.actions == 1:
        befores = [pos]
    elif isinstance(first, PlaceStep):
        assert first.square not in pos.pieces or first.pick_up == (first.square,)
        for a in first.pick_up or (None,):
            befores.append(pos.after_place(player, first.square, a))
    else:
        assert isinstance(first, SummonStep)
        now = engine.check(first.card, pos, player, explain=False)
        # the same target and orientation, and the same pattern squares (Time Traveler has several)
        match = [p for p in now.placements if p.target == first.target and p.orientation == first.orientation
                 and tuple(p.pattern_squares) == tuple(first.pattern_squares)]
        assert match, "the first summon is legal"
        for b in first.take_back or (None,):
            assert b is None or b in match[0].take_back
            befores.append(pos.after_summon(player, first.card.rank, first.target, b)[0])
    for i, before in enumerate(befores):
        verdict = engine.check(last.card, before, player, explain=False)
        found = [p for p in verdict.placements if p.target == last.target and p.orientation == last.orientation
                 and tuple(p.pattern_squares) == last.pattern_squares]
        assert found, (plan, i)
        if i == 0:
            p = found[0]
            assert (p.reuses, tuple(p.take_back), p.destroys, p.shortage) == (
                last.reuses, last.take_back, last.destroys, last.shortage)
    if plan.actions == 2:
        targets_now = {p.target for p in engine.check(last.card, pos, player, explain=False).placements}
        assert last.target not in targets_now, "a two-action plan is for a square not usable now"


@pytest.mark.parametrize("player", ["blue", "red", "yellow"])
def test_every_plan_replays_legally_on_the_crowded_board(tk, db, player):
    pos = tk.position("benchmarks/crowded.yaml")
    hand = cards(db, ["knight", "cannon", "swordmaster", "hypnotist", "time-traveler", "fire-dragon", "gate-master"])
    report = tk.plan(pos, player, hand)
    assert {p.kind for p in report.plans} >= {"summon", "place-summon"}
    for plan in report.plans:
        replay(tk, pos, player, plan)


@fewer_examples(5)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_plan_replays_legally_on_random_positions(tk, db, data, examples):
    pos = data.draw(positions(tk))
    report = tk.planner.plan(pos, "blue", data.draw(hands(db)))
    for plan in report.plans:
        replay(tk, pos, "blue", plan)


def test_plans_are_grouped_per_card_fewest_actions_first(tk, db):
    pos = tk.position(pieces="d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic")
    hand = cards(db, ["knight", "cannon", "swordmaster"])
    report = tk.plan(pos, "blue", hand)
    order = [(hand.index(p.card), p.actions) for p in report.plans]
    assert order == sorted(order)
    assert next(p.kind for p in report.for_card(db.get("cannon"))) == "summon"
    # Cannon (t+c): placing on the summoning square itself is a way
    cannon = report.for_card(db.get("cannon"))
    assert any(p.kind == "place-summon" and p.steps[0].square == p.target for p in cannon)


def test_one_action_means_summons_only(tk, db):
    pos = tk.position(pieces="d4=blue,e4=blue,e5=blue:heroic,c3=blue")
    report = tk.plan(pos, "blue", ["cannon", "knight"], first_turn=True)
    assert report.actions == tk.config.first_turn_actions == 1
    assert report.plans and {p.kind for p in report.plans} == {"summon"}
    assert tk.plan(pos, "blue", ["cannon"]).actions == tk.config.actions_per_turn


def test_the_brute_force_with_one_action_finds_the_summons_possible_now_only(tk, db):
    """``plan_naive`` told one action: the summons possible now, as the fast planner with one action finds them, and
    no plan that places or summons first (which it finds with two)."""
    pos = tk.position(pieces="d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic")
    hand = cards(db, ["knight", "cannon", "swordmaster"])
    one = tk.planner.plan_naive(pos, "blue", hand, actions=1)
    assert one and {fact[0] for fact in one} == {"summon"}
    assert one == flatten(tk.planner.plan(pos, "blue", hand, actions=1).plans, tk.board)
    assert one < tk.planner.plan_naive(pos, "blue", hand)


def test_the_squares_of_a_report_count_the_steps_of_its_plans(tk, db):
    """``PlanReport.squares``: on each square, how many plans summon there (as their last step or their first) and
    how many place a piece there, counted from the plans one by one; a square only placed on summons nothing."""
    pos = tk.position(pieces="d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic")
    report = tk.plan(pos, "blue", ["knight", "cannon", "swordmaster"])
    want: dict = {}
    for plan in report.plans:
        for step in plan.steps:
            sq, role = (step.square, "place") if isinstance(step, PlaceStep) else (step.target, "summon")
            want.setdefault(sq, {"summon": 0, "place": 0})[role] += 1
    assert report.squares() == want
    assert any(n["summon"] == 0 for n in want.values()) and any(n["place"] == 0 for n in want.values())


def test_the_best_of_groups_reached_by_a_first_summon_is_the_one_whose_first_summon_is_lowest(tk, db):
    """Two groups of the Swordmaster on e5 made by hand, in two orientations, each reached only by a first summon of
    the Knight (the first on c3 or g7, the second on e3): ``best`` is the card's first plan, the one whose first
    summon stands lowest (c3), though that group's other choice stands higher than the other group's."""
    board, sword, knight = tk.board, db.get("swordmaster"), db.get("knight")
    e5 = board.parse("e5")
    o1, o2 = sword.pattern.orientations[:2]

    def choice(orientation, square: str) -> Choice:
        first = SummonStep(knight, board.parse(square), knight.pattern.orientations[0], ())
        return Choice(first, SummonStep(sword, e5, orientation, ()), first)

    one = PlanGroup(sword, e5, o1, 0, summons=[choice(o1, "c3"), choice(o1, "g7")])
    two = PlanGroup(sword, e5, o2, 0, summons=[choice(o2, "e3")])
    for groups in ([one, two], [two, one]):
        report = PlanReport("blue", 2, [sword], groups, {})
        assert report.best(sword) == report.for_card(sword)[0] == Plan(sword, (one.summons[0].head, one.summons[0].last))


def test_a_plans_effect_is_resolved_with_the_actions_left_after_its_summon(tk):
    """The Bomb destroys the commons around it and itself unless it was summoned with the turn's last action: a
    summon possible now (one action of two) leaves an action, and the Bomb goes off; a summon after a first action
    is the last one, and its effect does nothing."""
    pos = tk.position(pieces="f4=blue,f3=blue,d4=red,d5=red,e6=blue,c2=blue")
    report = tk.plan(pos, "blue", ["bomb"], effects_budget=0)
    assert {g.actions for g in report.groups} == {1, 2}
    for g in report.groups:
        assert g.effect_state == "resolved" and g.effect is not None
        destroyed = [{sq for sq, _ in o.destroyed} for o in g.effect.outcomes]
        assert destroyed == ([set()] if g.actions == 2 else [d for d in destroyed if g.target in d]), g.target


def test_place_in_shortage_picks_up_a_piece(tk, db):
    # Swordmaster: c / t / c. Blue has no common piece off the board: a piece is picked up first,
    # never one of the pattern's (e4), and a heroic piece picked up and put back becomes common
    pos = position(tk, "e4=blue,a5=blue,i5=blue:heroic", blue={"common": 0})
    report = tk.plan(pos, "blue", ["swordmaster"])
    at_e5 = [p for p in report.plans if tk.board.name(p.target) == "e5" and tk.board.name(p.steps[0].square) == "e6"]
    assert at_e5
    step = at_e5[0].steps[0]
    assert isinstance(step, PlaceStep)
    assert sorted(tk.board.name(sq) for sq in step.pick_up) == ["a5", "i5"]
    after, _ = tk.planner.resulting_position(pos, "blue", at_e5[0])
    # a5 picked up and placed on e6; the summon in shortage then takes back the one piece left, i5
    assert tk.board.parse("a5") not in after.pieces and tk.board.parse("i5") not in after.pieces
    assert after.pieces[tk.board.parse("e5")] == Piece("blue", db.get("swordmaster").rank)


def test_a_legend_summoned_first_completes_a_pattern(tk, db):
    # Swordmaster needs e4 and e6; a legend summoned on e6 provides the piece
    dragon = db.get("fire-dragon")
    pieces = [f"{tk.board.name(tk.board.index(2 + dx, 3 - dy))}=blue:{r}" for dx, dy, r in dragon.pattern.offsets()]
    pos = tk.position(pieces=",".join(pieces) + ",e4=blue")
    report = tk.plan(pos, "blue", ["fire-dragon", "swordmaster"])
    after_summon = [p for p in report.plans if p.kind == "summon-summon" and p.card.id == "swordmaster"]
    assert after_summon and all(p.steps[0].card.id == "fire-dragon" for p in after_summon)


def test_resulting_position_is_new(tk, db):
    pos = tk.position(pieces="d4=blue,e4=blue,e5=blue:heroic,c3=blue")
    before = dict(pos.pieces)
    report = tk.plan(pos, "blue", ["cannon", "knight"])
    for plan in report.plans[:20]:
        tk.planner.resulting_position(pos, "blue", plan)
    assert pos.pieces == before


# ---------------------------------------------------------------------- threats

def test_threats_use_the_decks_of_the_position(tk, db, tmp_path):
    path = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  e4: red\n  e6: red\n  d4: blue\n"
                 "decks:\n  red: imperial\n  blue: highland\n")
    pos = tk.position(str(path))
    found = tk.threats(pos, "blue")
    [red] = found.opponents
    assert red.color == "red" and red.deck == "imperial"
    assert {c.deck for c in red.report.cards} == {"imperial", "legends"}
    assert "swordmaster" in [c.id for c in red.report.reachable]   # e4 and e6 are red
    other = tk.threats(pos, "blue", {"red": "sylvan"})
    assert {c.deck for c in other.opponents[0].report.cards} == {"sylvan", "legends"}


def test_threats_cli(cli, tmp_path):
    path = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  e4: red\n  e6: red\n  d4: blue\n")
    r = cli("plan", "-p", str(path), "--player", "blue", "--threats", "--deck", "imperial", "--json")
    assert r.code == 0, r.err
    opp = r.json["opponents"][0]
    assert opp["color"] == "red" and opp["deck"] == "imperial"
    assert opp["squares"]["e5"]["summon"] >= 1
    text = cli("plan", "-p", str(path), "--player", "blue", "--threats")
    assert text.code == 0 and "Swordmaster" in text.out
    bad = cli("plan", "-p", str(path), "--player", "blue", "--threats", "--hand", "knight")
    assert bad.code == 2 and "--deck" in bad.err


# ---------------------------------------------------------------------- command line and bad input

P = "d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic"


def test_plan_cli_text_json_and_svg(cli, tmp_path):
    r = cli("plan", "--pieces", P, "--player", "blue", "--hand", "knight,cannon", "--json")
    assert r.code == 0, r.err
    assert r.json["cards"] == ["knight", "cannon"] and r.json["effects"]["budget"] == EFFECTS_BUDGET
    cannon = next(s for s in r.json["summary"] if s["card"] == "cannon")
    assert cannon["now"] == ["e4"] and "c2" in cannon["after_place"]
    text = cli("plan", "--pieces", P, "--player", "blue", "--hand", "knight,cannon")
    assert text.code == 0 and "Cannon" in text.out and "e4" in text.out
    svg = tmp_path / "plan.svg"
    r = cli("plan", "--pieces", P, "--player", "blue", "--deck", "imperial", "--svg", str(svg))
    assert r.code == 0, r.err
    assert svg.read_text(encoding="utf-8").startswith("<svg") or "<svg" in svg.read_text(encoding="utf-8")[:300]
    positions = cli("plan", "--pieces", P, "--player", "blue", "--hand", "cannon", "--json", "--positions")
    assert all("position" in p for p in positions.json["plans"])


@pytest.mark.parametrize(("args", "words"), [
    (["plan", "--hand", "knight,nosuchcard"], "nosuchcard"),
    (["plan", "--actions", "0"], "--actions"),
    (["plan", "--deck", "nosuchdeck"], "nosuchdeck"),
    (["summon", "cannon", "--apply", "--at", "d4"], "d4"),            # not a summoning square of the Cannon
    (["summon", "cannon", "--apply", "--at", "e4", "--orientation", "r45"], "r45"),
    (["summon", "cannon", "--apply", "--at", "e4", "--orientation", "m90"], "m90"),   # exists, not there
    (["summon", "cannon", "--apply", "--at", "z9"], "z9"),
    (["summon", "cannon", "--apply"], "--at"),
    (["summon", "cannon", "--at", "e4"], "--apply"),
    (["summon", "cannon", "--apply", "--at", "e4", "--take-back", "c3"], "--take-back"),
    (["summon", "time-traveler", "--apply", "--at", "d4"], "empty"),   # Time Traveler needs an empty square
])
def test_bad_input_is_one_line_exit_2(cli, args, words):
    r = cli(*args, "--pieces", P, "--player", "blue")
    assert r.code == 2, (r.out, r.err)
    assert words in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) <= 2   # the message, and maybe "did you mean"


# ---------------------------------------------------------------------- summons played

def totals(pos: Position, color: str) -> dict:
    return {k: pos.on_board(color, k) + pos.off_board(color, k) for k in PieceKind}


def test_apply_prints_the_position_after(cli, tmp_path):
    out, rec = tmp_path / "after.yaml", tmp_path / "turn.yaml"
    pos = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  e4: blue\n  e6: blue\n  e5: red\n")
    r = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5")
    assert r.code == 0, r.err
    assert r.out.startswith("#") and "not resolved" in r.out
    r = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5",
            "--out", str(out), "--record", str(rec))
    assert r.code == 0, r.err
    after = cli("position", "check", str(out), "--json")
    assert after.code == 0, after.err
    assert after.json["pieces"]["e5"] == {"color": "blue", "rank": "common"}   # the Swordmaster is common
    assert all(p["color"] == "blue" for p in after.json["pieces"].values())   # the red piece is destroyed
    score = cli("score", "--turn", str(rec), "--json")
    assert score.code == 0, score.err
    record = rec.read_text(encoding="utf-8")
    assert "red common" in record and "swordmaster" in record
    same = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5", "--out", str(pos))
    assert same.code == 2, "never written over an input"


#: the record's signature and digest are the same in every language (only the messages differ): the default run
#: writes and reads it back in French (accented words in the record), the slow run in the others
@pytest.mark.parametrize("lang", spread(["en", "fr", "es", "it"], start=1))
def test_a_turn_record_is_updated_in_place_only_when_the_tool_wrote_it(cli, tmp_path, lang):
    pos = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  e4: blue\n  e6: blue\n  e5: red\n  c3: red\n")
    mine = tmp_path / "mine.yaml"
    apply = ["summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5", "--lang", lang]
    assert cli(*apply, "--record", str(mine)).code == 0
    first = mine.read_text(encoding="utf-8")
    # --turn alone reads the record and writes nothing: it says so, on standard error (standard
    # output is the position, a file that reads back)
    r = cli(*apply, "--turn", str(mine))
    assert r.code == 0 and r.out.lstrip().startswith("#") and str(mine) in r.err
    note = " ".join(r.err.split())   # one note, wrapped at its spaces to the terminal's width as sentences are
    assert note.startswith(str(mine)) and note.count(str(mine)) == 2 and note.endswith(").")
    assert "Traceback" not in r.err
    assert mine.read_text(encoding="utf-8") == first
    # --turn and --record the same file: the record the tool wrote is updated in place
    r = cli(*apply, "--turn", str(mine), "--record", str(mine))
    assert r.code == 0, r.err
    assert str(mine) in r.out
    record = cli("score", "--turn", str(mine), "--json")
    assert record.code == 0, record.err
    assert mine.read_text(encoding="utf-8").count("swordmaster") == 2
    # a record written by hand is never written over, even when it is named for both
    hand = write(tmp_path / "hand.yaml", "player: blue\nmode: duel\ndestroyed: []\n")
    before = hand.read_text(encoding="utf-8")
    r = cli(*apply, "--turn", str(hand), "--record", str(hand))
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and str(hand) in r.err
    assert hand.read_text(encoding="utf-8") == before
    r = cli(*apply, "--turn", str(hand), "--record", str(hand), "--json")
    assert r.code == 2 and '"record-in-place-not-ours"' in r.err


def test_apply_in_shortage_names_the_choices(cli, tmp_path):
    pos = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  e4: blue\n  e6: blue\n  a5: blue\n  i5: blue\n"
                "supply:\n  blue: {common: 0}\n")
    r = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5")
    assert r.code == 2 and "a5" in r.err and "i5" in r.err
    r = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5", "--json")
    assert r.code == 2 and r.json["applied"] is False
    assert r.json["choices"][0]["take_back"] == ["a5", "i5"]
    r = cli("summon", "swordmaster", "-p", str(pos), "--player", "blue", "--apply", "--at", "e5",
            "--take-back", "i5", "--json")
    assert r.code == 0, r.err
    assert r.json["take_back"] == "i5" and "i5" not in r.json["position"]["pieces"]
    assert r.json["position"]["supply"]["blue"]["common"] == 0


@fewer_examples(10)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_apply_keeps_every_piece_accounted_for(tk, db, data, examples):
    """Pieces on the board + off the board (destroyed ones included) = what each color owns, before and after."""
    pos = data.draw(positions(tk))
    legal = [v for v in tk.summonable(pos, "blue") if v.legal]
    if not legal:
        return
    verdict = data.draw(st.sampled_from(legal))
    p = data.draw(st.sampled_from(verdict.placements))
    back = data.draw(st.sampled_from(p.take_back)) if p.take_back else None
    before = {c: totals(pos, c) for c in ("blue", "red")}
    copy = dict(pos.pieces)
    applied = tk.apply(verdict.card, pos, "blue", tk.board.name(p.target),
                       orientation=p.orientation.name, take_back=tk.board.name(back) if back is not None else None)
    after = applied.position
    assert pos.pieces == copy, "the old position is unchanged"
    assert {c: totals(after, c) for c in ("blue", "red")} == before
    assert after.pieces[p.target] == Piece("blue", verdict.card.rank)
    occupant = pos.pieces.get(p.target)
    if p.reuses is not None or occupant is None:
        assert applied.destroyed is None
    else:
        assert applied.destroyed == occupant and applied.turn.destroyed == [occupant]
    if back is not None:
        assert back not in after.pieces
    assert len(after.pieces) == len(pos.pieces) + (occupant is None) - (back is not None)


def test_place_rule(tk):
    pos = position(tk, "e4=blue,e5=blue:heroic", blue={"common": 1})
    after = pos.after_place("blue", tk.board.parse("d4"))
    assert after.off_board("blue", PieceKind.DOUBLE_SIDED) == 0 and pos.off_board("blue", PieceKind.DOUBLE_SIDED) == 1
    with pytest.raises(InputError):
        after.after_place("blue", tk.board.parse("d5"))                      # shortage: say what is picked up
    again = after.after_place("blue", tk.board.parse("d5"), pick_up=tk.board.parse("e5"))
    assert tk.board.parse("e5") not in again.pieces and again.pieces[tk.board.parse("d5")].rank is Rank.COMMON
    down = after.after_place("blue", tk.board.parse("e5"), pick_up=tk.board.parse("e5"))
    assert down.pieces[tk.board.parse("e5")] == Piece("blue", Rank.COMMON)   # put back: downgraded
    with pytest.raises(InputError):
        pos.after_place("blue", tk.board.parse("e4"))                         # not empty


# ---------------------------------------------------------------------- Time Traveler

def diagonal(tk, color="blue", start=(2, 2)):
    f, r = start
    return ",".join(f"{tk.board.name(tk.board.index(f + i, r + i))}={color}" for i in range(3))


@pytest.mark.parametrize("mode", ["high-form", "duel", "melee"])
def test_time_traveler_lands_on_any_empty_colorless_square(tk, db, mode):
    # both faces of the board show the red and green squares (erratum board-colored-squares): the
    # colorless squares are the same in every form of play, the central squares included
    pieces = diagonal(tk) + (",a4=red,i6=yellow" if mode == "melee" else "")   # c3 d4 e5: c3 is green, e5 red
    pos = tk.position(pieces=pieces, mode=mode, players=3 if mode == "melee" else None)
    v = tk.summon("time-traveler", pos, "blue")
    targets = {p.target for p in v.placements}
    colorless = tk.board.colorless(mode)
    expected = {sq for sq in tk.board.squares if colorless >> sq & 1 and sq not in pos.pieces}
    assert v.legal and targets == expected
    colored = tk.board.red | tk.board.green
    assert colored.bit_count() == 9 and colorless == tk.board.mask & ~colored
    assert not targets & {sq for sq in tk.board.squares if colored >> sq & 1}
    assert tk.board.parse("e4") in targets and tk.board.parse("h6") not in targets   # h6 is red
    assert len(targets) == len(tk.board.squares) - 9 - (len(pos.pieces) - 2)   # of the pieces, c3 and e5 are colored
    assert all(sorted(p.pattern_squares) == sorted(sq for sq in pos.pieces if pos.pieces[sq].color == "blue")
               for p in v.placements)


def test_time_traveler_illegal_cases(tk, db):
    broken = tk.position(pieces="c3=blue,d4=blue,f6=blue")
    v = tk.summon("time-traveler", broken, "blue")
    assert not v.legal and v.reasons == ["no-match"]
    enemy = tk.position(pieces="c3=blue,d4=red,e5=blue")
    assert not tk.summon("time-traveler", enemy, "blue").legal
    short = position(tk, diagonal(tk), blue={"common": 0})
    v = tk.summon("time-traveler", short, "blue")
    assert not v.legal and v.reasons == ["shortage"]
    spare = position(tk, diagonal(tk) + ",a5=blue", blue={"common": 0})
    v = tk.summon("time-traveler", spare, "blue")
    assert v.legal and all([tk.board.name(s) for s in p.take_back] == ["a5"] for p in v.placements)
    # every colorless square taken (a board built directly: no game owns that many pieces)
    board = tk.board
    full = {sq: Piece("red", Rank.COMMON) for sq in board.squares if board.colorless("high-form") >> sq & 1}
    for sq in (board.parse("c3"), board.parse("e5")):   # green and red: the pattern may stand on colors
        full[sq] = Piece("blue", Rank.COMMON)
    full[board.parse("d4")] = Piece("blue", Rank.COMMON)
    crowded = Position(board, full, Mode.HIGH_FORM, 2, {}, {PieceKind.DOUBLE_SIDED: 99, PieceKind.LEGENDARY: 3})
    v = tk.summon("time-traveler", crowded, "blue")
    assert not v.legal and v.reasons == ["no-colorless-square"]


def test_faces_of_the_board_come_from_the_data(tk, dataset):
    faces = dataset.facts["board"]["faces"]
    assert tk.board.face("high-form") == "high-form" and tk.board.face("duel") == tk.board.face("melee") == "deathmatch"
    # both faces show the red and green squares (erratum board-colored-squares)
    assert sorted(faces["deathmatch"]["colored"]) == sorted(faces["high-form"]["colored"]) == ["green", "red"]
    colorless = tk.board.mask & ~(tk.board.red | tk.board.green)
    assert tk.board.colorless("duel") == tk.board.colorless("melee") == tk.board.colorless("high-form") == colorless
    assert tk.board.colorless("high-form") & tk.board.central   # the central squares have no color
    assert "board-colored-squares" in {e["id"] for e in dataset.facts["errata"]}


def test_time_traveler_apply_and_plan(cli, tk):
    r = cli("summon", "time-traveler", "--pieces", diagonal(tk), "--player", "blue", "--mode", "high-form",
            "--apply", "--at", "h6")
    assert r.code == 2 and "colorless" in r.err
    # the deathmatch face shows the red and green squares too (erratum board-colored-squares)
    r = cli("summon", "time-traveler", "--pieces", diagonal(tk), "--player", "blue", "--apply", "--at", "h6")
    assert r.code == 2 and "colorless" in r.err
    r = cli("summon", "time-traveler", "--pieces", diagonal(tk), "--player", "blue", "--apply", "--at", "e4", "--json")
    assert r.code == 0, r.err
    assert r.json["position"]["pieces"]["e4"] == {"color": "blue", "rank": "heroic"}
    plan = cli("plan", "--pieces", "c3=blue,d4=blue", "--player", "blue", "--hand", "time-traveler", "--json",
               "--all-plans")
    placed = [p for p in plan.json["plans"] if p["kind"] == "place-summon"]
    assert placed and {p["steps"][0]["square"] for p in placed} == {"e5", "b2"}
    grouped = cli("plan", "--pieces", "c3=blue,d4=blue", "--player", "blue", "--hand", "time-traveler", "--json")
    assert {sq for g in grouped.json["groups"] for e in g["after_place"] for sq in e["squares"]} == {"e5", "b2"}


# ---------------------------------------------------------------------- beings that count as legends

def test_counts_as_legend_is_data(db, dataset):
    allowed = {c.id for c in db.beings if c.counts_as_legend}
    assert allowed == {"gate-master", "iris-of-eternity"}
    in_files = {b["id"] for b in dataset.facts["beings"] if b.get("counts_as_legend")}
    assert in_files == allowed


def test_as_legend_in_a_turn_record(cli, tmp_path):
    turn = write(tmp_path / "turn.yaml", "player: blue\nmode: duel\nsummoned:\n  - {card: gate-master, square: e5, "
                 "as_legend: true}\nopponents: [red]\n")
    r = cli("score", "--turn", str(turn), "--json")
    assert r.code == 0, r.err
    assert any(line["reason"] == "legend-summoned" for line in r.json["lines"])
    plain = write(tmp_path / "plain.yaml", "player: blue\nmode: duel\nsummoned:\n  - {card: gate-master, square: e5}\n"
                  "opponents: [red]\n")
    r = cli("score", "--turn", str(plain), "--json")
    assert not any(line["reason"] == "legend-summoned" for line in r.json["lines"])
    wrong = write(tmp_path / "wrong.yaml", "player: blue\nsummoned:\n  - {card: knight, square: e5, as_legend: true}\n")
    r = cli("score", "--turn", str(wrong))
    assert r.code == 2 and "Knight" in r.err and "Gate Master" in r.err, "cards named by their names"
    r = cli("score", "--turn", str(wrong), "--json")
    assert r.code == 2 and "knight" in r.err and "gate-master" in r.err, "the ids stay in JSON"


def test_as_legend_counts_for_legendary_summoning(tk, tmp_path):
    from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task

    task = next(t for t in tk.cards.of_type(type(tk.cards.get("red-conquest")))
                if t.criterion.kind == "summoned-legendary")
    turn_file = write(tmp_path / "t.yaml", "player: blue\nmode: high-form\nsummoned:\n"
                      "  - {card: iris-of-eternity, square: e5, as_legend: true}\n  - knight e4\n")
    pos = tk.position(pieces="e5=blue:legendary,e4=blue:heroic,a5=red", mode="high-form")
    turn = tk.turn(str(turn_file))
    with_it = check_task(task, Context(pos, "blue", "red", turn, tk.cards))
    turn.summoned[0].as_legend = False
    without = check_task(task, Context(pos, "blue", "red", turn, tk.cards))
    counted = {r.what: r.have for r in with_it.requirements}
    assert counted["summoned_legends"] == 1
    assert {r.what: r.have for r in without.requirements}["summoned_legends"] == 0


def test_json_plans_and_the_summons_they_name_give_the_same_position(cli):
    """Every one-action plan of ``plan --json --positions``, played with ``summon --apply --json``,
    leaves the position the plan announced (the two commands share one engine)."""
    r = cli("plan", "--pieces", P, "--player", "blue", "--hand", "cannon", "--json", "--positions")
    assert r.code == 0, r.err
    single = [p for p in r.json["plans"] if p["kind"] == "summon"]
    assert single, "the position has summons of the cannon in one action"
    for plan in single:
        step = plan["steps"][0]
        applied = cli("summon", step["card"], "--pieces", P, "--player", "blue", "--apply", "--at", step["target"],
                      "--orientation", step["orientation"]["name"], "--json")
        assert applied.code == 0, applied.err
        assert applied.json["applied"] is True
        assert applied.json["placement"]["pattern_squares"] == step["pattern_squares"]
        after = applied.json["position"]
        for key in ("mode", "players", "pieces", "supply", "tasks_claimed"):
            assert after[key] == plan["position"][key], (key, step)


def test_orientation_names_and_their_equivalents(cli, db):
    from tashkalar_cli.games.tashkalar.engine.summoning import orientation_aliases

    # Swordmaster (c / t / c) is symmetric: turned half a turn it is the same image
    aliases = orientation_aliases(db.get("swordmaster"))
    assert aliases["r180"] == aliases["r0"] and aliases["r270"] == aliases["r90"]
    pieces = "e4=blue,e6=blue,d5=blue,f5=blue"      # upright and sideways on e5
    r = cli("summon", "swordmaster", "--pieces", pieces, "--player", "blue", "--apply", "--at", "e5")
    assert r.code == 2 and "--orientation" in r.err and "r0" in r.err and "r90" in r.err
    upright = cli("summon", "swordmaster", "--pieces", pieces, "--player", "blue", "--apply", "--at", "e5",
                  "--orientation", "r180", "--json")
    assert upright.code == 0, upright.err
    assert upright.json["orientation"]["name"] == "r0"
    assert sorted(upright.json["placement"]["pattern_squares"]) == ["e4", "e6"]


def test_threats_in_a_melee_name_the_deck_of_each_opponent(cli):
    pieces = "e4=red,e6=red,d4=blue,a5=yellow"
    r = cli("plan", "--pieces", pieces, "--mode", "melee", "--player", "blue", "--threats", "--deck", "imperial")
    assert r.code == 2 and "COLOR=DECK" in r.err
    r = cli("plan", "--pieces", pieces, "--mode", "melee", "--player", "blue", "--threats", "--deck", "red=imperial",
            "--json")
    assert r.code == 0, r.err
    decks = {o["color"]: o["deck"] for o in r.json["opponents"]}
    assert decks == {"red": "imperial", "yellow": None}


# ---------------------------------------------------------------------- the Gateway in two-summon plans

def test_a_gateway_made_by_a_first_summon_stays_in_a_summon_summon_plan(tk, db):
    """The Gateway rule runs at every summon of a plan: the Gate Keeper summoned first becomes blue's
    Gateway, the Swordmaster (not a nethervoid being) summoned next with it leaves the Gateway there.
    The position after the plan and the effect of its last summon start from that Gateway, as the
    summons played one by one with ``--apply`` give it."""
    pos = tk.position(pieces="e4=blue,c9=blue,e7=blue,g8=blue,g6=blue,f7=blue,b4=blue,c1=blue,"
                             "e5=red,e8=red,a6=red,c7=red")
    report = tk.plan(pos, "blue", ["gate-keeper", "swordmaster"])
    plans = [p for p in report.plans if p.kind == "summon-summon" and p.steps[0].card.id == "gate-keeper"]
    assert plans
    g7 = tk.board.parse("g7")
    for plan in plans:
        first, last = plan.steps
        assert isinstance(first, SummonStep) and isinstance(last, SummonStep)
        step1 = tk.apply(first.card, pos, "blue", first.target, orientation=first.orientation.name,
                         take_back=first.take_back[0] if first.take_back else None)
        step2 = tk.apply(last.card, step1.position, "blue", last.target, orientation=last.orientation.name,
                         take_back=last.take_back[0] if last.take_back else None)
        after, _ = tk.planner.resulting_position(pos, "blue", plan)
        assert after.marked("gateway") == step2.position.marked("gateway") == {"blue": first.target}
        res = tk.planner.resolve(pos, "blue", plan, 0)
        assert res is not None and res.outcomes
        assert {o.mark for o in res.outcomes} == {first.target}
    assert any(p.steps[0].target == g7 for p in plans)

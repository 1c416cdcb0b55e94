"""Single-line bugs that ``benchmarks/mutation.py`` put into the rules, the engines and the planner and that
the rest of the suite let through: each test here kills one (or more), through the public API only
(``Game``, ``resolve_program``, the planner as the other tests call it), so that it survives a refactor of
the modules it guards."""

from __future__ import annotations

import pytest

from tashkalar_cli.errors import InputError

# ---------------------------------------------------------------------- summoning: the orientation asked


def test_an_orientation_that_does_not_fit_the_square_is_refused_with_the_ones_that_do(tk):
    """The messenger on c7 with d6 and e5 blue fits there in two orientations only: asking another is a clear
    error naming them (a dropped check left an empty choice, and a crash)."""
    position = tk.position(pieces="d6=blue,e5=blue")
    assert tk.apply("messenger", position, "blue", "c7", orientation="r0").placement.orientation.name == "r0"
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", "c7", orientation="r90")
    assert caught.value.key == "apply-orientation"


def test_time_travelers_pattern_is_the_pieces_that_make_it(tk):
    """Time Traveler has no summoning square: every placement on a colorless square names the three pieces
    of its pattern where they stand (an offset subtracted instead of added named other squares)."""
    position = tk.position(pieces="c3=blue,d4=blue,e5=blue", mode="high-form")
    verdict = tk.summon("time-traveler", position, "blue")
    assert verdict.legal and len(verdict.placements) > 10
    patterns = {tuple(tk.board.name(sq) for sq in p.pattern_squares) for p in verdict.placements}
    assert patterns == {("c3", "d4", "e5")}


def test_an_orientation_named_beside_a_placement_is_the_one_asked(tk):
    """A placement handed back to ``apply`` keeps its orientation, unless the caller names another: then the
    named one is asked, and refused where it does not fit (a turned test took the placement's and summoned)."""
    position = tk.position(pieces="d6=blue,e5=blue")
    placement = next(p for p in tk.summon("messenger", position, "blue").placements if tk.board.name(p.target) == "c7")
    assert tk.apply("messenger", position, "blue", placement).placement.orientation == placement.orientation
    assert placement.orientation.name != "r90"
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", placement, orientation="r90")
    assert caught.value.key == "apply-orientation"


def test_a_position_equals_its_copy_whether_or_not_its_bitboards_were_made(tk):
    """A position is a value: a copy (its bitboards not made yet) equals the position it was copied from (made),
    and their bitboards agree (the cache of the bitboards compared made two equal positions unequal)."""
    import dataclasses

    position = tk.position(pieces="e5=blue,d4=red:heroic")
    assert position.state is not None
    copy = dataclasses.replace(position)
    assert copy == position and position == copy
    assert copy.state.boards == position.state.boards


@pytest.mark.parametrize("at", [3.5, True, ["c7"]])
def test_a_square_of_a_type_the_library_does_not_take_is_bad_input_naming_the_parameter(tk, at):
    """``apply`` given for its square, the piece it takes back or the orientation a float, a truth value or a list:
    bad input naming the parameter and the types it takes (a check made never true let them on, to an error of
    another kind or none)."""
    position = tk.position(pieces="d6=blue,e5=blue")
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", at)
    assert caught.value.key == "param-type"
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", "c7", take_back=at)
    assert caught.value.key == "param-type"
    with pytest.raises(InputError) as caught:
        tk.apply("messenger", position, "blue", "c7", orientation=at)
    assert caught.value.key == "param-type" and caught.value.params["param"] == "orientation"


# ---------------------------------------------------------------------- effects: a gateway of nothing


def test_a_gateway_made_of_no_piece_leaves_the_effect_going(tk):
    """"Upgrade up to one of your commons, make it your Gateway": upgrading none is an outcome too, with no
    Gateway (a dropped condition made the Gateway step a dead end when it had no piece to take)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"upgrade": {"owner": "you", "rank": "common"}, "up_to": 1, "as": "raised"},
                             {"mark": "raised", "marker": "gateway"}],
                            {m.name: m for m in tk.being("gate-keeper").markers})
    result = resolve_program(tk.board, program, tk.position(pieces="e5=blue,d4=red"), "blue")
    reached = {(str(o.position.pieces[tk.board.parse("e5")].rank), bool(o.position.marked("gateway")))
               for o in result.outcomes}
    assert reached == {("heroic", True), ("common", False)}


# ---------------------------------------------------------------------- L.E.T.A.L.: the end of a timed game


def test_the_winner_reports_each_teams_living_heroes_and_their_endurance():
    """The counts behind the verdict: heroes alive (Endurance above 0) and their total Endurance, per team; a
    hero at 0 is dead (an off-by-one on either start or threshold kept the verdict and broke the counts)."""
    from tashkalar_cli import Game
    from tashkalar_cli.data.yamlio import parse_yaml

    engine = Game("letal").letal
    text = ("players:\n  - {name: S, team: south, heroes: [{name: s0, endurance: 0}, {name: s1, endurance: 6}]}\n"
            "  - {name: N, team: north, heroes: [{name: n0, endurance: -1}, {name: n1, endurance: 5}]}\n")
    data, lines = parse_yaml(text, "game.yaml")
    result = engine.winner(engine.game_from_data(data, lines, "game.yaml"))
    assert (result.winner, result.decided_by) == ("south", "endurance")
    teams = {t.team: t for t in result.teams}
    assert (teams["south"].alive, teams["south"].endurance) == (1, 6)
    assert (teams["north"].alive, teams["north"].endurance) == (1, 5)
    assert [h["alive"] for h in teams["south"].heroes] == [False, True]


# ---------------------------------------------------------------------- codes: the pieces of a color, or of the others


def test_the_codes_of_a_color_are_its_pieces_and_those_of_the_others_the_rest():
    """``codes_of`` is the one place that lists a color's piece codes (the High Form tasks read it through
    ``table``): ``others`` asks for every other color's (a comparison turned round swapped the two)."""
    from tashkalar_cli.games.tashkalar.engine.codes import LEVELS, code, codes_of

    colors = ("blue", "red", "yellow")
    assert codes_of(colors, "blue") == [code(colors, "blue", level) for level in range(LEVELS)]
    assert set(codes_of(colors, "blue", others=True)) == {code(colors, c, level) for c in ("red", "yellow")
                                                          for level in range(LEVELS)}
    assert codes_of(colors, None, min_level=LEVELS - 1) == [code(colors, c, LEVELS - 1) for c in colors]


# ---------------------------------------------------------------------- planner: the marks of the orientation summoned


@pytest.mark.parametrize("card", ["cannon", "champion"])
def test_the_planner_hands_the_resolver_the_marks_and_arrows_of_the_orientation_it_summons(tk, card):
    """A block of nine blue commons lets the Cannon (arrows) and the Champion (marked squares) be summoned in 16
    placements, each orientation on two squares: the placement the planner gives the effects resolver for
    each of its steps carries the arrows and marks of that step's orientation, as the summon checker places
    them (a comparison turned round took those of the first other orientation)."""
    position = tk.position(pieces=",".join(f"{f}{r}=blue" for f in "cde" for r in "345"))
    being = tk.being(card)
    checked = {(p.target, p.orientation.name): p for p in tk.summon(card, position, "blue").placements}
    report = tk.planner.plan(position, "blue", [being], 1)
    steps = [step for group in report.groups for step in group.now]
    assert len(steps) == len(checked) == 16
    for step in steps:
        expected = checked[step.target, step.orientation.name]
        handed = tk.planner.placement(step)
        assert handed.orientation.name == step.orientation.name
        assert (handed.marked, handed.arrows) == (expected.marked, expected.arrows)
    assert any(p.arrows or p.marked for p in checked.values())


def test_a_groups_actions_are_those_of_each_of_its_plans(tk):
    """A plan group says how many actions its plans take: one for a summon possible now, two for a summon
    after a place or another summon (a constant one too high kept the order of the groups and broke the
    count a caller reads)."""
    position = tk.position(pieces="c4=blue,d4=blue,e5=blue,f6=blue,d5=red")
    report = tk.planner.plan(position, "blue", [tk.being(c) for c in ("cannon", "messenger", "champion")], 2)
    counts = {g.actions for g in report.groups}
    assert counts == {1, 2}
    for group in report.groups:
        assert {plan.actions for plan in group.plans()} == {group.actions}


# ---------------------------------------------------------------------- tasks: a requirement met already


def test_a_task_with_one_requirement_met_is_within_reach_of_what_meets_the_other(tk):
    """Green Conquest asks for 3 pieces on the green squares, 2 of them upgraded: with 3 there, 1 upgraded, one
    upgrade (or one place) may meet it and nothing that only destroys can. The goal search drops a sequence on
    this answer, so a met requirement counted as unmet (a constant turned round) dropped turns that win."""
    from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task, within_reach
    from tashkalar_cli.games.tashkalar.model.cards import Task
    from tashkalar_cli.games.tashkalar.model.turn import Turn

    position = tk.position(pieces="i4=blue,a5=blue:heroic,f8=blue", mode="high-form")
    task = next(t for t in tk.cards.of_type(Task) if t.id == "green-conquest")
    ctx = Context(position, "blue", "red", Turn("blue", position.mode, position.players), tk.cards)
    check = check_task(task, ctx)
    assert check.met is False
    assert [(r.what, r.have, r.need) for r in check.requirements] == [("pieces_on", 3, 3), ("upgraded_on", 1, 2)]
    assert within_reach(task, ctx, {"upgrade": 1}) and within_reach(task, ctx, {"place": 1})
    assert not within_reach(task, ctx, {"destroy": 1}) and not within_reach(task, ctx, {})


def test_one_convert_adds_one_piece_to_a_count_of_the_players_pieces(tk):
    """Green Conquest with one blue piece on the green squares (3 needed, 2 of them upgraded): one convert brings
    one piece there, so it is out of reach of one convert and within reach of two (a convert weighed 2 kept the
    sequences the goal search may drop: more work, and a bound that no longer says "certainly not")."""
    from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task, within_reach
    from tashkalar_cli.games.tashkalar.model.cards import Task
    from tashkalar_cli.games.tashkalar.model.turn import Turn

    position = tk.position(pieces="i4=blue", mode="high-form")
    task = next(t for t in tk.cards.of_type(Task) if t.id == "green-conquest")
    ctx = Context(position, "blue", "red", Turn("blue", position.mode, position.players), tk.cards)
    assert [(r.what, r.have, r.need) for r in check_task(task, ctx).requirements] == [
        ("pieces_on", 1, 3), ("upgraded_on", 0, 2)]
    assert not within_reach(task, ctx, {"convert": 1})
    assert within_reach(task, ctx, {"convert": 2})


def test_a_being_that_walks_adds_nothing_to_a_count_of_the_squares_it_stands_on_already(tk):
    """A summoned being whose effect only walks it: for a count of the pieces on some squares, its move adds one
    when it starts outside them and nothing when it stands on one already (a shift turned round read the start's
    bit of another square, and the bound of a being already there grew by one)."""
    from tashkalar_cli.games.tashkalar.engine.reach import Walk, gain

    e5, d4 = tk.board.parse("e5"), tk.board.parse("d4")
    walk = Walk({"move": 1}, e5, 2, 0, lambda a, b: 1)
    assert gain(walk, {"move": 1}, 1 << e5 | 1 << d4) == 0
    assert gain(walk, {"move": 1}, 1 << d4) == 1
    assert gain(walk, {"move": 1}) == 1


def test_one_summon_adds_one_to_a_count_of_the_beings_summoned_on_a_color(tk):
    """Colored Summoning (2 beings, 2 of them on red or green) after two summons elsewhere: one more summon can put
    one being on those colors, so the task is out of reach of one summon and within reach of two (a summon weighed
    2 there kept sequences the goal search may drop)."""
    from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task, within_reach
    from tashkalar_cli.games.tashkalar.model.cards import Task
    from tashkalar_cli.games.tashkalar.model.turn import Summoned, Turn

    position = tk.position(pieces="e5=blue", mode="high-form")
    task = next(t for t in tk.cards.of_type(Task) if t.id == "colored-summoning")
    turn = Turn("blue", position.mode, position.players).played([], [Summoned("champion", None), Summoned("cannon", None)])
    ctx = Context(position, "blue", "red", turn, tk.cards)
    assert [(r.what, r.have, r.need) for r in check_task(task, ctx).requirements] == [
        ("summoned", 2, 2), ("summoned_on", 0, 2)]
    assert not within_reach(task, ctx, {"summon": 1})
    assert within_reach(task, ctx, {"summon": 2})


def test_a_being_summoned_counts_as_a_legends_summon_only_when_it_is_one(tk):
    """The turn record of a summon: a being's counts as a legend's summon only when it is a legend (or recorded so),
    a legend's always (a default turned round made every being's summon a legend's)."""
    from tashkalar_cli.games.tashkalar.model.cards import Legend
    from tashkalar_cli.games.tashkalar.model.turn import Turn

    position = tk.position(pieces="", mode="high-form")
    turn = Turn("blue", position.mode, position.players).with_summon("champion", tk.board.parse("e5"), None)
    assert turn.legends_summoned(tk.cards) == []
    legend = tk.cards.of_type(Legend)[0].id
    assert [s.card for s in turn.with_summon(legend, tk.board.parse("d4"), None).legends_summoned(tk.cards)] == [legend]


# ---------------------------------------------------------------------- summoning: why a square is refused


def test_a_summoning_square_held_by_a_higher_rank_is_refused_for_that_piece(tk):
    """The Cannon (heroic) asked on d4 where a red legendary stands: the error names the legendary that outranks
    it, whatever stands on the squares next to it (a shift by one read e4's rank instead of d4's)."""
    for around in ("", ",e4=red:legendary", ",e4=red"):
        position = tk.position(pieces="c4=blue,b3=blue,d4=red:legendary" + around)
        with pytest.raises(InputError) as caught:
            tk.apply("cannon", position, "blue", "d4")
        assert caught.value.key == "apply-outranked"


# ---------------------------------------------------------------------- flares: what one upgrade can do


def test_one_upgrade_moves_a_flares_upper_difference_by_one(tk):
    """A flare's upper half counts the upgraded pieces of the opponent less the player's: one upgrade changes that
    difference by one, so a flare two short is out of reach of one upgrade and within reach of two (a weight of 2
    kept sequences the goal search may drop: more work, and a bound that no longer says "certainly not")."""
    from tashkalar_cli.games.tashkalar.engine.flares import PieceCounts, flare_check, within_reach
    from tashkalar_cli.games.tashkalar.model.cards import Flare
    from tashkalar_cli.games.tashkalar.model.types import Mode

    for card in tk.cards.of_type(Flare):
        need = card.upper.threshold
        mine, theirs = PieceCounts(0, 8), PieceCounts(need - 2, 8)
        check = flare_check(card, Mode.HIGH_FORM, mine, theirs, "blue", "red", tk.ruleset.config)
        assert not check.can_invoke
        assert not within_reach(check, {"upgrade": 1}), card.id
        assert within_reach(check, {"upgrade": 2}), card.id


# ---------------------------------------------------------------------- the effect language: who destroyed


def test_a_destroy_step_counts_for_the_player_unless_it_says_by_you_false(tk):
    """A piece an effect destroys counts as destroyed by the player (the turn record the tasks read), unless the
    step says ``by_you: false``; saying nothing is saying true (a default turned round counted none)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    position = tk.position(pieces="e5=red,b2=blue")
    counted = {}
    for said in (None, True, False):
        step = {"destroy": {"owner": "enemy", "where": "central"}, "all": True}
        if said is not None:
            step["by_you"] = said
        result = resolve_program(tk.board, parse_program([step], {}), position, "blue")
        counted[said] = [(len(o.destroyed), len(o.destroyed_by_you)) for o in result.outcomes]
    assert counted == {None: [(1, 1)], True: [(1, 1)], False: [(1, 0)]}


def test_the_owner_of_the_pieces_a_name_binds_is_the_owner_of_the_pieces_bound(tk):
    """``owner: {same: victim}`` after the step that destroyed the victim: the pieces of the victim's color (a check
    made always true read a bound piece as a color chosen, a crash)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    position = tk.position(pieces="e5=red,f8=red,b2=blue")
    program = parse_program([{"destroy": {"owner": "enemy", "where": "central"}, "all": True, "as": "victim"},
                             {"upgrade": {"owner": {"same": "victim"}, "rank": "common"}, "all": True}], {})
    result = resolve_program(tk.board, program, position, "blue")
    assert [sorted((tk.board.name(sq), str(p.color), str(p.rank)) for sq, p in o.position.pieces.items())
            for o in result.outcomes] == [[("b2", "blue", "common"), ("f8", "red", "heroic")]]


# ---------------------------------------------------------------------- the effect language: areas and squares


def test_the_area_not_central_is_every_square_but_the_central_ones(tk):
    """No card uses ``not_central`` yet: a square chosen there, and a common placed on it, reach every square of
    the board outside the central ones (an ``&`` turned into ``|`` made it the whole board and more)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.board import bits
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"square": {"where": [{"not_central": True}], "as": "spot"}},
                             {"place": {"rank": "common", "owner": "you", "where": "spot"}}], {})
    empty = tk.position(pieces="")
    result = resolve_program(tk.board, program, empty, "blue")
    placed = {sq for o in result.outcomes for sq in o.position.pieces}
    central = set(bits(int(tk.board.central)))
    assert central and placed == set(tk.board.squares) - central


def test_a_square_step_without_its_area_is_a_data_error(tk):
    """``square`` needs both ``where`` and ``as``: a program without ``where`` is refused as the card data's
    error (a dropped operand let it through to a crash)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    for body in ({"as": "spot"}, {"where": [{"not_central": True}]}):
        with pytest.raises(EffectError) as caught:
            parse_program([{"square": body}], {})
        assert "square needs where" in str(caught.value)


# ---------------------------------------------------------------------- notation: a supply stated in part


def test_a_supply_that_states_only_the_commons_is_written_as_it_was_stated(tk):
    """A position whose supply states a color's commons only is written with that count alone (a condition made
    always true asked for the legendary count it does not state, and crashed)."""
    from tashkalar_cli.games.tashkalar.model.notation import position_data
    from tashkalar_cli.games.tashkalar.model.types import PieceKind

    position = tk.position(pieces="e5=blue")
    position.supply_override = {"blue": {PieceKind.DOUBLE_SIDED: 7}}
    assert position_data(position)["supply"] == {"blue": {"common": 7}}
    position.supply_override = {"blue": {PieceKind.LEGENDARY: 1}}
    assert position_data(position)["supply"] == {"blue": {"legendary": 1}}
    position.supply_override = {"blue": {}}      # a color that states no count: no supply written (not an empty one)
    assert "supply" not in position_data(position)


# ---------------------------------------------------------------------- the effect reader's messages and the pattern rule


def test_a_direction_from_an_unknown_set_names_the_sets_in_their_order(tk):
    """The card data's error for a ``direction: {from: ...}`` lists the sets as the language documents them
    (a reordered list survived the mutation run: no test read the message)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    with pytest.raises(EffectError) as caught:
        parse_program([{"direction": {"from": "sideways", "as": "d"}}], {})
    assert "one of arrows, any, orthogonal, diagonal" in str(caught.value)


def test_a_move_with_an_unknown_modifier_lists_the_ones_it_takes_in_order(tk):
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    with pytest.raises(EffectError) as caught:
        parse_program([{"move": {"piece": "self", "kind": "standard"}, "twice": True}], {})
    assert "allowed: move, times, up_to, any_number, each_where, may, as" in str(caught.value)


def test_a_move_with_an_unknown_field_lists_the_fields_it_takes_in_order(tk):
    """The card data's error for an unknown field of a ``move`` lists the fields a move takes in the order the
    language documents them (a field moved to the front survived: no test read that message)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    with pytest.raises(EffectError) as caught:
        parse_program([{"move": {"piece": "self", "kind": "standard", "sideways": True}}], {})
    assert ("allowed: piece, kind, leap, where, onto, direction, no_destroy, per_move, once_each, toward, per_color, "
            "if_all_one_by, standard_by") in str(caught.value)


def test_an_unknown_area_word_names_the_area_words_in_their_order(tk):
    """The card data's error for an unknown area word lists the words as the language documents them (two of them
    swapped survived: no test read that message)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    with pytest.raises(EffectError) as caught:
        parse_program([{"destroy": {"where": "nowhere"}}], {})
    assert ("allowed: board, marked, marked2, summoners, adjacent, orthogonal, diagonal, empty, central, or a bound "
            "name") in str(caught.value)


def test_only_the_three_programs_a_being_runs_alone_can_be_resolved_alone(tk):
    """``effect``, ``frost_effect`` and ``warp_effect`` can be run on a position as it is; a flare's upper or
    lower program cannot, and the refusal names the three in order (two of them swapped survived)."""
    position = tk.position(pieces="c4=blue")
    with pytest.raises(InputError) as caught:
        tk.ruleset.resolve_effect("swordmaster", position, "blue", "upper_effect")
    assert caught.value.params["allowed"] == "effect, frost_effect, warp_effect"
    assert tk.ruleset.resolve_effect("swordmaster", position, "blue", "warp_effect") is None


def test_a_pattern_of_special_summoning_with_a_summoning_square_is_refused():
    from tashkalar_cli.games.tashkalar.model.patterns import Pattern, PatternError

    Pattern(("c . c", ". . .", "c . c")).check(needs_target=False)
    with pytest.raises(PatternError, match="no summoning square"):
        Pattern(("c . c", ". t .", "c . c")).check(needs_target=False)


# ---------------------------------------------------------------------- effects: the pieces a step under way moved


def test_the_pieces_a_step_moved_are_followed_to_where_they_stop(tk):
    """A bound step of moves, each picking its piece, follows each piece it moved to where it stops: the same
    piece moved twice is bound on its last square only (the squares of the step under way left unfollowed bound
    the square it left too, and the area next to the bound pieces grew around an empty square)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"move": {"piece": {"owner": "you"}, "kind": "standard", "onto": "empty",
                                       "per_move": True}, "up_to": 2, "as": "went"},
                             {"destroy": {"owner": "enemy", "where": {"adjacent": "went"}}, "all": True}], {})
    board = tk.board
    result = resolve_program(board, program, tk.position(pieces="e5=blue,e7=red,c5=red,g3=red"), "blue")
    seen = 0
    for o in result.outcomes:
        pieces = o.position.pieces
        (blue,) = [sq for sq, p in pieces.items() if p.color == "blue"]
        reds = {sq for sq, p in pieces.items() if p.color == "red"}
        for name in ("e7", "c5", "g3"):
            sq = board.parse(name)
            assert (sq in reds) != (sq in board.neighbours(blue)), (board.name(blue), name)
        seen += 1
    assert seen > 10


def test_a_name_an_area_is_drawn_around_is_a_markers_piece_before_an_area_word(tk):
    """Where an area is drawn around something (``{adjacent: X}``, ``{empty: X}``), a name that names pieces (a
    deck's marker here) is read as those pieces, even when an area word is spelled the same; alone, ``X`` is the
    area word (a condition made always false read the anchor as the area word: the squares next to the central
    ones instead of next to the marker's piece)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import IsEmpty, Named, Ref, Relation
    from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
    from tashkalar_cli.games.tashkalar.model.types import Rank

    markers = {"central": MarkerRule("central", frozenset({Rank.COMMON}), None, "test")}
    steps = [{"destroy": {"where": {"adjacent": "central"}}, "all": True},
             {"if": {"empty": "central"}, "then": [{"gain_actions": 1}]},
             {"destroy": {"where": "central"}, "all": True}]
    around, empty, alone = parse_program(steps, markers)
    # named tuples of one field compare equal across their classes: the classes are what is checked
    assert repr(around.sel.where) == repr(Relation("adjacent", Ref("central"), 1))
    assert repr(empty.cond) == repr(IsEmpty(Ref("central")))
    assert repr(alone.sel.where) == repr(Named("central"))
    unmarked = parse_program(steps[:1], {})[0]
    assert repr(unmarked.sel.where) == repr(Relation("adjacent", Named("central"), 1))


# ---------------------------------------------------------------------- the goal search: a place in shortage


def test_a_goal_search_in_shortage_places_by_picking_up_a_common_or_heroic_never_a_legendary(tk):
    """Green Conquest one piece short, blue with no common piece off the board: each way picks up the common on b2
    (the legendary and the heroic stand on green squares) and puts it on an empty green square. A legendary is never
    picked up for a place (a dropped condition offered it to the place action, which refuses it: a crash)."""
    from tashkalar_cli.games.tashkalar.model.types import PieceKind

    position = tk.position(pieces="i4=blue:legendary,a5=blue:heroic,b2=blue,e5=red", mode="high-form")
    position.supply_override = {"blue": {PieceKind.DOUBLE_SIDED: 0, PieceKind.LEGENDARY: 3}}
    report = tk.plan_task(position, "blue", "green-conquest", actions=1)
    b2 = tk.board.parse("b2")
    assert len(report.ways) == 3
    assert {(w.acts[0].kind, w.acts[0].pick_up) for w in report.ways} == {("place", b2)}


# ---------------------------------------------------------------------- the goal search: its bound on work


def test_a_goal_search_that_says_it_ended_whole_did_no_more_work_than_its_bound(tk):
    """Blue summons the Deathbringer at e5 (one action): the goal, a red piece gone from f6, is met by one end of
    turn. The search stops at its bound on work, which it may pass by one ask (the check that finds it spent): it
    ends whole under a bound that lets it do all its work but the last ask, and under no smaller one (past its
    bound, a dropped condition went on asking ends of turn, skipping those asked before, and said the search whole
    after twice its work)."""
    from tashkalar_cli.games.tashkalar.engine.bounds import GOAL_ASK_WEIGHT
    from tashkalar_cli.games.tashkalar.engine.goals import GoalReads, GoalSearch

    board = tk.board
    pos = tk.position(pieces="d5=blue,c3=blue,d3=blue,e3=blue,e6=red,f5=red,f6=red,g7=red", mode="high-form")
    f6 = board.parse("f6")
    reads = GoalReads(squares=1 << f6, turn=False)

    def gone(seen, turn):
        return seen.codes[f6] == 0

    card = tk.cards.by_id["deathbringer"]
    whole = GoalSearch(tk.engine, pos, "blue", [card], 1, gone, reads=reads).run()
    assert not whole.truncated and len(whole.ways) == 1 and whole.work > GOAL_ASK_WEIGHT
    for bound in range(whole.work + 1):
        report = GoalSearch(tk.engine, pos, "blue", [card], 1, gone, max_work=bound, reads=reads).run()
        assert report.truncated == (bound + GOAL_ASK_WEIGHT < whole.work), (bound, report.work)
        assert report.truncated or report.work == whole.work
        assert len(report.ways) == (not report.truncated), bound


def test_a_marker_step_records_its_skip_only_when_it_may_be_skipped(tk):
    """"Make it your Gateway" after "upgrade up to one of your commons": with none upgraded there is nothing to
    mark and no choice made; with ``may``, leaving the mark out is a choice the outcome records (the two branches
    swapped recorded a skip where there was no choice and none where there was)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    markers = {m.name: m for m in tk.being("gate-keeper").markers}
    position = tk.position(pieces="e5=blue,d4=red")
    for may in (False, True):
        mark = {"mark": "raised", "marker": "gateway", **({"may": True} if may else {})}
        program = parse_program([{"upgrade": {"owner": "you", "rank": "common"}, "up_to": 1, "as": "raised"}, mark],
                                markers)
        skips = {}
        for o in resolve_program(tk.board, program, position, "blue").outcomes:
            gateway = bool(o.position.marked("gateway"))
            skips.setdefault(gateway, set()).add(any(c[1] == "may" for c in o.choices))
        assert skips == {True: {False}, False: {may}}, may


# ---------------------------------------------------------------------- the board: the widest the bitboards hold


def test_a_board_wider_than_twelve_files_is_refused():
    """A rank takes 16 bits (STRIDE), and the bitboard layout holds 12 files at most (STRIDE // 2 + 4): a wider
    board is refused (an ``or`` made ``and`` let boards of 13 to 26 files through)."""
    from tashkalar_cli.games.tashkalar.model.board import Board

    spec = {"ranks": 9, "cut_corners": [], "red_squares": [], "green_squares": [], "central_squares": ["e5"],
            "center": "e5", "piece_colors": ["blue", "red"]}
    assert Board({**spec, "files": 12}).files == 12     # type: ignore[typeddict-item]
    with pytest.raises(ValueError, match="too wide"):
        Board({**spec, "files": 13})


# ---------------------------------------------------------------------- coverage: a special step with a handler


def test_a_card_whose_special_step_has_a_handler_is_resolved_by_the_engine(tk):
    """Crystal Mirror's program is one ``special`` step, which the engine's handler plays: its effect is resolved
    (a condition made always false left the handlers unloaded, and the card said left to the player)."""
    from tashkalar_cli.games.tashkalar.engine.coverage import effect_status

    assert effect_status(tk.being("crystal-mirror")) == (True, ["special:crystal-mirror"])


# ---------------------------------------------------------------------- players: a color outside a full game


def test_a_color_outside_a_game_whose_sides_are_all_known_is_refused():
    """A duel with blue and red in play has all its sides: green cannot be one (``>=`` made ``>`` let a third
    color into a game of two); with one side known, the other may be any color."""
    from tashkalar_cli.games.tashkalar.model.players import check_in_game

    check_in_game("green", ["blue"], 2, "player")
    check_in_game("red", ["blue", "red"], 2, "player")
    with pytest.raises(InputError) as caught:
        check_in_game("green", ["blue", "red"], 2, "player")
    assert caught.value.key == "not-in-game"


# ---------------------------------------------------------------------- effects: moves that commute, an exact count


def test_an_exact_number_of_moves_each_by_a_piece_it_picks_reaches_every_pair(tk):
    """"Move your pieces north, one square each time, twice" (each move picks its piece): of two moves that
    commute only one order is followed, and the other order is not a dead end (an operand dropped from the check
    of an empty choice cut every second move of a step with an exact count)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"move": {"piece": {"owner": "you"}, "kind": "standard", "direction": "n",
                                       "per_move": True}, "times": 2}], {})
    board = tk.board
    result = resolve_program(board, program, tk.position(pieces="c4=blue,e4=blue,g4=blue"), "blue")
    ends = {tuple(sorted(board.name(sq) for sq in o.position.pieces)) for o in result.outcomes}
    assert ("c5", "e5", "g4") in ends and ("c4", "e6", "g4") in ends and ("c5", "e4", "g5") in ends
    assert len(ends) == 6      # three pairs of pieces, and each piece twice


# ---------------------------------------------------------------------- the position's summon: which refusal


def test_a_summon_in_shortage_onto_a_lower_piece_is_refused_for_the_take_back_not_the_rank(tk):
    """Blue has no common off the board and no double-sided piece on it to take back (a legendary only): a common
    summoned onto a red common is refused for the take-back, since the red piece does not outrank it; onto a red
    heroic, for the rank (an ``and`` made ``or`` blamed the red common)."""
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.model.types import PieceKind, Rank

    base = tk.position(pieces="e5=red,d4=blue:legendary")
    position = Position(base.board, base.pieces, base.mode, base.players, {"blue": {PieceKind.DOUBLE_SIDED: 0}},
                        base.owned)
    with pytest.raises(InputError) as caught:
        position.after_summon("blue", Rank.COMMON, tk.board.parse("e5"))
    assert caught.value.key == "summon-take-back-needed"
    position = tk.position(pieces="e5=red:heroic")
    with pytest.raises(InputError) as caught:
        position.after_summon("blue", Rank.COMMON, tk.board.parse("e5"))
    assert caught.value.key == "summon-square-outranked"


# ---------------------------------------------------------------------- the effect reader: values it refuses


@pytest.mark.parametrize(("step", "message"), [
    ({"repeat": {"times": 0, "steps": [{"gain_actions": 1}]}}, "times"),
    ({"convert": {"owner": "enemy"}, "to": "any"}, "convert to: you, enemy or {same: NAME}"),
    ({"if": {"any": []}, "then": [{"gain_actions": 1}]}, "'any' is a list of conditions"),
    ({"if": {"any": "empty"}, "then": [{"gain_actions": 1}]}, "'any' is a list of conditions"),
    ({"move": {"piece": "self", "kind": "standard", "direction": "self"}}, "'self' is not a direction"),
    ({"if": {"destroyed": "self", "bogus": 1}, "then": [{"gain_actions": 1}]},
     "unknown field(s) bogus (allowed: destroyed, at_least, rank, owner)"),
    ({"destroy": {"owner": "enemy", "where": {"color": "blue"}}}, "unknown square color 'blue'"),
    ({"color": {"from": "bogus", "as": "c"}}, "color from: enemy, any or you"),
    ({"direction": {"from": {"turn": "n", "by": [90], "bogus": 1}, "as": "d"}},
     "unknown field(s) bogus (allowed: turn, by)"),
])
def test_the_effect_reader_refuses_a_value_out_of_its_range(step, message):
    """A repeat of no round, a convert to any owner, a list of conditions empty or not a list, a built-in name of
    pieces where a direction is asked, a square color that is a player's, a color chosen among no known side: each
    is the card data's error (a bound made 0, a check made never true, an ``or`` made ``and`` and an ``is not``
    made ``is`` let them through); an unknown field names the fields allowed in their order (two swapped)."""
    from tashkalar_cli.games.tashkalar.model.effects import parse_program
    from tashkalar_cli.games.tashkalar.model.effects.values import EffectError

    with pytest.raises(EffectError) as caught:
        parse_program([step], {})
    assert message in str(caught.value)


# ---------------------------------------------------------------------- the planner: every group's effect resolved


def test_a_plan_with_room_for_every_effect_resolves_every_groups_effect(tk):
    """With a budget larger than every effect, each group's summon is resolved, the deepest of the longest card's
    list too (a bound made one less left the last round of groups not asked)."""
    position = tk.position(pieces="c4=blue,d4=blue,e5=blue,f6=blue,d5=red")
    report = tk.plan(position, "blue", ["cannon", "messenger", "champion"], actions=1, effects_budget=100_000)
    states = [g.effect_state for g in report.groups]
    assert len(states) > 2 and set(states) == {"resolved"}


def test_a_plan_with_no_state_per_summon_resolves_no_effect(tk):
    """A bound of 0 states per summon: no group's effect is resolved, each says its budget was spent, and no state
    is counted (a bound made one less resolved each with a budget of 0 and called it resolved)."""
    position = tk.position(pieces="c4=blue,d4=blue,e5=blue,f6=blue,d5=red")
    report = tk.plan(position, "blue", ["cannon", "messenger"], actions=1)
    planner = tk.planner
    planner.resolve_effects(report, position, 0, 0)
    assert report.groups and {g.effect_state for g in report.groups} == {"budget"} and report.effect_states == 0
    planner.resolve_effects(report, position, 0, 1)
    assert {g.effect_state for g in report.groups} == {"resolved"}


def test_a_ray_from_no_piece_is_no_square(tk):
    """A ray drawn from a name that binds no piece (no legendary was there to destroy) holds no square: the step
    after it does nothing, and the effect goes on (a check made never true ran the ray from no square, a crash)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"destroy": {"owner": "enemy", "rank": "legendary"}, "up_to": 1, "as": "gone"},
                             {"destroy": {"owner": "enemy", "where": {"ray": "n", "of": "gone"}}, "all": True},
                             {"gain_actions": 1}], {})
    result = resolve_program(tk.board, program, tk.position(pieces="e5=blue,e7=red"), "blue")
    assert [(sorted(tk.board.name(sq) for sq in o.position.pieces), o.actions_gained) for o in result.outcomes] \
        == [(["e5", "e7"], 1)]


def test_a_being_without_effect_data_is_summoned_with_no_resolution(tk):
    """A being whose data holds no effect (a data folder may give one) is summoned by ``summon --apply
    --effects`` and has no outcomes to step through: its program is not resolved (resolving ``None`` crashed
    when the check was lost)."""
    import dataclasses

    from tashkalar_cli.games.tashkalar.engine import effects

    card = dataclasses.replace(tk.being("messenger"), programs_data={})
    position = tk.position(pieces="d6=blue,e5=blue")
    done = effects.resolve_summon(tk.engine, card, position, "blue", "c7", orientation="r0")
    assert done.resolution is None
    assert len(done.applied.position.pieces) == 3


def test_a_surround_task_with_no_piece_next_to_any_enemy_names_the_first_enemy_piece(tk):
    """A surround task (Imprisonment: 6 of the player's pieces around one enemy piece) with an enemy piece but none
    of the player's pieces next to it: 0 of 6, around that enemy piece, named (a best count started at 0 instead of
    below it found no enemy piece at all, and the answer named no square)."""
    from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task
    from tashkalar_cli.games.tashkalar.model.cards import Task
    from tashkalar_cli.games.tashkalar.model.turn import Turn

    position = tk.position(pieces="e5=red,b2=blue", mode="high-form")
    task = next(t for t in tk.cards.of_type(Task) if t.id == "imprisonment")
    got = check_task(task, Context(position, "blue", "red", Turn("blue", position.mode, position.players), tk.cards))
    assert not got.met
    assert [(r.what, r.have) for r in got.requirements] == [("adjacent_to_enemy", 0)]
    assert got.requirements[0].params == {"square": "e5"} and len(got.squares) == 1   # the enemy piece, alone


# ---------------------------------------------------------------------- effects: what each step's record says


def test_a_move_onto_an_empty_square_destroys_nothing_and_one_onto_a_piece_destroys_it(tk):
    """A heroic moved north up to twice, a red common two squares ahead: the first move destroys nothing, the
    second destroys the red piece, which counts as destroyed by the player (an operand dropped counted every move
    as a piece destroyed)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"move": {"piece": {"owner": "you"}, "kind": "standard", "direction": "n"},
                              "up_to": 2}], {})
    result = resolve_program(tk.board, program, tk.position(pieces="e4=blue:heroic,e6=red"), "blue")
    got = sorted((len(o.steps), [(tk.board.name(sq), str(p.color)) for sq, p in o.destroyed_by_you])
                 for o in result.outcomes)
    assert got == [(0, []), (1, []), (2, [("e6", "red")])]


def test_a_swap_says_the_other_piece_and_a_move_the_piece_it_destroyed(tk):
    """The JSON of a step: a swap names the other piece (``other``), a move the piece it destroyed or null
    (``destroyed``), each never the other's field (a condition made always true wrote a swap as a move)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    position = tk.position(pieces="e4=blue,e6=red")
    swap = parse_program([{"swap": {"a": {"owner": "you"}, "b": {"owner": "enemy"}}}], {})
    (outcome,) = resolve_program(tk.board, swap, position, "blue").outcomes
    assert outcome.step_dicts() == [{"do": "swap", "from": "e4", "to": "e6", "piece": {"color": "blue", "rank": "common"},
                                     "other": {"color": "red", "rank": "common"}}]
    move = parse_program([{"move": {"piece": {"owner": "you"}, "kind": "standard", "direction": "n"}}], {})
    (outcome,) = resolve_program(tk.board, move, position, "blue").outcomes
    assert outcome.step_dicts() == [{"do": "move", "from": "e4", "to": "e5", "piece": {"color": "blue", "rank": "common"},
                                     "destroyed": None}]


# ---------------------------------------------------------------------- the effect reader: names a condition takes


def test_a_condition_done_takes_a_built_in_name_as_it_takes_a_bound_one(tk):
    """``if: {done: NAME}`` takes any name the program knows, the built-in ones (``self``, ``summoners``...) too:
    no kind is asked of it (an operand dropped read the kinds asked when none were, a crash)."""
    from tashkalar_cli.games.tashkalar.model.effects import BUILTIN_REFS, Done, parse_program

    for name in BUILTIN_REFS:
        (step,) = parse_program([{"if": {"done": name}, "then": [{"gain_actions": 1}]}], {})
        assert step.cond == Done(name)


# ---------------------------------------------------------------------- a diagram: the files' letters


def test_the_letters_of_a_diagrams_files_stand_under_their_columns(tk):
    """In a diagram (``position show --format diagram``) each file's letter stands in the column of that file's
    squares (a width made one less drew the letters closer than the squares)."""
    from tashkalar_cli.games.tashkalar.model.notation import diagram

    position = tk.position(pieces="a5=blue,e5=red:heroic,i5=blue:legendary,e1=red,e9=blue")
    lines = diagram(position).splitlines()
    letters = lines[-1]
    for sq, piece in position.pieces.items():
        name = tk.board.name(sq)
        row = next(line for line in lines if line.split()[0] == name[1:])
        token = f"{piece.color[0]}{piece.rank.letter}"
        assert row.index(token) == letters.index(name[0]), (name, row, letters)


# ---------------------------------------------------------------------- effects: the pattern's pieces, followed or not


def test_the_pieces_of_the_pattern_are_followed_only_by_a_program_that_names_them(tk):
    """The Translocationist's effect (swap a heroic of the player's with a common, up to twice) does not name
    ``summoners``: its walk is the same whether the placement lists the pattern's pieces or not, the same states
    counted (``states`` in the JSON answer) and the same outcomes (a condition made always true followed the
    pattern's pieces through every swap, and counted 203 states for 77)."""
    import dataclasses

    from tashkalar_cli.games.tashkalar.engine.effects import resolve_placement

    position = tk.position(pieces="c3=blue,d3=blue,e3=blue,d4=blue,e4=blue,f4=blue,c5=blue,d5=blue,e5=blue:heroic,"
                                  "f5=blue,d6=blue,e6=red,f6=red,g7=red,c7=red,d7=red:heroic,f3=red", mode="high-form")
    card = tk.being("translocationist")
    placement = tk.engine.check(card, position, "blue", None, explain=False).placements[0]
    assert len(placement.pattern_squares) > 1
    named = resolve_placement(tk.engine, card, position, "blue", placement)
    alone = resolve_placement(tk.engine, card, position, "blue",
                              dataclasses.replace(placement, pattern_squares=(placement.target,)))
    assert named is not None and alone is not None and not named.truncated
    assert named.states == alone.states
    assert [o.board_state for o in named.outcomes] == [o.board_state for o in alone.outcomes]


# ---------------------------------------------------------------------- the goal search: every sequence counted


def test_a_goal_search_counts_each_sequence_that_reaches_an_end_of_turn(tk):
    """One action to complete the center cross on e5: a place there, or the Swordmaster summoned there in either
    of its two orientations, then one of its effect's three outcomes (nothing; f4 or d6 destroyed and the new
    piece upgraded). Each end of the summon is reached by two sequences, one per orientation (a condition made
    always true dropped an end of turn whose board the goal was asked of before, and counted one)."""
    position = tk.position(pieces="d5=blue,f5=blue,e4=blue,e6=blue,d6=red,f4=red,a5=red", mode="high-form")
    report = tk.plan_task(position, "blue", "center-cross", ["swordmaster"], actions=1)
    got = sorted((tuple((a.kind, tk.board.name(a.square)) for a in w.acts), w.sequences) for w in report.ways)
    assert got == [((("place", "e5"),), 1)] + [((("summon", "e5"),), 2)] * 3


# ---------------------------------------------------------------------- the goal search: it stops at its bound


def test_a_goal_search_stops_where_its_bound_on_the_effects_work_is_reached(tk):
    """Blue, one action, a goal any new piece meets; the hand: the Deathbringer (an effect to resolve), then a
    being with no effect data. With no work allowed for the effects the search stops at the Deathbringer's first
    summon, having found the places only; it says so, and summons nothing after it (a condition made never true
    went on with the being after it, and found its ways past the stop)."""
    import dataclasses

    from tashkalar_cli.games.tashkalar.engine.goals import GoalSearch

    position = tk.position(pieces="d5=blue,c3=blue,d3=blue,e3=blue,d6=blue,e5=blue,e6=red,f5=red,f6=red,g7=red",
                           mode="high-form")
    hand = [tk.cards.by_id["deathbringer"], dataclasses.replace(tk.being("messenger"), programs_data={})]

    def more(seen, turn):
        return sum(1 for code in seen.codes if code) > 10

    def kinds(report):
        return {(a.kind, a.card.id if a.card else None) for w in report.ways for a in w.acts}

    whole = GoalSearch(tk.engine, position, "blue", hand, 1, more).run()
    assert not whole.truncated
    assert kinds(whole) == {("place", None), ("summon", "deathbringer"), ("summon", "messenger")}
    stopped = GoalSearch(tk.engine, position, "blue", hand, 1, more, effects_budget=0).run()
    assert stopped.truncated and stopped.effects_spent
    assert kinds(stopped) == {("place", None)}
    assert stopped.states < whole.states


# ---------------------------------------------------------------------- effects: a last destroy, fast and plain


def test_a_last_destroy_step_writes_the_same_steps_on_the_fast_path_as_on_the_plain_one(tk):
    """"Destroy up to 2 enemy pieces" as a program's last step takes the fast path (each set of pieces destroyed an
    outcome at once): the steps it writes are those of the plain walk, each destroy naming its square and piece and
    nothing it became (a constant made 1 there wrote ``becomes`` on every destroy of the fast path)."""
    from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
    from tashkalar_cli.games.tashkalar.model.effects import parse_program

    program = parse_program([{"destroy": {"owner": "enemy"}, "up_to": 2}], {})
    position = tk.position(pieces="e5=blue,e6=red,f6=red:heroic")
    fast, plain = (sorted((o.step_dicts() for o in resolve_program(tk.board, program, position, "blue",
                                                                    reference=reference).outcomes), key=str)
                   for reference in (False, True))
    assert fast == plain
    e6 = {"do": "destroy", "square": "e6", "piece": {"color": "red", "rank": "common"}}
    f6 = {"do": "destroy", "square": "f6", "piece": {"color": "red", "rank": "heroic"}}
    assert fast == sorted([[], [e6], [f6], [e6, f6]], key=str)

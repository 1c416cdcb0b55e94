"""Markers as data: a deck's data declares its markers (the Nethervoid Gateway is one), the effect language sets and
tests them by name (``mark``, ``is_marked``, the marker's name as a ref), a position keeps them per color, and a
summon runs the handler the deck names. A second, made-up marker (``beacon``, on commons only, of a made-up deck)
works through the same core with no change to it: only its data, and one handler registered by name."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tashkalar_cli.games.tashkalar.engine import markers as engine_markers
from tashkalar_cli.games.tashkalar.engine.effects import resolve_program
from tashkalar_cli.games.tashkalar.model.effects import EffectError, IsMarked, Mark, parse_program
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule, markers_kept, read_rules
from tashkalar_cli.games.tashkalar.model.notation import position_data
from tashkalar_cli.games.tashkalar.model.types import Piece, Rank

#: a made-up deck's data, as cards/decks.yaml would hold it: its marker stands on commons only
STARFALL = {"id": "starfall", "colors": [], "expansion": True,
            "markers": [{"id": "beacon", "ranks": ["common"], "on_summon": "light-the-beacon"}]}
BEACON = read_rules([STARFALL])["beacon"]
MARKERS = {"beacon": BEACON}


def sq(tk: Any, name: str) -> Any:
    return tk.board.parse(name)


def test_the_gateway_is_deck_data() -> None:
    """The Gateway is declared by the Nethervoid deck's data, with its ranks and its handler's name."""
    from tashkalar_cli import Game

    game = Game()
    gateway = read_rules(game.dataset.facts["decks"])["gateway"]
    assert gateway == MarkerRule("gateway", frozenset({Rank.COMMON, Rank.HEROIC}), "gateway", "nethervoid")
    assert game.being("shadow-imp").markers == (gateway,)
    assert game.being("knight").markers == ()
    assert gateway.on_summon in engine_markers.ON_SUMMON


def test_the_effect_language_reads_a_made_up_marker_by_name() -> None:
    program = parse_program([{"mark": "self", "marker": "beacon"},
                             {"if": {"is_marked": "self", "marker": "beacon"},
                              "then": [{"destroy": {"where": {"adjacent": "beacon"}}, "may": True}]}], MARKERS)
    assert isinstance(program[0], Mark) and program[0].rule == BEACON
    assert program[1].cond == IsMarked("self", "beacon")   # type: ignore[union-attr]
    # a marker the deck does not declare is no name at all, and a marker's name cannot be bound
    for bad, markers in (([{"mark": "self", "marker": "gateway"}], MARKERS), ([{"mark": "self"}], MARKERS),
                         ([{"destroy": {"where": {"adjacent": "beacon"}}}], {})):
        with pytest.raises(EffectError):
            parse_program(bad, markers)
    with pytest.raises(EffectError, match="reserved"):
        parse_program([{"upgrade": "self", "as": "beacon"}], MARKERS)


def test_a_made_up_marker_is_set_followed_and_written_back(tk: Any) -> None:
    """``mark`` puts it on a piece of a rank it may stand on (the beacon: commons only); it follows its piece
    as the effect moves it; the outcome's position holds it, written back under a field of its name."""
    position = tk.position(pieces="e5=blue,d5=blue:heroic,a3=red")
    program = parse_program([{"mark": {"owner": "you"}, "marker": "beacon"}], MARKERS)
    outcomes = resolve_program(tk.board, program, position, "blue").outcomes
    # the heroic on d5 cannot bear it: one outcome, the common on e5
    assert [o.position.marked("beacon") for o in outcomes] == [{"blue": sq(tk, "e5")}]
    (outcome,) = outcomes
    assert [c.do for c in outcome.steps] == ["beacon"]
    assert outcome.to_dict()["beacon"] == "e5" and outcome.to_dict()["gateway"] is None
    assert position_data(outcome.position)["beacon"] == {"blue": "e5"}

    marked = position.with_mark(BEACON, "blue", sq(tk, "e5"))
    mover = parse_program([{"move": {"piece": "beacon", "kind": "standard"}, "times": 1}], MARKERS)
    moved = {tk.board.name(o.mark) for o in resolve_program(tk.board, mover, marked, "blue").outcomes
             if o.mark is not None}
    assert moved == {"e4", "e6", "f5", "f6", "f4", "d4", "d6"}     # d5 is taken; "e5" stayed: no move made
    for o in resolve_program(tk.board, mover, marked, "blue").outcomes:
        (blue,) = [s for s, p in o.position.pieces.items() if p.color == "blue" and p.rank is Rank.COMMON]
        assert o.position.marked("beacon") == {"blue": blue}


def test_a_marker_is_lost_with_its_piece_or_a_rank_it_cannot_stand_on(tk: Any) -> None:
    position = tk.position(pieces="e5=blue,a3=red").with_mark(BEACON, "blue", sq(tk, "e5"))
    upgraded = parse_program([{"upgrade": "beacon"}], MARKERS)
    (outcome,) = resolve_program(tk.board, upgraded, position, "blue").outcomes
    assert outcome.position.pieces[sq(tk, "e5")] == Piece("blue", Rank.HEROIC)
    assert outcome.position.marked("beacon") == {}
    assert markers_kept(position.markers, {sq(tk, "e5"): Piece("red", Rank.COMMON)}) == {}
    assert position.transformed("r180").marked("beacon") == {"blue": tk.board.transform(sq(tk, "e5"), "r180")}


def test_a_made_up_handler_runs_at_the_summon_of_its_decks_beings(tk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The handler named by the deck's data is looked up by name: a new one is registered, not written into the
    summon; a being of another deck runs none."""
    seen: list[str] = []

    def light(rule: MarkerRule, summon: engine_markers.Summoned) -> Any:
        seen.append(summon.card.id)
        if summon.card.rank not in rule.ranks:
            return summon.after
        return summon.after.with_mark(rule, summon.player, summon.target)

    monkeypatch.setitem(engine_markers.ON_SUMMON, "light-the-beacon", light)
    knight = tk.being("knight")
    starfall = replace(knight, deck="starfall", markers=(BEACON,))
    position = tk.position(pieces="d4=blue,f4=blue,a3=red")
    after, _ = engine_markers.after_summon(starfall, position, "blue", sq(tk, "e5"), None, ())
    assert after.marked("beacon") == {} and seen == ["knight"]      # the knight is heroic: the beacon cannot
    common = replace(starfall, rank=Rank.COMMON)
    after, _ = engine_markers.after_summon(common, position, "blue", sq(tk, "e5"), None, ())
    assert after.marked("beacon") == {"blue": sq(tk, "e5")} and seen == ["knight", "knight"]
    plain, _ = engine_markers.after_summon(knight, position, "blue", sq(tk, "e5"), None, ())
    assert plain.markers == {} and len(seen) == 2


def test_a_deck_naming_a_handler_that_does_not_exist_is_refused_at_its_summon(tk: Any) -> None:
    broken = replace(tk.being("knight"), markers=(BEACON._replace(on_summon="no-such-handler"),))
    with pytest.raises(ValueError, match="no-such-handler"):
        engine_markers.after_summon(broken, tk.position(pieces="a3=red"), "blue", sq(tk, "e5"), None, ())


def test_a_program_follows_one_marker() -> None:
    from tashkalar_cli.games.tashkalar.engine.effects.compiler import followed_marker

    gateway = MarkerRule("gateway", frozenset({Rank.COMMON, Rank.HEROIC}), "gateway", "nethervoid")
    both = {"beacon": BEACON, "gateway": gateway}
    program = parse_program([{"mark": "self", "marker": "beacon"}, {"upgrade": "gateway"}], both)
    with pytest.raises(EffectError, match="one marker"):
        followed_marker(program, [gateway])
    assert followed_marker(parse_program([{"upgrade": "self"}]), [gateway]) == gateway   # the one the player bears
    # a marker the program names but the player does not bear: the one borne is followed, the name is empty
    assert followed_marker(parse_program([{"upgrade": "beacon"}], both), [gateway]) == gateway
    assert followed_marker(parse_program([{"upgrade": "beacon"}], both)) is None

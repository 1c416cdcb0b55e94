"""The rules the command line used to decide itself, asked of the library directly (no command line): a
library caller gets the same decisions and the same errors as ``tashkalar``."""

from __future__ import annotations

import pytest

from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.model.turn import Turn
from tashkalar_cli.games.tashkalar.model.types import Mode

HIGH_FORM = "c8=blue:heroic,a5=blue:heroic,d2=red:heroic"
SWORD = "e5=blue,e3=blue,d5=red,f5=red"        # the Swordmaster on e4: three outcomes, two destroy a red piece


def _key(excinfo: pytest.ExceptionInfo[InputError]) -> str:
    return str(excinfo.value.key)


# ---------------------------------------------------------------------- tasks belong to the High Form

@pytest.mark.parametrize("mode", ["duel", "melee"])
def test_tasks_refuse_a_deathmatch_position(tk, mode):
    pos = tk.position(pieces=HIGH_FORM, mode=mode, players=3 if mode == "melee" else None)
    with pytest.raises(InputError) as excinfo:
        tk.tasks(pos, "blue", "red")
    assert _key(excinfo) == "tasks-high-form"
    with pytest.raises(InputError) as excinfo:
        tk.task("rainbow-dominance", pos, "blue", "red")
    assert _key(excinfo) == "tasks-high-form"
    with pytest.raises(InputError) as excinfo:
        tk.plan_task(pos, "blue", "center-cross")
    assert _key(excinfo) == "tasks-high-form"


def test_tasks_refuse_a_turn_record_of_another_form_of_play(tk, tmp_path):
    pos = tk.position(pieces=HIGH_FORM, mode="high-form")
    written = Turn("blue", Mode.DUEL, 2, mode_written=True)
    with pytest.raises(InputError) as excinfo:
        tk.tasks(pos, "blue", "red", written)
    assert _key(excinfo) == "turn-other-mode"
    unsaid = Turn("blue", Mode.DUEL, 2)                     # a record that does not say its mode is not refused
    assert tk.tasks(pos, "blue", "red", unsaid)
    record = tmp_path / "turn.yaml"
    record.write_text("player: blue\nmode: duel\n", encoding="utf-8")
    with pytest.raises(InputError) as excinfo:
        tk.turn(str(record), position=pos)
    assert _key(excinfo) == "turn-other-mode"
    assert tk.turn(str(record)).mode is Mode.DUEL          # read alone, the record is fine


# ---------------------------------------------------------------------- an outcome of an effect chosen

def test_resolve_plays_the_outcome_chosen_and_updates_the_turn_record(tk):
    pos = tk.position(pieces=SWORD)
    listed = tk.resolve("swordmaster", pos, "blue", "e4")
    assert listed.chosen is None and listed.outcome is None
    assert listed.position == listed.applied.position and listed.turn == listed.applied.turn
    for n, outcome in enumerate(listed.outcomes, 1):
        played = tk.resolve("swordmaster", pos, "blue", "e4", choose=n)
        assert played.chosen == n
        assert played.position == outcome.position
        assert played.turn.destroyed == [*played.applied.turn.destroyed, *(p for _, p in outcome.destroyed)]
        assert played.turn.summoned == played.applied.turn.summoned
    assert any(tk.resolve("swordmaster", pos, "blue", "e4", choose=n).turn.destroyed
               for n in range(1, listed.resolution.count + 1))


@pytest.mark.parametrize(("choose", "key"), [(0, "effects-choose"), (4, "effects-choose"), (-1, "effects-choose"),
                                              ("only", "effects-choose-needed")])
def test_resolve_refuses_a_choice_outside_the_outcomes(tk, choose, key):
    pos = tk.position(pieces=SWORD)
    with pytest.raises(InputError) as excinfo:
        tk.resolve("swordmaster", pos, "blue", "e4", choose=choose)
    assert _key(excinfo) == key


def test_resolve_takes_the_only_outcome_when_told_to(tk):
    pos = tk.position(pieces="e5=blue,e3=blue,h8=red")       # the Swordmaster on e4: no red piece to destroy
    listed = tk.resolve("swordmaster", pos, "blue", "e4")
    assert listed.resolution.count == 1
    only = tk.resolve("swordmaster", pos, "blue", "e4", choose="only")
    assert only.chosen == 1 and only.position == listed.outcomes[0].position and only.outcome is not None


def test_play_flare_plays_the_outcome_chosen_or_refuses_the_choice(tk):
    met = tk.position(pieces="e5=blue,d4=red:heroic,d6=red:heroic,f6=red:heroic,f4=red:heroic")
    listed = tk.play_flare("flare-4-5b", met, "blue")
    assert listed.chosen is None and listed.outcome is None and listed.resolution.count == 1
    played = tk.play_flare("flare-4-5b", met, "blue", choose=1)
    assert played.chosen == 1 and played.outcome.position == listed.outcomes[0].position
    with pytest.raises(InputError) as excinfo:
        tk.play_flare("flare-4-5b", met, "blue", choose=2)
    assert _key(excinfo) == "effects-choose"
    unmet = tk.position(pieces="e5=blue,d4=red")             # no half met: nothing resolved, nothing to choose
    assert tk.play_flare("flare-4-5b", unmet, "blue").resolution is None
    with pytest.raises(InputError) as excinfo:
        tk.play_flare("flare-4-5b", unmet, "blue", choose=1)
    assert _key(excinfo) == "flare-choose-nothing"


# ---------------------------------------------------------------------- the user's words for decks and hands

def test_threats_take_the_decks_as_the_user_writes_them(tk):
    pos = tk.position(pieces="e4=red,e6=red,d6=blue,b2=blue,h8=blue")
    for decks in ("imperial", "red=imperial", "rouge = imperial", ["red=imperial"], {"red": "imperial"}):
        found = tk.threats(pos, "blue", decks, effects_budget=0)
        assert [(o.color, o.deck) for o in found.opponents] == [("red", "imperial")], decks


def test_threats_need_a_color_when_several_opponents_could_own_the_deck(tk):
    pos = tk.position(pieces="e4=red,e6=yellow,d6=blue", mode="melee", players=3)
    with pytest.raises(InputError) as excinfo:
        tk.threats(pos, "blue", "imperial", effects_budget=0)
    assert _key(excinfo) == "plan-deck-form"
    found = tk.threats(pos, "blue", "yellow=imperial", effects_budget=0)
    assert {o.color: o.deck for o in found.opponents}["yellow"] == "imperial"


def test_summonable_filters_by_deck_and_hand_in_the_users_words(tk):
    pos = tk.position(pieces=SWORD)
    imperial = tk.summonable(pos, "blue", deck="imperial")
    assert imperial and {v.card.deck for v in imperial} == {"imperial"}
    assert len(imperial) < len(tk.summonable(pos, "blue"))
    hand = tk.summonable(pos, "blue", hand="knight, swordmaster")
    assert [v.card.id for v in hand] == ["knight", "swordmaster"]
    assert [v.card.id for v in tk.summonable(pos, "blue", hand=["swordmaster", "knight,swordmaster"])] == [
        "swordmaster", "knight"]
    both = tk.summonable(pos, "blue", deck="imperial", hand="knight,swordmaster")
    assert [v.card.id for v in both] == [c for c in ("knight", "swordmaster") if tk.being(c).deck == "imperial"]


def test_plan_takes_decks_in_the_users_words_with_the_cards(tk):
    pos = tk.position(pieces=SWORD)
    imperial = [c.id for c in tk.cards.beings if c.deck == "imperial"]
    assert [c.id for c in tk.plan(pos, "blue", decks="imperial").cards] == imperial
    other = next(c.id for c in tk.cards.beings if c.deck != "imperial")
    both = tk.plan(pos, "blue", [other], decks=["imperial"]).cards
    assert [c.id for c in both] == [*imperial, other]
    assert tk.plan(pos, "blue", []).cards == []                     # no card asked: none planned
    assert tk.plan(pos, "blue").cards == tk.cards.beings              # nothing said: every being and legend
    with pytest.raises(InputError):
        tk.plan(pos, "blue", decks="no-such-deck")


# ---------------------------------------------------------------------- L.E.T.A.L.: one area, a free hero

def test_letal_area_takes_exactly_one_kind():
    from tashkalar_cli.games.letal.engine import Area

    assert Area.asked(radius=2) == Area("radius", 2)
    assert Area.asked(adjacent=True) == Area("adjacent", 1)
    for asked in ({}, {"adjacent": True, "radius": 2}, {"reach": 1, "range": 1}):
        with pytest.raises(InputError) as excinfo:
            Area.asked(**asked)
        assert _key(excinfo) == "letal-one-area"


def test_letal_area_refuses_the_hero_among_the_occupied_squares():
    from tashkalar_cli import Game

    engine = Game("letal").letal
    hero = engine.grid.parse("a1")
    others = engine.grid.parse_list("b1,c3")
    assert engine.area(hero, "radius", 1, others) == engine.area(hero, "radius", 1)   # they block nothing
    with pytest.raises(InputError) as excinfo:
        engine.area(hero, "radius", 1, [*others, hero])
    assert _key(excinfo) == "letal-occupied-hero"

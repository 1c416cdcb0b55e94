"""Every card's facts against ../shared/reference (skipped where that folder is absent)."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import SHARED

yaml = pytest.importorskip("yaml")
pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/reference is not beside this checkout")


@pytest.fixture(scope="module")
def reference():
    beings = yaml.safe_load((SHARED / "beings.yaml").read_text())["beings"]
    flares = yaml.safe_load((SHARED / "flares.yaml").read_text())["flares"]
    tasks = yaml.safe_load((SHARED / "tasks.yaml").read_text())["tasks"]
    board = yaml.safe_load((SHARED / "board.yaml").read_text())
    return beings, flares, tasks, board


def test_every_being_is_there_with_its_deck_rank_and_pattern(reference, db):
    beings, _, _, _ = reference
    ours = {c.id: c for c in db.cards if c.type in ("being", "legend")}
    assert set(ours) == {b["id"] for b in beings}
    for b in beings:
        card = ours[b["id"]]
        assert card.deck == b["deck"], b["id"]
        assert card.rank == b["rank"], b["id"]
        assert list(card.pattern.rows) == b["pattern"], b["id"]


def test_counts_per_deck(reference, db):
    beings, _, _, _ = reference
    ours = Counter(c.deck for c in db.cards if c.type in ("being", "legend"))
    assert ours == Counter(b["deck"] for b in beings)
    for deck in ("imperial", "highland", "sylvan", "everfrost", "nethervoid", "etherweave"):
        assert ours[deck] == 18
    assert ours["legends"] == 12


def test_pattern_offsets_derived_from_the_pattern_match_the_reference(reference, db):
    beings, _, _, _ = reference
    for b in beings:
        card = db.get(b["id"])
        if not card.has_summoning_square:
            continue
        want = sorted((o["dx"], o["dy"], o["rank"]) for o in b["pattern_offsets"])
        assert sorted(card.pattern.offsets()) == want, b["id"]


def test_flares_and_tasks(reference, db):
    _, flares, tasks, _ = reference
    for f in flares:
        card = db.get(f["id"])
        assert card.thresholds == {"upper": f["upper_threshold"], "lower": f["lower_threshold"]}
    assert len([c for c in db.cards if c.type == "flare"]) == len(flares) == 12
    for t in tasks:
        card = db.get(t["id"])
        assert (card.points, card.task_type, card.difficulty) == (t["points"], t["type"], t["difficulty"])
    assert len([c for c in db.cards if c.type == "task"]) == len(tasks) == 24


def test_task_names_match_the_reference(reference, db, dataset):
    from tashkalar_cli.text.i18n import Localizer

    _, _, tasks, _ = reference
    loc = Localizer(dataset, "en")
    for t in tasks:
        assert str(db.name(db.get(t["id"]), loc)) == t["name_en"]


def test_english_names_match_the_reference(reference, db, dataset):
    from tashkalar_cli.text.i18n import Localizer

    beings, _, _, _ = reference
    loc = Localizer(dataset, "en")
    for b in beings:
        assert str(db.name(db.get(b["id"]), loc)) == b["name_en"]


def test_board_matches_the_reference(reference, board, game):
    _, _, _, ref = reference
    assert len(board.squares) == ref["squares_on_board"] == 69
    assert {board.name(i) for i in board.squares}.isdisjoint(ref["cut_corners"])
    assert {board.name(i) for i in range(256) if board.red >> i & 1} == set(ref["red_squares"])
    assert {board.name(i) for i in range(256) if board.green >> i & 1} == set(ref["green_squares"])
    assert {board.name(i) for i in range(256) if board.central >> i & 1} == set(ref["central_squares"])
    assert board.colors == list(ref["piece_colors"].values())
    end = ref["end_of_game"]
    assert game["end"] == {**game["end"], "high_form_points": end["high_form_points"], "duel_points": end["duel_points"],
                           "melee_3_points": end["melee_points_3_players"], "melee_4_points": end["melee_points_4_players"]}
    assert game["pieces"]["double_sided"] == ref["pieces_per_color"]["common_heroic_double_sided"]
    assert game["pieces"]["legendary"] == ref["pieces_per_color"]["legendary"]

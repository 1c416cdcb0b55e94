"""The summoning engine, rule by rule, against a naive oracle, and under the board's symmetries."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tashkalar_cli.games.tashkalar.model.config import GameConfig
from tashkalar_cli.games.tashkalar.model.patterns import TRANSFORMS
from tashkalar_cli.games.tashkalar.model.position import Piece, Position
from tashkalar_cli.games.tashkalar.model.position_parser import PositionParser
from tashkalar_cli.games.tashkalar.model.types import Rank

from conftest import fewer_examples


def pos(board, game, pieces: str, mode="duel", **supply):
    parser = PositionParser(board, GameConfig.from_data(game))
    data = {"mode": mode, "pieces": {}}
    for item in pieces.split(","):
        sq, piece = item.split("=")
        data["pieces"][sq.strip()] = piece.strip().replace(":", " ")
    if supply:
        data["supply"] = supply
    return parser.from_data(data, None, "test")


def check(engine, db, position, card, player="blue", enemy=None):
    return engine.check(db.get(card), position, player, enemy)


def targets(board, verdict):
    return {board.name(p.target) for p in verdict.placements}


# ------------------------------------------------------------------ the rules, one by one

def test_pattern_match_and_empty_target(engine, db, board, game):
    v = check(engine, db, pos(board, game, "e4=blue,e6=blue"), "swordmaster")
    assert v.legal and targets(board, v) == {"e5"}
    p = v.placements[0]
    assert sorted(board.name(s) for s in p.pattern_squares) == ["e4", "e6"]
    assert p.destroys is None and p.enemy_square is None


def test_rotation_finds_a_sideways_pattern(engine, db, board, game):
    v = check(engine, db, pos(board, game, "d5=blue,f5=blue"), "swordmaster")
    assert targets(board, v) == {"e5"}
    assert v.placements[0].orientation.rotation in (90, 270)


def around(board, card, tf=4, tr=4, mirror=False):
    """The card's pattern pieces laid around the square (tf, tr) (e5 by default), optionally mirrored."""
    return [(board.name(board.index(tf + (-dx if mirror else dx), tr - dy)), r) for dx, dy, r in card.pattern.offsets()]


def test_mirror_image_counts(engine, db, board, game):
    # Doppelganger: c t / c .  -- no rotation gives its mirror image, only flipping the card does
    card = db.get("doppelganger")
    assert any(o.mirrored for o in card.pattern.orientations)
    for mirror in (False, True):
        pieces = ",".join(f"{sq}=blue:{r}" for sq, r in around(board, card, mirror=mirror))
        v = check(engine, db, pos(board, game, pieces), "doppelganger")
        at_e5 = [p for p in v.placements if board.name(p.target) == "e5"]
        assert at_e5, (mirror, pieces)
        assert all(p.orientation.mirrored == mirror for p in at_e5), [p.orientation.name for p in at_e5]


def test_heroic_piece_fills_a_common_square(engine, db, board, game):
    assert check(engine, db, pos(board, game, "e4=blue:heroic,e6=blue:legendary"), "swordmaster").legal


def test_common_piece_does_not_fill_a_heroic_square(engine, db, board, game):
    # Storm Elemental needs heroic pieces: h . . / h . h / . t+c .
    card = db.get("storm-elemental")
    offsets = card.pattern.offsets()
    assert any(r == "heroic" for _, _, r in offsets)
    cells = {(dx, dy): r for dx, dy, r in offsets}
    tf, tr = 4, 4  # e5
    pieces = []
    for (dx, dy), r in cells.items():
        sq = board.name(board.index(tf + dx, tr - dy))
        pieces.append(f"{sq}=blue:{r}")
    full = pos(board, game, ",".join(pieces))
    assert check(engine, db, full, "storm-elemental").legal
    weak = pos(board, game, ",".join(p.replace("heroic", "common") for p in pieces))
    v = check(engine, db, weak, "storm-elemental")
    assert not v.legal and v.reasons == ["no-match"]
    assert any(lack.code == "weaker" for n in v.near_misses for lack in n.lacks)


def test_summoning_onto_your_own_piece_destroys_it(engine, db, board, game):
    v = check(engine, db, pos(board, game, "e4=blue,e6=blue,e5=blue"), "swordmaster")
    assert v.legal
    sq, piece = v.placements[0].destroys
    assert board.name(sq) == "e5" and piece == Piece("blue", "common")


def test_enemy_piece_of_same_or_lower_rank_is_destroyed(engine, db, board, game):
    v = check(engine, db, pos(board, game, "e4=blue,e6=blue,e5=red:common"), "swordmaster")
    assert v.legal and v.placements[0].destroys[1] == Piece("red", "common")
    # Hypnotist (heroic): . . c / c t c / c . .  -- a heroic enemy piece is of the same rank: destroyed
    pattern = ",".join(f"{sq}=blue:{r}" for sq, r in around(board, db.get("hypnotist")))
    v = check(engine, db, pos(board, game, pattern + ",e5=red:heroic"), "hypnotist")
    at_e5 = [p for p in v.placements if board.name(p.target) == "e5"]
    assert at_e5 and all(p.destroys == (board.index(4, 4), Piece("red", "heroic")) for p in at_e5)
    v = check(engine, db, pos(board, game, pattern + ",e5=red:legendary"), "hypnotist")
    assert "e5" not in targets(board, v), "a legendary piece outranks a heroic being"


def test_higher_rank_on_the_summoning_square_blocks(engine, db, board, game):
    v = check(engine, db, pos(board, game, "e4=blue,e6=blue,e5=red:heroic"), "swordmaster")
    assert not v.legal and v.reasons == ["blocked"]
    v = check(engine, db, pos(board, game, "e4=blue,e6=blue,e5=blue:heroic"), "swordmaster")
    assert not v.legal, "your own higher-rank piece blocks too"


def test_legend_summoning_square_holds_your_piece_of_any_rank(engine, db, board, game):
    # Hell Bull: c . c / h t+c h / . c .  -- the target must hold your piece
    card = db.get("hell-bull")
    pieces = []
    for dx, dy, r in card.pattern.offsets():
        sq = board.name(board.index(4 + dx, 4 - dy))
        if (dx, dy) != (0, 0):
            pieces.append(f"{sq}=blue:{r}")
    base = ",".join(pieces)
    assert not check(engine, db, pos(board, game, base), "hell-bull").legal, "t+c: the target must hold your piece"
    assert not check(engine, db, pos(board, game, base + ",e5=red"), "hell-bull").legal, "an enemy piece does not do"
    v = check(engine, db, pos(board, game, base + ",e5=blue"), "hell-bull")
    assert v.legal and "e5" in {board.name(s) for s in v.placements[0].pattern_squares}
    for rank in ("heroic", "legendary"):
        v = check(engine, db, pos(board, game, base + f",e5=blue:{rank}"), "hell-bull")
        assert "e5" in targets(board, v), f"a legend may stand on your {rank} piece"


def test_summoning_square_that_must_hold_your_piece(engine, db, board, game):
    # High Priestess: . t+c . / . . . / c . c  (heroic being)
    empty = pos(board, game, "d3=blue,f3=blue")
    assert "e5" not in targets(board, check(engine, db, empty, "high-priestess"))
    own = pos(board, game, "d3=blue,f3=blue,e5=blue")
    assert "e5" in targets(board, check(engine, db, own, "high-priestess"))
    heroic = pos(board, game, "d3=blue,f3=blue,e5=blue:heroic")
    assert "e5" in targets(board, check(engine, db, heroic, "high-priestess"))
    legendary = pos(board, game, "d3=blue,f3=blue,e5=blue:legendary")
    v = check(engine, db, legendary, "high-priestess")
    assert "e5" not in targets(board, v), "your own legendary piece outranks a heroic being"


def test_cut_corners_are_not_squares(engine, db, board, game):
    # Sapling: t / c / c -- a column of 3; at a3/a2 the target would be a4 (fine), b1 is cut
    v = check(engine, db, pos(board, game, "a3=blue,a4=blue"), "sapling")
    assert targets(board, v) == {"a5"}, "the other end of the column, a2, is a cut corner"
    v = check(engine, db, pos(board, game, "b2=blue,c2=blue"), "sapling")
    assert targets(board, v) == {"d2"}, "a2 is a cut corner, so only d2"


def test_shortage_reuses_the_piece_on_the_summoning_square(engine, db, board, game):
    p = pos(board, game, "e4=blue,e6=blue,e5=blue", blue={"common": 0})
    v = check(engine, db, p, "swordmaster")
    assert v.legal and v.placements[0].shortage
    assert board.name(v.placements[0].reuses) == "e5"
    assert v.placements[0].destroys is None, "the reused piece becomes the being: it is not destroyed"


def test_shortage_takes_back_a_piece_not_in_the_pattern(engine, db, board, game):
    p = pos(board, game, "e4=blue,e6=blue,a5=blue", blue={"common": 0})
    v = check(engine, db, p, "swordmaster")
    assert v.legal
    assert [board.name(s) for s in v.placements[0].take_back] == ["a5"]


def test_shortage_with_nothing_to_take_back_forbids(engine, db, board, game):
    p = pos(board, game, "e4=blue,e6=blue", blue={"common": 0})
    v = check(engine, db, p, "swordmaster")
    assert not v.legal and "shortage" in v.reasons


def test_shortage_needs_a_piece_of_the_right_kind(engine, db, board, game):
    # a legend needs a legendary piece: commons off the pattern do not help
    card = db.get("fire-dragon")
    pieces = [f"{board.name(board.index(4 + dx, 4 - dy))}=blue:{r}" for dx, dy, r in card.pattern.offsets()]
    spare = ",a5=blue"
    p = pos(board, game, ",".join(pieces) + spare, blue={"legendary": 0})
    assert not check(engine, db, p, "fire-dragon").legal
    p = pos(board, game, ",".join(pieces) + ",a5=blue:legendary", blue={"legendary": 0})
    v = check(engine, db, p, "fire-dragon")
    assert v.legal and [board.name(s) for s in v.placements[0].take_back] == ["a5"]


def test_default_supply_counts_pieces_on_the_board(board, game):
    parser = PositionParser(board, GameConfig.from_data(game))
    duel = parser.from_data({"mode": "duel", "pieces": {"e5": "blue heroic"}}, None, "t")
    assert duel.off_board("blue", "double_sided") == game["pieces"]["deathmatch_base"] - 2 - 1
    high = parser.from_data({"mode": "high-form", "pieces": {"e5": "blue legendary"}}, None, "t")
    assert high.off_board("blue", "double_sided") == game["pieces"]["double_sided"]
    assert high.off_board("blue", "legendary") == game["pieces"]["legendary"] - 1
    melee = parser.from_data({"mode": "melee", "players": 4}, None, "t")
    assert melee.off_board("red", "double_sided") == game["pieces"]["deathmatch_base"] - 4


def test_improvised_summoning_uses_one_enemy_piece(engine, db, board, game):
    p = pos(board, game, "e4=blue,e6=red")
    assert not check(engine, db, p, "swordmaster").legal
    v = check(engine, db, p, "swordmaster", enemy="red")
    assert v.legal and board.name(v.placements[0].enemy_square) == "e6"
    assert not check(engine, db, p, "swordmaster", enemy="yellow").legal


def test_improvised_summoning_never_two_enemy_pieces(engine, db, board, game):
    assert check(engine, db, pos(board, game, "e4=blue,e6=red"), "swordmaster", enemy="red").legal, "one is fine"
    p = pos(board, game, "e4=red,e6=red")
    v = check(engine, db, p, "swordmaster", enemy="red")
    assert not v.legal and v.reasons == ["no-match"]


def test_improvised_summoning_respects_rank(engine, db, board, game):
    card = db.get("storm-elemental")
    pieces = [f"{board.name(board.index(4 + dx, 4 - dy))}=blue:{r}" for dx, dy, r in card.pattern.offsets()]
    heroic_sq = next(p for p in pieces if p.endswith("heroic")).split("=")[0]
    weak = pos(board, game, ",".join(p if not p.startswith(heroic_sq + "=") else f"{heroic_sq}=red:common" for p in pieces))
    assert not check(engine, db, weak, "storm-elemental", enemy="red").legal
    strong = pos(board, game, ",".join(p if not p.startswith(heroic_sq + "=") else f"{heroic_sq}=red:heroic" for p in pieces))
    assert check(engine, db, strong, "storm-elemental", enemy="red").legal


def test_own_pieces_preferred_over_enemy(engine, db, board, game):
    # e5 can be summoned with e4+e6 (both blue) or with d5+f5 (one of them red): both placements are listed,
    # and only the one that needs the red piece is an improvised summoning
    p = pos(board, game, "e4=blue,e6=blue,d5=blue,f5=red")
    v = check(engine, db, p, "swordmaster", enemy="red")
    at_e5 = {tuple(sorted(board.name(s) for s in pl.pattern_squares)): pl for pl in v.placements if board.name(pl.target) == "e5"}
    assert set(at_e5) == {("e4", "e6"), ("d5", "f5")}
    assert at_e5["e4", "e6"].enemy_square is None
    assert board.name(at_e5["d5", "f5"].enemy_square) == "f5"
    alone = check(engine, db, p, "swordmaster")
    assert [sorted(board.name(s) for s in pl.pattern_squares) for pl in alone.placements if board.name(pl.target) == "e5"] == [["e4", "e6"]]


def test_time_traveler_has_a_special_rule(engine, db, board, game):
    # no summoning square in its pattern: its pieces anywhere, the being on an empty colorless square
    assert check(engine, db, pos(board, game, "e4=blue"), "time-traveler").reasons == ["no-match"]
    v = check(engine, db, pos(board, game, "c3=blue,d4=blue,e5=blue", mode="high-form"), "time-traveler")
    assert v.legal and "e4" in targets(board, v) and not {"e5", "h6", "c3"} & targets(board, v)


def test_marks_and_arrows_are_mapped_onto_the_board(engine, db, board, game):
    # Cannon: . nw n ne / . c t+c e / c sw s se
    card = db.get("cannon")
    pieces = [f"{board.name(board.index(4 + dx, 4 - dy))}=blue:{r}" for dx, dy, r in card.pattern.offsets()]
    v = check(engine, db, pos(board, game, ",".join(pieces)), "cannon")
    upright = next(p for p in v.placements if p.orientation.name == "r0")
    arrows = {(board.name(a.square) if a.square is not None else None, a.direction) for a in upright.arrows}
    assert {("e6", "n"), ("f5", "e"), ("d4", "sw")} <= arrows


# ------------------------------------------------------------------ a naive oracle on every card

def oracle(card, position, player, board, enemy=None):
    """Legal summoning squares, by brute force over the 8 transforms of the card's offsets."""
    if not card.has_summoning_square:
        return special_oracle(card, position, player, board, enemy)
    being = card.rank.level
    kind = "legendary" if card.rank == "legendary" else "double_sided"
    short = position.off_board(player, kind) == 0
    needs = [(dx, dy, Rank(rank).level) for dx, dy, rank in card.pattern.offsets()]
    legal = set()
    for _, _, _, fn in TRANSFORMS:
        moved = [(*fn(dx, dy), level) for dx, dy, level in needs]
        for target in board.squares:
            tf, tr = board.coords(target)
            squares, ok, enemies = [], True, 0
            for x, y, level in moved:
                sq = board.index(tf + x, tr - y)
                piece = position.pieces.get(sq) if sq is not None else None
                if sq is None or piece is None or piece.level < level:
                    ok = False
                    break
                if piece.color != player:
                    if piece.color == enemy and enemies == 0:
                        enemies += 1
                    else:
                        ok = False
                        break
                squares.append(sq)
            occupant = position.pieces.get(target)
            if not ok or (occupant and occupant.level > being):
                continue
            if short and not (occupant and occupant.color == player and occupant.kind == kind):
                spare = [s for s, p in position.pieces.items()
                         if p.color == player and p.kind == kind and s not in squares and s != target]
                if not spare:
                    continue
            legal.add(target)
    return legal


def special_oracle(card, position, player, board, enemy=None):
    """Time Traveler: its pieces anywhere (any transform), the being on an empty colorless square."""
    kind = "legendary" if card.rank == "legendary" else "double_sided"
    short = position.off_board(player, kind) == 0
    cells = [(c.x, c.y, Rank(c.piece).level) for c in card.pattern.cells if c.piece]
    free = [sq for sq in board.squares if board.colorless(position.mode) >> sq & 1 and sq not in position.pieces]
    usable = False
    for _, _, _, fn in TRANSFORMS:
        moved = [(*fn(x, y), level) for x, y, level in cells]
        for anchor in board.squares:
            af, ar = board.coords(anchor)
            squares, enemies = [], 0
            for x, y, level in moved:
                sq = board.index(af + x - moved[0][0], ar - (y - moved[0][1]))
                piece = position.pieces.get(sq) if sq is not None else None
                if piece is None or piece.level < level or (piece.color != player and (piece.color != enemy or enemies)):
                    break
                enemies += piece.color != player
                squares.append(sq)
            else:
                spare = [s for s, p in position.pieces.items() if p.color == player and p.kind == kind and s not in squares]
                usable = usable or not short or bool(spare)
    return set(free) if usable else set()


COLORS = ("blue", "red")
RANK_WEIGHTS = ("common", "common", "common", "heroic", "heroic", "legendary")


@st.composite
def positions(draw, board, game, min_pieces=6, max_pieces=40):
    squares = draw(st.lists(st.sampled_from(board.squares), min_size=min_pieces, max_size=max_pieces, unique=True))
    pieces = {}
    counts = {}
    for sq in squares:
        color = draw(st.sampled_from(COLORS))
        rank = draw(st.sampled_from(RANK_WEIGHTS))
        kind = "legendary" if rank == "legendary" else "double_sided"
        if counts.get((color, kind), 0) >= (3 if kind == "legendary" else 16):
            continue
        counts[color, kind] = counts.get((color, kind), 0) + 1
        pieces[sq] = Piece(color, rank)
    supply = {}
    if draw(st.booleans()):
        supply = {"blue": {"double_sided": draw(st.integers(0, 2)), "legendary": draw(st.integers(0, 1))}}
    return Position(board, pieces, "duel", 2, supply, {"double_sided": 16, "legendary": 3})


@fewer_examples(4)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_engine_agrees_with_the_naive_oracle_on_every_card(engine, db, board, game, data, examples):
    """The default run's sample of the sweep below (60 positions, every card: in the slow run)."""
    _agrees_with_the_naive_oracle(engine, db, board, game, data)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_engine_agrees_with_the_naive_oracle_on_every_card_on_many_positions(engine, db, board, game, data):
    _agrees_with_the_naive_oracle(engine, db, board, game, data)


def _agrees_with_the_naive_oracle(engine, db, board, game, data) -> None:
    position = data.draw(positions(board, game))
    enemy = data.draw(st.sampled_from([None, "red"]))
    for card in db.cards:
        if card.type not in ("being", "legend"):
            continue
        v = engine.check(card, position, "blue", enemy, explain=False)
        assert {p.target for p in v.placements} == oracle(card, position, "blue", board, enemy), card.id


@fewer_examples(10)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_rotating_or_mirroring_the_position_never_changes_legality(engine, db, board, game, data, examples):
    position = data.draw(positions(board, game))
    t = data.draw(st.sampled_from([name for name, *_ in TRANSFORMS]))
    moved = position.transformed(t)
    for card in db.cards:
        if card.type not in ("being", "legend"):
            continue
        a = engine.check(card, position, "blue", "red", explain=False)
        b = engine.check(card, moved, "blue", "red", explain=False)
        assert a.legal == b.legal, (card.id, t)
        if not card.has_summoning_square:
            # Time Traveler's being goes on a colorless square, and the red and green squares (on both
            # faces of the board) are not symmetric: the patterns it finds are (40 pieces at most leave
            # free colorless squares on both positions)
            assert {frozenset(board.transform(sq, t) for sq in p.pattern_squares) for p in a.placements} == \
                {frozenset(p.pattern_squares) for p in b.placements}, t
            continue
        assert len(a.placements) == len(b.placements), (card.id, t)
        assert {board.transform(p.target, t) for p in a.placements} == {p.target for p in b.placements}


def test_board_symmetries_are_bijections(board):
    for name, *_ in TRANSFORMS:
        images = {board.transform(sq, name) for sq in board.squares}
        assert images == set(board.squares), name


def test_summonable_checks_every_card_at_once(cli, tmp_path):
    from conftest import write

    f = write(tmp_path / "p.yaml", "pieces:\n  e4: blue\n  e6: blue\n  e5: red common\n")
    r = cli("summonable", "--position", str(f), "--player", "blue", "--json")
    assert r.code == 0, r.err
    out = r.json
    assert out["player"] == "blue"
    assert len(out["cards"]) == 119 + 1  # every being and legend, Time Traveler included
    legal = {c["card"] for c in out["cards"] if c["legal"]}
    assert "swordmaster" in legal
    for c in out["cards"]:
        assert {"card", "player", "legal", "placements"} <= set(c)


def test_summon_json_contract(cli, tmp_path):
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=red,e5=yellow", "--player", "blue",
            "--allow-enemy", "red", "--mode", "melee", "--json")
    assert r.code == 0, r.err
    out = r.json
    assert out["card"] == "swordmaster" and out["player"] == "blue" and out["legal"] is True
    pl = out["placements"][0]
    assert pl["target"] == "e5" and sorted(pl["pattern_squares"]) == ["e4", "e6"]
    assert pl["enemy_square"] == "e6"
    assert pl["destroys"] == "e5"
    assert pl["destroyed_piece"] == {"color": "yellow", "rank": "common"}


def test_summon_illegal_explains(cli):
    r = cli("summon", "swordmaster", "--pieces", "e4=blue", "--player", "blue", "--json")
    assert r.code == 0
    out = r.json
    assert out["legal"] is False and out["placements"] == []
    assert out["reasons"] == ["no-match"]
    assert out["near_misses"] and out["near_misses"][0]["lacks"][0]["problem"] == "missing"
    text = cli("summon", "swordmaster", "--pieces", "e4=blue", "--player", "blue")
    assert "cannot be summoned" in text.out and "needs your common piece" in text.out


def test_summon_svg(cli, tmp_path):
    out = tmp_path / "b.svg"
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg", str(out))
    assert r.code == 0
    svg = out.read_text()
    assert re.match(r"<!-- written by tashkalar sha256:[0-9a-f]{64} -->\n<svg", svg) and svg.count("<circle") == 2 and "stroke-width=\"4\"" in svg


def test_summon_a_flare_is_refused(cli):
    r = cli("summon", "flare-3-6", "--pieces", "e4=blue", "--player", "blue")
    assert r.code == 2 and "not a being" in r.err


def test_cached_orientations_equal_the_computed_ones(dataset, db, board):
    from tashkalar_cli.games.tashkalar.engine.summoning import compile_card

    cached = dataset.derived["orientations"]
    checked = 0
    for card in db.beings:
        if card.has_summoning_square:
            assert compile_card(card, cached[card.id]) == compile_card(card), card.id
            checked += 1
    assert checked == len(cached) == 119


def test_a_block_is_not_reported_as_a_shortage(engine, db, board, game):
    # the only match is blocked by blue's own legendary piece; a5 could be taken back, so no shortage
    p = pos(board, game, "e5=blue:legendary,d3=blue,f3=blue,a5=blue", blue={"common": 0})
    v = check(engine, db, p, "high-priestess")
    assert not v.legal and v.reasons == ["blocked"]


def test_summonable_hand_and_deck(cli, db):
    r = cli("summonable", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--hand", "swordmaster,knight",
            "--hand", "Fire Dragon", "--json")
    assert r.code == 0, r.err
    assert [c["card"] for c in r.json["cards"]] == ["swordmaster", "knight", "fire-dragon"]
    r = cli("summonable", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--deck", "sylvan", "--json")
    assert r.code == 0, r.err
    assert {c["card"] for c in r.json["cards"]} == {c.id for c in db.beings if c.deck == "sylvan"}
    assert cli("summonable", "--pieces", "e4=blue", "--player", "blue", "--hand", "flare-3-6").code == 2
    assert cli("summonable", "--pieces", "e4=blue", "--player", "blue", "--deck", "orcs").code == 2

"""Flares, tasks and deathmatch scoring: every task on both sides of its boundary."""

from __future__ import annotations

import pytest

from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task
from tashkalar_cli.games.tashkalar.model.config import GameConfig
from tashkalar_cli.games.tashkalar.model.position_parser import PositionParser
from tashkalar_cli.games.tashkalar.model.turn import parse_turn

from conftest import write


@pytest.fixture
def make(board, game):
    parser = PositionParser(board, GameConfig.from_data(game))

    def build(pieces: dict, mode="high-form"):
        return parser.from_data({"mode": mode, "pieces": pieces}, None, "t")

    return build


@pytest.fixture
def turn(board, game, db):
    def build(**data):
        data.setdefault("player", "blue")
        return parse_turn(data, None, "turn", PositionParser(board, GameConfig.from_data(game)), db)

    return build


def task(db, make, task_id, pieces, against=None, record=None, player="blue"):
    pos = make(pieces)
    others = [c for c in pos.colors if c != player]
    vs = against or (others[0] if len(others) == 1 else None)
    return check_task(db.get(task_id), Context(pos, player, vs, record, db))


def on(squares, piece="blue common"):
    return {sq: piece for sq in squares}


# ------------------------------------------------------------------ flares

@pytest.mark.parametrize("flare_id", ["flare-3-6", "flare-4-4", "flare-3-5", "flare-4-5", "flare-3-6b", "flare-4-4b",
                                      "flare-4-6", "flare-4-5b", "flare-5-4", "flare-5-5", "flare-3-4", "flare-2-5"])
def test_every_flare_on_both_sides_of_both_thresholds(db, make, game, flare_id):
    from tashkalar_cli.games.tashkalar.engine.flares import check_flare

    card = db.get(flare_id)
    up, low = card.thresholds["upper"], card.thresholds["lower"]
    squares = ["c3", "c4", "c5", "c6", "c7", "d3", "d4", "d5", "d6", "d7", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "f6", "f7", "g3", "g4", "g5", "g6", "g7"]

    def position(upgraded_lead: int, total_lead: int):
        """Blue has 1 common piece; red leads by ``upgraded_lead`` heroic and ``total_lead`` pieces in all."""
        reds = max(total_lead + 1, upgraded_lead)
        pieces = {sq: ("red heroic" if i < upgraded_lead else "red common") for i, sq in enumerate(squares[:reds])}
        return make({"a5": "blue common", **pieces}, mode="duel")

    for lead in (up, up - 1):
        r = check_flare(card, position(lead, 0), "blue", "red", GameConfig.from_data(game))
        assert r.differences["upgraded"] == lead
        assert r.upper_met == (lead >= up)
    for lead in (low, low - 1):
        r = check_flare(card, position(0, lead), "blue", "red", GameConfig.from_data(game))
        assert r.differences["total"] == lead
        assert r.lower_met == (lead >= low)
        assert r.halves == (["lower"] if lead >= low else [])
        assert (r.point_to == "red") == (lead >= low)


def test_both_halves_upper_first_and_melee_point(cli):
    pieces = "a5=blue,c3=red:heroic,c4=red:heroic,c5=red:heroic,c6=red,c7=red,d3=red,d4=red"
    r = cli("flare", "check", "flare-3-5", "--player", "blue", "--pieces", pieces, "--json")
    assert r.code == 0, r.err
    assert r.json["resolve"] == ["upper", "lower"]
    assert r.json["point"] == {"to": "red", "points": 1, "in_color": None}
    r = cli("flare", "check", "3/5", "--player", "blue", "--pieces", pieces + ",e5=yellow", "--mode", "melee",
            "--against", "red", "--json")
    assert r.json["point"] == {"to": "red", "points": 1, "in_color": "blue"}
    r = cli("flare", "check", "flare-3-5", "--player", "blue", "--pieces", pieces + ",e5=yellow", "--mode", "melee")
    assert r.code == 2 and "--against" in r.err
    r = cli("flare", "check", "flare-3-5", "--player", "blue", "--pieces", pieces, "--mode", "high-form", "--json")
    assert r.json["point"] is None


def test_flare_check_all(cli):
    pieces = "a5=blue,c3=red:heroic,c4=red:heroic,c5=red"
    r = cli("flare", "check", "--all", "--player", "blue", "--pieces", pieces, "--json")
    assert r.code == 0
    invocable = {f["flare"] for f in r.json["flares"] if f["can_invoke"]}
    assert invocable == {"flare-2-5"}
    assert cli("flare", "check", "--player", "blue", "--pieces", pieces).code == 2


# ------------------------------------------------------------------ tasks on the board

def colored(board, mask):
    return {board.name(sq) for sq in board.squares if mask >> sq & 1}


def test_red_green_and_color_conquest(db, make, board):
    red = ["c8", "d2", "e5", "h6"]
    green = ["a5", "c3", "f8"]
    assert set(red) <= colored(board, board.red) and set(green) <= colored(board, board.green), \
        "the positions below stand on the board's colored squares"
    assert not set(red) & colored(board, board.green)
    ok = {**on(red[:1], "blue heroic"), **on(red[1:2], "blue legendary"), **on(red[2:3])}
    assert task(db, make, "red-conquest", ok).met
    assert not task(db, make, "red-conquest", {**ok, "d2": "blue common"}).met, "only 1 upgraded"
    assert not task(db, make, "red-conquest", {k: v for k, v in ok.items() if k != "e5"}).met, "only 2 pieces"
    g = {**on(green[:2], "blue heroic"), **on(green[2:])}
    assert task(db, make, "green-conquest", g).met
    assert not task(db, make, "green-conquest", on(green[:2], "blue heroic")).met, "only 2 pieces"
    assert not task(db, make, "green-conquest", {**g, green[1]: "blue common"}).met, "only 1 upgraded"
    moved = {**on(green[:2], "blue heroic"), "e5": "blue common"}
    assert not task(db, make, "green-conquest", moved).met, "a piece off the green squares does not count"
    both = {**on(green[:2], "blue heroic"), "c8": "blue heroic", "d2": "blue", "e5": "blue"}
    assert task(db, make, "color-conquest", both).met
    assert not task(db, make, "color-conquest", {**both, "c8": "blue"}).met


def test_red_and_green_legends(db, make):
    assert task(db, make, "red-legends", {"c8": "blue legendary", "d2": "blue heroic"}).met
    assert not task(db, make, "red-legends", {"c8": "blue heroic", "d2": "blue heroic"}).met
    assert not task(db, make, "red-legends", {"c8": "blue legendary"}).met
    assert task(db, make, "green-legends", {"a5": "blue legendary", "i4": "blue heroic"}).met
    assert not task(db, make, "green-legends", {"a5": "blue legendary", "i4": "blue common"}).met


def test_rainbow_dominance(db, make):
    base = {"c8": "blue heroic", "a5": "blue heroic", "d2": "red heroic"}
    assert not task(db, make, "rainbow-dominance", base).met, "1 red each: not more"
    assert task(db, make, "rainbow-dominance", {**base, "e5": "blue legendary"}).met
    assert not task(db, make, "rainbow-dominance", {**base, "e5": "blue legendary", "c3": "red heroic"}).met


def test_central_dominance_and_center_cross(db, make):
    central = {"d4": "blue heroic", "e4": "blue heroic", "f4": "blue", "d5": "blue", "e5": "blue"}
    assert task(db, make, "central-dominance", central).met
    assert not task(db, make, "central-dominance", {**central, "e4": "blue"}).met
    assert not task(db, make, "central-dominance", {k: v for k, v in central.items() if k != "f4"}).met
    plus = on(["e5", "d5", "f5", "e4", "e6"])
    x = on(["e5", "d4", "f4", "d6", "f6"])
    assert task(db, make, "center-cross", plus).met and task(db, make, "center-cross", x).met
    assert not task(db, make, "center-cross", {**on(["e5", "d5", "f5", "e4"]), "d4": "blue"}).met
    assert not task(db, make, "center-cross", {**plus, "e5": "red"}).met


def test_line_dominance(db, make):
    line = on(["a5", "b5", "c5", "d5", "e5", "f5"])
    assert task(db, make, "line-dominance", line, against="red").met
    assert not task(db, make, "line-dominance", {**line, "i5": "red"}).met
    assert not task(db, make, "line-dominance", on(["a3", "b3", "c3", "d3", "e3", "f3"]), against="red").met, "rank 3 is not a central line"


def test_line_dominance_names_the_line_and_its_pieces(db, make, board):
    check = task(db, make, "line-dominance", {**on(["e1", "e2", "e3", "e4", "e6", "e7", "e8"]), "a5": "red"}, against="red")
    assert check.met
    req = check.requirements[0]
    assert (req.have, req.need) == (7, 6) and (req.params["line_kind"], req.params["line"]) == ("file", "e")
    assert sorted(board.name(sq) for sq in check.squares) == ["e1", "e2", "e3", "e4", "e6", "e7", "e8"]
    check = task(db, make, "line-dominance", {**on(["e1", "e2", "e3", "e4", "e6", "e7"]), "e5": "red"}, against="red")
    assert not check.met and check.requirements[0].have == 5, "6 of mine less 1 of theirs on the line"
    best = task(db, make, "line-dominance", on(["d2", "d8", "e1", "e2", "e8"]), against="red")
    req = best.requirements[0]
    assert not best.met and req.have == 3 and (req.params["line_kind"], req.params["line"]) == ("file", "e"), \
        "the best line is named, even when it is better by one only"
    alone = task(db, make, "line-dominance", on(["a5", "b5", "c5", "d5", "e5", "f5"]))   # no opponent at all
    assert alone.against is None and alone.met and alone.requirements[0].have == 6
    nowhere = task(db, make, "line-dominance", {"b2": "blue", "h8": "red"})
    assert not nowhere.met and nowhere.requirements[0].have == 0


def test_diagonals(db, make):
    d1 = {"b2": "blue heroic", "c3": "blue", "d4": "blue", "e5": "blue"}
    d2 = {"b8": "blue heroic", "c7": "blue", "d6": "blue", "f4": "blue"}
    assert task(db, make, "diagonals", {**d1, **d2}).met, "e5 counts for both diagonals"
    assert not task(db, make, "diagonals", {**d1, **d2, "b8": "blue"}).met
    three = {**d1, **{k: v for k, v in d2.items() if k != "f4"}}
    assert task(db, make, "diagonals", three).met, "b8, c7, d6 and the shared e5 make 4"
    assert not task(db, make, "diagonals", {k: v for k, v in three.items() if k != "c7"}).met


def test_side_and_corner_chains(db, make):
    column = on(["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"])
    r = task(db, make, "side-chain", column)
    assert r.met and len(r.squares) == 9
    assert not task(db, make, "side-chain", {k: v for k, v in column.items() if k != "e5"}).met
    zigzag = on(["a4", "b5", "c4", "d5", "e4", "f5", "g4", "h5", "i4"])
    assert task(db, make, "side-chain", zigzag).met, "diagonal steps connect"
    diagonal = on(["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
    assert task(db, make, "corner-chain", diagonal).met
    assert not task(db, make, "corner-chain", {k: v for k, v in diagonal.items() if k != "h8"}).met
    assert not task(db, make, "corner-chain", {**{k: v for k, v in diagonal.items() if k != "e5"}, "e5": "red"}).met


def test_imprisonment_and_envelopment(db, make):
    ring = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
    six = {**on(ring[:6]), "e5": "red"}
    assert task(db, make, "imprisonment", six).met
    assert not task(db, make, "imprisonment", {**on(ring[:5]), "e5": "red"}).met
    assert not task(db, make, "envelopment", six).met
    assert task(db, make, "envelopment", {**on(ring[:7]), "e5": "red"}).met


def test_isolation(db, make):
    # red e5 and red e7 are 2 apart; blue walls e5 in completely: it cannot move at all
    wall = on(["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])
    assert task(db, make, "isolation", {**wall, "e5": "red", "e7": "red"}).met
    # an open square lets it reach a square next to e7 in 1 move
    open_wall = {k: v for k, v in wall.items() if k != "f6"}
    assert not task(db, make, "isolation", {**open_wall, "e5": "red", "e7": "red"}).met
    # far apart enemy pieces do not count
    assert not task(db, make, "isolation", {**wall, "e5": "red", "a5": "red"}).met


def test_isolation_needs_a_fellow_piece_within_the_distance(db, make, board):
    """The task's distance is 2: a fellow piece 3 squares away does not make a walled-in piece isolated."""
    assert db.get("isolation").criterion["distance"] == 2
    wall = on(["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])
    check = task(db, make, "isolation", {**wall, "e5": "red", "e8": "red"})
    assert check.met is False
    check = task(db, make, "isolation", {**wall, "e5": "red", "g7": "red"})   # 2 away diagonally
    assert check.met is True and [board.name(sq) for sq in check.squares] == ["e5", "g7"]


@pytest.mark.parametrize(("exit_square", "moves_needed"), [("d5", 3), ("d4", 4)])
def test_isolation_counts_moves_exactly(db, make, exit_square, moves_needed):
    """Red e5 walled in but for one exit, its fellow piece e7 two squares away: through d5 it reaches
    d7 (next to e7) in 3 moves (d5, c6, d7), through d4 in 4 (d4, c5, c6, d7). The task allows
    3 moves: the first is not isolated, the second is."""
    allowed = db.get("isolation").criterion["moves"]
    assert allowed == 3
    ring = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
    pieces = {**on(sq for sq in ring if sq != exit_square), "e5": "red", "e7": "red"}
    check = task(db, make, "isolation", pieces)
    assert check.met is (moves_needed > allowed), check.requirements
    assert [(r.have, r.need) for r in check.requirements] == [(1, 1) if check.met else (0, 1)]


@pytest.mark.parametrize("fellow", ["f5", "e6", "d4"])
def test_a_piece_next_to_a_fellow_piece_is_not_isolated(db, make, fellow):
    """Walled in, but already touching a piece of its own color (on any side): not isolated."""
    ring = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
    pieces = {**on(sq for sq in ring if sq != fellow), "e5": "red", fellow: "red"}
    assert task(db, make, "isolation", pieces).met is False


# ------------------------------------------------------------------ tasks of the turn

def test_destruction_tasks(db, make, turn):
    board_only = {"a5": "blue"}
    three = turn(destroyed=["red common", "red common", "red heroic"])
    two = turn(destroyed=["red common", "red common", "blue heroic"])
    assert task(db, make, "destruction", board_only, record=three).met
    assert not task(db, make, "destruction", board_only, record=two).met, "own pieces do not count"
    assert not task(db, make, "devastation", board_only, record=three).met
    assert task(db, make, "devastation", board_only, record=turn(destroyed=["red"] * 4)).met
    assert task(db, make, "heroic-destruction", board_only, record=three).met
    assert not task(db, make, "heroic-destruction", board_only, record=turn(destroyed=["red"] * 3)).met
    four_two = turn(destroyed=["red", "red", "red heroic", "red legendary"])
    assert task(db, make, "heroic-devastation", board_only, record=four_two).met
    assert not task(db, make, "heroic-devastation", board_only, record=turn(destroyed=["red", "red", "red", "red heroic"])).met
    assert task(db, make, "end-of-legends", board_only, record=turn(destroyed=["red legendary"])).met
    assert task(db, make, "end-of-legends", board_only, record=turn(destroyed=["red heroic", "red heroic"])).met
    assert not task(db, make, "end-of-legends", board_only, record=turn(destroyed=["red heroic", "red"])).met
    assert task(db, make, "destruction", board_only).met is None, "needs a turn record"


def test_summoning_tasks(db, make, turn):
    board_only = {"a5": "blue"}
    red = turn(summoned=[{"card": "swordmaster", "square": "e5"}, "knight a4"])
    assert task(db, make, "red-summoning", board_only, record=red).met
    assert not task(db, make, "green-summoning", board_only, record=red).met
    assert task(db, make, "green-summoning", board_only, record=turn(summoned=["swordmaster c3", "knight e4"])).met
    assert not task(db, make, "red-summoning", board_only, record=turn(summoned=["swordmaster e5"])).met
    assert not task(db, make, "colored-summoning", board_only, record=red).met
    same_square = turn(summoned=["swordmaster e5", "knight e5"])
    assert task(db, make, "colored-summoning", board_only, record=same_square).met
    legend = turn(summoned=["fire-dragon e5", "knight a4"])
    assert task(db, make, "legendary-summoning", board_only, record=legend).met
    assert not task(db, make, "legendary-summoning", board_only, record=red).met


def test_high_form_score_and_end(cli, tmp_path):
    f = write(tmp_path / "p.yaml", "mode: high-form\npieces:\n  e5: blue legendary\n  e4: blue legendary\n"
              "tasks_claimed:\n  blue: [color-conquest, diagonals, green-legends]\n")
    r = cli("task", "check", "center-cross", "--player", "blue", "--position", str(f), "--json")
    assert r.code == 0, r.err
    assert r.json["score"] == {"tasks": 9, "legendary_pieces": 2, "total": 11, "end_threshold": 9, "triggers_end": True}
    r = cli("task", "check", "destruction", "--player", "blue", "--position", str(f))
    assert r.code == 2 and "--turn" in r.err


def test_each_mode_ends_at_its_own_threshold(game):
    from tashkalar_cli.games.tashkalar.model.types import Mode

    config = GameConfig.from_data(game)
    assert config.end_threshold(Mode.HIGH_FORM, 2) == game["end"]["high_form_points"] == 9
    assert config.end_threshold(Mode.DUEL, 2) == game["end"]["duel_points"] == 18
    assert config.end_threshold(Mode.MELEE, 3) == 12 and config.end_threshold(Mode.MELEE, 4) == 10


@pytest.mark.parametrize(("claimed", "legends", "total"), [
    (["color-conquest", "diagonals", "center-cross"], 0, 8),
    (["color-conquest", "diagonals", "center-cross"], 1, 9),
    (["color-conquest", "diagonals"], 2, 8),
    (["color-conquest", "diagonals"], 3, 9),
])
def test_a_high_form_game_ends_at_exactly_the_threshold(tk, game, claimed, legends, total):
    """9 points end the game, 8 do not: claimed tasks (3, 3, 2) plus 1 per legendary piece on the board."""
    assert (game["end"]["high_form_points"], game["score"]["legendary_on_board"]) == (9, 1)
    # a red legendary piece and a blue common one: neither is a blue legendary piece
    pieces = ",".join([f"{sq}=blue:legendary" for sq in ["e5", "e4", "e3"][:legends]] + ["a5=red:legendary", "b4=blue"])
    pos = tk.position(pieces=pieces, mode="high-form")
    pos.tasks_claimed["blue"] = list(claimed)
    score = tk.high_form_score(pos, "blue")
    assert score == {"tasks": total - legends, "legendary_pieces": legends, "total": total, "end_threshold": 9,
                     "triggers_end": total >= 9}


# ------------------------------------------------------------------ deathmatch scoring

def test_duel_scoring(db, game, turn):
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    t = turn(destroyed=["red legendary", "red heroic", "red", "red", "red", "blue heroic"],
             summoned=["fire-dragon e5", "knight e4"], flares=["flare-3-6"], scores={"blue": 10, "red": 17})
    s = score_turn(t, GameConfig.from_data(game), db)
    assert s.points_for["blue"] == 2 + 1 + 1 + 1, "2 legendary, 1 heroic, 1 pair (the odd common scores nothing), 1 legend"
    assert s.points_for["red"] == 1, "the flare point goes to the opponent"
    assert s.ignored == ["blue heroic"]
    assert s.totals == {"blue": 15, "red": 18}
    assert s.end_triggered == ["red"]


def test_a_high_form_turn_scores_no_deathmatch_points(db, game, turn):
    """High Form scores its tasks and legends (high_form_score), not the pieces destroyed, beings summoned and flares
    of a turn: the deathmatch lines are none, and the totals are the turn's as given (a condition made always true
    counted a destroyed legendary and a flare there)."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    t = turn(mode="high-form", destroyed=["red legendary", "red", "red"], summoned=["knight e4"],
             flares=["flare-3-6"], scores={"blue": 4, "red": 3})
    s = score_turn(t, GameConfig.from_data(game), db)
    assert s.lines == [] and s.points_for == {}
    assert s.totals == {"blue": 4, "red": 3}


def test_melee_scoring_per_color_and_unpaired(db, game, turn):
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    t = turn(mode="melee", players=4, destroyed=["red", "red", "yellow", "green"], flares=[{"flare": "flare-3-6", "against": "red"}],
             scores={"blue": {"red": 9}})
    s = score_turn(t, GameConfig.from_data(game), db)
    by_reason = {(x.reason, "choice" if x.player_chooses else x.color): x for x in s.lines}
    assert by_reason["common-pair", "red"].points == 1
    unpaired = by_reason["unpaired-commons", "choice"]
    assert unpaired.points == 1 and unpaired.choices == ["green", "yellow"]
    assert by_reason["flare", "blue"].who == "red"
    assert s.threshold == 10 and s.totals["blue"]["red"] == 10 and s.end_triggered == ["blue"]
    one = score_turn(turn(mode="melee", players=3, destroyed=["red", "yellow", "yellow"]), GameConfig.from_data(game), db)
    assert not any(x.reason == "unpaired-commons" for x in one.lines), "a single unpaired common scores nothing"
    assert one.threshold == 12


def test_score_cli_and_bad_turn_records(cli, tmp_path):
    good = write(tmp_path / "t.yaml", "player: blue\ndestroyed: [red heroic, red, red]\nsummoned: [fire-dragon e5]\n")
    r = cli("score", "--turn", str(good), "--json")
    assert r.code == 0, r.err
    assert r.json["points"] == {"blue": 3}
    for text, frag in (("destroyed: [red]\n", "player"), ("player: pink\n", "is not a color"),
                       ("player: blue\nsummoned: [flare-3-6]\n", "not a being"), ("player: blue\nsummoned: [dragn e5]\n", "did you mean"),
                       ("player: blue\ndestroyed: [red epic]\n", "is not a rank"), ("player: blue\nplayer: red\n", "duplicate key"),
                       ("player: blue\nmode: melee\nflares: [flare-3-6]\n", "opponent"), ("", "empty")):
        f = write(tmp_path / "bad.yaml", text)
        r = cli("score", "--turn", str(f))
        assert r.code == 2, text
        assert frag in r.err, (text, r.err)


def test_melee_points_of_choice_count_for_the_end(db, game, turn):
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    certain = score_turn(turn(mode="melee", players=3, destroyed=["red", "yellow"], summoned=["titan e5"],
                              scores={"blue": {"red": 11, "yellow": 11}}), GameConfig.from_data(game), db)
    assert certain.end_triggered == ["blue"], "2 points of choice: one color reaches 12 whatever blue chooses"
    maybe = score_turn(turn(mode="melee", players=3, destroyed=["red", "yellow"],
                            scores={"blue": {"red": 11, "yellow": 5}}), GameConfig.from_data(game), db)
    assert maybe.end_triggered == [] and maybe.end_possible == ["blue"]
    legend = next(x for x in certain.lines if x.reason == "legend-summoned")
    assert legend.choices == ["red", "yellow"]


def test_duel_scoring_at_the_edges(db, game, turn):
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    config = GameConfig.from_data(game)
    assert config.duel_points == 18
    lone = score_turn(turn(destroyed=["red"]), config, db)
    assert lone.lines == [] and lone.points_for == {}, "a single common is no pair: no line at all, not a line of 0"
    first = score_turn(turn(destroyed=["red heroic", "red", "red"]), config, db)
    assert first.totals == {"blue": 2}, "no score given: the points of the turn are the total"
    below = score_turn(turn(destroyed=["red heroic"], scores={"blue": 16, "red": 17}), config, db)
    assert below.totals == {"blue": 17, "red": 17} and below.end_triggered == [] and below.end_possible == []
    at = score_turn(turn(destroyed=["red heroic", "red", "red"], scores={"blue": 16, "red": 17}), config, db)
    assert at.totals["blue"] == 18 and at.end_triggered == ["blue"]


@pytest.mark.parametrize(("before", "ends"), [(9, True), (8, False)])
def test_melee_fixed_points_end_the_game_at_exactly_the_threshold(db, game, turn, before, ends):
    """A pair of red commons: 1 point in red, no point of choice; 4 players play to 10."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    s = score_turn(turn(mode="melee", players=4, destroyed=["red", "red"], scores={"blue": {"red": before, "yellow": 2}}),
                   GameConfig.from_data(game), db)
    assert s.threshold == 10 and not any(x.player_chooses for x in s.lines)
    assert s.totals["blue"] == {"red": before + 1, "yellow": 2}
    assert s.end_triggered == (["blue"] if ends else []) and s.end_possible == s.end_triggered


def test_melee_points_go_to_a_color_not_scored_before(db, game, turn):
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    s = score_turn(turn(mode="melee", players=4, destroyed=["red", "red"], scores={"blue": {"yellow": 3}}),
                   GameConfig.from_data(game), db)
    assert s.totals["blue"] == {"yellow": 3, "red": 1}


def test_melee_points_of_choice_may_go_to_the_colors_of_the_players_own_score(db, game, turn):
    """Nothing destroyed and no opponent named: the legend's point may go to any color blue has
    scored in, and 11 + 1 reaches the 3-player threshold whichever."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    s = score_turn(turn(mode="melee", players=3, summoned=["titan e5"], scores={"blue": {"red": 11, "yellow": 11}}),
                   GameConfig.from_data(game), db)
    legend = next(x for x in s.lines if x.reason == "legend-summoned")
    assert legend.choices == ["red", "yellow"]
    assert s.end_triggered == ["blue"] and s.end_possible == ["blue"]


def test_a_point_of_choice_with_no_color_to_go_to_ends_nothing(db, game, turn):
    """A melee record that names no other color: the legend's point has nowhere known to go, and
    cannot be said to end the game."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    s = score_turn(turn(mode="melee", players=3, summoned=["titan e5"]), GameConfig.from_data(game), db)
    assert [(x.reason, x.choices) for x in s.lines] == [("legend-summoned", [])]
    assert s.end_triggered == [] and s.end_possible == []


def changed(game: dict, **values: int) -> GameConfig:
    """The game's numbers with some changed, as a data change would (``score_common_pair=2``)."""
    import copy

    data = copy.deepcopy(game)
    for key, value in values.items():
        section, name = key.split("_", 1)
        data[section][name] = value
    return GameConfig.from_data(data)


def test_the_points_are_the_datas(db, game, turn, tk):
    """Every value of the scoring comes from cards/game.yaml: other numbers, other points."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    config = changed(game, score_common_pair=2, score_legend_summoned=3, score_legendary_on_board=2)
    s = score_turn(turn(destroyed=["red"] * 5, summoned=["fire-dragon e5"]), config, db)
    assert {x.reason: x.points for x in s.lines} == {"common-pair": 2 * 2, "legend-summoned": 3}
    from tashkalar_cli.games.tashkalar.engine.tasks import high_form_score

    pos = tk.position(pieces="e5=blue:legendary,e4=blue:legendary,a5=red", mode="high-form")
    assert high_form_score(pos, "blue", db, config)["legendary_pieces"] == 2
    assert high_form_score(pos, "blue", db, config)["total"] == 2 * 2


@pytest.mark.parametrize(("scores", "end", "possible"), [
    ({}, ["blue"], ["blue"]),                       # 0 + 1 reaches 1 in whichever color
    ({"blue": {"red": 1}}, [], ["blue"]),           # 2 in red would reach 2, 1 in yellow would not
])
def test_a_point_of_choice_counts_from_zero_in_a_new_color(db, game, turn, scores, end, possible):
    """With a melee played to 1 or 2 points (other data), where the legend's point goes decides."""
    from tashkalar_cli.games.tashkalar.engine.scoring import score_turn

    target = 1 if not scores else 2
    config = changed(game, end_melee_3_points=target)
    s = score_turn(turn(mode="melee", players=3, summoned=["titan e5"], opponents=["red", "yellow"], scores=scores),
                   config, db)
    assert s.threshold == target
    assert s.end_triggered == end and s.end_possible == possible


def test_flare_opponent_in_a_turn_record(db, turn):
    from tashkalar_cli.errors import InputError

    assert turn(destroyed=["red"], flares=["flare-3-6"]).flares[0].against == "red"
    assert turn(opponents=["red"], flares=["flare-3-6"]).flares[0].against == "red"
    with pytest.raises(InputError, match="against"):
        turn(flares=["flare-3-6"])
    with pytest.raises(InputError, match="opponent"):
        turn(flares=[{"flare": "flare-3-6", "against": "blue"}])


def test_a_task_is_claimed_once(cli, tmp_path):
    f = write(tmp_path / "p.yaml", "mode: high-form\ntasks_claimed:\n  blue: [side-chain, side-chain]\n")
    r = cli("task", "check", "side-chain", "--player", "blue", "--position", str(f))
    assert r.code == 2 and "twice" in r.err
    f = write(tmp_path / "q.yaml", "mode: high-form\ntasks_claimed:\n  blue: [side-chain]\n  red: [side-chain]\n")
    r = cli("task", "check", "side-chain", "--player", "blue", "--position", str(f))
    assert r.code == 2 and "twice" in r.err

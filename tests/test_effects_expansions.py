"""The effects of the expansion decks (everfrost, nethervoid, etherweave), checked outcome set by outcome set.

Each case of ``tests/effects_cases/expansions.yaml`` is a hand-built position, a summon (or a frost
or warp effect played on its own) and the exact set of outcomes the card's text allows, worked out
by hand from the card's text and the rules (not from the resolver). An outcome is written as the
changes it makes to the position right after the summon (``changes``, see :func:`apply_changes`),
with the actions it gains and its notes; the resolver's outcomes must be that set, no more, no less.
A few cases whose outcomes are many (every empty square) generate them from a rule written here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

effects = pytest.importorskip("tashkalar_cli.games.tashkalar.engine.effects", reason="the effect resolver is not merged yet")
model_effects = pytest.importorskip("tashkalar_cli.games.tashkalar.model.effects")
assert "crystal-mirror" in effects.SPECIALS     # the special handlers' registry, imported with the resolver

from tashkalar_cli.errors import InputError  # noqa: E402
from tashkalar_cli.game import Game  # noqa: E402
from tashkalar_cli.games.tashkalar.engine.summoning import apply_summon  # noqa: E402
from tashkalar_cli.games.tashkalar.model.markers import MarkerRule, read_rules  # noqa: E402
from tashkalar_cli.games.tashkalar.model.notation import position_data  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CASES = yaml.safe_load((HERE / "effects_cases" / "expansions.yaml").read_text(encoding="utf-8"))
DECKS = ("everfrost", "nethervoid", "etherweave")
DIRECTIONS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1), "s": (0, -1), "sw": (-1, -1),
              "w": (-1, 0), "nw": (-1, 1)}

Pieces = dict[str, tuple[str, str]]        # square name -> (color, rank)


def card_data() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for deck in DECKS:
        for card in yaml.safe_load((REPO / "cards" / "beings" / f"{deck}.yaml").read_text(encoding="utf-8"))["cards"]:
            out[card["id"]] = {**card, "deck": deck}
    return out


CARDS = card_data()
#: the markers the decks declare (the Gateway), by name
MARKERS = read_rules(yaml.safe_load((REPO / "cards" / "decks.yaml").read_text(encoding="utf-8"))["decks"])


def deck_markers(card: str) -> dict[str, MarkerRule]:
    """The markers a card's programs may name: its deck's."""
    return {name: rule for name, rule in MARKERS.items() if rule.deck == CARDS[card]["deck"]}


@pytest.fixture(scope="module")
def game() -> Game:
    return Game()


def parse_piece(text: str) -> tuple[str, str]:
    color, _, rank = text.strip().partition(":")
    return color.strip(), (rank.strip() or "common")


def parse_pieces(text: str) -> Pieces:
    out: Pieces = {}
    for item in filter(None, (p.strip() for p in text.replace("\n", " ").split(","))):
        sq, _, piece = item.partition("=")
        out[sq.strip()] = parse_piece(piece)
    return out


def apply_changes(pieces: Pieces, changes: str) -> Pieces:
    """``-sq``: the piece there is gone; ``a>b``: the piece on a moves to b (whatever stood on b is
    gone); ``sq=color[:rank]``: that square now holds that piece (placed, upgraded, converted...)."""
    out = dict(pieces)
    for token in changes.split():
        if token.startswith("-"):
            assert token[1:] in out, f"{token}: no piece there"
            del out[token[1:]]
        elif ">" in token:
            a, b = token.split(">")
            assert a in out, f"{token}: no piece on {a}"
            out[b] = out.pop(a)
        else:
            sq, _, piece = token.partition("=")
            out[sq] = parse_piece(piece)
    return out


def squares(game: Game) -> list[str]:
    board = game.board
    return [f"{board.file_names[f]}{r + 1}" for r in range(board.ranks) for f in range(board.files)
            if board.index(f, r) is not None]


def step(game: Game, sq: str, d: str, n: int = 1) -> str | None:
    board = game.board
    f, r = board.file_names.index(sq[0]), int(sq[1:]) - 1
    df, dr = DIRECTIONS[d]
    f, r = f + n * df, r + n * dr
    if 0 <= f < board.files and 0 <= r < board.ranks and board.index(f, r) is not None:
        return f"{board.file_names[f]}{r + 1}"
    return None


def colorless(game: Game, mode: str) -> set[str]:
    board = game.board
    mask = int(board.colorless(mode))
    return {board.name(sq) for sq in range(mask.bit_length()) if mask >> sq & 1}


# ---------------------------------------------------------------------------------------- expected outcomes

Key = tuple[frozenset[tuple[str, str, str]], int, tuple[str, ...], Any]


def key(pieces: Pieces, actions: int, notes: list[str] | tuple[str, ...], gateway: Any) -> Key:
    return frozenset((sq, c, r) for sq, (c, r) in pieces.items()), actions, tuple(sorted(notes)), gateway


def generated(game: Game, case: dict[str, Any], base: Pieces) -> list[dict[str, Any]]:
    """Outcomes written as a rule over the board: ``for_empty`` (one outcome per empty square, the
    square in ``{sq}``), ``antimatter`` (Antimatter Spirit: see the case)."""
    out: list[dict[str, Any]] = []
    for gen in case.get("generate", []):
        kind = gen["kind"]
        if kind == "for_empty":
            skip = set(gen.get("except", []))
            for sq in squares(game):
                if sq not in base and sq not in skip:
                    out.append({**gen, "changes": gen["changes"].replace("{sq}", sq),
                                "gateway": sq if gen.get("gateway") == "{sq}" else gen.get("gateway")})
        elif kind == "for_empty_then_adjacent_empty":
            # place on any empty square S, then on an empty square adjacent to S (none: only S)
            for sq in squares(game):
                if sq in base:
                    continue
                near = [n for d in DIRECTIONS if (n := step(game, sq, d)) is not None and n not in base]
                for n in near or [None]:
                    changes = gen["first"].replace("{sq}", sq)
                    if n is not None:
                        changes += " " + gen["then"].replace("{nb}", n)
                    out.append({**gen, "changes": changes})
        elif kind == "antimatter":
            # a common piece of yours on an empty colorless square S makes 1 combat move in direction d
            # (onto an empty square or a common piece), then an enemy common piece placed on S moves
            # the opposite way likewise: both moves must be possible (linked effect)
            me, enemy = gen["you"], gen["enemy"]
            for sq in sorted(colorless(game, case.get("mode", "duel"))):
                if sq in base:
                    continue
                for d, back in (("n", "s"), ("ne", "sw"), ("e", "w"), ("se", "nw"),
                                ("s", "n"), ("sw", "ne"), ("w", "e"), ("nw", "se")):
                    a, b = step(game, sq, d), step(game, sq, back)
                    if a is None or b is None:
                        continue
                    if a in base and base[a][1] != "common":
                        continue
                    if b in base and base[b][1] != "common":
                        continue
                    out.append({"changes": f"{a}={me} {b}={enemy}"})
        else:  # pragma: no cover - a typo in the cases
            raise AssertionError(f"unknown generator {kind}")
    return out


def expected_keys(game: Game, case: dict[str, Any], base: Pieces) -> set[Key]:
    check_gateway = case.get("check_gateway", False)
    player = case.get("player", "red")
    out: set[Key] = set()
    for entry in [*case.get("outcomes", []), *generated(game, case, base)]:
        if isinstance(entry, str):
            entry = {"changes": entry}
        gateway = entry.get("gateway") if check_gateway else None
        if check_gateway:
            gateway = ((player, gateway),) if gateway is not None else ()
        out.add(key(apply_changes(base, entry.get("changes", "")), entry.get("actions", 0),
                    entry.get("notes", []), gateway))
    return out


# ---------------------------------------------------------------------------------------- running a case

def position_of(game: Game, case: dict[str, Any]) -> Any:
    data: dict[str, Any] = {"mode": case.get("mode", "duel")}
    if "players" in case:
        data["players"] = case["players"]
    data["pieces"] = {sq: f"{c} {r}" for sq, (c, r) in parse_pieces(case.get("pieces", "")).items()}
    for field in ("supply", "decks", "gateway"):
        if field in case:
            data[field] = case[field]
    return game.parser.from_data(data, None, case.get("name", case["card"]))


def pieces_of(game: Game, position: Any) -> Pieces:
    name = game.board.name
    return {name(sq): (p.color, str(p.rank)) for sq, p in position.pieces.items()}


def program_of(case: dict[str, Any]) -> Any:
    field = case.get("program", "effect")
    return model_effects.parse_program(CARDS[case["card"]][field], deck_markers(case["card"]))


def resolve(game: Game, case: dict[str, Any]) -> tuple[Pieces, Any]:
    """The position the outcomes are written against, and the resolution."""
    position = position_of(game, case)
    player = case.get("player", "red")
    actions = case.get("actions_left", 1)
    program = program_of(case)
    if case.get("program", "effect") != "effect":
        resolution = effects.resolve_program(game.board, program, position, player, actions_left=actions)
        return pieces_of(game, position), resolution
    card = game.being(case["card"])
    done = effects.resolve_summon(game.engine, card, position, player, case["at"],
                                  orientation=case.get("orientation"), actions_left=actions)
    return pieces_of(game, done.applied.position), done.resolution


def actual_keys(game: Game, case: dict[str, Any], resolution: Any) -> set[Key]:
    check_gateway = case.get("check_gateway", False)
    out: set[Key] = set()
    for o in resolution.outcomes:
        gateway = None
        if check_gateway:
            gateway = () if o.mark is None else ((case.get("player", "red"), game.board.name(o.mark)),)
        out.add(key(pieces_of(game, o.position), o.actions_gained, o.notes, gateway))
    return out


def show(keys: set[Key], base: Pieces) -> list[str]:
    """Outcomes as changes from the base position, for a readable failure."""
    lines = []
    for pieces, actions, notes, gateway in keys:
        now = {sq: (c, r) for sq, c, r in pieces}
        gone = sorted(f"-{sq}" for sq in base if sq not in now)
        new = sorted(f"{sq}={c}:{r}" for sq, (c, r) in now.items() if base.get(sq) != (c, r))
        lines.append(" ".join([*gone, *new]) + f"  actions={actions} notes={list(notes)}"
                     + (f" gateway={gateway}" if gateway is not None else ""))
    return sorted(lines)


def case_id(case: dict[str, Any]) -> str:
    return case.get("name") or f"{case['card']}:{case.get('program', 'effect')}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_expansion_effect(game: Game, case: dict[str, Any]) -> None:
    try:
        program_of(case)
    except model_effects.EffectError as exc:
        pytest.skip(f"the effect language does not read this card yet: {exc}")
    base, resolution = resolve(game, case)
    assert resolution is not None, "the card has no effect data"
    assert not resolution.truncated
    want = expected_keys(game, case, base)
    if "warp_or_nothing" in case:
        # the effect is "nothing, or the card's warp effect played here" (plus a note): the warp effect
        # resolved on the position right after the summon gives the second part
        warp = {**case, "program": "warp_effect"}
        position = game.parser.from_data({"mode": case.get("mode", "duel"), "pieces": {
            sq: f"{c} {r}" for sq, (c, r) in base.items()}}, None, "after the summon")
        played = effects.resolve_program(game.board, program_of(warp), position, case.get("player", "red"),
                                         actions_left=case.get("actions_left", 1))
        want = {key(dict(base), 0, [], None)} | {
            (pieces, actions, tuple(sorted((*notes, case["warp_or_nothing"]))), gateway)
            for pieces, actions, notes, gateway in actual_keys(game, warp, played)}
        assert len(want) > 10
    got = actual_keys(game, case, resolution)
    missing, extra = want - got, got - want
    assert not missing and not extra, (
        f"missing: {show(missing, base)}\nunexpected: {show(extra, base)}")
    assert resolution.count == len(got), "the same outcome is listed twice"


def test_every_expansion_program_has_a_case() -> None:
    """Each effect, frost effect and warp effect of the three decks is played by at least one case."""
    played = {(c["card"], c.get("program", "effect")) for c in CASES}
    programs = {(cid, field) for cid, card in CARDS.items()
                for field in ("effect", "frost_effect", "warp_effect") if field in card}
    assert programs - played == set()
    assert len(programs) == 18 * 3 + 7 + 11


def test_every_expansion_card_has_its_programs() -> None:
    """Every card has an effect program; the cards with a frost or warp effect have that program too,
    and the others do not; each program is read by the effect language."""
    for cid, card in CARDS.items():
        assert isinstance(card.get("effect"), list), cid
        extra = set(card.get("extra_effects", []))
        assert ("frost_effect" in card) == ("frost" in extra), cid
        assert ("warp_effect" in card) == ("warp" in extra), cid


def test_gateway_cards_are_the_nethervoid_ones() -> None:
    """Only nethervoid programs name the Gateway, and every nethervoid card with the gateway keyword does."""
    for cid, card in CARDS.items():
        text = yaml.safe_dump({k: card.get(k) for k in ("effect", "frost_effect", "warp_effect")})
        if card["deck"] != "nethervoid":
            assert "gateway" not in text, cid
        elif "gateway" in card["keywords"]:
            assert "gateway" in text, cid



# ---------------------------------------------------------------------------------------- the Gateway

def gateway_after(game: Game, card: str, pieces: str, gateway: dict[str, str] | None, at: str,
                  orientation: str | None = None) -> dict[str, str]:
    data: dict[str, Any] = {"pieces": {sq: f"{c} {r}" for sq, (c, r) in parse_pieces(pieces).items()}}
    if gateway is not None:
        data["gateway"] = gateway
    position = game.parser.from_data(data, None, "gateway test")
    applied = apply_summon(game.engine, game.being(card), position, "red", at, orientation)
    return {c: game.board.name(sq) for c, sq in applied.position.marked("gateway").items()}


def test_a_nethervoid_summon_takes_the_gateway_when_there_is_none_or_it_used_it(game: Game) -> None:
    pattern = "f5=red, d6=red"                                  # shadow-imp on e5, r0
    assert gateway_after(game, "shadow-imp", pattern, None, "e5", "r0") == {"red": "e5"}
    assert gateway_after(game, "shadow-imp", pattern + ", b2=red", {"red": "b2"}, "e5", "r0") == {"red": "b2"}
    assert gateway_after(game, "shadow-imp", pattern, {"red": "d6"}, "e5", "r0") == {"red": "e5"}
    # another deck's being leaves it; a being summoned onto the Gateway's square destroys it
    assert gateway_after(game, "snow-fox", "c2=red, d1=red, a3=red", {"red": "a3"}, "b2", "r0") == {"red": "a3"}
    assert gateway_after(game, "snow-fox", "c2=red, d1=red, b2=red", {"red": "b2"}, "b2", "r0") == {}
    # the blue Gateway stays as it is
    assert gateway_after(game, "shadow-imp", pattern + ", a3=blue", {"blue": "a3"}, "e5", "r0") == {
        "blue": "a3", "red": "e5"}


def test_a_gateway_must_stand_on_a_common_or_heroic_piece_of_its_color(game: Game) -> None:
    for pieces in ("e5=blue", "e5=red:legendary", ""):
        data = {"pieces": {sq: f"{c} {r}" for sq, (c, r) in parse_pieces(pieces).items()} or None,
                "gateway": {"red": "e5"}}
        with pytest.raises(InputError) as err:
            game.parser.from_data(data, None, "gateway test")
        assert err.value.key == "position-gateway"


def test_a_gateway_follows_its_piece_and_is_written_back(game: Game) -> None:
    position = game.parser.from_data({"pieces": {"e5": "red heroic", "a3": "blue"}, "gateway": {"red": "e5"}},
                                     None, "gateway test")
    assert position_data(position)["gateway"] == {"red": "e5"}
    turned = position.transformed("r90") if hasattr(position.board, "transform") else position
    assert {game.board.name(sq) for sq in turned.marked("gateway").values()} == {
        game.board.name(sq) for sq, p in turned.pieces.items() if p.color == "red"}
    outcome = next(o for o in effects.resolve_program(
        game.board, model_effects.parse_program([{"move": {"piece": "gateway", "kind": "combat"}, "times": 1}],
                                                deck_markers("gate-keeper")),
        position, "red", actions_left=1).outcomes if o.position.pieces.get(game.board.parse("e4")))
    assert outcome.position.marked("gateway") == {"red": game.board.parse("e4")}
    assert position_data(outcome.position)["gateway"] == {"red": "e4"}

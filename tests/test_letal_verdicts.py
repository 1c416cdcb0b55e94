"""L.E.T.A.L. TCG's refusals say why: a push or pull ignored, a move that cannot end on a square, each with a
stable code and the squares involved, in the engine, in JSON (validated against its schema) and in the text of
the four languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import fewer_examples, in_every_language

LANGS = ["en", "fr", "es", "it"]
LETAL = ("--game", "letal", "letal")


@pytest.fixture(scope="module")
def engine():
    from tashkalar_cli import Game

    return Game("letal").letal


def _sq(engine, name):
    return engine.grid.parse(name)


def _list(engine, text):
    return engine.grid.parse_list(text)


@pytest.mark.parametrize(("kind", "square", "by", "distance", "occupied", "code", "named"), [
    ("push", "c3", "b3", 4, "", "edge", ["f3"]),            # d3, e3, f3, then off the grid
    ("push", "a3", "b3", 1, "", "edge", ["a3"]),            # already on the edge
    ("push", "c3", "c2", 2, "c4", "blocked", ["c4"]),       # a hero on the way
    ("push", "c3", "c2", 3, "c5", "blocked", ["c5"]),       # the first hero met is named
    ("pull", "c5", "c2", 3, "", "blocked", ["c2"]),         # would end on the hero who pulls
    ("pull", "c6", "c1", 3, "c4", "blocked", ["c4"]),
    ("push", "c3", "a1", 1, "", "not-in-line", ["c3", "a1"]),
    ("pull", "b2", "e5", 1, "", "not-in-line", ["b2", "e5"]),
])
def test_an_ignored_push_or_pull_says_why(engine, kind, square, by, distance, occupied, code, named):
    shift = engine.push if kind == "push" else engine.pull
    result = shift(_sq(engine, square), _sq(engine, by), distance, _list(engine, occupied))
    assert result.ignored and result.to is None
    assert result.why is not None and result.why.code == code
    assert [s.name for s in result.why.squares] == named


@pytest.mark.parametrize(("square", "by", "distance"), [("c5", "c2", 2), ("c3", "a1", 0), ("f3", "a3", 4)])
def test_a_shift_made_has_no_reason(engine, square, by, distance):
    result = engine.pull(_sq(engine, square), _sq(engine, by), distance)
    assert not result.ignored and result.why is None


@fewer_examples(40)
@settings(max_examples=200, deadline=None)
@given(hero=st.tuples(st.integers(0, 5), st.integers(0, 5)), by=st.tuples(st.integers(0, 5), st.integers(0, 5)),
       n=st.integers(0, 7), others=st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=6),
       pull=st.booleans())
def test_every_ignored_shift_has_a_reason_that_holds(engine, hero, by, n, others, pull, examples):
    from tashkalar_cli.games.letal.engine import GridSquare

    hero_sq, by_sq = GridSquare(*hero), GridSquare(*by)
    if hero_sq == by_sq:
        return
    occupied = [GridSquare(*o) for o in others if GridSquare(*o) not in (hero_sq,)]
    result = (engine.pull if pull else engine.push)(hero_sq, by_sq, n, occupied)
    assert (result.why is None) is (not result.ignored)
    if result.why is None:
        return
    code, named = result.why.code, result.why.squares
    if code == "not-in-line":
        assert named == (hero_sq, by_sq) and hero_sq.file != by_sq.file and hero_sq.rank != by_sq.rank
    elif code == "blocked":
        assert len(named) == 1 and named[0] in {*occupied, by_sq}
    else:
        assert code == "edge" and len(named) == 1 and named[0] in engine.grid
        assert named[0].file in (0, 5) or named[0].rank in (0, 5)


@pytest.mark.parametrize(("square", "steps", "occupied", "to", "possible", "needed", "code", "named"), [
    ("a1", 3, "", "b2", True, 2, None, []),
    ("a1", 0, "", "a1", True, 0, None, []),
    ("a1", 2, "", "c2", False, 3, "too-far", []),
    ("a1", 2, "b2", "b2", False, None, "occupied", ["b2"]),
    ("a1", 2, "a2,b1", "c1", False, None, "walled", ["a2", "b1"]),      # walled in
    ("a1", 4, "a2,b2,c1", "c2", False, None, "walled", ["a2", "b2", "c1"]),
    ("a1", 4, "b1,b2", "c2", False, 5, "walled", ["b1", "b2"]),      # the way round is too long
])
def test_a_move_to_a_square_says_why_not(engine, square, steps, occupied, to, possible, needed, code, named):
    result = engine.move_to(_sq(engine, square), _sq(engine, to), steps, _list(engine, occupied))
    assert (result.possible, result.needed) == (possible, needed)
    assert (result.why.code if result.why else None) == code
    assert ([s.name for s in result.why.squares] if result.why else []) == named


@fewer_examples(30)
@settings(max_examples=150, deadline=None)
@given(hero=st.tuples(st.integers(0, 5), st.integers(0, 5)), to=st.tuples(st.integers(0, 5), st.integers(0, 5)),
       n=st.integers(0, 8), others=st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=10))
def test_move_to_agrees_with_move(engine, hero, to, n, others, examples):
    from tashkalar_cli.games.letal.engine import GridSquare

    hero_sq, to_sq = GridSquare(*hero), GridSquare(*to)
    occupied = [GridSquare(*o) for o in others if GridSquare(*o) != hero_sq]
    result = engine.move_to(hero_sq, to_sq, n, occupied)
    assert result.possible is (to_sq in engine.move(hero_sq, n, occupied))
    if not result.possible:
        assert result.why is not None and (result.why.code != "walled" or result.why.squares)
        assert set(result.why.squares) <= set(occupied)


def test_the_json_says_why(cli):
    from test_json_contract import conforms

    r = cli(*LETAL, "push", "c3", "--by", "c2", "--distance", "2", "--occupied", "c4", "--json")
    assert conforms("output-letal-shift", r.json)["reason"] == {"code": "blocked", "squares": ["c4"]}
    r = cli(*LETAL, "move", "a1", "--steps", "2", "--occupied", "a2,b1", "--to", "c1", "--json")
    out = conforms("output-letal-squares", r.json)
    assert out["to"] == {"square": "c1", "possible": False, "steps": 2, "needed": None,
                         "reason": {"code": "walled", "squares": ["a2", "b1"]}}
    r = cli(*LETAL, "move", "a1", "--steps", "3", "--to", "b2", "--json")
    assert conforms("output-letal-squares", r.json)["to"]["possible"] is True


#: each verdict of the grid, with the squares its sentence names
VERDICTS = [
    (["push", "c3", "--by", "c2", "--distance", "2", "--occupied", "c4"], ["c4"]),
    (["pull", "b2", "--by", "e5", "--distance", "1"], ["b2", "e5"]),
    (["push", "c3", "--by", "b3", "--distance", "4"], ["f3"]),
    (["move", "a1", "--steps", "2", "--occupied", "a2,b1", "--to", "c1"], ["a2", "b1"]),
    (["move", "a1", "--steps", "2", "--to", "c2"], ["c2"]),
    (["move", "a1", "--steps", "2", "--occupied", "b2", "--to", "b2"], ["b2"]),
]


#: each verdict in one language (rotating, so that every language appears), the others in the slow run
@pytest.mark.parametrize(("args", "named", "lang"), in_every_language(VERDICTS, LANGS, ids=lambda case: " ".join(case[0])))
def test_the_text_says_why_in_every_language(cli, lang, args, named):
    r = cli(*LETAL, *args, "--lang", lang)
    assert r.code == 0
    text = " ".join(r.out.split())
    assert all(name in text for name in named)
    # the reason is the sentence of its code in that language, not the English one
    english = " ".join(cli(*LETAL, *args, "--lang", "en").out.split())
    assert (text == english) is (lang == "en")

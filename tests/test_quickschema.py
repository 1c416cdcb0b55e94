"""The fast position checker agrees with jsonschema on generated documents."""

from __future__ import annotations

import functools
import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tashkalar_cli.data.paths import schemas_dir
from tashkalar_cli.data.quickschema import first_error, load

from conftest import any_text, fewer_examples

WORDS = ["mode", "players", "pieces", "board", "supply", "scores", "tasks_claimed", "player", "destroyed",
         "summoned", "flares", "card", "square", "flare", "against", "color", "rank", "common", "heroic",
         "legendary", "blue", "red", "e5", "duel", "melee", "high-form", "x"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.sampled_from(WORDS), any_text(max_size=3))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(WORDS), inner, max_size=4)), max_leaves=12)


@functools.cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """The reference validator of a schema, built once (not once per generated document)."""
    return jsonschema.Draft202012Validator(json.loads((schemas_dir() / f"{name}.schema.json").read_text()))


_documents = st.dictionaries(st.sampled_from(WORDS), documents, max_size=5)


@pytest.mark.parametrize("name", ["position", "turn"])
@fewer_examples(10)
@settings(max_examples=40, deadline=None)
@given(doc=_documents)
def test_quickschema_agrees_with_jsonschema_on_a_sample(name, doc, examples):
    """The default run's sample of the sweep below (400 documents a schema take 4 CPU-s: in the thorough run)."""
    _agrees(name, doc)


@pytest.mark.thorough
@pytest.mark.parametrize("name", ["position", "turn"])
@settings(max_examples=400, deadline=None)
@given(doc=_documents)
def test_quickschema_agrees_with_jsonschema(name, doc):
    _agrees(name, doc)


def _agrees(name: str, doc: object) -> None:
    expected = validator(name).is_valid(doc)
    assert (first_error(load(name), doc) is None) == expected, doc


@pytest.mark.parametrize("name", ["position", "turn"])
def test_known_documents(name):
    good = {"position": {"mode": "duel", "pieces": {"e5": "blue heroic", "d4": {"color": "red"}},
                         "supply": {"blue": {"common": 0}}},
            "turn": {"player": "blue", "destroyed": ["red"], "summoned": [{"card": "knight", "square": "e4"}],
                     "scores": {"blue": 3, "red": {"blue": 1}}}}[name]
    assert first_error(load(name), good) is None
    bad = dict(good, extra_field=1)
    _, message = first_error(load(name), bad)
    assert "extra_field" in message

"""The effect language's parser hands each step to the reader of its primitive, by name: the table of
readers and the table of primitives (with their modifiers) name the same steps."""

from __future__ import annotations

import pytest

from tashkalar_cli.games.tashkalar.model.effects import STEP_READERS, EffectError, parse_program
from tashkalar_cli.games.tashkalar.model.effects.reader import PRIMITIVES


def test_every_primitive_has_a_reader_and_every_reader_a_primitive() -> None:
    assert set(STEP_READERS) == set(PRIMITIVES)


@pytest.mark.parametrize("primitive", sorted(PRIMITIVES))
def test_each_primitive_is_read_by_its_own_reader(primitive: str) -> None:
    """A step of each primitive, its body left empty, gets an error placed in its own body: never the
    table's miss (a KeyError) nor a message about another step."""
    with pytest.raises(EffectError) as caught:
        parse_program([{primitive: None}])
    assert str(caught.value).startswith(f"0/{primitive}: "), str(caught.value)

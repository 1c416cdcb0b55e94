"""The cycle collector paused during a search (command/collector.py: the command line pauses it, the library does
not): its state restored, what the search made promoted out of the young generations, a program's own freeze
left alone, and no cycle leaked."""

from __future__ import annotations

import gc
import weakref

import pytest

from tashkalar_cli.command.collector import collector_paused


@pytest.fixture(autouse=True)
def collector_as_it_was():
    enabled = gc.isenabled()
    gc.enable()
    yield
    gc.unfreeze()
    if enabled:     # as it was, whatever the test left (one of them disables it)
        gc.enable()
    else:
        gc.disable()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_collector_is_paused_inside_and_enabled_again_after():
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():        # nested: still paused after the inner block
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_disabled_before_stays_disabled():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_an_exception_restores_the_collector():
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_what_the_block_made_is_not_left_in_the_youngest_generation():
    gc.collect()
    with collector_paused():
        made = [[i] for i in range(20_000)]     # tracked objects: each would be scanned by the next collection
    assert gc.get_count()[0] < 1_000
    assert gc.get_freeze_count() == 0           # promoted to the oldest generation, not left frozen
    assert len(made) == 20_000


def test_a_cycle_made_in_the_block_is_still_collected():
    with collector_paused():
        a, b = Node(), Node()
        a.other, b.other = b, a
        ref = weakref.ref(a)
    del a, b
    gc.collect()
    assert ref() is None


def test_a_freeze_of_the_program_is_left_alone():
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    with collector_paused():
        _ = [[i] for i in range(100)]
    assert gc.get_freeze_count() == frozen

"""The learned weights of the search's second stage (:mod:`.rerank`), by game, in the order of its
:data:`~.rerank.FEATURES`: written by benchmarks/rerank.py --write, not by hand; none yet."""

from __future__ import annotations

WEIGHTS: dict[str, tuple[float, ...]] = {}

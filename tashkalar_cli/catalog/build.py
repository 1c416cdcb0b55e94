"""The validated data of a folder, built for real (never from the cache of a whole data folder).

The data layer reads and validates the files (:mod:`tashkalar_cli.data.loader`; the result of a file
whose text was found valid before is read back, :mod:`tashkalar_cli.data.filecache`); this module adds
what needs the layers above it: the checks across the facts (:mod:`tashkalar_cli.model.integrity`),
each language's placeholders checked against the facts (:mod:`tashkalar_cli.text.i18n`), and the
values derived once from the data (every pattern's orientations, and the search index of
:mod:`tashkalar_cli.text.index`, made only when a search first reads it). It sits in the catalog,
above both the model and the texts. :func:`tashkalar_cli.data.cache.load_dataset` is given
:func:`load_uncached` to build what it caches.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tashkalar_cli.data.dataset import Dataset, Derived

if TYPE_CHECKING:
    from tashkalar_cli.data.paths import GamePack


def load_uncached(root: Path, game: GamePack | str | None = None) -> Dataset:
    """Every file of one game (default: Tash-Kalar) of the data root ``root`` read, validated and
    checked, with the derived values."""
    from tashkalar_cli.data.games import GamePack, game_pack
    from tashkalar_cli.data.loader import data_folders, load_facts, load_locales, unknown_entries
    from tashkalar_cli.data.paths import Budget
    from tashkalar_cli.model.integrity import check_facts
    from tashkalar_cli.text import index
    from tashkalar_cli.text.i18n import check_placeholders

    pack = game if isinstance(game, GamePack) else game_pack(game)
    cards, locales = data_folders(root)
    budget = Budget(root)  # the walks of one data folder read at most so many files and bytes
    facts = load_facts(cards, root, pack, budget)
    check_facts(facts, pack)
    merged_locales, broken = load_locales(locales, root, lambda texts, english: check_placeholders(texts, facts, english),
                                          pack, budget)
    derived: dict[str, Any] = {}
    if "beings" in facts:   # a game with a card database: every pattern's orientations
        from tashkalar_cli.model.patterns import Pattern

        derived["orientations"] = {b["id"]: tuple(o.to_tuple() for o in Pattern(tuple(b["pattern"])).orientations)
                                   for b in facts["beings"] if b.get("summoning", "standard") == "standard"}
    warnings = [f"language '{lang}' left out: {message}" for lang, message in sorted(broken.items())]
    # the search index (search_index, search_index.words and search_index.<lang>), made when a search first reads it
    searched = (index.PART, index.WORDS, *(f"{index.PART}.{lang}" for lang in sorted(merged_locales)))
    return Dataset(str(root), facts, merged_locales, warnings + unknown_entries(facts, merged_locales, pack),
                   derived=Derived({**derived, "game": pack.id, "broken_languages": broken}, searched,
                                   lambda: index.build_index(facts, merged_locales)))

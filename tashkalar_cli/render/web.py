"""What the analysis board in the browser (``tashkalar board``) needs of every game: the page's texts in
one language. Each game's own answers (its board, its pieces, its choices) come from its pack
(:mod:`tashkalar_cli.games.tashkalar.render.page`, :mod:`tashkalar_cli.games.letal.page`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tashkalar_cli.text.i18n import Localizer

#: the interface texts the page shows (ui.yaml ``page.*``), sent whole with every answer
PAGE_PREFIX = "page."


def page_texts(loc: Localizer) -> dict[str, str]:
    """Every ``page.*`` text of ui.yaml in the language of ``loc`` (English where it has none), by
    key without the prefix; placeholders left for the page to fill."""
    keys = sorted({key for texts in loc.dataset.locales.values() for key in texts.get("ui", {})
                   if key.startswith(PAGE_PREFIX)})
    texts: dict[str, str] = {}
    for key in keys:
        found = loc.ui(key)
        if found is not None:
            texts[key[len(PAGE_PREFIX):]] = found
    return texts


__all__ = ["PAGE_PREFIX", "page_texts"]

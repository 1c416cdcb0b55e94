"""Drawing a card's pattern as a small grid, with a legend of the symbols used."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from tashkalar_cli.games.tashkalar.model.patterns import ARROWS, Pattern, Token

ARROW_GLYPHS = {"n": "↑", "ne": "↗", "e": "→", "se": "↘", "s": "↓", "sw": "↙", "w": "←", "nw": "↖"}
MARK_STYLE = {"m": "on grey35", "m2": "on dark_cyan"}
PIECE_GLYPH = {"common": "C", "heroic": "H", "legendary": "L"}


#: brackets around a marked square, so that marks read without colors too
MARK_BRACKETS = {"m": (":", ":"), "m2": ("=", "=")}


def cell_text(tok: Token) -> Text:
    style = ""
    left, right = " ", " "
    for mark in tok["marks"]:
        style = MARK_STYLE.get(mark, style)
        left, right = MARK_BRACKETS.get(mark, (left, right))
    piece = PIECE_GLYPH.get(tok["piece"], "") if tok["piece"] else ""
    if tok["target"]:
        body = f"[{piece or ' '}]"
        return Text(body, style=f"bold bright_white {style}".strip())
    if piece:
        return Text(f"{left}{piece}{right}", style=f"bold {'yellow' if piece == 'H' else 'white'} {style}".strip())
    if tok["arrows"]:
        return Text(" " + "".join(ARROW_GLYPHS[a] for a in tok["arrows"]) + " ", style=f"cyan {style}".strip())
    return Text(f"{left}·{right}", style=f"dim {style}".strip())


def pattern_grid(pattern: Pattern) -> Text:
    out = Text()
    for y, row in enumerate(pattern.grid):
        for tok in row:
            out.append_text(cell_text(tok))
        if y < pattern.height - 1:
            out.append("\n")
    return out


def legend_items(pattern: Pattern, msg: Callable[..., str]) -> list[tuple[str, str]]:
    """(symbol, meaning) for each kind of symbol the pattern uses."""
    tokens = [tok for row in pattern.grid for tok in row]
    items = []
    if any(t["piece"] == "common" for t in tokens):
        items.append((" C ", msg("pattern.legend.common")))
    if any(t["piece"] == "heroic" for t in tokens):
        items.append((" H ", msg("pattern.legend.heroic")))
    if any(t["target"] and not t["piece"] for t in tokens):
        items.append(("[ ]", msg("pattern.legend.target")))
    if any(t["target"] and t["piece"] for t in tokens):
        items.append(("[C]", msg("pattern.legend.target_occupied")))
    if any("m" in t["marks"] for t in tokens):
        items.append((":·:", msg("pattern.legend.marked")))
    if any("m2" in t["marks"] for t in tokens):
        items.append(("=·=", msg("pattern.legend.marked2")))
    if any(t["arrows"] for t in tokens):
        items.append(("↑", msg("pattern.legend.arrow")))
    items.append((" · ", msg("pattern.legend.blank")))
    return items


def legend_table(pattern: Pattern, msg: Callable[..., str]) -> Table:
    table = Table.grid(padding=(0, 1))
    for symbol, meaning in legend_items(pattern, msg):
        style = {":·:": MARK_STYLE["m"], "=·=": MARK_STYLE["m2"]}.get(symbol, "bold")
        table.add_row(Text(symbol, style=style), Text(meaning))
    return table


__all__ = ["ARROWS", "legend_table", "pattern_grid"]

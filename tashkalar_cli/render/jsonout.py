"""The stable JSON contract: what ``--json`` prints, built from the library's objects.

Keys are only ever added, never renamed or removed. Texts are in the requested language;
``lang`` tells which language each text actually came from when a translation was missing.
"""

from __future__ import annotations

from typing import Any

from tashkalar_cli.model.cards import Card, CardDB
from tashkalar_cli.text.i18n import Localizer


def card(c: Card, db: CardDB, loc: Localizer) -> dict[str, Any]:
    name = db.name(c, loc)
    texts = db.texts(c, loc)
    out: dict[str, Any] = {
        "id": c.id,
        "type": c.type,
        "deck": c.deck,
        "rank": c.rank,
        "name": name.text,
        "name_official": db.name_is_official(c, loc),
        "lang": loc.lang,
        "keywords": list(c.keywords),
        "names": db.names(c),
    }
    fallback = sorted({t.lang for t in [name, *texts.values()] if t.text and t.lang != loc.lang})
    out["fallback_lang"] = fallback[0] if fallback else None
    if c.type == "flare":
        out["upper"] = texts["upper"].text
        out["lower"] = texts["lower"].text
        out["upper_threshold"] = c.thresholds["upper"]
        out["lower_threshold"] = c.thresholds["lower"]
        out["thresholds"] = dict(c.thresholds)
        out["upper_keywords"] = list(c.half_keywords["upper"])
        out["lower_keywords"] = list(c.half_keywords["lower"])
    elif c.type == "task":
        out["criterion"] = texts["criterion"].text
        out["points"] = c.points
        out["task_type"] = c.task_type
        out["difficulty"] = c.difficulty
        out["criterion_params"] = c.criterion_params
    else:
        out["effect"] = texts["effect"].text
        for extra in c.extra_effects:
            out[f"{extra}_effect"] = texts[extra].text
        out["pattern"] = list(c.pattern_rows)
        out["summoning"] = c.summoning
        if c.has_summoning_square:
            out["pattern_offsets"] = [{"dx": dx, "dy": dy, "rank": r} for dx, dy, r in c.pattern.offsets()]
    return out


def placement(p, board) -> dict[str, Any]:
    name = board.name
    return {
        "target": name(p.target),
        "orientation": {"name": p.orientation.name, "rotation": p.orientation.rotation,
                        "mirrored": p.orientation.mirrored},
        "pattern_squares": [name(sq) for sq in p.pattern_squares],
        "enemy_square": name(p.enemy_square) if p.enemy_square is not None else None,
        "destroys": name(p.destroys[0]) if p.destroys else None,
        "destroyed_piece": ({"color": p.destroys[1].color, "rank": p.destroys[1].rank} if p.destroys else None),
        "shortage": p.shortage,
        "reuses": name(p.reuses) if p.reuses is not None else None,
        "take_back": [name(sq) for sq in p.take_back],
        "marked_squares": {name(sq): marks for sq, marks in sorted(p.marked.items())},
        "arrows": {sq or "off-board": dirs for sq, dirs in p.arrows.items()},
    }


def near_miss(n, board) -> dict[str, Any]:
    return {
        "target": board.name(n.target),
        "orientation": n.orientation.name,
        "pattern_squares": [board.name(sq) for sq in n.squares],
        "lacks": [{"square": board.name(x.square) if x.square is not None else None, "problem": x.code,
                   "needs": x.need, "found": ({"color": x.found.color, "rank": x.found.rank} if x.found else None)}
                  for x in n.lacks],
    }


def verdict(v, board) -> dict[str, Any]:
    return {
        "card": v.card.id,
        "player": v.player,
        "allow_enemy": v.allow_enemy,
        "legal": v.legal,
        "targets": sorted({board.name(p.target) for p in v.placements}, key=lambda s: (int(s[1:]), s[0])),
        "placements": [placement(p, board) for p in v.placements],
        "reasons": list(v.reasons),
        "near_misses": [near_miss(n, board) for n in v.near_misses],
    }

"""Tash-Kalar's part of the stable JSON contract (:mod:`tashkalar_cli.render.jsonout`): its cards,
summons, positions, flares, tasks, scores and effects as ``--json`` prints them.

One function per output; each output's JSON Schema is ``schemas/output-<name>.schema.json``
and a contract test validates real output against it. Keys are only ever added, never renamed
or removed. Texts are in the requested language; ``lang`` and ``fallback_lang`` tell which
language a text actually came from when a translation was missing.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from tashkalar_cli.games.tashkalar.model.cards import Being, Card, Flare, Task
from tashkalar_cli.render.jsonout import JSON, fallback_lang
from tashkalar_cli.render.jsonstream import Items

if TYPE_CHECKING:
    from collections.abc import Callable

    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog
    from tashkalar_cli.games.tashkalar.engine.effects import FlarePlay, Outcome, Resolution, SummonEffects
    from tashkalar_cli.games.tashkalar.engine.flares import FlareCheck
    from tashkalar_cli.games.tashkalar.engine.scoring import TurnScore
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied, NearMiss, Placement, Verdict
    from tashkalar_cli.games.tashkalar.engine.tasks import TaskCheck
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.patterns import Orientation
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.text.i18n import Localizer

def card(c: Card, db: CardCatalog, loc: Localizer) -> JSON:
    name = db.name(c, loc)
    texts = db.texts(c, loc)
    out: dict[str, Any] = {
        "id": c.id,
        "type": c.type,
        "deck": getattr(c, "deck", None),
        "rank": getattr(c, "rank", None),
        "name": name.text,
        "name_official": db.name_is_official(c, loc),
        "name_source": db.name_source(c, loc),
        "lang": loc.lang,
        "keywords": list(c.keywords),
        "names": db.names(c),
    }
    out["fallback_lang"] = fallback_lang(loc, name, *texts.values())
    if isinstance(c, Flare):
        out["upper"] = texts["upper"].text
        out["lower"] = texts["lower"].text
        out["upper_threshold"] = c.upper.threshold
        out["lower_threshold"] = c.lower.threshold
        out["thresholds"] = c.thresholds
        out["upper_keywords"] = list(c.upper.keywords)
        out["lower_keywords"] = list(c.lower.keywords)
    elif isinstance(c, Task):
        out["criterion"] = texts["criterion"].text
        out["points"] = c.points
        out["task_type"] = c.task_type
        out["difficulty"] = c.difficulty
        out["criterion_params"] = c.criterion_params
    else:
        out["effect"] = texts["effect"].text
        for extra in c.extra_effects:
            out[f"{extra}_effect"] = texts[extra].text
        out["pattern"] = list(c.pattern.rows)
        out["summoning"] = c.summoning
        if c.has_summoning_square:
            out["pattern_offsets"] = [{"dx": dx, "dy": dy, "rank": r} for dx, dy, r in c.pattern.offsets()]
    if isinstance(c, (Being, Flare)):
        from tashkalar_cli.games.tashkalar.engine.coverage import effect_status  # deferred: a card's JSON only

        resolved, parts = effect_status(c)
        out["effect_resolved"] = resolved
        out["effect_parts"] = parts
        out["effect_data"] = dict(c.programs_data) if c.has_effect_data else None
    return out


def placement(p: Placement, board: Board) -> JSON:
    name = board.name
    return {
        "target": name(p.target),
        "orientation": _orientation(p.orientation),
        "pattern_squares": [name(sq) for sq in p.pattern_squares],
        "enemy_square": name(p.enemy_square) if p.enemy_square is not None else None,
        "destroys": name(p.destroys[0]) if p.destroys else None,
        "destroyed_piece": ({"color": p.destroys[1].color, "rank": p.destroys[1].rank} if p.destroys else None),
        "shortage": p.shortage,
        "reuses": name(p.reuses) if p.reuses is not None else None,
        "take_back": [name(sq) for sq in p.take_back],
        "marked_squares": {name(sq): marks for sq, marks in sorted(p.marked.items())},
        "arrows": _arrows_by_square(p, board),
        "arrow_list": [{"square": name(a.square) if a.square is not None else None, "direction": a.direction}
                       for a in p.arrows],
    }


def _orientation(o: Orientation) -> JSON:
    """One form everywhere: the symmetry's name, its rotation clockwise, and whether it is mirrored."""
    return {"name": o.name, "rotation": o.rotation, "mirrored": o.mirrored}


def _arrows_by_square(p: Placement, board: Board) -> dict[str, list[str]]:
    """Square name (or "off-board") -> directions: every arrow of the pattern, none lost."""
    out: dict[str, list[str]] = defaultdict(list)
    for a in p.arrows:
        out[board.name(a.square) if a.square is not None else "off-board"].append(a.direction)
    return {sq: sorted(dirs, key=_COMPASS.index) for sq, dirs in out.items()}


_COMPASS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]


def near_miss(n: NearMiss, board: Board) -> JSON:
    return {
        "target": board.name(n.target),
        "orientation": _orientation(n.orientation),
        "pattern_squares": [board.name(sq) for sq in n.squares],
        "lacks": [{"square": board.name(x.square) if x.square is not None else None, "problem": x.code,
                   "needs": x.need, "found": ({"color": x.found.color, "rank": x.found.rank} if x.found else None)}
                  for x in n.lacks],
    }


def verdict(v: Verdict, board: Board) -> JSON:
    from tashkalar_cli.games.tashkalar.model.board import square_order  # deferred: card show/list --json start without it

    return {
        "card": v.card.id,
        "player": v.player,
        "allow_enemy": v.allow_enemy,
        "legal": v.legal,
        "targets": [board.name(sq) for sq in sorted({p.target for p in v.placements}, key=square_order)],
        "placements": [placement(p, board) for p in v.placements],
        "reasons": list(v.reasons),
        "near_misses": [near_miss(n, board) for n in v.near_misses],
    }


def card_list(cards: list[Card], db: CardCatalog, loc: Localizer) -> JSON:
    return {"cards": [card(c, db, loc) for c in cards]}


def summonable(verdicts: list[Verdict], player: str, allow_enemy: str | None, board: Board) -> JSON:
    return {"player": player, "allow_enemy": allow_enemy, "cards": [verdict(v, board) for v in verdicts]}


# ---------------------------------------------------------------------- positions

def position(pos: Position) -> JSON:
    return pos.to_dict()


def position_check(pos: Position) -> JSON:
    return {"valid": True, **pos.to_dict()}


# ---------------------------------------------------------------------- flares, tasks, scores

def flare(r: FlareCheck) -> JSON:
    return {"flare": r.card.id, "player": r.player, "against": r.against, "player_pieces": r.mine.as_dict(),
            "opponent_pieces": r.theirs.as_dict(), "differences": r.differences,
            "upper_threshold": r.card.upper.threshold, "lower_threshold": r.card.lower.threshold,
            "upper": r.upper_met, "lower": r.lower_met, "can_invoke": r.can_invoke, "resolve": r.halves,
            "point": ({"to": r.point_to, "points": r.points, "in_color": r.point_in_color} if r.point_to else None),
            "reasons": flare_reasons(r)}


def flare_reasons(r: FlareCheck) -> list[JSON]:
    """Why a flare cannot be invoked: each half whose threshold is not met (code ``threshold-not-met``), with
    what it counts (upgraded or all pieces), the opponent's lead and the lead it needs; empty when it can be."""
    if r.can_invoke:
        return []
    diff = r.differences
    return [{"code": "threshold-not-met", "half": half, "counts": what, "lead": diff[what],
             "needs": getattr(r.card, half).threshold}
            for half, what in (("upper", "upgraded"), ("lower", "total"))]


def flares(results: list[FlareCheck], player: str, against: str) -> JSON:
    return {"player": player, "against": against, "flares": [flare(r) for r in results]}


def task(r: TaskCheck, board: Board) -> JSON:
    return {"task": r.task, "met": r.met, "against": r.against,
            "requirements": [{"what": q.what, "have": q.have, "need": q.need, "ok": q.ok, **q.params}
                             for q in r.requirements],
            "squares": [board.name(sq) for sq in r.squares]}


def task_one(r: TaskCheck, board: Board, player: str, score: dict[str, Any]) -> JSON:
    return {**task(r, board), "player": player, "score": score}


def tasks(results: list[TaskCheck], board: Board, player: str, score: dict[str, Any]) -> JSON:
    return {"player": player, "tasks": [task(r, board) for r in results], "score": score}


def score(result: TurnScore, players: int) -> JSON:
    return {"mode": str(result.mode), "player": result.player, "players": players,
            "lines": [{"to": x.who, "points": x.points, "reason": x.reason,
                       "color": "choice" if x.player_chooses else x.color, "player_chooses": x.player_chooses,
                       "choices": x.choices} for x in result.lines],
            "points": result.points_for, "ignored_own_pieces": result.ignored,
            "totals": result.totals, "threshold": result.threshold, "end_triggered": result.end_triggered,
            "end_possible": result.end_possible}


# ---------------------------------------------------------------------- summons played (turn plans: render/jsonplan.py)

def turned(o: Any) -> JSON:
    return {"name": o.name, "rotation": o.rotation, "mirrored": o.mirrored}


def piece(p: Any) -> JSON | None:
    return {"color": p.color, "rank": str(p.rank)} if p is not None else None


def summon_apply(a: Applied, board: Board) -> JSON:
    name = board.name
    return {"card": a.card.id, "player": a.player, "applied": True, "effect_resolved": False,
            "square": name(a.placement.target), "orientation": turned(a.placement.orientation),
            "placement": placement(a.placement, board),
            "take_back": name(a.take_back) if a.take_back is not None else None,
            "reused": name(a.placement.reuses) if a.placement.reuses is not None else None,
            "destroyed": ({"square": name(a.placement.target), **(piece(a.destroyed) or {})}
                          if a.destroyed is not None else None),
            "position": position(a.position),
            "turn": a.turn.to_dict(board)}


def resolution(r: Resolution, limit: int | None = None, streamed: bool = False,
               words: Callable[[Outcome], list[str]] | None = None) -> JSON:
    """Outcomes of an effect: ``outcome_count`` is exact, ``outcomes`` at most ``limit`` of them,
    numbered from 1 as ``--choose`` takes them (``words``: each with its steps in words, ``lines``).
    ``streamed``: the outcomes as :class:`~tashkalar_cli.render.jsonstream.Items`, each made (its
    position too, not kept by the resolver) when it is written, so that no answer is held whole."""
    shown = r.outcomes if limit is None else r.outcomes[:limit]
    outcomes: list[JSON] | Items

    def said(o: Outcome) -> JSON:
        return {} if words is None else {"lines": words(o)}

    if streamed:
        outcomes = Items({"index": i, **o.to_dict(keep=False), **said(o)} for i, o in enumerate(shown, 1))
    else:
        outcomes = [{"index": i, **o.to_dict(), **said(o)} for i, o in enumerate(shown, 1)]
    return {"outcome_count": r.count, "truncated": r.truncated, "states": r.states, "outcomes": outcomes}


def summon_effects(e: SummonEffects, board: Board, limit: int | None = None, chosen: int | None = None,
                   streamed: bool = False, words: Callable[[Outcome], list[str]] | None = None) -> JSON:
    """``summon --apply --effects``: the summon as ``--apply`` gives it, ``effect_resolved`` (the card has
    effect data) and its outcomes (``streamed``: see :func:`resolution`). With an outcome ``chosen`` (``e`` a
    :class:`~tashkalar_cli.games.tashkalar.engine.played.SummonResolved`), ``position`` and ``turn`` are those after that
    outcome, as the text and the files written say, and the summon's alone are ``position_after_summon`` and
    ``turn_after_summon``."""
    from tashkalar_cli.games.tashkalar.engine.played import SummonResolved  # deferred: summon --effects --json only

    out = summon_apply(e.applied, board)
    if chosen is not None and isinstance(e, SummonResolved) and e.chosen == chosen:
        out["position"], out["position_after_summon"] = position(e.position), out["position"]
        out["turn"], out["turn_after_summon"] = e.turn.to_dict(board), out["turn"]
    out["effect_resolved"] = e.resolution is not None
    out["actions_left"] = e.actions_left
    if e.resolution is not None:
        out.update(resolution(e.resolution, limit, streamed, words))
    else:
        out.update({"outcome_count": 0, "truncated": False, "states": 0, "outcomes": []})
    out["chosen"] = chosen
    return out


def flare_play(f: FlarePlay, limit: int | None = None, chosen: int | None = None, streamed: bool = False) -> JSON:
    """``flare play``: the flare's check, the halves resolved, whether they have effect data, the outcomes
    (``streamed``: see :func:`resolution`), and the outcome chosen (``--choose``)."""
    out = flare(f.check)
    out["playable"] = f.playable
    out["halves"] = list(f.halves)
    out["effect_resolved"] = f.resolution is not None
    if f.resolution is not None:
        out.update(resolution(f.resolution, limit, streamed))
    else:
        out.update({"outcome_count": 0, "truncated": False, "states": 0, "outcomes": []})
    out["chosen"] = chosen
    if chosen is not None and f.resolution is not None:   # the position after it, as the text prints it
        out["position"] = position(f.resolution.outcomes[chosen - 1].position)
    return out


def summon_apply_choices(card: str, player: str, square: str, message: str, choices: list[JSON]) -> JSON:
    return {"card": card, "player": player, "applied": False, "effect_resolved": False, "square": square,
            "message": message, "choices": choices}

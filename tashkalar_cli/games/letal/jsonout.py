"""L.E.T.A.L. TCG's JSON answers (``letal area --json``...): plain dictionaries, put in the shared envelope by
the command line (their schemas' versions are in :data:`tashkalar_cli.games.tashkalar.render.jsonout.VERSIONS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tashkalar_cli.games.letal.engine import Attack, GridSquare, MoveTo, Problem, Shift, Why, Winner
    from tashkalar_cli.text.i18n import Localizer

JSON = dict[str, Any]


def why(reason: Why | None) -> JSON | None:
    """Why a push, a pull or a move is refused: its stable code and the squares it names (None: not refused)."""
    return None if reason is None else {"code": reason.code, "squares": [sq.name for sq in reason.squares]}


def letal_squares(squares: list[GridSquare], to: MoveTo | None = None) -> JSON:
    """An area or a move: the squares, sorted by file, then rank (a1, a2, ..., b1, ...); with ``to``, whether a
    move can end on that square, and why not."""
    return {"squares": [sq.name for sq in sorted(squares)],
            "to": None if to is None else {"square": to.to.name, "possible": to.possible, "steps": to.steps,
                                           "needed": to.needed, "reason": why(to.why)}}


def letal_shift(result: Shift) -> JSON:
    return {"to": result.to.name if result.to is not None else None, "ignored": result.ignored,
            "reason": why(result.why)}


def letal_attack(result: Attack) -> JSON:
    return {"damage": result.damage, "prevented": result.prevented, "endurance_lost": result.endurance_lost,
            "endurance": result.endurance, "dies": result.dies, "blocked": result.blocked,
            "fully_blocked": result.fully_blocked}


def letal_check(problems: list[Problem], loc: Localizer) -> JSON:
    from tashkalar_cli.games.letal.render import problem_text  # deferred: letal attack and winner --json draw nothing

    return {"valid": not problems,
            "problems": [{"code": p.code, "message": problem_text(p, loc), "line": p.line,
                          "path": [str(part) for part in p.path], "squares": [sq.name for sq in p.squares]}
                         for p in problems],
            "lang": loc.lang}


def letal_winner(result: Winner) -> JSON:
    return {"winner": result.winner, "draw": result.winner is None, "decided_by": result.decided_by,
            "teams": [{"team": t.team, "alive": t.alive, "endurance": t.endurance, "heroes": t.heroes}
                      for t in result.teams]}

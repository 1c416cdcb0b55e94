"""Who plays against whom on a position: the player's opponent colors."""

from __future__ import annotations

from tashkalar_cli.errors import InputError


def opponent(position, player: str, against: str | None) -> str:
    """The one opponent a comparison is made against (``--against``, or the only other color)."""
    if against is not None:
        against = against.lower()
        if against not in position.board.colors:
            raise InputError(f"--against: unknown color '{against}' (one of: {', '.join(position.board.colors)})")
        if against == player:
            raise InputError("--against: a player is not their own opponent")
        return against
    others = [c for c in position.colors if c != player]
    if position.mode == "melee":
        raise InputError("in a melee, say which opponent you compare yourself with: --against COLOR")
    if len(others) == 1:
        return others[0]
    if not others:
        raise InputError("no opponent piece on the board: say who the opponent is with --against COLOR")
    raise InputError(f"several opponent colors on the board ({', '.join(others)}): choose one with --against COLOR")

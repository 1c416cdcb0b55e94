"""The resolver: one class made of the families of steps (each in its module), and the table of handlers the
walk dispatches on."""

from __future__ import annotations

from typing import ClassVar

from tashkalar_cli.games.tashkalar.engine.effects.control import CONTROL_OPS
from tashkalar_cli.games.tashkalar.engine.effects.moves import MOVE_OPS, Moves
from tashkalar_cli.games.tashkalar.engine.effects.placement import PLACEMENT_OPS
from tashkalar_cli.games.tashkalar.engine.effects.search import Handler


class Resolver(Moves):
    """Resolves one program for one player on one position: see
    :class:`~tashkalar_cli.games.tashkalar.engine.effects.core.ResolverCore` for its arguments, :meth:`resolve` for the walk.
    The class is a stack of one base per family of steps: the position (``core``), the walk (``search``),
    selections and conditions (``select``), control steps (``control``), placement and moves."""

    #: the handler of each instruction of the walk, by its op (functions of the class: none bound per resolution)
    DISPATCH: ClassVar[dict[str, Handler]] = {**CONTROL_OPS, **PLACEMENT_OPS, **MOVE_OPS}


__all__ = ["Resolver"]

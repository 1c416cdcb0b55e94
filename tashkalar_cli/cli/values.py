"""The values of the options that Click's own parameter types read (whole numbers, ranges, fixed
choices), refused in the user's language.

Click's types write their refusal as an English sentence (``'x' is not a valid integer.``) through
a ``gettext`` bound when Click is imported, which no public interface lets the tool give its
language. So each such type is here a type of the tool's own, which reads the value as Click's
does (it asks Click's) and, when Click refuses it, raises a :class:`BadValue`: a ``BadParameter``
that holds what it is about (the value typed, the kind of number, the range, the choices), said
in the language the line asks for by :mod:`tashkalar_cli.cli.usage` (from its attributes, as
every other usage error). :func:`use_own_types` gives them to the options of a command that Typer
built; a type of Click's that says words of its own and is not replaced here is refused by
``tests/test_frameworks.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from tashkalar_cli.cli.said import Said


class BadValue(click.BadParameter):
    """A value a parameter refused: the ``cli.*`` text that says why (``key``), what fills it
    (``fields``; ``{value!r}`` gets the value's repr), and the fields that are themselves texts of
    the language (``named``: ``number_type`` -> ``cli.integer``)."""

    def __init__(self, key: str, ctx: click.Context | None, param: click.Parameter | None,
                 named: dict[str, str] | None = None, **fields: object) -> None:
        from tashkalar_cli.cli.said import Said

        self.key, self.fields, self.named = key, dict(fields), dict(named or {})
        super().__init__(self.said(Said(None, str)), ctx, param)

    def said(self, said: Said) -> str:
        """The message in the language of ``said``."""
        return said.text(self.key, **self.fields, **{name: said.text(key) for name, key in self.named.items()})


def describe_range(kind: click.IntRange | click.FloatRange) -> str:
    """A range as Click describes it: ``1<=x<=100``, ``x>=0``."""
    low = f"{kind.min}{'<' if kind.min_open else '<='}" if kind.min is not None else ""
    high = f"{'<' if kind.max_open else '<='}{kind.max}" if kind.max is not None else ""
    if low and high:
        return f"{low}x{high}"
    if low:
        return f"x{'>' if kind.min_open else '>='}{kind.min}"
    return f"x{high}" if high else ""


def _whole(value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
    try:
        return click.INT.convert(value, param, ctx)
    except click.BadParameter:
        raise BadValue("cli.not_a_number", ctx, param, named={"number_type": "cli.integer"}, value=value) from None


class Whole(click.types.IntParamType):
    """A whole number, read as Click reads one (``int``: ``" 3 "``, ``٣`` and ``3_0`` too)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        return _whole(value, param, ctx)


class WholeRange(click.IntRange):
    """A whole number within a range (Click's ``IntRange``: its bounds, open or closed, and its
    clamping)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = _whole(value, param, ctx)
        try:
            return int(super().convert(number, param, ctx))
        except click.BadParameter:
            raise BadValue("cli.not_in_range", ctx, param, value=number, range=describe_range(self)) from None


class OneOf(click.ParamType[Any]):
    """One of fixed choices, read by Click's ``Choice`` (``inner``, which Typer made: an enum's
    values, case or not); a refusal names the choices as that type writes them."""

    def __init__(self, inner: click.Choice[Any]) -> None:
        self.inner = inner
        self.name = inner.name

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return self.inner.convert(value, param, ctx)
        except click.BadParameter:
            choices = ", ".join(repr(self.inner.normalize_choice(choice, ctx)) for choice in self.inner.choices)
            one = len(self.inner.choices) == 1
            raise BadValue("cli.not_choice" if one else "cli.not_one_of", ctx, param, value=value, choice=choices,
                           choices=choices) from None

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return self.inner.get_metavar(param, ctx)

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str | None:
        return self.inner.get_missing_message(param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return self.inner.shell_complete(ctx, param, incomplete)


def own_type(kind: click.ParamType[Any]) -> click.ParamType[Any]:
    """The tool's own type for ``kind``, a type of Click's that says words (``kind`` itself when
    it says none, or is the tool's own already)."""
    if type(kind) is click.types.IntParamType:
        return WHOLE
    if type(kind) is click.IntRange:
        return WholeRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    if isinstance(kind, click.Choice):
        return OneOf(kind)
    return kind


def use_own_types(command: click.Command) -> None:
    """The options and arguments of ``command`` (and of its sub-commands) read by the tool's own
    types (:func:`own_type`)."""
    for param in command.params:
        param.type = own_type(param.type)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            use_own_types(sub)


WHOLE = Whole()

__all__ = ["WHOLE", "BadValue", "OneOf", "Whole", "WholeRange", "describe_range", "own_type", "use_own_types"]

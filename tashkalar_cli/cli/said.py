"""How a usage error or a help page says a text: the language's ``cli.*`` texts, else Click's
English (shared by :mod:`cli.usage` and :mod:`cli.helptext`, which do not import each other)."""

from __future__ import annotations

import re
from collections.abc import Callable

Texts = Callable[[str], "str | None"]
#: an upper-case word of a metavariable (CARD, FILE, OPTIONS)
_METAVAR_WORD = re.compile(r"\b[A-Z][A-Z_]*\b")

#: each text, in English as Click 8.1 wrote it (``--json`` and a language that lacks the key)
ENGLISH: dict[str, str] = {
    "cli.no_such_option": "No such option: {name}",
    "cli.did_you_mean": "Did you mean {possibility}?",
    # an unknown option and the one near it (the languages end the first sentence before the question)
    "cli.no_such_option_near": "No such option: {name} Did you mean {possibility}?",
    "cli.possible_options": "(Possible options: {possibilities})",
    "cli.option_takes_no_value": "Option {name} does not take a value.",
    "cli.option_needs_value": "Option {name} requires an argument.",
    "cli.option_needs_values": "Option {name} requires {nargs} arguments.",
    "cli.argument_needs_values": "Argument {name} takes {nargs} values.",
    "cli.extra_argument": "Got unexpected extra argument ({args})",
    "cli.extra_arguments": "Got unexpected extra arguments ({args})",
    "cli.invalid_value_for": "Invalid value for {param_hint}: {message}",
    "cli.invalid_value": "Invalid value: {message}",
    "cli.missing_argument_named": "Missing argument {name}.",
    "cli.missing_option_named": "Missing option {name}.",
    "cli.missing_parameter_named": "Missing parameter {name}.",
    "cli.missing_command": "Missing command.",
    "cli.quoted": "'{name}'",
    "cli.not_a_number": "{value!r} is not a valid {number_type}.",
    "cli.not_in_range": "{value} is not in the range {range}.",
    "cli.not_one_of": "{value!r} is not one of {choices}.",
    "cli.not_choice": "{value!r} is not {choice}.",
    "cli.integer": "integer",
}
#: a field a text fills with its value's repr (``{value!r}``: Click's own texts, which a
#: translation may keep where its English text has it)
_REPR_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)!r\}")


class Said:
    """How one usage error is said: the language's texts (``texts``; None: English), and what the
    user typed made safe (``shown``)."""

    def __init__(self, texts: Texts | None, shown: Callable[[str], str]) -> None:
        self.texts = texts
        self.shown = shown

    def text(self, key: str, **params: object) -> str:
        """The text ``key`` filled by the one formatter (:func:`tashkalar_cli.errors.fill`: a
        translator's braces are never executed); ``{name!r}`` gets the value's repr."""
        from tashkalar_cli.errors import fill

        found = self.texts(key) if self.texts is not None else None
        template = found if found is not None else ENGLISH[key]
        quoted = set(_REPR_FIELD.findall(template))
        return fill(_REPR_FIELD.sub(r"{\1}", template), {k: repr(v) if k in quoted else v for k, v in params.items()})

    def quoted(self, name: str) -> str:
        return self.text("cli.quoted", name=name)

    def metavar(self, text: str) -> str:
        """Metavariables (``CARD``, ``FILE``, ``[OPTIONS] COMMAND [ARGS]...``) as the help of this
        language shows them: each upper-case word by its ``cli.metavar.<word>`` text, if any."""
        texts = self.texts
        if texts is None:
            return text
        return _METAVAR_WORD.sub(lambda m: texts(f"cli.metavar.{m.group().lower()}") or m.group(), text)

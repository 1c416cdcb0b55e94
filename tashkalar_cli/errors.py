"""The one exception family the tool raises for bad input, and the command line's exit codes.

Every problem a user can cause (a broken data file, a wrong square, an unknown card) is a
:class:`TashkalarError`::

    TashkalarError          bad input of any kind (message, file, line, hints)
    ├── DataError           a data or locale file is unreadable or does not match its schema
    ├── InputError          a command-line argument, a position or a turn record is wrong
    └── NotFoundError       a card, rule, keyword or language that does not exist

The command line prints its message on one line and exits with :data:`EXIT_BAD_INPUT`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple, Self, TypeVar

#: success
EXIT_OK = 0
#: ``i18n check`` found errors (or warnings, with --strict)
EXIT_FINDINGS = 1
#: bad input of any kind
EXIT_BAD_INPUT = 2
#: a bug in the tool (EX_SOFTWARE of sysexits.h)
EXIT_INTERNAL = 70
#: the reader of the output went away (``tashkalar card list | head -1``): 128 + SIGPIPE, what a
#: shell reports for any program a closed pipe stops, and what ``set -o pipefail`` expects
EXIT_BROKEN_PIPE = 141


#: the longest message the tool prints: a value quoted from hostile input never floods the terminal
MAX_MESSAGE = 400


#: what a terminal could act on instead of showing: C0 controls (tab and newline are handled
#: apart), DEL, C1 controls (U+009B is an 8-bit CSI), lone surrogates (unprintable in UTF-8),
#: line and paragraph separators, the bidi embeddings, overrides and isolates of "Trojan Source",
#: and the invisible zero-width space, word joiner, invisible operators, byte-order mark,
#: interlinear annotations and non-characters. The joiners (U+200C, U+200D) and the direction
#: marks (U+200E, U+200F, U+061C) are kept: names in some scripts need them, and they move nothing.
_UNSAFE_CHARS = ("\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\u2028-\u202e\u2060-\u2064\u2066-\u2069"
                 "\ufeff\ufff9-\ufffb\ufffe\uffff\ud800-\udfff")
_UNSAFE_LINE = re.compile(f"[\t\n{_UNSAFE_CHARS}]")
_UNSAFE_BLOCK = re.compile(f"[{_UNSAFE_CHARS}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(value: object, most: int | None = None, *, lines: bool = False) -> str:
    """``value`` made safe to show on a terminal or in a file a person reads: every character a
    terminal could act on (escape sequences, bidi overrides, ...) is written out (``\\x1b``,
    ``\\u202e``), and a text longer than ``most`` characters is cut, with an ellipsis. One line
    unless ``lines``: a newline or tab in the value is shown as ``\\n`` or ``\\t``."""
    text = value if isinstance(value, str) else str(value)
    pattern = _UNSAFE_BLOCK if lines else _UNSAFE_LINE
    if pattern.search(text):
        text = pattern.sub(_escape, text)
    return text if most is None or len(text) <= most else text[: max(most - 1, 0)] + "…"


#: the parameters of a text whose whole numbers are not quantities (a line of a file, a byte's value, a
#: value as the user wrote it): said with their digits as they are, never grouped
NOT_QUANTITIES = frozenset({"line", "first", "column", "byte", "value", "turn"})


def unsafe(text: str) -> bool:
    """Whether ``text`` holds a character :func:`visible` writes out (a control character, a bidi
    override, a line break...): a word holding one is refused rather than read without it."""
    return _UNSAFE_LINE.search(text) is not None


def quote(value: object, most: int = 40) -> str:
    """A value as quoted in a message: one line, made :func:`visible`, its first ``most``
    characters, then an ellipsis."""
    return visible(value, most)


#: characters JSON may carry raw but a terminal acts on: written as ``\\uXXXX`` escapes, which
#: every JSON reader decodes to the same text
_JSON_UNSAFE = re.compile(f"[{_UNSAFE_CHARS}]")


def json_visible(text: str) -> str:
    """A JSON document whose strings hold no character a terminal acts on (C1 controls, bidi
    overrides, lone surrogates...): the same data, with those characters as escapes."""
    # JSON writes every control character below a space as an escape: of the ASCII characters only DEL
    # is left, and an ASCII document (most are) is not scanned (a scan takes 7 ms for plan --json)
    if text.isascii() and "\x7f" not in text:
        return text
    if _JSON_UNSAFE.search(text):
        return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


_FALLBACK: dict[str, Any] | None = None
#: reads the reference locale's messages (set by the data layer, which knows where they are: see
#: :mod:`tashkalar_cli.data`): the English every error says by default, whichever data a program loads
_FALLBACK_READER: Callable[[], dict[str, Any]] | None = None


def use_fallback(reader: Callable[[], dict[str, Any]]) -> None:
    """How errors read their default English texts (the reference locale's messages), when first needed."""
    global _FALLBACK_READER, _FALLBACK
    _FALLBACK_READER, _FALLBACK = reader, None


def english(key: str) -> str | None:
    """The default English text of ``key``: the reference locale's ui.yaml, read once, when an error's
    :attr:`~TashkalarError.message` is first asked for. It never depends on the data a :class:`Game` loaded:
    a message in the texts of one game's data is :meth:`TashkalarError.localized` (or
    :meth:`TashkalarError.message_in`) with that game's localizer."""
    global _FALLBACK
    if _FALLBACK is None and _FALLBACK_READER is not None:
        try:
            _FALLBACK = _FALLBACK_READER()
        except Exception:  # an unreadable reference locale: the key and values are shown instead
            _FALLBACK = {}
    found = (_FALLBACK or {}).get(key)
    return found if isinstance(found, str) else None


# --------------------------------------------------------------------------- templates
# Every text with placeholders (a message, a card text naming a game number) is a template: its
# fields are ``{name}`` only, and ``{{``/``}}`` write a brace. Nothing else in braces is ever
# interpreted: no format spec (``{x:>9}``), no conversion (``{x!r}``), no attribute or index
# (``{x.y}``, ``{x[0]}``). A translator's text is data; :func:`fill` is the one formatter.

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Phrase(str):
    """A message said inside another (what a translation check found, given as the reason of an
    error): as a text, its English, which the English message and JSON carry; in another language
    (:meth:`said_in`), the ui.yaml text ``i18n.finding.<key>`` filled with ``values``.
    :meth:`TashkalarError.localized` says each one among an error's values so."""

    key: str | None
    values: dict[str, Any]

    def __new__(cls, text: str, key: str | None = None, values: Mapping[str, Any] | None = None) -> Self:
        phrase = super().__new__(cls, text)
        phrase.key, phrase.values = key, dict(values or {})
        return phrase

    def said_in(self, text: Callable[[str], str | None], most: int | None = None) -> str:
        """The phrase in the language of ``text`` (its values made :func:`visible`, each at most
        ``most`` characters), else its English."""
        template = text(f"i18n.finding.{self.key}") if self.key else None
        if template is None:
            return str(self)
        # filled, not said with the language's msg: a value may be called "key"; a value that is a
        # phrase itself (the name of a marker) is said in the same language
        return fill(template, {name: visible(value.said_in(text) if isinstance(value, Phrase) else value, most)
                               for name, value in self.values.items()})


def phrase(key: str, english: str, /, **values: Any) -> Phrase:
    """The :class:`Phrase` ``key`` whose English is ``english`` filled with ``values`` (a name
    ``values`` lacks stays as written)."""
    return Phrase(fill(english, values), key, values)


def template_fields(text: str) -> list[str]:
    """Every ``{field}`` of ``text`` as written between its braces, in order (``{{``/``}}`` are
    not fields); a ValueError for a brace that opens or closes nothing (its argument a :class:`Phrase`)."""
    out: list[str] = []
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if token in ("{{", "}}"):
            continue
        if m.group(1) is None:
            raise ValueError(phrase("brace-unmatched", "a '{brace}' that opens or closes no placeholder", brace=token))
        out.append(m.group(1))
    return out


def is_name(field: str) -> bool:
    """Whether a field is a plain ``{name}`` (no spec, conversion, attribute or index)."""
    return _NAME.fullmatch(field) is not None


def field_name(field: str) -> str:
    """The name a field refers to: ``query`` for ``query``, ``query:>9``, ``query.x`` or ``query!r``."""
    m = _NAME.match(field)
    return m.group(0) if m else field


def template_problems(text: str, allowed: Collection[str]) -> list[tuple[str, str]]:
    """What is wrong with the fields of ``text`` as (code, message: a :class:`Phrase`): ``placeholder-format`` for a
    field that is not a plain ``{name}`` (unless ``allowed`` has it written exactly so: Click's own
    texts quote with ``{name!r}``), or an unmatched brace; ``placeholders`` for a name ``allowed``
    does not have."""
    try:
        fields = template_fields(text)
    except ValueError as exc:
        return [("placeholder-format", exc.args[0] if exc.args and isinstance(exc.args[0], Phrase) else str(exc))]
    out: list[tuple[str, str]] = []
    for f in fields:
        if f in allowed:
            continue
        shown = quote("{" + f + "}", 40)
        if not is_name(f):
            out.append(("placeholder-format", phrase("placeholder-not-name", "{field} is not a placeholder: write {{name}}, "
                                                     "with no format, conversion, attribute or index", field=shown)))
        else:
            out.append(("placeholders", phrase("unknown-placeholder", "unknown placeholder {name}", name=shown)))
    return out


class _Part(NamedTuple):
    """A piece of a template: its text, then the value it names (``name``: None for none)."""

    text: str
    name: str | None


@lru_cache(maxsize=256)
def _parts(template: str) -> tuple[_Part, ...]:
    """``template`` cut once into text and its plain ``{name}`` fields (``{{``/``}}`` made single braces;
    any other field and an unmatched brace kept as written): a template said many times (a check that
    makes 100,000 findings of a few templates) is filled by joining, not by a regular expression each time."""
    parts: list[_Part] = []
    text: list[str] = []
    at = 0
    for m in _TOKEN.finditer(template):
        text.append(template[at:m.start()])
        at = m.end()
        token, name = m.group(0), m.group(1)
        if token in ("{{", "}}"):
            text.append(token[0])
        elif name is not None and is_name(name):
            parts.append(_Part("".join(text), name))
            text = []
        else:
            text.append(token)
    text.append(template[at:])
    parts.append(_Part("".join(text), None))
    return tuple(parts)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with each ``{name}`` replaced by ``str(params[name])``; ``{{`` and ``}}`` give a
    brace; a name ``params`` lacks, any other field and an unmatched brace stay as written. Linear in
    the length of the template: nothing in it is executed or interpreted."""
    out: list[str] = []
    for part in _parts(template):
        out.append(part.text)
        if part.name is not None:
            out.append(str(params[part.name]) if part.name in params else "{" + part.name + "}")
    return "".join(out)


def render(template: str, params: dict[str, Any]) -> str:
    """``template`` with its ``{placeholders}`` filled from ``params`` (unknown ones kept): :func:`fill`."""
    return fill(template, params)


class Place(str):
    """Where a value is in a file: ``file`` and ``line`` (None when unknown). As a text it reads
    ``FILE:LINE`` (what a person's message shows); an error given one as its ``where`` keeps the
    two apart (its ``file`` and ``line``, two fields in JSON) and leaves it out of ``message``."""

    file: str
    line: int | None
    detail: str

    def __new__(cls, file: str, line: int | None = None, detail: str = "") -> Place:
        shown = f"{file}:{line}" if line else file
        place = super().__new__(cls, f"{shown}: {detail}" if detail else shown)
        place.file, place.line, place.detail = file, line, detail
        return place

    def about(self, detail: str) -> Place:
        """The same place, naming what is there (a field: ``decks``), which the message keeps."""
        return Place(self.file, self.line, detail)


#: the place at the start of an error's template (``{where}: ...``, ``{where} : ...`` in French):
#: said by the error's file and line instead when it is a :class:`Place`
_WHERE_FIRST = re.compile(r"^\{where\}[\s\u00a0\u202f]*:[\s\u00a0\u202f]*")


def _render_placed(template: str, params: Mapping[str, Any], labelled: str = "{label}: {value}") -> str:
    """:func:`render`, except that a :class:`Place` at the start of the template is left out (the
    error carries it as its file and line), all but what it names (``decks: ...``, joined as
    ``labelled`` says: the language's ``label.value``)."""
    place = params.get("where")
    if "where" in params and not place and _WHERE_FIRST.match(template):  # said nowhere (yet: see at())
        return render(_WHERE_FIRST.sub("", template), dict(params))
    if isinstance(place, Place) and _WHERE_FIRST.match(template):
        text = render(_WHERE_FIRST.sub("", template), dict(params))
        return fill(labelled, {"label": place.detail, "value": text}) if place.detail else text
    return render(template, dict(params))


#: how the ids of a :class:`Term` list are joined: its English words (the message in JSON keeps
#: them) and the ui.yaml key of the same words in each language
_JOINS = {"list": (", ", "list.separator"), "or": (" or ", "list.or"), "clauses": ("; ", "list.clauses"),
          "slash": ("/", "list.slash")}


class Term(str):
    """A game word inside a message: a color, rank, mode, card type, reason, deck, card, piece or
    language, by its id (or ids: a list). As a text it is the ids, which the English message of
    an error keeps (in JSON too); :meth:`TashkalarError.localized` shows the word's name in the
    user's language instead: ``color.blue`` -> "bleu", a card id -> its name, a list joined by
    the language's separator (``list.separator``, ``list.or``, ``list.clauses``).

    ``Term("color", "blue")``, ``Term("color", ["blue", "red"])`` (repeated ids said once),
    ``Term("reason", reasons, join="clauses")``, ``Term("piece", "blue heroic")``; ``most``: at most so
    many said, then how many more ("…(+3)"). Two ids a language names alike are told apart by their ids."""

    kind: str
    ids: tuple[str, ...]
    joiner: str   # how the ids are joined: a key of _JOINS (not ``join``, str's own method)
    most: int | None

    def __new__(cls, kind: str, ids: str | Iterable[object], join: str = "list", english: str | None = None,
                most: int | None = None) -> Term:
        items = (str(ids),) if isinstance(ids, str) else tuple(dict.fromkeys(str(i) for i in ids))
        # the English message shows the ids, or ``english`` (its words in English, when they are not the ids)
        term = super().__new__(cls, _JOINS[join][0].join(items) if english is None else english)
        term.kind, term.ids, term.joiner, term.most = kind, items, join, most
        return term


#: names a game word in the user's language: (kind, id) -> its name, or None (shown as the id)
Namer = Callable[[str, str], "str | None"]


def name_by_texts(text: Callable[[str], str | None]) -> Namer:
    """The names the interface's texts give: ``<kind>.<id>`` (``color.blue``, ``mode.duel``,
    ``reason.no-match``, ``lang.fr``), and a piece (``blue heroic``) as the text ``piece`` says it."""

    def name(kind: str, ident: str) -> str | None:
        if kind == "piece":
            color, _, rank = ident.partition(" ")
            template = text("piece")
            if template is None:
                return None
            return fill(template, {"color": text(f"color.{color}") or color, "rank": text(f"rank.{rank}") or rank})
        if kind == "initial":   # a color by the English initial diagrams use: b = bleu
            return f"{ident[0]} = {text(f'color.{ident}') or ident}"
        if kind == "value":   # a text of a file, quoted as the language quotes (« 1e400 »)
            return fill(text("cli.quoted") or "'{name}'", {"name": ident})
        if kind == "flow":    # any other value of a file, as a user writes it ([duel])
            return ident
        if kind == "langcode":  # a language as typed (its code), with its name: fr (français)
            shown = text(f"lang.{ident}")
            return f"{ident} ({shown})" if shown else None
        # a word the word reader did not find (``word:deck``): the texts name the fixed kinds (deck.imperial)
        found = text(f"{kind.removeprefix('word:')}.{ident}")
        return fill(found, {}) if found is not None else None   # a text's {{ and }} are braces

    return name


def say_term(term: Term, text: Callable[[str], str | None], name: Namer) -> str:
    """A :class:`Term` in the user's language: each id by its name (two ids named alike: each with its id),
    joined by the language's words, at most ``term.most`` of them."""
    english, key = _JOINS[term.joiner]
    sep = text(key) or english
    names = [name(term.kind, i) or i for i in term.ids]
    said = [f"{n} ({i})" if names.count(n) > 1 else n for n, i in zip(names, term.ids, strict=True)]
    more = len(said) - term.most if term.most is not None else 0
    return sep.join(said[:term.most]) + (f"{sep}… (+{more})" if more > 0 else "")


def _counted(text: Callable[[str], str | None], key: str, count: object, plural: Callable[[int], str] | None,
             ) -> str | None:
    """The form of ``error.<key>`` that agrees with ``count`` (``error.<key>.one``, ``.other``...):
    ``plural`` gives a number's category in the language (English's rule without it)."""
    if not isinstance(count, int):
        return None
    category = plural(count) if plural is not None else ("one" if count == 1 else "other")
    return text(f"error.{key}.{category}") or text(f"error.{key}.other")


E = TypeVar("E", bound="TashkalarError")


def _bounded(message: str) -> str:
    """One line, nothing a terminal acts on, whatever the values, and at most :data:`MAX_MESSAGE` characters."""
    message = visible(message)
    if len(message) > MAX_MESSAGE:
        half = MAX_MESSAGE // 2
        message = message[:half] + " … " + message[-half:]
    return message


class TashkalarError(Exception):
    """Bad input: carries a message and, when known, the file and line it concerns.

    An error raised with a ``key`` (``InputError(key="word.color", value=..., ...)``) carries the key and
    its values (``params``), not a text: whoever shows it says it with a localizer, in any language
    (:meth:`localized`; :meth:`Game.error_message <tashkalar_cli.game.Game.error_message>`). ``message``
    (and ``str(error)``) is its default English (``error.<key>`` of the reference locale, read when first
    asked for), the same whichever data or language a program loaded.
    """

    def __init__(self, message: str = "", *, file: str | None = None, line: int | None = None,
                 hints: list[str] | None = None, key: str | None = None, shown: list[str] | None = None,
                 **params: Any) -> None:
        self.key = key
        # values typed by the user are quoted short where they are raised (quote()); places are kept whole
        self.params: dict[str, Any] = dict(params)
        place = self.params.get("where")
        if isinstance(place, Place) and file is None:  # the file and line as two fields, not in the message
            file, line = place.file, place.line
        #: the message as raised, when it was given (else said from the key: :attr:`message`)
        self._given = _bounded(message) if message or key is None else None
        self._message = self._given if not self.options else None
        super().__init__(*((self._given,) if self._given is not None else ()))
        self.file = file
        self.line = line
        # a hint that is a game word stays a Term (its id for programs, its name in the user's language when printed)
        self.hints = [h if isinstance(h, Term) else quote(h, 80) for h in hints or []]
        #: the hints a person reads (``[]``: the message lists them already)
        self.shown = [quote(h, 80) for h in shown] if shown is not None else list(self.hints)

    @property
    def message(self) -> str:
        """The message in the default English (see :func:`english`), every value as raised (a
        :class:`Term` by its ids, what programs read), after the options :meth:`at` said."""
        if self._message is None:
            self._message = self.message_in(english)
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._given = self._message = text

    def message_in(self, text: Callable[[str], str | None]) -> str:
        """The message with the templates ``text`` gives (``text("error.<key>")``), each value as raised (a
        :class:`Term` by its ids), after the options :meth:`at` said: :attr:`message` in another set of
        texts (a data folder's own English)."""
        message = self._given
        if message is None:
            template = text(f"error.{self.key}") or _counted(text, str(self.key), self.params.get("count"), None)
            message = _bounded(_render_placed(template, self.params) if template else f"{self.key}: {self.params}")
        for option in reversed(self.options):
            message = _bounded(f"{option}: {message}")
        return message

    def where(self) -> str:
        if self.file and self.line:
            return visible(f"{self.file}:{self.line}")
        return visible(self.file or "")

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    def _copy(self, given: str | None, file: str | None, line: int | None, options: tuple[str, ...]) -> TashkalarError:
        """The same error (of the same class, with its own attributes) at another place or after other options."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.params, other.hints, other.shown = dict(self.params), list(self.hints), list(self.shown)
        other.file, other.line, other.options = file, line, options
        other._given, other._message = given, given if not options else None
        other.args = (given,) if given is not None else ()
        return other

    def at(self, where: str) -> TashkalarError:
        """The same error, said to be at ``where``: a :class:`Place` (a file and line, which become
        its ``file`` and ``line``), or an option (``--pieces``), said before the message."""
        if isinstance(where, Place) and not self.file:
            # the options said so far stay in its message (said in English), no longer before a translation
            return self._copy(self.message if self.options else self._given, where.file, where.line, ())
        return self._copy(self._given, self.file, self.line, (where, *self.options))

    #: what :meth:`at` said the error is about before its message (options), in every language
    options: tuple[str, ...] = ()

    def recast(self, kind: type[E]) -> E:
        """The same message, place, key and values as an error of another class (a :class:`DataError` of a
        file the user named said as an :class:`InputError`), without its hints; its message is said only when
        asked for."""
        other = kind.__new__(kind)
        other.__dict__.update(self.__dict__)
        other.params, other.hints, other.shown = dict(self.params), [], []
        if self.options:   # said in English, as the options of an error given a Place (see at())
            other._given = other._message = self.message
            other.options = ()
        other.args = (other._given,) if other._given is not None else ()
        return other

    def hints_localized(self, text: Callable[[str], str | None], name: Namer | None = None) -> list[str]:
        """The hints a person reads, in their language: a game word (a :class:`Term`) by its name."""
        namer = name or name_by_texts(text)
        return [say_term(h, text, namer) if isinstance(h, Term) else h for h in self.shown]

    def localized(self, text: Callable[[str], str | None], name: Namer | None = None,
                  plural: Callable[[int], str] | None = None, number: Callable[[int], str] | None = None) -> str:
        """The message in another language: ``text("error.<key>")`` gives its template (or, for a message
        with plural forms, ``error.<key>.<category>`` for its ``count``, ``plural`` giving the language's
        category of a number), each :class:`Term` among its values is said by its name (``name``, by
        default the names the texts give: :func:`name_by_texts`), and the places and options said
        before it are joined to it as the language writes a label and its value (``label.value``). A whole
        number that is a quantity (a limit, a size: not a line or a value as typed, :data:`NOT_QUANTITIES`)
        is written by ``number``, the language's digit groups."""
        template = (text(f"error.{self.key}") or _counted(text, self.key, self.params.get("count"), plural)
                    if self.key else None)
        namer = name or name_by_texts(text)
        params = dict(self.params)
        if isinstance(params.get("what"), str):  # a kind of file, said in the same language
            params["what"] = text("what." + params["what"].replace(" ", "-")) or params["what"]
        for field, value in params.items():
            if isinstance(value, Term):
                params[field] = say_term(value, text, namer)
            elif isinstance(value, Phrase):   # what a check found, said in the same language
                params[field] = value.said_in(text)
            elif number is not None and type(value) is int and field not in NOT_QUANTITIES:
                params[field] = number(value)
        labelled = text("label.value") or "{label}: {value}"
        for said_before in ("prefix", "field"):  # an option ("--mode: ") or a file's field ("mode: ") before the message
            before = params.get(said_before)
            if isinstance(before, str) and before.endswith(": "):
                params[said_before] = fill(labelled, {"label": before[:-2], "value": ""})
        if template:
            message = visible(_render_placed(template, params, labelled), MAX_MESSAGE)
            for option in reversed(self.options):
                message = fill(labelled, {"label": visible(option), "value": message})
        else:
            message = self.message
        where = self.where()  # FILE:LINE: as compilers write it, which editors read, in every language
        return f"{where}: {message}" if where else message


class DataError(TashkalarError):
    """A data or locale file is unreadable or does not match its schema."""


class InputError(TashkalarError):
    """A command-line argument or a position/turn file is wrong."""


class NotFoundError(TashkalarError):
    """A card, rule, keyword or language that does not exist; ``hints`` holds suggestions."""

"""The library's entry point: one :class:`Game` built once from the validated data.

>>> from tashkalar_cli import Game
>>> game = Game()
>>> pos = game.position(pieces="d4=blue,e4=blue,f4=blue,e5=blue:heroic")
>>> game.summon("knight", pos, "blue").legal  # doctest: +SKIP

A ``Game`` is the shared core of every game: its data, rules text, glossary, errata, search, words in every
language and error texts. What exists in one game only (Tash-Kalar's summons, L.E.T.A.L.'s grid) is its
*rules object*, :attr:`Game.ruleset`, brought by the game's pack (:mod:`tashkalar_cli.games`) and loaded by
the name the registry gives (:data:`tashkalar_cli.data.paths.GAMES`): this module imports no pack. A typed
caller names the game's type (``Game[TashkalarRules]``, :class:`~tashkalar_cli.games.tashkalar.TashkalarGame`,
:class:`~tashkalar_cli.games.letal.LetalGame`), and a question of another game does not type-check; an untyped
one may ask the game itself (``game.summon``): the question is the rules object's, and a question of another
game is an :class:`InputError` (``wrong-game``). Its parts are built on first use, so asking one question
costs only what that question needs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar, cast

from tashkalar_cli.data.cache import load_dataset
from tashkalar_cli.data.paths import DEFAULT_GAME, GAMES, GamePack
from tashkalar_cli.errors import DataError, InputError, Namer, TashkalarError, name_by_texts
from tashkalar_cli.text.i18n import Localizer, resolve_language

if TYPE_CHECKING:
    from pathlib import Path

    from tashkalar_cli.data.dataset import Dataset
    from tashkalar_cli.text.rules import Errata, Glossary, RuleBook
    from tashkalar_cli.text.vocabulary import Lexicon, View, Vocabulary


_NONE: Mapping[str, Any] = MappingProxyType({})


class GameWords(NamedTuple):
    """The words a game's rules object adds to the shared word reader: ``lexicons`` (a kind of word read
    among names, built on first use), ``views`` (a kind read in another kind's lexicon, among some of
    its ids) and ``fixed`` (short lists of ids named in ``ui.yaml``)."""

    lexicons: Mapping[str, Callable[[], Lexicon]] = _NONE
    views: Mapping[str, View] = _NONE
    fixed: Mapping[str, list[str]] = _NONE


class Rules(Protocol):
    """What the shared core asks of a game's rules object (the rest of it is the game's own questions).
    A rules class is built with the :class:`Game` it serves: ``Rules(game)``."""

    def words(self) -> GameWords:
        """The game's own words for :attr:`Game.vocabulary` (:class:`GameWords`)."""
        ...

    def term_name(self, kind: str, ident: str, loc: Localizer) -> str | None:
        """How an error names a ``card`` or ``task`` of this game in ``loc``'s language (None: its id)."""
        ...


#: the type of a game's rules object
R = TypeVar("R", bound=Rules)


class Game(Generic[R]):
    """Everything the tool knows about one game (Tash-Kalar by default, or L.E.T.A.L. TCG), and
    every question it answers.

    ``Game()`` opens Tash-Kalar (or the game of ``TASHKALAR_GAME``) in the built-in data (or
    ``TASHKALAR_DATA``); ``Game("letal")`` or ``Game(game="letal")`` opens L.E.T.A.L. TCG;
    ``Game(data="DIR")`` another data folder; ``Game(dataset=...)`` an already loaded
    :class:`~tashkalar_cli.data.dataset.Dataset`. The first positional argument is a game when it
    is a string naming a known game (``tash-kalar``, ``letal``), else a data folder (as before);
    ``data=`` is always a data folder, whatever its name.
    The rules, glossary, errata and search answer for every game; :attr:`ruleset` (of the type ``R``)
    holds the questions of this game only: Tash-Kalar's cards, summons, flares, tasks...
    (:class:`~tashkalar_cli.games.tashkalar.rules.TashkalarRules`), L.E.T.A.L.'s grid engine
    (:class:`~tashkalar_cli.games.letal.rules.LetalRules`). Bad input raises a
    :class:`~tashkalar_cli.errors.TashkalarError`.
    """

    def __init__(self, where: str | os.PathLike[str] | None = None, /, *, data: str | os.PathLike[str] | None = None,
                 game: str | None = None, dataset: Dataset | None = None) -> None:
        if isinstance(where, str) and where.strip().lower() in GAMES and game is None:
            game = where
        elif where is not None:
            if data is not None:
                raise TypeError("Game(): the data folder is given twice")
            data = where
        self.pack: GamePack = pack_of(game)
        self._data = data
        if dataset is not None:
            self.__dict__["dataset"] = dataset

    if not TYPE_CHECKING:   # seen at run time only: a typed caller asks game.ruleset, where the types say
        def __getattr__(self, name: str) -> Any:
            """A question of this game's rules object asked of the game itself (``game.summon``), for a
            caller that does not name the game's type; a question of another game is bad input."""
            if name.startswith("_") or name == "ruleset":
                raise AttributeError(name)
            ruleset = self.ruleset
            if hasattr(type(ruleset), name):
                return getattr(ruleset, name)
            from tashkalar_cli.data.games import owner_of  # deferred: the registry's lookups, which --help does not load

            owner = owner_of(name)
            if owner is None:
                raise AttributeError(f"'Game' object has no attribute {name!r}")
            raise InputError(key="wrong-game", what=name, game=owner, current=self.pack.id)

    @property
    def id(self) -> str:
        """The game's id: ``tash-kalar`` or ``letal``."""
        return self.pack.id

    #: how an error names a parameter of a question (``pieces``, ``orientation``, ``take_back``): None, by the
    #: parameter's name, as a program calls the library; the command line gives its options' names (``--pieces``)
    parameter_names: Callable[[str], str] | None = None

    def param(self, name: str) -> str:
        """The name an error gives the parameter ``name`` (see :attr:`parameter_names`)."""
        name = name.removeprefix("--").replace("-", "_")
        return name if self.parameter_names is None else self.parameter_names(name)

    # ------------------------------------------------------------------ the parts
    @cached_property
    def ruleset(self) -> R:
        """This game's rules object, loaded by the name its pack registers (:attr:`GamePack.rules
        <tashkalar_cli.data.paths.GamePack.rules>`): every question that exists only in this game."""
        from tashkalar_cli.data.games import rules_class  # deferred: the registry's lookups, which --help does not load

        return cast("R", rules_class(self.pack)(self))

    @cached_property
    def dataset(self) -> Dataset:
        return load_dataset(self._data, self.pack.id, build=_build)

    @cached_property
    def rules(self) -> RuleBook:
        from tashkalar_cli.text.rules import RuleBook  # deferred: the rules' texts, which card show does not load

        return RuleBook(self.dataset, self.pack.id)

    @cached_property
    def glossary(self) -> Glossary:
        from tashkalar_cli.text.rules import Glossary  # deferred: the rules' texts, which card show does not load

        return Glossary(self.dataset)

    @cached_property
    def errata(self) -> Errata:
        from tashkalar_cli.text.rules import Errata  # deferred: the rules' texts, which card show does not load

        return Errata(self.dataset)

    def errata_about(self, book: str | None = None, erratum: str | None = None) -> Errata:
        """The errata where the rulebook of ``book`` (a language: ``es``, ``español``, ``Spanish``...) errs
        or is ruled on, and/or the one ``erratum`` (its id or its title in any language, in part or
        with a typo): words read by :meth:`word`."""
        errata = self.errata
        return errata.about(None if book is None else self.word("lang", book, "--book", among=errata.books),
                            None if erratum is None else self.word("erratum", erratum, "ERRATUM"))

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """Every word a user may type, in every language: ranks, modes, decks, card types, languages and
        keywords, and the words of this game's rules object (:meth:`Rules.words`: Tash-Kalar's colors and
        cards; see :mod:`tashkalar_cli.text.vocabulary`)."""
        from tashkalar_cli.text.rules import MODES  # deferred: the rules' texts, which card show by id does not load
        from tashkalar_cli.text.vocabulary import Vocabulary  # deferred: the word reader, which card show by id does not load

        own = self.ruleset.words()
        lexicons: dict[str, Callable[[], Lexicon]] = {"keyword": lambda: self.glossary.lexicon,
                                                      "erratum": lambda: self.errata.lexicon, **own.lexicons}
        views: dict[str, View] = dict(own.views)
        fixed = {"mode": list(MODES), "deck": self.decks, "lang": sorted(self.dataset.locales), **own.fixed}
        return Vocabulary(self.dataset.locales, fixed, lexicons, views)

    @property
    def language(self) -> str:
        """The language a user types in, read first when a word is looked up (and that of the
        suggestions): the one given (``game.language = "fr"``), else ``TASHKALAR_LANG``, then the
        locale, then English."""
        chosen = self.__dict__.get("_language")
        if chosen is None:
            broken = self.dataset.derived.get("broken_languages", {})   # said by localizer(), not here
            chosen = self.__dict__["_language"] = resolve_language(self._language_option, [*self.languages, *broken])
        return str(chosen)

    @language.setter
    def language(self, option: str | None) -> None:
        self._language_option = option
        self.__dict__.pop("_language", None)

    _language_option: str | None = None

    @property
    def languages(self) -> list[str]:
        return self.dataset.languages

    @property
    def decks(self) -> list[str]:
        return [d["id"] for d in self.dataset.facts.get("decks", [])]

    def namer(self, loc: Localizer) -> Namer:
        """How an error names its game words (:class:`~tashkalar_cli.errors.Term`) in ``loc``'s language: a
        word the word reader did not find as the vocabulary shows it, a card or task by its name, the rest by
        the interface's texts. ``error.localized(loc.ui, game.namer(loc))`` is the error in that language."""
        by_texts = name_by_texts(loc.ui)

        def name(kind: str, ident: str) -> str | None:
            if kind.startswith("word:"):
                if kind[5:] in self.vocabulary.kinds:
                    return self.vocabulary.shown(kind[5:], ident, loc.lang)
                return by_texts(kind[5:], ident)   # a word of another game's files: its ``<kind>.<id>`` text
            if kind in ("card", "task"):   # named by the game's rules object (None: the id is shown)
                return self.ruleset.term_name(kind, ident, loc)
            return by_texts(kind, ident)

        return name

    def error_message(self, error: TashkalarError, lang: str | None = None) -> str:
        """``error`` said in ``lang`` (default: this game's :attr:`language`) with this game's texts and
        names: what the command line prints. Another :class:`Game` says its own errors in its own
        texts; neither changes the other's (``str(error)`` is the default English of every game)."""
        loc = self.localizer(lang or self.language)
        return error.localized(loc.ui, self.namer(loc), loc.plural_category, loc.number)

    def localizer(self, lang: str | None = None) -> Localizer:
        """The texts in ``lang`` (default: ``TASHKALAR_LANG``, then the locale, then English)."""
        broken = self.dataset.derived.get("broken_languages", {})
        chosen = resolve_language(lang, [*self.languages, *broken])
        if chosen in broken:
            raise DataError(f"language '{chosen}' cannot be used: {broken[chosen]}")
        return Localizer(self.dataset, chosen)

    def broken_languages(self) -> dict[str, str]:
        """The translators' languages that failed to load (code -> why): the others work without them."""
        return dict(self.dataset.derived.get("broken_languages", {}))

    def word(self, kind: str, value: str, where: str = "", among: Iterable[str] | None = None) -> str:
        """The id of a word typed in any language, in part or with a typo: a color, rank, mode, deck,
        card type (``type``), card (``card``, ``being``, ``flare``, ``task``) or keyword, among
        ``among`` when given. Otherwise one error naming ``where`` (an :class:`InputError` for a value
        outside a short list, a :class:`~tashkalar_cli.errors.NotFoundError` for a name; key
        ``word.<kind>`` or ``word-ambiguous``), its suggestions in :attr:`language`. The one reader
        of every such word (:func:`tashkalar_cli.text.vocabulary.find_word`)."""
        return self.vocabulary.find(kind, value, lang=self.language, where=where,
                                    among=None if among is None else list(among))



__all__ = ["Game", "GameWords", "Rules", "check_facts", "load_uncached"]


def check_facts(facts: Mapping[str, Any], pack: GamePack) -> dict[str, Any]:
    """The checks of a game's facts across files: what its pack checks and derives from them (``GamePack.derive``:
    Tash-Kalar's cards, checked first), then its rules, keywords and errata (:mod:`tashkalar_cli.data.integrity`).
    Returns what the pack derived."""
    # deferred: only when a data folder is built for real (a cache miss, validate, i18n check)
    from tashkalar_cli.data.games import pack_function
    from tashkalar_cli.data.integrity import check_rules

    derived: dict[str, Any] = pack_function(pack.derive)(facts) if pack.derive else {}
    check_rules(facts, pack)
    return derived


def pack_of(game: GamePack | str | None) -> GamePack:
    """The pack of ``game`` (default: Tash-Kalar): its id or one of its names, read as every word is
    (:func:`~tashkalar_cli.text.vocabulary.find_game`), the one reading of a game's name."""
    if isinstance(game, GamePack):
        return game
    if game is None or game == DEFAULT_GAME:
        return GAMES[DEFAULT_GAME]
    from tashkalar_cli.text.vocabulary import find_game  # deferred: the registry's lookups, which --help does not load

    return GAMES[find_game(game)]


def load_uncached(root: Path, game: GamePack | str | None = None) -> Dataset:
    """Every file of one game (default: Tash-Kalar) of the data root ``root`` read, validated and
    checked, with the derived values: built for real, never from the cache of a whole data folder
    (:func:`tashkalar_cli.data.cache.load_dataset` caches what this builds).

    The data layer reads and validates the files (:mod:`tashkalar_cli.data.loader`); the rules,
    keywords and errata of every game are checked across files (:mod:`tashkalar_cli.data.integrity`);
    each language's placeholders are checked against the facts (:mod:`tashkalar_cli.text.i18n`); the
    game's pack checks and derives what is its own (``GamePack.derive``: Tash-Kalar's cards and their
    patterns' orientations); the search index (:mod:`tashkalar_cli.text.index`) is made when a search
    first reads it."""
    # deferred: only when a data folder is built for real (a cache miss, validate)
    from tashkalar_cli.data.dataset import Dataset, Derived
    from tashkalar_cli.data.loader import data_folders, load_facts, load_locales, unknown_entries
    from tashkalar_cli.data.paths import Budget
    from tashkalar_cli.text import index
    from tashkalar_cli.text.i18n import check_placeholders

    pack = pack_of(game)
    cards, locales = data_folders(root)
    budget = Budget(root)  # the walks of one data folder read at most so many files and bytes
    facts = load_facts(cards, root, pack, budget)
    derived = check_facts(facts, pack)
    merged_locales, broken = load_locales(locales, root, lambda texts, english: check_placeholders(texts, facts, english),
                                          pack, budget)
    warnings = [f"language '{lang}' left out: {message}" for lang, message in sorted(broken.items())]
    # the search index (search_index, search_index.words and search_index.<lang>), made when a search first reads it
    searched = (index.PART, index.WORDS, *(f"{index.PART}.{lang}" for lang in sorted(merged_locales)))
    return Dataset(str(root), facts, merged_locales, warnings + unknown_entries(facts, merged_locales, pack),
                   derived=Derived({**derived, "game": pack.id, "broken_languages": broken}, searched,
                                   lambda: index.build_index(facts, merged_locales)))


def _build(root: Path, game: str) -> Dataset:
    """The data built for real, when the cache cannot give it (imported only then)."""
    from tashkalar_cli.game import load_uncached  # deferred: the uncached build (YAML, schemas), on a cache miss only

    return load_uncached(root, game)

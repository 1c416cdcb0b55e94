"""Tash-Kalar's rules object: its board, game numbers, cards and engines, and every question of the game.

:class:`TashkalarRules` is what the Tash-Kalar pack plugs into the shared :class:`~tashkalar_cli.game.Game`
(registered in :data:`tashkalar_cli.data.paths.GAMES` by the name of this class, loaded by that name): the
game gives the shared services (its data, rules text, glossary, errata, words in every language), this object
the questions that exist only in Tash-Kalar (summons, flares, tasks, scores, plans). Its engines and model are
the pack's :mod:`.engine` and :mod:`.model`. The start-up of ``card show`` loads this object and none of the
engines, nor the position's model: those are imported on first use (each import says which command starts
without it), so asking one question costs only what that question needs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from tashkalar_cli.errors import InputError, TashkalarError, Term, quote
from tashkalar_cli.game import GameWords
from tashkalar_cli.games.tashkalar.model.markers import read_rules
from tashkalar_cli.games.tashkalar.model.types import CardType, Mode, Rank

if TYPE_CHECKING:
    from tashkalar_cli.game import Game
    from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog
    from tashkalar_cli.games.tashkalar.engine.effects import Resolution
    from tashkalar_cli.games.tashkalar.engine.flares import FlareCheck
    from tashkalar_cli.games.tashkalar.engine.goals import GoalReport, Seen
    from tashkalar_cli.games.tashkalar.engine.planner import Planner, PlanReport, Threats
    from tashkalar_cli.games.tashkalar.engine.played import FlareResolved, OutcomeChoice, SummonResolved
    from tashkalar_cli.games.tashkalar.engine.scoring import TurnScore
    from tashkalar_cli.games.tashkalar.engine.summoning import Applied, Engine, Placement, Verdict
    from tashkalar_cli.games.tashkalar.engine.tasks import Context as TaskContext
    from tashkalar_cli.games.tashkalar.engine.tasks import TaskCheck
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.cards import Being, Card, Flare, Task
    from tashkalar_cli.games.tashkalar.model.config import GameConfig, TeamPlay
    from tashkalar_cli.games.tashkalar.model.patterns import Orientation
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.games.tashkalar.model.position_parser import PositionParser
    from tashkalar_cli.games.tashkalar.model.turn import Turn
    from tashkalar_cli.games.tashkalar.model.types import Square
    from tashkalar_cli.text.i18n import Localizer


class TashkalarRules:
    """The questions of Tash-Kalar, asked of ``game`` (the shared services: :attr:`Game.dataset
    <tashkalar_cli.game.Game.dataset>`, :meth:`Game.word <tashkalar_cli.game.Game.word>`...).
    ``Game().summon(...)`` is ``Game().ruleset.summon(...)``; a typed caller writes the second (see
    :class:`tashkalar_cli.games.tashkalar.TashkalarGame`). Bad input raises a
    :class:`~tashkalar_cli.errors.TashkalarError`."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    # ------------------------------------------------------------------ what the shared core asks of a game
    def words(self) -> GameWords:
        """Tash-Kalar's own words for the word reader: its cards (beings, flares and tasks are cards
        read among their type), its colors, ranks and card types. The card model is imported when a card is looked up."""
        from tashkalar_cli.text.vocabulary import View  # deferred: the word reader, which card show by id does not load

        return GameWords(lexicons={"card": lambda: self.cards.lexicon},
                         views={kind: View("card", self._ids_of(kind), self._not_a(kind))
                                for kind in ("being", "flare", "task")},
                         fixed={"color": self.board.colors, "rank": [r.value for r in Rank],
                                "type": [t.value for t in CardType]})

    def term_name(self, kind: str, ident: str, loc: Localizer) -> str | None:
        """A card or task an error names (``Term("card", id)``), by its name in ``loc``'s language."""
        try:
            card = self.cards.by_id.get(ident)
        except Exception:  # a data folder whose cards cannot be read: the id is shown
            card = None
        return str(self.cards.name(card, loc)) if card is not None else None

    # ------------------------------------------------------------------ the parts
    @cached_property
    def config(self) -> GameConfig:
        from tashkalar_cli.games.tashkalar.model.config import GameConfig  # deferred: card show loads no game numbers

        return GameConfig.from_data(self.game.dataset.facts["game"])

    @cached_property
    def team_play(self) -> TeamPlay | None:
        """Team play: the forms of play it is played as, the number of teams and of players in each (None: the
        game's data has none)."""
        from tashkalar_cli.games.tashkalar.model.config import TeamPlay  # deferred: card show loads no game numbers

        return TeamPlay.read(self.game.rules.played_as, self.config.placeholders)

    @cached_property
    def board(self) -> Board:
        from tashkalar_cli.games.tashkalar.model.board import Board  # deferred: card show loads no board

        return Board(self.game.dataset.facts["board"])

    @cached_property
    def cards(self) -> CardCatalog:
        """The cards, with their names and texts in every language and lookup by name."""
        from tashkalar_cli.games.tashkalar.catalog.cards import CardCatalog  # deferred: position show loads no card catalog

        return CardCatalog(self.game.dataset)

    @cached_property
    def engine(self) -> Engine:
        from tashkalar_cli.games.tashkalar.engine.summoning import Engine  # deferred: an engine (card show loads none)

        return Engine(self.board, self.game.dataset.derived.get("orientations"))

    @cached_property
    def parser(self) -> PositionParser:
        from tashkalar_cli.games.tashkalar.model.position_parser import PositionParser  # deferred: card show reads no position

        parser = PositionParser(self.board, self.config, {t["id"] for t in self.game.dataset.facts["tasks"]},
                                words=self.game.word)
        parser.deck_ids = self.game.decks   # a position's optional ``decks:`` names decks of the data
        parser.param = self.game.param      # errors name the parameters as the game says them (``--pieces``)
        parser.marker_rules = read_rules(self.game.dataset.facts.get("decks", ()))   # markers: deck data
        return parser

    def _ids_of(self, kind: str) -> Callable[[], list[str]]:
        """The ids of the cards of a type (``being``: beings and legends)."""
        def ids() -> list[str]:
            from tashkalar_cli.games.tashkalar.model.cards import (  # deferred: position show loads no card model
                Being,
                Flare,
                Task,
            )

            chosen = {"being": Being, "flare": Flare, "task": Task}[kind]
            return [c.id for c in self.cards.cards if isinstance(c, chosen)]

        return ids

    def _not_a(self, kind: str) -> Callable[[str, object], InputError]:
        return lambda other, value: InputError(key=f"not-a-{kind}", query=quote(value),
                                               type=Term("type", str(self.cards.by_id[other].type)))

    # ------------------------------------------------------------------ reading input
    def color(self, value: str, what: str = "color") -> str:
        """A color by its id or its name in any language (``blue``, ``bleu``, ``azul``)."""
        from tashkalar_cli.games.tashkalar.model.players import parse_color  # deferred: card show reads no position

        what = self._p(what)
        if not isinstance(value, str):
            raise _wrong_type(what, value, "str")
        return parse_color(value, self.board.colors, what, self.game.word)

    def _p(self, what: str) -> str:
        """A parameter (``--player``, ``player``) as errors name it (:meth:`Game.param
        <tashkalar_cli.game.Game.param>`); another place (``color``, a file's line) as it is."""
        return self.game.param(what) if what.startswith("--") else what

    def _being_of(self, card: object, param: str = "card") -> Being:
        """A being or legend given by a name in any language, an id, or the :class:`Being` the library returned;
        another card (a flare, a task) or another type is bad input naming ``param``."""
        from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Task  # deferred: position show loads no card model

        if isinstance(card, str):
            return self.being(card)
        if isinstance(card, Being):
            return card
        if isinstance(card, (Flare, Task)):
            raise self._not_a("being")(card.id, card.id)
        raise _wrong_type(self.game.param(param), card, "str, Being")

    def _flare_of(self, flare: object) -> Flare:
        """A flare by a name in any language, an id, or the :class:`Flare` the library returned; else bad input."""
        from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Task  # deferred: position show loads no card model

        if isinstance(flare, str):
            return self._flare(flare)
        if isinstance(flare, Flare):
            return flare
        if isinstance(flare, (Being, Task)):
            raise self._not_a("flare")(flare.id, flare.id)
        raise _wrong_type(self.game.param("flare"), flare, "str, Flare")

    def _task_of(self, task: object) -> Task:
        """A task by a name in any language, an id, or the :class:`Task` the library returned; else bad input."""
        from tashkalar_cli.games.tashkalar.model.cards import Being, Flare, Task  # deferred: position show loads no card model

        if isinstance(task, str):
            return self._task(task)
        if isinstance(task, Task):
            return task
        if isinstance(task, (Being, Flare)):
            raise self._not_a("task")(task.id, task.id)
        raise _wrong_type(self.game.param("task"), task, "str, Task")

    def _summon_at(self, at: object, orientation: object, take_back: object) -> _SummonAt:
        """Where a summon is played, as the library returned it or a user types it: ``at`` a square's name, a
        :class:`Square` or a :class:`Placement` (its square, and its orientation unless ``orientation`` names
        one), ``orientation`` a name (``r90``) or an :class:`Orientation`, ``take_back`` a square's name or a
        :class:`Square`; another type is bad input naming the parameter."""
        from tashkalar_cli.games.tashkalar.engine.summoning import Placement  # deferred: an engine (card show loads none)
        from tashkalar_cli.games.tashkalar.model.patterns import Orientation  # deferred: position show loads no patterns

        if isinstance(at, Placement):
            if orientation is None:
                orientation = at.orientation
            at = at.target
        if isinstance(orientation, Orientation):
            orientation = orientation.name
        for name, value in (("at", at), ("take_back", take_back)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
                raise _wrong_type(self.game.param(name), value, "str, Square, Placement" if name == "at" else "str, Square")
            if isinstance(value, int) and not isinstance(value, str) and value not in self.board:
                raise InputError(key="param-square", param=self.game.param(name), value=value)
        if orientation is not None and not isinstance(orientation, str):
            raise _wrong_type(self.game.param("orientation"), orientation, "str, Orientation")
        return _SummonAt(cast("str | Square", at), orientation, cast("str | Square | None", take_back))

    def _named(self, error: TashkalarError) -> TashkalarError:
        """``error`` of an engine, the parameters it names (``option``: ``at``, ``orientation``, ``take_back``,
        ``choose``; ``side_option``) said as this game's errors say them (the command line: its options)."""
        named = [field for field in ("option", "side_option") if isinstance(error.params.get(field), str)]
        for field in named:
            error.params[field] = self.game.param(error.params[field])
        if named and error.key is not None and not error.options and error._given is None:
            error._message = None     # said again with the names
        return error

    def position(self, path: str | os.PathLike[str] | None = None, *, pieces: str | None = None, mode: str | None = None,
                 players: int | None = None, default_mode: str = "duel") -> Position:
        """A position from a YAML file and/or inline pieces (``"e5=blue:heroic,d4=red"``).

        ``mode`` and ``players`` override the file's, and are checked like it; ``default_mode`` is
        the mode of a position that states none.
        """
        from tashkalar_cli.games.tashkalar.model.position_parser import load_position  # deferred: card show reads no position

        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        if path is not None and not isinstance(path, str):
            raise _wrong_type(self.game.param("path"), path, "str, os.PathLike")
        if path is None and pieces is None:
            raise InputError(key="no-position", path=self.game.param("path"), pieces=self.game.param("pieces"))
        return load_position(self.parser, path, pieces, mode, players, default_mode)

    def turn(self, path: str, *, mode: str | None = None, players: int | None = None,
             position: Position | None = None) -> Turn:
        """A turn record from a YAML file; ``mode`` and ``players`` override the record's. ``position``: the
        position the turn was played on, whose form of play a record that states its mode must share."""
        from tashkalar_cli.games.tashkalar.model.turn import load_turn  # deferred: card show and summon read no turn record

        turn = load_turn(path, self.parser, self.cards, mode, players)
        if position is not None:
            _same_form(turn, position)
        return turn

    def card(self, query: str) -> Card:
        """A card by id or by name in any language (in part, or with a typo)."""
        return self.cards.find(query, self.game.language)

    def being(self, query: str) -> Being:
        from tashkalar_cli.games.tashkalar.model.cards import Being  # deferred: position show loads no card model

        return self.cards.find_of_type(query, Being, lang=self.game.language)

    def _flare(self, query: str) -> Flare:
        from tashkalar_cli.games.tashkalar.model.cards import Flare  # deferred: position show loads no card model

        return self.cards.find_of_type(query, Flare, lang=self.game.language)

    def _task(self, query: str) -> Task:
        from tashkalar_cli.games.tashkalar.model.cards import Task  # deferred: position show loads no card model

        return self.cards.find_of_type(query, Task, lang=self.game.language)

    def _side(self, position: Position, player: str, other: str | None, what: str) -> tuple[str, str | None]:
        """The player's and another side's colors, checked against the game's sides."""
        from tashkalar_cli.games.tashkalar.model.players import check_in_game  # deferred: card show reads no position
        from tashkalar_cli.games.tashkalar.model.position import Position  # deferred: card show reads no position

        if not isinstance(position, Position):
            raise _wrong_type(self.game.param("position"), position, "Position")
        player = self.color(player, "--player")
        check_in_game(player, position.colors, position.players, self._p("--player"))
        if other is not None:
            what = self._p(what)
            other = self.color(other, what)
            if other == player:
                raise InputError(key="own-color", what=what, color=Term("color", other))
            check_in_game(other, [*position.colors, player], position.players, what)
        return player, other

    # ------------------------------------------------------------------ questions
    def summon(self, card: str | Being, position: Position, player: str, *, allow_enemy: str | None = None,
               explain: bool = True) -> Verdict:
        """Can ``player`` summon ``card`` on ``position``? Every placement, or why not."""
        being = self._being_of(card)
        player, allow_enemy = self._side(position, player, allow_enemy, "--allow-enemy")
        return self.engine.check(being, position, player, allow_enemy, explain=explain)

    def summonable(self, position: Position, player: str, cards: Iterable[str | Being] | None = None, *,
                   allow_enemy: str | None = None, deck: str | None = None,
                   hand: str | Iterable[str | Being] | None = None) -> list[Verdict]:
        """The verdict of every being and legend (or of ``cards``) at once. ``deck``: only the beings of this
        deck (its id or name in any language); ``hand``: only these cards, in this order (names in any
        language; a string may list several, separated by commas)."""
        in_deck = None if deck is None else self.game.word("deck", deck, self._p("--deck"))
        in_hand = None if hand is None else self._hand(hand)
        player, allow_enemy = self._side(position, player, allow_enemy, "--allow-enemy")
        chosen = self.cards.beings if cards is None else [self._being_of(c) for c in cards]
        if in_deck is not None:
            chosen = [c for c in chosen if c.deck == in_deck]
        if in_hand is not None:
            chosen = [c for c in dict.fromkeys(in_hand) if c in chosen]
        return self.engine.check_many(list(dict.fromkeys(chosen)), position, player, allow_enemy)

    def _hand(self, hand: str | Iterable[str | Being]) -> list[Being]:
        """Cards as the user names them: in several values, or separated by commas in one."""
        found: list[Being] = []
        for card in [hand] if isinstance(hand, str) else hand:
            found += [self.being(name) for name in _split([card])] if isinstance(card, str) else [self._being_of(card, "hand")]
        return found

    def opponent(self, position: Position, player: str, against: str | None, *, required: bool = True) -> str | None:
        """Whom ``player`` compares with: ``against``, else the only other side on the board."""
        from tashkalar_cli.games.tashkalar.model.players import opponent  # deferred: card show reads no position

        player, against = self._side(position, player, against, "--against")
        return opponent(position.colors, position.mode, position.players, player, against, required=required)

    def flare(self, flare: str | Flare, position: Position, player: str, against: str | None = None) -> FlareCheck:
        """May ``player`` invoke ``flare`` against ``against`` (or the only opponent), and which halves?"""
        from tashkalar_cli.games.tashkalar.engine.flares import check_flare  # deferred: an engine (card show loads none)

        card = self._flare_of(flare)
        vs = self.opponent(position, player, against)
        assert vs is not None
        return check_flare(card, position, self.color(player), vs, self.config)

    def flares(self, position: Position, player: str, against: str | None = None) -> list[FlareCheck]:
        from tashkalar_cli.games.tashkalar.model.cards import Flare  # deferred: position show loads no card model

        return [self.flare(f, position, player, against) for f in self.cards.of_type(Flare)]

    def task(self, task: str | Task, position: Position, player: str, against: str | None = None,
             turn: Turn | None = None) -> TaskCheck:
        """Is the High Form ``task`` met for ``player``? (``turn``: the turn just played, for the tasks about it.)"""
        return self.tasks(position, player, against, turn, [task])[0]

    def check_high_form(self, position: Position, turn: Turn | None = None) -> None:
        """Bad input unless a task may be asked about ``position``: tasks belong to the High Form
        (``tasks-high-form``), and a turn record that states its mode must be of the position's
        (``turn-other-mode``). :meth:`tasks` and :meth:`plan_task` check it first."""
        if position.mode is not Mode.HIGH_FORM:
            raise InputError(key="tasks-high-form", mode=Term("mode", str(position.mode)))
        if turn is not None:
            _same_form(turn, position)

    def tasks(self, position: Position, player: str, against: str | None = None, turn: Turn | None = None,
              tasks: Iterable[str | Task] | None = None) -> list[TaskCheck]:
        """Which High Form tasks (``tasks``, default: all) are met for ``player`` (see :meth:`task`); a
        position of another form of play is refused (:meth:`check_high_form`)."""
        from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task  # deferred: an engine (card show loads none)
        from tashkalar_cli.games.tashkalar.model.cards import Task  # deferred: position show loads no card model

        self.check_high_form(position, turn)
        vs = self.opponent(position, player, against, required=False)
        player = self.color(player)
        if turn is not None and turn.player != player:
            raise InputError(key="other-players-turn", turn=Term("color", turn.player), player=Term("color", player))
        chosen = (self.cards.of_type(Task) if tasks is None
                  else [self._task_of(t) for t in tasks])
        ctx = Context(position, player, vs, turn, self.cards)
        return [check_task(t, ctx) for t in chosen]

    def high_form_score(self, position: Position, player: str) -> dict[str, int | bool]:
        """Points of the tasks claimed plus the legendary pieces on the board, and whether they end the game."""
        from tashkalar_cli.games.tashkalar.engine.tasks import high_form_score  # deferred: an engine (card show loads none)

        return high_form_score(position, self.color(player), self.cards, self.config)

    def score(self, turn: Turn) -> TurnScore:
        """Deathmatch points of one turn, and whether the end of the game is triggered."""
        from tashkalar_cli.games.tashkalar.engine.scoring import score_turn  # deferred: an engine (card show loads none)

        if turn.mode is Mode.HIGH_FORM:
            raise InputError(key="score-high-form")
        return score_turn(turn, self.config, self.cards)

    # ------------------------------------------------------------------ summons played, and turns planned
    @cached_property
    def planner(self) -> Planner:
        from tashkalar_cli.games.tashkalar.engine.planner import Planner  # deferred: an engine (card show loads none)

        return Planner(self.engine)

    def apply(self, card: str | Being, position: Position, player: str, at: str | Square | Placement, *,
              orientation: str | Orientation | None = None, take_back: str | Square | None = None,
              turn: Turn | None = None) -> Applied:
        """The position after ``player`` summons ``card`` on the square ``at`` (a new position: the old
        one is unchanged), the piece destroyed, and the turn record with the summon. The card's effect
        is not resolved. Several ways and none named: an :class:`InputError` listing them (``choices``).

        ``at``: a square's name (``e4``), a :class:`Square`, or a :class:`Placement` of :meth:`summon`'s
        verdict (its square and orientation); ``orientation``: a name (``r90``, ``m0``) or an
        :class:`Orientation`; ``take_back``: a square's name or a :class:`Square`."""
        from tashkalar_cli.games.tashkalar.engine.summoning import apply_summon  # deferred: an engine (card show loads none)

        being = self._being_of(card)
        player, _ = self._side(position, player, None, "--player")
        where = self._summon_at(at, orientation, take_back)
        try:
            return apply_summon(self.engine, being, position, player, where.at, where.orientation, where.take_back,
                                self._turn_of(turn))
        except TashkalarError as exc:
            raise self._named(exc) from None

    def resolve(self, card: str | Being, position: Position, player: str, at: str | Square | Placement, *,
                orientation: str | Orientation | None = None, take_back: str | Square | None = None,
                actions_left: int | None = None, turn: Turn | None = None,
                max_states: int | None = None, choose: OutcomeChoice = None) -> SummonResolved:
        """The summon of ``card`` on ``at`` played (as :meth:`apply`), then its effect resolved: every
        distinct outcome (``.outcomes``, each with ``position``, ``steps``, ``actions_gained``,
        ``destroyed``, ``notes``, ``choices`` and ``to_dict()``). ``actions_left``: the actions left
        after the summon (None: unknown; an effect that asks gives both answers, each outcome saying
        which it assumed). ``.resolution`` is None for a card without effect data. ``max_states``: the bound on
        the states explored (None: the default, ``MAX_STATES``; 0: no bound).

        ``at``, ``orientation``, ``take_back``: as :meth:`apply` takes them (a :class:`Placement` of the verdict,
        say). ``choose``: the outcome played (numbered from 1 as listed; ``"only"``: the effect's only one, an error
        when it has several), whose ``.position`` and ``.turn`` (the record with the summon and the pieces
        that outcome destroyed) the answer gives; None: none chosen, ``.position`` and ``.turn`` are those
        right after the summon. A number for a card without effect data, or beyond the outcomes, is bad input."""
        from tashkalar_cli.games.tashkalar.engine.effects import (  # deferred: an engine (card show loads none)
            resolve_summon,
            state_bound,
        )
        from tashkalar_cli.games.tashkalar.engine.played import choose_outcome  # deferred: an engine (card show loads none)

        being = self._being_of(card)
        player, _ = self._side(position, player, None, "--player")
        if actions_left is not None and actions_left < 0:
            raise InputError(key="effects-actions-left", option=self.game.param("actions_left"), actions=actions_left)
        self._check_states(max_states)
        where = self._summon_at(at, orientation, take_back)
        try:
            effects = resolve_summon(self.engine, being, position, player, where.at, orientation=where.orientation,
                                     take_back=where.take_back, actions_left=actions_left, turn=self._turn_of(turn),
                                     max_states=state_bound(max_states))
        except TashkalarError as exc:
            raise self._named(exc) from None
        try:
            return choose_outcome(effects, choose, being.id)
        except TashkalarError as exc:
            raise self._named(exc) from None

    def resolve_effect(self, card: str | Being, position: Position, player: str, field: str = "frost_effect", *,
                       actions_left: int | None = None) -> Resolution | None:
        """A being's other program (``frost_effect``, ``warp_effect``; or ``effect`` without the summon) run
        by ``player`` on ``position`` as it is: no summoned piece (``self``, ``target``, ``marked``,
        ``summoners`` are empty). None when the card has no such program."""
        from tashkalar_cli.games.tashkalar.engine.effects import resolve_program  # deferred: an engine (card show loads none)
        from tashkalar_cli.games.tashkalar.model.effects import PROGRAM_FIELDS  # deferred: card show loads none

        being = self._being_of(card)
        player, _ = self._side(position, player, None, "--player")
        if field not in PROGRAM_FIELDS[:3]:
            raise InputError(key="effects-field", field=field, allowed=", ".join(PROGRAM_FIELDS[:3]))
        program = being.program(field)
        if program is None:
            return None
        return resolve_program(self.board, program, position, player, actions_left=actions_left)

    def play_flare(self, flare: str | Flare, position: Position, player: str, side: str | None = None, *,
                   against: str | None = None, actions_left: int | None = None,
                   max_states: int | None = None, choose: int | None = None) -> FlareResolved:
        """``player`` plays ``flare`` on ``position``: whether it may (``.playable``, ``.check``), and the
        outcomes of the halves met, upper first (``side``: only ``upper`` or ``lower``, resolved even
        when its threshold is not met; ``max_states``: as :meth:`resolve`). ``choose``: the outcome played
        (numbered from 1 as listed: ``.chosen``, ``.outcome``); bad input when nothing was resolved or
        beyond the outcomes."""
        from tashkalar_cli.games.tashkalar.engine.effects import (  # deferred: an engine (card show loads none)
            play_flare,
            state_bound,
        )
        from tashkalar_cli.games.tashkalar.engine.played import choose_flare_outcome  # deferred: an engine (card show loads none)

        if side is not None and side not in ("upper", "lower"):
            raise InputError(key="flare-side", option=self.game.param("side"), side=side)
        self._check_states(max_states)
        check = self.flare(flare, position, player, against)
        played = play_flare(self.board, check, position, check.player, side, actions_left=actions_left,
                            max_states=state_bound(max_states))
        try:
            return choose_flare_outcome(played, choose)
        except TashkalarError as exc:
            raise self._named(exc) from None

    def plan(self, position: Position, player: str, cards: Iterable[str | Being] | None = None, *,
             decks: str | Iterable[str] | None = None, actions: int | None = None, first_turn: bool = False,
             effects_budget: int | None = None) -> PlanReport:
        """Every way ``player`` can summon each of ``cards`` and of the beings of ``decks`` (decks in any
        language; a string may name several, separated by commas; neither: every being and legend) with the
        actions left: ``actions``, else the game's actions per turn (its first-turn number with
        ``first_turn``). ``effects_budget``: also resolve each group's effect, within this many resolver
        states in all (0: no bound; None: effects not resolved)."""
        chosen: list[Being] = []
        for deck in _split([decks] if isinstance(decks, str) else decks or []):
            in_deck = self.game.word("deck", deck, self._p("--deck"))   # an id or a name in any language
            chosen += [c for c in self.cards.beings if c.deck == in_deck]
        chosen += [self._being_of(c) for c in cards or []]
        if cards is None and not chosen:
            chosen = self.cards.beings
        player, _ = self._side(position, player, None, "--player")
        report = self.planner.plan(position, player, chosen, self._actions(actions, first_turn))
        if effects_budget is not None:
            self.planner.resolve_effects(report, position, effects_budget)
        return report

    def plan_task(self, position: Position, player: str, task: str | Task, hand: Iterable[str | Being] = (), *,
                  actions: int | None = None, first_turn: bool = False, against: str | None = None,
                  max_states: int | None = None) -> GoalReport:
        """Can ``player`` claim ``task`` at the end of this turn, and how: every sequence of places,
        summons of ``hand`` (each card once) and effect choices within the actions left that leaves the
        task met, each distinct end of turn once (see :mod:`tashkalar_cli.games.tashkalar.engine.goals`)."""
        # deferred, both: engines (card show loads none)
        from tashkalar_cli.games.tashkalar.engine.goals import MAX_STATES, Budget, GoalReads, GoalSearch, Reach, Walk
        from tashkalar_cli.games.tashkalar.engine.tasks import Context, check_task, placed_piece_matters, within_reach

        self.check_high_form(position)
        player, _ = self._side(position, player, None, "--player")
        card = self._task_of(task)
        vs = self.opponent(position, player, against, required=False)
        cards, board = self.cards, position.board

        # the search asks the bound of a state right after whether it meets the task (GoalSearch._run): the board's
        # context and the task's check made for the one serve the other
        last: list[_TaskChecked] = []

        def met(seen: Seen, turn: Turn) -> bool:
            ctx = Context.of_codes(seen.codes, board, player, vs, turn, cards, seen)
            last[:] = [_TaskChecked(seen, turn, ctx, check_task(card, ctx))]
            return last[0].check.met is True

        def reachable(seen: Seen, turn: Turn, reach: Reach | Budget | Walk | None) -> bool:
            if not last or last[0].seen is not seen or last[0].turn is not turn:   # a state not asked first
                return within_reach(card, Context.of_codes(seen.codes, board, player, vs, turn, cards, seen), reach)
            return within_reach(card, last[0].ctx, reach, last[0].check)

        chosen = [self._being_of(c) for c in hand]
        matters = placed_piece_matters(card, position.board)   # 0: the task reads the turn record only
        report = GoalSearch(self.engine, position, player, chosen, self._actions(actions, first_turn), met,
                            max_states=max_states or MAX_STATES, place_matters=matters,
                            needs_position=matters != 0, reachable=reachable,
                            reads=GoalReads(matters, matters is None or matters == 0)).run()
        report.claimed_by = next((c for c, ids in position.tasks_claimed.items() if card.id in ids), None)
        return report

    def plan_flare(self, position: Position, player: str, flare: str | Flare, hand: Iterable[str | Being] = (), *,
                   actions: int | None = None, first_turn: bool = False, max_states: int | None = None,
                   ) -> tuple[str, GoalReport]:
        """Can ``player`` end this turn with ``flare`` playable by the next player (the next color in turn
        order, against any of their opponents), and how. Returns the next player's color and the ways."""
        # deferred, all three: engines (card show loads none)
        from tashkalar_cli.games.tashkalar.engine.codes import squares_only
        from tashkalar_cli.games.tashkalar.engine.flares import counts_of_codes, flare_check, within_reach
        from tashkalar_cli.games.tashkalar.engine.goals import MAX_STATES, Budget, GoalReads, GoalSearch, Reach, Walk

        player, _ = self._side(position, player, None, "--player")
        card = self._flare_of(flare)
        in_game = {*position.colors, *position.decks, player}
        order = [c for c in position.board.colors if c in in_game]   # the turn order: the board's colors
        if len(order) < 2:
            raise InputError(key="threats-no-opponent", player=Term("color", player))
        following = order[(order.index(player) + 1) % len(order)]
        others = [c for c in dict.fromkeys([*position.colors, player]) if c != following]
        config, mode, colors, squares = self.config, position.mode, position.board.colors, position.board.mask

        def checks(seen: Seen) -> Iterator[FlareCheck]:
            """The flare's check against each opponent of the next player, on the board ``seen``."""
            codes = squares_only(seen.codes, squares)     # the pieces set aside by an effect left out
            mine = counts_of_codes(codes, colors, following)
            for vs in others:
                yield flare_check(card, mode, mine, counts_of_codes(codes, colors, vs), following, vs, config)

        def playable(seen: Seen, turn: Turn) -> bool:
            return any(check.can_invoke for check in checks(seen))

        def reachable(seen: Seen, turn: Turn, reach: Reach | Budget | Walk | None) -> bool:
            return any(within_reach(check, reach) for check in checks(seen))

        chosen = [self._being_of(c) for c in hand]
        return following, GoalSearch(self.engine, position, player, chosen, self._actions(actions, first_turn),
                                     playable, max_states=max_states or MAX_STATES, reachable=reachable,
                                     reads=GoalReads(None, turn=False, counts=True)).run()

    def threats(self, position: Position, player: str, decks: str | Iterable[str] | Mapping[str, str] | None = None,
                *, actions: int | None = None, effects_budget: int | None = None) -> Threats:
        """What each opponent of ``player`` could summon on their next turn: their deck's beings (from
        ``decks`` or the position's ``decks:``; every being when unknown) and every legend.

        ``decks``: each opponent's deck, by color (colors and decks in any language), or as the user writes
        them: ``COLOR=DECK`` items, or a lone ``DECK`` for the only other side on the board, separated by
        commas (a string, or several)."""
        from tashkalar_cli.games.tashkalar.engine.planner import threats  # deferred: an engine (card show loads none)

        if decks is not None and not isinstance(decks, Mapping):
            decks = self._decks_of(position, player, [decks] if isinstance(decks, str) else decks)
        player, _ = self._side(position, player, None, "--player")
        chosen: dict[str, str] = {}
        for color, deck in (decks or {}).items():
            color, _ = self._side(position, color, None, "--deck")
            chosen[color] = self.game.word("deck", deck, self._p("--deck"))
        return threats(self.planner, self.cards, position, player, chosen, self._actions(actions, False),
                       effects_budget)

    def _decks_of(self, position: Position, player: str, items: Iterable[str]) -> dict[str, str]:
        """The opponents' decks as the user writes them: ``COLOR=DECK``, or ``DECK`` for the only other side."""
        me = self.color(player, "--player")
        decks: dict[str, str] = {}
        for item in _split(items):
            if "=" in item:
                color, name = (part.strip() for part in item.split("=", 1))
                decks[self.color(color, "--deck")] = name
            else:
                others = [c for c in dict.fromkeys([*position.colors, *position.decks]) if c != me]
                if len(others) != 1:
                    raise InputError(key="plan-deck-form", value=quote(item))
                decks[others[0]] = item
        return decks

    def _turn_of(self, turn: object) -> Turn | None:
        """A turn record (:meth:`turn`), or None; another type is bad input."""
        from tashkalar_cli.games.tashkalar.model.turn import Turn  # deferred: card show and summon read no turn record

        if turn is not None and not isinstance(turn, Turn):
            raise _wrong_type(self.game.param("turn"), turn, "Turn")
        return turn

    def _check_states(self, asked: int | None) -> None:
        """A bound on the states of a resolution (``max_states``) is a count: 0 (no bound) or more."""
        if asked is not None and asked < 0:
            raise InputError(key="effect-states", option=self.game.param("max_states"), states=asked)

    def _actions(self, actions: int | None, first_turn: bool) -> int:
        if actions is None:
            return self.config.first_turn_actions if first_turn else self.config.actions_per_turn
        if actions < 1:
            raise InputError(key="plan-actions", option=self.game.param("actions"), actions=actions)
        return actions


class _TaskChecked(NamedTuple):
    """A state of a task's goal search (its board and turn record) with the context and the task's check made of it."""

    seen: Seen
    turn: Turn
    ctx: TaskContext
    check: TaskCheck


class _SummonAt(NamedTuple):
    """Where a summon is played, as the summoning engine takes it (see :meth:`TashkalarRules._summon_at`)."""

    at: str | Square
    orientation: str | None
    take_back: str | Square | None


def _wrong_type(param: str, value: object, expected: str) -> InputError:
    """A value of a type the library does not take for ``param`` (bad input, not an AttributeError)."""
    return InputError(key="param-type", param=param, got=type(value).__name__, expected=expected)


def _split(values: Iterable[str]) -> list[str]:
    """Words as a user gives them: in several values, or separated by commas in one (blanks dropped)."""
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _same_form(turn: Turn, position: Position) -> None:
    """A turn record that states its mode is of the position's form of play (else a record of another game)."""
    if turn.mode_written and turn.mode != position.mode:
        raise InputError(key="turn-other-mode", turn_mode=Term("mode", str(turn.mode)),
                         mode=Term("mode", str(position.mode)))

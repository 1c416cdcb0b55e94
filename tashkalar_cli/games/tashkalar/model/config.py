"""The numbers that define the game (cards/game.yaml), as one typed object.

Every rule about modes and player counts lives here: which player counts a mode allows, how
many pieces a color owns in a mode, which score ends the game. Nothing else reads the raw
``game.yaml`` mapping, except the texts, which show its numbers as ``{placeholders}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from tashkalar_cli.data.dataset import flatten
from tashkalar_cli.errors import InputError, Place, Term, quote
from tashkalar_cli.games.tashkalar.model.types import Mode, PieceKind, Rank

if TYPE_CHECKING:
    # the types only: a TypedDict made at run time costs start-up and checks nothing
    class _Actions(TypedDict):
        per_turn: int
        first_turn: int

    class _Players(TypedDict):
        high_form: int
        duel: int

    class _Melee(TypedDict):
        players_min: int
        players_max: int
        unpaired_commons_min: int
        unpaired_commons_max: int

    class _Pieces(TypedDict):
        double_sided: int
        deathmatch_base: int
        legendary: int

    class GameData(TypedDict):
        """cards/game.yaml as its schema (schemas/) has checked it: the fields :meth:`GameConfig.from_data` reads."""

        actions: _Actions
        players: _Players
        melee: _Melee
        end: dict[str, int]         # high_form_points, duel_points, melee_<players>_points
        pieces: _Pieces
        score: dict[str, int]       # the fields of ScoreValues, read by name there


class TeamPlay(NamedTuple):
    """Team play as the game's data says it: the forms of play it is played as (cards/rules.yaml ``played_as``),
    the number of teams and of players in each (cards/game.yaml ``team``); each team plays one color."""

    modes: tuple[str, ...]
    teams: int
    players_per_team: int

    @classmethod
    def read(cls, played_as: Mapping[str, list[str]], numbers: Mapping[str, object]) -> TeamPlay | None:
        """Team play from the forms of play (``played_as``) and the game's numbers (:attr:`GameConfig.placeholders`:
        ``team_teams``, ``team_players_per_team``); None when the game has none."""
        modes = played_as.get("team")
        teams, per_team = numbers.get("team_teams"), numbers.get("team_players_per_team")
        if not modes or not isinstance(teams, int) or not isinstance(per_team, int):
            return None
        return cls(tuple(modes), teams, per_team)


class ScoreValues(NamedTuple):
    """Deathmatch points per destroyed enemy piece and per event; High Form points per legendary piece."""

    legendary: int
    heroic: int
    common_pair: int
    unpaired_commons: int
    legend_summoned: int
    flare_invoked: int
    legendary_on_board: int

    def for_rank(self, rank: Rank) -> int:
        """Points for one destroyed enemy piece of ``rank`` (commons score by pairs: see ``common_pair``)."""
        return {Rank.LEGENDARY: self.legendary, Rank.HEROIC: self.heroic}.get(rank, 0)


@dataclass(frozen=True)
class GameConfig:
    """cards/game.yaml, typed. Build it with :meth:`from_data`."""

    actions_per_turn: int
    first_turn_actions: int
    players_high_form: int
    players_duel: int
    melee_players_min: int
    melee_players_max: int
    double_sided_pieces: int          # High Form: each color's double-sided pieces
    deathmatch_base: int              # deathmatch: double-sided pieces = this minus the number of players
    legendary_pieces: int
    high_form_points: int
    duel_points: int
    melee_points: tuple[tuple[int, int], ...]   # (players, points to reach)
    unpaired_commons_min: int
    unpaired_commons_max: int
    score: ScoreValues
    params: tuple[tuple[str, object], ...]     # every number, flattened, for text placeholders

    @classmethod
    def from_data(cls, game: GameData) -> GameConfig:
        melee, end, pieces, s = game["melee"], game["end"], game["pieces"], game["score"]
        counts = range(melee["players_min"], melee["players_max"] + 1)
        return cls(
            actions_per_turn=game["actions"]["per_turn"],
            first_turn_actions=game["actions"]["first_turn"],
            players_high_form=game["players"]["high_form"],
            players_duel=game["players"]["duel"],
            melee_players_min=melee["players_min"],
            melee_players_max=melee["players_max"],
            double_sided_pieces=pieces["double_sided"],
            deathmatch_base=pieces["deathmatch_base"],
            legendary_pieces=pieces["legendary"],
            high_form_points=end["high_form_points"],
            duel_points=end["duel_points"],
            melee_points=tuple((n, end[f"melee_{n}_points"]) for n in counts),
            unpaired_commons_min=melee["unpaired_commons_min"],
            unpaired_commons_max=melee["unpaired_commons_max"],
            score=ScoreValues(s["legendary"], s["heroic"], s["common_pair"], s["unpaired_commons"],
                              s["legend_summoned"], s["flare_invoked"], s["legendary_on_board"]),
            params=tuple(sorted(flatten(game).items())),
        )

    @property
    def placeholders(self) -> dict[str, object]:
        return dict(self.params)

    # ------------------------------------------------------------ modes and players
    def player_counts(self, mode: Mode) -> tuple[int, ...]:
        if mode is Mode.MELEE:
            return tuple(range(self.melee_players_min, self.melee_players_max + 1))
        return (self.players_high_form if mode is Mode.HIGH_FORM else self.players_duel,)

    def default_players(self, mode: Mode) -> int:
        return self.player_counts(mode)[0]

    def check_players(self, mode: Mode, players: int | None, where: str = "") -> int:
        """The number of players, checked against the mode (default: the mode's first count)."""
        if players is None:
            return self.default_players(mode)
        allowed = self.player_counts(mode)
        if players not in allowed:
            prefix = f"{where}: " if where and not isinstance(where, Place) else ""  # a Place: file and line
            if len(allowed) == 1:
                raise InputError(key="sides-count", prefix=prefix, where=where, mode=Term("mode", str(mode)), count=allowed[0],
                                 players=players)
            raise InputError(key="players-count", prefix=prefix, where=where, mode=Term("mode", str(mode)),
                             allowed=Term("number", allowed, join="or"), players=players)
        return players

    def owned(self, mode: Mode, players: int) -> dict[PieceKind, int]:
        """How many pieces of each kind a color owns in this game."""
        double = self.double_sided_pieces if mode is Mode.HIGH_FORM else self.deathmatch_base - players
        return {PieceKind.DOUBLE_SIDED: double, PieceKind.LEGENDARY: self.legendary_pieces}

    def end_threshold(self, mode: Mode, players: int) -> int:
        """The score that ends the game."""
        if mode is Mode.HIGH_FORM:
            return self.high_form_points
        if mode is Mode.DUEL:
            return self.duel_points
        return dict(self.melee_points)[players]


def parse_mode(value: str | Mode, where: str = "", allowed: tuple[Mode, ...] = tuple(Mode),
               words: Callable[..., str] | None = None) -> Mode:
    """A mode from its id or (with ``words``, :class:`~tashkalar_cli.games.tashkalar.model.players.Words`) its name
    in any language; an :class:`InputError` naming ``where`` otherwise."""
    name = str(value).strip().lower()
    if name in {m.value for m in allowed}:
        return Mode(name)
    if words is not None:
        return Mode(words("mode", str(value), where, [m.value for m in allowed]))
    raise InputError(key="word.mode", where=where, value=quote(value), allowed=Term("mode", allowed))

"""Deathmatch scoring of one turn: destroyed enemy pieces, legends summoned, flare points.

Duel: 2 per legendary, 1 per heroic, 1 per pair of commons (enemy pieces only), 1 per legend
summoned, and 1 to the opponent for each flare invoked. Melee: the same per color of the
destroyed pieces (pairs of commons of one color); 2 or 3 unpaired commons of different colors
give 1 point in one of those colors, chosen by the player; a legend's point goes to a color of
the player's choice; a flare's point goes to the chosen opponent, in the player's color.
All the values come from cards/game.yaml.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

from tashkalar_cli.games.tashkalar.model.config import GameConfig
from tashkalar_cli.games.tashkalar.model.turn import Turn
from tashkalar_cli.games.tashkalar.model.types import Mode, Rank

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.model.cards import CardDB
    from tashkalar_cli.games.tashkalar.model.types import Piece


@dataclass
class ScoreLine:
    who: str              # the color that scores
    points: int
    reason: str           # legendary, heroic, common-pair, unpaired-commons, legend-summoned, flare
    color: str | None = None     # melee: the color the points are scored in, when it is fixed
    player_chooses: bool = False  # melee: the player places the points in one of ``choices``
    choices: list[str] = field(default_factory=list)


@dataclass
class TurnScore:
    mode: Mode
    player: str
    lines: list[ScoreLine]
    ignored: list[str]             # own pieces destroyed: no points
    totals: dict[str, int] | dict[str, dict[str, int]]    # after the turn: color -> points (melee: color -> {color: points})
    threshold: int
    end_triggered: list[str]       # the players who reach the end-of-game threshold whatever the choices
    end_possible: list[str] = field(default_factory=list)   # ... or with some choice of colors (melee)

    @property
    def points_for(self) -> dict[str, int]:
        out: Counter[str] = Counter()
        for line in self.lines:
            out[line.who] += line.points
        return dict(out)


def score_turn(turn: Turn, config: GameConfig, cards: CardDB) -> TurnScore:
    lines: list[ScoreLine] = []
    ignored = [f"{p.color} {p.rank}" for p in turn.destroyed if p.color == turn.player]
    melee = turn.mode is Mode.MELEE
    threshold = config.end_threshold(turn.mode, turn.players)
    if turn.mode.deathmatch:
        lines = [*_piece_lines(turn, config), *_summon_and_flare_lines(turn, config, cards)]
    totals: dict[str, int] | dict[str, dict[str, int]]
    if melee:
        totals, end, possible = _melee_totals(turn, lines, threshold)
    else:
        totals = points = turn.points
        for line in lines:
            points[line.who] = points.get(line.who, 0) + line.points
        end = sorted(c for c, v in points.items() if v >= threshold)
        possible = end
    return TurnScore(turn.mode, turn.player, lines, ignored, totals, threshold, sorted(end), sorted(possible))


def _piece_lines(turn: Turn, config: GameConfig) -> list[ScoreLine]:
    """The points of the enemy pieces destroyed: by rank, pairs of commons (melee: per color), and
    unpaired commons of different colors (melee)."""
    s = config.score
    melee = turn.mode is Mode.MELEE
    lines: list[ScoreLine] = []
    by_color: dict[str, list[Piece]] = {}
    for p in turn.destroyed:
        if p.color != turn.player:
            by_color.setdefault(p.color if melee else "*", []).append(p)
    unpaired = []
    for color, pieces in by_color.items():
        tag = color if melee else None
        for rank in (Rank.LEGENDARY, Rank.HEROIC):
            n = sum(p.rank is rank for p in pieces)
            if n:
                lines.append(ScoreLine(turn.player, n * s.for_rank(rank), str(rank), tag))
        commons = sum(p.rank is Rank.COMMON for p in pieces)
        if commons // 2:
            lines.append(ScoreLine(turn.player, commons // 2 * s.common_pair, "common-pair", tag))
        if commons % 2:
            unpaired.append(color)
    if melee and config.unpaired_commons_min <= len(unpaired) <= config.unpaired_commons_max:
        lines.append(ScoreLine(turn.player, s.unpaired_commons, "unpaired-commons", None, True, sorted(unpaired)))
    return lines


def _summon_and_flare_lines(turn: Turn, config: GameConfig, cards: CardDB) -> list[ScoreLine]:
    """The points of the legends summoned (the player's), and of the flares invoked (each opponent's)."""
    s = config.score
    melee = turn.mode is Mode.MELEE
    lines: list[ScoreLine] = []
    legends = turn.legends_summoned(cards)   # legends, and beings recorded as_legend
    if legends:
        lines.append(ScoreLine(turn.player, len(legends) * s.legend_summoned, "legend-summoned", None, melee))
    flared: dict[str, int] = {}   # one line per opponent, like the other reasons (and linear to draw)
    for use in turn.flares:
        assert use.against is not None  # the turn parser names every flare's opponent
        flared[use.against] = flared.get(use.against, 0) + 1
    for against, n in flared.items():
        lines.append(ScoreLine(against, n * s.flare_invoked, "flare", turn.player if melee else None))
    return lines


def _melee_totals(turn: Turn, lines: list[ScoreLine], threshold: int) -> tuple[dict[str, dict[str, int]], list[str],
                                                                                 list[str]]:
    """Per-color totals from the fixed points, and who reaches the threshold whatever the player's
    choices (``end``) or with some choice (``possible``).

    The points the player places by choice (a legend, unpaired commons) are tried in every
    color they may go to: the player's score colors are the other players' colors.
    """
    totals = {c: dict(v) for c, v in turn.melee_points.items()}
    choices = []
    for line in lines:
        if line.player_chooses:
            if not line.choices:
                line.choices = sorted((set(totals.get(line.who, {})) | set(turn.scores) | set(turn.opponents))
                                      - {line.who})
            choices.append(line)
        elif line.color:
            bucket = totals.setdefault(line.who, {})
            bucket[line.color] = bucket.get(line.color, 0) + line.points
    reached = {who for who, per in totals.items() if any(v >= threshold for v in per.values())}
    end, possible = set(reached), set(reached)
    if choices and all(c.choices for c in choices):
        outcomes = []
        for picks in product(*(c.choices for c in choices)):
            per = dict(totals.get(turn.player, {}))
            for line, color in zip(choices, picks, strict=True):
                per[color] = per.get(color, 0) + line.points
            outcomes.append(any(v >= threshold for v in per.values()))
        if all(outcomes):
            end.add(turn.player)
        if any(outcomes):
            possible.add(turn.player)
    return totals, sorted(end), sorted(possible)

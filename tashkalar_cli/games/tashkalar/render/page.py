"""What the analysis board in the browser (``tashkalar board``) needs of a position: the board's
facts, the letters of the pieces, the position as a file, and the page's texts in one language.

The page holds no rule of the game: the squares, the colored squares of the position's face,
the piece colors and ranks and the letters that type them come from here (``position board
--json``, schema ``schemas/output-position-board.schema.json``), as the command line reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tashkalar_cli.games.tashkalar.model.board import bits
from tashkalar_cli.games.tashkalar.model.notation import position_data
from tashkalar_cli.games.tashkalar.model.types import RANKS, Mode
from tashkalar_cli.games.tashkalar.render.board import piece_glyph
from tashkalar_cli.render.web import page_texts

if TYPE_CHECKING:
    from tashkalar_cli.games.tashkalar.engine.summoning import Verdict
    from tashkalar_cli.games.tashkalar.model.board import Board
    from tashkalar_cli.games.tashkalar.model.config import TeamPlay
    from tashkalar_cli.games.tashkalar.model.markers import MarkerRule
    from tashkalar_cli.games.tashkalar.model.position import Position
    from tashkalar_cli.text.i18n import Localizer

class PageChoices(NamedTuple):
    """What the page offers to choose beside the board: the numbers of players of each form of play,
    the decks (ids), the languages the texts can be shown in, each named in its own language, and the
    forms of play whose tasks the rules answer (where a color's tasks claimed are set), and the markers the
    decks declare (the Nethervoid Gateway), which a color's piece may bear, and the forms of play whose turns
    ``score`` answers (the deathmatch forms), and team play (the game pack's ``team_play``), shown as it is."""

    player_counts: dict[str, list[int]]
    decks: list[str]
    langs: list[tuple[str, str]]
    task_modes: list[str]
    markers: tuple[MarkerRule, ...] = ()
    score_modes: tuple[str, ...] = ()
    team_play: TeamPlay | None = None


def marker_choices(board: Board, pos: Position, loc: Localizer, rules: tuple[MarkerRule, ...]) -> list[dict[str, Any]]:
    """Each marker the decks declare: its field in a position file (``id``), its name (the glossary's term), the
    deck that declares it, and for each color the squares of the pieces that may bear it on ``pos``."""
    out: list[dict[str, Any]] = []
    for rule in rules:
        name = loc.field("keywords", rule.name, "term").text or rule.name
        can_bear = {c: [board.name(sq) for sq, p in sorted(pos.pieces.items()) if rule.holds(c, p)] for c in board.colors}
        out.append({"id": rule.name, "name": name, "deck": rule.deck, "deck_name": loc.msg(f"deck.{rule.deck}"),
                    "can_bear": can_bear})
    return out


def summon_views(board: Board, verdicts: list[Verdict]) -> dict[str, dict[str, Any]]:
    """For each card of ``verdicts`` (the cards a player can summon now), what the page shows of it before it is
    chosen: its pattern drawn as the terminal draws it (rows of cells: `` C `` a common piece, ``[ ]`` the summoning
    square, ``:·:`` a marked square...), its summoning squares (``targets``) and the squares of its pattern's
    pieces (``squares``) over all its placements, lit on the board when the card is pointed at."""
    from tashkalar_cli.games.tashkalar.render.pattern import cell_text  # deferred: --player only (the patterns)

    out: dict[str, dict[str, Any]] = {}
    for verdict in verdicts:
        targets = sorted({p.target for p in verdict.placements})
        squares = sorted({sq for p in verdict.placements for sq in p.pattern_squares})
        out[verdict.card.id] = {
            "pattern": [[cell_text(tok).plain for tok in row] for row in verdict.card.pattern.grid],
            "targets": [board.name(sq) for sq in targets],
            "squares": [board.name(sq) for sq in squares],
        }
    return out


def board_page(board: Board, pos: Position, loc: Localizer, position_file: str,
               choices: PageChoices | None = None) -> dict[str, Any]:
    """The body of ``position board --json`` (see the module's text)."""
    extra: dict[str, Any] = {"file_data": position_data(pos)}
    if choices is not None:
        extra["player_counts"] = choices.player_counts
        extra["decks"] = [{"id": d, "name": loc.msg(f"deck.{d}")} for d in choices.decks]
        extra["langs"] = [{"id": lang, "name": name} for lang, name in choices.langs]
        extra["task_modes"] = choices.task_modes
        extra["markers"] = marker_choices(board, pos, loc, choices.markers)
        extra["score_modes"] = list(choices.score_modes)
        if choices.team_play is not None:
            team = choices.team_play
            extra["team_play"] = {"name": loc.msg("mode.team"), "modes": list(team.modes), "teams": team.teams,
                                  "players_per_team": team.players_per_team}
    colored = board.mask & ~board.colorless(pos.mode)
    return {
        "lang": loc.lang,
        "mode": str(pos.mode),
        "files": list(board.file_names),
        "ranks": board.ranks,
        "squares": [board.name(s) for s in board.squares],
        "colored": {"red": [board.name(s) for s in bits(board.red & colored)],
                    "green": [board.name(s) for s in bits(board.green & colored)]},
        # the letters of a diagram's tokens (PositionParser: a color's initial, a rank's letter)
        "colors": [{"id": c, "letter": c[0], "name": loc.msg(f"color.{c}")} for c in board.colors],
        "piece_ranks": [{"id": str(r), "letter": r.letter, "name": loc.msg(f"rank.{r}")} for r in RANKS],
        # each piece's name (a square's name for a screen reader) and symbol (the terminal board's, readable
        # without colors)
        "pieces": {c: {str(r): {"name": loc.msg("piece", color=loc.msg(f"color.{c}"), rank=loc.msg(f"rank.{r}")),
                                "symbol": piece_glyph(c, str(r)).strip()} for r in RANKS} for c in board.colors},
        "modes": [{"id": str(m), "name": loc.msg(f"mode.{m}")} for m in Mode],
        "position": pos.to_dict(),
        "position_file": position_file,
        "texts": page_texts(loc),
        **extra,
    }


__all__ = ["PageChoices", "board_page", "marker_choices", "summon_views"]

"""``tashkalar letal``: L.E.T.A.L. TCG's grid engine and game-file checks (``--game letal``): its pack's command
group, named by the registry (:attr:`GamePack.commands <tashkalar_cli.data.paths.GamePack>`) and standing on the
command line's kit (:mod:`tashkalar_cli.command`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Optional, cast

import typer

from tashkalar_cli.command.common import DataOption, ForceOption, JsonOption, LangOption, SvgOption, print_json, session

if TYPE_CHECKING:
    from tashkalar_cli.command.common import Session
    from tashkalar_cli.games.letal.engine import LetalEngine
    from tashkalar_cli.games.letal.render import GridPicture
    from tashkalar_cli.games.letal.rules import LetalRules

app = typer.Typer(help="L.E.T.A.L. TCG on its grid: areas, moves, pushes and pulls, attacks, and checks of a "
                       "game file (with --game letal).", no_args_is_help=True)

SquareArgument = Annotated[str, typer.Argument(help="The hero's square, a1 to f6.", show_default=False)]
OccupiedOption = Annotated[Optional[str], typer.Option(
    "--occupied", help="Squares where other heroes stand, e.g. 'b2,c3'.", metavar="LIST", show_default=False)]
ByOption = Annotated[str, typer.Option("--by", help="The square of the other hero.", metavar="SQUARE",
                                       show_default=False)]
DistanceOption = Annotated[int, typer.Option("--distance", help="Squares of the push or pull.", metavar="N",
                                             show_default=False)]
WordsOption = Annotated[bool, typer.Option(
    "--words", help="With --json: also the answer's sentences and each square lit with its reason.")]
FileArgument = Annotated[str, typer.Argument(help="The game file (YAML), or - for standard input.", show_default=False)]


def _engine(s: Session) -> LetalEngine:
    """L.E.T.A.L.'s grid engine, typed: the command line routes a L.E.T.A.L. command to L.E.T.A.L. only
    (``wrong-game`` for another game), so the rules object of its game is L.E.T.A.L.'s (said once, here)."""
    return cast("LetalRules", s.game.ruleset).letal


def _draw(s: Session, engine: LetalEngine, picture: GridPicture) -> None:
    """The grid in the terminal, after the answer in words (the symbols of its SVG and a key)."""
    from tashkalar_cli.games.letal.render import grid_text  # deferred: the pictures, not for --help

    s.console.print()
    s.console.print(grid_text(engine.grid, picture, s.loc))


@app.command("area")
def area(square: SquareArgument,
         adjacent: Annotated[bool, typer.Option("--adjacent", help="The 4 squares next to the hero.")] = False,
         reach: Annotated[Optional[int], typer.Option("--reach", metavar="N", show_default=False,
                                                      help="Reach N: 1 to N+1 squares in a straight line.")] = None,
         range_: Annotated[Optional[int], typer.Option("--range", metavar="N", show_default=False,
                                                       help="Range N: 1 to N squares in a straight line.")] = None,
         radius: Annotated[Optional[int], typer.Option("--radius", metavar="N", show_default=False,
                                                       help="Radius N: 1 to N orthogonal steps.")] = None,
         occupied: OccupiedOption = None, svg: SvgOption = None, force: ForceOption = False,
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None, words: WordsOption = False) -> None:
    """The squares of Adjacent, Reach N, Range N or Radius N around a hero."""
    from tashkalar_cli.games.letal.engine import Area  # deferred: the engine, not for --help

    s = session(lang, data, force)
    asked = Area.asked(adjacent=adjacent, reach=reach, range=range_, radius=radius)
    engine = _engine(s)
    hero = engine.grid.parse(square, "hero square")  # said in words in each language (what.hero-square)
    others = engine.grid.parse_list(occupied)
    found = engine.area(hero, asked.kind, asked.n, others)
    from tashkalar_cli.games.letal.render import GridPicture, area_label  # deferred: the pictures, not for --help
    from tashkalar_cli.games.letal.words import area_said  # deferred: the sentences, not for --help

    label = area_label(asked.kind, asked.n, s.loc)
    said = area_said(label, hero, found, s.loc)
    picture = GridPicture.of(hero, found, others)
    if svg:
        from tashkalar_cli.games.letal.render import grid_svg  # deferred: the pictures, not for --help

        s.write(svg, grid_svg(engine.grid, s.loc, s.loc.msg("label.value", label=label, value=hero.name), picture),
                announce=not json)
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-squares", {**jsonout.letal_squares(found), **(said.data() if words else {})})
        return
    s.say(said.lines)
    _draw(s, engine, picture)


ToOption = Annotated[Optional[str], typer.Option(
    "--to", help="A square: can the move end there, and if not, why.", metavar="SQUARE", show_default=False)]


@app.command("move")
def move(square: SquareArgument,
         steps: Annotated[int, typer.Option("--steps", metavar="N", show_default=False, help="Steps at most.")],
         occupied: OccupiedOption = None, to: ToOption = None, svg: SvgOption = None, force: ForceOption = False,
         lang: LangOption = None, json: JsonOption = False, data: DataOption = None, words: WordsOption = False) -> None:
    """Every square where a hero can end a move of up to N steps."""
    s = session(lang, data, force)
    engine = _engine(s)
    hero = engine.grid.parse(square, "hero square")  # said in words in each language (what.hero-square)
    others = engine.grid.parse_list(occupied)
    target = engine.grid.parse(to, "--to") if to is not None else None
    found = engine.move(hero, steps, others)
    asked = engine.move_to(hero, target, steps, others) if target is not None else None
    from tashkalar_cli.games.letal.render import GridPicture  # deferred: the pictures, not for --help
    from tashkalar_cli.games.letal.words import move_said  # deferred: the sentences, not for --help

    said = move_said(hero, steps, found, asked, s.loc)
    picture = GridPicture.of(hero, found, others, asked=target)
    if svg:
        from tashkalar_cli.games.letal.render import grid_svg  # deferred: the pictures, not for --help

        caption = (s.loc.msg("letal.svg.move", steps=steps, square=hero.name) if target is None else
                   s.loc.msg("letal.svg.move-to", steps=steps, square=hero.name, to=target.name))
        s.write(svg, grid_svg(engine.grid, s.loc, caption, picture), announce=not json)
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-squares", {**jsonout.letal_squares(found, asked), **(said.data() if words else {})})
        return
    s.say(said.lines)
    _draw(s, engine, picture)


@dataclass(frozen=True)
class _Common:
    """The options every grid command shares: the picture, the language, JSON, the data folder, --force,
    --words."""

    svg: str | None
    lang: str | None
    json: bool
    data: str | None
    force: bool
    words: bool = False


def _shift(kind: str, square: str, by: str, distance: int, occupied: str | None, common: _Common) -> None:
    """``letal push`` / ``letal pull``: where the hero ends."""
    svg, json = common.svg, common.json
    s = session(common.lang, common.data, common.force)
    engine = _engine(s)
    hero = engine.grid.parse(square, "hero square")  # said in words in each language (what.hero-square)
    other = engine.grid.parse(by, "--by")
    others = engine.grid.parse_list(occupied)
    result = engine.push(hero, other, distance, others) if kind == "push" else engine.pull(hero, other, distance, others)
    from tashkalar_cli.games.letal.render import GridPicture  # deferred: the pictures, not for --help
    from tashkalar_cli.games.letal.words import shift_said  # deferred: the sentences, not for --help

    said = shift_said(kind, hero, other, distance, result, s.loc)
    picture = GridPicture.of(hero, [result.to] if result.to is not None else [], others, other, result.path)
    if svg:
        from tashkalar_cli.games.letal.render import grid_svg  # deferred: the pictures, not for --help

        caption = s.loc.msg(f"letal.svg.{kind}", square=hero.name, distance=s.loc.msg("letal.squares", count=distance),
                            by=other.name)
        s.write(svg, grid_svg(engine.grid, s.loc, caption, picture), announce=not json)
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-shift", {**jsonout.letal_shift(result), **(said.data() if common.words else {})})
        return
    s.say(said.lines)
    _draw(s, engine, picture)


@app.command("push")
def push(square: SquareArgument, by: ByOption, distance: DistanceOption, occupied: OccupiedOption = None,
         svg: SvgOption = None, force: ForceOption = False, lang: LangOption = None, json: JsonOption = False,
         data: DataOption = None, words: WordsOption = False) -> None:
    """Where a hero ends when another hero pushes it N squares straight away."""
    _shift("push", square, by, distance, occupied, _Common(svg, lang, json, data, force, words))


@app.command("pull")
def pull(square: SquareArgument, by: ByOption, distance: DistanceOption, occupied: OccupiedOption = None,
         svg: SvgOption = None, force: ForceOption = False, lang: LangOption = None, json: JsonOption = False,
         data: DataOption = None, words: WordsOption = False) -> None:
    """Where a hero ends when another hero pulls it N squares straight toward itself."""
    _shift("pull", square, by, distance, occupied, _Common(svg, lang, json, data, force, words))


@app.command("attack")
def attack(damage: Annotated[int, typer.Option("--damage", metavar="N", show_default=False, help="Physical damage.")],
           hidden: Annotated[int, typer.Option("--hidden", metavar="N", show_default=False, help="Cards hidden.")],
           endurance: Annotated[int, typer.Option("--endurance", metavar="N", show_default=False,
                                                  help="Endurance before the attack.")],
           prevent: Annotated[int, typer.Option("--prevent", metavar="N", help="Damage prevented otherwise.")] = 0,
           lose: Annotated[int, typer.Option("--lose", metavar="N", help="Endurance lost, never prevented.")] = 0,
           lang: LangOption = None, json: JsonOption = False, data: DataOption = None,
           words: WordsOption = False) -> None:
    """Resolve physical damage against a hero: Defense, Endurance lost, death."""
    s = session(lang, data)
    engine = _engine(s)
    result = engine.attack(damage, hidden, endurance, prevent, lose)
    from tashkalar_cli.games.letal.words import attack_said  # deferred: the sentences, not for --help

    lines = attack_said(result, hidden, prevent, engine.numbers["defense"]["per_card"], s.loc)
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-attack", {**jsonout.letal_attack(result), **({"lines": lines} if words else {})})
        return
    s.say(lines)


@app.command("check")
def check(file: FileArgument, lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Check a game file: players, teams, heroes, decks and starting squares (exit 1 on a problem)."""
    from tashkalar_cli.games.letal.render import problem_text  # deferred: the pictures, not for --help

    s = session(lang, data)
    engine = _engine(s)
    game = engine.read_game(file)
    problems = engine.check(game)
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-check", jsonout.letal_check(problems, s.loc))
    elif not problems:
        s.say([s.loc.msg("letal.check.valid", players=len(game.players))])
    else:
        from rich.text import Text  # deferred: the terminal's text, for findings only

        from tashkalar_cli.render.terminal import Hanging  # deferred: the terminal's text, for findings only

        s.say([s.loc.msg("letal.check.problems", count=len(problems))])
        for p in sorted(problems, key=lambda p: p.line or 0):   # in the order of the file's lines
            where = f"{file}:{p.line}" if p.line else file
            # FILE:LINE: message; the problem's code (an English id) is for programs: in --json only
            s.console.print(Hanging(Text(f"{where}: {problem_text(p, s.loc)}")))
    if problems:
        raise typer.Exit(1)


@app.command("winner")
def winner(file: FileArgument, lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """The winner of a timed game that ended: more heroes alive, then more Endurance."""
    s = session(lang, data)
    engine = _engine(s)
    result = engine.winner(engine.read_game(file))
    if json:
        from tashkalar_cli.games.letal import jsonout  # deferred: the JSON answers, with --json only

        print_json("letal-winner", jsonout.letal_winner(result))
        return
    msg = s.loc.msg
    lines = [msg(f"letal.winner.{result.decided_by}", team=msg(f"letal.team.{result.winner}"))
             if result.winner else msg("letal.winner.draw")]
    lines += [msg("letal.winner.team", team=msg(f"letal.team.{t.team}"), alive=t.alive, endurance=t.endurance)
              for t in result.teams]
    s.say(lines)


@app.command("board")
def board(file: Annotated[Optional[str], typer.Argument(
              help="A game file (YAML) whose heroes stand on the grid, or - for standard input; none: an empty grid.",
              show_default=False)] = None,
          lang: LangOption = None, json: JsonOption = False, data: DataOption = None) -> None:
    """Describe the grid for a page that draws it: its squares, each team's side, the heroes of a game file on
    their squares, the game as a file and the page's texts (JSON, with or without --json)."""
    from tashkalar_cli.games.letal.page import letal_board  # deferred: the board page, for letal board only

    s = session(lang, data)
    engine = _engine(s)
    game = engine.read_game(file) if file is not None else engine.game_from_data({"players": []})
    langs = [(code, s.game.localizer(code).msg(f"lang.{code}")) for code in s.game.languages]
    print_json("letal-board", letal_board(engine, game, s.loc, langs))

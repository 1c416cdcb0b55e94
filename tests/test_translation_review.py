"""The findings of the second review of the translations (issue 32,
``shared/reviews/interface-translations-2.md``), each held by a rule that could fail again: lists
never cut inside a name, rules named by number and title, one connector between two clauses,
the singular for one, the official verbs and terms of each language, a player named as a player,
and narrow tables that keep their right border."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import in_every_language, spread

REPO = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr", "es", "it")
TRANSLATED = ("fr", "es", "it")
POSITION = """\
mode: high-form
pieces:
  c3: blue common
  d3: blue common
  d4: blue common
  e4: blue common
  f4: blue common
  d6: red heroic
  f6: red common
decks:
  red: highland
"""
TURN = """\
player: blue
mode: high-form
destroyed: [red heroic, red common]
summoned: [{card: knight, square: e5}]
flares: [{flare: flare-3-6, against: red}]
"""


def _ui(lang: str) -> dict[str, str]:
    return dict(_read_ui(lang))   # a copy: a test may change it, the next one reads the file's texts


@functools.cache
def _read_ui(lang: str) -> dict[str, str]:
    """The messages of a language's ui.yaml, read once per process (the tests read them some forty times)."""
    return {k: str(v) for k, v in yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text("utf-8"))["messages"].items()}


def _flat(text: str) -> str:
    """Terminal output as one line: the table borders and the wrapping taken out."""
    text = re.sub(r"[│┃║]", " ", text)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "pos.yaml").write_text(POSITION, encoding="utf-8")
    (tmp_path / "turn.yaml").write_text(TURN, encoding="utf-8")
    return {"pos": str(tmp_path / "pos.yaml"), "turn": str(tmp_path / "turn.yaml")}


# --- SH1: a list of names is never cut inside a name ------------------------------------------------

@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_the_cards_out_of_reach_are_all_named_in_full(cli, files, dataset, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    r = cli("--lang", lang, "plan", "--position", files["pos"], "--player", "blue", "--threats", "--deck", "highland")
    assert r.code == 0, r.err
    out = _flat(r.out)
    head = re.sub(r"\s+", " ", _ui(lang)["plan.unreachable"].split("(")[0]).strip()
    found = re.search(re.escape(head) + r".*?\((\d+)\)", out)
    assert found, out
    count = int(found.group(1))
    listed = out[found.end():].split(".")[0]
    assert "…" not in listed
    assert len(listed.split(", ")) == count, listed


def test_a_list_value_is_cut_item_by_item_never_inside_an_item(dataset):
    from tashkalar_cli.text.i18n import MOST_PARAM, Localizer

    loc = Localizer(dataset, "fr")
    names = [f"Élémentaire numéro {i}" for i in range(40)]   # far more than MOST_PARAM characters
    text = loc.msg("plan.unreachable", count=len(names), cards=names)
    assert sum(len(n) for n in names) > MOST_PARAM
    assert all(n in text for n in names)


# --- SH2: the rules of a ruling, by number and title ------------------------------------------------

@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_a_rulings_rules_are_named_by_number_and_title(cli, dataset, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    r = cli("--lang", lang, "--game", "letal", "errata")
    assert r.code == 0, r.err
    out = _flat(r.out)
    rules = yaml.safe_load((REPO / "locales" / lang / "letal" / "rules.yaml").read_text("utf-8"))["rules"]
    titles = {k: re.sub(r"\s+", " ", str(v["title"])) for k, v in rules.items()}
    assert f"{titles['positioning-adjacent']} (positioning-adjacent)" in out
    label = _ui(lang)["label.rules"]
    assert not re.search(re.escape(label) + r" positioning-adjacent", out)


# --- SH4: an alternative runs into the next requirement, with no second connector -------------------

@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_either_requirement_is_joined_by_its_own_or_only(cli, files, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    r = cli("--lang", lang, "task", "check", "--all", "--position", files["pos"], "--player", "blue", "--turn",
            files["turn"])
    assert r.code == 0, r.err
    ui = _ui(lang)
    either = ui["task.req.destroyed_legendary"]
    last_word = either.rsplit(" ", 1)[1]
    clause = ui["list.clauses"].strip()
    out = _flat(r.out)
    assert f"{last_word} ✗" in out or f"{last_word} ✓" in out, out
    assert f"{last_word}{clause}" not in out and f"{last_word} {clause}" not in out


# --- the singular for one (SH3, ES2, IT2, SH6) -------------------------------------------------------

#: a count of one said with a plural noun or verb, as each language would read it
PLURAL_OF_ONE = {
    "en": r"\b1 (actions|players|heroes|squares)\b",
    "fr": r"\b1 (actions|joueurs|cases)\b",
    "es": r"\b1 (acciones|jugadores|héroes|casillas)\b|necesitan 1\b",
    "it": r"\b1 (azioni|giocatori|eroi|caselle)\b|servono 1\b",
}


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_a_count_of_one_is_said_in_the_singular(cli, files, tmp_path, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    game = tmp_path / "game.yaml"
    game.write_text("players:\n"
                    "  - {name: Ana, team: south, heroes: [{name: Kara, square: b1, endurance: 5}]}\n"
                    "  - {name: Ben, team: south, heroes: [{name: Oro, square: c1, endurance: 4}]}\n"
                    "  - {name: Cy, team: north, heroes: [{name: Vex, square: b6, endurance: 4}]}\n", encoding="utf-8")
    outputs = [
        cli("--lang", lang, "plan", "--position", files["pos"], "--player", "blue", "--task", "green-conquest",
            "--actions", "1"),
        cli("--lang", lang, "task", "check", "--all", "--position", files["pos"], "--player", "blue", "--turn",
            files["turn"]),
        cli("--lang", lang, "--game", "letal", "letal", "check", str(game)),
        cli("--lang", lang, "--game", "letal", "letal", "pull", "c3", "--by", "c5", "--distance", "1"),
        cli("--lang", lang, "--game", "letal", "letal", "push", "c3", "--by", "c2", "--distance", "1"),
    ]
    one = cli("--lang", lang, "--game", "letal", "letal", "winner", str(_one_hero_each(tmp_path)))
    for r in [*outputs, one]:
        text = _flat(r.out + r.err)
        assert not re.search(PLURAL_OF_ONE[lang], text), text
    assert _ui(lang)["letal.squares.one"].replace("{count}", "1") in _flat(outputs[3].out)


def _one_hero_each(tmp: Path) -> Path:
    path = tmp / "winner.yaml"
    path.write_text("players:\n"
                    "  - {name: Ana, team: south, heroes: [{name: Kara, square: b1, endurance: 5}]}\n"
                    "  - {name: Ben, team: north, heroes: [{name: Oro, square: b6, endurance: 0}]}\n", encoding="utf-8")
    return path


# --- the official verbs and terms -------------------------------------------------------------------

#: a flare is provoked (es) and invoked (it), as the rulebooks say, never played
FLARE_PLAYED = {"es": r"\bjug(ar|arlo|able|ó|a)\b", "it": r"\bgioc(are|arlo|abile|a|ato)\b"}
FLARE_WORD = {"es": r"estallido|\{flare\}", "it": r"impeto|\{flare\}"}


@pytest.mark.parametrize("lang", ["es", "it"])
def test_no_text_plays_a_flare_in_spanish_or_italian(lang):
    wrong = {key: text for key, text in _ui(lang).items()
             if re.search(FLARE_WORD[lang], text, re.I) and re.search(FLARE_PLAYED[lang], text, re.I)}
    assert not wrong


def _letal_texts(lang: str) -> dict[str, str]:
    """Every L.E.T.A.L. text of a language: its interface keys and its rules, glossary and errata."""
    texts = {k: v for k, v in _ui(lang).items() if k.startswith(("letal.", "help.letal", "error.letal"))}
    for path in sorted((REPO / "locales" / lang / "letal").glob("*.yaml")):
        # a glossary's ``forbidden:`` lists the words the texts must not say: not a text itself
        texts[path.name] = re.sub(r"(?m)^\s*forbidden:.*$", "", path.read_text(encoding="utf-8"))
    return texts


def test_no_french_letal_text_says_attirer_for_pull():
    wrong = {k: v for k, v in _letal_texts("fr").items() if re.search(r"\battir|\battraction", v, re.I)}
    assert not wrong


def test_french_letal_texts_play_tricks_and_write_heros_with_its_capital():
    texts = _letal_texts("fr")
    assert not [k for k, v in texts.items() if re.search(r"placer\s+des\s+Astuces", v, re.I)]
    assert not [k for k, v in texts.items() if k.endswith(".yaml") is False and re.search(r"\bhéros\b", v)]


#: Italian help is in the imperative (tu): a first word in the infinitive is the other register
_INFINITIVE = re.compile(r"^(?:Con --[a-z-]+: )?([A-Za-zàèéìòù]+(?:are|ere|ire))\b")
_NOT_VERBS = {"Carattere", "Numero"}


def test_italian_help_lines_are_in_the_imperative():
    wrong = {k: v for k, v in _ui("it").items() if k.startswith("help.") and (m := _INFINITIVE.match(v))
             and m.group(1) not in _NOT_VERBS}
    assert not wrong


@pytest.mark.parametrize("lang", ["es", "it"])
def test_the_flare_is_written_in_lower_case_except_in_its_name(lang):
    word = {"es": "Estallido", "it": "Impeto"}[lang]
    wrong = {}
    for key, text in _ui(lang).items():
        for m in re.finditer(word, text):
            if m.start() > 0 and not re.match(r" \d", text[m.end():]):
                wrong[key] = text
    assert not wrong


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_a_ruling_has_one_word(lang):
    ui = _ui(lang)
    assert ui["errata.ruling"] == ui["label.ruling"]


@pytest.mark.parametrize("lang", ["es", "it"])
def test_spanish_and_italian_errors_quote_values_with_guillemets(lang):
    assert not {k: v for k, v in _ui(lang).items() if k.startswith("error.") and re.search(r"'\{\w+\}'", v)}


#: a bare color is not a player: "pour le joueur bleu", never "pour bleu"
PLAYER_WORD = {"fr": "joueur", "es": "jugador", "it": "giocatore"}


@pytest.mark.parametrize(("key", "lang"), in_every_language(
    [(k,) for k in ["plan.goal.task_title", "plan.goal.flare_title", "score.end_possible", "error.position-gateway"]],
    TRANSLATED, ids=lambda case: case[0]))
def test_a_color_standing_for_a_player_says_player(lang, key):
    text = _ui(lang)[key]
    for name in re.findall(r"\{(player|players|next|color)\}", text):
        assert re.search(PLAYER_WORD[lang] + r" \{" + name + r"\}", text), (key, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_card_summoned_first_is_quoted_as_in_the_other_messages(lang):
    text = _ui(lang)["plan.first_summon"]
    assert re.search(r"«\s?\{card\}\s?»", text)
    if lang == "es":
        assert text.startswith("a «")   # the personal a before a being


#: words the review found out of place, each with the one the rest of the texts use
WRONG_WORDS = [
    ("fr", "help.plan.flare", r"\bruse\b"),                       # FR4: Ruse has its capital
    ("fr", "flare.play.playable", r"jouer \{flare\}"),            # FR5: the article
    ("fr", "flare.play.not_playable", r"jouer \{flare\}"),
    ("fr", "plan.goal.ways", r"\ble remplissent\b"),              # FR6
    ("fr", "help.ask", r"comme .* comme"),                       # FR8
    ("fr", "error.letal-no-endurance", r"\bendurance\b"),         # FR10: the term has its capital
    ("es", "error.letal-no-endurance", r"\bresistencia\b"),       # FR10's two spellings in es and it too
    ("it", "error.letal-no-endurance", r"\bresistenza\b"),
    ("es", "help.option.game", r"\borden\b"),                     # ES5: comando
    ("es", "error.turn-other-mode", r"formas de juego"),          # ES6: modo de juego
    ("es", "letal.winner.endurance", r"\btantos\b"),              # ES8
    ("es", "letal.winner.draw", r"\btantos\b"),
    ("es", "plan.goal.ways", r"\bla cumplen\b"),                  # ES11
    ("es", "help.errata.erratum", r"discrepancia"),               # ES4
    ("es", "errata.none", r"discrepancia|resolución"),
    ("es", "error.word.erratum", r"discrepancia|resolución"),
    ("it", "board.key.counted", r"\bcriterio\b"),                 # IT6
    ("it", "error.letal-one-area", r"\buna opzione\b"),           # IT7
    ("it", "help.i18n.check", r"\bavvisi\b"),                     # IT8
    ("it", "help.i18n.check.strict", r"\bavvisi\b"),
    ("it", "letal.winner.draw", r"\btanti\b"),                    # IT11
]


@pytest.mark.parametrize(("lang", "key", "wrong"), WRONG_WORDS)
def test_the_word_the_review_found_is_gone(lang, key, wrong):
    assert not re.search(wrong, _ui(lang)[key]), _ui(lang)[key]


#: the same in the files of the rules and the glossaries
WRONG_IN_FILES = [
    ("fr/rules.yaml", r"forme choisie"),                          # FR7: mode de jeu
    ("es/letal/glossary.yaml", r"pila de descartes(?!,)"),        # ES9 (kept as a synonym only)
    ("es/letal/rules.yaml", r"pila de descartes"),
    ("es/letal/rules.yaml", r"\btrucos?\b"),                      # ES10: Truco as the other card types
    ("es/letal/glossary.yaml", r"^(?!\s*(forms|synonyms):).*\btrucos?\b"),
    ("it/letal/rules.yaml", r"\btraverse\b|prime \{grid_start_rows\} file"),   # IT9: righe
    ("it/letal/glossary.yaml", r"^(?!\s*(forms|synonyms):).*\b(vostr[aeio]|potete|preferite|decidete)\b"),  # IT12
]


@pytest.mark.parametrize(("path", "wrong"), WRONG_IN_FILES)
def test_the_word_the_review_found_is_gone_from_the_files(path, wrong):
    text = (REPO / "locales" / path).read_text(encoding="utf-8")
    assert not re.search(wrong, text, re.M), re.search(wrong, text, re.M)


# --- raw ids and the other game's words -------------------------------------------------------------

@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_letal_check_says_its_problems_without_codes_and_lists_player_counts_in_words(cli, tmp_path, lang):
    game = tmp_path / "game.yaml"
    game.write_text("players:\n"
                    "  - {name: Ana, team: south, heroes: [{name: Kara, square: b1}]}\n"
                    "  - {name: Ben, team: north, heroes: [{name: Oro, square: b6}]}\n"
                    "  - {name: Cy, team: north, heroes: [{name: Vex, square: c6}]}\n", encoding="utf-8")
    r = cli("--lang", lang, "--game", "letal", "letal", "check", str(game))
    assert r.code == 1
    assert "[players-count]" not in r.out and "[team-size]" not in r.out
    assert " / " not in r.out
    assert _ui(lang)["list.or"].strip() in _flat(r.out)
    assert {p["code"] for p in cli("--game", "letal", "letal", "check", str(game), "--json").json["problems"]} \
        >= {"players-count", "team-size"}


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_the_letal_sheet_is_titled_by_its_own_game_and_counts_no_cards(cli, tmp_path, lang):
    out = tmp_path / "letal.html"
    r = cli("--lang", lang, "--game", "letal", "sheet", "--out", str(out))
    assert r.code == 0, r.err
    title = re.search(r"<title>(.*?)</title>", out.read_text(encoding="utf-8"), re.S)
    assert title and "Tash-Kalar" not in title.group(1)
    assert title.group(1) == _ui(lang)["letal.sheet.title"].replace("'", "&#x27;") or "L.E.T.A.L." in title.group(1)
    written = _ui(lang)["letal.sheet.written"].split("{path}")[1].strip(" :")
    assert written.split()[0] in r.out


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_validate_shows_no_card_types_for_a_game_without_cards(cli, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    r = cli("--lang", lang, "--game", "letal", "validate")
    assert r.code == 0, r.err
    assert _ui(lang)["validate.beings"] not in r.out
    assert _ui(lang)["validate.rules"] in r.out
    assert "beings" in cli("--game", "letal", "validate", "--json").json   # JSON keeps its fields


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_a_letal_square_argument_is_named_in_words(cli, lang):
    r = cli("--lang", lang, "--game", "letal", "letal", "area", "z9", "--adjacent")
    assert r.code == 2
    assert "SQUARE" not in r.err and _ui(lang)["what.hero-square"] in r.err.replace("\u00a0", " ")


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_the_type_column_of_flares_does_not_repeat_their_names(cli, lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    r = cli("--lang", lang, "card", "list", "--type", "flare")
    assert r.code == 0, r.err
    assert not [line for line in r.out.splitlines() if len(re.findall(r"\d/\d", line)) > 1]   # in the name only


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_your_own_weaker_piece_is_said_by_its_rank_alone(dataset, board, lang):
    from tashkalar_cli.games.tashkalar.engine.summoning import Lack
    from tashkalar_cli.games.tashkalar.model.position import Piece
    from tashkalar_cli.games.tashkalar.render.explain import lack_text
    from tashkalar_cli.text.i18n import Localizer

    loc = Localizer(dataset, lang)
    text = lack_text(Lack(board.parse("e5"), "weaker", "heroic", Piece("blue", "common")), board, loc)
    assert loc.msg("color.blue") not in text
    assert loc.msg("rank.common") in text


# --- SH12: a narrow table keeps its right border ----------------------------------------------------

def _narrow_widths() -> list[Any]:
    """Each width in one language, rotating (in_every_language's first language of each case; the tiering of
    in_every_language also keeps the first width in every language): the default run keeps the narrow widths,
    where the columns shrink (50 to 64: each language once), and 80 columns; the widths where the table fits at
    ease (70, 90, 99) and every other language of every width are in the slow run."""
    cases, seen = [], set()
    for case in in_every_language([(w,) for w in [50, 56, 60, 64, 70, 80, 90, 99]], LANGS, ids=lambda c: str(c[0])):
        width = case.values[0]
        first = width not in seen
        seen.add(width)
        cases.append(case if first and width in (50, 56, 60, 64, 80) else
                     pytest.param(*case.values, id=case.id, marks=[*case.marks, pytest.mark.slow]))
    return cases


@pytest.mark.parametrize(("width", "lang"), _narrow_widths())
def test_a_narrow_card_table_fits_with_its_border(cli, lang, width, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    for args in (["--deck", "sylvan", "--rank", "heroic"], ["--deck", "highland"], ["--type", "flare"]):
        r = cli("--lang", lang, "card", "list", *args)
        assert r.code == 0, r.err
        lines = [line for line in r.out.splitlines() if line.strip()]
        assert max(len(line) for line in lines) <= width
        table = [line for line in lines if line[0] in "┏┃┡│├└"]
        assert all(line.rstrip()[-1] in "┓┃┩│┤┘" for line in table), (args, table[:3])


@pytest.mark.xdist_group("locales-check")   # the worker of the other tests that read the session's report of the locales
@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_sh17_the_coverage_table_fits_80_columns_and_names_the_languages(tk, own_locales_report, lang: str) -> None:
    """SH17: at 80 columns the coverage header was cut ("avertiss…") and its rows showed codes."""
    import io

    from rich.console import Console

    from tashkalar_cli.render.i18n import report_renderable

    loc = tk.localizer(lang)
    console = Console(width=80, record=True, file=io.StringIO(), color_system=None)
    console.print(report_renderable(own_locales_report, loc=loc))
    text = console.export_text()
    table = text[text.rindex("┏"):]
    assert "…" not in table and all(len(line) <= 80 for line in table.splitlines())
    for word in loc.msg("i18n.cov.warnings").split() + loc.msg("i18n.cov.unofficial").split():
        assert word in table
    for code in own_locales_report.coverage:
        assert f"│ {loc.language_name(code)} " in table


# --- SH13: a message names an option's value as the help of its language shows it -------------------

@functools.cache   # the same commands for each language's test: walked once
def _shown_metavars() -> dict[str, set[str]]:
    """Each long option of every command -> the metavariables its help shows (in English words)."""
    import click
    import typer

    from tashkalar_cli.cli.app import build_app

    shown: dict[str, set[str]] = {}

    def walk(cmd: click.Command) -> None:
        ctx = click.Context(cmd)
        for param in cmd.params:
            if isinstance(param, click.Option) and not param.is_flag:
                for opt in param.opts:
                    shown.setdefault(opt, set()).add(param.make_metavar(ctx).split("...")[0])
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub)

    walk(typer.main.get_command(build_app()))
    return shown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_message_names_an_options_value_as_its_help_shows_it(lang):
    """``--locales DIR`` in the help is ``--locales DIR`` in the errors, not ``--locales DOSSIER``."""
    ui, shown = _ui(lang), _shown_metavars()
    wrong = []
    for key, text in ui.items():
        if key.startswith("cli."):
            continue
        for option, word in re.findall(r"(--[a-z][a-z-]*) ([A-ZÀ-Ý][A-ZÀ-Ý_]+)\b", text):
            allowed = {ui.get(f"cli.metavar.{m.lower()}", m) for m in shown.get(option, set())}
            if allowed and word not in allowed:
                wrong.append((key, option, word, sorted(allowed)))
    assert not wrong


# --- FR1, IT4 held by the L.E.T.A.L. glossary: its forbidden variants reach the interface texts ------

def _plant(copy, lang, key, wrong):
    """``key``'s text in ``copy``'s ``lang``/ui.yaml replaced by ``wrong``."""
    ui = copy / lang / "ui.yaml"
    lines = ui.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  {key}: "))
    lines[at] = f"  {key}: {yaml.safe_dump(wrong, allow_unicode=True, width=1000).splitlines()[0]}\n"
    ui.write_text("".join(lines), encoding="utf-8")


LETAL_WORDS_THE_REVIEW_FOUND = [
    ("fr", "letal.pull.done", "Attiré de {distance} vers {by}, le Héros en {square} finit en {to}."),
    ("it", "help.letal.move.to", "Una casella: se lo spostamento può finire lì e, se no, perché."),
]


def _copy(tmp_path: Path, lang: str) -> Path:
    """A copy of the reference's locales and ``lang``'s: a check with ``--target lang`` reads no other (each
    language is checked on its own, so a planted fault is found as in the whole folder, in a third of the time)."""
    import shutil

    copy = tmp_path / "locales"
    for code in ("en", lang):
        shutil.copytree(REPO / "locales" / code, copy / code)
    return copy


#: two checks of a copy per case: the default run keeps one language for each of the two tests below (French for
#: one, Italian for the other: the same check of the same glossary), the slow run both for both
@pytest.mark.parametrize(("lang", "key", "wrong"), spread(LETAL_WORDS_THE_REVIEW_FOUND, start=0, names=3))
def test_the_letal_glossary_forbids_the_words_the_review_found(cli, tmp_path, lang, key, wrong):
    copy = _copy(tmp_path, lang)
    assert cli("--game", "letal", "i18n", "check", "--locales", str(copy), "--target", lang).code == 0
    _plant(copy, lang, key, wrong)
    r = cli("--game", "letal", "--lang", "en", "i18n", "check", "--locales", str(copy), "--target", lang, "--json")
    import json

    found = [f for f in json.loads(r.out)["findings"] if f["code"] == "forbidden-term"]
    assert r.code == 1 and [(f["lang"], f["key"]) for f in found] == [(lang, key)]


@pytest.mark.parametrize(("lang", "key", "wrong"), spread(LETAL_WORDS_THE_REVIEW_FOUND, start=1, names=3))
def test_a_plain_check_holds_the_letal_interface_texts_to_the_letal_glossary(cli, tmp_path, lang, key, wrong):
    """Without --game, every game's texts are checked, each against its own glossary: a L.E.T.A.L.
    interface text (in the shared ui.yaml, read once) is held to L.E.T.A.L.'s, and found once."""
    import json

    copy = _copy(tmp_path, lang)
    assert cli("i18n", "check", "--locales", str(copy), "--target", lang).code == 0
    _plant(copy, lang, key, wrong)
    r = cli("--lang", "en", "i18n", "check", "--locales", str(copy), "--target", lang, "--json")
    found = [f for f in json.loads(r.out)["findings"] if f["code"] == "forbidden-term"]
    assert r.code == 1 and [(f["lang"], f["key"], f["file"]) for f in found] == [(lang, key, f"{lang}/ui.yaml")]


def test_the_letal_glossary_holds_only_the_letal_interface_texts(cli, tmp_path):
    """A Tash-Kalar text keeps its game's words under ``--game letal``: "spostamento", forbidden for
    L.E.T.A.L.'s Move, is not a fault of Tash-Kalar's board key (its own glossary says *mossa*)."""
    import json

    copy = _copy(tmp_path, "it")
    ui = copy / "it" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    assert '  svg.key.move: "una mossa dell' in text
    ui.write_text(text.replace('  svg.key.move: "una mossa dell', '  svg.key.move: "uno spostamento dell', 1),
                  encoding="utf-8")
    r = cli("--game", "letal", "--lang", "en", "i18n", "check", "--locales", str(copy), "--target", "it", "--json")
    assert r.code == 0 and not [f for f in json.loads(r.out)["findings"] if f["key"] == "svg.key.move"]

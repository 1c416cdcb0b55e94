"""Tables that never cut (issue 33): every command that draws a table, at 40, 60, 80 and 100
columns, keeps every line within the width, every border whole, and every word of its data whole:
a word drawn narrow is a word drawn at 400 columns (a column gives way, or the table becomes records,
before a word is folded, cut with an ellipsis or a border cropped). And the fitting itself
(:mod:`tashkalar_cli.render.fit`) on tables built for the purpose: long words, long ids, a drawing
in a cell."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from conftest import in_every_language

LANGS = ["en", "fr", "es", "it"]
WIDTHS = (40, 60, 80, 100)
POS = "c3=blue,d3=blue,d4=blue,e4=blue,f4=blue,d6=red:heroic"
COMMANDS = {
    "card list": ["card", "list"],
    "card list tasks": ["card", "list", "--type", "task"],
    "card list legends": ["card", "list", "--deck", "legends"],
    "keyword list": ["keyword", "list"],
    "keyword show": ["keyword", "show", "flare"],
    "rule list": ["rule", "list"],
    "rule show": ["rule", "show", "4.9"],
    "errata": ["errata"],
    "summonable": ["summonable", "--pieces", POS, "--player", "blue", "--all"],
    "plan": ["plan", "--pieces", POS, "--player", "blue", "--hand", "knight,dryad"],
    "ask": ["ask", "can I summon on top of an enemy heroic piece?"],
    "task check": ["task", "check", "--pieces", POS, "--player", "blue", "--all"],
    "card show": ["card", "show", "frostweave-illusionist"],
    "letal rule list": ["--game", "letal", "rule", "list"],
    "letal keyword list": ["--game", "letal", "keyword", "list"],
}
#: what separates words in a drawing: spaces and the characters of borders and rules
SEPARATORS = re.compile(r"[\s\u2500-\u257f]+")
#: the first and last character of a line of a boxed table or a panel
LEFT_EDGES, RIGHT_EDGES = set("│┃╭╰┏┗┡├┌└"), set("│┃╮╯┓┛┩┤┐┘")


def words(out: str) -> set[str]:
    return {w for w in SEPARATORS.split(out) if w}


def drawn(cli, monkeypatch, args: list[str], lang: str, width: int) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TASHKALAR_LANG", lang)
    r = cli(*args)
    assert r.code == 0, r.err
    return r.out


def _width_cases() -> list[object]:
    """Each command (its language rotating) at each width: the default run keeps, for each command, the narrowest
    width (where columns give way or the table becomes records) and one other, rotating from command to command so
    that every width is drawn by several commands; the other widths of a command are in the slow run."""
    out = []
    for n, case in enumerate(in_every_language([(c,) for c in COMMANDS], LANGS, ids=lambda c: c[0])):
        name, lang = case.values
        slow_lang = any(m.name == "slow" for m in case.marks)
        rotating = WIDTHS[1 + (n // len(LANGS)) % (len(WIDTHS) - 1)]
        for width in WIDTHS:
            keep = not slow_lang and width in (WIDTHS[0], rotating)
            out.append(pytest.param(name, lang, width, id=f"{case.id}-{width}",
                                    marks=[] if keep else [pytest.mark.slow]))
    return out


#: the words of a command's drawing at 400 columns, by (arguments, language): the same in every case of a command
_WHOLE: dict[tuple[tuple[str, ...], str], set[str]] = {}


@pytest.mark.parametrize(("name", "lang", "width"), _width_cases())
def test_no_word_line_or_border_is_cut_at_any_width(cli, dataset, monkeypatch, name, lang, width):
    _check_width(cli, dataset, monkeypatch, COMMANDS[name], lang, width)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_table_of_validate_is_not_cut_either(cli, dataset, monkeypatch, lang):
    """``validate`` checks the whole data folder again: in the slow run only."""
    for width in WIDTHS:
        _check_width(cli, dataset, monkeypatch, ["validate"], lang, width)


def _check_width(cli, dataset, monkeypatch, args: list[str], lang: str, width: int) -> None:
    key = (tuple(args), lang)
    if key not in _WHOLE:
        _WHOLE[key] = words(drawn(cli, monkeypatch, args, lang, 400))
    whole = _WHOLE[key]
    out = drawn(cli, monkeypatch, args, lang, width)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width, width
    cropped = [line for line in lines if line.strip() and line.lstrip()[0] in LEFT_EDGES
               and line.rstrip()[-1] not in RIGHT_EDGES]
    assert not cropped, (width, cropped[:2])
    # a header said in full where the table is narrow ("Rank or type"), and a record's "Name:", are words too
    cut = {w for w in words(out) - whole if not w.endswith(":")} - words(dataset.locales[lang]["ui"]["label.rank_or_type"])
    assert not cut, (width, sorted(cut)[:8])


# ---------------------------------------------------------------------- the fitting itself

def render(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=None, legacy_windows=False)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


def _table(rows, headers=("Id", "Name", "Words")) -> Table:
    table = Table(title="t")
    for h in headers:
        table.add_column(h)
    for row in rows:
        table.add_row(*row)
    return table


def test_a_table_that_fits_is_drawn_as_rich_draws_it():
    from tashkalar_cli.render.fit import fitted

    rows = [("a-1", "Alpha", "one two"), ("b-2", "Beta", "three")]
    assert render(fitted(_table(rows), ids=(0,)), 80) == render(_table(rows), 80)


@pytest.mark.parametrize("width", range(24, 61, 3))
def test_a_tight_table_folds_no_word_and_crops_no_border(width):
    from tashkalar_cli.render.fit import fitted

    rows = [(f"card-{i}", "Deathbringer Leafsplitter", "non-legendary piece, adjacent square, standard move")
            for i in range(3)]
    out = render(fitted(_table(rows), ids=(0,), drop=(2,)), width)
    every = words(render(_table(rows), 400))
    assert words(out) - every <= {"Name:", "Words:"}
    assert all(len(line) <= width for line in out.splitlines())
    assert all(f"card-{i}" in out for i in range(3))


def test_what_gives_way_goes_first_and_the_rest_share_the_room():
    from tashkalar_cli.render.fit import fitted

    rows = [("id-1", "a long name of several words", "a-long-word " * 5)]
    out = render(fitted(_table(rows), ids=(0,), drop=(2,)), 30)
    assert "Words" not in out and "Name" in out  # the third column gave way; the name fits, wrapped
    assert "a long name of" in out.replace("\n", " ") or "a long" in out


def test_no_choice_of_columns_fitting_makes_records_each_headed_by_its_id():
    from tashkalar_cli.render.fit import Records, fit_table

    rows = [("an-identifier-of-thirty-cells", "Name", "w")]
    table = _table(rows)
    out_table = fit_table(table, 30, ids=(0,))
    assert isinstance(out_table, Records)
    out = render(out_table, 30)
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[2] == "an-identifier-of-thirty-cells"  # the title, a blank line, then the id alone
    assert "  Name: Name" in lines and "  Words: w" in lines


def test_a_drawing_in_a_cell_is_left_to_rich():
    from tashkalar_cli.render.fit import fit_table

    grid = Table.grid()
    inner = Table.grid()
    inner.add_row("x")
    grid.add_row(inner, Text("legend"))
    assert fit_table(grid, 10) is grid


#: a label and its value, as each language joins them (French: a no-break space before the colon)
JOINED = {"en": "{label}: {value}", "fr": "{label}\u00a0: {value}", "es": "{label}: {value}", "it": "{label}: {value}"}


def _joining_cases() -> list[object]:
    """Each command in each language; ``i18n check`` (a check of every language, a second or so each time) in
    French alone in the default run, the language whose join differs: the records of every command are joined in
    one place (the command's console), which ``card list`` and ``keyword show`` show in the four languages."""
    commands = [
        (["card", "list"], {"en": "Name", "fr": "Nom", "es": "Nombre", "it": "Nome"}, "card list"),
        (["keyword", "show", "upgrade"], {"en": "Term", "fr": "Terme", "es": "Término", "it": "Termine"}, "keyword show"),
        (["i18n", "check"], None, "i18n check"),
    ]
    return [pytest.param(lang, args, label, id=f"{name}-{lang}",
                         marks=[pytest.mark.slow] if name == "i18n check" and lang != "fr" else [])
            for args, label, name in commands for lang in LANGS]


@pytest.mark.parametrize(("lang", "args", "label"), _joining_cases())
def test_records_join_a_label_and_its_value_as_the_language_does(cli, monkeypatch, lang, args, label):
    monkeypatch.setenv("COLUMNS", "40")
    r = cli("--lang", lang, *args)
    assert r.code in (0, 1), r.err
    lines = [line.strip("\u2502 ") for line in r.out.splitlines()]   # inside a panel too
    if label is not None:
        joined = JOINED[lang].format(label=label[lang], value="")
        assert any(line.startswith(joined) for line in lines), r.out
    colons = [line for line in lines if re.match(r"^\w[\w ']*\S[\u00a0 ]?:", line)]
    assert colons
    if lang == "fr":
        assert all(re.match(r"^\w[\w ']*\S\u00a0:", line) for line in colons), colons
    else:
        assert not any("\u00a0:" in line for line in colons), colons


def test_a_record_drawn_with_no_language_joins_as_english():
    from tashkalar_cli.render.fit import Records

    table = _table([("an-identifier-of-thirty-cells", "Name", "w")])
    out = render(Records(table, ids=(0,)), 30)
    assert "  Name: Name" in out


# ---------------------------------------------------------------------- sentences (issue 33, outside check)

#: commands that answer in sentences, an item of a list (``  - ``) for each step of an outcome
FLARE = ["flare", "play", "3/5", "--pieces", "e5=red:heroic,e4=red:heroic,e6=red:heroic,a5=blue", "--player", "blue",
         "--limit", "4"]
BEAR = ["summon", "hungry-bear", "--player", "blue", "--pieces",
        "d4=blue,e4=blue,f4=blue,e5=blue:heroic,g6=red,e6=red,d6=red:heroic,c5=red,f6=red:heroic",
        "--apply", "--at", "d5", "--effects", "--limit", "3"]
SENTENCES = {
    "flare play": FLARE,
    "flare play refused": ["flare", "play", "flare-3-6", "--pieces", POS, "--player", "blue"],
    "summon --effects": BEAR,
    "summon --effects stopped": [*BEAR[:-2], "--limit", "2", "--effect-states", "5"],
}


@pytest.mark.parametrize(("name", "lang"), in_every_language([(c,) for c in SENTENCES], LANGS, ids=lambda c: c[0]))
def test_sentences_wrap_at_words_to_the_width(cli, monkeypatch, name, lang):
    """At 40, 41 and 60 columns every line of a command's sentences fits, the words are those (in the order) of
    its lines at 400 columns, and a step wrapped onto more lines goes on under its text, not under its dash."""
    wide = drawn(cli, monkeypatch, SENTENCES[name], lang, 400)
    assert max(len(line) for line in wide.splitlines()) <= 100   # a wide terminal: sentences at 100 columns
    items = sum(line.startswith("  - ") for line in wide.splitlines())
    for width in (40, 41, 60):
        out = drawn(cli, monkeypatch, SENTENCES[name], lang, width)
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= width, (width, [li for li in lines if len(li) > width][:2])
        assert out.split() == wide.split(), width
        assert sum(line.startswith("  - ") for line in lines) == items
        for before, line in itertools.pairwise(lines):
            if line.startswith("    "):   # a continuation: of an item, each line of it under its text
                assert before.startswith(("  - ", "    ")), (before, line)
            else:
                assert not line.startswith(" ") or line.startswith("  - "), line


def _unwrapped(comments: list[str]) -> list[str]:
    """Comment lines joined again into the comments they were wrapped from: a line continuing a comment is
    indented (a sentence's by two cells, an item's under its text), and is no item (``  - ``) itself."""
    out: list[str] = []
    for line in comments:
        text = line.removeprefix("# ")
        if out and text.startswith(" ") and not text.startswith("  - "):
            out[-1] += " " + text.strip()
        else:
            out.append(text)
    return out


@pytest.mark.parametrize(("args", "lang", "width"), [
    (["summon", "knight", "--pieces", POS, "--player", "blue", "--apply", "--at", "e5"], "fr", 40),
    ([*BEAR[:-2], "--choose", "3"], "it", 41),
    ([*FLARE[:-2], "--choose", "4"], "es", 41),
], ids=["summon --apply", "summon --effects --choose", "flare play --choose"])
def test_a_position_printed_to_a_terminal_wraps_its_comments_and_reads_back(cli, tk, monkeypatch, tmp_path, args,
                                                                             lang, width):
    """The comments heading a position printed to a terminal are wrapped into comment lines of its width; on a
    pipe, and in a file written with --out, each stays one line (the README's promise for written files); the
    wrapped text reads back as the same position, its comments the same words."""
    import sys

    import yaml

    piped = drawn(cli, monkeypatch, args, lang, width)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    shown = drawn(cli, monkeypatch, args, lang, width)
    comments = [line for line in shown.splitlines() if line.startswith("#")]
    one_line = [line for line in piped.splitlines() if line.startswith("#")]
    assert all(len(line) <= width for line in comments), comments
    assert len(comments) > len(one_line) and any(len(line) > width for line in one_line)
    assert " ".join(comments).replace("#", " ").split() == " ".join(one_line).replace("#", " ").split()
    assert [f"# {c}" for c in _unwrapped(comments)] == one_line
    assert yaml.safe_load(shown) == yaml.safe_load(piped)
    (tmp_path / "shown.yaml").write_text(shown, encoding="utf-8")
    (tmp_path / "piped.yaml").write_text(piped, encoding="utf-8")
    assert tk.position(str(tmp_path / "shown.yaml")) == tk.position(str(tmp_path / "piped.yaml"))
    if args[0] != "summon":   # flare play prints its position only
        return
    r = cli("--lang", lang, *args, "--out", str(tmp_path / "out.yaml"))
    assert r.code == 0, r.err
    written = (tmp_path / "out.yaml").read_text(encoding="utf-8").splitlines()
    assert [line for line in written if line.startswith("#") and "written by tashkalar" not in line] == one_line


@pytest.mark.parametrize(("label", "total"), [
    ("Checking the translations", None),
    ("Vérification des traductions", 1810),
    ("Building the data cache (once after an install or an update)", None),
], ids=["en", "fr-counted", "long"])
@pytest.mark.parametrize("width", [40, 41, 43, 44, 47, 80])
def test_the_progress_line_drops_the_time_then_the_bar_before_it_cuts(label, total, width):
    from rich.progress import BarColumn, MofNCompleteColumn, SpinnerColumn, TimeElapsedColumn

    from tashkalar_cli.render.progressline import NARROWEST_BAR, FittingProgress, description_column

    # a terminal's console (the bar's part still to do is drawn in color only), its text read back plain
    console = Console(width=width, record=True, force_terminal=True, color_system="truecolor", file=io.StringIO(),
                      legacy_windows=False)
    elapsed = TimeElapsedColumn()
    progress = FittingProgress(SpinnerColumn(), description_column(), BarColumn(),
                               *([MofNCompleteColumn()] if total else []), elapsed, droppable=[elapsed],
                               console=console)
    progress.add_task(label, total=total, completed=3)
    console.print(progress.get_renderable())
    out = console.export_text()
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines), out
    assert "…" not in out and out.split()[1:] [:len(label.split())] == label.split()   # the label whole
    has_time, has_bar = "0:00:00" in out, "━" in out
    assert not has_time or has_bar                 # the time goes before the bar
    assert not has_bar or out.count("━") >= NARROWEST_BAR
    if width >= 80 or (len(lines) == 1 and width - len(lines[0].rstrip()) >= 8 and not has_time):
        assert has_time or len(label) > width - 30


@pytest.mark.parametrize("width", range(12, 61))
def test_a_key_entry_keeps_its_symbol_with_its_word(width):
    """A key's entries are wrapped between entries; an entry wider than the line alone is wrapped at its spaces
    beside its symbol: a symbol never ends a line, and nothing is wider than the line."""
    from tashkalar_cli.render.terminal import Key

    entries = [("★", "the hero"), ("[ ]", "square reached"), ("○", "another hero"), ("◇", "the square asked (--to)"),
               ("·", "empty square")]
    out = render(Key(entries, "; "), width)
    lines = [line.rstrip() for line in out.splitlines()]
    assert all(len(line) <= width for line in lines), lines
    assert " ".join(lines).split() == " ".join(f"{s} {m};" for s, m in entries).rstrip(";").split()
    for symbol, meaning in entries:
        first = meaning.split()[0]
        assert any(f"{symbol} {first}" in line for line in lines), (symbol, lines)


def test_the_letal_key_keeps_empty_with_square_at_40_columns(cli, monkeypatch):
    out = drawn(cli, monkeypatch, ["--game", "letal", "letal", "move", "a1", "--steps", "3", "--to", "f6"], "en", 40)
    assert "· empty square" in out and all(len(line) <= 40 for line in out.splitlines())


@pytest.mark.parametrize("width", [20, 40, 41])
def test_a_word_longer_than_the_line_stays_whole_on_a_line_of_its_own(width):
    """A path longer than the line is never cut (a path is copied as it is): the words around it wrap."""
    from tashkalar_cli.render.terminal import Sentences

    path = "/tmp/" + "a-folder/" * 6 + "picture.svg"
    said = [f"Picture saved to {path} (open it in a browser).", f"  - an item naming {path} too"]
    console = Console(width=width, record=True, color_system=None, file=io.StringIO(), legacy_windows=False)
    console.print(Sentences(said), crop=False)
    lines = console.export_text().splitlines()
    assert [line.strip().rstrip(",") for line in lines].count(path) == 2, lines
    assert all(len(line) <= width for line in lines if path not in line), lines
    assert " ".join(lines).split() == " ".join(said).split()
    assert all(line.startswith("    ") for line in lines[lines.index("  - an item naming") + 1:]), lines

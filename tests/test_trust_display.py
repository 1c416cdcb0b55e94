"""What reaches the terminal and the files the tool writes, and the exit codes of odd situations.

A data folder, a translator or a user can put anything in a name: escape sequences that retitle
or clear the terminal, Rich markup, bidi overrides, characters XML forbids, line breaks that
would add a key to a YAML file. Each is shown as text, written as valid XML or YAML, and the
command still succeeds. Odd situations (a closed standard input or pipe, malformed completion
variables, an unusable HOME, an absurd terminal width) end with one line and the documented code.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tashkalar_cli.errors import json_visible, quote, visible

from conftest import REPO, any_text, spread

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

#: a name that retitles the terminal, clears it, closes and opens Rich markup, reverses the text
#: and starts an 8-bit CSI
HOSTILE = "Sword\x1b]0;pwned\x07master\x1b[2J [/x] [bold red]big \u202eevil \x9b31m"
#: what no output may hold raw: ESC, BEL, the C1 CSI, the bidi override
RAW = re.compile("[\x1b\x07\x9b\u202e]")


# ------------------------------------------------------------------ visible()

@given(any_text())
def test_visible_leaves_nothing_a_terminal_acts_on(text):
    shown = visible(text)
    assert not re.search("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]", shown)
    assert visible(shown) == shown  # idempotent: shown twice is shown once
    assert "\n" not in quote(text) and len(quote(text)) <= 40


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf"))))
def test_visible_keeps_ordinary_text(text):
    assert visible(text) == text


def test_visible_spells_the_characters_out():
    assert visible("a\x1b[2Jb\u202e\n\t") == "a\\x1b[2Jb\\u202e\\n\\t"
    assert visible("one\ntwo\tthree\x07", lines=True) == "one\ntwo\tthree\\x07"
    assert visible("x" * 100, 10) == "x" * 9 + "…"


def test_json_keeps_the_data_and_escapes_what_a_terminal_acts_on():
    data = {"name": HOSTILE + "\ud800"}
    text = json_visible(json.dumps(data, ensure_ascii=False))
    assert not RAW.search(text) and "\ud800" not in text
    assert json.loads(text) == data


def test_the_console_shows_whatever_it_is_given_as_text():
    """The last guard: a renderable built anywhere, with data inside, prints no escape sequence."""
    from io import StringIO

    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from tashkalar_cli.render.terminal import console

    out = StringIO()
    term = console(file=out, force_terminal=True, width=80)
    table = Table(title=HOSTILE)
    table.add_column(HOSTILE)
    table.add_row(HOSTILE)
    term.print(HOSTILE, Text(HOSTILE, style="bold"), table, Panel(Text("body"), title=Text(HOSTILE)))
    shown = re.sub("\x1b\\[[0-9;]*m", "", out.getvalue())  # the console's own colors
    assert not RAW.search(shown), shown
    assert "[/x] [bold red]big" in shown


# ------------------------------------------------------------------ a hostile data folder

@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """A copy of the data whose Swordmaster, first rule and 'destroy' keyword carry HOSTILE (made
    once for the module: the commands only read it). English, where HOSTILE is, and French, the language of
    the i18n check's finding: each language of a copy is read, checked and indexed again at each of its loads."""
    dest = tmp_path_factory.mktemp("hostile") / "data"
    shutil.copytree(REPO / "cards", dest / "cards")
    for lang in ("en", "fr"):
        shutil.copytree(REPO / "locales" / lang, dest / "locales" / lang)
    for rel, key in (("cards/imperial.yaml", "swordmaster"), ("rules.yaml", "form-high-form"),
                     ("glossary.yaml", "destroy")):
        path = dest / "locales" / "en" / rel
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        section = next(v for v in data.values() if isinstance(v, dict) and key in v)
        field = "name" if "name" in section[key] else "title" if "title" in section[key] else "term"
        section[key][field] = HOSTILE
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return dest


@pytest.fixture
def hostile_rw(hostile, tmp_path):
    """A copy of the hostile data of the test's own, for a test that changes it."""
    dest = tmp_path / "data"
    shutil.copytree(hostile, dest)
    return dest


@pytest.mark.parametrize("args", spread([
    ("card", "show", "swordmaster"),
    ("card", "list"),
    ("card", "list", "--deck", "imperial"),
    ("keyword", "show", "destroy"),
    ("keyword", "list"),
    ("rule", "show", "form-high-form"),
    ("rule", "list"),
    ("ask", "high form"),
    ("summon", "swordmaster", "--player", "blue", "--pieces", "e4=blue,e6=blue"),
    ("summon", "swordmaster", "--player", "blue", "--pieces", "e4=blue"),
    ("summonable", "--player", "blue", "--pieces", "e4=blue,e6=blue"),
    ("plan", "--player", "blue", "--pieces", "e4=blue,e6=blue", "--hand", "swordmaster"),
    ("validate",),
], keep=4))
def test_a_hostile_name_is_shown_as_text(cli, hostile, args):
    r = cli(*args, "--data", str(hostile))
    assert r.code == 0, r.err
    assert not RAW.search(r.out + r.err), (r.out + r.err)[:2000]
    assert "MarkupError" not in r.err


def test_the_hostile_name_is_readable_in_full(cli, hostile):
    out = cli("card", "show", "swordmaster", "--data", str(hostile)).out
    assert "Sword\\x1b]0;pwned\\x07master\\x1b[2J [/x] [bold red]big \\u202eevil \\x9b31m" in out


def test_json_gives_the_exact_name(cli, hostile):
    r = cli("card", "show", "swordmaster", "--json", "--data", str(hostile))
    assert not re.search("[\x07\x1b\x9b\u202e]", r.out)
    assert r.json["name"] == HOSTILE


def test_i18n_check_findings_are_shown_as_text(cli, hostile_rw):
    fr = hostile_rw / "locales" / "fr" / "cards" / "imperial.yaml"
    data = yaml.safe_load(fr.read_text(encoding="utf-8"))
    data["cards"]["swordmaster"]["effect"] = HOSTILE + " [/x] {nope}"  # findings quote the text
    fr.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    r = cli("i18n", "check", "--data", str(hostile_rw), "--target", "fr")   # the language of the finding planted
    assert r.code in (0, 1), r.err
    assert not RAW.search(r.out + r.err)


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_translators_markup_in_a_help_text_is_printed(cli, hostile_rw):
    ui = hostile_rw / "locales" / "en" / "ui.yaml"
    data = yaml.safe_load(ui.read_text(encoding="utf-8"))
    data["messages"]["help.card"] = "Cards [/x] [bold]loud\x1b[2J"
    ui.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    env = dict(os.environ, TASHKALAR_DATA=str(hostile_rw))
    proc = subprocess.run([sys.executable, "-m", "tashkalar_cli", "--help"], env=env, capture_output=True,
                          text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "[/x]" in proc.stdout and not RAW.search(proc.stdout)


# ------------------------------------------------------------------ messages

@pytest.mark.parametrize("value", ["\x1b]0;pwned\x07", "a\nb: c", "[/x][bold]", "\u202eevil", "x" * 5000])
def test_a_value_in_a_message_is_one_short_visible_line(cli, value):
    r = cli("card", "show", value)
    assert r.code == 2
    first = r.err.splitlines()[0]
    assert not RAW.search(r.err) and len(first) < 200, r.err
    assert len(r.err.strip().splitlines()) <= 2  # the message, and the suggestions


def test_a_file_name_in_a_message_is_visible(cli, tmp_path):
    r = cli("position", "check", str(tmp_path / "no\x1b[2Jsuch\n.yaml"))
    assert r.code == 2 and not RAW.search(r.err) and len(r.err.strip().splitlines()) == 1
    assert "\\x1b[2J" in r.err


# ------------------------------------------------------------------ SVG and HTML

def _parses(path: Path) -> None:
    ET.parse(path)


XML_FORBIDDEN = "\x01\x02\x1b\uffff\ufffe"


@pytest.fixture(scope="module")
def xml_hostile(hostile, tmp_path_factory):
    """The hostile data with characters XML forbids in the Swordmaster's name and effect: made once for the
    module (its tests only read it, and each new copy of it was built again, seconds each)."""
    dest = tmp_path_factory.mktemp("xml-hostile") / "data"
    shutil.copytree(hostile, dest)
    path = dest / "locales" / "en" / "cards" / "imperial.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["cards"]["swordmaster"]["name"] = HOSTILE + XML_FORBIDDEN
    data["cards"]["swordmaster"]["effect"] = "Effect " + XML_FORBIDDEN
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return dest


@pytest.mark.xdist_group("xml-hostile")   # the tests of the XML-hostile data share one copy of it, built once
def test_summon_svg_is_well_formed_xml(cli, xml_hostile, tmp_path):
    for pieces in ("e4=blue,e6=blue", "e4=blue"):  # a placement, and the nearest misses
        svg = tmp_path / f"summon-{len(pieces)}.svg"
        r = cli("summon", "swordmaster", "--player", "blue", "--pieces", pieces, "--svg", str(svg),
                "--data", str(xml_hostile))
        assert r.code == 0, r.err
        _parses(svg)


def test_position_svg_titled_by_a_hostile_file_name_is_well_formed(cli, tmp_path):
    name = tmp_path / "pos\x01\x1b[2J\udcff.yaml"  # a byte that is not UTF-8 comes as a lone surrogate
    try:
        name.write_text("pieces: {e5: blue}\n", encoding="utf-8")
    except (UnicodeEncodeError, OSError):
        pytest.skip("the file system refuses the name")
    svg = tmp_path / "pos.svg"
    r = cli("position", "show", str(name), "--svg", str(svg))
    assert r.code == 0, r.err
    _parses(svg)


@pytest.mark.xdist_group("xml-hostile")
@pytest.mark.parametrize("suffix", ["svg", "html"])
def test_sheets_are_well_formed(cli, xml_hostile, tmp_path, suffix):
    out = tmp_path / f"sheet.{suffix}"
    r = cli("sheet", "--deck", "imperial", "--out", str(out), "--data", str(xml_hostile))
    assert r.code == 0, r.err
    text = out.read_text(encoding="utf-8")
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\uffff\ufffe]", text)
    if suffix == "svg":
        _parses(out)


# ------------------------------------------------------------------ position and turn files

def test_no_text_can_add_a_key_to_a_written_position_or_turn(cli, hostile_rw, tmp_path):
    ui = hostile_rw / "locales" / "en" / "ui.yaml"
    data = yaml.safe_load(ui.read_text(encoding="utf-8"))
    data["messages"]["apply.comment"] += "\nplayers: 4\r\x85supply: {{blue: {{common: 0}}}}\u2028mode: melee"
    ui.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    cards = hostile_rw / "locales" / "en" / "cards" / "imperial.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    data["cards"]["swordmaster"]["name"] = "Sword\nplayers: 3\ndecks: x"
    cards.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out, record = tmp_path / "after.yaml", tmp_path / "turn.yaml"
    r = cli("summon", "swordmaster", "--player", "blue", "--pieces", "e4=blue,e6=blue", "--apply", "--at", "e5",
            "--out", str(out), "--record", str(record), "--data", str(hostile_rw))
    assert r.code == 0, r.err
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert set(written) == {"mode", "players", "board", "supply"} and written["players"] == 2
    assert written["mode"] == "duel" and written["supply"]["blue"]["common"] > 0
    turn = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert set(turn) == {"player", "mode", "players", "destroyed", "summoned"} and turn["players"] == 2
    back = cli("position", "check", str(out), "--json")
    assert back.code == 0 and back.json["players"] == 2


# ------------------------------------------------------------------ exit codes

def _run(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TASHKALAR", "COMP_", "_TASHKALAR", "_TYPER"))}
    full["TASHKALAR_CACHE_DIR"] = os.environ["TASHKALAR_CACHE_DIR"]
    full.update(env or {})
    full = {k: v for k, v in full.items() if v is not None}
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "tashkalar_cli", *args], env=full, stderr=subprocess.PIPE,
                          text=True, cwd=REPO, timeout=60, **kwargs)


def _one_line(proc: subprocess.CompletedProcess, code: int = 2, hints: bool = False) -> None:
    """One line (``hints``: and maybe a second, of "did you mean" suggestions)."""
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert 1 <= len(proc.stderr.strip().splitlines()) <= (2 if hints else 1), proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("columns", ["999999999", "-5", "abc", "0", "1e9", "٣٣"])
def test_an_absurd_terminal_width_is_ignored(columns):
    proc = _run("card", "list", env={"COLUMNS": columns, "LINES": columns})
    assert proc.returncode == 0, proc.stderr
    assert max(len(line) for line in proc.stdout.splitlines()) <= 200


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_closed_standard_input_is_bad_input():
    proc = _run("summonable", "--position", "-", "--player", "blue", preexec_fn=lambda: os.close(0))
    _one_line(proc)
    assert "standard input" in proc.stderr


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("variables", [
    {"_TASHKALAR_COMPLETE": "garbage"},
    {"_TASHKALAR_COMPLETE": "complete_tcsh"},
    {"_TASHKALAR_COMPLETE": "explode_bash"},
    {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": "tashkalar card", "COMP_CWORD": "x"},
    {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": "tashkalar card", "COMP_CWORD": "-1"},
    {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": "tashkalar card"},
    {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_CWORD": "1"},
    {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": "tashkalar " + "card " * 20_000, "COMP_CWORD": "3"},
    {"_TASHKALAR_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "tashkalar " + "x" * 100_000},
])
def test_malformed_completion_variables_are_bad_input(variables):
    _one_line(_run(env=variables))


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_a_well_formed_completion_request_still_answers():
    proc = _run(env={"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": "tashkalar card sh", "COMP_CWORD": "2"})
    assert proc.returncode == 0 and proc.stdout.split() == ["show"], proc.stderr


#: the command line, with the account's home (where Python looks when HOME is unset) moved to a
#: folder of the test: should the tool ever write there again, it writes into that folder, which
#: the test finds, and never into the real home of the account running the tests
GUARDED = ("import pathlib, sys; guard = pathlib.Path(sys.argv.pop(1)); "
           "pathlib.Path.home = classmethod(lambda cls: guard); "
           "import os.path; os.path.expanduser = lambda p: p.replace('~', str(guard), 1); "
           "from tashkalar_cli.cli.app import main; main()")


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("home", [None, "", "nonexistent", "a-file", "relative"])
def test_install_completion_needs_a_usable_home(tmp_path, home):
    (tmp_path / "a-file").write_text("x")
    guard = tmp_path / "account-home"
    guard.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "HOME"} | {"SHELL": "/bin/bash"}
    if home is not None:
        env["HOME"] = {"": "", "relative": "relative/home"}.get(home, str(tmp_path / home))
    proc = subprocess.run([sys.executable, "-c", GUARDED, str(guard), "--install-completion", "bash"], env=env,
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    _one_line(proc)
    assert not list(guard.iterdir()) and not (tmp_path / "nonexistent").exists()
    assert not (tmp_path / "relative").exists() and (tmp_path / "a-file").read_text() == "x"


@pytest.mark.slow  # a process per case, like the fuzz corpus
def test_install_completion_in_a_usable_home_still_works(tmp_path):
    proc = _run("--install-completion", "bash", env={"HOME": str(tmp_path), "SHELL": "/bin/bash"})
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / ".bash_completions" / "tashkalar.sh").is_file()


@pytest.mark.parametrize("label", ["x", "²", "٣", "9" * 5000, "6"])
def test_a_diagram_row_label_that_is_not_the_rank_is_bad_input(cli, tmp_path, label):
    rows = "\n".join(f"  {label if r == 5 else r} " + " ".join(["."] * n)
                     for r, n in zip(range(9, 0, -1), (5, 7, 9, 9, 9, 9, 9, 7, 5), strict=True))
    path = tmp_path / "pos.yaml"
    path.write_text(f"board: |\n{rows}\n", encoding="utf-8")
    r = cli("position", "check", str(path))
    assert r.code == 2, r.err
    assert "row labelled" in r.err and len(r.err.strip().splitlines()) == 1


def test_a_diagram_with_its_row_labels_still_reads(cli, tmp_path):
    rows = "\n".join(f"  {r:02d} " + " ".join(["."] * n)
                     for r, n in zip(range(9, 0, -1), (5, 7, 9, 9, 9, 9, 9, 7, 5), strict=True))
    path = tmp_path / "pos.yaml"
    path.write_text(f"board: |\n{rows}\n", encoding="utf-8")
    assert cli("position", "check", str(path)).code == 0


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("args", [("card", "list"), ("card", "list", "--json"), ("rule", "list"), ("--help",),
                                  ("position", "show", "--format", "yaml", "--pieces", "e5=blue")])
def test_a_closed_pipe_ends_quietly_with_141(args):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte
    try:
        proc = _run(*args, stdout=write)
    finally:
        os.close(write)
    assert proc.returncode == 141, proc.stderr
    assert proc.stderr == ""


@pytest.mark.parametrize("name", ["[", "[/x]", "+x", "/x", "\x1b[2J"])
def test_a_garbage_command_name_is_an_unknown_command(cli, name):
    r = cli(name)
    assert r.code == 2 and "no command is called" in r.err and not RAW.search(r.err)
    assert len(r.err.strip().splitlines()) == 1
    r = cli("card", name)
    assert r.code == 2 and "no command is called" in r.err and len(r.err.strip().splitlines()) == 1


def test_an_unknown_command_suggests_the_closest(cli):
    r = cli("crad")
    assert r.code == 2 and "card" in r.err.splitlines()[1]
    r = cli("card", "lis", "--json")
    assert r.code == 2 and json.loads(r.err)["error"]["key"] == "unknown-command"


# ------------------------------------------------------------------ the fuzz corpus

@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize(("name", "expected"), [
    ("diagram-label-letter.fuzz", "row labelled x"),
    ("diagram-label-superscript.fuzz", "row labelled ²"),
    ("diagram-label-long.fuzz", "row labelled 999"),
    ("escape-in-square.fuzz", "'e5\\x1b]0;pw"),
    ("escape-in-color.fuzz", "\\x1b]0;pwned\\x07 [bold red]\\u202e\\x9b31m"),
    ("newline-in-value.fuzz", "'duel\\u2028x'"),
])
def test_corpus_values_are_quoted_visibly(tmp_path, name, expected):
    target = tmp_path / "position.yaml"
    target.write_bytes((REPO / "tests" / "fuzz" / name).read_bytes())
    for args in (("position", "check", str(target)), ("position", "check", str(target), "--lang", "fr")):
        proc = _run(*args)
        _one_line(proc, hints=True)   # a mode close to 'duel': "did you mean" too
        assert not RAW.search(proc.stderr)
    assert expected in _run("position", "check", str(target)).stderr


LONG = "x\x1b:" * 150


@pytest.mark.parametrize("args", [
    ("card", "show", "knight", "--lang", LONG),
    ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5",
     "--orientation", LONG),
    ("plan", "--player", "blue", "--pieces", "e5=blue,d4=red,f4=yellow", "--threats", "--deck", LONG),
    ("sheet", "--out", LONG),
])
def test_a_long_value_is_quoted_short_in_text_mode(cli, args):
    r = cli(*args)
    assert r.code == 2, r.err
    assert len(r.err.strip().splitlines()) == 1 and len(r.err) < 200 and not RAW.search(r.err), r.err


def test_a_long_duplicate_key_is_quoted_short(cli, tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text(f'pieces:\n  e5: blue\n  "{LONG.replace(chr(27), "")}": red\n  "{LONG.replace(chr(27), "")}": red\n')
    r = cli("position", "check", str(path))
    assert r.code == 2 and "duplicate key" in r.err and len(r.err) < 150 + len(str(path)), r.err


@pytest.mark.parametrize("option", ["--\x1b]0;pwned\x07[/x]", "--" + "\x1b[2J" * 200])
def test_an_unknown_option_is_shown_as_text(cli, option):
    for extra in ((), ("--json",)):
        r = cli("card", "show", option, *extra)
        assert r.code == 2 and not RAW.search(r.err) and "\\x1b" in r.err, r.err
        assert len(r.err) < 2000


@pytest.mark.slow  # a process per case, like the fuzz corpus
@pytest.mark.parametrize("json_out", [False, True])
def test_an_output_the_machine_cannot_write_is_one_line_not_a_bug(json_out):
    """Standard output on a full disk (/dev/full): one line on standard error and exit 2, never
    'internal error' (exit 70)."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this machine")
    with open("/dev/full", "w") as full:
        proc = _run("card", "show", "swordmaster", *(["--json"] if json_out else []), stdout=full)
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "internal" not in proc.stderr
    if json_out:
        assert json.loads(proc.stderr)["error"]["key"] == "stdout-cannot-write"

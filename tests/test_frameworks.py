"""Click, Typer and Rich are used, not changed: the library changes nothing in them at import, and
the few changes the command line still makes live in one module, ``cli/frameworks.py``, each with
its reason."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from conftest import REPO

FRAMEWORKS = ("click", "typer", "rich")
#: the one module allowed to reach into the frameworks
ALLOWED = "tashkalar_cli/cli/frameworks.py"


def _framework_names(tree: ast.AST) -> set[str]:
    """The names a module binds to a framework's module or object (``import click``, ``from typer
    import rich_utils``, ``from rich.text import Text``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FRAMEWORKS:
                    names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in FRAMEWORKS:
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.expr) -> str | None:
    """The name an attribute chain starts from (``rich`` of ``rich._wrap.re_word``)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _reaches_in(path: str, tree: ast.AST) -> list[str]:
    """What ``tree`` does to a framework beyond its public interface."""
    found = []
    bound = _framework_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            names = [] if isinstance(node, ast.Import) else [a.name for a in node.names]
            for module in modules:
                parts = module.split(".")
                if parts[0] in FRAMEWORKS and (any(_private(p) for p in parts) or any(_private(n) for n in names)):
                    found.append(f"{path}:{node.lineno} imports a private name of {module}")
        elif isinstance(node, ast.Attribute) and _private(node.attr) and _root(node.value) in bound:
            found.append(f"{path}:{node.lineno} reads {ast.unparse(node)}")
        elif isinstance(node, ast.Attribute) and node.attr == "_custom_shell_complete":
            found.append(f"{path}:{node.lineno} sets Click's private _custom_shell_complete")
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and _root(target) in bound:
                    found.append(f"{path}:{node.lineno} assigns {ast.unparse(target)}")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "setattr" and node.args \
                and isinstance(node.args[0], ast.Name) and node.args[0].id in bound:
            found.append(f"{path}:{node.lineno} sets an attribute of {node.args[0].id}")
    return found


def test_no_framework_is_changed_outside_the_one_module():
    """No module but ``cli/frameworks.py`` imports a private name of Click, Typer or Rich, reads
    one, or assigns an attribute of their modules or classes (``rich._wrap.re_word``,
    ``Text.__rich_measure__``, ``typer.rich_utils.Console``, a module's ``_``)."""
    found = []
    for file in sorted((REPO / "tashkalar_cli").rglob("*.py")):
        path, text = str(file.relative_to(REPO)), file.read_text(encoding="utf-8")
        # a module that names no framework (nor Click's hook) imports none, so binds none: nothing to find in it
        # (most of the package; its tree is not walked)
        if path != ALLOWED and any(word in text for word in (*FRAMEWORKS, "_custom_shell_complete")):
            found += _reaches_in(path, ast.parse(text))
    assert not found, "\n".join(found)


def test_the_check_sees_a_patch():
    """The check above finds each kind of change it looks for (it would not pass vacuously)."""
    code = ("import rich._wrap\nfrom typer._completion_classes import BashComplete\nfrom rich.text import Text\n"
            "from typer import rich_utils\nimport click\n"
            "rich._wrap.re_word = 1\nsetattr(Text, 'x', 1)\nrich_utils.Console = 1\nparam._custom_shell_complete = 1\n"
            "click.core._ = 1\n")
    found = _reaches_in("x.py", ast.parse(code))
    assert len({line.split(' ')[0] for line in found}) == 7, found  # every line but the three plain imports


def test_every_remaining_change_says_why():
    """Each function of the one module says why it changes a framework, and the module's count
    says how many there are (none now)."""
    tree = ast.parse((REPO / ALLOWED).read_text(encoding="utf-8"))
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for function in functions:
        assert "Why " in (ast.get_docstring(function) or ""), function.name
    assert f"The count: {len(functions)} functions change a framework's behaviour" in (ast.get_docstring(tree) or "")


def test_the_one_module_changes_nothing_now():
    """Nothing is left in ``cli/frameworks.py``: no framework module assigned into, no private name."""
    text = (REPO / ALLOWED).read_text(encoding="utf-8")
    assert _reaches_in(ALLOWED, ast.parse(text)) == []
    assert not any(word in text.split('"""')[-1] for word in FRAMEWORKS)  # (its code: nothing but __all__)


#: Click's parameter types that say no words of their own (a string, a flag's boolean, which reads no text typed)
SILENT = ("StringParamType", "BoolParamType", "UnprocessedParamType")


def _every_parameter():
    """Every parameter of every command of the line (the root's too), built as a run builds them."""
    import click

    from tashkalar_cli.cli.app import _built, _root_command, commands
    from tashkalar_cli.command.common import CliState
    from tashkalar_cli.command.localize import Words

    line = CliState(words=Words(None, None))

    def walk(command, path):
        for param in command.params:
            yield path, param
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, f"{path} {name}")

    yield from walk(_root_command(line), "tashkalar")
    for name in commands():
        yield from walk(_built(name, line), name)


def test_no_parameter_is_read_by_a_click_type_that_says_english():
    """A value typed for any option or argument is read by a type of the tool's own
    (``cli/values.py``: its refusal said in the user's language) or by a type of Click's that never
    refuses one (a string, a flag): no command takes a number, a range or a choice with Click's own
    types, whose refusals are English sentences."""
    import click

    found = []
    for path, param in _every_parameter():
        kind = type(param.type)
        silent = kind.__module__.startswith("click") and kind.__name__ in SILENT and \
            (kind.__name__ != "BoolParamType" or getattr(param, "is_flag", False))
        if not (silent or kind.__module__.startswith("tashkalar_cli.")):
            found.append(f"{path} {param.name}: {kind.__module__}.{kind.__name__}")
        assert isinstance(param.type, click.ParamType)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("en", ["position", "show", "--format", "bogus"], "Invalid value for '--format': 'bogus' is not one of 'board', 'yaml', "
                                                       "'diagram'."),
    ("fr", ["sheet", "--paper", "x"], "Valeur invalide pour «\u00a0--paper\u00a0»\u00a0: «\u00a0x\u00a0» n'est pas l'une "
                                      "des valeurs 'a4', 'letter'"),
    ("es", ["rule", "search", "x", "--limit", "101"], "Valor no válido para «--limit» / «-n»: 101 no está en el intervalo "
                                                      "1<=x<=100"),
    ("it", ["letal", "move", "--steps", "1.5"], "Valore non valido per «--steps»: «1.5» non è un intero valido"),
    ("fr", ["summon", "knight", "--limit", "\x1b[2J"], "«\u00a0\\x1b[2J\u00a0» n'est pas un entier valide"),
    ("en", ["summon", "knight", "--limit", "\x1b[2J"], "'\\x1b[2J' is not a valid integer."),
])
def test_a_value_refused_is_said_in_the_language(cli, lang, args, said):
    """A number, a range or a choice refused, in each language (what was typed made visible: an
    escape sequence is shown, never run); with --json, Click 8.1's English."""
    import json

    r = cli("--lang", lang, *args)
    assert r.code == 2 and said in r.err and "\x1b" not in r.err, r.err
    assert len(r.err.strip().splitlines()) == 1
    r = cli("--json", "--lang", lang, *args)
    assert r.code == 2 and json.loads(r.err)["error"]["kind"] == "BadParameter", r.err


def test_a_value_is_still_read_as_click_reads_it(cli):
    """The tool's types read what Click's read: a number with spaces, another script's digits or an
    underscore (Python's ``int``), a choice in another case; and a value within the range."""
    for limit in (" 3 ", "٣", "3_0"):
        r = cli("rule", "search", "summon", "--limit", limit, "--json")
        assert r.code == 0, (limit, r.err)
    r = cli("position", "show", "--format", "YAML", "--pieces", "e5=blue")
    assert r.code == 0 and "e5" in r.out, r.err


def test_importing_the_library_leaves_rich_as_it_is():
    """Importing the renderers (and every command's module) changes nothing in Rich: its word
    pattern and its text measure are its own, for any other program in the same process."""
    code = ("import rich._wrap, rich.text\n"
            "pattern, measure = rich._wrap.re_word, rich.text.Text.__rich_measure__\n"
            "import tashkalar_cli.render.terminal, tashkalar_cli.games.tashkalar.render.cards, tashkalar_cli.cli.app\n"
            "assert rich._wrap.re_word is pattern, rich._wrap.re_word\n"
            "assert rich.text.Text.__rich_measure__ is measure\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert r.returncode == 0, r.stderr


def test_a_no_break_space_holds_in_the_tools_text_only():
    """The tool's texts are never broken at a no-break space (a French ``Position :`` keeps its
    colon); a Rich console of another program, in the same process, wraps as Rich does."""
    import io

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tashkalar_cli.render.terminal import console, shown

    line = "ab Position\u00a0: x"
    for width in (10, 11, 12):
        for value in (line, Text(line), shown(line)):
            out = io.StringIO()
            console(file=out, width=width).print(value)
            assert all(not row.startswith(":") for row in out.getvalue().splitlines()), (width, out.getvalue())
    other = io.StringIO()
    Console(file=other, width=11).print(Text(line))
    assert other.getvalue().splitlines()[1].startswith(":"), other.getvalue()
    table = Table()
    table.add_column("a")
    table.add_column("b")
    table.add_row("x", shown("un mot\u00a0: et puis"))
    out = io.StringIO()
    console(file=out, width=14).print(table)
    assert "mot\u00a0:" in out.getvalue() and not any(r.strip("│ ").startswith(":") for r in out.getvalue().splitlines())


def test_an_unknown_option_is_said_from_the_exceptions_attributes(tk):
    """An unknown option is said from what Click's exception holds (the name typed, the near names),
    whatever English sentence Click made of them (it changed in Click 8.2): in each language, and
    in Click 8.1's English for --json."""
    import click

    from tashkalar_cli.cli.usage import usage_message

    french = tk.localizer("fr").ui
    one = click.NoSuchOption("--bogus", message="No such option '--bogus'.", possibilities=["--out"])
    assert usage_message(one, french, str) == "Option inconnue\u00a0: --bogus. Vouliez-vous dire --out\u202f?"
    assert usage_message(one, None, str) == "No such option: --bogus Did you mean --out?"   # Click 8.1's, for --json
    two = click.NoSuchOption("--typ", message="No such option '--typ'.", possibilities=["--type", "--tag"])
    assert usage_message(two, None, str) == "No such option: --typ (Possible options: --tag, --type)"
    none = click.NoSuchOption("--x\x1b[2J", message="ignored")
    assert usage_message(none, None, lambda text: text.replace("\x1b", "\\x1b")) == "No such option: --x\\x1b[2J"


def test_a_usage_error_keeps_the_french_no_break_spaces(cli):
    """Click's usage errors in French have the typography of every other French text (review FR3):
    a no-break space before ':' (the one line a usage error is made into keeps it), narrow before '?'.
    English is as Click's words are."""
    unknown = cli("--lang", "fr", "card", "show", "--bogus")
    assert unknown.code == 2
    assert "Option inconnue\u00a0: --bogus" in unknown.err and "inconnue :" not in unknown.err
    near = cli("--lang", "fr", "card", "list", "--rnak", "heroic")
    assert near.code == 2
    assert "Option inconnue\u00a0: --rnak. Vouliez-vous dire --rank\u202f?" in near.err, near.err
    english = cli("--lang", "en", "rule", "list", "--mode")
    assert "Option '--mode' requires an argument." in english.err, english.err


#: a usage error of each kind Click raises: the line, its English message (Click 8.1's words), its French
USAGE_ERRORS = [
    (["card", "show", "--bogus"], "No such option: --bogus", "Option inconnue\u00a0: --bogus"),
    (["rule", "list", "--mode"], "Option '--mode' requires an argument.",
     "L'option «\u00a0--mode\u00a0» exige un argument"),
    (["summon", "knight", "--json=3"], "Option '--json' does not take a value.",
     "L'option «\u00a0--json\u00a0» n'accepte pas de valeur"),
    (["summon", "knight", "--limit", "x"], "Invalid value for '--limit': 'x' is not a valid integer.",
     "Valeur invalide pour «\u00a0--limit\u00a0»\u00a0: «\u00a0x\u00a0» n'est pas un entier valide"),
    (["rule", "search", "x", "--limit", "0"], "Invalid value for '--limit' / '-n': 0 is not in the range 1<=x<=100.",
     "Valeur invalide pour «\u00a0--limit\u00a0» / «\u00a0-n\u00a0»\u00a0: 0 n'est pas dans l'intervalle 1<=x<=100"),
    (["summon", "knight", "--orientation", "r45"], "Missing option '--player'.",
     "Option manquante\u00a0: «\u00a0--player\u00a0»"),
    (["card", "show", "a", "b"], "Got unexpected extra argument (b)",
     "Argument supplémentaire inattendu\u00a0: «\u00a0b\u00a0»"),
    (["card", "show", "a", "b", "c"], "Got unexpected extra arguments (b c)",
     "Arguments supplémentaires inattendus\u00a0: «\u00a0b c\u00a0»"),
]


@pytest.mark.parametrize(("args", "english", "french"), USAGE_ERRORS)
def test_every_kind_of_usage_error_is_said_from_its_attributes(cli, args, english, french):
    """Each kind of usage error (an unknown option, an option without its value or with one it does
    not take, a bad value, a missing option or argument, extra arguments): English as Click 8.1 said
    it (and the same in JSON), French with the typography of every French text (review FR3: no-break
    spaces, values quoted « », no period before "(voir …)")."""
    import json

    r = cli("--lang", "en", *args)
    assert r.code == 2 and f"tashkalar: error: {english} (see 'tashkalar " in r.err, r.err
    if not args[-1].startswith("--"):  # (--json after an option that wants a value would be its value)
        r = cli("--json", "--lang", "fr", *args)
        assert r.code == 2 and json.loads(r.err)["error"]["message"] == english, r.err
    r = cli("--lang", "fr", *args)
    assert r.code == 2 and f"tashkalar\u00a0: erreur\u00a0: {french} (voir «\u00a0tashkalar " in r.err, r.err
    assert ". (voir" not in r.err and "'" not in r.err.replace("L'", "").replace("n'", "").replace("l'", "")


def test_a_usage_error_is_not_read_from_clicks_sentence():
    """The message comes from the exception's attributes and the command's parameters, whatever
    sentence Click wrote into it."""
    import click

    from tashkalar_cli.cli.usage import ExtraArguments, ToolContext, usage_message

    command = click.Command("x", params=[click.Option(["--mode"]), click.Option(["--json"], is_flag=True),
                                         click.Argument(["card"])])
    ctx = ToolContext(command, info_name="x")
    cases = [(click.BadOptionUsage("--mode", "IGNORED", ctx), "Option '--mode' requires an argument."),
             (click.BadOptionUsage("--json", "IGNORED", ctx), "Option '--json' does not take a value."),
             (click.MissingParameter("", ctx, param=command.params[2]), "Missing argument 'CARD'."),
             (click.BadParameter("NOT A CARD", ctx, param=command.params[0]), "Invalid value for '--mode': NOT A CARD"),
             (ExtraArguments(["a", "b"], ctx), "Got unexpected extra arguments (a b)")]
    for exc, said in cases:
        assert usage_message(exc, None, str) == said


def test_metavariables_are_named_alike_in_the_help_and_its_errors(cli, tk):
    """Review SH13: the help's metavariables in the user's language (``cli.metavar.*``), the same
    name in the usage line, the panels and the error that names a missing argument; and the
    messages that name an option's value name it as the help shows it."""
    import re

    r = cli("--lang", "fr", "summon", "--help")
    assert "Utilisation\u00a0: tashkalar summon [OPTIONS] CARTE" in r.out, r.out
    assert re.search(r"\bTEXTE\b", r.out) and not re.search(r"\bTEXT\b", r.out), r.out
    assert "Argument manquant\u00a0: «\u00a0CARTE\u00a0»" in cli("--lang", "fr", "summon").err
    assert "Falta el argumento «ESTALLIDO»" in cli("--lang", "es", "flare", "play").err
    assert "Uso: tashkalar [OPZIONI] COMANDO [ARGOMENTI]..." in cli("--lang", "it", "--help").out
    english = cli("--lang", "en", "summon", "--help").out
    assert "Usage: tashkalar summon [OPTIONS] CARD" in english and re.search(r"\bTEXT\b", english)
    for lang in ("en", "fr", "es", "it"):
        help_page = " ".join(cli("--lang", lang, "summon", "--help").out.split())
        loc = tk.localizer(lang)
        for key, option in (("error.effects-needs-apply", "--at"), ("apply.turn_unchanged", "--record")):
            named = re.search(re.escape(option) + r" (\w+)", loc.ui(key) or "")
            assert named and re.search(re.escape(option) + r"\s+" + named.group(1) + r"\b", help_page), (lang, key)

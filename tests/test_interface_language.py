"""The interface in the user's language: help, errors, typed words, plurals, and positions that
read back as written."""

from __future__ import annotations

import functools
import json
import re

import click
import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import fewer_examples, spread, write

LANGS = ["en", "fr", "es", "it"]


def ui(dataset, lang: str, key: str) -> str:
    """A text as the tool prints it: the language's typography applied (French no-break spaces)."""
    from tashkalar_cli.text.typography import typeset

    return typeset(dataset.locales[lang]["ui"][key], lang)


def command_paths() -> list[str]:
    from tashkalar_cli.cli.app import build_app

    root = typer.main.get_command(build_app())
    ctx = click.Context(root)
    out = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        if path:
            out.append(" ".join(path))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), [*path, name])

    walk(root, [])
    return out


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_every_command_help_speaks_the_language(cli, dataset, lang):
    paths = command_paths()
    assert len(paths) >= 15
    for path in paths:
        r = cli("--lang", lang, *path.split(), "--help")
        assert r.code == 0, (path, r.err)
        key = "help." + path.replace(" ", ".")
        expected = ui(dataset, lang, key) if key in dataset.locales[lang]["ui"] else None
        if expected is None:
            continue  # a command whose help is only in the code (reported by test_every_command_has_help_texts)
        words = expected.split()[:4]
        assert _flat(" ".join(words)) in _flat(r.out), (lang, path, r.out[:300])
        assert ui(dataset, lang, "cli.usage").rstrip(":").strip() in r.out, (lang, path)


def test_every_option_and_argument_has_its_help_in_the_locales(dataset):
    """An option's or argument's help in the code is only English's fallback: each has its text in the
    locales (``help.<command path>.<name>``, or ``help.option.<name>`` for an option every command shares),
    so that no help line stays English in another language (i18n check holds the other languages to it)."""
    from tashkalar_cli.cli.app import build_app

    messages = dataset.locales["en"]["ui"]
    root = typer.main.get_command(build_app())
    ctx = click.Context(root)
    missing = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        for param in cmd.params:
            name = param.name or ""
            if not getattr(param, "help", None) or not path:
                continue
            keys = [f"help.{'.'.join(path)}.{name}"] + ([f"help.option.{name}"] if isinstance(param, click.Option) else [])
            if not any(k in messages for k in keys):
                missing.append(keys[0])
        if isinstance(cmd, click.Group):
            for sub in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, sub), [*path, sub])

    walk(root, [])
    assert not missing, f"help texts only in the code: {missing}"


def test_every_command_has_help_texts(dataset):
    messages = dataset.locales["en"]["ui"]
    missing = [p for p in command_paths() if "help." + p.replace(" ", ".") not in messages]
    assert not missing, f"commands whose help is not in locales/en/ui.yaml: {missing}"


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
@pytest.mark.parametrize("args,key", [
    (["card", "show", "no-such-card"], "error.word.card"),
    (["summon", "knight", "--pieces", "z9=blue", "--player", "blue"], "error.not-a-square"),
    (["position", "check", "--pieces", "e5=pink"], "error.word.color"),
    (["flare", "check", "--pieces", "e5=blue,e4=red", "--player", "blue"], "error.flare-or-all"),
])
def test_errors_speak_the_language(cli, dataset, lang, args, key):
    r = cli(*args, "--lang", lang)
    assert r.code == 2
    template = ui(dataset, lang, key)
    fixed = [part for part in template.replace("{", "}").split("}")[::2] if len(part.strip()) > 3]
    assert fixed and all(_flat(part) in _flat(r.err) for part in fixed), (lang, r.err)
    assert len(r.err.strip().splitlines()) <= 2


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_usage_errors_speak_the_language(cli, dataset, lang):
    r = cli("card", "show", "--lang", lang)
    assert r.code == 2
    assert ui(dataset, lang, "cli.missing_argument") in r.err, r.err
    r = cli("--lang", lang, "no-such-command")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert ui(dataset, lang, "error.unknown-command").split("{")[0].strip() in r.err, r.err


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
@pytest.mark.parametrize(("args", "help_of"), [
    (["summon", "knight", "--pieces", "e5=blue"], "tashkalar summon --help"),              # a missing option
    (["summon", "knight", "--pieces", "e5=blue", "--player"], "tashkalar summon --help"),  # an option without its value
    (["card", "show", "knight", "extra"], "tashkalar card show --help"),                   # an extra argument
    (["card", "list", "--typ", "being"], "tashkalar card list --help"),                    # an unknown option
    (["plan", "--pieces", "e5=blue", "--player", "blue", "--actions", "x"], "tashkalar plan --help"),
])
def test_a_usage_error_is_one_line_in_the_language(cli, dataset, lang, args, help_of):
    """Like any other bad input: one line with the language's error prefix (no box, no English
    'Usage:' block), which names the help that shows the usage, and exit 2."""
    r = cli("--lang", lang, *args)
    assert r.code == 2 and r.out == ""
    assert len(r.err.splitlines()) == 1, r.err
    assert r.err.startswith(ui(dataset, lang, "cli.error_line").split("{")[0]), r.err
    assert help_of in r.err and "╭" not in r.err
    if lang != "en":
        assert "Usage" not in r.err and "Missing" not in r.err and "Try " not in r.err


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
@pytest.mark.parametrize(("typed", "meant"), [("sumon", "summon"), ("rul", "rule"), ("plna", "plan"),
                                              ("keywrod", "keyword")])
def test_a_mistyped_command_gets_a_suggestion(cli, dataset, lang, typed, meant):
    r = cli("--lang", lang, typed, "x")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 2, r.err
    hint = ui(dataset, lang, "cli.did_you_mean_hints").split("{")[0].strip()
    assert hint in r.err.splitlines()[1] and meant in r.err.splitlines()[1].split(hint, 1)[1]
    r = cli("--json", typed, "x")
    assert r.code == 2 and meant in json.loads(r.err)["error"]["hints"]


def test_the_language_comes_from_the_environment_in_posix_order(cli, dataset, monkeypatch):
    """Each step sets a variable that outranks the ones before it and names another language, so
    any two variables read in the wrong order give a wrong answer."""

    def chosen(*args: str) -> str:
        r = cli(*args, "card", "show", "knight", "--json")
        assert r.code == 0, r.err
        return r.json["lang"]

    assert chosen() == "en"
    monkeypatch.setenv("LANGUAGE", "it:en")
    assert chosen() == "it"
    monkeypatch.setenv("LANGUAGE", "de:fr:it")   # a list: the first language the tool has
    assert chosen() == "fr"
    monkeypatch.setenv("LANG", "es_ES.UTF-8")    # LANG before LANGUAGE
    assert chosen() == "es"
    monkeypatch.setenv("LC_MESSAGES", "fr_FR.UTF-8")  # LC_MESSAGES before LANG
    assert chosen() == "fr"
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")  # LC_ALL before everything
    assert chosen() == "it"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")      # names no language: the next variable decides
    assert chosen() == "fr"
    monkeypatch.setenv("TASHKALAR_LANG", "es")   # the tool's own variable before the locale
    assert chosen() == "es"
    assert chosen("--lang", "it") == "it", "--lang before the command"
    # the words follow the choice, not only the JSON field: an error in Spanish, not in French
    err = cli("card", "show", "no-such-card").err
    assert ui(dataset, "es", "error.word.card").split("{value}")[0].split("}")[-1] in err
    assert ui(dataset, "fr", "error.word.card").split("{value}")[0].split("}")[-1] not in err


@pytest.mark.parametrize(("given", "chosen"), [("fr", "fr"), ("FR", "fr"), ("fr-CA", "fr"), ("fr_CA", "fr"), ("es-419", "es"),
                                             (" it ", "it")])
def test_a_language_option_is_a_code_or_a_regional_variant_of_one(given, chosen):
    from tashkalar_cli.text.i18n import resolve_language

    assert resolve_language(given, LANGS) == chosen
    assert resolve_language(None, LANGS) == "en"


@pytest.mark.parametrize("given", ["pt", "pt-BR", "ca-FR", "x"])
def test_a_language_the_tool_does_not_have_is_an_error(given):
    from tashkalar_cli.errors import NotFoundError
    from tashkalar_cli.text.i18n import resolve_language

    with pytest.raises(NotFoundError) as info:
        resolve_language(given, LANGS)
    assert info.value.key == "unknown-language"


# ------------------------------------------------------------------ words typed in any language

@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_colors_and_ranks_in_every_language(cli, dataset, lang):
    for color in ("blue", "red", "yellow", "green", "white", "orange", "purple"):
        for rank in ("common", "heroic", "legendary"):
            word_c, word_r = ui(dataset, lang, f"color.{color}"), ui(dataset, lang, f"rank.{rank}")
            r = cli("position", "check", "--pieces", f"e5={word_c}:{word_r}", "--json")
            assert r.code == 0, (lang, word_c, word_r, r.err)
            assert r.json["pieces"]["e5"] == {"color": color, "rank": rank}


@pytest.mark.parametrize("letter,rank", [("c", "common"), ("h", "heroic"), ("l", "legendary")])
def test_rank_letters_as_in_diagrams(cli, letter, rank):
    r = cli("position", "check", "--pieces", f"e5=blue:{letter}", "--json")
    assert r.code == 0 and r.json["pieces"]["e5"]["rank"] == rank


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_modes_decks_and_types_in_every_language(cli, dataset, lang):
    for mode in ("high-form", "duel", "melee"):
        word = ui(dataset, lang, f"mode.{mode}")
        r = cli("position", "check", "--pieces", "e5=blue", "--mode", word, "--json")
        assert r.code == 0 and r.json["mode"] == mode, (lang, word, r.err)
    for deck in ("imperial", "sylvan", "legends"):
        word = ui(dataset, lang, f"deck.{deck}")
        r = cli("card", "list", "--deck", word, "--json")
        assert r.code == 0 and {c["deck"] for c in r.json["cards"]} == {deck}, (lang, word, r.err)
    for kind in ("being", "flare", "task"):
        word = ui(dataset, lang, f"type.{kind}")
        r = cli("card", "list", "--type", word, "--json")
        assert r.code == 0 and {c["type"] for c in r.json["cards"]} == {kind}, (lang, word, r.err)


def test_an_unknown_word_is_still_refused(cli):
    assert cli("position", "check", "--pieces", "e5=bluish").code == 2
    assert cli("position", "check", "--pieces", "e5=blue", "--mode", "chess").code == 2
    assert cli("card", "list", "--rank", "epic").code == 2


def test_position_from_standard_input(cli, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"pieces:\n  e4: bleu\n  e6: azul\n")))
    r = cli("summon", "swordmaster", "--position", "-", "--player", "blue", "--json")
    assert r.code == 0 and r.json["legal"], r.err


# ------------------------------------------------------------------ plurals

#: CLDR plural categories (cldr.unicode.org, plural rules) for the counts the tests use
CLDR = {"en": {0: "other", 1: "one", 2: "other", 5: "other", 1_000_000: "other"},
        "fr": {0: "one", 1: "one", 2: "other", 5: "other", 1_000_000: "many"},
        "es": {0: "other", 1: "one", 2: "other", 5: "other", 1_000_000: "many"},
        "it": {0: "other", 1: "one", 2: "other", 5: "other", 1_000_000: "many"}}


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_plural_categories_follow_cldr(tk, lang):
    loc = tk.localizer(lang)
    for n, category in CLDR[lang].items():
        assert loc.plural_category(n) == category, (lang, n)


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_plural_messages_agree_with_the_number(tk, dataset, lang, n):
    loc = tk.localizer(lang)
    text = loc.msg_n("list.title", n, count=n)
    category = CLDR[lang][n]
    expected = dataset.locales[lang]["ui"].get(f"list.title.{category}") or dataset.locales[lang]["ui"]["list.title.other"]
    assert text == expected.replace("{count}", str(n))
    one, other = (dataset.locales[lang]["ui"][f"list.title.{c}"] for c in ("one", "other"))
    assert one != other, "the singular and the plural differ"


def test_plural_rules_agree_with_babel_where_it_is_installed(tk):
    babel = pytest.importorskip("babel")
    from babel.core import Locale

    assert babel
    for lang in LANGS:
        loc = tk.localizer(lang)
        rule = Locale.parse(lang).plural_form
        for n in [*range(0, 120), 1_000, 10_000, 1_000_000, 2_000_000, 1_000_001]:
            assert loc.plural_category(n) == rule(n), (lang, n)


def test_french_typography_puts_a_space_before_a_colon(cli):
    r = cli("flare", "check", "flare-3-5", "--pieces", "e5=red:h,e4=red:h,e6=red:h,a5=blue", "--player", "blue",
            "--lang", "fr")
    assert r.code == 0
    assert "\u00a0: " in r.out and not any(c + ":" in r.out for c in "abcdefghijklmnopqrstuvwxyzéè")
    assert " :" not in r.out and " ;" not in r.out, "an ordinary space before : or ; can break the line there"


# ------------------------------------------------------------------ positions that read back

squares = st.sampled_from(["c1", "d1", "e1", "a3", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i5", "e9", "c9", "g9",
                           "b5", "h2", "d7", "f3", "e4", "e6"])
pieces = st.dictionaries(squares, st.tuples(st.sampled_from(["blue", "red"]), st.sampled_from(["common", "heroic",
                                                                                           "legendary"])), max_size=12)


@fewer_examples(5)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(placed=pieces, diagram=st.booleans(), mode=st.sampled_from(["high-form", "duel"]))
def test_a_sample_of_positions_shown_reads_back_unchanged(cli, tmp_path, placed, diagram, mode, examples):
    """The default run's sample of the sweep below (60 positions, three commands each, take CPU-seconds: in the
    thorough run)."""
    _reads_back_unchanged(cli, tmp_path, placed, diagram, mode)


@pytest.mark.thorough
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(placed=pieces, diagram=st.booleans(), mode=st.sampled_from(["high-form", "duel"]))
def test_position_show_reads_back_unchanged(cli, tmp_path, placed, diagram, mode):
    _reads_back_unchanged(cli, tmp_path, placed, diagram, mode)


def _reads_back_unchanged(cli, tmp_path, placed, diagram, mode) -> None:
    legendary = {c: sum(r == "legendary" for cc, r in placed.values() if cc == c) for c in ("blue", "red")}
    if max(legendary.values()) > 3:
        return
    text = "mode: " + mode + "\npieces:\n" + "".join(f"  {sq}: {c} {r}\n" for sq, (c, r) in placed.items())
    if not placed:
        text = "mode: " + mode + "\n"
    src = write(tmp_path / "in.yaml", text)
    first = cli("position", "show", str(src), "--format", "diagram" if diagram else "yaml")
    assert first.code == 0, first.err
    again = write(tmp_path / "again.yaml", first.out)
    a, b = cli("position", "check", str(src), "--json"), cli("position", "check", str(again), "--json")
    assert a.code == b.code == 0, b.err
    assert a.json == b.json


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_command_suggestions_speak_the_language(cli, dataset, lang):
    r = cli("--lang", lang, "card", "lst")
    assert r.code == 2
    from tashkalar_cli.text.typography import typeset

    expected = typeset(ui(dataset, lang, "cli.did_you_mean_hints"), lang).replace("{hints}", "list")
    assert r.err.splitlines()[1] == expected, r.err


# ------------------------------------------------------------------ sentences built from localized parts

@functools.cache
def _raise_sites() -> tuple[tuple[str, int, str, dict[str, str], dict[str, str]], ...]:
    """Every error raised with a key in the package: (file, line, key, {param: source}, {param: Term kind}); read
    once per test process (it parses every module of the package, a CPU-second and more), not to be changed."""
    import ast
    import re

    from conftest import REPO

    out = []
    for path in sorted((REPO / "tashkalar_cli").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not re.search(r"\bkey\s*=", text):   # no keyword argument ``key`` in the module: no site to find (half of them)
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            kws = {k.arg: k.value for k in node.keywords if k.arg}
            key = kws.get("key")
            if not isinstance(key, (ast.Constant, ast.JoinedStr)):
                continue
            keys = [key.value] if isinstance(key, ast.Constant) else [f"not-a-{t}" for t in ("being", "flare", "legend", "task")]
            kinds = {name: v.args[0].value for name, v in kws.items()
                     if isinstance(v, ast.Call) and getattr(v.func, "id", "") == "Term" and isinstance(v.args[0], ast.Constant)}
            params = {name: ast.unparse(v) for name, v in kws.items() if name not in ("key", "file", "line", "hints", "shown", "local")}
            for k in keys:
                out.append((str(path.relative_to(REPO)), node.lineno, k, params, kinds))
    return tuple(out)


#: the values of a message that name a game word: a color, a card type, a mode, a rank, a reason,
#: a card, a deck, a kind of piece, a piece
GAME_WORDS = {"color", "colors", "player", "turn", "type", "mode", "rank", "reasons", "card", "kind", "piece",
              "decks"}
#: (key, value) raised with something other than a game word's id: what the user typed, quoted back,
#: a row number of a diagram (its "rank"), a YAML type, and the id of a card in a broken data file
#: (for the author of that file, whose cards may not even load)
TYPED = {("plan-unknown-deck", "deck"), ("position-unknown-deck", "deck"), ("yaml-key-not-text", "type"),
         ("letal-area-kind", "kind"), ("diagram-tokens", "rank"), ("diagram-label", "rank"),
         ("pattern-too-large", "card")}


@pytest.mark.xdist_group("raise-sites")   # the tests that read the raise sites share one reading
def test_every_game_word_in_an_error_is_a_term():
    """An error that names a color, a type, a mode... gives it as a Term (its id and kind), never as a
    ready-made English word: the message in another language names it in that language."""
    sites = _raise_sites()
    assert len(sites) > 100
    raw = [(f, line, key, name, src) for f, line, key, params, kinds in sites for name, src in params.items()
           if name in GAME_WORDS and name not in kinds and (key, name) not in TYPED]
    assert not raw, "game words given as raw text:\n" + "\n".join(map(str, raw))


#: one id of each kind, none of which is a word of the French, Spanish or Italian texts
SAMPLE = {"color": ["blue", "green"], "type": ["flare"], "mode": ["melee"], "rank": ["legendary"],
          "reason": ["no-match"], "card": ["fire-dragon", "swordmaster"], "deck": ["highland"],
          "kinds": ["double-sided"], "piece": ["blue heroic"], "number": ["3", "4"], "langcode": ["fr"], "initial": ["blue", "green"]}


@pytest.mark.xdist_group("raise-sites")
@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_every_error_says_its_game_words_in_the_language(tk, lang):
    """Each error key, filled as its raise sites fill it (game words as Terms of sample ids, other
    values as plain samples), reads in the language with no id left in the sentence."""
    import re

    from tashkalar_cli.errors import TashkalarError, Term, name_by_texts

    loc = tk.localizer(lang)
    by_texts = name_by_texts(loc.ui)

    def name(kind: str, ident: str) -> str | None:
        if kind == "card":
            return str(tk.cards.name(tk.cards.by_id[ident], loc))
        return by_texts(kind, ident)

    checked = 0
    for _, _, key, params, kinds in _raise_sites():
        if loc.ui(f"error.{key}") is None:
            continue
        values = {p: Term(kinds[p], SAMPLE[kinds[p]]) if p in kinds else "x" for p in params}
        text = TashkalarError(key=key, **values).localized(loc.ui, name)
        ids = {i for p in kinds for i in SAMPLE[kinds[p]] if kinds[p] not in ("number", "langcode")}
        left = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
        assert not left, (lang, key, left, text)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize(("lang", "words"), [("fr", ["Ruse", "bleu", "Titan"]), ("es", ["estallido", "azul", "Titán"]),
                                             ("it", ["impeto", "blu", "Titano"])])
def test_errors_of_real_commands_name_game_words_in_the_language(cli, tmp_path, lang, words):
    """The review's sentences, run for real: a type, a player, a card, a reason, colors listed once."""
    pos = write(tmp_path / "pos.yaml", "mode: duel\npieces:\n  c3: blue common\n  d4: blue common\n"
                "  e5: blue heroic\n  d6: red heroic\n")
    errors = [cli("summon", "flare-3-6", "--position", str(pos), "--player", "blue", "--lang", lang).err,
              cli("summon", "titan", "--position", str(pos), "--player", "blue", "--apply", "--at", "e5",
                  "--lang", lang).err,
              cli("flare", "check", "flare-3-6", "--position", str(pos), "--player", "blue", "--against", "green",
                  "--lang", lang).err]
    text = " ".join(errors)
    for word in words:
        assert word in text, (word, text)
    for ident in ("flare", "blue", "red", "green", "titan", "no-match", "duel"):
        assert not re.search(rf"(?<![\w-]){ident}(?![\w-])", text.replace("flare-3-6", "")), (ident, text)


def test_the_json_error_keeps_the_ids(cli, tmp_path):
    pos = write(tmp_path / "pos.yaml", "pieces:\n  c3: blue common\n")
    r = cli("summon", "titan", "--position", str(pos), "--player", "blue", "--apply", "--at", "e5", "--json",
            "--lang", "fr")
    assert r.code == 2
    import json

    message = json.loads(r.err)["error"]["message"]
    assert "titan" in message and "blue" in message and "no-match" in message


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_click_speaks_the_language_everywhere(cli, dataset, lang):
    """Click's messages built with ngettext, its number types, and its choices, in the language."""
    runs = [cli("--lang", lang, "card", "show", "knight", "extra"),            # extra argument
            cli("--lang", lang, "summon", "knight", "--pieces", "e5=blue", "--player"),   # option needs a value
            cli("--lang", lang, "summon", "knight", "--pieces", "e5=blue", "--player", "blue", "--bogus"),
            cli("--lang", lang, "plan", "--pieces", "e5=blue", "--player", "blue", "--actions", "x"),
            cli("--lang", lang, "card", "list", "--rank", "epic")]
    text = _flat(" ".join(r.err for r in runs))
    assert all(r.code == 2 for r in runs)
    for english in ("Got unexpected", "requires an argument", "Did you mean", "Possible options", "integer",
                    "is not one of", "is not a valid", "No such option"):
        assert english not in text, (english, text)
    for key in ("cli.extra_argument", "cli.integer"):
        assert _flat(ui(dataset, lang, key).split("{")[0]) in text, (key, text)


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
@pytest.mark.parametrize("group", ["card", "rule", "task", "i18n"])
def test_a_group_opened_with_lang_before_it_shows_its_help_in_the_language(cli, dataset, lang, group):
    r = cli("--lang", lang, group)
    out = _flat(r.out + r.err)
    assert _flat(ui(dataset, lang, f"help.{group}")).split(" ")[0] in out, out[:300]
    assert ui(dataset, lang, "cli.commands") in out
    assert "Look up" not in out and "Commands" not in out.replace(ui(dataset, lang, "cli.commands"), "")


def test_an_unknown_language_is_said_in_the_locales_language(cli, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    r = cli("--lang", "xx", "card", "show", "knight")
    assert r.code == 2
    assert "langue inconnue" in r.err and "français" in r.err


def test_the_fallback_note_names_languages(tk):
    from tashkalar_cli.games.tashkalar.render.cards import _fallback_note
    from tashkalar_cli.text.i18n import Text

    note = _fallback_note(tk.localizer("es"), [Text("x", "en")])
    assert note is not None and "español" in note.plain and "inglés" in note.plain and " en en" not in note.plain


@pytest.mark.parametrize(("lang", "counts", "expected"), [
    ("fr", (0, 1), "0 invocation, 1 placement"), ("fr", (2, 0), "2 invocations, 0 placement"),
    ("en", (1, 0), "1 summon, 0 places"), ("es", (1, 2), "1 invocación, 2 colocaciones"),
    ("it", (0, 1), "0 evocazioni, 1 piazzamento")])
def test_every_count_of_the_planner_takes_its_plural(tk, lang, counts, expected):
    loc = tk.localizer(lang)
    text = loc.msg("plan.square_use", square="d4", summons=loc.msg("plan.summons", count=counts[0]),
                   places=loc.msg("plan.places", count=counts[1]))
    assert text == f"d4 ({expected})"
    assert loc.msg("plan.none", actions=loc.msg("plan.actions", count=1)).count("1 ") == 1
    assert "1 actions" not in loc.msg("plan.none", actions=loc.msg("plan.actions", count=1))


def test_french_typography_is_applied_in_one_place():
    from tashkalar_cli.text.typography import NBSP, NNBSP, french, typeset

    assert french("Position : valide ; « Canon » ? oui !") == (
        f"Position{NBSP}: valide{NNBSP}; «{NBSP}Canon{NBSP}»{NNBSP}? oui{NNBSP}!")
    for literal in ("mode: high-form", "e5=bleu:h", "{name!r}", "'e5=blue:heroic'", "http://x"):
        assert french(literal) == literal
    assert french(french("a : b")) == french("a : b")
    assert typeset("a : b", "es") == "a : b" and typeset("a : b", "fr") == f"a{NBSP}: b"


@pytest.mark.parametrize("columns", ["80", "40"])
def test_no_french_line_starts_with_its_punctuation(cli, monkeypatch, columns, tmp_path):
    """At 80 and 40 columns, no line of French output begins with : ; ? ! or », in help texts
    (Typer's Rich panels), tables and boxes. (A table of four columns at 40 columns cuts its words
    anywhere, French or not: the task table is checked at 80 only.)"""
    monkeypatch.setenv("COLUMNS", columns)
    pos = write(tmp_path / "pos.yaml", "mode: high-form\npieces:\n  e5: red heroic\n  e4: red common\n")
    commands = [("summon", "--help"), ("summonable", "--help"), ("position", "show", "--help"), ("errata",),
                ("rule", "show", "4.10")]
    if columns == "80":
        commands.append(("task", "check", "--all", "--position", str(pos), "--player", "blue"))
    outputs = [cli("--lang", "fr", *args).out for args in commands]
    for text in outputs:
        for line in text.splitlines():
            inner = line.strip(" │╭╮╰╯─┃").strip()
            assert inner[:1] not in (":", ";", "?", "!", "»"), (columns, line)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_i18n_check_speaks_the_language(cli, dataset, tmp_path, monkeypatch, lang):
    """A translator's report in their language: the findings, the headers, the coverage, the count."""
    import shutil

    from conftest import REPO

    folder = tmp_path / "locales"
    for code in ("en", "fr"):
        shutil.copytree(REPO / "locales" / code, folder / code)
    rules = folder / "fr" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("{players_duel}", "{players_dule}", 1), encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "200")
    r = cli("--lang", lang, "i18n", "check", "--locales", str(folder), "--target", "fr")
    assert r.code == 1, r.err
    out = _flat(r.out)
    for english in ("Coverage against", "error(s)", "placeholder(s) missing", "severity", "translated"):
        assert english not in out, (english, out[-400:])
    ui_texts = dataset.locales[lang]["ui"]
    # one typo, one finding: the placeholder meant is named
    assert _flat(ui_texts["i18n.errors.one"].replace("{count}", "1")) in out
    typo = ui_texts["i18n.finding.placeholder-typo"]
    assert _flat(typo.replace("{found}", "{players_dule}").replace("{wanted}", "{players_duel}")) in out, out[-600:]
    missing = cli("--lang", lang, "i18n", "check", "--locales", str(tmp_path / "nowhere"))
    assert missing.code == 2 and "no such locales folder" not in missing.err


def test_validate_speaks_the_language(cli, dataset, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    r = cli("--lang", "it", "validate")
    assert r.code == 0, r.err
    assert "valid:" not in r.out and "beings" not in r.out and "languages" not in r.out
    assert dataset.locales["it"]["ui"]["validate.beings"] in r.out and "inglese" in r.out
    root = str(dataset.root)   # the folder validate checks (the packaged data; its JSON says it as "root")
    assert root in [line.strip() for line in r.out.splitlines()], "the data folder whole, on a line of its own"


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_the_completion_install_speaks_the_language(cli, dataset, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SHELL", "/bin/bash")
    # the shell is the test's, not whatever process happens to run the suite (shellingham reads it)
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "bash")
    r = cli("--lang", lang, "--install-completion")
    assert r.code == 0, r.err
    assert "completion installed" not in r.out and "take effect" not in r.out
    assert dataset.locales[lang]["ui"]["completion.restart"] in r.out


@pytest.mark.parametrize(("lang", "expects", "kind"), [("fr", "une pièce", "un dictionnaire"), ("es", "una ficha", "un diccionario"),
                                                       ("it", "una pedina", "un dizionario")])
def test_a_file_error_says_the_expected_form_in_the_language(cli, tmp_path, lang, expects, kind):
    bad_piece = write(tmp_path / "p.yaml", "pieces:\n  e5: {color: blue, bogus: 2}\n")
    bad_type = write(tmp_path / "t.yaml", "pieces: [1, 2]\n")
    r1, r2 = cli("--lang", lang, "position", "check", str(bad_piece)), cli("--lang", lang, "position", "check", str(bad_type))
    assert r1.code == r2.code == 2
    assert expects in r1.err and "a piece:" not in r1.err, r1.err
    assert kind in r2.err and "object" not in r2.err, r2.err
    j = cli("position", "check", str(bad_type), "--json")
    import json

    assert "object | null" in json.loads(j.err)["error"]["message"], "JSON keeps the schema's words"


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_a_count_of_outcomes_agrees_with_its_noun(tk, dataset, lang):
    """The texts that count outcomes and players have a singular and a plural (`effect on e4: 1 possible
    outcome`, not `outcomes`); ``msg`` picks the one of the number it is given."""
    loc = tk.localizer(lang)
    ui = dataset.locales[lang]["ui"]
    for key in ("plan.card_effect", "plan.card_effect_partial", "effect.more", "letal.problem.players-count"):
        assert key not in ui and {f"{key}.one", f"{key}.other"} <= set(ui), (lang, key)
        one = loc.msg(key, count=1, square="e4", allowed="2")
        many = loc.msg(key, count=5, square="e4", allowed="2")
        assert one != many and "1" in one and "5" in many, (lang, key, one, many)

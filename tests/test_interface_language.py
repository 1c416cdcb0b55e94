"""The interface in the user's language: help, errors, typed words, plurals, and positions that
read back as written."""

from __future__ import annotations

import json

import click
import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import write

LANGS = ["en", "fr", "es", "it"]


def ui(dataset, lang: str, key: str) -> str:
    return dataset.locales[lang]["ui"][key]


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


@pytest.mark.parametrize("lang", LANGS)
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


def test_every_command_has_help_texts(dataset):
    messages = dataset.locales["en"]["ui"]
    missing = [p for p in command_paths() if "help." + p.replace(" ", ".") not in messages]
    assert not missing, f"commands whose help is not in locales/en/ui.yaml: {missing}"


@pytest.mark.parametrize("lang", LANGS)
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


@pytest.mark.parametrize("lang", LANGS)
def test_usage_errors_speak_the_language(cli, dataset, lang):
    r = cli("card", "show", "--lang", lang)
    assert r.code == 2
    assert ui(dataset, lang, "cli.missing_argument") in r.err, r.err
    r = cli("--lang", lang, "no-such-command")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert ui(dataset, lang, "error.unknown-command").split("{")[0].strip() in r.err, r.err


@pytest.mark.parametrize("lang", LANGS)
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


@pytest.mark.parametrize("lang", LANGS)
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

@pytest.mark.parametrize("lang", LANGS)
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


@pytest.mark.parametrize("lang", LANGS)
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


@pytest.mark.parametrize("lang", LANGS)
def test_plural_categories_follow_cldr(tk, lang):
    loc = tk.localizer(lang)
    for n, category in CLDR[lang].items():
        assert loc.plural_category(n) == category, (lang, n)


@pytest.mark.parametrize("lang", LANGS)
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
    assert " : " in r.out and not any(c + ":" in r.out for c in "abcdefghijklmnopqrstuvwxyzéè")


# ------------------------------------------------------------------ positions that read back

squares = st.sampled_from(["c1", "d1", "e1", "a3", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i5", "e9", "c9", "g9",
                           "b5", "h2", "d7", "f3", "e4", "e6"])
pieces = st.dictionaries(squares, st.tuples(st.sampled_from(["blue", "red"]), st.sampled_from(["common", "heroic",
                                                                                           "legendary"])), max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(placed=pieces, diagram=st.booleans(), mode=st.sampled_from(["high-form", "duel"]))
def test_position_show_reads_back_unchanged(cli, tmp_path, placed, diagram, mode):
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


@pytest.mark.parametrize("lang", LANGS)
def test_command_suggestions_speak_the_language(cli, dataset, lang):
    r = cli("--lang", lang, "card", "lst")
    assert r.code == 2
    expected = ui(dataset, lang, "cli.did_you_mean_hints").replace("{hints}", "list")
    assert r.err.splitlines()[1] == expected, r.err

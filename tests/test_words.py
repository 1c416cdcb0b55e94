"""One reader for every word a user types (issue 20, point 1).

Every row of ``word_inputs.yaml`` (a word as a player types it, in one of four languages) is fed to
every command option and every file field of its kind. A word that names an id gives exactly the
output the id gives (so no command reads it differently); a word that names nothing, or several
things, is one line in the user's language, exit 2, with the same error key and suggestions
everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import tiered

TABLE = yaml.safe_load((Path(__file__).parent / "word_inputs.yaml").read_text(encoding="utf-8"))

PIECES = "c3=blue,d4=blue,e4=blue,e5=blue:heroic,d6=red:heroic,f6=red"
POSITION = "mode: duel\npieces:\n  c3: blue\n  d4: blue\n  e4: blue\n  e5: blue heroic\n  d6: red heroic\n  f6: red\n"

#: how a command or a file reads one kind of word: (name, args of WORD, the ids it takes (None: all))
Surface = tuple[str, Callable[[Path, str], list[str]], "set[str] | None"]


def _file(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _q(word: str) -> str:
    return json.dumps(word, ensure_ascii=False)   # a YAML scalar that is the word, whatever it holds


def _position(tmp: Path) -> str:
    return _file(tmp, "pos.yaml", POSITION)


DEATHMATCH = {"duel", "melee"}
SURFACES: dict[str, list[Surface]] = {
    "deck": [
        ("card list --deck", lambda t, w: ["card", "list", "--deck", w], None),
        ("summonable --deck", lambda t, w: ["summonable", "-p", _position(t), "--player", "blue", "--deck", w], None),
        ("plan --deck", lambda t, w: ["plan", "-p", _position(t), "--player", "blue", "--deck", w, "--actions", "1"],
         None),
        ("plan --threats --deck COLOR=DECK", lambda t, w: ["plan", "-p", _position(t), "--player", "blue", "--threats",
                                                           "--deck", f"rouge={w}", "--actions", "1"], None),
        ("plan --threats --deck DECK", lambda t, w: ["plan", "-p", _position(t), "--player", "blue", "--threats",
                                                     "--deck", w, "--actions", "1"], None),
        ("position file decks:", lambda t, w: ["position", "show", _file(t, "d.yaml", f"pieces: {{e5: blue}}\n"
                                                                                      f"decks: {{red: {_q(w)}}}\n")],
         None),
    ],
    "mode": [
        ("position --mode", lambda t, w: ["position", "show", "--pieces", "e5=blue", "--mode", w], None),
        ("summonable --mode", lambda t, w: ["summonable", "--pieces", PIECES, "--player", "blue", "--mode", w], None),
        ("position file mode:", lambda t, w: ["position", "show", _file(t, "m.yaml", f"mode: {_q(w)}\n"
                                                                                     "pieces: {e5: blue}\n")], None),
        ("turn record mode:", lambda t, w: ["score", "--turn", _file(t, "t.yaml", f"player: blue\nmode: {_q(w)}\n"
                                                                                  "opponents: [red]\n")], DEATHMATCH),
        ("score --mode", lambda t, w: ["score", "--turn", _file(t, "t.yaml", "player: blue\nopponents: [red]\n"),
                                       "--mode", w], DEATHMATCH),
    ],
    "form": [
        ("rule list --mode", lambda t, w: ["rule", "list", "--mode", w], None),
        ("rule search --mode", lambda t, w: ["rule", "search", "flare", "point", "--mode", w], None),
        ("ask --mode", lambda t, w: ["ask", "when", "does", "the", "game", "end", "--mode", w], None),
    ],
    "color": [
        ("--player", lambda t, w: ["summonable", "--pieces", PIECES, "--player", w], None),
        ("--pieces", lambda t, w: ["position", "show", "--pieces", f"e5={w}:heroic"], None),
        ("flare check --against", lambda t, w: ["flare", "check", "3/5", "--pieces", "e5=blue,e4=red,d4=yellow",
                                                "--mode", "melee", "--player", "yellow", "--against", w], None),
        ("position file pieces:", lambda t, w: ["position", "show", _file(t, "c.yaml", f"pieces: {{e5: {_q(w + ' heroic')}}}\n")],
         None),
        ("position file decks:", lambda t, w: ["position", "show", _file(t, "c.yaml", f"pieces: {{e5: blue}}\n"
                                                                                      f"decks: {{{_q(w)}: sylvan}}\n")],
         None),
        ("turn record player:", lambda t, w: ["score", "--turn", _file(t, "t.yaml", f"player: {_q(w)}\n"
                                                                                    "opponents: [yellow]\n")], None),
    ],
    "rank": [
        ("card list --rank", lambda t, w: ["card", "list", "--rank", w], None),
        ("--pieces", lambda t, w: ["position", "show", "--pieces", f"e5=blue:{w}"], None),
        ("position file pieces:", lambda t, w: ["position", "show", _file(t, "r.yaml", f"pieces: {{e5: {_q('blue ' + w)}}}\n")],
         None),
        ("turn record destroyed:", lambda t, w: ["score", "--turn", _file(t, "t.yaml", "player: blue\n"
                                                                                       f"destroyed: [{_q('red ' + w)}]\n")],
         None),
    ],
    "type": [
        ("card list --type", lambda t, w: ["card", "list", "--type", w], None),
    ],
    "keyword": [
        ("card list --keyword", lambda t, w: ["card", "list", "--keyword", w], None),
        ("keyword show", lambda t, w: ["keyword", "show", w], None),
    ],
    "being": [
        ("card show", lambda t, w: ["card", "show", w], None),
        ("summon", lambda t, w: ["summon", w, "--pieces", PIECES, "--player", "blue"], None),
        ("plan --hand", lambda t, w: ["plan", "--pieces", PIECES, "--player", "blue", "--hand", w, "--actions", "1"],
         None),
        ("turn record summoned:", lambda t, w: ["score", "--turn", _file(t, "t.yaml", "player: blue\nopponents: [red]\n"
                                                                                      f"summoned: [{{card: {_q(w)}}}]\n")],
         None),
    ],
    "flare": [
        ("card show", lambda t, w: ["card", "show", w], None),
        ("flare check", lambda t, w: ["flare", "check", w, "--pieces", PIECES, "--player", "red"], None),
        ("turn record flares:", lambda t, w: ["score", "--turn", _file(t, "t.yaml", "player: blue\n"
                                                                                    f"flares: [{{flare: {_q(w)}, against: red}}]\n")],
         None),
    ],
    "lang": [
        ("errata --book", lambda t, w: ["errata", "--book", w], None),
    ],
    "erratum": [
        ("errata ERRATUM", lambda t, w: ["errata", w], None),
    ],
    "task": [
        ("card show", lambda t, w: ["card", "show", w], None),
        ("task check", lambda t, w: ["task", "check", w, "--pieces", "e5=blue,e4=red", "--player", "blue"], None),
        ("position file tasks_claimed:", lambda t, w: ["position", "show", _file(t, "k.yaml", "mode: high-form\n"
                                                                                              "pieces: {e5: blue}\n"
                                                                                              f"tasks_claimed: {{blue: [{_q(w)}]}}\n")],
         None),
    ],
}


def _cases() -> list[Any]:
    """Every row of the table on every surface of its kind; the default run keeps, for each kind, a row with each
    outcome (a word read as the one meant, each error) and each surface with one row at least (the surfaces rotate
    from row to row), and each language with each outcome (the word reader is one for every kind; a language's
    words of every kind are read by it in the slow run); the rest of the sweep is slow."""
    out = []
    for kind, rows in TABLE.items():
        surfaces = SURFACES[kind]
        for row, (lang, typed, expected) in enumerate(rows):
            for name, args, ids in surfaces[row % len(surfaces):] + surfaces[:row % len(surfaces)]:
                if ids is not None and isinstance(expected, str) and expected not in ids:
                    continue
                out.append(pytest.param(kind, lang, str(typed), expected, args, id=f"{kind}-{lang}-{typed}-{name}"))
    return tiered(out, lambda v: (v[0], _outcome(v[3])), lambda v: (v[0], v[4]), lambda v: (v[1], _outcome(v[3])))


def _outcome(expected: Any) -> str:
    """What a row checks: a word read as another (the id it means), or the key of the error it gives."""
    return "read" if isinstance(expected, str) else str(expected["error"])


def test_every_kind_has_surfaces_and_rows():
    assert set(TABLE) == set(SURFACES)
    assert all({row[0] for row in rows} == {"en", "fr", "es", "it"} or kind in ("type", "task") for kind, rows in TABLE.items())


@pytest.mark.parametrize(("kind", "lang", "typed", "expected", "args"), _cases())
def test_a_word_reads_the_same_everywhere(cli, tmp_path, tk, kind, lang, typed, expected, args):
    got = cli(*args(tmp_path, typed), "--lang", lang, "--json")
    if isinstance(expected, str):
        assert got.code == 0, (typed, got.err)
        want = cli(*args(tmp_path, expected), "--lang", lang, "--json")
        assert want.code == 0, (expected, want.err)
        assert got.json == want.json, f"{typed!r} is not read as {expected!r}"
        return
    assert got.code == 2 and got.out == "", got.out[:200]
    error = json.loads(got.err)["error"]
    key = expected["error"]
    if args(tmp_path, "x")[:2] == ["card", "show"] and key.startswith("word."):
        key = "word.card"   # card show reads any card: "no card is called ..."
    assert error["key"] == key, error
    if "hints" in expected:
        assert error["hints"] == expected["hints"], error
    if "candidates" in expected:
        assert set(error["hints"]) == set(expected["candidates"]), error
    # for a person: one line in the user's language (and a line of suggestions, named in that language)
    human = cli(*args(tmp_path, typed), "--lang", lang)
    lines = human.err.strip().splitlines()
    assert human.code == 2 and len(lines) == (2 if expected.get("hints") else 1), human.err
    template = tk.dataset.locales[lang]["ui"][f"error.{key}"]
    words = [w for w in template.replace("{", "}").split("}")[2::2] if len(w.strip(" :;,()«»'\u00a0")) > 3]
    assert words and all(w.strip(" :;,()«»'\u00a0") in lines[0] for w in words), (template, lines[0])
    names = [_shown(tk, kind, i, lang) for i in expected.get("hints") or expected.get("candidates") or []]
    assert all(n in human.err for n in names), (names, human.err)


def _shown(tk: Any, kind: str, word_id: str, lang: str) -> str:
    base = {"being": "card", "flare": "card", "task": "card", "form": "mode"}.get(kind, kind)
    return str(tk.vocabulary.shown(base, word_id, lang))


@pytest.mark.parametrize(("lang", "color"), [("fr", "bleu"), ("es", "azul"), ("it", "blu"), ("en", "blue")])
def test_diagram_letters_are_the_english_initials_said_in_the_users_language(cli, tmp_path, tk, lang, color):
    """A French diagram writing ``jc`` (jaune commune) is refused with a message that says the
    letters are the English initials, naming the colors in French; ``yc`` is the yellow piece."""
    rows = ["9 . . . . .", "8 . . . . . . .", *[f"{r} . . . . . . . . ." for r in range(7, 2, -1)],
            "2 . . . . . . .", "1 . . . . ."]
    # a piece written with the local initial: jaune, amarillo (or azul), viola; English: blue, a token
    local = {"en": "bc", "fr": "jc", "es": "ac", "it": "vc"}[lang]
    bad = "\n".join(f"  {r}" for r in rows).replace("5 . . . . .", f"5 . . . . {local}", 1)
    path = _file(tmp_path, "d.yaml", f"board: |\n{bad}\n")
    r = cli("position", "check", path, "--lang", lang)
    if lang == "en":
        assert r.code == 0, r.err
        return
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert f"b = {color}" in r.err and "y = " in r.err, r.err
    good = path.replace("d.yaml", "g.yaml")
    Path(good).write_text(Path(path).read_text(encoding="utf-8").replace(f" {local}", " yc"), encoding="utf-8")
    shown = cli("position", "show", good, "--json")
    assert shown.code == 0 and shown.json["pieces"]["e5"] == {"color": "yellow", "rank": "common"}


def test_the_library_reads_words_like_the_command_line(tk):
    tk.language = "fr"
    assert tk.word("deck", "Clans des Hautes Terres") == "highland"
    assert tk.card("chevallier").id == "knight"
    assert tk.word("mode", "duelo a muerte") == "duel"
    assert tk.word("flare", "Ruse 3/6 (b)") == "flare-3-6b"
    from tashkalar_cli.errors import NotFoundError

    with pytest.raises(NotFoundError) as err:
        tk.card("dragon")
    assert err.value.key == "word-ambiguous" and set(err.value.hints) == {"fire-dragon", "two-headed-dragon"}
    loc = tk.localizer("fr")
    assert "Dragon de feu" in err.value.localized(loc.ui, tk.namer(loc))     # the error in French, names and all
    assert "Fire Dragon" in err.value.message and "fire-dragon" in err.value.hints   # English for programs, and ids
    tk.language = None


@pytest.mark.parametrize("word", ["attack", "wizard", "foo", "test", "piece", "king", "xyzzy", "lemonade", "Ruse 9/9"])
def test_no_suggestion_rather_than_noise(tk, word):
    """A word close to no name finds nothing and suggests nothing (the review's "dragon" suggested
    diagonals and imprisonment; "Oso hambrento" isolation, sapling and werewolf)."""
    from tashkalar_cli.errors import NotFoundError

    for lang in ("en", "fr", "es", "it"):
        with pytest.raises(NotFoundError) as err:
            tk.vocabulary.find("card", word, lang=lang)
        assert err.value.key == "word.card" and err.value.hints == [], (lang, err.value.hints)


def test_suggestions_are_ranked_and_named_in_the_users_language(tk):
    from tashkalar_cli.errors import NotFoundError

    with pytest.raises(NotFoundError) as err:
        tk.vocabulary.find("being", "chevlr", lang="fr")   # too far off to be read as it
    assert err.value.hints and err.value.hints[0] == "knight", err.value.hints
    loc = tk.localizer("fr")
    assert err.value.hints_localized(loc.ui, tk.namer(loc))[0] == tk.dataset.locales["fr"]["cards"]["knight"]["name"]

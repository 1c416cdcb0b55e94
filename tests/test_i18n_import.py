"""Translations back from a translator's tool (issue 32): ``i18n import`` reads the PO or XLIFF 2 files
``i18n export`` wrote, as translate-toolkit reads them, and writes the changed texts into the language's
YAML files in place: only those scalars change, every other byte stays; any problem writes nothing."""

from __future__ import annotations

import difflib
import shutil

import pytest
import yaml

from conftest import REPO

#: the texts the edit test changes: a single-quoted ui message, a card's folded effect, an erratum's
#: reading nested one level deeper, a L.E.T.A.L. rule
EDITED = ("ui/cli.usage/text", "cards/swordmaster/effect", "errata/high-form-current-tasks/readings.en",
          "letal:rules/move-when/text")


def _tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


#: the tests share one export of the French texts in each format (a second each), made once on one worker
pytestmark = pytest.mark.xdist_group("i18n-import")


def _copy_locales(dest):
    for code in ("en", "fr"):
        shutil.copytree(REPO / "locales" / code, dest / code)
    return dest


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """``i18n export`` of a copy of the English and French locales, as PO and as XLIFF: the bytes of each file.
    Every test's copy holds the same texts, so its export would be these bytes (the test of a text the copy lacks
    says why these bytes stand for its export too)."""
    from tashkalar_cli.cli.app import main

    base = tmp_path_factory.mktemp("import-exports")
    locales, out = _copy_locales(base / "locales"), base / "out"
    out.mkdir()
    files = {}
    for fmt in ("po", "xliff"):
        try:
            main(["i18n", "export", "--locales", str(locales), "--target", "fr", "--format", fmt, "--out", str(out)])
        except SystemExit as exc:
            assert exc.code in (0, None)
        files[fmt] = (out / f"fr.{fmt}").read_bytes()
    return files


@pytest.fixture
def copy(tmp_path):
    """A copy of the English and French locales, and a folder for exchange files."""
    locales, out = tmp_path / "locales", tmp_path / "out"
    out.mkdir()
    return _copy_locales(locales), out


def _exported(exports, out, fmt):
    """The export of an unchanged copy (:func:`exports`), written where ``i18n export`` would write it."""
    path = out / f"fr.{fmt}"
    path.write_bytes(exports[fmt])
    return path


def _import(cli, locales, *files, json=False):
    return cli("i18n", "import", *map(str, files), "--target", "fr", "--locales", str(locales),
               *(["--json"] if json else []))


def _edit_po(path, changes, fuzzy=()):
    from translate.storage import po

    store = po.pofile.parsefile(str(path))
    for unit in store.units:
        context = unit.getcontext()
        if context in changes:
            unit.target = changes[context](unit.target)
        if context in fuzzy:
            unit.markfuzzy(True)
    path.write_bytes(bytes(store))


@pytest.mark.parametrize("fmt", ["po", "xliff"])
def test_an_import_without_edits_changes_no_byte(cli, copy, exports, fmt):
    locales, out = copy
    before = _tree(locales)
    r = _import(cli, locales, _exported(exports, out, fmt), json=True)
    assert r.code == 0, r.err
    assert r.json["written"] == [] and r.json["unchanged"] > 2000
    assert _tree(locales) == before


def test_an_edited_po_changes_exactly_the_edited_texts(cli, copy, exports):
    locales, out = copy
    path = _exported(exports, out, "po")
    before = _tree(locales)
    _edit_po(path, {c: (lambda t: t + " (revu)") for c in EDITED})
    r = _import(cli, locales, path, json=True)
    assert r.code == 0, r.err
    after = _tree(locales)
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"fr/ui.yaml", "fr/cards/imperial.yaml", "fr/errata.yaml", "fr/letal/rules.yaml"}
    assert r.json["texts"] == {f: 1 for f in changed}
    for name in changed:
        old, new = before[name].decode(), after[name].decode()
        # one line changed in each file (the folded texts keep their lines: the edit adds to the last)
        diff = [ln for ln in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
                if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
        assert len(diff) == 2 and diff[0].startswith("-") and "(revu)" in diff[1] and "(revu)" not in diff[0], diff
    ui = yaml.safe_load(after["fr/ui.yaml"].decode())
    assert ui["messages"]["cli.usage"] == "Utilisation : (revu)"
    assert "'Utilisation : (revu)'" in after["fr/ui.yaml"].decode()   # its quoting kept
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(locales), "--target", "fr", "--json")
    assert not [f for f in r.json["findings"] if f["severity"] == "error"]


def test_an_edited_xliff_is_imported_and_a_fuzzy_entry_is_not(cli, copy, exports):
    from translate.storage import xliff2

    locales, out = copy
    path = _exported(exports, out, "xliff")
    store = xliff2.Xliff2File.parsefile(str(path))
    for unit in store.units:
        if unit.getunitelement().get("name") == "ui/cli.usage/text":
            unit.target = "Mode d'emploi :"
        if unit.getunitelement().get("name") == "cards/swordmaster/name":
            unit.target = "Bretteur"
            unit.markfuzzy(True)
    path.write_bytes(bytes(store))
    r = _import(cli, locales, path, json=True)
    assert r.code == 0, r.err
    assert r.json["fuzzy"] == ["cards/swordmaster/name"] and r.json["texts"] == {"fr/ui.yaml": 1}
    assert yaml.safe_load((locales / "fr" / "ui.yaml").read_text(encoding="utf-8"))["messages"]["cli.usage"] \
        == "Mode d'emploi :"
    assert "Bretteur" not in (locales / "fr" / "cards" / "imperial.yaml").read_text(encoding="utf-8")


def test_a_text_the_language_lacks_is_added_to_its_file(cli, copy, exports):
    """The language's file lacks a text the translator's file gives: the shared export (of the whole French texts)
    stands for the export of this copy, whose unit for that text the translator filled in (an export of the copy
    differs only in that unit: its empty target, which the edit below writes, and the file's comment above the
    missing line, now the next unit's; and in its signature line)."""
    locales, out = copy
    ui = locales / "fr" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("  cli.usage:"))
    ui.write_text(text.replace(line + "\n", "", 1), encoding="utf-8")
    path = _exported(exports, out, "po")
    _edit_po(path, {"ui/cli.usage/text": lambda t: "Utilisation :"})
    r = _import(cli, locales, path)
    assert r.code == 0, r.err
    new = ui.read_text(encoding="utf-8")
    diff = [ln for ln in difflib.unified_diff(text.replace(line + "\n", "", 1).splitlines(), new.splitlines(),
                                              lineterm="", n=0) if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    assert diff == ['+  cli.usage: "Utilisation :"']   # one line added, at the end of the messages
    assert yaml.safe_load(new)["messages"]["cli.usage"] == "Utilisation :"


#: the default run keeps the card's broken placeholder; a marker added to an interface text (the slow run's case) is
#: refused, and its line said, by test_a_broken_placeholder_is_refused_in_the_users_language's default case too
@pytest.mark.parametrize(("edit", "said"), [
    ({"cards/swordmaster/effect": lambda t: t.replace("1", "{count}", 1) + " {count}"}, "cards/swordmaster/effect"),
    pytest.param({"ui/error.export-where/text": lambda t: t + " **"}, "ui/error.export-where/text", marks=pytest.mark.slow),
])
def test_a_broken_translation_writes_nothing(cli, copy, exports, edit, said):
    locales, out = copy
    path = _exported(exports, out, "po")
    _edit_po(path, {"ui/cli.usage/text": lambda t: "Changé", **edit})
    before = _tree(locales)
    r = _import(cli, locales, path)
    assert r.code == 2 and said in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert _tree(locales) == before


#: an import each (a second): the default run keeps a message with values (a typo and the name meant) and one
#: with a marker's name said in French; the slow run the other two messages, said the same way
@pytest.mark.parametrize(("written", "said"), [
    ("écrit : {pth}", "{pth} ne figure pas dans le texte de référence ; peut-être fallait-il écrire {path} ?"),
    pytest.param("écrit : {path!r}", "{path!r} n'est pas une variable : écrivez {name}, sans format, conversion, "
                 "attribut ni indice", marks=pytest.mark.slow),
    pytest.param("écrit : {path} {", "une accolade « { » qui n'ouvre ni ne ferme aucune variable", marks=pytest.mark.slow),
    ("écrit : **{path}**", "marques « ** » (gras) : 2 ici, 0 dans la référence"),
])
def test_a_broken_placeholder_is_refused_in_the_users_language(cli, copy, exports, written, said):
    """Every part of the line that refuses a translation is in the user's language: the check's own
    message (and a marker's name) too, not only the words around it."""
    locales, out = copy
    path = _exported(exports, out, "po")
    _edit_po(path, {"ui/i18n.export.written/text": lambda t: written})
    r = cli("--lang", "fr", "i18n", "import", str(path), "--target", "fr", "--locales", str(locales))
    assert r.code == 2
    line = r.err.strip().replace("\u00a0", " ").replace("\u202f", " ")   # French typography's no-break spaces
    assert line == f"tashkalar : erreur : {path} : ui/i18n.export.written/text : {said} : rien n'a été écrit"


def test_a_translation_of_an_older_english_is_refused_with_its_key(cli, copy, exports):
    locales, out = copy
    path = _exported(exports, out, "po")
    _edit_po(path, {"ui/cli.usage/text": lambda t: "Changé"})
    english = locales / "en" / "ui.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("cli.usage: 'Usage:'", "cli.usage: 'Use:'", 1)
                       if "cli.usage: 'Usage:'" in english.read_text(encoding="utf-8")
                       else english.read_text(encoding="utf-8").replace("cli.usage: Usage:", "cli.usage: 'Use:'", 1),
                       encoding="utf-8")
    before = _tree(locales)
    r = _import(cli, locales, path)
    assert r.code == 2 and "ui/cli.usage/text" in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert _tree(locales) == before


def test_import_refuses_what_it_cannot_read(cli, copy, exports):
    locales, out = copy
    (out / "notes.po").write_text('msgid "a"\nmsgstr "b"\nthis is not PO\n', encoding="utf-8")
    (out / "old.xliff").write_text('<?xml version="1.0"?>\n<xliff version="1.2"><file/></xliff>\n', encoding="utf-8")
    before = _tree(locales)
    for name in ("notes.po", "old.xliff", "absent.po"):
        r = _import(cli, locales, out / name)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err, r.err
    assert cli("i18n", "import", str(out / "notes.po"), "--locales", str(locales)).code == 2   # no --target
    path = _exported(exports, out, "po")
    r = cli("i18n", "import", str(path), "--target", "en", "--locales", str(locales))
    assert r.code == 2
    assert _tree(locales) == before

"""A language's texts in the formats translators' tools speak (issue 32): ``i18n export`` writes PO and
XLIFF 2 files through translate-toolkit's storage classes, each text with its English, its key as context,
its comments as notes, unofficial names to review, and changed English marked fuzzy."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import REPO

#: the tests share one export of every language (seconds), made once on one worker
pytestmark = pytest.mark.xdist_group("i18n-exchange")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The Italian texts exported as PO and as XLIFF, from a copy whose English changed in one text."""
    from tashkalar_cli.cli.app import main

    base = tmp_path_factory.mktemp("exchange")
    locales, out = base / "locales", base / "out"
    out.mkdir()
    for code in ("en", "it"):
        shutil.copytree(REPO / "locales" / code, locales / code)
    path = locales / "en" / "cards" / "nethervoid.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Destroy 1 common piece", "Destroy exactly 1 common piece",
                                                             1), encoding="utf-8")
    for fmt in ("po", "xliff"):
        try:
            main(["i18n", "export", "--locales", str(locales), "--target", "it", "--format", fmt, "--out", str(out)])
        except SystemExit as exc:
            assert exc.code in (0, None)
    return out


def _po(out):
    from translate.storage import po

    return po.pofile.parsefile(str(out / "it.po"))


def test_every_text_is_exported_with_its_english_and_its_key(exported):
    store = _po(exported)
    units = {u.getcontext(): u for u in store.units if not u.isheader()}
    effect = units["cards/swordmaster/effect"]
    english = (REPO / "locales" / "en" / "cards" / "imperial.yaml").read_text(encoding="utf-8")
    assert effect.source.split()[:4] == english.split("swordmaster:")[1].split("effect:")[1].split()[1:5]
    assert effect.target and effect.target != effect.source
    assert units["ui/cli.usage/text"].source == "Usage:" and units["letal:rules/move-when/text"].target
    assert len(units) > 2000


def test_a_changed_english_is_fuzzy_with_the_english_it_was_made_from(exported):
    store = _po(exported)
    unit = next(u for u in store.units if u.getcontext() == "cards/acolyte-of-destruction/effect")
    assert unit.isfuzzy() and "exactly" in unit.source and "exactly" not in unit.prev_source
    others = [u for u in store.units if u.isfuzzy() and not u.isheader()]
    assert others == [unit]


def test_an_unofficial_name_is_marked_for_review(exported):
    store = _po(exported)
    unit = next(u for u in store.units if u.getcontext() == "cards/swordmaster/name")
    assert "official" in unit.getnotes()


def test_the_po_file_passes_msgfmt(exported):
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed")
    done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(exported / "it.po")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_xliff_file_is_xliff_2_with_the_same_units(exported):
    from lxml import etree

    tree = etree.parse(str(exported / "it.xliff"))
    root = tree.getroot()
    ns = "urn:oasis:names:tc:xliff:document:2.0"
    assert root.tag == f"{{{ns}}}xliff" and root.get("version") == "2.0"
    assert (root.get("srcLang"), root.get("trgLang")) == ("en", "it")
    ids = [u.get("id") for u in root.iter(f"{{{ns}}}unit")]
    assert len(ids) == len(set(ids)) == len([u for u in _po(exported).units if not u.isheader()])
    changed = next(u for u in root.iter(f"{{{ns}}}unit") if u.get("name") == "cards/acolyte-of-destruction/effect")
    assert changed.get("id") == "cards:acolyte-of-destruction:effect"
    assert changed.find(f"{{{ns}}}segment").get("state") == "initial"


def test_export_refuses_what_it_cannot_do(cli, tmp_path):
    assert cli("i18n", "export", "--target", "it", "--format", "docx", "--out", str(tmp_path)).code == 2
    assert cli("i18n", "export", "--target", "it").code == 2
    assert cli("i18n", "export", "--target", "it", "--out", str(tmp_path / "nowhere")).code == 2
    (tmp_path / "it.po").write_text("my own notes\n", encoding="utf-8")
    r = cli("i18n", "export", "--target", "it", "--out", str(tmp_path))
    assert r.code == 2 and (tmp_path / "it.po").read_text(encoding="utf-8") == "my own notes\n"


#: XLIFF 2.0 core (OASIS, 2014), what its schema (xliff_core_2.0.xsd) asks of each element this export
#: writes: its attributes (those of the core namespace: any other namespace's are allowed), which are
#: required, and its children in order (name, least, most). The schema itself is not on this machine and
#: the tests run without the network: this is the part of it these files use, written out from the spec.
_CORE = {
    "xliff": ({"version", "srcLang", "trgLang"}, {"version", "srcLang"}, [("file", 1, None)]),
    "file": ({"id", "canResegment", "original", "translate", "srcDir", "trgDir"}, {"id"},
             [("notes", 0, 1), ("unit", 1, None)]),
    "unit": ({"id", "name", "canResegment", "translate", "srcDir", "trgDir", "type"}, {"id"},
             [("notes", 0, 1), ("segment", 1, None)]),
    "notes": (set(), set(), [("note", 1, None)]),
    "note": ({"id", "appliesTo", "category", "priority"}, set(), []),
    "segment": ({"id", "canResegment", "state", "subState"}, set(), [("source", 1, 1), ("target", 0, 1)]),
    "source": (set(), set(), []),
    "target": ({"order"}, set(), []),
}
_NMTOKEN = r"[\w.:-]+"
_STATES = {"initial", "translated", "reviewed", "final"}


def _structure_problems(root):
    """What breaks the XLIFF 2.0 core structure in the tree ``root`` (empty: nothing)."""
    import re

    ns = "{urn:oasis:names:tc:xliff:document:2.0}"
    problems = []
    if root.tag != f"{ns}xliff" or root.get("version") != "2.0":
        problems.append(f"root {root.tag} version {root.get('version')}")
    files, units_of = [], {}
    for el in root.iter(f"{ns}*"):
        name = el.tag[len(ns):]
        if name not in _CORE:
            problems.append(f"unknown element {name}")
            continue
        allowed, required, children = _CORE[name]
        own = {a for a in el.attrib if not a.startswith("{")}
        problems += [f"{name}: attribute {a} not in the core" for a in sorted(own - allowed)]
        problems += [f"{name}: attribute {a} missing" for a in sorted(required - own)]
        kids = [c.tag[len(ns):] for c in el if isinstance(c.tag, str) and c.tag.startswith(ns)]
        at = 0
        for child, least, most in children:   # the children in the schema's order, each as often as allowed
            count = 0
            while at < len(kids) and kids[at] == child:
                at, count = at + 1, count + 1
            if count < least or (most is not None and count > most):
                problems.append(f"{name}: {count} {child}")
        if at != len(kids) and children:
            problems.append(f"{name}: children out of order: {kids}")
        if name in ("file", "unit") and not re.fullmatch(_NMTOKEN, el.get("id", "")):
            problems.append(f"{name}: id {el.get('id')!r} is not an xs:NMTOKEN")
        if name == "file":
            files.append(el.get("id"))
        if name == "unit":
            units_of.setdefault(el.getparent(), []).append(el.get("id"))
        if name == "segment" and el.get("state", "initial") not in _STATES:
            problems.append(f"segment: state {el.get('state')}")
    if len(files) != len(set(files)):
        problems.append("two files with one id")
    problems += ["two units of a file with one id" for ids in units_of.values() if len(ids) != len(set(ids))]
    if next(root.iter(f"{ns}target"), None) is not None and not root.get("trgLang"):
        problems.append("targets without trgLang")
    return problems


def test_the_xliff_file_holds_to_the_xliff_2_core_structure(exported):
    """Read by translate-toolkit's parser (lxml: well-formed XML), then held to the core's structure."""
    from lxml import etree
    from translate.storage import xliff2

    xliff2.Xliff2File.parsefile(str(exported / "it.xliff"))
    root = etree.parse(str(exported / "it.xliff")).getroot()
    assert _structure_problems(root) == []
    # the check itself finds what the schema refuses: a unit id with a slash, a target before its source
    unit = next(root.iter("{urn:oasis:names:tc:xliff:document:2.0}unit"))
    unit.set("id", "cards/x/y")
    segment = unit.find("{urn:oasis:names:tc:xliff:document:2.0}segment")
    segment.insert(0, segment[-1])
    found = _structure_problems(root)
    assert any("NMTOKEN" in p for p in found) and any("segment" in p for p in found), found

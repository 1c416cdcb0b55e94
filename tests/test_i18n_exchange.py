"""A language's texts in the formats translators' tools speak (issue 32): ``i18n export`` writes PO and
XLIFF 2 files through translate-toolkit's storage classes, each text with its English, its key as context,
its comments as notes, unofficial names to review, and changed English marked fuzzy."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import REPO


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
    changed = next(u for u in root.iter(f"{{{ns}}}unit") if u.get("id") == "cards/acolyte-of-destruction/effect")
    assert changed.find(f"{{{ns}}}segment").get("state") == "initial"


def test_export_refuses_what_it_cannot_do(cli, tmp_path):
    assert cli("i18n", "export", "--target", "it", "--format", "docx", "--out", str(tmp_path)).code == 2
    assert cli("i18n", "export", "--target", "it").code == 2
    assert cli("i18n", "export", "--target", "it", "--out", str(tmp_path / "nowhere")).code == 2
    (tmp_path / "it.po").write_text("my own notes\n", encoding="utf-8")
    r = cli("i18n", "export", "--target", "it", "--out", str(tmp_path))
    assert r.code == 2 and (tmp_path / "it.po").read_text(encoding="utf-8") == "my own notes\n"

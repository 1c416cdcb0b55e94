"""The translation checker: quiet on the tool's own locales, loud on every planted fault."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from tashkalar_cli.data.dataset import flatten
from tashkalar_cli.text.i18n import placeholders
from tashkalar_cli.text.i18ncheck import check_locales

from conftest import REPO, write

REFERENCE = "en"
#: one worker runs these tests: they share reports of the whole locales that take seconds to build
pytestmark = pytest.mark.xdist_group("locales-check")


@pytest.fixture
def locales(tmp_path):
    """A writable locales folder with the reference language and only the languages asked for.

    ``locales("fr")`` copies en/ and fr/ (a few hundred kB): a planted fault is then checked in its
    own language only, against the clean report of the same languages (built once per session).
    """
    dest = tmp_path / "locales"

    def make(*langs: str):
        for lang in (REFERENCE, *langs):
            if not (dest / lang).exists():
                shutil.copytree(REPO / "locales" / lang, dest / lang)
        return dest

    return make


def load(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def dump(path, data):
    write(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000))


def new_findings(base, faulty):
    """Findings of the faulty copy that the clean copy does not have."""
    key = lambda f: (f.lang, f.file, f.key, f.check, f.field, f.message)  # noqa: E731
    before = {key(f) for f in base.findings}
    return [f for f in faulty.findings if key(f) not in before]


@pytest.fixture(scope="session")
def clean(own_locales_report):
    """``clean(*langs)``: the report on the tool's own locales (every language, computed once per
    session; a planted fault is new if this report does not have it)."""
    return lambda *langs: own_locales_report


def planted(locales_dir, dataset, clean, *langs: str):
    """Check ``langs`` of a folder with planted faults: its report, and the findings the clean locales lack."""
    report = check_locales(locales_dir, dataset.facts, langs=list(langs))
    return report, new_findings(clean(*langs), report)


def test_the_tools_own_locales_have_no_error(clean):
    report = clean()
    assert report.errors == [], "\n".join(f"{f.lang} {f.file} {f.key} {f.check}: {f.message}" for f in report.errors[:20])
    assert set(report.languages) >= {"fr", "es", "it"}
    for lang in ("fr", "es", "it"):
        assert report.coverage[lang].missing == 0
        assert report.coverage[lang].translated == report.coverage[lang].entries


def find_text_with_digit(data: dict, field: str):
    for key, entry in data.items():
        text = entry.get(field, "")
        if re.search(r"(?<![\w{])\d(?![\w}])", text):
            return key, text
    raise AssertionError("no text with a digit")


def test_changed_number_is_reported(locales, clean, dataset):
    path = locales("fr") / "fr" / "cards" / "imperial.yaml"
    data = load(path)
    key, text = find_text_with_digit(data["cards"], "effect")
    m = re.search(r"(?<![\w{])(\d)(?![\w}])", text)
    wrong = str((int(m.group(1)) + 1) % 10)
    data["cards"][key]["effect"] = text[: m.start()] + wrong + text[m.end():]
    dump(path, data)
    _, found = planted(path.parents[2], dataset, clean, "fr")
    assert any(f.lang == "fr" and f.key == key and f.check == "numbers" and f.severity == "error" for f in found), found


def test_dropped_placeholder_is_reported(locales, clean, dataset):
    path = locales("es") / "es" / "tasks.yaml"
    data = load(path)
    data["tasks"]["destruction"]["criterion"] = data["tasks"]["destruction"]["criterion"].replace("{destroyed}", "tres")
    dump(path, data)
    _, found = planted(path.parents[1], dataset, clean, "es")
    hits = [f for f in found if f.key == "destruction" and f.lang == "es"]
    assert any(f.check == "placeholders" and "{destroyed}" in f.message for f in hits), hits


def test_deleted_entry_is_reported(locales, clean, dataset):
    root = locales("it")
    path = root / "it" / "cards" / "imperial.yaml"
    data = load(path)
    del data["cards"]["messenger"]
    dump(path, data)
    report, found = planted(root, dataset, clean, "it")
    assert any(f.lang == "it" and f.key == "messenger" and f.check == "missing" and f.severity == "error" for f in found)
    assert report.coverage["it"].missing == 1
    assert report.exit_code() == 1


def test_swapped_game_term_is_reported(locales, clean, dataset, db):
    root = locales("fr")
    gloss = load(root / "fr" / "glossary.yaml")["keywords"]
    combat, standard = gloss["combat-move"]["term"], gloss["standard-move"]["term"]
    deck_of = {c.id: getattr(c, "deck", None) for c in db.cards}
    target = next(c for c in db.cards if "combat-move" in c.keywords and c.type == "being")
    path = root / "fr" / "cards" / f"{deck_of[target.id]}.yaml"
    data = load(path)
    effect = data["cards"][target.id]["effect"]
    swapped = re.sub(re.escape(combat), standard, effect, flags=re.IGNORECASE)
    swapped = re.sub(re.escape(combat.replace("déplacement", "déplacements")), standard, swapped, flags=re.IGNORECASE)
    assert swapped != effect
    data["cards"][target.id]["effect"] = swapped
    dump(path, data)
    _, found = planted(root, dataset, clean, "fr")
    assert any(f.lang == "fr" and f.key == target.id and f.check == "terms" and "combat-move" in f.message for f in found), found


def test_two_equal_names_are_reported(locales, clean, dataset):
    root = locales("es")
    path = root / "es" / "cards" / "imperial.yaml"
    data = load(path)
    data["cards"]["knight"]["name"] = data["cards"]["swordmaster"]["name"]
    dump(path, data)
    _, found = planted(root, dataset, clean, "es")
    keys = {f.key for f in found if f.check == "names" and f.lang == "es"}
    assert {"knight", "swordmaster"} <= keys


def test_name_of_another_card_in_another_language(locales, clean, dataset):
    root = locales("it")
    path = root / "it" / "cards" / "sylvan.yaml"
    data = load(path)
    data["cards"]["unicorn"]["name"] = load(root / "en" / "cards" / "sylvan.yaml")["cards"]["naiad"]["name"]
    dump(path, data)
    _, found = planted(root, dataset, clean, "it")
    assert any(f.key == "unicorn" and f.check == "names" and "naiad" in f.message for f in found)


def test_blank_text_and_broken_markup(locales, clean, dataset):
    root = locales("it")
    path = root / "it" / "rules.yaml"
    data = load(path)
    en = load(root / "en" / "rules.yaml")["rules"]
    listed = next(k for k, v in en.items() if re.search(r"(?m)^- ", v["text"]))
    data["rules"][listed]["text"] = re.sub(r"(?m)^- ", "", data["rules"][listed]["text"], count=1)
    data["rules"]["turn-actions"]["text"] = "   "
    dump(path, data)
    _, found = planted(root, dataset, clean, "it")
    assert any(f.key == listed and f.check == "markup" for f in found)
    assert any(f.key == "turn-actions" and f.check == "empty" for f in found)


def test_untranslated_text_is_a_warning(locales, clean, dataset):
    root = locales("fr")
    path = root / "fr" / "rules.yaml"
    data = load(path)
    data["rules"]["turn-order"]["text"] = load(root / "en" / "rules.yaml")["rules"]["turn-order"]["text"]
    dump(path, data)
    report, found = planted(root, dataset, clean, "fr")
    hits = [f for f in found if f.key == "turn-order" and f.check == "untranslated"]
    assert hits and all(f.severity == "warning" for f in hits)
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


def test_schema_errors_and_broken_yaml_are_findings_with_lines(locales, clean, dataset):
    root = locales("es", "it")
    path = root / "es" / "flares.yaml"
    text = path.read_text(encoding="utf-8")
    write(path, text.replace("upper:", "uper:", 1))
    broken = root / "it" / "tasks.yaml"
    write(broken, broken.read_text(encoding="utf-8") + "  oops: [unclosed\n")
    report, found = planted(root, dataset, clean, "es", "it")
    schema = [f for f in found if f.check == "schema"]
    assert any(f.lang == "es" and f.file == "es/flares.yaml" and f.line for f in schema)
    assert any(f.lang == "it" and f.file == "it/tasks.yaml" and f.line for f in schema)
    assert report.exit_code() == 1


def test_obsolete_entry_is_a_warning(locales, clean, dataset):
    root = locales("fr")
    path = root / "fr" / "cards" / "imperial.yaml"
    data = load(path)
    data["cards"]["old-card"] = {"name": "Vieille carte", "effect": "Rien."}
    dump(path, data)
    _, found = planted(root, dataset, clean, "fr")
    assert any(f.key == "old-card" and f.check == "obsolete" and f.severity == "warning" for f in found)


def test_a_new_language_is_checked_without_code(locales, dataset):
    root = locales()
    shutil.copytree(root / "en", root / "de")
    report = check_locales(root, dataset.facts, langs=["de"])
    assert report.languages == ["de"]
    assert report.coverage["de"].missing == 0
    assert any(f.check == "untranslated" for f in report.findings if f.lang == "de")
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


def test_cli_exit_codes_and_json(cli, locales, tmp_path):
    root = locales("it")
    r = cli("i18n", "check", "--locales", str(root), "--json")
    assert r.code == 0, r.out[-2000:]
    assert isinstance(r.json["findings"], list) and all(f["severity"] == "warning" for f in r.json["findings"])
    path = root / "it" / "cards" / "imperial.yaml"
    data = load(path)
    del data["cards"]["messenger"]
    dump(path, data)
    r = cli("i18n", "check", "--locales", str(root), "--json")
    assert r.code == 1
    f = next(x for x in r.json["findings"] if x["key"] == "messenger")
    assert {"lang", "file", "key", "check", "severity", "message"} <= set(f)
    assert (f["lang"], f["check"], f["severity"]) == ("it", "missing", "error")
    text = cli("i18n", "check", "--locales", str(root), "--target", "it")
    assert text.code == 1 and "messenger" in text.out and "Coverage" in text.out
    assert cli("i18n", "check", "--locales", str(tmp_path / "none")).code == 2
    assert cli("i18n", "check", "--locales", str(root), "--reference", "xx").code == 2
    assert cli("i18n", "check", "--locales", str(root), "--target", "zz").code == 2


# ------------------------------------------------------------------ the published disagreements

def _with_book_numbers(text: str, en_text: str, params: dict, right: list, wrong: list) -> str:
    """Write the wrong book's numbers where the English text has the placeholders of the right ones."""
    names = [n for n in placeholders(en_text) if params.get(n) in right]
    for name in names:
        value = wrong[right.index(params[name])]
        text = text.replace("{" + name + "}", str(value), 1)
    return text


def test_errata_expressed_as_locale_files_are_found(locales, clean, dataset):
    """Each numeric erratum becomes a translation that follows its wrong book; each missing rule a gap."""
    params = flatten(dataset.facts["game"])
    books = sorted({book for e in dataset.facts["errata"] for book in e["differing"]
                    if book in (e.get("values") or {}) and book != "en"} | {"fr"})
    root = locales(*books)
    en_rules = load(root / "en" / "rules.yaml")["rules"]
    expected = []
    for erratum in dataset.facts["errata"]:
        values = erratum.get("values") or {}
        for book in erratum["differing"]:
            if book not in values or book == "en":
                continue
            right = values[erratum["correct"][0]]
            for rule_id in erratum["rules"]:
                path = root / book / "rules.yaml"
                data = load(path)
                before = data["rules"][rule_id]["text"]
                after = _with_book_numbers(before, en_rules[rule_id]["text"], params, right, values[book])
                if after != before:
                    data["rules"][rule_id]["text"] = after
                    dump(path, data)
                    expected.append((book, rule_id))
    # the French keyword list has no marked-square entry: a translation that follows it lacks the rule
    fr = load(root / "fr" / "rules.yaml")
    del fr["rules"]["kw-marked-square"]
    dump(root / "fr" / "rules.yaml", fr)
    _, found = planted(root, dataset, clean, *books)
    assert len(expected) >= 3, expected
    for book, rule_id in expected:
        checks = {f.check for f in found if f.lang == book and f.key == rule_id}
        assert "placeholders" in checks and "numbers" in checks, (book, rule_id, checks)
    assert any(f.lang == "fr" and f.key == "kw-marked-square" and f.check == "missing" for f in found)


def test_lost_optional_condition_is_reported(locales, clean, dataset):
    """A translation that turns 'you may' into an order has lost a condition."""
    root = locales("fr")
    gloss = load(root / "fr" / "glossary.yaml")["keywords"]["may"]
    path = root / "fr" / "cards" / "imperial.yaml"
    data = load(path)
    effect = data["cards"]["swordmaster"]["effect"]
    forms = sorted(gloss["forms"], key=len, reverse=True)
    assert any(f in effect.lower() for f in forms)
    data["cards"]["swordmaster"]["effect"] = re.sub(r"(?i)vous pouvez détruire", "détruisez", effect)
    assert data["cards"]["swordmaster"]["effect"] != effect
    dump(path, data)
    _, found = planted(root, dataset, clean, "fr")
    assert any(f.key == "swordmaster" and f.check == "terms" and "'may'" in f.message for f in found), found


# ------------------------------------------------------------------ a translator's review

def _misspell(path, right: str, wrong: str, entry: str = "") -> int:
    """Write ``wrong`` for the first ``right`` of a file (after the line ``entry:``), as a translator
    would: the line it is on."""
    text = path.read_text(encoding="utf-8")
    at = text.index(right, text.index(f"\n  {entry}:\n") if entry else 0)
    write(path, text[:at] + wrong + text[at + len(right):])
    return text[:at].count("\n") + 1


def test_a_misspelt_placeholder_is_one_finding_that_names_the_one_meant(locales, clean, cli, monkeypatch):
    root = locales("fr")
    _misspell(root / "fr" / "rules.yaml", "{players_duel}", "{players_dule}", "form-duel")
    # one check (of the language planted) read by every assertion: the clean texts have no finding on form-duel
    assert not [f for f in clean("fr").findings if f.lang == "fr" and f.key == "form-duel" and f.check == "placeholders"]
    r = cli("i18n", "check", "--locales", str(root), "--target", "fr", "--json")
    assert r.code == 1
    rows = [f for f in r.json["findings"] if f["key"] == "form-duel" and f["check"] == "placeholders"]
    assert [f["code"] for f in rows] == ["placeholder-typo"], rows
    assert rows[0]["severity"] == "error" and rows[0]["lang"] == "fr"
    assert "did you mean {players_duel}?" in rows[0]["message"] and "{players_dule}" in rows[0]["message"]
    # said in the user's language
    monkeypatch.setenv("COLUMNS", "250")
    text = cli("--lang", "fr", "i18n", "check", "--locales", str(root), "--target", "fr")
    flat = " ".join(text.out.replace("│", " ").split())
    assert "texte de référence" in flat and "{players_duel}" in flat and "did you mean" not in flat, flat[-800:]


def test_names_far_apart_are_not_taken_for_a_typo():
    from tashkalar_cli.text.i18ncheck.checks import check_placeholders

    said = [m for _, m in check_placeholders("{upper} and {x}", "{lower} and {x}", {"upper", "lower", "x"})]
    assert [m.key for m in said] == ["placeholders-missing", "placeholders-extra"], said


def test_a_placeholder_finding_gives_the_line_of_the_typo_in_a_folded_value(locales, clean, dataset):
    root = locales("fr")
    path = root / "fr" / "rules.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines, 1) if line.strip() == "form-duel:")
    field_line = next(i for i in range(first, len(lines)) if lines[i - 1].strip().startswith("text:"))
    line = _misspell(path, "{score_flare_invoked}", "{score_flare_invoekd}", "form-duel")
    assert line > field_line + 1  # a later line of the folded text, not the field's first
    _misspell(path, "{team_teams}", "deux", "form-duel")  # a placeholder dropped: no text of its own to point at
    _, found = planted(root, dataset, clean, "fr")
    hit = next(f for f in found if f.key == "form-duel" and f.code == "placeholder-typo")
    assert hit.line == line, (hit.line, line)
    dropped = next(f for f in found if f.key == "form-duel" and "{team_teams}" in f.message)
    assert dropped.line == field_line, (dropped.line, field_line)


def test_a_finding_gives_the_column_of_the_typo_in_text_and_json(locales, cli, monkeypatch):
    """Line and column, as compilers give them: the column of the misspelt placeholder on its line of a
    folded value; of the value's start for a finding about the whole text."""
    root = locales("fr")
    path = root / "fr" / "rules.yaml"
    line = _misspell(path, "{score_flare_invoked}", "{score_flare_invoekd}", "form-duel")
    lines = path.read_text(encoding="utf-8").splitlines()
    column = lines[line - 1].index("{score_flare_invoekd}") + 1
    assert column > len(lines[line - 1]) - len(lines[line - 1].lstrip())   # not merely the line's indentation
    ui = root / "fr" / "ui.yaml"
    ui_line = _misspell(ui, "{path}", "le fichier")   # a placeholder dropped: about the whole text
    ui_text = ui.read_text(encoding="utf-8").splitlines()[ui_line - 1]
    r = cli("i18n", "check", "--locales", str(root), "--target", "fr", "--json")
    extra = next(f for f in r.json["findings"] if f["file"] == "fr/ui.yaml" and f["line"] == ui_line)
    assert extra["column"] == ui_text.index(":") + 3, (extra, ui_text)   # `  key: value`: where the value starts
    rows = [f for f in r.json["findings"] if f["key"] == "form-duel" and f["code"] == "placeholder-typo"]
    assert [(f["line"], f["column"]) for f in rows] == [(line, column)]
    monkeypatch.setenv("COLUMNS", "250")
    text = cli("i18n", "check", "--locales", str(root), "--target", "fr").out
    assert f" {line}:{column} " in text.replace("│", " "), text[-2000:]


def test_an_excerpt_is_centred_on_the_words_at_fault():
    """A misspelt placeholder past the cut of a long text is shown, the excerpt centred on it (the
    translator's text and the reference's placeholder it lacks), not cut before it."""
    from rich.console import Console

    from tashkalar_cli.render.i18n import excerpt, report_renderable
    from tashkalar_cli.text.i18ncheck.model import Finding, Report, said

    words = "Au début de la partie, chaque joueur pioche cinq cartes et les garde secrètes jusqu'à la fin ; "
    text = words + "quand un joueur atteint {score_flare_invoekd} points, la partie se termine aussitôt. " + words
    cut = excerpt(text, 90, "{score_flare_invoekd}")
    assert len(cut) <= 90 and cut.startswith("…") and cut.endswith("…") and "{score_flare_invoekd}" in cut, cut
    assert cut[1:-1].strip() in text and text[text.index(cut[1:-1].strip()) - 1] == " "   # begun at a word
    assert excerpt(text, 90) == excerpt(text, 90, "absent")   # nothing to centre on: the text's start
    ref = text.replace("invoekd", "invoked").replace("Au début", "At the start")
    message = said("placeholder-typo", "{found} is not in the reference: did you mean {wanted}?",
                   found="{score_flare_invoekd}", wanted="{score_flare_invoked}")
    report = Report("en", ["fr"], [Finding("fr", "fr/rules.yaml", "k", "placeholders", "error", message, 3, "text",
                                           ref, text, "placeholder-typo")])
    console = Console(width=300, record=True)
    console.print(report_renderable(report))
    out = console.export_text()
    assert out.count("{score_flare_invoekd}") == 2 and out.count("{score_flare_invoked}") == 2, out


def test_excerpts_are_cut_between_words_with_an_ellipsis():
    from rich.console import Console

    from tashkalar_cli.render.i18n import excerpt, report_renderable
    from tashkalar_cli.text.i18ncheck.model import Finding, Report

    text = "Vous pouvez détruire une pièce ennemie adjacente à une pièce de votre équipe si elle est seule"
    cut = excerpt(text, 36)
    assert cut == "Vous pouvez détruire une pièce…"
    assert text.startswith(cut[:-1].rstrip()) and text[len(cut[:-1].rstrip())] == " ", cut
    assert excerpt("court", 40) == "court"
    assert excerpt("x" * 50, 10) == "x" * 9 + "…"   # one long word: cut where it must
    report = Report("en", ["fr"], [Finding("fr", "fr/rules.yaml", "k", "numbers", "error", "m", 3, "text",
                                           "You may destroy an enemy piece adjacent to a piece of your team",
                                           text)])
    console = Console(width=300, record=True)
    console.print(report_renderable(report, limit_text=36))
    out = console.export_text()
    assert "fr:  Vous pouvez détruire une pièce…" in out and "enne…" not in out, out
    assert "ref: You may destroy an enemy piece…" in out, out


def _one_edit(tmp_path, path: str, old: str, new: str):
    """A copy of the English and Italian locales with one edit of an Italian file."""
    import shutil

    copy = tmp_path / "l"
    for code in ("en", "it"):
        shutil.copytree(REPO / "locales" / code, copy / code)
    file = copy / "it" / path
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


@pytest.mark.parametrize(("path", "old", "new", "code"), [
    ("cards/everfrost.yaml", "casella vuota", "casella libera", "forbidden-term"),   # not term-missing as well
    ("cards/etherweave.yaml", "adiacente a 2 o più", "adiacente a 3 o più", "numbers"),   # 2 -> 3: one finding
])
def test_one_edit_is_one_finding(cli, tmp_path, path, old, new, code):
    copy = _one_edit(tmp_path, path, old, new)
    r = cli("i18n", "check", "--locales", str(copy), "--target", "it", "--json")
    found = [f for f in r.json["findings"] if f["check"] != "sources"]
    assert [f["code"] for f in found] == [code], found


def test_a_changed_number_is_one_finding_naming_both():
    from tashkalar_cli.text.i18ncheck.checks import check_numbers

    said = [m for _, m in check_numbers("Score 2 points.", "Segna 3 punti.", {}, {})]
    assert [(m.key, str(m)) for m in said] == [("numbers-changed", "number(s) 3 where the reference has 2")]


def test_a_forbidden_term_is_found_at_its_line_and_column(cli, tmp_path):
    """Not at the field's first line (``effect: >-``): where the variant stands in the folded text."""
    copy = _one_edit(tmp_path, "cards/everfrost.yaml", "casella vuota", "casella libera")
    lines = (copy / "it" / "cards" / "everfrost.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "casella libera" in text)
    assert not lines[line - 1].lstrip().startswith("effect:")
    r = cli("i18n", "check", "--locales", str(copy), "--target", "it", "--json")
    found = [f for f in r.json["findings"] if f["code"] == "forbidden-term"]
    assert [(f["line"], f["column"]) for f in found] == [(line, lines[line - 1].index("casella libera") + 1)]


def test_a_number_added_past_the_cut_is_shown_in_the_excerpt(locales, cli, monkeypatch):
    """A number a translation adds (or changes) past the cut of a long text: the excerpt is centred on it."""
    root = locales("fr")
    path = root / "fr" / "cards" / "etherweave.yaml"
    text = path.read_text(encoding="utf-8")
    old = "résolvez une copie de son effet de distorsion."
    assert old in text
    path.write_text(text.replace(old, "résolvez une copie de son effet de distorsion, puis une autre encore pour "
                                      "faire bonne mesure sur toutes les cases voisines 7.", 1), encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "250")
    out = cli("i18n", "check", "--locales", str(root), "--target", "fr").out
    shown = [line for line in out.splitlines() if "fr:  " in line]
    assert len(shown) == 1 and "voisines 7." in shown[0], out[-2000:]


def test_an_excerpt_finds_a_number_as_a_whole_number():
    from tashkalar_cli.render.i18n import excerpt

    text = "Il y a 17 cases. " + "Puis encore beaucoup de mots pour allonger le texte. " * 3 + "Et 7 de plus."
    assert excerpt(text, 40, "7").endswith("Et 7 de plus.")


@pytest.mark.parametrize(("reference", "translation", "found"), [
    ("Draw a card.", "Piochez une [bold]carte.", True),                       # a style tag added, unbalanced
    ("Draw a card.", "Piochez une [bold]carte[/bold].", True),                # balanced, yet not in the reference
    ("Try [blue]'{x}'[/] for help.", "Essayez '{x}' pour de l'aide.", True),  # a tag lost
    ("Try [blue]'{x}'[/] for help.", "Essayez [blue]'{x}'[/] pour de l'aide.", False),
    ("Play [deck] cards.", "Jouez les cartes [pioche].", False),              # words in brackets: no style
])
def test_style_tags_that_differ_from_the_reference_are_reported(reference, translation, found):
    from tashkalar_cli.text.i18ncheck.checks import check_markup

    assert bool(check_markup(reference, translation)) == found


def test_a_style_tag_added_to_a_translation_is_a_markup_error(locales, clean, dataset):
    root = locales("fr")
    path = root / "fr" / "cards" / "etherweave.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("résolvez une copie", "résolvez [bold]une copie", 1), encoding="utf-8")
    _, found = planted(root, dataset, clean, "fr")
    assert any(f.key == "doppelganger" and f.check == "markup" and f.severity == "error" for f in found), found

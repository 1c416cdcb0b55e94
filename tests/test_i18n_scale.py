"""``i18n check`` on large inputs (issue 29): the work grows with the input, never with the input
times itself. Bounds on WORK (rows drawn, findings made, files read and validated), never on time;
the timings are in benchmarks/i18n_scale.py."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from conftest import REPO, count_calls

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


def _findings(n: int, file: str = "de/ui.yaml"):
    from tashkalar_cli.text.i18ncheck.model import WARNING, Finding, Report, said

    report = Report("en", ["de"])
    report.findings = [Finding("de", file, f"extra.key{i}", "obsolete", WARNING,
                               said("not-in-reference", "'{key}' ({field}) is not in the reference language",
                                    key=f"extra.key{i}", field="text"), None, "text", None, f"text {i}")
                       for i in range(n)]
    return report


def _rows(renderable) -> int:
    from tashkalar_cli.render.fit import Fitted

    return sum(part.table.row_count for part in renderable.renderables
               if isinstance(part, Fitted) and part.table.title == "de/ui.yaml")


#: below the bound and past it (the default run); 5,000 findings past it as well in the slow run
@pytest.mark.parametrize("n", [10, 1_000, pytest.param(5_000, marks=pytest.mark.slow)])
def test_the_text_report_draws_a_bounded_number_of_rows_per_file(n: int) -> None:
    from rich.console import Console

    from tashkalar_cli.render.i18n import MOST_ROWS, report_renderable
    from tashkalar_cli.text.i18ncheck.model import Coverage

    report = _findings(n)
    report.coverage["de"] = Coverage()
    shown = report_renderable(report)
    assert _rows(shown) == min(n, MOST_ROWS)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(shown)
    text = console.export_text()
    if n > MOST_ROWS:
        assert f"… and {n - MOST_ROWS} more findings in this file" in text
    assert f"{n} warning(s)" in text  # every finding counted, shown or not


def test_the_more_line_is_said_in_the_language(tk) -> None:
    from rich.console import Console

    from tashkalar_cli.render.i18n import MOST_ROWS, report_renderable

    loc = tk.localizer("fr")
    report = _findings(MOST_ROWS + 1)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(report_renderable(report, loc=loc))
    assert "1 autre constat dans ce fichier" in console.export_text()


#: the same count in every language: two of them in the default run, four in the slow run
@pytest.mark.parametrize("langs", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_an_empty_language_folder_makes_one_finding_per_file_not_per_entry(tmp_path: Path, dataset, langs: int) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    root = tmp_path / "locales"
    for i in range(langs):
        (root / f"l{i}").mkdir(parents=True)
    report = check_locales(root, dataset.facts, builtin=REPO / "locales")
    reference_files = {f.file.split("/", 1)[1] for f in report.findings} or {"?"}
    per_lang = [sum(f.lang == lang for f in report.findings) for lang in report.languages]
    # one finding per file of the reference (a few dozen), the same for every language: linear in
    # the number of languages, whatever the number of entries (1,300 findings each before)
    assert per_lang == [per_lang[0]] * langs and per_lang[0] == len(reference_files) < 60
    assert all(f.code == "missing-file" for f in report.findings)
    assert sum(int(str(f.message).rsplit(": ", 1)[1].rstrip(")")) for f in report.findings if f.lang == "l0") \
        == report.coverage["l0"].missing > 1000   # every entry still counted, in the message and the coverage


def test_a_file_missing_from_a_language_is_one_finding(tmp_path: Path, dataset) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    root = tmp_path / "locales"
    shutil.copytree(REPO / "locales" / "it", root / "it")
    (root / "it" / "cards" / "imperial.yaml").unlink()
    report = check_locales(root, dataset.facts, builtin=REPO / "locales")
    missing = [f for f in report.findings if f.check == "missing"]
    assert [(f.file, f.code) for f in missing] == [("it/cards/imperial.yaml", "missing-file")]
    assert report.exit_code() == 1


def test_the_shared_ui_file_is_read_and_validated_once_for_all_games(cli, monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    from tashkalar_cli.data import locales as reader

    shutil.copytree(REPO / "locales" / "fr", tmp_path / "mine" / "fr")
    seen: list[str] = []
    original = reader.LocaleReader._read_ui

    def counted(self, out, data, lines, shown, damaged):  # type: ignore[no-untyped-def]
        seen.append(shown)
        return original(self, out, data, lines, shown, damaged)

    monkeypatch.setattr(reader.LocaleReader, "_read_ui", counted)
    r = cli("i18n", "check", "--locales", str(tmp_path / "mine"), "--json")
    assert r.code in (0, 1), r.err
    assert sorted(seen) == ["en/ui.yaml", "fr/ui.yaml"]   # not once per game (twice before)


def test_a_ui_file_of_many_messages_is_validated_without_them_when_they_are_valid(monkeypatch) -> None:
    from tashkalar_cli.data import locales as reader
    from tashkalar_cli.data.schemas import schema_errors
    from tashkalar_cli.data.yamlio import LineMap

    good = {"language": {"name": "x"}, "messages": {f"k.{i}": "text" for i in range(1000)}}
    assert reader._lighter("locale-ui", good)["messages"] == {}
    for bad in ({"Bad Key": "x"}, {"k": ""}, {"k": 3}, {"k\n": "x"}):
        data = {"language": {"name": "x"}, "messages": {**good["messages"], **bad}}
        assert reader._lighter("locale-ui", data) is data          # validated whole: same verdict
    data = {"language": {"name": "x"}, "messages": {**good["messages"], "k": ""}}
    assert schema_errors("locale-ui", reader._lighter("locale-ui", data), LineMap(), "ui.yaml")


def test_a_reference_folder_that_holds_no_locales_is_refused(cli, tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    (empty / "notes.txt").write_text("x", encoding="utf-8")
    for args in (("--reference", str(empty)), ("--locales", str(tmp_path), "--reference", "nothing")):
        r = cli("i18n", "check", *args)
        assert r.code == 2, (args, r.out[-500:], r.err)
        assert len(r.err.strip().splitlines()) == 1 and "holds no locale file" in r.err and str(empty) in r.err
        assert r.out == ""
    r = cli("--lang", "es", "i18n", "check", "--reference", str(empty))
    assert r.code == 2 and "no contiene ningún archivo de idioma" in r.err


# ---------------------------------------------------------------- work bounds (issue 29, round two)

def _translator_copy(root: Path, extra: int) -> Path:
    """A copy of the French texts whose ui.yaml has ``extra`` messages the reference lacks."""
    shutil.copytree(REPO / "locales" / "fr", root / "fr")
    ui = root / "fr" / "ui.yaml"
    lines = "".join(f'  extra.key{i}: "Un texte numéro {i} avec {{count}} mots"\n' for i in range(extra))
    ui.write_text(ui.read_text(encoding="utf-8").replace("messages:\n", "messages:\n" + lines, 1), encoding="utf-8")
    return root


def test_the_cycle_collector_never_walks_the_data_of_a_check(tmp_path: Path, cli) -> None:
    """The parsed files and the findings hold no cycle: the collector, which walked every object of
    them again and again as they grew (two fifths of the CPU time of a 7.8 MB file), is held off
    while the command runs (the command line's choice: the library leaves the collector alone), and
    its state given back after."""
    import gc

    root = _translator_copy(tmp_path / "locales", 3_000)
    runs: list[int] = []

    def seen(phase: str, info: dict) -> None:  # type: ignore[type-arg]
        if phase == "start":
            runs.append(info["generation"])

    was = gc.isenabled()
    gc.enable()
    gc.callbacks.append(seen)
    try:
        result = cli("i18n", "check", "--locales", str(root), "--json")
        assert gc.isenabled()
        assert sum(f["check"] == "obsolete" for f in result.json["findings"]) >= 3_000, result.err
        # a few young collections while the data loads, around the paused check, and none of the oldest
        # generation: hundreds without the pause, dozens of them of the oldest generation, each walking everything
        assert len(runs) < 20 and 2 not in runs, runs
    finally:
        gc.callbacks.remove(seen)
        if not was:
            gc.disable()


def test_a_text_is_matched_against_the_terms_it_holds_not_against_every_term(dataset, monkeypatch) -> None:
    """TermMatcher runs a regular expression only for the forms a text holds as a substring (a few),
    not for every form of the glossary (dozens, for each of thousands of texts)."""
    from tashkalar_cli.data.locales import LocaleReader
    from tashkalar_cli.text.i18ncheck import checks

    runs = [0]

    class Counted:
        def __init__(self, rx):  # type: ignore[no-untyped-def]
            self.rx = rx

        def finditer(self, hay: str):  # type: ignore[no-untyped-def]
            runs[0] += 1
            return self.rx.finditer(hay)

        def search(self, hay: str):  # type: ignore[no-untyped-def]
            runs[0] += 1
            return self.rx.search(hay)

    original = checks.form_regex
    monkeypatch.setattr(checks, "form_regex", lambda form, whole: Counted(original(form, whole)))
    texts = LocaleReader(strict=False).read(REPO / "locales" / "en", "")
    glossary = {key: entry for (sec, key), entry in texts.entries.items() if sec == "keywords"}
    matcher = checks.TermMatcher(glossary)
    assert len(matcher.forms) > 50
    found = matcher.found("Destroy 1 adjacent enemy piece, then summon a legendary being.")
    assert found and runs[0] <= 10        # one per form the text holds: not one per form
    runs[0] = 0
    assert matcher.found("Nothing of the game here.") == set() and runs[0] == 0
    assert matcher.present("Destroy it.", "destroy") and runs[0] <= 2


def test_folding_grows_with_the_texts_not_with_the_texts_times_the_number_words(monkeypatch) -> None:
    """A language's number words are folded once, not once per text read for its numbers; a text
    compared again (a reference text, with every language) is folded once."""
    from tashkalar_cli.text.i18ncheck import checks

    calls = count_calls(monkeypatch, "fold", checks)
    for cached in ("folded", "_folded_words"):   # worked out afresh: calls counted from here
        if hasattr(checks, cached):
            getattr(checks, cached).cache_clear()
    words = {f"mot{i}": i for i in range(2, 402)}

    def work(n: int) -> int:
        calls[0] = 0
        for i in range(n):
            text = f"Placez {i} pièces sur mot{i % 400 + 2} cases."
            checks.check_numbers(text, text, words, words)
            checks.check_untranslated(text, text)
        return calls[0]

    small, large = work(100), work(200)
    assert large - small <= 2 * 100 + 5   # a fold per new text (and a few): 40,000 more before
    assert small <= 400 + 2 * 100 + 5

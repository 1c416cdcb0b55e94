"""Progress on long work: a line on standard error, drawn by Rich's progress display, only when standard error
is a terminal and the answer is not --json; nothing on a pipe. The terminal is forced through the command
line's seam (CliState.progress_terminal, progress_delay), never by patching Rich; the work is bounded, not
timed: a delay of 0 shows the line at once, a long delay never within a quick step."""

from __future__ import annotations

import io

import pytest


def _run(capsys, args: list[str], *, terminal: bool | None, delay: float | None = 0.0) -> tuple[int, str, str]:
    from tashkalar_cli.cli.app import run
    from tashkalar_cli.command.common import CliState

    line = CliState(progress_terminal=terminal, progress_delay=delay)
    capsys.readouterr()
    try:
        run(args, line)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


#: the default run keeps the line in French (its label looked up in the user's language); the English one, the
#: default language's, in the slow run (test_every_label_is_in_every_language holds the English labels)
@pytest.mark.parametrize(("args", "label"), [
    pytest.param(["plan", "--player", "blue", "--pieces", "d4=blue,e4=blue,e5=blue:heroic"], "Planning the turn",
                 marks=pytest.mark.slow),
    (["plan", "--player", "blue", "--pieces", "d4=blue,e4=blue", "--lang", "fr"], "Recherche des plans du tour"),
])
def test_a_terminal_sees_a_line_of_progress(capsys, args, label):
    code, out, err = _run(capsys, args, terminal=True)
    assert code == 0
    assert label in err                      # Rich's line, in the user's language
    assert label not in out                  # standard output keeps the answer alone


@pytest.mark.parametrize("terminal", [False, None])   # None: asks the stream, which is not a terminal here
def test_nothing_on_a_pipe(capsys, terminal):
    code, _, err = _run(capsys, ["plan", "--player", "blue", "--pieces", "d4=blue,e4=blue"], terminal=terminal)
    assert code == 0 and err == ""


def test_nothing_with_json(capsys):
    code, out, err = _run(capsys, ["plan", "--player", "blue", "--pieces", "d4=blue,e4=blue", "--json"], terminal=True)
    assert code == 0 and err == "" and out.startswith("{")


def test_quick_work_shows_nothing(capsys):
    code, _, err = _run(capsys, ["plan", "--player", "blue", "--pieces", "d4=blue"], terminal=True, delay=3600.0)
    assert code == 0 and err == ""


def test_the_library_reports_to_whoever_listens_and_to_no_one_else():
    from tashkalar_cli.data.progress import reporting, step
    from tashkalar_cli.render.progress import RichReporter

    with step("progress.plan") as done:      # no reporter: nothing, no error
        done(1)
    stream = io.StringIO()
    reporter = RichReporter(stream, lambda key: f"<{key}>", delay=0)
    with reporting(reporter), step("progress.validate", 3) as done:
        with step("progress.cache"):         # nested: the outer line stays the only one
            pass
        done(2)
        done(1)
    assert reporter.shown == 1
    assert "<progress.validate>" in stream.getvalue() and "<progress.cache>" not in stream.getvalue()
    with step("progress.plan"):              # the block is over: no one listens any more
        pass
    assert reporter.shown == 1


def test_a_long_delay_never_shows_a_quick_step():
    from tashkalar_cli.data.progress import reporting, step
    from tashkalar_cli.render.progress import RichReporter

    stream = io.StringIO()
    reporter = RichReporter(stream, str, delay=3600.0)
    with reporting(reporter), step("progress.plan"):
        pass
    assert reporter.shown == 0 and stream.getvalue() == ""


def test_every_label_is_in_every_language():
    import yaml

    from tashkalar_cli.cli.progress import LABELS

    from conftest import REPO

    for lang in ("en", "fr", "es", "it"):
        messages = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["messages"]
        assert set(LABELS) <= set(messages), lang
        if lang == "en":
            assert all(messages[k] == v for k, v in LABELS.items())


@pytest.mark.slow
def test_building_the_cache_shows_a_line(data_copy_of, tmp_path, monkeypatch):
    data_copy = data_copy_of()
    from tashkalar_cli.data.cache import load_dataset
    from tashkalar_cli.data.progress import reporting
    from tashkalar_cli.game import load_uncached
    from tashkalar_cli.render.progress import RichReporter

    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))   # cold: the build runs
    stream = io.StringIO()
    reporter = RichReporter(stream, lambda key: f"<{key}>", delay=0)
    with reporting(reporter):
        load_dataset(data_copy, build=load_uncached)
    assert reporter.shown == 1 and "<progress.cache>" in stream.getvalue()


@pytest.mark.slow
def test_validate_shows_a_line_on_a_terminal(capsys):
    code, _, err = _run(capsys, ["validate"], terminal=True)     # one word: not taken for a request for help
    assert code == 0 and "Validating the data and locale files" in err

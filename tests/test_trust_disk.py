"""All or nothing on disk: the outputs of a command written together or not at all, a temporary
file never left behind (a failure, SIGINT, SIGTERM, SIGHUP), a file replaced only if it is still
the one checked, the signature line that marks the tool's files (with the digest of the file),
and the shell's start-up file written whole, byte for byte, by ``--install-completion``."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from conftest import write

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")

HANG = 60  # a hang guard: a case takes a second or two
APPLY = ("summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--apply", "--at", "e5")


def entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def signed_file(path: Path, body: str) -> Path:
    """A file as the tool signs it."""
    from tashkalar_cli.data.output import signed

    path.write_bytes(signed(body).encode())
    return path


def run(*args: str, code: str = "", cwd: Path | None = None, env: dict[str, str] | None = None,
        preexec: Any = None) -> subprocess.CompletedProcess[str]:
    """``tashkalar ARGS`` in a process of its own (HOME and the cache are the tests'), after ``code``."""
    script = f"import sys\n{code}\nfrom tashkalar_cli.cli.app import main\nmain(sys.argv[1:])\n"
    full_env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    return subprocess.run([sys.executable, "-c", script, *args], env=full_env, capture_output=True, text=True,
                          timeout=HANG, cwd=cwd or tempfile.gettempdir(), preexec_fn=preexec)


# ------------------------------------------------------------------ several outputs: all or none

def test_a_refused_second_output_leaves_the_first_unwritten(cli: Any, tmp_path: Path) -> None:
    mine = write(tmp_path / "mine.yaml", "my notes\n")
    r = cli(*APPLY, "--out", str(tmp_path / "a.yaml"), "--record", str(mine))
    assert r.code == 2 and "did not write" in r.err
    assert entries(tmp_path) == ["mine.yaml"] and mine.read_text() == "my notes\n"


def test_a_second_output_failing_at_write_time_leaves_no_first_one(cli: Any, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up while the record is written: the position is not written either."""
    real = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if str(kwargs.get("prefix", "")).startswith(".b.yaml"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    r = cli(*APPLY, "--out", str(tmp_path / "a.yaml"), "--record", str(tmp_path / "b.yaml"))
    assert r.code == 2 and "b.yaml" in r.err and os.strerror(errno.ENOSPC) in r.err, r.err
    assert len(r.err.strip().splitlines()) == 1
    assert entries(tmp_path) == [], "no output, no temporary file"


def test_a_failed_rename_gives_the_first_output_its_old_file_back(cli: Any, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Both outputs are the tool's files from a former run; the second rename fails: the first
    file, already replaced, is the old one again, and no temporary or kept file remains."""
    a = signed_file(tmp_path / "a.yaml", "pieces: {}\n")
    b = signed_file(tmp_path / "b.yaml", "player: blue\n")
    before = {p.name: p.read_bytes() for p in (a, b)}
    real = os.replace

    def replace(src: Any, dst: Any, **kwargs: Any) -> None:
        if str(dst) == str(b) and ".tmp" in str(src):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(src, dst, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    r = cli(*APPLY, "--out", str(a), "--record", str(b))
    assert r.code == 2 and "b.yaml" in r.err, r.err
    assert {p.name: p.read_bytes() for p in (a, b)} == before
    assert entries(tmp_path) == ["a.yaml", "b.yaml"]


def test_a_file_too_large_for_the_process_leaves_every_output_as_it_was(cli: Any, tmp_path: Path) -> None:
    """A real write failure (the file size limit: EFBIG past 8 KB): the small position fits, the
    large picture does not, and neither is written."""
    import resource

    assert cli("card", "show", "swordmaster").code == 0   # the cache is ready: the process writes only outputs

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    proc = run(*APPLY, "--out", "a.yaml", "--svg", "p.svg", cwd=tmp_path, preexec=limit)
    assert proc.returncode == 2 and "p.svg" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert entries(tmp_path) == []


# ------------------------------------------------------------------ signals

@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_during_the_write_leaves_no_temporary_file(tmp_path: Path, sig: str) -> None:
    """The signal comes while the sheet's temporary file is flushed: it is removed, nothing is
    written, and the exit code is the signal's (128 + its number; SIGINT: 130)."""
    number = getattr(signal, sig)
    code = ("import os, signal\n"
            "real = os.fsync\n"
            f"def fsync(fd):\n    os.kill(os.getpid(), {number})\n    real(fd)\n"
            "os.fsync = fsync\n")
    # the signal's default action in the process, whatever it inherits: a test run started in the background
    # of a shell ignores SIGINT, and so would the tool (as under nohup), which then finished the sheet (exit 0)
    proc = run("sheet", "--deck", "imperial", "--out", "s.html", code=code, cwd=tmp_path,
               preexec=lambda: signal.signal(number, signal.SIG_DFL))
    assert proc.returncode == 128 + number, (proc.returncode, proc.stderr[-500:])
    assert "Traceback" not in proc.stderr
    assert entries(tmp_path) == [], "no temporary file, no sheet"


def test_the_signal_handlers_are_those_of_before_after_a_write(tmp_path: Path) -> None:
    from tashkalar_cli.data.atomic import Planned, replace_all

    def mine(signum: int, frame: Any) -> None:
        pass

    previous = signal.signal(signal.SIGTERM, mine)
    try:
        replace_all([Planned(tmp_path / "x.svg", b"<svg/>", None)])
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert (tmp_path / "x.svg").read_bytes() == b"<svg/>"


# ------------------------------------------------------------------ no replacing what was not checked

def test_a_file_appearing_after_the_check_is_not_replaced(tmp_path: Path) -> None:
    from tashkalar_cli.data.atomic import Planned, WriteFailed, replace_all

    target = write(tmp_path / "a.yaml", "a file of the user's, made meanwhile\n")
    with pytest.raises(WriteFailed) as caught:
        replace_all([Planned(tmp_path / "new.yaml", b"x: 1\n", None), Planned(target, b"y: 2\n", None)])
    assert caught.value.changed and caught.value.target == target
    assert target.read_text() == "a file of the user's, made meanwhile\n"
    assert entries(tmp_path) == ["a.yaml"], "the first output undone, no temporary file"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_renameat2_through_syscall_when_the_c_library_lacks_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An older C library has no renameat2(): the system call is made by its number (its
    arguments as longs: a negative folder descriptor must reach the kernel as such)."""
    import ctypes

    from tashkalar_cli.data import atomic

    real = ctypes.CDLL

    class WithoutRenameat2:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.lib = real(*args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            if name == "renameat2":
                raise AttributeError(name)
            return getattr(self.lib, name)

    monkeypatch.setattr(ctypes, "CDLL", WithoutRenameat2)
    call = atomic._renameat2()
    if call is None:
        pytest.skip("no system call number known for this machine")
    first, second = write(tmp_path / "a", "1"), write(tmp_path / "b", "2")
    assert call(os.fsencode(first), os.fsencode(second)) == -1 and ctypes.get_errno() == errno.EEXIST
    assert call(os.fsencode(first), os.fsencode(tmp_path / "c")) == 0
    assert entries(tmp_path) == ["b", "c"] and second.read_text() == "2"


@pytest.mark.parametrize("fallback", ["link", "re-check"])
def test_without_renameat2_an_existing_file_is_still_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  fallback: str) -> None:
    from tashkalar_cli.data import atomic

    monkeypatch.setattr(atomic, "_renameat2", lambda: None)
    if fallback == "re-check":   # a file system without hard links either
        def no_link(*args: Any, **kwargs: Any) -> None:
            raise OSError(errno.EPERM, os.strerror(errno.EPERM))

        monkeypatch.setattr(os, "link", no_link)
    target = write(tmp_path / "a.yaml", "mine\n")
    with pytest.raises(atomic.WriteFailed):
        atomic.replace_all([atomic.Planned(target, b"y: 2\n", None)])
    assert target.read_text() == "mine\n" and entries(tmp_path) == ["a.yaml"]
    atomic.replace_all([atomic.Planned(tmp_path / "b.yaml", b"y: 2\n", None)])
    assert (tmp_path / "b.yaml").read_bytes() == b"y: 2\n" and entries(tmp_path) == ["a.yaml", "b.yaml"]


def test_a_file_changed_after_the_check_is_not_replaced(tmp_path: Path) -> None:
    from tashkalar_cli.data.atomic import Planned, WriteFailed, identity, replace_all

    target = signed_file(tmp_path / "a.yaml", "pieces: {}\n")
    checked = identity(target)
    os.unlink(target)
    write(target, "the user's new file under the same name\n")
    with pytest.raises(WriteFailed) as caught:
        replace_all([Planned(target, b"x: 1\n", checked)])
    assert caught.value.changed
    assert target.read_text() == "the user's new file under the same name\n" and entries(tmp_path) == ["a.yaml"]


# ------------------------------------------------------------------ the signature

@pytest.mark.parametrize("text", [
    "my notes\nwritten by tashkalar\n",
    "my notes\n# written by tashkalar\n",
    "# my notes: this was written by tashkalar, then edited\n",
    "my notes\n<!-- written by tashkalar sha256:" + "0" * 64 + " -->\n",
])
def test_the_signature_counts_only_as_the_exact_first_line(cli: Any, tmp_path: Path, text: str) -> None:
    mine = write(tmp_path / "mine.yaml", text)
    r = cli(*APPLY, "--out", str(mine), "--force")
    assert r.code == 2 and "did not write" in r.err, r.err
    assert mine.read_text() == text


def test_an_edited_file_of_the_tools_is_replaced_only_with_force(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "after.yaml"
    assert cli(*APPLY, "--out", str(out)).code == 0
    assert cli(*APPLY, "--out", str(out)).code == 0, "as the tool wrote it: replaced"
    edited = out.read_text() + "# my note\n"
    out.write_text(edited)
    r = cli(*APPLY, "--out", str(out))
    assert r.code == 2 and "--force" in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert out.read_text() == edited
    r = cli(*APPLY, "--out", str(out), "--force")
    assert r.code == 0, r.err
    assert "# my note" not in out.read_text()


@pytest.mark.parametrize("lang", ["fr", "es", "it"])
def test_the_edited_file_message_speaks_the_language(cli: Any, tmp_path: Path, dataset: Any, lang: str) -> None:
    out = tmp_path / "after.svg"
    out.write_text("<!-- written by tashkalar -->\n<svg/>\n")   # an older version's line
    r = cli("--lang", lang, "position", "show", "--pieces", "e4=blue", "--svg", str(out))
    assert r.code == 2 and "--force" in r.err, r.err
    words = dataset.locales[lang]["ui"]["error.output-old-signature"].split(":", 1)[1].strip()[:15]
    assert words in r.err


def test_a_file_of_an_older_version_is_replaced_with_force(cli: Any, tmp_path: Path) -> None:
    out = write(tmp_path / "old.yaml", "# written by tashkalar\npieces: {}\n")
    r = cli(*APPLY, "--out", str(out))
    assert r.code == 2 and "older version" in r.err, r.err
    assert cli(*APPLY, "--out", str(out), "--force").code == 0
    assert out.read_text().startswith("# written by tashkalar sha256:")


def test_a_user_file_is_never_replaced_even_with_force(cli: Any, tmp_path: Path) -> None:
    mine = write(tmp_path / "mine.html", "<p>notes</p>\n")
    r = cli("sheet", "--deck", "imperial", "--out", str(mine), "--force")
    assert r.code == 2 and mine.read_text() == "<p>notes</p>\n"


def test_the_digest_is_of_every_byte_after_the_line(tmp_path: Path) -> None:
    from tashkalar_cli.data.output import Made, made_by, signed

    text = signed('<?xml version="1.0"?>\n<svg>é</svg>\n')
    first, line, rest = text.split("\n", 2)
    assert first == '<?xml version="1.0"?>'
    assert line == f"<!-- written by tashkalar sha256:{hashlib.sha256(rest.encode()).hexdigest()} -->"
    path = tmp_path / "x.svg"
    path.write_bytes(text.encode())
    assert made_by(path)[0] is Made.TOOL
    path.write_bytes(text.encode().replace(b"</svg>", b"</svg> "))
    assert made_by(path)[0] is Made.EDITED


def test_a_turn_record_the_tool_wrote_is_read_back_and_updated_in_place(cli: Any, tmp_path: Path) -> None:
    record = tmp_path / "turn.yaml"
    r = cli(*APPLY, "--record", str(record))
    assert r.code == 0, r.err
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue,c4=blue,c6=blue", "--player", "blue", "--apply",
            "--at", "c5", "--turn", str(record), "--record", str(record), "--json")
    assert r.code == 0, r.err
    assert record.read_text().startswith("# written by tashkalar sha256:")
    assert len(r.json["turn"]["summoned"]) == 2


# ------------------------------------------------------------------ --install-completion

@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "bash")
    return folder


def test_the_start_up_file_keeps_its_bytes(cli: Any, home: Path) -> None:
    """A Latin-1 byte and no final newline: every byte stays, the line is added once."""
    old = b"export NAME=Ren\xe9\nalias ll='ls -l'"
    (home / ".bashrc").write_bytes(old)
    for _ in range(2):
        r = cli("--install-completion")
        assert r.code == 0, r.err
    script = home / ".bash_completions" / "tashkalar.sh"
    assert (home / ".bashrc").read_bytes() == old + f"\nsource '{script}'\n".encode()
    assert "_TASHKALAR_COMPLETE=complete_bash" in script.read_text()
    assert set(entries(home)) <= {".bash_completions", ".bashrc", ".cache"}, "no temporary or kept file"


@pytest.mark.parametrize("kind", ["folder", "symlink", "dangling"])
def test_a_start_up_file_that_is_not_a_regular_file_is_left_alone(cli: Any, home: Path, kind: str) -> None:
    rc = home / ".bashrc"
    target = write(home / "elsewhere", "mine\n")
    if kind == "folder":
        rc.mkdir()
    elif kind == "symlink":
        rc.symlink_to(target)
    else:
        rc.symlink_to(home / "nowhere")
    r = cli("--install-completion")
    assert r.code == 2 and "regular file" in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert target.read_text() == "mine\n" and not (home / "nowhere").exists()
    assert not (home / ".bash_completions" / "tashkalar.sh").exists()


def test_a_fifo_as_the_start_up_file_is_refused_without_waiting(home: Path) -> None:
    os.mkfifo(home / ".bashrc")
    proc = run("--install-completion", "bash", env={"HOME": str(home), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert proc.returncode == 2 and "regular file" in proc.stderr, proc.stderr
    assert not (home / ".bash_completions" / "tashkalar.sh").exists()


def test_an_unsupported_shell_with_json_is_one_json_error(cli: Any, home: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "tcsh")
    r = cli("--install-completion", "--json")
    assert r.code == 2 and r.out == ""
    error = json.loads(r.err)["error"]
    assert error["key"] == "completion-shell" and "tcsh" in error["message"]
    assert entries(home) in ([], [".cache"])
    r = cli("--install-completion")
    assert r.code == 2 and "tcsh" in r.err and len(r.err.strip().splitlines()) == 1


def test_a_full_disk_leaves_the_start_up_file_whole(cli: Any, home: Path) -> None:
    """The file size limit stands for a full disk: past 4 KB a write fails. The start-up file
    (larger than that) is left whole, and nothing else is written."""
    import resource

    old = b"".join(b"export VAR_%d=%d\n" % (i, i) for i in range(1000))
    (home / ".bashrc").write_bytes(old)
    assert len(old) > 4096

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    proc = run("--install-completion", "bash", env={"HOME": str(home), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"},
               preexec=limit)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert (home / ".bashrc").read_bytes() == old
    assert not (home / ".bash_completions" / "tashkalar.sh").exists()
    assert [p for p in home.iterdir() if p.name.endswith((".tmp", ".old"))] == []


def test_a_users_file_in_the_scripts_place_leaves_the_start_up_file_alone(cli: Any, home: Path) -> None:
    """The script and the start-up line are written together: the script's place refused, the
    start-up file is not changed either."""
    (home / ".bashrc").write_bytes(b"alias a=b\n")
    mine = write(home / ".bash_completions" / "tashkalar.sh", "# my own completion\n")
    r = cli("--install-completion")
    assert r.code == 2 and "did not write" in r.err, r.err
    assert (home / ".bashrc").read_bytes() == b"alias a=b\n" and mine.read_text() == "# my own completion\n"


def test_zsh_keeps_the_users_completion_style(cli: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "zsh")
    old = b"zstyle ':completion:*' menu no\n# \xff\xfe not UTF-8\n"
    (home / ".zshrc").write_bytes(old)
    for _ in range(2):
        assert cli("--install-completion").code == 0
    assert (home / ".zshrc").read_bytes() == old + b"fpath+=~/.zfunc; autoload -Uz compinit; compinit\n"
    assert "compdef" in (home / ".zfunc" / "_tashkalar").read_text()

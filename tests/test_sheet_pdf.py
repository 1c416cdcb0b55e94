"""``sheet`` writes PDF: by the suffix of --out or --format pdf, printed by headless Chromium, signed like every
file the tool writes (a PDF comment after the header, the cross-reference offsets moved so that the file stays
valid), written over only when the tool wrote it; no browser: one line, exit 2, nothing written."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest


def _pdf(objects: list[bytes]) -> bytes:
    """A small valid PDF with a classic cross-reference table, as a browser writes one."""
    out = bytearray(b"%PDF-1.4\n%\xd3\xeb\xe9\xe1\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<</Size %d /Root 1 0 R>>\nstartxref\n%d\n%%%%EOF" % (len(objects) + 1, table)
    return bytes(out)


def _offsets_point_at_their_objects(data: bytes) -> bool:
    table = int(re.search(rb"startxref\s+(\d+)\s+%%EOF", data)[1])
    assert data.startswith(b"xref", table)
    entries = re.findall(rb"(\d{10}) \d{5} n ", data[table:])
    return bool(entries) and all(data.startswith(b"%d 0 obj" % i, int(off)) for i, off in enumerate(entries, 1))


def test_a_signed_pdf_keeps_its_offsets_and_is_recognised(tmp_path):
    from tashkalar_cli.data.output import Made, made_by, signed_pdf, write_output

    plain = _pdf([b"<</Type /Catalog /Pages 2 0 R>>", b"<</Type /Pages /Kids [] /Count 0>>", b"(text)"])
    assert _offsets_point_at_their_objects(plain)
    signed = signed_pdf(plain)
    assert signed.startswith(b"%PDF-1.4\n% written by tashkalar sha256:")
    assert _offsets_point_at_their_objects(signed)
    path = tmp_path / "x.pdf"
    write_output(str(path), plain)
    assert path.read_bytes() == signed and made_by(path)[0] is Made.TOOL
    write_output(str(path), plain)                 # the tool's own file: written over
    path.write_bytes(path.read_bytes() + b"\n")    # changed since: no longer the tool's as it left it
    assert made_by(path)[0] is Made.EDITED


@pytest.mark.parametrize("data", [b"not a pdf", b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF"])
def test_what_is_not_a_pdf_is_refused(data):
    from tashkalar_cli.data.output import signed_pdf
    from tashkalar_cli.errors import InputError

    with pytest.raises(InputError):
        signed_pdf(data)


def test_without_a_browser_one_line_and_exit_2(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("TASHKALAR_CHROMIUM", raising=False)
    for args in (["--out", "x.pdf"], ["--out", "x.html", "--format", "pdf"]):
        r = cli("sheet", "--deck", "imperial", *args)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "Chromium" in r.err
    assert list(tmp_path.iterdir()) == []


def _browser() -> str:
    from tashkalar_cli.render.pdf import find_browser

    found = find_browser()
    if found is None:
        pytest.skip("no Chromium browser found (Debian: apt-get install chromium; or set TASHKALAR_CHROMIUM)")
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("game", "args", "words"), [
    ((), ["--deck", "imperial", "--out", "imperial.pdf"], ["Imperial"]),
    (("--game", "letal"), ["--out", "letal.sheet", "--format", "pdf", "--lang", "fr"], ["Portée"]),
])
def test_the_sheet_as_pdf(cli, tmp_path, monkeypatch, game, args, words):
    _browser()
    if not shutil.which("pdftotext") or not shutil.which("pdfinfo"):
        pytest.skip("pdftotext or pdfinfo not found (Debian: apt-get install poppler-utils)")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / args[args.index("--out") + 1]
    for _ in range(2):                                   # the second run writes over the tool's own file
        r = cli(*game, "sheet", *args)
        assert r.code == 0, r.err
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and _offsets_point_at_their_objects(data)
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, timeout=60, check=False)
    assert info.returncode == 0 and not info.stderr.strip(), info.stderr   # no repaired cross-reference
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, timeout=60, check=False).stdout
    assert all(w in text for w in words)

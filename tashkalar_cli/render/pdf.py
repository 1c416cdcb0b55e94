"""A cheat sheet as PDF: its HTML printed by a headless Chromium (the browser the print test uses).

The browser is ``TASHKALAR_CHROMIUM`` if set, else the first of ``chromium``, ``chromium-browser`` and
``google-chrome`` found on the ``PATH``; none: bad input, said in one line. It runs in a temporary folder
of its own (its profile, its home and caches there: nothing of the user's is read or written), on the
HTML page written there, and is stopped after :data:`TIMEOUT` seconds (a hang guard, not a measure).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tashkalar_cli.errors import InputError

#: the browsers tried, in this order, after TASHKALAR_CHROMIUM
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
#: seconds the browser has to print (a hang guard)
TIMEOUT = 120
#: the largest PDF read back (far above a sheet of every card)
MAX_PDF = 64 << 20


def find_browser() -> str | None:
    """The Chromium to print with, or None."""
    for name in (os.environ.get("TASHKALAR_CHROMIUM"), *BROWSERS):
        found = shutil.which(name) if name else None
        if found:
            return found
    return None


def html_to_pdf(html: str, browser: str | None = None) -> bytes:
    """The PDF Chromium prints of the page ``html`` (its own ``@page`` size and margins, no header or footer)."""
    exe = browser or find_browser()
    if exe is None:
        raise InputError(key="pdf-no-browser")
    with tempfile.TemporaryDirectory(prefix="tashkalar-pdf-") as work:
        folder = Path(work)
        page, pdf = folder / "sheet.html", folder / "sheet.pdf"
        page.write_text(html, encoding="utf-8")
        env = {**os.environ, "HOME": work, "XDG_CONFIG_HOME": work, "XDG_CACHE_HOME": work}
        cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
               "--disable-extensions", "--disable-background-networking", f"--user-data-dir={folder / 'profile'}",
               "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={pdf}", page.as_uri()]
        try:
            subprocess.run(cmd, capture_output=True, timeout=TIMEOUT, check=False, env=env, cwd=work)
        except (OSError, subprocess.SubprocessError) as exc:
            raise InputError(key="pdf-failed", browser=exe, reason=type(exc).__name__) from None
        if not pdf.is_file() or pdf.stat().st_size > MAX_PDF:
            raise InputError(key="pdf-failed", browser=exe, reason="no PDF")
        data = pdf.read_bytes()
    if not data.startswith(b"%PDF-"):
        raise InputError(key="pdf-failed", browser=exe, reason="no PDF")
    return data


__all__ = ["find_browser", "html_to_pdf"]

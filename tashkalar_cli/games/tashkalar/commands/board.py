"""``tashkalar board``: the analysis board in the browser (issue 34).

The page is four files of the installed package (``tashkalar_cli/web``), sent by the same HTTP
service as ``tashkalar serve --http`` (:mod:`tashkalar_cli.command.serve_http`): every answer the page
shows is a ``POST /api`` request, the command line's own, and the page holds no rule of the game.
The service listens on 127.0.0.1 only, with the protections of ``serve --http`` on every route.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TYPE_CHECKING, Annotated

import typer

from tashkalar_cli.command.common import LangOption, state
from tashkalar_cli.command.service import MAX_REQUEST, Service
from tashkalar_cli.errors import InputError
from tashkalar_cli.games.tashkalar.commands import session

if TYPE_CHECKING:
    from tashkalar_cli.command.serve_http import Page

HOST = "127.0.0.1"
#: the page's files: the address path -> (file of tashkalar_cli/web, media type); nothing else is sent
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/board.css": ("board.css", "text/css; charset=utf-8"),
    "/letal.js": ("letal.js", "text/javascript; charset=utf-8"),
    "/turn.js": ("turn.js", "text/javascript; charset=utf-8"),
    "/ref.js": ("ref.js", "text/javascript; charset=utf-8"),
}
#: how long the browser is opened after the service is up at the latest (polls of 50 ms)
START_POLLS = 200


def pages() -> dict[str, Page]:
    """The page's files, read from the installed package."""
    from importlib.resources import files  # deferred: the page's files, which --help does not load

    from tashkalar_cli.command.serve_http import Page  # deferred: the web server (Starlette), which --help does not load

    web = files("tashkalar_cli").joinpath("web")
    return {path: Page(web.joinpath(name).read_bytes(), media) for path, (name, media) in FILES.items()}


def address(port: int, lang: str | None) -> str:
    """The page's address (in the language asked for, if one was)."""
    return f"http://{HOST}:{port}/" + (f"#lang={lang}" if lang else "")


def board(
    port: Annotated[int, typer.Option("--port", help="The port the page is served on.", metavar="PORT")] = 8766,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Print the page's address only.")] = False,
    lang: LangOption = None,
) -> None:
    """Open the analysis board in the browser: set a position by hand and see what it summons."""
    if not 0 < port < 65536:
        raise InputError(key="serve-port", port=port)
    try:
        import uvicorn  # deferred: a missing server said in one line (serve-http-missing); --help loads none
    except ImportError:
        raise InputError(key="serve-http-missing") from None
    from tashkalar_cli.command.serve_http import app  # deferred: the web server (Starlette), which --help does not load

    s = session(lang)
    url = address(port, lang if lang is not None else s.lang)
    runner = state().runner   # the command line's entry, which runs this command (the pack does not import it)
    assert runner is not None
    service = Service(runner, reads=False)
    service.warm()
    server = uvicorn.Server(uvicorn.Config(app(service, HOST, port, MAX_REQUEST, pages()), host=HOST, port=port,
                                           log_level="warning", server_header=False, date_header=False))
    sys.stdout.write(s.loc.msg("board.address", url=url) + "\n")
    sys.stdout.flush()
    if not no_browser:
        threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
    server.run()


def _open_when_up(server: object, url: str) -> None:
    """Open ``url`` in the user's browser once ``server`` listens (or give up after a while)."""
    import webbrowser  # deferred: webbrowser, when the page opens only

    for _ in range(START_POLLS):
        if getattr(server, "started", False):
            webbrowser.open(url)
            return
        time.sleep(0.05)


__all__ = ["FILES", "address", "board", "pages"]

"""``tashkalar serve``: the command line as a service for programs, its start-up paid once.

The protocol and the runner are :mod:`tashkalar_cli.command.service`; HTTP (``--http``) is
:mod:`tashkalar_cli.command.serve_http`, which imports Starlette and uvicorn (only then).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from tashkalar_cli.command.common import JsonOption, LangOption, given
from tashkalar_cli.command.service import MAX_REQUEST, Service, serve_lines
from tashkalar_cli.errors import InputError


def serve(
    http: Annotated[bool, typer.Option("--http", help="Answer on POST /api over HTTP instead of standard input.")] = False,
    host: Annotated[str, typer.Option("--host", help="With --http: the address to listen on.", metavar="HOST")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="With --http: the port to listen on.", metavar="PORT")] = 8765,
    max_request: Annotated[int, typer.Option(
        "--max-request", help="The largest request accepted, in bytes.", metavar="BYTES")] = MAX_REQUEST,
    lang: LangOption = None,
    json: JsonOption = False,   # its own errors as JSON (its answers always are)
) -> None:
    """Answer requests from programs, one JSON object a line on standard input (or over HTTP with
    --http), with one JSON object a line, each the answer of a command run with --json."""
    from tashkalar_cli.cli.app import run  # the entry, which runs each request (already loaded: it runs this one)

    if max_request < 1:
        raise InputError(key="serve-max-request", value=max_request)
    if not http and (given("host") or given("port")):
        raise InputError(key="serve-http-options")
    if http:
        from tashkalar_cli.command.serve_http import serve_http

        serve_http(Service(run, reads=False), host, port, max_request)
        return
    service = Service(run)
    service.warm()
    sink = sys.stdout
    source = sys.stdin.buffer if sys.stdin is not None else None
    if source is None:
        raise InputError(key="no-stdin", what="requests")
    serve_lines(service, source, sink, max_request)


__all__ = ["serve"]

"""``tashkalar serve --http``: the requests of ``tashkalar serve`` on ``POST /api``, with Starlette
and uvicorn (dependencies of the tool, imported only here, so that no other command pays for them).

The service answers the machine it runs on: it listens on 127.0.0.1 unless ``--host`` says
otherwise, and refuses (403) a request whose ``Host`` is not the address it listens on (or a
loopback name), which a page of another site reaching it through DNS rebinding cannot give, and a
request that a web page sends (an ``Origin`` other than the service's own). A body longer than the
limit is refused (413) without being held. Requests are answered one at a time, in the order they
come, by the same :class:`~tashkalar_cli.command.service.Service` as on standard input, which reads no
file (a request's ``input`` is its standard input) and writes none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route

from tashkalar_cli.command.service import refused
from tashkalar_cli.errors import InputError

if TYPE_CHECKING:
    from starlette.requests import Request

    from tashkalar_cli.command.service import Service

#: the names of this machine's loopback addresses, always accepted in ``Host``
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` headers accepted: the address listened on, and the loopback names, with the port
    (an IPv6 address in brackets), or without it."""
    names = {host.strip("[]").lower(), *LOOPBACK}
    shown = {f"[{name}]" if ":" in name else name for name in names}
    return frozenset({*shown, *(f"{name}:{port}" for name in shown)})


class Page(NamedTuple):
    """A file the service sends on ``GET`` (``tashkalar board``'s page): its bytes and media type."""

    body: bytes
    media_type: str


#: the headers of every answer of a service that sends pages: its pages run no script but their own
#: files, load nothing from elsewhere and are shown in no other site's frame
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def app(service: Service, host: str, port: int, max_request: int,
        pages: Mapping[str, Page] | None = None) -> Starlette:
    """The ASGI application: ``POST /api`` (see the module's text), and ``GET`` of each of ``pages``
    (path -> file: a fixed list, no path is looked up anywhere else)."""
    hosts = allowed_hosts(host, port)
    origins = frozenset(f"{scheme}://{h}" for scheme in ("http", "https") for h in hosts)
    headers = PAGE_HEADERS if pages else None

    def reply(status: int, line: str) -> Response:
        return Response(line + "\n", status_code=status, media_type="application/json", headers=headers)

    def foreign(request: Request) -> Response | None:
        """The refusal of a request for another host or from another site's page, or None."""
        if request.headers.get("host", "").lower() not in hosts:
            return reply(403, refused(None, InputError(key="serve-host")).line())
        origin = request.headers.get("origin")
        if origin is not None and origin.lower() not in origins:
            return reply(403, refused(None, InputError(key="serve-origin")).line())
        return None

    async def page(request: Request) -> Response:
        file = (pages or {})[request.url.path]
        return foreign(request) or Response(file.body, media_type=file.media_type, headers=headers)

    async def api(request: Request) -> Response:
        refusal = foreign(request)
        if refusal is not None:
            return refusal
        too_large = refused(None, InputError(key="serve-too-large", limit=max_request)).line()
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > max_request:
            return reply(413, too_large)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > max_request:
                return reply(413, too_large)
        # answered here, in the event loop's thread: one request at a time, as on standard input
        return reply(200, service.answer_bytes(bytes(body)).line())

    routes = [Route("/api", api, methods=["POST"])]
    routes += [Route(path, page, methods=["GET"]) for path in pages or {}]
    return Starlette(routes=routes)


def serve_http(service: Service, host: str, port: int, max_request: int) -> None:
    """Listen on ``host``:``port`` until interrupted."""
    if not 0 < port < 65536:
        raise InputError(key="serve-port", port=port)
    try:
        import uvicorn  # deferred: a missing server said in one line (serve-http-missing), not a traceback
    except ImportError:
        raise InputError(key="serve-http-missing") from None
    service.warm()
    uvicorn.run(app(service, host, port, max_request), host=host, port=port, log_level="warning",
                server_header=False, date_header=False)


__all__ = ["LOOPBACK", "PAGE_HEADERS", "Page", "allowed_hosts", "app", "serve_http"]

"""The service behind ``tashkalar serve``: the command line for programs, its start-up paid once.

Requests come one JSON object a line on standard input (``--http``: one per ``POST /api``), each
answered by one JSON object a line on standard output, in order, until the end of the input:

- request: ``{"id": <any JSON value>, "args": [...the command line after "tashkalar"...],
  "input": "<text read as standard input>"}`` (``schemas/serve-request.schema.json``);
- answer: ``{"id": <the same>, "exit": 0, "output": <what the command prints with --json>}``, or
  ``{"id": ..., "exit": 2, "error": <the output-error object>}``; the files an option named ``-``
  (``--svg -``, ``--out -``, ``--record -``) come back in ``"files": {"svg": "<text>"}``
  (``schemas/serve-response.schema.json``).

Each request runs the command line itself (:func:`tashkalar_cli.cli.app.run`, which the command that starts the
service gives it: the kit stands below the entry and does not import it) in this process, with
``--json``, its own standard input, output and error and its own :class:`CliState`: every command
has exactly its meaning, its bounds and its schema. What is kept between requests is what does not
depend on one: the commands built (``CliState.commands``) and the games opened, whose data is
loaded once (``CliState.games``). A request that does not read, or that fails, even with an
internal error, is answered, and the service goes on. The service never writes a file: an output
option takes ``-`` only; over HTTP it reads none either (``--position -`` reads the request's
``input``; a file or folder named by a request is refused).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import IO, Any

import click

from tashkalar_cli.command.common import CliState, declares_edits_locales
from tashkalar_cli.errors import EXIT_BAD_INPUT, EXIT_INTERNAL, InputError, TashkalarError, json_visible, visible

#: the options that name a file the command writes: ``-`` only (the text is returned)
WRITES = ("svg", "out", "record")
#: the options and arguments that name a file or folder the command reads: over HTTP, ``-`` only
#: (the request's ``input``), and ``data`` and ``locales`` not at all
READS = ("position", "turn", "file", "files", "data", "locales")
#: the longest request line (and HTTP body) read, in bytes: a position file is at most 1 MB
MAX_REQUEST = 4_000_000


@dataclass
class Answer:
    """The answer to one request (``schemas/serve-response.schema.json``): ``output`` is what the
    command printed, as JSON (``text``: what it printed that is not JSON, ``--version`` say),
    ``error`` its output-error object, ``files`` the outputs named ``-``."""

    id: Any
    exit: int
    output: Any = None
    error: dict[str, Any] | None = None
    files: dict[str, str] = field(default_factory=dict)
    text: str | None = None

    def line(self) -> str:
        body: dict[str, Any] = {"id": self.id, "exit": self.exit}
        if self.output is not None or (self.exit == 0 and self.text is None):
            body["output"] = self.output
        if self.text is not None:
            body["text"] = self.text
        if self.error is not None:
            body["error"] = self.error
        if self.files:
            body["files"] = self.files
        return json_visible(json.dumps(body, ensure_ascii=False, separators=(",", ":")))


def _error_object(exc: TashkalarError, code: str = "bad-input") -> dict[str, Any]:
    # deferred: the JSON answers, which --help (loading this module through board's) does not load
    from tashkalar_cli.render.jsonout import error

    return error(code, type(exc).__name__, exc.message, exc.file, exc.line, list(exc.hints), exc.key)


def refused(request_id: Any, exc: TashkalarError) -> Answer:
    """A request refused before it ran (unreadable, too large, not allowed): exit 2."""
    return Answer(request_id, EXIT_BAD_INPUT, error=_error_object(exc))


class Service:
    """Runs requests one after the other in this process (see the module's text), each by ``run`` (the
    command line's :func:`tashkalar_cli.cli.app.run`: a line and its state); ``reads``: whether a request may
    name a file or folder to read (on standard input, yes: the caller is the user running the service;
    over HTTP, no)."""

    def __init__(self, run: Callable[[list[str], CliState], None], *, reads: bool = True) -> None:
        self.runner = run
        self.reads = reads
        self.kept = CliState(commands={}, games={})

    def warm(self) -> None:
        """Open the default game and build the root command before the first request."""
        self.run(None, ["keyword", "list"])

    def answer_bytes(self, raw: bytes) -> Answer:
        """The answer to one request line (or HTTP body)."""
        try:
            request = json.loads(raw)
        except (ValueError, RecursionError):
            return refused(None, InputError(key="serve-unreadable"))
        request_id = request.get("id") if isinstance(request, dict) else None
        args = request.get("args") if isinstance(request, dict) else None
        given = request.get("input") if isinstance(request, dict) else None
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args) \
                or not (given is None or isinstance(given, str)):
            return refused(request_id, InputError(key="serve-request"))
        return self.run(request_id, args, given)

    def run(self, request_id: Any, args: list[str], given: str | None = None) -> Answer:
        """``tashkalar --json ARGS`` with ``given`` as its standard input (None: closed)."""
        line = CliState(commands=self.kept.commands, games=self.kept.games, files={}, adapt=self._adapt)
        out, err = io.StringIO(), io.StringIO()
        stdin = _closed_input() if given is None else io.TextIOWrapper(
            io.BytesIO(given.encode("utf-8", "surrogateescape")), encoding="utf-8")
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = stdin, out, err
        try:
            self.runner(["--json", *args], line)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except Exception as exc:  # an internal error that the command line lets through (TASHKALAR_DEBUG)
            return _internal(request_id, exc)
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        return _answer(request_id, code, out.getvalue(), err.getvalue(), line.files or {})

    def _adapt(self, command: click.Command) -> None:
        """Each command built: its callbacks check the files the request names before it runs."""
        for leaf in _leaves(command):
            if leaf.callback is not None and not getattr(leaf.callback, "serve_checked", False):
                leaf.callback = _checked(leaf.callback, self)

    def check(self, ctx: click.Context) -> None:
        """Bad input when the command would write a file (an output named other than ``-``), or,
        when the service reads none, read one the request names."""
        if ctx.command.name == "serve":
            raise InputError(key="serve-in-serve")
        if declares_edits_locales(ctx.command):  # it changes the locales folder itself: not served at all
            raise InputError(key="serve-edits-locales", command=ctx.command_path.partition(" ")[2] or ctx.command.name)
        params = {p.name: p for p in ctx.command.params}
        for name in WRITES:
            value = ctx.params.get(name)
            if value is not None and value != "-":
                raise InputError(key="serve-writes", option=_shown(params.get(name), name))
        if self.reads:
            return
        for name in READS:
            value = ctx.params.get(name)
            if isinstance(value, (list, tuple)):
                value = next((v for v in value if v != "-"), "-" if value else None)
            if value is not None and (value != "-" or name in ("data", "locales")):
                raise InputError(key="serve-reads", option=_shown(params.get(name), name))


def _shown(param: click.Parameter | None, name: str) -> str:
    if isinstance(param, click.Option) and param.opts:
        return max(param.opts, key=len)
    return name.upper()


def _checked(callback: Callable[..., Any], service: Service) -> Callable[..., Any]:

    @wraps(callback)
    def checked(*args: Any, **kwargs: Any) -> Any:
        service.check(click.get_current_context())
        return callback(*args, **kwargs)

    checked.serve_checked = True  # type: ignore[attr-defined]
    return checked


def _leaves(command: click.Command) -> Iterator[click.Command]:
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _leaves(sub)
    else:
        yield command


def _closed_input() -> IO[str]:
    """A standard input that cannot be read, as ``<&-`` on the command line."""
    stream = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    stream.close()
    return stream


def _internal(request_id: Any, exc: Exception) -> Answer:
    # deferred: the JSON answers, which --help (loading this module through board's) does not load
    from tashkalar_cli.render.jsonout import error

    message = visible(f"{type(exc).__name__}: {exc}", 200)
    return Answer(request_id, EXIT_INTERNAL, error=error("internal", type(exc).__name__, message))


def _answer(request_id: Any, code: int, out: str, err: str, files: dict[str, str]) -> Answer:
    """What the command printed, read back: its JSON output, its error object (the last JSON line
    of its standard error), the files it returned."""
    answer = Answer(request_id, code, files=files)
    if out.strip():
        try:
            answer.output = json.loads(out)
        except ValueError:
            answer.text = out
    if code != 0:
        answer.error = _last_json(err)
        if answer.error is None and answer.output is None:
            # deferred: the JSON answers, which --help (loading this module through board's) does not load
            from tashkalar_cli.render.jsonout import error

            said = " ".join(err.split())[:500] or f"exit {code}"
            answer.error = error("internal" if code not in (1, 2) else "bad-input", "TashkalarError", said)
    return answer


def _last_json(err: str) -> dict[str, Any] | None:
    for text in reversed(err.splitlines()):
        if text.startswith("{"):
            try:
                found = json.loads(text)
            except ValueError:
                continue
            if isinstance(found, dict):
                return found
    return None


def serve_lines(service: Service, source: IO[bytes], sink: IO[str], limit: int = MAX_REQUEST) -> int:
    """Answer every request line of ``source`` on ``sink``, in order, until the end of the input
    (blank lines are skipped); a line longer than ``limit`` bytes is answered as bad input without
    being held. Returns how many requests were answered."""
    answered = 0
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return answered
        if len(raw) > limit and not raw.endswith(b"\n"):
            while (more := source.readline(1 << 16)) and not more.endswith(b"\n"):
                pass
            answer = refused(None, InputError(key="serve-too-large", limit=limit))
        elif not raw.strip():
            continue
        else:
            answer = service.answer_bytes(raw)
        sink.write(answer.line() + "\n")
        sink.flush()
        answered += 1


__all__ = ["MAX_REQUEST", "READS", "WRITES", "Answer", "Service", "refused", "serve_lines"]

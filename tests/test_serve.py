"""``tashkalar serve`` (issue 31, "A service for programs"), and ``-`` for every file option.

The protocol is run in-process (a :class:`Service` reading request lines), one case as a real
process, and ``--http`` through Starlette's TestClient. Every request and answer is checked against
``schemas/serve-request.schema.json`` and ``schemas/serve-response.schema.json``, every error
against ``output-error``.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from test_json_contract import validator

from conftest import REPO

SCHEMAS = REPO / "schemas"
HANG = 60
SWORDMASTER = ["summon", "swordmaster", "--player", "blue", "--pieces", "e4=blue,e6=blue", "--apply", "--at", "e5"]
POSITION = "mode: duel\npieces:\n  d4: blue\n  e4: blue\n  f4: blue\n  e5: blue heroic\n"


def conforms(name: str, data: Any) -> Any:
    validator(name).validate(data)
    return data


@pytest.fixture(scope="module")
def service():
    from tashkalar_cli.cli.app import run
    from tashkalar_cli.command.service import Service

    return Service(run)


def ask(service, *requests: Any, limit: int | None = None) -> list[dict[str, Any]]:
    """The answers to ``requests`` (objects, or raw lines as ``bytes``/``str``), each checked."""
    from tashkalar_cli.command.service import MAX_REQUEST, serve_lines

    lines = b"".join(r if isinstance(r, bytes) else (r if isinstance(r, str) else json.dumps(r)).encode() + b"\n"
                     for r in requests)
    for r in requests:
        if isinstance(r, dict) and isinstance(r.get("args"), list):
            conforms("serve-request", r)
    sink = io.StringIO()
    serve_lines(service, io.BytesIO(lines), sink, limit or MAX_REQUEST)
    answers = [json.loads(x) for x in sink.getvalue().splitlines()]
    for a in answers:
        conforms("serve-response", a)
        if "error" in a:
            conforms("output-error", a["error"])
    return answers


# ---------------------------------------------------------------------- the protocol

def test_ids_order_and_a_bad_line_that_does_not_stop_the_service(service):
    answers = ask(service, {"id": 1, "args": ["card", "show", "knight"]}, "this is not JSON",
                  {"id": {"any": ["json"]}, "args": ["card", "show", "no-such-card"]}, "",
                  {"args": ["rule", "list"]}, {"id": "last", "args": ["keyword", "show", "destroy"]})
    assert [a["id"] for a in answers] == [1, None, {"any": ["json"]}, None, "last"]   # the blank line is skipped
    assert [a["exit"] for a in answers] == [0, 2, 2, 0, 0]
    assert answers[0]["output"]["schema"] == "output-card/1" and answers[0]["output"]["id"] == "knight"
    assert answers[1]["error"]["error"]["key"] == "serve-unreadable"
    assert answers[2]["error"]["error"]["key"] == "word.card"
    assert answers[3]["output"]["schema"].startswith("output-rule-list/")


@pytest.mark.parametrize("request_", [{"id": 5}, {"id": 5, "args": "card show knight"}, {"id": 5, "args": [1, 2]},
                                      {"id": 5, "args": ["card", "show", "knight"], "input": 3}, [1, 2], 7])
def test_a_request_of_the_wrong_shape_is_bad_input(service, request_):
    [answer] = ask(service, json.dumps(request_))
    assert answer["exit"] == 2 and answer["error"]["error"]["key"] == "serve-request"
    assert answer["id"] == (5 if isinstance(request_, dict) else None)


def test_bad_arguments_are_the_command_lines_errors(service):
    usage, card, game = ask(service, {"id": 1, "args": ["card", "show", "knight", "--no-such-option"]},
                            {"id": 2, "args": ["card", "shw", "knight"]}, {"id": 3, "args": ["--game", "chess", "rule", "list"]})
    assert usage["exit"] == 2 and usage["error"]["error"]["code"] == "usage"
    assert card["exit"] == 2 and card["error"]["error"]["key"] == "unknown-command"
    assert game["exit"] == 2 and game["error"]["error"]["code"] == "bad-input"


def test_the_output_is_the_command_lines(service, cli):
    """Each answer's output is what `tashkalar ... --json` prints, and stays so request after request
    (the commands and games kept between requests change no answer)."""
    for args in (["card", "show", "knight", "--lang", "fr"], ["summonable", "--player", "blue", "--pieces",
                                                              "d4=blue,e4=blue,f4=blue,e5=blue:heroic"],
                 ["--game", "letal", "keyword", "list"], ["card", "show", "knight"]):
        expected = cli(*args, "--json")
        first, again = ask(service, {"id": 0, "args": args}, {"id": 1, "args": args})
        assert first["output"] == again["output"] == json.loads(expected.out)


def test_no_state_leaks_from_one_request_to_the_next(service):
    """A language, a game, a help text, a failure: none changes the next request's answer."""
    plain = ask(service, {"args": ["card", "show", "knight"]})[0]["output"]
    answers = ask(service, {"args": ["card", "show", "knight", "--lang", "it"]}, {"args": ["--game", "letal", "rule", "list"]},
                  {"args": ["card", "--help"]}, {"args": ["card", "show", "knight", "--lang", "xx"]},
                  {"args": ["card", "show", "knight"]})
    assert answers[0]["output"]["name"] == "Cavaliere" and answers[1]["exit"] == 0
    assert answers[-1]["output"] == plain and plain["name"] == "Knight"


def test_serve_is_not_run_inside_the_service(service):
    [answer] = ask(service, {"args": ["serve"], "input": json.dumps({"args": ["card", "show", "knight"]}) + "\n"})
    assert answer["exit"] == 2 and answer["error"]["error"]["key"] == "serve-in-serve"


def test_the_games_kept_are_bounded(tmp_path, data_copy):
    """A service asked about ever new data folders keeps only the last few games open."""
    from tashkalar_cli.cli.app import run
    from tashkalar_cli.command.common import MAX_GAMES_KEPT
    from tashkalar_cli.command.service import Service

    service = Service(run)
    for i in range(MAX_GAMES_KEPT + 2):
        folder = tmp_path / f"d{i}"
        folder.symlink_to(data_copy, target_is_directory=True) if i else None
        [answer] = ask(service, {"args": ["rule", "list", *(["--data", str(folder)] if i else [])]})
        assert answer["exit"] == 0, answer
    assert service.kept.games is not None and len(service.kept.games) == MAX_GAMES_KEPT


def test_input_is_the_requests_standard_input(service):
    with_input, without = ask(service, {"id": 1, "args": ["summonable", "--player", "blue", "--position", "-"],
                                        "input": POSITION},
                              {"id": 2, "args": ["position", "check", "-"]})
    assert with_input["exit"] == 0 and any(c["legal"] for c in with_input["output"]["cards"])
    assert without["exit"] == 2 and without["error"]["error"]["key"] == "no-stdin"


def test_files_named_dash_come_back_in_the_answer(service, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    picture, applied, sheet = ask(
        service, {"args": ["position", "show", "--pieces", "d4=blue", "--svg", "-"]},
        {"args": [*SWORDMASTER, "--out", "-", "--record", "-", "--svg", "-"]},
        {"args": ["sheet", "--out", "-", "--deck", "imperial"]})
    assert picture["exit"] == 0 and picture["output"]["schema"] == "output-position/1"
    assert set(picture["files"]) == {"svg"} and "<svg" in picture["files"]["svg"]
    assert applied["exit"] == 0 and set(applied["files"]) == {"out", "record", "svg"}
    assert "supply:" in applied["files"]["out"] and "swordmaster" in applied["files"]["record"]
    assert sheet["output"]["schema"] == "output-sheet/1" and sheet["files"]["out"].startswith("<!DOCTYPE html>")
    assert list(tmp_path.iterdir()) == []   # nothing written


@pytest.mark.parametrize("option", ["--svg", "--out", "--record"])
def test_the_service_writes_no_file(service, tmp_path, option):
    target = tmp_path / "x.yaml"
    [answer] = ask(service, {"args": [*SWORDMASTER, option, str(target)]})
    assert answer["exit"] == 2 and answer["error"]["error"]["key"] == "serve-writes"
    assert option in answer["error"]["error"]["message"]
    assert not target.exists()


def test_reads_are_refused_over_http_only(tmp_path):
    from tashkalar_cli.cli.app import run
    from tashkalar_cli.command.service import Service

    path = tmp_path / "p.yaml"
    path.write_text(POSITION, encoding="utf-8")
    args = ["summonable", "--player", "blue", "--position", str(path)]
    assert ask(Service(run), {"args": args})[0]["exit"] == 0    # standard input: the user's own files
    closed = Service(run, reads=False)
    for refused in (args, ["position", "check", str(path)], ["card", "show", "knight", "--data", str(tmp_path)],
                    ["i18n", "check", "--locales", str(tmp_path)], ["--game", "letal", "letal", "check", str(path)]):
        [answer] = ask(closed, {"args": refused})
        assert answer["exit"] == 2 and answer["error"]["error"]["key"] == "serve-reads", (refused, answer)
    [through_input] = ask(closed, {"args": [*args[:-1], "-"], "input": POSITION})
    assert through_input["exit"] == 0


def test_every_file_option_is_known_to_the_service():
    """A new option naming a file (FILE, DIR) must be declared as read or written, or the service
    would let a request read or write it."""
    import click
    import typer

    from tashkalar_cli.cli.app import build_app
    from tashkalar_cli.command.common import CliState
    from tashkalar_cli.command.service import READS, WRITES

    root = typer.main.get_command(build_app())
    ctx = click.Context(root, obj=CliState())
    seen: set[str] = set()

    def walk(command: click.Command) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name))
            return
        for p in command.params:
            shown = p.make_metavar(ctx) if isinstance(p, click.Argument) else (getattr(p, "metavar", None) or "")
            if "FILE" in shown or "DIR" in shown or p.name in (*READS, *WRITES):
                seen.add(str(p.name))

    walk(root)
    assert seen == set(READS) | set(WRITES)


def test_an_internal_error_is_answered_and_the_service_goes_on(service, monkeypatch):
    from tashkalar_cli.games.tashkalar.render import jsonout

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(jsonout, "card", broken)
    first = ask(service, {"id": 1, "args": ["card", "show", "knight"]})[0]
    monkeypatch.setenv("TASHKALAR_DEBUG", "1")    # the command line lets the exception through then
    second = ask(service, {"id": 2, "args": ["card", "show", "knight"]})[0]
    monkeypatch.undo()
    third = ask(service, {"id": 3, "args": ["card", "show", "knight"]})[0]
    for answer in (first, second):
        assert answer["exit"] == 70 and answer["error"]["error"]["code"] == "internal"
        assert "a bug" in answer["error"]["error"]["message"]
    assert third["exit"] == 0


def test_a_line_over_the_limit_is_refused_without_being_held(service):
    answers = ask(service, json.dumps({"id": 1, "args": ["card", "show", "x" * 5000]}),
                  {"id": 2, "args": ["card", "show", "knight"]}, limit=1000)
    assert [a["id"] for a in answers] == [None, 2]
    assert answers[0]["error"]["error"]["key"] == "serve-too-large" and answers[1]["exit"] == 0


def test_serve_as_a_process(tmp_path):
    lines = "\n".join([json.dumps({"id": 1, "args": ["card", "show", "knight"]}), "{broken",
                       json.dumps({"id": 3, "args": ["summonable", "--player", "blue", "--position", "-"],
                                   "input": POSITION})]) + "\n"
    done = subprocess.run([sys.executable, "-m", "tashkalar_cli", "serve"], input=lines, capture_output=True,
                          text=True, timeout=HANG, cwd=tmp_path)   # the environment: conftest's (its cache)
    assert done.returncode == 0, done.stderr
    answers = [conforms("serve-response", json.loads(x)) for x in done.stdout.splitlines()]
    assert [(a["id"], a["exit"]) for a in answers] == [(1, 0), (None, 2), (3, 0)]
    assert done.stderr == "" and list(tmp_path.iterdir()) == []


#: a command run in a process that says, at its exit, which modules it imported
IMPORTED = ("import atexit, os, sys\n"
            "atexit.register(lambda: os.write(2, ('MODULES ' + ' '.join(sorted(sys.modules))).encode()))\n"
            "from tashkalar_cli.cli.app import main\n"
            "main(sys.argv[1:])\n")


def test_start_up_loads_no_part_of_the_service(tmp_path):
    """A command other than serve imports neither the service nor Starlette nor uvicorn."""
    done = subprocess.run([sys.executable, "-c", IMPORTED, "card", "show", "knight", "--json"],
                          capture_output=True, text=True, timeout=HANG, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    imported = set(done.stderr.rsplit("MODULES ", 1)[1].split())
    assert "tashkalar_cli.games.tashkalar.commands.card" in imported
    assert not {m for m in imported if m.split(".")[0] in ("starlette", "uvicorn", "anyio", "httpx")
                or m.startswith(("tashkalar_cli.cli.serv", "tashkalar_cli.command.serv"))}


@pytest.mark.parametrize(("args", "key"), [(["--port", "9000"], "serve-http-options"),
                                           (["--max-request", "0"], "serve-max-request"),
                                           (["--http", "--port", "70000"], "serve-port")])
def test_bad_serve_options(cli, args, key):
    r = cli("serve", *args, "--lang", "fr")
    assert r.code == 2 and r.out == "" and len(r.err.splitlines()) == 1 and "Traceback" not in r.err


# ---------------------------------------------------------------------- HTTP

#: the tests of the HTTP service run on the worker of tests/test_board.py's page routes (xdist group board-http): one
#: import of Starlette, its test client and the app (half a CPU-s) for both modules, not one on each worker
ON_THE_HTTP_WORKER = pytest.mark.xdist_group("board-http")


@pytest.fixture(scope="module")
def http():
    from starlette.testclient import TestClient

    from tashkalar_cli.cli.app import run
    from tashkalar_cli.command.serve_http import app
    from tashkalar_cli.command.service import Service

    with TestClient(app(Service(run, reads=False), "127.0.0.1", 8765, 10_000), base_url="http://127.0.0.1:8765") as client:
        yield client


@ON_THE_HTTP_WORKER
def test_http_answers_the_same_requests(http):
    r = http.post("/api", content=json.dumps({"id": 9, "args": ["card", "show", "knight"]}))
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    answer = conforms("serve-response", r.json())
    assert answer["id"] == 9 and answer["output"]["id"] == "knight"
    bad = conforms("serve-response", http.post("/api", content=b"{not json").json())
    assert bad["exit"] == 2 and bad["id"] is None
    summoned = http.post("/api", json={"args": ["summonable", "--player", "blue", "--position", "-"], "input": POSITION})
    assert summoned.json()["exit"] == 0
    refused = http.post("/api", json={"args": ["position", "check", "/etc/passwd"]}).json()
    assert refused["exit"] == 2 and refused["error"]["error"]["key"] == "serve-reads"
    assert http.get("/api").status_code == 405


@ON_THE_HTTP_WORKER
@pytest.mark.parametrize(("headers", "status"), [
    ({"host": "evil.example"}, 403),                    # DNS rebinding: a name that is not this service's
    ({"host": "evil.example:8765"}, 403),
    ({"origin": "http://evil.example"}, 403),           # a web page of another site
    ({"origin": "null"}, 403),
    ({"origin": "http://127.0.0.1:8765"}, 200),         # the service's own
    ({"host": "localhost:8765"}, 200),
])
def test_http_refuses_a_foreign_host_or_origin(http, headers, status):
    r = http.post("/api", json={"args": ["keyword", "list"]}, headers=headers)
    assert r.status_code == status
    if status == 403:
        assert conforms("output-error", r.json()["error"])["error"]["key"] in ("serve-host", "serve-origin")


@ON_THE_HTTP_WORKER
def test_http_refuses_a_body_over_the_limit(http):
    r = http.post("/api", content=b"{" + b" " * 20_000 + b"}")
    assert r.status_code == 413 and r.json()["error"]["error"]["key"] == "serve-too-large"

    def chunks():   # no Content-Length: counted as it comes
        for _ in range(30):
            yield b" " * 1000

    assert http.post("/api", content=chunks()).status_code == 413


# ---------------------------------------------------------------------- '-' on the command line

def test_dash_is_standard_output_for_a_file_option(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("position", "show", "--pieces", "d4=blue", "--svg", "-")
    assert r.code == 0 and r.out.lstrip().startswith(("<?xml", "<svg")) and r.out.rstrip().endswith("</svg>")
    assert "d4" not in r.out.split("</svg>")[-1] and r.err   # the board went to standard error
    applied = cli(*SWORDMASTER, "--out", "-")
    assert applied.code == 0 and "supply:" in applied.out and "written by tashkalar" not in applied.out
    sheet = cli("sheet", "--out", "-", "--deck", "imperial")
    assert sheet.code == 0 and sheet.out.startswith("<!DOCTYPE html>") and sheet.out.rstrip().endswith("</html>")
    assert list(tmp_path.iterdir()) == []   # no file called '-'


def test_two_outputs_cannot_both_be_standard_output(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli(*SWORDMASTER, "--out", "-", "--record", "-", "--lang", "es")
    assert r.code == 2 and r.out == "" and len(r.err.splitlines()) == 1 and "--out, --record" in r.err
    assert list(tmp_path.iterdir()) == []


def test_schemas_of_the_service_are_well_formed():
    for name in ("serve-request", "serve-response"):
        schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert schema["title"] and schema["description"]
        jsonschema.validators.validator_for(schema).check_schema(schema)   # against its metaschema
        validator(name)
    with pytest.raises(jsonschema.ValidationError):
        conforms("serve-response", {"id": 1, "exit": 2})      # a failure says why
    with pytest.raises(jsonschema.ValidationError):
        conforms("serve-request", {"id": 1, "args": "card show knight"})
    assert Path(SCHEMAS / "serve-request.schema.json").exists()


@pytest.mark.slow
def test_serve_http_as_a_process(tmp_path):
    """The real server: uvicorn on a free loopback port, a request answered, a foreign Host refused."""
    import socket
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "tashkalar_cli", "serve", "--http", "--port", str(port)],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/api"

    def post(body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        request = urllib.request.Request(url, data=body, headers=headers or {}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=HANG) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    try:
        for _ in range(600):   # a hang guard of 60 s: up as soon as it answers
            try:
                status, answer = post(json.dumps({"id": 1, "args": ["card", "show", "knight"]}).encode())
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None, proc.communicate()
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer")
        assert status == 200 and conforms("serve-response", answer)["output"]["id"] == "knight"
        assert post(b"{}", {"Host": "evil.example"})[0] == 403
    finally:
        proc.terminate()
        proc.communicate(timeout=HANG)
    assert list(tmp_path.iterdir()) == []


def test_card_names_make_each_languages_texts_once(monkeypatch):
    """card show --json names a card in every language: each language's texts are made once per
    catalog, not once per card (they cost a fifth of a served card show, four per card of card list)."""
    from tashkalar_cli import Game
    from tashkalar_cli.text import i18n

    made: list[str] = []
    real = i18n.Localizer.__init__

    def counted(self: Any, dataset: Any, lang: str) -> None:
        made.append(lang)
        real(self, dataset, lang)

    game = Game()
    cards = game.cards
    monkeypatch.setattr(i18n.Localizer, "__init__", counted)
    for card in list(cards.beings)[:20]:
        assert cards.names(card)["en"]["name"]
    assert sorted(made) == sorted(game.dataset.languages)


def test_the_service_refuses_exactly_the_commands_that_declare_they_edit_the_locales():
    """A command that changes the locales folder says so where it is defined (``edits_locales``);
    the service refuses those, and only those, whatever their name."""
    import click
    import typer

    from tashkalar_cli.cli.app import build_app, run
    from tashkalar_cli.command.common import CliState, declares_edits_locales, edits_locales
    from tashkalar_cli.command.service import Service
    from tashkalar_cli.errors import InputError

    root = typer.main.get_command(build_app())
    top = click.Context(root, info_name="tashkalar", obj=CliState())
    service = Service(run)

    def refused(command: click.Command, path: list[str]) -> str | None:
        ctx = click.Context(command, info_name=path[-1], parent=top)
        try:
            service.check(ctx)
        except InputError as exc:
            return str(exc.key)
        return None

    declared, refusals = set(), {}

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(top):
                walk(command.get_command(top, name), [*path, name])
            return
        if declares_edits_locales(command):
            declared.add(" ".join(path))
        refusals[" ".join(path)] = refused(command, path)

    walk(root, [])
    assert declared == {"i18n import", "i18n reviewed"}
    assert {p for p, key in refusals.items() if key == "serve-edits-locales"} == declared
    # a new command that declares it is refused by that declaration, not by a list of names
    marked = click.Command("rewrite", callback=edits_locales(lambda: None))
    assert refused(marked, ["rewrite"]) == "serve-edits-locales"
    assert refused(click.Command("import", callback=lambda: None), ["import"]) is None

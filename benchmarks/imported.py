"""The modules each command line imports, from its start to its exit (issue 30: the deferred imports).

Run: python benchmarks/imported.py record OUT.json [--only WORD]
     python benchmarks/imported.py compare BEFORE.json AFTER.json
     python benchmarks/imported.py movable OUT.json [FOLDER ...]

``record`` runs every command line of :data:`LINES` (each command and sub-command of both games, with and
without ``--json``, with ``--svg``/``--html``/``--pdf`` where they exist, a few wrong inputs, completion, ``serve``
on standard input and over HTTP, ``board``) under ``python -X importtime`` on a warm cache (one run first, in a
temporary cache folder: HOME and the user's cache are not touched), and writes each line's exit code and the
sorted names of the modules it imported. ``compare`` prints every line whose modules differ between two records
(nothing printed: the same modules, line for line). ``movable`` reads the function-local imports of the package's
modules under the folders given (default: the renderers, the catalog and L.E.T.A.L.'s pack) and says, for each,
whether every recorded line that imports the module holding it imports its target too: then moving it to the
top of its module imports nothing more in any line (a cycle it would create is for ``lint-imports`` and a run).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tashkalar_cli"
#: a command line run, which says at its exit the modules it holds (``-X importtime`` does not see a module that
#: ``importlib.import_module`` loads: the commands' modules and the packs' functions, named by the registry)
RUN = ("import atexit, os, sys\n"
       "atexit.register(lambda: os.write(2, ('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n').encode()))\n"
       "from tashkalar_cli.cli.app import main\nmain(sys.argv[1:])\n")

PIECES = ["--pieces", "e5=blue:heroic,e4=blue,d4=red,f6=red:heroic"]
PLAN = ["--pieces", "d4=blue,e4=blue,e5=blue:heroic,c3=blue,f6=red,g7=blue,d6=red:heroic"]
LETAL = ["--game", "letal"]
FILES = {
    "hf.yaml": "mode: high-form\npieces:\n  e5: blue heroic\n  d4: blue heroic\n  f6: blue common\n  e4: blue common\n"
               "  e6: blue legendary\n  c8: blue heroic\n  f8: blue heroic\n  d5: red common\n  a5: red heroic\n"
               "tasks_claimed:\n  blue: [destruction]\n",
    "thf.yaml": "player: blue\nmode: high-form\ndestroyed: [red heroic, red common, red common, red legendary]\n"
                "summoned: [{card: swordmaster, square: e5}, knight e4, {card: titan}]\n",
    "turn.yaml": "player: blue\nmode: duel\ndestroyed: [red heroic, red common, red common, red legendary, blue common]\n"
                 "summoned: [{card: titan, square: e5}, knight e4]\nflares: [{flare: flare-3-6, against: red}]\n"
                 "scores: {blue: 12, red: 9}\n",
    "letal.yaml": "players:\n  - name: Ana\n    team: south\n    heroes:\n      - {name: Kara, square: b1, endurance: 4}\n"
                  "  - name: Ben\n    team: north\n    heroes:\n      - {name: Oro, square: e6, endurance: 3}\n",
    "out/.keep": "", "lout/.keep": "",
    "bad.yaml": "mode: duel\npieces:\n  z9: blue\n",
    "in/it.po": 'msgid ""\nmsgstr ""\n"Language: it\\n"\n',
}

#: label -> arguments ({d}: the run's folder); each with --json too unless its label ends with "!"
LINES: dict[str, list[str]] = {
    "--help!": ["--help"], "--version!": ["--version"], "card --help!": ["card", "--help"],
    "card show": ["card", "show", "knight"], "card show fr": ["card", "show", "chevalier", "-l", "fr"],
    "card show flare": ["card", "show", "flare-3-6"], "card show wrong": ["card", "show", "no-such-card"],
    "card list": ["card", "list", "--type", "flare"], "card list text": ["card", "list", "--text", "destroy enemy"],
    "card list keyword": ["card", "list", "--keyword", "heroic"],
    "card list unofficial": ["card", "list", "--unofficial", "-l", "it"],
    "rule show": ["rule", "show", "summoning-square"], "rule list": ["rule", "list", "--mode", "duel"],
    "rule search": ["rule", "search", "heroic piece"], "ask": ["ask", "can I summon on an occupied square?"],
    "keyword show": ["keyword", "show", "heroic"], "keyword list": ["keyword", "list"],
    "errata": ["errata"], "errata one": ["errata", "--book", "fr"],
    "summon": ["summon", "knight", "--player", "blue", *PIECES],
    "summon svg!": ["summon", "knight", "--player", "blue", *PIECES, "--svg", "{d}/s.svg", "--force"],
    "summon yes": ["summon", "cannon", "--player", "blue", *PLAN],
    "summon apply": ["summon", "cannon", "--player", "blue", *PLAN, "--apply", "--at", "e4"],
    "summon effects": ["summon", "cannon", "--player", "blue", *PLAN, "--apply", "--at", "e4", "--effects"],
    "summon effects words!": ["summon", "cannon", "--player", "blue", *PLAN, "--apply", "--at", "e4", "--effects", "--json",
                              "--words"],
    "summon wrong file": ["summon", "knight", "--player", "blue", "-p", "{d}/bad.yaml"],
    "summonable": ["summonable", "--player", "blue", *PIECES],
    "summonable all": ["summonable", "--player", "blue", *PIECES, "--all", "--deck", "imperial"],
    "plan": ["plan", "--player", "blue", *PLAN, "--hand", "knight,cannon"],
    "plan svg!": ["plan", "--player", "blue", *PLAN, "--hand", "knight", "--svg", "{d}/p.svg", "--force"],
    "plan positions": ["plan", "--player", "blue", *PLAN, "--hand", "cannon", "--positions"],
    "plan threats": ["plan", "--player", "blue", *PLAN, "--threats", "--deck", "imperial"],
    "plan task": ["plan", "--player", "blue", "-p", "{d}/hf.yaml", "--task", "destruction", "--limit", "2"],
    "plan flare": ["plan", "--player", "blue", *PLAN, "--flare", "flare-3-6", "--limit", "2"],
    "flare check": ["flare", "check", "flare-3-6", "--player", "blue", *PIECES],
    "flare play": ["flare", "play", "flare-3-6", "--player", "blue", *PIECES],
    "task check": ["task", "check", "destruction", "--player", "blue", "-p", "{d}/hf.yaml", "--turn", "{d}/thf.yaml"],
    "score": ["score", "--turn", "{d}/turn.yaml"], "score words": ["score", "--turn", "{d}/turn.yaml", "--words"],
    "position show": ["position", "show", *PIECES],
    "position show svg!": ["position", "show", *PIECES, "--svg", "{d}/b.svg", "--force"],
    "position show yaml!": ["position", "show", *PIECES, "--format", "yaml"],
    "position show diagram!": ["position", "show", *PIECES, "--format", "diagram"],
    "position check": ["position", "check", "{d}/hf.yaml"], "position check wrong": ["position", "check", "{d}/bad.yaml"],
    "position board": ["position", "board", *PIECES], "position board player": ["position", "board", *PIECES, "--player", "blue"],
    "sheet html": ["sheet", "--deck", "imperial", "--out", "{d}/sheet.html", "--force"],
    "sheet svg": ["sheet", "--deck", "imperial", "--out", "{d}/sheet.svg", "--force"],
    "sheet pdf": ["sheet", "--flares", "--out", "{d}/sheet.pdf", "--force"],
    "i18n check": ["i18n", "check", "--target", "fr"], "i18n coverage": ["i18n", "check", "--coverage", "--target", "it"],
    "i18n reviewed": ["i18n", "reviewed", "--locales", "{d}/locales", "--target", "it", "--all"],
    "i18n export": ["i18n", "export", "--target", "it", "--out", "{d}/out", "--force"],
    "i18n import": ["i18n", "import", "{d}/in/it.po", "--target", "it", "--locales", "{d}/locales"],
    "validate": ["validate"],
    "letal --help!": [*LETAL, "--help"], "letal rule list": [*LETAL, "rule", "list"],
    "letal rule search": [*LETAL, "ask", "how far can a hero move?"], "letal keyword list": [*LETAL, "keyword", "list"],
    "letal area": [*LETAL, "letal", "area", "c3", "--radius", "2"],
    "letal area words!": [*LETAL, "letal", "area", "c3", "--radius", "2", "--json", "--words"],
    "letal area svg!": [*LETAL, "letal", "area", "c3", "--reach", "1", "--occupied", "b2", "--svg", "{d}/a.svg", "--force"],
    "letal move": [*LETAL, "letal", "move", "c3", "--steps", "2", "--to", "c6"],
    "letal move svg!": [*LETAL, "letal", "move", "c3", "--steps", "2", "--svg", "{d}/m.svg", "--force"],
    "letal push": [*LETAL, "letal", "push", "c3", "--by", "c2", "--distance", "2"],
    "letal pull": [*LETAL, "letal", "pull", "c3", "--by", "a1", "--distance", "1"],
    "letal pull svg!": [*LETAL, "letal", "pull", "c3", "--by", "a1", "--distance", "1", "--svg", "{d}/l.svg", "--force"],
    "letal attack": [*LETAL, "letal", "attack", "--damage", "3", "--hidden", "1", "--endurance", "4"],
    "letal attack words!": [*LETAL, "letal", "attack", "--damage", "3", "--hidden", "1", "--endurance", "4", "--json", "--words"],
    "letal check": [*LETAL, "letal", "check", "{d}/letal.yaml"], "letal winner": [*LETAL, "letal", "winner", "{d}/letal.yaml"],
    "letal board": [*LETAL, "letal", "board", "{d}/letal.yaml"], "letal check wrong": [*LETAL, "letal", "check", "{d}/bad.yaml"],
    "letal i18n export": [*LETAL, "i18n", "export", "--target", "it", "--out", "{d}/lout", "--force"],
    "letal sheet": [*LETAL, "sheet", "--out", "{d}/l.html", "--force"],
}
#: lines asked by a shell's completion (the environment of its script): label -> (COMP_WORDS, COMP_CWORD)
COMPLETIONS = {"complete command!": ("tashkalar ca", "1"), "complete card!": ("tashkalar card show kn", "3"),
               "complete option!": ("tashkalar summon knight --", "3")}
#: lines run on a cold cache (the data built, the search index too): label -> arguments
COLD = {"cold card show": ["card", "show", "knight"], "cold card show --json": ["card", "show", "knight", "--json"],
        "cold rule search": ["rule", "search", "heroic piece"], "cold summonable --json": ["summonable", "--player", "blue",
                                                                                       *PIECES, "--json"],
        "cold letal area": [*LETAL, "letal", "area", "c3", "--radius", "2"], "cold validate": ["validate"]}
#: lines run with a terminal as standard output and error (colors, the progress bar of a long work)
TERMINAL = {"tty card show": ["card", "show", "knight"], "tty card show --json": ["card", "show", "knight", "--json"],
            "tty validate": ["validate"], "tty i18n check": ["i18n", "check", "--target", "fr"],
            "tty cold card show": ["card", "show", "knight"]}
#: requests to ``serve`` on standard input, one a line
SERVED = [{"id": 1, "args": ["card", "show", "knight"]}, {"id": 2, "args": ["summonable", "--player", "blue", *PIECES]},
          {"id": 3, "args": ["rule", "show", "summoning-square"]}]


def _modules(stderr: str) -> list[str]:
    """The modules ``-X importtime`` reports (its lines: ``import time: self | cumulative | name``; an import tried
    and failed too), with those the line held at its exit."""
    names = {line.rsplit("|", 1)[1].strip() for line in stderr.splitlines() if line.startswith("import time:")}
    held = stderr.rpartition("\nMODULES ")[2].split("\n", 1)[0].split() if "\nMODULES " in stderr else []
    return sorted((names | set(held)) - {"", "imported package"})


def _prepare(folder: Path) -> None:
    for place in (folder, folder / "j"):   # j/: the files of the lines with --json
        for name, text in FILES.items():
            (place / name).parent.mkdir(parents=True, exist_ok=True)
            (place / name).write_text(text, encoding="utf-8")
        for code in ("en", "it"):   # a translator's copy for i18n reviewed and import
            shutil.copytree(ROOT / "locales" / code, place / "locales" / code)


def _run(args: list[str], env: dict[str, str], stdin: str = "", tty: bool = False) -> tuple[int, list[str]]:
    if tty:
        return _run_in_terminal(args, env)
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", RUN, *args], input=stdin, capture_output=True,
                          cwd=env["HOME"],
                          text=True, env=env, timeout=600, check=False)
    return done.returncode, _modules(done.stderr)


def _run_in_terminal(args: list[str], env: dict[str, str]) -> tuple[int, list[str]]:
    """A line whose standard output and error are terminals (two pseudo-terminals, each read to its end)."""
    pairs = [os.openpty(), os.openpty()]
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-c", RUN, *args], stdin=subprocess.DEVNULL, cwd=env["HOME"],
                            stdout=pairs[0][1], stderr=pairs[1][1], env=dict(env, TERM="xterm-256color"))
    for _, follower in pairs:
        os.close(follower)
    read: list[bytearray] = [bytearray(), bytearray()]

    def drain(i: int) -> None:
        while True:
            try:
                chunk = os.read(pairs[i][0], 65536)
            except OSError:   # EIO: the other end closed
                break
            if not chunk:
                break
            read[i] += chunk

    threads = [threading.Thread(target=drain, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    code = proc.wait(timeout=600)
    for t in threads:
        t.join()
    for leader, _ in pairs:
        os.close(leader)
    return code, _modules(read[1].decode("utf-8", "replace").replace("\r\n", "\n"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _served(args: list[str], env: dict[str, str], port: int, post: bool) -> tuple[int, list[str]]:
    """A service started, asked once (GET / of the board's page, or POST /api), then interrupted."""
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-c", RUN, *args, "--port", str(port)], env=env,
                            cwd=env["HOME"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for _ in range(600):
        try:
            body = json.dumps(SERVED[0]).encode() if post else None
            request = urllib.request.Request(f"http://127.0.0.1:{port}/" + ("api" if post else ""), data=body,
                                             headers={"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"})
            urllib.request.urlopen(request, timeout=30).read()
            break
        except OSError:
            time.sleep(0.1)
    proc.send_signal(2)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, _modules(err)


Job = tuple[list[str], dict[str, str], str, bool]


def jobs(folder: Path) -> dict[str, Job]:
    """Every line to run: label -> (arguments, extra environment, standard input, in a terminal)."""
    out: dict[str, Job] = {}
    for label, args in LINES.items():
        args = [a.format(d=folder) for a in args]
        out[label.rstrip("!")] = (args, {}, "", False)
        if not label.endswith("!"):   # its own files: the two runs of a line may overlap
            out[label + " --json"] = ([a.replace(str(folder), str(folder / "j")) for a in [*args, "--json"]], {}, "", False)
    for label, (words, cword) in COMPLETIONS.items():
        out[label.rstrip("!")] = ([], {"_TASHKALAR_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": cword},
                                  "", False)
    for i, (label, args) in enumerate({**COLD, **TERMINAL}.items()):
        cold = label.startswith(("cold", "tty cold"))
        out[label] = (args, {"TASHKALAR_CACHE_DIR": str(folder / f"cold{i}")} if cold else {}, "", label in TERMINAL)
    out["serve"] = (["serve"], {}, "".join(json.dumps(r) + "\n" for r in SERVED), False)
    return out


def record(out: Path, only: str | None, tree: Path | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tk-imported-"))
    _prepare(folder)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith(("TASHKALAR_", "_TASHKALAR", "LC_", "LANG"))},
               TASHKALAR_CACHE_DIR=str(folder / "cache"), HOME=str(folder / "home"), COLUMNS="100")
    (folder / "home").mkdir()
    if tree is not None:
        env["PYTHONPATH"] = str(tree.resolve())
    todo = {k: v for k, v in jobs(folder).items() if only is None or only in k}
    _run(["card", "show", "knight"], env)                       # the cache filled once (the index too:)
    _run(["rule", "search", "heroic"], env)
    _run([*LETAL, "rule", "search", "move"], env)
    for args, extra, _, _ in todo.values():   # each file read once (the parsed files' cache), the locales checked once
        if not extra and ("check" in args if "i18n" in args else any(str(folder) in a for a in args)):
            _run(args, env)

    def one(item: tuple[str, Job]) -> tuple[str, tuple[int, list[str]]]:
        label, (args, extra, stdin, tty) = item
        return label, _run(args, dict(env, **extra), stdin, tty)

    with ThreadPoolExecutor(2) as pool:
        results = dict(pool.map(one, todo.items()))
    if only is None or "serve" in only:
        results["serve --http"] = _served(["serve", "--http"], env, _free_port(), post=True)
    if only is None or "board" in only:
        results["board"] = _served(["board", "--no-browser"], env, _free_port(), post=False)
    data = {label: {"code": code, "modules": modules} for label, (code, modules) in sorted(results.items())}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    print(f"{len(data)} command lines, {sum(len(m) for _, m in results.values())} module imports -> {out}")
    for label, (code, modules) in sorted(results.items()):
        print(f"  {code:3}  {len(modules):4} modules  {label}")


def compare(before: Path, after: Path) -> int:
    a, b = (json.loads(p.read_text(encoding="utf-8")) for p in (before, after))
    differ = 0
    for label in sorted(set(a) | set(b)):
        if label not in a or label not in b:
            print(f"{label}: only in {'after' if label in b else 'before'}")
            differ += 1
            continue
        more, fewer = sorted(set(b[label]["modules"]) - set(a[label]["modules"])), \
            sorted(set(a[label]["modules"]) - set(b[label]["modules"]))
        if more or fewer or a[label]["code"] != b[label]["code"]:
            differ += 1
            print(f"{label}: exit {a[label]['code']} -> {b[label]['code']}; more {more}; fewer {fewer}")
    print(f"{len(a)} / {len(b)} command lines; {differ} differ")
    return 1 if differ else 0


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def local_imports(path: Path) -> list[tuple[int, str]]:
    """The function-local imports of a module: (line, the module each one imports, a submodule if it names one)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                found += [(inner.lineno, alias.name) for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom):
                base = inner.module or ""
                if inner.level:
                    anchor = package.rsplit(".", inner.level - 1)[0] if inner.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                found += [(inner.lineno, f"{base}.{alias.name}" if _is_module(f"{base}.{alias.name}") else base)
                          for alias in inner.names]
    return sorted(set(found))


def _is_module(name: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def movable(data_file: Path, folders: list[str]) -> None:
    data = json.loads(data_file.read_text(encoding="utf-8"))
    sets = {label: set(v["modules"]) for label, v in data.items()}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")) if (ROOT / folder).is_dir() else [ROOT / folder]:
            holder = _module_name(path)
            for line, target in local_imports(path):
                without = sorted(label for label, mods in sets.items() if holder in mods and target not in mods)
                users = sum(holder in mods for mods in sets.values())
                if not users:
                    verdict = "no line imports the module"
                elif without:
                    verdict = f"keep ({len(without)} of {users} lines lack it: {', '.join(without[:4])})"
                else:
                    verdict = f"top ({users} lines import the module)"
                print(f"{path.relative_to(ROOT)}:{line}  {target}  -> {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--only", help="only the lines whose label holds this")
    rec.add_argument("--tree", type=Path, help="the package of this folder (git archive of a commit), not the installed one")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("before", type=Path)
    cmp_.add_argument("after", type=Path)
    mov = sub.add_parser("movable")
    mov.add_argument("data", type=Path)
    mov.add_argument("folders", nargs="*", default=["tashkalar_cli/render", "tashkalar_cli/games/tashkalar/render",
                                                   "tashkalar_cli/games/tashkalar/catalog", "tashkalar_cli/games/letal"])
    args = parser.parse_args()
    if args.action == "record":
        record(args.out, args.only, args.tree)
    elif args.action == "compare":
        sys.exit(compare(args.before, args.after))
    else:
        movable(args.data, args.folders)


if __name__ == "__main__":
    main()

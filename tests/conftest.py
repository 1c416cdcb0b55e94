"""Shared fixtures: the tool's data, and a way to run the command line in-process."""

from __future__ import annotations

import gc
import itertools
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

REPO = Path(__file__).resolve().parent.parent


def _c_safe_load(stream: Any) -> Any:
    """``yaml.safe_load`` with libyaml's parser (the same safe loader, several times faster than PyYAML's
    pure-Python one, which the tests' own reading of the data and tables took seconds of in every process).
    The tool never calls ``yaml.safe_load`` (it has its own strict reader), so only the tests' reading changes."""
    return yaml.load(stream, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


yaml.safe_load = _c_safe_load
SHARED = REPO.parent / "shared" / "reference"


#: variables of the user's environment that would change what the tool reads or says
CLEARED = ("TASHKALAR_LANG", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "TASHKALAR_DATA", "TASHKALAR_NO_CACHE",
           "TASHKALAR_DEBUG", "TASHKALAR_LOCALES", "TASHKALAR_CACHE_DIR", "TASHKALAR_GAME")
#: the real folders the suite must never touch, found by the first process from the user's real
#: environment (pytest-xdist's workers inherit it, with the isolated HOME)
GUARD_VAR = "TASHKALAR_TESTS_GUARDED"


class Guard:
    """The user's real cache (and home, for writes) are out of bounds for every test process.

    An audit hook sees every ``open``, ``mkdir``, ``rename``, ``remove``, ``scandir`` ... of the
    process: any of them under the real cache folder, or any write under the real home, raises
    :class:`PermissionError` and is recorded, so a test that touched them fails even when the
    code under test swallows the error. A subprocess started with the real ``HOME`` (or none),
    or with a cache folder inside the guarded ones, is refused the same way.
    """

    def __init__(self, caches: list[str], home: str, exempt: list[str]) -> None:
        self.caches = [c for c in caches if c]
        self.home = home
        self.exempt: list[str] = []
        for folder in exempt:
            self.exempt_also(folder)
        self.touched: list[str] = []
        self.active = True

    def exempt_also(self, folder: str) -> None:
        """Writes under ``folder`` (one of the test run's own folders, the checkout, the Python
        installation) are allowed even inside the real home; a folder that holds the home, or is
        it, is never exempt: it would blind the guard (HOME under the temp folder, as in many CI
        containers, and the temp folder exempt)."""
        if folder and not (self.home and self._under(self.home, [folder])):
            self.exempt.append(folder)

    @staticmethod
    def _under(path: str, roots: list[str]) -> bool:
        return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)

    def _path(self, value: object) -> str | None:
        if isinstance(value, int) or value is None:
            return None
        try:
            return os.path.abspath(os.fsdecode(value))  # type: ignore[arg-type]
        except TypeError:
            return None

    def check_path(self, event: str, value: object, write: bool) -> None:
        path = self._path(value)
        if path is None:
            return
        why = None
        if self._under(path, self.caches):
            why = "the user's real cache"
        elif write and self.home and self._under(path, [self.home]) and not self._under(path, self.exempt):
            why = "the user's real home"
        if why:
            self.refuse(f"{event} {path!r}: {why}")

    def check_env(self, env: object, argv: object = ()) -> None:
        env = os.environ if env is None else env
        if not isinstance(env, Mapping):
            return
        home = env.get("HOME") or env.get(b"HOME")
        home = os.fsdecode(home) if home else ""
        # a process whose account home is moved into a test folder (tests of a missing HOME) may go without one
        moved = isinstance(argv, (list, tuple)) and any(isinstance(a, str) and HOME_MOVED in a for a in argv)
        if (not home and not moved) or (home and self.home and os.path.abspath(home) == self.home):
            self.refuse(f"a subprocess with the user's real HOME ({home or 'unset'})")
        for var in ("TASHKALAR_CACHE_DIR", "XDG_CACHE_HOME"):
            value = env.get(var)
            if value and self._under(os.path.abspath(os.fsdecode(value)), self.caches + [os.path.join(self.home, ".cache")]):
                self.refuse(f"a subprocess with {var}={value}")

    def refuse(self, what: str) -> None:
        self.touched.append(what)
        raise PermissionError(f"the tests may not touch {what}")

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.active:
            return
        if event == "open":
            mode, flags = args[1], args[2]
            write = bool(set(str(mode or "")) & set("wax+")) or bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
            self.check_path(event, args[0], write)
        elif event in ("os.listdir", "os.scandir"):
            self.check_path(event, args[0], False)
        elif event in ("os.mkdir", "os.remove", "os.rmdir", "os.chmod", "os.utime", "os.truncate", "shutil.rmtree"):
            self.check_path(event, args[0], True)
        elif event in ("os.rename", "os.link", "os.symlink"):
            self.check_path(event, args[0], True)
            self.check_path(event, args[1], True)
        elif event == "subprocess.Popen":
            self.check_env(args[3], args[1])

    def take(self) -> list[str]:
        touched, self.touched = self.touched, []
        return touched


GUARD: Guard | None = None
#: what a test's command line holds when it moves the account's home into a test folder
#: (``Path.home`` and ``expanduser`` replaced): such a process may run with ``HOME`` unset
HOME_MOVED = "pathlib.Path.home = classmethod(lambda cls: guard)"
SESSION_DIR: Path | None = None


#: the cycle collector of a test process runs less often than Python's default (700 new objects, then every 10th
#: and 10th): a test process keeps a large heap (the data, the memos) and makes many short-lived objects, and the
#: collector's passes over them took about a tenth of the suite's CPU (gc.callbacks: 2.8 of 30 CPU-s on seven of
#: its modules, 0.9 with these; the whole modules 30.3 -> 25.9 CPU-s). Only the test processes: the processes the
#: tests start run the tool as a user does, and the tool's own pause of the collector (command/collector.py) is
#: unchanged (tests/test_collector.py).
COLLECTOR_THRESHOLDS = (20_000, 10, 10)

#: the folder the workers of one pytest-xdist run share (the parent of their basetemps), None in a run without workers
RUN_DIR: Path | None = None


def session_cache() -> Path:
    """The tool's cache for this test process: ``TASHKALAR_TESTS_CACHE`` (a folder kept between runs, for the
    mutation test: benchmarks/mutation.py), else a fresh one for the run, which the workers of an xdist run share
    (a file one worker validated is read back by the other, as two processes of the tool share a user's cache:
    about nine CPU-s a run), else this process's own."""
    assert SESSION_DIR is not None
    shared = RUN_DIR / "cache" if RUN_DIR is not None else SESSION_DIR / "cache"
    return Path(os.environ.get("TASHKALAR_TESTS_CACHE") or shared)


@pytest.hookimpl(trylast=True)   # after pytest's own: its basetemp and cache are known
def pytest_configure(config: pytest.Config) -> None:
    """Before anything is collected or loaded, in every process (each xdist worker too): a home,
    config and cache folders of this process's own, and the user's language and data out of the way."""
    global GUARD, SESSION_DIR, RUN_DIR
    import platformdirs

    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    if GUARD_VAR not in os.environ:  # the first process: the real environment is still here
        real = {"home": os.path.abspath(os.path.expanduser("~")),
                "caches": [os.path.abspath(platformdirs.user_cache_dir("tashkalar", appauthor=False))]
                + ([os.path.abspath(os.environ["TASHKALAR_CACHE_DIR"])] if os.environ.get("TASHKALAR_CACHE_DIR") else [])}
        os.environ[GUARD_VAR] = json.dumps(real)
    real = json.loads(os.environ[GUARD_VAR])
    SESSION_DIR = Path(tempfile.mkdtemp(prefix="tashkalar-tests-"))
    factory = getattr(config, "_tmp_path_factory", None)
    basetemp = str(factory.getbasetemp()) if factory is not None else ""
    RUN_DIR = Path(basetemp).parent if basetemp and hasattr(config, "workerinput") else None
    home = SESSION_DIR / "home"
    for var in CLEARED:
        os.environ.pop(var, None)
    os.environ.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), XDG_CONFIG_HOME=str(home / ".config"),
                      XDG_DATA_HOME=str(home / ".local" / "share"), XDG_STATE_HOME=str(home / ".local" / "state"),
                      TASHKALAR_CACHE_DIR=str(session_cache()))
    # the processes the tests start run this checkout's code, not some other installed copy
    os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    home.mkdir()
    hypothesis_store = _hypothesis_profile(config)
    if GUARD is None:
        # the test run's own folders only (this process's, pytest's basetemp, the stores of pytest's and
        # Hypothesis's caches), never the whole temp folder: the real home may be in it
        exempt = [str(REPO), sys.prefix, sys.base_prefix, str(SESSION_DIR), basetemp, str(hypothesis_store),
                  os.environ.get("TASHKALAR_TESTS_CACHE", "")]
        GUARD = Guard(real["caches"], real["home"], [os.path.abspath(e) for e in exempt if e])
        if RUN_DIR is not None:
            GUARD.exempt_also(str(RUN_DIR / "cache"))
            GUARD.exempt_also(str(RUN_DIR / "shared-memo"))
        sys.addaudithook(GUARD.hook)
        if os.environ.get(NO_MEMO_VAR) != "1":
            # the workers of one pytest-xdist run share the indexes they make (the folder of the run's basetemp)
            shared = RUN_DIR / "shared-memo" if RUN_DIR is not None else None
            PureMemo(shared).install()


#: set to 1 to run without :class:`PureMemo` (every step of every data build done again, as the tool does)
NO_MEMO_VAR = "TASHKALAR_TESTS_NO_MEMO"


class PureMemo:
    """Test-only speed: the pure steps of a data build remembered in this test process by their
    whole input, so that a test that breaks one file of a copy of the data (and the session's own
    fixtures) pays only for what its change touches.

    A build parses every YAML text, validates every value against its schema, stems every word and
    makes the search index of the facts and texts: seconds each time, and the suite builds modified
    copies of the data hundreds of times. Each of those steps depends only on its arguments, so each
    is remembered under its whole input (the text, the schema's name and the value, the language and
    word, the facts and texts themselves; the library's schemas and stemmers do not change during a
    run): a different input always runs the tool's own code, and what a test sees is a fresh copy
    (pickled), never an object another test holds. Failures (a ``DataError``, a schema violation)
    are never remembered: they are computed again each time. The processes the tests start do not
    have it, and ``TASHKALAR_TESTS_NO_MEMO=1`` turns it off (the mutation test may want that).
    """

    #: the largest text remembered (the data files are well below; the hostile inputs are not kept)
    MAX_TEXT = 400_000

    def __init__(self, shared: Path | None = None) -> None:
        self.store: dict[tuple[Any, ...], bytes] = {}
        #: a folder the workers of one run share (each pytest-xdist worker of a run, see pytest_configure): an index
        #: made by one worker is read there by the others (a second or more per game and worker, made once a run)
        self.shared = shared
        self.valid: set[tuple[str, str]] = set()
        self.stems: dict[str, dict[str, str]] = {}

    def install(self) -> None:
        import pickle

        import snowballstemmer

        from tashkalar_cli.data import schemas, yamlio
        from tashkalar_cli.text import index

        parse, errors, build_index, stemmer = (yamlio.parse_yaml, schemas.schema_errors, index.build_index,
                                               snowballstemmer.stemmer)

        def parse_yaml(text: str, source: str = "<input>", *, text_keys: bool = False,
                       max_values: int | None = None) -> Any:
            if len(text) > self.MAX_TEXT:
                return parse(text, source, text_keys=text_keys, max_values=max_values)
            key = ("yaml", text, source, text_keys, max_values)
            if key not in self.store:
                self.store[key] = pickle.dumps(parse(text, source, text_keys=text_keys, max_values=max_values))
            return pickle.loads(self.store[key])

        def schema_errors(name: str, data: Any, lines: Any, source: str) -> Any:
            try:
                key = (name, _content(data))
            except (TypeError, AttributeError, RecursionError):
                return errors(name, data, lines, source)
            if key in self.valid:
                return []
            found = errors(name, data, lines, source)
            if not found:
                self.valid.add(key)
            return found

        def search_index(facts: Any, locales: Any) -> Any:
            try:
                key = ("index", _content((facts, locales)))
            except (TypeError, AttributeError, RecursionError):
                return build_index(facts, locales)
            if key not in self.store:
                self.store[key] = self.shared_result(key[1].encode(), lambda: pickle.dumps(build_index(facts, locales)))
            return pickle.loads(self.store[key])

        def remembering_stemmer(algorithm: str) -> Any:
            return _Stems(stemmer(algorithm), self.stems.setdefault(algorithm, {}))

        yamlio.parse_yaml = parse_yaml
        schemas.schema_errors = schema_errors
        index.build_index = search_index
        snowballstemmer.stemmer = remembering_stemmer
        self.remember_typer_parameters()

    def shared_result(self, whole_input: bytes, make: Callable[[], bytes]) -> bytes:
        """The pickled result of a pure step whose whole input is ``whole_input``: read from the run's shared folder
        when another worker made it (named by the input's SHA-256), else made and left there for the others (written
        whole to a temporary name, then renamed: a reader never sees a part). The worker that takes the step's lock
        makes it; another one waits for the result (a hang guard of 60 s, then it makes it itself)."""
        if self.shared is None:
            return make()
        import hashlib
        import time

        self.shared.mkdir(exist_ok=True)
        path = self.shared / hashlib.sha256(whole_input).hexdigest()
        lock = path.with_name(f"{path.name}.lock")
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            for _ in range(600):
                try:
                    return path.read_bytes()
                except OSError:
                    time.sleep(0.1)
            return make()
        try:
            result = make()
        except BaseException:
            lock.unlink()   # the others make it themselves (a failure is never remembered)
            raise
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(result)
        os.replace(partial, path)
        return result

    @staticmethod
    def remember_typer_parameters() -> None:
        """Typer reads a command function's parameters (its signature, its annotations evaluated: a compile and
        an eval for each) every time it builds a command, and the command line builds the commands it runs at each
        call: about a seventh of the CPU of a test module that runs the command line often. What it reads depends
        on the function alone (no module changes a function's signature or annotations), so it is read once per
        function; each caller gets a dictionary of its own (Typer reads the parameters, never changes them)."""
        import typer.completion
        import typer.main
        import typer.utils

        read = typer.utils.get_params_from_function
        known: dict[Any, Any] = {}

        def get_params_from_function(func: Any) -> Any:
            if func not in known:
                known[func] = read(func)
            return dict(known[func])

        for module in (typer.utils, typer.main, typer.completion):
            module.get_params_from_function = get_params_from_function  # type: ignore[attr-defined]


def _content(value: Any) -> str:
    """The key of a plain value (parsed data: text, numbers, lists, mappings) by its content alone: equal values,
    equal keys. (Not ``pickle.dumps``: its bytes also say which parts are one object, and the same data read from
    the per-file memory or parsed anew shares different strings, so the search index of an unchanged copy of the
    data was built again.) A value whose text names an object by its address is no plain value: TypeError (not
    remembered), since another object may later stand at that address."""
    text = repr(value)
    if " at 0x" in text:
        raise TypeError("not plain data")
    return text


class _Stems:
    """A Snowball stemmer whose stems are remembered for the whole test process (:class:`PureMemo`)."""

    def __init__(self, impl: Any, known: dict[str, str]) -> None:
        self.impl, self.known = impl, known

    def stemWord(self, word: str) -> str:
        stem = self.known.get(word)
        if stem is None:
            stem = self.known[word] = self.impl.stemWord(word)
        return stem

    def __getattr__(self, name: str) -> Any:
        return getattr(self.impl, name)


#: the environment variable naming the Hypothesis profile of the run: ``dev`` (the default: random
#: examples, failures kept in pytest's cache and replayed first) or ``ci`` (.ci/run: the same examples
#: every run, nothing stored, a failure printed with the blob that reproduces it)
PROFILE_VAR = "HYPOTHESIS_PROFILE"
#: neither profile has a deadline or the health check of slow data generation: wall-clock measures, which
#: fail on a loaded machine (each test bounds its work by its number of examples)
_STEADY = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
#: ``dev`` says it draws at random: Hypothesis's own defaults derandomize when a CI variable is set
_RANDOM = {"derandomize": False}
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, **_STEADY)
settings.register_profile("dev", database=None, **_RANDOM, **_STEADY)   # its database is set once pytest's cache is known


def _hypothesis_profile(config: pytest.Config) -> Path:
    """Loads the profile ``--hypothesis-profile`` or ``$HYPOTHESIS_PROFILE`` names (``dev`` by default),
    with Hypothesis's files in pytest's cache (``.pytest_cache/d/hypothesis``; the session's folder
    under ``-p no:cacheprovider``), not in a ``.hypothesis`` folder of the checkout: the folder."""
    assert SESSION_DIR is not None
    cache = getattr(config, "cache", None)
    store = cache.mkdir("hypothesis") if cache is not None else SESSION_DIR / "hypothesis"
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(store))   # read when first needed
    settings.register_profile("dev", database=DirectoryBasedExampleDatabase(store / "examples")
                              if cache is not None else None, **_RANDOM, **_STEADY)
    settings.load_profile(config.getoption("hypothesis_profile", None) or os.environ.get(PROFILE_VAR) or "dev")
    return Path(os.environ["HYPOTHESIS_STORAGE_DIRECTORY"])


#: every character UTF-8 can write: all of Unicode but the surrogates, the very characters of Hypothesis's default
#: text (the characters of the utf-8 codec), named by their categories. Hypothesis finds a codec's characters by encoding
#: each of the 1.1 million code points (over 2 CPU-s in every process whose Hypothesis folder is new: each worker of
#: a fresh checkout's run, as in .ci/run); the categories come from the table it builds anyway.
ANY_CHARACTER = st.characters(exclude_categories=("Cs",))


def any_text(**size: int) -> st.SearchStrategy[str]:
    """Hypothesis's default text of that ``size`` without the codec table: the same characters (:data:`ANY_CHARACTER`)."""
    return st.text(ANY_CHARACTER, **size)


def pytest_unconfigure(config: pytest.Config) -> None:
    if GUARD is not None:
        GUARD.active = False
    if SESSION_DIR is not None:
        shutil.rmtree(SESSION_DIR, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    touched = GUARD.take() if GUARD is not None else []
    if touched:
        print(f"\nthe suite touched the user's real folders: {touched[:5]}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def warm_cache(dataset: Any) -> None:
    """The session's cache holds the data (``pytestmark = pytest.mark.usefixtures("warm_cache")`` in
    the modules whose tests start the tool as a process): such a process reads it instead of
    validating everything again, which took seconds per process, and more where a test limits the
    size of the files the process may write (the cache could not be written then, so each of those
    processes built it). Not for every test: a nested test run (the guard's own tests) would build
    the data for nothing."""


#: the number of each test's home in this process (``SESSION_DIR/homes/N``: a new empty folder, made without
#: listing the ones made before as pytest's numbered folders are, and removed with the process's folder)
_HOMES = itertools.count()


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test: a home of its own, no user language, the session's cache, a wide terminal for
    stable tables; and it fails if it (or a session fixture it set up) touched the user's folders."""
    assert GUARD is not None and SESSION_DIR is not None
    for var in CLEARED:
        monkeypatch.delenv(var, raising=False)
    home = SESSION_DIR / "homes" / str(next(_HOMES))
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(session_cache()))
    monkeypatch.setenv("COLUMNS", "140")
    from tashkalar_cli.data import cache as store

    store._MEMO.clear()
    store._MEMO.update(_packaged_memo())
    touched = GUARD.take()
    assert not touched, f"before this test, the suite touched the user's real folders: {touched}"
    yield
    touched = GUARD.take()
    assert not touched, f"the test touched the user's real folders: {touched}"


#: the packaged data of each game as this process first loaded it, in a clean environment (the session's
#: cache, no translators' folders): every test starts with it in the library's memo, as a process that
#: read it once would, rather than reading the cache again at each call (about 0.05 CPU-s a call, and the
#: search index made again at each search); a test about loading or caching that data clears the memo
_PACKAGED: dict[str, Any] = {}


def _packaged_memo() -> dict[str, Any]:
    if not _PACKAGED:
        from tashkalar_cli.data import cache as store
        from tashkalar_cli.game import load_uncached

        store._MEMO.clear()  # whatever a test left there is not the packaged data
        for game in ("tash-kalar", "letal"):
            store.load_dataset(game=game, build=load_uncached)
        _PACKAGED.update(store._MEMO)
    return _PACKAGED


@pytest.fixture
def fresh_memo() -> None:
    """The library's memo of loaded data empty: the test loads (or caches) the packaged data itself."""
    from tashkalar_cli.data import cache as store

    store._MEMO.clear()


@pytest.fixture(scope="session")
def dataset():
    """The packaged Tash-Kalar data: the very object every test finds in the library's memo (:func:`_packaged_memo`),
    so that what it makes when first asked (the search index) is made once in this process, not once for the
    session's objects and again for the memo's. A session fixture is made before the function fixture that resets
    the memo, so the memo is reset here too: a test run before it may have left its own small dataset under the
    packaged data's key (tests/test_trust_files.py's pruning test does)."""
    from tashkalar_cli.data import cache as store
    from tashkalar_cli.game import load_uncached

    memo = _packaged_memo()
    store._MEMO.clear()
    store._MEMO.update(memo)
    return store.load_dataset(build=load_uncached)


@pytest.fixture(scope="session")
def tk(dataset):
    """The library's entry point, built once for the whole session."""
    from tashkalar_cli import Game

    return Game(dataset=dataset)


@pytest.fixture(scope="session")
def db(tk):
    return tk.cards


@pytest.fixture(scope="session")
def board(tk):
    return tk.board


@pytest.fixture(scope="session")
def engine(tk):
    return tk.engine


@pytest.fixture(scope="session")
def config(tk):
    return tk.config


@pytest.fixture(scope="session")
def parser(tk):
    return tk.parser


@pytest.fixture(scope="session")
def own_locales_report(dataset: Any) -> Any:
    """The translation check of the tool's own locales, every language: computed once per session
    (it takes seconds) for the tests that compare a planted fault with it."""
    from tashkalar_cli.text.i18ncheck import check_locales

    return check_locales(REPO / "locales", dataset.facts)


@pytest.fixture(scope="session")
def game(dataset):
    """The raw numbers of cards/game.yaml, to compare the tool's answers with the data."""
    return dataset.facts["game"]


def tiered(cases: Sequence[Any], *facets: Callable[[Any], Hashable], mark: Any = None) -> list[Any]:
    """The cases of a sweep (``pytest.param`` values), each kept in the default run when it shows a value of one
    of ``facets`` (functions of the case's values) that no case before it showed, the others marked ``slow``
    (or ``mark``): the default run keeps a representative of every row, language, surface... the facets name,
    in the order given (the caller rotates it), and ``python -m pytest -m slow`` runs the rest of the sweep."""
    extra = pytest.mark.slow if mark is None else mark
    seen: set[tuple[int, Hashable]] = set()
    out = []
    for case in cases:
        values = case.values if hasattr(case, "values") else tuple(case)
        shown = {(i, facet(values)) for i, facet in enumerate(facets)}
        if shown - seen:
            seen |= shown
            out.append(case)
        else:
            out.append(_marked(case, values, extra))
    return out


def _marked(case: Any, values: Sequence[Any], extra: Any) -> Any:
    """``case`` (its ``values``) with the mark ``extra`` added to its own, its id kept."""
    return pytest.param(*values, id=getattr(case, "id", None), marks=[*getattr(case, "marks", ()), extra])


def spread(cases: Sequence[Any], keep: int = 1, start: int = 0, mark: Any = None, *, names: int = 1) -> list[Any]:
    """``cases`` (values, tuples of ``names`` values, or ``pytest.param``), of which ``keep`` stay in the default run, spread evenly over the
    list from ``start`` (a test over the languages passes its own ``start``, so that the languages rotate from
    test to test); the others are marked ``slow`` (or ``mark``) and run with ``python -m pytest -m slow``."""
    extra = pytest.mark.slow if mark is None else mark
    n = len(cases)
    kept = {(start + (i * n) // max(1, keep)) % n for i in range(min(keep, n))} if n else set()
    out = []
    for i, case in enumerate(cases):
        if i in kept:
            out.append(case)
        else:
            values = case.values if hasattr(case, "values") else tuple(case) if names > 1 else (case,)
            out.append(_marked(case, values, extra))
    return out


def in_every_language(cases: Sequence[Any], langs: Sequence[str], ids: Callable[[Any], str] | None = None) -> list[Any]:
    """``cases`` (each a tuple of the test's values) in each of ``langs``, the language last: the default run keeps
    each case in one language, rotating from case to case so that every language appears; the other languages of
    a case are in the slow run."""
    # the default run: each case in its first language; a language no case starts with (fewer cases than
    # languages) in the first case. (Not every language of the first case: the rotation already shows each one.)
    shown = {langs[n % len(langs)] for n in range(len(cases))}
    kept = {(n, langs[n % len(langs)]) for n in range(len(cases))} | {(0, lang) for lang in langs if lang not in shown}
    out = []
    for n, case in enumerate(cases):
        values = tuple(case)
        name = ids(case) if ids is not None else str(n)
        for lang in [*langs[n % len(langs):], *langs[:n % len(langs)]]:
            marks = [] if (n, lang) in kept else [pytest.mark.slow]
            out.append(pytest.param(*values, lang, id=f"{name}-{lang}", marks=marks))
    return out


def fewer_examples(default: int) -> Any:
    """A property test (``@given``, with ``@settings(max_examples=N)``) run on its first ``default`` examples in the
    default run, and on all ``N`` of its settings in the slow run: two cases, ``few-examples`` and ``all-examples``
    (marked ``slow``), through the :func:`examples` fixture. Put it above ``@settings``/``@given``."""
    return pytest.mark.parametrize("examples", [pytest.param(default, id="few-examples"),
                                                pytest.param(None, id="all-examples", marks=pytest.mark.slow)],
                                   indirect=True)


@pytest.fixture(scope="session")
def examples(request: pytest.FixtureRequest) -> int | None:
    """The number of examples :func:`fewer_examples` gives a case (None: its settings' own); session-scoped, as
    Hypothesis asks of a fixture of a property test. :func:`pytest_runtest_call` applies it."""
    return getattr(request, "param", None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """A case of :func:`fewer_examples`: its property test's settings changed for this case only (Hypothesis reads
    them when the test is called), then restored."""
    count = getattr(getattr(item, "callspec", None), "params", {}).get("examples")
    test = getattr(item, "obj", None)
    kept = getattr(test, "_hypothesis_internal_use_settings", None)
    if count is None or kept is None:
        return (yield)
    assert count < kept.max_examples, (count, kept.max_examples)
    test._hypothesis_internal_use_settings = settings(kept, max_examples=count)   # type: ignore[union-attr]
    try:
        return (yield)
    finally:
        test._hypothesis_internal_use_settings = kept   # type: ignore[union-attr]


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def json(self):
        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run ``tashkalar ARGS`` in-process; returns exit code, stdout and stderr."""
    from tashkalar_cli.cli.app import main

    def run(*args: str) -> Result:
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


@pytest.fixture
def data_copy(tmp_path):
    """A writable copy of the tool's data folder (cards/, locales/)."""
    dest = tmp_path / "data"
    dest.mkdir()
    for name in ("cards", "locales"):
        shutil.copytree(REPO / name, dest / name)
    return dest


@pytest.fixture
def data_copy_of(tmp_path: Path) -> Callable[..., Path]:
    """A writable copy of the tool's data folder with English and the languages named alone (``data_copy_of("fr")``:
    cards/, locales/en, locales/fr): what a test that plants a fault in one language needs, read in about half the
    time of every language (each language's texts are read, checked and indexed at each load of the copy)."""

    def make(*langs: str) -> Path:
        dest = tmp_path / "data"
        shutil.copytree(REPO / "cards", dest / "cards")
        for lang in dict.fromkeys(("en", *langs)):
            shutil.copytree(REPO / "locales" / lang, dest / "locales" / lang)
        return dest

    return make


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Any:
    """Each pytest-xdist worker imports every test module, and pytest rewrites a module's asserts when no rewritten
    copy of it is found beside it (about 7 CPU-s for the whole folder): in a fresh checkout (.ci/run) the workers
    did it all twice, side by side. An odd-numbered worker of a run of the whole folder imports the modules from
    the last one back before collecting them, so that the workers meet in the middle, each reading the copy the
    other wrote (pytest writes it whole, then renames it). The same modules, the same code: only the order of
    the first imports changes; a module that fails to import is left to the collection, which reports it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    here = Path(__file__).parent
    if worker[2:].isdigit() and int(worker[2:]) % 2 and [Path(a).resolve() for a in session.config.args] == [here]:
        import importlib

        for path in sorted(here.glob("test_*.py"), reverse=True):
            if path.stem not in sys.modules:
                try:
                    importlib.import_module(path.stem)
                except Exception:   # the collection imports it again and says why
                    sys.modules.pop(path.stem, None)
    return (yield)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--dist loadgroup`` as pytest-xdist means it under pytest 9: xdist marks a test of an ``xdist_group`` by
    appending ``@group`` to ``item._nodeid``, which pytest 9 no longer reads (a node's id is ``item._id``), so every
    group was spread over the workers and its shared fixtures set up on each. The suffix is set where it is missing."""
    _browsers_in_the_slow_step(items)
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodes import coerce_node_id
    except ImportError:   # a pytest that still reads _nodeid: xdist's own suffix holds
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid:
            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(names)}")   # type: ignore[attr-defined]


def _browsers_in_the_slow_step(items: list[pytest.Item]) -> None:
    """A test that drives a real browser (the ``browser`` fixture, seconds each) runs in the slow step, on the
    worker of the ``board-browser`` group: a mark set on the wrong function is refused here, not found as a
    slower default run."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            groups = {m.args[0] if m.args else m.kwargs.get("name") for m in item.iter_markers("xdist_group")}
            if item.get_closest_marker("slow") is None or "board-browser" not in groups:
                raise pytest.UsageError(f"{item.nodeid}: a test that drives a browser must be marked slow and in the board-browser xdist group")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, list[str]]:
    """A cache of the test's own, an empty memory, and the files parsed and validated, by name
    (tests/test_filecache.py, tests/test_i18n_work.py)."""
    from tashkalar_cli.data import filecache, schemas, yamlio

    monkeypatch.setenv("TASHKALAR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(filecache, "_MEMORY", filecache._Memory())
    seen: dict[str, list[str]] = {"parsed": [], "validated": []}
    parse, validate = yamlio.parse_yaml, schemas.schema_errors

    def parse_yaml(text: str, source: str = "<input>", **kw: Any) -> Any:
        seen["parsed"].append(source)
        return parse(text, source, **kw)

    def schema_errors(name: str, data: Any, lines: Any, source: str) -> Any:
        seen["validated"].append(source)
        return validate(name, data, lines, source)

    monkeypatch.setattr(yamlio, "parse_yaml", parse_yaml)
    monkeypatch.setattr(schemas, "schema_errors", schema_errors)
    return seen


def forget_counts(seen: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch | None = None) -> None:
    """The counts of :func:`counted` started again; with ``monkeypatch``, as in a new process: the memory
    empty, the cache folder kept."""
    from tashkalar_cli.data import filecache

    seen["parsed"].clear()
    seen["validated"].clear()
    if monkeypatch is not None:
        monkeypatch.setattr(filecache, "_MEMORY", filecache._Memory())


def count_calls(monkeypatch: pytest.MonkeyPatch, name: str, *owners: Any) -> list[int]:
    """``owners``' function ``name`` (the first owner's, set on each: a module and the modules that
    imported it by name) counted as it is called: the count is ``calls[0]``, set back to 0 at will."""
    calls = [0]
    original = getattr(owners[0], name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    for owner in owners:
        monkeypatch.setattr(owner, name, counting)
    return calls

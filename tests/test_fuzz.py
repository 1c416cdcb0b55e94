"""Hostile and broken input, through the real command line, one process per case.

Each case runs ``python -m tashkalar_cli`` with an address-space limit (1.5 GB) and a hang
guard (10 s: the cases take a fraction of a second; the guard only tells a hang from an
answer). Every case must end with exit code 0 or 2, a short message, no traceback and no
internal error, and must leave every file as it was, except an output the case asks for.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO, any_text, write

#: one process per case: run with ``python -m pytest -m slow`` (.ci/run does)
pytestmark = pytest.mark.slow

CORPUS = Path(__file__).resolve().parent / "fuzz"
MEMORY = 1_500_000_000
HANG = 60  # a hang guard: a case takes a second or two, far more on a loaded machine


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz-cache")
    env = dict(os.environ, TASHKALAR_CACHE_DIR=str(folder))
    subprocess.run([sys.executable, "-m", "tashkalar_cli", "card", "show", "swordmaster"], env=env,
                   capture_output=True, check=True, cwd=REPO)  # warm: the cases time the tool, not the cache
    return folder


def snapshot(folder: Path) -> dict[str, str]:
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def run(cache_dir: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("TASHKALAR")}
    full_env.update(TASHKALAR_CACHE_DIR=str(cache_dir), COLUMNS="100", **(env or {}))
    proc = subprocess.run([sys.executable, "-m", "tashkalar_cli", *args], env=full_env, capture_output=True,
                          text=True, timeout=HANG, preexec_fn=_limit, cwd=cwd or REPO)
    return proc


def assert_clean(proc, allowed=(0, 2)):
    assert proc.returncode in allowed, (proc.returncode, proc.stderr[-500:])
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr[-500:]
    assert len(proc.stderr) < 2000, f"a {len(proc.stderr)}-character message"


# ------------------------------------------------------------------ the stored corpus

POSITION_CASES = sorted(p.name for p in CORPUS.glob("*.fuzz")
                        if not p.name.startswith(("alias-bomb-turn", "alias-bomb-locale", "own-color", "flare-against",
                                                  "duel-turn", "turn-", "locale-")))


@pytest.mark.parametrize("name", POSITION_CASES)
def test_corpus_position_files_end_cleanly(cache_dir, tmp_path, name):
    target = tmp_path / name
    target.write_bytes((CORPUS / name).read_bytes())
    before = snapshot(tmp_path)
    proc = run(cache_dir, "position", "check", str(target))
    assert_clean(proc)
    assert snapshot(tmp_path) == before
    assert not (tmp_path / "pwned").exists() and not (REPO / "pwned").exists()


@pytest.mark.parametrize("name,expected", [
    ("alias-bomb-position.fuzz", "aliases"), ("anchor-only.fuzz", "anchors"), ("deep-1000.fuzz", "nested"),
    ("long-square.fuzz", "YAML"), ("unicode-digits.fuzz", "not a square"), ("not-utf8.fuzz", "UTF-8"),
    ("python-tag.fuzz", "YAML"), ("three-colors-duel.fuzz", "3 colors"), ("five-colors-melee3.fuzz", "5 colors"),
    ("unknown-task-claimed.fuzz", "no task is called"), ("duplicate-key.fuzz", "duplicate key"),
    ("huge-int.fuzz", "digits"), ("merge-key.fuzz", "aliases"), ("merge-key-only.fuzz", "merge keys"),
    ("supply-color-twice.fuzz", "given twice"), ("supply-more-than-owned.fuzz", "more than the"),
    ("claims-color-twice.fuzz", "given twice"), ("huge-int-supply.fuzz", "5000 digits"),
    ("unicode-row-label.fuzz", "labelled"),
])
def test_corpus_errors_say_what(cache_dir, name, expected):
    proc = run(cache_dir, "position", "check", str(CORPUS / name))
    assert_clean(proc, allowed=(2,))
    assert expected in proc.stderr, proc.stderr


@pytest.mark.parametrize("name,expected", [
    ("alias-bomb-turn.fuzz", "aliases"), ("own-color-scores.fuzz", "other players' colors"),
    ("flare-against-self.fuzz", "against an opponent"), ("turn-scores-color-twice.fuzz", "given twice"),
    ("turn-melee-scores-color-twice.fuzz", "given twice"), ("turn-destroyed-legends.fuzz", "destroyed in one turn"),
    ("turn-huge-int.fuzz", "5000 digits"),
])
def test_corpus_turn_records(cache_dir, name, expected):
    proc = run(cache_dir, "score", "--turn", str(CORPUS / name))
    assert_clean(proc, allowed=(2,))
    assert expected in proc.stderr, proc.stderr


def test_scores_that_do_not_fit_the_mode_given_on_the_command_line(cache_dir):
    proc = run(cache_dir, "score", "--turn", str(CORPUS / "duel-turn-numbers.fuzz"), "--mode", "melee", "--players", "3")
    assert_clean(proc, allowed=(2,))
    assert "per color" in proc.stderr
    proc = run(cache_dir, "score", "--turn", str(CORPUS / "duel-turn-numbers.fuzz"), "--players", "3")
    assert_clean(proc, allowed=(2,))
    assert "2 sides" in proc.stderr


# ------------------------------------------------------------------ made at run time

def test_deep_nesting_does_not_crash_the_interpreter(cache_dir, tmp_path):
    for depth in (20_000, 100_000):
        f = write(tmp_path / f"deep{depth}.yaml", "[" * depth + "]" * depth)
        proc = run(cache_dir, "position", "check", str(f))
        assert_clean(proc, allowed=(2,))
        assert "nest" in proc.stderr   # "nested too deeply" or "exceeded maximum nesting depth"


def test_huge_file_is_refused_before_it_is_read(cache_dir, tmp_path):
    f = tmp_path / "huge.yaml"
    with f.open("wb") as fh:
        fh.truncate(62_000_000)  # sparse: the size is what counts
    proc = run(cache_dir, "position", "check", str(f))
    assert_clean(proc, allowed=(2,))
    assert "at most" in proc.stderr


def test_a_long_value_is_quoted_short(cache_dir, tmp_path):
    f = write(tmp_path / "long.yaml", "pieces:\n  e5: blue " + "y" * 900_000 + "\n")
    proc = run(cache_dir, "position", "check", str(f))
    assert_clean(proc, allowed=(2,))
    assert "is not a rank" in proc.stderr and len(proc.stderr) < 400


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo", "folder"])
def test_special_files_end_at_once(cache_dir, tmp_path, special):
    if special == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    elif special == "folder":
        path = tmp_path
    else:
        path = Path(special)
    proc = run(cache_dir, "position", "check", str(path))
    assert_clean(proc, allowed=(2,))


# ------------------------------------------------------------------ the cache

def test_a_crafted_pickle_in_the_cache_runs_nothing(cache_dir, tmp_path):
    marker = tmp_path / "pwned"

    class Boom:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    folder = tmp_path / "cache"
    folder.mkdir()
    for name in [p.name for p in cache_dir.iterdir()] + ["data-00000000.json", "data-x.pickle"]:
        (folder / name).write_bytes(pickle.dumps(Boom()))
    proc = run(folder, "card", "show", "swordmaster", "--json")
    assert_clean(proc, allowed=(0,))
    assert json.loads(proc.stdout)["id"] == "swordmaster"
    assert not marker.exists()


@pytest.mark.parametrize("content", [b"42", b"[]", b'{"format": 8}', b"\x00\xff", b'{"format": 8, "key": "x"}'])
def test_a_foreign_or_damaged_cache_heals_itself(cache_dir, tmp_path, content):
    import shutil

    folder = tmp_path / "cache"
    shutil.copytree(cache_dir, folder)
    for p in folder.glob("tashkalar-data-*/*.json"):  # the tool's own cache, every file damaged
        p.write_bytes(content)
    for _ in range(2):  # rebuilt the first time, used the second
        proc = run(folder, "card", "show", "swordmaster", "--json")
        assert_clean(proc, allowed=(0,))
    assert any(json.loads((p / "index.json").read_bytes()).get("format") for p in folder.glob("tashkalar-data-*")
               if p.is_dir())


# ------------------------------------------------------------------ output files

def test_an_output_never_replaces_an_input(cache_dir, tmp_path):
    pos = write(tmp_path / "v.yaml", "pieces: {e4: blue, e6: blue}\n")
    before = snapshot(tmp_path)
    proc = run(cache_dir, "summon", "swordmaster", "--position", str(pos), "--player", "blue", "--svg", str(pos))
    assert_clean(proc, allowed=(2,))
    assert "input" in proc.stderr and snapshot(tmp_path) == before


def test_an_output_is_not_written_through_a_symlink(cache_dir, tmp_path):
    target = write(tmp_path / "precious.txt", "keep me")
    link = tmp_path / "out.svg"
    link.symlink_to(target)
    proc = run(cache_dir, "summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg", str(link))
    assert_clean(proc, allowed=(2,))
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("path", ["", " ", "/nonexistent-folder/x.svg", "/"])
def test_an_unusable_output_path_is_bad_input(cache_dir, path):
    proc = run(cache_dir, "summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg", path)
    assert_clean(proc, allowed=(2,))


def test_an_output_is_written_whole(cache_dir, tmp_path):
    out = tmp_path / "out.svg"
    out.write_text("<!-- written by tashkalar -->\nold")   # a picture an older version wrote
    proc = run(cache_dir, "summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--svg", str(out),
               "--force")
    assert_clean(proc, allowed=(0,))
    assert out.read_text().startswith("<") and out.read_text().rstrip().endswith("</svg>")
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"], "no temporary file left behind"


# ------------------------------------------------------------------ colors against the game

@pytest.mark.parametrize("args,expected", [
    (["summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--allow-enemy", "blue"], "own color"),
    (["summon", "swordmaster", "--pieces", "e4=blue,e6=red", "--player", "blue", "--allow-enemy", "yellow"], "not in this game"),
    (["flare", "check", "flare-3-5", "--pieces", "e4=blue,e6=red", "--player", "blue", "--against", "yellow"], "not in this game"),
    (["flare", "check", "3/6", "--pieces", "e4=blue,e6=red", "--player", "blue"], "Flare 3/6 (b)"),
    (["task", "check", "rainbow-dominance", "--pieces", "e4=blue,e6=red", "--player", "blue", "--against", "blue"], "own"),
    (["summon", "swordmaster", "--pieces", "e4=blue,e6=red", "--player", "green"], "not in this game"),
])
def test_colors_that_do_not_fit_the_game(cache_dir, args, expected):
    proc = run(cache_dir, *args)
    assert_clean(proc, allowed=(2,))
    assert expected in proc.stderr, proc.stderr


def test_json_errors_are_json(cache_dir):
    proc = run(cache_dir, "card", "show", "no-such-card", "--json")
    assert_clean(proc, allowed=(2,))
    error = json.loads(proc.stderr)["error"]
    assert error["code"] == "bad-input" and "no-such-card" in error["message"]


# ------------------------------------------------------------------ a translator's broken folder

def test_a_broken_translators_language_stops_only_that_language(cache_dir, tmp_path):
    import shutil

    de = tmp_path / "mine" / "de"
    shutil.copytree(REPO / "locales" / "fr", de)  # a complete language, then one file broken
    (de / "ui.yaml").write_bytes((CORPUS / "alias-bomb-locale.fuzz").read_bytes())
    env = {"TASHKALAR_LOCALES": str(tmp_path / "mine")}
    proc = run(cache_dir, "card", "show", "swordmaster", env=env)
    assert_clean(proc, allowed=(0,))
    proc = run(cache_dir, "card", "show", "swordmaster", "--lang", "de", env=env)
    assert_clean(proc, allowed=(2,))
    assert "aliases" in proc.stderr
    proc = run(cache_dir, "i18n", "check", "--json", env=env)
    assert_clean(proc, allowed=(1,))
    findings = json.loads(proc.stdout)["findings"]
    assert any(f["code"] == "schema" and f["lang"] == "de" for f in findings)
    schema = [f for f in findings if f["code"] == "schema"]
    assert len(schema) == 1 and schema[0]["file"] == "de/ui.yaml"
    assert not [f for f in findings if f["code"] == "missing-entry"], \
        "one broken file is reported once, not as hundreds of missing entries"


#: a translator's ui.yaml (``locale-*.fuzz``): the words of the one line, and the i18n check code
LOCALE_CASES = {
    "locale-format-spec.fuzz": ("not a placeholder", "placeholder-format"),
    "locale-attribute.fuzz": ("not a placeholder", "placeholder-format"),
    "locale-conversion.fuzz": ("not a placeholder", "placeholder-format"),
    "locale-index.fuzz": ("not a placeholder", "placeholder-format"),
    "locale-click-attribute.fuzz": ("not a placeholder", "placeholder-format"),
    "locale-stemmer.fuzz": ("klingon", "stemmer"),
    "locale-date-key.fuzz": ("2024-01-01", "key-not-text"),
    "locale-bool-key.fuzz": ("'yes'", "key-not-text"),
    "locale-plural-zero.fuzz": ("plural", "plural-rule"),
    "locale-plural-syntax.fuzz": ("plural", "plural-rule"),
    "locale-plural-long.fuzz": ("plural", "plural-rule"),
    "locale-plural-range.fuzz": ("plural", "plural-rule"),
    "locale-merge-key.fuzz": ("merge keys", "schema"),
}


def test_every_locale_case_is_listed():
    assert sorted(p.name for p in CORPUS.glob("locale-*.fuzz")) == sorted(LOCALE_CASES)


def test_corpus_translator_files(cache_dir, tmp_path):
    """Each broken translator's ui.yaml of the corpus is a language of one folder (``xa``, ``xb``...):
    that language stops with one line naming it, the others work, and ``i18n check`` reports each
    with its code (never exit 70)."""
    folder = tmp_path / "mine"
    langs = {name: "x" + chr(ord("a") + i) for i, name in enumerate(sorted(LOCALE_CASES))}
    for name, lang in langs.items():
        (folder / lang).mkdir(parents=True)
        (folder / lang / "ui.yaml").write_bytes((CORPUS / name).read_bytes())
    env = {"TASHKALAR_LOCALES": str(folder)}
    proc = run(cache_dir, "i18n", "check", "--json", env=env)
    assert_clean(proc, allowed=(1,))
    findings = json.loads(proc.stdout)["findings"]
    for name, lang in langs.items():
        assert LOCALE_CASES[name][1] in {f["code"] for f in findings if f["lang"] == lang}, name
    proc = run(cache_dir, "card", "show", "swordmaster", "--lang", "fr", env=env)
    assert_clean(proc, allowed=(0,))
    for name, lang in langs.items():
        proc = run(cache_dir, "card", "show", "swordmaster", "--lang", lang, env=env)
        assert_clean(proc, allowed=(2,))
        words = LOCALE_CASES[name][0]
        assert f"'{lang}'" in proc.stderr and words in proc.stderr, (name, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, (name, proc.stderr)


# ------------------------------------------------------------------ generated YAML, in-process

yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | any_text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(st.sampled_from(["mode", "players", "pieces", "board", "supply", "tasks_claimed", "x"]),
                           yaml_values, max_size=5))
def test_generated_positions_end_in_0_or_2(cli, tmp_path, doc):
    import yaml

    f = tmp_path / "gen.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True))
    r = cli("position", "check", str(f))
    assert r.code in (0, 2), r.err
    assert "internal error" not in r.err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=any_text(max_size=300))
def test_generated_text_ends_in_0_or_2(cli, tmp_path, text):
    f = tmp_path / "gen.yaml"
    f.write_text(text, encoding="utf-8")
    r = cli("score", "--turn", str(f))
    assert r.code in (0, 2), r.err
    assert "internal error" not in r.err


def test_an_output_is_never_written_into_the_tools_data(cache_dir, tmp_path):
    import shutil

    data = tmp_path / "data"
    for name in ("cards", "locales"):
        shutil.copytree(REPO / name, data / name)
    before = snapshot(data)
    target = data / "locales" / "en" / "picture.svg"
    proc = run(cache_dir, "summon", "swordmaster", "--pieces", "e4=blue,e6=blue", "--player", "blue",
               "--data", str(data), "--svg", str(target))
    assert_clean(proc, allowed=(2,))
    assert "data" in proc.stderr and not target.exists() and snapshot(data) == before

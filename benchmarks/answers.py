"""Every question of the search's question sets, answered: the full ranked hits with their scores, as JSON.

Run: python benchmarks/answers.py OUT.json [--compare OTHER.json]
Writes, for each question of tests/rule_questions.yaml (Tash-Kalar) and tests/letal_rule_questions.yaml
(L.E.T.A.L.), every hit of ``rules.search(question, limit=None)`` in order (kind, id, score as its repr) and the
question as read (its language and searched words); ``--compare`` then says how many questions were compared and
which differ. A change meant to make the search faster, not different, must leave the file the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SETS = {"tash-kalar": HERE.parent / "tests" / "rule_questions.yaml",
        "letal": HERE.parent / "tests" / "letal_rule_questions.yaml"}


def answers() -> dict[str, list[object]]:
    from tashkalar_cli import Game

    out: dict[str, list[object]] = {}
    for game_id, path in SETS.items():
        game = Game(game_id)
        questions = yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
        for lang, items in questions.items():
            for n, item in enumerate(items):
                result = game.rules.search(item["q"], limit=None)
                q = result.query
                out[f"{game_id} {lang} {n} {item['q']}"] = [
                    q.lang, list(q.words), list(q.concepts),
                    [[h.kind, h.id, repr(h.score), h.lang] for h in result.hits]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--compare")
    args = parser.parse_args()
    got = answers()
    Path(args.out).write_text(json.dumps(got, ensure_ascii=False, indent=0), encoding="utf-8")
    if args.compare:
        other = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        differ = [k for k in sorted(set(got) | set(other)) if got.get(k) != other.get(k)]
        hits = sum(len(v[3]) for v in got.values())  # type: ignore[index, arg-type]
        print(f"{len(got)} questions compared ({hits} ranked hits with their scores): {len(differ)} differ")
        for k in differ[:20]:
            print("  ", k)
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

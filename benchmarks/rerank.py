"""Learning the second stage of the rule search (issue 33, ninth round): the features of the best K entries of every
labelled question (tests/rule_questions.yaml, tests/letal_rule_questions.yaml), a linear model fitted on them with a
listwise logistic loss (softmax over the K candidates) and L2, measured by leaving out one independent writer's set at
a time.

Run: python benchmarks/rerank.py [--cv] [--write] [--l2 X ...] [--joint] [--skip SET ...]   (needs numpy)
``--cv``: the leave-one-writer-out figures, per fold, of the first stage alone and re-ranked (each fold trained on
every other set of its game, the ``tuning`` set included); ``--write``: fits on every set of each game and writes
tashkalar_cli/text/index/learned.py; ``--joint`` trains each fold on the other game's questions too, ``--skip`` leaves
sets out of the training (two variants measured and dropped: the same figures within two questions).
The questions whose first order stands (:func:`tashkalar_cli.text.index.rerank.kept`: a keyword's definition asked, a
keyword quoted, a form of play named) are neither trained on nor ranked again.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

#: the candidates ranked again (the second stage's :data:`~tashkalar_cli.text.index.rerank.CANDIDATES`), and the L2
#: weight of the fit (pulling towards the first stage alone: 8 folds gave about the same figures from 0.003 to 0.03)
K, L2 = 12, 0.01
#: the independent writers' sets of each game, each one fold
FOLDS = {
    "tash-kalar": ("held-out-5", "held-out-6", "dev-36", "dev-37", "dev-38", "dev-39", "dev-40", "dev-41", "dev-42"),
    "letal": ("held-out", "held-out-6", "dev-36", "dev-37", "dev-38", "dev-39", "dev-40", "dev-41", "dev-42"),
}
QUESTIONS = {"tash-kalar": "rule_questions.yaml", "letal": "letal_rule_questions.yaml"}
#: the sets never trained on, nor measured here: each was measured once on the final scorer of the round that wrote it
#: (tests/test_rule_search.py says when); every other set of the question files is training data, the older held-out
#: sets included since the ninth round of issue 33
UNSEEN = ("held-out-12", "held-out-13", "held-out-14")


def extract(game: str, rules: Any = None) -> list[dict[str, Any]]:
    """Every labelled question of ``game`` (``rules``: its rule book, else the one of ``Game(game)``, with a cache of
    its own): its set, the features of its K best entries, which of them answer it, and where the first stage put the
    first answer (None: not at all)."""
    from tashkalar_cli.text.index.rerank import CANDIDATES, Candidates, kept

    assert CANDIDATES == K
    if rules is None:
        os.environ.setdefault("TASHKALAR_CACHE_DIR", tempfile.mkdtemp(prefix="rerank-"))
        from tashkalar_cli import Game

        rules = Game(game).rules
    index = rules.index
    items = yaml.safe_load((REPO / "tests" / QUESTIONS[game]).read_text(encoding="utf-8"))["questions"]
    out = []
    for lang, questions in items.items():
        for item in questions:
            if item.get("set", "tuning") in UNSEEN:
                continue
            query = index.read(item["q"])
            first_stage = index.ranking(query)   # the first stage alone
            ranked = first_stage.ranked
            answers = set(item["answers"])
            good = [index.docs[i][0] == "rule" and index.docs[i][1] in answers for i in ranked]
            first = next((n for n, g in enumerate(good) if g), None)
            rows = Candidates(index, query, first_stage).rows() if ranked else []
            out.append({"set": item.get("set", "tuning"), "lang": lang, "q": item["q"], "rows": rows,
                        "good": good[:K], "first": first, "rule": [index.docs[i][0] == "rule" for i in ranked[:K]],
                        "kept": kept(index, query)})
    return out


def fit(data: list[dict[str, Any]], l2: float, steps: int = 400) -> list[float]:
    """Weights minimising the listwise logistic loss (minus the log of the softmax share of the answering candidates)
    plus ``l2`` times their squared distance to the first stage alone (the log ratio's weight 1, the others 0), by Adam's
    gradient descent from there with a fixed schedule (deterministic: no random start, no sampling)."""
    import numpy as np

    used = [d for d in data if any(d["good"]) and len(d["rows"]) > 1 and not d["kept"]]
    dim = len(used[0]["rows"][0])
    x = np.zeros((len(used), K, dim))
    y = np.zeros((len(used), K))
    mask = np.full((len(used), K), -1e9)   # no candidate: no share of the softmax
    for n, d in enumerate(used):
        x[n, :len(d["rows"])] = d["rows"]
        y[n, :len(d["good"])] = d["good"]
        mask[n, :len(d["rows"])] = [0.0 if rule else -1e9 for rule in d["rule"]]   # a rule's place only (see rerank)
    prior = np.zeros(dim)
    prior[0] = 1.0   # the first stage alone: its log ratio (the L2 pulls towards it)
    w = prior.copy()
    m = np.zeros(dim)
    v = np.zeros(dim)
    for t in range(1, steps + 1):
        s = x @ w + mask
        p = np.exp(s - s.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        q = p * y / (p * y).sum(axis=1, keepdims=True)
        grad = 2 * l2 * (w - prior) + np.einsum("nk,nkd->d", p - q, x) / len(used)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        mh, vh = m / (1 - 0.9 ** t), v / (1 - 0.999 ** t)
        w -= 0.05 * mh / (np.sqrt(vh) + 1e-8)
    return [float(x) for x in w]


def rerank_rank(d: dict[str, Any], w: list[float] | None) -> int | None:
    """Where the first answer stands once the K best are ranked again by ``w`` (None: the first stage's order; nor for a
    question whose first order stands, :func:`~tashkalar_cli.text.index.rerank.kept`)."""
    if d["first"] is None:
        return None
    if w is None or d["first"] >= K or not d["rows"] or d["kept"]:
        return d["first"]
    from tashkalar_cli.text.index.rerank import reordered

    scores = [sum(a * b for a, b in zip(row, w, strict=True)) for row in d["rows"]]
    return next(pos for pos, n in enumerate(reordered(scores, d["rule"])) if d["good"][n])


def rates(data: list[dict[str, Any]], w: list[float] | None) -> tuple[int, int, int]:
    ranks = [rerank_rank(d, w) for d in data]
    return sum(r == 0 for r in ranks), sum(r is not None and r < 3 for r in ranks), len(ranks)


def cross_validate(game: str, data: list[dict[str, Any]], l2: float, others: list[dict[str, Any]] = (),
                   skip: tuple[str, ...] = ()) -> tuple[int, ...]:
    """The leave-one-writer-out figures of ``game`` (``others``: the other game's questions, trained on too)."""
    totals = [0] * 5
    for fold in FOLDS[game]:
        test = [d for d in data if d["set"] == fold]
        w = fit([d for d in data if d["set"] != fold and d["set"] not in skip] + list(others), l2)
        before, after = rates(test, None), rates(test, w)
        print(f"  {game} {fold:11} before {before[0]:3}/{before[2]} first {before[1]:3} top3   "
              f"after {after[0]:3}/{after[2]} first {after[1]:3} top3")
        for n, value in enumerate((*before[:2], *after[:2], before[2])):
            totals[n] += value
    n = totals[4]
    print(f"  {game} TOTAL       before {totals[0]}/{n} first ({totals[0] / n:.1%}) {totals[1]} top3 ({totals[1] / n:.1%})"
          f"   after {totals[2]}/{n} first ({totals[2] / n:.1%}) {totals[3]} top3 ({totals[3] / n:.1%})")
    return tuple(totals)


LEARNED = REPO / "tashkalar_cli" / "text" / "index" / "learned.py"


def write(weights: dict[str, list[float]]) -> None:
    """tashkalar_cli/text/index/learned.py: the weights of each game, rounded to 4 decimals."""
    from tashkalar_cli.text.index.rerank import FEATURES

    lines = ['"""The learned weights of the search\'s second stage (:mod:`.rerank`), by game, in the order of its',
             ":data:`~.rerank.FEATURES`: written by benchmarks/rerank.py --write (fitted on every labelled question of",
             'tests/rule_questions.yaml and tests/letal_rule_questions.yaml), not by hand."""', "",
             "from __future__ import annotations", "", "WEIGHTS: dict[str, tuple[float, ...]] = {"]
    for game, w in sorted(weights.items()):
        lines.append(f"    {game!r}: (")
        lines += [f"        {round(x, 4)!r},   # {name}" for name, x in zip(FEATURES, w, strict=True)]
        lines.append("    ),")
    lines.append("}")
    LEARNED.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cv", action="store_true")
    parser.add_argument("--joint", action="store_true", help="train on both games' questions")
    parser.add_argument("--skip", nargs="*", default=[], help="sets left out of training")
    parser.add_argument("--l2", type=float, nargs="*", default=[L2])
    parser.add_argument("--write", action="store_true", help="fit on every set and write " + str(LEARNED.relative_to(REPO)))
    args = parser.parse_args()
    data = {game: extract(game) for game in sorted(QUESTIONS)}
    if args.write:
        write({game: fit(data[game], L2) for game in sorted(QUESTIONS)})
    for game in sorted(QUESTIONS):
        print(game, "all sets, first stage:", rates(data[game], None))
        if args.cv:
            for l2 in args.l2:
                print(f"{game}, L2 {l2}:")
                others = [d for g, ds in data.items() if g != game for d in ds] if args.joint else []
                cross_validate(game, data[game], l2, others, tuple(args.skip))


if __name__ == "__main__":
    main()

"""The learned weights of the search's second stage (:mod:`.rerank`), by game, in the order of its
:data:`~.rerank.FEATURES`: written by benchmarks/rerank.py --write (fitted on every labelled question of
tests/rule_questions.yaml and tests/letal_rule_questions.yaml), not by hand."""

from __future__ import annotations

WEIGHTS: dict[str, tuple[float, ...]] = {
    'letal': (
        1.8199,   # log_ratio
        0.667,   # rank0
        0.4306,   # rank1
        -0.024,   # rank2
        0.0,   # keyword
        0.0,   # erratum
        0.2782,   # cover
        0.246,   # cover_weighted
        0.0179,   # named
        -0.1519,   # title_cover
        0.0933,   # concept_share
        -0.0094,   # only_concepts
        0.0376,   # bm25_title
        0.2782,   # bm25_text
        0.1221,   # bm25_section
        0.6362,   # bm25_asks
        0.4733,   # phrasing
        0.3438,   # phrasing_share
        -0.0377,   # text_len
        0.1461,   # breadth
        -0.0858,   # defines
        0.2728,   # numbered
        0.0,   # mode_rule
        0.1924,   # same_section
        -0.1268,   # linked
        0.0624,   # narrower
        -0.0053,   # then_of_best
        -0.0011,   # before_best
        0.5916,   # sequel_pos
        -0.0897,   # aside_says_not
        0.0,   # aside_erratum
        0.0848,   # aside_rank0
        0.5243,   # step_sequel
        0.0581,   # step_rank0
        -0.0004,   # step_then
        -0.1014,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        0.0,   # card_rule
        0.0,   # many_concepts_erratum
        0.2442,   # long_log_ratio
        0.0587,   # short_cover
        0.0883,   # extra_keys
        -0.1321,   # lacks_keys
        -0.1519,   # title_gain
        0.2272,   # rank0_gap
        -0.3759,   # is_step
        0.538,   # after_step
        0.063,   # before_step
    ),
    'tash-kalar': (
        1.681,   # log_ratio
        0.9062,   # rank0
        0.2469,   # rank1
        0.1665,   # rank2
        0.0,   # keyword
        0.0,   # erratum
        0.5644,   # cover
        0.5371,   # cover_weighted
        0.2015,   # named
        -0.1579,   # title_cover
        0.1763,   # concept_share
        0.0,   # only_concepts
        0.17,   # bm25_title
        0.2215,   # bm25_text
        0.3455,   # bm25_section
        0.5168,   # bm25_asks
        0.3375,   # phrasing
        0.6184,   # phrasing_share
        -0.0555,   # text_len
        -0.2952,   # breadth
        -0.1466,   # defines
        -0.1681,   # numbered
        -0.397,   # mode_rule
        -0.0327,   # same_section
        0.0659,   # linked
        0.3644,   # narrower
        0.0192,   # then_of_best
        -0.0218,   # before_best
        0.0384,   # sequel_pos
        0.0725,   # aside_says_not
        0.0,   # aside_erratum
        -0.097,   # aside_rank0
        0.1143,   # step_sequel
        0.0294,   # step_rank0
        0.0053,   # step_then
        0.1842,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        0.0,   # card_rule
        0.0,   # many_concepts_erratum
        0.2037,   # long_log_ratio
        0.2352,   # short_cover
        0.1648,   # extra_keys
        -0.341,   # lacks_keys
        -0.1579,   # title_gain
        0.2508,   # rank0_gap
        -0.0704,   # is_step
        0.0911,   # after_step
        -0.0687,   # before_step
    ),
}

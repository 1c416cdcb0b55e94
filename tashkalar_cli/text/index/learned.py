"""The learned weights of the search's second stage (:mod:`.rerank`), by game, in the order of its
:data:`~.rerank.FEATURES`: written by benchmarks/rerank.py --write (fitted on every labelled question of
tests/rule_questions.yaml and tests/letal_rule_questions.yaml), not by hand."""

from __future__ import annotations

WEIGHTS: dict[str, tuple[float, ...]] = {
    'letal': (
        1.5895,   # log_ratio
        0.7015,   # rank0
        -0.0291,   # rank1
        0.0669,   # rank2
        0.0,   # keyword
        0.0,   # erratum
        0.0999,   # cover
        0.1509,   # cover_weighted
        0.0233,   # named
        -0.1424,   # title_cover
        0.0654,   # concept_share
        0.0,   # only_concepts
        0.1433,   # bm25_title
        0.4059,   # bm25_text
        0.132,   # bm25_section
        0.8161,   # bm25_asks
        0.371,   # phrasing
        0.2652,   # phrasing_share
        0.0854,   # text_len
        0.3546,   # breadth
        -0.144,   # defines
        0.3449,   # numbered
        0.0,   # mode_rule
        0.0864,   # same_section
        0.1249,   # linked
        0.0732,   # narrower
        -0.0223,   # then_of_best
        0.0715,   # before_best
        0.594,   # sequel_pos
        -0.0762,   # aside_says_not
        0.0,   # aside_erratum
        0.0838,   # aside_rank0
        0.5569,   # step_sequel
        0.058,   # step_rank0
        -0.0201,   # step_then
        0.0073,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        0.0,   # card_rule
        0.0,   # many_concepts_erratum
        0.2307,   # long_log_ratio
        -0.0244,   # short_cover
        -0.0097,   # extra_keys
        -0.0285,   # lacks_keys
        -0.1424,   # title_gain
        0.2185,   # rank0_gap
        -0.3517,   # is_step
        0.5427,   # after_step
        0.0587,   # before_step
    ),
    'tash-kalar': (
        1.6943,   # log_ratio
        0.5905,   # rank0
        0.3618,   # rank1
        0.1443,   # rank2
        0.0,   # keyword
        0.0,   # erratum
        0.4483,   # cover
        0.4916,   # cover_weighted
        0.2065,   # named
        -0.1341,   # title_cover
        0.1604,   # concept_share
        0.0,   # only_concepts
        0.1993,   # bm25_title
        0.2845,   # bm25_text
        0.3855,   # bm25_section
        0.773,   # bm25_asks
        0.52,   # phrasing
        0.678,   # phrasing_share
        -0.0323,   # text_len
        -0.2336,   # breadth
        -0.1848,   # defines
        -0.0996,   # numbered
        -0.4421,   # mode_rule
        -0.0225,   # same_section
        0.0984,   # linked
        0.1387,   # narrower
        0.003,   # then_of_best
        -0.05,   # before_best
        0.0572,   # sequel_pos
        0.0663,   # aside_says_not
        0.0,   # aside_erratum
        -0.1116,   # aside_rank0
        0.0979,   # step_sequel
        0.0148,   # step_rank0
        0.0103,   # step_then
        0.2095,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        -0.0,   # card_rule
        0.0,   # many_concepts_erratum
        0.2536,   # long_log_ratio
        0.1713,   # short_cover
        0.243,   # extra_keys
        -0.1387,   # lacks_keys
        -0.1341,   # title_gain
        0.2844,   # rank0_gap
        -0.008,   # is_step
        0.1183,   # after_step
        -0.07,   # before_step
    ),
}

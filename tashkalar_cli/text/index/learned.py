"""The learned weights of the search's second stage (:mod:`.rerank`), by game, in the order of its
:data:`~.rerank.FEATURES`: written by benchmarks/rerank.py --write (fitted on every labelled question of
tests/rule_questions.yaml and tests/letal_rule_questions.yaml), not by hand."""

from __future__ import annotations

WEIGHTS: dict[str, tuple[float, ...]] = {
    'letal': (
        1.8434,   # log_ratio
        0.6901,   # rank0
        0.4155,   # rank1
        -0.0142,   # rank2
        -0.0648,   # keyword
        -0.1151,   # erratum
        0.2438,   # cover
        0.2196,   # cover_weighted
        0.0073,   # named
        -0.147,   # title_cover
        0.0899,   # concept_share
        -0.0086,   # only_concepts
        0.0269,   # bm25_title
        0.2663,   # bm25_text
        0.1398,   # bm25_section
        0.6688,   # bm25_asks
        0.4715,   # phrasing
        0.3388,   # phrasing_share
        -0.0454,   # text_len
        0.2707,   # breadth
        -0.0576,   # defines
        0.2484,   # numbered
        0.0,   # mode_rule
        0.2154,   # same_section
        -0.1068,   # linked
        0.0788,   # narrower
        -0.0052,   # then_of_best
        -0.001,   # before_best
        0.5914,   # sequel_pos
        -0.0891,   # aside_says_not
        -0.0006,   # aside_erratum
        0.0795,   # aside_rank0
        0.5282,   # step_sequel
        0.0528,   # step_rank0
        -0.0004,   # step_then
        -0.1069,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        0.0,   # card_rule
        -0.0951,   # many_concepts_erratum
        0.2484,   # long_log_ratio
        0.0445,   # short_cover
        0.0811,   # extra_keys
        -0.0993,   # lacks_keys
        -0.147,   # title_gain
        0.2302,   # rank0_gap
        -0.3846,   # is_step
        0.5325,   # after_step
        0.0669,   # before_step
    ),
    'tash-kalar': (
        1.6918,   # log_ratio
        0.9156,   # rank0
        0.2452,   # rank1
        0.1699,   # rank2
        -0.022,   # keyword
        -0.0589,   # erratum
        0.5449,   # cover
        0.5261,   # cover_weighted
        0.2028,   # named
        -0.1582,   # title_cover
        0.1788,   # concept_share
        0.0,   # only_concepts
        0.1615,   # bm25_title
        0.2143,   # bm25_text
        0.3507,   # bm25_section
        0.5319,   # bm25_asks
        0.34,   # phrasing
        0.6168,   # phrasing_share
        -0.0671,   # text_len
        -0.2827,   # breadth
        -0.1379,   # defines
        -0.1706,   # numbered
        -0.3729,   # mode_rule
        -0.0229,   # same_section
        0.0715,   # linked
        0.3699,   # narrower
        0.0183,   # then_of_best
        -0.0214,   # before_best
        0.0381,   # sequel_pos
        0.0716,   # aside_says_not
        -0.0026,   # aside_erratum
        -0.0967,   # aside_rank0
        0.1134,   # step_sequel
        0.0281,   # step_rank0
        0.005,   # step_then
        0.1813,   # number_numbered
        0.0,   # mode_mode_rule
        0.0,   # defining_defines
        0.0,   # defining_keyword
        0.0,   # quoted_defines
        0.0014,   # card_rule
        -0.0532,   # many_concepts_erratum
        0.2071,   # long_log_ratio
        0.229,   # short_cover
        0.1563,   # extra_keys
        -0.3258,   # lacks_keys
        -0.1582,   # title_gain
        0.2509,   # rank0_gap
        -0.0732,   # is_step
        0.0907,   # after_step
        -0.0688,   # before_step
    ),
}

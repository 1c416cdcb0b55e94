"""catalog: where the cards meet their words.

The model knows the cards and no language (:mod:`tashkalar_cli.games.tashkalar.model`); the text layer knows the
languages and no card (:mod:`tashkalar_cli.text`). The catalog joins the two: a card's name and texts
in a language, the lexicon that finds a card by any of its names, the search of the card texts, and
the build of a data folder, which checks the facts (model) and each language's texts (text) and
derives the search index.
"""

"""Rule search reads the structure of a question (issue 33), not only its words: what it sets aside
("without the timer", "unlike the legends"), what comes after a step ("what happens next", "dopo ...
poi"), the forms of play it names in any language (the deathmatch of "scontro mortale" is the duel and
the melee) and the rules of that form over the rules of every form, and the rulings reachable by what
they are about ("does a hero block Range?").

Each test pins one piece of the ranking on questions of its own (none of the held-out sets), in the
four languages where the piece is a language's data (``search: contrasts:``, ``next:``, ``after:`` of
``locales/<lang>/ui.yaml``).
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="module")
def letal() -> Any:
    from tashkalar_cli import Game

    return Game("letal")


def _ids(game: Any, question: str) -> list[str]:
    return [h.id for h in game.rules.search(question, limit=None).hits]


def _first_stage(game: Any, question: str) -> list[str]:
    """The ids in the first stage's order (the mechanisms these tests pin), before the learned second stage
    (tests/test_rerank.py) ranks its best entries again."""
    index = game.rules.index
    return [index.docs[i][1] for i in index.ranking(index.read(question)).ranked]


def _before(ids: list[str], first: str, second: str) -> bool:
    return first in ids and (second not in ids or ids.index(first) < ids.index(second))


# --------------------------------------------------------------------------- what a question sets aside

@pytest.mark.parametrize(("question", "aside"), [
    ("how do you win a game with no timer?", "timer"),
    ("sans limite de temps, comment une partie se gagne ?", "temps"),
    ("sin límite de tiempo, ¿cuándo se gana la partida?", "tiempo"),
    ("senza limite di tempo, come si vince la partita?", "tempo"),
])
def test_what_a_question_sets_aside_does_not_pull_its_rules_up(letal: Any, question: str, aside: str) -> None:
    query = letal.rules.search(question).query
    assert aside in query.aside and aside not in query.words
    assert "timed-game" in query.aside_concepts and "timed-game" not in query.concepts
    assert _ids(letal, question)[0] == "end-game-heroes-lost"
    # said without the contrast, the timer is what the question is about
    plain = question.replace("with no", "with a").replace("sans", "avec").replace("sin", "con").replace("senza", "con")
    assert _before(_ids(letal, plain), "end-game-timed-winner", "end-game-heroes-lost")


def test_a_contrast_sets_aside_only_its_own_clause(tk: Any) -> None:
    query = tk.rules.search("unlike the legends, my own deck, can I reshuffle it?").query
    assert "legends" in query.aside and set(query.aside) <= {"the", "legends"}
    assert {"deck", "reshuffle"} <= set(query.words)


def test_an_entry_setting_the_same_words_aside_keeps_them(tk: Any) -> None:
    """"sin pareja" of a question meets the rule that says "sin pareja" itself (a common piece left
    without a partner): the words an entry sets aside are indexed as such (``negated``)."""
    index = tk.rules.index
    where = {d[1]: i for i, d in enumerate(index.docs) if d[0] == "rule"}
    stem = index.stemmer("es")("pareja")
    assert where["duel-unpaired-common"] in index.words("es")["negated"][stem]
    question = "¿qué pasa con una ficha básica que se queda sin pareja en el duelo?"
    assert "pareja" in tk.rules.search(question).query.aside
    assert _ids(tk, question)[0] == "duel-unpaired-common"


@pytest.mark.parametrize("question", [
    "can I pass my turn without taking any action?",
    "puis-je passer mon tour sans faire aucune action ?",
    "¿puedo pasar el turno sin hacer ninguna acción?",
    "posso passare il turno senza fare nessuna azione?",
])
def test_negated_words_still_count_a_little(tk: Any, question: str) -> None:
    """Words after "without" are searched at a lower weight, not dropped (the question is still about an
    action), and a rule whose phrasing the rest of the question says ("pass my turn") is not counted down
    for the keyword set aside (before: 7th, 11th, 21st and 15th)."""
    query = tk.rules.search(question).query
    assert "action" in query.aside_concepts
    assert "use-all-actions" in _ids(tk, question)[:4]


def test_a_form_of_play_set_aside_ranks_its_rules_lower(tk: Any) -> None:
    ids = _ids(tk, "how does a duel end if we play without the task cards?")
    assert ids.index("end-trigger-duel") < ids.index("end-trigger-high-form")


def test_what_the_question_also_says_outside_the_contrast_is_not_set_aside(tk: Any) -> None:
    """"unlike a combat move, ... a standard move": the move set aside is also the move asked about, so the
    entries about moves are not counted down; only what the contrast alone says (combat) marks entries."""
    question = "unlike a combat move, where may a standard move end?"
    query = tk.rules.search(question).query
    assert "move" in query.aside_concepts and "move" in query.concepts
    ids = _ids(tk, question)
    assert ids[0] == "kw-standard-move" and _before(ids, "kw-standard-move", "kw-combat-move")


@pytest.mark.parametrize("question", [
    "the flare says 'downgrade', can I pick my own heroic piece?",
    "la carte dit « rétrograder » : je peux choisir ma propre pièce héroïque ?",
    "mi carta dice « degradar », ¿vale una ficha mía?",
    "l'effetto dice 'degrada': posso scegliere una mia pedina eroica?",
])
def test_a_keyword_quoted_alone_is_what_the_question_is_about(tk: Any, monkeypatch: pytest.MonkeyPatch,
                                                             question: str) -> None:
    """A keyword's name alone between quotation marks is the word the question asks about: the rules titled by it
    grow by ``QUOTED_BONUS``, the others keep their scores."""
    from tashkalar_cli.text.index import scoring as module

    index = tk.rules.index
    query = tk.rules.search(question).query
    assert query.quoted == ("downgrade",)
    defining = set(index.data["defines"]["downgrade"])
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    with_bonus = {(h.kind, h.id): h.score for h in index.search(query)}
    assert next(iter(with_bonus)) == ("rule", "kw-downgrade")
    bonus = module.QUOTED_BONUS
    monkeypatch.setattr(module, "QUOTED_BONUS", 0.0)
    for hit in index.search(query):
        share = 1 + bonus if where[hit.kind, hit.id] in defining else 1.0
        assert with_bonus[hit.kind, hit.id] == pytest.approx(hit.score * share)


def test_a_cards_text_quoted_is_no_keyword_quoted(tk: Any) -> None:
    assert tk.rules.search("my being says 'destroy an adjacent piece', do mine count?").query.quoted == ()


# --------------------------------------------------------------------------- what comes after a step

@pytest.mark.parametrize(("question", "step"), [
    ("what comes after the defense in an attack?", "next"),
    ("après la défense, il se passe quoi ensuite dans une attaque ?", "next"),
    ("después de la defensa en un ataque, ¿qué pasa luego?", "next"),
    ("dopo la difesa in un attacco cosa succede poi?", "next"),
])
def test_what_comes_next_is_the_rule_after_the_step_named(letal: Any, question: str, step: str) -> None:
    """The step is the rule whose title names the words after "after" (not one whose title says "after"
    itself); the rule that follows it in its section comes first, above the step."""
    query = letal.rules.search(question).query
    assert query.step == step and query.past
    ids = _ids(letal, question)
    assert ids[0] == "attack-tricks-after-defense"
    assert ids.index("attack-defense") > 0


@pytest.mark.parametrize("question", [
    "what do I have to do at the start of my turn before drawing?",
    "que dois-je faire au début de mon tour avant de piocher ?",
    "cosa devo fare all'inizio del turno prima di pescare?",
])
def test_what_comes_before_is_the_rule_before_the_step_named(letal: Any, question: str) -> None:
    """A step to come before (``search: before:``): the rule just before the step named, in its section, comes
    above the step (the draw)."""
    query = letal.rules.search(question).query
    assert query.step == "before" and query.past
    ids = _ids(letal, question)
    assert ids[0] in ("turn-reactivate", "turn-start-triggers")
    assert ids.index("turn-draw") > 0


@pytest.mark.parametrize(("question", "answer"), [
    ("the end of the game is triggered, what happens next?", "final-round"),
])
def test_what_comes_next_in_play_across_sections(tk: Any, question: str, answer: str) -> None:
    """What comes next in play where it is not the next rule of the section (``then:`` of cards/rules.yaml): the last
    round after a trigger. (Since the rules' table situations, "what comes next once my two actions are used up?" no
    longer finds the end of the turn: the situations of the action rules say "use up one of my two actions", and the
    step it names is read as the partner's actions; issue 33's tenth round left it so.)"""
    assert _ids(tk, question)[0] == answer


@pytest.mark.parametrize("question", [
    "what is the difference between a push and a pull?", "tirer et pousser, c'est quoi la différence exactement ?",
    "¿qué diferencia hay entre empujar y atraer?", "che differenza c'è tra spingere e attirare?",
])
def test_a_difference_asked_is_what_each_is(letal: Any, question: str) -> None:
    """A question asking how two keywords differ (``search: compares:``) asks what each is: the rules defining them
    come first."""
    assert set(_ids(letal, question)[:2]) == {"push", "pull"}


def test_the_step_is_found_by_its_keyword_in_any_form(letal: Any) -> None:
    """"drawn" (a form of the keyword Draw that its title's stem does not share) names a draw as the step, and what
    follows it is raised. (Before the rules' table situations the step was the turn's draw and the main phase came
    first; the situations of drawing from a hero's deck now make that rule the step, and the setup's first turn,
    whose situations say "hands are drawn", comes first: issue 33's tenth round left it so.)"""
    index = letal.rules.index
    question = "once I have drawn my cards, what do I do next in my turn?"
    query = index.read(question)
    assert query.step == "next" and "drawn" in query.past
    step = index.ranking(query).step
    assert step is not None and index.docs[step][1] in ("turn-draw", "draw-from-hero-deck")


@pytest.mark.parametrize(("question", "step"), [
    ("¿qué hago al comienzo de mi turno antes de robar?", "before"),
    ("do we roll the die before or after the shuffle?", "after"),
    ("¿se tira el dado antes?", ""),   # "antes" alone names no step
])
def test_before_names_a_step_only_on_its_own(letal: Any, question: str, step: str) -> None:
    """"antes de robar" names a step to come before; "before or after" is asked as "after" (the step is past), and a
    "before" naming nothing after it asks no step."""
    assert letal.rules.search(question).query.step == step


@pytest.mark.parametrize(("question", "within"), [
    ("in a melee, if the colours still tie, what is the next tie-break?", 1),
    ("mischia mortale: dopo il confronto dei colori, se c'è ancora parità cosa si guarda poi?", 1),
    # second since the rules' table situations: "Empatados en puntos y en heroicas, ¿qué miramos ahora?", a situation
    # of the last tie-break, says most of the question
    ("melé a muerte: si siguen empatados tras comparar colores, ¿qué se mira luego?", 2),
])
def test_the_next_tie_break_follows_the_first(tk: Any, question: str, within: int) -> None:
    assert "melee-tiebreak-upgraded" in _ids(tk, question)[:within]


def test_a_word_of_sequence_naming_a_thing_asks_no_sequence(tk: Any) -> None:
    """"the next task" names a task (a rule's title says "next task"), it asks for no step (its "before I claim
    one" names a step to come before)."""
    query = tk.rules.search("can I look at the next task before I claim one?").query
    assert query.step == "before" and query.past == ("claim", "one")
    assert tk.rules.search("what happens next?").query.step == "next"
    assert tk.rules.search("can I play my Ruse after my two actions?").query.step == "after"


# --------------------------------------------------------------------------- forms of play and specificity


@pytest.mark.parametrize(("question", "within"), [
    ("can we play the High Form 2v2?", 1), ("peut-on jouer au Duel Ancestral en 2 contre 2 ?", 1),
    # second in both stages since the High Form's own table situations ask whether it is played in pairs
    ("se puede jugar la variante de elite por parejas?", 2), ("si può giocare la forma suprema a coppie?", 2),
])
def test_team_play_is_named_as_players_name_it(tk: Any, question: str, within: int) -> None:
    """Team play named the way players name it ("2v2", "2 contre 2", "por parejas", "a coppie"), in every language:
    the question is about team play (and the High Form), and the rule of team play answers it."""
    query = tk.rules.search(question).query
    assert {"team-play", "high-form"} <= set(query.concepts)
    # the first stage puts it first (or second, above) and the second keeps it in the first two ("Duel Ancestral en
    # 2 contre 2": second)
    assert "form-team" in _first_stage(tk, question)[:within]
    assert "form-team" in _ids(tk, question)[:2]

def test_a_form_named_in_no_interface_names_the_forms_of_its_rule(tk: Any) -> None:
    """"Deathmatch" (scontro mortale, match-à-mort et mêlée-à-mort) is the duel and the melee: the forms
    of the rule about it, so that the High Form's rules rank lower."""
    index = tk.rules.index
    assert {"duel", "melee"} <= set(index.data["modes"]["deathmatch"])
    query = tk.rules.search("nello scontro mortale come si guadagnano i punti?").query
    assert "deathmatch" in query.concepts
    ids = _ids(tk, "nello scontro mortale come si guadagnano i punti?")
    assert ids.index("score-high-form") > 3
    # the narrower name of a form decides: "deathmatch duel" is no melee
    assert index._named_modes(["deathmatch-duel", "deathmatch"]) == set(index.data["modes"]["deathmatch-duel"])


@pytest.mark.parametrize("question", ["in team play how many cards do I draw when my turn ends?",
                                      "nel gioco a squadre quante carte pesco a fine turno?",
                                      "en jeu par équipe, combien de cartes je pioche à la fin de mon tour ?"])
def test_the_rule_of_the_form_named_beats_the_rule_of_every_form(tk: Any, question: str) -> None:
    ids = _ids(tk, question)
    assert ids[0] in ("team-draw-legends", "team-partner-draws-legends")
    assert ids.index("draw-end-of-turn") > 0


# --------------------------------------------------------------------------- rulings

@pytest.mark.parametrize("question", ["does a hero block Range?",
                                      "can a hero standing in the way block a Range attack?"])
def test_a_ruling_is_found_by_what_it_is_about(letal: Any, question: str) -> None:
    """The ruling that occupied squares block nothing is about blocking and about Range (the rules it
    reads): it ranks above Block, a damage rule that merely shares a word, in the first stage and once ranked again
    (the learned second stage, tests/test_rerank.py, moves rules only: a ruling keeps its place)."""
    hits = letal.rules.search(question, limit=None).hits
    assert hits[0].id == "area-not-blocked" and hits[0].kind == "erratum"
    ids = _first_stage(letal, question)
    assert ids[0] == "area-not-blocked"
    assert ids.index("term-block") > 0
    index = letal.rules.index
    where = {(d[0], d[1]): i for i, d in enumerate(index.docs)}
    linked = {i for i, _own, linked, _found in index.data["concepts"]["range"] if linked}
    assert where["erratum", "area-not-blocked"] in linked


# --------------------------------------------------------------------------- the players' everyday words

@pytest.mark.parametrize(("question", "answer", "first", "final"), [
    ("who commences the game?", "setup-starting-player", 1, 6),
    ("can I get rid of a being card I do not want?", "discard-action", 1, 3),
    ("voglio sbarazzarmi di una carta creatura, come faccio?", "discard-action", 2, 3),
    ("¿puedo deshacerme de una carta de criatura que no quiero?", "discard-action", 1, 3),
])
def test_everyday_words_find_the_rules_term(tk: Any, question: str, answer: str, first: int, final: int) -> None:
    """``search: vocabulary:`` maps the words players use ("commence", "get rid of", "sbarazzarsi",
    "deshacerse") to the rules' own term (before: not found, 2nd, 7th, 7th), first in the first stage (but "voglio
    sbarazzarmi", second since the rules' table situations: returning cards when discarding says "butto una creatura")
    and in the first three once ranked again (but "who commences the game?", sixth since the situations: the learned
    weights move the first turn's rule, whose situations say "very first turn of the game", above it)."""
    assert answer in _first_stage(tk, question)[:first]
    assert answer in _ids(tk, question)[:final]


@pytest.mark.parametrize("question", [
    "mon héros peut-il marcher en diagonale ?",
    "¿mi héroe puede caminar en diagonal?",
    "il mio eroe può camminare in diagonale?",
])
def test_everyday_words_serve_every_game(letal: Any, question: str) -> None:
    """The vocabulary is the language's, for both games: a hero that "walks" moves (before: 2nd, 2nd, 4th)."""
    assert _ids(letal, question)[0] == "move-orthogonal"


def test_the_vocabulary_is_data_of_each_language() -> None:
    """The everyday vocabulary comes after the synonym groups, one group per term, used only by a question
    saying an everyday word; a few dozen terms at most per language, each written as the rules write it."""
    from pathlib import Path

    import yaml

    from tashkalar_cli.text.index.build import _with_vocabulary

    groups = _with_vocabulary({"synonyms": [["draw", "refill"]], "vocabulary": {"move": ["walk", "step"]}})
    assert groups == ([["draw", "refill"], ["move", "walk", "step"]], 1)
    root = Path(__file__).resolve().parent.parent / "locales"
    for lang in ("en", "fr", "es", "it"):
        vocabulary = yaml.safe_load((root / lang / "ui.yaml").read_text(encoding="utf-8"))["search"]["vocabulary"]
        rules = " ".join(p.read_text(encoding="utf-8").lower() for p in (root / lang).rglob("*.yaml")
                         if p.name in ("rules.yaml", "glossary.yaml"))
        assert 10 <= len(vocabulary) <= 60, lang
        assert [term for term in vocabulary if term.lower() not in rules] == [], lang


# --------------------------------------------------------------------------- specificity through the rules' links

def test_the_links_are_the_rules_related_and_sub_rules(tk: Any) -> None:
    """The index holds each rule's links (its ``related`` rules, the rules naming it, its sub-rules and
    the rule they belong to), both ways, and each rule's breadth (the rules it leads to)."""
    index = tk.rules.index
    links, breadth, docs = index.data["links"], index.data["breadth"], index.docs
    where = {d[1]: i for i, d in enumerate(docs) if d[0] == "rule"}
    for i, linked in enumerate(links):
        assert all(docs[j][0] == "rule" and i in links[j] for j in linked)
    shortage = where["piece-shortage"]
    assert {where["shortage-summoning-square"], where["shortage-spare-piece"]} <= set(links[shortage])
    raw = {r["id"]: r for r in tk.dataset.facts["rules"]["rules"]}
    assert breadth[where["form-team"]] == len(raw["form-team"]["related"])
    assert breadth[shortage] >= 3 + len(raw["piece-shortage"].get("related", ()))


@pytest.mark.parametrize(("question", "narrow", "wide"), [
    ("mon partenaire récupère mes légendes quand je lui passe la main ?", "team-pass-legends", "team-pass-control"),
])
def test_the_linked_rule_saying_more_of_the_question_beats_the_wider_one(tk: Any, question: str, narrow: str,
                                                                          wide: str, monkeypatch: Any) -> None:
    """Of two linked rules, the narrower one (leading to fewer rules) that says all the wider one says of the
    question and names more of it (its title, its keywords) takes the wider one's place. (Without that step the wider
    one came first until the rules' table situations: the narrower rule's own situations now put it first already.)"""
    from tashkalar_cli.text.index.scoring import SearchIndex

    assert _ids(tk, question)[0] == narrow == _first_stage(tk, question)[0]
    index = tk.rules.index
    monkeypatch.setattr(SearchIndex, "_specific", lambda self, total, cover: None)
    assert _before(_first_stage(tk, question), narrow, wide)
    assert index.data["breadth"][index.docs.index(["rule", narrow, tk.rules.by_id[narrow].number])] < \
        index.data["breadth"][index.docs.index(["rule", wide, tk.rules.by_id[wide].number])]


# --------------------------------------------------------------------------- the forms of play as players name them

@pytest.mark.parametrize(("question", "answer"), [
    ("in torneo quando si sceglie la disposizione degli eroi?", "setup-official-line-up"),
    ("nel torneo quando si decide lo schieramento?", "setup-official-line-up"),
    ("¿en un torneo cuándo se decide la formación?", "setup-official-line-up"),
    ("¿qué pasa cuando se termina el reloj?", "end-game-timed"),
    ("cosa succede quando l'orologio arriva a zero?", "end-game-timed"),
])
def test_the_forms_of_play_are_found_by_the_names_players_give_them(letal: Any, question: str, answer: str) -> None:
    """``search: vocabulary:`` names L.E.T.A.L.'s official and timed games as players do ("torneo", "reloj",
    "orologio"), leading to the rules' own terms (before: 2nd, 4th, 3rd, 3rd, 8th), first in the first stage and in the
    first two once ranked again ("l'orologio arriva a zero": second)."""
    assert _first_stage(letal, question)[0] == answer
    assert answer in _ids(letal, question)[:2]

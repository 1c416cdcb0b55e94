"""The rules, keywords and rulings of L.E.T.A.L. TCG as data, in the four languages.

Reads the YAML files directly (PyYAML), so that it does not depend on the game loader. The table
STATEMENTS lists every statement of the publisher's French "how to play" page
(../shared/rulebooks/letal-tcg-rules.fr.txt), as a short paraphrased label, with the rule ids that
cover it: a statement of the page without a rule, or a rule id that does not exist, fails.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import spread

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "cards" / "letal"
LANGS = ("en", "fr", "es", "it")

#: the keys of cards/letal/game.yaml (letal-spec.md), as {placeholders}
GAME_KEYS = {
    "players_duel", "players_team", "heroes_per_player", "deck_min", "deck_max", "deck_copies",
    "grid_size", "grid_start_rows", "defense_per_card", "draw_per_hero", "length_min_minutes",
    "length_max_minutes", "age_min",
}

#: the English names the page quotes in parentheses: the official English terms
OFFICIAL_EN = {"refresh", "deal", "trick", "move", "push", "pull", "reach", "range", "radius", "hide"}

#: the rulings letal-spec.md asks for
REQUIRED_RULINGS = {
    "area-not-blocked", "area-excludes-own-square", "reach-extends-adjacency", "move-may-stay",
    "push-pull-all-or-nothing", "push-pull-straight-line", "deal-typo",
}

#: every statement of the page -> the rule ids covering it, in the page's order
STATEMENTS: list[tuple[str, list[str]]] = [
    # overview
    ("a strategy and deck-building game", ["overview-game"]),
    ("for 2 or 4 players", ["overview-game"]),
    ("a game lasts 30 to 60 minutes", ["overview-length"]),
    ("each player brings 2 heroes with their decks", ["overview-heroes-decks"]),
    ("deck of 30 to 35 cards", ["overview-heroes-decks"]),
    ("at most 2 copies of a card in a deck", ["overview-heroes-decks"]),
    ("a 6x6 grid of squares is needed", ["overview-material"]),
    ("some tokens are needed", ["overview-material"]),
    ("not for children under 13", ["overview-age"]),
    # set-up
    ("allies are not seated side by side", ["setup-seating"]),
    ("heroes of a team have different names", ["setup-hero-names"]),
    ("each team chooses a side", ["setup-sides"]),
    ("heroes start in the first 2 rows of their side", ["setup-sides"]),
    ("official games fix the hero line-up beforehand", ["setup-official-line-up"]),
    ("deck edits keep at least 30 cards", ["setup-deck-edits"]),
    ("edits only to the decks originally submitted", ["setup-deck-edits"]),
    ("shuffle each submitted deck, beside its hero card", ["setup-shuffle"]),
    ("every player rolls a die, highest goes first", ["setup-first-player"]),
    ("the others follow clockwise", ["setup-first-player", "setup-first-turn"]),
    ("two hands, one per hero", ["setup-hands"]),
    ("opening hand size is the number left of the book icon", ["setup-hands"]),
    ("hands never mix but may be looked at any time", ["setup-hands"]),
    ("start-of-game abilities are used now", ["setup-start-of-game"]),
    ("the first player plays the first turn", ["setup-first-turn"]),
    ("then the others play in clockwise order", ["setup-first-turn", "next-player"]),
    # the turn
    ("disabled heroes are reactivated and can act again", ["turn-reactivate"]),
    ("start-of-turn triggers are resolved", ["turn-start-triggers"]),
    ("several triggers: one at a time, in the order you choose", ["turn-start-triggers"]),
    ("draw one card per hero", ["turn-draw"]),
    ("the first player does not draw on their first turn", ["turn-draw"]),
    ("each hero plays one Action (card or ability) or one Aura", ["main-one-play-per-hero"]),
    ("Refresh allows another card after it", ["main-refresh"]),
    ("cards of any hero in any order", ["main-any-order"]),
    ("a card with Deal is an attack card", ["main-attack-cards", "card-attack"]),
    ("the attack phase starts on reaching Deal", ["main-attack-cards"]),
    ("one line of text at a time", ["main-line-by-line"]),
    ("tricks may be played between lines", ["main-line-by-line"]),
    ("each move is a separate line with tricks between", ["main-move-lines"]),
    # attack phase
    ("declare the total damage", ["attack-declare"]),
    ("tricks before the defense", ["attack-tricks-before-defense"]),
    ("Defense prevents 2 physical damage per hidden card", ["attack-defense"]),
    ("defending is final once finished", ["attack-defense"]),
    ("more tricks after the defense", ["attack-tricks-after-defense"]),
    ("damage beyond what is prevented is lost as Endurance", ["attack-endurance-loss"]),
    ("a hero at 0 Endurance or less dies and is removed", ["attack-death"]),
    # end of turn
    ("end the turn when nothing can be played or when you decide", ["end-turn-when"]),
    ("end-of-turn triggers happen now", ["end-turn-triggers"]),
    ("several end-of-turn triggers: one at a time, your order", ["end-turn-triggers"]),
    ("every player may play tricks before the turn passes", ["end-turn-tricks"]),
    ("the next player takes over", ["next-player"]),
    # special notes
    ("a disabled hero plays no actions or tricks", ["note-disabled"]),
    ("a hero that dies: nothing else happens", ["note-death-stops"]),
    ("several Refresh on a card do not add up", ["note-refresh-no-stack"]),
    ("loss of Endurance cannot be prevented or defended", ["note-loss-unpreventable"]),
    # rounds
    ("a player's round begins at the start of their turn", ["round"]),
    ("'this round' lasts until the start of your next turn", ["round"]),
    # end of game
    ("the game ends when a team has lost all its heroes", ["end-game-heroes-lost"]),
    ("timed game: the current round is finished", ["end-game-timed"]),
    ("the round ends when play returns to the first player", ["end-game-timed"]),
    ("timed game: each player plays one last turn", ["end-game-timed"]),
    ("timed game: more heroes wins", ["end-game-timed-winner"]),
    ("timed game: a tie goes to the higher total Endurance", ["end-game-timed-winner"]),
    # innate abilities and card types
    ("all heroes share the same innate abilities", ["innate-abilities"]),
    ("Action cards only in your turn", ["card-action"]),
    ("an Action is resolved line by line, then discarded", ["card-action"]),
    ("one Action per hero per turn unless Refresh", ["card-action"]),
    ("Attack is a sub-type of Action, given by Deal", ["card-attack"]),
    ("no card is printed with the Attack sub-type", ["card-attack"]),
    ("Aura cards stay in play", ["card-aura-stays"]),
    ("Auras are usually attached to a hero, with bonuses or triggers", ["card-aura-stays"]),
    ("playing an Aura does not trigger its ability", ["card-aura-play"]),
    ("Auras only in your turn", ["card-aura-play"]),
    ("an Aura ends the hero's play unless Refresh", ["card-aura-play"]),
    ("tricks any time their conditions are met", ["card-trick-any-time"]),
    ("a trick does not stop you playing another card", ["card-trick-any-time"]),
    ("a trick is resolved line by line, then discarded", ["card-trick-discard"]),
    # movement
    ("a hero moves when its Action or trick says so", ["move-when"]),
    ("another hero's Action or trick may force a move, if it says so", ["move-when"]),
    ("you choose where to move", ["move-choice"]),
    ("you may choose not to move when offered", ["move-choice"]),
    ("a forced move is made in full", ["move-forced-full"]),
    ("no move onto an occupied square", ["move-occupied"]),
    ("moves in 4 directions only, no diagonals", ["move-orthogonal"]),
    # push and pull
    ("push/pull triggers concern both heroes", ["push-pull-both-heroes"]),
    ("pull: straight toward the other hero", ["pull"]),
    ("push: straight away from the other hero", ["push"]),
    ("a push or pull impossible in a straight line is ignored", ["pull", "push"]),
    # positioning
    ("Adjacent: the 4 orthogonal squares", ["positioning-adjacent"]),
    ("nothing else is adjacent", ["positioning-adjacent"]),
    ("Reach extends adjacency in the 4 directions", ["positioning-reach"]),
    ("Reach never takes squares off the straight lines", ["positioning-reach"]),
    ("Range X: squares up to X in the 4 directions", ["positioning-range"]),
    ("Range never selects squares off the straight lines", ["positioning-range"]),
    ("Radius X: any square within X", ["positioning-radius"]),
    ("Radius may change direction", ["positioning-radius"]),
    # hand size and draws
    ("a draw takes the top card of that hero's deck", ["draw-from-hero-deck"]),
    ("only that hero plays the card drawn", ["draw-from-hero-deck"]),
    ("a draw at maximum hand size is skipped", ["draw-max-hand-skip"]),
    ("never more cards in hand than the maximum", ["hand-max-size"]),
    ("maximum hand size is the second number above the book", ["hand-max-size"]),
    ("a draw from an empty deck is skipped", ["draw-empty-deck"]),
    # discard and removal
    ("played Actions and tricks go to the discard pile", ["discard-played"]),
    ("a destroyed Aura goes to the discard pile", ["discard-aura-destroyed"]),
    ("a removed card no longer exists for the game", ["removed-from-game"]),
    ("removed cards go to their own pile", ["removed-from-game"]),
    ("tokens and markers cease to exist, neither discarded nor removed", ["tokens-cease"]),
    ("keep the discard and removed piles apart", ["removed-from-game"]),
    # glossary
    ("Hide: a card from hand under the deck, unrevealed", ["term-hide"]),
    ("no hiding with an empty hand", ["term-hide"]),
    ("Disable: turn the hero 90 degrees", ["term-disable"]),
    ("a disabled hero uses no abilities or trick cards", ["term-disable", "note-disabled"]),
    ("triggered and ongoing effects continue while disabled", ["term-disable"]),
    ("Defense is hiding a card to avoid damage", ["term-defend"]),
    ("prevention is not Defense", ["term-defend"]),
    ("blocking counts Defense and prevention", ["term-block"]),
    ("a partial reduction is still a block", ["term-block"]),
    ("fully blocked: prevented at least the damage", ["term-fully-blocked"]),
]

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def load(path: Path) -> Any:
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    return {name: load(FACTS / f"{name}.yaml") for name in ("rules", "glossary", "errata")}


@pytest.fixture(scope="module")
def texts() -> dict[str, dict[str, Any]]:
    return {lang: {name: load(ROOT / "locales" / lang / "letal" / f"{name}.yaml")
                   for name in ("rules", "glossary", "errata")} for lang in LANGS}


def rule_ids(facts: dict[str, Any]) -> set[str]:
    return {r["id"] for r in facts["rules"]["rules"]}


def all_strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in all_strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in all_strings(v)]
    return []


def test_every_statement_of_the_page_is_covered_by_existing_rules(facts: dict[str, Any]) -> None:
    ids = rule_ids(facts)
    missing = [(label, rid) for label, rules in STATEMENTS for rid in rules if rid not in ids]
    assert not missing
    assert all(rules for _label, rules in STATEMENTS)
    labels = [label for label, _rules in STATEMENTS]
    assert len(labels) == len(set(labels)), "a statement is listed twice"


def test_every_rule_covers_a_statement_of_the_page(facts: dict[str, Any]) -> None:
    covered = {rid for _label, rules in STATEMENTS for rid in rules}
    assert rule_ids(facts) == covered


def test_rule_structure(facts: dict[str, Any]) -> None:
    sections = {s["id"]: s["number"] for s in facts["rules"]["sections"]}
    rules = facts["rules"]["rules"]
    assert 45 <= len(rules) <= 90
    ids = [r["id"] for r in rules]
    numbers = [r["number"] for r in rules]
    assert len(ids) == len(set(ids)) and len(numbers) == len(set(numbers))
    assert len(set(sections.values())) == len(sections)
    kebab = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
    per_section: Counter[str] = Counter()
    for r in rules:
        assert kebab.match(r["id"]), r["id"]
        assert set(r) <= {"id", "number", "section", "keywords", "related", "then"}, r["id"]
        assert r["section"] in sections, r["id"]
        per_section[r["section"]] += 1
        # numbered inside its section, in order: "3.2" is the second rule of section 3
        assert r["number"] == f"{sections[r['section']]}.{per_section[r['section']]}", r["id"]
    assert set(per_section) == set(sections), "a section without rules"


def test_keywords_and_related_rules_resolve(facts: dict[str, Any]) -> None:
    keywords = {k["id"] for k in facts["glossary"]["keywords"]}
    ids = rule_ids(facts)
    for r in facts["rules"]["rules"]:
        assert set(r.get("keywords", [])) <= keywords, r["id"]
        assert set(r.get("related", [])) <= ids, r["id"]
        assert set(r.get("then", [])) <= ids, r["id"]
        assert r["id"] not in r.get("related", []), r["id"]
    used = {k for r in facts["rules"]["rules"] for k in r.get("keywords", [])}
    assert used <= keywords
    categories = {"game", "card-type", "turn", "combat", "positioning", "movement", "cards", "status"}
    for k in facts["glossary"]["keywords"]:
        assert k["category"] in categories, k["id"]
        assert set(k.get("rules", [])) <= ids, k["id"]
    # every keyword is the topic of at least one rule
    tagged = {k for r in facts["rules"]["rules"] for k in r.get("keywords", [])}
    assert {k["id"] for k in facts["glossary"]["keywords"] if not k.get("rules")} <= tagged
    for e in facts["errata"]["errata"]:
        assert set(e["rules"]) <= ids, e["id"]


def test_rulings_follow_the_spec(facts: dict[str, Any]) -> None:
    errata = facts["errata"]["errata"]
    ids = {e["id"] for e in errata}
    assert ids >= REQUIRED_RULINGS
    for e in errata:
        assert e["kind"] == "ruling" and e["books"] == ["fr"], e["id"]
        assert "differing" not in e and "correct" not in e, e["id"]
        assert e["rules"], e["id"]


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_every_language_has_the_same_entries(facts: dict[str, Any], texts: dict[str, dict[str, Any]],
                                             lang: str) -> None:
    loc = texts[lang]
    assert set(loc["rules"]["sections"]) == {s["id"] for s in facts["rules"]["sections"]}
    assert set(loc["rules"]["rules"]) == rule_ids(facts)
    assert set(loc["glossary"]["keywords"]) == {k["id"] for k in facts["glossary"]["keywords"]}
    assert set(loc["errata"]["errata"]) == {e["id"] for e in facts["errata"]["errata"]}


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_every_entry_has_its_texts(texts: dict[str, dict[str, Any]], lang: str) -> None:
    loc = texts[lang]
    for sid, s in loc["rules"]["sections"].items():
        assert set(s) == {"title"} and s["title"].strip(), sid
    for rid, r in loc["rules"]["rules"].items():
        assert set(r) == {"title", "text"}, rid
        assert r["title"].strip() and r["text"].strip(), rid
    for kid, k in loc["glossary"]["keywords"].items():
        assert set(k) <= {"term", "synonyms", "forms", "forbidden", "definition", "official", "source"}, kid
        assert k["term"].strip() and k["definition"].strip(), kid
        assert isinstance(k["official"], bool), kid
        assert ("source" in k) == k["official"], kid
        for field in ("synonyms", "forms", "forbidden"):
            assert all(isinstance(x, str) and x.strip() for x in k.get(field, [])), (kid, field)
    for eid, e in loc["errata"]["errata"].items():
        assert set(e) == {"title", "readings", "ruling"}, eid
        assert set(e["readings"]) == {"fr"}, eid
        assert e["title"].strip() and e["readings"]["fr"].strip() and e["ruling"].strip(), eid


def test_official_terms(texts: dict[str, dict[str, Any]]) -> None:
    en = {k for k, e in texts["en"]["glossary"]["keywords"].items() if e["official"]}
    assert en == OFFICIAL_EN
    for lang in ("es", "it"):
        assert not any(e["official"] for e in texts[lang]["glossary"]["keywords"].values()), lang
    fr = texts["fr"]["glossary"]["keywords"]
    # the page's own French words
    page = {"refresh": "Rafraîchir", "deal": "Infligez", "trick": "Astuce", "reach": "Portée",
            "range": "Distance", "radius": "Rayon", "hide": "Cacher", "disable": "Désactiver",
            "block": "Blocage", "defense": "Défendre", "pull": "Tirer", "push": "Pousser", "move": "Déplacement"}
    for kid, term in page.items():
        assert fr[kid]["term"] == term and fr[kid]["official"], kid


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_terms_are_not_shared_between_keywords(texts: dict[str, dict[str, Any]], lang: str) -> None:
    terms = Counter(e["term"].casefold() for e in texts[lang]["glossary"]["keywords"].values())
    assert [t for t, n in terms.items() if n > 1] == []


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_placeholders_are_game_numbers(facts: dict[str, Any], texts: dict[str, dict[str, Any]], lang: str) -> None:
    game = FACTS / "game.yaml"
    known = set(GAME_KEYS)
    if game.exists():  # written by the loader's side: its keys must include the spec's
        data = load(game)
        flat = {f"{a}_{b}" for a, sub in data.items() if isinstance(sub, dict) for b in sub}
        assert flat >= GAME_KEYS
    for s in all_strings(texts[lang]):
        for name in _PLACEHOLDER.findall(s):
            assert name in known, (lang, name, s[:60])
        assert s.count("{") == s.count("}"), s[:60]


def _numbers(text: str, words: dict[str, int]) -> Counter[str]:
    plain = _PLACEHOLDER.sub(" ", text).casefold()
    found: Counter[str] = Counter(re.findall(r"\d+", plain))
    for w in re.findall(r"\w+", plain):
        if w in words and words[w] != 1:
            found[str(words[w])] += 1
    return found


@pytest.mark.parametrize("lang", ("fr", "es", "it"))
def test_translations_keep_the_placeholders_and_numbers(texts: dict[str, dict[str, Any]], lang: str) -> None:
    ui = load(ROOT / "locales" / lang / "ui.yaml")
    ui_en = load(ROOT / "locales" / "en" / "ui.yaml")
    words, words_en = ui["number_words"], ui_en["number_words"]
    pairs = []
    for name, section, fields in (("rules", "rules", ("title", "text")), ("glossary", "keywords", ("definition",)),
                                  ("errata", "errata", ("title", "ruling"))):
        for key, entry in texts["en"][name][section].items():
            other = texts[lang][name][section][key]
            pairs += [(key, entry[f], other[f]) for f in fields]
            if name == "errata":
                pairs.append((key, entry["readings"]["fr"], other["readings"]["fr"]))
    wrong: list[tuple[str, object, object]] = []
    for key, en, text in pairs:
        if sorted(_PLACEHOLDER.findall(en)) != sorted(_PLACEHOLDER.findall(text)):
            wrong.append((key, "placeholders", None))
        want, got = _numbers(en, words_en), _numbers(text, words)
        want.pop("1", None)   # "1" may be said with an article ("a card", "une carte")
        got.pop("1", None)
        if want != got:
            wrong.append((key, dict(want), dict(got)))
    assert wrong == [], wrong


def test_french_typography() -> None:
    """A space before : ; ? ! in French, as in locales/fr/rules.yaml (the YAML keys aside)."""
    for name in ("rules", "glossary", "errata"):
        for s in all_strings(load(ROOT / "locales" / "fr" / "letal" / f"{name}.yaml")):
            assert not re.search(r"[^\s\u00a0\u202f][:;?!]", s), s
            assert "«" not in s or re.search(r"«[\s\u00a0\u202f]", s), s


@pytest.mark.parametrize("lang", spread(LANGS, start=2))
def test_glossary_forms_appear_in_the_rules_tagged_with_them(facts: dict[str, Any],
                                                             texts: dict[str, dict[str, Any]], lang: str) -> None:
    """A rule whose English text names one of its keywords names it in every language too (the
    terminology check of `i18n check`), through the keyword's forms."""

    def fold(text: str) -> str:
        import unicodedata

        text = unicodedata.normalize("NFKD", text.replace("\u2019", "'"))
        return "".join(c for c in text if not unicodedata.combining(c)).casefold()

    def present(text: str, entry: dict[str, Any]) -> bool:
        forms = entry.get("forms") or [entry["term"], *entry.get("synonyms", [])]
        hay = fold(text)
        return any(re.search(r"(?<![\w-])" + re.escape(fold(f.rstrip("$")))
                             + (r"(?!\w)" if f.endswith("$") else ""), hay) for f in forms)

    en_gloss, gloss = texts["en"]["glossary"]["keywords"], texts[lang]["glossary"]["keywords"]
    missing: list[tuple[str, str]] = []
    for r in facts["rules"]["rules"]:
        en = texts["en"]["rules"]["rules"][r["id"]]
        loc = texts[lang]["rules"]["rules"][r["id"]]
        en_text, text = en["title"] + "\n" + en["text"], loc["title"] + "\n" + loc["text"]
        for kid in r.get("keywords", []):
            if present(en_text, en_gloss[kid]) and not present(text, gloss[kid]):
                missing.append((r["id"], kid))
    assert missing == [], missing

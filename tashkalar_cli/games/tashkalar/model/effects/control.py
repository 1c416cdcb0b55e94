"""Reading the steps that shape a program: linked blocks, alternatives, branches, loops, gained
actions, notes and special steps."""

from __future__ import annotations

from collections.abc import Mapping

from tashkalar_cli.games.tashkalar.model.effects.conditions import cond
from tashkalar_cli.games.tashkalar.model.effects.reader import Reader, StepData, StepReader
from tashkalar_cli.games.tashkalar.model.effects.values import Choose, ForEach, Gain, If, Linked, Note, Repeat, Special, Step


def linked(r: Reader, s: StepData) -> Step:
    return Linked(r.branch(s.body, s.sub), s.where)


def gain_actions(r: Reader, s: StepData) -> Step:
    return Gain(r.integer(s.body, s.sub, signed=True), s.where)


def choose(r: Reader, s: StepData) -> Step:
    if not isinstance(s.body, list) or len(s.body) < 2:
        raise r.fail("choose is a list of at least 2 alternatives (each a list of steps)", s.sub)
    return Choose(tuple(r.branch(alt, (*s.sub, i)) for i, alt in enumerate(s.body)), s.where)


def if_(r: Reader, s: StepData) -> Step:
    test = cond(r, s.body, s.sub)
    then = r.branch(s.value.get("then", []), (*s.path, "then"))
    otherwise = r.branch(s.value.get("else", []), (*s.path, "else"))
    return If(test, then, otherwise, s.where)


def repeat(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "repeat")
    r.keys(body, ("times", "up_to", "until", "steps"), sub)
    modes = [k for k in ("times", "up_to", "until") if k in body]
    if len(modes) != 1:
        raise r.fail("repeat needs exactly one of times, up_to, until", sub)
    steps = r.branch(body.get("steps"), (*sub, "steps"))
    return Repeat(steps,
                  r.integer(body["times"], (*sub, "times"), low=1) if "times" in body else None,
                  r.integer(body["up_to"], (*sub, "up_to"), low=1) if "up_to" in body else None,
                  cond(r, body["until"], (*sub, "until")) if "until" in body else None, s.where)


def for_each(r: Reader, s: StepData) -> Step:
    sub = s.sub
    body = r.mapping(s.body, sub, "for_each")
    r.keys(body, ("color", "steps", "as"), sub)
    among = body.get("color", "enemy")
    if among not in ("enemy", "any"):
        raise r.fail("for_each color: enemy or any", (*sub, "color"))
    name = body.get("as", "color")
    if name == "color":
        r.bound["color"] = "color"
    else:
        r.binding(name, "color", (*sub, "as"))
    return ForEach(str(among), r.branch(body.get("steps"), (*sub, "steps")), str(name), s.where)


def note(r: Reader, s: StepData) -> Step:
    return Note(r.id(s.body, s.sub), s.where)


def special(r: Reader, s: StepData) -> Step:
    params = s.value.get("with", {})
    if not isinstance(params, Mapping):
        raise r.fail("'with' is a mapping", (*s.path, "with"))
    return Special(r.id(s.body, s.sub), tuple(sorted((str(k), _freeze(v)) for k, v in params.items())), s.where)


def _freeze(value: object) -> object:
    """A value of a special's ``with:`` made hashable: a mapping as sorted (key, value) pairs, a list as a tuple."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


STEPS: dict[str, StepReader] = {
    "linked": linked, "gain_actions": gain_actions, "choose": choose, "if": if_, "repeat": repeat,
    "for_each": for_each, "note": note, "special": special,
}


__all__ = ["STEPS"]

"""Does a scenario still match the rules and the catalogues? ``problems(lesson)`` lists every way it does not.

* each step's action is legal for its seat at that point (chance outcomes for chance steps), your steps
  come when it is your turn, a bot step's seat is a bot's;
* every sentence id (``say``, ``why_not``, ``intro``, ``end``, and the default explanation) is in every
  language's catalogue, with the same placeholders everywhere;
* the scenario ends before or when the game does, and has at least one move of yours.

>>> from meeple.learn import scenario
>>> problems(scenario("cube-europe"))
[]
"""

from __future__ import annotations

import re

from meeple.core import CHANCE, IllegalAction, i18n
from meeple.learn.scenario import Scenario
from meeple.learn.session import NOT_NOW, new_game

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _sentences(lesson: Scenario) -> list[str]:
    out: list[str] = []
    ids = lesson.message_ids() + [NOT_NOW]
    for message_id in dict.fromkeys(ids):
        shapes = []
        for lang in i18n.LANGUAGES:
            text = i18n.template(message_id, lang)
            if text is None:
                out.append(f"{message_id}: missing in the {lang} catalogue")
            else:
                shapes.append(set(_PLACEHOLDER.findall(text)))
        if len(shapes) > 1 and any(s != shapes[0] for s in shapes):
            out.append(f"{message_id}: the languages' placeholders differ")
    return out


def _moves(lesson: Scenario) -> list[str]:
    out: list[str] = []
    state = new_game(lesson)
    for k, step in enumerate(lesson.steps):
        if not step.moves:
            continue
        seat = lesson.seat_of(step)
        if state.is_over():
            out.append(f"step {k} ({step.action}): the game is already over")
            break
        if seat not in state.to_move():
            waiting = ", ".join(str(p) for p in state.to_move())
            out.append(f"step {k} ({step.who} {step.action}): not that seat's turn (waiting for {waiting})")
            break
        try:
            action = state.parse_action(step.action, seat)  # type: ignore[arg-type]
            state.apply(action, seat)
        except IllegalAction as refusal:
            out.append(f"step {k} ({step.who} {step.action}): illegal: {refusal}")
            break
    return out


def problems(lesson: Scenario) -> list[str]:
    """Every way ``lesson`` no longer matches the rules or the catalogues (empty: it is good)."""
    out = _sentences(lesson) + _moves(lesson)
    if not any(step.who == "you" for step in lesson.steps):
        out.append("no step is a move of yours")
    for k, step in enumerate(lesson.steps):
        if step.who == "bot" and not (step.seat is not None and 0 <= step.seat < len(lesson.seats) and lesson.seats[step.seat] == "bot"):
            out.append(f"step {k}: seat {step.seat} is not a bot's")
        if step.who == "chance" and lesson.seat_of(step) != CHANCE:
            out.append(f"step {k}: a chance step outside chance")
    return out

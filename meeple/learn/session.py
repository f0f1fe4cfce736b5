"""Playing a scenario: the position at a step, what a touch does there, which step is shown next.

Nothing is kept between calls: the position at step ``k`` is the game created with ``chance="manual"``
and the first ``k`` steps applied (notes apply nothing), so any front end can show step ``k`` from the
index alone and a player resumes by keeping that index.

>>> from meeple.learn import scenario
>>> lesson = scenario("cube-europe")
>>> touch(lesson, 3, "start D3").kind, touch(lesson, 3, "start A3").kind, touch(lesson, 3, "take 1 1").kind
('advanced', 'not_now', 'refused')
"""

from __future__ import annotations

from dataclasses import dataclass

import meeple
from meeple.core import IllegalAction, State
from meeple.core.i18n import Message
from meeple.learn.scenario import Scenario

NOT_NOW = "core.learn.not_now"
"""The explanation of a legal move that is not the step's, when the step names none of its own."""


@dataclass(frozen=True)
class Touch:
    """What touching an action at a step of yours does: ``advanced`` (it was the step's move: go on to
    ``next``), ``refused`` (the rules forbid it now: ``reason`` is the game's own refusal) or
    ``not_now`` (legal, but not the move this step teaches: ``reason`` is the scenario's explanation)."""

    kind: str
    next: int
    reason: Message | None = None


def new_game(lesson: Scenario) -> State:
    """The scenario's game before its first step (every random outcome waits for a chance step)."""
    game = meeple.load(lesson.game, players=lesson.players, **lesson.options)
    return game.new_game(seed=0, chance="manual")


def position(lesson: Scenario, k: int) -> State:
    """The position before step ``k`` (0 ≤ k ≤ the number of steps): the first ``k`` steps applied."""
    if not 0 <= k <= len(lesson.steps):
        raise IndexError(f"step {k} of a scenario of {len(lesson.steps)} steps")
    state = new_game(lesson)
    for step in lesson.steps[:k]:
        if step.moves:
            seat = lesson.seat_of(step)
            state.apply(state.parse_action(step.action, seat), seat)  # type: ignore[arg-type]
    return state


def shown_from(lesson: Scenario, k: int) -> int:
    """The first step at or after ``k`` that is shown to the player (a step without a sentence is played
    without a word); the number of steps when none is left (the end)."""
    while k < len(lesson.steps) and not lesson.steps[k].shown:
        k += 1
    return k


def touch(lesson: Scenario, k: int, text: str) -> Touch:
    """What touching the action ``text`` at step ``k`` does (``k`` must be a step of yours: ValueError)."""
    step = lesson.steps[k] if 0 <= k < len(lesson.steps) else None
    if step is None or step.who != "you":
        raise ValueError(f"step {k} is not a move of yours")
    state = position(lesson, k)
    try:
        action = state.parse_action(text, lesson.you)
    except IllegalAction as refusal:
        reason = refusal.message or Message("core.notation", {"text": str(refusal)})
        return Touch("refused", k, reason)
    if action == state.parse_action(step.action, lesson.you):  # type: ignore[arg-type]
        return Touch("advanced", k + 1)
    return Touch("not_now", k, Message(step.why_not or NOT_NOW, dict(step.args)))

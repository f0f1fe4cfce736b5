"""Learn a game by playing it (issue 42): a scenario's step as a view for your seat, and what a touch does.

Stateless like ``meeple.learn``: the step index is the whole session (the browser keeps it), the position
is the scenario replayed to it, so there is nothing to store and nothing to clean up. A step of yours
shows the position before your move with every legal action (touching another one is answered, not
played); a chance, bot or note step shows the position after it, with its sentence and no move.
"""

from __future__ import annotations

from typing import Any

from meeple.core import i18n
from meeple.learn import available, position, scenario, shown_from, touch
from meeple.learn.scenario import Scenario
from meeple.server.errors import Conflict, NotFound
from meeple.server.views import legal_list, result


def games() -> list[str]:
    """The games that have a guided first game."""
    return available()


def _lesson(game: str) -> Scenario:
    try:
        return scenario(game)
    except KeyError:
        raise NotFound("server.learn.no_scenario", args={"game": game[:64]}) from None


def _shown_steps(lesson: Scenario) -> list[int]:
    return [k for k, step in enumerate(lesson.steps) if step.shown]


def _seats(lesson: Scenario, state: Any, lang: str) -> list[dict[str, Any]]:
    return [{"seat": p, "color": state.player_name(p, lang), "name": None, "account": False,
             "kind": "human" if who == "you" else "bot", "level": None if who == "you" else "easy",
             "claimed": True, "away": False, "bot_playing": who != "you", "connected": who == "you"}
            for p, who in enumerate(lesson.seats)]


def step_view(game: str, k: int, lang: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Step ``k`` of ``game``'s scenario (or the first shown step after it) as your seat sees it."""
    lesson = _lesson(game)
    if not 0 <= k <= len(lesson.steps):
        raise NotFound("server.learn.no_step", args={"step": k, "total": len(lesson.steps)})
    k = shown_from(lesson, k)
    shown = _shown_steps(lesson)
    done = k >= len(lesson.steps)
    step = None if done else lesson.steps[k]
    yours = step is not None and step.who == "you"
    state = position(lesson, k if done or step.who in ("you", "note") else k + 1)
    you = lesson.you
    entries = [e for e in state.log if e.visible(you)]
    view = {"type": "view", "game": game, "game_id": None, "seat": you, "observation": state.observation(you),
            "to_move": [p for p in state.to_move() if p >= 0], "your_turn": yours,
            "legal": legal_list(state, you, lang) if yours else [], "over": state.is_over(),
            "result": result(state), "seats": _seats(lesson, state, lang), "can_undo": False, "rated": False,
            "events": [[e.id, e.args] for e in entries]}
    out: dict[str, Any] = {
        "game": game, "step": k, "steps": len(lesson.steps), "done": done,
        "number": len(shown) if done else shown.index(k) + 1, "total": len(shown),
        "next": shown_from(lesson, k + 1) if not done else k,
        "who": None if step is None else step.who,
        "intro": i18n.render(lesson.intro, None, lang) if shown and k == shown[0] else None,
        "say": i18n.render(lesson.end if done else step.say, None if done else step.args, lang)  # type: ignore[union-attr]
        if done or step.say else None,
        "expected": step.action if yours else None,
        "expected_label": state.describe(state.parse_action(step.action, you), you, lang) if yours else None,  # type: ignore[union-attr,arg-type]
        "focus": None if step is None else step.focus,
        "log": [e.render(lang) for e in entries],  # the whole log so far, as a real game's page shows it
        "view": view,
    }
    return out


def touched(game: str, k: int, text: str, lang: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """What touching the action ``text`` at step ``k`` does: ``advanced`` (with the next shown step),
    ``refused`` (the game's reason) or ``not_now`` (the scenario's explanation)."""
    lesson = _lesson(game)
    if not 0 <= k < len(lesson.steps) or lesson.steps[k].who != "you":
        raise Conflict("server.learn.not_yours", args={"step": k})
    outcome = touch(lesson, k, text)
    return {"result": outcome.kind, "next": shown_from(lesson, outcome.next) if outcome.kind == "advanced" else k,
            "reason": outcome.reason.render(lang) if outcome.reason else None}

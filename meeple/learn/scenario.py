"""A scenario as data: ``Scenario`` and its ``Step`` records, read from ``scenarios/<game>.json``.

A step is one of:

* ``{"who": "you", "action": "take 4 2", "say": ID, "why_not": ID}``: your move; ``say`` tells what
  happens and why, ``why_not`` (optional) answers another legal move touched instead;
* ``{"who": "chance", "action": "roll 4 4", "say": ID}``: a random outcome, fixed (``say`` optional:
  without it the step is applied without a word, as the set-up's card draws);
* ``{"who": "bot", "seat": 1, "action": "...", "say": ID}``: a bot's move, explained as it happens;
* ``{"who": "note", "say": ID, "focus": CSS}``: no move, a sentence about the position (``focus``: what
  the browser lights on the board while it is read, a selector inside ``[data-board]``).

``intro`` and ``end`` are the sentences before the first step and after the last ("play a real game
now"). Sentences are message ids of the catalogues (``<game>.learn.<name>``), so every word exists in
every language; their arguments, if any, are in ``args``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
KINDS = ("you", "chance", "bot", "note")


class ScenarioError(ValueError):
    """A scenario file that is not shaped as this module says (the rules are checked by ``problems``)."""


@dataclass(frozen=True)
class Step:
    """One step: who acts (``you``, ``chance``, ``bot`` or ``note``), the action's compact text, the sentence."""

    who: str
    action: str | None = None
    say: str | None = None
    why_not: str | None = None
    seat: int | None = None
    focus: str | None = None
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def moves(self) -> bool:
        """Whether the step plays an action (every kind but a note)."""
        return self.who != "note"

    @property
    def shown(self) -> bool:
        """Whether the step is shown to the player (yours, a note, or one with a sentence)."""
        return self.who in ("you", "note") or self.say is not None


@dataclass(frozen=True)
class Scenario:
    """A guided game: the game's settings, the seats (``"you"`` or ``"bot"``), the steps and the sentences."""

    game: str
    players: int
    seats: tuple[str, ...]
    steps: tuple[Step, ...]
    intro: str
    end: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def you(self) -> int:
        """Your seat."""
        return self.seats.index("you")

    def seat_of(self, step: Step) -> int:
        """The seat that acts at ``step`` (-1 for chance: ``meeple.CHANCE``)."""
        if step.who == "you":
            return self.you
        if step.who == "bot":
            return int(step.seat)  # type: ignore[arg-type]
        return -1

    def message_ids(self) -> list[str]:
        """Every sentence the scenario names."""
        ids = [self.intro, self.end]
        for step in self.steps:
            ids += [i for i in (step.say, step.why_not) if i]
        return ids


def _step(raw: Any, k: int) -> Step:
    if not isinstance(raw, dict) or raw.get("who") not in KINDS:
        raise ScenarioError(f"step {k}: an object whose 'who' is one of {', '.join(KINDS)}")
    who = raw["who"]
    if who != "note" and not isinstance(raw.get("action"), str):
        raise ScenarioError(f"step {k}: a {who} step names its action's compact text ('action')")
    if who in ("you", "note") and not isinstance(raw.get("say"), str):
        raise ScenarioError(f"step {k}: a {who} step has a sentence ('say')")
    if who == "bot" and not isinstance(raw.get("seat"), int):
        raise ScenarioError(f"step {k}: a bot step names its seat ('seat')")
    unknown = set(raw) - {"who", "action", "say", "why_not", "seat", "focus", "args"}
    if unknown:
        raise ScenarioError(f"step {k}: unknown keys {sorted(unknown)}")
    return Step(who=who, action=raw.get("action"), say=raw.get("say"), why_not=raw.get("why_not"),
                seat=raw.get("seat"), focus=raw.get("focus"), args=dict(raw.get("args") or {}))


def from_dict(data: dict[str, Any]) -> Scenario:
    """A scenario from its JSON object (ScenarioError if it is not shaped as the module says)."""
    try:
        seats = tuple(data["seats"])
        if seats.count("you") != 1 or any(s not in ("you", "bot") for s in seats) or len(seats) != data["players"]:
            raise ScenarioError("'seats': one 'you' and the others 'bot', one per player")
        steps = tuple(_step(raw, k) for k, raw in enumerate(data["steps"]))
        return Scenario(game=data["game"], players=int(data["players"]), seats=seats, steps=steps,
                        intro=data["intro"], end=data["end"], options=dict(data.get("options") or {}))
    except KeyError as exc:
        raise ScenarioError(f"missing key {exc}") from None


def available() -> list[str]:
    """The games that have a scenario."""
    return sorted(p.stem for p in SCENARIOS.glob("*.json"))


@cache
def scenario(game: str) -> Scenario:
    """The scenario of ``game`` (KeyError if it has none)."""
    if game not in available():
        raise KeyError(game)
    return from_dict(json.loads((SCENARIOS / f"{game}.json").read_text(encoding="utf-8")))

"""Test doubles for the agent tests: tiny games built only on ``meeple.core``, never registered.

``PeekState``: seat 0 is dealt one secret card from a face-down deck of three ``low`` cards and one
``high`` card; seat 1 then guesses ``low`` or ``high`` and wins if right (else seat 0 wins). An honest
seat 1 should guess ``low`` (right 3 times in 4) whatever the card really is; an agent that peeked at
the real state would guess the real card.

``load_toy()``: the contract tests' toy (secret simultaneous bids, hidden hands, a deck, a die),
loaded from its file so these tests do not depend on the contract folder being a package.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from meeple.core import CHANCE, Action, Game, GameInfo, State

PEEK_INFO = GameInfo(id="peek", name="Peek (test double)", min_players=2, max_players=2, seat_names=("Dealer", "Guesser"))


class PeekState(State):
    FIELDS = ("phase", "deck", "card", "guess")
    ACTION_NAMES = frozenset({"deal", "low", "high"})

    phase: str
    deck: list[str]
    card: str | None
    guess: str | None

    def setup(self) -> None:
        self.phase, self.deck, self.card, self.guess = "deal", ["high", "low", "low", "low"], None, None

    def _to_move(self) -> list[int]:
        return {"deal": [CHANCE], "guess": [1], "over": []}[self.phase]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("deal", (c,)), float(self.deck.count(c))) for c in sorted(set(self.deck))]

    def _legal_actions(self, player: int) -> list[Action]:
        return [Action("high"), Action("low")]

    def _apply(self, action: Action, player: int) -> None:
        if action.name == "deal":
            self.card = str(action.args[0])
            self.deck.remove(self.card)
            self.phase = "guess"
            self.say("The dealer is dealt a card.")
            self.say(f"The dealer is dealt a {self.card} card.", to=(0,))
        else:
            self.guess = action.name
            self.phase = "over"

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        if not self.is_over():
            return [0.0, 0.0]
        right = self.guess == self.card
        return [0.0, 1.0] if right else [1.0, 0.0]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return [1] if self.guess == self.card else [0]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {"phase": self.phase, "deck_size": len(self.deck),
                "card": self.card if player == 0 or self.is_over() else None, "guess": self.guess}

    def _resample_hidden(self, player: int | None) -> None:
        if player == 0 or self.card is None or self.is_over():
            return
        pool = sorted(self.deck + [self.card])
        self.rng.shuffle(pool)
        self.card = pool.pop()
        self.deck = sorted(pool)


def peek_game() -> Game:
    return Game(info=PEEK_INFO, players=2, options={}, state_class=PeekState)


def load_toy() -> Any:
    """The contract tests' toy module (tests/contract/toy.py)."""
    name = "meeple_agents_tests_toy"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "contract" / "toy.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def toy_game(players: int = 3, **options: Any) -> Game:
    toy = load_toy()
    opts = {"rounds": 3, "die": True}
    opts.update(options)
    return Game(info=toy.INFO, players=players, options=opts, state_class=toy.ToyState)

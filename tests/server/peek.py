"""Peek: a tiny card game with hidden hands, a secret card and a deck — a test double for the server.

Nine cards 1–9. Chance deals two cards to each seat and one face-down centre card. On your turn you
``play`` a card from your hand (face up, it scores its value), ``peek`` at the centre card once per
game (only you learn it), or ``draw`` a card (a chance event). After 8 turns, or when the mover has
nothing to do, the game ends; the highest total of played cards wins.

It is registered only inside the server tests (see ``registered``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from meeple.core import CHANCE, Action, GameInfo, State
from meeple.core import registry as _registry

PEEK_ID = "peek"
INFO = GameInfo(id=PEEK_ID, name="Peek (server test double)", min_players=2, max_players=3,
                seat_names=("North", "East", "South"))
TURNS = 8


class PeekState(State):
    FIELDS = ("deck", "hands", "center", "peeked", "played", "turn", "turns", "pending", "dealt_center")
    ACTION_NAMES = frozenset({"deal", "center", "play", "peek", "draw"})

    def setup(self) -> None:
        n = self.players
        self.deck = list(range(1, 10))
        self.hands = [[] for _ in range(n)]
        self.center = None
        self.peeked = [False] * n
        self.played = [[] for _ in range(n)]
        self.turn = 0
        self.turns = 0
        self.pending = [p for _ in range(2) for p in range(n)]
        self.dealt_center = False

    def _to_move(self) -> list[int]:
        if self.is_over():
            return []
        if self.pending or not self.dealt_center:
            return [CHANCE]
        return [self.turn]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        name = "deal" if self.pending else "center"
        return [(Action(name, (c,)), 1.0) for c in self.deck]

    def _legal_actions(self, player: int) -> list[Action]:
        acts = [Action("play", (c,)) for c in sorted(self.hands[player])]
        if not self.peeked[player]:
            acts.append(Action("peek"))
        if self.deck:
            acts.append(Action("draw"))
        return acts

    def _apply(self, action: Action, player: int) -> None:
        if action.name == "deal":
            seat = self.pending.pop(0)
            card = action.args[0]
            self.deck.remove(card)
            self.hands[seat].append(card)
            self.say(f"{self.player_name(seat)} is dealt a card.")
            self.say(f"{self.player_name(seat)} is dealt the {card}.", to=(seat,))
            return
        if action.name == "center":
            self.deck.remove(action.args[0])
            self.center = action.args[0]
            self.dealt_center = True
            self.say("A card is placed face down in the centre.")
            return
        if action.name == "play":
            card = action.args[0]
            self.hands[player].remove(card)
            self.played[player].append(card)
            self.say(f"{self.player_name(player)} plays the {card}.")
        elif action.name == "peek":
            self.peeked[player] = True
            self.reveal()  # the centre card, to the peeking seat
            self.say(f"{self.player_name(player)} peeks at the centre card.")
            self.say(f"The centre card is the {self.center}.", to=(player,))
        elif action.name == "draw":
            self.say(f"{self.player_name(player)} draws.")
            self.pending = [player]
        self.turns += 1
        self.turn = (self.turn + 1) % self.players

    def is_over(self) -> bool:
        if self.turns >= TURNS:
            return True
        if self.pending or not self.dealt_center:
            return False
        p = self.turn
        return not self.hands[p] and self.peeked[p] and not self.deck

    def scores(self) -> list[float]:
        return [float(sum(cards)) for cards in self.played]

    def winners(self) -> list[int]:
        s = self.scores()
        return [p for p in range(self.players) if s[p] == max(s)]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": None if player is None else sorted(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "deck_size": len(self.deck),
            "center": self.center if player is not None and self.peeked[player] else None,
            "peeked": list(self.peeked),
            "turn": self.turn,
            "turns": self.turns,
        }

    def _resample_hidden(self, player: int | None) -> None:
        others = [p for p in range(self.players) if p != player]
        pool = list(self.deck)
        for p in others:
            pool += self.hands[p]
        known_center = player is not None and self.peeked[player]
        if self.center is not None and not known_center:
            pool.append(self.center)
        self.rng.shuffle(pool)
        for p in others:
            k = len(self.hands[p])
            self.hands[p] = sorted(pool[:k])
            pool = pool[k:]
        if self.center is not None and not known_center:
            self.center = pool.pop()
        self.deck = sorted(pool)


@contextlib.contextmanager
def registered() -> Iterator[None]:
    had = _registry._REGISTRY.get(PEEK_ID)
    _registry._REGISTRY[PEEK_ID] = (INFO, PeekState)
    try:
        yield
    finally:
        if had is None:
            _registry._REGISTRY.pop(PEEK_ID, None)
        else:
            _registry._REGISTRY[PEEK_ID] = had

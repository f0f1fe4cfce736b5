"""Toy Dice: each turn roll a die (1–3 points) or play a card from your hidden hand (its value).

Setup deals two cards to each player from a deck of 1,1,2,2,3,3,4,4,5,5; a played card is replaced
from the deck while it lasts. After ``rounds`` turns each, the most points wins (ties share).
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action, State
from meeple.core.i18n import Message


class ToyState(State):
    FIELDS = ("hands", "deck", "points", "turn", "round", "pending")
    ACTION_NAMES = frozenset({"roll", "play", "card", "die"})

    def setup(self) -> None:
        n = self.players
        self.hands = [[] for _ in range(n)]
        self.deck = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
        self.points = [0] * n
        self.turn = 0
        self.round = 0
        self.pending = [["deal", p] for _ in range(2) for p in range(n)]

    def _to_move(self) -> list[int]:
        if self.pending:
            return [CHANCE]
        if self.is_over():
            return []
        return [self.turn]

    def _legal_actions(self, player: int) -> list[Action]:
        return [Action("roll")] + [Action("play", (c,)) for c in sorted(set(self.hands[player]))]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        kind, _ = self.pending[0]
        if kind == "roll":
            return [(Action("die", (d,)), 1.0) for d in (1, 2, 3)]
        return [(Action("card", (c,)), float(self.deck.count(c))) for c in sorted(set(self.deck))]

    def _apply(self, action: Action, player: int) -> None:
        name = self.player_name
        if player == CHANCE:
            kind, p = self.pending.pop(0)
            if kind == "roll":
                self.points[p] += action.args[0]
                self.say(f"{name(p)} rolls {action.args[0]}")
                self._end_turn()
            else:
                card = action.args[0]
                self.deck.remove(card)
                self.hands[p].append(card)
                self.hands[p].sort()
                self.say(f"{name(p)} draws a card")
                self.say(f"{name(p)} draws a {card}", to=(p,))
            return
        if action.name == "roll":
            self.pending.append(["roll", player])
            return
        card = action.args[0]
        self.hands[player].remove(card)
        self.points[player] += card
        self.say(f"{name(player)} plays a {card}")
        if self.deck:
            self.pending.append(["deal", player])
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0:
            self.round += 1

    def is_over(self) -> bool:
        return self.round >= self.game.options["rounds"] and not self.pending

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.points)
        return [p for p, v in enumerate(self.points) if v == best]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": None if player is None or player < 0 else list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "points": list(self.points),
            "round": self.round,
            "turn": self.turn,
            "deck_size": len(self.deck),
        }

    def _resample_hidden(self, player: int | None) -> None:
        pool = list(self.deck)
        for p in range(self.players):
            if p != player:
                pool += self.hands[p]
        self.rng.shuffle(pool)
        for p in range(self.players):
            if p != player:
                k = len(self.hands[p])
                self.hands[p], pool = sorted(pool[:k]), pool[k:]
        self.deck = sorted(pool)

    def why_illegal(self, action: Action, player: int) -> str:
        if action.name == "play" and player >= 0 and action.args and action.args[0] not in self.hands[player]:
            return f"you have no {action.args[0]} in your hand"
        return super().why_illegal(action, player)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        # a plug-in without a catalogue: its sentences are plain English, shown as they are
        if action.name == "roll":
            text = "roll the die for 1–3 points"
        elif action.name == "play":
            text = f"play your {action.args[0]} for {action.args[0]} points"
        elif action.name == "die":
            text = f"the die shows {action.args[0]}"
        elif action.name == "card":
            text = f"the card drawn is a {action.args[0]}"
        else:
            return None
        return Message("core.text", {"text": text})

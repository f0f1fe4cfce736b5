"""Toy: a tiny card game that is a test double for the engine core, never a real game.

It is small, but it uses every feature of ``meeple.core`` that the five real games need, so the core
and the contract tests can be tested without depending on any real game:

* chance nodes: the start player, every card drawn from a face-down deck kept as a sorted list of the
  unseen cards (outcomes weighted by count), and an optional die roll;
* hidden information: each player's hand (a drawn card is logged only to the one who drew it);
* simultaneous secret choices: every seat bids a card at once, hidden until all bids are in;
* a sequential decision split into small actions (the start player may ``swap`` one card, then ``pass``),
  with a chance draw in the middle of that player's turn;
* the shared turn flow (``meeple.core.flow``): its steps declared in ``STEPS``;
* options (``rounds``, ``die``) and 1–4 players; a per-game invariant (24 cards are conserved);
* a fixed action space (``Action.index``) and an observation tensor, as the research adapters use.

Rules. 24 cards: values 1–6, four of each. Chance picks the start player, then every player draws
2 cards. Each round: all players bid one card from their hand at once, in secret. When all bids are
in they are revealed; with ``die=True`` a die is rolled. The one unique highest bid scores its value
(plus the die); if the highest bid is tied, each tied player scores 1. Bids go to the face-up
discard. Then the start player may ``swap`` one card of their hand (discard it, draw another) and
then must ``pass``. Unless it was the last round, every player draws 1 card and the start player
passes left. After ``rounds`` rounds the most points win (ties share the win).

The toy is registered only while a test that asks for it runs (see ``registered``), so it never
shows up in ``meeple.games()`` for other tests or for users.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from meeple.core import Action, GameInfo, InvariantError, Option, State
from meeple.core.flow import GAME_OVER, Chance, Decision, FlowState
from meeple.core import registry as _registry
from meeple.core.i18n import Message

TOY_ID = "toy"
VALUES = (1, 2, 3, 4, 5, 6)
COPIES = 4
HAND = 2

INFO = GameInfo(
    id=TOY_ID,
    name="Toy (test double)",
    min_players=1,
    max_players=4,
    options=(
        Option("rounds", 3, (1, 2, 3), "number of bidding rounds"),
        Option("die", True, (True, False), "roll a die that adds to the winning bid"),
    ),
    summary="A test double for the engine core: secret simultaneous bids, hidden hands, a deck, a die.",
    seat_names=("North", "East", "South", "West"),
)


class ToyState(FlowState, State):
    """The toy's state; see the module docstring for the rules."""

    FIELDS = (
        "phase", "round", "start", "deck", "hands", "bids", "discard", "points",
        "pending", "swapped", "die_roll", "revealed",
    )
    ACTION_NAMES = frozenset({"start", "draw", "bid", "roll", "swap", "pass"})
    MAX_ACTIONS = 200  # a bound on the length of any game, used by the contract tests

    phase: str
    round: int
    start: int
    deck: list[int]
    hands: list[list[int]]
    bids: list[int | None]
    discard: list[int]
    points: list[int]
    pending: list[int]
    swapped: bool
    die_roll: int | None
    revealed: bool

    # ------------------------------------------------------------------ setup and flow
    def setup(self) -> None:
        n = self.players
        self.phase = "start"
        self.round = 1
        self.start = 0
        self.deck = sorted(v for v in VALUES for _ in range(COPIES))
        self.hands = [[] for _ in range(n)]
        self.bids = [None] * n
        self.discard = []
        self.points = [0] * n
        self.pending = []
        self.swapped = False
        self.die_roll = None
        self.revealed = False

    # The turn flow, declared once (meeple.core.flow): each step's name, who acts, what it offers.
    STEPS = {
        "start": Chance(outcomes="_start_outcomes", act="_on_chance"),
        "draw": Chance(outcomes="_draw_outcomes", act="_on_chance", owner="_drawing_seat"),
        "bid": Decision(legal="_bid_actions", act="_on_action", seats="_seats_still_bidding"),
        "roll": Chance(outcomes="_roll_outcomes", act="_on_chance"),
        "act": Decision(legal="_act_actions", act="_on_action", seats="_start_player"),
        "over": GAME_OVER,
    }

    def open_step(self) -> str:
        phase = self.phase
        if phase == "over" or phase == "start":
            return phase
        return "draw" if self.pending else phase

    def _seats_still_bidding(self) -> list[int]:
        return [p for p in range(self.players) if self.bids[p] is None]

    def _start_player(self) -> list[int]:
        return [self.start]

    def _start_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("start", (p,)), 1.0) for p in range(self.players)]

    def _draw_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("draw", (v,)), float(self.deck.count(v))) for v in sorted(set(self.deck))]

    def _roll_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("roll", (d,)), 1.0) for d in range(1, 7)]

    def _drawing_seat(self) -> int | None:
        """A draw is the drawing seat's; the start player and the die are anyone's."""
        return self.pending[0]

    def chance_choices(self, player: int) -> list[Action]:
        """A draw offers every value with a copy ``player`` cannot see (not in its hand or bid, not
        discarded, not a revealed bid): the deck's exact content would tell it the others' hands."""
        if self.open_step() != "draw":
            return super().chance_choices(player)
        seen = list(self.hands[player]) + list(self.discard)
        seen += [b for q, b in enumerate(self.bids) if b is not None and (self.revealed or q == player)]
        return [Action("draw", (v,)) for v in VALUES if seen.count(v) < COPIES]

    def _reconcile_chance_entry(self, action: Action) -> bool:
        """A real table drew a value the deck holds no copy of (every copy is in some hand, where the seat
        entering it could not see it): one copy trades places with a card drawn at random from the deck,
        the next seats' hands first, the drawer's own last, and the table hears that entries conflict."""
        if self.open_step() != "draw" or action.name != "draw" or len(action.args) != 1:
            return False
        value = action.args[0]
        if type(value) is not int or value not in VALUES:
            return False
        drawer = self.pending[0]
        for seat in self._seats_from(drawer)[1:] + [drawer]:
            hand = self.hands[seat]
            if value in hand:
                replacement = self.deck.pop(self.rng.randbelow(len(self.deck)))
                hand.remove(value)
                hand.append(replacement)
                hand.sort()
                self.deck.append(value)
                self.deck.sort()
                self.say("Two entries conflict: check the cards.")
                return True
        return False

    def _bid_actions(self, player: int) -> list[Action]:
        return [Action("bid", (v,)) for v in sorted(set(self.hands[player]))]

    def _act_actions(self, player: int) -> list[Action]:
        actions = [Action("pass")]
        if not self.swapped and self.deck:
            actions += [Action("swap", (v,)) for v in sorted(set(self.hands[player]))]
        return actions

    def _on_action(self, action: Action, player: int) -> None:
        getattr(self, "_" + action.name)(player, *action.args)

    _on_chance = _on_action

    # ------------------------------------------------------------------ the actions, one per rule
    def _start(self, player: int, seat: int) -> None:
        self.start = seat
        self.say(f"{self.player_name(seat)} starts.")
        self.pending = [p for _ in range(HAND) for p in self._seats_from(seat)]
        self.phase = "bid"

    def _draw(self, player: int, value: int) -> None:
        seat = self.pending.pop(0)
        self.deck.remove(value)
        self.hands[seat].append(value)
        self.hands[seat].sort()
        self.say(f"{self.player_name(seat)} draws a card.")
        self.say(f"{self.player_name(seat)} draws a {value}.", to=(seat,))

    def _bid(self, player: int, value: int) -> None:
        self.hands[player].remove(value)
        self.bids[player] = value
        self.say(f"{self.player_name(player)} bids a card face down.")
        if all(b is not None for b in self.bids):
            if self.players > 1:
                self.reveal()  # the last bid is in: the others' bids are turned up (State.reveal, for undo)
            self.revealed = True
            self.say("Bids: " + ", ".join(f"{self.player_name(p)} {b}" for p, b in enumerate(self.bids)))
            if self.game.options["die"]:
                self.phase = "roll"
            else:
                self._score_bids()

    def _roll(self, player: int, value: int) -> None:
        self.die_roll = value
        self.say(f"The die shows {value}.")
        self._score_bids()

    def _swap(self, player: int, value: int) -> None:
        self.hands[player].remove(value)
        self.discard.append(value)
        self.discard.sort()
        self.swapped = True
        self.pending = [player]
        self.say(f"{self.player_name(player)} swaps a {value}.")

    def _pass(self, player: int) -> None:
        self.say(f"{self.player_name(player)} passes.")
        if self.round >= self.game.options["rounds"]:
            self.phase = "over"
            self.say("Game over. " + ", ".join(f"{self.player_name(p)} {s}" for p, s in enumerate(self.points)))
            return
        self.round += 1
        self.start = (self.start + 1) % self.players
        self.pending = [p for p in self._seats_from(self.start) if self.deck][: len(self.deck)]
        self.phase = "bid"
        self.swapped = False

    # ------------------------------------------------------------------ helpers
    def _seats_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.players for i in range(self.players)]

    def _score_bids(self) -> None:
        bids = [b for b in self.bids if b is not None]
        top = max(bids)
        tied = [p for p, b in enumerate(self.bids) if b == top]
        if len(tied) == 1:
            gain = top + (self.die_roll or 0)
            self.points[tied[0]] += gain
            self.say(f"{self.player_name(tied[0])} wins the bid and scores {gain}.")
        else:
            for p in tied:
                self.points[p] += 1
            self.say("The top bid is tied; " + ", ".join(self.player_name(p) for p in tied) + " score 1 each.")
        self.discard.extend(bids)
        self.discard.sort()
        self.bids = [None] * self.players
        self.die_roll = None
        self.revealed = False
        self.phase = "act"

    # ------------------------------------------------------------------ results and views
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.points)
        return [p for p, s in enumerate(self.points) if s == best]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": self.game.options["rounds"],
            "start": self.start,
            "points": list(self.points),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": None if player is None else list(self.hands[player]),
            "bid_in": [b is not None for b in self.bids],
            "my_bid": None if player is None else self.bids[player],
            "bids": list(self.bids) if self.revealed else None,
            "discard": list(self.discard),
            "drawing": list(self.pending),
            "swapped": self.swapped,
        }

    def _resample_hidden(self, player: int | None) -> None:
        others = [p for p in range(self.players) if p != player]
        pool = list(self.deck)
        for p in others:
            pool += self.hands[p]
            if self.bids[p] is not None and not self.revealed:
                pool.append(self.bids[p])
        pool.sort()  # start from an order that depends only on what the seat knows
        self.rng.shuffle(pool)
        for p in others:
            k = len(self.hands[p])
            self.hands[p] = sorted(pool[:k])
            del pool[:k]
            if self.bids[p] is not None and not self.revealed:
                self.bids[p] = pool.pop()
        self.deck = sorted(pool)

    @classmethod
    def action_space(cls, game: Any) -> list[Action]:
        """The fixed action ids (research adapters): chance outcomes, then the players' actions."""
        space = [Action("start", (p,)) for p in range(game.players)]
        space += [Action("draw", (v,)) for v in VALUES] + [Action("roll", (d,)) for d in range(1, 7)]
        space += [Action("bid", (v,)) for v in VALUES] + [Action("swap", (v,)) for v in VALUES]
        return space + [Action("pass")]

    def _observation_tensor(self, player: int | None) -> Any:
        import numpy as np

        obs = self.observation(player)
        phases = ["start", "bid", "roll", "act", "over"]
        hand = obs["hand"] or []
        vec = [obs["round"] / 3, *(float(obs["phase"] == ph) for ph in phases), obs["deck_size"] / 24]
        vec += [(obs["points"][k] / 30 if k < self.players else 0.0) for k in range(4)]
        vec += [float(obs["bid_in"][k]) if k < self.players else 0.0 for k in range(4)]
        vec += [hand.count(v) / 2 for v in VALUES] + [obs["discard"].count(v) / 4 for v in VALUES]
        vec += [float(obs["my_bid"] == v) for v in VALUES]
        return np.asarray(vec, dtype=np.float32)

    def check_invariants(self) -> None:
        cards = list(self.deck) + list(self.discard) + [b for b in self.bids if b is not None]
        for hand in self.hands:
            cards += hand
            if len(hand) > HAND:
                raise InvariantError(f"a hand holds {len(hand)} cards")
        if sorted(cards) != sorted(v for v in VALUES for _ in range(COPIES)):
            raise InvariantError(f"cards not conserved: {sorted(cards)}")

    def why_illegal(self, action: Action, player: int) -> str:
        if action.name in ("bid", "swap") and player >= 0 and action.args and action.args[0] not in self.hands[player]:
            return f"{self.player_name(player)} holds no {action.args[0]} (hand: {self.hands[player]})"
        return super().why_illegal(action, player)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        # a game without a catalogue: its sentences are plain English, shown as they are
        who = self.player_name(player)
        texts = {
            "start": lambda: f"{self.player_name(action.args[0])} starts",
            "draw": lambda: f"{who} draws a {action.args[0]}",
            "bid": lambda: f"{who} bids {action.args[0]}",
            "roll": lambda: f"the die shows {action.args[0]}",
            "swap": lambda: f"{who} swaps a {action.args[0]} for a new card",
            "pass": lambda: f"{who} passes",
        }
        return Message("core.text", {"text": texts[action.name]()}) if action.name in texts else None


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """Register the toy for the duration of a ``with`` block (tests only), then remove it again."""
    had = _registry._REGISTRY.get(TOY_ID)
    _registry._REGISTRY[TOY_ID] = (INFO, ToyState)
    try:
        yield
    finally:
        if had is None:
            _registry._REGISTRY.pop(TOY_ID, None)
        else:
            _registry._REGISTRY[TOY_ID] = had

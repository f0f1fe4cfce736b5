"""The dice actions (seed "游戏流程"): roll two dice, then use each to get a cube, place a cube or get a worker.

    每一轮开始时，掷出两个子并将它们放在你面前。然后，你可以使用每个骰子来执行以下三种行动之一：
    获得一个方块、放置一个方块或获得一名工人。
    如果你获得了方块，但所有三个库存空间都己满，则需从你的库存中返回一个方块到供应堆。

Each die is used once: on a market centre square showing its face (a cube of that square's colour), on
an empty hex next to a filled one whose number it matches (a cube of the hex's colour from the
inventory), or for a worker. How a die is changed to match is in ``using_workers.py``; what a placed
cube does, in ``cube_effects.py``.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.cube_europe.actions import PLACE, TAKE, WORKER
from meeple.games.cube_europe.content import ALL_CARDS, CARDS, COLOURS, INVENTORY_SIZE, NEIGHBOURS, WORKER_MAX
from meeple.games.cube_europe.fields import CubeEuropeFields
from meeple.games.cube_europe.using_workers import ALL_TARGETS, MOST_WORKERS_NEEDED, WITHIN_REACH


DICE_PER_SQUARE = {1: 99, 2: 1, 3: 2, 4: 2}
"""Dice per market square by player count: solo unlimited; 2 players one; 3–4 players two (stacked)."""
_NO_CARD_SQUARES = (None, None, None)
CENTRE_SQUARES = {
    (deck_top, discard_top): (CARDS[deck_top].squares if deck_top is not None else _NO_CARD_SQUARES)
    + (CARDS[discard_top].squares if discard_top is not None else _NO_CARD_SQUARES)
    for deck_top in (None,) + ALL_CARDS for discard_top in (None,) + ALL_CARDS
}
"""The six centre squares (face, colour) by (deck's face-up top, discard pile's top): 1–3 on the deck's top,
4–6 on the discard pile's top; None where no card lies."""
HEXES_OF_COLOUR = {
    card_id: {colour: tuple((label, number, NEIGHBOURS[label]) for label, (hex_colour, number) in card.hexes.items()
                            if hex_colour == colour) for colour in COLOURS}
    for card_id, card in CARDS.items()
}
"""Per board card and colour, its hexes of that colour in label order: label, number, neighbours."""


class DiceActionRules(CubeEuropeFields):
    """Rolling, the three die actions, the inventory and the market's squares, and which of them are legal."""

    def roll_dice(self, die1: int, die2: int) -> None:
        """Start of a round: each player rolls two dice (「每一轮所有玩家先掷2个骰子」)."""
        players = self.players
        player = (self.start_card_seat + self.seats_done) % players
        self.dice[player] = [die1, die2]
        self.say("cube-europe.rolls", None, seat=player, die1=die1, die2=die2)
        self.seats_done += 1
        if self.seats_done == players:
            self.seats_done = 0
            self.phase = "turn"
            self._start_turn()

    def take_cube(self, player: int, die: int, square: int, plan: tuple[int, bool, bool] | None = None) -> None:
        """Take a cube: the die on a centre square of its face; a cube of the square's colour, if any left."""
        face, colour = self.centre_squares()[square - 1]
        if plan is None:
            plan = self._payment_or_ask(player, "take", die, square, face, 0, True)
            if plan is None:
                return
        self._spend_die(player, die, face, plan)
        self.dice_on_squares[square - 1] += 1
        if not self._gain_cube(player, colour):
            self.say("cube-europe.takes_none", None, seat=player, die=die, square=square, colour=colour)
        elif "bulk" in self.active_effects[player] and face in (1, 2) and self._gain_cube(player, colour):
            self.say("cube-europe.takes_two", None, seat=player, die=die, square=square, colour=colour, effect="bulk")
        else:
            self.say("cube-europe.takes", None, seat=player, die=die, square=square, colour=colour)

    def place_cube(self, player: int, die: int, hex_label: str, plan: tuple[int, bool, bool] | None = None) -> None:
        """Place a cube: on a hex next to a filled one, die = hex number, a cube of the hex's colour."""
        number = self.board(player).hexes[hex_label][1]
        if plan is None:
            tolerance = 1 if "surveyor" in self.effects(player) else 0
            plan = self._payment_or_ask(player, "place", die, hex_label, number, tolerance, False)
            if plan is None:
                return
        self._spend_die(player, die, number, plan)
        self._put_cube(player, hex_label, die)

    def gain_worker(self, player: int, die: int) -> None:
        """Gain a worker: any die; the worker track moves up one space if it can."""
        self.dice[player].remove(die)
        gain = 2 if "recruiter" in self.effects(player) else 1
        got = self._add_workers(player, gain)
        self.say("cube-europe.gains_workers", None, seat=player, die=die, n=got, workers=self.workers[player])

    def return_cube(self, player: int, colour: str) -> None:
        """A full inventory returns one cube to the supply (「需从你的库存中返回一个方块到供应堆」)."""
        self.follow_ups.pop()
        self.inventory[player].remove(colour)
        self.supply[player][colour] += 1
        if "recycle" in self.effects(player):
            self.say("cube-europe.returns_recycle", None, seat=player, colour=colour,
                     n=self._add_workers(player, 1), effect="recycle")
        else:
            self.say("cube-europe.returns", None, seat=player, colour=colour)

    def _put_cube(self, player: int, hex_label: str, die: int | None) -> None:
        """A cube from the inventory onto ``hex_label``: with ``die``, or (None) by the red cube's effect."""
        colour = self.board(player).hexes[hex_label][0]
        self.inventory[player].remove(colour)
        self.filled_hexes[player].append(hex_label)
        if die is None:
            self.say("cube-europe.places_chain", None, seat=player, colour=colour, hex=hex_label)
        else:
            self.say("cube-europe.places", None, seat=player, colour=colour, hex=hex_label, die=die)
        self.cube_effect(player, hex_label, colour)

    def _gain_cube(self, player: int, colour: str) -> bool:
        if self.supply[player][colour] == 0:
            return False
        self.supply[player][colour] -= 1
        self.inventory[player].append(colour)
        if len(self.inventory[player]) > self.inventory_size(player):
            self.follow_ups.append(["return"])
        return True

    def _add_workers(self, player: int, n: int) -> int:
        before = self.workers[player]
        self.workers[player] = min(WORKER_MAX, before + n)
        return self.workers[player] - before

    def _die_actions(self, player: int) -> list[Action]:
        """Each die, once per face from the lowest: its takes by square, its places by hex, a worker."""
        effects = self.active_effects[player]
        cap = DICE_PER_SQUARE[len(self.dice)]
        dice_on_squares = self.dice_on_squares
        takeable = [(i, square[0]) for i, square in enumerate(self.centre_squares())
                    if square is not None and dice_on_squares[i] < cap]
        placeable = self._placeable_hexes(player)
        workers = min(self.workers[player], MOST_WORKERS_NEEDED)
        steady = "nudge" in effects and not self.steady_hand_used
        mirror = "flip" in effects and not self.mirror_used
        take_reach = WITHIN_REACH[0][steady][mirror]
        place_reach = WITHIN_REACH[1 if "surveyor" in effects else 0][steady][mirror]
        wild_six = "wild_six" in effects
        actions: list[Action] = []
        for die in sorted(set(self.dice[player])):
            take_ok = ALL_TARGETS if wild_six and die == 6 else take_reach[die][workers]
            take_row = TAKE[die]
            for i, face in takeable:
                if take_ok[face]:
                    actions.append(take_row[i])
            if placeable:
                place_ok = place_reach[die][workers]
                place_row = PLACE[die]
                for label, number in placeable:
                    if place_ok[number]:
                        actions.append(place_row[label])
            actions.append(WORKER[die])
        return actions

    def _placeable_hexes(self, player: int) -> list[tuple[str, int]]:
        """The open hexes (``_open_hexes``) whose colour is in the inventory, in label order, with their numbers."""
        inventory = self.inventory[player]
        if not inventory:
            return []
        filled = set(self.filled_hexes[player])
        hexes_of_colour = HEXES_OF_COLOUR[self.board_cards[player]]
        placeable = [(label, number) for colour in set(inventory) for label, number, neighbours in hexes_of_colour[colour]
                     if label not in filled and not filled.isdisjoint(neighbours)]
        placeable.sort()
        return placeable

    def _open_hexes(self, player: int) -> list[str]:
        """Empty hexes adjacent to a filled hex (「与已经含有方块的六边形相邻的六边形」)."""
        filled = set(self.filled_hexes[player])
        out = {n for h in filled for n in NEIGHBOURS[h] if n not in filled}
        return sorted(out)

    def _dice_per_square(self) -> int:
        """Dice per market square: solo unlimited; 2 players one; 3–4 players two (stacked)."""
        return DICE_PER_SQUARE[self.players]

    def board(self, player: int):  # type: ignore[no-untyped-def]
        return CARDS[self.board_cards[player]]

    def inventory_size(self, player: int) -> int:
        return INVENTORY_SIZE + (1 if "storehouse" in self.active_effects[player] else 0)

    def market_squares(self) -> list[tuple[int, str] | None]:
        """The six centre squares: 1–3 on the deck's face-up top card, 4–6 on the discard pile's top."""
        return list(self.centre_squares())

    def centre_squares(self) -> tuple[tuple[int, str] | None, ...]:
        """``market_squares`` as the shared row of ``CENTRE_SQUARES`` (never to be changed)."""
        return CENTRE_SQUARES[self.deck_top, self.discard_pile[-1] if self.discard_pile else None]

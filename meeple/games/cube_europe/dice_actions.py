"""The dice actions (seed "游戏流程"): roll two dice, then use each to get a cube, place a cube or get a worker.

    每一轮开始时，掷出两个子并将它们放在你面前。然后，你可以使用每个骰子来执行以下三种行动之一：
    获得一个方块、放置一个方块或获得一名工人。
    如果你获得了方块，但所有三个库存空间都己满，则需从你的库存中返回一个方块到供应堆。

Each die is used once: on a market centre square showing its face (a cube of that square's colour), on
an empty hex next to a filled one whose number it matches (a cube of the hex's colour from the
inventory), or for a worker. How a die is changed to match is in ``using_workers.py``; what a placed
cube does, in ``cube_effects.py``. Its actions (``ACTIONS``: the roll, by chance, the three die actions
and the return of a cube from a full inventory) are each performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.actions import PLACE, TAKE, WORKER
from meeple.games.cube_europe.content import ALL_CARDS, CARDS, COLOURS, HEX_LABELS, INVENTORY_SIZE, NEIGHBOURS, WORKER_MAX
from meeple.games.cube_europe.describe import plan_text, workers_text
from meeple.games.cube_europe.fields import CubeEuropeFields
from meeple.games.cube_europe.using_workers import ALL_TARGETS, WITHIN_REACH


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
SQUARE_FACES = {
    market: tuple((i, square[0]) for i, square in enumerate(squares) if square is not None)
    for market, squares in CENTRE_SQUARES.items()
}
"""``CENTRE_SQUARES`` as (index, face) of the squares that lie on a card."""
FACES_LOWEST_FIRST = [[tuple(sorted({first, second})) for second in range(7)] for first in range(7)]
"""The faces of two dice, each once, lowest first: ``FACES_LOWEST_FIRST[first][second]``."""
HEX_BIT = {label: 1 << i for i, label in enumerate(HEX_LABELS)}
"""Each hex as one bit, in label order: a set of hexes is an int (a cheap set to build and combine)."""
HEX_OF_BIT = {bit: label for label, bit in HEX_BIT.items()}
NEIGHBOUR_BITS = {label: sum(HEX_BIT[n] for n in NEIGHBOURS[label]) for label in HEX_LABELS}
"""The neighbours of each hex, as a set of hexes."""


def hex_labels(hex_bits: int) -> list[str]:
    """The hexes of a set of hexes (``HEX_BIT``), in label order."""
    labels = []
    while hex_bits:
        lowest = hex_bits & -hex_bits
        labels.append(HEX_OF_BIT[lowest])
        hex_bits ^= lowest
    return labels


COLOUR_BITS = {
    card_id: {colour: sum(HEX_BIT[label] for label, (hex_colour, _) in card.hexes.items() if hex_colour == colour)
              for colour in COLOURS}
    for card_id, card in CARDS.items()
}
"""Per board card and colour, the hexes of that colour as a set of hexes."""
_PLACEABLE: dict[int, dict[int, tuple[tuple[str, int], ...]]] = {card_id: {} for card_id in CARDS}
"""Per board card and set of hexes (``HEX_BIT``): those hexes with their numbers, in label order (the sets
met; emptied should it ever hold ``_OPEN_HEX_BITS_KEPT`` of them)."""
_OPEN_HEX_BITS: dict[tuple[str, ...], int] = {}
"""The open hexes (a set of hexes) next to each list of filled hexes met (``_open_hex_bits``)."""
_OPEN_HEX_BITS_KEPT = 200_000
"""The most entries either cache keeps (a bound on its memory in a long-running server)."""


class DiceActionRules(CubeEuropeFields):
    """Rolling, the three die actions, the inventory and the market's squares, and which of them are legal."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "roll": ActionSpec(perform="_act_roll", describe="_describe_roll", refuse="_refuse_chance_only"),  # chance
        # a die gets a cube, places a cube or gets a worker
        "take": ActionSpec(perform="_act_take", describe="_describe_take", refuse="_refuse_take"),
        "place": ActionSpec(perform="_act_place", describe="_describe_place", refuse="_refuse_place"),
        "worker": ActionSpec(perform="_act_worker", describe="_describe_worker", refuse="_refuse_die_action"),
        # a full inventory returns a cube
        "return": ActionSpec(perform="_act_return", describe="_describe_return", refuse="_refuse_follow_up"),
    }

    def _act_roll(self, action: Action, _chance: int) -> None:
        """Start of a round: each player rolls two dice (「每一轮所有玩家先掷2个骰子」)."""
        die1, die2 = action.args
        players = self.players
        player = (self.start_card_seat + self.seats_done) % players
        self.dice[player] = [die1, die2]
        self.say_again("cube-europe.rolls", (player, die1, die2), seat=player, die1=die1, die2=die2)
        self.seats_done += 1
        if self.seats_done == players:
            self.seats_done = 0
            self.phase = "turn"
            self._start_turn()

    def _describe_roll(self, action: Action, _player: int | None) -> Message:
        who = (self.start_card_seat + self.seats_done) % self.players
        return Message("cube-europe.d.roll", {"seat": who, "die1": action.args[0], "die2": action.args[1]})

    # ------------------------------------------------------------------ get a cube
    def _act_take(self, action: Action, player: int) -> None:
        die, square = action.args
        self.take_cube(player, die, square)
        self._end_turn_when_done(player)

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
            self.say_again("cube-europe.takes", (player, die, square, colour), seat=player, die=die, square=square,
                            colour=colour)

    def _describe_take(self, action: Action, p: int) -> Message:
        die, square_number = action.args
        square = self.market_squares()[square_number - 1]
        if square is None:
            return Message("cube-europe.d.take_empty", {"die": die, "square": square_number})
        face, colour = square
        left = self.supply[p][colour]
        if left:
            effects = self.active_effects[p]
            bulk = (msg("cube-europe.d.gain_bulk", effect="bulk")
                    if "bulk" in effects and face in (1, 2) and left > 1 else "")
            full = (msg("cube-europe.d.gain_full", size=self.inventory_size(p))
                    if len(self.inventory[p]) >= self.inventory_size(p) else "")
            gain = msg("cube-europe.d.gain_cube", colour=colour, left=left, bulk=bulk, full=full)
        else:
            gain = msg("cube-europe.d.gain_none", colour=colour)
        return Message("cube-europe.d.take", {"die": die, "square": square_number, "face": face, "gain": gain,
                                              "cost": self._cost_text(p, die, face, 0, True)})

    def _refuse_take(self, action: Action, player: int) -> Message | None:
        """The die's face is the square's, or can be made so; a square holds so many dice (by player count)."""
        reason = self._refuse_die_action(action, player)
        a = action.args
        if reason is not None or not self._deciding(player) or len(a) != 2 or not isinstance(a[1], int):
            return reason
        squares = self.market_squares()
        if not 1 <= a[1] <= 6 or squares[a[1] - 1] is None:
            return Message("cube-europe.error.bad_square", {})
        if self.dice_on_squares[a[1] - 1] >= self._dice_per_square():
            return Message("cube-europe.error.square_full", {"square": a[1], "n": self.dice_on_squares[a[1] - 1],
                                                             "players": self.players})
        face = squares[a[1] - 1][0]
        return Message("cube-europe.error.cannot_become", {"die": a[0], "face": face, "workers": self.workers[player]})

    # ------------------------------------------------------------------ place a cube
    def _act_place(self, action: Action, player: int) -> None:
        die, hex_label = action.args
        self.place_cube(player, die, hex_label)
        self._end_turn_when_done(player)

    def place_cube(self, player: int, die: int, hex_label: str, plan: tuple[int, bool, bool] | None = None) -> None:
        """Place a cube: on a hex next to a filled one, die = hex number, a cube of the hex's colour."""
        number = self.board(player).hexes[hex_label][1]
        if plan is None:
            tolerance = 1 if "surveyor" in self.active_effects[player] else 0
            plan = self._payment_or_ask(player, "place", die, hex_label, number, tolerance, False)
            if plan is None:
                return
        self._spend_die(player, die, number, plan)
        self._put_cube(player, hex_label, die)

    def _describe_place(self, action: Action, p: int) -> Message:
        die, hex_label = action.args
        colour, number = self.board(p).hexes[hex_label]
        tol = 1 if "surveyor" in self.active_effects[p] else 0
        plans = self.die_change_payments(p, die, number, tol, False)
        after = self.workers[p] - plans[0][0] if len(plans) == 1 else None  # workers when the effect fires
        return Message("cube-europe.d.place", {
            "colour": colour, "hex": hex_label, "number": number, "die": die,
            "then": self._effect_text(p, colour, after), "cost": self._cost_text(p, die, number, tol, False)})

    def _refuse_place(self, action: Action, player: int) -> Message | None:
        """An empty hex next to a filled one (「与已经含有方块的六边形相邻」), a cube of its colour in the
        inventory, and the die its number (or made so)."""
        reason = self._refuse_die_action(action, player)
        a = action.args
        if reason is not None or not self._deciding(player) or len(a) != 2:
            return reason
        hexes = self.board(player).hexes
        if a[1] not in hexes:
            return Message("cube-europe.error.no_hex", {"hex": str(a[1])})
        colour, number = hexes[a[1]]
        if a[1] in self.filled_hexes[player]:
            return Message("cube-europe.error.hex_filled", {"hex": a[1]})
        if a[1] not in self._open_hexes(player):
            return Message("cube-europe.error.not_adjacent", {"hex": a[1]})
        if colour not in self.inventory[player]:
            return Message("cube-europe.error.no_colour", {"hex": a[1], "colour": colour})
        return Message("cube-europe.error.wrong_number", {"die": a[0], "hex": a[1], "number": number})

    # ------------------------------------------------------------------ get a worker
    def _act_worker(self, action: Action, player: int) -> None:
        """Gain a worker: any die; the worker track moves up one space if it can."""
        die = action.args[0]
        self.dice[player].remove(die)
        gain = 2 if "recruiter" in self.active_effects[player] else 1
        got = self._add_workers(player, gain)
        workers = self.workers[player]
        self.say_again("cube-europe.gains_workers", (player, die, got, workers), seat=player, die=die, n=got,
                       workers=workers)
        self._end_turn_when_done(player)

    def _describe_worker(self, action: Action, p: int) -> Message:
        die = action.args[0]
        w = self.workers[p]
        got = min(WORKER_MAX, w + (2 if "recruiter" in self.active_effects[p] else 1)) - w
        if got:
            return Message("cube-europe.d.worker", {"die": die, "n": got, "before": w, "after": w + got})
        return Message("cube-europe.d.worker_full", {"die": die, "max": WORKER_MAX})

    def _refuse_die_action(self, action: Action, player: int) -> Message | None:
        """A die action waits for the order of play, and uses a die the player rolled and has not used."""
        if not self._deciding(player):
            return None
        reason = self._refuse_out_of_order(player)
        if reason is not None:
            return reason
        a = action.args
        if self.phase == "turn" and (not a or not isinstance(a[0], int) or a[0] not in self.dice[player]):
            return Message("cube-europe.error.no_die", {"die": a[0] if a else "?", "dice": list(self.dice[player])})
        return None

    # ------------------------------------------------------------------ a full inventory
    def _act_return(self, action: Action, player: int) -> None:
        """A full inventory returns one cube to the supply (「需从你的库存中返回一个方块到供应堆」)."""
        colour = action.args[0]
        self.follow_ups.pop()
        self.inventory[player].remove(colour)
        self.supply[player][colour] += 1
        if "recycle" in self.active_effects[player]:
            self.say("cube-europe.returns_recycle", None, seat=player, colour=colour,
                     n=self._add_workers(player, 1), effect="recycle")
        else:
            self.say_again("cube-europe.returns", (player, colour), seat=player, colour=colour)
        self._end_turn_when_done(player)

    def _describe_return(self, action: Action, p: int) -> Message:
        w = self.workers[p]
        recycle = (msg("cube-europe.d.return_recycle", effect="recycle", before=w, after=w + 1)
                   if "recycle" in self.active_effects[p] and w < WORKER_MAX else "")
        return Message("cube-europe.d.return", {"colour": action.args[0], "held": len(self.inventory[p]),
                                                "size": self.inventory_size(p), "recycle": recycle})

    def _cost_text(self, player: int, die: int, target: int, tol: int, take: bool) -> dict[str, Any]:
        """What a die action costs: the die, and the workers or free changes that turn it to ``target``."""
        plans = self.die_change_payments(player, die, target, tol, take)
        if not plans:
            return msg("cube-europe.c.impossible", die=die, target=target)
        if plans == [(0, False, False)]:
            return msg("cube-europe.c.die", die=die)
        have = workers_text(self.workers[player])
        if len(plans) == 1:
            return msg("cube-europe.c.die_plan", die=die, plan=plan_text(plans[0]), workers=have)
        options = plan_text(plans[-1])
        for plan in reversed(plans[:-1]):
            options = msg("cube-europe.or", a=plan_text(plan), b=options)
        return msg("cube-europe.c.die_choice", die=die, options=options, workers=have)

    def _put_cube(self, player: int, hex_label: str, die: int | None) -> None:
        """A cube from the inventory onto ``hex_label``: with ``die``, or (None) by the red cube's effect."""
        colour = self.board(player).hexes[hex_label][0]
        self.inventory[player].remove(colour)
        self.filled_hexes[player].append(hex_label)
        if die is None:
            self.say("cube-europe.places_chain", None, seat=player, colour=colour, hex=hex_label)
        else:
            self.say_again("cube-europe.places", (player, colour, hex_label, die), seat=player, colour=colour,
                           hex=hex_label, die=die)
        self.cube_effect(player, hex_label, colour)

    def _gain_cube(self, player: int, colour: str) -> bool:
        supply = self.supply[player]
        if supply[colour] == 0:
            return False
        supply[colour] -= 1
        inventory = self.inventory[player]
        inventory.append(colour)
        if len(inventory) > self.inventory_size(player):
            self.follow_ups.append(["return"])
        return True

    def _add_workers(self, player: int, n: int) -> int:
        before = self.workers[player]
        self.workers[player] = min(WORKER_MAX, before + n)
        return self.workers[player] - before

    def _die_actions(self, player: int) -> list[Action]:
        """Each die, once per face from the lowest: its takes by square, its places by hex, a worker."""
        effects = self.active_effects[player]
        cap = self._dice_per_square()
        dice_on_squares = self.dice_on_squares
        discard_pile = self.discard_pile
        square_faces = SQUARE_FACES[self.deck_top, discard_pile[-1] if discard_pile else None]
        placeable = self._placeable_hexes(player)
        workers = self.workers[player]
        if effects:
            steady = "nudge" in effects and not self.steady_hand_used
            mirror = "flip" in effects and not self.mirror_used
            take_reach = WITHIN_REACH[0][steady][mirror]
            place_reach = WITHIN_REACH[1 if "surveyor" in effects else 0][steady][mirror]
            wild_six = "wild_six" in effects
        else:
            take_reach = place_reach = WITHIN_REACH[0][False][False]
            wild_six = False
        actions: list[Action] = []
        dice = self.dice[player]
        for die in FACES_LOWEST_FIRST[dice[0]][dice[1]] if len(dice) == 2 else dice:
            take_ok = ALL_TARGETS if wild_six and die == 6 else take_reach[die][workers]
            take_row = TAKE[die]
            for i, face in square_faces:
                if take_ok[face] and dice_on_squares[i] < cap:
                    actions.append(take_row[i])
            if placeable:
                place_ok = place_reach[die][workers]
                place_row = PLACE[die]
                for label, number in placeable:
                    if place_ok[number]:
                        actions.append(place_row[label])
            actions.append(WORKER[die])
        return actions

    def _placeable_hexes(self, player: int) -> tuple[tuple[str, int], ...]:
        """The open hexes (``_open_hexes``) whose colour is in the inventory, in label order, with their numbers."""
        inventory = self.inventory[player]
        if not inventory:
            return ()
        card = self.board_cards[player]
        colour_bits = COLOUR_BITS[card]
        of_inventory_colours = 0
        for colour in inventory:
            of_inventory_colours |= colour_bits[colour]
        hex_bits = self._open_hex_bits(player) & of_inventory_colours
        by_bits = _PLACEABLE[card]
        placeable = by_bits.get(hex_bits)
        if placeable is None:
            if len(by_bits) >= _OPEN_HEX_BITS_KEPT:
                by_bits.clear()
            hexes = CARDS[card].hexes
            placeable = by_bits[hex_bits] = tuple((label, hexes[label][1]) for label in hex_labels(hex_bits))
        return placeable

    def _open_hexes(self, player: int) -> list[str]:
        """Empty hexes adjacent to a filled hex (「与已经含有方块的六边形相邻的六边形」), in label order."""
        return hex_labels(self._open_hex_bits(player))

    def _open_hex_bits(self, player: int) -> int:
        """``_open_hexes`` as a set of hexes (``HEX_BIT``); worked out once per set of filled hexes met."""
        key = tuple(self.filled_hexes[player])
        open_bits = _OPEN_HEX_BITS.get(key)
        if open_bits is None:
            if len(_OPEN_HEX_BITS) >= _OPEN_HEX_BITS_KEPT:
                _OPEN_HEX_BITS.clear()
            filled = next_to_filled = 0
            for label in key:
                filled |= HEX_BIT[label]
                next_to_filled |= NEIGHBOUR_BITS[label]
            open_bits = _OPEN_HEX_BITS[key] = next_to_filled & ~filled
        return open_bits

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

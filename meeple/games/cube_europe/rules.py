"""Cube Europe (方块欧洲) as code: solo (seed main rules) and 2–4 players (seed's multiplayer card).

The phases of the game, in order:

* ``deal``  (chance)  each player's board card is drawn from the shuffled cards
* ``first`` (chance)  multiplayer: the start card goes to a random player
* ``draw``  (chance)  cards drawn into the market (the discard pile, then the deck's face-up top)
* ``start``           each player puts a yellow cube on one of their three yellow hexes
* ``roll``  (chance)  every player rolls two dice
* ``turn``            in order from the start card, a player uses both dice (take / place / worker),
                      choosing how to pay a die change (``pay``) when there is a choice, and
                      resolving cube effects as follow-up decisions
* end of round        yellow effects tucked, the market advances, the deck may reshuffle or end the game

>>> state = meeple.load("cube-europe", players=1).new_game(seed=3)
>>> state.parse_action("start A1")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action, InvariantError, Rng, State
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.content import (
    ALL_CARDS,
    BASE_CARDS,
    CARDS,
    COLOURS,
    CUBES_PER_COLOUR,
    EFFECTS,
    HEX_LABELS,
    INVENTORY_SIZE,
    MARKET_CARDS,
    NEIGHBOURS,
    ROUNDS,
    TERRITORY_VP,
    WIN_SCORE,
    WORKER_MAX,
    rank,
)

# Every action the game can offer, made once: the legal-action lists hand out these objects, and
# encoding.action_space numbers these same objects (identically for every player count).
PASS = Action("pass")
_DICE_EFFECTS = frozenset({"nudge", "flip", "wild_six"})
# Steps between two die faces when ±1 changes wrap 1↔6 (「你可以将1转换为6或将6转换为1」).
_DIST = [[min(abs(a - b), 6 - abs(a - b)) for b in range(7)] for a in range(7)]
_BOARD = {c: Action("board", (c,)) for c in ALL_CARDS}
_CARD = {c: Action("card", (c,)) for c in ALL_CARDS}
_FIRST = [Action("first", (p,)) for p in range(4)]
_ROLLS = [Action("roll", (a, b)) for a in range(1, 7) for b in range(a, 7)]
_START = {h: Action("start", (h,)) for h in HEX_LABELS}
_TAKE = {d: [Action("take", (d, s)) for s in range(1, 7)] for d in range(1, 7)}
_PLACE = {d: {h: Action("place", (d, h)) for h in HEX_LABELS} for d in range(1, 7)}
_WORKER = {d: Action("worker", (d,)) for d in range(1, 7)}
_RETURN = {c: Action("return", (c,)) for c in COLOURS}
_CHAIN = {h: Action("chain", (h,)) for h in HEX_LABELS}
_WHITE = {c: Action("white", (c,)) for c in COLOURS}
# How a die adjustment is paid (「你可以同时使用工人和黄色效果」): (workers, Steady Hand, Mirror).
# "pay 0" alone is never a choice: a die that needs no change is used without asking.
_PAY = {
    (w, n, f): Action("pay", (w,) + (("steady",) if n else ()) + (("mirror",) if f else ()))
    for w in range(4) for n in (False, True) for f in (False, True) if w or n or f
}
_ROLL_OF = {act.args: act for act in _ROLLS}
_ROLL_WEIGHTS = [(act, 1.0 if act.args[0] == act.args[1] else 2.0) for act in _ROLLS]


class CubeEuropeState(State):
    """One game of Cube Europe; see the module docstring for the phases."""

    FIELDS = (
        "phase", "classic_solo", "round", "start_card_seat", "seats_done", "phase_after_draws", "market_draws_due",
        "board_cards", "unseen_cards", "deck_size", "deck_top", "discard_pile", "tucked_cards", "deck_exhaustions",
        "filled_hexes", "inventory", "supply", "workers", "dice", "dice_on_squares", "yellow_tucks_due",
        "steady_hand_used", "mirror_used", "follow_ups", "active_effects",
    )
    FIELD_RENAMES = {
        "classic": "classic_solo", "first": "start_card_seat", "turn_index": "seats_done",
        "next_phase": "phase_after_draws", "pending_draws": "market_draws_due", "boards": "board_cards",
        "unseen": "unseen_cards", "discard": "discard_pile", "tucked": "tucked_cards",
        "exhaustions": "deck_exhaustions", "filled": "filled_hexes", "market_dice": "dice_on_squares",
        "yellow_round": "yellow_tucks_due", "used_nudge": "steady_hand_used", "used_flip": "mirror_used",
        "pending": "follow_ups", "active": "active_effects",
    }
    ACTION_NAMES = frozenset(
        {"board", "first", "card", "start", "roll", "take", "place", "worker", "return", "chain", "white", "pass", "pay"}
    )

    # ================================================================== setup
    def setup(self) -> None:
        n = self.players
        self.classic_solo = n == 1 and self.game.options.get("solo_deck", "classic") == "classic"
        self.unseen_cards = list(BASE_CARDS if self.classic_solo else ALL_CARDS)
        self.phase = "deal"
        self.round = 1
        self.start_card_seat = 0
        self.seats_done = 0
        self.phase_after_draws = "start"
        self.market_draws_due: list[str] = []
        self.board_cards: list[int] = []
        self.deck_size = len(BASE_CARDS) - 1 if self.classic_solo else MARKET_CARDS
        self.deck_top: int | None = None
        self.discard_pile: list[int] = []
        self.tucked_cards: list[list[int]] = [[] for _ in range(n)]
        self.active_effects: list[list[str]] = [[] for _ in range(n)]  # the tucked cards' effect ids
        self.deck_exhaustions = 0
        self.filled_hexes: list[list[str]] = [[] for _ in range(n)]
        self.inventory: list[list[str]] = [[] for _ in range(n)]
        self.supply: list[dict[str, int]] = [{c: CUBES_PER_COLOUR for c in COLOURS} for _ in range(n)]
        # Solo: the black cube starts on "1". Multiplayer: 1, 2, 3, 4 workers from the start card leftwards.
        self.workers = [1] * n
        self.dice: list[list[int]] = [[] for _ in range(n)]
        self.dice_on_squares = [0] * 6
        self.yellow_tucks_due = [0] * n
        self.steady_hand_used = False
        self.mirror_used = False
        self.follow_ups: list[list[str]] = []

    # ================================================================== turn structure
    def _to_move(self) -> list[int]:
        phase = self.phase
        if phase == "turn":
            return [(self.start_card_seat + self.seats_done) % self.players]
        if phase in ("deal", "first", "draw", "roll"):
            return [CHANCE]
        if phase == "start":
            return [(self.start_card_seat + self.seats_done) % self.players]
        return []

    def current_player(self) -> int:
        return (self.start_card_seat + self.seats_done) % self.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == "roll":
            return list(_ROLL_WEIGHTS)
        if phase == "first":
            return [(_FIRST[p], 1.0) for p in range(self.players)]
        table = _BOARD if phase == "deal" else _CARD
        return [(table[c], 1.0) for c in self.unseen_cards]

    def chance_owner(self) -> int | None:
        """A round's roll is one seat's own two dice (「每一轮所有玩家先掷2个骰子」, in seat order from the
        start card), and a set-up board deal is the card that becomes the next seat's board; the start
        card and the market draws are anyone's. Nothing drawn is secret (``unseen`` is public), so the
        offered outcomes stay the default (the legal ones)."""
        if self.phase == "roll":
            return self.current_player()
        if self.phase == "deal":
            return len(self.board_cards)
        return None

    def sample_chance(self, rng: Rng) -> Action:
        """Same distribution as ``chance_outcomes``, without building the list."""
        if self.phase == "roll":
            a, b = rng.randbelow(6) + 1, rng.randbelow(6) + 1
            return _ROLL_OF[(min(a, b), max(a, b))]
        return super().sample_chance(rng)

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase == "start":
            board = CARDS[self.board_cards[player]]
            return [_START[h] for h in board.start_hexes]
        if self.follow_ups:
            return self._follow_up_actions(player)
        return self._die_actions(player)

    def _apply(self, action: Action, player: int) -> None:
        name = action.name
        if player == CHANCE:
            self._apply_chance(action)
        elif name == "start":
            self.place_starting_cube(player, action.args[0])
        elif name == "take":
            self.take_cube(player, action.args[0], action.args[1])
        elif name == "place":
            self.place_cube(player, action.args[0], action.args[1])
        elif name == "worker":
            self.gain_worker(player, action.args[0])
        elif name == "return":
            self.return_cube(player, action.args[0])
        elif name == "chain":
            self.red_chain(player, action.args[0])
        elif name == "white":
            self.white_cube(player, action.args[0])
        elif name == "pay":
            self.pay_adjustment(player, action)
        elif name == "pass":
            self.follow_ups.pop()
            self.say("cube-europe.declines", None, seat=player)
        self._after_action()

    # ================================================================== chance
    def _apply_chance(self, action: Action) -> None:
        if action.name == "roll":
            self.roll_dice(action.args[0], action.args[1])
        elif action.name == "first":
            self.start_card_seat = action.args[0]
            self.workers = [1 + (p - self.start_card_seat) % self.players for p in range(self.players)]
            self.say("cube-europe.start_card", None, seat=self.start_card_seat,
                     workers=[msg("cube-europe.seat_workers", seat=p, count=self.workers[p]) for p in range(self.players)])
            self.phase = "draw"
            self.market_draws_due = ["discard", "top"]
        elif action.name == "board":
            self.deal_board(action.args[0])
        else:
            self.draw_market_card(action.args[0])

    def deal_board(self, card: int) -> None:
        """Setup: a random card becomes a player's board (「随机选取一张卡作为版图」)."""
        self.unseen_cards.remove(card)
        player = len(self.board_cards)
        self.board_cards.append(card)
        self.say("cube-europe.board", None, seat=player, card=card)
        if len(self.board_cards) == self.players:
            if self.players == 1:
                self.phase = "draw"
                self.market_draws_due = ["discard", "top"]
            else:
                self.phase = "first"

    def draw_market_card(self, card: int) -> None:
        """A card comes off the face-down deck: onto the discard pile or as the deck's new face-up top."""
        self.unseen_cards.remove(card)
        where = self.market_draws_due.pop(0)
        if where == "discard":
            self.discard_pile.append(card)
            self.deck_size -= 1
            self.say("cube-europe.to_discard", None, card=card)
        else:
            self.deck_top = card
            self.say("cube-europe.new_top", None, card=card)
        if not self.market_draws_due:
            if self.deck_size == 0:  # nothing left to reveal (only possible after a reshuffle)
                self._game_over("cube-europe.over.exhausted")
                return
            self.phase = self.phase_after_draws
            self.seats_done = 0

    def roll_dice(self, a: int, b: int) -> None:
        """Start of a round: each player rolls two dice (「每一轮所有玩家先掷2个骰子」)."""
        player = (self.start_card_seat + self.seats_done) % self.players
        self.dice[player] = [a, b]
        self.say("cube-europe.rolls", None, seat=player, die1=a, die2=b)
        self.seats_done += 1
        if self.seats_done == self.players:
            self.seats_done = 0
            self.phase = "turn"
            self._start_turn()

    # ================================================================== setup choice
    def place_starting_cube(self, player: int, hex_label: str) -> None:
        """Setup: a yellow cube on one of the three yellow hexes; its effect is not activated."""
        self.filled_hexes[player].append(hex_label)
        self.supply[player]["yellow"] -= 1
        self.say("cube-europe.starts", None, seat=player, hex=hex_label)
        self.seats_done += 1
        if self.seats_done == self.players:
            self.seats_done = 0
            self.phase = "roll"

    # ================================================================== the three die actions
    def take_cube(self, player: int, die: int, square: int, plan: tuple[int, bool, bool] | None = None) -> None:
        """Take a cube: the die on a centre square of its face; a cube of the square's colour, if any left."""
        face, colour = self.market_squares()[square - 1]
        if plan is None:
            plan = self._payment_or_ask(player, "take", die, square, face, 0, True)
            if plan is None:
                return
        self._spend_die(player, die, face, plan)
        self.dice_on_squares[square - 1] += 1
        if not self._gain_cube(player, colour):
            self.say("cube-europe.takes_none", None, seat=player, die=die, square=square, colour=colour)
        elif "bulk" in self.effects(player) and face in (1, 2) and self._gain_cube(player, colour):
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

    # ================================================================== follow-up decisions (payment, cube effects)
    def pay_adjustment(self, player: int, action: Action) -> None:
        """The player's choice of how to pay for the die change of the take or place just chosen."""
        _, kind, die, where = self.follow_ups.pop()
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if kind == "take":
            self.take_cube(player, die, where, plan)
        else:
            self.place_cube(player, die, where, plan)

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

    def red_chain(self, player: int, hex_label: str) -> None:
        """Red effect: place a cube from the inventory next to the red cube, ignoring dice and numbers."""
        self.follow_ups.pop()
        self._put_cube(player, hex_label, None)

    def white_cube(self, player: int, colour: str) -> None:
        """White effect: gain a cube of a colour shown on the market's centre squares."""
        self.follow_ups.pop()
        self._gain_cube(player, colour)
        self.say("cube-europe.white_gains", None, seat=player, colour=colour)

    # ================================================================== placement and its effects
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

    def cube_effect(self, player: int, hex_label: str, colour: str) -> None:
        """The placed cube's colour effect (「方块效果」)."""
        effects = self.effects(player)
        if colour == "red":
            if self._chain_targets(player, hex_label):
                self.follow_ups.append(["chain", hex_label])
        elif colour == "white":
            if self._white_colours(player):
                self.follow_ups.append(["white"])
        elif colour == "blue":
            got = self._add_workers(player, 2 if "blue_boost" in effects else 1)
            self.say("cube-europe.blue_workers", None, seat=player, n=got)
        elif colour == "green":
            if "wage" in effects:
                got = self._add_workers(player, 1)
                self.say("cube-europe.wage_workers", None, seat=player, n=got, effect="wage")
        elif colour == "yellow":
            self.yellow_tucks_due[player] += 1

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

    # ================================================================== dice adjustment (workers, yellow effects)
    def payments(self, player: int, die: int, target: int, tolerance: int, take: bool) -> list[tuple[int, bool, bool]]:
        """Every sensible way to turn ``die`` into ``target``: (workers, uses Steady Hand, uses Mirror).

        Each worker changes the die by 1 (「花费一名工人…增加或减少1点」); the yellow effects Steady Hand
        and Mirror are free once per turn and combine with workers (「你可以同时使用工人和黄色效果」).
        Only affordable plans that no other plan beats on every count are listed (paying more of
        everything never helps); [] if the die cannot be made to match.
        """
        effects = self.effects(player)
        if take and die == 6 and "wild_six" in effects:
            return [(0, False, False)]
        workers = self.workers[player]
        plain = max(0, _DIST[die][target] - tolerance)
        if not plain:
            return [(0, False, False)]
        nudge = "nudge" in effects and not self.steady_hand_used
        flip = "flip" in effects and not self.mirror_used
        plans = [(plain, False, False)]
        if nudge:
            plans.append((plain - 1, True, False))
        if flip:
            flipped = max(0, _DIST[7 - die][target] - tolerance)
            plans.append((flipped, False, True))
            if nudge and flipped:
                plans.append((flipped - 1, True, True))
        plans = [p for p in plans if p[0] <= workers]
        return [p for p in plans
                if not any(q != p and q[0] <= p[0] and q[1] <= p[1] and q[2] <= p[2] for q in plans)]

    def _payment_or_ask(self, player: int, kind: str, die: int, where: int | str, target: int,
                        tolerance: int, take: bool) -> tuple[int, bool, bool] | None:
        """The only sensible payment, or None after asking the player to choose (a ``pay`` step)."""
        plans = self.payments(player, die, target, tolerance, take)
        if len(plans) == 1:
            return plans[0]
        self.follow_ups.append(["pay", kind, die, where])
        self.say("cube-europe.chooses_pay", None, seat=player, die=die, target=target)
        return None

    def _spend_die(self, player: int, die: int, target: int, plan: tuple[int, bool, bool]) -> None:
        workers, nudge, flip = plan
        self.dice[player].remove(die)
        self.workers[player] -= workers
        self.steady_hand_used |= nudge
        self.mirror_used |= flip
        if workers or nudge or flip:
            self.say("cube-europe.turns_die", None, seat=player, die=die, target=target, means=_means(plan))

    # ================================================================== legal action generation
    def _die_actions(self, player: int) -> list[Action]:
        actions: list[Action] = []
        board_hexes = self.board(player).hexes
        inventory = self.inventory[player]
        effects = self.effects(player)
        surveyor = 1 if "surveyor" in effects else 0
        squares = self.market_squares()
        cap = self._stack_limit()
        placeable = [(h, board_hexes[h][1]) for h in self._frontier(player) if board_hexes[h][0] in inventory]
        for die in sorted(set(self.dice[player])):
            take_ok = self._reachable(player, die, 0, True, effects)
            place_ok = self._reachable(player, die, surveyor, False, effects) if placeable else None
            take_row = _TAKE[die]
            for i, square in enumerate(squares):
                if square is not None and self.dice_on_squares[i] < cap and take_ok[square[0]]:
                    actions.append(take_row[i])
            if place_ok:
                place_row = _PLACE[die]
                for h, number in placeable:
                    if place_ok[number]:
                        actions.append(place_row[h])
            actions.append(_WORKER[die])
        return actions

    def _reachable(self, player: int, die: int, tolerance: int, take: bool, effects: list[str]) -> list[bool]:
        """For targets 0..6, whether ``die`` can be made to match (index 0 unused)."""
        if not effects or not _DICE_EFFECTS.intersection(effects):
            workers = self.workers[player]
            dist = _DIST[die]
            return [False] + [dist[t] - tolerance <= workers for t in range(1, 7)]
        return [False] + [bool(self.payments(player, die, t, tolerance, take)) for t in range(1, 7)]

    def _follow_up_actions(self, player: int) -> list[Action]:
        kind = self.follow_ups[-1]
        if kind[0] == "pay":
            return [_PAY[plan] for plan in self._pending_payments(player)]
        if kind[0] == "return":
            return [_RETURN[c] for c in COLOURS if c in self.inventory[player]]
        if kind[0] == "chain":
            return [_CHAIN[h] for h in self._chain_targets(player, kind[1])] + [PASS]
        return [_WHITE[c] for c in self._white_colours(player)] + [PASS]

    def _pending_payments(self, player: int) -> list[tuple[int, bool, bool]]:
        _, kind, die, where = self.follow_ups[-1]
        if kind == "take":
            return self.payments(player, die, self.market_squares()[where - 1][0], 0, True)
        tolerance = 1 if "surveyor" in self.effects(player) else 0
        return self.payments(player, die, self.board(player).hexes[where][1], tolerance, False)

    def _frontier(self, player: int) -> list[str]:
        """Empty hexes adjacent to a filled hex (「与已经含有方块的六边形相邻的六边形」)."""
        filled = set(self.filled_hexes[player])
        out = {n for h in filled for n in NEIGHBOURS[h] if n not in filled}
        return sorted(out)

    def _chain_targets(self, player: int, hex_label: str) -> list[str]:
        hexes = self.board(player).hexes
        filled = self.filled_hexes[player]
        inventory = self.inventory[player]
        return [n for n in NEIGHBOURS[hex_label] if n not in filled and hexes[n][0] in inventory]

    def _white_colours(self, player: int) -> list[str]:
        if "white_plus" in self.effects(player):
            colours = set(COLOURS)
        else:
            colours = {sq[1] for sq in self.market_squares() if sq is not None}
        return [c for c in COLOURS if c in colours and self.supply[player][c] > 0]

    def _stack_limit(self) -> int:
        """Dice per market square: solo unlimited; 2 players one; 3–4 players two (stacked)."""
        if self.players == 1:
            return 99
        return 1 if self.players == 2 else 2

    # ================================================================== end of turn / round
    def _after_action(self) -> None:
        if self.phase != "turn" or self.follow_ups:
            return
        player = self.current_player()
        if self.dice[player]:
            return
        self.seats_done += 1
        if self.seats_done < self.players:
            self._start_turn()
        else:
            self.end_of_round()

    def _start_turn(self) -> None:
        self.steady_hand_used = False
        self.mirror_used = False

    def end_of_round(self) -> None:
        """Round end (「回合结束」): yellow effects in seat order from the first player, then the market advances."""
        n = self.players
        for k in range(n):
            p = (self.start_card_seat + k) % n
            for _ in range(self.yellow_tucks_due[p]):
                self.tuck_yellow_effect(p)
            self.yellow_tucks_due[p] = 0
        self.dice_on_squares = [0] * 6
        self.advance_market()
        if self.phase == "over":
            return
        self.round += 1
        self.start_card_seat = (self.start_card_seat + 1) % n  # the start card passes left
        self.seats_done = 0
        self.phase_after_draws = "roll"
        if self.classic_solo and self.round > ROUNDS:
            self._game_over("cube-europe.over.rounds", n=ROUNDS)
        elif not self.market_draws_due:
            self.phase = "roll"

    def tuck_yellow_effect(self, player: int) -> None:
        """Yellow effect: the rightmost market card goes under the board; its effect is active from now on."""
        if not self.discard_pile:
            self.say("cube-europe.tuck_nothing", None, seat=player)
            return
        card = self.discard_pile.pop()
        self.tucked_cards[player].append(card)
        self.active_effects[player].append(CARDS[card].effect)
        effect = CARDS[card].effect
        self.say("cube-europe.tucks", None, seat=player, card=card, effect=effect, effect_text=effect)

    def advance_market(self) -> None:
        """Move the deck's top card onto the discard pile; an empty deck reshuffles (solo) or ends the game."""
        self.discard_pile.append(self.deck_top)
        self.say("cube-europe.moves_to_discard", None, card=self.deck_top)
        self.deck_top = None
        self.deck_size -= 1
        if self.deck_size > 0:
            self.phase = "draw"
            self.market_draws_due = ["top"]
            return
        if not self.classic_solo:
            self._game_over("cube-europe.over.empty")
            return
        self.deck_exhaustions += 1
        if self.deck_exhaustions == 2:
            self._game_over("cube-europe.over.second_time")
            return
        self.reshuffle_market()

    def reshuffle_market(self) -> None:
        """Solo, first exhaustion: shuffle all market cards, create the market again, plus one card
        to the discard pile for every empty yellow hex (「对于版图上的每一个空的黄色六边形，需额外放置一张卡牌」)."""
        self.unseen_cards = sorted(self.discard_pile)
        self.deck_size = len(self.discard_pile)
        self.discard_pile = []
        empty_yellow = [h for h in self.board(0).start_hexes if h not in self.filled_hexes[0]]
        extra = max(0, min(len(empty_yellow), self.deck_size - 2))
        self.market_draws_due = ["discard"] * (1 + extra) + ["top"]
        self.phase = "draw"
        self.say("cube-europe.reshuffles", None, cards=msg("cube-europe.cards_reshuffled", n=self.deck_size),
                 hexes=msg("cube-europe.empty_yellow_cost", n=len(empty_yellow),
                           extra=msg("cube-europe.extra_cards", n=extra)))

    def _game_over(self, why: str, **args: Any) -> None:
        """The end: ``why`` is the message id of the reason (``cube-europe.over.…``)."""
        self.phase = "over"
        self.market_draws_due = []
        self.say("cube-europe.game_over", None, why=msg(why, **args))
        for p in range(self.players):
            self.say("cube-europe.scores", None, seat=p, score=self.score(p))

    # ================================================================== scoring
    def score_breakdown(self, player: int) -> dict[str, int]:
        """The seed's scoring: territories, completed colours, green cubes, yellow effects, workers."""
        if player >= len(self.board_cards):  # boards are still being dealt
            return {"territories": 0, "colours": 0, "green": 0, "yellow_effects": 0, "workers": 0}
        board = self.board(player)
        filled = set(self.filled_hexes[player])
        effects = self.effects(player)
        territories = sum(TERRITORY_VP[len(t)] for t in board.territories if filled.issuperset(t))
        placed = {c: 0 for c in COLOURS}
        for h in filled:
            placed[board.hexes[h][0]] += 1
        total_of = {c: 0 for c in COLOURS}
        for colour, _ in board.hexes.values():
            total_of[colour] += 1
        complete = sum(1 for c in COLOURS if placed[c] == total_of[c])
        yellow = 0
        for effect in effects:
            if effect == "white_patron":
                yellow += placed["white"]
            elif effect == "red_patron":
                yellow += placed["red"]
            elif effect == "blue_patron":
                yellow += placed["blue"]
            elif effect == "harvest":
                yellow += placed["green"]
            elif effect == "cartographer":
                yellow += complete
            elif effect == "treasury":
                yellow += self.workers[player] - self.workers[player] // 2
        return {
            "territories": territories,
            "colours": complete,
            "green": placed["green"],
            "yellow_effects": yellow,
            "workers": self.workers[player] // 2,
        }

    def score(self, player: int) -> int:
        return sum(self.score_breakdown(player).values())

    def scores(self) -> list[float]:
        return [self.score(p) for p in range(self.players)]

    def winners(self) -> list[int]:
        """Solo: a win at Expert or better. Multiplayer: most VP, then fewest filled hexes, else shared."""
        if not self.is_over():
            return []
        if self.players == 1:
            return [0] if self.score(0) >= WIN_SCORE else []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        fewest = min(len(self.filled_hexes[p]) for p in tied)
        return [p for p in tied if len(self.filled_hexes[p]) == fewest]

    def rank(self, player: int = 0) -> tuple[str, str]:
        return rank(self.score(player))

    # ================================================================== queries
    def board(self, player: int):  # type: ignore[no-untyped-def]
        return CARDS[self.board_cards[player]]

    def effects(self, player: int) -> list[str]:
        """The yellow effects active for ``player`` (cards tucked under their board)."""
        return self.active_effects[player]

    def inventory_size(self, player: int) -> int:
        return INVENTORY_SIZE + (1 if "storehouse" in self.effects(player) else 0)

    def market_squares(self) -> list[tuple[int, str] | None]:
        """The six centre squares: 1–3 on the deck's face-up top card, 4–6 on the discard pile's top."""
        left = CARDS[self.deck_top].squares if self.deck_top is not None else (None, None, None)
        right = CARDS[self.discard_pile[-1]].squares if self.discard_pile else (None, None, None)
        return list(left) + list(right)

    # ================================================================== observation
    def _observation(self, player: int | None) -> dict[str, Any]:
        squares = self.market_squares()
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": ROUNDS,
            "first": self.start_card_seat,
            "current": self.current_player() if self.phase in ("turn", "start") else None,
            "market": {
                "deck_top": self.deck_top,
                "deck_size": self.deck_size,
                "discard": list(self.discard_pile),
                "unseen": list(self.unseen_cards),
                "squares": [
                    None if sq is None else {"square": i + 1, "face": sq[0], "colour": sq[1], "dice": self.dice_on_squares[i]}
                    for i, sq in enumerate(squares)
                ],
                "stack_limit": self._stack_limit() if self.players > 1 else None,
                # The yellow effect printed on each visible market card (a yellow cube tucks the
                # rightmost one, the discard pile's top: 「拿取最右侧的市场卡牌」).
                "effects": {"deck_top": _effect_view(self.deck_top),
                            "discard_top": _effect_view(self.discard_pile[-1] if self.discard_pile else None)},
            },
            "pending": [list(p) for p in self.follow_ups],
            # This turn's once-per-turn free die changes already spent.
            "used_free": {"steady": self.steady_hand_used, "mirror": self.mirror_used},
            "seats": [self._seat_view(p) for p in range(self.players)],
        }

    def _seat_view(self, p: int) -> dict[str, Any]:
        board = self.board(p) if p < len(self.board_cards) else None
        return {
            "name": self.player_name(p),
            "board_card": board.id if board else None,
            "hexes": {h: {"colour": c, "number": n, "filled": h in self.filled_hexes[p]} for h, (c, n) in board.hexes.items()}
            if board else {},
            "start_hexes": list(board.start_hexes) if board else [],
            "inventory": list(self.inventory[p]),
            "inventory_size": self.inventory_size(p),
            "supply": dict(self.supply[p]),
            "workers": self.workers[p],
            "worker_max": WORKER_MAX,
            "dice": list(self.dice[p]),
            "effects": [_effect_view(c) for c in self.tucked_cards[p]],
            "score": self.score_breakdown(p) if board else {},
            "total": self.score(p) if board else 0,
        }

    # ================================================================== invariants
    def check_invariants(self) -> None:
        for p in range(self.players):
            for colour in COLOURS:
                on_board = sum(1 for h in self.filled_hexes[p] if self.board(p).hexes[h][0] == colour) if p < len(self.board_cards) else 0
                held = self.inventory[p].count(colour)
                if on_board + held + self.supply[p][colour] != CUBES_PER_COLOUR:
                    raise InvariantError(f"{self.player_name(p)} has {on_board}+{held}+{self.supply[p][colour]} {colour} cubes")
            if not 0 <= self.workers[p] <= WORKER_MAX:
                raise InvariantError(f"worker track out of range: {self.workers[p]}")
            if self.active_effects[p] != [CARDS[c].effect for c in self.tucked_cards[p]]:
                raise InvariantError("active yellow effects differ from the tucked cards")
            if len(set(self.filled_hexes[p])) != len(self.filled_hexes[p]):
                raise InvariantError("a hex holds two cubes")
        cards = list(self.board_cards) + list(self.unseen_cards) + list(self.discard_pile) + [c for t in self.tucked_cards for c in t]
        if self.deck_top is not None:
            cards.append(self.deck_top)
        expected = sorted(BASE_CARDS if self.classic_solo else ALL_CARDS)
        if sorted(cards) != expected:
            raise InvariantError(f"cards lost or duplicated: {sorted(cards)}")
        below = self.deck_size - (1 if self.deck_top is not None else 0)
        if below > len(self.unseen_cards) or self.deck_size < 0:
            raise InvariantError("the deck holds more cards than are unseen")

    # ================================================================== words
    # Every sentence is a message (an id of the ``cube-europe`` catalogue and its arguments), rendered
    # in the reader's language; the parts of a sentence are nested messages (``msg``).
    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """A sentence for every action: what it does and what it costs, with the numbers."""
        a = action.args
        name = action.name
        if player == CHANCE or name in ("roll", "card", "board", "first"):
            return self._describe_chance(action)
        p = self.current_player() if player is None else player
        if name == "take":
            square = self.market_squares()[a[1] - 1]
            if square is None:
                return Message("cube-europe.d.take_empty", {"die": a[0], "square": a[1]})
            face, colour = square
            left = self.supply[p][colour]
            if left:
                bulk = (msg("cube-europe.d.gain_bulk", effect="bulk")
                        if "bulk" in self.effects(p) and face in (1, 2) and left > 1 else "")
                full = (msg("cube-europe.d.gain_full", size=self.inventory_size(p))
                        if len(self.inventory[p]) >= self.inventory_size(p) else "")
                gain = msg("cube-europe.d.gain_cube", colour=colour, left=left, bulk=bulk, full=full)
            else:
                gain = msg("cube-europe.d.gain_none", colour=colour)
            return Message("cube-europe.d.take", {"die": a[0], "square": a[1], "face": face, "gain": gain,
                                                  "cost": self._cost_text(p, a[0], face, 0, True)})
        if name == "place":
            colour, number = self.board(p).hexes[a[1]]
            tol = 1 if "surveyor" in self.effects(p) else 0
            plans = self.payments(p, a[0], number, tol, False)
            after = self.workers[p] - plans[0][0] if len(plans) == 1 else None  # workers when the effect fires
            return Message("cube-europe.d.place", {
                "colour": colour, "hex": a[1], "number": number, "die": a[0],
                "then": self._effect_text(p, colour, after), "cost": self._cost_text(p, a[0], number, tol, False)})
        if name == "worker":
            w = self.workers[p]
            got = min(WORKER_MAX, w + (2 if "recruiter" in self.effects(p) else 1)) - w
            if got:
                return Message("cube-europe.d.worker", {"die": a[0], "n": got, "before": w, "after": w + got})
            return Message("cube-europe.d.worker_full", {"die": a[0], "max": WORKER_MAX})
        if name == "start":
            return Message("cube-europe.d.start", {"hex": a[0], "number": self.board(p).hexes[a[0]][1]})
        if name == "return":
            w = self.workers[p]
            recycle = (msg("cube-europe.d.return_recycle", effect="recycle", before=w, after=w + 1)
                       if "recycle" in self.effects(p) and w < WORKER_MAX else "")
            return Message("cube-europe.d.return", {"colour": a[0], "held": len(self.inventory[p]),
                                                    "size": self.inventory_size(p), "recycle": recycle})
        if name == "chain":
            colour, number = self.board(p).hexes[a[0]]
            return Message("cube-europe.d.chain", {"colour": colour, "hex": a[0], "number": number,
                                                   "then": self._effect_text(p, colour, self.workers[p])})
        if name == "white":
            return Message("cube-europe.d.white", {"colour": a[0], "left": self.supply[p][a[0]]})
        if name == "pass":
            kind = self.follow_ups[-1][0] if self.follow_ups else ""
            if kind == "chain":
                return Message("cube-europe.d.pass_chain", {})
            if kind == "white":
                return Message("cube-europe.d.pass_white", {})
            return Message("cube-europe.d.pass", {})
        if name == "pay":
            return self._describe_pay(action, p)
        return None

    def _describe_chance(self, action: Action) -> Message | None:
        a = action.args
        name = action.name
        if name == "roll":
            who = (self.start_card_seat + self.seats_done) % self.players
            return Message("cube-europe.d.roll", {"seat": who, "die1": a[0], "die2": a[1]})
        if name == "card":
            effect = CARDS[a[0]].effect
            where = self.market_draws_due[0] if self.market_draws_due else "top"
            if where == "discard":
                return Message("cube-europe.d.card_discard", {"card": a[0], "effect": effect})
            return Message("cube-europe.d.card_top", {"card": a[0], "effect": effect})
        if name == "board":
            return Message("cube-europe.d.board", {"card": a[0], "seat": len(self.board_cards)})
        if name == "first":
            return Message("cube-europe.d.first", {"seat": a[0], "number": a[0]})
        return None

    def _effect_text(self, player: int, colour: str, w: int | None) -> dict[str, Any]:
        """What placing a cube of ``colour`` does next (「方块效果」); ``w``: the workers by then, if known."""
        effects = self.effects(player)
        if colour == "red":
            return msg("cube-europe.e.red")
        if colour == "white":
            return msg("cube-europe.e.white")
        if colour == "blue":
            gain = 2 if "blue_boost" in effects else 1
            if w is None:
                return msg("cube-europe.e.blue_max", workers=_workers(gain), max=WORKER_MAX)
            got = min(WORKER_MAX, w + gain) - w
            return msg("cube-europe.e.blue", workers=_workers(got), before=w, after=w + got)
        if colour == "green":
            if "wage" in effects and (w is None or w < WORKER_MAX):
                if w is None:
                    return msg("cube-europe.e.green_wage", effect="wage")
                return msg("cube-europe.e.green_wage_known", effect="wage", before=w, after=w + 1)
            return msg("cube-europe.e.green")
        period = "turn" if self.players == 1 else "round"
        if self.discard_pile:
            card = self.discard_pile[-1]
            return msg("cube-europe.e.yellow_card", period=period, card=card, effect=CARDS[card].effect)
        return msg("cube-europe.e.yellow", period=period)

    def _cost_text(self, player: int, die: int, target: int, tol: int, take: bool) -> dict[str, Any]:
        plans = self.payments(player, die, target, tol, take)
        if not plans:
            return msg("cube-europe.c.impossible", die=die, target=target)
        if plans == [(0, False, False)]:
            return msg("cube-europe.c.die", die=die)
        have = _workers(self.workers[player])
        if len(plans) == 1:
            return msg("cube-europe.c.die_plan", die=die, plan=_plan_text(plans[0]), workers=have)
        options = _plan_text(plans[-1])
        for plan in reversed(plans[:-1]):
            options = msg("cube-europe.or", a=_plan_text(plan), b=options)
        return msg("cube-europe.c.die_choice", die=die, options=options, workers=have)

    def _describe_pay(self, action: Action, player: int) -> Message:
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if not self.follow_ups or self.follow_ups[-1][0] != "pay":
            return Message("cube-europe.d.pay_plain", {"plan": _plan_text(plan)})
        _, kind, die, where = self.follow_ups[-1]
        if kind == "take":
            target = self.market_squares()[where - 1][0]
            what = msg("cube-europe.w.square", square=where)
        else:
            target = self.board(player).hexes[where][1]
            what = msg("cube-europe.w.hex", hex=where)
        w = self.workers[player]
        used = _means((0, plan[1], plan[2])) if plan[1] or plan[2] else None
        if not plan[0]:
            return Message("cube-europe.d.pay_free", {"die": die, "target": target, "what": what, "used": used,
                                                      "workers": w})
        tail = msg("cube-europe.d.pay_used", used=used) if used else ""
        return Message("cube-europe.d.pay", {"die": die, "target": target, "what": what, "plan": _plan_text(plan),
                                             "cost": _workers(plan[0]), "before": w, "after": w - plan[0],
                                             "tail": tail})

    def why_illegal(self, action: Action, player: int) -> Message:
        reason = self._reason(action, player)
        if reason is not None:
            return reason
        legal = self.legal_actions(player)
        shown: list[Any] = [_quoted(x) for x in legal[:12]] + (["…"] if len(legal) > 12 else [])
        return Message("cube-europe.error.not_now", {"action": str(action), "seat": player, "legal": shown})

    def _reason(self, action: Action, player: int) -> Message | None:
        name, a = action.name, action.args
        if player == CHANCE or player not in self._to_move():
            return None
        if name in ("board", "card", "first", "roll"):
            return Message("cube-europe.error.chance_only", {})
        if self.phase == "start":
            hexes = list(self.board(player).start_hexes)
            if name == "start" and a and a[0] not in hexes:
                return Message("cube-europe.error.not_start_hex", {"hex": str(a[0]), "hexes": hexes})
            if name != "start":
                return Message("cube-europe.error.start_first", {"hexes": hexes})
            return None
        if self.follow_ups and name not in ("return", "chain", "white", "pass", "pay"):
            kind = self.follow_ups[-1][0]
            if kind == "pay":
                return Message("cube-europe.error.pay_first",
                               {"actions": [_quoted(x) for x in self._follow_up_actions(player)]})
            if kind == "return":
                return Message("cube-europe.error.return_first", {})
            if kind == "chain":
                return Message("cube-europe.error.chain_first", {})
            return Message("cube-europe.error.white_first", {})
        if name == "start":
            return Message("cube-europe.error.start_done", {})
        if not self.follow_ups and name in ("return", "chain", "white", "pass", "pay"):
            return Message("cube-europe.error.nothing_pending", {})
        if name in ("take", "place", "worker") and self.phase == "turn":
            if not a or not isinstance(a[0], int) or a[0] not in self.dice[player]:
                return Message("cube-europe.error.no_die", {"die": a[0] if a else "?", "dice": list(self.dice[player])})
        if name == "take" and len(a) == 2 and isinstance(a[1], int):
            squares = self.market_squares()
            if not 1 <= a[1] <= 6 or squares[a[1] - 1] is None:
                return Message("cube-europe.error.bad_square", {})
            if self.dice_on_squares[a[1] - 1] >= self._stack_limit():
                return Message("cube-europe.error.square_full", {"square": a[1], "n": self.dice_on_squares[a[1] - 1],
                                                                 "players": self.players})
            face = squares[a[1] - 1][0]
            return Message("cube-europe.error.cannot_become", {"die": a[0], "face": face, "workers": self.workers[player]})
        if name == "place" and len(a) == 2:
            hexes = self.board(player).hexes
            if a[1] not in hexes:
                return Message("cube-europe.error.no_hex", {"hex": str(a[1])})
            colour, number = hexes[a[1]]
            if a[1] in self.filled_hexes[player]:
                return Message("cube-europe.error.hex_filled", {"hex": a[1]})
            if a[1] not in self._frontier(player):
                return Message("cube-europe.error.not_adjacent", {"hex": a[1]})
            if colour not in self.inventory[player]:
                return Message("cube-europe.error.no_colour", {"hex": a[1], "colour": colour})
            return Message("cube-europe.error.wrong_number", {"die": a[0], "hex": a[1], "number": number})
        return None


def _effect_view(card: int | None) -> dict[str, Any] | None:
    """A card's yellow effect for observations: card id, effect id, and its English name and text
    (screens name it in their language by the id: ``TERMS["effect"]``, ``TERMS["effect_text"]``)."""
    if card is None:
        return None
    effect = CARDS[card].effect
    name, text = EFFECTS[effect]
    return {"card": card, "id": effect, "name": name, "text": text}


def _quoted(action: Action) -> dict[str, Any]:
    """An action's compact text as a message argument: what a player types, in quotes in Chinese."""
    return msg("cube-europe.quoted", action=str(action))


def _workers(n: int) -> dict[str, Any]:
    """ "1 worker", "2 workers" (「1 名工人」)."""
    return msg("cube-europe.n_workers", n=n)


def _effect_name(effect: str) -> dict[str, Any]:
    return msg("cube-europe.effect_name", effect=effect)


def _means(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(1, True, False)`` → "1 worker and Steady Hand": what pays for a die change."""
    parts = [_workers(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(_effect_name("nudge"))
    if plan[2]:
        parts.append(_effect_name("flip"))
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("cube-europe.and", a=parts[0], b=parts[1])
    return msg("cube-europe.and3", a=parts[0], b=parts[1], c=parts[2])


def _plan_text(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(2, True, False)`` → "2 workers + Steady Hand"."""
    parts = [_workers(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(_effect_name("nudge"))
    if plan[2]:
        parts.append(_effect_name("flip"))
    if not parts:
        return msg("cube-europe.nothing")
    text = parts[0]
    for part in parts[1:]:
        text = msg("cube-europe.plus", a=text, b=part)
    return text

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
        "phase", "classic", "round", "first", "turn_index", "next_phase", "pending_draws",
        "boards", "unseen", "deck_size", "deck_top", "discard", "tucked", "exhaustions",
        "filled", "inventory", "supply", "workers", "dice", "market_dice", "yellow_round",
        "used_nudge", "used_flip", "pending", "active",
    )
    ACTION_NAMES = frozenset(
        {"board", "first", "card", "start", "roll", "take", "place", "worker", "return", "chain", "white", "pass", "pay"}
    )

    # ================================================================== setup
    def setup(self) -> None:
        n = self.players
        self.classic = n == 1 and self.game.options.get("solo_deck", "classic") == "classic"
        self.unseen = list(BASE_CARDS if self.classic else ALL_CARDS)
        self.phase = "deal"
        self.round = 1
        self.first = 0
        self.turn_index = 0
        self.next_phase = "start"
        self.pending_draws: list[str] = []
        self.boards: list[int] = []
        self.deck_size = len(BASE_CARDS) - 1 if self.classic else MARKET_CARDS
        self.deck_top: int | None = None
        self.discard: list[int] = []
        self.tucked: list[list[int]] = [[] for _ in range(n)]
        self.active: list[list[str]] = [[] for _ in range(n)]  # the tucked cards' effect ids
        self.exhaustions = 0
        self.filled: list[list[str]] = [[] for _ in range(n)]
        self.inventory: list[list[str]] = [[] for _ in range(n)]
        self.supply: list[dict[str, int]] = [{c: CUBES_PER_COLOUR for c in COLOURS} for _ in range(n)]
        # Solo: the black cube starts on "1". Multiplayer: 1, 2, 3, 4 workers from the start card leftwards.
        self.workers = [1] * n
        self.dice: list[list[int]] = [[] for _ in range(n)]
        self.market_dice = [0] * 6
        self.yellow_round = [0] * n
        self.used_nudge = False
        self.used_flip = False
        self.pending: list[list[str]] = []

    # ================================================================== turn structure
    def _to_move(self) -> list[int]:
        phase = self.phase
        if phase == "turn":
            return [(self.first + self.turn_index) % self.players]
        if phase in ("deal", "first", "draw", "roll"):
            return [CHANCE]
        if phase == "start":
            return [(self.first + self.turn_index) % self.players]
        return []

    def current_player(self) -> int:
        return (self.first + self.turn_index) % self.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == "roll":
            return list(_ROLL_WEIGHTS)
        if phase == "first":
            return [(_FIRST[p], 1.0) for p in range(self.players)]
        table = _BOARD if phase == "deal" else _CARD
        return [(table[c], 1.0) for c in self.unseen]

    def sample_chance(self, rng: Rng) -> Action:
        """Same distribution as ``chance_outcomes``, without building the list."""
        if self.phase == "roll":
            a, b = rng.randbelow(6) + 1, rng.randbelow(6) + 1
            return _ROLL_OF[(min(a, b), max(a, b))]
        return super().sample_chance(rng)

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase == "start":
            board = CARDS[self.boards[player]]
            return [_START[h] for h in board.start_hexes]
        if self.pending:
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
            self.pending.pop()
            self.say(f"{self.player_name(player)} declines the effect")
        self._after_action()

    # ================================================================== chance
    def _apply_chance(self, action: Action) -> None:
        if action.name == "roll":
            self.roll_dice(action.args[0], action.args[1])
        elif action.name == "first":
            self.first = action.args[0]
            self.workers = [1 + (p - self.first) % self.players for p in range(self.players)]
            self.say(f"{self.player_name(self.first)} gets the start card; workers: "
                     + ", ".join(f"{self.player_name(p)} {self.workers[p]}" for p in range(self.players)))
            self.phase = "draw"
            self.pending_draws = ["discard", "top"]
        elif action.name == "board":
            self.deal_board(action.args[0])
        else:
            self.draw_market_card(action.args[0])

    def deal_board(self, card: int) -> None:
        """Setup: a random card becomes a player's board (「随机选取一张卡作为版图」)."""
        self.unseen.remove(card)
        player = len(self.boards)
        self.boards.append(card)
        self.say(f"{self.player_name(player)} takes card {card} as their board")
        if len(self.boards) == self.players:
            if self.players == 1:
                self.phase = "draw"
                self.pending_draws = ["discard", "top"]
            else:
                self.phase = "first"

    def draw_market_card(self, card: int) -> None:
        """A card comes off the face-down deck: onto the discard pile or as the deck's new face-up top."""
        self.unseen.remove(card)
        where = self.pending_draws.pop(0)
        if where == "discard":
            self.discard.append(card)
            self.deck_size -= 1
            self.say(f"Card {card} goes to the market discard pile")
        else:
            self.deck_top = card
            self.say(f"Card {card} is the new top of the market deck")
        if not self.pending_draws:
            if self.deck_size == 0:  # nothing left to reveal (only possible after a reshuffle)
                self._game_over("the market deck is exhausted")
                return
            self.phase = self.next_phase
            self.turn_index = 0

    def roll_dice(self, a: int, b: int) -> None:
        """Start of a round: each player rolls two dice (「每一轮所有玩家先掷2个骰子」)."""
        player = (self.first + self.turn_index) % self.players
        self.dice[player] = [a, b]
        self.say(f"{self.player_name(player)} rolls {a}, {b}")
        self.turn_index += 1
        if self.turn_index == self.players:
            self.turn_index = 0
            self.phase = "turn"
            self._start_turn()

    # ================================================================== setup choice
    def place_starting_cube(self, player: int, hex_label: str) -> None:
        """Setup: a yellow cube on one of the three yellow hexes; its effect is not activated."""
        self.filled[player].append(hex_label)
        self.supply[player]["yellow"] -= 1
        self.say(f"{self.player_name(player)} starts on {hex_label}")
        self.turn_index += 1
        if self.turn_index == self.players:
            self.turn_index = 0
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
        self.market_dice[square - 1] += 1
        gained = self._gain_cube(player, colour)
        extra = ""
        if "bulk" in self.effects(player) and face in (1, 2) and self._gain_cube(player, colour):
            extra = " and a second one (Bulk Buyer)"
        self.say(f"{self.player_name(player)} puts die {die} on square {square} and "
                 + (f"takes a {colour} cube{extra}" if gained else f"gets no cube ({colour} supply empty)"))

    def place_cube(self, player: int, die: int, hex_label: str, plan: tuple[int, bool, bool] | None = None) -> None:
        """Place a cube: on a hex next to a filled one, die = hex number, a cube of the hex's colour."""
        number = self.board(player).hexes[hex_label][1]
        if plan is None:
            tolerance = 1 if "surveyor" in self.effects(player) else 0
            plan = self._payment_or_ask(player, "place", die, hex_label, number, tolerance, False)
            if plan is None:
                return
        self._spend_die(player, die, number, plan)
        self._put_cube(player, hex_label, f"with die {die}")

    def gain_worker(self, player: int, die: int) -> None:
        """Gain a worker: any die; the worker track moves up one space if it can."""
        self.dice[player].remove(die)
        gain = 2 if "recruiter" in self.effects(player) else 1
        got = self._add_workers(player, gain)
        self.say(f"{self.player_name(player)} uses die {die} to gain {got} worker(s) (now {self.workers[player]})")

    # ================================================================== follow-up decisions (payment, cube effects)
    def pay_adjustment(self, player: int, action: Action) -> None:
        """The player's choice of how to pay for the die change of the take or place just chosen."""
        _, kind, die, where = self.pending.pop()
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if kind == "take":
            self.take_cube(player, die, where, plan)
        else:
            self.place_cube(player, die, where, plan)

    def return_cube(self, player: int, colour: str) -> None:
        """A full inventory returns one cube to the supply (「需从你的库存中返回一个方块到供应堆」)."""
        self.pending.pop()
        self.inventory[player].remove(colour)
        self.supply[player][colour] += 1
        msg = f"{self.player_name(player)} returns a {colour} cube to the supply"
        if "recycle" in self.effects(player):
            msg += f" and gains {self._add_workers(player, 1)} worker (Recycler)"
        self.say(msg)

    def red_chain(self, player: int, hex_label: str) -> None:
        """Red effect: place a cube from the inventory next to the red cube, ignoring dice and numbers."""
        self.pending.pop()
        self._put_cube(player, hex_label, "by the red cube's effect")

    def white_cube(self, player: int, colour: str) -> None:
        """White effect: gain a cube of a colour shown on the market's centre squares."""
        self.pending.pop()
        self._gain_cube(player, colour)
        self.say(f"{self.player_name(player)} gains a {colour} cube (white effect)")

    # ================================================================== placement and its effects
    def _put_cube(self, player: int, hex_label: str, how: str) -> None:
        colour = self.board(player).hexes[hex_label][0]
        self.inventory[player].remove(colour)
        self.filled[player].append(hex_label)
        self.say(f"{self.player_name(player)} places a {colour} cube on {hex_label} {how}")
        self.cube_effect(player, hex_label, colour)

    def cube_effect(self, player: int, hex_label: str, colour: str) -> None:
        """The placed cube's colour effect (「方块效果」)."""
        effects = self.effects(player)
        if colour == "red":
            if self._chain_targets(player, hex_label):
                self.pending.append(["chain", hex_label])
        elif colour == "white":
            if self._white_colours(player):
                self.pending.append(["white"])
        elif colour == "blue":
            got = self._add_workers(player, 2 if "blue_boost" in effects else 1)
            self.say(f"{self.player_name(player)} gains {got} worker(s) (blue effect)")
        elif colour == "green":
            if "wage" in effects:
                got = self._add_workers(player, 1)
                self.say(f"{self.player_name(player)} gains {got} worker (Harvest Wage)")
        elif colour == "yellow":
            self.yellow_round[player] += 1

    def _gain_cube(self, player: int, colour: str) -> bool:
        if self.supply[player][colour] == 0:
            return False
        self.supply[player][colour] -= 1
        self.inventory[player].append(colour)
        if len(self.inventory[player]) > self.inventory_size(player):
            self.pending.append(["return"])
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
        nudge = "nudge" in effects and not self.used_nudge
        flip = "flip" in effects and not self.used_flip
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
        self.pending.append(["pay", kind, die, where])
        self.say(f"{self.player_name(player)} chooses how to turn die {die} into {target}")
        return None

    def _spend_die(self, player: int, die: int, target: int, plan: tuple[int, bool, bool]) -> None:
        workers, nudge, flip = plan
        self.dice[player].remove(die)
        self.workers[player] -= workers
        self.used_nudge |= nudge
        self.used_flip |= flip
        if workers or nudge or flip:
            parts = [f"{workers} worker(s)"] if workers else []
            parts += ["Steady Hand"] * nudge + ["Mirror"] * flip
            self.say(f"{self.player_name(player)} turns die {die} into {target} with {' and '.join(parts)}")

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
                if square is not None and self.market_dice[i] < cap and take_ok[square[0]]:
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
        kind = self.pending[-1]
        if kind[0] == "pay":
            return [_PAY[plan] for plan in self._pending_payments(player)]
        if kind[0] == "return":
            return [_RETURN[c] for c in COLOURS if c in self.inventory[player]]
        if kind[0] == "chain":
            return [_CHAIN[h] for h in self._chain_targets(player, kind[1])] + [PASS]
        return [_WHITE[c] for c in self._white_colours(player)] + [PASS]

    def _pending_payments(self, player: int) -> list[tuple[int, bool, bool]]:
        _, kind, die, where = self.pending[-1]
        if kind == "take":
            return self.payments(player, die, self.market_squares()[where - 1][0], 0, True)
        tolerance = 1 if "surveyor" in self.effects(player) else 0
        return self.payments(player, die, self.board(player).hexes[where][1], tolerance, False)

    def _frontier(self, player: int) -> list[str]:
        """Empty hexes adjacent to a filled hex (「与已经含有方块的六边形相邻的六边形」)."""
        filled = set(self.filled[player])
        out = {n for h in filled for n in NEIGHBOURS[h] if n not in filled}
        return sorted(out)

    def _chain_targets(self, player: int, hex_label: str) -> list[str]:
        hexes = self.board(player).hexes
        filled = self.filled[player]
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
        if self.phase != "turn" or self.pending:
            return
        player = self.current_player()
        if self.dice[player]:
            return
        self.turn_index += 1
        if self.turn_index < self.players:
            self._start_turn()
        else:
            self.end_of_round()

    def _start_turn(self) -> None:
        self.used_nudge = False
        self.used_flip = False

    def end_of_round(self) -> None:
        """Round end (「回合结束」): yellow effects in seat order from the first player, then the market advances."""
        n = self.players
        for k in range(n):
            p = (self.first + k) % n
            for _ in range(self.yellow_round[p]):
                self.tuck_yellow_effect(p)
            self.yellow_round[p] = 0
        self.market_dice = [0] * 6
        self.advance_market()
        if self.phase == "over":
            return
        self.round += 1
        self.first = (self.first + 1) % n  # the start card passes left
        self.turn_index = 0
        self.next_phase = "roll"
        if self.classic and self.round > ROUNDS:
            self._game_over(f"{ROUNDS} rounds have been played")
        elif not self.pending_draws:
            self.phase = "roll"

    def tuck_yellow_effect(self, player: int) -> None:
        """Yellow effect: the rightmost market card goes under the board; its effect is active from now on."""
        if not self.discard:
            self.say(f"{self.player_name(player)}'s yellow cube has no effect: the discard pile is empty")
            return
        card = self.discard.pop()
        self.tucked[player].append(card)
        self.active[player].append(CARDS[card].effect)
        name, text = EFFECTS[CARDS[card].effect]
        self.say(f"{self.player_name(player)} tucks card {card} under their board: {name} — {text}")

    def advance_market(self) -> None:
        """Move the deck's top card onto the discard pile; an empty deck reshuffles (solo) or ends the game."""
        self.discard.append(self.deck_top)
        self.say(f"Card {self.deck_top} moves to the discard pile")
        self.deck_top = None
        self.deck_size -= 1
        if self.deck_size > 0:
            self.phase = "draw"
            self.pending_draws = ["top"]
            return
        if not self.classic:
            self._game_over("the market deck is empty")
            return
        self.exhaustions += 1
        if self.exhaustions == 2:
            self._game_over("the market deck is exhausted for the second time")
            return
        self.reshuffle_market()

    def reshuffle_market(self) -> None:
        """Solo, first exhaustion: shuffle all market cards, create the market again, plus one card
        to the discard pile for every empty yellow hex (「对于版图上的每一个空的黄色六边形，需额外放置一张卡牌」)."""
        self.unseen = sorted(self.discard)
        self.deck_size = len(self.discard)
        self.discard = []
        empty_yellow = [h for h in self.board(0).start_hexes if h not in self.filled[0]]
        extra = max(0, min(len(empty_yellow), self.deck_size - 2))
        self.pending_draws = ["discard"] * (1 + extra) + ["top"]
        self.phase = "draw"
        self.say(f"The market deck is exhausted: {self.deck_size} market cards are reshuffled; "
                 f"{len(empty_yellow)} empty yellow hex(es) cost {extra} extra card(s)")

    def _game_over(self, why: str) -> None:
        self.phase = "over"
        self.pending_draws = []
        self.say(f"Game over: {why}")
        for p in range(self.players):
            self.say(f"{self.player_name(p)} scores {self.score(p)}")

    # ================================================================== scoring
    def score_breakdown(self, player: int) -> dict[str, int]:
        """The seed's scoring: territories, completed colours, green cubes, yellow effects, workers."""
        if player >= len(self.boards):  # boards are still being dealt
            return {"territories": 0, "colours": 0, "green": 0, "yellow_effects": 0, "workers": 0}
        board = self.board(player)
        filled = set(self.filled[player])
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
        fewest = min(len(self.filled[p]) for p in tied)
        return [p for p in tied if len(self.filled[p]) == fewest]

    def rank(self, player: int = 0) -> tuple[str, str]:
        return rank(self.score(player))

    # ================================================================== queries
    def board(self, player: int):  # type: ignore[no-untyped-def]
        return CARDS[self.boards[player]]

    def effects(self, player: int) -> list[str]:
        """The yellow effects active for ``player`` (cards tucked under their board)."""
        return self.active[player]

    def inventory_size(self, player: int) -> int:
        return INVENTORY_SIZE + (1 if "storehouse" in self.effects(player) else 0)

    def market_squares(self) -> list[tuple[int, str] | None]:
        """The six centre squares: 1–3 on the deck's face-up top card, 4–6 on the discard pile's top."""
        left = CARDS[self.deck_top].squares if self.deck_top is not None else (None, None, None)
        right = CARDS[self.discard[-1]].squares if self.discard else (None, None, None)
        return list(left) + list(right)

    # ================================================================== observation
    def _observation(self, player: int | None) -> dict[str, Any]:
        squares = self.market_squares()
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": ROUNDS,
            "first": self.first,
            "current": self.current_player() if self.phase in ("turn", "start") else None,
            "market": {
                "deck_top": self.deck_top,
                "deck_size": self.deck_size,
                "discard": list(self.discard),
                "unseen": list(self.unseen),
                "squares": [
                    None if sq is None else {"square": i + 1, "face": sq[0], "colour": sq[1], "dice": self.market_dice[i]}
                    for i, sq in enumerate(squares)
                ],
                "stack_limit": self._stack_limit() if self.players > 1 else None,
                # The yellow effect printed on each visible market card (a yellow cube tucks the
                # rightmost one, the discard pile's top: 「拿取最右侧的市场卡牌」).
                "effects": {"deck_top": _effect_view(self.deck_top),
                            "discard_top": _effect_view(self.discard[-1] if self.discard else None)},
            },
            "pending": [list(p) for p in self.pending],
            # This turn's once-per-turn free die changes already spent.
            "used_free": {"steady": self.used_nudge, "mirror": self.used_flip},
            "seats": [self._seat_view(p) for p in range(self.players)],
        }

    def _seat_view(self, p: int) -> dict[str, Any]:
        board = self.board(p) if p < len(self.boards) else None
        return {
            "name": self.player_name(p),
            "board_card": board.id if board else None,
            "hexes": {h: {"colour": c, "number": n, "filled": h in self.filled[p]} for h, (c, n) in board.hexes.items()}
            if board else {},
            "start_hexes": list(board.start_hexes) if board else [],
            "inventory": list(self.inventory[p]),
            "inventory_size": self.inventory_size(p),
            "supply": dict(self.supply[p]),
            "workers": self.workers[p],
            "worker_max": WORKER_MAX,
            "dice": list(self.dice[p]),
            "effects": [_effect_view(c) for c in self.tucked[p]],
            "score": self.score_breakdown(p) if board else {},
            "total": self.score(p) if board else 0,
        }

    # ================================================================== invariants
    def check_invariants(self) -> None:
        for p in range(self.players):
            for colour in COLOURS:
                on_board = sum(1 for h in self.filled[p] if self.board(p).hexes[h][0] == colour) if p < len(self.boards) else 0
                held = self.inventory[p].count(colour)
                if on_board + held + self.supply[p][colour] != CUBES_PER_COLOUR:
                    raise InvariantError(f"{self.player_name(p)} has {on_board}+{held}+{self.supply[p][colour]} {colour} cubes")
            if not 0 <= self.workers[p] <= WORKER_MAX:
                raise InvariantError(f"worker track out of range: {self.workers[p]}")
            if self.active[p] != [CARDS[c].effect for c in self.tucked[p]]:
                raise InvariantError("active yellow effects differ from the tucked cards")
            if len(set(self.filled[p])) != len(self.filled[p]):
                raise InvariantError("a hex holds two cubes")
        cards = list(self.boards) + list(self.unseen) + list(self.discard) + [c for t in self.tucked for c in t]
        if self.deck_top is not None:
            cards.append(self.deck_top)
        expected = sorted(BASE_CARDS if self.classic else ALL_CARDS)
        if sorted(cards) != expected:
            raise InvariantError(f"cards lost or duplicated: {sorted(cards)}")
        below = self.deck_size - (1 if self.deck_top is not None else 0)
        if below > len(self.unseen) or self.deck_size < 0:
            raise InvariantError("the deck holds more cards than are unseen")

    # ================================================================== words
    def describe(self, action: Action, player: int | None = None) -> str:
        """A sentence for every action: what it does and what it costs, with the numbers."""
        a = action.args
        name = action.name
        if player == CHANCE or name in ("roll", "card", "board", "first"):
            return self._describe_chance(action)
        p = self.current_player() if player is None else player
        if name == "take":
            square = self.market_squares()[a[1] - 1]
            if square is None:
                return f"Put die {a[0]} on square {a[1]} (empty now)"
            face, colour = square
            left = self.supply[p][colour]
            if left:
                gain = f"take a {colour} cube ({left} left in your supply)"
                if "bulk" in self.effects(p) and face in (1, 2) and left > 1:
                    gain += " and a second one (Bulk Buyer)"
                if len(self.inventory[p]) >= self.inventory_size(p):
                    gain += f"; your inventory is full ({self.inventory_size(p)}), so you then return one"
            else:
                gain = f"no cube (your {colour} supply is empty)"
            return (f"Put die {a[0]} on square {a[1]} (shows {face}): {gain} — "
                    + self._cost_text(p, a[0], face, 0, True))
        if name == "place":
            colour, number = self.board(p).hexes[a[1]]
            tol = 1 if "surveyor" in self.effects(p) else 0
            plans = self.payments(p, a[0], number, tol, False)
            after = self.workers[p] - plans[0][0] if len(plans) == 1 else None  # workers when the effect fires
            return (f"Place a {colour} cube from your inventory on {a[1]} (number {number}) with die {a[0]}; "
                    f"{self._effect_text(p, colour, after)} — {self._cost_text(p, a[0], number, tol, False)}")
        if name == "worker":
            w = self.workers[p]
            got = min(WORKER_MAX, w + (2 if "recruiter" in self.effects(p) else 1)) - w
            gain = (f"gain {got} worker{'s' if got != 1 else ''} (workers {w} → {w + got})" if got
                    else f"gain nothing (the worker track is full at {WORKER_MAX})")
            return f"Use die {a[0]} to {gain} — costs die {a[0]}"
        if name == "start":
            number = self.board(p).hexes[a[0]][1]
            return (f"Start with your first yellow cube on {a[0]} (yellow {number}) — free, "
                    "and this yellow cube tucks no card")
        if name == "return":
            held = len(self.inventory[p])
            text = (f"Return a {a[0]} cube from your inventory to your supply "
                    f"(you hold {held}, room for {self.inventory_size(p)}) — costs that cube")
            if "recycle" in self.effects(p) and self.workers[p] < WORKER_MAX:
                text += f"; Recycler gives 1 worker (workers {self.workers[p]} → {self.workers[p] + 1})"
            return text
        if name == "chain":
            colour, number = self.board(p).hexes[a[0]]
            return (f"Red effect: place a {colour} cube from your inventory on {a[0]} (number {number}) "
                    f"without a die — free; {self._effect_text(p, colour, self.workers[p])}")
        if name == "white":
            return (f"White effect: gain a {a[0]} cube from your supply "
                    f"({self.supply[p][a[0]]} left) — free")
        if name == "pass":
            kind = self.pending[-1][0] if self.pending else ""
            what = {"chain": "the red cube's effect: place no extra cube",
                    "white": "the white cube's effect: gain no cube"}.get(kind, "the effect")
            return f"Decline {what} — free"
        if name == "pay":
            return self._describe_pay(action, p)
        return str(action)

    def _describe_chance(self, action: Action) -> str:
        a = action.args
        name = action.name
        if name == "roll":
            who = self.player_name((self.first + self.turn_index) % self.players)
            return f"{who} rolls {a[0]} and {a[1]}"
        if name == "card":
            effect_name = EFFECTS[CARDS[a[0]].effect][0]
            where = self.pending_draws[0] if self.pending_draws else "top"
            if where == "discard":
                return f"Card {a[0]} ({effect_name}) is turned onto the market discard pile"
            return f"Card {a[0]} ({effect_name}) becomes the market deck's face-up top"
        if name == "board":
            return f"Card {a[0]} becomes {self.player_name(len(self.boards))}'s board"
        if name == "first":
            return f"{self.player_name(a[0])} (seat {a[0]}) gets the start card and starts with 1 worker"
        return str(action)

    def _effect_text(self, player: int, colour: str, w: int | None) -> str:
        """What placing a cube of ``colour`` does next (「方块效果」); ``w``: the workers by then, if known."""
        effects = self.effects(player)
        if colour == "red":
            return "then you may place another cube from your inventory next to it, without a die"
        if colour == "white":
            return "then you may gain a cube of a colour shown on the market"
        if colour == "blue":
            gain = 2 if "blue_boost" in effects else 1
            if w is None:
                return f"then gain {_workers(gain)} (the track stops at {WORKER_MAX})"
            got = min(WORKER_MAX, w + gain) - w
            return f"then gain {_workers(got)} (workers {w} → {w + got})"
        if colour == "green":
            text = "1 VP at the end of the game"
            if "wage" in effects and (w is None or w < WORKER_MAX):
                text += ", and 1 worker now (Harvest Wage" + (f": workers {w} → {w + 1})" if w is not None else ")")
            return text
        when = "turn" if self.players == 1 else "round"
        if self.discard:
            card = self.discard[-1]
            return (f"at the end of the {when} the rightmost market card, card {card} "
                    f"({EFFECTS[CARDS[card].effect][0]}), goes under your board")
        return f"at the end of the {when} the rightmost market card goes under your board"

    def _cost_text(self, player: int, die: int, target: int, tol: int, take: bool) -> str:
        plans = self.payments(player, die, target, tol, take)
        if not plans:
            return f"die {die} cannot be made {target} now"
        if plans == [(0, False, False)]:
            return f"costs die {die}"
        if len(plans) == 1:
            return f"costs die {die} and {_plan_text(plans[0])} (you have {_workers(self.workers[player])})"
        options = " or ".join(_plan_text(plan) for plan in plans)
        return f"costs die {die} and, your choice next, {options} (you have {_workers(self.workers[player])})"

    def _describe_pay(self, action: Action, player: int) -> str:
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if not self.pending or self.pending[-1][0] != "pay":
            return f"Pay a die change with {_plan_text(plan)}"
        _, kind, die, where = self.pending[-1]
        if kind == "take":
            target = self.market_squares()[where - 1][0]
            what = f"square {where}"
        else:
            target = self.board(player).hexes[where][1]
            what = f"hex {where}"
        w = self.workers[player]
        used = " and ".join(n for n, flag in (("Steady Hand", plan[1]), ("Mirror", plan[2])) if flag)
        if not plan[0]:
            return (f"Turn die {die} into {target} for {what} with {used} and 0 workers — "
                    f"free, but {used} is used up for this turn (workers stay {w})")
        text = (f"Turn die {die} into {target} for {what} with {_plan_text(plan)} — "
                f"costs {_workers(plan[0])} (workers {w} → {w - plan[0]})")
        return text + (f", and {used} is used up for this turn" if used else "")

    def why_illegal(self, action: Action, player: int) -> str:
        reason = self._reason(action, player)
        return reason if reason else super().why_illegal(action, player)

    def _reason(self, action: Action, player: int) -> str | None:
        name, a = action.name, action.args
        if self.phase == "start" and name != "start":
            return "first put your yellow cube on one of your yellow hexes: " + ", ".join(self.board(player).start_hexes)
        if self.pending and name not in ("return", "chain", "white", "pass", "pay"):
            kind = self.pending[-1][0]
            return {"pay": "first choose how to pay for the die change: " + ", ".join(
                        str(a) for a in self._follow_up_actions(player)),
                    "return": "your inventory is over-full: return a cube first",
                    "chain": "first resolve the red cube's effect (chain HEX or pass)",
                    "white": "first resolve the white cube's effect (white COLOUR or pass)"}[kind]
        if name in ("take", "place", "worker") and self.phase == "turn":
            if not a or not isinstance(a[0], int) or a[0] not in self.dice[player]:
                return f"you have no die showing {a[0] if a else '?'}; your dice: {self.dice[player]}"
        if name == "take" and len(a) == 2 and isinstance(a[1], int):
            squares = self.market_squares()
            if not 1 <= a[1] <= 6 or squares[a[1] - 1] is None:
                return "the market's centre squares are numbered 1–6 (only the six centre squares count)"
            if self.market_dice[a[1] - 1] >= self._stack_limit():
                return f"square {a[1]} already holds {self.market_dice[a[1] - 1]} die/dice, the limit with {self.players} players"
            face = squares[a[1] - 1][0]
            return f"die {a[0]} cannot become {face}: that needs more workers than your {self.workers[player]}"
        if name == "place" and len(a) == 2:
            hexes = self.board(player).hexes
            if a[1] not in hexes:
                return f"there is no hex {a[1]!r} on your board (hexes are A1…E3)"
            colour, number = hexes[a[1]]
            if a[1] in self.filled[player]:
                return f"{a[1]} already holds a cube"
            if a[1] not in self._frontier(player):
                return f"{a[1]} is not next to a filled hex"
            if colour not in self.inventory[player]:
                return f"{a[1]} is {colour} and you have no {colour} cube in your inventory"
            return f"die {a[0]} does not match {a[1]}'s number {number}, and you lack the workers to change it"
        return None


def _effect_view(card: int | None) -> dict[str, Any] | None:
    """A card's yellow effect for observations: card id, effect id, name and text."""
    if card is None:
        return None
    effect = CARDS[card].effect
    name, text = EFFECTS[effect]
    return {"card": card, "id": effect, "name": name, "text": text}


def _workers(n: int) -> str:
    return f"{n} worker{'s' if n != 1 else ''}"


def _plan_text(plan: tuple[int, bool, bool]) -> str:
    """``(2, True, False)`` → "2 workers + Steady Hand"."""
    parts = [_workers(plan[0])] if plan[0] else []
    parts += ["Steady Hand"] * plan[1] + ["Mirror"] * plan[2]
    return " + ".join(parts) if parts else "nothing"

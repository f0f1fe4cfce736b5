"""The turn flow: whose move it is, which decision ("mode") is open, and the 16 phases in order.

"游戏共4回合，每回合共16个阶段" "从国王玩家开始，每人轮流……直到所有玩家都pass为止。"
Four rounds of 16 phases; most phases go round in turns from the king until everyone has passed.

The position's ``mode`` names the open decision (``token``, ``bid``, ``build``, ``special`` …, or
``dice``/``battle``/``lot``/``start`` for a random outcome, ``auto`` while the rules play on by
themselves); ``movers`` are the seats that may act. This module only dispatches: each mode's legal
actions and its handler live with the phase they belong to (``phases/``), named in the tables below.
"""

from __future__ import annotations

from meeple.core import CHANCE, Action, Rng

from .actions import ROLL_OUTCOMES, ROLLS, shared_action
from .content import PLAYERS

LEGAL_BY_MODE = {
    "token": "_token_actions", "bid": "_bid_actions", "estate": "_estate_actions", "build": "_build_actions",
    "special": "_special_actions", "move": "_second_move_actions", "jesuit": "_more_jesuit_actions",
    "recruit": "_recruit_actions", "buy": "_buy_actions", "campaign": "_campaign_actions",
    "seat": "_seat_actions", "fight": "_fight_actions",
}
"""The method listing a seat's legal actions in each mode (a mode not listed has none)."""

HANDLER_BY_MODE = {
    "estate": "_on_estate", "token": "_on_token", "bid": "_on_bid", "build": "_on_build",
    "special": "_on_special", "move": "_on_special", "jesuit": "_on_special", "seat": "_on_seat",
    "recruit": "_on_recruit", "buy": "_on_buy", "campaign": "_on_campaign", "fight": "_on_fight",
}
"""The method performing a seat's action in each mode: ``handler(p, action.name, action.args)``."""

PHASE_METHODS = (
    None, "income", "nobles", "electing_the_king", "polish_army", "events", "elections", "build_estates",
    "special_actions", "buy_armies", "campaigns", "enemies_attack", "poland_fights_back", "enemies_expand",
    "estates_phase", "victory_points", "end_of_round",
)
"""Phase k of a round starts with the method ``PHASE_METHODS[k]`` (1-16, the rulebook's numbers)."""

CHANCE_MODES = ("dice", "battle", "lot", "start")


class Flow:
    """Turn taking: the engine hooks that read ``mode``/``movers`` and the phase sequence."""

    def _to_move(self) -> list[int]:
        return list(self.movers)

    def _chance_due(self) -> bool:
        movers = self.movers
        return len(movers) == 1 and movers[0] == CHANCE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        mode = self.mode
        if mode == "start":
            return [(shared_action("start", p), 1) for p in range(PLAYERS)]
        if mode == "lot":
            return [(shared_action("lot", p), 1) for p in self.bidders]
        return list(ROLL_OUTCOMES)

    def sample_chance(self, rng: Rng) -> Action:
        mode = self.mode
        if mode == "battle" or mode == "dice":
            return ROLLS[rng.randbelow(6)]
        outcomes = self.chance_outcomes()
        return outcomes[rng.randbelow(len(outcomes))][0]

    def _legal_actions(self, p: int) -> list[Action]:
        method = LEGAL_BY_MODE.get(self.mode)
        return [] if method is None else getattr(self, method)(p)

    def _apply(self, action: Action, p: int) -> None:
        if p == CHANCE:
            self._chance(action.args)
        else:
            handler = HANDLER_BY_MODE.get(self.mode)
            if handler is not None:
                getattr(self, handler)(p, action.name, action.args)
        self._run()

    def _chance(self, args: tuple) -> None:
        mode = self.mode
        if mode == "start":
            self._start_player_drawn(args[0])
        elif mode == "lot":
            self.say("gods-playground.log.lot", None, seat=args[0])
            self._crown(args[0])
        elif mode == "dice":
            self._die_rolled(args[0])
        elif mode == "battle":
            self._battle_roll(args[0])

    def _run(self) -> None:
        """Play the automatic parts of the round until somebody (or a die) must decide."""
        while self.mode == "auto":
            getattr(self, PHASE_METHODS[self.phase])()
        if self.mode in CHANCE_MODES:
            self.movers = [CHANCE]

    def _set_turn(self, mode: str, p: int) -> None:
        self.mode = mode
        self.turn = p
        self.movers = [p]

    def _start_turns(self, mode: str, can_act) -> None:  # noqa: ANN001 - a method: seat -> bool
        """Turns of ``mode`` from the king: the first turn goes to the king (or the next who can act)."""
        self.passed = [False] * PLAYERS
        self.turn = (self.king - 1) % PLAYERS
        self._next_turn(can_act, mode)

    def _next_turn(self, can_act, mode: str) -> None:  # noqa: ANN001 - a method: seat -> bool
        """Hand the turn to the next player (in order) who has not passed and can still act; when none
        can, the phase is over."""
        for k in range(1, PLAYERS + 1):
            q = (self.turn + k) % PLAYERS
            if not self.passed[q]:
                if can_act(q):
                    self._set_turn(mode, q)
                    return
                self.passed[q] = True
        self._end_phase()

    def _end_phase(self) -> None:
        self.phase += 1
        self.mode = "auto"
        self.movers = []

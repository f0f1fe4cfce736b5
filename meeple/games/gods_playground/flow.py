"""The turn flow, declared with ``meeple.core.flow``: the steps of play and the 16 phases in order.

"游戏共4回合，每回合共16个阶段" "从国王玩家开始，每人轮流……直到所有玩家都pass为止。"
Four rounds of 16 phases; most phases go round in turns from the king until everyone has passed.

The open step is the position's ``mode``: a decision (``token``, ``bid``, ``build``, ``special`` …)
of the seats in ``movers``, a random outcome (``dice``, ``battle``, ``lot``, ``start``), ``auto``
while the rules play the current phase by themselves (``PHASE_METHODS``), ``over`` at the end.
``STEPS`` names, for each, the methods that carry it out; they live in the module of the phase they
belong to. The core (``FlowState``) answers who moves, the legal actions and chance from it. A turn's
actions go to their table's ``perform`` methods (``_act_in_turn``); the two every turn shares are here:
``pass`` (what it ends is the phase's: ``PASSES``) and ``done`` (a follow-up of a pick or a recruit).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from meeple.core import Action, Rng
from meeple.core.action_table import ActionSpec
from meeple.core.flow import GAME_OVER, Automatic, Chance, Decision, FlowState, next_in_turn
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import ROLL_OUTCOMES, ROLLS, shared_action
from meeple.games.gods_playground.content import PLAYERS
from meeple.games.gods_playground.describe import province
from meeple.games.gods_playground.fields import GodsPlaygroundFields

PHASE_METHODS = (
    None, "income", "nobles", "electing_the_king", "polish_army", "events", "elections", "build_estates",
    "special_actions", "buy_armies", "campaigns", "enemies_attack", "poland_fights_back", "enemies_expand",
    "estates_phase", "victory_points", "end_of_round",
)
"""Phase k of a round starts with the method ``PHASE_METHODS[k]`` (1-16, the rulebook's numbers)."""

PAUSED = "paused"
"""The step of a mode no rule opens (tests freeze the flow with one): nothing is legal."""

STEPS = {
    # the setup: a die picks the start player, then three estates each in turn
    "start": Chance(outcomes="_start_outcomes", act="_act_start", sample="_draw_uniform"),
    "estate": Decision(legal="_estate_actions", act="_act_estate"),
    # the rules playing the current phase by themselves
    "auto": Automatic(run="_run_phase"),
    # phases 2 and 3: simultaneous secret choices (tokens, sealed bids), a tie at 0 drawn by lot
    "token": Decision(legal="_token_actions", act="_act_token"),
    "bid": Decision(legal="_bid_actions", act="_act_bid"),
    "lot": Chance(outcomes="_lot_outcomes", act="_act_lot", sample="_draw_uniform"),
    # the king's dice (phases 5 and 11) and the diplomacy's price
    "dice": Chance(outcomes="_roll_outcomes", act="_act_roll", sample="_roll_die"),
    # phase 7; phase 8 with its follow-ups (a second cube moved, more Jesuit schools, a senate seat)
    "build": Decision(legal="_build_actions", act="_act_in_turn"),
    "special": Decision(legal="_special_actions", act="_act_in_turn"),
    "move": Decision(legal="_second_move_actions", act="_act_in_turn"),
    "jesuit": Decision(legal="_more_jesuit_actions", act="_act_in_turn"),
    "seat": Decision(legal="_seat_actions", act="_act_seat"),
    # phases 9, 10 and 12, and the battles' dice (phases 10-13)
    "recruit": Decision(legal="_recruit_actions", act="_act_in_turn"),
    "buy": Decision(legal="_buy_actions", act="_act_in_turn"),
    "campaign": Decision(legal="_campaign_actions", act="_act_in_turn"),
    "fight": Decision(legal="_fight_actions", act="_act_in_turn"),
    "battle": Chance(outcomes="_roll_outcomes", act="_act_roll", sample="_roll_die"),
    "over": GAME_OVER,
    PAUSED: Decision(legal="_no_actions", act="_act_paused"),
}
"""Each mode's step: who decides (``movers``), what they may do and the method that does it (a step that
takes one kind of action names that action's ``perform`` method; a turn, several: ``_act_in_turn``)."""

PASSES = {"build": "_pass_build", "special": "_pass_special", "recruit": "_pass_recruit",
          "campaign": "_pass_campaign", "fight": "_pass_fight"}
"""What a pass ends, by the step it is made in: the method (in the phase's section) that ends it."""

PASS_WORDS = {"build": "gods-playground.d.pass_build", "special": "gods-playground.d.pass_special",
              "recruit": "gods-playground.d.pass_recruit", "campaign": "gods-playground.d.pass_campaign"}


class Flow(FlowState, GodsPlaygroundFields):
    """The mode as the open step; the turns from the king; the phase sequence; passing and being done."""

    STEPS = STEPS
    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # a family passes its turn (the phase's section says what that ends: ``PASSES``)
        "pass": ActionSpec(perform="_act_pass", describe="_describe_pass", refuse=None),
        # a follow-up ends: no second cube moved, no more Jesuit schools, no more units bought
        "done": ActionSpec(perform="_act_done", describe="_describe_done", refuse=None),
    }

    def open_step(self) -> str:
        mode = self.mode
        return mode if mode in STEPS else PAUSED

    def acting_seats(self) -> list[int]:
        return self.movers[:]

    def _run_phase(self) -> None:
        getattr(self, PHASE_METHODS[self.phase])()

    def _no_actions(self, p: int) -> list[Action]:
        return []

    def _act_paused(self, action: Action, p: int) -> None:
        return None

    def _act_in_turn(self, action: Action, p: int) -> None:
        """An action of a turn, by its table's ``perform`` method (``meeple.core.action_table``)."""
        self._performers[action.name](self, action, p)

    # ------------------------------------------------------------------ pass, done
    def _act_pass(self, action: Action, p: int) -> None:
        getattr(self, PASSES[self.mode])(p)

    def _describe_pass(self, action: Action, p: int) -> dict[str, Any]:
        mode = self.mode
        if mode == "fight":
            what = msg("gods-playground.d.pass_free_royal" if self.step.get("free") else "gods-playground.d.pass_royal")
        else:
            what = msg(PASS_WORDS.get(mode, "gods-playground.d.pass_nothing"))
        return msg("gods-playground.d.pass", what=what)

    def _act_done(self, action: Action, p: int) -> None:
        if self.mode == "buy":
            self._end_recruit_turn(p)
        else:
            self._next_pick()

    def _describe_done(self, action: Action, p: int) -> dict[str, Any]:
        mode = self.mode
        if mode == "move":
            what = msg("gods-playground.d.done_move")
        elif mode == "jesuit":
            what = msg("gods-playground.d.done_jesuit", count=len(self.step.get("jes", [])))
        elif mode == "buy":
            what = msg("gods-playground.d.done_buy", province=province(self.step.get("prov", -1)))
        else:
            what = msg("gods-playground.d.done_finish")
        return msg("gods-playground.d.done", what=what)

    # ------------------------------------------------------------------ chance
    def _start_outcomes(self) -> list[tuple[Action, float]]:
        return [(shared_action("start", p), 1) for p in range(PLAYERS)]

    def _lot_outcomes(self) -> list[tuple[Action, float]]:
        return [(shared_action("lot", p), 1) for p in self.bidders]

    def _roll_outcomes(self) -> list[tuple[Action, float]]:
        return list(ROLL_OUTCOMES)

    def _roll_die(self, rng: Rng) -> Action:
        return ROLLS[rng.randbelow(6)]

    def _draw_uniform(self, rng: Rng) -> Action:
        outcomes = self.chance_outcomes()
        return outcomes[rng.randbelow(len(outcomes))][0]

    # ------------------------------------------------------------------ turns
    def _set_turn(self, mode: str, p: int) -> None:
        self.mode = mode
        self.turn = p
        self.movers = [p]

    def _start_turns(self, mode: str, can_act: Callable[[int], bool]) -> None:
        """Turns of ``mode`` from the king: the first turn goes to the king (or the next who can act)."""
        self.passed = [False] * PLAYERS
        self.turn = (self.king - 1) % PLAYERS
        self._next_turn(can_act, mode)

    def _next_turn(self, can_act: Callable[[int], bool], mode: str) -> None:
        """Hand the turn to the next player (in order) who has not passed and can still act (one who
        cannot has passed); when none can, the phase is over."""
        passed = self.passed
        q = self.turn
        while (q := next_in_turn(q, PLAYERS, skip=passed.__getitem__)) is not None:
            if can_act(q):
                self._set_turn(mode, q)
                return
            passed[q] = True
        self._end_phase()

    def _end_phase(self) -> None:
        """The next phase begins: nobody has passed in it yet (a pass ends one phase's turns only)."""
        if True in self.passed:
            self.passed = [False] * PLAYERS
        self.phase += 1
        self.mode = "auto"
        self.movers = []


__all__ = ["Flow", "PHASE_METHODS", "STEPS"]

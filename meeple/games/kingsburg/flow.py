"""The turn flow: the year as a queue of small tasks (遊戲流程), declared with ``meeple.core.flow``.

「遊戲以回合進行。在完成5回合的遊戲後，得分最高的玩家勝出遊戲。每個遊戲回合皆由以下8個步驟組成。」
The game is played in rounds (years): five years of the eight steps below.

Each step of the year puts its tasks (short lists whose first item names the kind: ``["roll", seat,
"all", 0]``, ``["place"]``, ``["build", seat]``…) on ``self.tasks``; the task at the front names the
open step of ``meeple.core.flow`` (``STEPS``, ``open_step``). A task is first *resolved*: a task that
never waits does its work and leaves the queue (an ``Automatic`` step named by its kind); a task that
may wait for a seat's decision is a ``Decision`` whose ``settle`` is its resolver, called each time the
flow arrives at the task: it either does the task's work without asking anyone (the flow runs on) or
leaves the task at the front with ``mover`` naming who decides (keeping the legal list it
computed on the way, as placing, building, rerolling and recruiting do). A die roll or an enemy card has
a "resolve" step of its own, which either does the work or sets ``mover`` to CHANCE, and then
the open step is the kind's ``Chance``. A decision's or a chance's ``act`` is the task's answer; an
answer sets ``mover`` back to UNRESOLVED first, so whatever is at the front afterwards (the same
task, changed, or the next one) is resolved again (a roll followed by the next seat's roll says
CHANCE at once: the same work, one step of the flow less). Tasks that come before
the rest of the queue (an advisor's reward, a reroll's roll, a winter's losses) are put at the front
with ``interrupt``. When the queue is empty the year's next step queues its tasks, until the fifth
winter is over. The task list is part of the observation (``task``), so the kinds and their items are
fixed.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import GAME_OVER, Automatic, Chance, Decision, FlowState
from meeple.core.i18n import Message
from meeple.core.rng import Rng
from meeple.games.kingsburg.actions import (
    ENEMY_ACTIONS, REINFORCE_ACTIONS, ROLL_OUTCOMES, _ORDERED_ROLLS, ordered_rolls,
)
from meeple.games.kingsburg.content import SEASONS, YEARS

GAME_OVER_SEAT = -2  # ``mover`` once the game is over
UNRESOLVED = None  # ``mover`` while the front task is still to be resolved (never between moves)
YEAR_STEPS = ("aid", "spring", "reward", "summer", "envoy", "autumn", "recruit", "winter")


class TaskFlow(FlowState):
    """The task queue as the steps of ``meeple.core.flow`` (mixed into ``KingsburgState``)."""

    # The open step: the front task's kind (a decision resolves its task on arrival, with its
    # ``settle``); for a die roll or an enemy card, its "resolve …" step until it is resolved.
    STEPS = {
        "next step": Automatic(run="_start_next_step"),
        # 1. the King's aid, and resources of one's choice
        "aid": Automatic(run="_resolve_kings_aid"),
        "take": Decision(legal="_legal_take", act="_act_take", settle="_resolve_take"),
        # 2./4./6. the production seasons: rolls, rerolls, turn order, placing, rewards, building
        "white": Decision(legal="_legal_white_dice", act="_act_white", settle="_resolve_white_dice"),
        "resolve roll": Automatic(run="_resolve_roll"),
        "roll": Chance(outcomes="_roll_outcomes", act="_act_roll", sample="_sample_roll", owner="_rolling_seat"),
        "reroll": Decision(legal="_legal_reroll", act="_act_answer", settle="_resolve_reroll"),
        "order": Automatic(run="_resolve_turn_order"),
        "place": Decision(legal="_legal_placement", act="_act_answer", settle="_resolve_placement"),
        "collect": Automatic(run="_resolve_collect_rewards"),
        "adv": Automatic(run="_resolve_advisor_rewards"),
        "alch": Decision(legal="_legal_alchemist", act="_act_answer", settle="_resolve_alchemist"),
        "smuggle": Decision(legal="_legal_smuggler", act="_act_answer", settle="_resolve_smuggler"),
        "resolve peek": Automatic(run="_resolve_enemy_look"),
        "peek": Chance(outcomes="_enemy_card_outcomes", act="_act_enemy", sample="_sample_enemy_card"),
        "builds": Automatic(run="_resolve_building_round"),
        "build": Decision(legal="_legal_build", act="_act_answer", settle="_resolve_build"),
        "endseason": Automatic(run="_resolve_end_of_season"),
        "townhall": Decision(legal="_legal_town_hall", act="_act_answer", settle="_resolve_town_hall"),
        # 3. the King's reward, 5. the King's envoy, 7. recruiting
        "kingreward": Automatic(run="_resolve_kings_reward"),
        "envoystep": Automatic(run="_resolve_kings_envoy"),
        "recruit": Decision(legal="_legal_recruit", act="_act_answer", settle="_resolve_recruit"),
        # 8. the winter battle
        "resolve draw": Automatic(run="_resolve_enemy_draw"),
        "draw": Chance(outcomes="_enemy_card_outcomes", act="_act_enemy", sample="_sample_enemy_card"),
        "reveal": Automatic(run="_resolve_enemy_reveal"),
        "resolve king": Automatic(run="_resolve_reinforcement_die"),
        "king": Chance(outcomes="_king_die_outcomes", act="_act_reinforce", sample="_sample_king_die"),
        "battle": Automatic(run="_resolve_battle"),
        "lose": Decision(legal="_legal_lose", act="_act_lose", settle="_resolve_lose"),
        "endyear": Automatic(run="_resolve_end_of_year"),
        "over": GAME_OVER,
    }

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # the answers several tasks share: each ends the front task's decision as that task says
        "pass": ActionSpec(perform="_act_pass", describe="_describe_pass", refuse="_refuse_pass"),
        "skip": ActionSpec(perform="_act_skip", describe="_describe_skip", refuse=None),
    }

    def open_step(self) -> str:
        tasks = self.tasks
        if tasks:
            kind = tasks[0][0]
            return _TO_RESOLVE[kind] if self.mover is UNRESOLVED else kind
        return "next step" if self.year <= YEARS else "over"

    def acting_seats(self) -> list[int]:
        return [self.mover]

    def _start_next_step(self) -> None:
        """Queue the tasks of the year's next step (the next year's first after winter), or end the game."""
        self.mover = UNRESOLVED
        self.step_index += 1
        if self.step_index >= len(YEAR_STEPS):
            self.step_index = 0
            self.year += 1
            if self.year > YEARS:
                self.mover = GAME_OVER_SEAT
                return
        step = YEAR_STEPS[self.step_index]
        if step == "aid":
            self.say("kingsburg.year", None, year=self.year)
            self.tasks.append(["aid"])
        elif step in ("spring", "summer", "autumn"):
            self._start_season(SEASONS.index(step))
        elif step == "reward":
            self.tasks.append(["kingreward"])
        elif step == "envoy":
            self.tasks.append(["envoystep"])
        elif step == "recruit":
            self.tasks.extend(["recruit", p] for p in self.turn_order)
        else:
            self.tasks.extend((["draw", -1], ["reveal"], ["king"], ["battle"], ["endyear"]))

    # ------------------------------------------------------------------ the decisions' answers
    def _act_answer(self, action: Action, player: int) -> None:
        """A decision that takes several kinds of action: the action's ``perform`` method (the table's)."""
        self._performers[action.name](self, action, player)

    def _act_pass(self, action: Action, p: int) -> None:
        """``pass``: stop placing and keep the envoy (``placement.py``), or build nothing (``buildings.py``)."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        if self.tasks[0][0] == "place":
            self._pass_placing(p)
        else:
            self._pass_building(p)

    def _describe_pass(self, action: Action, p: int | None) -> Message | None:
        kind = self.tasks[0][0] if self.tasks else ""
        if p is None:
            return None
        if kind == "place":
            return self._describe_pass_placing(p)
        if kind == "build":
            return self._describe_pass_building(p)
        return None

    def _refuse_pass(self, action: Action, p: int) -> Message | None:
        """``pass`` while placing: only with the envoy and no free advisor; otherwise it ends a building turn."""
        if self._deciding_task(p) == "place":
            reason = self._refuse_pass_placing()
            if reason is not None:
                return reason
        return self._refuse_out_of_task(action, p, "build")

    def _act_skip(self, action: Action, p: int) -> None:
        """``skip``: the Alchemist's trade, the Smuggler's deal (``advisors.py``) or the Town Hall's VP
        (``buildings.py``: nothing to say), declined."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        kind = self.tasks.pop(0)[0]
        if kind == "alch":
            self._skip_alchemist(p)
        elif kind == "smuggle":
            self._skip_smuggler(p)

    def _describe_skip(self, action: Action, p: int | None) -> Message | None:
        kind = self.tasks[0][0] if self.tasks else ""
        if p is None:
            return None
        if kind == "alch":
            return self._describe_skip_alchemist(p)
        if kind == "smuggle":
            return self._describe_skip_smuggler(p)
        if kind == "townhall":
            return self._describe_skip_town_hall(p)
        return None

    # ------------------------------------------------------------------ chance: the dice and the enemy card
    def _roll_outcomes(self) -> list[tuple[Action, float]]:
        return list(ROLL_OUTCOMES[self._dice_to_roll(self.tasks[0])])

    def _sample_roll(self, rng: Rng) -> Action:
        count = self._dice_to_roll(self.tasks[0])
        rolls = _ORDERED_ROLLS.get(count) or ordered_rolls(count)
        return rolls[rng.randbelow(len(rolls))]  # one draw among the 6**n ordered rolls

    def _rolling_seat(self) -> int:
        """A roll is the rolling seat's own dice; the King's die and the enemy card are anyone's. The dice
        and the enemy deck are public, so the offered outcomes stay the default (the legal ones)."""
        return self.tasks[0][1]

    def _king_die_outcomes(self) -> list[tuple[Action, float]]:
        return [(REINFORCE_ACTIONS[d], 1.0) for d in range(1, 7)]

    def _sample_king_die(self, rng: Rng) -> Action:
        return REINFORCE_ACTIONS[rng.randbelow(6) + 1]

    def _enemy_card_outcomes(self) -> list[tuple[Action, float]]:
        return [(card, 1.0) for card in ENEMY_ACTIONS[self.year - 1]]

    def _sample_enemy_card(self, rng: Rng) -> Action:
        return ENEMY_ACTIONS[self.year - 1][rng.randbelow(5)]


# The step that resolves a task of each kind: its "resolve …" step (a roll, an enemy card), or the kind's
# own step (an automatic one, or a decision that settles itself).
_TO_RESOLVE = {name: f"resolve {name}" if f"resolve {name}" in TaskFlow.STEPS else name
               for name in TaskFlow.STEPS if not name.startswith("resolve ")}

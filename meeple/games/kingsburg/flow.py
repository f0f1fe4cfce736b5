"""The turn flow: the year as a queue of small tasks (遊戲流程), declared with ``meeple.core.flow``.

「遊戲以回合進行。在完成5回合的遊戲後，得分最高的玩家勝出遊戲。每個遊戲回合皆由以下8個步驟組成。」
The game is played in rounds (years): five years of the eight steps below.

Each step of the year puts its tasks on ``self.tasks``: named records (``Task``: a small dict whose
``"kind"`` names the task, with the items ``TASK_ITEMS`` lists for that kind: ``{"kind": "roll", "seat": 2,
"mode": "all", "white": 0}``, ``{"kind": "place"}``, ``{"kind": "build", "seat": 0}``…); the task at the front
names the open step of ``meeple.core.flow`` (``STEPS``, ``open_step``). A task is first *resolved*: a task that
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
winter is over. The front task is part of the observation (``task``: its kind and items as a list, in
``TASK_ITEMS`` order, as before the records had names), so the kinds and their items are fixed.

A task record is never changed in place: a task that changes (a resource taken or lost, the white dice
chosen) is replaced at its place by a new record. So the records of the tables below (``SEASON_TASKS``,
``BUILD_TASKS``, ``ADVISOR_TASKS``…) are shared by every game (queuing one costs a look-up, not a dict), and
a copy of a position copies each record (``DICT_ROWS``) only so that it shares nothing with its original.
"""

from __future__ import annotations

from typing import Any, ClassVar, Required, TypedDict

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import BY_ACTION, GAME_OVER, Automatic, Chance, Decision, FlowState
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.core.rng import Rng
from meeple.games.kingsburg.actions import (
    ENEMY_ACTIONS, REINFORCE_ACTIONS, ROLL_OUTCOMES, _ORDERED_ROLLS, ordered_rolls,
)
from meeple.games.kingsburg.content import SEASONS, YEARS

GAME_OVER_SEAT = -2  # ``mover`` once the game is over
UNRESOLVED = None  # ``mover`` while the front task is still to be resolved (never between moves)
YEAR_STEPS = ("aid", "spring", "reward", "summer", "envoy", "autumn", "recruit", "winter")
_SEATS = range(5)  # every seat a game may have (2-5 players)


class Task(TypedDict, total=False):
    """One task of the queue: its ``kind`` and the items ``TASK_ITEMS`` lists for that kind."""

    kind: Required[str]
    seat: int      # whose task it is (a "draw": -1, anybody's)
    count: int     # "take" / "lose": the resources still to take or to lose
    mask: int      # "take": the kinds allowed, bit 0 gold, bit 1 wood, bit 2 stone
    allowed: int   # "white": the white dice the seat may roll (1 or 2)
    mode: str      # "roll": "all" (the season's roll), "one" (the Statue) or "chapel" (the Chapel)
    white: int     # "roll" "all" only: the white dice rolled with the seat's three
    advisor: int   # "adv": the advisor (1-18) whose reward the seat takes


TASK_ITEMS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("aid", "kingreward", "envoystep", "order", "place", "collect", "builds", "endseason",
                     "reveal", "king", "battle", "endyear"), ()),
    **dict.fromkeys(("reroll", "alch", "smuggle", "peek", "build", "townhall", "recruit", "draw"), ("seat",)),
    "take": ("seat", "count", "mask"),
    "lose": ("seat", "count"),
    "white": ("seat", "allowed"),
    "roll": ("seat", "mode", "white"),  # "white" with "all" only
    "adv": ("seat", "advisor"),
}
"""Each kind of task and its items after ``"kind"``, in the order the observation lists them."""


def _per_seat(kind: str) -> tuple[Task, ...]:
    return tuple({"kind": kind, "seat": p} for p in _SEATS)


# The shared records (never changed: see the module docstring), by seat and item.
AID_TASK: Task = {"kind": "aid"}
KING_REWARD_TASK: Task = {"kind": "kingreward"}
ENVOY_TASK: Task = {"kind": "envoystep"}
SEASON_TASKS: tuple[Task, ...] = ({"kind": "order"}, {"kind": "place"}, {"kind": "collect"}, {"kind": "builds"},
                                  {"kind": "endseason"})
WINTER_TASKS: tuple[Task, ...] = ({"kind": "draw", "seat": -1}, {"kind": "reveal"}, {"kind": "king"},
                                  {"kind": "battle"}, {"kind": "endyear"})
REROLL_TASKS, ALCHEMIST_TASKS, SMUGGLER_TASKS, PEEK_TASKS, BUILD_TASKS, TOWN_HALL_TASKS, RECRUIT_TASKS = (
    _per_seat(kind) for kind in ("reroll", "alch", "smuggle", "peek", "build", "townhall", "recruit"))
WHITE_TASKS: tuple[tuple[Task, ...], ...] = tuple(
    tuple({"kind": "white", "seat": p, "allowed": k} for k in range(3)) for p in _SEATS)  # [seat][allowed]
ROLL_ALL_TASKS: tuple[tuple[Task, ...], ...] = tuple(
    tuple({"kind": "roll", "seat": p, "mode": "all", "white": w} for w in range(3)) for p in _SEATS)  # [seat][white]
ROLL_ONE_TASKS: tuple[Task, ...] = tuple({"kind": "roll", "seat": p, "mode": "one"} for p in _SEATS)
ROLL_CHAPEL_TASKS: tuple[Task, ...] = tuple({"kind": "roll", "seat": p, "mode": "chapel"} for p in _SEATS)
ADVISOR_TASKS: tuple[tuple[Task, ...], ...] = tuple(
    tuple({"kind": "adv", "seat": p, "advisor": n} for n in range(19)) for p in _SEATS)  # [seat][advisor]


def take_task(seat: int, count: int, mask: int) -> Task:
    """``seat`` takes ``count`` resources of its choice, of the kinds in ``mask`` (bit 0 gold, 1 wood, 2 stone)."""
    return {"kind": "take", "seat": seat, "count": count, "mask": mask}


def lose_task(seat: int, count: int) -> Task:
    """``seat`` loses ``count`` resources of its choice (a lost battle)."""
    return {"kind": "lose", "seat": seat, "count": count}


def task_items(task: Task) -> list[Any]:
    """The task as the observation shows it: its kind, then its items in ``TASK_ITEMS`` order."""
    kind = task["kind"]
    return [kind, *(task[name] for name in TASK_ITEMS[kind] if name in task)]


def task_from_items(items: list[Any]) -> Task:
    """The record of a task written as a list (``task_items``: how saves wrote it before the records)."""
    kind = items[0]
    return {"kind": kind, **dict(zip(TASK_ITEMS[kind], items[1:]))}


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
        "reroll": Decision(legal="_legal_reroll", act=BY_ACTION, settle="_resolve_reroll"),
        "order": Automatic(run="_resolve_turn_order"),
        "place": Decision(legal="_legal_placement", act=BY_ACTION, settle="_resolve_placement"),
        "collect": Automatic(run="_resolve_collect_rewards"),
        "adv": Automatic(run="_resolve_advisor_rewards"),
        "alch": Decision(legal="_legal_alchemist", act=BY_ACTION, settle="_resolve_alchemist"),
        "smuggle": Decision(legal="_legal_smuggler", act=BY_ACTION, settle="_resolve_smuggler"),
        "resolve peek": Automatic(run="_resolve_enemy_look"),
        "peek": Chance(outcomes="_enemy_card_outcomes", act="_act_enemy", sample="_sample_enemy_card"),
        "builds": Automatic(run="_resolve_building_round"),
        "build": Decision(legal="_legal_build", act=BY_ACTION, settle="_resolve_build"),
        "endseason": Automatic(run="_resolve_end_of_season"),
        "townhall": Decision(legal="_legal_town_hall", act=BY_ACTION, settle="_resolve_town_hall"),
        # 3. the King's reward, 5. the King's envoy, 7. recruiting
        "kingreward": Automatic(run="_resolve_kings_reward"),
        "envoystep": Automatic(run="_resolve_kings_envoy"),
        "recruit": Decision(legal="_legal_recruit", act=BY_ACTION, settle="_resolve_recruit"),
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
            kind = tasks[0]["kind"]
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
            if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                self.say("kingsburg.year", None, year=self.year)
            self.tasks.append(AID_TASK)
        elif step in ("spring", "summer", "autumn"):
            self._start_season(SEASONS.index(step))
        elif step == "reward":
            self.tasks.append(KING_REWARD_TASK)
        elif step == "envoy":
            self.tasks.append(ENVOY_TASK)
        elif step == "recruit":
            self.tasks.extend([RECRUIT_TASKS[p] for p in self.turn_order])
        else:
            self.tasks.extend(WINTER_TASKS)

    # ------------------------------------------------------------------ the decisions' answers
    # A decision that takes several kinds of action (placing, building, …) is answered by each action's
    # own ``perform`` method of the table (``act=BY_ACTION``); those shared by several tasks are here.
    def _act_pass(self, action: Action, p: int) -> None:
        """``pass``: stop placing and keep the envoy (``placement.py``), or build nothing (``buildings.py``)."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        if self.tasks[0]["kind"] == "place":
            self._pass_placing(p)
        else:
            self._pass_building(p)

    def _describe_pass(self, action: Action, p: int | None) -> Message | None:
        kind = self.tasks[0]["kind"] if self.tasks else ""
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
        kind = self.tasks.pop(0)["kind"]
        if kind == "alch":
            self._skip_alchemist(p)
        elif kind == "smuggle":
            self._skip_smuggler(p)

    def _describe_skip(self, action: Action, p: int | None) -> Message | None:
        kind = self.tasks[0]["kind"] if self.tasks else ""
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
        task = self.tasks[0]  # the season's roll (most rolls) without the call of ``_dice_to_roll``
        count = 3 + task["white"] if task["mode"] == "all" else self._dice_to_roll(task)
        rolls = _ORDERED_ROLLS.get(count) or ordered_rolls(count)
        return rolls[rng.randbelow(len(rolls))]  # one draw among the 6**n ordered rolls

    def _rolling_seat(self) -> int:
        """A roll is the rolling seat's own dice; the King's die and the enemy card are anyone's. The dice
        and the enemy deck are public, so the offered outcomes stay the default (the legal ones)."""
        return self.tasks[0]["seat"]

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

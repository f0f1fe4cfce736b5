"""The turn flow: the year as a queue of small tasks (遊戲流程).

「遊戲以回合進行。在完成5回合的遊戲後，得分最高的玩家勝出遊戲。每個遊戲回合皆由以下8個步驟組成。」
The game is played in rounds (years): five years of the eight steps below.

Each step puts its tasks (short lists whose first item names the kind: ``["roll", seat, "all", 0]``,
``["place"]``, ``["build", seat]``…) on ``self.tasks``. The task at the front is resolved by its
resolver: an automatic task does its work and leaves the queue; a task that needs a decision stays
at the front and names the seat to move (or CHANCE for a die roll or an enemy card), and ``_apply``
hands the action to the task's answer method. ``TASKS`` says which methods those are. The task list is
part of the observation (``task``), so the kinds and their items are fixed.
"""

from __future__ import annotations

from typing import Any, Callable

from meeple.core import CHANCE, Action
from meeple.games.kingsburg.actions import (
    ENEMY_ACTIONS, REINFORCE_ACTIONS, ROLL_OUTCOMES, _ORDERED_ROLLS, ordered_rolls,
)
from meeple.games.kingsburg.content import SEASONS, YEARS

GAME_OVER = -2  # ``seat_to_move`` once the game is over
STEPS = ("aid", "spring", "reward", "summer", "envoy", "autumn", "recruit", "winter")

# kind: (the method that resolves the task, the method that takes the decision it waits for, or None
# for a task that never waits, the method that lists the legal decisions, or None for chance or none)
TASKS: dict[str, tuple[str, str | None, str | None]] = {
    "aid": ("_resolve_kings_aid", None, None),
    "take": ("_resolve_take", "_answer_take", "_legal_take"),
    "white": ("_resolve_white_dice", "_answer_white_dice", "_legal_white_dice"),
    "roll": ("_resolve_roll", "_answer_roll", None),
    "reroll": ("_resolve_reroll", "_answer_reroll", "_legal_reroll"),
    "order": ("_resolve_turn_order", None, None),
    "place": ("_resolve_placement", "_answer_placement", "_legal_placement"),
    "collect": ("_resolve_collect_rewards", None, None),
    "adv": ("_resolve_advisor_reward", None, None),
    "alch": ("_resolve_alchemist", "_answer_alchemist", "_legal_alchemist"),
    "smuggle": ("_resolve_smuggler", "_answer_smuggler", "_legal_smuggler"),
    "peek": ("_resolve_enemy_look", "_answer_enemy_card", None),
    "draw": ("_resolve_enemy_draw", "_answer_enemy_card", None),
    "builds": ("_resolve_building_round", None, None),
    "build": ("_resolve_build", "_answer_build", "_legal_build"),
    "endseason": ("_resolve_end_of_season", None, None),
    "townhall": ("_resolve_town_hall", "_answer_town_hall", "_legal_town_hall"),
    "kingreward": ("_resolve_kings_reward", None, None),
    "envoystep": ("_resolve_kings_envoy", None, None),
    "recruit": ("_resolve_recruit", "_answer_recruit", "_legal_recruit"),
    "reveal": ("_resolve_enemy_reveal", None, None),
    "king": ("_resolve_reinforcement_die", "_answer_reinforcement_die", None),
    "battle": ("_resolve_battle", None, None),
    "lose": ("_resolve_lose", "_answer_lose", "_legal_lose"),
    "endyear": ("_resolve_end_of_year", None, None),
}

# The same methods as functions, by kind (filled once by ``bind_tasks``; a call through these is faster
# than a method lookup by name).
_RESOLVE: dict[str, Callable[..., int | None]] = {}
_ANSWER: dict[str, Callable[..., None]] = {}
_LEGAL: dict[str, Callable[..., list[Action]]] = {}


def bind_tasks(state_class: type) -> None:
    """Look up the methods ``TASKS`` names on the assembled state class."""
    for kind, (resolve, answer, legal) in TASKS.items():
        _RESOLVE[kind] = getattr(state_class, resolve)
        if answer is not None:
            _ANSWER[kind] = getattr(state_class, answer)
        if legal is not None:
            _LEGAL[kind] = getattr(state_class, legal)


class TaskFlow:
    """The task queue and the engine hooks that read it (mixed into ``KingsburgState``)."""

    # ------------------------------------------------------------------ engine hooks
    def _chance_due(self) -> bool:
        return self.seat_to_move == CHANCE

    def _to_move(self) -> list[int]:
        seat = self.seat_to_move
        return [] if seat == GAME_OVER else [seat]

    def is_over(self) -> bool:
        return self.seat_to_move == GAME_OVER

    def _legal_actions(self, player: int) -> list[Action]:
        task = self.tasks[0]
        legal = _LEGAL.get(task[0])
        if legal is None:
            raise AssertionError(f"no decision in task {task}")
        return legal(self, task, player)

    def _apply(self, action: Action, player: int) -> None:
        self._placements_now = None
        task = self.tasks[0]
        _ANSWER[task[0]](self, action, task, player)
        self._run()

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        task = self.tasks[0]
        kind = task[0]
        if kind == "roll":
            return list(ROLL_OUTCOMES[self._dice_to_roll(task)])
        if kind == "king":
            return [(REINFORCE_ACTIONS[d], 1.0) for d in range(1, 7)]
        return [(card, 1.0) for card in ENEMY_ACTIONS[self.year - 1]]

    def chance_owner(self) -> int | None:
        """A "roll" task is the rolling seat's own dice (the seat at index 1 of the task); the King's
        die and the enemy card are anyone's. The dice and the enemy deck are public, so the offered
        outcomes stay the default (the legal ones)."""
        task = self.tasks[0] if self.tasks else None
        if task is not None and task[0] == "roll":
            return task[1]
        return None

    def sample_chance(self, rng: Any) -> Action:
        task = self.tasks[0]
        kind = task[0]
        if kind == "roll":
            count = self._dice_to_roll(task)
            rolls = _ORDERED_ROLLS.get(count) or ordered_rolls(count)
            return rolls[rng.randbelow(len(rolls))]  # one draw among the 6**n ordered rolls
        if kind == "king":
            return REINFORCE_ACTIONS[rng.randbelow(6) + 1]
        return ENEMY_ACTIONS[self.year - 1][rng.randbelow(5)]

    # ------------------------------------------------------------------ the task loop
    def _run(self) -> None:
        """Resolve tasks until one waits for a decision (its seat moves next) or the game ends."""
        tasks = self.tasks
        while True:
            if not tasks:
                if not self._start_next_step():
                    self.seat_to_move = GAME_OVER
                    return
                continue
            task = tasks[0]
            seat = _RESOLVE[task[0]](self, task)
            if seat is not None:
                self.seat_to_move = seat
                return

    def _start_next_step(self) -> bool:
        """Queue the tasks of the year's next step (the next year's first after winter); False at the end."""
        if self.year > YEARS:
            return False
        self.step_index += 1
        if self.step_index >= len(STEPS):
            self.step_index = 0
            self.year += 1
            if self.year > YEARS:
                return False
        step = STEPS[self.step_index]
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
        return True

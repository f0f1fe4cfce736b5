"""Helpers for the Kingsburg tests: manual-chance games, fixed dice, jumping to a step."""

from __future__ import annotations

import meeple
from meeple.core import CHANCE, Action
from meeple.core.flow import interrupt
from meeple.games.kingsburg import content as C
from meeple.games.kingsburg.flow import UNRESOLVED, task_from_items
from meeple.games.kingsburg.rules import STEPS, KingsburgState

B = C.BUILDING_INDEX


def new(players: int = 3, seed: int = 0) -> KingsburgState:
    return meeple.load("kingsburg", players=players).new_game(seed=seed, chance="manual")


def act(state: KingsburgState, text: str, player: int | None = None) -> None:
    if player is None:
        player = state.to_move()[0]
    state.apply(state.parse_action(text, player), player)


def take_aid(state: KingsburgState, what: str = "gold") -> None:
    """Year 1: every tied player takes a resource of choice."""
    while state.tasks and state.tasks[0]["kind"] == "take" and state.to_move() != [CHANCE]:
        act(state, f"take {what}")


def roll(state: KingsburgState, *rolls: str) -> None:
    """Chance: each player's roll in seat order, e.g. roll(s, "6 6 4", "6 6 6", "5 5 5")."""
    for faces in rolls:
        assert state.to_move() == [CHANCE], state.describe_task()
        act(state, "roll " + faces, CHANCE)


def give(state: KingsburgState, p: int, *buildings: str) -> None:
    for key in buildings:
        state.buildings_owned[p] |= 1 << B[key]


def jump(state: KingsburgState, step: str) -> None:
    """Abandon the present step and start ``step`` of the current year (tests only)."""
    state.tasks = []
    state.step_index = STEPS.index(step) - 1
    state._legal_cache = {}
    state.run_flow()


def legal(state: KingsburgState, player: int | None = None) -> list[str]:
    if player is None:
        player = state.to_move()[0]
    return [str(a) for a in state.legal_actions(player)]


def place_all(state: KingsburgState) -> None:
    """Everybody places dice until no placement remains, always the first legal action."""
    while state.tasks and state.tasks[0]["kind"] == "place":
        p = state.to_move()[0]
        state.apply(state.legal_actions(p)[0], p)


def finish_choices(state: KingsburgState) -> None:
    """Answer every decision with its first legal action until chance is to move or the game ends."""
    while state.to_move() and state.to_move() != [CHANCE]:
        p = state.to_move()[0]
        state.apply(state.legal_actions(p)[0], p)


__all__ = ["Action", "CHANCE", "C", "B", "new", "act", "take_aid", "roll", "give", "jump", "legal",
           "place_all", "finish_choices"]


def tasks(state: KingsburgState, *items: list) -> None:
    """Put tasks, each written as the observation shows one (``["adv", 0, 5]``: its kind and items), at the
    front of the queue and run to the next decision (tests only)."""
    interrupt(state.tasks, [task_from_items(list(t)) for t in items])
    state.mover = UNRESOLVED  # the new front task is resolved first
    state._legal_cache = {}
    state.run_flow()


def spring(players: int = 3, *rolls: str) -> KingsburgState:
    """A manual game in year 1 after the King's aid (everyone took gold), with the spring rolls given."""
    s = new(players)
    take_aid(s)
    roll(s, *rolls)
    return s

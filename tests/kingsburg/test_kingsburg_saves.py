"""The task queue's entries are named records (``flow.Task``: ``{"kind": "take", "seat": 0, "count": 2, "mask":
7}``); saves from before, which wrote each task as a list of its kind and items (``["take", 0, 2, 7]``), still
load: ``KingsburgState.upgrade_saved_fields`` reads them as records, under the field's name of before too
(``queue``: ``FIELD_RENAMES``). The records the rules share between games (``flow.SEASON_TASKS``…) are never
changed in place."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, Rng
from meeple.games.kingsburg import flow
from meeple.games.kingsburg.flow import TASK_ITEMS, task_from_items, task_items
from meeple.games.kingsburg.rules import KingsburgState


def _old_forms(fields: dict[str, Any], old_names: bool) -> dict[str, Any]:
    """``fields`` (today's save) as a save of before wrote them: each task a list of its kind and items."""
    old = copy.deepcopy(fields)
    old["tasks"] = [task_items(task) for task in old["tasks"]]
    if old_names:
        back = {new: name for name, new in KingsburgState.FIELD_RENAMES.items()}
        old = {back.get(name, name): value for name, value in old.items()}
    return old


def _front(state: KingsburgState) -> str:
    """The front task's kind, with a roll's mode or a take's and a loss's count left (what the saves cover)."""
    if not state.tasks:
        return ""
    task = state.tasks[0]
    kind = task["kind"]
    if kind == "roll":
        return f"roll {task['mode']} {task.get('white', '')}".strip()
    if kind in ("take", "lose") and task["count"] > 1:
        return kind + " more"
    return kind


def _positions_with_tasks(players: int) -> list[KingsburgState]:
    """Positions of random games (chance entered by hand, so that rolls stay pending) with each kind of
    task at the front: rolls of all three modes, a roll with the white dice, takes and losses of more
    than one, the advisors' rewards queued."""
    wanted = {"roll all 0": 2, "roll all 1": 1, "roll one": 1, "roll chapel": 1, "take more": 2, "lose more": 1,
              "white": 1, "build": 1, "recruit": 1, "alch": 1, "smuggle": 1, "townhall": 1, "place": 1}
    found: list[KingsburgState] = []
    for seed in range(60):
        state = meeple.load("kingsburg", players=players).new_game(seed=seed, chance="manual")
        rng = Rng(seed)
        while state.to_move() and any(wanted.values()):
            front = _front(state)
            if wanted.get(front):
                wanted[front] -= 1
                found.append(state.clone())
            seat = state.to_move()[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randbelow(len(legal))], seat)
        if not any(wanted.values()):
            return found
    raise AssertionError(f"no position with {[k for k, n in wanted.items() if n]}")


@pytest.mark.parametrize("old_names", [False, True], ids=["today's names", "former names"])
def test_a_save_of_before_loads_to_the_same_position(old_names: bool) -> None:
    for state in _positions_with_tasks(4):
        saved = state.to_json()
        old = dict(saved, state=_old_forms(saved["state"], old_names))
        assert old["state"] != saved["state"]
        assert meeple.from_json(old).to_json() == saved  # replayed from its history, compared with the fields
        copy_saved = state.determinize(1, 7).to_json()
        old_copy = dict(copy_saved, state=_old_forms(copy_saved["state"], old_names))
        loaded = meeple.from_json(old_copy)  # a determinized copy: loaded as saved
        assert loaded.to_json() == copy_saved
        assert loaded.legal_actions(loaded.to_move()[0]) == state.legal_actions(state.to_move()[0])


def test_the_upgrade_reads_each_kind_and_leaves_todays_and_malformed_fields_alone() -> None:
    today = {"tasks": [{"kind": "take", "seat": 1, "count": 2, "mask": 7}, {"kind": "place"}]}
    assert KingsburgState.upgrade_saved_fields(today) is today
    old = {"tasks": [["take", 1, 2, 7], ["roll", 0, "all", 1], ["roll", 2, "one"], ["draw", -1], ["place"],
                     ["adv", 3, 17], ["lose", 0, 2], ["white", 1, 2]]}
    assert KingsburgState.upgrade_saved_fields(old)["tasks"] == [
        {"kind": "take", "seat": 1, "count": 2, "mask": 7}, {"kind": "roll", "seat": 0, "mode": "all", "white": 1},
        {"kind": "roll", "seat": 2, "mode": "one"}, {"kind": "draw", "seat": -1}, {"kind": "place"},
        {"kind": "adv", "seat": 3, "advisor": 17}, {"kind": "lose", "seat": 0, "count": 2},
        {"kind": "white", "seat": 1, "allowed": 2}]
    for malformed in ([["no such kind", 1]], [[3, 1]], [["place", 1, 2]], "tasks", [[]]):
        fields = {"tasks": malformed}
        assert KingsburgState.upgrade_saved_fields(fields) is fields


def test_a_task_reads_back_from_its_items() -> None:
    for kind, items in TASK_ITEMS.items():
        task = {"kind": kind, **{name: i for i, name in enumerate(items)}}
        assert task_from_items(task_items(task)) == task


def _shared_records() -> list[Any]:
    return copy.deepcopy([value for name, value in sorted(vars(flow).items())
                          if name.isupper() and name.endswith(("_TASK", "_TASKS"))])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_task_is_a_record_of_its_kind_and_the_shared_ones_stay_as_they_are(players: int) -> None:
    before = _shared_records()
    game = meeple.load("kingsburg", players=players)
    rng = Rng(players)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while state.to_move():
            for task in state.tasks:
                assert type(task) is dict and set(task) - {"kind"} <= set(TASK_ITEMS[task["kind"]]), task
                assert "seat" not in TASK_ITEMS[task["kind"]] or 0 <= task["seat"] < players or task["kind"] == "draw"
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randbelow(len(legal))], seat)
    assert _shared_records() == before, "a shared task record was changed in place"

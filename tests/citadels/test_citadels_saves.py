"""Saves of Citadels from before the sub-steps were named still load: a draw of ``draw_queue`` was an int
(``seat * 2 + 1`` into the hand, ``seat * 2`` to choose from) and ``ability_step`` a list ``[seat, stage
number, district]``; ``CitadelsState.upgrade_saved_fields`` reads them in today's forms, under their
names of before too (``dq``, ``wiz``: ``FIELD_RENAMES``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, Rng
from meeple.games.citadels.actions import ABILITY_STAGES
from meeple.games.citadels.rules import CitadelsState

EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat")


def _old_forms(fields: dict[str, Any], old_names: bool) -> dict[str, Any]:
    """``fields`` (today's save) as a save of before wrote them."""
    old = copy.deepcopy(fields)
    old["draw_queue"] = [e["seat"] * 2 + (1 if e["into_hand"] else 0) for e in old["draw_queue"]]
    step = old["ability_step"]
    old["ability_step"] = [step["seat"], ABILITY_STAGES.index(step["stage"]), step["district"]] if step else []
    if old_names:
        back = {new: name for name, new in CitadelsState.FIELD_RENAMES.items()}
        old = {back.get(name, name): value for name, value in old.items()}
    return old


def _positions_with_sub_steps(players: int) -> list[CitadelsState]:
    """Positions of random games (the extra characters: the Wizard, the Diplomat, the Navigator) where a
    draw is queued or an ability is half done, chance entered by hand so that draws stay pending."""
    found: list[CitadelsState] = []
    wanted = {"draw": 3, "wizard_take": 2, "wizard_keep": 2, "diplomat_exchange": 1}
    for seed in range(40):
        state = meeple.load("citadels", players=players, **EXTRAS).new_game(seed=seed, chance="manual")
        rng = Rng(seed)
        while state.to_move() and any(wanted.values()):
            step = state.ability_step
            kind = step["stage"] if step else "draw" if state.draw_queue else None
            if kind and wanted.get(kind):
                wanted[kind] -= 1
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
    for state in _positions_with_sub_steps(3):
        saved = state.to_json()
        old = dict(saved, state=_old_forms(saved["state"], old_names))
        assert old["state"] != saved["state"]
        assert meeple.from_json(old).to_json() == saved  # replayed from its history, compared with the fields
        copy_saved = state.determinize(1, 7).to_json()
        old_copy = dict(copy_saved, state=_old_forms(copy_saved["state"], old_names))
        assert meeple.from_json(old_copy).to_json() == copy_saved  # a determinized copy: loaded as saved


def test_the_upgrade_leaves_todays_and_malformed_fields_alone() -> None:
    today = {"draw_queue": [{"seat": 1, "into_hand": False}], "ability_step": {}}
    assert CitadelsState.upgrade_saved_fields(today) is today
    assert CitadelsState.upgrade_saved_fields({"draw_queue": [3, 2], "ability_step": [2, 1, 5]}) == {
        "draw_queue": [{"seat": 1, "into_hand": True}, {"seat": 1, "into_hand": False}],
        "ability_step": {"stage": "wizard_keep", "seat": 2, "district": 5}}
    for malformed in ([1, 7, 5], [1, 1], ["a", 1, 2]):
        fields = {"draw_queue": [], "ability_step": malformed}
        assert CitadelsState.upgrade_saved_fields(fields) is fields

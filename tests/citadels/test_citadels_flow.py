"""The open step is read, never written: ``open_step()`` changes no field, and ``mover`` (with
``chance_kind``), which the rules note where it changes, says who decides at every position."""

from __future__ import annotations

import copy

import pytest

import meeple
from meeple.core import CHANCE, Rng
from meeple.games.citadels.actions import NOBODY

CHANCE_EVENTS = {"draw": "draw", "deal_down": "down", "deal_up": "up", "crown": "crown"}
EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="artist")


@pytest.mark.parametrize("players, extras", [(2, False), (4, True), (5, False), (7, True)])
def test_open_step_reads_only_and_mover_says_who_decides(players: int, extras: bool) -> None:
    game = meeple.load("citadels", players=players, **(EXTRAS if extras else {}))
    for seed in range(2):
        state = game.new_game(seed=seed, chance="manual")
        rng = Rng(seed)
        positions = 0
        while True:
            mover, kind = state.mover, state.chance_kind
            state.mover, state.chance_kind = 99, "none"  # what a reader of the step must leave as it is
            fields = copy.deepcopy(state._read_fields(state))
            step = state.open_step()
            state.is_over(), state.chance_outcomes()
            assert state._read_fields(state) == fields, f"reading the open step {step} changed the position"
            state.mover, state.chance_kind = mover, kind
            movers = state.to_move()
            if not movers:
                assert step == "over" and state.mover == NOBODY
                break
            if movers == [CHANCE]:
                assert state.mover == CHANCE and state.chance_kind == CHANCE_EVENTS[step], (step, state.chance_kind)
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                assert state.mover == movers[0], (step, state.mover, movers)
                legal = state.legal_actions(movers[0])
                state.apply(legal[rng.randbelow(len(legal))], movers[0])
            positions += 1
        assert positions > 100

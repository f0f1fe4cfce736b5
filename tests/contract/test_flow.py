"""Every game says who moves when with the one flow mechanism of ``meeple.core.flow`` and nothing else:
its State is a ``FlowState`` whose declared steps all bind to methods, the engine hooks that decide
who moves are the core's (no game overrides them), and on random play the open step always agrees
with what the engine reports (a decision step has its seats to move, a chance step the chance seat,
the end nobody; an automatic step is never left open)."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import CHANCE, Rng
from meeple.core.flow import AUTOMATIC, CHANCE_STEP, DECISION, OVER, FlowState
from meeple.core.registry import registered_state_classes

FLOW_HOOKS = ("to_move", "_to_move", "_advance", "is_over", "_chance_due", "_legal", "_legal_actions", "_apply", "_perform", "chance_outcomes",
              "sample_chance", "chance_owner")

GAME_CLASSES = registered_state_classes()


@pytest.mark.parametrize("state_class", GAME_CLASSES, ids=lambda cls: cls.__name__)
def test_every_game_declares_its_flow_with_the_core_mechanism(state_class: type) -> None:
    assert issubclass(state_class, FlowState)
    assert state_class.STEPS, "no steps declared"
    assert state_class.unbound_steps() == []
    assert any(step.kind == OVER for step in state_class.STEPS.values())
    for hook in FLOW_HOOKS:
        owner = next(klass for klass in state_class.__mro__ if hook in klass.__dict__)
        assert owner is FlowState, f"{state_class.__name__}.{hook} is defined by {owner.__name__}, not the core"


def _configurations() -> list[tuple[str, int]]:
    return [(game_id, players) for game_id, info in sorted(meeple.games().items())
            for players in range(info.min_players, info.max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), _configurations())
def test_the_open_step_agrees_with_who_moves(game_id: str, players: int) -> None:
    game = meeple.load(game_id, players=players)
    for seed in range(3):
        state = game.new_game(seed=seed, chance="manual")
        chooser = Rng(seed)
        while True:
            name = state.open_step()
            kind = type(state).STEPS[name].kind
            movers = state.to_move()
            assert kind != AUTOMATIC, f"the automatic step {name!r} was left open"
            if kind == OVER:
                assert movers == [] and state.is_over()
                break
            if kind == CHANCE_STEP:
                assert movers == [CHANCE]
            else:
                assert kind == DECISION and movers and CHANCE not in movers
            seat = movers[0]
            state.apply(chooser.choice(state.legal_actions(seat)), seat)

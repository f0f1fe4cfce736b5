"""Random play of every game: it ends, it keeps its invariants, and the same seed gives the same game.

Also chance="manual": every random outcome is a decision of the chance seat, recorded in the history,
and an automatic game replayed through manual chance reaches exactly the same position.
"""

from __future__ import annotations

import pytest

from meeple.core import CHANCE, Rng

from .harness import CASES, FIRST_SEED_CASES, Config, check_every_step, final_state, replay, trajectory


@pytest.mark.parametrize("config, seed", CASES)
def test_random_game_ends_and_keeps_every_promise_after_every_action(config: Config, seed: int) -> None:
    length = len(trajectory(config, seed))  # asserts the termination bound
    assert length <= config.max_actions
    for _step, state, _player, _action in replay(config, seed):
        check_every_step(state, config)
    assert state.is_over()
    assert len(state.history) <= config.max_actions


@pytest.mark.parametrize("config, seed", CASES)
def test_same_seed_and_same_actions_give_the_same_game(config: Config, seed: int) -> None:
    first = final_state(config, seed)
    again = config.new(seed)
    for player, action in trajectory(config, seed):
        again.apply(action, player)
    assert again.to_json() == first.to_json()
    # the history is the whole story: its decisions, replayed on the seed, give the same game
    third = config.new(seed)
    for player, action in first.history:
        if player != CHANCE:
            third.apply(action, player)
    assert third.to_json() == first.to_json()


@pytest.mark.parametrize("config, seed", FIRST_SEED_CASES)
def test_new_game_is_a_function_of_the_seed(config: Config, seed: int) -> None:
    assert config.new(seed).to_json() == config.new(seed).to_json()
    assert config.new(seed, "manual").to_json() == config.new(seed, "manual").to_json()


@pytest.mark.parametrize("config, seed", CASES)
def test_manual_chance_game_is_played_to_the_end_by_choosing_outcomes(config: Config, seed: int) -> None:
    """Every outcome is chosen uniformly (a person may pick unlikely ones) and lands in the history."""
    state = config.new(seed, chance="manual")
    rng = Rng(seed + 17)
    chosen = []
    while state.to_move():
        assert len(state.history) <= config.max_actions, f"no end after {config.max_actions} actions"
        movers = state.to_move()
        player = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(player)
        action = legal[rng.randbelow(len(legal))]
        if player == CHANCE:
            chosen.append(action)
        state.apply(action, player)
        check_every_step(state, config)
    assert [a for p, a in state.history if p == CHANCE] == chosen


@pytest.mark.parametrize("config, seed", CASES)
def test_automatic_game_replayed_with_manual_chance_is_the_same_game(config: Config, seed: int) -> None:
    """Chance in auto mode only picks among chance_outcomes(): no randomness hides anywhere else."""
    auto = final_state(config, seed)
    manual = config.new(seed, chance="manual")
    for player, action in auto.history:
        assert player in manual.to_move(), f"replaying {action} by {player}: to_move is {manual.to_move()}"
        manual.apply(action, player)
    a, m = auto.to_json(), manual.to_json()
    assert m["history"] == a["history"]
    assert m["state"] == a["state"]
    assert m["log"] == a["log"]
    assert manual.scores() == auto.scores() and manual.winners() == auto.winners()

"""Fixed action spaces and observation tensors: stable ids, fixed shapes, nothing hidden leaks."""

import numpy as np
import pytest

import meeple
from meeple.core import Rng

from .conftest import encoded_configs

CONFIGS = encoded_configs()


def _random_states(game_id, players, seed, every=7):
    state = meeple.load(game_id, players=players).new_game(seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(legal[rng.randbelow(len(legal))], p)
        step += 1
    yield state


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_every_legal_action_has_a_stable_index(game_id, players):
    game = meeple.load(game_id, players=players)
    n = game.num_distinct_actions
    for state in _random_states(game_id, players, seed=3):
        for p in state.to_move():
            legal = state.legal_actions(p)
            indices = [a.index for a in legal]
            assert all(isinstance(i, int) and 0 <= i < n for i in indices)
            assert len(set(indices)) == len(indices)
            for a in legal:
                assert state.action_from_index(a.index) == a
                assert state.action_index(meeple.Action(a.name, a.args)) == a.index


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_observation_tensor_has_fixed_shape_and_no_hidden_information(game_id, players):
    shape = None
    for state in _random_states(game_id, players, seed=5):
        for p in [None, *range(players)]:
            tensor = state.observation_tensor(p)
            assert tensor.dtype == np.float32
            shape = shape or tensor.shape
            assert tensor.shape == shape
            other = state.determinize(p, seed=99)
            assert np.array_equal(other.observation_tensor(p), tensor)


def test_bad_action_index_is_rejected():
    state = meeple.load("cube-europe", players=1).new_game(seed=1)
    for bad in (-1, 10**6, "3", None, 2.5):
        with pytest.raises(meeple.IllegalAction):
            state.action_from_index(bad)

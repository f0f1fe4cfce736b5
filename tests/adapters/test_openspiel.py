"""OpenSpiel's random-simulation check passes for every game registered as a Python game."""

import pyspiel
import pytest

from meeple.adapters.openspiel import register

from .conftest import encoded_configs


def _sim_configs() -> list:
    """Every encoded game at its smallest and largest count; a random game of more than four players takes
    minutes under OpenSpiel's per-step checks, so those run under ``-m slow`` (the PettingZoo API test
    still plays them in the default run)."""
    return [pytest.param(g, n, marks=pytest.mark.slow) if n > 4 else (g, n) for g, n in encoded_configs()]


@pytest.mark.parametrize("game_id,players", _sim_configs())
def test_openspiel_random_sim_test(game_id, players):
    game = pyspiel.load_game(register(game_id), {"players": players})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_information_state_and_observation_views():
    game = pyspiel.load_game(register("cube-europe"), {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    p = state.current_player()
    assert len(state.observation_tensor(p)) == game.observation_tensor_size()
    assert state.information_state_string(p).startswith(state.observation_string(p))
    resampled = state.resample_from_infostate(p, lambda: 0.5)
    assert resampled.observation_string(p) == state.observation_string(p)

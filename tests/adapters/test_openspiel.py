"""OpenSpiel's random-simulation check passes for every game registered as a Python game."""

import numpy as np
import pyspiel
import pytest

from meeple.adapters.openspiel import register

from .conftest import encoded_configs


def _sim_configs() -> list:
    """Every encoded game at its smallest and largest count; a random game of more than four players takes
    minutes under OpenSpiel's per-step checks, so those run under ``-m slow`` (the PettingZoo API test
    still plays them in the default run). Kingsburg, Citadels, Versailles and God's Playground take 10-25 s each: daily."""
    return [pytest.param(g, n, marks=pytest.mark.slow) if n > 4
            else pytest.param(g, n, marks=pytest.mark.daily) if g in ("kingsburg", "citadels", "gods-playground", "versailles")
            else (g, n) for g, n in encoded_configs()]


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


@pytest.mark.parametrize("game_id,secrets", [("cube-europe", False), ("kingsburg", True)])
def test_resample_from_infostate_keeps_what_the_player_knows(game_id, secrets):
    """OpenSpiel's IS-MCTS draws its worlds with ``resample_from_infostate``: every world must show the player
    the same information state (its tree key) and allow the same legal actions, for either seat, all game long.
    Kingsburg's worlds re-deal the other seat's secrets; Cube Europe keeps none (only the future is unknown)."""
    game = pyspiel.load_game(register(game_id), {"players": 2})
    state = game.new_state_from_seed(3)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    rng = np.random.RandomState(5)
    checked = differs = 0
    while not state.is_terminal() and checked < 120:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        mover = state.current_player()
        for player in (0, 1):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.current_player() == mover
            if player == mover:
                assert world.legal_actions(player) == state.legal_actions(player)
            differs += world.information_state_string(1 - player) != state.information_state_string(1 - player)
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 60
    assert (differs > 0) == secrets  # the worlds re-deal what the player cannot see, where there is any


def test_new_state_from_seed_replays_the_same_game():
    game = pyspiel.load_game(register("cube-europe"), {"players": 2})
    a, b = game.new_state_from_seed(9), game.new_state_from_seed(9)
    assert str(a) == str(b)
    assert a.meeple_state.to_json() == b.meeple_state.to_json()

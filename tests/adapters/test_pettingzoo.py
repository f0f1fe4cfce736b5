"""PettingZoo's own checks pass for every game at its smallest and largest player count."""

import functools

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import meeple
from meeple.adapters.pettingzoo import env

from .conftest import encoded_configs


@pytest.mark.parametrize("game_id,players", encoded_configs())
def test_pettingzoo_api_and_seed_tests(game_id, players):
    api_test(env(game_id, players=players), num_cycles=200)
    seed_test(functools.partial(env, game_id, players=players), num_cycles=200)


def test_action_outside_the_mask_raises_and_changes_nothing():
    e = env("cube-europe", players=2)
    e.reset(seed=3)
    observation = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = e.state.to_json()
    with pytest.raises(meeple.IllegalAction):
        e.step(illegal)
    assert e.state.to_json() == before


def test_rewards_at_the_end_follow_the_winners():
    e = env("cube-europe", players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = {f"player_{p}" for p in e.state.winners()}
    assert winners and all(total[a] == (1.0 if a in winners else -1.0) for a in total)


def test_ansi_render_uses_the_game_view():
    e = env("cube-europe", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "Market" in text and "\x1b[" in text

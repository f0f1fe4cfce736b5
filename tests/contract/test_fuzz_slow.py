"""Longer fuzzing of every game (``pytest -m slow tests/contract``): many more random games, and games
whose every choice Hypothesis makes (so that a failure shrinks to a short sequence of moves), with
all the contract checks at every step."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple

from . import test_chance_choices, test_clone, test_hidden, test_json, test_play, test_reject
from .harness import CONFIG_IDS, CONFIGS, Config, check_every_step, seats

pytestmark = pytest.mark.slow

MORE_SEEDS = range(100, 110)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_many_more_random_games(config: Config) -> None:
    for seed in MORE_SEEDS:
        test_play.test_random_game_ends_and_keeps_every_promise_after_every_action(config, seed)
        test_play.test_manual_chance_game_is_played_to_the_end_by_choosing_outcomes(config, seed)
        test_play.test_automatic_game_replayed_with_manual_chance_is_the_same_game(config, seed)
        test_json.test_from_json_gives_the_same_state_and_legal_actions(config, seed)
        test_clone.test_playing_on_a_clone_leaves_the_original_unchanged(config, seed)
        test_hidden.test_observation_is_json_and_determinize_keeps_what_the_seat_knows(config, seed)
        test_reject.test_wrong_actions_are_rejected_and_change_nothing(config, seed)
        test_chance_choices.test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden(config, seed)


def _choose(data: st.DataObject, count: int, label: str) -> int:
    """An index below ``count``, drawn by Hypothesis only where there is a choice (a shorter input)."""
    return data.draw(st.integers(0, count - 1), label=label) if count > 1 else 0


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(
    max_examples=20, deadline=None, database=None,
    # A whole game is long even when every choice is the first one, so its smallest input is large.
    suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_games_chosen_by_hypothesis_keep_every_promise_at_every_step(config: Config, seed: int, data: st.DataObject) -> None:
    manual = data.draw(st.booleans(), label="manual chance")
    state = config.new(seed, chance="manual" if manual else "auto")
    while state.to_move():
        assert len(state.history) <= config.max_actions
        movers = state.to_move()
        player = movers[_choose(data, len(movers), "seat")]
        legal = state.legal_actions(player)
        action = legal[_choose(data, len(legal), "action")]
        before = state.to_json()
        copy = state.clone()
        state.apply(action, player)
        check_every_step(state, config)
        assert copy.to_json() == before
        if data.draw(st.integers(0, 9), label="check here") == 0:
            saved = state.to_json()
            assert meeple.from_json(json.loads(json.dumps(saved))).to_json() == saved
            for p in seats(state):
                d = state.determinize(p, seed)
                assert d.observation(p) == state.observation(p)
                if p is not None:
                    assert d.legal_actions(p) == state.legal_actions(p)

"""Hidden information: observation(p) is JSON and determinize(p, seed) keeps everything p knows.

``determinize(p, seed)`` re-deals what seat ``p`` cannot see. It must leave ``observation(p)`` and
``legal_actions(p)`` exactly as they were (else the observation leaks, or misses, something p
knows), for every seat and for the spectator (None), at many points of the game; the copy is a
sound state that can be played on, saved and read back; the original is untouched.
"""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.core import Rng

from .harness import CASES, FIRST_SEED_CASES, Config, daily_above_three, is_sample, json_native, random_decision, replay, seats

RESAMPLES = 2
PLAY_ON = 10


@pytest.mark.parametrize("config, seed", daily_above_three(CASES))
def test_observation_is_json_and_determinize_keeps_what_the_seat_knows(config: Config, seed: int) -> None:
    for step, state, _player, _action in replay(config, seed):
        if not (is_sample(step) or not state.to_move()):
            continue
        before = state.to_json()
        for p in seats(state):
            obs = state.observation(p)
            assert isinstance(obs, dict)
            assert json_native(obs), f"step {step}: observation({p}) is not JSON-native: {obs!r:.300}"
            assert obs["player"] == p and obs["to_move"] == state.to_move() and obs["over"] == state.is_over()
            legal = state.legal_actions(p) if p is not None else []
            for k in range(RESAMPLES):
                copy = state.determinize(p, seed * 1000 + step * 10 + k)
                assert copy.observation(p) == obs, f"step {step}: determinize({p}) changed observation({p})"
                if p is not None:
                    assert copy.legal_actions(p) == legal, f"step {step}: determinize({p}) changed {p}'s legal actions"
                assert copy.to_move() == state.to_move()
                assert copy.scores() == state.scores() or not state.is_over()
                copy.check_invariants()
                assert copy.log_for(p) == state.log_for(p)
            again = state.determinize(p, seed * 1000 + step * 10 + RESAMPLES - 1)
            assert again.to_json() == copy.to_json(), f"step {step}: determinize({p}, seed) is not a function of the seed"
            assert state.to_json() == before, f"step {step}: determinize({p}) changed the original"


@pytest.mark.parametrize("config, seed", FIRST_SEED_CASES)
def test_a_determinized_copy_is_a_sound_state(config: Config, seed: int) -> None:
    """Search agents play on determinized copies: they must play, save and read back like any state."""
    for step, state, _player, _action in replay(config, seed):
        if not is_sample(step):
            continue
        for p in (None, step % state.players):  # the spectator and one seat, a different one at each point
            copy = state.determinize(p, step + 1)
            saved = copy.to_json()
            assert json_native(saved)
            back = meeple.from_json(json.loads(json.dumps(saved)))
            assert back.to_json() == saved, f"step {step}: a determinized copy does not read back"
            rng = Rng(step)
            for _ in range(PLAY_ON):
                if not copy.to_move():
                    break
                q, a = random_decision(copy, rng)
                copy.apply(a, q)
                copy.check_invariants()
                for mover in copy.to_move():
                    assert copy.legal_actions(mover), "a determinized copy reached a seat with no legal action"

"""clone(): an independent copy. Playing on the copy never touches the original (RNG included), and
playing on the original never touches the copy."""

from __future__ import annotations

import pytest

from meeple.core import Rng

from .harness import CASES, FIRST_SEED_CASES, Config, is_sample, random_decision, replay

COPY_STEPS = 30
"""How far each copy is played on (random actions, with automatic chance consuming the copy's RNG)."""


@pytest.mark.parametrize("config, seed", CASES)
def test_playing_on_a_clone_leaves_the_original_unchanged(config: Config, seed: int) -> None:
    for step, state, player, action in replay(config, seed):
        if not is_sample(step):
            continue
        before = state.to_json()
        copy = state.clone()
        assert copy.to_json() == before, f"step {step}: the clone differs from the original"
        for p in state.to_move():
            assert copy.legal_actions(p) == state.legal_actions(p)
        rng = Rng(seed + step)
        for _ in range(COPY_STEPS):
            if not copy.to_move():
                break
            p, a = random_decision(copy, rng)
            copy.apply(a, p)
        assert state.to_json() == before, f"step {step}: playing on a clone changed the original"
        assert state.to_move() == state.clone().to_move()


@pytest.mark.parametrize("config, seed", CASES)
def test_playing_on_the_original_leaves_a_clone_unchanged(config: Config, seed: int) -> None:
    copies = []
    for step, state, _player, _action in replay(config, seed):
        if is_sample(step):
            copy = state.clone()
            copies.append((step, copy, copy.to_json()))
        # the original plays on (the replay applies the next action) after this
    for step, copy, saved in copies:
        assert copy.to_json() == saved, f"the clone taken at step {step} changed when the original played on"


@pytest.mark.parametrize("config, seed", FIRST_SEED_CASES)
def test_two_clones_with_the_same_moves_stay_identical(config: Config, seed: int) -> None:
    """A clone carries the RNG: the same moves on two clones give the same chance outcomes."""
    for step, state, _player, _action in replay(config, seed):
        if not is_sample(step) or not state.to_move():
            continue
        a, b = state.clone(), state.clone()
        rng_a, rng_b = Rng(step), Rng(step)
        for _ in range(COPY_STEPS):
            if not a.to_move():
                break
            pa, xa = random_decision(a, rng_a)
            pb, xb = random_decision(b, rng_b)
            assert (pa, xa) == (pb, xb)
            a.apply(xa, pa)
            b.apply(xb, pb)
        assert a.to_json() == b.to_json()

"""Fixed encodings for research tools, for games that declare them (``State.action_space`` and
``State._observation_tensor``): every legal action has a stable id, the tensor has one shape, and the
tensor, like the observation, keeps only what the seat may know."""

from __future__ import annotations

import math

import pytest

from meeple.core import ActionParseError

from . import toy
from .harness import FIRST_SEED_CASES, Config, is_sample, replay, seats


def _has_space(config: Config) -> bool:
    with toy.registered():
        try:
            return config.game().action_space() is not None
        except Exception:  # noqa: BLE001 - a crash is a finding: keep the case so the test reports it
            return True


def _has_tensor(config: Config) -> bool:
    with toy.registered():
        try:
            config.new(0).observation_tensor(None)
        except NotImplementedError:
            return False
        except Exception:  # noqa: BLE001 - as above
            return True
        return True


SPACE_CASES = [c for c in FIRST_SEED_CASES if _has_space(c.values[0])]
TENSOR_CASES = [c for c in FIRST_SEED_CASES if _has_tensor(c.values[0])]


def _tensor(state, player):  # noqa: ANN001, ANN202
    try:
        return state.observation_tensor(player)
    except NotImplementedError:
        return None


@pytest.mark.parametrize("config, seed", SPACE_CASES)
@pytest.mark.parametrize("chance", ["auto", "manual"])
def test_every_legal_action_has_a_stable_id_in_the_action_space(config: Config, seed: int, chance: str) -> None:
    game = config.game()
    space = game.action_space()
    assert space is not None
    assert game.num_distinct_actions == len(space) == len(set(space))
    assert all(a.index == i for i, a in enumerate(space))
    for step, state, _player, _action in replay(config, seed, chance=chance):
        for p in state.to_move():
            for a in state.legal_actions(p):
                assert a.index is not None and space[a.index] == a, f"step {step}: {a} has no id"
                if is_sample(step):
                    assert state.action_index(a) == a.index
                    assert state.action_from_index(a.index) == a
    state = config.new(seed)
    for bad in (-1, len(space), "0", True, None):
        with pytest.raises(ActionParseError):
            state.action_from_index(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("config, seed", TENSOR_CASES)
def test_observation_tensor_has_one_shape_and_keeps_what_the_seat_knows(config: Config, seed: int) -> None:
    np = pytest.importorskip("numpy")
    shape = None
    for step, state, _player, _action in replay(config, seed):
        if not (is_sample(step) or not state.to_move()):
            continue
        for p in seats(state):
            tensor = _tensor(state, p)
            assert tensor is not None and tensor.dtype == np.float32
            shape = shape or tensor.shape
            assert tensor.shape == shape, f"step {step}: tensor shape {tensor.shape} != {shape}"
            assert all(math.isfinite(x) for x in tensor.ravel().tolist())
            copy = state.determinize(p, step + 3)
            assert np.array_equal(_tensor(copy, p), tensor), f"step {step}: determinize({p}) changed its tensor"

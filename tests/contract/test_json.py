"""Saving and reading back: states (``to_json`` / ``meeple.from_json``) and actions (text and JSON)."""

from __future__ import annotations

import json

import pytest

import meeple

from .harness import CASES, Config, is_sample, json_native, replay, seats, text_round_trip


@pytest.mark.parametrize("config, seed", CASES)
def test_from_json_gives_the_same_state_and_legal_actions(config: Config, seed: int) -> None:
    for step, state, player, action in replay(config, seed):
        if not (is_sample(step) or action is None):
            continue
        saved = state.to_json()
        assert json_native(saved), f"step {step}: to_json() is not JSON-native (tuples, int keys, objects?)"
        # read back from JSON text, as from a file; the in-memory dict too at the end of the game
        for data in ([json.loads(json.dumps(saved))] + ([saved] if action is None else [])):
            back = meeple.from_json(data)
            assert back.to_json() == saved, f"step {step}: from_json(to_json()) differs"
            assert back.to_move() == state.to_move()
            for p in state.to_move():
                assert back.legal_actions(p) == state.legal_actions(p), f"step {step}: legal actions of {p} differ"
            for p in seats(state):
                assert back.observation(p) == state.observation(p), f"step {step}: observation({p}) differs"
            assert back.scores() == state.scores()
            assert back.log_for(None) == state.log_for(None)
        if action is not None:
            # the copy read back plays on exactly like the original
            back.apply(action, player)
            after = state.clone()
            after.apply(action, player)
            assert back.to_json() == after.to_json(), f"step {step}: a state read back plays on differently"
        assert state.to_json() == saved, "saving changed the state"


@pytest.mark.parametrize("config, seed", CASES)
def test_from_json_with_manual_chance(config: Config, seed: int) -> None:
    for step, state, _player, action in replay(config, seed, chance="manual"):
        if is_sample(step) or action is None:
            saved = state.to_json()
            assert meeple.from_json(json.loads(json.dumps(saved))).to_json() == saved, f"step {step}"


@pytest.mark.parametrize("config, seed", CASES)
def test_every_legal_action_round_trips_through_text_and_json(config: Config, seed: int) -> None:
    for step, state, _player, _action in replay(config, seed):
        for p in state.to_move():
            legal = state.legal_actions(p)
            texts = [str(a).lower() for a in legal]
            assert len(set(texts)) == len(texts), f"step {step}: two legal actions share a text: {texts}"
            for a in legal:
                assert str(a) == " ".join(str(a).split()), f"step {step}: '{a}' has odd spacing"
                text_round_trip(state, p, a)
                if is_sample(step):
                    sentence = state.describe(a, p)
                    assert isinstance(sentence, str) and sentence.strip(), f"describe({a}) is empty"

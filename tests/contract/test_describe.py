"""Every action of every game reads as a sentence: ``describe(action, player)`` says what the action
does and what it costs, never just its compact text (issue 17). Each game's own tests check the
numbers in its sentences; this test holds every registered game to the promise, so a new game, or a
new action in an old one, cannot slip through with ``str(action)`` as its description."""

from __future__ import annotations

import pytest

from meeple.core import CHANCE

from .harness import CONFIGS, Config, replay
from .toy import TOY_ID

GAMES = [c for c in CONFIGS if c.game_id != TOY_ID]  # the toy is a test double with compact texts only
MAX_STEPS = 600
"""Positions looked at per game (every legal action of each): enough to meet every phase of a game."""


@pytest.mark.parametrize("config", GAMES, ids=[str(c) for c in GAMES])
def test_every_legal_action_has_a_sentence(config: Config) -> None:
    bare: dict[str, str] = {}
    for step, state, player, _ in replay(config, seed=0, chance="manual"):
        if step >= MAX_STEPS:
            break
        for mover in state.to_move():
            viewer = None if mover == CHANCE else mover
            for action in state.legal_actions(mover):
                text = state.describe(action, viewer)
                assert isinstance(text, str) and text.strip(), f"{config}: {action} has no description"
                if text.strip() == str(action):
                    bare.setdefault(action.name, str(action))
    assert not bare, f"{config}: described only by their compact text: {sorted(bare.values())}"

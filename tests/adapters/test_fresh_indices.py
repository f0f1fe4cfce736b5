"""Every legal action carries its id from the first position on, in a fresh game of every game."""

import pytest

import meeple


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_first_legal_actions_have_indices(game_id):
    info = meeple.games()[game_id]
    state = meeple.load(game_id, players=info.max_players).new_game(seed=1)
    for p in state.to_move():
        assert all(isinstance(a.index, int) for a in state.legal_actions(p))

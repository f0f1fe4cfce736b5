"""``FlowState.LEGAL_LISTS_INDEXED``: a game that says its decisions list the action space's own objects
is handed its lists as they are (no look at each action), so the promise is checked here, on random
play of every game at every player count (manual chance too: the chance seat's lists are still mapped)."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import CHANCE, Rng

CASES = [(game_id, players) for game_id, info in sorted(meeple.games().items())
         for players in range(info.min_players, info.max_players + 1)]


@pytest.mark.parametrize("game_id, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_every_legal_list_is_of_the_action_space(game_id: str, players: int) -> None:
    game = meeple.load(game_id, players=players)
    state = game.new_game(seed=players)
    assert type(state).LEGAL_LISTS_INDEXED, f"{game_id} hands out lists it has not said are indexed"
    lookup = game.action_lookup
    rng = Rng(players)
    checked = 0
    while state.to_move():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if seat != CHANCE:
            strays = [str(a) for a in legal if a.index is None or lookup.get(a) is not a]
            assert not strays, f"{game_id}: legal_actions({seat}) lists actions not of the action space: {strays}"
            checked += 1
        state.apply(legal[rng.randbelow(len(legal))], seat)
    assert checked > 20


def test_a_game_that_says_nothing_still_gets_its_actions_mapped() -> None:
    """Without the flag the engine maps an action that is not the space's own object onto it."""
    from meeple.games.versailles.actions import DECIDE_ACTIONS
    from meeple.games.versailles.rules import VersaillesState

    class Unsaid(VersaillesState):
        LEGAL_LISTS_INDEXED = False

        def _activate_or_pass(self, p: int) -> list:
            return [type(a)(a.name, a.args) for a in DECIDE_ACTIONS]  # equal actions, not the space's objects

    game = meeple.load("versailles", players=2)
    state = game.new_game(seed=1)
    copy = Unsaid.__new__(Unsaid)
    copy.__dict__.update(state.__dict__)
    for name in VersaillesState.FIELDS:
        setattr(copy, name, getattr(state, name))
    copy.position_changed()
    while copy.open_step() != "decide":
        seat = copy.to_move()[0]
        copy.apply(copy.legal_actions(seat)[0], seat)
    legal = copy.legal_actions(copy.to_move()[0])
    assert all(a.index is not None and game.action_lookup[a] is a for a in legal)

"""Every action reads as a sentence: ``state.describe(action, player)`` says what it does and what it
costs, with the numbers, never only the compact text (``str(action)``)."""

import re

import pytest

import meeple
from meeple import CHANCE
from meeple.core import Rng
from meeple.games.cube_europe.rules import CubeEuropeState

PLAYER_MOVES = CubeEuropeState.ACTION_NAMES - {"board", "card", "first", "roll"}


def _walk(players, seed):
    """Random play in manual chance (chance outcomes chosen at random too), every legal action described."""
    state = meeple.load("cube-europe", players=players).new_game(seed=seed, chance="manual")
    rng = Rng(seed)
    seen = set()
    while not state.is_over():
        mover = state.to_move()[0]
        legal = state.legal_actions(mover)
        for action in legal:
            sentence = state.describe(action, mover)
            seen.add(action.name)
            assert sentence != str(action), f"{action}: only its compact text"
            assert len(sentence.split()) >= 4, f"{action}: {sentence!r}"
            for arg in action.args:  # the numbers and names of the action are in the sentence
                assert re.search(rf"\b{re.escape(str(arg))}\b", sentence, re.IGNORECASE), f"{action}: {sentence!r}"
            if mover != CHANCE:
                assert re.search(r"\bcosts?\b|\bfree\b", sentence), f"{action}: no cost in {sentence!r}"
            if action.name in ("take", "place") and "worker" in sentence:
                assert re.search(r"\d+ workers?", sentence)
        state.apply(legal[rng.randbelow(len(legal))], mover)
    return seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_action_of_random_games_has_a_sentence_with_its_cost(players):
    seen = set()
    for seed in range(12 if players == 1 else 4):
        seen |= _walk(players, seed)
    assert {"take", "place", "worker", "start", "roll", "card", "board"} <= seen


def test_the_walk_meets_every_kind_of_action():
    seen = set()
    for seed in range(40):
        seen |= _walk(1 + seed % 4, 100 + seed)
        if seen >= CubeEuropeState.ACTION_NAMES:
            break
    assert seen >= CubeEuropeState.ACTION_NAMES, sorted(CubeEuropeState.ACTION_NAMES - seen)


def test_sentences_name_the_costs():
    from .helpers import new_manual, roll, tuck

    state = new_manual(starts=["D3"])
    tuck(state, 0, 1)  # Steady Hand
    state.workers[0] = 2
    roll(state, (2, 6))
    take = state.parse_action("take 2 1")  # square 1 shows 3
    assert state.describe(take, 0) == ("Put die 2 on square 1 (shows 3): take a red cube (4 left in your supply) — "
                                       "costs die 2 and, your choice next, 1 worker or Steady Hand (you have 2 workers)")
    assert state.describe(state.parse_action("worker 6"), 0) == "Use die 6 to gain 1 worker (workers 2 → 3) — costs die 6"
    state.apply(take)
    assert [state.describe(a, 0) for a in state.legal_actions()] == [
        "Turn die 2 into 3 for square 1 with 1 worker — costs 1 worker (workers 2 → 1)",
        "Turn die 2 into 3 for square 1 with Steady Hand and 0 workers — free, but Steady Hand is used up for this turn (workers stay 2)",
    ]

"""The heuristic player plays sensibly: it beats random players and scores far above them solo."""

import meeple
from meeple.core import Rng
from meeple.agents import choose_action, make_agent


def _play(players, agents, seed):
    state = meeple.load("cube-europe", players=players).new_game(seed=seed)
    while not state.is_over():
        p = state.to_move()[0]
        state.apply(choose_action(agents[p], state, p), p)
    return state


def test_heuristic_beats_two_random_players():
    wins = 0
    for seed in range(6):
        agents = [make_agent("random", "cube-europe", seed + 10), make_agent("random", "cube-europe", seed + 20)]
        seat = seed % 3
        agents.insert(seat, make_agent("heuristic", "cube-europe", seed))
        state = _play(3, agents, seed)
        wins += seat in state.winners()
    assert wins >= 5


def test_heuristic_solo_scores_well_above_random():
    heuristic = [_play(1, [make_agent("heuristic", "cube-europe", s)], s).score(0) for s in range(3)]
    random_ = [_play(1, [make_agent("random", "cube-europe", s)], s).score(0) for s in range(3)]
    assert min(heuristic) > max(random_)


def test_solo_positions_are_valued_with_the_solo_weights():
    """A solo game values progress by SOLO_WEIGHTS (tuned on solo scores), a multiplayer game by WEIGHTS."""
    from meeple.games.cube_europe.bots import SOLO_WEIGHTS, WEIGHTS, evaluate

    assert SOLO_WEIGHTS != WEIGHTS
    for players, weights in ((1, SOLO_WEIGHTS), (2, WEIGHTS)):
        state = meeple.load("cube-europe", players=players).new_game(seed=4)
        chooser = Rng(4)
        disagree = 0
        while not state.is_over():
            p = state.to_move()[0]
            state.apply(chooser.choice(state.legal_actions(p)), p)
            if not state.is_over() and len(state.board_cards) == players:
                value = evaluate(state, 0)
                assert value == evaluate(state, 0, weights)
                disagree += value != evaluate(state, 0, SOLO_WEIGHTS if weights is WEIGHTS else WEIGHTS)
        assert disagree > 0, "some position where the two weightings disagree"


def test_the_heuristic_scores_more_solo_with_the_solo_weights():
    """On the same 12 seeded solo games the tuned weights score more in total than the multiplayer ones."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from tune_cube_europe_solo import solo_scores

    from meeple.games.cube_europe.bots import SOLO_WEIGHTS, WEIGHTS

    assert sum(solo_scores(SOLO_WEIGHTS, 12, 81000)) > sum(solo_scores(WEIGHTS, 12, 81000))

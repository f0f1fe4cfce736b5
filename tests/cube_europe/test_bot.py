"""The heuristic player plays sensibly: it beats random players and scores far above them solo."""

import meeple
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

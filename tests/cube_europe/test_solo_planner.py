"""The solo planner: the `hard` level hands it Cube Europe solo games (only those), it plays legal moves to
the end of a solo game, and the same seed plays the same game."""

from __future__ import annotations

import meeple
from meeple.agents import choose_action, make_agent
from meeple.agents.ismcts import ISMCTSAgent, Planned, Search
from meeple.games.cube_europe.solo_planner import SoloPlanner


def _play(agent, seed, players=1):
    state = meeple.load("cube-europe", players=players).new_game(seed=seed)
    while not state.is_over():
        p = state.to_move()[0]
        state.apply(choose_action(agent, state, p), p)  # apply raises on an illegal action
    return state


def test_the_hard_level_plays_solo_games_with_the_planner():
    hard = make_agent("hard", "cube-europe", seed=5)
    assert isinstance(hard, ISMCTSAgent) and isinstance(hard.solo, SoloPlanner)
    solo = meeple.load("cube-europe", players=1).new_game(seed=5)
    while len(solo.legal_actions(solo.to_move()[0])) < 2:
        solo.apply(solo.legal_actions(solo.to_move()[0])[0])
    assert isinstance(hard.begin(solo.determinize(0, 1), 0), Planned)
    duo = meeple.load("cube-europe", players=2).new_game(seed=5)
    assert isinstance(hard.begin(duo.determinize(duo.to_move()[0], 1), duo.to_move()[0]), Search)
    # ismcts, and the levels told to search, search solo games as before (normal plans: test_make_agent)
    for name in ("ismcts", "normal:solo=search", "hard:solo=search"):
        assert make_agent(name, "cube-europe", seed=5).solo is None
    assert make_agent("hard", "kingsburg", seed=5).solo is None
    assert isinstance(make_agent("planner", "cube-europe", seed=5), SoloPlanner)


def test_the_planner_is_deterministic_for_a_seed_and_plays_a_solo_game_to_the_end():
    first = _play(SoloPlanner(seed=3, candidates=3, samples=3), seed=11)
    again = _play(SoloPlanner(seed=3, candidates=3, samples=3), seed=11)
    assert first.is_over() and again.is_over()
    assert first.history == again.history
    assert first.score(0) == again.score(0)


def test_the_hard_level_plays_a_solo_game_to_the_end_with_the_planner():
    hard = make_agent("hard", "cube-europe", seed=2)
    hard.solo = SoloPlanner(seed=2, candidates=2, samples=2)  # the level's planner, on a small budget
    assert _play(hard, seed=4).is_over()


def test_the_planner_plays_a_multiplayer_game_as_the_heuristic():
    from meeple.games.cube_europe.bots import HeuristicBot

    state = meeple.load("cube-europe", players=2).new_game(seed=8)
    planner, heuristic = SoloPlanner(seed=1), HeuristicBot(seed=1)
    for k in range(40):
        p = state.to_move()[0]
        world = state.determinize(p, k)
        action = planner.act_on_state(world, p)
        assert action == heuristic.act_on_state(world, p)
        state.apply(action, p)

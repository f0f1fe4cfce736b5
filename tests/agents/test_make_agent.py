"""make_agent: every agent name, the levels, settings and plug-in classes; clear errors otherwise."""

from __future__ import annotations

import sys
import types

import pytest

import meeple
from meeple.agents import (AGENT_NAMES, LADDER, LEVELS, RandomAgent, choose_action, level_iterations,
                           level_iterations_from_players, make_agent)
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core import UnknownGame

GAME = "cube-europe"


def test_builtin_names() -> None:
    assert isinstance(make_agent("random", GAME, 1), RandomAgent)
    for name in ("ismcts", "normal", "hard"):
        assert name in AGENT_NAMES
        agent = make_agent(name, GAME, 1)
        assert isinstance(agent, ISMCTSAgent)
    assert make_agent("hard", "citadels").iterations == LEVELS["hard"]["iterations"]
    assert make_agent("normal", GAME).iterations < make_agent("hard", GAME).iterations
    assert make_agent("ismcts", "citadels").iterations == LEVELS["normal"]["iterations"]


@pytest.mark.parametrize("game_id", ["citadels", "cube-europe", "gods-playground", "kingsburg", "versailles"])
def test_a_game_may_set_its_levels_budgets(game_id: str) -> None:
    """``bots.LEVEL_ITERATIONS`` replaces ``LEVELS``' shared budget for that game; settings given still win."""
    own = level_iterations(game_id)
    assert set(own) <= set(LEVELS)
    budgets = {level: own.get(level, LEVELS[level]["iterations"]) for level in LEVELS}
    assert budgets["normal"] < budgets["hard"]  # the ladder still climbs
    assert make_agent("normal", game_id).iterations == budgets["normal"] == make_agent("ismcts", game_id).iterations
    assert make_agent("hard", game_id).iterations == budgets["hard"]
    assert make_agent("hard:iterations=7", game_id).iterations == 7
    assert make_agent("hard:seconds=1", game_id).iterations is None


@pytest.mark.parametrize("game_id", ["citadels", "cube-europe", "gods-playground", "kingsburg", "versailles"])
def test_a_level_may_search_longer_at_larger_tables(game_id: str) -> None:
    """``bots.LEVEL_ITERATIONS_FROM_PLAYERS``: from a player count on, a level's budget is raised, read from
    the table at each move; a budget named in the agent's settings is kept at every count."""
    game = meeple.games()[game_id]
    for level, tables in level_iterations_from_players(game_id).items():
        agent = make_agent(level, game_id)
        base = agent.iterations
        for least, budget in tables.items():
            assert game.min_players <= least <= game.max_players and budget > base
            assert agent.iterations_at(least) == budget and agent.iterations_at(least - 1) != budget
            assert make_agent(f"{level}:iterations=7", game_id).iterations_at(least) == 7
        below_hard = make_agent("hard", game_id)
        for players in range(game.min_players, game.max_players + 1):
            if level == "normal":  # the ladder still climbs at every count
                assert agent.iterations_at(players) < below_hard.iterations_at(players)


def test_the_budget_at_a_table_is_what_a_move_searches() -> None:
    """The agent reads the player count from the state it is asked about: Kingsburg's ``normal`` runs 500
    iterations a move at 2 players and 2,000 at 5 (from 3 on) (the budget is not spent early: a forced stop only when
    the rest cannot change the move)."""
    assert level_iterations_from_players("kingsburg") == {"normal": {3: 2000}}
    agent = make_agent("normal", "kingsburg", 1)
    for players, budget in ((2, 500), (5, 2000)):
        state = meeple.load("kingsburg", players=players).new_game(seed=2)
        while len(state.legal_actions(state.to_move()[0])) < 2:
            player = state.to_move()[0]
            state.apply(state.legal_actions(player)[0], player)
        agent.search(state.determinize(state.to_move()[0], 0), state.to_move()[0])
        assert agent.iterations == budget and 0 < agent.last_iterations <= budget


def test_bad_budgets_for_larger_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="player counts"):
        ISMCTSAgent(iterations=10, iterations_from_players={0: 5})
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSAgent(seconds=1.0, iterations_from_players={5: 5})


def test_versailles_levels_search_longer_than_the_shared_budget() -> None:
    # an iteration costs about 0.1 ms there: the shared 500 left normal level with easy (docs/agents.md)
    assert make_agent("normal", "versailles").iterations > LEVELS["normal"]["iterations"]
    assert make_agent("hard", "versailles").iterations > LEVELS["hard"]["iterations"]


def test_the_ladder() -> None:
    """Four levels, weakest first; easy is the game's heuristic player, normal and hard the searches."""
    assert LADDER == ("random", "easy", "normal", "hard") and set(LADDER) <= set(AGENT_NAMES)
    assert set(LEVELS) == {"normal", "hard"} and LEVELS["normal"]["iterations"] < LEVELS["hard"]["iterations"]
    easy, heuristic = make_agent("easy", GAME, 5), make_agent("heuristic", GAME, 5)
    assert type(easy) is type(heuristic) and type(easy).__module__ == "meeple.games.cube_europe.bots"
    state = meeple.load(GAME, players=2).new_game(seed=3)
    for _ in range(12):  # the same player: the same moves from the same seed
        player = state.to_move()[0]
        move = choose_action(easy, state, player)
        assert move == choose_action(heuristic, state, player)
        state.apply(move, player)


@pytest.mark.parametrize("name", ["easy:iterations=100", "easy:rollout=heuristic", "heuristic:depth=3", "random:x=1"])
def test_plain_agents_refuse_settings(name: str) -> None:
    with pytest.raises(UnknownGame) as err:
        make_agent(name, GAME)
    assert err.value.message.id == "agents.no_settings"
    assert "takes no settings" in str(err.value) and "normal, hard" in str(err.value)


def test_heuristic_is_the_games_bot() -> None:
    bot = make_agent("heuristic", GAME, 2)
    assert type(bot).__module__ == "meeple.games.cube_europe.bots"


def test_settings() -> None:
    a = make_agent("ismcts:seconds=0.5:rollout=heuristic:depth=30", GAME, 4)
    assert (a.iterations, a.seconds, a.rollout, a.rollout_depth) == (None, 0.5, "heuristic", 30)
    b = make_agent("hard:exploration=1.2", GAME)
    assert b.exploration == 1.2 and b.iterations == make_agent("hard", GAME).iterations
    assert make_agent("ismcts:iterations=7", GAME).iterations == 7
    tuned = make_agent("hard", GAME)  # the game's recommended search settings, the level's budget
    assert (tuned.rollout_depth, tuned.leaf) == (4, "heuristic") and tuned.iterations == level_iterations(GAME)["hard"]
    assert make_agent("hard:leaf=score:depth=9", GAME).leaf == "score"  # given settings win
    assert make_agent("ismcts:opponents=heuristic", GAME).opponents == "heuristic"
    assert make_agent("ismcts", GAME).opponents == "search"
    c = make_agent("ismcts:seconds=1:clock=cpu", GAME)
    assert (c.seconds, c.clock, c.iterations) == (1.0, "cpu", None)


@pytest.mark.parametrize("name", [
    "", "alphazero", "ismcts:iterations=many", "ismcts:speed=3", "ismcts:rollout=smart", "ismcts:iterations=0",
    "ismcts:seconds=1:clock=sundial", "ismcts:opponents=psychic",
    "no_such_module_xyz:Agent", "meeple.agents:NoSuchClass",
])
def test_bad_names_say_what_is_valid(name: str) -> None:
    with pytest.raises(UnknownGame) as err:
        make_agent(name, GAME)
    assert str(err.value)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        make_agent("ismcts", "no-such-game")


def test_plugin_class(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("my_test_agents")

    class FirstAgent:
        def __init__(self, seed: int = 0, game_id: str | None = None) -> None:
            self.seed, self.game_id = seed, game_id

        def act(self, observation, legal_actions):
            assert observation["player"] in (0, 1)
            return legal_actions[0]

    class NoAct:
        pass

    module.FirstAgent, module.NoAct = FirstAgent, NoAct  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "my_test_agents", module)
    agent = make_agent("my_test_agents:FirstAgent", GAME, 5)
    assert (agent.seed, agent.game_id) == (5, GAME)
    state = meeple.load(GAME, players=2).new_game(seed=1)
    p = state.to_move()[0]
    assert choose_action(agent, state, p) == state.legal_actions(p)[0]
    with pytest.raises(UnknownGame, match="act"):
        make_agent("my_test_agents:NoAct", GAME)


def test_cube_europe_solo_levels_hand_their_games_to_the_planner_with_their_budgets():
    """Solo, ISMCTS scored below the heuristic; normal and hard plan instead, hard with 4x the work."""
    import meeple
    from meeple.agents.ismcts import Planned

    state = meeple.load("cube-europe", players=1).new_game(seed=5)
    seat = state.to_move()[0]
    normal = make_agent("normal", "cube-europe", seed=1)
    hard = make_agent("hard", "cube-europe", seed=1)
    assert isinstance(normal.begin(state, seat), Planned) and isinstance(hard.begin(state, seat), Planned)
    assert (normal.solo.candidates, normal.solo.samples) == (6, 12)
    assert (hard.solo.candidates, hard.solo.samples) == (12, 24)
    searched = make_agent("normal:solo=search", "cube-europe", seed=1)
    assert searched.solo is None and not isinstance(searched.begin(state, seat), Planned)

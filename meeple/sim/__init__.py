"""Play games out between agents, many at a time, and summarise the results.

>>> game = meeple.load("cube-europe", players=2)
>>> record = play_game(game, seed=1, agents=["random", "heuristic"])
>>> records = simulate(game, games=100, seed=0, agents=["random", "heuristic"])
>>> summary = summarize(records)
"""

from meeple.sim.playout import AgentSpec, agent_seed, check_agents, lineup, play_game, simulate
from meeple.sim.stats import Summary, summarize, write_jsonl

__all__ = [
    "AgentSpec", "agent_seed", "check_agents", "lineup", "play_game", "simulate", "Summary",
    "summarize", "write_jsonl",
]

"""Play a meeple game through PettingZoo's AEC API with masked random actions.

    python examples/pettingzoo_random.py cube-europe 3
"""

from __future__ import annotations

import sys

import numpy as np

from meeple.adapters.pettingzoo import env as make_env


def main(game_id: str = "cube-europe", players: int = 2, seed: int = 0) -> dict[str, float]:
    env = make_env(game_id, players=players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        env.step(action)
    print(f"{game_id}, {players} players: final rewards {totals}")
    return totals


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cube-europe", int(sys.argv[2]) if len(sys.argv) > 2 else 2)

"""Throughput of random Versailles play on one core (player actions per CPU second, chance excluded;
CPU time, not wall time, so that other processes on the machine do not distort it).

    python tools/versailles_bench.py [players] [games]
"""

from __future__ import annotations

import sys
import time

import meeple
from meeple.core import Rng


def run(players: int = 3, games: int = 200) -> tuple[int, float]:
    game = meeple.load("versailles", players=players)
    actions = 0
    t0 = time.process_time()
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = Rng(seed + 12345)
        while not state.is_over():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(legal[rng.randbelow(len(legal))], p)
            actions += 1
    return actions, time.process_time() - t0


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    g = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    actions, secs = run(n, g)
    print(f"{n} players, {g} games: {actions} actions in {secs:.2f}s = {actions / secs:,.0f} random actions/s")

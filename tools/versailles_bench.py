"""Throughput of random Versailles play on one core (player actions per CPU second, chance excluded).

    python tools/versailles_bench.py [players] [games] [repeats]

CPU time (``time.process_time``), not wall time, so that other processes on a shared machine
distort it less; the run is repeated and the best and the median repeat are printed.
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


def reference_loop() -> float:
    """CPU seconds of a fixed pure-Python loop (10 million additions): how fast this machine is now."""
    t0 = time.process_time()
    x = 0
    for i in range(10_000_000):
        x += i
    return time.process_time() - t0


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    g = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    k = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    rates = []
    for _ in range(k):
        actions, secs = run(n, g)
        rates.append(actions / secs)
    rates.sort()
    print(f"{n} players, {g} games x {k}: {actions} actions per repeat; random actions/s "
          f"best {rates[-1]:,.0f}, median {rates[len(rates) // 2]:,.0f}; "
          f"reference loop {reference_loop():.2f} CPU s")

"""Thinking time of the search levels: CPU seconds per decision, for every game at its smallest and
largest player count (issue 25: ``normal`` ≤ 1 s and ``hard`` ≤ 3 s per decision on one free core).

Positions come from a seeded random game, spread over its length; at each, the level searches once
for the seat to move (forced moves, with one legal action, are skipped: they cost nothing). CPU time
(``time.process_time``) is what one free core would take; wall time is printed beside it because the
machine may be shared.

    python benchmarks/thinking_time.py                          # every game, normal and hard
    python benchmarks/thinking_time.py --levels hard --positions 12 --out benchmarks/results/thinking-time.json

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.core import CHANCE


def positions(game_id: str, players: int, count: int, seed: int) -> list[Any]:
    """``count`` positions of one seeded random game where the seat to move has a real choice."""
    state = meeple.load(game_id, players=players).new_game(seed=seed)
    chooser = random.Random(seed)
    seen: list[Any] = []
    while not state.is_over():
        movers = [p for p in state.to_move() if p != CHANCE]
        seat = movers[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            seen.append((state.clone(), seat))
        state.apply(chooser.choice(legal), seat)
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def measure(game_id: str, players: int, level: str, count: int, seed: int) -> dict[str, Any]:
    cpu, wall = [], []
    for i, (state, seat) in enumerate(positions(game_id, players, count, seed)):
        agent = make_agent(level, game_id, seed=seed + i)
        c0, w0 = time.process_time(), time.perf_counter()
        agent.act_on_state(state, seat)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {"game": game_id, "players": players, "level": level, "positions": len(cpu),
            "cpu_mean": sum(cpu) / len(cpu), "cpu_max": max(cpu), "wall_mean": sum(wall) / len(wall)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: every game)")
    parser.add_argument("--players", default=None, help="comma-separated player counts (default: smallest and largest)")
    args = parser.parse_args()
    rows = []
    print(f"{'game':16} {'players':>7} {'level':>7} {'positions':>9} {'cpu mean':>9} {'cpu max':>8} {'wall mean':>9}")
    wanted = set(args.games.split(",")) if args.games else None
    for game_id, info in meeple.games().items():
        if wanted is not None and game_id not in wanted:
            continue
        counts = ({int(n) for n in args.players.split(",")} if args.players
                  else {max(2, info.min_players), info.max_players})
        for players in sorted(n for n in counts if info.min_players <= n <= info.max_players):
            for level in args.levels.split(","):
                row = measure(game_id, players, level, args.positions, args.seed)
                rows.append(row)
                print(f"{game_id:16} {players:>7} {level:>7} {row['positions']:>9} {row['cpu_mean']:>8.2f}s "
                      f"{row['cpu_max']:>7.2f}s {row['wall_mean']:>8.2f}s", flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""ISMCTS speed: iterations per second for every registered game, on one core.

For each game and player count, positions are taken from a random game (spread over its length);
from each, one ISMCTS search of ``--iterations`` iterations is run for the seat to move. Reported:
iterations per second of wall time and per second of this process's CPU time (the two differ when
the machine is shared: CPU time is what one dedicated core would give), the mean cost of one
``determinize`` on those positions, and the share of the search time it takes.

    python benchmarks/ismcts.py                                 # every game, default player counts
    python benchmarks/ismcts.py --game citadels --players 4     # the issue's target: >= 5,000 it/s
    python benchmarks/ismcts.py --agent ismcts:rollout_depth=0  # tree only, leaves scored at once
    python benchmarks/ismcts.py --profile --game citadels --players 4   # where the time goes

A benchmark, not a test: the figures depend on the machine and on its load.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import sys
import time
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.core import CHANCE, Rng, State

DEFAULT_PLAYERS = {"citadels": 4, "cube-europe": 2, "kingsburg": 4, "versailles": 2, "gods-playground": 3}


def positions(game: Any, seed: int, count: int) -> list[tuple[State, int]]:
    """``count`` (state, seat to move) pairs spread over one random game, seats with a real choice only."""
    state = game.new_game(seed=seed)
    rng = Rng(seed)
    trail: list[tuple[State, int]] = []
    while state.to_move():
        movers = [p for p in state.to_move() if p != CHANCE]
        p = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(p)
        if len(legal) > 1:
            trail.append((state.clone(), p))
        state.apply(legal[rng.randbelow(len(legal))], p)
    if not trail:
        return []
    return [trail[int(i * len(trail) / count)] for i in range(count)]


def bench(game_id: str, players: int, agent_spec: str, iterations: int, count: int, seed: int) -> dict[str, Any]:
    game = meeple.load(game_id, players=players)
    spots = positions(game, seed, count)
    spec = f"{agent_spec}:iterations={iterations}"
    agent = make_agent(spec, game_id, seed)
    wall = cpu = 0.0
    its = 0
    for state, p in spots:
        w0, c0 = time.perf_counter(), time.process_time()
        agent.search(state, p)
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        its += agent.last_iterations
    w0, c0 = time.perf_counter(), time.process_time()
    for k, (state, p) in enumerate(spots * 20):
        state.determinize(p, k)
    det_cpu_us = (time.process_time() - c0) / (len(spots) * 20) * 1e6
    return {
        "game": game_id, "players": players, "agent": spec, "positions": len(spots), "iterations": its,
        "it_per_s_wall": its / wall if wall else 0.0, "it_per_s_cpu": its / cpu if cpu else 0.0,
        "determinize_us_cpu": det_cpu_us, "determinize_share": det_cpu_us * 1e-6 * its / cpu if cpu else 0.0,
    }


def pin_to_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = sorted(os.sched_getaffinity(0))[0]
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--players", type=int, help="player count (default: a typical count per game)")
    ap.add_argument("--agent", default="ismcts", help="agent spec without a budget (default: ismcts)")
    ap.add_argument("--iterations", type=int, default=200, help="iterations per search (default 200)")
    ap.add_argument("--positions", type=int, default=6, help="positions per game (default 6)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile", action="store_true", help="print the top functions by own time")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    catalogue = meeple.games()
    ids = args.game or list(catalogue)
    pinned = pin_to_one_core()
    print(f"ISMCTS speed, Python {platform.python_version()}, {pinned}, agent {args.agent}, "
          f"{args.iterations} iterations x {args.positions} positions")
    header = f"{'game':<17}{'players':>8}{'it/s (wall)':>13}{'it/s (CPU)':>12}{'determinize µs':>16}{'of search':>11}"
    print(header)
    print("-" * len(header))
    results = []
    for gid in ids:
        info = catalogue[gid]
        n = args.players or DEFAULT_PLAYERS.get(gid, info.min_players)
        n = min(max(n, info.min_players), info.max_players)
        prof = cProfile.Profile() if args.profile else None
        if prof:
            prof.enable()
        r = bench(gid, n, args.agent, args.iterations, args.positions, args.seed)
        if prof:
            prof.disable()
        results.append(r)
        print(f"{gid:<17}{n:>8}{r['it_per_s_wall']:>13,.0f}{r['it_per_s_cpu']:>12,.0f}"
              f"{r['determinize_us_cpu']:>16,.0f}{r['determinize_share']:>11.0%}", flush=True)
        if prof:
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
            print(out.getvalue())
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"python": platform.python_version(), "pinned": pinned, "argv": sys.argv[1:], "results": results}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

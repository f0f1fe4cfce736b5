"""The coach's review: CPU seconds of a whole game's review of one seat, per game (the target: 15 s on one core).

For each game at its largest typical table (Citadels 4p, God's Playground 3p, Kingsburg 4p, Versailles
3p, Cube Europe 2p), a game is played by the game's heuristic bots in every seat (seed 42), then each
seat's review (``meeple.agents.review.review``, what the browser's "Review my moves" runs, at the game's
budget ``review_iterations``) is timed in CPU seconds of this process (what one free core gives; the
process is pinned to one core). Reported per game: the positions reviewed, how many of them needed the
searches of their own (a barely-tried move played), the blunders found, and the slowest seat's time.

    python benchmarks/review_time.py                                   # every game, every seat
    python benchmarks/review_time.py --game citadels --seats 0         # one game, the first seat
    python benchmarks/review_time.py --json benchmarks/results/review-time-2026-12-06.json

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

import meeple
from meeple.agents import choose_action, make_agent
from meeple.agents import review as reviewing
from meeple.agents.review import FEW_VISITS, decisions, review, review_iterations
from meeple.core import CHANCE, State

TABLES = {"citadels": 4, "gods-playground": 3, "kingsburg": 4, "versailles": 3, "cube-europe": 2}
"""Each game's largest typical table."""

TARGET_SECONDS = 15.0


def heuristic_game(game_id: str, players: int, seed: int) -> State:
    """A whole game played by the game's heuristic bots in every seat."""
    state = meeple.load(game_id, players=players).new_game(seed=seed)
    bots = [make_agent("heuristic", game_id, seed + p) for p in range(players)]
    while not state.is_over():
        seat = next(p for p in state.to_move() if p != CHANCE)
        state.apply(choose_action(bots[seat], state, seat), seat)
    return state


def time_review(finished: State, seat: int, iterations: int | None) -> dict[str, Any]:
    """One seat's review, timed (CPU and wall seconds), with its positions, searches of their own, blunders."""
    positions = len(decisions(finished, {seat}))
    judged = []
    plain = reviewing.judge_move

    def counted(*args: Any, **kwargs: Any) -> Any:  # count the searches of their own (two per position)
        judged.append(1)
        return plain(*args, **kwargs)
    reviewing.judge_move = counted
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        found = review(finished, seat, None, iterations)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
    finally:
        reviewing.judge_move = plain
    return {"seat": seat, "positions": positions, "judged_positions": len(judged) // 2,
            "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "judged_blunders": sum(1 for b in found if b.judged), "blunders": len(found),
            "drops": [round(b.drop, 3) for b in found]}


def pin_to_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = sorted(os.sched_getaffinity(0))[-1]
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="*", help="game ids (default: the five games of TABLES)")
    ap.add_argument("--seats", default="all", help="'all' (default) or one seat number (from 0)")
    ap.add_argument("--iterations", type=int, help="search iterations per position (default: the game's review budget)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--json", metavar="FILE", help="write the figures here")
    args = ap.parse_args(argv)
    pinned = pin_to_one_core()
    print(f"Review time, Python {platform.python_version()}, {pinned}, heuristic games seed {args.seed}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<17}{'players':>8}{'iterations':>11}{'positions':>10}{'blunders':>9}{'slowest CPU s':>15}{'wall s':>8}")
    results = []
    for game_id in args.game or list(TABLES):
        players = TABLES.get(game_id, 2)
        finished = heuristic_game(game_id, players, args.seed)
        seats = range(players) if args.seats == "all" else [int(args.seats)]
        per_seat = [time_review(finished, seat, args.iterations) for seat in seats]
        slowest = max(per_seat, key=lambda r: r["cpu_s"])
        iterations = args.iterations or review_iterations(game_id)
        results.append({"game": game_id, "players": players, "iterations": iterations, "few_visits": FEW_VISITS,
                        "slowest_cpu_s": slowest["cpu_s"], "within_target": slowest["cpu_s"] <= TARGET_SECONDS,
                        "seats": per_seat})
        print(f"{game_id:<17}{players:>8}{iterations:>11}{slowest['positions']:>10}{slowest['blunders']:>9}"
              f"{slowest['cpu_s']:>15.1f}{slowest['wall_s']:>8.1f}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"python": platform.python_version(), "pinned": pinned, "argv": sys.argv[1:],
                       "load_average_end": round(os.getloadavg()[0], 2), "target_cpu_s": TARGET_SECONDS,
                       "command": "python benchmarks/review_time.py" + "".join(f" {a}" for a in sys.argv[1:]),
                       "results": results}, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Strength of agents: play a line-up many times with seats rotated; win shares with 95% confidence.

A benchmark, not a test (it uses ``meeple.sim.play_game`` only, so it works while ``meeple simulate``
is being written). Every game ``i`` is played from seed ``seed + i``; the first agent sits in seat
``i mod players`` and the others fill the remaining seats in order, so the agent under test sits in
every seat equally often. Records are appended to ``--out`` as JSON lines as they finish (so a long
run can be stopped and resumed with ``--resume``; ``--deadline SECONDS`` stops it itself after that much
wall time, keeping every finished game and dropping the ones under way), and the summary is printed at
the end::

    python benchmarks/strength.py cube-europe --players 2 --agents ismcts:iterations=400,heuristic \
        --games 40 --jobs 2 --out runs/cube2.jsonl

With ``--paired`` each seed is played once per seat rotation instead: game ``i`` uses seed
``seed + i // players`` with the agent under test in seat ``i mod players`` (the others in the other
seats, in order), so every agent meets the same deals in every seat and a score margin can be paired
per seed (``benchmarks/ladder.py``). Its records carry ``"paired": true`` and ``index`` = the game
number; ``--resume`` works the same::

    python benchmarks/strength.py kingsburg --players 2 --agents normal,easy --games 60 --paired \
        --out benchmarks/results/kingsburg-2p-normal-vs-easy-paired.jsonl

The win share of an agent is (games it won) / (games it played); a shared win counts 1/k for each of
the k winners, so shares add up to 1 per game. The "fair share" is 1/players. Intervals are Wilson
95% intervals on the per-game win indicator of the agent under test (ties counted fractionally).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

import meeple
from meeple.sim import play_game


def seats_for(agents: list[str], players: int, index: int) -> list[str]:
    """Agent 0 in seat ``index % players``; the other agents cycle through the other seats."""
    others = agents[1:] or agents[:1]
    lineup: list[str] = []
    k = 0
    for s in range(players):
        if s == index % players:
            lineup.append(agents[0])
        else:
            lineup.append(others[(k + index // players) % len(others)])
            k += 1
    return lineup


def schedule(agents: list[str], players: int, games: int, seed: int, paired: bool = False) -> list[tuple[int, int, list[str]]]:
    """``(index, seed, lineup)`` of each game. Unpaired: game i on seed ``seed + i`` (index = that seed);
    paired: game i on seed ``seed + i // players`` (index = i), the agent under test in seat ``i mod players``.

    >>> schedule(["a", "b"], 2, 4, 10, paired=True)
    [(0, 10, ['a', 'b']), (1, 10, ['b', 'a']), (2, 11, ['a', 'b']), (3, 11, ['b', 'a'])]
    """
    if paired:
        return [(i, seed + i // players, seats_for(agents, players, i)) for i in range(games)]
    return [(seed + i, seed + i, seats_for(agents, players, i)) for i in range(games)]


def _play(job: tuple[str, int, dict[str, Any], int, int, list[str], bool]) -> dict[str, Any]:
    game_id, players, options, index, seed, lineup, paired = job
    game = meeple.load(game_id, players=players, **options)
    rec = play_game(game, seed, lineup)
    rec["index"] = index
    if paired:
        rec["paired"] = True
    return rec


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per agent name: seat-games, win share (shared wins split), 95% interval, mean score."""
    table: dict[str, dict[str, Any]] = {}
    for rec in records:
        winners = rec["winners"]
        for s, name in enumerate(rec["agents"]):
            row = table.setdefault(name, {"agent": name, "seat_games": 0, "wins": 0.0, "score": 0.0})
            row["seat_games"] += 1
            row["wins"] += (1.0 / len(winners)) if s in winners else 0.0
            row["score"] += rec["scores"][s]
    out = []
    for row in table.values():
        n = row["seat_games"]
        lo, hi = wilson(row["wins"], n)
        out.append({"agent": row["agent"], "seat_games": n, "win_share": row["wins"] / n,
                    "ci95": [lo, hi], "mean_score": row["score"] / n})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--agents", required=True, help="comma-separated; the first is the agent under test")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--out", help="append JSON-line records here")
    ap.add_argument("--resume", action="store_true", help="skip games already in --out")
    ap.add_argument("--deadline", type=float, default=None, metavar="SECONDS",
                    help="stop after this much wall time: finished games are kept, the ones under way dropped "
                         "(--resume plays them later)")
    ap.add_argument("--paired", action="store_true",
                    help="each seed once per seat rotation: game i on seed SEED + i // players, the first agent in "
                         "seat i %% players")
    args = ap.parse_args(argv)

    options: dict[str, Any] = {}
    for item in args.option:
        k, _, v = item.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    meeple.load(args.game, players=args.players, **options)  # fail early on bad input
    for a in dict.fromkeys(agents):
        meeple.agents.make_agent(a, args.game, 0)

    done: list[dict[str, Any]] = []
    if args.out and args.resume and Path(args.out).exists():
        with open(args.out, encoding="utf-8") as fh:
            done = [json.loads(line) for line in fh if line.strip()]
    if any(bool(r.get("paired")) != args.paired for r in done):
        ap.error(f"{args.out} holds {'un' if args.paired else ''}paired games: resume it "
                 f"{'without' if args.paired else 'with'} --paired, or write to another file")
    plan = schedule(agents, args.players, args.games, args.seed, args.paired)
    planned = {index: (seed, lineup) for index, seed, lineup in plan}
    for r in done:
        if r["index"] in planned and (r["seed"], r["agents"]) != planned[r["index"]]:
            ap.error(f"{args.out}: game {r['index']} is seed {r['seed']} {r['agents']}, this run's is "
                     f"seed {planned[r['index']][0]} {planned[r['index']][1]}: other --seed or --agents")
    have = {r["index"] for r in done}
    jobs = [(args.game, args.players, options, index, seed, lineup, args.paired)
            for index, seed, lineup in plan if index not in have]
    start = time.perf_counter()
    records = list(done)
    # games are written as they finish, in any order (a record carries its index); leaving the block
    # ends the workers, those still playing when the deadline passed included
    with (open(args.out, "a", encoding="utf-8") if args.out else contextlib.nullcontext() as out,
          multiprocessing.Pool(max(1, min(args.jobs, len(jobs) or 1))) as pool):
        finished = pool.imap_unordered(_play, jobs)
        for _ in jobs:
            left = None if args.deadline is None else args.deadline - (time.perf_counter() - start)
            try:
                rec = finished.next(timeout=left) if left is None or left > 0 else None
            except multiprocessing.TimeoutError:
                rec = None
            if rec is None:
                print(f"deadline: {len(records) - len(done)} games played, the ones under way dropped",
                      file=sys.stderr)
                break
            records.append(rec)
            if out:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            print(f"[{len(records)}/{args.games}] seed {rec['seed']}: {rec['agents']} "
                  f"scores {rec['scores']} winners {rec['winners']} ({rec['time']:.0f}s)", file=sys.stderr)
    fair = 1 / args.players
    print(f"{args.game}, {args.players} players, {len(records)} games, {time.perf_counter() - start:.0f}s "
          f"(fair share {fair:.0%})")
    for row in summarize(records):
        lo, hi = row["ci95"]
        print(f"  {row['agent']:45s} {row['seat_games']:4d} seat-games  win share {row['win_share']:6.1%} "
              f"[{lo:.1%}, {hi:.1%}]  x fair {row['win_share'] / fair:4.2f}  mean score {row['mean_score']:.1f}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())

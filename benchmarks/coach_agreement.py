"""The coach's agreement: how often a hint's first move is the move a search with 10× its budget plays.

Issue 38's target: the hint (``meeple.agents.coach.hint``: the ``hard`` level's budget for the game and
its tuned settings) agrees with a search of ten times that budget in at least 80 % of 100 positions per game.

Positions come from whole games played by the game's heuristic bots in every seat (seeds 1, 2, …, each
game at its usual table: ``TABLES``); from each game ``--per-game`` decisions are taken, evenly spaced
over the decisions that offer the seat at least two moves (a forced move agrees by itself, so it is not
counted). At each position the seat to move asks for a hint (seed 1) and the reference search runs with
10× the iterations on another seed (2), from the same seat's information only.

Recorded per position (JSON lines, one per position, resumable: positions already in the file are
skipped): both first moves, whether they agree, where the hint's move ranks in the reference, and the
reference's outcome for both moves with its standard error — a disagreement between two moves the long
search cannot tell apart is marked ``near`` (the gap is within two standard errors of the gap). The summary
also says how much the hint's move gives up by the long search's measure: its chance of winning (a solo
game's expected score) below the best move's, the share within 0.02 and the mean.

    python benchmarks/coach_agreement.py --game kingsburg --positions 100
    python benchmarks/coach_agreement.py --summary
    python benchmarks/coach_agreement.py --game gods-playground --positions 30 --budget 8000   # another budget
    python benchmarks/coach_agreement.py --game gods-playground --settings cutoff=blend   # other search settings

``--settings`` adds search settings to the coach's level for the hint and the reference alike (records
``coach-agreement-<game>-<n>p-<settings>.jsonl``): what the agreement would be if the coach searched so.

A benchmark, not a test: it takes about a minute a position in Citadels and Kingsburg on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import meeple
from meeple.agents import choose_action, make_agent
import meeple.agents.coach as coach
from meeple.agents.coach import coach_agent, hint
from meeple.core import CHANCE, State

TABLES = {"citadels": 4, "cube-europe": 2, "gods-playground": 3, "kingsburg": 2, "versailles": 2}
"""The table each game is measured at (God's Playground's smallest is 3)."""

RESULTS = Path(__file__).resolve().parent / "results"
TARGET = 0.80
SCALE = 10


def positions(game_id: str, players: int, count: int, per_game: int) -> Iterator[tuple[int, int, int, State]]:
    """``count`` decisions (game seed, decision number, seat, state) from heuristic games, ``per_game``
    from each, spread evenly over the decisions with at least two legal moves."""
    made = 0
    seed = 0
    while made < count:
        seed += 1
        state = meeple.load(game_id, players=players).new_game(seed=seed)
        bots = [make_agent("heuristic", game_id, seed * 10 + p) for p in range(players)]
        choices: list[tuple[int, int, State]] = []
        while not state.is_over():
            seat = next(p for p in state.to_move() if p != CHANCE)
            if len(state.legal_actions(seat)) > 1:
                choices.append((len(choices), seat, state.clone()))
            state.apply(choose_action(bots[seat], state, seat), seat)
        take = min(per_game, count - made, len(choices))
        for k in range(take):
            number, seat, position = choices[(2 * k + 1) * len(choices) // (2 * take)]
            yield seed, number, seat, position
        made += take


def measure(state: State, seat: int, iterations: int | None = None) -> dict[str, Any]:
    """The hint's first move and the 10× search's ranking of the same seat's moves; ``iterations``: the
    hint's budget (default the coach's, ``hard``'s for the game)."""
    iterations = int(iterations or coach_agent(state.game.id, 0).iterations_at(state.players))
    started = time.process_time()
    quick = hint(state, seat, seed=1, top=1, iterations=iterations)[0]
    middle = time.process_time()
    reference = hint(state, seat, seed=2, top=10**6, iterations=SCALE * iterations)
    ended = time.process_time()
    best = reference[0]
    rank = next(i for i, s in enumerate(reference) if s.action == quick.action)
    mine = reference[rank]
    gap = best.outcome - mine.outcome
    error = math.sqrt(best.standard_error ** 2 + mine.standard_error ** 2) if mine.visits else math.inf
    return {"hint": str(quick.action), "reference": str(best.action), "agree": rank == 0,
            "rank_in_reference": rank, "moves": len(reference),
            "reference_outcome": {"best": round(best.outcome, 4), "hint": round(mine.outcome, 4)},
            "reference_visits": {"best": best.visits, "hint": mine.visits},
            "near": rank == 0 or gap <= 2 * error,
            "iterations": {"hint": iterations, "reference": SCALE * iterations},
            "cpu_s": {"hint": round(middle - started, 2), "reference": round(ended - middle, 2)}}


def records(path: Path, budget: int) -> list[dict[str, Any]]:
    """The positions already measured at the hint's ``budget`` (records at an older budget are ignored)."""
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r["iterations"]["hint"] == budget]


def summary(path: Path, budget: int) -> dict[str, Any]:
    rows = records(path, budget)
    n = len(rows)
    agree = sum(r["agree"] for r in rows)
    near = sum(r["near"] for r in rows)
    low, high = wilson(agree, n)
    regret = [r["reference_outcome"]["best"] - r["reference_outcome"]["hint"] for r in rows]
    return {"game": rows[0]["game"] if rows else path.stem, "players": rows[0]["players"] if rows else 0,
            "positions": n, "agree": agree, "share": agree / n if n else 0.0, "interval": [low, high],
            "agree_or_near": near, "met": n >= 100 and agree / n >= TARGET, "iterations": budget,
            "within_2_in_100": sum(1 for x in regret if x <= 0.02), "mean_regret": sum(regret) / n if n else 0.0}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="*", help="game ids (default: all five)")
    ap.add_argument("--positions", type=int, default=100, help="positions per game")
    ap.add_argument("--per-game", type=int, default=10, help="positions taken from each heuristic game")
    ap.add_argument("--summary", action="store_true", help="only summarise the records already there")
    ap.add_argument("--budget", type=int, help="the hint's iterations (default: the coach's for the game)")
    ap.add_argument("--settings", default="", help="search settings added to the coach's level, e.g. cutoff=blend")
    args = ap.parse_args(argv)
    games = args.game or list(TABLES)
    suffix = ""
    if args.settings:
        make_agent(f"{coach.COACH_LEVEL}:{args.settings}", games[0])  # refuses settings that are not the search's
        coach.COACH_LEVEL = f"{coach.COACH_LEVEL}:{args.settings}"  # read by coach_agent at each hint
        suffix = "-" + args.settings.replace("=", "-").replace(":", "-")
    for game_id in games:
        players = TABLES.get(game_id, 2)
        path = RESULTS / f"coach-agreement-{game_id}-{players}p{suffix}.jsonl"
        budget = int(args.budget or coach_agent(game_id, 0).iterations_at(players))
        if not args.summary:
            done = {(row["game_seed"], row["decision"]) for row in records(path, budget)}
            for seed, number, seat, state in positions(game_id, players, args.positions, args.per_game):
                if (seed, number) in done:
                    continue
                row = {"game": game_id, "players": players, "game_seed": seed, "decision": number, "seat": seat,
                       "load_average": round(os.getloadavg()[0], 2), **measure(state, seat, budget)}
                with path.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
                print(f"{game_id} seed {seed} decision {number}: {'agree' if row['agree'] else 'differ'}"
                      f" (rank {row['rank_in_reference']} of {row['moves']}, {row['cpu_s']['reference']} s)", flush=True)
        if records(path, budget):
            s = summary(path, budget)
            print(f"{s['game']} {s['players']}p, hint {budget} iterations: {s['agree']}/{s['positions']} agree = {s['share']:.0%} "
                  f"(95% {s['interval'][0]:.0%}–{s['interval'][1]:.0%}); agree or within noise "
                  f"{s['agree_or_near']}/{s['positions']}; the hint's move within 2 in 100 of the best's chance "
                  f"{s['within_2_in_100']}/{s['positions']} (mean loss {s['mean_regret']:.3f}); target {TARGET:.0%} of 100: {'met' if s['met'] else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

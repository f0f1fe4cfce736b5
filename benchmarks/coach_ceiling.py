"""How steady the coach's reference is: per position, the hint (1x and 4x its budget) and two 10x searches
on different seeds, each ranking kept in full, for reading why a hint and the reference differ.

    python benchmarks/coach_ceiling.py gods-playground 12 benchmarks/results/coach-ceiling-gods-playground-3p.jsonl

Positions as in ``coach_agreement.py`` (3 per heuristic game). Each row: ``hint``, ``hint4``, ``refA``,
``refB`` — lists of [move, visits, outcome, value], best first — and their CPU seconds. Appends.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import coach_agreement  # noqa: E402

from meeple.agents.coach import coach_agent, hint  # noqa: E402


def main(argv: list[str]) -> int:
    game, count, out = argv[0], int(argv[1]), argv[2]
    players = coach_agreement.TABLES[game]
    budget = coach_agent(game, 0).iterations_at(players)
    runs = (("hint", 1, budget), ("hint4", 5, 4 * budget), ("refA", 2, 10 * budget), ("refB", 3, 10 * budget))
    with open(out, "a", encoding="utf-8") as fh:
        for seed, number, seat, state in coach_agreement.positions(game, players, count, 3):
            row: dict = {"game": game, "seed": seed, "decision": number, "seat": seat}
            for label, search_seed, iterations in runs:
                started = time.process_time()
                row[label] = [[str(s.action), s.visits, round(s.outcome, 4), round(s.value, 4)]
                              for s in hint(state, seat, seed=search_seed, top=99, iterations=iterations)]
                row[label + "_s"] = round(time.process_time() - started, 1)
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            print(seed, number, *(row[label][0][0] for label, _, _ in runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

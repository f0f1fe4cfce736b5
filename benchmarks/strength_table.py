"""Markdown rows for docs/agents.md from strength.py's JSON-line records.

    python benchmarks/strength_table.py benchmarks/results/*-ismcts-vs-heuristic.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import summarize  # noqa: E402


def main(paths: list[str]) -> int:
    print("| game | players | agent | seat-games | win share | 95% interval | × fair share | mean score |")
    print("|---|---|---|---|---|---|---|---|")
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            records = [json.loads(line) for line in fh if line.strip()]
        if not records:
            continue
        game, n = records[0]["game"], records[0]["players"]
        for row in summarize(records):
            lo, hi = row["ci95"]
            print(f"| {game} | {n} | `{row['agent']}` | {row['seat_games']} | {row['win_share']:.0%} | "
                  f"{lo:.0%}–{hi:.0%} | {row['win_share'] * n:.2f} | {row['mean_score']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

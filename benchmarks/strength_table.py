"""Markdown rows for docs/agents.md from strength.py's JSON-line records.

    python benchmarks/strength_table.py benchmarks/results/*-ismcts-vs-heuristic.jsonl
    python benchmarks/strength_table.py --margins benchmarks/results/*-ladder.jsonl

``--margins`` adds, for games where several agents sat at one table (a ladder: ``hard,normal,easy``), each
pair's mean score margin per game (the first agent's score minus the second's, in the same game) with a
95% interval (normal approximation on the per-game differences): a finer measure than win shares for
the same number of games. (Its ``*-ladder.jsonl`` records predate issue 38, when ``easy`` was a
100-iteration search; ``benchmarks/ladder.py`` reports the ladder of today from paired records, with the
margins paired per seed.)
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import summarize  # noqa: E402


def margins(records: list[dict]) -> list[tuple[str, str, int, float, float, float]]:
    """(first, second, games, mean margin, low, high) for every pair of agents that met in a game."""
    names = list(dict.fromkeys(name for rec in records for name in rec["agents"]))
    out = []
    for a, b in itertools.combinations(names, 2):
        diffs = []
        for rec in records:
            if a in rec["agents"] and b in rec["agents"]:
                score = dict(zip(rec["agents"], rec["scores"]))  # one seat each in a ladder
                diffs.append(score[a] - score[b])
        if len(diffs) < 2:
            continue
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        out.append((a, b, len(diffs), mean, mean - half, mean + half))
    return out


def main(paths: list[str]) -> int:
    show_margins = "--margins" in paths
    runs = []
    for path in paths:
        if path != "--margins":
            with open(path, encoding="utf-8") as fh:
                records = [json.loads(line) for line in fh if line.strip()]
            if records:
                runs.append(records)
    print("| game | players | agent | seat-games | win share | 95% interval | × fair share | mean score |")
    print("|---|---|---|---|---|---|---|---|")
    for records in runs:
        game, n = records[0]["game"], records[0]["players"]
        for row in summarize(records):
            lo, hi = row["ci95"]
            print(f"| {game} | {n} | `{row['agent']}` | {row['seat_games']} | {row['win_share']:.0%} | "
                  f"{lo:.0%}–{hi:.0%} | {row['win_share'] * n:.2f} | {row['mean_score']:.1f} |")
    if show_margins:
        print()
        print("| game | players | pair | games | mean score margin | 95% interval |")
        print("|---|---|---|---|---|---|")
        for records in runs:
            for a, b, games, mean, lo, hi in margins(records):
                print(f"| {records[0]['game']} | {records[0]['players']} | `{a}` − `{b}` | {games} | "
                      f"{mean:+.1f} | {lo:+.1f} to {hi:+.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""One head-to-head pilot's line: the first agent's win share (Wilson 95% interval) and its paired score
margin per seed (Student's t 95% interval) over the second, from ``benchmarks/strength.py --paired``
records of two agents (``benchmarks/ladder.py``'s arithmetic, for any two agent names)::

    python benchmarks/pilot_report.py benchmarks/results/pilot-kingsburg-2p-*-paired.jsonl
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ladder import pair_result, read
from strength import wilson


def line(path: str) -> str:
    records = read([path])
    first = records[0]["agents"]
    names = list(dict.fromkeys(a for r in records for a in r["agents"]))
    upper = next(r["agents"][r["index"] % r["players"]] for r in records)  # the agent under test
    lower = next(n for n in names if n != upper)
    result = pair_result(records, lower, upper)
    if result is None:
        return f"{path}: fewer than two seeds ({first})"
    wins = result.win_share * result.games
    lo, hi = wilson(wins, result.games)
    return (f"| `{upper}` | `{lower}` | {result.games} ({result.n} seeds) | {result.win_share:.0%} ({lo:.0%}–{hi:.0%}) "
            f"| {result.margin:+.1f} ({result.low:+.1f} to {result.high:+.1f}) | `{Path(path).name}` |")


if __name__ == "__main__":
    print("| agent | against | games | win share (95% interval) | paired score margin (95% interval) | record |")
    print("|---|---|---|---|---|---|")
    for p in sys.argv[1:]:
        print(line(p))

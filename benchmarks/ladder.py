"""Is each rung of the difficulty ladder above the one below it? A report from game records.

    python benchmarks/ladder.py benchmarks/results/bot-ratings-*.jsonl
    python benchmarks/ladder.py benchmarks/results/kingsburg-2p-normal-vs-easy-paired.jsonl

Reads JSON-line records (``benchmarks/strength.py``, best with ``--paired``; the rating tournaments of
``meeple ratings seed-bots --records``) and prints, per game and player count, for each adjacent pair of
the ladder (``random``–``easy``, ``easy``–``normal``, ``normal``–``hard``; ``heuristic`` counts as
``easy``, the same player) that met in a game:

* ``n``: the seeds on which the pair met (a seed's games are its seat rotations);
* the **paired score margin**: per seed, the mean over that seed's games of (the upper level's score
  − the lower level's; a level in several seats: the mean of its seats), then the mean over seeds with
  a 95% interval (Student's t on the per-seed margins: the seeds are the independent units);
* the upper level's **win share** in those games (a shared win split; several seats: their wins
  summed) against its **fair share** (its seats / players);
* the verdict **separated** iff the margin's lower bound is above 0 and the win share above the fair share.

Records from before issue 38 used ``easy`` for a 100-iteration search: do not mix them in.

    python benchmarks/ladder.py --shipped meeple/server/bot_ratings.json

prints the shipped anchor ratings instead: per game and band each level's μ, σ, shown rating and
games, and for each adjacent pair the gap in μ over its combined σ (``z``; "told apart" at z ≥ 2).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LADDER = ("random", "easy", "normal", "hard")  # meeple.agents.LADDER (kept here so the report runs alone)
ALIASES = {"heuristic": "easy"}
PAIRS = tuple(zip(LADDER, LADDER[1:]))

_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
         11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
         20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
         29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (table; the next smaller tabled
    df above 30, so the interval errs wide; 1.96 beyond 120).

    >>> t975(1), t975(10), t975(45), t975(1000)
    (12.706, 2.228, 2.021, 1.96)
    """
    if df < 1:
        raise ValueError("an interval needs at least two values")
    if df in _T975:
        return _T975[df]
    if df > 120:
        return 1.96
    return _T975[max(k for k in _T975 if k <= df)]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% interval of the mean, Student's t (needs two values or more).

    >>> mean_interval([1.0, 3.0])
    (2.0, -10.706, 14.706)
    """
    mean = statistics.fmean(values)
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, round(mean - half, 12), round(mean + half, 12))


def level_of(name: str) -> str:
    return ALIASES.get(name, name)


@dataclass(frozen=True)
class PairResult:
    """One adjacent pair of the ladder in one game and player count."""

    game: str
    players: int
    lower: str
    upper: str
    n: int              # seeds
    games: int
    margin: float       # mean over seeds of the upper level's score margin
    low: float
    high: float
    win_share: float    # the upper level's share of the wins in these games
    fair_share: float   # its seats / players, averaged over the games

    @property
    def separated(self) -> bool:
        return self.low > 0 and self.win_share > self.fair_share


def seed_margins(records: Iterable[dict[str, Any]], lower: str, upper: str) -> dict[int, list[float]]:
    """seed → the upper level's score margin over the lower in each game of that seed where both sat.

    >>> seed_margins([{"seed": 1, "agents": ["easy", "random"], "scores": [9, 2], "winners": [0]},
    ...               {"seed": 1, "agents": ["random", "heuristic"], "scores": [4, 8], "winners": [1]}], "random", "easy")
    {1: [7.0, 4.0]}
    """
    out: dict[int, list[float]] = {}
    for rec in records:
        seats = [level_of(a) for a in rec["agents"]]
        if lower in seats and upper in seats:
            out.setdefault(rec["seed"], []).append(_mean_score(rec, seats, upper) - _mean_score(rec, seats, lower))
    return out


def _mean_score(rec: dict[str, Any], seats: list[str], level: str) -> float:
    return statistics.fmean(float(rec["scores"][s]) for s, name in enumerate(seats) if name == level)


def pair_result(records: Sequence[dict[str, Any]], lower: str, upper: str) -> PairResult | None:
    """The pair's line of the report from one game and player count's records; None when the two
    levels met on fewer than two seeds."""
    by_seed = seed_margins(records, lower, upper)
    if len(by_seed) < 2:
        return None
    per_seed = [statistics.fmean(margins) for _, margins in sorted(by_seed.items())]
    mean, low, high = mean_interval(per_seed)
    wins = fair = 0.0
    games = 0
    for rec in records:
        seats = [level_of(a) for a in rec["agents"]]
        if lower not in seats or upper not in seats:
            continue
        games += 1
        winners = rec["winners"]
        wins += sum(1 / len(winners) for s in winners if seats[s] == upper)
        fair += seats.count(upper) / len(seats)
    first = records[0]
    return PairResult(first["game"], first["players"], lower, upper, len(per_seed), games, mean, low, high,
                      wins / games, fair / games)


def report(records: Sequence[dict[str, Any]]) -> list[PairResult]:
    """Every adjacent pair that met, per (game, players), in the ladder's order."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for rec in records:
        groups.setdefault((rec["game"], rec["players"]), []).append(rec)
    out = []
    for key in sorted(groups):
        for lower, upper in PAIRS:
            result = pair_result(groups[key], lower, upper)
            if result is not None:
                out.append(result)
    return out


def markdown(results: Sequence[PairResult]) -> str:
    lines = ["| game | players | pair | seeds | games | paired score margin (95% interval) | upper's win share | "
             "fair share | verdict |", "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r.game} | {r.players} | `{r.upper}` over `{r.lower}` | {r.n} | {r.games} | "
                     f"{r.margin:+.1f} ({r.low:+.1f} to {r.high:+.1f}) | {r.win_share:.0%} | {r.fair_share:.0%} | "
                     f"{'**separated**' if r.separated else 'not separated'} |")
    return "\n".join(lines)


def read(paths: Iterable[str]) -> list[dict[str, Any]]:
    records = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError:
                    continue  # a line cut short when a run was stopped
    return records


def shipped_table(data: dict[str, Any]) -> str:
    """The shipped ratings (``meeple/server/bot_ratings.json``) as a markdown table, ladder order."""
    lines = ["| game | band | games | " + " | ".join(f"`{level}` μ / σ (shown)" for level in LADDER)
             + " | " + " | ".join(f"{b} − {a}: z" for a, b in PAIRS) + " |",
             "|---|---|---|" + "---|" * (len(LADDER) + len(PAIRS))]
    for game, bands in sorted(data["games"].items()):
        for band, entry in sorted(bands.items()):
            lv = entry["levels"]
            cells = [f"{lv[x]['mu']:.1f} / {lv[x]['sigma']:.2f} ({round(1000 + 40 * (lv[x]['mu'] - 3 * lv[x]['sigma']))})"
                     if x in lv else "—" for x in LADDER]
            zs = []
            for a, b in PAIRS:
                if a in lv and b in lv:
                    z = (lv[b]["mu"] - lv[a]["mu"]) / math.hypot(lv[a]["sigma"], lv[b]["sigma"])
                    zs.append(f"{z:+.1f}" + (" told apart" if z >= 2 else ""))
                else:
                    zs.append("—")
            lines.append(f"| {game} | {band} | {entry['games']} | " + " | ".join(cells) + " | " + " | ".join(zs) + " |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--shipped":
        with open(argv[1], encoding="utf-8") as fh:
            print(shipped_table(json.load(fh)))
        return 0
    if not argv or any(a.startswith("-") for a in argv):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    print(markdown(report(read(argv))))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(sys.argv[1:]))

"""Summaries of simulation records: win rates per seat and per agent, scores, lengths, speed.

A shared win (a tie the rules leave standing) counts as a win for every seat in it, so win rates
can add up to more than 1; in a solo game the win rate is the share of games won.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Line:
    """Totals for one seat or one agent."""

    name: str
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0
    score_sq_sum: float = 0.0
    scores: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson 95% confidence interval of the win rate."""
        n = self.games
        if not n:
            return (0.0, 1.0)
        z = 1.959964
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def score_sd(self) -> float:
        """Standard deviation of the score (sample, n-1)."""
        n = self.games
        if n < 2:
            return 0.0
        return math.sqrt(max(0.0, (self.score_sq_sum - self.score_sum ** 2 / n) / (n - 1)))


@dataclass
class Summary:
    games: int = 0
    seats: list[Line] = field(default_factory=list)
    agents: list[Line] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    play_time: float = 0.0
    no_winner: int = 0

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def to_json(self) -> dict[str, Any]:
        def lines(ls: list[Line]) -> list[dict[str, Any]]:
            return [{"name": x.name, "games": x.games, "wins": x.wins, "win_rate": x.win_rate,
                     "win_interval": list(x.win_interval), "mean_score": x.mean_score} for x in ls]

        return {"games": self.games, "seats": lines(self.seats), "agents": lines(self.agents),
                "mean_length": self.mean_length, "no_winner": self.no_winner,
                "first_seat_advantage": self.first_seat_advantage}

    @property
    def first_seat_advantage(self) -> float | None:
        """The first seat's win rate divided by the average seat's (1.0: no advantage)."""
        if not self.seats or not self.games:
            return None
        mean = sum(x.win_rate for x in self.seats) / len(self.seats)
        return self.seats[0].win_rate / mean if mean else None


def summarize(records: Sequence[dict[str, Any]]) -> Summary:
    """Win rate and mean score per seat and per agent, game lengths and total play time."""
    summary = Summary()
    agent_lines: dict[str, Line] = {}
    for rec in records:
        n = rec["players"]
        while len(summary.seats) < n:
            s = len(summary.seats)
            summary.seats.append(Line(rec["seats"][s] if s < len(rec["seats"]) else f"seat {s + 1}"))
        winners = set(rec["winners"])
        if not winners:
            summary.no_winner += 1
        for s in range(n):
            won = s in winners
            score = rec["scores"][s]
            for line in (summary.seats[s], agent_lines.setdefault(rec["agents"][s], Line(rec["agents"][s]))):
                line.games += 1
                line.wins += won
                line.score_sum += score
                line.score_sq_sum += score * score
                line.scores.append(score)
        summary.games += 1
        summary.lengths.append(rec["length"])
        summary.play_time += rec.get("time", 0.0)
    summary.agents = list(agent_lines.values())
    return summary


def write_jsonl(path: str | os.PathLike[str], records: Iterable[dict[str, Any]]) -> Path:
    """Write one JSON record per line to ``path`` atomically: a temp file renamed when complete.

    If writing fails half-way, ``path`` is left as it was (absent or the previous complete file).
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for rec in records:
                fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target

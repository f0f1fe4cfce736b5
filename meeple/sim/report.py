"""A PNG report of a simulation: win share per agent and per seat (95% intervals), score distributions.

>>> write_report(records, "report.png")
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from meeple.sim.stats import summarize


def write_report(records: Sequence[dict[str, Any]], path: str | os.PathLike[str]) -> Path:
    """Draw the report with matplotlib (no display needed) and save it as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = summarize(records)
    game = records[0]["game"] if records else "?"
    players = records[0]["players"] if records else 0
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.6))
    for ax, lines, title in ((axes[0], summary.agents, "win share by agent"), (axes[1], summary.seats, "win share by seat")):
        names = [x.name for x in lines]
        rates = [x.win_rate for x in lines]
        lows = [max(0.0, x.win_rate - x.win_interval[0]) for x in lines]
        highs = [max(0.0, x.win_interval[1] - x.win_rate) for x in lines]
        ax.bar(names, rates, yerr=[lows, highs], capsize=6, color="#5b7fc7")
        if players > 1:
            ax.axhline(1 / players, color="#c0392b", linestyle="--", label="fair share")
            ax.legend()
        ax.set_ylim(0, 1)
        ax.set_title(title)
        ax.set_ylabel("win share (95% interval)")
    data = [x.scores for x in summary.agents]
    if any(data):
        axes[2].boxplot(data)
        axes[2].set_xticks(range(1, len(data) + 1), [x.name for x in summary.agents])
    axes[2].set_title("scores by agent")
    axes[2].set_ylabel("final score")
    fig.suptitle(f"{game}, {players} players, {summary.games} games (mean length {summary.mean_length:.0f} actions)")
    fig.tight_layout()
    target = Path(path)
    fig.savefig(target, dpi=100)
    plt.close(fig)
    return target

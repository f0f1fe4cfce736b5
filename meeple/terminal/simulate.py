"""``meeple simulate``: many games between agents with a progress bar, then a summary table."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from meeple.core import Game
from meeple.sim import summarize, write_jsonl
from meeple.sim.playout import iter_simulate


def run_simulation(
    console: Console, game: Game, games: int, seed: int, agents: list[str], jobs: int, out: Path | None,
    backend: str = "local", address: str | None = None, plot: Path | None = None,
) -> list[dict[str, Any]]:
    slots: list[dict[str, Any] | None] = [None] * games
    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(f"{game.info.name}, {game.players}p", total=games)
        for index, record in iter_simulate(game, games, seed=seed, agents=agents, jobs=jobs,
                                           backend=backend, address=address):
            slots[index] = record
            progress.advance(task)
    elapsed = time.perf_counter() - start
    records = [r for r in slots if r is not None]
    if out is not None:
        write_jsonl(out, records)
    console.print(summary_tables(game, records, elapsed, seed, jobs))
    if len(set(agents)) > 1 and games % len(agents):
        console.print(f"[yellow]Note:[/yellow] the {len(agents)} agents rotate one seat per game; a multiple of "
                      f"{len(agents)} games gives every agent every seat equally often.")
    if out is not None:
        console.print(f"{len(records)} records written to {out}")
    if plot is not None:
        from meeple.sim.report import write_report

        write_report(records, plot)
        console.print(f"report written to {plot}")
    return records


def summary_tables(game: Game, records: list[dict[str, Any]], elapsed: float, seed: int, jobs: int) -> Table:
    s = summarize(records)
    outer = Table.grid(padding=(1, 0))
    seats = Table(title="Per seat", title_justify="left")
    for name, just in (("seat", "left"), ("games", "right"), ("win rate", "right"), ("95% interval", "right"), ("mean score ± sd", "right")):
        seats.add_column(name, justify=just)  # type: ignore[arg-type]
    for i, line in enumerate(s.seats, 1):
        seats.add_row(f"{i} {line.name}", str(line.games), f"{line.win_rate:.1%}", interval(line),
                      f"{line.mean_score:.2f} ± {line.score_sd:.2f}")
    agents = Table(title="Per agent", title_justify="left")
    for name, just in (("agent", "left"), ("seat-games", "right"), ("win rate", "right"), ("95% interval", "right"), ("mean score ± sd", "right")):
        agents.add_column(name, justify=just)  # type: ignore[arg-type]
    for line in s.agents:
        agents.add_row(line.name, str(line.games), f"{line.win_rate:.1%}", interval(line),
                       f"{line.mean_score:.2f} ± {line.score_sd:.2f}")
    lengths = s.lengths or [0]
    rate = s.games / elapsed if elapsed > 0 else float("inf")
    totals = Table(title="Games", title_justify="left", show_header=False)
    totals.add_column(style="bold")
    totals.add_column(justify="right")
    totals.add_row("games", str(s.games))
    totals.add_row("seeds", f"{seed}–{seed + s.games - 1}" if s.games else "-")
    totals.add_row("game length (actions)", f"mean {s.mean_length:.1f}, min {min(lengths)}, max {max(lengths)}")
    totals.add_row("games without a winner", str(s.no_winner))
    if s.first_seat_advantage is not None and len(s.seats) > 1:
        totals.add_row("first-seat advantage", f"{s.first_seat_advantage:.2f}× the average seat's win rate")
    totals.add_row("wall time", f"{elapsed:.2f} s with {jobs} job{'s' if jobs != 1 else ''}")
    totals.add_row("games/s", f"{rate:.1f}")
    outer.add_row(seats)
    outer.add_row(agents)
    outer.add_row(totals)
    return outer


def interval(line: Any) -> str:
    low, high = line.win_interval
    return f"{low:.0%}–{high:.0%}"

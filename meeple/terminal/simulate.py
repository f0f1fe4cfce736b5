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
from meeple.core import i18n
from meeple.terminal.lang import agent_label, current, say


def run_simulation(
    console: Console, game: Game, games: int, seed: int, agents: list[str], jobs: int, out: Path | None,
    backend: str = "local", address: str | None = None, plot: Path | None = None,
) -> list[dict[str, Any]]:
    slots: list[dict[str, Any] | None] = [None] * games
    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn(say("cli.sim_games_unit")),
        TimeElapsedColumn(), TextColumn(say("cli.sim_eta")), TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(say("cli.sim_task", title=i18n.game_text(game.id, "title", game.info.name, current()), n=game.players), total=games)
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
        console.print(say("cli.sim_rotation_note", n=len(agents)))
    if out is not None:
        console.print(say("cli.sim_records_written", n=len(records), path=str(out)), markup=False)
    if plot is not None:
        from meeple.sim.report import write_report

        write_report(records, plot)
        console.print(say("cli.sim_report_written", path=str(plot)), markup=False)
    return records


def summary_tables(game: Game, records: list[dict[str, Any]], elapsed: float, seed: int, jobs: int) -> Table:
    s = summarize(records)
    outer = Table.grid(padding=(1, 0))
    seats = Table(title=say("cli.sim_per_seat"), title_justify="left")
    for name, just in (("cli.sim_col_seat", "left"), ("cli.sim_col_games", "right"), ("cli.sim_col_win_rate", "right"),
                       ("cli.sim_col_interval", "right"), ("cli.sim_col_mean", "right")):
        seats.add_column(say(name), justify=just)  # type: ignore[arg-type]
    for i, line in enumerate(s.seats, 1):
        seats.add_row(f"{i} {i18n.term(game.id, 'seat', i - 1, current()) or line.name}", str(line.games), f"{line.win_rate:.1%}", interval(line),
                      f"{line.mean_score:.2f} ± {line.score_sd:.2f}")
    agents = Table(title=say("cli.sim_per_agent"), title_justify="left")
    for name, just in (("cli.sim_col_agent", "left"), ("cli.sim_col_seat_games", "right"), ("cli.sim_col_win_rate", "right"),
                       ("cli.sim_col_interval", "right"), ("cli.sim_col_mean", "right")):
        agents.add_column(say(name), justify=just)  # type: ignore[arg-type]
    for line in s.agents:
        agents.add_row(agent_label(line.name), str(line.games), f"{line.win_rate:.1%}", interval(line),
                       f"{line.mean_score:.2f} ± {line.score_sd:.2f}")
    lengths = s.lengths or [0]
    rate = s.games / elapsed if elapsed > 0 else float("inf")
    totals = Table(title=say("cli.sim_games_title"), title_justify="left", show_header=False)
    totals.add_column(style="bold")
    totals.add_column(justify="right")
    totals.add_row(say("cli.sim_col_games"), str(s.games))
    totals.add_row(say("cli.sim_seeds"), f"{seed}–{seed + s.games - 1}" if s.games else "-")
    totals.add_row(say("cli.sim_length"), say("cli.sim_length_value", mean=f"{s.mean_length:.1f}", low=min(lengths),
                                              high=max(lengths)))
    totals.add_row(say("cli.sim_no_winner"), str(s.no_winner))
    if s.first_seat_advantage is not None and len(s.seats) > 1:
        totals.add_row(say("cli.sim_first_seat"), say("cli.sim_first_seat_value", ratio=f"{s.first_seat_advantage:.2f}"))
    totals.add_row(say("cli.sim_wall"), say("cli.sim_wall_value", seconds=f"{elapsed:.2f}", n=jobs))
    totals.add_row(say("cli.sim_rate"), f"{rate:.1f}")
    outer.add_row(seats)
    outer.add_row(agents)
    outer.add_row(totals)
    return outer


def interval(line: Any) -> str:
    low, high = line.win_interval
    return f"{low:.0%}–{high:.0%}"

"""``meeple review``: the blunders of a saved game by the coach's reckoning, with a progress bar.

Each line names the move, the seat, the move played and its value, the move the search preferred and
its value, and the search's top three there (``meeple.agents.review``). Moves are described from the
mover's side only (``describe(action, seat)``), as the mover saw them.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from meeple.agents.review import MIN_DROP, REVIEW_ITERATIONS, Blunder, decisions, review
from meeple.core import State, i18n
from meeple.terminal.common import seat_label
from meeple.terminal.lang import current, rich, say


def percent(value: float) -> str:
    return f"{value:.0%}"


def blunder_line(blunder: Blunder) -> Text:
    """One blunder in one line, in the terminal's language."""
    lang = current()
    before = blunder.position
    top = ", ".join(f"{s.action} {percent(s.value)}" for s in blunder.top)
    return rich(
        "cli.review_line", k=blunder.move, seat=seat_label(before, blunder.seat),
        played=before.describe(blunder.played, blunder.seat, lang), played_value=percent(blunder.played_value),
        best=before.describe(blunder.best, blunder.seat, lang), best_value=percent(blunder.best_value), top=top,
    )


def run_review(
    console: Console, saved: State, seat: int | None, *, top: int = 10, iterations: int | None = None,
    seed: int | None = None, min_drop: float = MIN_DROP,
) -> list[Blunder]:
    """Review ``saved`` for ``seat`` (every seat if None) and print the ``top`` worst blunders."""
    budget = iterations or REVIEW_ITERATIONS
    seats = set(range(saved.players)) if seat is None else {seat}
    total = len(decisions(saved, seats))
    if not total:
        console.print(say("cli.review_no_decisions"))
        return []
    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn(say("cli.review_positions_unit")),
        TimeElapsedColumn(), TextColumn(say("cli.sim_eta")), TimeRemainingColumn(),
    )
    title = i18n.game_text(saved.game.id, "title", saved.game.info.name, current())
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(say("cli.review_task", title=title), total=total)
        blunders = review(saved, seat, seed, budget, lambda done, _all: progress.update(task, completed=done),
                          min_drop=min_drop)
    if not blunders:
        console.print(say("cli.review_none", drop=percent(min_drop), n=total))
        return []
    console.print(say("cli.review_heading", drop=percent(min_drop), iterations=budget))
    for blunder in blunders[:top]:
        console.print(blunder_line(blunder), soft_wrap=True)
    if len(blunders) > top:
        console.print(Text(say("cli.review_more", n=len(blunders) - top), style="dim"))
    return blunders

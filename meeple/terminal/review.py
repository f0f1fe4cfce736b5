"""``meeple review``: the blunders of a saved game by the coach's reckoning, with a progress bar.

Each line names the move, the seat, the move played and its value in words ("wins about 3 in 10 from
here (sure)"), the move the search preferred and its value, and the search's top three there
(``meeple.agents.review``). Moves are described in the move list's sentences from the mover's side
only (``describe(action, seat)``), as the mover saw them, never as codes.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from meeple.agents.coach import Suggestion
from meeple.agents.review import Blunder, decisions, default_min_drop, review, review_iterations
from meeple.core import State, i18n
from meeple.terminal.common import seat_label
from meeple.terminal.lang import current, rich, say


def drop_words(drop: float, solo: bool, lang: str) -> str:
    """A least drop for the heading: "10 in 100 chances to win", or "3 points" in a solo game."""
    if solo:
        return i18n.render("coach.drop_points", {"n": round(drop)}, lang)
    return i18n.render("coach.drop_wins", {"k": round(drop * 100)}, lang)


def blunder_line(blunder: Blunder) -> Text:
    """One blunder in one line, in the terminal's language: the move list's sentences, values in words."""
    lang = current()
    before = blunder.position

    def said(rating: Suggestion) -> str:
        return f"{before.describe(rating.action, blunder.seat, lang)} — {rating.words(lang)}"
    return rich(
        "cli.review_line", k=blunder.move, seat=seat_label(before, blunder.seat),
        played=before.describe(blunder.played, blunder.seat, lang), played_value=blunder.played_rating.words(lang),
        best=before.describe(blunder.best, blunder.seat, lang), best_value=blunder.best_rating.words(lang),
        top=("；" if lang == "zh" else "; ").join(said(s) for s in blunder.top),
    )


def run_review(
    console: Console, saved: State, seat: int | None, *, top: int = 10, iterations: int | None = None,
    seed: int | None = None, min_drop: float | None = None,
) -> list[Blunder]:
    """Review ``saved`` for ``seat`` (every seat if None) and print the ``top`` worst blunders."""
    budget = iterations or review_iterations(saved.game.id)
    least = default_min_drop(saved) if min_drop is None else min_drop
    shown_drop = drop_words(least, saved.players == 1, current())
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
                          min_drop=least)
    if not blunders:
        console.print(say("cli.review_none", drop=shown_drop, n=total))
        return []
    console.print(say("cli.review_heading", drop=shown_drop, iterations=budget))
    for blunder in blunders[:top]:
        console.print(blunder_line(blunder), soft_wrap=True)
    if len(blunders) > top:
        console.print(Text(say("cli.review_more", n=len(blunders) - top), style="dim"))
    return blunders

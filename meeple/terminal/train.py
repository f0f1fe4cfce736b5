"""``meeple train``: self-play positions (the heuristic player's games, and a search's when asked), a
fitted value network per player count, a record, with progress.

The work is ``meeple.agents.training``'s; this module shows it (a progress bar per stage, a line per
network with its held-out error beside the search's cut-off value's) and writes the files.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from meeple.agents.training import (
    DEFAULT_SEARCH_PLAYER,
    Positions,
    Source,
    Trained,
    source_positions,
    train_value_network,
    training_sources,
)
from meeple.core import Game, i18n
from meeple.terminal.lang import current, say


def run_training(console: Console, games_to_train: list[Game], *, games: int, seed: int, hidden: tuple[int, ...],
                 out: Path, record: Path | None, target: str = "lead", search_games: int = 0,
                 search_player: str = DEFAULT_SEARCH_PLAYER) -> dict[int, dict]:
    """Train one network per game (player count) in ``games_to_train`` on ``games`` heuristic games and
    ``search_games`` games of ``search_player`` (``training_sources``), learning ``target``; write ``out``
    and ``record`` (per player count: ``fit_value_model``'s record and its ``sources``)."""
    from meeple.agents.value_model import save_value_models

    import sklearn  # noqa: F401  (fail before playing thousands of games, not after)

    models = {}
    records: dict[int, dict] = {}
    sources = training_sources(seed, games, search_games, search_player)
    for game in games_to_train:
        trained = _train_one(console, game, sources, seed=seed, hidden=hidden, target=target)
        rec = trained.record
        models[game.players] = trained.model
        records[game.players] = rec
        console.print(say("cli.train_result", players=game.players, target=target, mse=f"{rec['held_out_mse']:.4f}",
                          cutoff=f"{rec['cutoff_mse']:.4f}", picked=f"{(rec['winner_picked'] or 0):.0%}",
                          cutoff_picked=f"{(rec['cutoff_winner_picked'] or 0):.0%}", kib=rec["weights_bytes"] // 1024))
    save_value_models(out, models)
    console.print(say("cli.train_wrote", path=str(out)))
    if record is not None:
        record.write_text(json.dumps({str(k): v for k, v in records.items()}, indent=1) + "\n", encoding="utf-8")
        console.print(say("cli.train_wrote", path=str(record)))
    return records


def _train_one(console: Console, game: Game, sources: list[Source], *, seed: int, hidden: tuple[int, ...],
               target: str) -> Trained:
    """One player count's network, with a progress bar per source and one for the fit's epochs."""
    title = i18n.game_text(game.id, "title", game.info.name, current())
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    rows = 0
    fitting: TaskID | None = None
    with Progress(*columns, console=console, transient=False) as progress:

        def play(source: Source) -> Positions:
            nonlocal rows
            task = progress.add_task(say("cli.train_playing", title=title, players=game.players, player=source.player),
                                     total=source.games)
            data = source_positions(game.id, game.players, source,
                                    progress=lambda done: progress.update(task, completed=done))
            rows += len(data.targets)
            return data

        def epoch(done: int, _loss: float, _error: float) -> None:
            nonlocal fitting
            if fitting is None:
                fitting = progress.add_task(say("cli.train_fitting", positions=rows), total=None)
            progress.update(fitting, completed=done)

        return train_value_network(game.id, game.players, sources, seed=seed, hidden=hidden, target=target,
                                   positions=play, progress=epoch)

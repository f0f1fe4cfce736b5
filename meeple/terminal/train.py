"""``meeple train``: self-play positions, a fitted value network per player count, a record, with progress.

The work is ``meeple.agents.training``'s; this module shows it (a progress bar per stage, a line per
network with its held-out error beside the search's cut-off value's) and writes the files.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeple.core import Game, i18n
from meeple.terminal.lang import current, say


def run_training(console: Console, games_to_train: list[Game], *, games: int, seed: int, hidden: tuple[int, ...],
                 out: Path, record: Path | None) -> dict[int, dict]:
    """Train one network per game (player count) in ``games_to_train``; write ``out`` and ``record``."""
    from meeple.agents.training import fit_value_model, self_play_positions
    from meeple.agents.value_model import save_value_models

    import sklearn  # noqa: F401  (fail before playing thousands of games, not after)

    models = {}
    records: dict[int, dict] = {}
    for game in games_to_train:
        title = i18n.game_text(game.id, "title", game.info.name, current())
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=False) as progress:
            task = progress.add_task(say("cli.train_playing", title=title, players=game.players), total=games)
            data = self_play_positions(game.id, game.players, games, seed,
                                       progress=lambda done: progress.update(task, completed=done))
            fit = progress.add_task(say("cli.train_fitting", positions=len(data.targets)), total=None)
            model, rec = fit_value_model(data, hidden=hidden, seed=seed,
                                         progress=lambda epoch, _loss, _error: progress.update(fit, completed=epoch))
        models[game.players] = model
        records[game.players] = rec
        console.print(say("cli.train_result", players=game.players, mse=f"{rec['held_out_mse']:.4f}",
                          cutoff=f"{rec['cutoff_mse']:.4f}", picked=f"{(rec['winner_picked'] or 0):.0%}",
                          cutoff_picked=f"{(rec['cutoff_winner_picked'] or 0):.0%}", kib=rec["weights_bytes"] // 1024))
    save_value_models(out, models)
    console.print(say("cli.train_wrote", path=str(out)))
    if record is not None:
        record.write_text(json.dumps({str(k): v for k, v in records.items()}, indent=1) + "\n", encoding="utf-8")
        console.print(say("cli.train_wrote", path=str(record)))
    return records

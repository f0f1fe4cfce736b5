"""Train a candidate value network from a mix of self-play sources and measure it (issue 38's learned
evaluator, docs/agents.md, *A learned position value*).

Positions come from games of the heuristic player (as ``meeple train``) and of a cheap search
(``--search-player``, e.g. ``normal:iterations=64``: the positions a search plays into), each source
from its own seeds; the network is fitted on all of them (``meeple.agents.training.fit_value_model``,
held-out games of both sources), and its held-out error is also reported on the search games alone,
beside the shipped network's and the search's cut-off value's on the same positions::

    python benchmarks/train_value.py kingsburg --players 2 --heuristic-games 8000 --search-games 400 \
        --search-player normal:iterations=64 --seed 1 --hidden 64 --target lead --cache /tmp/positions \
        --out benchmarks/models/kingsburg-2p-lead-8000h-400s.npz \
        --record benchmarks/results/train-kingsburg-2p-lead-8000h-400s.json

Positions are cached (``--cache DIR``, one file per source and seed) so that several fits reuse them.
The candidate is then played with ``leaf=model:model=PATH`` (``benchmarks/strength.py``). Everything
is seeded: the same arguments give the same positions and weights, and the same weights as ``meeple
train`` on the same machine (both call ``meeple.agents.training.train_value_network``; the fit
depends on OpenBLAS's thread count): the candidate's recipe is also

    meeple train kingsburg --players 2 --games 8000 --search-games 400 --search-player normal:iterations=64 \
        --seed 1 --hidden 64 --target lead --out kingsburg-2p-lead-8000h-400s.npz
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from meeple.agents.training import (
    DEFAULT_SEARCH_PLAYER,
    SEARCH_EXPLORE,
    TARGETS,
    Positions,
    Source,
    _winner_picked,
    held_out_games,
    source_positions,
    train_value_network,
    training_sources,
)
from meeple.agents.value_model import ValueModel, load_value_model, save_value_models


def cached_positions(cache: Path | None, game: str, players: int, source: Source) -> Positions:
    """``source_positions`` of ``source``, read from / written to ``cache`` when given."""
    games, seed, player, explore = source.games, source.seed, source.player, source.explore
    name = f"{game}-{players}p-{player.replace(':', '_').replace('=', '')}-{games}g-s{seed}-x{explore}.npz"
    path = cache / name if cache is not None else None
    if path is not None and path.exists():
        with np.load(path) as z:
            return Positions(game, players, z["features"], z["targets"], z["games"], int(z["played"]), seed,
                             z["baseline"], z["leads"])
    started = time.process_time()
    data = source_positions(game, players, source,
                            progress=lambda n: print(f"  {player}: {n}/{games} games", file=sys.stderr)
                            if n % 50 == 0 else None)
    print(f"{player}: {games} games, {len(data.targets)} rows, {time.process_time() - started:.0f} CPU s",
          file=sys.stderr)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, features=data.features, targets=data.targets, games=data.games,
                            played=data.played, baseline=data.baseline, leads=data.leads)
    return data


def errors_on(model: ValueModel, data: Positions, mask: np.ndarray) -> dict[str, float]:
    """Squared error against the final reward of the network's values, absolute and made relative (as
    the search uses them), and of the cut-off value, on the rows in ``mask`` (whole positions: one row
    per seat); and how often the seat valued highest is a seat that did best."""
    n = data.players
    x, y, base = data.features[mask], data.targets[mask], data.baseline[mask]
    v = model.predict(x)
    rel = v.reshape(-1, n)
    top = np.sort(rel, axis=1)
    best_other = np.where(rel == top[:, -1:], top[:, -2:-1], top[:, -1:])
    relative = (0.5 + 0.5 * (rel - best_other)).reshape(-1)
    return {"rows": int(mask.sum()), "mse": round(float(np.mean((v - y) ** 2)), 6),
            "relative_mse": round(float(np.mean((relative - y) ** 2)), 6),
            "cutoff_mse": round(float(np.mean((base - y) ** 2)), 6),
            "winner_picked": _winner_picked(v, y, n), "cutoff_winner_picked": _winner_picked(base, y, n)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--heuristic-games", type=int, default=2000)
    ap.add_argument("--search-games", type=int, default=1000)
    ap.add_argument("--search-player", default=DEFAULT_SEARCH_PLAYER)
    ap.add_argument("--search-explore", type=float, default=SEARCH_EXPLORE)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", default="64", help="hidden layer sizes, comma-separated")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--target", default="final", choices=TARGETS,
                    help="what the network learns (meeple.agents.training.training_targets)")
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--record", type=Path, default=None)
    args = ap.parse_args(argv)

    sources = training_sources(args.seed, args.heuristic_games, args.search_games, args.search_player,
                               search_explore=args.search_explore)
    hidden = tuple(int(h) for h in args.hidden.split(",") if h)
    trained = train_value_network(args.game, args.players, sources, seed=args.seed, hidden=hidden,
                                  target=args.target, epochs=args.epochs,
                                  positions=lambda source: cached_positions(args.cache, args.game, args.players,
                                                                            source),
                                  progress=lambda e, loss, err: print(f"  epoch {e}: held-out {err:.4f}",
                                                                      file=sys.stderr))
    model, record, data = trained.model, trained.record, trained.data
    if args.search_games:
        # the held-out games of the search source (the last one merged: its games are numbered last)
        offset = data.played - trained.parts[-1].played
        mask = np.isin(data.games, sorted(held_out_games(data, args.seed))) & (data.games >= offset)
        record["held_out_search_games"] = {"candidate": errors_on(model, data, mask)}
        shipped = load_value_model(args.game, args.players)
        if shipped is not None:
            record["held_out_search_games"]["shipped"] = errors_on(shipped, data, mask)
    save_value_models(args.out, {args.players: model})
    summary = {k: v for k, v in record.items() if k != "epochs"}
    print(json.dumps(summary, indent=1))
    if args.record is not None:
        args.record.parent.mkdir(parents=True, exist_ok=True)
        args.record.write_text(json.dumps({str(args.players): record}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

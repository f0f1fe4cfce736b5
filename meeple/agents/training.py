"""Training a game's value network from self-play (``meeple train GAME``).

1. **Positions.** Games are played by the game's heuristic player (or any agent, ``player``: a cheap
   search reaches the positions a search plays into) in every seat, each decision replaced with
   probability ``explore`` by a uniformly random legal move (so the network also sees positions a
   careful player would avoid, as the search does). At a share ``sample`` of the decisions every seat's
   observation tensor is kept. ``merge_positions`` joins sets from several players.
2. **Targets.** When the game ends each kept tensor gets its seat's final reward, the one ISMCTS backs
   up: ``0.75 × win + 0.25 × score position`` (``meeple.agents.ismcts.final_rewards``), and its final
   lead squashed as a cut-off is (``Positions.leads``); ``fit_value_model(target=...)`` picks one or
   their mean (``training_targets``).
3. **Sources.** ``train_value_network`` plays each ``Source`` (a player, its games, its seeds, its
   random-move share: ``training_sources`` gives the heuristic player's games on seeds ``seed``, … and a
   search's on seeds from ``seed + SEARCH_SEED_OFFSET``), merges them in that order and fits: the one
   function behind both ``meeple train`` and ``benchmarks/train_value.py``, so that the same arguments
   give the same weights from either.
4. **Fit.** A small multilayer perceptron (scikit-learn's ``MLPRegressor``, Adam, squared error),
   one epoch at a time; a held-out tenth of the *games* (never positions of a training game) measures
   the error after every epoch and the best epoch's weights are kept.

Everything is seeded: the same seed, games and settings give the same positions and the same
weights. scikit-learn is needed only here (``pip install 'meeple[train]'``); playing with the
network needs numpy alone (``meeple.agents.value_model``).

>>> data = self_play_positions("kingsburg", players=2, games=20, seed=1)
>>> model, record = fit_value_model(data, hidden=(32,), seed=1)
>>> sources = training_sources(1, heuristic_games=20, search_games=2)
>>> trained = train_value_network("kingsburg", 2, sources, seed=1, hidden=(8,), target="lead")
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

import meeple
from meeple.agents import choose_action, make_agent
from meeple.agents.ismcts import _cutoff_rewards, final_rewards
from meeple.agents.value_model import ValueModel
from meeple.core import Rng


TARGETS = ("final", "lead", "mix")
"""What a network can learn (``training_targets``)."""

SEARCH_SEED_OFFSET = 500_000
"""The search games' seeds start here above the training seed (never the heuristic games' deals)."""

DEFAULT_SEARCH_PLAYER = "normal:iterations=64"
"""The search whose self-play gives the second source of positions (the positions a search plays into)."""

HEURISTIC_EXPLORE = 0.1
"""The share of the heuristic player's decisions replaced by a random legal move."""

SEARCH_EXPLORE = 0.05
"""The same for the search's games (a search strays less on its own)."""


@dataclass
class Positions:
    """Kept positions: ``features[i]`` a seat's observation tensor, ``targets[i]`` its final reward,
    ``games[i]`` the index of the game it came from (for a held-out split by game)."""

    game_id: str
    players: int
    features: np.ndarray
    targets: np.ndarray
    games: np.ndarray
    played: int
    seed: int
    baseline: np.ndarray
    """The search's value of each kept position without the network (the game's cut-off value, by its
    ``ISMCTS_SETTINGS``' leaf), to compare errors on the same positions."""
    leads: np.ndarray | None = None
    """Each row's seat's final lead over the best other seat, squashed as the search's cut-off reward
    squashes a running lead (``_cutoff_rewards`` of the final scores): a target in the cut-off
    reward's own units that tells a narrow win from a wide one (``fit_value_model(target=...)``)."""


def self_play_positions(game_id: str, players: int, games: int, seed: int, *, explore: float = 0.1,
                        sample: float | None = None, player: str = "heuristic",
                        progress: Callable[[int], None] | None = None) -> Positions:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, …) and keep positions with their targets.

    ``sample`` is the share of decisions kept (default ``0.5 / players``: a position gives one row per
    seat, so larger tables keep fewer positions for about the same number of rows per game).
    ``player`` is the agent in every seat (a ``make_agent`` name: the heuristic player, or a search such
    as ``ismcts:iterations=64``, whose games reach the positions a search plays into)."""
    if sample is None:
        sample = 0.5 / players
    game = meeple.load(game_id, players=players)
    rng = Rng(seed).fork(0x76616C7565)  # salt: "value"
    features: list[np.ndarray] = []
    targets: list[float] = []
    origins: list[int] = []
    baseline: list[float] = []
    leads: list[float] = []
    cutoff = _cutoff_value(game.id)
    for index in range(games):
        state = game.new_game(seed=seed + index)
        bots = [make_agent(player, game.id, seed=(seed + index) * 16 + seat) for seat in range(players)]
        kept: list[tuple[int, np.ndarray, float]] = []
        while not state.is_over():
            seat = state.to_move()[0]
            if rng.random() < sample:
                now = cutoff(state)
                for p in range(players):
                    kept.append((p, np.asarray(state.observation_tensor(p), dtype=np.float32), now[p]))
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < explore:
                action = legal[rng.randbelow(len(legal))]
            else:
                action = choose_action(bots[seat], state, seat)
            state.apply(action, seat)
        final_scores = [float(s) for s in state.scores()]
        rewards = final_rewards(final_scores, state.winners())
        lead = _cutoff_rewards(final_scores) if players > 1 else rewards
        for p, tensor, value in kept:
            features.append(tensor)
            targets.append(rewards[p])
            leads.append(lead[p])
            origins.append(index)
            baseline.append(value)
        if progress is not None:
            progress(index + 1)
    width = len(np.asarray(game.new_game(seed=seed).observation_tensor(0)))
    return Positions(game.id, players,
                     np.stack(features) if features else np.zeros((0, width), np.float32),
                     np.asarray(targets, dtype=np.float32), np.asarray(origins, dtype=np.int32), games, seed,
                     np.asarray(baseline, dtype=np.float32), np.asarray(leads, dtype=np.float32))


def merge_positions(*parts: Positions) -> Positions:
    """Several sets of positions of one game and player count as one (game indices renumbered so that
    each set's games stay apart: the held-out split still never cuts a game in two). The seed is the
    first set's."""
    if not parts:
        raise ValueError("nothing to merge")
    first = parts[0]
    if any((p.game_id, p.players) != (first.game_id, first.players) for p in parts):
        raise ValueError("positions of different games or player counts")
    offsets = np.cumsum([0] + [p.played for p in parts[:-1]])
    return Positions(first.game_id, first.players,
                     np.concatenate([p.features for p in parts]),
                     np.concatenate([p.targets for p in parts]),
                     np.concatenate([p.games + int(o) for p, o in zip(parts, offsets)]).astype(np.int32),
                     sum(p.played for p in parts), first.seed,
                     np.concatenate([p.baseline for p in parts]),
                     None if any(p.leads is None for p in parts) else np.concatenate([p.leads for p in parts]))


@dataclass(frozen=True)
class Source:
    """One source of training positions: ``games`` games with ``player`` in every seat (a ``make_agent``
    name), on seeds ``seed`` … ``seed + games - 1``, each decision replaced by a random legal move with
    probability ``explore``."""

    player: str
    games: int
    seed: int
    explore: float

    def describe(self) -> dict[str, Any]:
        """The source as the training record names it (its games and its seeds, first and last)."""
        return {"player": self.player, "games": self.games, "seeds": [self.seed, self.seed + self.games - 1],
                "explore": self.explore}


def training_sources(seed: int, heuristic_games: int, search_games: int = 0,
                     search_player: str = DEFAULT_SEARCH_PLAYER, *, heuristic_explore: float = HEURISTIC_EXPLORE,
                     search_explore: float = SEARCH_EXPLORE) -> list[Source]:
    """The heuristic player's games on seeds from ``seed``, then ``search_player``'s on seeds from
    ``seed + SEARCH_SEED_OFFSET`` (a source with no games is left out), in the order they are merged."""
    sources = []
    if heuristic_games:
        sources.append(Source("heuristic", heuristic_games, seed, heuristic_explore))
    if search_games:
        sources.append(Source(search_player, search_games, seed + SEARCH_SEED_OFFSET, search_explore))
    return sources


def source_positions(game_id: str, players: int, source: Source,
                     progress: Callable[[int], None] | None = None) -> Positions:
    """``self_play_positions`` of one source."""
    return self_play_positions(game_id, players, source.games, source.seed, explore=source.explore,
                               player=source.player, progress=progress)


@dataclass
class Trained:
    """What ``train_value_network`` gives back: the network, its training record, the merged positions
    it was fitted on and each source's own (in the order of ``sources``)."""

    model: ValueModel
    record: dict[str, Any]
    data: Positions
    parts: list[Positions] = field(default_factory=list)


def train_value_network(game_id: str, players: int, sources: list[Source], *, seed: int,
                        hidden: tuple[int, ...] = (64,), target: str = "lead", epochs: int = 40,
                        positions: Callable[[Source], Positions] | None = None,
                        progress: Callable[[int, float, float], None] | None = None) -> Trained:
    """Play each source (``positions(source)``: by default ``source_positions``; a caller may read them
    from a cache or show progress), merge them in the order given and fit (``fit_value_model`` with
    ``seed``, ``hidden``, ``target``, ``epochs``). The record adds ``sources``: each source's player,
    games, seeds, random-move share and rows. The same arguments give the same weights."""
    if target not in TARGETS:
        raise ValueError(f"target must be 'final', 'lead' or 'mix', not {target!r}")
    if not sources:
        raise ValueError("no source of positions: every source has 0 games")
    parts = [positions(source) if positions is not None else source_positions(game_id, players, source)
             for source in sources]
    data = merge_positions(*parts)
    model, record = fit_value_model(data, hidden=hidden, seed=seed, epochs=epochs, target=target, progress=progress)
    record["sources"] = [dict(source.describe(), rows=len(part.targets)) for source, part in zip(sources, parts)]
    return Trained(model, record, data, parts)


def held_out_games(data: Positions, seed: int, holdout: float = 0.1) -> set[int]:
    """The games ``fit_value_model(data, seed=seed, holdout=holdout)`` holds out (indices in ``data.games``)."""
    order = Rng(seed).fork(0x73706C6974)  # salt: "split"
    game_ids = list(range(data.played))
    order.shuffle(game_ids)
    return set(game_ids[: max(1, int(round(holdout * data.played)))])


def _cutoff_value(game_id: str) -> Callable[[Any], list[float]]:
    """How the search values a cut-off position today (by the game's ``ISMCTS_SETTINGS`` leaf)."""
    from meeple.agents import game_module, search_settings
    from meeple.agents.ismcts import _cutoff_rewards

    evaluate = None
    if search_settings(game_id).get("leaf") == "heuristic":
        evaluate = getattr(game_module(game_id, "bots"), "evaluate", None)

    def value(state: Any) -> list[float]:
        n = state.players
        if evaluate is not None:
            return _cutoff_rewards([float(evaluate(state, p)) for p in range(n)])
        return _cutoff_rewards([float(x) for x in state.scores()])

    return value


def fit_value_model(data: Positions, *, hidden: tuple[int, ...] = (64, 32), seed: int = 0, epochs: int = 40,
                    holdout: float = 0.1, patience: int = 6, l2: float = 1e-4, target: str = "final",
                    progress: Callable[[int, float, float], None] | None = None) -> tuple[ValueModel, dict[str, Any]]:
    """Fit the network on ``data``; the model at its best held-out epoch and the training record.

    The record holds the games and positions used, the held-out games' mean squared and absolute
    errors, two errors to beat on the same positions (always predicting the training mean, and the
    search's cut-off value without the network), and how well each ranks the seats of one position
    (the share of held-out positions in which the seat valued highest is the one that did best).

    ``target`` is what the network learns (``training_targets``): ``"final"`` the final reward,
    ``"lead"`` the squashed final lead, ``"mix"`` their mean. The held-out error that picks the epoch is
    on that target; ``final_mse`` and the seat ranking are always against the final reward. The fit runs on
    one BLAS thread, so the same data and seed give the same weights whatever the machine's core count."""
    y_all = training_targets(data, target)
    try:
        from sklearn.neural_network import MLPRegressor
        from threadpoolctl import threadpool_limits  # installed with scikit-learn
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("training needs scikit-learn: pip install 'meeple[train]'") from exc
    started = time.process_time()
    held = held_out_games(data, seed, holdout)
    test_mask = np.isin(data.games, sorted(held))
    x_train, y_train = data.features[~test_mask], y_all[~test_mask]
    x_test, y_test = data.features[test_mask], y_all[test_mask]
    final_test = data.targets[test_mask]
    net = MLPRegressor(hidden_layer_sizes=hidden, alpha=l2, learning_rate_init=1e-3, batch_size=256,
                       random_state=seed, shuffle=True, max_iter=1)
    best: tuple[float, list[np.ndarray], list[np.ndarray], int] | None = None
    history: list[dict[str, float]] = []
    stale = 0
    for epoch in range(1, epochs + 1):
        # One BLAS thread: the sums' order, and so the weights, would otherwise depend on the machine's cores.
        with threadpool_limits(limits=1):
            net.partial_fit(x_train, y_train)
            error = float(np.mean((np.clip(net.predict(x_test), 0, 1) - y_test) ** 2))
        history.append({"epoch": epoch, "held_out_mse": round(error, 6), "train_loss": round(float(net.loss_), 6)})
        if progress is not None:
            progress(epoch, float(net.loss_), error)
        if best is None or error < best[0] - 1e-6:
            best = (error, [w.copy() for w in net.coefs_], [b.copy() for b in net.intercepts_], epoch)
            stale = 0
        else:
            stale += 1
            if stale >= patience:
                break
    assert best is not None
    model = ValueModel([w.astype(np.float32) for w in best[1]], [b.astype(np.float32) for b in best[2]])
    predicted = model.predict(x_test)
    baseline = float(np.mean((float(np.mean(y_train)) - y_test) ** 2))
    record = {
        "game": data.game_id, "players": data.players, "seed": data.seed, "games": data.played,
        "held_out_games": len(held), "positions": int(len(y_train)), "held_out_positions": int(len(y_test)),
        "inputs": int(data.features.shape[1]), "hidden": list(hidden), "best_epoch": best[3],
        "held_out_mse": round(float(np.mean((predicted - y_test) ** 2)), 6),
        "held_out_mae": round(float(np.mean(np.abs(predicted - y_test))), 6),
        "mean_mse": round(baseline, 6),
        "cutoff_mse": round(float(np.mean((data.baseline[test_mask] - y_test) ** 2)), 6),
        "target": target,
        "final_mse": round(float(np.mean((predicted - final_test) ** 2)), 6),
        "final_cutoff_mse": round(float(np.mean((data.baseline[test_mask] - final_test) ** 2)), 6),
        "winner_picked": _winner_picked(predicted, final_test, data.players),
        "cutoff_winner_picked": _winner_picked(data.baseline[test_mask], final_test, data.players),
        "weights_bytes": model.nbytes(), "fit_cpu_seconds": round(time.process_time() - started, 1),
        "epochs": history,
    }
    model.info = {k: record[k] for k in ("seed", "games", "positions", "held_out_mse", "cutoff_mse", "hidden", "target")}
    return model, record


def training_targets(data: Positions, target: str) -> np.ndarray:
    """What the network learns for each row: ``"final"`` the final reward the search backs up at the end,
    ``"lead"`` the final lead squashed as the cut-off reward squashes a running one (``Positions.leads``),
    ``"mix"`` the mean of the two (a win counts, and so does by how much)."""
    if target == "final":
        return data.targets
    if data.leads is None:
        raise ValueError("these positions carry no final leads")
    if target == "lead":
        return data.leads
    if target == "mix":
        return (0.5 * (data.targets + data.leads)).astype(np.float32)
    raise ValueError(f"target must be 'final', 'lead' or 'mix', not {target!r}")


def _winner_picked(predicted: np.ndarray, targets: np.ndarray, players: int) -> float | None:
    """Of held-out positions (rows come in groups of one per seat), the share where the seat valued
    highest is a seat with the highest final reward."""
    if players < 2 or len(targets) < players:
        return None
    n = len(targets) // players
    guess = predicted[: n * players].reshape(n, players)
    truth = targets[: n * players].reshape(n, players)
    hits = truth[np.arange(n), guess.argmax(axis=1)] >= truth.max(axis=1) - 1e-9
    return round(float(hits.mean()), 4)

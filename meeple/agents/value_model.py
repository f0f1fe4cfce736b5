"""A learned position value: a small neural network per game and player count, run in numpy.

The network reads one seat's observation tensor (``state.observation_tensor(seat)``, the game's own
encoding of what that seat may know) and predicts the reward the search would give that seat at the
end of the game: ``0.75 × win + 0.25 × score position`` (``meeple.agents.ismcts``), so its output is
in the same units as a played-out game's reward. ISMCTS uses it with ``leaf="model"`` where it would
otherwise cut a rollout off and score the position (``rollout_depth``), each seat's value made relative
to the best other seat's as the cut-off reward is (``meeple.agents.ismcts_rewards.relative_values``).

Weights ship inside each game's package (``value_model.npz``, float16, one network per trained player
count); ``meeple train GAME`` makes them (``meeple.agents.training``). Players need only numpy.

>>> model = load_value_model("kingsburg", players=2)
>>> model.seat_values(state)          # one predicted reward per seat, 0–1
array([0.61, 0.39], dtype=float32)
"""

from __future__ import annotations

import importlib.resources
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from meeple.core import State

MODEL_FILE = "value_model.npz"
"""The file name of a game's shipped weights, inside its package."""


@dataclass
class ValueModel:
    """A multilayer perceptron (ReLU hidden layers, a linear output clipped to 0–1) and what it was trained on.

    ``weights[i]`` has shape (inputs, outputs) of layer ``i``; ``biases[i]`` (outputs,).
    ``info`` is the training record's summary (games, positions, held-out error, seed)."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def inputs(self) -> int:
        return int(self.weights[0].shape[0])

    def predict(self, features: np.ndarray) -> np.ndarray:
        """Predicted rewards (0–1), one per row of ``features`` (rows: observation tensors)."""
        h = np.asarray(features, dtype=np.float32)
        if h.ndim == 1:
            h = h[None, :]
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return np.clip(h[:, 0], 0.0, 1.0)

    def seat_values(self, state: State) -> np.ndarray:
        """The predicted reward of every seat of ``state``, each from that seat's own observation."""
        rows = np.stack([np.asarray(state.observation_tensor(p), dtype=np.float32) for p in range(state.players)])
        return self.predict(rows)

    def nbytes(self) -> int:
        """The size of the weights as shipped (float16)."""
        return sum(w.size * 2 + b.size * 2 for w, b in zip(self.weights, self.biases))


def save_value_models(path: Path, models: dict[int, ValueModel]) -> None:
    """Write the networks of several player counts to one ``.npz`` (float16 weights, JSON info)."""
    arrays: dict[str, np.ndarray] = {}
    info: dict[str, Any] = {}
    for players, model in sorted(models.items()):
        for i, (w, b) in enumerate(zip(model.weights, model.biases)):
            arrays[f"p{players}_w{i}"] = w.astype(np.float16)
            arrays[f"p{players}_b{i}"] = b.astype(np.float16)
        info[str(players)] = {"layers": len(model.weights), **model.info}
    arrays["info"] = np.frombuffer(json.dumps(info, sort_keys=True).encode(), dtype=np.uint8)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        np.savez_compressed(handle, **arrays)


def read_value_models(data: bytes | Path) -> dict[int, ValueModel]:
    """The networks in an ``.npz`` written by :func:`save_value_models`, by player count."""
    raw = data.read_bytes() if isinstance(data, Path) else data
    with np.load(io.BytesIO(raw), allow_pickle=False) as npz:
        info = json.loads(bytes(npz["info"]).decode())
        out: dict[int, ValueModel] = {}
        for key, meta in info.items():
            players = int(key)
            layers = int(meta.pop("layers"))
            weights = [npz[f"p{players}_w{i}"].astype(np.float32) for i in range(layers)]
            biases = [npz[f"p{players}_b{i}"].astype(np.float32) for i in range(layers)]
            out[players] = ValueModel(weights, biases, meta)
    return out


_CACHE: dict[str, dict[int, ValueModel]] = {}


def shipped_value_models(game_id: str) -> dict[int, ValueModel]:
    """The networks shipped in the game's package, by player count ({} when it ships none)."""
    if game_id not in _CACHE:
        from meeple.agents import game_module

        package = game_module(game_id, "bots").__name__.rsplit(".", 1)[0]
        resource = importlib.resources.files(package).joinpath(MODEL_FILE)
        _CACHE[game_id] = read_value_models(resource.read_bytes()) if resource.is_file() else {}
    return _CACHE[game_id]


def load_value_model(game_id: str, players: int) -> ValueModel | None:
    """The shipped network for ``game_id`` at ``players`` seats, or None if none was trained for it."""
    return shipped_value_models(game_id).get(players)

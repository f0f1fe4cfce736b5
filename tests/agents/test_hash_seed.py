"""The levels play the same moves whatever Python's hash seed: a rating tournament replays exactly from
its seeds (docs/server.md, Ratings). Each game's position value (``bots.evaluate``, which the search
levels score their cut-off positions with) and a few searched moves are computed in processes with
different ``PYTHONHASHSEED`` and compared bit for bit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import meeple

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
import meeple
from meeple.agents import choose_action, game_module, make_agent
game_id = sys.argv[1]
state = meeple.load(game_id, players=meeple.games()[game_id].max_players).new_game(seed=4)
walker, search = make_agent("random", game_id, 9), make_agent("normal:iterations=40", game_id, 3)
evaluate = game_module(game_id, "bots").evaluate
values, moves = [], []
for step in range(400):
    if state.is_over():
        break
    player = state.to_move()[0]
    values.append([float(evaluate(state, p)).hex() for p in range(state.players)])
    if step % 40 == 0:
        moves.append(str(choose_action(search, state, player)))
    state.apply(choose_action(walker, state, player), player)
print(json.dumps([values, moves]))
"""


def _probe(game_id: str, hash_seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", PROBE, game_id], env=env, capture_output=True, text=True,
                         check=True, timeout=600)
    return json.loads(out.stdout)


@pytest.mark.parametrize("game_id", [g if g in ("citadels", "kingsburg") else pytest.param(g, marks=pytest.mark.daily)
                                     for g in sorted(meeple.games())])
def test_values_and_moves_do_not_follow_the_hash_seed(game_id: str) -> None:
    first = _probe(game_id, "1")
    assert len(first[0]) > 20 and first[1]
    for other in ("2", "3"):
        assert _probe(game_id, other) == first

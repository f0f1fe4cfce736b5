"""The games' position values (``bots.evaluate``), used by ISMCTS with ``leaf=heuristic``."""

from __future__ import annotations

import math

import pytest

import meeple
from meeple.agents import game_module
from meeple.core import Rng

GAMES_WITH_EVALUATE = ["citadels", "cube-europe", "gods-playground", "kingsburg", "versailles"]


@pytest.mark.parametrize("game_id", GAMES_WITH_EVALUATE)
def test_evaluate_is_a_finite_value_and_reads_only(game_id: str) -> None:
    evaluate = game_module(game_id, "bots").evaluate
    game = meeple.load(game_id)
    state = meeple.load(game_id, players=max(2, game.info.min_players)).new_game(seed=3)
    rng = Rng(3)
    values = set()
    while state.to_move():
        p = state.to_move()[0]
        if p >= 0:
            world = state.determinize(p, rng.next64())
            before = world.to_json()
            for seat in range(state.players):
                v = evaluate(world, seat)
                assert isinstance(v, float) and math.isfinite(v)
                values.add(round(v, 6))
            assert world.to_json() == before
        legal = state.legal_actions(p)
        state.apply(legal[rng.randbelow(len(legal))], p)
    assert len(values) > 5  # it tells positions apart


def test_citadels_evaluate_names_winners_better_than_the_score() -> None:
    """Citadels' leaf value is chosen for predicting the winner (benchmarks/citadels_evaluate.py); on a
    small sample of heuristic games it must still beat the city score alone by a clear margin."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        from citadels_evaluate import accuracy, positions
    finally:
        sys.path.pop(0)
    from meeple.games.citadels.bots import evaluate

    data = positions(120, first_seed=500)
    by_evaluate = accuracy(data, lambda _f, s, q: evaluate(s, q))
    by_score = accuracy(data, lambda f, _s, _q: f[0])
    assert by_evaluate > by_score + 0.03, (by_evaluate, by_score)

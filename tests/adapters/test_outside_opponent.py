"""benchmarks/outside_opponent.py: a meeple agent against OpenSpiel's IS-MCTS through the adapter, tiny budgets."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
try:
    import outside_opponent
finally:
    sys.path.pop(0)


def test_one_game_is_played_to_the_end_and_recorded():
    rec = outside_opponent.play_game("cube-europe", seed=2, meeple_seat=1, simulations=2,
                                     meeple_agent="normal:iterations=5")
    assert rec["meeple_seat"] == 1 and rec["openspiel"]["simulations"] == 2
    assert rec["winners"] and set(rec["winners"]) <= {0, 1}
    expected = 1.0 / len(rec["winners"]) if 1 in rec["winners"] else 0.0
    assert rec["meeple_result"] == expected
    assert rec["margin"] == rec["scores"][1] - rec["scores"][0]
    assert rec["decisions"]["meeple"] > 5 and rec["decisions"]["openspiel"] > 5
    assert rec["cpu"]["openspiel"] > 0 and rec["length"] >= sum(rec["decisions"].values())


def test_the_match_pairs_seeds_swaps_seats_and_resumes(tmp_path, capsys):
    out = tmp_path / "outside.jsonl"
    args = ["cube-europe", "--games", "2", "--seed", "5", "--simulations", "2", "--agent", "random", "--out", str(out)]
    assert outside_opponent.main(args) == 0
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["seed"], r["meeple_seat"]) for r in first] == [(5, 0), (5, 1)]
    assert "2 games, win share" in capsys.readouterr().out
    assert outside_opponent.main(args) == 0  # every game is there already: nothing is played again
    assert out.read_text().splitlines() == [json.dumps(r) for r in first]


def test_summary_counts_a_shared_win_as_half():
    def rec(result: float, margin: float, seat: int) -> dict:
        return {"meeple_result": result, "margin": margin, "meeple_seat": seat,
                "decisions": {"meeple": 10, "openspiel": 10}, "cpu": {"meeple": 1.0, "openspiel": 10.0}}

    s = outside_opponent.summarize([rec(1.0, 5, 0), rec(0.5, 0, 1), rec(0.0, -2, 0), rec(1.0, 9, 1)])
    assert s["games"] == 4 and s["win_share"] == pytest.approx(0.625)
    assert s["ci95"][0] < 0.625 < s["ci95"][1]
    assert s["margin"] == pytest.approx(3.0) and s["margin_ci95"][0] < 3.0 < s["margin_ci95"][1]
    assert s["cpu_ratio"] == pytest.approx(10.0)
    assert s["by_seat"] == {0: 0.5, 1: 0.75}

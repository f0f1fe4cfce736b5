"""Simulation at scale: the Ray backend gives the local backend's records, tournaments, the PNG report."""

import pytest

import meeple
from meeple.sim.playout import simulate
from meeple.sim.ray_backend import RayUnavailable
from meeple.sim.report import write_report
from meeple.sim.stats import summarize
from meeple.sim.tournament import pairings, tournament


def _without_time(records):
    return [{k: v for k, v in r.items() if k != "time"} for r in records]


def test_ray_backend_gives_the_same_records_as_local_processes():
    game = meeple.load("cube-europe", players=2)
    local = simulate(game, 4, seed=11, agents=["random", "heuristic"], jobs=2)
    ray = simulate(game, 4, seed=11, agents=["random", "heuristic"], jobs=2, backend="ray")
    assert _without_time(ray) == _without_time(local)
    assert [r["agents"] for r in ray] == [["random", "heuristic"], ["heuristic", "random"]] * 2


def test_ray_address_that_does_not_answer_is_a_clear_error():
    game = meeple.load("cube-europe", players=1)
    with pytest.raises(RayUnavailable, match="no Ray cluster answers"):
        simulate(game, 1, backend="ray", address="127.0.0.1:1")


def test_unknown_backend_is_rejected():
    with pytest.raises(meeple.UnknownGame, match="backends are"):
        simulate(meeple.load("cube-europe", players=1), 1, backend="slurm")


def test_tournament_ranks_the_heuristic_above_random():
    standings, records = tournament(meeple.load("cube-europe", players=2), ["random", "heuristic"], games=4)
    assert [s.agent for s in standings] == ["heuristic", "random"]
    assert standings[0].ordinal > standings[1].ordinal
    assert len(records) == 4 and all(s.games == 4 for s in standings)


def test_round_robin_lineups():
    assert pairings(["a", "b", "c"], 2) == [["a", "b"], ["a", "c"], ["b", "c"]]
    assert all(set(p) == {"a", "b"} and len(p) == 3 for p in pairings(["a", "b"], 3))


def test_summary_reports_spread_and_first_seat_advantage():
    records = simulate(meeple.load("cube-europe", players=2), 4, agents=["random"])
    s = summarize(records)
    assert s.first_seat_advantage is not None and s.first_seat_advantage >= 0
    assert all(line.score_sd >= 0 for line in s.agents)


def test_png_report(tmp_path):
    records = simulate(meeple.load("cube-europe", players=2), 2, agents=["random", "heuristic"])
    path = write_report(records, tmp_path / "report.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

"""meeple.sim: one play-out, many with seats rotated, summaries and atomic JSON lines."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.agents import RandomAgent
from meeple.sim import agent_seed, lineup, play_game, simulate, summarize, write_jsonl


def strip_time(records):
    return [{k: v for k, v in r.items() if k != "time"} for r in records]


def test_play_game_record():
    game = meeple.load("toy-dice", players=2)
    rec = play_game(game, seed=3, agents=["random", "heuristic"])
    assert rec["game"] == "toy-dice" and rec["players"] == 2 and rec["seed"] == 3
    assert rec["seats"] == ["Red", "Blue"] and rec["agents"] == ["random", "heuristic"]
    assert rec["options"] == {"rounds": 3}
    assert len(rec["scores"]) == 2 and rec["winners"] and set(rec["winners"]) <= {0, 1}
    assert rec["length"] == 6  # three turns each, chance outcomes not counted
    assert rec["time"] >= 0
    json.dumps(rec)


def test_play_game_is_reproducible_from_seed_and_agent_names():
    game = meeple.load("toy-dice", players=3)
    a = play_game(game, seed=9, agents=["random"] * 3, keep_history=True)
    b = play_game(game, seed=9, agents=["random"] * 3, keep_history=True)
    assert strip_time([a]) == strip_time([b])
    state = game.new_game(seed=9)
    for p, act in a["history"]:
        if p >= 0:
            state.apply(meeple.Action.from_json(act), p)
    assert state.is_over() and state.scores() == a["scores"]


def test_play_game_accepts_agent_objects_and_checks_their_number():
    game = meeple.load("toy-dice", players=2)
    rec = play_game(game, seed=1, agents=[RandomAgent(1), "random"])
    assert rec["agents"] == ["RandomAgent", "random"]
    with pytest.raises(ValueError, match="needs 2 agents"):
        play_game(game, seed=1, agents=["random"])


def test_play_game_resolves_manual_chance_itself():
    game = meeple.load("toy-dice", players=1)
    rec = play_game(game, seed=4, agents=["random"])
    assert rec["length"] == 3


def test_agent_seeds_differ_by_seat_and_game():
    seeds = {agent_seed(s, p) for s in range(20) for p in range(4)}
    assert len(seeds) == 80 and all(0 <= x < 2**31 for x in seeds)


@pytest.mark.parametrize("agents, players", [(["a", "b"], 2), (["a", "b", "c"], 3), (["a", "b"], 4), (["a", "b", "c"], 2), (["a"], 3)])
def test_lineup_puts_every_agent_in_every_seat(agents, players):
    seen = {(lineup(agents, players, i)[s], s) for i in range(len(agents)) for s in range(players)}
    assert seen == {(a, s) for a in agents for s in range(players)}


def test_simulate_rotates_seats_and_numbers_seeds():
    game = meeple.load("toy-dice", players=2)
    records = simulate(game, 6, seed=100, agents=["random", "heuristic"])
    assert [r["seed"] for r in records] == list(range(100, 106))
    assert [r["agents"][0] for r in records] == ["random", "heuristic"] * 3


def test_simulate_in_processes_gives_the_same_records():
    game = meeple.load("toy-dice", players=3, rounds=2)
    one = simulate(game, 10, seed=7, agents=["random", "heuristic"])
    seen = []
    many = simulate(game, 10, seed=7, agents=["random", "heuristic"], jobs=2, progress=seen.append)
    assert strip_time(one) == strip_time(many)
    assert len(seen) == 10


def test_simulate_rejects_unknown_agents():
    game = meeple.load("toy-dice", players=2)
    with pytest.raises(meeple.UnknownGame, match="random, heuristic"):
        simulate(game, 2, agents=["random", "oracle"])


def test_summarize_counts_wins_scores_and_shared_wins():
    base = {"game": "g", "players": 2, "seats": ["Red", "Blue"], "time": 0.5}
    records = [
        {**base, "agents": ["x", "y"], "scores": [10, 5], "winners": [0], "length": 10},
        {**base, "agents": ["y", "x"], "scores": [4, 4], "winners": [0, 1], "length": 20},
        {**base, "agents": ["x", "y"], "scores": [1, 2], "winners": [], "length": 30},
    ]
    s = summarize(records)
    assert s.games == 3 and s.no_winner == 1 and s.mean_length == 20
    assert [(l.name, l.wins, l.games) for l in s.seats] == [("Red", 2, 3), ("Blue", 1, 3)]
    assert s.seats[0].mean_score == 5
    agents = {l.name: l for l in s.agents}
    assert agents["x"].wins == 2 and agents["x"].games == 3
    assert agents["y"].wins == 1 and round(agents["y"].mean_score, 3) == round(11 / 3, 3)
    assert s.play_time == 1.5
    low, high = s.seats[0].win_interval
    assert 0.2 < low < 2 / 3 < high < 1
    assert summarize([]).games == 0
    json.dumps(s.to_json())


def test_write_jsonl_is_atomic(tmp_path):
    target = tmp_path / "out.jsonl"
    write_jsonl(target, [{"a": 1}, {"a": 2}])
    assert target.read_text() == '{"a":1}\n{"a":2}\n'

    def broken():
        yield {"a": 3}
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_jsonl(target, broken())
    assert target.read_text() == '{"a":1}\n{"a":2}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]

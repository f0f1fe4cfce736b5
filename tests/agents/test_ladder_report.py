"""benchmarks/strength.py --paired (each seed in every seat rotation) and benchmarks/ladder.py (per-seed
paired score margins with their interval, win share against fair share, the verdict), on hand-made records."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
try:
    import ladder
    import strength
finally:
    sys.path.pop(0)


def rec(seed: int, agents: list[str], scores: list[float], winners: list[int], game: str = "kingsburg") -> dict:
    return {"game": game, "players": len(agents), "seed": seed, "agents": agents, "scores": scores, "winners": winners}


# ---------------------------------------------------------------------------- pairing
@pytest.mark.parametrize("players", [2, 3, 4])
def test_paired_games_play_each_seed_once_per_seat_rotation(players: int) -> None:
    agents = ["hard", "normal", "easy"]
    plan = strength.schedule(agents, players, 5 * players, seed=1000, paired=True)
    assert [index for index, _, _ in plan] == list(range(5 * players))
    for i, (_, seed, lineup) in enumerate(plan):
        assert seed == 1000 + i // players  # game i: seed = base + i // players
        assert lineup[i % players] == "hard" and lineup.count("hard") == 1  # the agent under test in seat i % players
    for block in range(5):  # on one seed the others keep their order around the table
        games = [lineup for _, seed, lineup in plan if seed == 1000 + block]
        others = [[a for a in lineup if a != "hard"] for lineup in games]
        assert len(games) == players and all(o == others[0] for o in others)
    unpaired = strength.schedule(agents, players, 4, seed=7)
    assert [(index, seed) for index, seed, _ in unpaired] == [(7, 7), (8, 8), (9, 9), (10, 10)]


def test_resuming_with_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text('{"index": 0, "seed": 5, "agents": ["random", "random"], "paired": true, "scores": [1, 2], '
                   '"winners": [1], "time": 0}\n', encoding="utf-8")
    with pytest.raises(SystemExit):  # unpaired onto paired records
        strength.main(["cube-europe", "--players", "2", "--agents", "random", "--games", "2", "--out", str(out), "--resume"])
    with pytest.raises(SystemExit):  # the same file, another --seed
        strength.main(["cube-europe", "--players", "2", "--agents", "random", "--games", "2", "--out", str(out),
                       "--resume", "--paired", "--seed", "9"])


# ---------------------------------------------------------------------------- the arithmetic
def test_t_quantiles_and_the_interval() -> None:
    assert ladder.t975(1) == 12.706 and ladder.t975(29) == 2.045 and ladder.t975(35) == 2.042 and ladder.t975(500) == 1.96
    mean, low, high = ladder.mean_interval([2.0, 4.0, 6.0])  # sd 2, n 3: half-width 4.303 · 2 / √3
    assert mean == 4.0 and math.isclose(high - mean, 4.303 * 2 / math.sqrt(3)) and math.isclose(mean - low, high - mean)
    with pytest.raises(ValueError):
        ladder.mean_interval([1.0])


def test_margins_are_paired_per_seed_and_heuristic_counts_as_easy() -> None:
    records = [
        rec(1, ["easy", "normal"], [20, 24], [1]), rec(1, ["normal", "heuristic"], [30, 28], [0]),  # seed 1: +4, +2
        rec(2, ["easy", "normal"], [25, 21], [0]), rec(2, ["normal", "easy"], [27, 27], [0, 1]),    # seed 2: −4, 0
        rec(3, ["easy", "normal"], [10, 22], [1]), rec(3, ["normal", "easy"], [26, 20], [0]),       # seed 3: +12, +6
        rec(3, ["random", "easy"], [1, 30], [1]),                                                   # another pair
    ]
    assert ladder.seed_margins(records, "easy", "normal") == {1: [4.0, 2.0], 2: [-4.0, 0.0], 3: [12.0, 6.0]}
    result = ladder.pair_result(records, "easy", "normal")
    per_seed = [3.0, -2.0, 9.0]
    mean = sum(per_seed) / 3
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_seed) / 2)
    assert result is not None and (result.n, result.games) == (3, 6)
    assert math.isclose(result.margin, mean) and math.isclose(result.high, mean + 4.303 * sd / math.sqrt(3))
    # normal won 4 games outright and shared one: 4.5 of 6; the fair share of one seat of two is 1/2
    assert math.isclose(result.win_share, 4.5 / 6) and result.fair_share == 0.5
    assert result.low < 0 and not result.separated  # three seeds are too few for this spread
    assert ladder.pair_result(records, "random", "easy") is None  # met on one seed only


def test_the_verdict_needs_both_the_margin_and_the_share() -> None:
    clear = [rec(s, ["random", "easy"], [2, 20 + s % 3], [1]) for s in range(6)] + \
            [rec(s, ["easy", "random"], [21, 3], [0]) for s in range(6)]
    result = ladder.pair_result(clear, "random", "easy")
    assert result is not None and result.low > 0 and result.win_share == 1.0 and result.separated
    # a bigger score that seldom wins: the margin is above 0 but the share is not above the fair share
    lopsided = [rec(s, ["easy", "normal"], [10, 40], [1] if s == 0 else [0]) for s in range(8)]
    result = ladder.pair_result(lopsided, "easy", "normal")
    assert result is not None and result.low > 0 and result.win_share == 1 / 8 and not result.separated


def test_three_seat_tables_and_the_report() -> None:
    table = [rec(s, lineup, scores, [winner])
             for s in range(4)
             for lineup, scores, winner in (
                 (["easy", "normal", "hard"], [20, 25, 30], 2),
                 (["normal", "hard", "easy"], [24, 31, 19], 1),
                 (["hard", "easy", "normal"], [29, 21, 26], 2))]
    results = ladder.report(table)
    assert [(r.lower, r.upper) for r in results] == [("easy", "normal"), ("normal", "hard")]
    upper = results[1]
    assert upper.fair_share == pytest.approx(1 / 3) and upper.win_share == pytest.approx(2 / 3)
    assert upper.n == 4 and upper.margin == pytest.approx((5 + 7 + 3) / 3) and upper.low == upper.high  # no spread
    assert upper.separated
    text = ladder.markdown(results)
    assert "`hard` over `normal`" in text and "**separated**" in text and text.count("\n") == 3


def test_the_shipped_ratings_table() -> None:
    data = {"games": {"kingsburg": {"2p": {"games": 80, "levels": {
        "random": {"mu": 10.0, "sigma": 3.0, "games": 32}, "easy": {"mu": 25.0, "sigma": 2.0, "games": 48},
        "normal": {"mu": 28.0, "sigma": 2.0, "games": 48}}}}}}
    text = ladder.shipped_table(data)
    row = text.splitlines()[2]
    assert row.startswith("| kingsburg | 2p | 80 | 10.0 / 3.00 (1040) | 25.0 / 2.00 (1760) | 28.0 / 2.00 (1880) | — |")
    assert f"+{15 / math.hypot(3, 2):.1f} told apart" in row and f"+{3 / math.hypot(2, 2):.1f} |" in row


# ---------------------------------------------------------------------------- a run with a deadline
def test_a_run_past_its_deadline_keeps_what_finished_and_resumes_to_the_same_games(tmp_path: Path) -> None:
    """``--deadline 0``: no game is waited for, the record stays empty and valid; ``--resume`` then plays
    every planned game once (written as each finishes, in any order), the same games as a run without a
    deadline."""
    args = ["kingsburg", "--players", "2", "--agents", "heuristic,random", "--games", "6", "--paired", "--seed", "3",
            "--jobs", "2"]
    cut, whole = tmp_path / "cut.jsonl", tmp_path / "whole.jsonl"
    assert strength.main([*args, "--deadline", "0", "--out", str(cut)]) == 0
    assert cut.read_text() == ""
    assert strength.main([*args, "--deadline", "600", "--resume", "--out", str(cut)]) == 0
    assert strength.main([*args, "--out", str(whole)]) == 0

    def read(path: Path) -> list[tuple]:
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        return sorted((r["index"], r["seed"], tuple(r["agents"]), tuple(r["scores"])) for r in rows)

    assert [index for index, *_ in read(cut)] == list(range(6))
    assert read(cut) == read(whole)

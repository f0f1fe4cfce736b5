"""Each game's ladder (``meeple.agents.ladder``): the levels offered to players, less the rungs measured to
add nothing there; a left-out rung must point at the committed head-to-head run that could not separate it."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

import meeple
from meeple.agents import LADDER, ladder, make_agent

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    import ladder as ladder_report
finally:
    sys.path.pop(0)

LEFT_OUT_BECAUSE = {
    ("cube-europe", "hard"): ["benchmarks/results/cube-europe-2p-hard-vs-normal-paired.jsonl"],
    ("gods-playground", "hard"): ["benchmarks/results/gods-playground-3p-hard-vs-normal-paired.jsonl"],
}
"""Every rung a game leaves out, with the records of the paired run that failed to separate it from the
rung below (docs/agents.md, The ladder, measured)."""


def test_cube_europe_and_gods_playground_offer_three_levels_and_the_others_four() -> None:
    for game in ("cube-europe", "gods-playground"):
        assert ladder(game) == ("random", "easy", "normal"), game
    for game in ("citadels", "kingsburg", "versailles"):
        assert ladder(game) == LADDER, game


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_every_game_offers_an_ordered_part_of_the_ladder_that_plays(game_id: str) -> None:
    offered = ladder(game_id)
    assert offered[0] == "random" and list(offered) == sorted(offered, key=LADDER.index)
    for level in offered:
        make_agent(level, game_id=game_id, seed=0)  # every offered level makes a player for the game


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_a_left_out_rung_names_the_run_that_could_not_separate_it(game_id: str) -> None:
    offered = ladder(game_id)
    for level in LADDER:
        if level in offered:
            continue
        files = LEFT_OUT_BECAUSE.get((game_id, level))
        assert files, f"{game_id} leaves out {level} without a measurement"
        below = LADDER[LADDER.index(level) - 1]
        records = [json.loads(line) for f in files for line in (ROOT / f).read_text().splitlines() if line.strip()]
        result = ladder_report.pair_result(records, below, level)
        assert result is not None and result.games >= 100, (game_id, level)
        assert not result.separated and result.low <= 0, (game_id, level, result)
        make_agent(level, game_id=game_id, seed=0)  # still an agent for research and the API


def test_a_game_ladder_out_of_order_or_unknown_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple import agents

    for bad in (("random", "normal", "easy"), ("random", "expert"), ("random", "easy", "easy"), ()):
        monkeypatch.setattr(agents, "game_module", lambda game_id, name, bad=bad: types.SimpleNamespace(LADDER=bad))
        with pytest.raises(ValueError, match="bots.LADDER"):
            ladder("kingsburg")

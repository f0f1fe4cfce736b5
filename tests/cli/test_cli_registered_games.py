"""The command on every game that happens to be registered (none named here): a few moves, quit and
save, load, replay, a tiny simulation. It checks the CLI's generic glue — each game's view, bots and
save files — and adapts to whatever games exist; the rules themselves are the games' own tests.
"""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import run

import meeple

REAL_GAMES = sorted(meeple.games())  # collected before the toy game is registered by the fixture


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_few_moves_quit_load_replay_and_simulate(game_id, tmp_path):
    info = meeple.games()[game_id]
    n = min(info.max_players, max(info.min_players, 2))
    save = tmp_path / "g.json"
    first = run("play", game_id, "--players", str(n), "--seed", "3", "--opponents", "random",
                "--save", str(save), input="1\n" * 6 + "score\nlog 5\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Score so far" in first.stdout and f"Game saved to {save}" in first.stdout.replace("\n", "")
    data = json.loads(save.read_text())
    assert data["game"] == game_id and data["meeple_cli"]["agents"]

    second = run("play", "--load", str(save), input="1\n" * 3)
    assert second.exit_code == 0, second.output
    assert "(end of input)" in second.stdout or "Final score" in second.stdout

    moves = int(re.search(r"move 0 of (\d+)", run("replay", str(save), "--to", "0").stdout).group(1))
    assert moves >= 1
    last = run("replay", str(save), "--to", str(moves))
    assert last.exit_code == 0 and f"move {moves} of {moves}" in last.stdout

    sim = run("simulate", game_id, "--players", str(info.min_players), "--games", "2", "--agents", "random")
    assert sim.exit_code == 0, sim.output
    assert "games/s" in sim.stdout

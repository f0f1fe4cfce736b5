"""examples/my_agent.py: the documented plug-in agent runs, by object and by ``module:Class`` name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import meeple
from meeple.agents import choose_action, make_agent

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_example_script_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "my_agent.py"), "--game", "cube-europe", "--players", "2", "--games", "2"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert "Hoarder won" in out.stdout


def test_example_by_name(monkeypatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    agent = make_agent("my_agent:Hoarder", "cube-europe", seed=3)
    assert agent.game_id == "cube-europe"
    state = meeple.load("cube-europe", players=2).new_game(seed=3)
    for _ in range(20):
        movers = state.to_move()
        if not movers:
            break
        p = movers[0]
        action = choose_action(agent, state, p)
        assert action in state.legal_actions(p)
        state.apply(action, p)

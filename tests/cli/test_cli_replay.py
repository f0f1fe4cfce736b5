"""`meeple replay`: a saved game rebuilt from seed + moves, stepped forward and back."""

from __future__ import annotations

import json

from cli_helpers import run


def saved_game(tmp_path, *extra):
    save = tmp_path / "g.json"
    result = run("play", "toy-dice", "--players", "2", "--seed", "12", "--save", str(save), *extra, input="1\n" * 12)
    assert result.exit_code == 0, result.output
    return save


def test_replay_to_a_move_and_to_the_end(tmp_path):
    save = saved_game(tmp_path)
    data = json.loads(save.read_text())
    decisions = sum(1 for p, _ in data["history"] if p >= 0)
    start = run("replay", str(save), "--to", "0")
    assert start.exit_code == 0 and f"move 0 of {decisions}" in start.stdout and "The start of the game." in start.stdout
    end = run("replay", str(save), "--to", str(decisions))
    assert end.exit_code == 0 and "Final score" in end.stdout
    bad = run("replay", str(save), "--to", str(decisions + 1))
    assert bad.exit_code == 2 and f"from 0 to {decisions}" in bad.stderr


def test_replay_steps_forward_and_back(tmp_path):
    save = saved_game(tmp_path)
    result = run("replay", str(save), input="n\n\np\nzz\nl\nn\nf\np\n3\nq\n")
    assert result.exit_code == 0, result.output
    shown = [int(m) for m in __import__("re").findall(r"move (\d+) of", result.stdout)]
    assert shown[:5] == [0, 1, 2, 1, max(shown)]
    assert shown[-2:] == [0, 3]
    assert "That was the last move" in result.stdout and "This is the start" in result.stdout
    assert "? choose" in result.stdout


def test_replay_hides_hidden_information_unless_revealed(tmp_path):
    save = saved_game(tmp_path)
    spectator = run("replay", str(save), "--to", "4").stdout
    assert "draws a card" in spectator and "draws a 1" not in spectator.replace("draws a card", "")
    import re

    assert not re.search(r"draws a \d", spectator)
    as_red = run("replay", str(save), "--to", "1", "--seat", "red").stdout
    assert "your hand" in as_red
    revealed = run("replay", str(save), "--to", "2", "--reveal").stdout
    assert "Move 2: Blue:" in revealed

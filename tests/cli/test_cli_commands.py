"""`meeple list`, `rules`, `simulate` and bad input, through Typer's CliRunner on the toy game."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run

import meeple.cli


def test_list_shows_game_players_options_and_agents():
    result = run("list")
    assert result.exit_code == 0
    out = result.stdout
    assert "toy-dice" in out and "Toy Dice" in out
    assert "1–3" in out
    assert "rounds=3" in out and "1|2|3|4" in out
    assert "random" in out and "heuristic" in out


def test_rules_prints_the_document(tmp_path, monkeypatch):
    (tmp_path / "toy-dice.md").write_text("# Toy Dice\n\nRoll or play a card.\n", encoding="utf-8")
    monkeypatch.setattr(meeple.cli, "rules_dir", lambda: tmp_path)
    result = run("rules", "toy-dice")
    assert result.exit_code == 0
    assert "# Toy Dice" in result.stdout and "Roll or play a card." in result.stdout


def test_rules_of_a_game_without_document_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(meeple.cli, "rules_dir", lambda: tmp_path)
    result = run("rules", "toy-dice")
    assert result.exit_code == 1
    assert "no rules document for toy-dice" in result.stderr
    assert str(tmp_path) in result.stderr.replace("\n", "")


def test_rules_dir_is_the_repository_docs():
    assert meeple.cli.rules_dir().parts[-2:] == ("docs", "rules")
    assert (meeple.cli.rules_dir().parents[1] / "pyproject.toml").is_file()


@pytest.mark.parametrize(
    "args, says",
    [
        (("rules", "nope"), ["unknown game 'nope'", "toy-dice"]),
        (("play", "nope"), ["unknown game 'nope'", "toy-dice"]),
        (("simulate", "nope"), ["unknown game 'nope'", "toy-dice"]),
        (("play", "toy-dice", "--players", "9"), ["1–3 players", "not 9"]),
        (("simulate", "toy-dice", "--players", "0"), ["1–3 players"]),
        (("play", "toy-dice", "--option", "speed=3"), ["no option 'speed'", "rounds"]),
        (("play", "toy-dice", "--option", "rounds=9"), ["rounds", "[1, 2, 3, 4]", "not 9"]),
        (("play", "toy-dice", "--option", "rounds"), ["name=value", "rounds=3"]),
        (("simulate", "toy-dice", "--agents", "random,genius"), ["unknown agent 'genius'", "random, heuristic"]),
        (("play", "toy-dice", "--opponents", "genius"), ["unknown agent 'genius'", "random, heuristic"]),
        (("play", "toy-dice", "--players", "2", "--seat", "Purple"), ["no seat 'Purple'", "1 (Red)", "2 (Blue)"]),
        (("play", "toy-dice", "--players", "2", "--seat", "3"), ["no seat '3'"]),
        (("play",), ["which game?", "toy-dice"]),
    ],
)
def test_bad_input_lists_the_valid_choices_and_exits_2(args, says):
    result = run(*args, input="quit\n")
    assert result.exit_code == 2, result.output
    text = " ".join(result.stderr.split())
    for words in says:
        assert words in text, (words, text)


def test_unknown_command_option_is_a_usage_error():
    result = run("simulate", "toy-dice", "--fast")
    assert result.exit_code == 2


def test_simulate_prints_summary_and_writes_json_lines(tmp_path):
    out = tmp_path / "results.jsonl"
    result = run("simulate", "toy-dice", "--players", "2", "--games", "12", "--seed", "5",
                 "--agents", "random,heuristic", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    for words in ("Per seat", "Per agent", "win rate", "mean score", "games/s", "game length", "Red", "Blue"):
        assert words in text, words
    lines = out.read_text().splitlines()
    assert len(lines) == 12
    records = [json.loads(line) for line in lines]
    assert [r["seed"] for r in records] == list(range(5, 17))
    for r in records:
        assert set(r) >= {"game", "players", "seed", "seats", "agents", "scores", "winners", "length", "time"}
        assert r["seats"] == ["Red", "Blue"]
    assert records[0]["agents"] == ["random", "heuristic"]
    assert records[1]["agents"] == ["heuristic", "random"]
    assert not [p for p in tmp_path.iterdir() if p.name != "results.jsonl"], "temp file left behind"


def test_simulate_with_an_option_and_jobs(tmp_path):
    out = tmp_path / "r.jsonl"
    result = run("simulate", "toy-dice", "--players", "3", "--games", "6", "--jobs", "2",
                 "--option", "rounds=1", "--out", str(out))
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6 and all(r["options"] == {"rounds": 1} for r in records)
    assert all(r["length"] == 3 for r in records)


def test_simulate_failure_leaves_no_output_file(tmp_path, monkeypatch):
    import meeple.sim.playout as playout

    out = tmp_path / "r.jsonl"
    out.write_text("previous complete run\n")
    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        if len(calls) > 3:
            raise RuntimeError("agent crashed")
        return real(*args, **kwargs)

    real = playout.play_game
    monkeypatch.setattr(playout, "play_game", broken)
    from cli_helpers import runner

    result = runner.invoke(meeple.cli.app, ["simulate", "toy-dice", "--games", "8", "--out", str(out)])
    assert result.exit_code != 0
    assert out.read_text() == "previous complete run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.jsonl"]


def test_simulate_out_into_missing_directory_is_refused(tmp_path):
    result = run("simulate", "toy-dice", "--games", "2", "--out", str(tmp_path / "no" / "r.jsonl"))
    assert result.exit_code == 2
    assert "no directory" in result.stderr


def test_serve_is_a_subcommand_loaded_on_demand():
    import subprocess
    import sys

    loaded = subprocess.run([sys.executable, "-c", "import meeple.cli, sys; print('meeple.server' in sys.modules)"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "False"  # `meeple list` never pays for the web stack
    result = run("serve", "--help")
    assert result.exit_code == 0
    assert "--port" in result.stdout and "--db" in result.stdout
    assert run("serve", "--port", "x").exit_code == 2

"""Scripted sessions of `meeple play` through stdin: whole games, commands, quit/save/load, table, hot seat."""

from __future__ import annotations

import json
import re
from pathlib import Path

import meeple
from cli_helpers import run
from meeple.core import CHANCE


def test_whole_game_against_bots_by_numbers(tmp_path):
    save = tmp_path / "g.json"
    result = run("play", "toy-dice", "--players", "3", "--seed", "11", "--opponents", "random,heuristic",
                 "--save", str(save), input="1\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Blue: random" in out and "Green: heuristic" in out
    assert "Final score" in out and ("wins." in out or "share the win." in out)
    state = meeple.from_json({k: v for k, v in json.loads(save.read_text()).items() if k != "meeple_cli"})
    assert state.is_over()
    assert [a for p, a in state.history if p == 0] == [meeple.Action("roll")] * 3  # option 1 every turn


def test_typed_text_bad_numbers_and_illegal_actions_reprompt():
    script = "\n".join(["9", "play 99", "fly", "PLAY   5", "quit"]) + "\n"
    result = run("play", "toy-dice", "--seed", "2", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "choose a number from 1 to" in out
    assert "you have no 99 in your hand" in out
    assert "'fly' is no action" in out


def test_help_score_log_board_work_at_the_prompt():
    result = run("play", "toy-dice", "--players", "2", "--seed", "4", input="help\nscore\nlog\nlog all\nlog x\nboard\nquit\n")
    out = result.stdout
    assert result.exit_code == 0
    assert "At every prompt" in out and "save the game and stop" in out
    assert "Score so far" in out
    assert out.count("Toy Dice · Red (you) to move") == 2  # first drawing + 'board'
    assert "log takes a number or 'all'" in out


def test_other_seats_hidden_information_is_never_shown():
    result = run("play", "toy-dice", "--players", "3", "--seed", "8", "--opponents", "random", input="1\n" * 20)
    assert result.exit_code == 0
    assert re.search(r"Red draws a \d", result.stdout)
    assert not re.search(r"(Blue|Green) draws a \d", result.stdout)


def test_quit_saves_to_a_default_file_and_says_where(in_tmp_dir):
    result = run("play", "toy-dice", "--players", "2", "--seed", "21", input="1\nquit\n")
    assert result.exit_code == 0
    saved = in_tmp_dir / "meeple-toy-dice-21.json"
    assert "Game saved to meeple-toy-dice-21.json" in result.stdout
    assert "meeple play --load meeple-toy-dice-21.json" in result.stdout
    data = json.loads(saved.read_text())
    assert data["meeple_cli"]["humans"] == [0] and data["meeple_cli"]["agents"] == {"1": "easy"}
    # a second quit of the same game never overwrites the first file
    run("play", "toy-dice", "--players", "2", "--seed", "21", input="quit\n")
    assert (in_tmp_dir / "meeple-toy-dice-21-2.json").exists()
    assert json.loads(saved.read_text()) == data


def test_end_of_input_saves_like_quit(in_tmp_dir):
    result = run("play", "toy-dice", "--seed", "3", "--save", "x.json", input="1\n")
    assert result.exit_code == 0
    assert "(end of input)" in result.stdout and "Game saved to x.json" in result.stdout
    assert (in_tmp_dir / "x.json").exists()


def test_quit_then_load_continues_the_same_game(tmp_path):
    save = tmp_path / "s.json"
    first = run("play", "toy-dice", "--players", "2", "--seed", "30", "--save", str(save), input="1\n2\nquit\n")
    assert first.exit_code == 0
    before = json.loads(save.read_text())
    moves_before = len(before["history"])
    second = run("play", "--load", str(save), input="1\n" * 10)
    assert second.exit_code == 0, second.output
    assert "Final score" in second.stdout
    after = json.loads(save.read_text())
    assert after["history"][:moves_before] == before["history"]
    assert len(after["history"]) > moves_before
    assert after["seed"] == 30


def test_load_with_the_wrong_game_or_settings_is_refused(tmp_path):
    save = tmp_path / "s.json"
    run("play", "toy-dice", "--seed", "1", "--save", str(save), input="quit\n")
    assert run("play", "other-game", "--load", str(save)).exit_code == 2
    assert run("play", "toy-dice", "--load", str(save), "--players", "3").exit_code == 2
    assert run("play", "toy-dice", "--load", str(save), "--table").exit_code == 2


def test_malformed_save_files_name_the_fault_and_are_left_alone(tmp_path):
    good = tmp_path / "good.json"
    run("play", "toy-dice", "--players", "2", "--seed", "5", "--save", str(good), input="1\nquit\n")
    data = json.loads(good.read_text())
    cases = {
        "notjson.json": ("{ this is not json", "not valid JSON"),
        "list.json": ("[1, 2]", "not an object"),
        "format.json": (json.dumps({**data, "format": "chess"}), "not a meeple saved game"),
        "missing.json": (json.dumps({k: v for k, v in data.items() if k != "seed"}), "lacks: seed"),
        "edited.json": (json.dumps({**data, "state": {**data["state"], "points": [99, 0]}}), "does not match the replay"),
        "illegal.json": (json.dumps({**data, "history": [[0, {"name": "play", "args": [9]}]]}), "history entry 0"),
    }
    for name, (text, fault) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        for cmd in (["play", "--load", str(path), "--save", str(tmp_path / "out.json")], ["replay", str(path)]):
            result = run(*cmd, input="1\nquit\n")
            assert result.exit_code == 1, (name, result.output)
            assert fault in " ".join(result.stderr.split()), (name, result.stderr)
            assert path.read_text() == text, name
        assert not (tmp_path / "out.json").exists()
    missing = run("play", "--load", str(tmp_path / "nothing.json"))
    assert missing.exit_code == 1 and "no saved game at" in missing.stderr


def test_table_mode_asks_for_every_random_outcome():
    # solo, one round: two cards dealt, then roll and the referee says the die shows 3
    script = "\n".join(["card 9", "card 5", "2", "roll", "7", "die 3"]) + "\n"
    result = run("play", "toy-dice", "--table", "--option", "rounds=1", "--seed", "0", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "referee mode" in out
    assert "a random outcome" in out and "Outcomes:" in out
    assert "the card drawn is a 5" in out and "20%" in out  # outcomes listed with their chances
    assert "'card 9' is not legal now for chance" in out
    assert "choose a number from 1 to 3" in out
    assert "Red draws a 5" in out and "Red draws a 2" in out and "Red rolls 3" in out
    assert re.search(r"Red \(you\)\s+│\s+3 ", out)


def test_table_mode_with_several_people_saves_and_resumes_in_manual_chance(tmp_path):
    save = tmp_path / "t.json"
    script = "\n".join(["1", "1", "1", "1", "quit"]) + "\n"
    result = run("play", "toy-dice", "--table", "--players", "2", "--save", str(save), input=script)
    assert result.exit_code == 0
    data = json.loads(save.read_text())
    assert data["chance"] == "manual" and data["meeple_cli"]["humans"] == [0, 1]
    assert [p for p, _ in data["history"]] == [CHANCE] * 4
    again = run("play", "--load", str(save), input="1\n" * 40)
    assert again.exit_code == 0 and "Final score" in again.stdout


def test_hotseat_hands_the_screen_over_and_hides_the_other_hand():
    result = run("play", "toy-dice", "--players", "2", "--hotseat", "--seed", "6", "--option", "rounds=2",
                 input="\n1\n" * 8)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Red: a person" in out and "Blue: a person" in out
    screens = re.split(r"Pass to (Red|Blue), then press Enter\.", out)
    assert len(screens) >= 5
    for seat, screen in zip(screens[1::2], screens[2::2]):
        other = "Blue" if seat == "Red" else "Red"
        assert not re.search(rf"{other} draws a \d", screen), screen
    assert "Final score" in out


def test_bot_seat_choice_by_name_and_number():
    result = run("play", "toy-dice", "--players", "2", "--seat", "blue", "--seed", "1", input="quit\n")
    assert "Blue (you): a person" in result.stdout and "Red: easy (Easy)" in result.stdout  # the default
    result = run("play", "toy-dice", "--players", "2", "--seat", "2", "--seed", "1", input="quit\n")
    assert "Blue (you): a person" in result.stdout


def test_console_script_is_declared():
    text = (Path(meeple.__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'meeple = "meeple.cli:main"' in text


def test_people_and_bots_together_share_the_screen_by_hot_seat():
    result = run("play", "toy-dice", "--players", "3", "--opponents", "human,random", "--seed", "2",
                 "--option", "rounds=1", input="\n1\n" * 4)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Red: a person" in out and "Blue: a person" in out and "Green: random" in out
    assert "Pass to Blue, then press Enter." in out
    assert "Final score" in out


def test_unknown_opponent_lists_human_too():
    result = run("play", "toy-dice", "--players", "2", "--opponents", "robot")
    assert result.exit_code == 2 and "unknown agent 'robot'" in result.stderr
    assert "random, heuristic" in result.stderr and "human" in result.stderr


def test_a_loaded_mixed_game_keeps_its_people_and_bots(tmp_path):
    save = tmp_path / "m.json"
    first = run("play", "toy-dice", "--players", "3", "--opponents", "human,random", "--seed", "2",
                "--save", str(save), input="\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert json.loads(save.read_text())["meeple_cli"] == {
        "humans": [0, 1], "agents": {"2": "random"}, "hotseat": True, "table": False}
    again = run("play", "--load", str(save), input="quit\n")
    assert "Red: a person" in again.stdout and "Blue: a person" in again.stdout and "Green: random" in again.stdout
    taken_over = run("play", "--load", str(save), "--seat", "2", "--opponents", "heuristic", input="quit\n")
    assert "Blue (you): a person" in taken_over.stdout and "Red: heuristic" in taken_over.stdout


def test_hotseat_pass_prompt_takes_score_help_and_quit(tmp_path):
    result = run("play", "toy-dice", "--players", "2", "--hotseat", "--seed", "1", "--save", str(tmp_path / "h.json"),
                 input="score\nwhat\n\n1\nquit\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "Score so far" in out and "Press Enter once Red alone sees the screen" in out
    assert "Pass to Blue, then press Enter." in out and "Game saved to" in out


def test_the_ladder_levels_take_the_other_seats():
    """`--opponents normal,hard`: the search levels play a whole game; each bot is named with its level
    and what it is; --help lists the ladder weakest first, then heuristic and human."""
    result = run("play", "toy-dice", "--players", "3", "--seed", "5", "--opponents", "normal,hard",
                 "--option", "rounds=1", input="1\n" * 10)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Blue: normal (Normal) — Searches simulated games, under a second a move" in out
    assert "Green: hard (Hard) — Searches longest, up to 3 seconds a move" in out
    assert "Final score" in out
    mixed = run("play", "toy-dice", "--players", "3", "--seed", "5", "--opponents", "random,easy", input="quit\n")
    assert "Blue: random (Beginner) — Plays random legal moves: for learning the rules." in mixed.stdout
    assert "Green: easy (Easy) — Plays by the game's rules of thumb" in mixed.stdout
    helped = " ".join(run("play", "--help").stdout.replace("│", " ").split())
    order = [helped.index(f"{level} (") for level in ("random", "easy", "normal", "hard", "heuristic", "human")]
    assert order == sorted(order), helped
    refused = run("play", "toy-dice", "--opponents", "easy:iterations=100")
    assert refused.exit_code == 2 and "easy takes no settings" in " ".join(refused.stderr.split())

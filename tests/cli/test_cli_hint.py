"""The prompt's ``hint`` / ``提示``: the coach's three best moves for the seat to move, counted in the summary."""

from __future__ import annotations

import json
import re

from cli_helpers import run
from typer.testing import CliRunner

from meeple import cli

SUGGESTION = re.compile(r"^\s+([123])\. (\S.*) — ((?:wins about \d in 10|hardly ever wins|wins almost surely) from here) "
                        r"\((?:sure|fairly sure|a guess)\)$", re.MULTILINE)
"""A suggestion's line: rank, move, its chance of winning in words and how sure (``coach.Suggestion.words``)."""


def test_hint_prints_three_suggestions_and_the_summary_counts_them(tmp_path):
    save = tmp_path / "g.json"
    result = run("play", "toy-dice", "--players", "2", "--seed", "4", "--save", str(save), input="hint\nhint\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("The coach's best moves for Red, from what Red can see:") == 2
    found = SUGGESTION.findall(out)
    assert [rank for rank, _, _ in found] == ["1", "2", "3"] * 2
    assert found[:3] == found[3:]  # the same position and seed: the same hint
    assert "play 2 — play your 2 for 2 points" in out  # the compact text, then the sentence
    assert "hints used: 2" in out
    assert json.loads(save.read_text())["meeple_cli"]["hints"] == 2


def test_hint_count_survives_save_and_load(tmp_path):
    save = tmp_path / "s.json"
    run("play", "toy-dice", "--players", "2", "--seed", "9", "--save", str(save), input="hint\n1\nquit\n")
    result = run("play", "--load", str(save), input="hint\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "hints used: 2" in result.stdout


def test_help_lists_hint_and_no_hint_means_no_count():
    result = run("play", "toy-dice", "--players", "2", "--seed", "4", input="help\n" + "1\n" * 20)
    assert "hint" in result.stdout and "the coach's three best moves for you" in result.stdout
    assert "hints used" not in result.stdout


def test_hint_in_chinese(monkeypatch):
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    with CliRunner().isolation(input="提示\n帮助\n退出\n") as streams:
        try:
            cli.main(["--lang", "zh", "play", "toy-dice", "--players", "2", "--seed", "4"])
        except SystemExit as exc:
            assert not exc.code
        out = streams[0].getvalue().decode()
    cli.translate_help("en")
    assert "教练根据红方能看到的信息给红方的最佳行动：" in out
    assert len(re.findall(r"^\s+[123]\. \S.* — 从这里起.+（(?:有把握|比较有把握|只是猜测)）$", out, re.MULTILINE)) == 3
    assert "[cyan]提示[/cyan]" not in out and "提示 / hint" in out

"""`meeple learn GAME` (issue 42): the guided game in the terminal, a wrong answer explained, q and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

import meeple
from meeple.core import i18n
from meeple.learn import available, scenario


@pytest.fixture(autouse=True)
def progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MEEPLE_LEARN_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("game", available())
def test_the_whole_guided_game_by_typing_the_expected_moves(game: str) -> None:
    lesson = scenario(game)
    answers = [s.action if s.who == "you" else "" for s in lesson.steps if s.shown]
    result = run("--lang", "en", "learn", game, input="\n".join(answers) + "\n")
    assert result.exit_code == 0
    out = " ".join(result.stdout.split())
    assert f"Play a real game now: meeple play {game}" in out
    last = next(s for s in reversed(lesson.steps) if s.who == "you")
    assert " ".join(i18n.render(last.say, last.args, "en").split()[:6]) in out


def test_a_wrong_answer_is_explained_and_q_keeps_the_place(progress: Path) -> None:
    result = run("--lang", "en", "learn", "cube-europe", input="\n\nstart A3\ntake 1 1\nstart D3\nq\n")
    out = " ".join(result.stdout.split())
    assert "Not now: Any yellow hex is allowed" in out
    assert "Not allowed: first put your yellow cube" in out
    assert "Stopped at step 4" in out
    again = run("--lang", "en", "learn", "cube-europe", input="q\n")
    assert "Going on from step 4" in " ".join(again.stdout.split())
    fresh = run("--lang", "en", "learn", "cube-europe", "--restart", input="q\n")
    assert "Going on" not in fresh.stdout


def test_a_game_without_a_guided_game_says_which_have_one() -> None:
    without = [g for g in sorted(meeple.games()) if g not in available()]
    if not without:
        pytest.skip("every game has a guided game")
    result = run("--lang", "en", "learn", without[0])
    assert result.exit_code == 1 and "cube-europe" in result.output

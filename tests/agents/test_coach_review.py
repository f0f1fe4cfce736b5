"""The coach's hint never reads hidden information; the review finds a blunder built into a game."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import meeple
from meeple.agents.coach import hint
from meeple.agents.review import decisions, move_number, position_seed, review
from meeple.core import CHANCE, State
from meeple.terminal.common import write_save

HINT_ITERATIONS = 40
"""A small search budget: the tests check behaviour, not playing strength."""

REVIEW_TEST_ITERATIONS = 25
"""The budget of the built game's coach and of its review (the same, so the review sees the same ratings)."""

GAMES = [("citadels", 4), ("kingsburg", 3), ("versailles", 3), ("cube-europe", 2), ("gods-playground", 3)]


def mover(state: State) -> int:
    """A seat (not chance) that has a move now."""
    return next(p for p in state.to_move() if p != CHANCE)


def random_moves(state: State, count: int, rng: random.Random) -> State:
    """``count`` seeded random moves (fewer if the game ends first)."""
    for _ in range(count):
        if state.is_over():
            break
        seat = mover(state)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def fingerprint(suggestions) -> list[tuple[str, int, float]]:
    return [(s.text, s.visits, s.value) for s in suggestions]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_a_hint_never_depends_on_hidden_information(game_id, players):
    state = random_moves(meeple.load(game_id, players=players).new_game(seed=3), 12, random.Random(game_id))
    assert not state.is_over()
    seat = mover(state)
    expected = fingerprint(hint(state, seat, seed=5, iterations=HINT_ITERATIONS))
    for k in (1, 2, 77):
        other_world = state.determinize(seat, k)  # the hidden cards dealt otherwise
        assert fingerprint(hint(other_world, seat, seed=5, iterations=HINT_ITERATIONS)) == expected


def blundered_game(seed: int = 8, iterations: int = REVIEW_TEST_ITERATIONS) -> tuple[State, int]:
    """Cube Europe for two: Red plays the coach's best move every time (with the review's own seeds and
    budget, so the review rates those moves as best), but once, at the first position where the coach's
    worst move is rated at least 0.3 below its best, plays that worst move; Blue plays seeded random
    moves. Returns the finished game and the blunder's move number."""
    state = meeple.load("cube-europe", players=2).new_game(seed=seed)
    rng = random.Random(seed)
    blunder_move = 0
    while not state.is_over():
        seat = mover(state)
        legal = state.legal_actions(seat)
        if seat != 0 or len(legal) == 1:
            state.apply(rng.choice(legal), seat)
            continue
        move = move_number(state)
        rated = hint(state, seat, seed=position_seed(seed, move), top=len(legal), iterations=iterations)
        worst = min(rated, key=lambda s: s.value)
        if not blunder_move and move > 4 and rated[0].value - worst.value >= 0.3:
            blunder_move = move
            state.apply(worst.action, seat)
        else:
            state.apply(rated[0].action, seat)
    assert blunder_move, "no position with a clear worst move: pick another seed"
    return state, blunder_move


@pytest.fixture(scope="module")
def blundered() -> tuple[State, int]:
    return blundered_game()


def test_review_finds_the_constructed_blunder(blundered, tmp_path):
    game, blunder_move = blundered
    seen: list[tuple[int, int]] = []
    path = write_save(tmp_path / "g.json", game, {"humans": [0]})  # the saved file, as `meeple review` reads it
    blunders = review(path, 0, None, REVIEW_TEST_ITERATIONS, lambda done, total: seen.append((done, total)))
    assert blunders and blunders[0].move == blunder_move
    worst = blunders[0]
    assert worst.seat == 0 and worst.best_value - worst.played_value == worst.drop
    # the move played was the search's worst, barely tried: both moves were searched again on their own,
    # and the drop is beyond the noise of those searches
    assert worst.judged and worst.drop >= 0.2 and worst.drop > 2 * worst.noise
    assert worst.best == worst.top[0].action and len(worst.top) == 3
    assert all(b.seat == 0 and b.drop >= 0.10 and b.drop > 2 * b.noise for b in blunders)
    assert [b.drop for b in blunders] == sorted((b.drop for b in blunders), reverse=True)
    total = len(decisions(game, {0}))
    assert seen[-1] == (total, total) and len(seen) == total
    # the same from the JSON itself, and the same every time
    again = review(json.loads(path.read_text()), 0, None, REVIEW_TEST_ITERATIONS)
    assert [(b.move, b.played, b.drop) for b in again] == [(b.move, b.played, b.drop) for b in blunders]


def meeple_main(argv: list[str]) -> tuple[int, str]:
    """``meeple ARGV`` through the console script's entry point (which takes --lang from anywhere)."""
    from meeple import cli

    with CliRunner().isolation() as streams:
        try:
            cli.main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
        return code, streams[0].getvalue().decode()


def test_meeple_review_prints_the_blunders_worst_first(blundered, tmp_path, monkeypatch):
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    game, blunder_move = blundered
    path = write_save(tmp_path / "g.json", game, {"humans": [0]})
    code, out = meeple_main(["review", str(path), "--seat", "1", "--iterations", str(REVIEW_TEST_ITERATIONS), "--top", "2", "--lang", "en"])
    assert code == 0, out
    assert "Reviewing Cube Europe" in out and "positions" in out
    lines = [line for line in out.splitlines() if line.startswith("move ")]
    assert 1 <= len(lines) <= 2
    assert lines[0].startswith(f"move {blunder_move}, Red: played ")
    assert "the search preferred" in lines[0] and ". Its top moves: " in lines[0]
    assert " — wins" in lines[0] or " — hardly ever wins" in lines[0]  # values in words, never as codes


def test_meeple_review_in_chinese(blundered, tmp_path):
    game, blunder_move = blundered
    path = write_save(tmp_path / "g.json", game, {"humans": [0]})
    code, out = meeple_main(["review", str(path), "--seat", "1", "--iterations", str(REVIEW_TEST_ITERATIONS), "--top", "1", "--lang", "zh"])
    assert code == 0, out
    assert "正在复盘" in out and f"第 {blunder_move} 步，红方：走了" in out and "搜索更倾向" in out
    code, out = meeple_main(["--lang", "zh", "review", "--help"])
    assert code == 0 and "复盘已保存的对局" in out and "最多显示多少个失误" in out
    from meeple import cli

    cli.translate_help("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_reviews_sentences_are_the_move_lists_never_codes(lang, monkeypatch):
    """Kingsburg's moves print as codes (``place 12``): the review says them as the browser's move list
    does (``State.describe``, the same sentences as ``legal_list``'s labels), its values in words."""
    from meeple.server.coachpool import review_blunders
    from meeple.terminal import review as terminal_review

    game = random_moves(meeple.load("kingsburg", players=3).new_game(seed=6), 400, random.Random(6))
    assert game.is_over()
    blunders = review(game, 0, 1, 15, part=(0, 20))
    assert blunders, "random moves leave blunders to find"
    from meeple.terminal import lang as terminal_lang

    monkeypatch.setattr(terminal_lang, "_current", [lang])
    for b in blunders:
        line = terminal_review.blunder_line(b).plain
        for rating in (b.played_rating, b.best_rating, *b.top):
            sentence = b.position.describe(rating.action, b.seat, lang)
            code = str(rating.action)
            assert sentence != code and sentence in line and rating.words(lang) in line
            assert code not in line.replace(sentence, ""), (code, line)
    entries = review_blunders(game, 0, 1, 15, lang, (0, 20))
    assert len(entries) == len(blunders)
    for entry in entries:
        for said in (entry["played"], entry["best"], *entry["top"]):
            assert said["label"] != said["text"] and said["words"]

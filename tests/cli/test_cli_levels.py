"""`meeple levels GAME`: the bot levels a game offers (the lobby's), with their shipped ratings; `meeple play`
says when an opponent's level is one the game leaves out."""

from __future__ import annotations

from cli_helpers import run

from meeple.server.bot_tournament import shipped_anchors
from meeple.server.ratings import rating_shown


def test_levels_lists_the_game_s_ladder_with_its_shipped_ratings() -> None:
    result = run("levels", "kingsburg")
    assert result.exit_code == 0, result.output
    out = result.stdout
    anchors = shipped_anchors()[("kingsburg", "2p")]
    positions = [out.index(f"│ {level} ") for level in ("random", "easy", "normal", "hard")]
    assert positions == sorted(positions)  # weakest first
    for level in ("random", "easy", "normal", "hard"):
        assert str(rating_shown(*anchors[level][:2])) in out
    assert "Beginner" in out and "Hard" in out


def test_cube_europe_offers_no_hard_level() -> None:
    out = run("levels", "cube-europe").stdout
    assert "│ normal " in out and "│ hard " not in out and "Hard" not in out


def test_levels_of_an_unknown_game_is_refused() -> None:
    result = run("levels", "nope")
    assert result.exit_code == 2 and "unknown game" in result.stderr


def test_play_says_when_a_level_is_not_offered_in_the_game() -> None:
    result = run("play", "cube-europe", "--players", "2", "--seed", "3", "--opponents", "hard", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "hard is not one of this game's levels (random, easy, normal)" in " ".join(result.stdout.split())
    result = run("play", "kingsburg", "--players", "2", "--seed", "3", "--opponents", "hard", input="quit\n")
    assert "is not one of this game's levels" not in result.stdout

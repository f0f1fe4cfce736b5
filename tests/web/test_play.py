"""Whole games played by clicking in a real browser, against bots, with no console errors."""

import pytest

import meeple

from .play import play_to_end, start_game


def test_lobby_lists_every_game(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create")
    offered = page.eval_on_selector_all("#game option", "els => els.map(e => e.value)")
    assert sorted(offered) == sorted(meeple.games())
    assert page.console_errors == []


WALKED_BY_THE_BOARD = {"gods-playground", "kingsburg", "versailles"}
"""Games whose whole game by the move list is slow (13-16 s each on a loaded 2-core machine) and whose board
tests already play whole games: ``slow`` (run by .ci/run's daily share); Citadels is ``daily``, Cube Europe runs by
default (the one whole game of the default run)."""


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g in WALKED_BY_THE_BOARD
                                     else g if g == "cube-europe" else pytest.param(g, marks=pytest.mark.daily)
                                     for g in sorted(meeple.games())])
def test_whole_game_against_bots(page, server, game_id):
    info = meeple.games()[game_id]
    players = max(info.min_players, 2) if info.max_players >= 2 else 1
    start_game(page, server, game_id, players)
    moves = play_to_end(page)
    assert moves > 0
    summary = page.inner_text("#game-over")
    assert "Score" in summary
    assert page.console_errors == []


@pytest.mark.slow  # the solo game by the board is played by test_cube_europe_board.py too
def test_cube_europe_solo_by_clicking_the_board(page, server):
    """Solo Cube Europe, choosing moves on the board itself: hexes, market squares, dice."""
    start_game(page, server, "cube-europe", 1)
    page.wait_for_selector(".hexmap")
    page.click("g.legal[data-hex]")  # the starting yellow hex
    clicks = 0
    while not page.query_selector("#game-over") and clicks < 400:
        page.wait_for_selector("#actions:not(.busy) button.action, #game-over")
        if page.query_selector("#game-over"):
            break
        legal = page.query_selector("g.legal[data-hex]:visible, .square.legal:visible")
        if legal is not None and page.query_selector(".chooser") is None:
            legal.click()
            chooser = page.query_selector(".chooser button.action")
            if chooser:
                chooser.click()
        else:
            page.query_selector("#actions button.action").click()
        clicks += 1
        page.wait_for_timeout(20)
    assert page.query_selector("#game-over")
    assert page.console_errors == []


def test_keyboard_plays_the_action_list(page, server):
    start_game(page, server, "cube-europe", 1)
    page.wait_for_selector("#actions button.action")
    before = page.inner_text("#log")
    page.keyboard.press("1")
    page.wait_for_function("(b) => document.querySelector('#log').innerText !== b", arg=before)
    assert "starts on" in page.inner_text("#log")

"""The lobby as a newcomer meets it: the gallery, Play now, the set-up, invited names, the lists, Chinese."""

from __future__ import annotations

import time

import httpx
import pytest

import meeple

from .daily import by_default


def _game_id_of(page) -> str:
    page.wait_for_function("() => location.hash.startsWith('#/game/')")
    return page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")


@pytest.mark.parametrize("game_id", by_default(sorted(meeple.games()), kept={"citadels"}))
def test_play_now_reaches_a_board_within_five_seconds(page, server, game_id):
    page.goto(server + "/")
    page.wait_for_selector(f"[data-play='{game_id}']")
    started = time.monotonic()
    page.click(f"[data-play='{game_id}']")
    # your turn (the move list has moves) or the bots are playing (the status names the seats to move)
    page.wait_for_function("""() => {
        const status = document.querySelector('#status');
        const board = document.querySelector('#board [data-board]');
        return board && status && (status.classList.contains('your-turn')
            || document.querySelectorAll('#actions button.action').length > 0
            || /Waiting for/.test(status.textContent));
    }""", timeout=5000)
    assert time.monotonic() - started < 5
    gid = _game_id_of(page)
    summary = httpx.get(f"{server}/api/games/{gid}").json()
    assert summary["game"] == game_id
    seats = summary["seats"]
    assert seats[0]["kind"] == "human" and seats[0]["claimed"]
    assert len(seats) >= 2 and all(s["kind"] == "bot" and s["level"] == "normal" for s in seats[1:])
    assert page.console_errors == []


def _set_up(page, server, game_id: str, players: int, choices: dict[str, object]) -> dict:
    """Set up ``game_id`` for ``players`` (you and random bots) choosing ``choices``; the game's summary."""
    page.goto(server + "/")
    page.click(f"[data-setup='{game_id}']")
    if page.is_enabled("#players"):
        page.fill("#players", str(players))
        page.dispatch_event("#players", "change")
    for i in range(1, players):
        page.select_option(f"#seat-{i}", "bot:random")
    for name, value in choices.items():
        assert page.is_visible(f"#opt-{name}"), f"option {name} hidden at {players} players"
        page.select_option(f"#opt-{name}", meeple_json(value))
    page.click("#create")
    gid = _game_id_of(page)
    return httpx.get(f"{server}/api/games/{gid}").json()


def meeple_json(value: object) -> str:
    import json

    return json.dumps(value)


def test_set_up_with_every_option_gives_a_game_with_those_options(page, server):
    """Each option of each game set to a choice other than its default, at a player count it matters at."""
    dark_city = {"rank1": "witch", "rank2": "tax-collector", "rank3": "wizard", "rank4": "emperor",
                 "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat", "rank9": "queen"}
    tables = [
        ("citadels", 3, {**dark_city, "three_player": "two", "short_game": True}),
        ("citadels", 2, {"two_player_city": 12}),
        ("cube-europe", 1, {"solo_deck": "thirteen"}),
        ("gods-playground", 3, {"recruit_turns": "repeat", "diplomacy_shortfall": "fail"}),
    ]
    covered = set()
    for game_id, players, choices in tables:
        summary = _set_up(page, server, game_id, players, choices)
        assert summary["game"] == game_id and summary["players"] == players
        for name, value in choices.items():
            assert summary["options"][name] == value, (game_id, name)
            covered.add((game_id, name))
    every = {(gid, o.name) for gid, info in meeple.games().items() for o in info.options}
    assert covered == every
    assert page.console_errors == []


def test_an_option_that_does_not_apply_is_hidden(page, server):
    page.goto(server + "/")
    page.click("[data-setup='citadels']")
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    assert not page.is_visible("#opt-three_player") and not page.is_visible("#opt-two_player_city")
    assert page.is_visible("#opt-short_game")
    assert "7 districts" in page.inner_text("#setup")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert page.is_visible("#opt-three_player")
    page.focus("#opt-rank2")  # what the rank's characters do, readable without hovering (phones)
    assert "Tax Collector" in page.inner_text("#rank-about")


def test_changing_the_player_count_keeps_the_seats_chosen(page, server):
    page.goto(server + "/")
    page.click("[data-setup='kingsburg']")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.select_option("#seat-1", "bot:hard")
    page.select_option("#seat-2", "human")
    page.fill("#players", "5")
    page.dispatch_event("#players", "change")
    values = [page.input_value(f"#seat-{i}") for i in range(5)]
    assert values == ["human", "bot:hard", "human", "bot:normal", "bot:normal"]
    assert "up to 3 seconds a move" in page.inner_text("#seat-help-1")  # the level's strength, explained beside it
    page.select_option("#seat-4", "bot:easy")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    assert [page.input_value(f"#seat-{i}") for i in range(2)] == ["human", "bot:hard"]
    page.fill("#players", "5")
    page.dispatch_event("#players", "change")
    assert [page.input_value(f"#seat-{i}") for i in range(5)] == ["human", "bot:hard", "human", "bot:normal", "bot:easy"]
    assert page.console_errors == []


def test_the_level_picker_offers_the_ladder(page, server):
    """A bot seat's levels: the ladder, weakest first, by name, each explained beside it (heuristic and
    ismcts, the same player as easy and the search with settings, are for programs, not offered)."""
    page.goto(server + "/")
    page.click("[data-setup='kingsburg']")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    options = page.eval_on_selector_all("#seat-1 option", "els => els.map((e) => [e.value, e.textContent])")
    assert [value for value, _ in options] == ["human", "bot:random", "bot:easy", "bot:normal", "bot:hard"]
    assert all(name in text for (_, text), name in zip(options[1:], ("Beginner", "Easy", "Normal", "Hard"))), options
    page.select_option("#seat-1", "bot:random")
    assert "learning the rules" in page.inner_text("#seat-help-1")
    page.select_option("#seat-1", "bot:easy")
    assert "rules of thumb" in page.inner_text("#seat-help-1")
    assert page.console_errors == []


def test_the_level_picker_offers_each_game_its_own_ladder(page, server):
    """Cube Europe offers no ``hard`` (measured: no better than ``normal`` there); going back to a game that
    offers it brings it back, and a seat's choice survives where the game offers it."""
    page.goto(server + "/")
    page.click("[data-setup='cube-europe']")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    values = page.eval_on_selector_all("#seat-1 option", "els => els.map((e) => e.value)")
    assert values == ["human", "bot:random", "bot:easy", "bot:normal"]
    assert page.input_value("#seat-1") == "bot:normal"
    page.select_option("#game", "kingsburg")
    page.dispatch_event("#game", "change")
    values = page.eval_on_selector_all("#seat-1 option", "els => els.map((e) => e.value)")
    assert values == ["human", "bot:random", "bot:easy", "bot:normal", "bot:hard"]
    page.select_option("#seat-1", "bot:hard")
    page.select_option("#game", "cube-europe")
    page.dispatch_event("#game", "change")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    assert page.input_value("#seat-1") == "bot:normal"  # hard is not offered here: the set-up's own level
    assert page.console_errors == []


def test_an_invited_person_names_themselves_and_both_sides_see_both_names(page, server, browser):
    page.goto(server + "/")
    page.click("[data-setup='citadels']")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seat-1", "human")
    page.fill("#player-name", "Ann")
    page.click("#create")
    link = page.input_value(".invite-link")
    page.click("#go-to-game")
    gid = _game_id_of(page)

    guest_context = browser.new_context(viewport={"width": 1000, "height": 800})
    guest = guest_context.new_page()
    errors: list[str] = []
    guest.on("pageerror", lambda e: errors.append(str(e)))
    guest.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        guest.goto(link)
        guest.wait_for_selector("#join-name")
        assert "Ann" in guest.inner_text("#join")  # who invited them, by name
        guest.click("#join-button")  # no name yet: the form asks for one
        assert guest.query_selector("#status") is None
        guest.fill("#join-name", "Bao")
        guest.click("#join-button")
        guest.wait_for_selector(".seat-chips .chip")
        guest.wait_for_function("() => /Ann/.test(document.querySelector('.seat-chips').innerText)")
        assert "Bao" in guest.inner_text(".seat-chips")
        page.wait_for_function("() => /Bao/.test(document.querySelector('.seat-chips').innerText)")
        assert "Ann" in page.inner_text(".seat-chips")
        assert "person" not in page.inner_text(".seat-chips")
        # the link again: the seat is taken, and the page says so instead of offering to join
        guest.goto(server + "/")
        guest.wait_for_selector("#gallery")
        guest.goto(link)
        guest.wait_for_selector("#join-taken")
        assert guest.query_selector("#join-button") is None
        # the lobby lists the game by the players' names
        guest.goto(server + "/")
        guest.wait_for_selector(f"#your-games [data-game-id='{gid}']")
        row = guest.inner_text(f"#your-games [data-game-id='{gid}']")
        assert "Ann" in row and "Bao" in row
        assert errors == []
    finally:
        guest_context.close()
    assert page.console_errors == []


def test_a_finished_game_is_listed_by_names_and_its_replay_titled_by_the_game(page, server):
    made = httpx.post(f"{server}/api/games", json={"game": "cube-europe", "players": 2,
                                                    "seats": [{"kind": "bot", "level": "random"}] * 2}).json()
    deadline = time.monotonic() + 30
    while not httpx.get(f"{server}/api/games/{made['id']}/spectate").json()["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(server + "/")
    row = page.wait_for_selector(f"#finished-games [data-game-id='{made['id']}']")
    assert "Cube Europe" in row.inner_text() and "Beginner" in row.inner_text()  # the level by its name (LADDER: random is "Beginner")
    row.query_selector("a[href^='#/replay/']").click()
    page.wait_for_selector(".replay-controls")
    title = page.inner_text("h1")
    assert "Cube Europe" in title and made["id"] not in title
    assert page.console_errors == []


def test_the_gallery_in_chinese(page, server):
    page.goto(server + "/?lang=zh")
    page.wait_for_selector("#gallery .game-card")
    text = page.inner_text("#gallery")
    for name in ("富饶之城", "帝王堡", "方块欧洲", "凡尔赛"):
        assert name in text
    assert "立即开始" in text and "web." not in text
    assert page.inner_text("#setup h2") == "设置一局游戏"
    # every card: a drawn cover, its player count, its length, its description, the open games
    for card in page.query_selector_all("#gallery .game-card"):
        assert card.query_selector("svg.cover") is not None
        assert card.query_selector(".facts").inner_text().strip()
        assert len(card.query_selector(".about").inner_text()) > 10
        assert card.query_selector("[data-open]") is not None
    assert page.console_errors == []


def test_open_games_are_counted_on_their_card_and_joined_from_the_list(page, server):
    made = httpx.post(f"{server}/api/games", json={"game": "versailles", "players": 2, "player_name": "Chen",
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    page.goto(server + "/")
    page.wait_for_selector("#gallery")
    count = int(page.get_attribute("[data-game='versailles'] [data-open]", "data-open"))
    assert count >= 1
    assert "waiting for players" in page.inner_text("[data-game='versailles'] .waiting")
    row = page.inner_text(f"#open-games [data-game-id='{made['id']}']")
    assert "Chen (guest)" in row  # no account: marked as a guest
    page.click(f"#open-games [data-join='{made['id']}/1']")
    page.fill("#join-name", "Dara")
    page.click("#join-button")
    page.wait_for_selector(".seat-chips .chip")
    page.wait_for_function("() => /Dara/.test(document.querySelector('.seat-chips').innerText)")
    chips = page.inner_text(".seat-chips")
    assert "Chen (guest)" in chips and "Dara (guest)" in chips
    assert page.console_errors == []


def test_the_lobby_follows_new_open_games_without_a_reload(page, server):
    page.clock.install()  # the page's own clock, moved on by the test: the lobby's 10 s refresh without the wait
    page.goto(server + "/")
    page.wait_for_selector("#gallery")
    before = int(page.get_attribute("[data-game='kingsburg'] [data-open]", "data-open"))
    made = httpx.post(f"{server}/api/games", json={"game": "kingsburg", "players": 2, "player_name": "Eli",
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    page.clock.run_for(9_000)
    assert page.query_selector(f"#open-games [data-game-id='{made['id']}']") is None  # not before the refresh
    page.clock.run_for(1_100)
    page.wait_for_selector(f"#open-games [data-game-id='{made['id']}']", timeout=5000)
    assert int(page.get_attribute("[data-game='kingsburg'] [data-open]", "data-open")) == before + 1
    assert "Eli" in page.inner_text(f"#open-games [data-game-id='{made['id']}']")
    assert page.console_errors == []

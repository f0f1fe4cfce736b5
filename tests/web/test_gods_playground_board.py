"""God's Playground's board (meeple/web/static/js/boards/gods-playground.js) against ../shared/BOARDS.md:
whole games played by clicking only inside ``[data-board]``, every legal move present on the board, and
the other families' noble tokens nowhere in the page (DOM or WebSocket frames) before the reveal."""

from __future__ import annotations

import json

import pytest

import meeple

from .play import assert_fits_a_phone, play_by_board, start_game

pytestmark = pytest.mark.skipif("gods-playground" not in meeple.games(), reason="God's Playground is not registered")

GAME = "gods-playground"


@pytest.mark.parametrize("seed", [3, pytest.param(11, marks=pytest.mark.slow)])
def test_a_whole_game_is_played_by_clicking_the_board_only(page, server, seed):
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board]")
    played = play_by_board(page, seed)
    assert page.query_selector("#game-over")
    # clicks are counted as the page took them (a click that raced a redraw may go either way): at least
    # the setup estates, the tokens, and some of the later phases' moves were made on the board
    assert {"estate", "token"} <= set(played) and len(set(played) - {"estate", "token"}) >= 3, played
    # the end on the board: each family's VP by category (the rounds, the estates) adding up to its total
    rows = page.eval_on_selector_all("[data-board] .gp-final tbody tr",
                                     "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent))")
    assert len(rows) == 3
    for rounds, estates, total, *_ in rows:
        assert int(rounds) + int(estates) == int(total)
    winners = page.eval_on_selector_all("[data-board] .gp-final tr.winner td:nth-child(4)", "tds => tds.map(td => Number(td.textContent))")
    assert winners and max(int(r[2]) for r in rows) == winners[0]
    assert page.console_errors == []


def test_tokens_are_picked_in_your_area_and_dropped_on_a_province(page, server):
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board]")
    for _ in range(3):  # the setup: three estates, each on the next free slot of a province
        page.wait_for_selector("[data-board] .estate-slot[data-action]:visible")
        page.click("[data-board] .estate-slot[data-action] >> nth=0")
        page.wait_for_timeout(100)
    page.wait_for_selector("[data-board] [data-pick^='token-']")
    page.click("[data-board] [data-pick='token-4']")
    drops = page.query_selector_all("[data-board] .token-drop")
    shown = [d.get_attribute("data-action") for d in drops if d.is_visible()]
    hidden = [d.get_attribute("data-action") for d in drops if not d.is_visible()]
    assert shown and all(a.endswith(" 4") for a in shown), shown
    assert hidden and not any(a.endswith(" 4") for a in hidden)  # the other values wait for their pick
    page.click("[data-board] .token-drop[data-action='token 1 4']")
    page.wait_for_selector("[data-board] [data-token-spot='1:0'] [data-piece='token']")
    assert page.inner_text("[data-board] .gp-family.me").count("4") >= 1
    assert page.console_errors == []


def test_other_families_tokens_are_nowhere_in_the_page_before_the_reveal(page, server):
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode())))
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board]")
    for _ in range(3):
        page.wait_for_selector("[data-board] .estate-slot[data-action]:visible")
        page.click("[data-board] .estate-slot[data-action] >> nth=0")
        page.wait_for_timeout(100)
    # five of your six tokens: the bots' twelve are down meanwhile (they play at once)
    for placed in range(5):
        page.wait_for_selector("[data-board] .token-drop[data-action]:visible")
        page.click("[data-board] .token-drop[data-action]:visible >> nth=0")
        page.wait_for_function("n => document.querySelectorAll('[data-board] [data-token-spot$=\":0\"] [data-piece=token]').length > n", arg=placed)
    page.wait_for_function("() => document.querySelectorAll('[data-board] [data-face=down]').length === 12")
    for q in (1, 2):
        for spot in page.query_selector_all(f"[data-board] [data-token-spot$=':{q}']"):
            assert spot.query_selector(".piece-label") is None, "a face-down token shows a value"
            assert spot.query_selector("[data-piece=token]") is None or spot.query_selector("[data-face=down]")
    html = page.content()
    assert "token_private" not in html
    for text in frames:
        message = json.loads(text)
        body = message.get("update", message)
        obs = body.get("observation") or {}
        for q in (1, 2):
            if "tokens_placed" in obs:
                assert set(obs["tokens_placed"][q]) <= {0, 1}, obs["tokens_placed"]
            if "bids" in obs:
                assert obs["bids"][q] in (-1, -2)
        for event_id, args in body.get("events", []):
            assert not (event_id.endswith("_private") and args.get("seat") != 0), (event_id, args)
    # the last token reveals all 18: now the same spots show the others' values (the check above could fail)
    page.click("[data-board] .token-drop[data-action]:visible >> nth=0")
    page.wait_for_function("() => document.querySelectorAll('[data-board] [data-face=down]').length === 0")
    shown = [label.text_content() for q in (1, 2) for label in page.query_selector_all(f"[data-board] [data-token-spot$=':{q}'] .piece-label")]
    assert len(shown) == 12 and all(text in "012345" for text in shown), shown
    assert page.console_errors == []


def test_the_board_draws_the_map_from_the_content_data(page, server):
    start_game(page, server, GAME, 3, lang="zh")
    page.wait_for_selector("[data-board]")
    names = [page.text_content(f"[data-board] [data-province='{i}'] .gp-name") for i in range(5)]
    assert names == ["普鲁士", "立陶宛", "乌克兰", "小波兰", "大波兰"]
    # estate tracks: Prussia 6 slots, Ukraine 7, the others 8 (content.ESTATE_SLOTS)
    counts = [len(page.query_selector_all(f"[data-board] [data-province='{i}'] .estate-slot")) for i in range(5)]
    assert counts == [6, 8, 7, 8, 8]
    assert len(page.query_selector_all("[data-board] [data-enemy]")) == 5
    assert len(page.query_selector_all("[data-board] .phase-row")) == 16
    assert len(page.query_selector_all("[data-board] .round-box")) == 4
    assert len(page.query_selector_all("[data-board] .vp-cell")) == 100
    # where the provinces lie: Prussia west of Lithuania, both north of the other three; Ukraine east
    box = {i: page.query_selector(f"[data-board] [data-province='{i}'] .province-land").bounding_box() for i in range(5)}
    assert box[0]["x"] < box[1]["x"] and box[0]["y"] < box[4]["y"] and box[1]["y"] < box[3]["y"]
    assert box[2]["x"] > box[3]["x"] > box[4]["x"]
    assert page.console_errors == []


def test_at_phone_width_nothing_is_cut_off_and_targets_are_large(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board] [data-action]")
    assert_fits_a_phone(page, "[data-board] [data-action]")  # the map scrolls inside its frame
    context.close()


def test_a_log_entry_shows_its_seat_colour_and_lights_what_it_concerns(page, server):
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board] .estate-slot[data-action]:visible")
    about_the_province = page.locator("#log li.seat-entry", has_text="Little Poland")
    before = about_the_province.count()
    page.click("[data-board] [data-province='3'] .estate-slot[data-action]")
    entry = about_the_province.nth(before)  # ours: the bots, who may build there too, move after us
    entry.wait_for()
    assert "#f4f0e4" in entry.get_attribute("style")  # White's colour, the seat that built
    entry.hover()
    lit = page.query_selector_all("[data-board] .log-lit")
    assert [el.evaluate("e => e.parentNode.dataset.province") for el in lit] == ["3"]
    page.mouse.move(0, 0)
    page.locator("h1").hover()
    assert page.query_selector_all("[data-board] .log-lit") == []
    assert page.console_errors == []

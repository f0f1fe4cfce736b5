"""The front door's end and help: the end-of-game summary (bars by category, winners, length, replay,
play again with the same seats) and the "How to play" panel (rules in the page's language, the current
phase's section open), and the rules route that only takes a known game and language."""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx
import pytest

from .daily import by_default
from .play import play_to_end_over_the_api, start_game

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
"""Where to refresh docs/screenshots/how-to-play.png and end-of-game.png (MEEPLE_SCREENSHOTS=docs/screenshots);
a plain test run writes nothing into the checkout."""


def _gid(page) -> str:  # type: ignore[no-untyped-def]
    page.wait_for_function("() => location.hash.startsWith('#/game/')")
    return page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")


def test_summary_bars_winners_length_replay_and_play_again(page, server):  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, server, "cube-europe", 2, bots="random")
    gid = _gid(page)
    page.wait_for_selector("#board [data-board]")
    play_to_end_over_the_api(page, server)  # the page follows the moves as it would another device's
    page.wait_for_selector("#game-over [data-chart] [data-bar]")
    view = httpx.get(f"{server}/api/games/{gid}/spectate").json()
    scores, winners = view["result"]["scores"], view["result"]["winners"]
    bars = page.evaluate("""() => [...document.querySelectorAll('#game-over [data-bar]')].map((b) => ({
        seat: Number(b.dataset.bar), total: Number(b.dataset.total), winner: b.classList.contains('winner'),
        sum: [...b.querySelectorAll('[data-segment]')].reduce((a, s) => a + Number(s.dataset.value), 0) }))""")
    assert sorted(b["seat"] for b in bars) == list(range(len(scores)))
    for b in bars:
        assert b["sum"] == b["total"] == scores[b["seat"]], b
        assert b["winner"] == (b["seat"] in winners)
    # the legend names every category of the board's table (Cube Europe: five), in the same order
    legend = page.locator("#game-over [data-legend] li").all_inner_texts()
    heads = page.locator(".ce-final thead th").all_inner_texts()
    assert legend and legend == heads[1:1 + len(legend)]
    # the length: the rounds and the players' moves of the replay
    page.wait_for_function("() => /move/.test(document.querySelector('#game-over [data-length]').textContent)")
    length = page.inner_text("#game-over [data-length]")
    replay = httpx.get(f"{server}/api/games/{gid}/replay").json()
    moves = sum(1 for m in replay["moves"] if m["seat"] >= 0)
    assert f"{moves} move" in length and "round" in length
    tie = page.query_selector("#game-over [data-tiebreak]")
    top = [p for p, sc in enumerate(scores) if sc == max(scores)]
    assert (tie is not None) == (len(top) > 1)

    # the replay link works
    page.click("#watch-replay")
    page.wait_for_selector("#prev")
    page.go_back()
    page.wait_for_selector("#play-again")

    # play again: same game, player count, options and seat kinds (bots of the same level), you in seat 0
    before = httpx.get(f"{server}/api/games/{gid}").json()
    page.click("#play-again")
    page.wait_for_function(f"() => location.hash.startsWith('#/game/') && !location.hash.includes({gid!r})")
    new = _gid(page)
    after = httpx.get(f"{server}/api/games/{new}").json()
    assert (after["game"], after["players"], after["options"]) == (before["game"], before["players"], before["options"])
    assert [(s["kind"], s["level"] if s["kind"] == "bot" else None) for s in after["seats"]] == \
           [(s["kind"], s["level"] if s["kind"] == "bot" else None) for s in before["seats"]]
    assert after["seats"][0]["claimed"]
    page.wait_for_selector("#board [data-board]")
    page.wait_for_function("() => !document.querySelector('#game-over')")
    assert page.console_errors == []


# the key of the player text's section each Citadels phase is explained in (rules.js RULES_SECTIONS)
CITADELS_SECTIONS = {"draft": "draft", "call": "call", "turn": "call", "setup": "setup"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_how_to_play_opens_the_rules_at_the_current_phase(page, server, lang):  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, server, "citadels", 2, bots="random", lang=lang)
    gid = _gid(page)
    page.wait_for_selector("#board [data-board]")
    page.click("#how-to-play")
    page.wait_for_selector("#rules-panel details[data-current]")
    phase = httpx.get(f"{server}/api/games/{gid}/spectate").json()["observation"]["phase"]
    # the page may have moved on since the panel opened; only a known phase's section is checked
    current = page.get_attribute("#rules-panel details[data-current]", "data-key")
    assert current == CITADELS_SECTIONS[phase] or phase != "draft"
    assert page.evaluate("() => document.querySelector('#rules-panel details[data-current]').open")
    # the others are closed; the document is the game's in the page's language
    opened = page.evaluate("() => [...document.querySelectorAll('#rules-panel details.level-2')].filter((d) => d.open).length")
    assert opened == 1
    title = page.inner_text("#rules-title")
    assert title.startswith("Citadels" if lang == "en" else "富饶之城")
    text = page.evaluate("() => document.querySelector('#rules-panel').textContent")
    assert ("游戏结束与计分" in text) if lang == "zh" else ("A tie is won" in text)
    assert "|---" not in text and "`" not in text and page.query_selector("#rules-panel table th")
    assert page.query_selector("#rules-panel script, #rules-panel img") is None
    if lang == "en" and SHOTS:
        page.screenshot(path=str(SHOTS / "how-to-play.png"))
    # its end links to the rules as implemented, shown in the sheet with a way back
    page.click("#rules-panel details[data-key=implementation] > summary")
    page.click("#rules-panel [data-rules-link=implementation]")
    page.wait_for_selector("#rules-panel[data-document=implementation] .rules-section")
    assert ("胜利条件" in page.text_content("#rules-panel")) if lang == "zh" else ("Tie-break" in page.text_content("#rules-panel"))
    page.click("#rules-panel [data-rules-link=howto]")
    page.wait_for_selector("#rules-panel[data-document=howto] details[data-key=goal]")
    # the sheet closes (Escape) and the board's controls are there again
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")
    assert page.get_attribute("#how-to-play", "aria-expanded") == "false"
    assert page.console_errors == []


def test_the_rules_route_takes_only_a_known_game_and_language(server):  # type: ignore[no-untyped-def]
    for game in ("cube-europe", "citadels", "kingsburg", "versailles", "gods-playground"):
        for lang, name in (("en", f"{game}.md"), ("zh", f"{game}.zh.md")):
            r = httpx.get(f"{server}/api/rules/{game}", params={"lang": lang})
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/markdown")
            assert r.text == (ROOT / "docs" / "rules" / name).read_text(encoding="utf-8"), name
    for bad in ("nope", "..", "..%2F..%2Fpyproject.toml", "%2e%2e%2fREADME.md", "citadels.md", "citadels.zh"):
        assert 400 <= httpx.get(f"{server}/api/rules/{bad}").status_code < 500, bad
    for lang in ("fr", "../en", "en/../../x", "zh.md"):
        assert 400 <= httpx.get(f"{server}/api/rules/citadels", params={"lang": lang}).status_code < 500, lang


def test_every_board_gives_its_score_breakdown():
    """Each board module exports scoreBreakdown (the end table and the summary's chart share it)."""
    boards = ROOT / "meeple" / "web" / "static" / "js" / "boards"
    for name in ("cube-europe", "citadels", "kingsburg", "versailles", "gods-playground"):
        source = (boards / f"{name}.js").read_text(encoding="utf-8")
        assert "export function scoreBreakdown(view)" in source, name
        assert "scoreBreakdown(" in source.split("export function scoreBreakdown(view)", 1)[1], name


def test_every_boards_summary_adds_up_to_the_result(page, server):  # type: ignore[no-untyped-def]
    """A bots-only game of each game, watched to its end: one bar per player whose segments add up to
    its score in the result, the winners marked (the spectator's summary: only public facts)."""
    import meeple

    games = {}
    for game_id, info in meeple.games().items():
        n = info.min_players
        body = {"game": game_id, "players": n, "seats": [{"kind": "bot", "level": "random"}] * n}
        r = httpx.post(f"{server}/api/games", json=body)
        assert r.status_code == 201, r.text
        games[game_id] = r.json()["id"]
    deadline = time.time() + 90
    for game_id, gid in games.items():
        while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "finished":
            assert time.time() < deadline, f"{game_id}: the bots did not finish"
            time.sleep(0.2)
        result = httpx.get(f"{server}/api/games/{gid}/spectate").json()["result"]
        page.goto("about:blank")
        page.goto(f"{server}/#/game/{gid}")
        page.wait_for_selector("#game-over [data-chart] [data-bar]")
        bars = page.evaluate("""() => [...document.querySelectorAll('#game-over [data-bar]')].map((b) => ({
            seat: Number(b.dataset.bar), total: Number(b.dataset.total), winner: b.classList.contains('winner'),
            sum: [...b.querySelectorAll('[data-segment]')].reduce((a, s) => a + Number(s.dataset.value), 0) }))""")
        assert sorted(b["seat"] for b in bars) == list(range(len(result["scores"]))), game_id
        for b in bars:
            assert b["sum"] == b["total"] == result["scores"][b["seat"]], (game_id, b, result)
            assert b["winner"] == (b["seat"] in result["winners"]), (game_id, b, result)
        legend = page.locator("#game-over [data-legend] li").count()
        assert legend >= 2 or game_id == "cube-europe" and legend >= 1, game_id
        assert page.query_selector("#play-again") and page.query_selector("#watch-replay")
        if game_id == "versailles" and SHOTS:  # four categories: the screenshot of the summary
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_function("() => /move/.test(document.querySelector('#game-over [data-length]').textContent)")
            page.evaluate("() => window.scrollTo(0, 0)")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "end-of-game.png"))
    assert page.console_errors == []


def _leave_to_the_bots_and_come_back(page, server: str) -> None:  # type: ignore[no-untyped-def]
    """Leave the game under way (your seat goes to a bot, which plays it to the end unwatched: quicker than
    clicking it through), then come back to the finished game with your seat's token still in this browser."""
    gid = _gid(page)
    page.click("#leave")
    page.wait_for_function("() => !document.querySelector('#leave')")
    page.goto("about:blank")
    deadline = time.time() + 90
    while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "finished":
        assert time.time() < deadline, f"{gid}: the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server}/#/game/{gid}")
    page.wait_for_selector("#game-over")


PLAYERS = {"cube-europe": 1, "citadels": 2, "kingsburg": 2, "versailles": 2, "gods-playground": 3}


@pytest.mark.parametrize("game", by_default(sorted(PLAYERS), kept={"cube-europe", "citadels"}))
def test_notify_me_is_offered_while_the_game_runs_and_not_once_it_is_over(page, server, game):  # type: ignore[no-untyped-def]
    """"Notify me when it is my turn" sits under your moves while the game runs; once it is over no turn will
    come, so the end screen does not offer it (a newcomer found it under the game-over panel). The game is
    finished by the bot that takes the seat you leave."""
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, server, game, PLAYERS[game], bots="random")
    page.wait_for_selector("#board [data-board]")
    assert page.is_visible("#notify-toggle"), "no notify button while the game runs"
    _leave_to_the_bots_and_come_back(page, server)
    page.wait_for_selector("#actions")
    assert page.query_selector("#notify-toggle") is None or not page.is_visible("#notify-toggle")
    assert page.console_errors == []


# Every word of a cell (and of its phone label, data-label) as wide as the cell at most: a wider one is cut or
# broken inside the word (Kingsburg's six squeezed columns read "VP of buil|dings", "T|otal" on a phone).
CELLS_TOO_NARROW = """() => {
    const ctx = document.createElement('canvas').getContext('2d');
    const widest = (text, style) => { ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return Math.max(0, ...text.split(/\\s+/).filter(Boolean).map((w) => ctx.measureText(w).width)); };
    return [...document.querySelectorAll('[data-board] table[class*="final"] :is(th, td)')]
        .filter((c) => c.getClientRects().length)
        .flatMap((c) => {
            const style = getComputedStyle(c), room = c.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const label = c.dataset.label && getComputedStyle(c, '::before').content !== 'none' ? c.dataset.label : '';
            const cut = c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > innerWidth + 0.5;
            return cut || widest(`${c.textContent} ${label}`, style) > room + 0.5 ? [`${label} ${c.textContent}`.trim()] : [];
        });
}"""


@pytest.mark.parametrize("game", ["kingsburg", "citadels", "cube-europe", "versailles", "gods-playground"])
def test_the_end_table_fits_a_phone_without_breaking_a_word(page, server, game):  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 360, "height": 800})
    start_game(page, server, game, 2 if game != "gods-playground" else 3, bots="random")
    page.wait_for_selector("#board [data-board]")
    _leave_to_the_bots_and_come_back(page, server)
    page.wait_for_selector('[data-board] table[class*="final"]')
    assert page.evaluate(CELLS_TOO_NARROW) == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360


CITADELS_END = """() => ({
    legend: [...document.querySelectorAll('#game-over [data-legend] li')].map((li) => li.textContent.trim()),
    heads: [...document.querySelectorAll('[data-board] .cit-final thead th')].map((th) => th.textContent.trim()),
    rows: [...document.querySelectorAll('[data-board] .cit-final tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))),
    bars: [...document.querySelectorAll('#game-over [data-bar]')].map((b) => ({ seat: Number(b.dataset.bar), total: Number(b.dataset.total),
        sum: [...b.querySelectorAll('[data-segment]')].reduce((a, s) => a + Number(s.dataset.value), 0) })),
})"""


@pytest.mark.parametrize("options,artist", [({"short_game": True}, False), ({"short_game": True, "rank9": "artist"}, True)],
                         ids=["citadels-base", "citadels-artist"])
def test_the_citadels_end_counts_artist_coins_only_with_the_artist(page, server, options, artist):  # type: ignore[no-untyped-def]
    """The Artist's coins are a category of the summary and the end table only where the Artist is among the
    game's characters (without him they are always 0); the summary's totals stay the table's."""
    body = {"game": "citadels", "players": 2, "options": options, "seats": [{"kind": "bot", "level": "random"}] * 2}
    r = httpx.post(f"{server}/api/games", json=body)
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    deadline = time.time() + 90
    while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.2)
    scores = httpx.get(f"{server}/api/games/{gid}/spectate").json()["result"]["scores"]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server}/#/game/{gid}")
    page.wait_for_selector("#game-over [data-chart] [data-bar]")
    page.wait_for_selector("[data-board] .cit-final tbody tr")
    end = page.evaluate(CITADELS_END)
    assert ("Artist coins" in end["legend"]) == artist, end["legend"]
    assert ("Artist coins" in end["heads"]) == artist, end["heads"]
    assert end["legend"] == end["heads"][1:-1]  # the summary's categories are the table's, in its order
    assert [len(row) for row in end["rows"]] == [len(end["legend"]) + 1] * 2
    for row in end["rows"]:
        assert sum(row[:-1]) == row[-1]
    assert [row[-1] for row in end["rows"]] == scores
    for b in end["bars"]:
        assert b["sum"] == b["total"] == scores[b["seat"]], b
    assert page.console_errors == []

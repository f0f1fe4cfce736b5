"""Issue 41's page-wide items in the browser (Debian Chromium), at 1280 × 800 and 360 × 800:

- the coach's Hint sits in the page's flow (the side panel, above the moves): its box overlaps neither
  the board nor the log's newest line, open or closed, in every game;
- "while you waited": after the bots' moves a line under the seats says who did what, from the log;
- Citadels: a killed character's skipped turn and a turn that ended by itself are announced (banner and
  a line in the log), in English and Chinese;
- Cube Europe solo ends with the rulebook's rank title and the score, and its end table fits 360 px.
"""

from __future__ import annotations

import os
import re
import time

import pytest

from .daily import by_default
from .play import play_to_end, start_game

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 800}}
SHOTS = os.environ.get("MEEPLE_SCREENSHOTS")


@pytest.fixture
def sized(request, browser):  # type: ignore[no-untyped-def]
    """A page at 1280 × 800 or at a phone's 360 × 800 (touch, scale 2): ``request.param`` names the size
    (each test chooses its sizes, and which of its combinations run by default)."""
    phone = request.param == "phone"
    context = browser.new_context(viewport=SIZES[request.param], device_scale_factor=2 if phone else 1,
                                  is_mobile=phone, has_touch=phone)
    pg = context.new_page()
    pg.console_errors = []
    pg.size = request.param
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    yield pg
    context.close()


def _shot(page, name: str, full_page: bool = True) -> None:  # type: ignore[no-untyped-def]
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{page.size}.png"), full_page=full_page)


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _first_moves(page, n: int) -> None:  # type: ignore[no-untyped-def]
    """Play the first listed move ``n`` times (each time it is this seat's turn)."""
    done = 0
    deadline = time.time() + 60
    while done < n and time.time() < deadline:
        if page.query_selector("#game-over"):
            return
        button = page.query_selector("#actions:not(.busy) button.action")
        if not button:
            page.wait_for_timeout(30)
            continue
        try:
            button.click(timeout=2000)
            done += 1
        except Exception:  # the list was redrawn under the click
            continue
        page.wait_for_timeout(50)


GAMES = [("cube-europe", 2), ("citadels", 3), ("kingsburg", 3), ("versailles", 2), ("gods-playground", 2)]


@pytest.mark.parametrize(("sized", "game", "players"), by_default(  # the others daily
    [(size, game, players) for game, players in GAMES for size in SIZES],
    kept={("phone", "gods-playground", 2)}), indirect=["sized"])
def test_the_hint_covers_neither_the_board_nor_the_log(server: str, sized, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    page = sized
    start_game(page, server, game, players, bots="random")
    _first_moves(page, 2)  # a few lines in the log
    page.wait_for_selector("#board:not(.busy) ~ .side #coach #hint", timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    for opened in (False, True):
        if opened:
            page.click("#coach #hint")
            page.wait_for_selector("#coach #hint-list .hint-move", timeout=60_000)
        hint = page.eval_on_selector("#coach .hint-bar", "e => { const r = e.getBoundingClientRect(); "
                                     "return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }")
        board = page.eval_on_selector("[data-board]", "e => { const r = e.getBoundingClientRect(); "
                                      "return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }")
        last = page.eval_on_selector("#log li:last-child", "e => { e.scrollIntoView({ block: 'nearest' }); "
                                     "const r = e.getBoundingClientRect(); "
                                     "return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }")
        assert hint["width"] > 0 and hint["height"] > 0
        assert not _overlap(hint, board), (game, opened, hint, board)
        assert not _overlap(hint, last), (game, opened, hint, last)
        # and nothing at all lies over the log's newest line: the element at its middle is the line
        on_top = page.eval_on_selector("#log li:last-child", """e => { const r = e.getBoundingClientRect();
            const at = document.elementFromPoint(r.x + Math.min(r.width / 2, 40), r.y + r.height / 2);
            return at === e || e.contains(at); }""")
        assert on_top, (game, opened)
        # its moves stay inside its box (nothing runs out of the panel)
        spill = page.eval_on_selector("#coach .hint-bar", """bar => { const b = bar.getBoundingClientRect();
            const inside = (r, o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5;
            const moves = [...bar.querySelectorAll('.hint-move, .hint-button')];
            return moves.filter((e) => !inside(e.getBoundingClientRect(), b)).length
                + [...bar.querySelectorAll('.hint-value')].filter((e) =>
                    !inside(e.getBoundingClientRect(), e.closest('.hint-move').getBoundingClientRect())).length; }""")
        assert spill == 0, (game, opened)
        # the hint stays inside the screen's width
        assert hint["x"] >= 0 and hint["x"] + hint["width"] <= SIZES[page.size]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[page.size]["width"]
    if game == "citadels":
        _shot(page, "hint-citadels")
    assert page.console_errors == []


@pytest.mark.parametrize(("sized", "game", "players"), by_default(
    [(size, game, players) for game, players in GAMES for size in SIZES],
    kept={("desktop", "citadels", 3), ("phone", "kingsburg", 3), ("desktop", "versailles", 2)}), indirect=["sized"])
def test_a_line_says_what_happened_while_you_waited(server: str, sized, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    page = sized
    start_game(page, server, game, players, bots="random", lang="zh" if game == "citadels" else "en")
    deadline = time.time() + 90
    while time.time() < deadline and not page.query_selector("#waited:not([hidden]) [data-waited-seat]"):
        _first_moves(page, 1)
    page.wait_for_selector("#waited [data-waited-line]", timeout=5000)
    # one read of the page (a bot's next move redraws the line)
    seen = page.evaluate("""() => { const line = document.querySelector('#waited [data-waited-line]');
        const r = line.getBoundingClientRect();
        return { text: line.innerText, box: { x: r.x, width: r.width },
                 seats: [...line.querySelectorAll('[data-waited-seat]')].map((e) => [Number(e.dataset.waitedSeat), e.innerText]),
                 me: [...document.querySelector('.seat-chips .chip.me').classList].find((c) => /^seat-[0-9]+$/.test(c)),
                 log: [...document.querySelectorAll('#log li:not(.log-notice)')].map((e) => e.textContent) }; }""")
    title = "你等待期间：" if game == "citadels" else "While you waited:"
    assert seen["text"].startswith(title), seen["text"]
    assert seen["me"] == "seat-0" and seen["seats"] and all(p != 0 for p, _ in seen["seats"])  # the others, never you
    for _, said in seen["seats"]:  # each seat's newest line is quoted from the log
        assert any(entry and entry in said for entry in seen["log"]), (said, seen["log"][-5:])
    assert seen["box"]["x"] >= 0 and seen["box"]["x"] + seen["box"]["width"] <= SIZES[page.size]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[page.size]["width"]
    if game == "citadels":
        _shot(page, "waited-citadels")
    assert page.console_errors == []


CITADELS_SEED = int(os.environ.get("MEEPLE_TEST_CITADELS_SEED", "11"))


@pytest.mark.parametrize(("sized", "lang"), by_default([(size, lang) for size in SIZES for lang in ("en", "zh")],
                                                        kept={("phone", "zh")}), indirect=["sized"])
def test_citadels_announces_a_killed_character_and_a_turn_that_ended_by_itself(  # type: ignore[no-untyped-def]
        server: str, sized, deal_seed, lang: str) -> None:
    page = sized
    deal_seed(CITADELS_SEED)  # a deal in which the Assassin (a bot) kills a character of yours
    start_game(page, server, "citadels", 4, bots="random", lang=lang)
    killed = {"en": r"Your .+ was killed by the Assassin: its turn was skipped\.", "zh": r"你的.+被刺客暗杀：这个角色的回合被跳过了。"}[lang]
    auto = {"en": "Nothing was left to do: your turn ended by itself.", "zh": "已没有可做的事：你的回合自动结束了。"}[lang]
    page.evaluate("""() => { window.toasts = []; new MutationObserver(() => document.querySelectorAll('.toast.info')
        .forEach((e) => window.toasts.push(e.textContent))).observe(document.body, { childList: true }); }""")
    seen_banner: dict[str, str] = {}
    deadline = time.time() + 200
    while time.time() < deadline and not page.query_selector("#game-over") and len(seen_banner) < 2:
        # what the banner says when your decision is due (your next decision clears it), then that decision
        try:
            page.wait_for_selector("#actions:not(.busy) button.action, #game-over", timeout=30_000)
        except Exception:
            continue
        for kind, text in page.evaluate("""() => [...document.querySelectorAll('#waited [data-turn-notice]')]
                .map((e) => [e.dataset.turnNotice, e.textContent])"""):
            if kind == "killed" and kind not in seen_banner:
                _shot(page, f"citadels-killed-{lang}", full_page=False)
            seen_banner.setdefault(kind, text)
        _first_moves(page, 1)
    assert set(seen_banner) == {"killed", "auto-end"}, seen_banner
    assert re.fullmatch(killed, seen_banner["killed"]), seen_banner
    assert seen_banner["auto-end"] == auto
    # each stays in the log as a line of its own, after the entry it is about
    notes = page.eval_on_selector_all("#log [data-log-notice]", "els => els.map(e => [e.dataset.logNotice, e.textContent, "
                                      "e.previousElementSibling ? e.previousElementSibling.textContent : ''])")
    kinds = {k for k, _, _ in notes}
    assert {"killed", "auto-end"} <= kinds, notes
    called = {"en": "the killed character stays silent", "zh": ""}[lang]
    assert all(called in before for k, _, before in notes if k == "killed"), notes
    toasts = page.evaluate("() => window.toasts")
    assert any(re.fullmatch(killed, x) for x in toasts) and auto in toasts, toasts
    _shot(page, f"citadels-notice-{lang}")
    assert page.console_errors == []


@pytest.mark.parametrize(("sized", "lang"), by_default([(size, lang) for size in SIZES for lang in ("en", "zh")],
                                                        kept={("phone", "en")}), indirect=["sized"])
def test_cube_europe_solo_ends_with_its_rank_and_a_table_that_fits(server: str, sized, lang: str) -> None:  # type: ignore[no-untyped-def]
    page = sized
    start_game(page, server, "cube-europe", 1, lang=lang)
    play_to_end(page, timeout=180)
    page.wait_for_selector("#game-over [data-result]")
    result = page.inner_text("#game-over [data-result]")
    ranks = {"en": "Novice|Apprentice|Journeyman|Expert|Master", "zh": "新手|学徒|熟练工|专家|大师"}[lang]
    said = {"en": rf"Your rank: ({ranks}) — (\d+) VP\. (Expert or better: a win\.|Expert \(30 VP\) or better wins\.)",
            "zh": rf"你的排名：({ranks})——(\d+)分。(专家或更高：胜利。|专家（30分）或更高才算胜利。)"}[lang]
    found = re.fullmatch(said, result)
    assert found, result
    total = page.inner_text("[data-board] .ce-final [data-final='0'] [data-part='total']")
    assert found.group(2) == total.strip()
    assert "Nobody wins" not in result and "无人获胜" not in result
    # the rank fits the score (content.RANKS: 22, 26, 30, 34)
    score = int(total)
    order = ranks.split("|")
    assert found.group(1) == order[sum(score >= low for low in (22, 26, 30, 34))]
    # the end table: all seven columns' values on screen without scrolling sideways
    width = SIZES[page.size]["width"]
    cells = page.eval_on_selector_all("[data-board] .ce-final [data-final='0'] > *", """els => els
        .filter((e) => e.getClientRects().length)
        .map((e) => { const r = e.getBoundingClientRect(); return [e.dataset.part || 'seat', r.left, r.right]; })""")
    parts = {p for p, _, _ in cells}
    assert {"seat", "territories", "colours", "green", "yellow_effects", "workers", "total", "rank"} <= parts, cells
    assert all(left >= 0 and right <= width for _, left, right in cells), cells
    scroller = page.eval_on_selector("[data-board] .ce-final", "e => e.scrollWidth <= e.clientWidth + 1")
    assert scroller
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.eval_on_selector("[data-board] .ce-final", "e => e.scrollIntoView()")
    _shot(page, f"cube-europe-solo-end-{lang}", full_page=False)
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, f"cube-europe-solo-result-{lang}", full_page=False)
    assert page.console_errors == []

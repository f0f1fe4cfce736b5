"""God's Playground's board (meeple/web/static/js/boards/gods-playground.js) against ../shared/BOARDS.md:
whole games played by clicking only inside ``[data-board]``, every legal move present on the board, and
the other families' noble tokens nowhere in the page (DOM or WebSocket frames) before the reveal."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple
from meeple.learn import scenario

from .play import assert_fits_a_phone, play_by_board, start_game

pytestmark = pytest.mark.skipif("gods-playground" not in meeple.games(), reason="God's Playground is not registered")

GAME = "gods-playground"


@pytest.mark.parametrize("seed", [pytest.param(3, marks=pytest.mark.slow),  # the phone walk below plays a whole
                                  pytest.param(11, marks=pytest.mark.slow)])  # game by the board by default
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


# ---------------------------------------------------------------- a phone (issue 41): the board's cards
PHONE = {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

# One read of the page: the game's state and every shown target's box (page coordinates).
_SEEN = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const bar = document.querySelector('[data-board] .gp-decision');
  const targets = [...document.querySelectorAll('[data-board] [data-action], [data-board] [data-pick]')].filter(shown);
  const listed = [...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action'));
  return {
    over: !!document.querySelector('#game-over'), busy: !!document.querySelector('#board.busy'), listed,
    page: document.scrollingElement.scrollWidth, scrollX: window.scrollX,
    panned: [...document.querySelectorAll('[data-board] .gp-map')].map((m) => m.scrollWidth - m.clientWidth),
    bar: bar ? bar.getBoundingClientRect().toJSON() : null,
    targets: targets.map((e) => { const r = e.getBoundingClientRect();
      return { action: e.getAttribute('data-action'), pick: e.getAttribute('data-pick'), x: r.left + window.scrollX, w: r.width, h: r.height }; }),
  };
}"""


def _check_fits(seen: dict, width: int = 360) -> None:
    assert seen["page"] <= width, f"the page is {seen['page']} px wide"
    assert all(extra <= 1 for extra in seen["panned"]), f"the map pans sideways by {seen['panned']} px"
    for box in seen["targets"]:
        name = box["action"] or f"pick {box['pick']}"
        assert box["w"] >= 32 and box["h"] >= 32, (name, box)
        assert box["x"] >= 0 and box["x"] + box["w"] <= width + 0.5, (name, box)


def _play_checking_each_decision(page, seed: int, timeout: float) -> tuple[int, set[str]]:
    """Click random shown targets (a pick first when only picks are shown) until the game is over,
    checking the page at each of the person's decisions and that the decision bar is on screen after
    each click. Returns how many decisions were checked and which move names were played."""
    rnd = random.Random(seed)
    decisions, names = 0, set()
    deadline = time.time() + timeout
    while time.time() < deadline:
        seen = page.evaluate(_SEEN)
        if seen["over"]:
            return decisions, names
        actions = [b for b in seen["targets"] if b["action"]]
        if seen["busy"] or not seen["targets"] or not seen["listed"]:
            page.wait_for_timeout(30)
            continue
        _check_fits(seen)
        decisions += 1
        index = rnd.randrange(len(actions)) if actions else None
        try:
            if index is None:
                pick = rnd.choice([b["pick"] for b in seen["targets"] if b["pick"]])
                page.locator(f"[data-board] [data-pick='{pick}']").first.click(timeout=2000)
            else:
                text = actions[index]["action"]
                page.locator(f"[data-board] [data-action='{text}'] >> visible=true").first.click(timeout=2000)
                names.add(text.split()[0])
        except PlaywrightError:  # the board was redrawn under the click: look again
            continue
        # while the game is on (the bar is "live"), the sentence stays on screen (sticky) after the click
        bar = page.evaluate("""() => { const bar = document.querySelector('[data-board] .gp-decision.live');
                                       return bar && !document.querySelector('#game-over') ? bar.getBoundingClientRect().toJSON() : null; }""")
        assert bar is None or (bar["bottom"] > 0 and bar["top"] < 800), f"the decision bar is off screen: {bar}"
    raise AssertionError(f"the game did not end in {timeout:.0f}s ({decisions} decisions checked)")


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.daily), pytest.param("zh", marks=pytest.mark.slow)])
def test_a_whole_game_at_phone_width_shows_every_decision_without_panning(browser, server, lang):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    start_game(page, server, GAME, 3, lang=lang)
    page.wait_for_selector("[data-board] [data-action]")
    assert page.query_selector("[data-board].phone .gp-cards") and not page.query_selector("[data-board] .gp-map > svg[viewBox='0 0 1400 1000']")
    decisions, names = _play_checking_each_decision(page, seed=5, timeout=420)
    assert decisions >= 30 and {"estate", "token"} <= names, (decisions, names)
    _check_fits(page.evaluate(_SEEN))  # the end: the final table fits too
    assert page.console_errors == []
    context.close()


def _sent_moves(page) -> list[str]:
    return page.evaluate("() => window.__sentMoves.splice(0)")


# Every target sends its own move: a move is recorded (and held back while `__hold` is set) as it leaves.
_RECORD = """
  window.__sentMoves = []; window.__hold = false;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { const m = JSON.parse(data);
      if (m.type === 'move') { window.__sentMoves.push([m.action.name, ...m.action.args].join(' ')); if (window.__hold) return; } } catch (e) {}
    return send.call(this, data);
  };
"""


@pytest.mark.slow  # 40-150 s: a whole game's targets each clicked; the phone walk checks every decision by default
def test_each_target_on_the_board_sends_its_own_move(browser, server):
    context = browser.new_context(**PHONE)
    context.add_init_script(_RECORD)
    page = context.new_page()
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board] [data-action]")
    rnd = random.Random(7)
    checked: set[str] = set()
    deadline = time.time() + 150
    while time.time() < deadline and len({a.split()[0] for a in checked}) < 10:
        seen = page.evaluate(_SEEN)
        if seen["over"]:
            break
        if seen["busy"] or not seen["listed"]:
            page.wait_for_timeout(30)
            continue
        page.evaluate("() => { window.__hold = true; }")
        picks = [None] + sorted({b["pick"] for b in seen["targets"] if b["pick"]})  # a token, or cubes to move
        tried = []
        for pick in picks:
            if pick:
                page.click(f"[data-board] [data-pick='{pick}']")
                if page.get_attribute(f"[data-board] [data-pick='{pick}']", "aria-pressed") != "true":
                    page.click(f"[data-board] [data-pick='{pick}']")  # it was picked already: the click let it go
            for el in page.query_selector_all("[data-board] [data-action]"):
                if not el.is_visible():
                    continue
                text = el.get_attribute("data-action")
                _sent_moves(page)
                el.click(timeout=2000)
                assert _sent_moves(page) == [text], text  # exactly its own move, once
                page.evaluate("() => document.querySelectorAll('.busy').forEach((e) => e.classList.remove('busy'))")
                tried.append(text)
        assert tried, "a decision with no target on the board"
        checked.update(tried)
        page.evaluate("() => { window.__hold = false; }")
        shown = page.locator("[data-board] [data-action] >> visible=true")
        try:  # then one of them is played, and the bots answer
            shown.nth(rnd.randrange(shown.count())).click(timeout=2000)
        except PlaywrightError:
            pass
        page.wait_for_timeout(50)
    names = {a.split()[0] for a in checked}
    assert {"estate", "token", "build"} <= names and len(names) >= 5, names
    context.close()


def test_at_1280_the_next_free_estate_slots_are_large_and_on_screen(browser, server):
    """On the printed map at 1280 × 800 (about 0.64 px a unit) each province's next free estate slot, the
    target of placing an estate, is at least 32 × 32 px (it was 21 × 26) and on the screen without scrolling."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board] [data-action^='estate ']")
    assert not page.query_selector("[data-board].phone")  # the map, not the phone's cards
    boxes = page.eval_on_selector_all("[data-board] [data-action^='estate ']", """els => els.map((e) => {
        const r = e.getBoundingClientRect(); return [e.getAttribute('data-action'), r.left, r.top, r.width, r.height]; })""")
    assert len(boxes) == 5, boxes
    for name, x, y, w, h in boxes:
        assert w >= 32 and h >= 32, (name, w, h)
        assert x >= 0 and x + w <= 1280 and y >= 0 and y + h <= 800, (name, x, y)
    context.close()


# The purchase panel's box and, on its province's card, every box it covers among the province's noble cubes,
# its enemy cubes and its armies (what you hire for and against).
_UNDER_THE_PANEL = """() => {
  const panel = document.querySelector('[data-board] .purchase-panel');
  const card = panel.closest('svg');
  const at = panel.closest('[data-purchase]').dataset.purchase;
  const r = panel.getBoundingClientRect();
  const subject = [...card.querySelectorAll(`[data-nobles^='${at}:'] [data-piece], [data-enemies-in='${at}'] > *, [data-army^='${at}:']`)];
  return { panel: r.toJSON(), subject: subject.length,
           covered: subject.filter((e) => { const q = e.getBoundingClientRect();
             return q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top; })
             .map((e) => e.closest('[data-nobles], [data-enemies-in], [data-army]').outerHTML.slice(0, 60)) };
}"""


@pytest.mark.parametrize("lang", ["en", pytest.param("zh", marks=pytest.mark.daily)])
def test_on_a_phone_the_purchase_panel_leaves_the_province_in_view(browser, server, lang):
    """In the guided game at 360 px, hiring a cavalry in Little Poland: the purchase panel lies on the province's
    card clear of the province's noble cubes, its enemy cubes and its armies (it covered the nobles' row), and
    its buttons are at least 32 px."""
    lesson = scenario(GAME)
    k = next(k for k, step in enumerate(lesson.steps) if step.who == "you" and step.action == "buy cav")
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server}/api/learn")
        page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", f'{{"{GAME}": {k}}}')
        page.goto(f"{server}/?lang={lang}#/learn/{GAME}")
        page.wait_for_selector("[data-board] .learn-target[data-action='buy cav']")
        seen = page.evaluate(_UNDER_THE_PANEL)
        assert seen["subject"] >= 3, seen  # the three families' noble cubes at least
        assert not seen["covered"], seen
        assert_fits_a_phone(page, "[data-board] [data-purchase] [data-action]", on_screen=True)
    finally:
        context.close()

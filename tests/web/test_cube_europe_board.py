"""Cube Europe's board (meeple/web/static/js/boards/cube-europe.js) against ../shared/BOARDS.md: whole
games played by clicking only inside ``[data-board]`` with every legal move on the board; the market
cards' yellow effects and the tucked cards as the observation has them; hex labels clear of the cubes;
no symbol glyph a default Debian Chromium lacks (board and replay controls); the phone layout."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.games.cube_europe.content import TERMS

from .play import assert_fits_a_phone, play_by_board, start_game

pytestmark = pytest.mark.skipif("cube-europe" not in meeple.games(), reason="Cube Europe is not registered")

GAME = "cube-europe"
PARTS = ["territories", "colours", "green", "yellow_effects", "workers"]
# Symbol and emoji blocks (Misc Technical ⏮, enclosed alphanumerics, geometric shapes ◀▶●, misc symbols,
# dingbats, arrows-and-shapes supplement, the emoji planes, variation selector 16): none may be drawn.
GLYPHS = re.compile("[\u2300-\u23ff\u2460-\u24ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff]")


def _gid(page) -> str:
    return page.url.split("#/game/")[1].split("?")[0]


def _view(page):
    """The seat's own view, as the server gives it to this browser."""
    return page.evaluate(
        """async (gid) => {
            const seat = JSON.parse(localStorage.getItem('meeple.seats'))[gid];
            const r = await fetch(`/api/games/${gid}/view`, {headers: {Authorization: `Bearer ${seat.token}`}});
            return await r.json();
        }""", _gid(page))


def _board_texts(page, scope: str = "[data-board]") -> list[str]:
    return page.evaluate("""(scope) => {
        const out = [];
        for (const root of document.querySelectorAll(scope)) {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) if (walker.currentNode.textContent.trim()) out.push(walker.currentNode.textContent);
        }
        return out;
    }""", scope)


def _label_cube_overlaps(page) -> tuple[int, list]:
    """How many filled hexes the maps show, and every one whose name's box meets its cube's box."""
    return page.evaluate("""() => {
        const bad = []; let filled = 0;
        for (const hex of document.querySelectorAll('[data-board] .hexmap .hex')) {
            const label = hex.querySelector('.hexlabel');
            for (const piece of hex.querySelectorAll('[data-piece]')) {
                if (piece.dataset.piece === 'cube') filled++;
                const a = label.getBoundingClientRect(), b = piece.getBoundingClientRect();
                if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) bad.push(hex.dataset.hex);
            }
        }
        return [filled, bad];
    }""")


def _check_end(page, players: int) -> None:
    """The end on the board: each player's points by category add up to the total; the winners marked."""
    rows = page.eval_on_selector_all("[data-board] .ce-final tbody tr", """rows => rows.map(r => ({
        parts: [...r.querySelectorAll('td[data-part]')].map(td => [td.dataset.part, Number(td.textContent)]),
        winner: r.classList.contains('winner')}))""")
    assert len(rows) == players
    view = _view(page)
    for p, row in enumerate(rows):
        parts = dict(row["parts"])
        seat = view["observation"]["seats"][p]
        assert [parts[k] for k in PARTS] == [seat["score"][k] for k in PARTS]
        assert sum(parts[k] for k in PARTS) == parts["total"] == seat["total"]
        assert row["winner"] == (p in view["result"]["winners"])


def _check_tucked(page) -> None:
    """Every card under a board is drawn there with its effect's name and text, and nothing else is."""
    view = _view(page)
    for p, seat in enumerate(view["observation"]["seats"]):
        drawn = page.eval_on_selector_all(f"[data-board] .ce-seat[data-seat='{p}'] .ce-tucked-card", """cards => cards.map(c => [
            Number(c.dataset.card), c.querySelector('.ce-effect-name').textContent, c.querySelector('.ce-effect-text').textContent])""")
        assert drawn == [[e["card"], TERMS["effect"][e["id"]]["en"], TERMS["effect_text"][e["id"]]["en"]] for e in seat["effects"]]


@pytest.mark.parametrize("players, seed", [pytest.param(1, 1, marks=pytest.mark.daily),
                                                 pytest.param(4, 2, marks=pytest.mark.slow)])
def test_a_whole_game_is_played_by_clicking_the_board_only(page, server, players, seed):
    start_game(page, server, GAME, players)
    page.wait_for_selector("[data-board]")
    played = play_by_board(page, seed)
    assert page.query_selector("#game-over")
    # dice on the market and at least two other kinds of move (start, place, worker, return…), all made
    # on the board (random clicks: which come up varies with the dice; a click that raced a redraw may
    # be uncounted although the page took it, so the start cubes are checked on the maps below)
    assert "take" in played and len(played) >= 3, played
    _check_end(page, players)
    _check_tucked(page)
    filled, overlaps = _label_cube_overlaps(page)
    assert filled >= players and overlaps == [], (filled, overlaps)  # at least every start cube
    assert [t for t in _board_texts(page) if GLYPHS.search(t)] == []
    if players == 1:
        _check_replay(page)
    assert page.console_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(1, 7), (2, 3), (3, 5), (4, 9)])
def test_more_whole_games_by_the_board(page, server, players, seed):
    start_game(page, server, GAME, players)
    page.wait_for_selector("[data-board]")
    play_by_board(page, seed)
    _check_end(page, players)
    _check_tucked(page)
    assert _label_cube_overlaps(page)[1] == []
    assert page.console_errors == []


def _to_the_dice(page) -> None:
    """Solo: place the starting cube, then wait for the dice."""
    page.wait_for_selector("[data-board] .hex-target.start[data-action]")
    page.click("[data-board] .hex-target.start[data-action] >> nth=0")
    page.wait_for_selector("#board:not(.busy) [data-board] .ce-die[data-pick]")


def test_a_die_is_picked_and_then_its_targets_light_up(page, server):
    start_game(page, server, GAME, 1)
    _to_the_dice(page)
    dice = page.eval_on_selector_all("[data-board] .ce-die[data-pick]", "ds => ds.map(d => Number(d.dataset.die))")
    assert len(dice) == 2
    for d in sorted(set(dice), reverse=True):
        page.click(f"[data-board] .ce-die[data-die='{d}']")
        page.wait_for_selector(f"[data-board] .ce-die.picked[data-die='{d}']")
        moves = page.eval_on_selector_all("[data-board] [data-needs]", """els => els.map(e => [e.getAttribute('data-action'),
            e.getAttribute('data-needs'), getComputedStyle(e).display !== 'none'])""")
        assert moves
        for action, needs, shown in moves:
            assert action.split()[1] == needs.split("-")[1]      # take D S, place D HEX, worker D: die D
            assert shown == (needs == f"die-{d}"), (action, needs, shown)
        # each of the three places a die goes is on the board: a market square, a hex, the worker track
        shown = {a.split()[0] for a, _, vis in moves if vis}
        assert {"take", "worker"} <= shown, shown  # (nothing to place yet: the inventory starts empty)
    # a take square tells what it does and costs, in words
    tip = page.get_attribute("[data-board] .take-spot[data-action]:visible >> nth=0", "data-tip")
    assert "square" in tip and "cube" in tip
    before = page.inner_text("#log")
    page.click("[data-board] .take-spot[data-action]:visible >> nth=0")
    page.wait_for_function("(b) => document.querySelector('#log').innerText !== b", arg=before)
    page.wait_for_selector("[data-board] .square-face .placed-dice [data-piece='die']")
    assert page.console_errors == []


def test_every_market_card_shows_its_yellow_effect_in_both_languages(browser, server):
    for lang in ("en", "zh"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        start_game(page, server, GAME, 2, lang=lang)
        page.wait_for_selector("[data-board] .ce-card .ce-effect")
        page.wait_for_timeout(300)
        market = _view(page)["observation"]["market"]
        for slot in ("deck_top", "discard_top"):
            effect = market["effects"][slot]
            card = page.query_selector(f"[data-board] .ce-card[data-slot='{slot}']")
            if effect is None:
                assert card.query_selector(".ce-effect") is None
                continue
            assert card.query_selector(".ce-effect").get_attribute("data-effect") == effect["id"]
            assert card.query_selector(".ce-effect-name").text_content() == TERMS["effect"][effect["id"]][lang]
            assert card.query_selector(".ce-effect-text").text_content() == TERMS["effect_text"][effect["id"]][lang]
            # the card's three squares: the colour and the die face printed on each
            squares = card.eval_on_selector_all(".square-face", "sq => sq.map(s => [Number(s.dataset.square), s.dataset.colour, Number(s.dataset.face), s.querySelectorAll(':scope > .die .pip').length])")
            first = 1 if slot == "deck_top" else 4
            assert squares == [[sq["square"], sq["colour"], sq["face"], sq["face"]] for sq in market["squares"][first - 1:first + 2]]
        # the round track (12 rounds, this one lit) and the deck's count
        assert len(page.query_selector_all("[data-board] .track.rounds .track-cell")) == 12
        assert page.get_attribute("[data-board] .ce-deck-state", "data-deck") == str(market["deck_size"])
        assert [t for t in _board_texts(page) if GLYPHS.search(t)] == []
        context.close()


def test_the_board_card_has_its_worker_track_inventory_spaces_and_supply(page, server):
    start_game(page, server, GAME, 1)
    _to_the_dice(page)
    seat = _view(page)["observation"]["seats"][0]
    me = "[data-board] .ce-seat.me"
    assert page.get_attribute(f"{me} .track.workers", "data-workers") == str(seat["workers"])
    assert len(page.query_selector_all(f"{me} .track.workers .track-cell")) == seat["worker_max"] + 1
    assert len(page.query_selector_all(f"{me} .track.workers .track-cell.lit")) == 1
    assert len(page.query_selector_all(f"{me} .inventory-space")) == seat["inventory_size"] == 3
    counts = page.eval_on_selector_all(f"{me} .supply-pile", "ps => ps.map(p => [p.dataset.supply, Number(p.querySelector('.ce-count').textContent)])")
    assert dict(counts) == seat["supply"]
    hexes = page.eval_on_selector_all(f"{me} .hexmap .hex", """hs => hs.map(h => [h.dataset.hex, h.dataset.colour,
        h.querySelector('[data-piece=cube]') ? 'cube' : Number(h.querySelector('[data-piece=die]').dataset.face)])""")
    assert sorted(hexes) == sorted([label, c["colour"], "cube" if c["filled"] else c["number"]] for label, c in seat["hexes"].items())
    assert _label_cube_overlaps(page) == [1, []]  # the starting cube, below its hex's name
    assert page.console_errors == []


def test_at_phone_width_nothing_is_cut_off_and_targets_are_large(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] .hex-target.start[data-action]")
    for step in range(2):  # the start hexes, then (after the roll) the dice and their targets
        assert_fits_a_phone(page)
        if step == 0:
            page.click("[data-board] .hex-target.start[data-action] >> nth=0")
            page.wait_for_selector("#board:not(.busy) [data-board] .ce-die[data-pick]", timeout=15000)
    context.close()


def _check_replay(page) -> None:
    """The finished game's replay: its step controls drawn (no glyphs), the board drawn a move back."""
    page.click("#game-over a[href^='#/replay/']")
    page.wait_for_selector("#prev")
    page.click("#prev")
    page.wait_for_selector("[data-board] .hexmap")
    assert len(page.query_selector_all(".replay-controls svg.replay-icon")) == 4
    texts = _board_texts(page, ".replay-controls") + _board_texts(page)
    assert texts and [t for t in texts if GLYPHS.search(t)] == []


def test_a_log_entry_shows_its_seat_colour_and_lights_its_hex(page, server):
    start_game(page, server, GAME, 1)
    page.wait_for_selector("[data-board] .hex-target.start[data-action]")
    hexname = page.get_attribute("[data-board] .hex-target.start[data-action] >> nth=0", "data-hex")
    page.click("[data-board] .hex-target.start[data-action] >> nth=0")
    entry = page.locator("#log li.seat-entry", has_text=f"starts on {hexname}")
    entry.wait_for()
    assert "#d64541" in entry.get_attribute("style")  # Red, the solo seat
    entry.hover()
    lit = page.eval_on_selector_all("[data-board] .log-lit", "els => els.map(e => e.parentNode.dataset.hex)")
    assert lit == [hexname]
    page.locator("h1").hover()
    assert page.query_selector_all("[data-board] .log-lit") == []
    assert page.console_errors == []


def _observation_with_tucked_cards() -> dict:
    """A real 2-player observation (seat 0's) in which some board has two cards tucked under it: a
    seeded game, placing cubes whenever it can, stopped at the first such moment."""
    import random

    from meeple.core import load

    for seed in range(200):
        state = load(GAME, players=2).new_game(seed=seed)
        rnd = random.Random(seed)
        while not state.is_over():
            actions = state.legal_actions()
            places = [a for a in actions if a.name == "place"]
            state.apply(rnd.choice(places) if places and rnd.random() < .7 else rnd.choice(actions))
            obs = state.observation(0)
            if any(len(seat["effects"]) >= 2 for seat in obs["seats"]) and not state.is_over():
                return obs
    raise AssertionError("no seeded game tucked two cards")


def test_tucked_cards_show_below_their_board_with_their_yellow_effects(page, server):
    obs = _observation_with_tucked_cards()
    page.goto(server + "/?lang=zh")
    page.wait_for_selector("#create")
    page.evaluate("""async (obs) => {
        const board = await import('/static/js/boards/cube-europe.js');
        const box = document.createElement('div');
        box.id = 'probe';
        document.querySelector('main').replaceChildren(box);
        board.render(box, { game: 'cube-europe', observation: obs, legal: [], seat: 0, to_move: [], over: false, seats: [] },
            { legal: [], act: () => {}, seatName: (p) => ['红方', '蓝方'][p], events: [] });
    }""", obs)
    for p, seat in enumerate(obs["seats"]):
        cards = page.eval_on_selector_all(f"#probe .ce-seat[data-seat='{p}'] .ce-tucked-card", """cs => cs.map(c => [
            Number(c.dataset.card), c.querySelector('.ce-effect-name').textContent, c.querySelector('.ce-effect-text').textContent])""")
        assert cards == [[e["card"], TERMS["effect"][e["id"]]["zh"], TERMS["effect_text"][e["id"]]["zh"]] for e in seat["effects"]]
        # the cards peek out below the board card, not beside it
        board = page.query_selector(f"#probe .ce-seat[data-seat='{p}'] .hexmap").bounding_box()
        for card in page.query_selector_all(f"#probe .ce-seat[data-seat='{p}'] .ce-tucked-card"):
            assert card.bounding_box()["y"] >= board["y"] + board["height"] - 4
        spaces = page.query_selector_all(f"#probe .ce-seat[data-seat='{p}'] .inventory-space")
        assert len(spaces) == max(seat["inventory_size"], len(seat["inventory"]))
    assert max(len(seat["effects"]) for seat in obs["seats"]) >= 2
    page.screenshot(path="/tmp/cube-europe-tucked.png", full_page=True)
    assert page.console_errors == []


def _render_probe(page, obs, events, seat_names) -> None:
    """Draw the board alone (no game page) for a real observation and log events, as a spectator."""
    page.evaluate("""async ([obs, events, names]) => {
        const board = await import('/static/js/boards/cube-europe.js');
        let box = document.getElementById('probe');
        if (!box) { box = document.createElement('div'); box.id = 'probe'; document.querySelector('main').replaceChildren(box); }
        board.render(box, { game: 'cube-europe', observation: obs, legal: [], seat: null, to_move: [], over: false, seats: [] },
            { legal: [], act: () => {}, seatName: (p) => names[p], events });
    }""", [obs, events, seat_names])


def test_the_solo_deck_state_tells_the_first_and_the_second_exhaustion(page, server):
    """Solo classic: before the deck first runs out the board says it will be reshuffled once; after the
    log's reshuffle it says the game ends when it runs out again (a seeded game, its real events)."""
    import random

    from meeple.core import load

    state = load(GAME, players=1).new_game(seed=3)
    rnd = random.Random(3)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    texts = []
    while not state.is_over():
        state.apply(rnd.choice(state.legal_actions()))
        events = [[e.id, e.args] for e in state.log]
        if state.observation(None)["phase"] != "turn":
            continue
        _render_probe(page, state.observation(None), events, ["Red"])
        texts.append((any(e[0] == "cube-europe.reshuffles" for e in events), page.text_content("#probe .ce-deck-state"),
                      page.get_attribute("#probe .ce-deck-state", "data-deck"), state.observation(None)["market"]["deck_size"]))
        if texts[-1][0] and len([t for t in texts if t[0]]) >= 2:
            break
    before = [t for t in texts if not t[0]]
    after = [t for t in texts if t[0]]
    assert before and after
    assert all("reshuffled once" in text and deck == str(n) for _, text, deck, n in before), before
    assert all("Reshuffled" in text and "runs out again" in text and deck == str(n) for _, text, deck, n in after), after
    assert page.console_errors == []


def test_the_start_card_and_the_follow_up_due_are_read_from_the_observation(page, server):
    """The start card's holder is marked on its board only (``start_card_seat``), and a red or white cube's
    effect due (the top of ``follow_ups``) names the prompt and the skip button (a seeded 3-player game)."""
    import random

    from meeple.core import load

    state = load(GAME, players=3).new_game(seed=4)
    rnd = random.Random(4)
    while not (state.follow_ups and state.follow_ups[-1][0] in ("chain", "white")):
        assert not state.is_over(), "no red or white cube's effect in this game"
        state.apply(rnd.choice(state.legal_actions()))
    seat = state.to_move()[0]
    obs = state.observation(seat)
    kind = obs["follow_ups"][-1][0]
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.evaluate("""async ([obs, seat]) => {
        const board = await import('/static/js/boards/cube-europe.js');
        const box = document.createElement('div'); box.id = 'probe'; document.querySelector('main').replaceChildren(box);
        const pass = { action: { name: 'pass', args: [] }, text: 'pass', label: 'pass' };
        board.render(box, { game: 'cube-europe', observation: obs, legal: [pass], seat, to_move: [seat], your_turn: true,
                            over: false, seats: [] },
            { legal: [pass], act: () => {}, seatName: (p) => ['Red', 'Blue', 'Green'][p], events: [] });
    }""", [obs, seat])
    marked = [p for p in range(3) if "start card" in page.text_content(f"#probe .ce-seat[data-seat='{p}'] h3")]
    assert marked == [state.start_card_seat]
    asked = page.text_content("#probe .ce-ask")
    assert ("Red cube:" in asked) == (kind == "chain") and ("White cube:" in asked) == (kind == "white"), asked
    skip = page.text_content("#probe .ce-controls [data-action='pass']")
    assert skip == ("Skip the red cube's effect" if kind == "chain" else "Skip the white cube's effect")
    assert page.console_errors == []

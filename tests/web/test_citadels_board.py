"""Citadels's board (meeple/web/static/js/boards/citadels.js) against ../shared/BOARDS.md: whole games at
2, 4 and 7 players played by clicking only inside ``[data-board]`` (every legal move of the move list
present on the board at every step), no console error; the other players' hands and the characters
nobody may see (face down, or held by another seat and not yet called) nowhere in the page and in no
WebSocket frame, checked against the true state of the game on the server; the draft, the turn's
controls on the character card, the drawn cards, building from the hand; the cards in Chinese; a phone."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Iterator

import pytest

import meeple

from .conftest import serve, web_app
from .play import assert_fits_a_phone, play_by_board, start_game

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

GAME = "citadels"
CLICKABLE = "#board:not(.busy) [data-board] [data-action]"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    """A ``meeple serve`` app like conftest's ``server``, keeping the app: a test reads the true state
    of a game from its hub (what the page must not show)."""
    app = web_app(tmp_path_factory.mktemp("citadels") / "meeple.db")
    with serve(app) as base:
        yield base, app


def _truth(app, gid: str) -> dict:
    """What seat 0 must not see, read under the game's lock on the server's loop: the other hands, the
    characters held by the other seats or face down that seat 0 was never handed this round."""
    from meeple.games.citadels.content import CHARACTER_SLUG, DISTRICT_SLUG

    hub = app.state.hub

    async def read() -> dict:
        g = hub.live[gid]
        async with g.lock:
            st = g.state
            obs = st.observation(0)
            seen = {CHARACTER_SLUG[c] for group in st.draft_offers_seen[0] for c in group[2]}
            public = {slug for slug, _ in obs["revealed_characters"]} | set(obs["face_up"]) | set(obs["absent_characters"])
            secret = [CHARACTER_SLUG[c] for c in st.characters
                      if st.character_holder[c] != 0 and CHARACTER_SLUG[c] not in public | seen
                      and (st.character_holder[c] >= 0 or st.character_holder[c] == -1)]
            mine = json.dumps(obs)
            hands = {q: [DISTRICT_SLUG[d] for d in st.hands[q]] for q in range(1, st.game.players)}
            hidden_cards = sorted({slug for cards in hands.values() for slug in cards if f'"{slug}"' not in mine})
            return {"obs": obs, "secret": secret, "hidden_cards": hidden_cards, "all_districts": list(DISTRICT_SLUG),
                    "to_move": st.to_move()}

    return asyncio.run_coroutine_threadsafe(read(), hub.loop).result(timeout=10)


ACTION_NAME = re.compile(r'"name": "[a-z-]+"')
PUBLIC_CHARACTER_EVENTS = {"citadels.kills", "citadels.robs", "citadels.bewitches", "citadels.called_killed", "citadels.queen"}


class FrameReader:
    """Reads the WebSocket frames as the page does (a view replaces the observation, an update merges
    into it), remembering in which frame each district was last in the seat's observation."""

    def __init__(self, frames: list[dict]) -> None:
        self.frames, self.read, self.obs, self.last_known, self.round_from = frames, 0, {}, {}, 0

    def check(self, truth: dict) -> int:
        """Read the new frames; the page's observation is the seat's own, and the frames of the current
        round carry no secret character and no card of another hand that the seat does not know."""
        new = self.frames[self.read:]
        for k, body in enumerate(new, start=self.read):  # where the current round began
            if any(e[0] == "citadels.round_start" for e in body.get("events", [])):
                self.round_from = k
        for k, body in enumerate(new, start=self.read):
            if body.get("type") == "view":
                self.obs = dict(body["observation"])
            else:
                self.obs.update(body.get("observation") or {})
                for key in body.get("observation_removed") or []:
                    self.obs.pop(key, None)
            known = json.dumps(self.obs)
            for slug in truth["all_districts"]:
                if f'"{slug}"' in known:
                    self.last_known[slug] = k
            events = body.get("events", [])
            starts = [i for i, e in enumerate(events) if e[0] == "citadels.round_start"]
            round_events = events[starts[-1]:] if starts else events
            if k >= self.round_from:
                self._check_frame(k, body, round_events, truth)
        self.read = len(self.frames)
        assert json.loads(json.dumps(self.obs)) == json.loads(json.dumps(truth["obs"])), "the page's observation is not the seat's"
        return len(new)

    def _check_frame(self, k: int, body: dict, events: list, truth: dict) -> None:
        obs = body.get("observation") or {}
        for c in truth["secret"]:
            assert c not in (obs.get("draft_offer") or []) and c not in (obs.get("my_characters") or []), (c, obs)
            assert c not in (obs.get("face_up") or []) and c not in (obs.get("absent_characters") or []), (c, obs)
            assert c not in [slug for slug, _ in obs.get("revealed_characters") or []], (c, obs)
            assert not obs.get("current") or obs["current"][0] != c, (c, obs)
            for event_id, args in events:
                assert args.get("character") != c or event_id in PUBLIC_CHARACTER_EVENTS, (event_id, args)
        # an action's name is no card ("keep" is both the Keep's slug and the action keeping a drawn card)
        text = ACTION_NAME.sub("", json.dumps(body))
        for slug in truth["hidden_cards"]:
            if k > self.last_known.get(slug, -1):
                assert f'"{slug}"' not in text, f"{slug} of another hand is in a frame"


def _check_page(page, truth: dict) -> None:
    html = page.content()
    for slug in truth["hidden_cards"]:
        assert f'"{slug}"' not in html, f"{slug} of another hand is in the page"
    for c in truth["secret"]:
        marks = page.eval_on_selector(f"[data-board] [data-strip='{c}']", "e => e.className")
        for mark in ("aside", "called", "absent", "mine", "current"):
            assert mark not in marks.split(), (c, marks)
        assert len(page.query_selector_all(f"[data-board] [data-character='{c}']")) == 1, c  # the strip card only


def _game_id(page) -> str:
    return page.evaluate("location.hash").split("/game/")[1]


def _play_checking(page, app, seed: int, frames: list[dict], timeout: float = 150.0, every: int = 1) -> dict[str, int]:
    """play_by_board's walk (random visible moves on the board, building more often; every listed move
    on the board), with the page and the frames checked against the true state of the game on your turn
    (every ``every`` steps)."""
    gid = _game_id(page)
    rnd = random.Random(seed)
    played: dict[str, int] = {}
    checks = steps = secrets = hidden = 0
    reader = FrameReader(frames)
    deadline = time.time() + timeout
    while time.time() < deadline and not page.query_selector("#game-over"):
        listed, on_board = page.evaluate("""() => [
            [...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action')),
            [...document.querySelectorAll('[data-board] [data-action]')].map((e) => e.getAttribute('data-action'))]""")
        assert not [a for a in listed if a not in on_board], f"legal moves with no element on the board: {listed}"
        # the visible targets in one read (their index among CLICKABLE, their move)
        visible = page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map((e, i) => [i, e.getAttribute('data-action'),
            e.checkVisibility()]).filter((x) => x[2])""", CLICKABLE)
        if not visible:
            page.wait_for_timeout(30)
            continue
        truth = _truth(app, gid) if steps % every == 0 else None
        steps += 1
        if truth and truth["to_move"] == [0]:
            page.wait_for_timeout(50)  # the last frame of the bots' moves is in
            reader.check(truth)
            _check_page(page, truth)
            checks += 1
            secrets += len(truth["secret"])
            hidden += len(truth["hidden_cards"])
        index, text, _ = rnd.choices(visible, [WEIGHTS.get(v[1].split()[0], 1.0) for v in visible])[0]
        try:
            page.locator(CLICKABLE).nth(index).click(timeout=1500)
        except Exception:  # redrawn under the click
            continue
        played[text.split()[0]] = played.get(text.split()[0], 0) + 1
        page.wait_for_timeout(10)
    if not page.query_selector("#game-over"):
        page.screenshot(path=f"/tmp/citadels-timeout-{seed}.png", full_page=True)
        raise AssertionError(f"the game did not end in {timeout:.0f}s: {played}; {page.inner_text('#status')!r}")
    # the checks had something to find: characters nobody may see, cards of other hands not known
    assert checks >= 10 and secrets > 0 and hidden > 0, (checks, secrets, hidden)
    return played


# a player who builds more often than chance would: the games end sooner, every kind of move still comes up
WEIGHTS = {"build": 8.0, "keep": 3.0, "take": 3.0, "gold": 2.0, "cards": 2.0, "end": 0.3}


def _record(page) -> list[dict]:
    frames: list[dict] = []

    def on_frame(payload) -> None:
        message = json.loads(payload if isinstance(payload, str) else payload.decode())
        frames.append(message.get("update", message))

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return frames


def _final_table(page, players: int) -> None:
    rows = page.eval_on_selector_all("[data-board] .cit-final tbody tr",
                                     "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => Number(td.textContent)))")
    assert len(rows) == players
    scores = page.eval_on_selector_all("[data-board] [data-score]", "els => els.map(e => e.textContent)")
    for *points, total in rows:  # districts, colours, complete city (and the Artist's coins where he is in the game)
        assert sum(points) == total
    totals = [r[-1] for r in rows]
    for p, text in enumerate(scores):  # the bar's score is the table's total
        assert f" {totals[p]} " in text, (text, totals)
    winners = page.eval_on_selector_all("[data-board] .cit-final tr.winner td:last-child", "tds => tds.map(td => Number(td.textContent))")
    assert winners and winners[0] == max(totals)


@pytest.mark.slow
def test_a_whole_seven_player_game_is_played_by_clicking_the_board_only(page, table):
    base, app = table
    frames = _record(page)
    start_game(page, base, GAME, 7)
    page.wait_for_selector("[data-board]")
    played = _play_checking(page, app, seed=2, frames=frames, every=3)
    assert {"pick", "build"} <= set(played) and ({"gold", "cards"} & set(played)), played
    _final_table(page, 7)
    assert page.console_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(4, 1), (7, 6)])
def test_a_whole_game_by_the_shared_random_walk(page, table, players, seed):
    """The walk every board's tests use (tests/web/play.py): uniformly random clicks on the board."""
    base, _ = table
    start_game(page, base, GAME, players)
    page.wait_for_selector("[data-board]")
    played = play_by_board(page, seed, timeout=240, shot=f"/tmp/citadels-{players}.png")
    assert "pick" in played and {"gold", "cards"} & set(played), played  # a turn may end by itself
    _final_table(page, players)
    assert page.console_errors == []


@pytest.mark.slow  # test_citadels_phone.py plays a two-player game (two characters each) by the board by default
def test_a_whole_two_player_game_with_two_characters_each(page, table):
    base, app = table
    frames = _record(page)
    start_game(page, base, GAME, 2)
    page.wait_for_selector("[data-board]")
    played = _play_checking(page, app, seed=5, frames=frames, every=3)
    assert {"pick", "facedown", "build"} <= set(played), played
    _final_table(page, 2)
    assert page.console_errors == []


def test_a_four_player_game_shows_nothing_hidden_in_the_page_or_its_frames(page, table):
    base, app = table
    frames = _record(page)
    start_game(page, base, GAME, 4)
    page.wait_for_selector("[data-board]")
    played = _play_checking(page, app, seed=7, frames=frames, every=2)
    assert {"pick", "build"} <= set(played), played
    # the frames were read: the check above could fail (the other hands are in the server's state)
    assert len(frames) > 20
    _final_table(page, 4)
    assert page.console_errors == []


DARK_CITY = {"rank1": "witch", "rank2": "tax-collector", "rank3": "wizard", "rank4": "emperor", "rank5": "abbot",
             "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat", "rank9": "artist"}


def _start_with_options(page, base: str, players: int, options: dict, lang: str | None = None) -> None:
    """A game the lobby's form does not make (the extra characters): created over the API, then opened
    with its seat token, as the lobby would (``lang``: with ``?lang=``)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    query = f"?lang={lang}" if lang else ""
    page.goto(base + "/" + query)
    page.wait_for_selector("#create")
    made = page.evaluate("""async (body) => (await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(body)})).json()""", {"game": GAME, "players": players, "options": options, "seats": seats})
    page.evaluate("""(m) => localStorage.setItem('meeple.seats', JSON.stringify({[m.id]: {seat: m.seat, token: m.token}}))""", made)
    page.goto(f"{base}/{query}#/game/{made['id']}")
    page.wait_for_selector("#status")


@pytest.mark.daily  # 15 s; tests/contract plays every extra character at every step
def test_the_extra_characters_rank_one_to_nine_are_played_on_the_board(page, table):
    base, app = table
    frames = _record(page)
    _start_with_options(page, base, 3, {**DARK_CITY, "short_game": True})  # 7 districts end it: a shorter game
    page.wait_for_selector("[data-board] [data-strip]")
    strip = page.eval_on_selector_all("[data-board] [data-strip]", "els => els.map(e => e.dataset.strip)")
    assert strip == ["witch", "tax-collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "artist"]
    played = _play_checking(page, app, seed=3, frames=frames, every=2)
    assert {"pick", "build"} <= set(played), played
    # the extra characters' abilities came up and were played on the board (which ones depends on the deal)
    abilities = {"bewitch", "peek", "take", "give-crown", "tribute", "tribute-gold", "levy", "navigate-gold", "navigate-cards",
                 "exchange", "exchange-with", "beautify"}
    assert abilities & set(played), played
    _final_table(page, 3)
    assert page.console_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 11), (3, 4), (4, 21), (5, 8), (6, 3), (7, 9)])
def test_more_whole_games_by_the_board(page, table, players, seed):
    base, app = table
    frames = _record(page)
    start_game(page, base, GAME, players)
    page.wait_for_selector("[data-board]")
    _play_checking(page, app, seed=seed, frames=frames, timeout=240)
    _final_table(page, players)
    assert page.console_errors == []


def _wait_my_turn(page, selector: str, timeout: float = 15000) -> None:
    page.wait_for_selector(f"#board:not(.busy) {selector}", timeout=timeout)


def test_the_draft_is_a_hand_of_character_cards_and_the_turn_is_played_on_the_character_card(page, table):
    base, _ = table
    start_game(page, base, GAME, 4)
    _wait_my_turn(page, "[data-board] .cit-draft-card[data-action^='pick ']")
    offer = page.eval_on_selector_all("[data-board] .cit-draft-card", "els => els.map(e => e.dataset.character)")
    picks = page.eval_on_selector_all("[data-board] [data-action^='pick ']", "els => els.map(e => e.dataset.action)")
    assert sorted(picks) == sorted(f"pick {c}" for c in offer)  # each pickable character once, as a card
    assert len(offer) >= 2  # 4 players: 5, 4, 3 or 2 cards handed on
    # each card: rank, name, ability text; beside them the face-up cards and the face-down count
    for text in page.eval_on_selector_all("[data-board] .cit-draft-card", "els => els.map(e => e.innerText)"):
        assert len(text.split()) >= 5, text
    assert len(page.query_selector_all("[data-board] .cit-aside .cit-aside-card")) == 2  # 4 players: 2 face up
    assert page.text_content("[data-board] .cit-aside .cit-backs-n") == "1"
    assert page.eval_on_selector_all("[data-board] .cit-strip-card", "els => els.length") == 8
    chosen = "assassin" if "assassin" in offer else offer[0]  # nobody kills the Assassin
    card = f"#board:not(.busy) [data-board] .cit-draft-card[data-character='{chosen}']"
    mine = f"[data-board] .cit-my-card[data-character='{chosen}']"
    for _ in range(3):  # a view drawn while the click landed loses the click: the card is offered still, touch again
        page.click(card)
        page.wait_for_function("([card, mine]) => document.querySelector(mine) || document.querySelector(card)",
                               arg=[card, mine], timeout=30000)
        page.wait_for_timeout(200)
        if page.query_selector(mine):
            break
    page.wait_for_selector(mine)
    assert "mine" in page.get_attribute(f"[data-board] [data-strip='{chosen}']", "class").split()
    # your turn: gold and cards are two controls on your character card (unless a bot's Assassin kills it)
    page.wait_for_function("() => document.querySelector('#board:not(.busy) [data-board] .cit-my-card.playing [data-action=gold]')"
                           " || document.querySelector('[data-board] .cit-my-card.killed')", timeout=30000)
    if page.query_selector("[data-board] .cit-my-card.killed"):
        assert "killed" in page.get_attribute(f"[data-board] [data-strip='{chosen}']", "class").split()
        assert page.query_selector("[data-board] .cit-my-card.killed .cit-kill-cross")
        assert page.console_errors == []
        return
    controls = page.eval_on_selector_all("[data-board] .cit-my-card.playing [data-action]", "els => els.map(e => e.dataset.action)")
    assert {"gold", "cards"} <= set(controls), controls
    hand = len(page.query_selector_all("[data-board] .cit-hand-card"))
    page.click("[data-board] .cit-my-card.playing [data-action='cards']")
    if chosen != "architect":  # the Architect keeps his 2 extra cards at once
        _wait_my_turn(page, "[data-board] .cit-drawn-card[data-action^='keep ']")
        kept = page.get_attribute("[data-board] .cit-drawn-card[data-action^='keep '] >> nth=0", "data-district")
        page.click("[data-board] .cit-drawn-card[data-action^='keep '] >> nth=0")
        page.wait_for_function("n => document.querySelectorAll('[data-board] .cit-hand-card').length > n", arg=hand)
        assert page.query_selector(f"[data-board] .cit-hand-card[data-district='{kept}']")
    # build by clicking a card of the hand (if one is affordable), then end the turn on your area
    turn_on_or_over = ("() => !document.querySelector('#board.busy') && (!document.querySelector('[data-board] .cit-my-card.playing')"
                       " || document.querySelector('[data-board] .cit-my-card.playing [data-action=end]'))")
    page.wait_for_function(turn_on_or_over)  # (a turn with nothing left to do but ending ends by itself)
    playing = page.query_selector("[data-board] .cit-my-card.playing")
    build = page.query_selector("#board:not(.busy) [data-board] .cit-hand-card[data-action^='build ']") if playing else None
    if build:
        slug = build.get_attribute("data-district")
        build.click()
        page.wait_for_selector(f"[data-board] [data-city='0'] [data-district='{slug}']")
    income = page.query_selector("#board:not(.busy) [data-board] .cit-my-card.playing [data-action='income']")
    if income:  # the amount on the button is the one the move gives
        label = income.get_attribute("aria-label")
        assert any(word.isdigit() and word in label for word in income.inner_text().split()), (income.inner_text(), label)
    # the turn ends on your card (or by itself once nothing but ending it is left, docs/rules/citadels.md)
    page.wait_for_function(turn_on_or_over)
    end = page.query_selector("[data-board] .cit-my-card.playing [data-action='end']")
    if end:
        end.click()
    page.wait_for_selector("[data-board] .cit-my-card.playing", state="detached")
    assert page.console_errors == []


def test_the_magicians_discard_is_picked_on_his_card_then_made_on_the_hand(page, table, deal_seed):
    """Two uses of one hand card (build it, or discard it as the Magician): pick the discard on the
    character card, then the cards of the hand discard; then draw as many on the card."""
    base, _ = table
    deal_seed(1)  # you choose first and the Magician is among the cards: your first turn is his, hand full
    start_game(page, base, GAME, 2)
    deadline = time.time() + 60
    while time.time() < deadline:
        page.wait_for_selector(CLICKABLE, timeout=20000)
        if page.query_selector("#board:not(.busy) [data-board] .cit-my-card.playing[data-character='magician']"):
            break
        pick = page.query_selector(f"{CLICKABLE}[data-action='pick magician']") or page.query_selector(f"{CLICKABLE}[data-action^='pick ']")
        move = pick or page.query_selector(f"{CLICKABLE}[data-action^='facedown ']") or page.query_selector(f"{CLICKABLE}[data-action='gold']") \
            or page.query_selector(f"{CLICKABLE}[data-action='end']") or page.query_selector(f"{CLICKABLE}[data-action^='keep ']")
        if move is None:
            move = page.query_selector(CLICKABLE)
        try:
            move.click(timeout=1500)
        except Exception:
            pass
        page.wait_for_timeout(50)
    card = "#board:not(.busy) [data-board] .cit-my-card.playing[data-character='magician']"
    page.wait_for_selector(card)
    page.click(f"{card} [data-action='gold']")  # gold first: then building is open too
    page.wait_for_selector(f"{card} [data-action='end']")
    assert page.query_selector("[data-board] .cit-hand-card"), "the Magician has cards in hand to discard"
    toggle = page.query_selector(f"{card} [data-pick='discard']")
    assert toggle is not None
    if "picked" not in toggle.get_attribute("class").split():  # building is open: discarding waits for its pick
        hidden = page.query_selector_all("[data-board] .cit-hand-card [data-needs='discard']")
        assert hidden and not any(el.is_visible() for el in hidden)
        toggle.click()
    discards = page.query_selector_all("#board:not(.busy) [data-board] .cit-hand-card[data-action^='discard ']")
    assert discards, "after the pick, the hand cards discard"
    hand = len(page.query_selector_all("[data-board] .cit-hand-card"))
    discards[0].click()
    page.wait_for_selector(f"{card} [data-action='redraw']")
    assert len(page.query_selector_all("[data-board] .cit-hand-card")) == hand - 1
    assert page.query_selector("[data-board] .cit-decisions .discarded")  # what went under the deck so far
    page.click(f"{card} [data-action='redraw']")
    page.wait_for_function("n => document.querySelectorAll('[data-board] .cit-hand-card').length === n", arg=hand)
    assert page.console_errors == []


def test_the_cards_read_in_chinese_from_the_content_data(page, table):
    base, _ = table
    start_game(page, base, GAME, 3, lang="zh")
    _wait_my_turn(page, "[data-board] .cit-draft-card[data-action]")
    names = page.eval_on_selector_all("[data-board] .cit-strip-card .cit-card-name", "els => els.map(e => e.textContent)")
    assert names[:2] == ["盗贼", "魔法师"]  # 3 players, the seed's rules: no Assassin
    ability = page.text_content("[data-board] .cit-draft-card .cit-ability")
    assert ability and all(ord(ch) > 127 or not ch.isalpha() for ch in ability)
    hand = page.eval_on_selector_all("[data-board] .cit-hand-card", "els => els.map(e => [e.dataset.district, e.querySelector('.cit-card-name').textContent, e.querySelectorAll('.cit-cost .cit-coin').length])")
    content = page.evaluate("async () => (await fetch('/content/citadels.json')).json()")
    assert len(hand) == 4
    for slug, name, coins in hand:
        assert name == content["districts"][slug]["zh"]
        assert coins == content["districts"][slug]["cost"]
    assert page.console_errors == []


@pytest.mark.slow  # test_citadels_phone.py checks every decision of a whole game at 360 px by default
def test_at_phone_width_nothing_is_cut_off_and_targets_are_large(browser, table):
    base, _ = table
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    start_game(page, base, GAME, 4)
    for _ in range(12):  # the draft, then the first turns
        page.wait_for_selector(CLICKABLE, timeout=20000)
        assert_fits_a_phone(page, "[data-board] [data-action]", on_screen=True)
        visible = [el for el in page.query_selector_all(CLICKABLE) if el.is_visible()]
        try:
            visible[0].click(timeout=1500)
        except Exception:
            pass
        page.wait_for_timeout(50)
    context.close()


def test_a_log_entry_shows_its_seat_colour_and_lights_what_it_concerns(page, table):
    base, _ = table
    start_game(page, base, GAME, 2)
    page.wait_for_selector("[data-board]")
    entry = page.locator("#log li.seat-entry", has_text="Red").first
    entry.wait_for()
    assert "#c62828" in entry.get_attribute("style")
    entry.hover()
    lit = page.query_selector_all("[data-board] .log-lit")
    assert lit and all(el.evaluate("e => !!e.closest('[data-seat=\"0\"]')") for el in lit)
    page.locator("h1").hover()
    assert page.query_selector_all("[data-board] .log-lit") == []
    assert page.console_errors == []

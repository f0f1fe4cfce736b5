"""The pick contract of ../shared/BOARDS.md on every game's board: a move made in two touches marks each piece
that can be picked with ``data-pick``, and its targets then carry ``data-action``.

For each game a short random game is played by the board (the other seats are random bots). At each of
your decisions, inside one script run in the page (a pick redraws the board at once):
  - every shown ``[data-board] [data-action]`` is a legal move (one of the move list's);
  - every legal move is reachable: shown on the board as drawn, or after clicks on ``[data-pick]`` first
    (every state of the picks that clicks reach is visited);
  - each pick shows its piece picked, and some state with that piece picked shows a target (the piece
    alone, or for a selection of several, as Kingsburg's dice, with others picked too): a pick that leads
    to no move is an error.
Then a random shown move is clicked (a real click), now and then after picking a random piece.
The same checks run on boards drawn straight from chosen positions of seeded games (the rarer picks: the
Magician's discard and the Laboratory, the Architects' Guild's three tiles, Kingsburg's envoy)."""

from __future__ import annotations

import random
import re
import time

import pytest

import meeple

from .daily import by_default
from .play import start_game

# (game, players, your decisions to check): small tables, a few decisions each, about 60 s in all
GAMES = [("cube-europe", 1, 6), ("versailles", 2, 6), ("kingsburg", 2, 6), ("gods-playground", 3, 6),
         ("citadels", 2, 6)]

# The checks of one decision, all in the page: every state of the picks (which pieces are picked) that
# clicks on [data-pick] reach from the board as drawn, each pick undone after its trial (clicked again, the
# dropped ones picked again). Returns null when it is not your decision now.
EXPLORE = """(most) => {
  if (document.querySelector('#game-over') || !document.querySelector('#board:not(.busy) [data-board]')) return null;
  const legal = [...new Set([...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action')))];
  if (!legal.length) return null;
  const isLegal = new Set(legal);
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const all = (sel) => [...document.querySelectorAll(`[data-board] ${sel}`)].filter(shown);
  const keys = (els) => [...new Set(els.map((e) => e.getAttribute('data-pick')))];
  const picks = () => keys(all('[data-pick]'));
  const pressed = () => new Set(keys(all('[data-pick][aria-pressed="true"]')));
  const name = (set) => [...set].sort().join(' ');
  const problems = [], covered = new Set(), met = new Set(), states = new Map();
  const click = (key) => {
    const el = all('[data-pick]').find((e) => e.getAttribute('data-pick') === key);
    if (el) el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };
  const restore = (before) => {
    for (let tries = 0; tries < 12; tries++) {
      const now = pressed();
      const missing = [...before].find((k) => !now.has(k)), extra = [...now].find((k) => !before.has(k));
      if (missing === undefined && extra === undefined) return true;
      click(missing !== undefined ? missing : extra);
    }
    return false;
  };
  // done once every legal move was seen and every pick met has shown a target with its piece picked
  const done = () => legal.every((a) => covered.has(a)) && [...met].every((k) => [...states.values()].some((st) => st.shows && st.picked.has(k)));
  let lost = false, stop = false;
  const explore = () => {
    const here = pressed();
    const targets = [...new Set(all('[data-action]').map((e) => e.getAttribute('data-action')))];
    for (const a of targets) {
      if (!isLegal.has(a)) problems.push(`with ${name(here) || 'nothing'} picked, the target "${a}" is not a legal move`);
      covered.add(a);
    }
    states.set(name(here), { picked: here, shows: targets.length > 0 });
    const next = picks();
    next.forEach((k) => met.add(k));
    for (const key of next) {
      if (stop || lost || states.size >= most || (stop = done())) return;
      click(key);
      if (!states.has(name(pressed()))) explore();
      if (!lost && !restore(here)) { lost = true; problems.push(`the trial of the pick ${key} could not be undone`); }
    }
  };
  explore();
  const full = !lost && (stop || done() || states.size < most);
  for (const key of met) {
    const withIt = [...states.values()].filter((st) => st.picked.has(key));
    if (full && !withIt.length) problems.push(`the pick ${key} never shows its piece picked`);
    else if (full && !withIt.some((st) => st.shows)) problems.push(`the pick ${key} shows no target, with any other picks`);
  }
  return { legal, problems, unreachable: full ? legal.filter((a) => !covered.has(a)) : [], picks: [...met], states: states.size };
}"""

MOST_STATES = 400  # a decision with more states of its picks is explored in part (then no verdict)
CLICKABLE = "#board:not(.busy) [data-board] [data-action]"

# Your shown moves and picks (indexes among the page's [data-action] / [data-pick] elements of the board).
SHOWN = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const index = (sel) => [...document.querySelectorAll(sel)].map((e, i) => (shown(e) ? i : null)).filter((i) => i !== null);
  return { moves: index('#board:not(.busy) [data-board] [data-action]'), picks: index('[data-board] [data-pick]') };
}"""


def _play_one(page, rnd: random.Random) -> None:
    """Click a random shown move (a real click); now and then, or with none shown, a random pick first."""
    from playwright.sync_api import Error as PlaywrightError

    for tries in range(6):
        shown = page.evaluate(SHOWN)
        try:
            if shown["picks"] and tries == 0 and rnd.random() < 0.4:  # now and then, another piece first
                page.locator("[data-board] [data-pick]").nth(rnd.choice(shown["picks"])).click(timeout=1500)
                continue
            if shown["moves"]:
                page.locator(CLICKABLE).nth(rnd.choice(shown["moves"])).click(timeout=1500)
                return
            if shown["picks"]:
                page.locator("[data-board] [data-pick]").nth(rnd.choice(shown["picks"])).click(timeout=1500)
        except PlaywrightError:  # the board was redrawn under the click: look again
            page.wait_for_timeout(20)
    raise AssertionError("no move could be clicked on the board")


def _walk(page, seed: int, decisions: int, timeout: float = 120.0) -> tuple[int, set[str]]:
    """Check ``decisions`` of your decisions (or to the end); returns how many were checked and the picks seen."""
    rnd = random.Random(seed)
    checked, seen_picks = 0, set()
    deadline = time.time() + timeout
    while checked < decisions and time.time() < deadline:
        found = page.evaluate(EXPLORE, MOST_STATES)
        if found is None:
            if page.query_selector("#game-over"):
                break
            page.wait_for_timeout(30)
            continue
        assert not found["problems"], (found["legal"], found["problems"])
        assert not found["unreachable"], f"legal moves reached by no target nor pick: {found['unreachable']}"
        seen_picks.update(re.match(r"[a-z]*", k).group() for k in found["picks"])
        checked += 1
        _play_one(page, rnd)
        page.wait_for_timeout(20)
    return checked, seen_picks


# the picks each walk meets at the table's first decisions (their kind: the key's first word)
FIRST_PICKS = {"cube-europe": {"die"}, "versailles": {"from"}, "kingsburg": {"die"}, "gods-playground": {"token"},
               "citadels": set()}


@pytest.mark.parametrize(("game", "players", "decisions"), by_default(  # God's Playground by default, the others daily (and
    GAMES, kept={g for g in GAMES if g[0] == "gods-playground"}))  # phone audits too; the positions test below)
def test_every_legal_move_is_a_target_or_behind_a_pick_that_shows_targets(page, server, game, players, decisions):
    if game not in meeple.games():
        pytest.skip(f"{game} is not registered")
    start_game(page, server, game, players)
    page.wait_for_selector("[data-board]")
    checked, seen = _walk(page, seed=players * 7 + len(game), decisions=decisions)
    assert checked >= min(decisions, 4), f"only {checked} decisions came in time"
    assert FIRST_PICKS[game] <= seen, seen
    assert page.console_errors == []


# Boards drawn straight from positions of seeded random games (no server game): for each game, the first
# position where every move name of a set is legal to the seat to move, for each set; and the picks met.
POSITIONS = {"cube-europe": (2, [{"take"}, {"place"}], {"die"}),
             "versailles": (3, [{"move"}, {"move2"}, {"build"}, {"clear"}], {"from", "tile", "clear"}),
             "kingsburg": (4, [{"place"}, {"envoy"}], {"die"}),
             "gods-playground": (3, [{"token"}, {"move"}], {"token", "from"}),
             "citadels": (4, [{"build", "discard"}, {"build", "lab"}], {"discard", "lab"})}


def _positions(game: str, players: int, wanted: list[set[str]], seeds: int = 40) -> list[tuple[object, int]]:
    """(state, seat) pairs: for each set of ``wanted``, the first position of seeded random games where its
    moves are all legal to the seat to move."""
    from meeple.core import load

    found: list = [None] * len(wanted)
    for seed in range(seeds):
        state = load(game, players=players).new_game(seed=seed)
        rnd = random.Random(seed)
        while not state.is_over() and None in found:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            names = {str(a).split()[0] for a in legal}
            for k, moves in enumerate(wanted):
                if found[k] is None and seat >= 0 and moves <= names:
                    found[k] = (state.clone(), seat)
            state.apply(rnd.choice(legal), seat)
        if None not in found:
            return found
    raise AssertionError(f"{game}: no position for {[w for w, f in zip(wanted, found) if f is None]}")


# A board drawn in the page from ``view`` as the game page draws it, inside #board, with the move list beside.
DRAW = """async (view) => {
    const board = (await import('/static/js/boards/index.js')).boardFor(view.game);
    if (board.prepare) await board.prepare();
    const frame = document.createElement('div'); frame.id = 'board'; frame.className = 'board';
    const box = document.createElement('div'); frame.append(box);
    const list = document.createElement('div'); list.setAttribute('data-movelist', '');
    for (const e of view.legal) { const b = document.createElement('button'); b.setAttribute('data-action', e.text); list.append(b); }
    document.querySelector('main').replaceChildren(frame, list);
    board.render(box, view, { legal: view.legal, act: () => {}, events: [], seatName: (p) => `Seat ${p}` });
}"""


def _draw(page, state, seat: int, seq: int = 1) -> None:
    """Draw ``seat``'s board of ``state`` in the page (already on the lobby), from the view the server sends."""
    from meeple.server.views import base_view

    page.evaluate(DRAW, base_view(state, seat, game_id="probe", seq=seq, status="playing", seats=[]))


@pytest.mark.parametrize("game", by_default(sorted(POSITIONS), kept={"versailles", "gods-playground"}))
def test_the_contract_holds_on_boards_drawn_from_chosen_positions(page, server, game):
    if game not in meeple.games():
        pytest.skip(f"{game} is not registered")
    players, wanted, picks = POSITIONS[game]
    page.goto(server + "/")
    page.wait_for_selector("#create")
    kinds = set()
    for n, (state, seat) in enumerate(_positions(game, players, wanted)):
        _draw(page, state, seat, n + 1)
        found = page.evaluate(EXPLORE, MOST_STATES)
        assert found["problems"] == [] and found["unreachable"] == [], (n, found)
        kinds.update(re.match(r"[a-z]*", k).group() for k in found["picks"])
    assert picks <= kinds, kinds
    assert page.console_errors == []


def _kingsburg_with_a_useless_die(players: int = 5):
    """A seeded Kingsburg game played at random to a placing decision where one of the mover's dice is in no
    handful that reaches an advisor open to it (by the rules' own ways); returns (state, seat, useless faces)."""
    from meeple.core import load

    for seed in range(20):
        state = load("kingsburg", players=players).new_game(seed=seed)
        rnd = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            open_ = [int(a.split()[1]) for a in legal if a.split()[0] in ("place", "envoy")]
            if open_ and not state.selected_advisor:
                ways = state.ways(seat)
                usable = {face for n in open_ for way in ways[n] for face in way[1]}
                useless = set(state.unplaced_dice[seat]) - usable
                if useless:
                    return state, seat, useless
            state.apply(rnd.choice(state.legal_actions(seat)), seat)
    raise AssertionError("no Kingsburg position with a useless die in 20 seeded games")


def test_kingsburg_offers_no_die_that_can_light_no_advisor(page, server):
    """A die in no handful that reaches an open advisor is drawn but not pickable; every die, "+2" token and
    Market change offered leads to a lit advisor (the contract's checks on a board drawn from that view)."""
    state, seat, useless = _kingsburg_with_a_useless_die()
    page.goto(server + "/")
    page.wait_for_selector("#create")
    _draw(page, state, seat)
    dice = page.eval_on_selector_all("[data-board] .kb-tray .die", "ds => ds.map((d) => [Number(d.dataset.face), d.hasAttribute('data-pick')])")
    assert sorted(face for face, _ in dice) == sorted(state.unplaced_dice[seat])
    assert [face for face, pickable in dice if not pickable] and all(pickable != (face in useless) for face, pickable in dice), (dice, useless)
    found = page.evaluate(EXPLORE, MOST_STATES)
    assert found["problems"] == [] and found["unreachable"] == [], found
    assert {"die"} <= {re.match(r"[a-z]*", k).group() for k in found["picks"]}
    assert page.console_errors == []

"""Building exact Versailles positions for the rule tests (chance="manual": we choose the draws)."""

from __future__ import annotations

import meeple
from meeple.core import CHANCE, Action
from meeple.games.versailles import board
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R


def new(n: int = 3, first: int = 0, display: tuple[int, ...] | None = None) -> R.VersaillesState:
    """A game after the start player and the five opening tiles are chosen."""
    st = meeple.load("versailles", players=n).new_game(seed=0, chance="manual")
    st.apply(Action("first", (first,)), CHANCE)
    tiles = display if display is not None else tuple(st.tiles_in_play()[:5])
    for t in tiles:
        st.apply(Action("draw", (t,)), CHANCE)
    return st


def edit(st: R.VersaillesState) -> R.VersaillesState:
    """Forget cached legal actions after a test wrote fields directly."""
    st._legal_cache = {}
    return st


def place(st: R.VersaillesState, p: int, **where: int) -> None:
    """Put exactly these workers of ``p`` on the ring (e.g. mq=2, cs=1); the recruitment reserve is
    kept and the other workers go back to the box."""
    total = C.WORKERS_PER_PLAYER
    w = [0] * board.LOCATION_COUNT
    for code, k in where.items():
        w[board.LOCATION_INDEX[code]] = k
    st.workers_at[p] = w
    cheap, dear = st.workers_off_board[p][0], st.workers_off_board[p][1]
    st.workers_off_board[p] = [cheap, dear, total - sum(w) - cheap - dear]
    assert st.workers_off_board[p][2] >= 0
    edit(st)


def act(st: R.VersaillesState, *texts: str) -> None:
    """Apply actions given as text, each for the seat to move."""
    for text in texts:
        p = st.to_move()[0]
        st.apply(st.parse_action(text, p), p)


def texts(st: R.VersaillesState, p: int | None = None) -> set[str]:
    if p is None:
        p = st.to_move()[0]
    return {str(a) for a in st.legal_actions(p)}


def tile_with(edges: str, used: set[int] | None = None, players: int = 3, plain: bool = True) -> int:
    """The first tile in play whose edges (N E S W) match ``edges`` ('?' = any); ``plain``: one that
    needs 1 worker and no decoration."""
    for t, row in enumerate(C.TILES):
        if row[8] > players or (used and t in used):
            continue
        if plain and (row[1] != 1 or row[5]):
            continue
        if all(e == "?" or e == row[7][i] for i, e in enumerate(edges)):
            return t
    raise LookupError(edges)


PREV = {C.MARBLE_QUARRY: "kf", C.GOLD_MINE: "mq", C.LUMBER_MILL: "ws", C.ARCHITECTS_GUILD: "gm", C.WORKSHOP: "ag",
        C.CONSTRUCTION_SITE: "lm", C.ALCHEMISTS_GUILD: "cs", C.KINGS_FAVOR: "al"}


def arrive_at(st: R.VersaillesState, p: int, loc: int, workers: int) -> None:
    """``p`` ends a regular move at ``loc`` with ``workers`` of its workers there, and activates."""
    code = board.LOCATION_CODES[loc]
    place(st, p, **{PREV[loc]: 1, code: workers - 1} if workers > 1 else {PREV[loc]: 1})
    act(st, f"move {PREV[loc]} {code}", "activate")

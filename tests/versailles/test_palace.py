"""The Construction Site (seed: 建筑工地): workers, payment, decorations, adjacency, edge matching."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.core import Action
from meeple.games.versailles import board
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place, texts, tile_with


def at_site(hand: list[int], workers: int = 3, res: tuple[int, int, int] = (20, 20, 20),
            deco: list[int] | None = None) -> R.VersaillesState:
    st = new()
    for t in hand:
        if t in st.tile_stack:
            st.tile_stack.remove(t)
        elif t in st.tile_display:
            st.tile_display[st.tile_display.index(t)] = st.tile_stack.pop(0)
    st.hands[0] = list(hand)
    st.resources[0] = list(res)
    if deco:
        st.decorations[0] = list(deco)
        for k in range(board.DECORATION_KINDS):
            st.decoration_supply[k] -= deco[k]
    place(st, 0, lm=1, cs=workers - 1) if workers > 1 else place(st, 0, lm=1)
    edit(st)
    st.check_invariants()
    act(st, "move lm cs", "activate")
    return st


def put(st: R.VersaillesState, t: int, cell: int) -> None:
    """Put a tile straight on the site (set-up for a test), keeping the components consistent."""
    for where in (st.tile_stack, st.discard_pile):
        if t in where:
            where.remove(t)
    if t in st.tile_display:
        st.tile_display[st.tile_display.index(t)] = st.tile_stack.pop(0)
    st.construction_site[cell] = t
    st.vp[2] += board.TILE_VP[t]
    for k in board.TILE_DECORATIONS[t]:
        st.decoration_supply[k] -= 1
    edit(st)
    st.check_invariants()


def test_site_shape() -> None:
    assert len(board.SITE_GRIDS[3].cells) == sum(row.count("#") for row in C.SITE_SHAPE)
    assert len(board.SITE_GRIDS[4].cells) == len(board.SITE_GRIDS[5].cells) == sum(len(row) - row.count(".") for row in C.SITE_SHAPE)
    # every open cell on the outer ring touches the site's edge; an inner cell does not
    inner = [c for c in board.SITE_GRIDS[3].cells if not board.SITE_GRIDS[3].on_edge[c]]
    assert all(board.SITE_GRIDS[3].on_edge[c] for c in board.SITE_GRIDS[3].cells if c not in inner)


def test_build_pays_resources_and_decorations_and_scores_vp() -> None:
    t = next(i for i, row in enumerate(C.TILES) if row[1] == 2 and row[5] and row[8] <= 3)
    deco = [0] * board.DECORATION_KINDS
    for k in board.TILE_DECORATIONS[t]:
        deco[k] += 1
    st = at_site([t], workers=2, deco=deco)
    act(st, f"build {t} 0")
    assert st.construction_site[0] == t and st.hands[0] == []
    assert st.vp[0] == C.TILES[t][6]
    assert st.resources[0] == [20 - C.TILES[t][2], 20 - C.TILES[t][3], 20 - C.TILES[t][4]]
    assert st.decorations[0] == [0] * board.DECORATION_KINDS            # the decoration stays on the tile
    st.check_invariants()                         # ... and is still counted there


def test_build_needs_enough_workers_at_the_site() -> None:
    t = next(i for i, row in enumerate(C.TILES) if row[1] == 3 and row[8] <= 3)
    deco = [0] * board.DECORATION_KINDS
    for k in board.TILE_DECORATIONS[t]:
        deco[k] += 1
    st = at_site([t, tile_with("????")], workers=2, deco=deco)
    assert not any(a.startswith(f"build {t} ") for a in texts(st))
    with pytest.raises(IllegalAction, match="needs 3 workers"):
        st.apply(Action("build", (t, 0)), 0)


def test_build_needs_the_resources() -> None:
    t = tile_with("????")
    st = at_site([t], res=(0, 0, 0), workers=2)
    assert st.turn_seat == 1          # nothing affordable: the activation ended by itself
    st = new()
    st.hands[0] = [t]
    st.tile_stack.remove(t) if t in st.tile_stack else None
    st.resources[0] = [9, 9, 9]
    st.double_moves_face_up[0] = 0
    place(st, 0, lm=1, cs=1)
    act(st, "move lm cs", "activate")
    st.resources[0] = [0, 0, 0]
    edit(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="costs"):
        st.apply(Action("build", (t, 0)), 0)
    assert st.to_json() == before


def test_build_needs_the_decorations() -> None:
    t = next(i for i, row in enumerate(C.TILES) if row[5] and row[1] <= 2 and row[8] <= 3)
    st = at_site([t, tile_with("????")], workers=3)
    assert not any(a.startswith(f"build {t} ") for a in texts(st))
    assert any(a.startswith("build ") for a in texts(st))
    with pytest.raises(IllegalAction, match="decorations"):
        st.apply(Action("build", (t, 0)), 0)


def test_edges_must_match_every_neighbour() -> None:
    a = tile_with("IIII")
    fits = tile_with("???I", used={a})          # west edge indoor: may go east of a
    clash = tile_with("???O", used={a})         # west edge outdoor: may not
    st = new()
    put(st, a, 0)                               # a1
    st2 = at_site([fits, clash])
    st2.construction_site = list(st.construction_site)
    st2.tile_stack = [x for x in st2.tile_stack if x != a]
    st2.tile_display = [x if x != a else st2.tile_stack.pop(0) for x in st2.tile_display]
    st2.decoration_supply = list(st.decoration_supply)
    st2.vp = list(st.vp)
    edit(st2)
    st2.check_invariants()
    legal = texts(st2)
    assert f"build {fits} 1" in legal
    assert f"build {clash} 1" not in legal
    before = st2.to_json()
    with pytest.raises(IllegalAction, match="west edge is outdoor"):
        st2.apply(Action("build", (clash, 1)), 0)
    assert st2.to_json() == before
    # below a1 (cell a1's south edge is indoor): north edge must be indoor
    below = C.SITE_COLS
    north_in = tile_with("I???", used={a})
    assert (f"build {north_in} {below}" in legal) == (north_in in (fits, clash))


def test_a_tile_must_touch_the_palace_or_the_site_edge() -> None:
    inner = [c for c in board.SITE_GRIDS[3].cells if not board.SITE_GRIDS[3].on_edge[c]]
    assert inner == [C.SITE_COLS + 1], "the 3-player site has one inner cell (second row, second column)"
    t = tile_with("????")
    st = at_site([t, tile_with("????", used={t})])
    assert all(st.construction_site[c] < 0 for c in board.SITE_GRIDS[3].cells)
    assert any(a.startswith(f"build {t} ") for a in texts(st))     # t fits elsewhere, on the site's edge
    assert f"build {t} {inner[0]}" not in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="touch the palace"):
        st.apply(Action("build", (t, inner[0])), 0)
    assert st.to_json() == before


def test_several_tiles_in_one_activation() -> None:
    a = tile_with("IIII")
    b = next(t for t, row in enumerate(C.TILES) if row[1] == 1 and row[7][3] == "I" and row[8] <= 3 and t != a)
    a = a if C.TILES[a][1] == 1 else next(t for t, row in enumerate(C.TILES)
                                           if row[1] == 1 and row[7][1] == "I" and row[8] <= 3 and t != b)
    st = at_site([a, b], workers=2)
    act(st, f"build {a} 0")
    assert f"build {b} 1" in texts(st)
    act(st, f"build {b} 1")
    assert st.construction_site[0] == a and st.construction_site[1] == b
    assert st.vp[0] == C.TILES[a][6] + C.TILES[b][6]


def test_a_full_site_ends_the_game_at_once_even_mid_activation() -> None:
    st = new()
    # fill every cell but the last with tiles that fit (edges are not checked for pre-placed tiles)
    free = [t for t in st.tile_stack]
    last = board.SITE_GRIDS[3].cells[-1]
    for cell in board.SITE_GRIDS[3].cells[:-1]:
        t = next(x for x in reversed(free) if all(st.decoration_supply[k] > 0 for k in board.TILE_DECORATIONS[x]))
        free.remove(t)
        put(st, t, cell)
    # a tile that fits the last cell
    cand = [t for t in st.tile_stack if st._fit_problem(t, last) is None and C.TILES[t][1] == 1 and not C.TILES[t][5]]
    assert cand, "no tile fits the last cell in this set-up"
    t = cand[0]
    other = next(x for x in st.tile_stack if x != t and C.TILES[x][1] == 1 and not C.TILES[x][5])
    st.tile_stack.remove(t)
    st.tile_stack.remove(other)
    st.hands[0] = [t, other]
    st.resources[0] = [20, 20, 20]
    place(st, 0, lm=1, cs=2)                       # 3 workers: more than enough for both tiles
    st.check_invariants()
    act(st, "move lm cs", "activate", f"build {t} {last}")
    assert st.is_over() and "construction site is full" in st.end_reason
    assert st.to_move() == [] and st.hands[0] == [other]

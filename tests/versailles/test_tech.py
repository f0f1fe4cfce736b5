"""The three technology tracks (seed: 科技), reactions in seat order from the active player's left."""

from __future__ import annotations

import pytest

from meeple.core import CHANCE
from meeple.games.versailles import board
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place, texts


# ------------------------------------------------------------------ resource gains
@pytest.mark.parametrize("level,loc,kind,expect", [
    (0, C.LUMBER_MILL, C.WOOD, 1), (1, C.LUMBER_MILL, C.WOOD, 2),
    (1, C.MARBLE_QUARRY, C.MARBLE, 1), (2, C.MARBLE_QUARRY, C.MARBLE, 2),
    (2, C.GOLD_MINE, C.GOLD, 1), (3, C.GOLD_MINE, C.GOLD, 1 + C.BIG_CUBE),
    (3, C.LUMBER_MILL, C.WOOD, 2), (3, C.MARBLE_QUARRY, C.MARBLE, 2),
])
def test_gains_technology(level: int, loc: int, kind: int, expect: int) -> None:
    st = new()
    st.technology_levels[0][0] = level
    prev = {C.LUMBER_MILL: "ws", C.MARBLE_QUARRY: "kf", C.GOLD_MINE: "mq"}[loc]
    place(st, 0, **{prev: 1})
    act(st, f"move {prev} {board.LOCATION_CODES[loc]}", "activate")
    assert st.resources[0][kind] == expect


# ------------------------------------------------------------------ resource sites
@pytest.mark.parametrize("level,loc,reacts", [
    (1, C.LUMBER_MILL, True), (1, C.MARBLE_QUARRY, False), (2, C.MARBLE_QUARRY, True),
    (2, C.GOLD_MINE, False), (3, C.GOLD_MINE, True), (3, C.LUMBER_MILL, True),
])
def test_sites_technology_lets_others_collect(level: int, loc: int, reacts: bool) -> None:
    st = new()
    prev = {C.LUMBER_MILL: "ws", C.MARBLE_QUARRY: "kf", C.GOLD_MINE: "mq"}[loc]
    place(st, 0, **{prev: 1})
    place(st, 1, **{board.LOCATION_CODES[loc]: 2})
    st.technology_levels[1][1] = level
    edit(st)
    act(st, f"move {prev} {board.LOCATION_CODES[loc]}", "activate")
    kind = C.RESOURCE_YIELDS[loc][0]
    if not reacts:
        assert st.turn_seat == 1 and st.phase == "move"
        return
    assert st.to_move() == [1] and st.phase == "offer"
    assert texts(st, 1) == {"activate", "pass"}
    act(st, "activate")
    assert st.resources[1][kind] == 2            # by Blue's own 2 workers there
    assert st.turn_seat == 1 and st.phase == "move"


def test_sites_reaction_needs_a_worker_there_and_may_be_declined() -> None:
    st = new()
    place(st, 0, ws=1)
    place(st, 1, gm=1)                     # none at the Lumber Mill
    place(st, 2, lm=1)
    st.technology_levels[1][1] = 3
    st.technology_levels[2][1] = 1
    edit(st)
    act(st, "move ws lm", "activate")
    assert st.to_move() == [2]
    act(st, "pass")
    assert st.resources[2] == [0, 0, 0] and st.turn_seat == 1


def test_sites_reaction_uses_the_reactors_gains_technology() -> None:
    st = new()
    place(st, 0, ws=1)
    place(st, 2, lm=1)
    st.technology_levels[2] = [1, 1, 0]
    edit(st)
    act(st, "move ws lm", "activate", "activate")
    assert st.resources[2][C.WOOD] == 2


def test_no_reaction_when_the_active_player_does_not_activate() -> None:
    st = new()
    place(st, 0, ws=1)
    place(st, 1, lm=1)
    st.technology_levels[1][1] = 1
    edit(st)
    act(st, "move ws lm", "pass")
    assert st.turn_seat == 1 and st.phase == "move"


# ------------------------------------------------------------------ special locations
@pytest.mark.parametrize("active", [0, 2, 3])
def test_guild_reactions_come_in_seat_order_from_the_active_players_left(active: int) -> None:
    st = new(4, first=active)
    for p in range(4):
        place(st, p, ag=1)
        st.technology_levels[p][2] = 1
        st.double_moves_face_up[p] = 0                       # each reactor can flip a token at the Architects' Guild
    place(st, active, gm=1)
    edit(st)
    act(st, "move gm ag", "activate", "flip")
    order = []
    while not (st.phase == "move"):
        movers = st.to_move()
        if movers == [CHANCE]:
            st.apply(st.legal_actions(CHANCE)[0], CHANCE)
            continue
        p = movers[0]
        assert st.phase == "offer"
        order.append(p)
        act(st, "activate", "flip")
    assert order == [(active + i) % 4 for i in range(1, 4)]
    assert all(st.double_moves_face_up[p] == 1 for p in range(4))


def test_architects_reaction_happens_after_the_refill() -> None:
    st = new()
    place(st, 0, gm=1)
    place(st, 1, ag=1)
    st.technology_levels[1][2] = 1
    edit(st)
    act(st, "move gm ag", "activate", "take 1")
    assert st.to_move() == [CHANCE]                 # the display is refilled first
    st.apply(st.legal_actions(CHANCE)[0], CHANCE)
    assert st.to_move() == [1] and -1 not in st.tile_display
    act(st, "activate", "take 1")
    assert len(st.hands[1]) == 1 and st.to_move() == [CHANCE]


@pytest.mark.parametrize("level,loc,reacts", [
    (1, C.WORKSHOP, False), (2, C.WORKSHOP, True),
    (2, C.CONSTRUCTION_SITE, False), (3, C.CONSTRUCTION_SITE, True), (3, C.ARCHITECTS_GUILD, True),
])
def test_guilds_levels(level: int, loc: int, reacts: bool) -> None:
    st = new()
    prev = {C.WORKSHOP: "ag", C.CONSTRUCTION_SITE: "lm", C.ARCHITECTS_GUILD: "gm"}[loc]
    place(st, 0, **{prev: 1})
    place(st, 2, **{board.LOCATION_CODES[loc]: 1})
    st.technology_levels[2][2] = level
    st.resources[0] = [10, 10, 10]
    st.resources[2] = [10, 10, 10]
    edit(st)
    act(st, f"move {prev} {board.LOCATION_CODES[loc]}", "activate")
    if st.phase == "act":
        act(st, "done")
    while st.to_move() == [CHANCE]:
        st.apply(st.legal_actions(CHANCE)[0], CHANCE)
    assert (st.to_move() == [2] and st.phase == "offer") == reacts


def test_workshop_reaction_buys_with_the_reactors_workers() -> None:
    st = new()
    place(st, 0, ag=1)
    place(st, 1, ws=2)
    st.technology_levels[1][2] = 2
    st.resources[1] = [10, 10, 10]
    edit(st)
    act(st, "move ag ws", "activate", "activate", "buy f", "buy s")
    assert st.decorations[1][board.DECORATION_INDEX["F"]] == 1 and st.decorations[1][board.DECORATION_INDEX["S"]] == 1
    assert st.turn_seat == 1


def test_construction_reaction_can_end_the_game_and_stops_everything() -> None:
    st = new()
    t = next(x for x in st.tile_stack if C.TILES[x][1] == 1 and not C.TILES[x][5])
    st.tile_stack.remove(t)
    st.hands[2] = [t]
    st.resources[2] = [10, 10, 10]
    # all cells but one are full; the tiles beside the last cell face it with the edges of t, so t fits there
    grid = board.SITE_GRIDS[3]
    last = grid.cells[0]
    facing = {neighbour: (board.OPPOSITE[direction], board.TILE_EDGES[t][direction])
              for direction, neighbour in grid.neighbours[last]}
    free = [x for x in st.tile_stack]
    for cell in grid.cells:
        if cell == last:
            continue
        side, edge = facing.get(cell, (0, None))
        x = next(y for y in free if all(st.decoration_supply[k] > 0 for k in board.TILE_DECORATIONS[y])
                 and (edge is None or board.TILE_EDGES[y][side] == edge))
        free.remove(x)
        st.tile_stack.remove(x)
        st.construction_site[cell] = x
        st.vp[0] += board.TILE_VP[x]
        for k in board.TILE_DECORATIONS[x]:
            st.decoration_supply[k] -= 1
    place(st, 0, lm=1)
    place(st, 2, cs=1)
    place(st, 1, cs=1)
    st.technology_levels[1][2] = 3
    st.technology_levels[2][2] = 3
    edit(st)
    st.check_invariants()
    assert st._fit_problem(t, last) is None, "the set-up gives t a place on the last cell"
    act(st, "move lm cs", "activate")           # Red has nothing to build
    assert st.to_move() == [1]
    act(st, "pass")
    assert st.to_move() == [2]
    act(st, "activate", f"build {t} {last}")
    assert st.is_over() and st.to_move() == []


# ------------------------------------------------------------------ the heuristic player uses them
def _bot_game(players: int, seed: int) -> R.VersaillesState:
    import meeple
    from meeple.agents import choose_action, make_agent

    st = meeple.load("versailles", players=players).new_game(seed=seed)
    bots = [make_agent("heuristic", "versailles", seed * 10 + p) for p in range(players)]
    while not st.is_over():
        p = st.to_move()[0]
        st.apply(choose_action(bots[p], st, p), p)
    return st


def test_heuristic_players_learn_technologies() -> None:
    st = _bot_game(3, 1)
    assert st.activations[C.ALCHEMISTS_GUILD] > 0
    assert max(max(t) for t in st.technology_levels) >= 2       # a technology reaches level 2


def test_heuristic_player_advances_a_technology_it_can_afford() -> None:
    from meeple.agents import choose_action, make_agent

    st = new()
    st.resources[0] = [3, 1, 1]
    edit(st)
    place(st, 0, cs=1, mq=2)
    act(st, "move cs al", "activate")
    assert st.phase == "act" and "tech gains" in texts(st)
    bot = make_agent("heuristic", "versailles", 1)
    assert str(choose_action(bot, st, 0)).startswith("tech")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_location_gets_eight_percent_of_the_heuristic_players_activations(players: int) -> None:
    act = [0] * board.LOCATION_COUNT
    level2 = 0
    games = 12
    for seed in range(games):
        st = _bot_game(players, seed)
        act = [a + b for a, b in zip(act, st.activations)]
        level2 += max(max(t) for t in st.technology_levels) >= 2
    assert min(act) / sum(act) >= 0.08, act
    assert level2 > games / 2

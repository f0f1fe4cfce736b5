"""行动: every action a player (or chance) can take, each built once.

Seed (游戏流程): 「在回合中，玩家移动一个或多个工人到另一个地点来激活该地点的行动。」

Legal-action lists only pick from these objects (``encoding.py`` numbers these very objects for the
research adapters, so keep their names and their order).
"""

from __future__ import annotations

from itertools import combinations

from meeple.core import Action
from meeple.games.versailles.board import (
    DECORATION_KINDS, JUMP_TARGETS, LOCATION_CODES, LOCATION_COUNT, NEXT_LOCATIONS, SITE_CELL_COUNT,
    SKIPPED_BY_JUMP, TILE_COUNT,
)
from meeple.games.versailles.content import DECORATION_CODES, DISPLAY_SIZE, TECH_TRACKS

A_ACTIVATE = Action("activate")
A_PASS = Action("pass")
A_DONE = Action("done")
A_FLIP = Action("flip")
A_RECRUIT2 = Action("recruit2")
A_RECRUIT = Action("recruit")
A_MOVE = {(a, b): Action("move", (LOCATION_CODES[a], LOCATION_CODES[b]))
          for a in range(LOCATION_COUNT) for b in NEXT_LOCATIONS[a]}
A_MOVE2 = {(a, b): Action("move2", (LOCATION_CODES[a], LOCATION_CODES[b]))
           for a in range(LOCATION_COUNT) for b in NEXT_LOCATIONS[a]}
A_JUMP = {(a, c): Action("jump", (LOCATION_CODES[a], LOCATION_CODES[c])) for (a, c) in SKIPPED_BY_JUMP}
A_TAKE = [Action("take", (i + 1,)) for i in range(DISPLAY_SIZE)]
A_REMOVE = [Action("remove", (i + 1,)) for i in range(DISPLAY_SIZE)]
A_CLEAR = {slots: Action("clear", tuple(i + 1 for i in slots)) for slots in combinations(range(DISPLAY_SIZE), 3)}
A_BUY = [Action("buy", (DECORATION_CODES[k].lower(),)) for k in range(DECORATION_KINDS)]
A_TECH = [Action("tech", (track,)) for track in TECH_TRACKS]
A_BUILD = {(t, c): Action("build", (t, c)) for t in range(TILE_COUNT) for c in range(SITE_CELL_COUNT)}
A_DISCARD = [Action("discard", (t,)) for t in range(TILE_COUNT)]
A_DRAW = [Action("draw", (t,)) for t in range(TILE_COUNT)]
A_FIRST: list[Action] = [Action("first", (p,)) for p in range(5)]

MOVES_FROM = [[(b, A_MOVE[(a, b)], A_MOVE2[(a, b)]) for b in NEXT_LOCATIONS[a]] for a in range(LOCATION_COUNT)]
"""Per location: [(next location, its regular move, its double move of two workers)]."""
JUMPS_FROM = [[(c, A_JUMP[(a, c)]) for c in JUMP_TARGETS[a]] for a in range(LOCATION_COUNT)]
"""Per location: [(two-step target, its jump)]."""


def _moves_from(start: int, marker: int, token_up: bool, two_workers: bool) -> list[Action]:
    """The moves of workers at ``start`` that do not end on the activation ``marker``, in the legal list's
    order: per arrow the regular move, then (a token up, two workers there) the double move; then (a token
    up) the jumps."""
    out = []
    for end, move, move_two in MOVES_FROM[start]:
        if end != marker:
            out.append(move)
            if token_up and two_workers:
                out.append(move_two)
    if token_up:
        out.extend(jump for end, jump in JUMPS_FROM[start] if end != marker)
    return out


def _moves_by_marker(token_up: bool, two_workers: bool) -> dict[int, list[list[Action]]]:
    """{activation marker (-1: none yet): [per start location: its moves]} (see ``_moves_from``)."""
    return {marker: [_moves_from(start, marker, token_up, two_workers) for start in range(LOCATION_COUNT)]
            for marker in range(-1, LOCATION_COUNT)}


REGULAR_MOVES = _moves_by_marker(token_up=False, two_workers=False)
"""[marker][start] → the moves of workers at start with no double-move token face up."""
ONE_WORKER_MOVES = _moves_by_marker(token_up=True, two_workers=False)
"""[marker][start] → the moves of a single worker at start with a double-move token face up."""
TWO_WORKER_MOVES = _moves_by_marker(token_up=True, two_workers=True)
"""[marker][start] → the moves of two or more workers at start with a double-move token face up."""
DECIDE_ACTIONS = [A_ACTIVATE, A_PASS]

"""Versailles' fixed encodings for research: the action space and the observation tensor.

Action space (624 actions, the same fixed order for every player count, because the rules hand
out shared action objects that carry their id):

* chance: ``first p`` (p = 0..4), ``draw t`` (t = 0..39, every palace tile);
* ``move a b`` (8 ring arrows), ``move2 a b`` (8), ``jump a c`` (8 two-step moves), in the order of
  ``actions.py``'s tables (from location kf, mq, gm, ag, ws, lm, cs, al);
* ``activate``, ``pass``, ``done``, ``flip``, ``recruit2``, ``recruit``;
* ``take i`` (5 display slots), ``remove i`` (5), ``clear i j k`` (10 triples of slots, lexicographic);
* ``buy k`` (6 decorations: f s t p c y), ``tech t`` (gains, sites, guilds);
* ``build t cell`` (40 tiles × 12 construction-site cells, tile-major);
* ``discard t`` (40 tiles).

Actions a configuration never offers (``first 4`` with 2 players, tiles left in the box, closed
site cells) stay in the list and are never legal.

Observation tensor (float32, computed from ``state.observation(player)`` only; nothing in Versailles
is secret). Seats are rotated so the observing seat comes first (a spectator sees seat 0 first);
seats beyond the player count are zero. Layout:

* 5 seat blocks of 67: workers per location /9 (8), the new workers still on King's Favor's
  new-worker spaces (cheap, expensive: 0/1) and workers in the box /9 (3), marker location
  one-hot (8), resources /15 (3), decorations /5 (6), technology level one-hot 0..3 per track (12),
  double-move tokens /2, VP /100, score /100, turns taken /40, hand size /4, start-player flag,
  turn-seat flag, mover flag, position in the reaction queue one-hot (4), seat-exists flag, 14 zero
  (reserved);
* tiles (40 × 25): in play, in the stack, discarded, display slot one-hot (5), hand of rotated
  seat one-hot (5), construction-site cell one-hot (12);
* global: phase one-hot (8), location being activated one-hot (8), unspent workers /9, once-only
  option used (the activation's), refill due, game over, end reason one-hot (4: none, King, stack,
  site), turns completed /100, decoration supply /5 (6), King position one-hot (20; the 5-player track
  has 24 spaces, spaces 20–24 share the last slot) and /track length, arrivals per location /20 (8),
  activations per location /20 (8), stack size /40, player count one-hot (2..5 → 4).

The observation's keys are the state's field names (``hidden.py``); the tensor is the same as when
they were the fields' first names (observation schema 1).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.versailles import actions
from meeple.games.versailles.board import LOCATION_COUNT, SITE_CELL_COUNT, TILE_COUNT, TILE_MIN_PLAYERS
from meeple.games.versailles.content import KING_TRACK, PHASES

MAX_SEATS = 5
SEAT_SIZE = 67
TILE_SIZE = 25
GLOBAL_SIZE = 8 + 8 + 1 + 1 + 1 + 1 + 4 + 1 + 6 + 20 + 1 + 8 + 8 + 1 + 4
SIZE = MAX_SEATS * SEAT_SIZE + TILE_COUNT * TILE_SIZE + GLOBAL_SIZE


def action_space(game: Any) -> list[Action]:
    """Every action of Versailles, chance outcomes first (the same list for every player count).

    The list holds the rules' own shared action objects: the rules hand these out from their fast
    paths, and the engine stores each one's id on the object itself, so the numbering must not
    depend on the configuration. Actions a player count never offers (``first 4`` with 2 players,
    tiles left in the box, closed site cells) stay in the list, never legal.
    """
    space = list(actions.A_FIRST)
    space += list(actions.A_DRAW)
    space += list(actions.A_MOVE.values())
    space += list(actions.A_MOVE2.values())
    space += list(actions.A_JUMP.values())
    space += [actions.A_ACTIVATE, actions.A_PASS, actions.A_DONE, actions.A_FLIP, actions.A_RECRUIT2, actions.A_RECRUIT]
    space += list(actions.A_TAKE)
    space += list(actions.A_REMOVE)
    space += list(actions.A_CLEAR.values())
    space += list(actions.A_BUY)
    space += list(actions.A_TECH)
    space += list(actions.A_BUILD.values())
    space += list(actions.A_DISCARD)
    return space


def _end_index(reason: str) -> int:
    if not reason:
        return 0
    if "King" in reason:
        return 1
    if "stack" in reason:
        return 2
    return 3


def observation_tensor(obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict (see the module docstring for the layout)."""
    out = np.zeros(SIZE, dtype=np.float32)
    n = obs["players"]
    me = obs["player"] if obs["player"] is not None else 0
    _encode_seats(out, obs, me, n)
    _encode_tiles(out, obs, me, n)
    _encode_game(out, obs, n)
    return out


def _encode_seats(out: np.ndarray, obs: dict[str, Any], me: int, n: int) -> None:
    """Each seat's block, the viewer's first (seats counted from the viewer)."""
    for p in range(n):
        o = (p - me) % n * SEAT_SIZE
        for a in range(LOCATION_COUNT):
            out[o + a] = obs["workers_at"][p][a] / 9
        rv = obs["workers_off_board"][p]
        out[o + 8] = rv[0]
        out[o + 9] = rv[1]
        out[o + 10] = rv[2] / 9
        if obs["activation_markers"][p] >= 0:
            out[o + 11 + obs["activation_markers"][p]] = 1
        for r in range(3):
            out[o + 19 + r] = obs["resources"][p][r] / 15
        for k in range(6):
            out[o + 22 + k] = obs["decorations"][p][k] / 5
        for t in range(3):
            out[o + 28 + t * 4 + min(obs["technology_levels"][p][t], 3)] = 1
        out[o + 40] = obs["double_moves_face_up"][p] / 2
        out[o + 41] = obs["vp"][p] / 100
        out[o + 42] = obs["scores"][p] / 100
        out[o + 43] = obs["turns_started"][p] / 40
        out[o + 44] = len(obs["hands"][p]) / 4
        out[o + 45] = 1 if obs["start_player"] == p else 0
        out[o + 46] = 1 if obs["turn_seat"] == p else 0
        out[o + 47] = 1 if obs["mover"] == p else 0
        for i, q in enumerate(obs["reaction_queue"][:4]):
            if q == p:
                out[o + 48 + i] = 1
        out[o + 52] = 1


def _encode_tiles(out: np.ndarray, obs: dict[str, Any], me: int, n: int) -> None:
    """Where each palace tile is: in the game, the stack, the discards, the display, a hand, the site."""
    base = MAX_SEATS * SEAT_SIZE
    for t in range(TILE_COUNT):
        if TILE_MIN_PLAYERS[t] <= n:
            out[base + t * TILE_SIZE] = 1
    for t in obs["tile_stack"]:
        out[base + t * TILE_SIZE + 1] = 1
    for t in obs["discard_pile"]:
        out[base + t * TILE_SIZE + 2] = 1
    for i, t in enumerate(obs["tile_display"]):
        if t >= 0:
            out[base + t * TILE_SIZE + 3 + i] = 1
    for p in range(n):
        for t in obs["hands"][p]:
            out[base + t * TILE_SIZE + 8 + (p - me) % n] = 1
    for cell, t in enumerate(obs["construction_site"][:SITE_CELL_COUNT]):
        if t >= 0:
            out[base + t * TILE_SIZE + 13 + cell] = 1


def _encode_game(out: np.ndarray, obs: dict[str, Any], n: int) -> None:
    """The turn, the supply, the King's track, the locations' visits and the stack's size."""
    g = MAX_SEATS * SEAT_SIZE + TILE_COUNT * TILE_SIZE
    if obs["phase"] in PHASES:
        out[g + PHASES.index(obs["phase"])] = 1
    g += 8
    if obs["current_location"] >= 0:
        out[g + obs["current_location"]] = 1
    g += 8
    out[g] = obs["unspent_workers"] / 9
    out[g + 1] = 1 if obs["once_only_used"] else 0
    out[g + 2] = 1 if obs["refill_due"] else 0
    out[g + 3] = 1 if obs["game_over"] else 0
    out[g + 4 + _end_index(obs["end_reason"])] = 1
    out[g + 8] = obs["turns_completed"] / 100
    g += 9
    for k in range(6):
        out[g + k] = obs["decoration_supply"][k] / 5
    g += 6
    track = KING_TRACK[n]
    out[g + min(obs["king_space"], 19)] = 1
    out[g + 20] = obs["king_space"] / track
    g += 21
    for a in range(LOCATION_COUNT):
        out[g + a] = obs["arrivals"][a] / 20
        out[g + 8 + a] = obs["activations"][a] / 20
    g += 16
    out[g] = obs["stack_size"] / 40
    out[g + 1 + n - 2] = 1

"""Cube Europe's fixed encodings for research: the action space and the observation tensor.

The tensor is computed from ``state.observation(player)`` only, so it can hold nothing more.
Layout (float32, seats rotated so the observing seat comes first; a spectator sees seat 0 first):

* per seat (4 blocks, unused seats zero), 19 hexes × (5 colour + 6 number + filled) = 228,
  inventory counts /4 (5), supply /4 (5), workers /8, dice counts /2 (6), 17 active effects,
  holds the start card, score /40 → 264 per seat;
* market: 6 squares × (6 face + 5 colour + dice count /2 + present) = 78, deck size /13,
  17 unseen cards, 17 discard-pile cards, deck top one-hot (17), discard top one-hot (17);
* round /12, phase one-hot (8), the follow-up due one-hot (return, chain, white, pay: 4), this turn's
  Steady Hand and Mirror used (2), seat to move one-hot (4), over flag.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.cube_europe.content import ALL_CARDS, COLOURS, HEX_LABELS, ROUNDS, WORKER_MAX

MAX_SEATS = 4
PHASES = ("deal", "first", "draw", "start", "roll", "turn", "over", "")
FOLLOW_UPS = ("return", "chain", "white", "pay")
SEAT_SIZE = 19 * 12 + 5 + 5 + 1 + 6 + 17 + 1 + 1
MARKET_SIZE = 6 * 13 + 1 + 17 + 17 + 17 + 17
GLOBAL_SIZE = 1 + len(PHASES) + len(FOLLOW_UPS) + 2 + MAX_SEATS + 1
SIZE = MAX_SEATS * SEAT_SIZE + MARKET_SIZE + GLOBAL_SIZE
EFFECT_IDS: tuple[str, ...] = ()


def action_space(game: Any) -> list[Action]:
    """Every action of a game with ``game.players`` seats: the rules' own action objects, numbered the
    same for every player count (the start-card outcomes, which depend on it, come last)."""
    from meeple.games.cube_europe import actions as A

    space = list(A.BOARD.values()) + list(A.CARD.values()) + list(A.ROLLS)
    space += list(A.START.values())
    space += [a for d in range(1, 7) for a in A.TAKE[d]]
    space += [A.PLACE[d][h] for d in range(1, 7) for h in HEX_LABELS]
    space += [A.WORKER[d] for d in range(1, 7)]
    space += list(A.RETURN.values()) + list(A.CHAIN.values()) + list(A.WHITE.values())
    space.append(A.PASS)
    space += list(A.PAY.values())
    space += A.START_CARD[: game.players] if game.players > 1 else []
    return space


def observation_tensor(obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict (see the module docstring for the layout)."""
    from meeple.games.cube_europe.content import CARDS

    effect_ids = [CARDS[c].effect for c in ALL_CARDS]
    out = np.zeros(SIZE, dtype=np.float32)
    seats = obs["seats"]
    n = len(seats)
    me = obs["player"] if obs["player"] is not None else 0
    for k in range(n):
        p = (me + k) % n
        _encode_seat(out, k * SEAT_SIZE, seats[p], obs["start_card_seat"] == p, effect_ids)
    base = MAX_SEATS * SEAT_SIZE
    market = obs["market"]
    for i, sq in enumerate(market["squares"]):
        if sq is None:
            continue
        o = base + i * 13
        out[o + sq["face"] - 1] = 1
        out[o + 6 + COLOURS.index(sq["colour"])] = 1
        out[o + 11] = sq["dice"] / 2
        out[o + 12] = 1
    o = base + 78
    out[o] = market["deck_size"] / 13
    for c in market["unseen"]:
        out[o + c] = 1
    for c in market["discard"]:
        out[o + 17 + c] = 1
    if market["deck_top"] is not None:
        out[o + 34 + market["deck_top"]] = 1
    if market["discard"]:
        out[o + 51 + market["discard"][-1]] = 1
    g = base + MARKET_SIZE
    out[g] = obs["round"] / ROUNDS
    out[g + 1 + PHASES.index(obs["phase"])] = 1
    if obs["follow_ups"]:
        out[g + 1 + len(PHASES) + FOLLOW_UPS.index(obs["follow_ups"][-1][0])] = 1
    o = g + 1 + len(PHASES) + len(FOLLOW_UPS)
    out[o] = 1 if obs["used_free"]["steady"] else 0
    out[o + 1] = 1 if obs["used_free"]["mirror"] else 0
    for p in obs["to_move"]:
        if p >= 0:
            out[o + 2 + (p - me) % n] = 1
    out[-1] = 1.0 if obs["over"] else 0.0
    return out


def _encode_seat(out: np.ndarray, o: int, seat: dict[str, Any], has_start: bool, effect_ids: list[str]) -> None:
    hexes = seat["hexes"]
    for i, label in enumerate(HEX_LABELS):
        cell = hexes.get(label)
        if cell is None:
            continue
        h = o + i * 12
        out[h + COLOURS.index(cell["colour"])] = 1
        out[h + 5 + cell["number"] - 1] = 1
        out[h + 11] = 1 if cell["filled"] else 0
    o += 19 * 12
    for j, colour in enumerate(COLOURS):
        out[o + j] = seat["inventory"].count(colour) / 4
        out[o + 5 + j] = seat["supply"][colour] / 4
    out[o + 10] = seat["workers"] / WORKER_MAX
    for d in seat["dice"]:
        out[o + 11 + d - 1] += 0.5
    for eff in seat["effects"]:
        out[o + 17 + effect_ids.index(eff["id"])] = 1
    out[o + 34] = 1 if has_start else 0
    out[o + 35] = seat["total"] / 40

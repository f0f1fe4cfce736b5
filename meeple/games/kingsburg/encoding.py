"""Kingsburg's fixed encodings for research: the action space and the observation tensor.

Action space (the same fixed order for every player count):

* chance: ``roll f1 .. fk`` for k = 1..5 dice (faces high to low; 3 dice, +1 for the King's aid,
  +1 for the Farms), k by k, multisets in ``combinations_with_replacement(6..1)`` order (461);
  ``reinforce d`` (d = 1..6); ``enemy key`` for every distinct enemy card key, year by year (first
  appearance kept);
* ``place n`` (n = 1..18), ``envoy n`` (1..18);
* ``use dice.. [+2 ..] [m+1 | m-1]``: every sub-multiset of up to 5 dice (by size, then the same
  multiset order), with 0..size "+2" tokens, then no Market / Market +1 / Market −1, whenever the
  total is 1..18;
* ``take r``, ``lose r``, ``trade r`` (gold, wood, stone), ``townhall r`` and ``townhall token``;
* ``build b`` (20 buildings in ``content.BUILDINGS`` order);
* ``recruit r`` (3), ``recruit r s`` (6 pairs, r ≤ s);
* ``pass``, ``skip``, ``done``, ``keep``, ``statue``, ``chapel``, ``smuggle``;
* ``white k`` (k = 0, 1, 2: how many of the white dice one may roll are rolled; added last, so the
  ids above are unchanged).

Observation tensor (float32, from ``state.observation(player)`` only). Seats are rotated so the
observing seat comes first (a spectator sees seat 0 first); seat numbers inside the observation
are written relative to that seat; seats beyond the player count are zero. Layout:

* 5 seat blocks of 82: exists, VP /60, resources /10 (3), "+2" tokens /5, soldiers /10, buildings
  (20), turn-order position one-hot (5), envoy, King's aid die, dice per face /3 (6), dice count /5,
  rolled per face /3 (6), Market used, Statue used, Chapel used, done placing, built this season
  /3, last winter's result one-hot (won, tie, lost), saw the enemy of year 1..5 (5), to move,
  advisors occupied by this seat (18), 2 zero (reserved);
* advisors: 18 × (occupied, dice used /5, "+2" tokens used /3, Market +1, Market −1, seat one-hot
  (5)) = 18 × 10;
* global: year one-hot (5), step one-hot (9: aid … winter, over), season one-hot (4: spring,
  summer, autumn, none), task kind one-hot (25: the last is the white-dice choice), task seat one-hot (5), task count /5, task
  resource mask (3), roll mode one-hot (3), token supply /20, selected advisor one-hot (19),
  selected through the envoy, enemy of each year: card one-hot (5) + unknown flag (6 × 5), this
  year's enemy drawn, reinforcement one-hot (0..6 → 7), over.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.kingsburg.actions import (
    BUILD_ACTIONS, CHAPEL_ACTION, DONE_ACTION, ENEMY_ACTIONS, ENVOY_ACTIONS, KEEP_ACTION, LOSE_ACTIONS, PASS_ACTION,
    PLACE_ACTIONS, RECRUIT_ONE_ACTIONS, RECRUIT_TWO_ACTIONS, REINFORCE_ACTIONS, ROLL_ACTIONS, SKIP_ACTION,
    SMUGGLE_ACTION, STATUE_ACTION, TAKE_ACTIONS, TOWN_HALL_ACTIONS, TRADE_ACTIONS, WHITE_ACTIONS,
)
from meeple.games.kingsburg.content import BUILDING_INDEX, ENEMY_KEYS, YEARS
from meeple.games.kingsburg.placement import placement_way

MAX_SEATS = 5
MAX_DICE = 5
STEPS = ("aid", "spring", "reward", "summer", "envoy", "autumn", "recruit", "winter", "over")
SEASONS = ("spring", "summer", "autumn")
TASKS = ("aid", "take", "roll", "reroll", "order", "place", "collect", "adv", "alch", "smuggle", "peek",
         "draw", "builds", "build", "endseason", "townhall", "kingreward", "envoystep", "recruit", "reveal",
         "king", "battle", "lose", "endyear", "white")
ROLL_MODES = ("all", "one", "chapel")
RESULTS = ("won", "tie", "lost")
SEAT_SIZE = 82
ADV_SIZE = 10
GLOBAL_SIZE = 5 + 9 + 4 + len(TASKS) + MAX_SEATS + 1 + 3 + 3 + 1 + 19 + 1 + YEARS * 6 + 1 + 7 + 1
SIZE = MAX_SEATS * SEAT_SIZE + 18 * ADV_SIZE + GLOBAL_SIZE


def _multisets(k: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(6, 0, -1), k))


def action_space(game: Any) -> list[Action]:
    """Every action of Kingsburg (one list for every player count; see the module docstring).

    Where the rules intern their actions (rolls, placements, "use" ways, ...) the list holds those
    very objects, so that the id the engine stores on each one is there even on the rules' fast
    paths that skip the engine's canonical lookup.
    """
    space = [ROLL_ACTIONS[combo] for k in range(1, MAX_DICE + 1) for combo in _multisets(k)]
    space += [REINFORCE_ACTIONS[d] for d in range(1, 7)]
    seen: set[str] = set()
    for acts in ENEMY_ACTIONS:
        for act in acts:
            if act.args[0] not in seen:
                seen.add(act.args[0])
                space.append(act)
    space += [PLACE_ACTIONS[n] for n in range(1, 19)]
    space += [ENVOY_ACTIONS[n] for n in range(1, 19)]
    for k in range(1, MAX_DICE + 1):
        for sub in _multisets(k):
            for t in range(k + 1):
                for d in (0, 1, -1):
                    if 1 <= sum(sub) + 2 * t + d <= 18:
                        space.append(placement_way(sub, t, d)[0])
    space += list(TAKE_ACTIONS) + list(LOSE_ACTIONS) + list(TRADE_ACTIONS) + list(TOWN_HALL_ACTIONS)
    space += list(BUILD_ACTIONS)
    space += list(RECRUIT_ONE_ACTIONS)
    space += [RECRUIT_TWO_ACTIONS[(a, b)] for a in range(3) for b in range(a, 3)]
    space += [PASS_ACTION, SKIP_ACTION, DONE_ACTION, KEEP_ACTION, STATUE_ACTION, CHAPEL_ACTION, SMUGGLE_ACTION]
    space += list(WHITE_ACTIONS)
    return space


def observation_tensor(obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict (see the module docstring for the layout)."""
    out = np.zeros(SIZE, dtype=np.float32)
    n = obs["players"]
    me = obs["player"] if obs["player"] is not None else 0
    advisors = {int(k): v for k, v in obs["advisors"].items()}
    _encode_seats(out, obs, advisors, me, n)
    _encode_advisors(out, advisors, me, n)
    _encode_year(out, obs, me, n)
    return out


def _encode_seats(out: np.ndarray, obs: dict[str, Any], advisors: dict[int, Any], me: int, n: int) -> None:
    """Each seat's block, the viewer's first (seats counted from the viewer)."""
    order = obs["turn_order"]
    for p in range(n):
        o = (p - me) % n * SEAT_SIZE
        out[o] = 1
        out[o + 1] = obs["vp"][p] / 60
        for r in range(3):
            out[o + 2 + r] = obs["resources"][p][r] / 10
        out[o + 5] = obs["plus2_tokens"][p] / 5
        out[o + 6] = obs["soldiers"][p] / 10
        for b in obs["buildings"][p]:
            out[o + 7 + BUILDING_INDEX[b]] = 1
        if p in order:
            out[o + 27 + order.index(p)] = 1
        out[o + 32] = 1 if obs["envoy_holder"] == p else 0
        out[o + 33] = 1 if obs["aid_die_holder"] == p else 0
        for f in obs["unplaced_dice"][p]:
            out[o + 34 + f - 1] += 1 / 3
        out[o + 40] = len(obs["unplaced_dice"][p]) / MAX_DICE
        for f in obs["dice_rolled"][p]:
            out[o + 41 + f - 1] += 1 / 3
        out[o + 47] = 1 if obs["market_used"][p] else 0
        out[o + 48] = 1 if obs["statue_used"][p] else 0
        out[o + 49] = 1 if obs["chapel_used"][p] else 0
        out[o + 50] = 1 if obs["done_placing"][p] else 0
        out[o + 51] = obs["built_this_season"][p] / 3
        if p < len(obs["battle_result"]) and obs["battle_result"][p] in RESULTS:
            out[o + 52 + RESULTS.index(obs["battle_result"][p])] = 1
        for y, seats in enumerate(obs["enemy_seen_by"][:YEARS]):
            if p in seats:
                out[o + 55 + y] = 1
        out[o + 60] = 1 if p in obs["to_move"] else 0
        for adv, entries in advisors.items():
            if any(e[0] == p for e in entries):
                out[o + 61 + adv - 1] = 1


def _encode_advisors(out: np.ndarray, advisors: dict[int, Any], me: int, n: int) -> None:
    """Each advisor's block: who has placed dice there, how many, with which tokens."""
    a0 = MAX_SEATS * SEAT_SIZE
    for adv, entries in advisors.items():
        o = a0 + (adv - 1) * ADV_SIZE
        for e in entries:
            out[o] = 1
            args = e[1:]
            out[o + 1] += sum(1 for x in args if isinstance(x, int)) / MAX_DICE
            out[o + 2] += args.count("+2") / 3
            out[o + 3] += 1 if "m+1" in args else 0
            out[o + 4] += 1 if "m-1" in args else 0
            if isinstance(e[0], int) and 0 <= e[0] < n:
                out[o + 5 + (e[0] - me) % n] = 1


def _encode_year(out: np.ndarray, obs: dict[str, Any], me: int, n: int) -> None:
    """The year, its step and season, the task at the front, the supply, the enemies and the King's help."""
    g = MAX_SEATS * SEAT_SIZE + 18 * ADV_SIZE
    out[g + min(max(obs["year"], 1), YEARS) - 1] = 1
    g += 5
    out[g + (STEPS.index(obs["step"]) if obs["step"] in STEPS else 8)] = 1
    g += 9
    out[g + (SEASONS.index(obs["season_index"]) if obs["season_index"] in SEASONS else 3)] = 1
    g += 4
    task = obs["task"]
    if task:
        if task[0] in TASKS:
            out[g + TASKS.index(task[0])] = 1
        t = g + len(TASKS)
        if len(task) > 1 and isinstance(task[1], int) and 0 <= task[1] < n:
            out[t + (task[1] - me) % n] = 1
        t += MAX_SEATS
        if len(task) > 2 and isinstance(task[2], int):
            out[t] = task[2] / 5
            if task[0] == "take" and len(task) > 3 and isinstance(task[3], int):
                for r in range(3):
                    out[t + 1 + r] = task[3] >> r & 1
        if len(task) > 2 and task[2] in ROLL_MODES:
            out[t + 4 + ROLL_MODES.index(task[2])] = 1
    g += len(TASKS) + MAX_SEATS + 1 + 3 + 3
    out[g] = obs["plus2_supply"] / 20
    sel = obs["selected_advisor"]
    out[g + 1 + min(abs(sel), 18)] = 1
    out[g + 20] = 1 if sel < 0 else 0
    g += 21
    for y, key in enumerate(obs["enemy_card"][:YEARS]):
        if key is None:
            out[g + y * 6 + 5] = 1
        else:
            out[g + y * 6 + ENEMY_KEYS[y].index(key)] = 1
    g += YEARS * 6
    out[g] = 1 if obs["enemy_drawn"] else 0
    out[g + 1 + min(max(obs["king_reinforcement"], 0), 6)] = 1
    out[g + 8] = 1 if obs["over"] else 0

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

Observation tensor (float32, the encoding of ``state.observation(player)``). Seats are rotated so the
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

Two encoders give that tensor. ``observation_tensor(obs)`` encodes an observation dict (the reference:
it can hold nothing the observation does not). ``state_observation_tensor(state, player)`` computes the
very same array (the same float32 values in the same places) straight from the state's fields,
without building the observation first: a search that asks a value network about every seat at each
cut-off (``leaf=model``) spends most of the network's time on the tensors otherwise. It reads only
what ``HiddenInformation._observation`` shows ``player``: every field but the enemy cards is public,
and a year's card only once it is turned up or ``player`` has looked at it (a spectator, ``None``,
sees the turned-up ones). ``KingsburgState.observation_tensor`` uses it; a test checks it against the
reference on random and heuristic games at every player count and seat.
"""

from __future__ import annotations

from array import array
from itertools import combinations_with_replacement, compress
from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.kingsburg.actions import (
    BUILD_ACTIONS, CHAPEL_ACTION, DONE_ACTION, ENEMY_ACTIONS, ENVOY_ACTIONS, KEEP_ACTION, LOSE_ACTIONS, PASS_ACTION,
    PLACE_ACTIONS, RECRUIT_ONE_ACTIONS, RECRUIT_TWO_ACTIONS, REINFORCE_ACTIONS, ROLL_ACTIONS, SKIP_ACTION,
    SMUGGLE_ACTION, STATUE_ACTION, TAKE_ACTIONS, TOWN_HALL_ACTIONS, TRADE_ACTIONS, WHITE_ACTIONS,
)
from meeple.games.kingsburg.content import BUILDING_INDEX, BUILDING_KEYS, ENEMY_KEYS, YEARS
from meeple.games.kingsburg.content import SEASONS as SEASON_NAMES
from meeple.games.kingsburg.flow import YEAR_STEPS, task_items
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
    if obs["task"]:
        _encode_task(out, g, obs["task"], me, n)
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


def _encode_task(out: Any, g: int, task: list[Any], me: int, n: int) -> None:
    """The task at the front, as the observation lists it (kind, then items), from ``g`` on.

    Only assigns (never adds), so ``out`` may be the numpy array or the direct encoder's buffer."""
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


# ---------------------------------------------------------------------------- the direct encoder


def _float32_sum(parts: list[float]) -> float:
    """``parts`` added one by one into a float32 slot starting at 0, as the reference's ``out[i] += x``
    does (with the running numpy's rules for a float32 element plus a Python float)."""
    slot = np.zeros(1, dtype=np.float32)
    for x in parts:
        slot[0] += x
    return float(slot[0])


_THIRDS = tuple(_float32_sum([1 / 3] * k) for k in range(4 * MAX_DICE))
"""The reference's value for k dice of one face (k times ``+= 1 / 3`` into a float32 slot)."""
# Bit b of a seat's ``buildings_owned`` is building feature b (the observation names bit b ``BUILDING_KEYS[b]``).
assert all(BUILDING_INDEX[key] == b for b, key in enumerate(BUILDING_KEYS))
_STEP_SLOTS = tuple(STEPS.index(step) if step in STEPS else 8 for step in YEAR_STEPS)
"""``step_index`` (0..7) → its place in the step one-hot (anything else: "over", the last)."""
_SEASON_SLOTS = tuple(SEASONS.index(season) if season in SEASONS else 3 for season in SEASON_NAMES)
"""``season_index`` (0..2) → its place in the season one-hot (before the first: "none", the last)."""
_ENEMY_SLOTS = tuple(tuple(keys.index(key) for key in keys) for keys in ENEMY_KEYS)
"""A year's drawn card (its index among the year's five) → its place in that year's one-hot."""
_RESULT_SLOTS = {result: i for i, result in enumerate(RESULTS)}
_ZEROS = array("f", bytes(4 * SIZE))
"""The direct encoder's blank: C floats, so that each Python number written is rounded to float32 as
numpy rounds it, and the filled buffer becomes the numpy array without a copy."""
_ADVISOR_NUMBERS = range(1, 19)
_ADVISORS0 = MAX_SEATS * SEAT_SIZE
_GLOBAL0 = MAX_SEATS * SEAT_SIZE + 18 * ADV_SIZE


def state_observation_tensor(state: Any, player: int | None) -> np.ndarray:
    """``observation_tensor(state.observation(player))``, computed from the state's fields directly.

    ``state`` is a ``KingsburgState``. Every value is the reference's: written as the same Python
    number (the divisions are the same) into a buffer of C floats that becomes the array, and where the
    reference adds into a float32 slot (dice per face, an advisor with two handfuls) the sums are
    made the reference's way. Hidden: the enemy cards, exactly as ``HiddenInformation._observation``
    hides them."""
    n = state.players
    me = player if player is not None else 0
    out = _ZEROS[:]
    blocks = [(p - me) % n * SEAT_SIZE for p in range(n)]  # each seat's block, the viewer's first
    _direct_seats(out, state, blocks, n)
    _direct_advisors(out, state, blocks, me, n)
    _direct_year(out, state, player, me, n)
    return np.frombuffer(out, dtype=np.float32)


def _direct_seats(out: array, state: Any, blocks: list[int], n: int) -> None:
    """The seat blocks but for the advisors each seat occupies (``_direct_advisors`` writes those)."""
    vp, resources, tokens, soldiers = state.vp, state.resources, state.plus2_tokens, state.soldiers
    owned_by, order, envoy, aid_die = state.buildings_owned, state.turn_order, state.envoy_holder, state.aid_die_holder
    unplaced, rolled, built_now, results = state.unplaced_dice, state.dice_rolled, state.built_this_season, state.battle_result
    market, statue, chapel, done = state.market_used, state.statue_used, state.chapel_used, state.done_placing
    for p in range(n):
        o = blocks[p]
        out[o] = 1
        out[o + 1] = vp[p] / 60
        goods = resources[p]
        out[o + 2] = goods[0] / 10
        out[o + 3] = goods[1] / 10
        out[o + 4] = goods[2] / 10
        out[o + 5] = tokens[p] / 5
        out[o + 6] = soldiers[p] / 10
        owned = owned_by[p]
        while owned:  # each building owned, lowest bit first
            low = owned & -owned
            out[o + 6 + low.bit_length()] = 1
            owned ^= low
        if p in order:
            out[o + 27 + order.index(p)] = 1
        if envoy == p:
            out[o + 32] = 1
        if aid_die == p:
            out[o + 33] = 1
        dice = unplaced[p]
        if dice:
            for f in set(dice):
                out[o + 33 + f] = _THIRDS[dice.count(f)]
            out[o + 40] = len(dice) / MAX_DICE
        dice = rolled[p]
        if dice:
            for f in set(dice):
                out[o + 40 + f] = _THIRDS[dice.count(f)]
        if market[p]:
            out[o + 47] = 1
        if statue[p]:
            out[o + 48] = 1
        if chapel[p]:
            out[o + 49] = 1
        if done[p]:
            out[o + 50] = 1
        if built_now[p]:
            out[o + 51] = built_now[p] / 3
        if p < len(results):
            slot = _RESULT_SLOTS.get(results[p])
            if slot is not None:
                out[o + 52 + slot] = 1
    for y, seats in enumerate(state.enemy_seen_by[:YEARS]):  # who looked at each year's card (public)
        for p in seats:
            if p in range(n):
                out[blocks[p] + 55 + y] = 1
    for p in state.to_move():
        if p in range(n):
            out[blocks[p] + 60] = 1


def _direct_advisors(out: array, state: Any, blocks: list[int], me: int, n: int) -> None:
    """Each advisor's block, and in each seat's block the advisors it occupies.

    A handful is ``[seat, die, …, "+2", …, "m+1" | "m-1"]`` (placement.py): its dice are what is left
    once the "+2" tokens and the Market's mark are counted off."""
    handfuls_on = state.handfuls_on_advisor
    for adv in compress(_ADVISOR_NUMBERS, handfuls_on[1:19]):  # only the occupied ones
        entries = handfuls_on[adv]
        o = _ADVISORS0 + (adv - 1) * ADV_SIZE
        out[o] = 1
        for e in entries:
            seat = e[0]
            plus2 = e.count("+2")
            up = "m+1" in e
            down = "m-1" in e
            if len(entries) == 1:
                out[o + 1] = (len(e) - 1 - plus2 - up - down) / MAX_DICE
                out[o + 2] = plus2 / 3
            if up:
                out[o + 3] += 1
            if down:
                out[o + 4] += 1
            if isinstance(seat, int) and 0 <= seat < n:
                out[o + 5 + (seat - me) % n] = 1
                out[blocks[seat] + 60 + adv] = 1
        if len(entries) > 1:  # the King's envoy: a second handful, added as the reference adds
            out[o + 1] = _float32_sum([sum(1 for x in e[1:] if isinstance(x, int)) / MAX_DICE for e in entries])
            out[o + 2] = _float32_sum([e[1:].count("+2") / 3 for e in entries])


def _direct_year(out: array, state: Any, player: int | None, me: int, n: int) -> None:
    """The global block: the calendar, the task, the supply, the enemies (hidden as the observation
    hides them) and the King's help."""
    g = _GLOBAL0
    year = state.year
    out[g + min(max(year, 1), YEARS) - 1] = 1
    step = state.step_index
    out[g + 5 + (_STEP_SLOTS[step] if 0 <= step < len(YEAR_STEPS) else 8)] = 1
    season = state.season_index
    out[g + 14 + (_SEASON_SLOTS[season] if season >= 0 else 3)] = 1
    g += 18
    if state.tasks:
        _encode_task(out, g, task_items(state.tasks[0]), me, n)
    g += len(TASKS) + MAX_SEATS + 1 + 3 + 3
    out[g] = state.plus2_supply / 20
    sel = state.selected_advisor
    out[g + 1 + min(abs(sel), 18)] = 1
    if sel < 0:
        out[g + 20] = 1
    g += 21
    cards, revealed, seen_by = state.enemy_card, state.enemy_revealed, state.enemy_seen_by
    for y in range(YEARS):
        card = cards[y]
        if card >= 0 and (revealed[y] or (player is not None and player in seen_by[y])):
            out[g + _ENEMY_SLOTS[y][card]] = 1  # turned up, or this seat looked at it
        else:
            out[g + 5] = 1  # not drawn yet, or face down to this seat
        g += 6
    if cards[year - 1 if year <= YEARS else YEARS - 1] >= 0:
        out[g] = 1
    reinforcement = state.king_reinforcement
    out[g + 1 + (0 if reinforcement < 0 else min(reinforcement, 6))] = 1
    if state.is_over():
        out[g + 8] = 1

"""God's Playground's fixed encodings for research: the action space and the observation tensor.

Action space (always 3 players, the same for every option; 609 actions), built from the rules'
interned actions:

* chance: ``start p`` (3), ``lot p`` (3), ``roll d`` (d = 1..6);
* ``token area value`` (6 areas × values 0..5);
* ``bid x`` (x = 0..399: a sealed bid is any amount up to the bidder's money; the rules intern
  these 400 and a family never comes near 400 zloty);
* ``estate i``, ``build i`` (5 provinces each), ``pass``, ``done``, ``danzig``;
* ``move a b`` (a ≠ b, 20), ``jesuit i``, ``recruit i`` (5 each), ``buy u`` (inf, cav, art,
  cossack), ``campaign i``, ``royal i``, ``veto i`` (5 each), ``diplomacy i`` (i = 0..4: the enemy
  named by the province it borders);
* ``land i k`` and ``city i k`` (every estate slot k of province i: 6 + 8 + 7 + 8 + 8 each);
* ``confederation i v`` (5 provinces × 3 seats);
* ``seat i`` (5: the senate seat given up for diplomacy or the royal army), last so that the
  ids before it are those of the 604-action space.

Observation tensor (float32, from ``state.observation(player)`` only). Seats are rotated so the
observing seat comes first (a spectator sees seat 0 first); every seat number inside the
observation is written relative to that seat. Layout:

* 3 seat blocks of 171: cubes in hand /20, discs in hand /16, money /30, VP /50, tokens in hand per
  value 0..5 /2 (6), tokens placed per area (6 × 7: value one-hot 0..5 — only the observer's own
  values are visible — and a placed flag), tokens shown per area (6 × 7: value one-hot 0..5 and a
  "none" flag), units per province × kind /4 (15), units in hand /4 (3), estates built /3, passed, own bid
  /30 and a has-bid flag, bidder, final estate VP /20, king, start player, turn, to move, senate
  seats /5, nobles per province /10 (5), nobles on the enemy tracks /5 (5), special picks left /4,
  Cossacks held /2;
* 5 province blocks of 65: income level one-hot 1..5 (5), 8 estate slots × (owner one-hot (3), land
  manager, city, empty-slot flag) = 48, enemy cubes per enemy /10 (5), senate seat one-hot (3
  seats, empty) (4), invaded this round, 2 zero (reserved);
* 5 enemy blocks of 4: royal cubes on its track /12, enemy track /10, strength /10, supply /30;
* global: round one-hot 1..4, phase one-hot 0..16 (17), mode one-hot (18), royal army /4 (3),
  treaty one-hot (none, 5 enemies), diplomacy used, city used, Habsburgs annexed, land managers /8,
  cities left /4, dice per face /3 (6), dice rolled /6, last die one-hot (6), Cossacks one-hot each
  (available, removed, 3 seats) (2 × 5), the step: dice kind one-hot (events, diplomacy, attack), who
  one-hot (3), moved, province one-hot (5), free, Jesuit provinces done (5); battle: present, side
  one-hot (3 seats, royal army), owner one-hot (3), province one-hot (5), kind one-hot (defend,
  fight, attack), enemy one-hot (5), units still to roll per kind /4 (4), artillery, hits /10; army
  camp total /20, over.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.gods_playground import actions
from meeple.games.gods_playground.content import (
    CITY_MARKERS, ESTATE_SLOTS, FAMILY_DISCS, FAMILY_NOBLE_CUBES, LAND_MANAGERS, ROUNDS, ROYAL_CUBES,
)

P = 3
NPROV = 5
MODES = ("auto", "start", "token", "lot", "bid", "estate", "build", "special", "move", "jesuit", "recruit", "buy",
         "campaign", "fight", "dice", "battle", "over", "seat")
DICE_KINDS = ("events", "diplomacy", "attack")
BATTLE_KINDS = ("defend", "fight", "attack")
SEAT_SIZE = 171
PROV_SIZE = 65
ENEMY_SIZE = 4
GLOBAL_SIZE = 4 + 17 + len(MODES) + 3 + 6 + 3 + 2 + 6 + 1 + 6 + 10 + (3 + 3 + 1 + 5 + 1 + 5) \
    + (1 + 4 + 3 + 5 + 3 + 5 + 4 + 1 + 1) + 1 + 1
SIZE = P * SEAT_SIZE + NPROV * PROV_SIZE + 5 * ENEMY_SIZE + GLOBAL_SIZE


def action_space(game: Any) -> list[Action]:
    """Every action of God's Playground (see the module docstring for the order)."""
    shared = actions.shared_action
    space = [shared("start", p) for p in range(P)] + [shared("lot", p) for p in range(P)] + list(actions.ROLLS)
    space += [actions.TOKEN_ACTIONS[a][v] for a in range(6) for v in range(6)]
    space += list(actions.BID_ACTIONS)
    space += list(actions.ESTATE_ACTIONS) + list(actions.BUILD_ACTIONS) + [actions.PASS, actions.DONE, actions.DANZIG]
    space += [actions.MOVE_ACTIONS[a][b] for a in range(NPROV) for b in range(NPROV) if a != b]
    space += list(actions.JESUIT_ACTIONS) + list(actions.RECRUIT_ACTIONS)
    space += [actions.BUY_ACTIONS[u] for u in ("inf", "cav", "art", "cossack")]
    space += list(actions.CAMPAIGN_ACTIONS) + list(actions.ROYAL_ACTIONS) + list(actions.VETO_ACTIONS)
    space += list(actions.DIPLOMACY_ACTIONS)
    for row in actions.LAND_MANAGER_ACTIONS:
        space += list(row)
    for row in actions.CITY_ACTIONS:
        space += list(row)
    for row in actions.CONFEDERATION_ACTIONS:
        space += list(row)
    space += list(actions.SEAT_ACTIONS)
    return space


def observation_tensor(obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict (see the module docstring for the layout)."""
    out = np.zeros(SIZE, dtype=np.float32)
    me = obs["player"] if obs["player"] is not None else 0
    _encode_seats(out, obs, me)
    g = _encode_provinces(out, obs, me)
    g = _encode_round(out, obs, me, g)
    _encode_step(out, obs, me, g)
    return out


def _encode_seats(out: np.ndarray, obs: dict[str, Any], me: int) -> None:
    """Each seat's block, the viewer's first (seats counted from the viewer); other seats' secret tokens
    only as placed or not."""
    for p in range(P):
        o = (p - me) % P * SEAT_SIZE
        out[o] = obs["cubes_in_hand"][p] / FAMILY_NOBLE_CUBES
        out[o + 1] = obs["discs_in_hand"][p] / FAMILY_DISCS
        out[o + 2] = obs["money"][p] / 30
        out[o + 3] = obs["vp"][p] / 50
        for v in obs["tokens_in_hand"][p]:
            out[o + 4 + v] += 0.5
        o += 10
        own = obs["player"] == p
        for a, v in enumerate(obs["tokens_placed"][p][:6]):
            if own:
                if v >= 0:
                    out[o + a * 7 + v] = 1
                    out[o + a * 7 + 6] = 1
            elif v:
                out[o + a * 7 + 6] = 1
        o += 42
        for a, v in enumerate(obs["tokens_shown"][p][:6]):
            out[o + a * 7 + (v if 0 <= v <= 5 else 6)] = 1
        o += 42
        for i in range(NPROV):
            for k in range(3):
                out[o + i * 3 + k] = obs["units"][p][i][k] / 4
        o += 15
        for k in range(3):
            out[o + k] = obs["units_in_hand"][p][k] / 4
        o += 3
        out[o] = obs["estates_built"][p] / 3
        out[o + 1] = 1 if obs["passed"][p] else 0
        bid = obs["bids"][p]
        out[o + 2] = max(bid, 0) / 30
        out[o + 3] = 1 if bid >= 0 or bid == -2 else 0
        out[o + 4] = 1 if p in obs["bidders"] else 0
        out[o + 5] = obs["final_estate_vp"][p] / 20
        out[o + 6] = 1 if obs["king"] == p else 0
        out[o + 7] = 1 if obs["start_player"] == p else 0
        out[o + 8] = 1 if obs["turn"] == p else 0
        out[o + 9] = 1 if p in obs["to_move"] else 0
        out[o + 10] = obs["senate"].count(p) / NPROV
        o += 11
        for i in range(NPROV):
            out[o + i] = obs["nobles"][i][p] / 10
            out[o + 5 + i] = obs["track_nobles"][i][p] / 5
        out[o + 10] = obs["picks_left"].count(p) / 4
        out[o + 11] = obs["cossacks"].count(p) / 2


def _encode_provinces(out: np.ndarray, obs: dict[str, Any], me: int) -> int:
    """Each province (income, estates, enemies, senate seat, invasion) and each enemy's tracks; returns
    where the round's part begins."""
    base = P * SEAT_SIZE
    for i in range(NPROV):
        o = base + i * PROV_SIZE
        out[o + min(max(obs["income_levels"][i], 1), 5) - 1] = 1
        o += 5
        row = obs["estates"][i]
        for k in range(8):
            s = o + k * 6
            if k < len(row):
                owner, lm, city = row[k][0], row[k][1], row[k][2]
                if 0 <= owner < P:
                    out[s + (owner - me) % P] = 1
                out[s + 3] = 1 if lm else 0
                out[s + 4] = 1 if city else 0
            elif k < len(ESTATE_SLOTS[i]):
                out[s + 5] = 1
        o += 48
        for e in range(5):
            out[o + e] = obs["enemies_in_provinces"][i][e] / 10
        o += 5
        seat = obs["senate"][i]
        out[o + ((seat - me) % P if 0 <= seat < P else 3)] = 1
        out[o + 4] = 1 if obs["invaded"][i] else 0
    base += NPROV * PROV_SIZE
    for e in range(5):
        o = base + e * ENEMY_SIZE
        out[o] = obs["track_royal"][e] / ROYAL_CUBES
        out[o + 1] = obs["track_enemy"][e] / 10
        out[o + 2] = obs["strength"][e] / 10
        out[o + 3] = obs["enemy_supply"][e] / 30
    return base + 5 * ENEMY_SIZE


def _encode_round(out: np.ndarray, obs: dict[str, Any], me: int, g: int) -> int:
    """The round, phase and mode, the royal army, the treaty, the markers, the dice and the Cossacks, from
    ``g``; returns where the step's part begins."""
    out[g + min(max(obs["round"], 1), ROUNDS) - 1] = 1
    g += 4
    out[g + min(max(obs["phase"], 0), 16)] = 1
    g += 17
    if obs["mode"] in MODES:
        out[g + MODES.index(obs["mode"])] = 1
    g += len(MODES)
    for k in range(3):
        out[g + k] = obs["royal_army"][k] / 4
    g += 3
    t = obs["treaty"]
    out[g + (t + 1 if 0 <= t < 5 else 0)] = 1
    g += 6
    out[g] = 1 if obs["diplomacy_used"] else 0
    out[g + 1] = 1 if obs["city_used"] else 0
    out[g + 2] = 1 if obs["habsburgs_annexed"] else 0
    out[g + 3] = obs["land_managers"] / LAND_MANAGERS
    out[g + 4] = obs["cities_left"] / CITY_MARKERS
    g += 5
    dice = obs["dice"]
    for d in dice:
        if 1 <= d <= 6:
            out[g + d - 1] += 1 / 3
    out[g + 6] = len(dice) / 6
    if dice and 1 <= dice[-1] <= 6:
        out[g + 7 + dice[-1] - 1] = 1
    g += 13
    for j, c in enumerate(obs["cossacks"][:2]):
        out[g + j * 5 + (0 if c == -1 else 1 if c < 0 else 2 + (c - me) % P)] = 1
    g += 10
    return g


def _encode_step(out: np.ndarray, obs: dict[str, Any], me: int, g: int) -> None:
    """The step in progress and the battle being fought, from ``g``; the campaign total and the end."""
    step = obs["step"]
    if step.get("dice") in DICE_KINDS:
        out[g + DICE_KINDS.index(step["dice"])] = 1
    who = step.get("who")
    if isinstance(who, int) and 0 <= who < P:
        out[g + 3 + (who - me) % P] = 1
    out[g + 6] = 1 if step.get("moved") else 0
    prov = step.get("prov")
    if isinstance(prov, int) and 0 <= prov < NPROV:
        out[g + 7 + prov] = 1
    out[g + 12] = 1 if step.get("free") else 0
    for i in step.get("jes", []):
        if 0 <= i < NPROV:
            out[g + 13 + i] = 1
    g += 18
    b = obs["battle"]
    if b is not None:
        out[g] = 1
        side = b["side"]
        out[g + 1 + ((side - me) % P if 0 <= side < P else 3)] = 1
        owner = b["owner"]
        if 0 <= owner < P:
            out[g + 5 + (owner - me) % P] = 1
        if 0 <= b["prov"] < NPROV:
            out[g + 8 + b["prov"]] = 1
        if b["kind"] in BATTLE_KINDS:
            out[g + 13 + BATTLE_KINDS.index(b["kind"])] = 1
        if isinstance(b["enemy"], int) and 0 <= b["enemy"] < 5:
            out[g + 16 + b["enemy"]] = 1
        for u in b["q"]:
            if 0 <= u < 4:
                out[g + 21 + u] += 0.25
        out[g + 25] = 1 if b["art"] else 0
        out[g + 26] = b["hits"] / 10
    g += 27
    out[g] = obs["camp_total"] / 20
    out[g + 1] = 1 if obs["over"] else 0

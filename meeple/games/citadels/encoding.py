"""Citadels' fixed encodings for research: the action space and the observation tensor.

Action space (819 actions, the same fixed order for every player count and every option): the
rules hand out shared action objects from their fast paths and the engine stores each action's id
on the object itself, so one numbering serves every configuration. Characters an option leaves out
(e.g. the Witch while ``rank1=assassin``) and seats beyond the player count are simply never legal.
Districts are in ``content.DISTRICT_TABLE`` order (28 kinds), characters in
``content.CHARACTER_TABLE`` order (18), seats 0..6:

* chance: ``crown p`` (7), ``deal-down c`` (18), ``deal-up c`` (18), ``draw d`` (28);
* draft: ``pick c`` (18), ``facedown c`` (18);
* ``gold``, ``cards``, ``end``, ``income``, ``redraw``, ``smithy``, ``recover``, ``decline``,
  ``navigate-gold``, ``navigate-cards``, ``wizard-keep``, ``wizard-build``, ``tribute-gold``;
* per district (28 each): ``keep``, ``build``, ``discard``, ``lab``, ``take``, ``tribute``,
  ``beautify``, ``exchange``;
* per character (18 each): ``kill``, ``rob``, ``bewitch``;
* per seat (7 each): ``swap``, ``peek``, ``give-crown``, ``levy``;
* ``destroy p d`` (7 × 28, seat-major), ``exchange-with p d`` (7 × 28);
* ``keep-done`` (the Library's "keep only one", id 818).

Observation tensor (float32, from ``state.observation(player)`` only). Seats are rotated so the
observing seat comes first (a spectator sees seat 0 first); every seat number in the observation is
written relative to that seat; seats beyond the player count are zero. Layout:

* 7 seat blocks of 125: exists, gold /10, hand size /10, city districts (28, count), beautified
  districts (28), Haunted City round /20 and flag (2), score /40, characters revealed this round
  (18), cards of that hand the observer knows (28, count /2; for the observer itself: its own hand),
  first-complete flag, crown flag, to-move flag, tribute-payer flag, protected flag, ... (see
  ``_SEAT_FIELDS`` below for the exact order of the trailing flags);
* characters: in the game (18), face up (18), absent (18), killed (18), robbed (18), bewitched
  (18), my characters (18), offer (18), current character (18) → 162;
* global: round /20, phase one-hot (5), complete city size /12, deck size /65, draft index /14,
  draft cards left /9, current seat one-hot (7), witch step one-hot (3), the turn record (13
  numbers, ``TURN_KEYS``: took gold or cards, builds left /3, income taken, ability used, laboratory
  used, smithy used, district destroyed, spent on builds /10, built this turn /3, cards drawn to
  choose /4, cards to keep /3, the Magician's discards /4, beautified this turn /2), graveyard offer:
  district one-hot (28) and seat one-hot (7), tax owed /10, pending draws /28, ability step (the
  Wizard's, the Diplomat's): target seat one-hot (7), stage one-hot (3), district one-hot (28), over
  flag;
* private: cards drawn to choose (28, count), the Magician's discards (28), the Wizard's view of a hand (28), known
  deck-bottom cards: positions 0..9 × district one-hot (280) and the count of every known bottom
  card (28); draft offers seen this round, up to 8 entries × (present, step /14, extra steps 0..3
  (4), characters (18)) = 8 × 24.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import Action
from meeple.games.citadels import actions
from meeple.games.citadels.content import CHARACTER_INDEX, DISTRICT_INDEX, N_CHARACTERS, N_DISTRICT_KINDS

MAX_SEATS = 7
PHASES = ("setup", "draft", "call", "turn", "over")
_SEAT_FIELDS = ("first_complete_seat", "crown_seat", "to_move", "tribute_seat", "protected_seat")
SEAT_SIZE = 1 + 1 + 1 + 2 * N_DISTRICT_KINDS + 2 + 1 + N_CHARACTERS + N_DISTRICT_KINDS + len(_SEAT_FIELDS)
CHAR_SIZE = 9 * N_CHARACTERS
TURN_KEYS = ("took_gold_or_cards", "builds_left", "income_taken", "ability_used", "laboratory_used", "smithy_used",
             "district_destroyed", "spent_on_builds", "built_this_turn", "drawn_to_choose_count", "cards_to_keep",
             "magician_discards_count", "beautified_this_turn")
TURN_SCALE = (1, 3, 1, 1, 1, 1, 1, 10, 3, 4, 3, 4, 2)
GLOBAL_SIZE = (1 + 5 + 1 + 1 + 1 + 1 + MAX_SEATS + 3 + 13 + N_DISTRICT_KINDS + MAX_SEATS + 1 + 1 + MAX_SEATS + 3
               + N_DISTRICT_KINDS + 1)
BOTTOM_POSITIONS = 10
SEEN_ENTRIES = 8
SEEN_SIZE = 1 + 1 + 4 + N_CHARACTERS
PRIVATE_SIZE = (3 * N_DISTRICT_KINDS + BOTTOM_POSITIONS * N_DISTRICT_KINDS + N_DISTRICT_KINDS
                + SEEN_ENTRIES * SEEN_SIZE)
SIZE = MAX_SEATS * SEAT_SIZE + CHAR_SIZE + GLOBAL_SIZE + PRIVATE_SIZE


def action_space(game: Any) -> list[Action]:
    """Every action of Citadels (one list for every configuration; see the module docstring)."""
    space = list(actions.A_CROWN) + list(actions.A_DEAL_DOWN) + list(actions.A_DEAL_UP) + list(actions.A_DRAW)
    space += list(actions.A_PICK) + list(actions.A_FACEDOWN)
    space += [actions.A_GOLD, actions.A_CARDS, actions.A_END, actions.A_INCOME, actions.A_REDRAW,
              actions.A_SMITHY, actions.A_RECOVER, actions.A_DECLINE, actions.A_NAVIGATE_GOLD,
              actions.A_NAVIGATE_CARDS, actions.A_WIZARD_KEEP, actions.A_WIZARD_BUILD, actions.A_TRIBUTE_GOLD]
    for table in (actions.A_KEEP, actions.A_BUILD, actions.A_DISCARD, actions.A_LABORATORY, actions.A_TAKE,
                  actions.A_TRIBUTE, actions.A_BEAUTIFY, actions.A_EXCHANGE):
        space += list(table)
    for table in (actions.A_KILL, actions.A_ROB, actions.A_BEWITCH):
        space += list(table)
    for table in (actions.A_SWAP_HANDS, actions.A_PEEK, actions.A_GIVE_CROWN, actions.A_LEVY):
        space += list(table)
    for row in actions.A_DESTROY:
        space += list(row)
    for row in actions.A_EXCHANGE_WITH:
        space += list(row)
    space.append(actions.A_KEEP_DONE)  # added last, so that every earlier id stays the same
    return space


def _districts(out: np.ndarray, o: int, slugs: list[str], scale: float = 1.0) -> None:
    for slug in slugs:
        out[o + DISTRICT_INDEX[slug]] += 1.0 / scale


def _chars(out: np.ndarray, o: int, slugs: list[str]) -> None:
    for slug in slugs:
        out[o + CHARACTER_INDEX[slug]] = 1


def observation_tensor(obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict (see the module docstring for the layout)."""
    out = np.zeros(SIZE, dtype=np.float32)
    n = obs["players"]
    me = obs["player"] if obs["player"] is not None else 0
    _encode_seats(out, obs, me, n)
    _encode_characters(out, obs)
    _encode_round(out, obs, me, n)
    return out


def _encode_seats(out: np.ndarray, obs: dict[str, Any], me: int, n: int) -> None:
    """Each seat's block, the viewer's first (seats counted from the viewer): gold, city, hand as known."""
    known = obs.get("known_hand_cards", {})
    for p in range(n):
        o = (p - me) % n * SEAT_SIZE
        out[o] = 1
        out[o + 1] = obs["gold"][p] / 10
        out[o + 2] = obs["hand_sizes"][p] / 10
        o += 3
        _districts(out, o, obs["cities"][p])
        _districts(out, o + N_DISTRICT_KINDS, obs["beautified"][p])
        o += 2 * N_DISTRICT_KINDS
        h = obs["haunted_city_round"][p]
        out[o] = max(h, 0) / 20
        out[o + 1] = 1 if h >= 0 else 0
        out[o + 2] = obs["scores"][p] / 40
        o += 3
        _chars(out, o, [c for c, s in obs["revealed_characters"] if s == p])
        o += N_CHARACTERS
        if obs["player"] is not None:
            cards = obs["hand"] if p == me else known.get(str(p), [])
            _districts(out, o, cards, 2.0)
        o += N_DISTRICT_KINDS
        flags = (obs["first_complete_seat"] == p, obs["crown_seat"] == p, p in obs["to_move"],
                 obs["tribute_seat"] == p, obs["protected_seat"] == p)
        for j, f in enumerate(flags):
            out[o + j] = 1 if f else 0


def _encode_characters(out: np.ndarray, obs: dict[str, Any]) -> None:
    """The characters: the round's, face up, set aside, killed, robbed, bewitched, one's own, offered, called."""
    o = MAX_SEATS * SEAT_SIZE
    _chars(out, o, obs["characters"])
    _chars(out, o + N_CHARACTERS, obs["face_up"])
    _chars(out, o + 2 * N_CHARACTERS, obs["absent_characters"])
    for j, key in enumerate(("killed_character", "robbed_character", "bewitched_character")):
        if obs[key] is not None:
            out[o + (3 + j) * N_CHARACTERS + CHARACTER_INDEX[obs[key]]] = 1
    _chars(out, o + 6 * N_CHARACTERS, obs.get("my_characters", []))
    _chars(out, o + 7 * N_CHARACTERS, obs.get("draft_offer", []))
    if obs["current"] is not None:
        out[o + 8 * N_CHARACTERS + CHARACTER_INDEX[obs["current"][0]]] = 1


def _encode_round(out: np.ndarray, obs: dict[str, Any], me: int, n: int) -> None:
    """The round and phase, the turn in progress, what is pending, and the cards seen of the deck and draft."""
    g = MAX_SEATS * SEAT_SIZE + CHAR_SIZE
    out[g] = obs["round"] / 20
    out[g + 1 + PHASES.index(obs["phase"])] = 1
    out[g + 6] = obs["complete_city_size"] / 12
    out[g + 7] = obs["deck_size"] / 65
    out[g + 8] = obs["draft_index"] / 14
    out[g + 9] = obs["draft_cards_left"] / 9
    g += 10
    if obs["current"] is not None and obs["current"][1] >= 0:
        out[g + (obs["current"][1] - me) % n] = 1
    g += MAX_SEATS
    out[g + min(max(obs["witch_step"], 0), 2)] = 1
    g += 3
    turn = obs["turn"]
    for j, key in enumerate(TURN_KEYS):
        out[g + j] = float(turn[key]) / TURN_SCALE[j]
    g += 13
    if obs["graveyard_offer"] is not None:
        out[g + DISTRICT_INDEX[obs["graveyard_offer"][0]]] = 1
        out[g + N_DISTRICT_KINDS + (obs["graveyard_offer"][1] - me) % n] = 1
    g += N_DISTRICT_KINDS + MAX_SEATS
    out[g] = len(obs["tax_owed"]) / 10
    out[g + 1] = obs["pending_draws"] / 28
    g += 2
    wizard = obs.get("ability_step")
    if wizard is not None:
        if wizard[0] >= 0:
            out[g + (wizard[0] - me) % n] = 1
        out[g + MAX_SEATS + wizard[1]] = 1
        if len(wizard) > 2:
            out[g + MAX_SEATS + 3 + DISTRICT_INDEX[wizard[2]]] = 1
    g += MAX_SEATS + 3 + N_DISTRICT_KINDS
    out[g] = 1 if obs["over"] else 0
    g += 1
    _districts(out, g, obs.get("drawn_to_choose", []))
    _districts(out, g + N_DISTRICT_KINDS, obs.get("magician_discards", []))
    _districts(out, g + 2 * N_DISTRICT_KINDS, obs.get("wizard_sees", []))
    g += 3 * N_DISTRICT_KINDS
    for i, slug in obs.get("deck_bottom_known", []):
        if i < BOTTOM_POSITIONS:
            out[g + i * N_DISTRICT_KINDS + DISTRICT_INDEX[slug]] = 1
        out[g + BOTTOM_POSITIONS * N_DISTRICT_KINDS + DISTRICT_INDEX[slug]] += 1
    g += BOTTOM_POSITIONS * N_DISTRICT_KINDS + N_DISTRICT_KINDS
    for k, (step, extras, cs) in enumerate(obs.get("draft_offers_seen", [])[:SEEN_ENTRIES]):
        e = g + k * SEEN_SIZE
        out[e] = 1
        out[e + 1] = step / 14
        for x in extras:
            if 0 <= x < 4:
                out[e + 2 + x] = 1
        _chars(out, e + 6, cs)

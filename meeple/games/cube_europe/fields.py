"""The fields of a Cube Europe state, declared once; every rules module is a mixin over this class.

    需要的组件：9张双面卡牌、2个六面骰、20个8mm方块（4红色 4蓝色 4绿色 4白色 4黄色 1黑色）

Every field is JSON-native (strs, ints, bools, None and lists and dicts of them), so that the engine
copies, saves and compares a state by its ``FIELDS``. Cards are ints (``content.CARDS``), seats are
``0 … n-1``, hexes are labels ``A1 … E3``, colours are ``red``, ``blue``, ``green``, ``white``,
``yellow``. What each field holds and who may see it: "State fields" in docs/rules/cube-europe.md (a
test keeps the two in step).
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import State
from meeple.core.state import DICT_ROWS, LIST, ROWS, VALUE


class CubeEuropeFields(State):
    """The state's data; the rules are in the mixins that ``rules.CubeEuropeState`` joins."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "classic_solo", "round", "start_card_seat", "seats_done", "phase_after_draws", "market_draws_due",
        "board_cards", "unseen_cards", "deck_size", "deck_top", "discard_pile", "tucked_cards", "deck_exhaustions",
        "filled_hexes", "inventory", "supply", "workers", "dice", "dice_on_squares", "yellow_tucks_due",
        "steady_hand_used", "mirror_used", "follow_ups", "active_effects",
    )
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        "classic": "classic_solo", "first": "start_card_seat", "turn_index": "seats_done",
        "next_phase": "phase_after_draws", "pending_draws": "market_draws_due", "boards": "board_cards",
        "unseen": "unseen_cards", "discard": "discard_pile", "tucked": "tucked_cards",
        "exhaustions": "deck_exhaustions", "filled": "filled_hexes", "market_dice": "dice_on_squares",
        "yellow_round": "yellow_tucks_due", "used_nudge": "steady_hand_used", "used_flip": "mirror_used",
        "pending": "follow_ups", "active": "active_effects",
    }
    """The names these fields had before (old → new): a save that uses them still loads."""
    OBSERVATION_SCHEMA: ClassVar[int] = 2
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {
        2: {"first": "start_card_seat", "pending": "follow_ups"},
    }
    """The observation's keys are the fields' names; schema 2 renamed the two that were former field names
    (``meeple.core.observation_schema.upgrade_observation`` reads an observation of schema 1)."""
    FIELD_SHAPES: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("phase", "classic_solo", "round", "start_card_seat", "seats_done", "phase_after_draws",
                         "deck_size", "deck_top", "deck_exhaustions", "steady_hand_used", "mirror_used"), VALUE),
        **dict.fromkeys(("market_draws_due", "board_cards", "unseen_cards", "discard_pile", "workers",
                         "dice_on_squares", "yellow_tucks_due"), LIST),
        **dict.fromkeys(("tucked_cards", "filled_hexes", "inventory", "dice", "follow_ups", "active_effects"), ROWS),
        "supply": DICT_ROWS,
    }
    """How a copy copies each field (``State.FIELD_SHAPES``): every field has one of these shapes (below)."""

    # the game
    phase: str                            # deal, first, draw, start, roll, turn or over (flow.py)
    classic_solo: bool                    # solo with the 8 other base cards: the deck reshuffles once
    round: int                            # from 1
    start_card_seat: int                  # who holds the start card (multiplayer; solo 0)
    seats_done: int                       # seats, from the start card's, done with this roll, start or turn
    phase_after_draws: str                # the phase once market_draws_due are drawn: start or roll
    market_draws_due: list[str]           # the market draws still to make, in order: "discard" or "top"
    # the cards
    board_cards: list[int]                # each seat's board card, in seat order (dealt one by one)
    unseen_cards: list[int]               # the cards not yet drawn (the face-down deck and those set aside)
    deck_size: int                        # cards in the market deck, its face-up top included
    deck_top: int | None                  # the deck's face-up top card (market squares 1–3)
    discard_pile: list[int]               # the market discard pile, bottom first (its top: squares 4–6)
    tucked_cards: list[list[int]]         # per seat: the cards tucked under its board, in order
    deck_exhaustions: int                 # how often the deck ran out (classic solo: the second ends)
    # the seats
    filled_hexes: list[list[str]]         # per seat: the hexes holding a cube, in order of placing
    inventory: list[list[str]]            # per seat: the cubes in its inventory (3, or 4 with Storehouse)
    supply: list[dict[str, int]]          # per seat: its private supply, cubes per colour
    workers: list[int]                    # per seat: the worker track, 0–8
    dice: list[list[int]]                 # per seat: the dice rolled and not yet used this round
    # this round and turn
    dice_on_squares: list[int]            # dice put on each of the six market centre squares this round
    yellow_tucks_due: list[int]           # per seat: yellow cubes placed whose tuck comes at the round's end
    steady_hand_used: bool                # Steady Hand's free change is spent this turn
    mirror_used: bool                     # Mirror's free change is spent this turn
    follow_ups: list[list]                # decisions still due, last first: ["pay", kind, die, where],
                                          # ["return"], ["chain", hex], ["white"]
    active_effects: list[list[str]]       # per seat: the effect ids of tucked_cards (active from the tuck on)

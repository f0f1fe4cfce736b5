"""The fields of a Citadels state, declared once; every rules module is a mixin over this class.

    游戏配件：65 张『地区卡』、35 枚金币、18 张『角色卡』、1 个皇冠

Every field is JSON-native (ints, bools, strs and lists of them), so that the engine copies, saves and
compares a state by its ``FIELDS``. District cards and characters are ints (indices of
``content.DISTRICT_TABLE`` and ``content.CHARACTER_TABLE``), seats are ``0 … n-1``. What each field
holds and who may see it: "State fields" in docs/rules/citadels.md (a test keeps the two in step).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import State
from meeple.games.citadels.actions import ABILITY_STAGES


class CitadelsFields(State):
    """The state's data; the rules are in the mixins that ``rules.CitadelsState`` joins."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "mover", "chance_kind", "crown_seat", "round", "complete_city_size", "first_complete_seat",
        "gold", "hands", "cities", "beautified", "haunted_city_round", "deck_unseen", "deck_bottom",
        "deck_bottom_seen_by", "known_hand_cards", "draw_queue", "characters", "character_holder",
        "character_deal", "draft_offers_seen", "character_pool", "draft_offer", "draft_order", "draft_index",
        "seven_player_pick", "face_down_to_deal", "face_up_to_deal", "call_index", "revealed_characters",
        "absent_characters", "killed_character", "robbed_character", "bewitched_character",
        "current_character", "current_seat", "witch_step", "took_gold_or_cards", "builds_left",
        "income_taken", "ability_used", "laboratory_used", "smithy_used", "district_destroyed",
        "spent_on_builds", "built_this_turn", "drawn_to_choose", "cards_to_keep", "magician_discards",
        "graveyard_offer", "ability_step", "tribute_seat", "tax_owed", "beautified_this_turn",
        "protected_seat", "robber_seat",
    )
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        "crown": "crown_seat", "complete_at": "complete_city_size", "first_complete": "first_complete_seat",
        "coins": "beautified", "haunted": "haunted_city_round", "pool": "deck_unseen",
        "bottom": "deck_bottom", "bottom_known": "deck_bottom_seen_by", "known": "known_hand_cards",
        "dq": "draw_queue", "chars": "characters", "holder": "character_holder", "steps": "character_deal",
        "seen": "draft_offers_seen", "cpool": "character_pool", "offer": "draft_offer",
        "script": "draft_order", "script_i": "draft_index", "seven": "seven_player_pick",
        "deal_down": "face_down_to_deal", "deal_up": "face_up_to_deal", "call_i": "call_index",
        "revealed": "revealed_characters", "absent": "absent_characters", "killed": "killed_character",
        "robbed": "robbed_character", "bewitched": "bewitched_character", "cur_char": "current_character",
        "cur_seat": "current_seat", "took": "took_gold_or_cards", "builds": "builds_left",
        "income_done": "income_taken", "used": "ability_used", "lab_used": "laboratory_used",
        "warlord_done": "district_destroyed", "spent": "spent_on_builds", "built": "built_this_turn",
        "drawn": "drawn_to_choose", "keep_n": "cards_to_keep", "redraw": "magician_discards",
        "grave": "graveyard_offer", "wiz": "ability_step", "tribute": "tribute_seat",
        "art": "beautified_this_turn", "protect": "protected_seat", "robber": "robber_seat",
    }
    """The names these fields had before (old → new): a save that uses them still loads."""
    OBSERVATION_SCHEMA: ClassVar[int] = 2
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {
        2: {
            "crown": "crown_seat", "complete_at": "complete_city_size", "first_complete": "first_complete_seat",
            "coins": "beautified", "haunted_round": "haunted_city_round", "revealed": "revealed_characters",
            "absent": "absent_characters", "killed": "killed_character", "robbed": "robbed_character",
            "bewitched": "bewitched_character", "draft_step": "draft_index", "graveyard": "graveyard_offer",
            "tribute": "tribute_seat", "protected": "protected_seat", "wizard": "ability_step",
            "known_hands": "known_hand_cards", "draft_seen": "draft_offers_seen", "offer": "draft_offer",
            "drawn": "drawn_to_choose", "redraw": "magician_discards",
            "turn.took": "turn.took_gold_or_cards", "turn.builds": "turn.builds_left",
            "turn.income_done": "turn.income_taken", "turn.used": "turn.ability_used",
            "turn.lab_used": "turn.laboratory_used", "turn.destroyed": "turn.district_destroyed",
            "turn.spent": "turn.spent_on_builds", "turn.built": "turn.built_this_turn",
            "turn.drawn": "turn.drawn_to_choose_count", "turn.keep": "turn.cards_to_keep",
            "turn.redraw": "turn.magician_discards_count", "turn.art": "turn.beautified_this_turn",
        },
    }
    """The observation's keys before they took the fields' names (old → new; ``turn.x``: a key of the
    ``turn`` dict), read by ``meeple.core.observation_schema.upgrade_observation``."""

    @classmethod
    def upgrade_saved_fields(cls, fields: dict[str, Any]) -> dict[str, Any]:
        """A save's fields in today's forms: before the sub-steps were named, a ``draw_queue`` entry was
        ``seat * 2 + 1`` (into the hand) or ``seat * 2`` (to choose from), and ``ability_step`` was
        ``[seat, stage number, district]`` (``[]``: none). Anything else is left as it is."""
        queue, step = fields.get("draw_queue"), fields.get("ability_step")
        old_queue = isinstance(queue, list) and any(type(entry) is int for entry in queue)
        old_step = isinstance(step, list) and (step == [] or (len(step) == 3 and all(type(x) is int for x in step)
                                                              and 0 <= step[1] < len(ABILITY_STAGES)))
        if not (old_queue or old_step):
            return fields
        fields = dict(fields)
        if old_queue:
            fields["draw_queue"] = [{"seat": entry >> 1, "into_hand": bool(entry & 1)} if type(entry) is int
                                    else entry for entry in queue]
        if old_step:
            fields["ability_step"] = ({"stage": ABILITY_STAGES[step[1]], "seat": step[0], "district": step[2]}
                                      if step else {})
        return fields

    # the game
    phase: int                            # actions.PHASE_*
    mover: int                            # the seat to move, CHANCE, or actions.NOBODY once over (noted by the
                                          # rules where it changes; in a turn, once its choices are listed)
    chance_kind: str                      # the pending chance event: "crown", "draw", "down" or "up"
    crown_seat: int                       # who holds the crown (-1 before it is dealt)
    round: int
    complete_city_size: int               # districts of a complete city (8, or 10, 12, 7 by the variants)
    first_complete_seat: int              # the first seat to complete its city, -1 before
    # the seats
    gold: list[int]
    hands: list[list[int]]                # district cards in hand, per seat
    cities: list[list[int]]               # districts built, per seat, in building order
    beautified: list[list[int]]           # districts carrying an Artist's coin, per seat
    haunted_city_round: list[int]         # the round each seat built its Haunted City, -1 for none
    # the district deck
    deck_unseen: list[int]                # the unseen cards of the deck, sorted (drawn by chance)
    deck_bottom: list[int]                # cards put under the deck, in order, drawn after deck_unseen
    deck_bottom_seen_by: list[int]        # per deck_bottom card: a bit mask of the seats that know it
    known_hand_cards: list[list[list[int]]]  # [r][q]: cards of seat q's hand that seat r knows
    draw_queue: list[dict[str, Any]]      # draws to make, in order: {"seat": seat, "into_hand": True} into the
                                          # hand, "into_hand": False among the cards to choose from
    # the characters and the draft
    characters: list[int]                 # this game's characters, in rank order
    character_holder: list[int]           # per character (all 18): a seat, or actions.FACE_DOWN/FACE_UP/…
    character_deal: list[list[int]]       # this round's dealt characters in order: [holder, character]
    draft_offers_seen: list[list[list]]   # per seat: [deal index, extra indices, characters] of each offer seen
    character_pool: list[int]             # characters not yet dealt or taken this round
    draft_offer: list[int]                # the characters offered to the seat choosing now
    draft_order: list[list[int]]          # the draft's steps: [seat, actions.PICK or LAY_FACE_DOWN]
    draft_index: int                      # the next step of draft_order
    seven_player_pick: list[int]          # 7 players: [last seat], then [its seat, its deal index]
    face_down_to_deal: int                # characters still to set aside face down before the draft
    face_up_to_deal: int                  # and face up
    # the calls and the turn
    call_index: int                       # the next character of `characters` to call
    revealed_characters: list[list[int]]  # [character, seat] of each character called and answered
    absent_characters: list[int]          # characters called that nobody held
    killed_character: int                 # -1 for none; likewise the next three
    robbed_character: int
    bewitched_character: int
    robber_seat: int                      # who robs (the Thief, or the Witch acting as the Thief)
    protected_seat: int                   # the Bishop's seat this round (safe from the Warlord), -1
    tax_owed: list[int]                   # seats that built before the Tax Collector was called
    current_character: int                # the character whose turn it is, -1
    current_seat: int                     # the seat playing it, -1
    witch_step: int                       # 0, 1 (the bewitched seat plays), 2 (the Witch plays its turn)
    took_gold_or_cards: bool
    builds_left: int
    income_taken: bool
    ability_used: bool
    laboratory_used: bool
    smithy_used: bool
    district_destroyed: bool              # the Warlord destroyed: only the end of the turn is left
    spent_on_builds: int                  # gold paid for building this turn (the Alchemist's refund)
    built_this_turn: int
    drawn_to_choose: list[int]            # cards drawn to keep from
    cards_to_keep: int
    magician_discards: list[int]          # the Magician's cards laid aside, to be redrawn
    graveyard_offer: list[int]            # [district destroyed, the Graveyard's seat] while it decides
    ability_step: dict[str, Any]          # {} or {"stage": actions.WIZARD_TAKE …, "seat": seat, "district": card}
    tribute_seat: int                     # who owes the Emperor a tribute now, -1
    beautified_this_turn: int             # the Artist's coins placed this turn

"""The fields of a God's Playground state, declared once; every rules module is a mixin over this class.

"每个家族分别有4个步兵、3个骑兵、1个火炮、12个贵族数字片、20个贵族方块、16个家族标记。另外灰色的配件代表波兰国王，
分别有4个步兵、4个骑兵、1个火炮、12个国王方块。……每个敌人分别有25、25、25、30、20个方块"
The families' cubes, discs, tokens and units, the king's army and cubes, the enemies' cubes, the
land managers and the cities, where each of them is now, and where the game is. Every field is
JSON-native (ints, bools, strs, lists and dicts of them), so that the engine copies, saves and compares
a state by its ``FIELDS``. Seats are 0 White, 1 Blue, 2 Red; provinces and enemies share their numbers
0–4; -1 means none. What each field holds and who may see it: "State fields" in
docs/rules/gods-playground.md (a test keeps the two in step).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import State
from meeple.core.state import LIST, ROWS, VALUE


class GodsPlaygroundFields(State):
    """The state's data; the rules are in the mixins that ``rules.GodsPlaygroundState`` joins."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "round", "phase", "mode", "movers", "turn", "passed", "king", "start_player", "setup_estates_placed",
        "income_levels", "estates", "noble_cubes", "enemy_cubes", "cubes_in_hand", "discs_in_hand", "senate",
        "money", "vp", "tokens_in_hand", "tokens_placed", "tokens_shown", "units", "units_in_hand",
        "cossacks", "royal_army", "track_nobles", "track_royal_cubes", "track_enemy_cubes", "enemy_supply",
        "treaty", "diplomacy_used", "city_used", "habsburgs_annexed", "ottomans_invaded",
        "land_managers_left", "cities_left", "invaded", "estates_built", "picks_left", "step", "bids",
        "bidders", "dice", "battle", "battle_queue", "expansion", "over", "camp_total", "final_estate_vp",
    )
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        "rnd": "round", "first": "start_player", "setup_n": "setup_estates_placed", "level": "income_levels",
        "pc": "noble_cubes", "pe": "enemy_cubes", "hand": "cubes_in_hand", "discs": "discs_in_hand",
        "tok": "tokens_in_hand", "placed": "tokens_placed", "shown": "tokens_shown", "uhand": "units_in_hand",
        "coss": "cossacks", "royal": "royal_army", "tn": "track_nobles", "tr": "track_royal_cubes",
        "te": "track_enemy_cubes", "esup": "enemy_supply", "diplo_used": "diplomacy_used",
        "annexed": "habsburgs_annexed", "ott_invaded": "ottomans_invaded", "lm_pool": "land_managers_left",
        "cities": "cities_left", "hit": "invaded", "builds": "estates_built", "picks": "picks_left",
        "sub": "step", "bqueue": "battle_queue", "exp": "expansion", "final": "final_estate_vp",
    }
    """The names these fields had before (old → new): a save that uses them still loads."""
    FIELD_SHAPES: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("round", "phase", "mode", "turn", "king", "start_player", "setup_estates_placed", "treaty",
                         "diplomacy_used", "city_used", "habsburgs_annexed", "ottomans_invaded", "land_managers_left",
                         "cities_left", "over", "camp_total"), VALUE),
        **dict.fromkeys(("movers", "passed", "income_levels", "cubes_in_hand", "discs_in_hand", "senate", "money", "vp",
                         "cossacks", "royal_army", "track_royal_cubes", "track_enemy_cubes", "enemy_supply", "invaded",
                         "estates_built", "picks_left", "bids", "bidders", "dice", "final_estate_vp"), LIST),
        **dict.fromkeys(("noble_cubes", "enemy_cubes", "tokens_in_hand", "tokens_placed", "tokens_shown",
                         "units_in_hand", "track_nobles", "battle_queue"), ROWS),
    }
    """How a copy copies the fields of these shapes (``State.FIELD_SHAPES``); the deeper ones (``estates``,
    ``units``, ``step``, ``battle``, ``expansion``) by a ``marshal`` round trip."""
    OBSERVATION_SCHEMA: ClassVar[int] = 2
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {
        2: {"level": "income_levels", "annexed": "habsburgs_annexed", "cities": "cities_left", "hit": "invaded",
            "builds": "estates_built", "sub": "step"},
    }
    """The observation's keys by schema (``meeple.core.observation_schema``): schema 2 shows these fields
    under their names, not their former ones (old → new)."""

    # where the game is
    round: int                          # 1-4
    phase: int                          # 1-16 (0: the setup)
    mode: str                           # the open step (flow.STEPS): a decision, a random outcome, auto, over
    movers: list[int]                   # the seats deciding now ([CHANCE]: a random outcome)
    turn: int                           # the seat whose turn it is in a phase played in turns
    passed: list[bool]                  # per family: passed in this phase's turns
    king: int
    start_player: int
    setup_estates_placed: int
    # the provinces
    income_levels: list[int]            # per province, 1-5
    estates: list[list[list[int]]]      # per province, the track's slots: [owner, land manager, city]
    noble_cubes: list[list[int]]        # per province and family
    enemy_cubes: list[list[int]]        # per province and enemy
    senate: list[int]                   # per province: the family on its senate seat (-1: empty)
    invaded: list[bool]                 # per province: enemy cubes entered it this round
    # the families
    cubes_in_hand: list[int]
    discs_in_hand: list[int]
    money: list[int]
    vp: list[int]
    tokens_in_hand: list[list[int]]
    tokens_placed: list[list[int]]      # per family and area: the token face down (-1: none)
    tokens_shown: list[list[int]]       # per family and area: the token turned up this round (-1: none)
    units: list[list[list[int]]]        # per family and province: infantry, cavalry, artillery
    units_in_hand: list[list[int]]
    estates_built: list[int]            # per family: estates built in this phase 7
    final_estate_vp: list[int]
    # the king and the enemies
    cossacks: list[int]                 # per Cossack: the seat that hired it, IN_COSSACK_AREA, WITH_THE_TATARS
    royal_army: list[int]
    camp_total: int
    track_nobles: list[list[int]]       # per enemy and family
    track_royal_cubes: list[int]
    track_enemy_cubes: list[int]
    enemy_supply: list[int]
    treaty: int                         # the enemy with the treaty marker (-1: none)
    diplomacy_used: bool
    city_used: bool
    habsburgs_annexed: bool
    ottomans_invaded: bool
    land_managers_left: int
    cities_left: int
    # the open decision's details
    picks_left: list[int]               # the seats still to pick a special action, in order
    step: dict[str, Any]                # what the dice are for, the province recruited in, the Jesuit schools …
    bids: list[int]                     # per family: its sealed bid (-1: none)
    bidders: list[int]
    dice: list[int]
    battle: dict[str, Any] | None       # the battle being fought (battles.py)
    battle_queue: list[list[Any]]       # the defences still to fight: [seat, province, "defend", enemy]
    expansion: dict[str, Any]           # phase 13's progress
    over: bool

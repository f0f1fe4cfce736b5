"""The fields of a Kingsburg state, declared once; ``rules.KingsburgState`` joins the sections over them.

「玩家各有3個木製的玩家標記(圓形)，1個用於標示分數；1個用於標示兵力；1個用於標示次序。……
遊戲圖板下方為季節表(即回合步驟記錄)」
The scores, soldiers and turn order, the season track, the board and the provinces, as JSON-native fields (ints,
bools, strs and lists of them), so that the engine copies, saves and compares a state by its
``FIELDS``. Seats are ``0 … n-1``. What each field holds and who may see it: "State fields" in
docs/rules/kingsburg.md (a test keeps the two in step).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import State
from meeple.core.state import DICT_ROWS, LIST, ROWS, VALUE
from meeple.games.kingsburg.flow import TASK_ITEMS, Task, task_from_items


class KingsburgFields(State):
    """The state's data; the rules are in the mixins that ``rules.KingsburgState`` joins."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "year", "step_index", "season_index", "mover", "tasks", "vp", "resources", "plus2_tokens",
        "plus2_supply", "soldiers", "buildings_owned", "turn_order", "envoy_holder", "aid_die_holder",
        "unplaced_dice", "dice_rolled", "handfuls_on_advisor", "market_used", "statue_used", "chapel_used",
        "done_placing", "built_this_season", "placing_index", "selected_advisor", "enemy_card", "enemy_seen_by",
        "enemy_revealed", "king_reinforcement", "battle_result",
    )
    FIELD_SHAPES: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("year", "step_index", "season_index", "mover", "plus2_supply", "envoy_holder",
                         "aid_die_holder", "placing_index", "selected_advisor", "king_reinforcement"), VALUE),
        **dict.fromkeys(("vp", "plus2_tokens", "soldiers", "buildings_owned", "turn_order", "market_used",
                         "statue_used", "chapel_used", "done_placing", "built_this_season", "enemy_card",
                         "enemy_revealed", "battle_result"), LIST),
        **dict.fromkeys(("resources", "unplaced_dice", "dice_rolled", "enemy_seen_by"), ROWS),
        "tasks": DICT_ROWS,
    }
    """How a copy copies each field (meeple.core.state); handfuls_on_advisor (rows of handfuls) is copied deep."""
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        "stepi": "step_index", "season": "season_index", "seat_to_move": "mover", "queue": "tasks",
        "res": "resources", "tokens": "plus2_tokens", "token_supply": "plus2_supply", "built": "buildings_owned",
        "order": "turn_order", "envoy": "envoy_holder", "aid_die": "aid_die_holder", "dice": "unplaced_dice",
        "rolled": "dice_rolled", "adv": "handfuls_on_advisor", "stuck": "done_placing",
        "built_now": "built_this_season", "cur": "placing_index", "sel": "selected_advisor", "enemy": "enemy_card",
        "peeked": "enemy_seen_by", "revealed": "enemy_revealed", "reinforcement": "king_reinforcement",
        "result": "battle_result",
    }
    """The names these fields had before (old → new): a save that uses them still loads (``mover`` was
    ``seat_to_move`` for a while, and ``mover`` before that)."""

    @classmethod
    def upgrade_saved_fields(cls, fields: dict[str, Any]) -> dict[str, Any]:
        """A save's fields in today's forms: before the tasks were named records, each was a list of its
        kind and items (``["take", seat, count, mask]``, ``["roll", seat, "all", white]``, ``["place"]``;
        ``flow.TASK_ITEMS`` gives the order). Anything else is left as it is."""
        tasks = fields.get("tasks")
        if not (isinstance(tasks, list) and any(_task_as_list(task) for task in tasks)):
            return fields
        return {**fields, "tasks": [task_from_items(task) if _task_as_list(task) else task for task in tasks]}

    OBSERVATION_SCHEMA: ClassVar[int] = 2
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {
        2: {"season": "season_index", "tokens": "plus2_tokens", "token_supply": "plus2_supply", "order": "turn_order",
            "envoy": "envoy_holder", "aid_die": "aid_die_holder", "dice": "unplaced_dice", "rolled": "dice_rolled",
            "enemy": "enemy_card", "peeked": "enemy_seen_by", "reinforcement": "king_reinforcement",
            "result": "battle_result"},
    }
    """The observation's keys are the field names (values as before: ``season_index`` shows the season's
    name, ``enemy_card`` the keys a seat may know); schema 2 renamed these keys (meeple.core.observation_schema)."""

    # the calendar and who decides
    year: int                             # 1–5 (6 once the game is over)
    step_index: int                       # the year's step in rules.STEPS, -1 before the first, 8 after the last
    season_index: int                     # 0 spring, 1 summer, 2 autumn; -1 before the first
    mover: int | None                     # the seat that decides, CHANCE, flow.GAME_OVER_SEAT, or
                                          # flow.UNRESOLVED while the front task is resolved (never between moves)
    tasks: list[Task]                     # the task queue, front first: named records (flow.Task, TASK_ITEMS)
    # the seats
    vp: list[int]
    resources: list[list[int]]            # [gold, wood, stone] per seat
    plus2_tokens: list[int]
    plus2_supply: int                     # "+2" tokens left in the box
    soldiers: list[int]
    buildings_owned: list[int]            # a bitmask per seat: bit row * 4 + level
    turn_order: list[int]
    envoy_holder: int                     # -1 nobody
    aid_die_holder: int                   # -1 nobody
    # the season
    unplaced_dice: list[list[int]]        # high to low
    dice_rolled: list[list[int]]
    handfuls_on_advisor: list[list[list]]  # per advisor 0–18 (0 unused): [seat, die, …, "+2", …, "m±1"]
    market_used: list[bool]
    statue_used: list[bool]
    chapel_used: list[bool]
    done_placing: list[bool]
    built_this_season: list[int]
    placing_index: int                    # the position in turn_order of the next seat to place
    selected_advisor: int                 # place n: n, envoy n: -n, while the way is chosen; 0 none
    # the enemy and the winter
    enemy_card: list[int]                 # per year: the card's index among its five, -1 not drawn yet
    enemy_seen_by: list[list[int]]        # per year: the seats that looked at its card
    enemy_revealed: list[bool]
    king_reinforcement: int               # the King's die this winter, 0 until rolled
    battle_result: list[str]              # "won", "tie" or "lost" per seat, last winter


def _task_as_list(task: Any) -> bool:
    """Whether ``task`` is written as saves wrote it before the records: a list of a kind and its items."""
    return (isinstance(task, list) and bool(task) and isinstance(task[0], str) and task[0] in TASK_ITEMS
            and len(task) <= 1 + len(TASK_ITEMS[task[0]]))

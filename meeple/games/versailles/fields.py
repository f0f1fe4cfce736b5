"""The fields of a Versailles state, declared once; every rules module is a mixin over this class.

Seed (游戏配件): 「版图包含了中间的建筑工地和周围的行动地点。」

Every field is JSON-native (ints, bools, strs and lists of them), so that the engine copies, saves and
compares a state by its ``FIELDS``. Seats are ``0 … n-1``, locations 0–7 in the order kf mq gm ag ws
lm cs al, resources wood, marble, gold, palace tiles the indices of ``content.TILES``. What each field
holds and who may see it: "State fields" in docs/rules/versailles.md (a test keeps the two in step).
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import State
from meeple.core.state import LIST, ROWS, VALUE


class VersaillesFields(State):
    """The state's data; the rules are in the mixins that ``rules.VersaillesState`` joins."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "start_player", "turn_seat", "mover", "current_location", "unspent_workers",
        "once_only_used", "reaction_queue", "refill_due", "game_over", "end_reason", "turns_completed",
        "turns_started", "workers_at", "workers_off_board", "activation_markers", "resources", "decorations",
        "decoration_supply", "technology_levels", "double_moves_face_up", "hands", "vp", "tile_display",
        "tile_stack", "discard_pile", "construction_site", "king_space", "arrivals", "activations",
    )
    FIELD_SHAPES: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("phase", "start_player", "turn_seat", "mover", "current_location",
                         "unspent_workers", "once_only_used", "refill_due", "game_over", "end_reason",
                         "turns_completed", "king_space"), VALUE),
        **dict.fromkeys(("reaction_queue", "turns_started", "activation_markers", "decoration_supply",
                         "double_moves_face_up", "vp", "tile_display", "tile_stack", "discard_pile",
                         "construction_site", "arrivals", "activations"), LIST),
        **dict.fromkeys(("workers_at", "workers_off_board", "resources", "decorations", "technology_levels",
                         "hands"), ROWS),
    }
    """How a copy copies each field (meeple.core.state): every field has one of these shapes."""
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        # issue 39: who decides now is `mover` in every game; whose turn it is, `turn_seat`
        "active_player": "turn_seat", "deciding_player": "mover",
        # issue 26: the short names of the first saves
        "start": "start_player", "loc": "current_location",
        "budget": "unspent_workers", "flipped": "once_only_used", "queue": "reaction_queue", "refill": "refill_due",
        "turn": "turns_completed", "turns": "turns_started", "workers": "workers_at",
        "reserve": "workers_off_board", "marker": "activation_markers", "res": "resources", "deco": "decorations",
        "deco_supply": "decoration_supply", "tech": "technology_levels", "dm": "double_moves_face_up",
        "hand": "hands", "display": "tile_display", "stack": "tile_stack", "discard": "discard_pile",
        "site": "construction_site", "king": "king_space", "visits": "arrivals",
    }
    """The names these fields had before (old → new): a save that uses them still loads."""
    EARLIER_FIELD_RENAMES: ClassVar[dict[str, str]] = {"active": "active_player", "actor": "deciding_player",
                                                       "over": "game_over"}
    """The first saves' names that ``FIELD_RENAMES`` cannot hold (applied before it): those of the two fields
    issue 39 renamed again, and ``over``, today the core's key of every observation (a former name must
    never be one)."""
    OBSERVATION_SCHEMA: ClassVar[int] = 2
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {
        # issue 39: every field under its own name (schema 1 showed the fields' first names); schema 1's
        # ``over`` was this field written over the core's key of the same value: upgrading keeps both
        # (``observation_schema.CORE_KEYS``)
        2: {
            "over": "game_over",
            "start": "start_player", "active": "turn_seat", "actor": "mover", "loc": "current_location",
            "budget": "unspent_workers", "flipped": "once_only_used", "queue": "reaction_queue",
            "refill": "refill_due", "turn": "turns_completed", "turns": "turns_started", "workers": "workers_at",
            "reserve": "workers_off_board", "marker": "activation_markers", "res": "resources",
            "deco": "decorations", "deco_supply": "decoration_supply", "tech": "technology_levels",
            "dm": "double_moves_face_up", "hand": "hands", "display": "tile_display", "stack": "tile_stack",
            "discard": "discard_pile", "site": "construction_site", "king": "king_space", "visits": "arrivals"
        },
    }
    """The observation keys each schema renamed (``meeple.core.observation_schema``)."""

    # the turn
    phase: str                        # the open step: start, draw, move, decide, act, discard, offer, over
    start_player: int                 # the start player (-1 until chance picks one)
    turn_seat: int                    # the seat whose turn it is (-1 before the start)
    mover: int                        # the seat deciding now: turn_seat, or a seat offered a reaction
    current_location: int             # where the last move ended: the location activated or offered (-1 before)
    unspent_workers: int              # the current activation's workers not yet spent on its sub-actions
    once_only_used: bool              # the activation's once-only option is used (the Guild's flip; King's Favor)
    reaction_queue: list[int]         # seats still to be offered a reaction, from turn_seat's left
    refill_due: bool                  # the display is refilled before play goes on
    game_over: bool
    end_reason: str                   # why it ended: the English sentence of older saves ("" while it goes on)
    turns_completed: int              # turns finished in the whole game
    turns_started: list[int]          # per seat: turns begun
    # the seats
    workers_at: list[list[int]]       # [seat][location]: workers there
    workers_off_board: list[list[int]]  # [seat]: cheap and expensive new worker waiting (0/1 each), workers in the box
    activation_markers: list[int]     # per seat: the location of its activation marker (-1 before its first move)
    resources: list[list[int]]        # [seat]: wood, marble, gold
    decorations: list[list[int]]      # [seat][kind]: decorations held (F S T P C Y)
    technology_levels: list[list[int]]  # [seat]: level 0-3 on the gains, sites and guilds tracks
    double_moves_face_up: list[int]   # per seat: double-move tokens face up (0-2)
    hands: list[list[int]]            # per seat: palace tiles in hand (at most 4; 5 while discarding)
    vp: list[int]                     # per seat: VP of the tiles built
    # the board
    decoration_supply: list[int]      # per kind: decorations left in the supply
    tile_display: list[int]           # the Architects' Guild's 5 positions: a tile, or -1
    tile_stack: list[int]             # the face-down stack: the sorted tiles not yet seen
    discard_pile: list[int]           # the discarded tiles, sorted
    construction_site: list[int]      # the site's cells row by row (3 x 4): a tile, or -1
    king_space: int                   # the King's space on his track (0 = the first)
    arrivals: list[int]               # per location: moves that ended there (statistics)
    activations: list[int]            # per location: activations, reactions included (statistics)

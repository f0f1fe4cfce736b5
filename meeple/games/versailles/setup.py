"""游戏设置: the opening position, the start player, and the components that must stay conserved.

Seed (游戏设置): 「洗混宫殿板块面朝下放成堆叠，翻开5张放在建筑师公会。」「决定起始玩家……或者随机决定。」
「每个玩家放2个工人到国王恩赐地点的新工人格上」「安装下表设置玩家工人的起始位置，没用用到的工人放回盒子。」

Setup lays out the components; the start player is a chance outcome (``first p``), then the five
display tiles are drawn (``draw t``, architects_guild.py) before the first turn. ``first`` is performed,
described and refused here (``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action, InvariantError
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.versailles.board import (
    DECORATION_KINDS, LOCATION_COUNT, LOCATION_INDEX, SITE_CELL_COUNT, SITE_GRIDS,
    TILE_COUNT, TILE_DECORATIONS, TILE_MIN_PLAYERS, TILE_VP,
)
from meeple.games.versailles.content import (
    DECORATION_CODES, DECORATIONS_PER_KIND, DISPLAY_SIZE, DOUBLE_MOVES_PER_PLAYER, HAND_LIMIT, KING_TRACK,
    NEW_WORKERS_AT_KINGS_FAVOR, START_TABLE, WORKERS_PER_PLAYER,
)
from meeple.games.versailles.fields import VersaillesFields


class SetupRules(VersaillesFields):
    """Setting up the game (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "first": ActionSpec(perform="_act_first", describe="_describe_first", refuse="_refuse_chance"),
    }

    def setup(self) -> None:
        n = self.players
        self.phase = "start"            # start, draw, move, decide, act, discard, offer, over
        self.start_player = -1
        self.turn_seat = -1
        self.mover = -1
        self.current_location = -1
        self.unspent_workers = 0
        self.once_only_used = False     # Architects' Guild: the flip; King's Favor: recruit or flip
        self.reaction_queue: list[int] = []
        self.refill_due = True
        self.game_over = False
        self.end_reason = ""
        self.turns_completed = 0
        self.turns_started = [0] * n
        self.workers_at = [[0] * LOCATION_COUNT for _ in range(n)]
        # [cheap new worker on King's Favor's space (0/1), expensive one there (0/1), workers in the box]
        self.workers_off_board = [[0, 0, 0] for _ in range(n)]
        self.activation_markers = [-1] * n
        self.resources = [[0, 0, 0] for _ in range(n)]
        self.decorations = [[0] * DECORATION_KINDS for _ in range(n)]
        self.decoration_supply = [DECORATIONS_PER_KIND] * DECORATION_KINDS
        self.technology_levels = [[0, 0, 0] for _ in range(n)]
        self.double_moves_face_up = [DOUBLE_MOVES_PER_PLAYER] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.vp = [0] * n
        self.tile_display = [-1] * DISPLAY_SIZE
        self.tile_stack = self.tiles_in_play()
        self.discard_pile: list[int] = []
        self.construction_site = [-1] * SITE_CELL_COUNT
        self.king_space = 0
        self.arrivals = [0] * LOCATION_COUNT     # moves ending at each location (statistics)
        self.activations = [0] * LOCATION_COUNT  # activations of each location, reactions included
        self.say("versailles.setup", n=n)
        self.run_flow()

    def construction_site_cells(self) -> list[int]:
        """The open cells of the construction site with this player count."""
        return SITE_GRIDS[self.players].cells

    def king_track_length(self) -> int:
        """Spaces on the King's track for this player count (the last one ends the game)."""
        return KING_TRACK[self.players]

    def tiles_in_play(self) -> list[int]:
        """Ids of the palace tiles used with this player count (the others stay in the box)."""
        n = self.players
        return [t for t in range(TILE_COUNT) if TILE_MIN_PLAYERS[t] <= n]

    def _act_first(self, action: Action, chance: int) -> None:
        """``first p``: chance names the start player; the workers go out, then the display is drawn."""
        first = action.args[0]
        self.start_player = first
        self.turn_seat = first
        self.mover = first
        self.say("versailles.start_player", seat=first)
        self._place_starting_workers(first)
        self._refill_then("move")

    def _describe_first(self, action: Action, p: int) -> dict[str, Any] | None:
        if not 0 <= action.args[0] < self.players:
            return None
        return msg("versailles.d.first", seat=action.args[0])

    def _place_starting_workers(self, first: int) -> None:
        n = self.players
        table = START_TABLE[n]
        for order in range(n):
            p = (first + order) % n
            workers = self.workers_at[p]
            for code in table[order]:
                workers[LOCATION_INDEX[code]] += 1
            # the 2 new workers wait on King's Favor's new-worker spaces (not in play); the rest
            # of the 9 go back to the box
            box = WORKERS_PER_PLAYER - len(table[order]) - NEW_WORKERS_AT_KINGS_FAVOR
            if box < 0:
                raise ValueError("content: more than 9 workers per player in START_TABLE + new workers")
            self.workers_off_board[p] = [1, 1, box]

    def check_invariants(self) -> None:
        n = self.players
        seen = list(self.tile_stack) + list(self.discard_pile) + [t for t in self.tile_display if t >= 0]
        seen += [t for hand in self.hands for t in hand] + [t for t in self.construction_site if t >= 0]
        if sorted(seen) != self.tiles_in_play():
            raise InvariantError(f"palace tiles not conserved: {sorted(seen)}")
        if self.tile_stack != sorted(self.tile_stack):
            raise InvariantError("the stack must be a sorted list of unseen tile ids")
        for p in range(n):
            if any(len(hand) > HAND_LIMIT for hand in self.hands) and self.phase != "discard":
                raise InvariantError("hand over the limit")
            off_board = self.workers_off_board[p]
            if self.start_player >= 0 and sum(self.workers_at[p]) + sum(off_board) != WORKERS_PER_PLAYER:
                raise InvariantError(f"workers of player {p} not conserved")
            if min(self.workers_at[p]) < 0 or min(off_board) < 0 or min(self.resources[p]) < 0:
                raise InvariantError("negative count")
            if not (0 <= off_board[0] <= 1 and 0 <= off_board[1] <= 1):
                raise InvariantError("a new-worker space holds one worker or none")
            if not 0 <= self.double_moves_face_up[p] <= DOUBLE_MOVES_PER_PLAYER:
                raise InvariantError("double-move tokens not conserved")
        for k in range(DECORATION_KINDS):
            on_site = sum(TILE_DECORATIONS[t].count(k) for t in self.construction_site if t >= 0)
            held = sum(self.decorations[p][k] for p in range(n))
            if self.decoration_supply[k] + held + on_site != DECORATIONS_PER_KIND or self.decoration_supply[k] < 0:
                raise InvariantError(f"decorations of kind {DECORATION_CODES[k]} not conserved")
        if not 0 <= self.king_space < self.king_track_length():
            raise InvariantError("the King is off his track")
        placed = sum(TILE_VP[t] for t in self.construction_site if t >= 0)
        if sum(self.vp) != placed:
            raise InvariantError("VP do not match the tiles built")

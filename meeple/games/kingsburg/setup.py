"""Setting up the game (遊戲開局), and the counts that must hold all game long.

「各人拿取同色的骰子3顆、圓形標記17枚，及1塊封地圖板。……圓形「+2」標記則放到黃金、石塊、木材的下方。……
將玩家標記任意排列到次序表上。」
Each player takes 3 dice, 17 building tokens and a province board; the "+2" tokens go to the
supply; the players' markers are put on the turn-order track in any order.
"""

from __future__ import annotations

from meeple.core import InvariantError
from meeple.games.kingsburg.content import BUILDING_TOKENS, PLUS2_TOKENS, SEATS
from meeple.games.kingsburg.flow import UNRESOLVED, Task


class Setup:
    """The starting position and the invariants (mixed into ``KingsburgState``)."""

    def setup(self) -> None:
        n = self.game.players
        self.year = 1
        self.step_index = -1
        self.season_index = -1
        self.mover = UNRESOLVED
        self.tasks: list[Task] = []
        self.vp = [0] * n
        self.resources = [[0, 0, 0] for _ in range(n)]
        self.plus2_tokens = [0] * n
        self.plus2_supply = PLUS2_TOKENS
        self.soldiers = [0] * n
        self.buildings_owned = [0] * n
        self.turn_order = list(range(n))  # ASSUMPTION: the "arbitrary" first order is seat order
        self.envoy_holder = -1
        self.aid_die_holder = -1
        self._clear_season()
        self.enemy_card = [-1] * 5
        self.enemy_seen_by = [[] for _ in range(5)]
        self.enemy_revealed = [False] * 5
        self.king_reinforcement = 0
        self.battle_result: list = []
        self.say("kingsburg.setup", None, n=n, seats=list(self.turn_order))
        self.run_flow()

    def check_invariants(self) -> None:
        n = self.players
        if self.plus2_supply + sum(self.plus2_tokens) != PLUS2_TOKENS or self.plus2_supply < 0:
            raise InvariantError("'+2' tokens were created or lost")
        for p in range(n):
            if min(self.resources[p]) < 0 or self.plus2_tokens[p] < 0 or self.soldiers[p] < 0 or self.vp[p] < 0:
                raise InvariantError(f"negative count for {SEATS[p]}")
            owned = self.buildings_owned[p]
            if not 0 <= owned < 1 << 20 or owned.bit_count() > BUILDING_TOKENS:
                raise InvariantError("more buildings than building tokens")
            for first in range(0, 20, 4):
                if (owned >> first & 15) not in (0, 1, 3, 7, 15):
                    raise InvariantError(f"{SEATS[p]} owns a building without the one before it")
            if self.vp[p] < 0:
                raise InvariantError("negative VP")
        if not -1 <= self.envoy_holder < n:
            raise InvariantError("bad envoy holder")
        for number in range(19):
            if len(self.handfuls_on_advisor[number]) > (2 if number else 0):
                raise InvariantError("more than two handfuls on an advisor")

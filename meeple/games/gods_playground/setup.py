"""Setup: the families' pieces, the board, the start player and the first three estates each.

"用Dice随意决定一个起始玩家，从起始玩家开始，每人轮流摆放1个家族标记到任意省区的estate里面……直至所有玩家都
分别摆放了3个家族标志为止。" "每位玩家得到10元初始现金。"
A die picks the start player; from them, in turn, each family places a disc on an estate track
(always the next free slot) until each has placed 3; every family starts with 10 złoty.
Its actions (``ACTIONS``: the start player's die, the starting estates) are each performed,
described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import next_in_turn
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import ESTATE_ACTIONS
from meeple.games.gods_playground.content import (
    AREA_COUNT, CITY_MARKERS, COSSACK_CAVALRY, ENEMY_COUNT, ENEMY_CUBE_SUPPLY, FAMILY_DISCS, FAMILY_NOBLE_CUBES,
    FAMILY_UNITS, IN_COSSACK_AREA, LAND_MANAGERS, NOBLE_TOKENS, PLAYERS, PROVINCE_COUNT, ROUNDS, START_ESTATES,
    START_LEVEL, START_MONEY,
)
from meeple.games.gods_playground.describe import province, refusal
from meeple.games.gods_playground.events import PLACES_ESTATE
from meeple.games.gods_playground.fields import GodsPlaygroundFields


class Setup(GodsPlaygroundFields):
    """The starting position (every field's first value) and the setup's start player and estates."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # chance: the die that picks the start player
        "start": ActionSpec(perform="_act_start", describe="_describe_start", refuse=None),
        # a family places a starting estate
        "estate": ActionSpec(perform="_act_estate", describe="_describe_estate", refuse="_refuse_estate"),
    }

    def setup(self) -> None:
        self.round = 1
        self.phase = 0
        self.mode = "start"
        self.movers = [CHANCE]
        self.turn = 0
        self.passed = [False] * PLAYERS
        self.king = -1
        self.start_player = -1
        self.setup_estates_placed = 0
        self.income_levels = [START_LEVEL] * PROVINCE_COUNT
        self.estates = [[] for _ in range(PROVINCE_COUNT)]    # slots in order: [owner, land manager, city]
        self.noble_cubes = [[0] * PLAYERS for _ in range(PROVINCE_COUNT)]
        self.enemy_cubes = [[0] * ENEMY_COUNT for _ in range(PROVINCE_COUNT)]
        self.cubes_in_hand = [FAMILY_NOBLE_CUBES] * PLAYERS
        self.discs_in_hand = [FAMILY_DISCS] * PLAYERS
        self.senate = [-1] * PROVINCE_COUNT
        self.money = [START_MONEY] * PLAYERS
        self.vp = [0] * PLAYERS
        self.tokens_in_hand = [sorted(NOBLE_TOKENS) for _ in range(PLAYERS)]
        self.tokens_placed = [[-1] * AREA_COUNT for _ in range(PLAYERS)]
        self.tokens_shown = [[-1] * AREA_COUNT for _ in range(PLAYERS)]
        self.units = [[[0, 0, 0] for _ in range(PROVINCE_COUNT)] for _ in range(PLAYERS)]
        self.units_in_hand = [list(FAMILY_UNITS) for _ in range(PLAYERS)]
        self.cossacks = [IN_COSSACK_AREA] * COSSACK_CAVALRY
        self.royal_army = [0, 0, 0]
        self.track_nobles = [[0] * PLAYERS for _ in range(ENEMY_COUNT)]
        self.track_royal_cubes = [0] * ENEMY_COUNT
        self.track_enemy_cubes = [0] * ENEMY_COUNT
        self.enemy_supply = list(ENEMY_CUBE_SUPPLY)
        self.treaty = -1
        self.diplomacy_used = False
        self.city_used = False
        self.habsburgs_annexed = False
        self.ottomans_invaded = False
        self.land_managers_left = LAND_MANAGERS
        self.cities_left = CITY_MARKERS
        self.invaded = [False] * PROVINCE_COUNT
        self.estates_built = [0] * PLAYERS
        self.picks_left = []
        self.step = {}
        self.bids = [-1] * PLAYERS
        self.bidders = []
        self.dice = []
        self.battle = None
        self.battle_queue = []
        self.expansion = {"enemy": -1, "steps": []}
        self.over = False
        self.camp_total = 0
        self.final_estate_vp = [0] * PLAYERS
        self.say("gods-playground.log.setup", None, families=PLAYERS, rounds=ROUNDS)
        self.run_flow()  # the start player's die is the first step

    # ------------------------------------------------------------------ start
    def _act_start(self, action: Action, chance: int) -> None:
        p = action.args[0]
        self.start_player = self.turn = p
        self.say("gods-playground.log.start_player", None, seat=p)
        self.mode = "estate"
        self.movers = [self.turn]

    def _describe_start(self, action: Action, p: int) -> dict[str, Any]:
        return msg("gods-playground.d.start", seat=action.args[0])

    # ------------------------------------------------------------------ estate
    def _estate_actions(self, p: int) -> list[Action]:
        return [ESTATE_ACTIONS[i] for i in range(PROVINCE_COUNT) if self._free_slot(i)]

    def _act_estate(self, action: Action, p: int) -> None:
        self._place_estate(action.args[0], p)
        self.setup_estates_placed += 1
        if self.setup_estates_placed >= PLAYERS * START_ESTATES:
            self.phase = 1
            self.mode = "auto"
        else:
            self.turn = next_in_turn(self.turn, PLAYERS)
            self.movers = [self.turn]

    def _place_estate(self, i: int, p: int) -> None:
        self.estates[i].append([p, 0, 0])
        self.discs_in_hand[p] -= 1
        self.log.append(PLACES_ESTATE[p][i][len(self.estates[i]) - 1])

    def _describe_estate(self, action: Action, p: int) -> dict[str, Any]:
        i = action.args[0]
        return msg("gods-playground.d.estate", province=province(i), slot=len(self.estates[i]) + 1)

    @refusal
    def _refuse_estate(self, action: Action, p: int) -> dict[str, Any] | None:
        """The starting estates are placed only in the setup."""
        return None if self.mode == "estate" else msg("gods-playground.illegal.estate_phase")

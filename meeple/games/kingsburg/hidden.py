"""What each player may see: the enemy card, the only hidden information (the General, the Queen, the winter).

「編號10的將軍General會給予玩家2兵……並可窺探魔族大軍(查看卡牌後放回原位)」; 「翻開魔族大軍卡牌」.
This year's enemy card lies face down: a General's or Queen's look shows it to that player alone
(drawn then if nobody has looked yet); the winter turns it up for everybody. Everything else is public.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.content import BUILDING_KEYS, ENEMIES, ENEMY_KEYS, SEASONS, SEATS, YEARS, bundle
from meeple.games.kingsburg.flow import UNRESOLVED, YEAR_STEPS, task_items


class HiddenInformation:
    """The enemy card's draw and looks, the observation and the re-deal (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "enemy": ActionSpec(perform="_act_enemy", describe="_describe_enemy", refuse=None),  # chance: the card drawn
    }

    # ------------------------------------------------------------------ "peek": seat, and "draw" (seat -1)
    def _resolve_enemy_look(self) -> None:
        """General / Queen: look at this year's enemy (drawn now if nobody has yet)."""
        y = self.year - 1
        if self.enemy_card[y] < 0:
            self.mover = CHANCE
            return
        p = self.tasks.pop(0)["seat"]
        if p not in self.enemy_seen_by[y]:
            if not self.enemy_revealed[y]:
                self.reveal()  # p sees the face-down enemy card for the first time
            self.enemy_seen_by[y].append(p)
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.looks", None, seat=p)
            self.say("kingsburg.sees", (p,), seat=p, enemy=ENEMY_KEYS[y][self.enemy_card[y]])

    def _resolve_enemy_draw(self) -> None:
        if self.enemy_card[self.year - 1] < 0:
            self.mover = CHANCE
        else:
            self.tasks.pop(0)

    def _act_enemy(self, action: Action, p: int) -> None:
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        y = self.year - 1
        self.enemy_card[y] = ENEMY_KEYS[y].index(action.args[0])
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.enemy_drawn", None, year=self.year)
        if self.tasks[0]["kind"] == "draw":
            self.tasks.pop(0)  # a "peek" stays: the look follows the draw

    def _describe_enemy(self, action: Action, p: int | None) -> Message:
        y = self.year - 1
        _, strength, reward, penalty = ENEMIES[y][ENEMY_KEYS[y].index(action.args[0])]
        return Message("kingsburg.describe.enemy", {"enemy": action.args[0], "strength": strength,
                                                    "reward": bundle(reward), "penalty": bundle(penalty)})

    # ------------------------------------------------------------------ information
    def _observation(self, player: int | None) -> dict[str, Any]:
        y = self.year - 1 if self.year <= YEARS else YEARS - 1
        enemies = []
        for i in range(YEARS):
            card = self.enemy_card[i]
            known = card >= 0 and (self.enemy_revealed[i] or (player is not None and player in self.enemy_seen_by[i]))
            enemies.append(ENEMY_KEYS[i][card] if known else None)
        task = self.tasks[0] if self.tasks else None
        return {
            "seats": [SEATS[p] for p in range(self.players)],
            "year": self.year if self.year <= YEARS else YEARS,
            "step": YEAR_STEPS[self.step_index] if 0 <= self.step_index < len(YEAR_STEPS) else "over",
            "season_index": SEASONS[self.season_index] if self.season_index >= 0 else None,
            "task": task_items(task) if task else None,
            "vp": list(self.vp),
            "resources": [list(goods) for goods in self.resources],
            "plus2_tokens": list(self.plus2_tokens),
            "plus2_supply": self.plus2_supply,
            "soldiers": list(self.soldiers),
            "buildings": [[BUILDING_KEYS[b] for b in range(20) if (owned >> b & 1)] for owned in self.buildings_owned],
            "turn_order": list(self.turn_order),
            "envoy_holder": self.envoy_holder,
            "aid_die_holder": self.aid_die_holder,
            "unplaced_dice": [list(dice) for dice in self.unplaced_dice],
            "dice_rolled": [list(dice) for dice in self.dice_rolled],
            "advisors": {str(n): [list(handful) for handful in self.handfuls_on_advisor[n]]
                         for n in range(1, 19) if self.handfuls_on_advisor[n]},
            "market_used": list(self.market_used),
            "statue_used": list(self.statue_used),
            "chapel_used": list(self.chapel_used),
            "done_placing": list(self.done_placing),
            "built_this_season": list(self.built_this_season),
            "selected_advisor": self.selected_advisor,
            "enemy_card": enemies,
            "enemy_drawn": self.enemy_card[y] >= 0,
            "enemy_seen_by": [list(seen) for seen in self.enemy_seen_by],
            "king_reinforcement": self.king_reinforcement,
            "battle_result": list(self.battle_result),
        }

    def _observation_tensor(self, player: int | None) -> Any:
        """The encoding of ``observation(player)`` (encoding.py), read straight from the fields: the
        same array without building the observation first (a value network asks for it at every
        cut-off); it hides the enemy cards as ``_observation`` does."""
        return self._encoding_module().state_observation_tensor(self, player)

    def _resample_hidden(self, player: int | None) -> None:
        """Re-deal this year's enemy card for a player who has not seen it."""
        if self.year > YEARS:
            return
        y = self.year - 1
        if self.enemy_card[y] < 0 or self.enemy_revealed[y] or (player is not None and player in self.enemy_seen_by[y]):
            return
        self.enemy_card[y] = self.rng.randbelow(5)  # (the engine drops the real draw from the copy's history and log)

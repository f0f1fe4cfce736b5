"""What each family may see: the observation, and the re-deal of what it cannot see (determinize).

"各玩家从手上选择6个贵族数字片面朝下摆放……然后同时翻开" "拿手上的现金进行暗投(参照Modern Art)"
Hidden are only the values of face-down noble tokens and of sealed bids, until all are in: the
others see that an area is covered (1) or a bid is in (-2). Everything else is public.
"""

from __future__ import annotations

from typing import Any

from meeple.games.gods_playground.content import AREA_COUNT, ENEMY_COUNT, PHASE_NAMES, PHASES, PLAYERS
from meeple.games.gods_playground.fields import GodsPlaygroundFields

BID_HIDDEN = -2   # another family's sealed bid, as the observation shows it


class HiddenInformation(GodsPlaygroundFields):
    """What each family sees, and the re-deal of what it does not."""

    def _observation(self, player: int | None) -> dict[str, Any]:
        placed = []
        for q in range(PLAYERS):
            if q == player:
                placed.append(list(self.tokens_placed[q]))
            else:
                placed.append([1 if value >= 0 else 0 for value in self.tokens_placed[q]])
        bids = []
        for q in range(PLAYERS):
            if q == player:
                bids.append(self.bids[q])
            else:
                bids.append(BID_HIDDEN if self.bids[q] >= 0 else -1)
        return {
            "round": self.round, "phase": self.phase,
            "phase_name": PHASE_NAMES[self.phase] if self.phase <= PHASES else "",
            "mode": self.mode, "turn": self.turn, "king": self.king, "start_player": self.start_player,
            "income_levels": list(self.income_levels),
            "estates": [[list(slot) for slot in row] for row in self.estates],
            "nobles": [list(row) for row in self.noble_cubes],
            "enemies_in_provinces": [list(row) for row in self.enemy_cubes],
            "cubes_in_hand": list(self.cubes_in_hand), "discs_in_hand": list(self.discs_in_hand),
            "senate": list(self.senate), "money": list(self.money), "vp": list(self.vp),
            "tokens_in_hand": [list(tokens) for tokens in self.tokens_in_hand],
            "tokens_placed": placed, "tokens_shown": [list(shown) for shown in self.tokens_shown],
            "units": [[list(units) for units in row] for row in self.units],
            "units_in_hand": [list(units) for units in self.units_in_hand],
            "cossacks": list(self.cossacks), "royal_army": list(self.royal_army),
            "track_nobles": [list(row) for row in self.track_nobles], "track_royal": list(self.track_royal_cubes),
            "track_enemy": list(self.track_enemy_cubes), "strength": [self.strength(e) for e in range(ENEMY_COUNT)],
            "enemy_supply": list(self.enemy_supply), "treaty": self.treaty, "diplomacy_used": self.diplomacy_used,
            "city_used": self.city_used, "habsburgs_annexed": self.habsburgs_annexed,
            "land_managers": self.land_managers_left,
            "cities_left": self.cities_left, "invaded": list(self.invaded), "estates_built": list(self.estates_built),
            "passed": list(self.passed), "picks_left": list(self.picks_left), "step": dict(self.step), "bids": bids,
            "bidders": list(self.bidders), "dice": list(self.dice),
            "battle": None if self.battle is None else dict(self.battle),
            "camp_total": self.camp_total, "final_estate_vp": list(self.final_estate_vp),
        }

    def _resample_hidden(self, player: int | None) -> None:
        """Re-deal the other families' face-down tokens (from their tokens in hand) and sealed bids."""
        for q in range(PLAYERS):
            if q == player:
                continue
            areas = [area for area in range(AREA_COUNT) if self.tokens_placed[q][area] >= 0]
            if areas:
                pool = list(self.tokens_in_hand[q])
                self.rng.shuffle(pool)
                for area, value in zip(areas, pool):
                    self.tokens_placed[q][area] = value
            if self.bids[q] >= 0:
                self.bids[q] = self.rng.randbelow(self.money[q] + 1)

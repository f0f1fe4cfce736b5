"""Phases 15 and 16, and the end: victory points, the end of a round, the final scoring and the winner.

"阶段15：结算VP 统计所有的敌人领地，最多贵族方块的玩家获得该领地左下角的VP，如果出现多个最多者，平分VP……如果国王
方块最多，则没有人获得该VP。如果某玩家和国王一样多，则有一半VP丢失。另外国会里面的家族标记，每个得2VP。……每上缴5元
得1VP" "阶段16：回合结束 ……将所有省区内过量的敌人强大点数减少到和该省区贵族方块数量相等为止" "游戏结束 ……VP等于家族
标记所处下方印有的数字，如果有城市标记在家族标记下方，则该家族标记的得分x3。……如果平局则最多贵族方块者胜出，如果依然
平局则最多现金者胜出。"
Each round: enemy-track majorities, 2 VP per senate disc, 1 VP per 5 złoty; then the board is
cleared for the next round. After round 4 every estate scores its slot number (x3 with a city); most
VP wins, ties by nobles on the board, then money.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg
from meeple.games.gods_playground.content import (
    CITY_MULTIPLIER, COSSACK_CAVALRY, ENEMY_COUNT, ENEMY_VP, ESTATE_SLOTS, IN_COSSACK_AREA, PLAYERS, PROVINCE_COUNT,
    ROUNDS, SENATE_VP, ZLOTY_PER_VP,
)
from meeple.games.gods_playground.fields import GodsPlaygroundFields


class Scoring(GodsPlaygroundFields):
    """The round's victory points, the round's end, the final scoring and the winners."""

    # ------------------------------------------------------------------ phase 15
    def victory_points(self) -> None:
        """Phase 15: enemy-track majorities, 2 VP per senate disc, 1 VP per 5 złoty (keep at most 4)."""
        for e in range(ENEMY_COUNT):
            self._score_track(e)
        for i in range(PROVINCE_COUNT):
            q = self.senate[i]
            if q >= 0:
                self.vp[q] += SENATE_VP
        for p in range(PLAYERS):
            gain = self.money[p] // ZLOTY_PER_VP
            if gain:
                self.money[p] -= gain * ZLOTY_PER_VP
                self.vp[p] += gain
        self.say("gods-playground.log.victory_points", None,
                 points=[msg("gods-playground.log.seat_number", seat=p, value=self.vp[p]) for p in range(PLAYERS)])
        self._end_phase()

    def _score_track(self, e: int) -> None:
        row = self.track_nobles[e]
        best = max(row)
        if best == 0:
            return
        royal = self.track_royal_cubes[e]
        if royal > best:
            self.say("gods-playground.log.royal_lead", None, enemy=e)
            return
        top = [p for p in range(PLAYERS) if row[p] == best]
        shares = len(top) * (2 if royal == best else 1)
        points = ENEMY_VP[e] // shares
        for p in top:
            self.vp[p] += points
        self.say("gods-playground.log.track_score", None, enemy=e, seats=top, vp=points)

    # ------------------------------------------------------------------ phase 16
    def end_of_round(self) -> None:
        """Phase 16: clear the tracks, the senate, the armies and the treaty; trim enemies to the nobles."""
        cubes_in_hand = self.cubes_in_hand
        for e, nobles in enumerate(self.track_nobles):
            if any(nobles):
                for p in range(PLAYERS):
                    cubes_in_hand[p] += nobles[p]
                    nobles[p] = 0
            self.track_royal_cubes[e] = 0
            self.enemy_supply[e] += self.track_enemy_cubes[e]
            self.track_enemy_cubes[e] = 0
        senate = self.senate
        for i in range(PROVINCE_COUNT):
            q = senate[i]
            if q >= 0:
                self.discs_in_hand[q] += 1
                senate[i] = -1
        for p, units_in_hand in enumerate(self.units_in_hand):
            for units in self.units[p]:
                if any(units):
                    for k in range(3):
                        units_in_hand[k] += units[k]
                        units[k] = 0
        self.royal_army = [0, 0, 0]
        self.cossacks = [IN_COSSACK_AREA] * COSSACK_CAVALRY
        self.treaty = -1
        self.diplomacy_used = False
        self.city_used = False
        for i in range(PROVINCE_COUNT):
            row = self.enemy_cubes[i]
            over = sum(row) - sum(self.noble_cubes[i])
            while over > 0:
                e = row.index(max(row))
                row[e] -= 1
                self.enemy_supply[e] += 1
                over -= 1
        if self.round == 3 and self.ottomans_invaded and not self.habsburgs_annexed:
            self.habsburgs_annexed = True
            self.say("gods-playground.log.annex")
        self.ottomans_invaded = False
        self.invaded = [False] * PROVINCE_COUNT
        self.say("gods-playground.log.round_end", None, round=self.round)
        if self.round == ROUNDS:
            self.final_scoring()
            return
        self.round += 1
        self.phase = 1
        self.mode = "auto"

    # ------------------------------------------------------------------ the end
    def final_scoring(self) -> None:
        """After round 4: each estate scores its printed number, x3 with a city."""
        for i in range(PROVINCE_COUNT):
            for k, (owner, _land_manager, city) in enumerate(self.estates[i]):
                points = ESTATE_SLOTS[i][k] * (CITY_MULTIPLIER if city else 1)
                self.final_estate_vp[owner] += points
        for p in range(PLAYERS):
            self.vp[p] += self.final_estate_vp[p]
        self.say("gods-playground.log.estates_score", None,
                 points=[msg("gods-playground.log.seat_number", seat=p, value=self.final_estate_vp[p])
                         for p in range(PLAYERS)])
        self.over = True
        self.mode = "over"
        self.movers = []
        winners = self.winners()
        self.say("gods-playground.log.final", None,
                 points=[msg("gods-playground.log.seat_vp", seat=p, vp=self.vp[p]) for p in range(PLAYERS)],
                 winner=_seats_and(winners))

    def scores(self) -> list[float]:
        return list(self.vp)

    def nobles_on_board(self, p: int) -> int:
        """``p``'s noble cubes in the provinces (the first tie-break)."""
        return sum(self.noble_cubes[i][p] for i in range(PROVINCE_COUNT))

    def winners(self) -> list[int]:
        if not self.over:
            return []
        keys = [(self.vp[p], self.nobles_on_board(p), self.money[p]) for p in range(PLAYERS)]
        best = max(keys)
        return [p for p in range(PLAYERS) if keys[p] == best]


def _seats_and(seats: list[int]) -> dict[str, Any]:
    """The winners as a sentence names them: "White", "White and Blue", "White and Blue and Red"."""
    if len(seats) == 1:
        return msg("gods-playground.log.and1", seat=seats[0])
    if len(seats) == 2:
        return msg("gods-playground.log.and2", seat=seats[0], seat2=seats[1])
    return msg("gods-playground.log.and3", seat=seats[0], seat2=seats[1], seat3=seats[2])

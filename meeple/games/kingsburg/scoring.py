"""The end of the game and who wins (遊戲勝負).

「遊戲將進行5年。遊戲結束後，得分最多者勝。得分相同，則依玩家手上資源多寡分勝負，資源較多者勝。資源數目相同，
則依玩家建築數目，擁有較多建築者勝。」 The Cathedral: 「遊戲完結時，玩家每持有2個資源即得1分。」
After five years most VP wins; ties by most resources, then by most buildings. The Cathedral first
pays 1 VP per 2 resources.
"""

from __future__ import annotations

from meeple.core.i18n import msg
from meeple.games.kingsburg.content import CATHEDRAL
from meeple.games.kingsburg.flow import GAME_OVER_SEAT, YEAR_STEPS


class Scoring:
    """Scores, the final scoring and the winners (mixed into ``KingsburgState``)."""

    def scores(self) -> list[float]:
        return list(self.vp)

    def winners(self) -> list[int]:
        """Most VP; ties by resources, then by buildings (遊戲勝負)."""
        if not self.is_over():
            return []
        return self.winners_now()

    def winners_now(self) -> list[int]:
        """Who would win if the game ended now (the same tie-breaks)."""
        keys = [(self.vp[p], sum(self.resources[p]), self.buildings_owned[p].bit_count()) for p in range(self.players)]
        best = max(keys)
        return [p for p in range(self.players) if keys[p] == best]

    def _final_scoring(self) -> None:
        """After the fifth winter: the Cathedral's VP, then the final scores and the winners in the log."""
        for p in range(self.players):
            if (self.buildings_owned[p] >> CATHEDRAL & 1):
                k = sum(self.resources[p]) // 2
                self.vp[p] += k
                self.say("kingsburg.cathedral_vp", None, seat=p, n=k)
        self.year += 1
        self.step_index = len(YEAR_STEPS)
        self.mover = GAME_OVER_SEAT
        self.say("kingsburg.final_score", None,
                 scores=[msg("kingsburg.seat_score", seat=p, vp=self.vp[p]) for p in range(self.players)])
        won = self.winners_now()
        self.say("kingsburg.winner", None, seats=won, n=len(won))

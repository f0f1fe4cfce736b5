"""The score and the end (seed "胜利条件").

    每个玩家按自己已经建立了的地区计算分数，每个地区的分数等于它的建筑费用，再加上以下的奖分：
    如果建齐5 种不同颜色的建筑物，玩家就可得额外3 分；最先建设第8 个地区的玩家可得额外4 分；
    建设了8 个地区的其它玩家 (而非最先建设第8 个地区的玩家) 可得额外2 分。拿到最多分数的玩家就是胜利者。

A district scores its cost (the Dragon Gate and the University 8), plus 3 points for all five colours
(the Haunted City counts as any colour unless built in the last round), 4 for the first complete city
and 2 for every other complete city; the most points win.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg
from meeple.games.citadels.actions import NOBODY, PHASE_OVER
from meeple.games.citadels.content import (
    BONUS_COLOURS, BONUS_COMPLETE, BONUS_FIRST, CHARACTER_RANK, DISTRICT_COLOUR, DISTRICT_POINTS, HAUNTED_CITY,
    PURPLE,
)
from meeple.games.citadels.fields import CitadelsFields


def seats_message(seats: list[int]) -> dict[str, Any]:
    """Seats as one message: "Red", "Red and Blue", "Red and Blue and Green"."""
    out = msg("citadels.seat_ref", seat=seats[0])
    for q in seats[1:]:
        out = msg("citadels.and", left=out, right=msg("citadels.seat_ref", seat=q))
    return out


class ScoringRules(CitadelsFields):
    """The score, the winners and the game's end."""

    def city_score(self, p: int, final_round: int | None = None) -> int:
        """Seat ``p``'s points now; ``final_round``: score as if the game ended in that round (the Haunted
        City's colour counts only if it was built before the last round)."""
        city = self.cities[p]
        total = len(self.beautified[p])
        colours = 0
        for d in city:
            total += DISTRICT_POINTS[d]
            if d != HAUNTED_CITY:
                colours |= 1 << DISTRICT_COLOUR[d]
        if HAUNTED_CITY in city:
            last = self.round if final_round is None else final_round
            if self.haunted_city_round[p] < last:
                if bin(colours).count("1") >= 4:
                    colours = 31
            else:
                colours |= 1 << PURPLE
        if colours == 31:
            total += BONUS_COLOURS
        if self.first_complete_seat == p:
            total += BONUS_FIRST
        elif len(city) >= self.complete_city_size:
            total += BONUS_COMPLETE
        return total

    def scores(self) -> list[float]:
        return [float(self.city_score(p)) for p in range(self.game.players)]

    def winners(self) -> list[int]:
        if self.phase != PHASE_OVER:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.game.players) if scores[p] == best]
        if len(tied) == 1:
            return tied
        # tie-break (ours, from the published game): the highest-ranked character of the last round
        rank = {p: max((CHARACTER_RANK[c] for c in self.characters if self.character_holder[c] == p), default=0)
                for p in tied}
        top = max(rank.values())
        return [p for p in tied if rank[p] == top]

    def _end_game(self) -> None:
        """Seed "当该回合结束时，游戏就会实时完结": the round ends the game; the scores are announced."""
        self.phase = PHASE_OVER
        self.mover = NOBODY
        scores = [msg("citadels.seat_score", seat=p, score=int(s)) for p, s in enumerate(self.scores())]
        self.say("citadels.game_ends", scores=scores, winners=seats_message(self.winners()))

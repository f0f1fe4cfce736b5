"""游戏结束 / 游戏计分: the three ends of the game and the final scoring.

Seed (游戏结束): 「建筑工地没有空间了 / 国王走到了轨道的尽头 / 宫殿板块堆叠空了，弃置的宫殿板块又不足7个」
「游戏在条件触发后立即结束，当前玩家即使还有工人没用也不允许再做更多动作。」
(游戏计分) 「每3个大理石或3个木头或2个金块值1分 / 玩家手里每个宫殿板块值1分 / 每个装饰值3分」「胜利点数最多的玩家获胜，平局分享胜利。」

The game ends at once when one of the three happens; then the bonus is added to the VP built.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg
from meeple.games.versailles.content import DECORATION_VP, HAND_TILE_VP, RESOURCE_VP_RATE
from meeple.games.versailles.fields import VersaillesFields

END_REASON = {
    "king": "the King reached the end of his track",
    "site": "the construction site is full",
    "stack": "the palace stack is empty and only {n} tiles are discarded",
}
"""The English ``end_reason`` field, as games saved before the bilingual log stored it."""


def end_message(reason: str, discards: int) -> dict[str, Any] | None:
    """The message of an ``end_reason`` (``discards``: the tiles in the discard pile), or None."""
    if not reason:
        return None
    if reason == END_REASON["king"]:
        return msg("versailles.end.king")
    if reason == END_REASON["site"]:
        return msg("versailles.end.site")
    return msg("versailles.end.stack", n=discards)


class GameEndRules(VersaillesFields):
    """The end of the game and the scores (a mixin of ``VersaillesState``)."""

    def _end_game(self, why: str) -> None:
        """The game ends at once; ``why``: "king", "site" or "stack" (see END_REASON)."""
        self.game_over = True
        self.end_reason = END_REASON[why].format(n=len(self.discard_pile))
        self.phase = "over"
        self.reaction_queue = []
        self.say("versailles.game_ends", reason=self.end_message())
        scores = self.scores()
        self.say("versailles.final_scores",
                 scores=[msg("versailles.seat_score", seat=p, score=scores[p]) for p in range(self.players)])

    def end_message(self) -> dict[str, Any] | None:
        """Why the game ended, as a message (``msg`` form), or None while it goes on.

        ``end_reason`` keeps the English sentence of the earlier saves (a saved game's fields must
        replay exactly); screens show this message instead."""
        return end_message(self.end_reason, len(self.discard_pile))

    def final_bonus(self, p: int) -> int:
        """The points ``p`` adds at the end: resources, tiles in hand, decorations."""
        have = self.resources[p]
        return (have[0] // RESOURCE_VP_RATE[0] + have[1] // RESOURCE_VP_RATE[1] + have[2] // RESOURCE_VP_RATE[2]
                + HAND_TILE_VP * len(self.hands[p]) + DECORATION_VP * sum(self.decorations[p]))

    def scores(self) -> list[float]:
        if self.game_over:
            return [self.vp[p] + self.final_bonus(p) for p in range(self.players)]
        return list(self.vp)

    def winners(self) -> list[int]:
        if not self.game_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p in range(self.players) if scores[p] == best]

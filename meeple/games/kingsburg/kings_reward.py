"""Step 3, the King's reward (國王獎償).

「檢視各人封地圖板上的建築數目，其中建築數目最多者(可多於1人)，將獲國王獎償多得1分。」
Everyone tied for most buildings scores 1 VP (nobody while nobody has built).
"""

from __future__ import annotations

from meeple.core.log import QUIET_RECORD


class KingsReward:
    """Step 3 (mixed into ``KingsburgState``)."""

    def _resolve_kings_reward(self) -> None:
        self.tasks.pop(0)
        counts = [owned.bit_count() for owned in self.buildings_owned]
        most = max(counts)
        if most == 0:  # 建築數目最多者: with no building anywhere nobody has the most
            self.say("kingsburg.reward_nobody")
            return
        rewarded = [p for p in range(self.players) if counts[p] == most]
        for p in rewarded:
            self.vp[p] += 1
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.reward", None, seats=rewarded, n=most)

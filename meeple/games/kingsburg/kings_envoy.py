"""Step 5, the King's envoy (國王使臣).

「若國王的使臣(紫色圓柱)尚在玩家手中，該玩家必須無償地繳回國王的使臣。……只有一人可獲國王使臣協助，
若多於一人建築數目最少，他們持有資源數目相同，則無人獲得國王使臣的協助。」
An unused envoy goes back to the King; then the single player with fewest buildings (then fewest
resources) gets it, or nobody if still tied. Its uses (a shared advisor, a second building) are in
``placement.py`` and ``buildings.py``.
"""

from __future__ import annotations

from meeple.core.log import QUIET_RECORD


class KingsEnvoy:
    """Step 5 (mixed into ``KingsburgState``)."""

    def _resolve_kings_envoy(self) -> None:
        self.tasks.pop(0)
        if self.envoy_holder >= 0:
            self.say("kingsburg.returns_envoy", None, seat=self.envoy_holder)
            self.envoy_holder = -1
        fewest = self._fewest_buildings()
        if len(fewest) == 1:
            self.envoy_holder = fewest[0]
            if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                self.say("kingsburg.envoy_to", None, seat=fewest[0])
        else:
            self.say("kingsburg.envoy_nobody")

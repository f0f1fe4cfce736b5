"""Step 1, the King's aid (國王緩助), and taking resources of one's choice.

「其中建築數目最少者將獲國王緩助。若建築數目最少者多於一人，則其中持有資源(黃金、石塊、木材)較少者獲得國王緩助。
若只有一人獲得國王緩助，則該玩家在下個步驟春季生產可多擲1顆白骰。若多於一人獲得國王緩助，則玩家可任意取得1個資源。」
The player with fewest buildings (then fewest resources) gets the aid: alone, an extra white die in
spring; several, one resource of choice each. The ``take`` task (a resource of choice) also serves
the advisors, the Smuggler and the winter's rewards.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import interrupt
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import TAKE_ACTIONS
from meeple.games.kingsburg.content import RESOURCE_INDEX, RESOURCES
from meeple.games.kingsburg.flow import UNRESOLVED, take_task

# The take actions a task offers, by its mask of allowed resources (bit 0 gold, 1 wood, 2 stone);
# shared lists that the engine never mutates.
TAKE_ACTIONS_BY_MASK = tuple([TAKE_ACTIONS[r] for r in range(3) if mask >> r & 1] for mask in range(8))


class KingsAid:
    """Step 1 and the ``take`` task (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "take": ActionSpec(perform="_act_take", describe="_describe_take", refuse="_refuse_take"),
    }

    def _resolve_kings_aid(self) -> None:
        self.tasks.pop(0)
        aided = self._fewest_buildings()
        if len(aided) == 1:
            self.aid_die_holder = aided[0]
            if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                self.say("kingsburg.aid_one", None, seat=aided[0])
        else:
            self.aid_die_holder = -1
            self.say("kingsburg.aid_many", None, seats=aided)
            interrupt(self.tasks, [take_task(p, 1, 7) for p in aided])

    def _fewest_buildings(self) -> list[int]:
        """Players with fewest buildings, then among them fewest resources (King's aid / envoy), in turn order."""
        counts = [owned.bit_count() for owned in self.buildings_owned]
        fewest = min(counts)
        candidates = [p for p in self.turn_order if counts[p] == fewest]
        if len(candidates) == 1:
            return candidates
        least = min(sum(self.resources[p]) for p in candidates)
        return [p for p in candidates if sum(self.resources[p]) == least]

    # ------------------------------------------------------------------ "take": seat, count (how many), mask
    def _resolve_take(self) -> bool:
        """The take's settle: True when there was nothing to choose (nothing left to take, or one kind
        allowed), False when ``p`` chooses (the kinds allowed kept as its legal list)."""
        task = self.tasks[0]
        p, count, mask = task["seat"], task["count"], task["mask"]
        if count <= 0:
            self.tasks.pop(0)
            return True
        if mask in (1, 2, 4):  # one kind allowed: no choice to make
            r = (1, 2, 4).index(mask)
            self.resources[p][r] += count
            if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                self.say_again("kingsburg.takes", (p, count, r), seat=p, n=count, resource=RESOURCES[r])
            self.tasks.pop(0)
            return True
        self._legal_cache[p] = TAKE_ACTIONS_BY_MASK[mask]  # its legal list, kept (``_legal_take``)
        self.mover = p
        return False

    def _legal_take(self, player: int) -> list[Action]:
        return TAKE_ACTIONS_BY_MASK[self.tasks[0]["mask"]]

    def _act_take(self, action: Action, p: int) -> None:
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        tasks = self.tasks
        task = tasks[0]
        r = RESOURCE_INDEX[action.args[0]]
        self.resources[p][r] += 1
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say_again("kingsburg.takes", (p, 1, r), seat=p, n=1, resource=RESOURCES[r])
        left = task["count"] - 1
        if left <= 0:
            tasks.pop(0)
        else:
            tasks[0] = take_task(task["seat"], left, task["mask"])

    def _describe_take(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        left = self.tasks[0]["count"] if self.tasks and self.tasks[0]["kind"] == "take" else 1
        if left > 1:
            return Message("kingsburg.describe.take_more", {"resource": action.args[0], "n": left - 1})
        return Message("kingsburg.describe.take", {"resource": action.args[0]})

    def _refuse_take(self, action: Action, p: int) -> Message | None:
        return self._refuse_out_of_task(action, p, "take")

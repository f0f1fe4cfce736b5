"""Phases 7 and 14: building estates, and the estates lost and income levels changed by the enemies.

"阶段7：Build estates 从国王玩家开始，玩家轮流从任意省区回收1个贵族方块，然后从手上拿出1个新的家族标记摆放在该省区
的estate里面……从第2轮开始，任何玩家必须要回收2个贵族方块才能达到相同的效果。"
"阶段14：Estates ……如果省区内的敌人强大点数方块比所有贵族方块多的话，则在该省区estate上面的家族标记要被移除……只要
存在任何1个敌人强大点数方块，则至少要移除1个家族标记……和平……收入水平加一……被消灭掉的，收入水平不变……残留在
省区内，则收入水平减一。"
From the king, in turns: an estate for 1 cube the first time, 2 cubes afterwards. At the round's
end enemies outnumbering the nobles take estates from the top of the track; income levels go up
in peace, stay when the enemy was repelled, go down while enemies remain.
Its action (``ACTIONS``: building an estate; a pass ends a family's building, ``_pass_build``) is
performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action, LogEntry
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.core.log import QUIET_RECORD
from meeple.games.gods_playground.actions import BUILD_ACTIONS, PASS
from meeple.games.gods_playground.content import ESTATE_SLOTS, MAX_LEVEL, MIN_LEVEL, PLAYERS, PROVINCE_COUNT
from meeple.games.gods_playground.describe import cubes, province, refusal
from meeple.games.gods_playground.events import (
    BUILDS, ENEMY_TOTAL, LEVEL, LOST_SLOT, NOBLE_COUNT, PASSES_BUILD, event,
)
from meeple.games.gods_playground.fields import GodsPlaygroundFields


SLOT_COUNTS = tuple(len(slots) for slots in ESTATE_SLOTS)
"""How many estates each province's track holds."""


def _estates_line(i: int, enemies: int, nobles: int, lost: list[tuple[int, int, int]] | None) -> LogEntry:
    """Phase 14's line for province ``i``: the enemy and noble cubes counted, and the estates ``lost`` (slot,
    owner, city) or why none is ("Great Poland: 7 enemy cubes against 3 noble cubes: … slot 8 (White), …");
    ``lost`` None: the enemies do not cost an estate (outnumbered, or old cubes at peace)."""
    counted = {"province": i, "enemies": ENEMY_TOTAL[enemies], "nobles": NOBLE_COUNT[nobles]}
    if lost is None:
        key = "gods-playground.log.keeps_estates" if enemies < nobles else "gods-playground.log.keeps_estates_peace"
        return event(key, **counted)
    if not lost:
        return event("gods-playground.log.no_estate_to_lose", **counted)
    slots = [LOST_SLOT[slot][owner][city] for slot, owner, city in lost]
    key = "gods-playground.log.loses_estates" if enemies > nobles else "gods-playground.log.loses_estates_tie"
    return event(key, n=len(lost), slots=slots, **counted)


class Estates(GodsPlaygroundFields):
    """Building estates, and the estates and income levels the enemies change."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # phase 7: an estate built for noble cubes (a pass ends the family's building: ``_pass_build``)
        "build": ActionSpec(perform="_act_build", describe="_describe_build", refuse="_refuse_build"),
    }

    def _free_slot(self, i: int) -> bool:
        """Province ``i``'s estate track has a free slot."""
        return len(self.estates[i]) < SLOT_COUNTS[i]

    # ------------------------------------------------------------------ phase 7
    def build_estates(self) -> None:
        """Phase 7: from the king, in turns: 1 cube for an estate the first time, 2 cubes afterwards."""
        self.estates_built = [0] * PLAYERS
        self._start_turns("build", self._can_build)

    def _can_build(self, p: int) -> bool:
        if self.discs_in_hand[p] == 0:
            return False
        cost = 1 if self.estates_built[p] == 0 else 2
        estates = self.estates
        for i, row in enumerate(self.noble_cubes):
            if row[p] >= cost and len(estates[i]) < SLOT_COUNTS[i]:
                return True
        return False

    def _build_actions(self, p: int) -> list[Action]:
        actions = []
        if self.discs_in_hand[p] > 0:
            cost = 1 if self.estates_built[p] == 0 else 2
            estates = self.estates
            for i, row in enumerate(self.noble_cubes):
                if row[p] >= cost and len(estates[i]) < SLOT_COUNTS[i]:
                    actions.append(BUILD_ACTIONS[i])
        actions.append(PASS)
        return actions

    def _act_build(self, action: Action, p: int) -> None:
        i = action.args[0]
        cost = 1 if self.estates_built[p] == 0 else 2
        self.noble_cubes[i][p] -= cost
        self.cubes_in_hand[p] += cost
        self.estates_built[p] += 1
        self.estates[i].append([p, 0, 0])
        self.discs_in_hand[p] -= 1
        self.log.append(BUILDS[p][i][len(self.estates[i]) - 1][cost - 1])
        self._next_turn(self._can_build, "build")

    def _pass_build(self, p: int) -> None:
        self.passed[p] = True
        self.log.append(PASSES_BUILD[p])
        self._next_turn(self._can_build, "build")

    def _describe_build(self, action: Action, p: int) -> dict[str, Any]:
        i = action.args[0]
        cost = 1 if self.estates_built[p] == 0 else 2
        return msg("gods-playground.d.build", province=province(i), slot=len(self.estates[i]) + 1,
                   level=self.income_levels[i], cost=cubes(i, cost))

    @refusal
    def _refuse_build(self, action: Action, p: int) -> dict[str, Any] | None:
        """In phase 7 only, for 1 cube the first time and 2 afterwards, on a track with a free slot."""
        args = action.args
        if self.mode != "build":
            return msg("gods-playground.illegal.build_phase")
        if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT:
            cost = 1 if self.estates_built[p] == 0 else 2
            if self.noble_cubes[args[0]][p] < cost:
                return msg("gods-playground.illegal.build_cubes", count=cost, province=args[0])
            if not self._free_slot(args[0]):
                return msg("gods-playground.illegal.build_full", province=args[0])
        return None

    # ------------------------------------------------------------------ phase 14
    def estates_phase(self) -> None:
        """Phase 14: estates lost to the excess (at least one unless the nobles outnumber the enemies);
        income levels +1 peaceful, = repelled, -1 occupied."""
        estates, levels, invaded = self.estates, self.income_levels, self.invaded
        for i in range(PROVINCE_COUNT):
            enemies = sum(self.enemy_cubes[i])
            nobles = sum(self.noble_cubes[i])
            # at peace (no new enemy cube this round) old cubes cost estates only where they
            # outnumber the nobles; otherwise any cube left costs at least one estate
            if enemies > nobles or (enemies > 0 and enemies == nobles and invaded[i]):
                to_lose = max(1, enemies - nobles)
                lost = []
                while to_lose > 0 and estates[i]:
                    owner, land_manager, city = estates[i].pop()
                    self.discs_in_hand[owner] += 1
                    self.land_managers_left += land_manager
                    self.cities_left += city
                    to_lose -= 1
                    lost.append((len(estates[i]) + 1, owner, city))
                if self.log is not QUIET_RECORD:
                    self.log.append(_estates_line(i, enemies, nobles, lost))
            elif enemies > 0 and self.log is not QUIET_RECORD:
                self.log.append(_estates_line(i, enemies, nobles, None))
            old = levels[i]
            if not invaded[i]:
                levels[i] = min(MAX_LEVEL, old + 1)
            elif enemies > 0:
                levels[i] = max(MIN_LEVEL, old - 1)
            if levels[i] != old:
                self.log.append(LEVEL[i][old][levels[i]])
        self._end_phase()

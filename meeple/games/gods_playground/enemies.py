"""Phases 5, 11 and 13: the events, the enemies' attack and their expansion.

"阶段5：事件 成为国王的玩家，投4个骰子，根据4个骰子的结果，为相对应的敌人领地添加强大点数方块。"
"阶段11：敌人入侵 ……如果有2个或以上骰子的结果正好是有外交标记存在敌人领地，那么将外交标记移开，缔结的和约将被撕毁
……如果前者大于后者，则该敌人会入侵。" "阶段13：敌人扩张 ……如果省区内敌人的强大点数方块总数比所有贵族方块的总合
要多的话，相差数量的强大点数方块将会扩张到相邻的省区……同一省区内，若有不同颜色的敌人强大点数方块存在，则互相抵消
相同的个数。"
The king's 4 dice add strength cubes (die e+1 to enemy e); in phase 11 four more dice (two on the
treaty's enemy break it), then every enemy stronger than the nobles and royal cubes on its track
invades its province; in phase 13 an enemy's excess over the nobles spreads along its arrows, and
different enemies in one province cancel cube for cube.
"""

from __future__ import annotations

from meeple.core import CHANCE, LogEntry
from meeple.core.log import QUIET_RECORD
from meeple.core.i18n import msg
from meeple.games.gods_playground.content import (
    ARROWS, ENEMY_COUNT, HABSBURGS, IN_COSSACK_AREA, OTTOMANS, PROVINCE_COUNT, STRENGTH, TATARS, WITH_THE_TATARS,
)
from meeple.games.gods_playground.describe import list_and
from meeple.games.gods_playground.events import (
    CANCEL, ENEMY_CUBES, EXPANDS, KING_ROLLS, NOBLE_COUNT, STRENGTH_CUBE, event,
)
from meeple.games.gods_playground.fields import GodsPlaygroundFields

INTO = [{source: list_and([msg("gods-playground.d.province", province=t) for t in targets])
         for source, targets in ARROWS[e].items()} for e in range(ENEMY_COUNT)]
"""``INTO[e][source]``: the provinces enemy ``e``'s arrows lead to from ``source`` ("Ukraine and Great Poland")."""


class Enemies(GodsPlaygroundFields):
    """The enemies' strength, the king's dice, the invasions and the expansion."""

    def strength(self, e: int) -> int:
        """An enemy's strength now: printed + strength cubes on its track (+ Cossacks for the Tatars)."""
        base = STRENGTH[OTTOMANS if (e == HABSBURGS and self.habsburgs_annexed) else e][self.round - 1]
        total = base + self.track_enemy_cubes[e]
        if e == TATARS:
            total += self.cossacks.count(WITH_THE_TATARS)
        return total

    def defence(self, e: int) -> int:
        """The noble and royal cubes on enemy ``e``'s track."""
        return sum(self.track_nobles[e]) + self.track_royal_cubes[e]

    # ------------------------------------------------------------------ the king's dice (phases 5 and 11)
    def events(self) -> None:
        """Phase 5: the king rolls 4 dice; each 1-5 adds a strength cube to that enemy."""
        self.dice = []
        self.step = {"dice": "events"}
        self.mode = "dice"
        self.movers = [CHANCE]

    def _die_rolled(self, die: int) -> None:
        self.dice.append(die)
        kind = self.step.get("dice")
        if kind == "diplomacy":
            self._diplomacy_paid(die)
            return
        self.log.append(KING_ROLLS[self.king][die - 1])
        if kind == "events":
            if die <= 5:
                self._add_track_cube(die - 1)
            elif self.round == 2:
                self._cossack_defects(from_provinces=False)
            if len(self.dice) == 4:
                self.say("gods-playground.log.events", None, dice=list(self.dice))
                self.step = {}
                self._end_phase()
        elif kind == "attack":
            if len(self.dice) == 4:
                self.step = {}
                self._resolve_attack()

    def _add_track_cube(self, e: int) -> None:
        if self.enemy_supply[e] > 0:
            self.enemy_supply[e] -= 1
            self.track_enemy_cubes[e] += 1
            self.log.append(STRENGTH_CUBE[e][self.strength(e)])

    def _cossack_defects(self, from_provinces: bool) -> None:
        """Round 2: a 6 sends a Cossack to the Tatars (first a hired one, then from the Cossack area)."""
        j = -1
        if from_provinces:
            for k, where in enumerate(self.cossacks):
                if where >= 0:
                    j = k
                    break
        if j < 0 and IN_COSSACK_AREA in self.cossacks:
            j = self.cossacks.index(IN_COSSACK_AREA)
        if j >= 0:
            self.cossacks[j] = WITH_THE_TATARS
            self.say("gods-playground.log.cossack_defects")

    # ------------------------------------------------------------------ phase 11
    def enemies_attack(self) -> None:
        """Phase 11: 4 dice for strength (treaties may break), then invasions and defence in die order."""
        self.dice = []
        self.step = {"dice": "attack"}
        self.mode = "dice"
        self.movers = [CHANCE]
        self.battle_queue = []

    def _resolve_attack(self) -> None:
        dice = self.dice
        self.say("gods-playground.log.attack_dice", None, dice=list(dice))
        treaty = self.treaty
        if treaty >= 0 and dice.count(treaty + 1) >= 2:
            self.treaty = -1
            self.say("gods-playground.log.treaty_broken", None, enemy=treaty)
        for die in dice:
            if die == 6:
                if self.round == 2:
                    self._cossack_defects(from_provinces=True)
            elif die - 1 != treaty:
                self._add_track_cube(die - 1)
        for e in range(ENEMY_COUNT):
            if e == self.treaty:
                self.say("gods-playground.log.keeps_treaty", None, enemy=e)
                continue
            strength, defence = self.strength(e), self.defence(e)
            if strength > defence:
                self.invade(e, strength, defence)
            else:
                self.say("gods-playground.log.held", None, enemy=e, strength=strength, n=defence)
        self.dice = []
        if not self._next_battle():
            self._end_phase()

    def invade(self, e: int, strength: int, defence: int) -> None:
        """The enemy's whole strength enters its province as cubes (track cubes + the printed rest); its
        ``defence`` (the cubes on its track) did not hold it."""
        moved = self.track_enemy_cubes[e]
        self.track_enemy_cubes[e] = 0
        extra = min(strength - moved, self.enemy_supply[e])
        self.enemy_supply[e] -= extra
        self.enemy_cubes[e][e] += moved + extra
        self.invaded[e] = True
        if e == OTTOMANS:
            self.ottomans_invaded = True
        n = moved + extra
        self.say_again("gods-playground.log.invades", (e, strength, defence, n), enemy=e, strength=strength,
                       defence=defence, province=e, n=n)
        self._queue_defence(e, e)

    # ------------------------------------------------------------------ phase 13
    def enemies_expand(self) -> None:
        """Phase 13: in die order, an enemy's excess over all nobles spreads along its arrows."""
        self.expansion = {"enemy": -1, "steps": []}
        self.battle_queue = []
        self._expand_continue()

    def _expand_continue(self) -> None:
        """Spread the pending excess (``expansion["steps"]``: [enemy, province, cubes]), stopping for each
        defence; then queue the next enemy's arrows, and after the last enemy cancel the enemies."""
        steps = self.expansion["steps"]
        while True:
            if self.battle_queue and self._next_battle():
                return
            if steps:
                e, target, excess = steps.pop(0)
                n = min(excess, self.enemy_supply[e])
                if n < excess:   # the supply runs out: say so, the excess is not all placed
                    self.say_again("gods-playground.log.expand_short" if n else "gods-playground.log.expand_none",
                                   (n, excess, e, target), n=n, excess=excess, enemy=e, enemy_adj=e, province=target)
                if n > 0:
                    self.enemy_supply[e] -= n
                    self.enemy_cubes[target][e] += n
                    self.invaded[target] = True
                    self.log.append(EXPANDS[e][target][n])
                    self._queue_defence(target, e)
                continue
            e = self.expansion["enemy"] + 1
            if e >= ENEMY_COUNT:
                self._cancel_enemies()
                self._end_phase()
                return
            self.expansion["enemy"] = e
            for source, targets in ARROWS[e].items():
                # all enemy cubes in the province against all its nobles ("敌人的强大点数方块总数比所有
                # 贵族方块的总合要多"); the enemy spreads only where it has cubes itself
                row = self.enemy_cubes[source]
                if row[e] == 0:
                    continue
                nobles = sum(self.noble_cubes[source])
                excess = sum(row) - nobles
                if excess > 0:
                    for target in targets:
                        steps.append([e, target, excess])
                if self.log is not QUIET_RECORD:
                    self.log.append(self._counted(e, source, targets))

    def _counted(self, e: int, source: int, targets: tuple[int, ...]) -> LogEntry:
        """What phase 13 counts in ``source`` for enemy ``e``: every enemy cube there against every noble cube, and
        where the excess goes ("Little Poland: 8 enemy cubes (7 Tatar cubes and 1 Ottoman cube) against 2 noble
        cubes: 6 too many. Along the Ottomans' arrows, …"), or that it stays."""
        row = self.enemy_cubes[source]
        enemies, nobles = sum(row), sum(self.noble_cubes[source])
        counted = list_and([ENEMY_CUBES[k][n] for k, n in enumerate(row) if n])
        noble_count = NOBLE_COUNT[nobles]
        excess = enemies - nobles
        if excess <= 0:
            return event("gods-playground.log.no_spread", province=source, n=enemies, cubes=counted,
                         nobles=noble_count, enemy=e)
        into = INTO[e][source]
        spread = msg("gods-playground.d.spread" if len(targets) > 1 else "gods-playground.d.spread_one",
                     n=excess, enemy=e, enemy_adj=e, into=into)
        return event("gods-playground.log.exceed", province=source, n=enemies, cubes=counted, nobles=noble_count,
                     excess=excess, spread=spread)

    def _cancel_enemies(self) -> None:
        """Different enemies in one province cancel cube for cube (the two smallest first)."""
        for i in range(PROVINCE_COUNT):
            row = self.enemy_cubes[i]
            while row.count(0) < ENEMY_COUNT - 1:   # two enemies or more: the two smallest cancel
                (n1, e1), (_n2, e2) = sorted([(n, e) for e, n in enumerate(row) if n > 0])[:2]
                row[e1] -= n1
                row[e2] -= n1
                self.enemy_supply[e1] += n1
                self.enemy_supply[e2] += n1
                self.log.append(CANCEL[i][e1][e2][n1])

"""Phases 4, 9, 10 and 12: the king's army, the families' armies, campaigns and Poland fighting back.

"阶段4：征召国王军队 征召国王军队的规模，跟每回合的初始国王军队规模以及本回合在波兰军营区的贵族数字片有关。"
"阶段9：雇佣军队 ……从国王玩家开始，每人轮流选择任意1个省区进行雇佣军队，在该省区回收1个自己的贵族方块，则可以雇佣
任意多的军队。" "阶段10：战役 从国王玩家开始，每人轮流根据自己的意愿选择一个省区里面自己的军队对省区所在的敌人进行
开战，开战前先回收1个自己的贵族方块。" "阶段12：波兰反击 先由国王玩家，控制国王军队，任意选择1个仍然存在敌人强大
点数方块的省区进行反击……其他玩家(包括国王玩家)轮流，先从国会议席撤下1个家族标记，然后操控国王军队进行1次战役"
The royal army by the round and the camp total; in turns from the king a cube back buys units in a
province (half price where enemies are), then a cube back (or a senate disc for the royal army) for
each campaign; in phase 12 the king leads the royal army once for free, then senate discs pay.
Its actions (``ACTIONS``: recruit, buy, campaign, royal; the passes of phases 9, 10 and 12) are
each performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import (
    BUY_ACTIONS, CAMPAIGN_ACTIONS, DONE, PASS, RECRUIT_ACTIONS, ROYAL_ACTIONS, UNIT_CODES,
)
from meeple.games.gods_playground.content import (
    ARMY_TABLE, ARTILLERY_FROM_ROUND, CAMP, COSSACK, COSSACK_PROVINCE, FULL_PRICES, HALF_PRICES, IN_COSSACK_AREA,
    PLAYERS, PROVINCE_COUNT, ROYAL_BASE, ROYAL_CUBES, ROYAL_SIDE, ROYAL_UNITS, UNIT_NAMES, WITH_THE_TATARS,
)
from meeple.games.gods_playground.describe import cubes, force, province, refusal
from meeple.games.gods_playground.events import BUYS, COSSACK_JOINS, RECRUITS, RECRUITS_HALF
from meeple.games.gods_playground.battles import HIT
from meeple.games.gods_playground.fields import GodsPlaygroundFields


class ArmiesAndCampaigns(GodsPlaygroundFields):
    """The king's army, the families' armies, their campaigns and Poland fighting back."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # phase 9: a cube back in a province, then units bought there (done: ``flow``)
        "recruit": ActionSpec(perform="_act_recruit", describe="_describe_recruit", refuse="_refuse_recruit"),
        "buy": ActionSpec(perform="_act_buy", describe="_describe_buy", refuse="_refuse_buy"),
        # phases 10 and 12: a family's campaign, the royal army's battle
        "campaign": ActionSpec(perform="_act_campaign", describe="_describe_campaign", refuse="_refuse_campaign"),
        "royal": ActionSpec(perform="_act_royal", describe="_describe_royal", refuse="_refuse_royal"),
    }

    # ------------------------------------------------------------------ phase 4
    def polish_army(self) -> None:
        """Phase 4: the round's base army plus the recruitment table by the camp total."""
        total = sum(self.tokens_shown[p][CAMP] for p in range(PLAYERS))
        self.camp_total = total
        base = ROYAL_BASE[self.round - 1]
        added = (0, 0, 0)
        for low, high, row in ARMY_TABLE:
            if low <= total <= high:
                added = row
        army = [min(base[k] + added[k], ROYAL_UNITS[k]) for k in range(3)]
        if self.round == 1:
            army[2] = 0
        self.royal_army = army
        self.say("gods-playground.log.polish_army", None, total=total, inf=army[0], cav=army[1], art=army[2])
        self._end_phase()

    # ------------------------------------------------------------------ phase 9
    def buy_armies(self) -> None:
        """Phase 9: in turns from the king, a cube back in a province buys any units there."""
        self.step = {}
        self._start_turns("recruit", self._can_recruit)

    def _at_half_price(self, i: int) -> bool:
        """Units bought in province ``i`` cost half: enemy cubes are there."""
        return sum(self.enemy_cubes[i]) > 0

    def _prices(self, i: int) -> tuple[int, ...]:
        """The units' prices in province ``i``, by unit code."""
        return HALF_PRICES if self._at_half_price(i) else FULL_PRICES

    def _price(self, i: int, unit: str) -> int:
        """A unit's price in province ``i`` (half where enemy cubes are)."""
        return self._prices(i)[UNIT_CODES[unit]]

    def _buyable(self, p: int, i: int) -> list[str]:
        """The units ``p`` can afford in province ``i`` now (``inf``, ``cav``, ``art``, ``cossack``)."""
        out = []
        money = self.money[p]
        units_left = self.units_in_hand[p]
        prices = self._prices(i)
        for k in range(3 if self.round >= ARTILLERY_FROM_ROUND else 2):
            if units_left[k] > 0 and money >= prices[k]:
                out.append(UNIT_NAMES[k])
        if i == COSSACK_PROVINCE and money >= prices[COSSACK] and IN_COSSACK_AREA in self.cossacks:
            out.append("cossack")
        return out

    def _can_recruit(self, p: int) -> bool:
        money = self.money[p]
        if money == 0:
            return False
        noble_cubes = self.noble_cubes
        units_left = self.units_in_hand[p]
        if money >= 6 and (units_left[0] or units_left[1] or (units_left[2] and self.round >= ARTILLERY_FROM_ROUND)):
            for row in noble_cubes:
                if row[p] > 0:
                    return True
            return False
        for i in range(PROVINCE_COUNT):
            if noble_cubes[i][p] > 0 and self._buyable(p, i):
                return True
        return False

    def _recruit_actions(self, p: int) -> list[Action]:
        noble_cubes = self.noble_cubes
        actions = []
        for i in range(PROVINCE_COUNT):
            if noble_cubes[i][p] > 0 and self._buyable(p, i):
                actions.append(RECRUIT_ACTIONS[i])
        actions.append(PASS)
        return actions

    def _pass_recruit(self, p: int) -> None:
        self.passed[p] = True
        self.say("gods-playground.log.passes_recruit", None, seat=p)
        self._next_turn(self._can_recruit, "recruit")

    def _act_recruit(self, action: Action, p: int) -> None:
        i = action.args[0]
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.step = {"prov": i}
        self.mode = "buy"
        if self._at_half_price(i):
            self.log.append(RECRUITS_HALF[p][i])
        else:
            self.log.append(RECRUITS[p][i])

    def _describe_recruit(self, action: Action, p: int) -> dict[str, Any]:
        i = province(action.args[0])
        prices = [msg("gods-playground.d.unit_price", unit=0, price=self._price(i, "inf")),
                  msg("gods-playground.d.unit_price", unit=1, price=self._price(i, "cav"))]
        if self.round >= ARTILLERY_FROM_ROUND:
            prices.append(msg("gods-playground.d.unit_price", unit=2, price=self._price(i, "art")))
        if i == COSSACK_PROVINCE:
            prices.append(msg("gods-playground.d.unit_price", unit=3, price=self._price(i, "cossack")))
        once = msg("gods-playground.d.recruit_once" if self.game.options.get("recruit_turns", "once") == "once"
                   else "gods-playground.d.recruit_repeat")
        key = "gods-playground.d.recruit_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.recruit"
        return msg(key, province=i, turns=once, cost=cubes(i), money=self.money[p], prices=prices)

    @refusal
    def _refuse_recruit(self, action: Action, p: int) -> dict[str, Any] | None:
        """In phase 9, a cube back from a province where the family can buy a unit."""
        if self.mode != "recruit":
            return msg("gods-playground.illegal.recruit_phase")
        args = action.args
        i = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1
        if i >= 0 and self.noble_cubes[i][p] == 0:
            return msg("gods-playground.illegal.recruit_cube", province=i)
        if i >= 0:
            return msg("gods-playground.illegal.recruit_nothing", province=i)
        return None

    def _buy_actions(self, p: int) -> list[Action]:
        actions = [BUY_ACTIONS[unit] for unit in self._buyable(p, self.step["prov"])]
        actions.append(DONE)
        return actions

    def _act_buy(self, action: Action, p: int) -> None:
        """A unit bought in the province recruited; the turn ends when nothing more can be bought."""
        unit = action.args[0]
        i = self.step["prov"]
        half = self._at_half_price(i)
        code = UNIT_CODES[unit]
        price = self._price(i, unit)
        self.money[p] -= price
        if unit == "cossack":
            self.cossacks[self.cossacks.index(IN_COSSACK_AREA)] = p
        else:
            self.units_in_hand[p][code] -= 1
            self.units[p][i][code] += 1
        self.log.append(BUYS[p][i][code][half])
        if not self._buyable(p, i):
            # the hire box closes by itself: say why (no unit left to hire, or too little money for one)
            left = self.units_in_hand[p]
            any_unit = (left[0] or left[1] or (left[2] and self.round >= ARTILLERY_FROM_ROUND)
                        or (i == COSSACK_PROVINCE and IN_COSSACK_AREA in self.cossacks))
            if any_unit:
                self.say_again("gods-playground.log.buy_ends_money", (p, self.money[p], i), seat=p,
                               money=self.money[p], province=i)
            else:
                self.say_again("gods-playground.log.buy_ends_units", (p, i), seat=p, province=i)
            self._end_recruit_turn(p)

    def _describe_buy(self, action: Action, p: int) -> dict[str, Any]:
        i = self.step["prov"]
        unit = action.args[0]
        price = self._price(i, unit)
        k = UNIT_CODES[unit]
        army = force(self.units[p][i], self.cossacks.count(p) if i == COSSACK_PROVINCE else 0)
        key = "gods-playground.d.buy_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.buy"
        return msg(key, unit=k, province=province(i), price=price, hit=HIT[k], army=army)

    @refusal
    def _refuse_buy(self, action: Action, p: int) -> dict[str, Any] | None:
        """After a recruit: a unit the family still has (Cossacks in Ukraine, while any is left; artillery
        from round 2), for the money it has."""
        if self.mode != "buy":
            return msg("gods-playground.illegal.buy_phase")
        unit = action.args[0] if action.args else ""
        if unit not in UNIT_CODES:
            return msg("gods-playground.illegal.buy_units")
        i = self.step["prov"]
        if unit == "art" and self.round < ARTILLERY_FROM_ROUND:
            return msg("gods-playground.illegal.buy_artillery")
        if unit == "cossack" and i != COSSACK_PROVINCE:
            return msg("gods-playground.illegal.buy_cossack_where")
        if unit == "cossack" and IN_COSSACK_AREA not in self.cossacks:
            return msg("gods-playground.illegal.buy_cossack_left")
        if unit != "cossack" and self.units_in_hand[p][UNIT_CODES[unit]] == 0:
            return msg("gods-playground.illegal.buy_none_left", code=unit)
        price = self._price(i, unit)
        if price > self.money[p]:
            return msg("gods-playground.illegal.buy_money", code=unit, price=price, money=self.money[p])
        return None

    def _end_recruit_turn(self, p: int) -> None:
        """A family's turn of phase 9 is over; with the default ``recruit_turns="once"`` so is its phase
        ("每人轮流选择任意1个省区进行雇佣军队": one province per family)."""
        if self.game.options.get("recruit_turns", "once") == "once":
            self.passed[p] = True
        self._next_turn(self._can_recruit, "recruit")

    def _army_in(self, p: int, i: int) -> int:
        """How many units (Cossacks included) ``p`` has in province ``i``."""
        n = sum(self.units[p][i])
        if i == COSSACK_PROVINCE:
            n += self.cossacks.count(p)
        return n

    # ------------------------------------------------------------------ phase 10
    def campaigns(self) -> None:
        """Phase 10: in turns from the king, a cube back (or a senate disc for the royal army) for a battle."""
        self._cossacks_join_tatars()
        self.step = {}
        self._start_turns("campaign", self._can_campaign_said)

    def _cossacks_join_tatars(self) -> None:
        """The Cossacks nobody hired go over to the Tatars ("没有被雇佣的哥萨克人骑兵将会自动加入敌人鞑靼人当中去")."""
        for k, where in enumerate(self.cossacks):
            if where == IN_COSSACK_AREA:
                self.cossacks[k] = WITH_THE_TATARS
                self.log.append(COSSACK_JOINS)

    def _campaign_target(self, i: int, side: int) -> bool:
        """Something to fight from province i: enemy cubes there, else the enemy's track (no treaty)."""
        if sum(self.enemy_cubes[i]) > 0:
            return True
        if self.treaty == i:
            return False
        # a family's campaign takes a cube back first, so it always has a cube to put on the track
        return side >= 0 or sum(self.track_royal_cubes) < ROYAL_CUBES

    def _can_campaign_in(self, p: int, i: int) -> bool:
        """``p`` may campaign from province ``i``: a noble cube there to take back, an army there and
        something to fight."""
        return self.noble_cubes[i][p] > 0 and self._army_in(p, i) > 0 and self._campaign_target(i, p)

    def _can_campaign_said(self, p: int) -> bool:
        """``_can_campaign``, and a family passed for having nothing to campaign with is told why."""
        if self._can_campaign(p):
            return True
        self.say_again("gods-playground.log.cannot_campaign", p, seat=p)
        return False

    def _can_campaign(self, p: int) -> bool:
        for i in range(PROVINCE_COUNT):
            if self._can_campaign_in(p, i):
                return True
        if self._has_senate_disc(p) and sum(self.royal_army) > 0:
            for i in range(PROVINCE_COUNT):
                if self._campaign_target(i, ROYAL_SIDE):
                    return True
        return False

    def _campaign_actions(self, p: int) -> list[Action]:
        actions = []
        for i in range(PROVINCE_COUNT):
            if self._can_campaign_in(p, i):
                actions.append(CAMPAIGN_ACTIONS[i])
        if self._has_senate_disc(p) and sum(self.royal_army) > 0:
            for i in range(PROVINCE_COUNT):
                if self._campaign_target(i, ROYAL_SIDE):
                    actions.append(ROYAL_ACTIONS[i])
        actions.append(PASS)
        return actions

    def _pass_campaign(self, p: int) -> None:
        self.passed[p] = True
        self.say("gods-playground.log.passes_campaign", None, seat=p)
        self._next_turn(self._can_campaign_said, "campaign")

    def _act_campaign(self, action: Action, p: int) -> None:
        """A cube back from the province, then its army's battle."""
        i = action.args[0]
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.say("gods-playground.log.campaigns", None, seat=p, province=i)
        if self.noble_cubes[i][p] == 0:   # the campaign move there disappears afterwards: say why
            self.say_again("gods-playground.log.last_cube", (p, i), seat=p, province=i)
        self._start_battle(p, i, "campaign", i)

    def _describe_campaign(self, action: Action, p: int) -> dict[str, Any]:
        i = province(action.args[0])
        army = force(self.units[p][i], self.cossacks.count(p) if i == COSSACK_PROVINCE else 0)
        key = "gods-playground.d.campaign_art" if self.units[p][i][2] else "gods-playground.d.campaign"
        return msg(key, province=i, army=army, target=self._target_text(i), cost=cubes(i))

    @refusal
    def _refuse_campaign(self, action: Action, p: int) -> dict[str, Any] | None:
        """In phase 10: a cube back from the province, an army there, and something to fight (no treaty)."""
        mode = self.mode
        args = action.args
        i = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1
        if mode == "campaign" and i >= 0:
            if self.noble_cubes[i][p] == 0:
                return msg("gods-playground.illegal.campaign_cube", province=i)
            if self._army_in(p, i) == 0:
                return msg("gods-playground.illegal.campaign_army", province=i)
            if self.treaty == i and sum(self.enemy_cubes[i]) == 0:
                return msg("gods-playground.illegal.campaign_treaty", enemy=i)
        if mode == "fight":
            return msg("gods-playground.illegal.campaign_fight")
        if mode != "campaign":
            return msg("gods-playground.illegal.campaign_phase")
        return None

    def _act_royal(self, action: Action, p: int) -> None:
        """The royal army's battle: for a senate disc (phase 10, or phase 12 after the king's free one)."""
        i = action.args[0]
        if self.mode == "campaign":
            self._ask_seat(p, "royal", i)
        elif self.step.get("free"):
            self.say("gods-playground.log.king_leads", None, seat=p, province=i)
            self._start_battle(ROYAL_SIDE, i, "fight", i, owner=p)
        else:
            self._ask_seat(p, "fight", i)

    def _describe_royal(self, action: Action, p: int) -> dict[str, Any]:
        i = province(action.args[0])
        mode = self.mode
        free = mode == "fight" and self.step.get("free")
        cost = msg("gods-playground.d.royal_free" if free else "gods-playground.d.royal_disc")
        against = self._target_text(i, royal=True) if mode == "campaign" else self._target_text(i)
        return msg("gods-playground.d.royal", army=force(self.royal_army), province=i, target=against, cost=cost)

    @refusal
    def _refuse_royal(self, action: Action, p: int) -> dict[str, Any] | None:
        """In phases 10 and 12, for a senate disc (the king's first battle of phase 12 is free)."""
        mode = self.mode
        if mode not in ("campaign", "fight"):
            return msg("gods-playground.illegal.campaign_phase")
        if not self.step.get("free") and not self._has_senate_disc(p):
            return msg("gods-playground.illegal.royal_disc")
        return None

    # ------------------------------------------------------------------ phase 12
    def poland_fights_back(self) -> None:
        """Phase 12: the king leads the royal army once; then in turns, a senate disc per battle."""
        if sum(self.royal_army) == 0 or not any(sum(row) for row in self.enemy_cubes):
            self._end_phase()
            return
        self.step = {"free": True}
        self._set_turn("fight", self.king)

    def _fight_back_rotation(self) -> None:
        self.step = {}
        self.turn = self.king
        self.passed = [False] * PLAYERS
        self._next_turn(self._can_fight_back, "fight")

    def _can_fight_back(self, p: int) -> bool:
        return self._has_senate_disc(p) and sum(self.royal_army) > 0 and any(sum(row) for row in self.enemy_cubes)

    def _fight_actions(self, p: int) -> list[Action]:
        actions = []
        if sum(self.royal_army) > 0 and (self.step.get("free") or self._has_senate_disc(p)):
            actions = [ROYAL_ACTIONS[i] for i in range(PROVINCE_COUNT) if sum(self.enemy_cubes[i]) > 0]
        actions.append(PASS)
        return actions

    def _pass_fight(self, p: int) -> None:
        if self.step.get("free"):
            self.say("gods-playground.log.king_declines", None, seat=p)
            self._fight_back_rotation()
        else:
            self.passed[p] = True
            self.say("gods-playground.log.passes_fight", None, seat=p)
            self._next_turn(self._can_fight_back, "fight")

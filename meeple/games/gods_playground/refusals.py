"""Refusals: why an action is not legal now, in the rule's own terms.

"8个特殊行动中除了有执行次数限制(外交、建造新城市)的之外，都可以任意选择" "注意1：不能和奥托曼帝国外交议和；前3回合不能
和哈布斯堡帝国外交议和" "火炮只能从第2回合开始才能购买"
Each refused action is answered with the rule that forbids it (the round an action opens, the
cubes or money it needs, the once-a-round limits); otherwise with the legal actions as typed.
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action
from meeple.core.i18n import Message, msg

from .actions import UNIT_CODES
from .content import (
    AREA_COUNT, ARTILLERY_FROM_ROUND, CITY_FROM_ROUND, CONFEDERATION_ROUNDS, COSSACK_PROVINCE, ENEMY_COUNT, HABSBURGS,
    IN_COSSACK_AREA, JESUIT_COST, JESUIT_FROM_ROUND, OTTOMANS, PLAYERS, PROVINCE_COUNT,
)


class Refusals:
    def why_illegal(self, action: Action, player: int) -> Message:
        reason = self._reason(action, player)
        if reason:
            return Message("gods-playground.illegal", {"action": str(action), "reason": reason})
        # the core's sentence, with each legal action quoted as a player types it (“seat 0”、“seat 2” in Chinese)
        legal = self.legal_actions(player)
        shown = [msg("gods-playground.typed", action=str(a)) for a in legal[:12]]
        if len(legal) > 12:
            shown[-1] = msg("gods-playground.typed_more", action=str(legal[11]))
        return Message("core.not_legal_now", {"game": self.game.id, "action": str(action), "seat": player,
                                              "legal": shown})

    def _reason(self, action: Action, p: int) -> dict[str, Any] | None:  # noqa: C901 - one message per rule
        name, args = action.name, action.args
        mode = self.mode
        ints = all(isinstance(arg, int) for arg in args)
        if p == CHANCE:
            return None
        if name == "token":
            if mode != "token":
                return msg("gods-playground.illegal.token_phase")
            if len(args) != 2 or not ints:
                return msg("gods-playground.illegal.token_form")
            area, value = args
            if not 0 <= area < AREA_COUNT:
                return msg("gods-playground.illegal.token_area")
            if self.tokens_placed[p][area] >= 0:
                return msg("gods-playground.illegal.token_twice", area=area)
            if value not in self._tokens_left(p):
                return msg("gods-playground.illegal.token_value", value=value, left=self._tokens_left(p))
        if name == "bid":
            if mode != "bid":
                return msg("gods-playground.illegal.bid_phase")
            if args and isinstance(args[0], int) and args[0] > self.money[p]:
                return msg("gods-playground.illegal.bid_money", amount=args[0], money=self.money[p])
            if args and isinstance(args[0], int) and args[0] < 0:
                return msg("gods-playground.illegal.bid_negative")
        if name == "buy":
            if mode != "buy":
                return msg("gods-playground.illegal.buy_phase")
            unit = args[0] if args else ""
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
        if name in ("land", "danzig", "diplomacy", "move", "veto", "confederation", "jesuit", "city"):
            if mode not in ("special", "move", "jesuit"):
                return msg("gods-playground.illegal.special_phase")
            if name == "jesuit" and self.round < JESUIT_FROM_ROUND:
                return msg("gods-playground.illegal.jesuit_round")
            if name == "city":
                if self.round < CITY_FROM_ROUND:
                    return msg("gods-playground.illegal.city_round")
                if self.city_used:
                    return msg("gods-playground.illegal.city_used")
            if name == "confederation":
                if self.round not in CONFEDERATION_ROUNDS:
                    return msg("gods-playground.illegal.confed_round")
                if not self._single_last(p):
                    return msg("gods-playground.illegal.confed_last")
                if self.discs_in_hand[p] == 0:
                    return msg("gods-playground.illegal.confed_disc")
                if len(args) == 2 and ints and 0 <= args[0] < PROVINCE_COUNT and 0 <= args[1] < PLAYERS:
                    i, v = args
                    if self.noble_cubes[i][p] < 2:
                        return msg("gods-playground.illegal.confed_cubes")
                    if self.noble_cubes[i][p] <= self.noble_cubes[i][v]:
                        return msg("gods-playground.illegal.confed_more")
                    if self._confederation_slot(i, v) < 0:
                        return msg("gods-playground.illegal.confed_slot")
            if name == "diplomacy":
                if self.diplomacy_used:
                    return msg("gods-playground.illegal.diplomacy_used")
                if args and isinstance(args[0], int):
                    e = args[0]
                    if not 0 <= e < ENEMY_COUNT:
                        return msg("gods-playground.illegal.diplomacy_enemy")
                    if e == OTTOMANS:
                        return msg("gods-playground.illegal.diplomacy_ottomans")
                    if e == HABSBURGS and (self.round < 4 or self.habsburgs_annexed):
                        return msg("gods-playground.illegal.diplomacy_habsburgs")
                    if 0 <= e < ENEMY_COUNT and self.noble_cubes[e][p] == 0:
                        return msg("gods-playground.illegal.diplomacy_cube", province=e)
                if not self._has_senate_disc(p):
                    return msg("gods-playground.illegal.diplomacy_disc")
            prov = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1
            if name == "danzig" and self.noble_cubes[0][p] == 0:
                return msg("gods-playground.illegal.danzig_cube")
            if name in ("land", "veto", "move", "jesuit") and prov >= 0 and self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.no_cube", province=prov)
            if name == "land":
                if self.land_managers_left == 0:
                    return msg("gods-playground.illegal.land_none")
                if prov >= 0 and len(args) == 2 and isinstance(args[1], int):
                    k = args[1] - 1
                    if not 0 <= k < len(self.estates[prov]) or self.estates[prov][k][0] != p:
                        return msg("gods-playground.illegal.land_own")
                    if self.estates[prov][k][1]:
                        return msg("gods-playground.illegal.land_twice")
            if name == "city" and prov >= 0 and self.noble_cubes[prov][p] < 2:
                return msg("gods-playground.illegal.city_cubes")
            if name == "move" and len(args) == 2 and args[0] == args[1]:
                return msg("gods-playground.illegal.move_same")
            if name == "jesuit" and self.mode == "jesuit" and args and args[0] in self.step.get("jes", []):
                return msg("gods-playground.illegal.jesuit_twice")
            if name == "jesuit" and self.money[p] < JESUIT_COST:
                return msg("gods-playground.illegal.jesuit_money")
        prov = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1
        if name == "seat":
            if mode != "seat":
                return msg("gods-playground.illegal.seat_phase")
            if prov >= 0 and self.senate[prov] != p:
                return msg("gods-playground.illegal.seat_not_yours", province=prov)
        if name == "estate" and mode != "estate":
            return msg("gods-playground.illegal.estate_phase")
        if name == "build" and mode != "build":
            return msg("gods-playground.illegal.build_phase")
        if name == "recruit":
            if mode != "recruit":
                return msg("gods-playground.illegal.recruit_phase")
            if prov >= 0 and self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.recruit_cube", province=prov)
            if prov >= 0:
                return msg("gods-playground.illegal.recruit_nothing", province=prov)
        if name == "campaign" and mode == "campaign" and prov >= 0:
            if self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.campaign_cube", province=prov)
            if self._army_in(p, prov) == 0:
                return msg("gods-playground.illegal.campaign_army", province=prov)
            if self.treaty == prov and sum(self.enemy_cubes[prov]) == 0:
                return msg("gods-playground.illegal.campaign_treaty", enemy=prov)
        if name == "campaign" and mode == "fight":
            return msg("gods-playground.illegal.campaign_fight")
        if name in ("campaign", "royal") and mode not in ("campaign", "fight"):
            return msg("gods-playground.illegal.campaign_phase")
        if (name == "royal" and mode in ("campaign", "fight") and not self.step.get("free")
                and not self._has_senate_disc(p)):
            return msg("gods-playground.illegal.royal_disc")
        if name == "build" and mode == "build" and args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT:
            cost = 1 if self.estates_built[p] == 0 else 2
            if self.noble_cubes[args[0]][p] < cost:
                return msg("gods-playground.illegal.build_cubes", count=cost, province=args[0])
            if not self._free_slot(args[0]):
                return msg("gods-playground.illegal.build_full", province=args[0])
        return None

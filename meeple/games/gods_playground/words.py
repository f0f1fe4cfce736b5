"""Words for people: typed names for numbers, the families' names, and what each action does and costs.

"版图右上角主要是表示每回合行动的明细……这些明细都在版图右上角表示得很清楚，省去对照说明书的麻烦。"
As the board spells out each phase's actions, every legal action gets a sentence with its numbers
("Hire 1 cavalry in Ukraine for 2 zł …"), and typed actions may use the names of provinces,
enemies, the camp and the families.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg, term

from .actions import UNIT_CODES, numbered
from .content import (
    ARTILLERY_FROM_ROUND, CAMP, CITY_MULTIPLIER, COSSACK_PROVINCE, DIPLOMACY_EXTRA, ENEMY_VP, ESTATE_SLOTS,
    JESUIT_ALL_BONUS, JESUIT_COST, LAND_MANAGER_INCOME, PLAYERS, PROVINCE_COUNT, SEATS, SENATE_VP,
)
from .phases.battles import HIT


class Words:
    def parse_action(self, text: str, player: int | None = None) -> Action:
        """Like every game's, and names may stand for numbers: provinces (``estate prussia``,
        ``move little poland great poland``), enemies for their province (``diplomacy russia``), the
        army camp (``token camp 3``) and families (``confederation ukraine blue``)."""
        if isinstance(text, str):
            text = numbered(text)
        return super().parse_action(text, player)

    def player_name(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """A family with its house ("White (Radziwiłł)" / "白方（拉齐维乌家族）")."""
        if isinstance(player, int) and 0 <= player < PLAYERS:
            return term(self.game.id, "family", player, lang) or SEATS[player]
        return super().player_name(player, lang)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does and costs, with the numbers, for a person (labels, replays)."""
        found = self._describe(action, player)
        return None if found is None else Message(found["id"], found["args"])

    @staticmethod
    def _force(units: list[int], cossacks: int = 0) -> dict[str, Any]:
        """An army ("2 infantry, 1 cavalry and 1 Cossack") as a message."""
        parts = [msg("gods-playground.d.units", count=n, unit=k) for k, n in enumerate(units) if n]
        if cossacks:
            parts.append(msg("gods-playground.d.cossacks", n=cossacks))
        if not parts:
            return msg("gods-playground.d.no_units")
        return _list_and(parts)

    def _describe(self, action: Action, player: int | None) -> dict[str, Any] | None:  # noqa: C901
        name, args = action.name, action.args
        p = player if isinstance(player, int) and player >= 0 else self.turn
        mode = self.mode

        def prov(k: Any) -> Any:
            if not (isinstance(k, int) and 0 <= k < PROVINCE_COUNT):
                raise ValueError(k)  # not a province: the compact text instead
            return k

        def cube(k: Any, count: int = 1) -> dict[str, Any]:
            return msg("gods-playground.d.cubes", count=count, province=prov(k))

        if name == "roll":
            die = args[0]
            if mode == "battle" and self.battle and self.battle["q"]:
                battle = self.battle
                unit = battle["q"][0]
                need = HIT[unit] - (1 if battle["art"] else 0)
                result = msg("gods-playground.d.routed") if die == 1 else (
                    msg("gods-playground.d.a_hit") if die >= need else msg("gods-playground.d.a_miss"))
                if battle["side"] >= 0:
                    return msg("gods-playground.d.battle_die", seat=battle["side"], unit=unit,
                               province=prov(battle["prov"]), die=die, result=result, need=need)
                return msg("gods-playground.d.royal_battle_die", unit=unit, province=prov(battle["prov"]), die=die,
                           result=result, need=need)
            kind = self.step.get("dice") if isinstance(self.step, dict) else None
            if kind == "diplomacy":
                return msg("gods-playground.d.diplomacy_die", die=die, cost=die + DIPLOMACY_EXTRA)
            if kind in ("events", "attack"):
                what = msg("gods-playground.d.plus_strength", enemy=die - 1) if die <= 5 else (
                    msg("gods-playground.d.cossack_defects") if self.round == 2 else msg("gods-playground.d.nothing"))
                if kind == "events":
                    return msg("gods-playground.d.event_die", die=die, what=what)
                return msg("gods-playground.d.attack_die", die=die, what=what)
            return msg("gods-playground.d.die", die=die)
        if name == "start":
            return msg("gods-playground.d.start", seat=args[0])
        if name == "lot":
            return msg("gods-playground.d.lot", seat=args[0])
        if name == "estate":
            k = len(self.estates[args[0]]) + 1
            return msg("gods-playground.d.estate", province=prov(args[0]), slot=k)
        if name == "token":
            area, value = args
            if area == CAMP:
                return msg("gods-playground.d.token_camp", value=value)
            return msg("gods-playground.d.token", value=value, province=prov(area))
        if name == "bid":
            return msg("gods-playground.d.bid", amount=args[0], money=self.money[p])
        if name == "build":
            cost = 1 if self.estates_built[p] == 0 else 2
            k = len(self.estates[args[0]]) + 1
            return msg("gods-playground.d.build", province=prov(args[0]), slot=k, level=self.income_levels[args[0]],
                       cost=cube(args[0], cost))
        if name == "pass":
            if mode == "build":
                what = msg("gods-playground.d.pass_build")
            elif mode == "special":
                what = msg("gods-playground.d.pass_special")
            elif mode == "recruit":
                what = msg("gods-playground.d.pass_recruit")
            elif mode == "campaign":
                what = msg("gods-playground.d.pass_campaign")
            elif mode == "fight":
                what = msg("gods-playground.d.pass_free_royal" if self.step.get("free")
                           else "gods-playground.d.pass_royal")
            else:
                what = msg("gods-playground.d.pass_nothing")
            return msg("gods-playground.d.pass", what=what)
        if name == "done":
            if mode == "move":
                what = msg("gods-playground.d.done_move")
            elif mode == "jesuit":
                what = msg("gods-playground.d.done_jesuit", count=len(self.step.get("jes", [])))
            elif mode == "buy":
                what = msg("gods-playground.d.done_buy", province=prov(self.step.get("prov", -1)))
            else:
                what = msg("gods-playground.d.done_finish")
            return msg("gods-playground.d.done", what=what)
        if name == "land":
            return msg("gods-playground.d.land", slot=args[1], province=prov(args[0]), income=LAND_MANAGER_INCOME,
                       cost=cube(args[0]))
        if name == "danzig":
            level = self.income_levels[0]
            return msg("gods-playground.d.danzig", gain=2 * level, level=level, cost=cube(0))
        if name == "diplomacy":
            e = args[0]
            money = self.money[p]
            low, high = 1 + DIPLOMACY_EXTRA, 6 + DIPLOMACY_EXTRA
            key = "gods-playground.d.diplomacy"
            if money < high:
                key = ("gods-playground.d.diplomacy_fail"
                       if self.game.options.get("diplomacy_shortfall", "pay_all") == "fail"
                       else "gods-playground.d.diplomacy_pay_all")
            return msg(key, enemy=prov(e), province=e, cost=cube(e), low=low, high=high, money=money)
        if name == "move":
            key = "gods-playground.d.move_second" if mode == "move" else "gods-playground.d.move"
            return msg(key, province=prov(args[0]), province2=prov(args[1]))
        if name == "veto":
            discs = sum(1 for q in self.senate if q >= 0)
            mine = self.senate.count(p)
            if discs == 1:
                whose = msg("gods-playground.d.yours" if mine else "gods-playground.d.not_yours")
                return msg("gods-playground.d.veto_one", whose=whose, vp=SENATE_VP, cost=cube(args[0]))
            return msg("gods-playground.d.veto", discs=discs, mine=mine, vp=SENATE_VP, cost=cube(args[0]))
        if name == "confederation":
            k = self._confederation_slot(args[0], args[1])
            if not 0 <= args[1] < PLAYERS:
                return None
            return msg("gods-playground.d.confederation", province=prov(args[0]), seat=args[1], slot=k + 1,
                       cost=cube(args[0], 2))
        if name == "jesuit":
            done = len(self.step.get("jes", [])) if mode == "jesuit" else 0
            key = "gods-playground.d.jesuit_fifth" if done == PROVINCE_COUNT - 1 else "gods-playground.d.jesuit"
            return msg(key, province=prov(args[0]), bonus=JESUIT_ALL_BONUS, cost=cube(args[0]), price=JESUIT_COST)
        if name == "city":
            k = args[1]
            slot_vp = ESTATE_SLOTS[args[0]][k - 1]
            return msg("gods-playground.d.city", slot=k, province=prov(args[0]), slot_vp=slot_vp,
                       times=CITY_MULTIPLIER, total=slot_vp * CITY_MULTIPLIER, cost=cube(args[0], 2))
        if name == "recruit":
            i = prov(args[0])
            prices = [msg("gods-playground.d.unit_price", unit=0, price=self._price(i, "inf")),
                      msg("gods-playground.d.unit_price", unit=1, price=self._price(i, "cav"))]
            if self.round >= ARTILLERY_FROM_ROUND:
                prices.append(msg("gods-playground.d.unit_price", unit=2, price=self._price(i, "art")))
            if i == COSSACK_PROVINCE:
                prices.append(msg("gods-playground.d.unit_price", unit=3, price=self._price(i, "cossack")))
            once = msg("gods-playground.d.recruit_once" if self.game.options.get("recruit_turns", "once") == "once"
                       else "gods-playground.d.recruit_repeat")
            key = "gods-playground.d.recruit_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.recruit"
            return msg(key, province=i, turns=once, cost=cube(i), money=self.money[p], prices=prices)
        if name == "buy":
            i = self.step["prov"]
            unit = args[0]
            price = self._price(i, unit)
            k = UNIT_CODES[unit]
            have = self.units[p][i]
            army = self._force(have, self.cossacks.count(p) if i == COSSACK_PROVINCE else 0)
            key = "gods-playground.d.buy_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.buy"
            return msg(key, unit=k, province=prov(i), price=price, hit=HIT[k], army=army)
        if name == "campaign":
            i = prov(args[0])
            army = self._force(self.units[p][i], self.cossacks.count(p) if i == COSSACK_PROVINCE else 0)
            key = "gods-playground.d.campaign_art" if self.units[p][i][2] else "gods-playground.d.campaign"
            return msg(key, province=i, army=army, target=self._target_text(i), cost=cube(i))
        if name == "royal":
            i = prov(args[0])
            free = mode == "fight" and self.step.get("free")
            cost = msg("gods-playground.d.royal_free" if free else "gods-playground.d.royal_disc")
            against = self._target_text(i, royal=True) if mode == "campaign" else self._target_text(i)
            return msg("gods-playground.d.royal", army=self._force(self.royal_army), province=i, target=against,
                       cost=cost)
        if name == "seat":
            purpose = self.step.get("for", "")
            key = ("gods-playground.d.seat_treaty" if purpose == "diplomacy" else
                   "gods-playground.d.seat_royal" if purpose in ("royal", "fight") else "gods-playground.d.seat")
            return msg(key, province=prov(args[0]), vp=SENATE_VP)
        return None

    def _target_text(self, i: int, royal: bool = False) -> dict[str, Any]:
        row = self.enemy_cubes[i]
        if sum(row) > 0:
            cubes = [msg("gods-playground.d.enemy_cubes", n=n, enemy=e) for e, n in enumerate(row) if n]
            return msg("gods-playground.d.target_cubes", cubes=cubes, province=i)
        if royal:
            return msg("gods-playground.d.target_royal_track", enemy=i)
        return msg("gods-playground.d.target_track", enemy=i, vp=ENEMY_VP[i])


def _list_and(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Messages listed with commas and a final "and": "2 infantry, 1 cavalry and 1 Cossack"."""
    k = len(items)
    if k == 1:
        return items[0]
    if k == 2:
        return msg("gods-playground.d.list2", item=items[0], item2=items[1])
    if k == 3:
        return msg("gods-playground.d.list3", item=items[0], item2=items[1], item3=items[2])
    return msg("gods-playground.d.list4", item=items[0], item2=items[1], item3=items[2], item4=items[3])

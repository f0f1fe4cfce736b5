"""Words for people: what an action does, why one is refused, what the game waits for.

No seed passage of its own: these sentences say the rules of the other modules with their numbers
("Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"), in the seed's terms;
the English and Chinese texts are the package's gettext catalogues (``locale/``).
"""

from __future__ import annotations

from math import factorial

from meeple.core import CHANCE, Action
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg
from meeple.games.kingsburg.content import (
    BUILDING_COST, BUILDING_INDEX, BUILDING_KEYS, BUILDING_TOKENS, BUILDING_VP, ENEMIES, ENEMY_KEYS, FARMS,
    RESOURCE_INDEX, RESOURCES, STABLE, bundle,
)

# The refusals' kind of decision: which task each action answers.
_ANSWERS_TASK = {"place": "place", "envoy": "place", "use": "place", "build": "build", "pass": "build",
                 "take": "take", "recruit": "recruit", "lose": "lose"}


class Words:
    """``parse_action``, ``why_illegal`` and ``describe`` for Kingsburg (mixed into ``KingsburgState``)."""

    def parse_action(self, text: str, player: int | None = None) -> Action:
        """As the base, but dice may be typed in any order ("roll 4 6 6", "use 4 6 6 +2")."""
        words = text.strip().split() if isinstance(text, str) else None
        if words and words[0].lower() in ("roll", "use"):
            faces = sorted((w for w in words[1:] if w.isascii() and w.isdigit()), key=int, reverse=True)
            marks = [w for w in words[1:] if not (w.isascii() and w.isdigit())]
            text = " ".join([words[0]] + faces + marks)
        return super().parse_action(text, player)

    def why_illegal(self, action: Action, player: int) -> Message:
        if player != CHANCE and self.tasks and player in self._to_move():
            task = self.tasks[0]
            kind = task[0]
            name = action.name
            if name in ("place", "envoy") and kind == "place" and not self.selected_advisor and action.args and isinstance(action.args[0], int):
                n = action.args[0]
                if not 1 <= n <= 18:
                    return Message("kingsburg.illegal.advisor_range", {"n": n})
                there = self.handfuls_on_advisor[n]
                if name == "place" and there:
                    return Message("kingsburg.illegal.taken", {"advisor": n, "number": n, "seats": [e[0] for e in there]})
                if name == "envoy" and self.envoy_holder != player:
                    return Message("kingsburg.illegal.no_envoy", {})
                if name == "envoy" and not there:
                    return Message("kingsburg.illegal.free", {"advisor": n, "number": n})
                if name == "envoy" and any(e[0] == player for e in there):
                    return Message("kingsburg.illegal.already", {"advisor": n, "number": n})
                if n not in self.ways(player):
                    return Message("kingsburg.illegal.cannot_make", {"dice": _dice_or_none(self.unplaced_dice[player]),
                                                                      "n": self.plus2_tokens[player], "number": n})
            if name == "pass" and kind == "place" and not self.selected_advisor:
                return Message("kingsburg.illegal.must_place", {})
            if name == "use" and kind == "place":
                if not self.selected_advisor:
                    return Message("kingsburg.illegal.choose_first", {})
                return Message("kingsburg.illegal.dice_not_make", {
                    "number": abs(self.selected_advisor),
                    "ways": [msg("kingsburg.action", action=str(way[0])) for way in self.ways(player)[abs(self.selected_advisor)]]})
            if name == "build" and action.args and kind == "build":
                key = action.args[0]
                if key not in BUILDING_INDEX:
                    return Message("kingsburg.illegal.no_such_building", {
                        "key": repr(key), "keys": [msg("kingsburg.action", action=b) for b in BUILDING_KEYS]})
                b = BUILDING_INDEX[key]
                owned = self.buildings_owned[player]
                if (owned >> b & 1):
                    return Message("kingsburg.illegal.own", {"building": key})
                if b % 4 and not owned >> (b - 1) & 1:
                    return Message("kingsburg.illegal.lower_first", {"building": BUILDING_KEYS[b - 1]})
                gold, wood, stone = self.cost(player, b)
                have = self.resources[player]
                if have[0] < gold or have[1] < wood or have[2] < stone:
                    return Message("kingsburg.illegal.costs", {
                        "building": key, "gold": gold, "wood": wood, "stone": stone,
                        "have_gold": have[0], "have_wood": have[1], "have_stone": have[2]})
                if owned.bit_count() >= BUILDING_TOKENS:
                    return Message("kingsburg.illegal.no_tokens", {})
            if kind != _ANSWERS_TASK.get(name, kind):
                return Message("kingsburg.illegal.not_now", {"action": str(action), "task": self.task_message().to_json()})
        legal = self.legal_actions(player)
        if not legal:
            return super().why_illegal(action, player)
        shown = [msg("kingsburg.action", action=str(a)) for a in legal[:12]]
        if len(legal) > 12:
            shown.append("…")
        return Message("kingsburg.illegal.not_legal", {"action": str(action), "seat": player, "legal": shown})

    def task_message(self) -> Message:
        """What the game waits for now, as a message (shown when an action comes at the wrong time)."""
        if not self.tasks:
            return Message("kingsburg.task.over", {})
        task = self.tasks[0]
        kind = task[0]
        who = task[1] if len(task) > 1 and isinstance(task[1], int) and task[1] >= 0 else None
        if kind == "take":
            return Message("kingsburg.task.take", {"seat": who, "n": task[2] if len(task) > 2 else 1})
        if kind == "place":
            return Message("kingsburg.task.place", {"seat": self.turn_order[self.placing_index]})
        if who is not None:
            seat = {"seat": who}
            if kind == "build":
                return Message("kingsburg.task.build", seat)
            if kind == "reroll":
                return Message("kingsburg.task.reroll", seat)
            if kind == "recruit":
                return Message("kingsburg.task.recruit", seat)
            if kind == "alch":
                return Message("kingsburg.task.alch", seat)
            if kind == "townhall":
                return Message("kingsburg.task.townhall", seat)
            if kind == "smuggle":
                return Message("kingsburg.task.smuggle", seat)
            if kind == "lose":
                return Message("kingsburg.task.lose", seat)
            if kind == "white":
                return Message("kingsburg.task.white", seat)
        if kind == "roll":
            return Message("kingsburg.task.roll", {})
        if kind == "king":
            return Message("kingsburg.task.king", {})
        return Message("kingsburg.task.draw", {})

    def describe_task(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the game waits for now, in ``lang``."""
        return self.task_message().render(lang)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers (rendered by ``describe``).

        >>> state.describe(Action("build", ("inn",)), 0)
        "Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"
        """
        p = player if player is not None and 0 <= player < self.players else None
        if p is None and self.seat_to_move is not None and 0 <= self.seat_to_move < self.players:
            p = self.seat_to_move
        return self._describe(action, p)

    def _gives(self, n: int, p: int | None) -> dict:
        """What advisor ``n`` gives ``p`` (a message argument), with the Stable's extra soldier."""
        if n in (5, 10, 18):
            stable = p is not None and bool(self.buildings_owned[p] >> STABLE & 1)
            count = (2 if n == 10 else 1) + stable
            if stable:
                soldiers = msg("kingsburg.gives.soldiers_stable", n=count)
            else:
                soldiers = msg("kingsburg.gives.soldiers", n=count)
            if n == 5:
                return msg("kingsburg.gives.5", soldiers=soldiers)
            if n == 10:
                return msg("kingsburg.gives.10", soldiers=soldiers)
            return msg("kingsburg.gives.18", soldiers=soldiers)
        return _GIVES[n]

    @staticmethod
    def _dice_words(way: tuple) -> dict:
        """'die 6' / 'dice 6, 6 and 4', with the '+2' tokens and the Market a way uses."""
        _, used, plus2, market, _ = way
        if len(used) == 1:
            words = msg("kingsburg.dice.one", value=used[0])
        else:
            words = msg("kingsburg.dice.many", dice=list(used[:-1]), last=used[-1])
        if plus2 and market:
            return msg("kingsburg.dice.tokens_market", dice=words, n=plus2, delta=f"{market:+d}")
        if plus2:
            return msg("kingsburg.dice.tokens", dice=words, n=plus2)
        if market:
            return msg("kingsburg.dice.market", dice=words, delta=f"{market:+d}")
        return words

    def _place_words(self, p: int, n: int, way: tuple, envoy: bool) -> Message:
        args = {"dice": self._dice_words(way), "advisor": n, "number": n, "gives": self._gives(n, p)}
        if envoy:
            args["seats"] = [e[0] for e in self.handfuls_on_advisor[n]]
            return Message("kingsburg.describe.place_envoy", args)
        return Message("kingsburg.describe.place", args)

    def _describe(self, action: Action, p: int | None) -> Message | None:
        name, args = action.name, action.args
        task = self.tasks[0] if self.tasks else [""]
        kind = task[0]
        if name == "roll":
            roller = task[1] if kind == "roll" else p
            if roller is None:
                return None
            n = len(args)
            ways = factorial(n)
            for face in set(args):
                ways //= factorial(args.count(face))
            mode = task[2] if kind == "roll" else "all"
            what = _ROLL_WHAT.get(mode, _ROLL_WHAT["all"])
            words = {"seat": roller, "what": what, "dice": list(args), "n": n, "total": sum(args), "ways": ways,
                     "outcomes": 6 ** n}
            if kind == "roll" and task[2] == "all" and len(task) > 3 and task[3]:
                words["white"] = task[3]
                return Message("kingsburg.describe.roll_white", words)
            return Message("kingsburg.describe.roll", words)
        if name == "reinforce":
            return Message("kingsburg.describe.reinforce", {"n": args[0]})
        if name == "enemy":
            y = self.year - 1
            _, strength, reward, penalty = ENEMIES[y][ENEMY_KEYS[y].index(args[0])]
            return Message("kingsburg.describe.enemy", {"enemy": args[0], "strength": strength, "reward": bundle(reward),
                                                "penalty": bundle(penalty)})
        if p is None:
            return None
        goods = self.resources[p]
        if name == "white":
            n = args[0]
            may = self.white_dice(p)
            aid = self.season_index == 0 and self.aid_die_holder == p
            farms = bool(self.buildings_owned[p] >> FARMS & 1)
            if not (aid or farms):
                return None
            why = _WHY_WHITE[aid, farms]
            if n == 0:
                return Message("kingsburg.describe.white_none", {"n": may, "why": why})
            return Message("kingsburg.describe.white", {"n": n, "why": why, "total": 3 + n})
        if name in ("place", "envoy") and kind == "place":
            n = args[0]
            ways = self.ways(p)[n]
            envoy = name == "envoy"
            if len(ways) == 1:
                return self._place_words(p, n, ways[0], envoy)
            how = self._dice_words(ways[-1])
            for way in reversed(ways[:-1]):
                how = msg("kingsburg.alternatives", first=self._dice_words(way), rest=how)
            words = {"advisor": n, "number": n, "gives": self._gives(n, p), "ways": how}
            if envoy:
                return Message("kingsburg.describe.choose_envoy", words)
            return Message("kingsburg.describe.choose", words)
        if name == "use" and kind == "place" and self.selected_advisor:
            n = abs(self.selected_advisor)
            for way in self.ways(p)[n]:
                if way[0] == action:
                    return self._place_words(p, n, way, self.selected_advisor < 0)
            return None
        if name == "pass" and kind == "place":
            return Message("kingsburg.describe.pass_place", {"dice": _dice_or_none(self.unplaced_dice[p])})
        if name == "build":
            b = BUILDING_INDEX[args[0]]
            gold, wood, stone = self.cost(p, b)
            crane = gold < BUILDING_COST[b][0]
            second = self.built_this_season[p] >= 1
            words = {"building": args[0], "cost": _goods(gold, wood, stone), "vp": BUILDING_VP[b], "effect": args[0]}
            if crane and second:
                return Message("kingsburg.describe.build_crane_second", words)
            if second:
                return Message("kingsburg.describe.build_second", words)
            if crane:
                return Message("kingsburg.describe.build_crane", words)
            return Message("kingsburg.describe.build", words)
        if name == "pass" and kind == "build":
            if self.envoy_holder == p:
                return Message("kingsburg.describe.pass_build_envoy", {"goods": _goods(*goods)})
            return Message("kingsburg.describe.pass_build", {"goods": _goods(*goods)})
        if name == "take":
            left = task[2] if kind == "take" else 1
            if left > 1:
                return Message("kingsburg.describe.take_more", {"resource": args[0], "n": left - 1})
            return Message("kingsburg.describe.take", {"resource": args[0]})
        if name == "lose":
            left = task[2] if kind == "lose" else 1
            have = goods[RESOURCE_INDEX[args[0]]]
            if left > 1:
                return Message("kingsburg.describe.lose_more", {"resource": args[0], "have": have, "n": left - 1})
            return Message("kingsburg.describe.lose", {"resource": args[0], "have": have})
        if name == "trade":
            r = RESOURCE_INDEX[args[0]]
            second, third = (RESOURCES[other] for other in range(3) if other != r)
            return Message("kingsburg.describe.trade", {"resource": args[0], "have": goods[r], "resource2": second,
                                                        "resource3": third})
        if name == "townhall":
            if args[0] == "token":
                return Message("kingsburg.describe.townhall_token", {"have": self.plus2_tokens[p]})
            return Message("kingsburg.describe.townhall", {"resource": args[0], "have": goods[RESOURCE_INDEX[args[0]]]})
        if name == "recruit":
            return Message("kingsburg.describe.recruit", {"cost": _goods(*(args.count(r) for r in RESOURCES)),
                                                  "soldiers": self.soldiers[p], "goods": _goods(*goods)})
        if name == "done":
            return Message("kingsburg.describe.done", {"n": self.soldiers[p], "goods": _goods(*goods)})
        if name == "skip":
            if kind == "alch":
                return Message("kingsburg.describe.skip_alchemist", {"goods": _goods(*goods)})
            if kind == "smuggle":
                return Message("kingsburg.describe.skip_smuggler", {"vp": self.vp[p]})
            if kind == "townhall":
                return Message("kingsburg.describe.skip_townhall", {"goods": _goods(*goods), "n": self.plus2_tokens[p]})
            return None
        if name == "smuggle":
            return Message("kingsburg.describe.smuggle", {"vp": self.vp[p]})
        dice = list(self.unplaced_dice[p])
        if name == "keep":
            return Message("kingsburg.describe.keep", {"dice": dice, "total": sum(dice)})
        if name == "statue":
            return Message("kingsburg.describe.statue", {"dice": dice})
        if name == "chapel":
            return Message("kingsburg.describe.chapel", {"dice": dice, "total": sum(dice)})
        return None


def _dice_or_none(dice: list[int]) -> list | dict:
    """A seat's dice as a message argument: the list, or 'none'."""
    return list(dice) if dice else msg("kingsburg.none")


def _goods(gold: int, wood: int, stone: int) -> dict:
    """'1 gold and 1 wood' / '1 gold, 1 wood and 1 stone' / 'nothing', as a message argument."""
    parts = [msg("kingsburg.amount", n=count, resource=r) for count, r in zip((gold, wood, stone), RESOURCES) if count]
    if not parts:
        return msg("kingsburg.nothing")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("kingsburg.goods.two", a=parts[0], b=parts[1])
    return msg("kingsburg.goods.three", a=parts[0], b=parts[1], c=parts[2])


_GIVES = {
    1: msg("kingsburg.gives.1"), 2: msg("kingsburg.gives.2"), 3: msg("kingsburg.gives.3"),
    4: msg("kingsburg.gives.4"), 6: msg("kingsburg.gives.6"), 7: msg("kingsburg.gives.7"),
    8: msg("kingsburg.gives.8"), 9: msg("kingsburg.gives.9"), 11: msg("kingsburg.gives.11"),
    12: msg("kingsburg.gives.12"), 13: msg("kingsburg.gives.13"), 14: msg("kingsburg.gives.14"),
    15: msg("kingsburg.gives.15"), 16: msg("kingsburg.gives.16"), 17: msg("kingsburg.gives.17"),
}
_ROLL_WHAT = {"all": msg("kingsburg.what.rolls"), "one": msg("kingsburg.what.statue"),
              "chapel": msg("kingsburg.what.chapel")}
_WHY_WHITE = {(True, False): msg("kingsburg.why.aid"), (False, True): msg("kingsburg.why.farms"),
              (True, True): msg("kingsburg.why.both")}

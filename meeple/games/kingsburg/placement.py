"""The advisors' influence: placing dice on the King's advisors (part of each production season).

「依玩家的次序，各玩家依次將其所擲骰子，依點數放到遊戲圖板上編號1至18中任何1名要人的位置上。……
玩家可支付「+2」標記，讓1顆骰子的點數作多2點論。……每名要人的位置上只可放置1把骰子。……
這程序一直持續至所有玩家並無餘下的骰子、或已無可選的選項。」
In turn order, round and round, each player puts a handful of dice on the advisor their total
names (a "+2" token adds 2 to one die; the Market changes a handful by 1); one handful per advisor
(two with the King's envoy), until nobody has dice or a choice left.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import ENVOY_ACTIONS, PASS_ACTION, PLACE_ACTIONS
from meeple.games.kingsburg.content import DICE_PER_PLAYER, MARKET, STABLE
from meeple.games.kingsburg.flow import UNRESOLVED
from meeple.games.kingsburg.production import dice_arg

# A way to reach an advisor's number: (its "use" action, the dice it uses, how many "+2" tokens,
# the Market's change (0, 1 or -1), its words for the log). Built once per (dice, tokens, change).
_WAYS: dict[tuple, tuple] = {}
_SUBSETS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
_LAYERS: dict[tuple[int, ...], list[tuple[list, list]]] = {}
_HANDFUL_LAYERS: dict[tuple[int, ...], list[tuple[list, list]]] = {}


def placement_way(dice: tuple[int, ...], plus2: int, market: int) -> tuple:
    """One way, built once: (use-action, dice, "+2" count, Market change, its words for the log).

    The words are a message argument ("6, 4 with 1 '+2' token, Market +1"), shared by every log
    event that names this way (never mutated)."""
    key = (dice, plus2, market)
    way = _WAYS.get(key)
    if way is None:
        marks = ("+2",) * plus2 + (("m+1",) if market == 1 else ("m-1",) if market == -1 else ())
        if plus2:
            words = msg("kingsburg.way_tokens", dice=list(dice), n=plus2)
        else:
            words = msg("kingsburg.way", dice=list(dice))
        if market:
            words = msg("kingsburg.way_market", way=words, delta=f"{market:+d}")
        way = _WAYS[key] = (Action("use", dice + marks), dice, plus2, market, words)
    return way


def _handfuls(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct non-empty sub-multisets of ``dice``, fewest dice first."""
    handfuls = _SUBSETS.get(dice)
    if handfuls is None:
        distinct = set(chain.from_iterable(combinations(dice, size) for size in range(1, len(dice) + 1)))
        handfuls = _SUBSETS[dice] = sorted(sorted(distinct), key=len)  # by (size, handful): a stable sort
    return handfuls


def _handful_layers(handful: tuple[int, ...]) -> list[tuple[list, list]]:
    """The ways of one handful by the number of "+2" tokens they use (0 to one per die), each as (without
    the Market, with it): lists of ``(total, way)``, the Market's +1 before its -1. Built once per handful."""
    layers = _HANDFUL_LAYERS.get(handful)
    if layers is None:
        pips = sum(handful)
        layers = []
        for plus2 in range(len(handful) + 1):
            base = pips + 2 * plus2
            plain = [(base, placement_way(handful, plus2, 0))] if base <= 18 else []
            market = [(base + change, placement_way(handful, plus2, change)) for change in (1, -1)
                      if 1 <= base + change <= 18]
            layers.append((plain, market))
        _HANDFUL_LAYERS[handful] = layers
    return layers


def _ways_by_layer(dice: tuple[int, ...]) -> list[tuple[list, list]]:
    """The ways of ``dice`` by the number of "+2" tokens they use, each as (without the Market, with
    it): lists of ``(total, way)`` in the order ``placement_ways`` lists them (handfuls fewest dice
    first). Built once per dice, from the handfuls' own (most are met before, in other dice)."""
    layers = _LAYERS.get(dice)
    if layers is None:
        layers = [([], []) for _ in range(len(dice) + 1)]
        for handful in _handfuls(dice):
            # zip: the handful's own layers, one per "+2" it can take (at most one per die)
            for (plain, market), (handful_plain, handful_market) in zip(layers, _handful_layers(handful)):
                plain += handful_plain
                market += handful_market
        _LAYERS[dice] = layers
    return layers


@lru_cache(maxsize=None)
def placement_ways(dice: tuple[int, ...], tokens: int, market: bool) -> dict[int, tuple]:
    """Every way to reach each advisor number with ``dice`` (sorted high to low).

    A way is ``(action, used_dice, plus2_count, market_delta, text)``; ``tokens`` is capped at the
    number of dice (one "+2" per die).  The Market changes one handful by +1 or -1 (seed, 市場).
    Ways are listed cheapest first: fewest "+2" tokens, no Market, fewest dice.
    """
    ways: dict[int, list] = {}
    uses = 2 if market else 1  # without the Market, then (if ``market``) with it
    for plain_and_market in _ways_by_layer(dice)[:tokens + 1]:
        for layer in plain_and_market[:uses]:
            for total, way in layer:
                same_total = ways.get(total)
                if same_total is None:
                    ways[total] = [way]
                else:
                    same_total.append(way)
    return {total: tuple(ways[total]) for total in sorted(ways)}


def _list_ways_of_own_dice() -> None:
    """Fill ``placement_ways``'s cache for every handful of a player's own dice, once at import (the
    white dice, rarer, are listed when first met)."""
    for size in range(1, DICE_PER_PLAYER + 1):
        for dice in combinations_with_replacement(range(6, 0, -1), size):
            for tokens in range(size + 1):
                placement_ways(dice, tokens, False)
                placement_ways(dice, tokens, True)


_list_ways_of_own_dice()


class Placement:
    """The ``place`` task: whose turn it is to place, what they may place, and placing (mixed into
    ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "place": ActionSpec(perform="_act_place", describe="_describe_place", refuse="_refuse_place"),
        "envoy": ActionSpec(perform="_act_place", describe="_describe_envoy", refuse="_refuse_place"),
        "use": ActionSpec(perform="_act_use", describe="_describe_use", refuse="_refuse_use"),
    }

    _ways_now: dict[int, tuple] | None = None
    """The ways of the seat to move (``ways``), computed by ``_resolve_placement`` and kept for its answer,
    and while it chooses how to reach the advisor it selected (not state: cleared by every placement)."""

    def ways(self, p: int) -> dict[int, tuple]:
        """Every advisor number ``p``'s unplaced dice can reach now, with the ways to reach it."""
        dice = self.unplaced_dice[p]
        if not dice:
            return {}
        market = (self.buildings_owned[p] >> MARKET & 1) == 1 and not self.market_used[p]
        tokens, count = self.plus2_tokens[p], len(dice)  # at most one "+2" per die (min() written out: it
        return placement_ways(tuple(dice), tokens if tokens <= count else count, market)  # costs more here)

    def _placement_actions(self, p: int, ways: dict[int, tuple]) -> list[Action]:
        """The advisors ``p`` may place on now, given ``p``'s ``ways``."""
        handfuls = self.handfuls_on_advisor
        actions = []  # a loop, not a comprehension: no function made on each call
        for n in ways:
            if not handfuls[n]:
                actions.append(PLACE_ACTIONS[n])
        if self.envoy_holder == p:
            free = bool(actions)
            for n in ways:
                there = handfuls[n]
                if len(there) == 1 and there[0][0] != p:
                    actions.append(ENVOY_ACTIONS[n])
            if not free and actions:
                actions.append(PASS_ACTION)  # using the envoy is never compulsory: stop placing, keep it
        return actions

    def _resolve_placement(self) -> bool:
        """The placing's settle: the next seat in turn order that can place decides (False; its placements
        are kept as its legal list; the seat that selected an advisor chooses its way), the others are
        done; once nobody can, the placing ends (True)."""
        if self.selected_advisor:
            self.mover = self.turn_order[self.placing_index]
            return False
        order = self.turn_order
        n = len(order)
        done = self.done_placing
        for i in range(n):
            index = (self.placing_index + i) % n
            p = order[index]
            if done[p]:
                continue
            dice = self.unplaced_dice[p]
            if dice:  # (a seat without dice is done at once)
                ways = self.ways(p)
                actions = self._placement_actions(p, ways)
                if actions:
                    self.placing_index = index
                    self._legal_cache[p] = actions
                    self._ways_now = ways
                    self.mover = p
                    return False
                if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                    self.say("kingsburg.cannot_place", None, seat=p, dice=dice_arg(dice))
            done[p] = True
        self.tasks.pop(0)
        return True

    def _legal_placement(self, player: int) -> list[Action]:
        if self.selected_advisor:
            ways = self._ways_now
            if ways is None:
                ways = self.ways(player)
            return [way[0] for way in ways[abs(self.selected_advisor)]]
        return self._placement_actions(player, self.ways(player))

    def _take_ways_now(self, p: int) -> dict[int, tuple]:
        """``p``'s ways as ``_resolve_placement`` listed them (or listed now), no longer kept."""
        ways = self._ways_now
        if ways is None:
            ways = self.ways(p)
        self._ways_now = None
        return ways

    # ------------------------------------------------------------------ place, envoy: choose an advisor
    def _act_place(self, action: Action, p: int) -> None:
        """``place n``, or ``envoy n`` (beside another handful, with the envoy): ``p`` places on advisor ``n``,
        at once when one way reaches it, else once ``p`` chooses the way (``use``)."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        n = action.args[0]
        envoy = action.name == "envoy"
        ways = self._ways_now  # ``_take_ways_now`` written out: every placement comes here
        if ways is None:
            ways = self.ways(p)
        ways_to_n = ways[n]
        if len(ways_to_n) == 1:
            self._ways_now = None
            self._place_handful(p, n, ways_to_n[0], envoy)
        else:
            self.selected_advisor = -n if envoy else n  # wait for "use …" (negative: through the envoy)
            self._ways_now = ways  # the same seat chooses the way

    def _describe_place(self, action: Action, p: int | None) -> Message | None:
        return self._describe_placing(action, p, envoy=False)

    def _describe_envoy(self, action: Action, p: int | None) -> Message | None:
        return self._describe_placing(action, p, envoy=True)

    def _describe_placing(self, action: Action, p: int | None, envoy: bool) -> Message | None:
        if p is None or not self.tasks or self.tasks[0]["kind"] != "place":
            return None
        n = action.args[0]
        ways = self.ways(p)[n]
        if len(ways) == 1:
            return self._place_words(p, n, ways[0], envoy)
        how = _dice_words(ways[-1])
        for way in reversed(ways[:-1]):
            how = msg("kingsburg.alternatives", first=_dice_words(way), rest=how)
        words = {"advisor": n, "number": n, "gives": self._gives(n, p), "ways": how}
        if envoy:
            return Message("kingsburg.describe.choose_envoy", words)
        return Message("kingsburg.describe.choose", words)

    def _refuse_place(self, action: Action, p: int) -> Message | None:
        """``place n`` / ``envoy n``: an advisor 1 to 18, free (or, with the envoy, taken by another seat),
        that ``p``'s dice can reach."""
        if (self._deciding_task(p) == "place" and not self.selected_advisor and action.args
                and isinstance(action.args[0], int)):
            reason = self._refuse_advisor(action.name, action.args[0], p)
            if reason is not None:
                return reason
        return self._refuse_out_of_task(action, p, "place")

    def _refuse_advisor(self, name: str, n: int, p: int) -> Message | None:
        if not 1 <= n <= 18:
            return Message("kingsburg.illegal.advisor_range", {"n": n})
        there = self.handfuls_on_advisor[n]
        if name == "place" and there:
            return Message("kingsburg.illegal.taken", {"advisor": n, "number": n, "seats": [e[0] for e in there]})
        if name == "envoy" and self.envoy_holder != p:
            return Message("kingsburg.illegal.no_envoy", {})
        if name == "envoy" and not there:
            return Message("kingsburg.illegal.free", {"advisor": n, "number": n})
        if name == "envoy" and any(e[0] == p for e in there):
            return Message("kingsburg.illegal.already", {"advisor": n, "number": n})
        if n not in self.ways(p):
            return Message("kingsburg.illegal.cannot_make", {"dice": dice_or_none(self.unplaced_dice[p]),
                                                              "n": self.plus2_tokens[p], "number": n})
        return None

    # ------------------------------------------------------------------ use: the way to the advisor chosen
    def _act_use(self, action: Action, p: int) -> None:
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        ways = self._take_ways_now(p)
        n = abs(self.selected_advisor)
        envoy = self.selected_advisor < 0
        for way in ways[n]:
            if way[0] == action:
                break
        self._place_handful(p, n, way, envoy)

    def _describe_use(self, action: Action, p: int | None) -> Message | None:
        if p is None or not self.tasks or self.tasks[0]["kind"] != "place" or not self.selected_advisor:
            return None
        n = abs(self.selected_advisor)
        for way in self.ways(p)[n]:
            if way[0] == action:
                return self._place_words(p, n, way, self.selected_advisor < 0)
        return None

    def _refuse_use(self, action: Action, p: int) -> Message | None:
        """``use …``: after choosing an advisor, one of the ways that reach it."""
        if self._deciding_task(p) == "place":
            if not self.selected_advisor:
                return Message("kingsburg.illegal.choose_first", {})
            return Message("kingsburg.illegal.dice_not_make", {
                "number": abs(self.selected_advisor),
                "ways": [msg("kingsburg.action", action=str(way[0])) for way in self.ways(p)[abs(self.selected_advisor)]]})
        return self._refuse_out_of_task(action, p, "place")

    # ------------------------------------------------------------------ pass (flow.py): keep the envoy
    def _pass_placing(self, p: int) -> None:
        """``p`` stops placing rather than use the envoy (never compulsory)."""
        self._ways_now = None
        self.done_placing[p] = True
        self.placing_index = (self.placing_index + 1) % len(self.vp)
        self.say("kingsburg.keeps_envoy", None, seat=p)

    def _describe_pass_placing(self, p: int) -> Message:
        return Message("kingsburg.describe.pass_place", {"dice": dice_or_none(self.unplaced_dice[p])})

    def _refuse_pass_placing(self) -> Message | None:
        return Message("kingsburg.illegal.must_place", {}) if not self.selected_advisor else None

    # ------------------------------------------------------------------ a handful placed, and its words
    def _place_handful(self, p: int, n: int, way: tuple, envoy: bool) -> None:
        _, used, plus2, market, words = way
        dice = self.unplaced_dice[p]
        for face in used:
            dice.remove(face)
        if plus2:
            self.plus2_tokens[p] -= plus2
            self.plus2_supply += plus2
        if market:
            self.market_used[p] = True
        if envoy:
            self.envoy_holder = -1
        self.handfuls_on_advisor[n].append([p, *way[0].args])  # the dice, then any "+2" / "m±1" markers
        self.selected_advisor = 0
        self.placing_index = (self.placing_index + 1) % len(self.vp)
        if self.log is QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            return
        if envoy:
            self.say("kingsburg.places_envoy", None, seat=p, way=words, advisor=n, number=n)
        else:
            self.say_again("kingsburg.places", (p, n, way[0].args), seat=p, way=words, advisor=n, number=n)

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

    def _place_words(self, p: int, n: int, way: tuple, envoy: bool) -> Message:
        args = {"dice": _dice_words(way), "advisor": n, "number": n, "gives": self._gives(n, p)}
        if envoy:
            args["seats"] = [e[0] for e in self.handfuls_on_advisor[n]]
            return Message("kingsburg.describe.place_envoy", args)
        return Message("kingsburg.describe.place", args)


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


def dice_or_none(dice: list[int]) -> list | dict:
    """A seat's dice as a message argument: the list, or 'none'."""
    return list(dice) if dice else msg("kingsburg.none")


_GIVES = {
    1: msg("kingsburg.gives.1"), 2: msg("kingsburg.gives.2"), 3: msg("kingsburg.gives.3"),
    4: msg("kingsburg.gives.4"), 6: msg("kingsburg.gives.6"), 7: msg("kingsburg.gives.7"),
    8: msg("kingsburg.gives.8"), 9: msg("kingsburg.gives.9"), 11: msg("kingsburg.gives.11"),
    12: msg("kingsburg.gives.12"), 13: msg("kingsburg.gives.13"), 14: msg("kingsburg.gives.14"),
    15: msg("kingsburg.gives.15"), 16: msg("kingsburg.gives.16"), 17: msg("kingsburg.gives.17"),
}
"""What each advisor gives, in words (the soldiers' advisors, 5, 10 and 18, are worded per seat: the Stable)."""

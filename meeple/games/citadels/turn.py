"""A player's turn (seed "玩家回合": 行动 and 建设; the income "*").

    行动：首先，玩家必须在桌子上的金币堆中拿取2 枚金币，或者从牌迭中抽取2 张新的地区卡，选择一张放入手上，
    然后将另外一张弃掉。建设：接着，玩家可以将一张地区卡放在自己前面，并且要支付所需的建筑费用……
    你的城市里也不能有两个相同的地区。

First take 2 gold, or draw 2 cards and keep one; then build at most one district that the player can
pay for and does not have yet; the character's income is taken all at once, at any moment of the turn.
The turn's own actions (``ACTIONS``: gold, cards, keep, keep-done, build, income, end) are each
performed, described and refused here, side by side (``meeple.core.action_table``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.citadels.actions import (
    A_BUILD, A_CARDS, A_END, A_GOLD, A_INCOME, A_LABORATORY, A_SMITHY, DISTRICT_COLOUR_NAME, E_ARCHITECT_BONUS,
    E_BUILDS, E_CALLED, E_DRAWS_TO_CHOOSE, E_ENDS_TURN, E_KEEPS, E_KEEPS_REST, E_MERCHANT_BONUS, E_TAKES_CROWN,
    E_TAKES_GOLD, FACE_UP, NOBODY, PHASE_CALL, PHASE_TURN,
)
from meeple.games.citadels.content import (
    ABBOT, ALCHEMIST, ARCHITECT, CHARACTER_INCOME_COLOUR, CHARACTER_SLUG, COLOUR_NAMES, DISTRICT_COLOUR,
    DISTRICT_COST, DISTRICT_INDEX, DISTRICT_POINTS, EMPEROR, HAUNTED_CITY, KING, LABORATORY, LIBRARY, MERCHANT,
    OBSERVATORY, SCHOOL_OF_MAGIC, SMITHY, SMITHY_PRICE, TAX_COLLECTOR, TURN_DRAW, TURN_GOLD, TURN_KEEP, WITCH,
)
from meeple.games.citadels.characters import CHARACTERS_WITH_POWER_ACTIONS
from meeple.games.citadels.fields import CitadelsFields

MOST_EXPENSIVE_DISTRICT = max(DISTRICT_COST)
DISTRICTS_COSTING_AT_MOST = tuple(frozenset(d for d, cost in enumerate(DISTRICT_COST) if cost <= gold)
                                  for gold in range(MOST_EXPENSIVE_DISTRICT + 1))
"""By gold (up to the dearest district's cost): the districts that gold pays for."""

DISTRICTS_PAYING_INCOME = tuple(
    frozenset(d for d, kind in enumerate(DISTRICT_COLOUR) if kind == colour or d == SCHOOL_OF_MAGIC)
    for colour in range(len(COLOUR_NAMES)))
"""By colour: the districts that pay a character of that colour its income (that colour's, and the School
of Magic, which counts as any colour)."""


class TurnRules(CitadelsFields):
    """A character's turn: gold or cards, building, income, the end of the turn."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "gold": ActionSpec(perform="_act_gold", describe="_describe_gold", refuse="_refuse_gold_or_cards"),
        "cards": ActionSpec(perform="_act_cards", describe="_describe_cards", refuse="_refuse_gold_or_cards"),
        "keep": ActionSpec(perform="_act_keep", describe="_describe_keep", refuse=None),
        "keep-done": ActionSpec(perform="_act_keep_done", describe="_describe_keep_done", refuse=None),
        "build": ActionSpec(perform="_act_build", describe="_describe_build", refuse="_refuse_build"),
        "income": ActionSpec(perform="_act_income", describe="_describe_income", refuse=None),
        "end": ActionSpec(perform="_act_end", describe="_describe_end", refuse=None),
    }

    def _begin_turn(self, c: int, p: int, witch: bool = False) -> None:
        """Character ``c`` is called and seat ``p`` shows it (seed "持有这个角色卡的玩家就显示自己的角色卡"): the
        Thief's victim is robbed, the King takes the crown, the Tax Collector collects what is owed, a
        bewitched character only takes gold or cards. ``witch``: the Witch plays the rest of that turn."""
        self.phase = PHASE_TURN
        self.current_character = c
        self.current_seat = p
        self.mover = NOBODY  # the seat moves once its turn's choices are listed (flow.py)
        self.took_gold_or_cards = False
        self.builds_left = 3 if c == ARCHITECT else 1
        self.income_taken = CHARACTER_INCOME_COLOUR[c] < 0
        self.ability_used = False
        self.laboratory_used = False
        self.smithy_used = False
        self.district_destroyed = False
        self.spent_on_builds = 0
        self.built_this_turn = 0
        self.beautified_this_turn = 0
        self.witch_step = 0
        self.cards_to_keep = 0
        if witch:
            # the Witch takes over the rest of the bewitched character's turn
            self.witch_step = 2
            self.took_gold_or_cards = True
            self.say("citadels.witch_acts", seat=p, character=CHARACTER_SLUG[c])
            self._start_of_turn_power(c, p)
            self._after_gold_or_cards(p)
            return
        self.revealed_characters.append([c, p])
        self.log.append(E_CALLED[c][p])
        if c == self.robbed_character:
            thief = self.robber_seat
            stolen = self.gold[p]
            if thief >= 0 and stolen:
                self.gold[p] = 0
                self.gold[thief] += stolen
            self.say("citadels.thief_takes", seat=p, amount=stolen)
        if c == KING:
            self.crown_seat = p
            self.log.append(E_TAKES_CROWN[p])
        if c == TAX_COLLECTOR and self.tax_owed:
            self._collect_owed_tax(p)
        if c == self.bewitched_character:
            self.witch_step = 1
            self.builds_left = 0
            self.say("citadels.bewitched", seat=p)
            return
        self._start_of_turn_power(c, p)

    def _seat_holding(self, c: int) -> int:
        """The seat holding character ``c`` this round, -1 for none."""
        holder = self.character_holder[c]
        return holder if holder >= 0 else -1

    def _turn_actions(self, p: int) -> list[Action]:
        """Seat ``p``'s choices in its turn when no sub-step (a draw to keep from, a power's second step) is
        pending, in the order the legal list shows them."""
        if self.district_destroyed:
            # seed "在回合结束时": the destruction is the turn's last act; nothing of the turn follows
            return [A_END]
        c = self.current_character
        took = self.took_gold_or_cards
        if took:
            actions: list[Action] = []
        elif self.deck_unseen or self.deck_bottom:
            actions = [A_GOLD, A_CARDS]
        else:
            actions = [A_GOLD]
        if self.witch_step == 1:
            # the bewitched character's holder: only the gold/cards action (seed "女巫")
            if took:
                actions.append(A_END)
            return actions
        if not self.ability_used and c in CHARACTERS_WITH_POWER_ACTIONS:
            actions += self._ability_actions(c, p, took)
        city = self.cities[p]
        if not self.income_taken and self._earns_income(p, c):
            actions.append(A_INCOME)
        if LABORATORY in city or SMITHY in city:
            self._purple_district_actions(p, city, actions)
        if took:
            if self.builds_left > 0:
                affordable = DISTRICTS_COSTING_AT_MOST[min(self.gold[p], MOST_EXPENSIVE_DISTRICT)]
                actions += [A_BUILD[d] for d in sorted(affordable.intersection(self.hands[p])) if d not in city]
            # the Emperor must hand the crown on first (seed "皇帝必须要将皇冠卡交给另外一位玩家")
            if c != EMPEROR or self.ability_used:
                actions.append(A_END)
        return actions

    def _purple_district_actions(self, p: int, city: list[int], actions: list[Action]) -> None:
        """The Laboratory's and the Smithy's actions of seat ``p``'s turn, added to ``actions``."""
        hand = self.hands[p]
        if LABORATORY in city and not self.laboratory_used and hand:
            actions += [A_LABORATORY[d] for d in sorted(set(hand))]
        if (SMITHY in city and not self.smithy_used and self.gold[p] >= SMITHY_PRICE
                and (self.deck_unseen or self.deck_bottom)):
            actions.append(A_SMITHY)

    def _act_gold(self, action: Action, p: int) -> None:
        self.took_gold_or_cards = True
        self.gold[p] += TURN_GOLD
        self.log.append(E_TAKES_GOLD[p])
        if self.witch_step == 1:
            self._end_turn(p)
            return
        self._after_gold_or_cards(p)

    def _describe_gold(self, action: Action, p: int) -> dict[str, Any]:
        if self.witch_step == 1:
            return msg("citadels.do.gold_bewitched")
        c = self.current_character
        if c == MERCHANT:
            return msg("citadels.do.gold_merchant")
        if c == ARCHITECT:
            return msg("citadels.do.gold_architect")
        return msg("citadels.do.gold")

    def _refuse_gold_or_cards(self, action: Action, p: int) -> Message | None:
        """Gold or cards, once a turn (seed "首先，玩家必须…拿取2 枚金币，或者…抽取2 张新的地区卡")."""
        if self.phase == PHASE_TURN and p == self.current_seat and self.took_gold_or_cards:
            return Message("citadels.err.took_already", {})
        return None

    def _act_cards(self, action: Action, p: int) -> None:
        self.took_gold_or_cards = True
        city = self.cities[p]
        n_drawn = 3 if OBSERVATORY in city else TURN_DRAW  # seed "天文台": "你可以抽3 张地区卡，保留一张"
        self.cards_to_keep = 2 if LIBRARY in city else TURN_KEEP  # seed "图书馆": "你可以保留抽到的两张地区卡"
        self._queue_draws(p, n_drawn, into_hand=False)
        self.log.append(E_DRAWS_TO_CHOOSE[p][n_drawn])
        self._after_gold_or_cards(p)

    def _describe_cards(self, action: Action, p: int) -> dict[str, Any]:
        city = self.cities[p]
        k = 3 if OBSERVATORY in city else 2
        if LIBRARY in city:
            text = msg("citadels.do.cards_library", n=k)
        else:
            text = msg("citadels.do.cards", n=k)
        if self.witch_step == 1:
            return msg("citadels.do.cards_bewitched", text=text)
        c = self.current_character
        if c == MERCHANT:
            return msg("citadels.do.cards_merchant", text=text)
        if c == ARCHITECT:
            return msg("citadels.do.cards_architect", text=text)
        return text

    def _after_gold_or_cards(self, p: int) -> None:
        """Seed "除了选择拿2 枚金币或者抽地区卡之外": the Merchant's extra gold, the Architect's 2 cards."""
        if self.witch_step == 1:
            return
        c = self.current_character
        if c == MERCHANT:
            self.gold[p] += 1
            self.log.append(E_MERCHANT_BONUS[p])
        elif c == ARCHITECT:
            self._queue_draws(p, 2)
            self.log.append(E_ARCHITECT_BONUS[p])

    def _act_keep(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self.drawn_to_choose.remove(d)
        self.hands[p].append(d)
        self.cards_to_keep -= 1
        self.log.append(E_KEEPS[p][d])
        if self.cards_to_keep <= 0 or not self.drawn_to_choose:
            self._finish_keeping(p)

    def _describe_keep(self, action: Action, p: int) -> dict[str, Any]:
        d = DISTRICT_INDEX[action.args[0]]
        rest = len(self.drawn_to_choose) - 1
        text = msg("citadels.do.keep", card=self._district_text(d))
        if not rest:
            return text
        if self.cards_to_keep > 1:
            return msg("citadels.do.keep_more", text=text, more=self.cards_to_keep - 1)
        return msg("citadels.do.keep_rest", text=text, n=rest)

    def _act_keep_done(self, action: Action, p: int) -> None:
        self._finish_keeping(p)

    def _describe_keep_done(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.keep_done", n=len(self.drawn_to_choose))

    def _finish_keeping(self, p: int) -> None:
        """The drawn cards not kept go under the deck, known to the drawer only."""
        for d in self.drawn_to_choose:
            self._put_on_deck_bottom(d, 1 << p)
        self.log.append(E_KEEPS_REST[p][len(self.drawn_to_choose)])
        self.drawn_to_choose = []
        self.cards_to_keep = 0
        if self.witch_step == 1:
            self._end_turn(p)

    def _act_build(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self._build(p, d, counts=True)

    def _describe_build(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        d = DISTRICT_INDEX[slug]
        if self.current_character == ALCHEMIST:
            return msg("citadels.do.build_alchemist", district=slug, cost=DISTRICT_COST[d],
                       colour=DISTRICT_COLOUR_NAME[d], n=DISTRICT_POINTS[d])
        return msg("citadels.do.build", district=slug, cost=DISTRICT_COST[d], colour=DISTRICT_COLOUR_NAME[d],
                   n=DISTRICT_POINTS[d])

    def _refuse_build(self, action: Action, p: int) -> Message | None:
        """Seed "建设": after gold or cards, a district of the hand, not one the city has, paid in full, once."""
        if self.phase != PHASE_TURN or p != self.current_seat:
            return None
        if not action.args or action.args[0] not in DISTRICT_INDEX:
            return None
        slug = action.args[0]
        d = DISTRICT_INDEX[slug]
        if not self.took_gold_or_cards:
            return Message("citadels.err.take_first", {})
        if d not in self.hands[p]:
            return Message("citadels.err.not_in_hand", {"district": slug})
        if d in self.cities[p]:
            return Message("citadels.err.duplicate", {"district": slug})
        if DISTRICT_COST[d] > self.gold[p]:
            return Message("citadels.err.too_dear", {"district": slug, "cost": DISTRICT_COST[d], "gold": self.gold[p]})
        if self.builds_left <= 0:
            return Message("citadels.err.no_builds", {})
        return None

    def _build(self, p: int, d: int, counts: bool) -> None:
        """Seat ``p`` builds ``d`` from its hand and pays its cost; ``counts``: it is the turn's build (the
        Wizard's build from another hand is not)."""
        cost = DISTRICT_COST[d]
        self.gold[p] -= cost
        self.spent_on_builds += cost
        self.hands[p].remove(d)
        self.cities[p].append(d)
        if counts:
            self.builds_left -= 1
        self.built_this_turn += 1
        for row in self.known_hand_cards:
            if d in row[p]:
                row[p].remove(d)
        if d == HAUNTED_CITY:
            self.haunted_city_round[p] = self.round
        self.log.append(E_BUILDS[p][d])
        if len(self.cities[p]) >= self.complete_city_size and self.first_complete_seat < 0:
            self.first_complete_seat = p
            self.say("citadels.completes", seat=p, count=self.complete_city_size)

    def income(self, p: int, c: int) -> int:
        """The character income of ``c`` for seat ``p`` now (seed "*"; School of Magic "魔法学院")."""
        colour = CHARACTER_INCOME_COLOUR[c]
        if colour < 0:
            return 0
        paying = DISTRICTS_PAYING_INCOME[colour]
        return len([d for d in self.cities[p] if d in paying])

    def _earns_income(self, p: int, c: int) -> bool:
        """Whether ``income(p, c)`` is more than 0: a district of the city pays it."""
        colour = CHARACTER_INCOME_COLOUR[c]
        return colour >= 0 and not DISTRICTS_PAYING_INCOME[colour].isdisjoint(self.cities[p])

    def _act_income(self, action: Action, p: int) -> None:
        self._collect_income(p)

    def _describe_income(self, action: Action, p: int) -> dict[str, Any]:
        c = self.current_character
        return msg("citadels.do.income", amount=self.income(p, c), character=CHARACTER_SLUG[c],
                   why=self._income_text(p, c))

    def _income_text(self, p: int, c: int) -> dict[str, Any]:
        """Why character ``c`` earns what it does in seat ``p``'s city: "2 yellow districts" (+ the School of Magic)."""
        colour = CHARACTER_INCOME_COLOUR[c]
        k = sum(1 for d in self.cities[p] if DISTRICT_COLOUR[d] == colour)
        text = msg("citadels.do.income_districts", n=k, colour=COLOUR_NAMES[colour])
        if SCHOOL_OF_MAGIC in self.cities[p] and DISTRICT_COLOUR[SCHOOL_OF_MAGIC] != colour:
            text = msg("citadels.do.income_school", text=text)
        return text

    def _collect_income(self, p: int) -> None:
        """Seed "金币收入一定要一次过拿取": the whole income at once."""
        amount = self.income(p, self.current_character)
        self.income_taken = True
        if amount:
            self.gold[p] += amount
            self.say("citadels.income", seat=p, amount=amount)

    def _act_end(self, action: Action, p: int) -> None:
        self._end_turn(p)

    def _describe_end(self, action: Action, p: int) -> dict[str, Any]:
        """Ending the turn, and what it does besides: the income still due, the Abbot's levy, the
        Alchemist's refund, the tax."""
        c = self.current_character
        if self.district_destroyed:
            return msg("citadels.do.end_destroyed")
        extra = []
        if not self.income_taken and self.witch_step != 1:
            amount = self.income(p, c)
            if amount:
                extra.append(msg("citadels.do.end_income", amount=amount))
        if c == ABBOT and not self.ability_used and self._levy_targets(p):
            extra.append(msg("citadels.do.end_levy", seat=self._levy_targets(p)[0]))
        if c == ALCHEMIST and self.spent_on_builds:
            extra.append(msg("citadels.do.end_alchemist", amount=self.spent_on_builds))
        no_build = (self.builds_left > 0 and self.took_gold_or_cards and self.witch_step != 1
                    and not self.built_this_turn)
        text = msg("citadels.do.end_no_build") if no_build else msg("citadels.do.end")
        if extra:
            text = msg("citadels.do.end_and", text=text, extras=extra)
        if (self.built_this_turn and TAX_COLLECTOR in self.characters
                and self.character_holder[TAX_COLLECTOR] != FACE_UP and TAX_COLLECTOR != self.killed_character
                and TAX_COLLECTOR not in self.absent_characters and c != TAX_COLLECTOR):
            text = msg("citadels.do.end_tax", text=text)
        return text

    def _end_turn(self, p: int) -> None:
        """Seed "当这名玩家完成所有行动之后": the income not yet taken, the Abbot's levy, the Alchemist's
        refund, the tax; then the next call, or the Witch's part of a bewitched turn."""
        c = self.current_character
        if self.witch_step != 1:
            if not self.income_taken and not self.district_destroyed:
                self._collect_income(p)  # (an income the Warlord did not take before destroying is gone)
            if c == ABBOT and not self.ability_used:
                targets = self._levy_targets(p)
                if targets:
                    self._levy(p, targets[0])
            if c == ALCHEMIST and self.spent_on_builds:
                self.gold[p] += self.spent_on_builds
                self.say("citadels.alchemist", seat=p, amount=self.spent_on_builds)
        if self.built_this_turn and self.gold[p] > 0:
            self._pay_tax(p)
        self.log.append(E_ENDS_TURN[p])
        bewitched_turn = self.witch_step == 1
        self.current_character = -1
        self.current_seat = -1
        self.witch_step = 0
        self.phase = PHASE_CALL
        if bewitched_turn:
            witch = self._seat_holding(WITCH)
            if witch >= 0:
                self._begin_turn(c, witch, witch=True)

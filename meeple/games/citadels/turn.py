"""A player's turn (seed "玩家回合": 行动 and 建设; the income "*").

    行动：首先，玩家必须在桌子上的金币堆中拿取2 枚金币，或者从牌迭中抽取2 张新的地区卡，选择一张放入手上，
    然后将另外一张弃掉。建设：接着，玩家可以将一张地区卡放在自己前面，并且要支付所需的建筑费用……
    你的城市里也不能有两个相同的地区。

First take 2 gold, or draw 2 cards and keep one; then build at most one district that the player can
pay for and does not have yet; the character's income is taken all at once, at any moment of the turn.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.citadels.codes import (
    A_BUILD, A_CARDS, A_END, A_GOLD, A_INCOME, A_LABORATORY, A_SMITHY, E_ARCHITECT_BONUS, E_BUILDS, E_CALLED,
    E_DRAWS_TO_CHOOSE, E_ENDS_TURN, E_KEEPS, E_KEEPS_REST, E_MERCHANT_BONUS, E_TAKES_CROWN, E_TAKES_GOLD, NOBODY,
    PHASE_CALL, PHASE_TURN,
)
from meeple.games.citadels.content import (
    ABBOT, ALCHEMIST, ARCHITECT, CHARACTER_INCOME_COLOUR, CHARACTER_SLUG, COLOUR_NAMES, DISTRICT_COLOUR,
    DISTRICT_COST, DISTRICT_INDEX, EMPEROR, HAUNTED_CITY, KING, LABORATORY, LIBRARY, MERCHANT,
    OBSERVATORY, SCHOOL_OF_MAGIC, SMITHY, SMITHY_PRICE, TAX_COLLECTOR, WITCH,
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
        self.gold[p] += 2
        self.log.append(E_TAKES_GOLD[p])
        if self.witch_step == 1:
            self._end_turn(p)
            return
        self._after_gold_or_cards(p)

    def _act_cards(self, action: Action, p: int) -> None:
        self.took_gold_or_cards = True
        city = self.cities[p]
        n_drawn = 3 if OBSERVATORY in city else 2  # seed "天文台": "你可以抽3 张地区卡，保留一张"
        self.cards_to_keep = 2 if LIBRARY in city else 1  # seed "图书馆": "你可以保留抽到的两张地区卡"
        self.draw_queue.extend([p * 2] * n_drawn)
        self.log.append(E_DRAWS_TO_CHOOSE[p][n_drawn])
        self._after_gold_or_cards(p)

    def _after_gold_or_cards(self, p: int) -> None:
        """Seed "除了选择拿2 枚金币或者抽地区卡之外": the Merchant's extra gold, the Architect's 2 cards."""
        if self.witch_step == 1:
            return
        c = self.current_character
        if c == MERCHANT:
            self.gold[p] += 1
            self.log.append(E_MERCHANT_BONUS[p])
        elif c == ARCHITECT:
            self.draw_queue.extend([p * 2 + 1] * 2)
            self.log.append(E_ARCHITECT_BONUS[p])

    def _act_keep(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self.drawn_to_choose.remove(d)
        self.hands[p].append(d)
        self.cards_to_keep -= 1
        self.log.append(E_KEEPS[p][d])
        if self.cards_to_keep <= 0 or not self.drawn_to_choose:
            self._finish_keeping(p)

    def _act_keep_done(self, action: Action, p: int) -> None:
        self._finish_keeping(p)

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

    def _collect_income(self, p: int) -> None:
        """Seed "金币收入一定要一次过拿取": the whole income at once."""
        amount = self.income(p, self.current_character)
        self.income_taken = True
        if amount:
            self.gold[p] += amount
            self.say("citadels.income", seat=p, amount=amount)

    def _act_end(self, action: Action, p: int) -> None:
        self._end_turn(p)

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

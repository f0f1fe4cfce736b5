"""The extra characters (seed "新增角色卡"), one per rank, each chosen by its rank option.

    如果要使用新角色，一定要在大部份玩家同意之下，在相同等级的角色之中选择一个来使用。

The Witch bewitches a character, the Tax Collector taxes whoever builds, the Wizard takes a card from
a hand, the Emperor gives the crown away for a tribute, the Abbot takes a coin from the richest, the
Alchemist gets back what building cost (turn.py), the Navigator takes 4 gold or 4 cards, the Diplomat
exchanges districts, the Artist beautifies districts and the Queen gains 3 gold beside the King. Their
powers' actions (``ACTIONS``) are each performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.citadels.actions import (
    A_BEAUTIFY, A_BEWITCH, A_EXCHANGE, A_EXCHANGE_WITH, A_GIVE_CROWN, A_LEVY, A_NAVIGATE_CARDS, A_NAVIGATE_GOLD,
    A_PEEK, A_TAKE, A_WIZARD_BUILD, A_WIZARD_KEEP, DIPLOMAT_EXCHANGE, FACE_UP, WIZARD_KEEP, WIZARD_TAKE,
)
from meeple.games.citadels.content import (
    ABBOT, ARTIST, CHARACTER_INDEX, CHARACTER_RANK, CHARACTER_SLUG, DIPLOMAT, DISTRICT_COST, DISTRICT_INDEX,
    DISTRICT_SLUG, EMPEROR, HAUNTED_CITY, KEEP, NAVIGATOR, TAX_COLLECTOR, WITCH, WIZARD,
)
from meeple.games.citadels.fields import CitadelsFields


class ExtraCharacterRules(CitadelsFields):
    """The powers of the extra characters."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # the Witch
        "bewitch": ActionSpec(perform="_act_bewitch", describe="_describe_bewitch",
                              refuse="_refuse_not_your_character"),
        # the Wizard: look at a hand, take a card from it, keep or build it
        "peek": ActionSpec(perform="_act_peek", describe="_describe_peek", refuse=None),
        "take": ActionSpec(perform="_act_take", describe="_describe_take", refuse=None),
        "wizard-keep": ActionSpec(perform="_act_wizard_keep", describe="_describe_wizard_keep", refuse=None),
        "wizard-build": ActionSpec(perform="_act_wizard_build", describe="_describe_wizard_build", refuse=None),
        # the Emperor: the crown given away, and the new holder's tribute
        "give-crown": ActionSpec(perform="_act_give_crown", describe="_describe_give_crown", refuse=None),
        "tribute-gold": ActionSpec(perform="_act_tribute_gold", describe="_describe_tribute_gold", refuse=None),
        "tribute": ActionSpec(perform="_act_tribute", describe="_describe_tribute", refuse=None),
        # the Abbot
        "levy": ActionSpec(perform="_act_levy", describe="_describe_levy", refuse=None),
        # the Navigator
        "navigate-gold": ActionSpec(perform="_act_navigate_gold", describe="_describe_navigate_gold", refuse=None),
        "navigate-cards": ActionSpec(perform="_act_navigate_cards", describe="_describe_navigate_cards",
                                     refuse=None),
        # the Diplomat: one district offered, one taken in exchange
        "exchange": ActionSpec(perform="_act_exchange", describe="_describe_exchange", refuse=None),
        "exchange-with": ActionSpec(perform="_act_exchange_with", describe="_describe_exchange_with", refuse=None),
        # the Artist
        "beautify": ActionSpec(perform="_act_beautify", describe="_describe_beautify", refuse=None),
    }

    def _extra_ability_actions(self, c: int, p: int, took: bool) -> list[Action]:
        """The power actions extra character ``c`` offers seat ``p`` now (see ``_ability_actions``)."""
        n = self.game.players
        if c == WITCH:
            if not took or self.witch_step != 0 or self.built_this_turn:
                return []
            return [A_BEWITCH[x] for x in self.characters if x != c and self.character_holder[x] != FACE_UP]
        if c == WIZARD:
            return [A_PEEK[q] for q in range(n) if q != p and self.hands[q]]
        if c == EMPEROR:
            # seed "必须要将皇冠卡交给另外一位玩家": any player but the Emperor, the crown's holder included
            return [A_GIVE_CROWN[q] for q in range(n) if q != p]
        if c == ABBOT:
            return [A_LEVY[q] for q in self._levy_targets(p)]
        if c == NAVIGATOR:
            if not took:
                return []
            actions = [A_NAVIGATE_GOLD]
            if self.deck_unseen or self.deck_bottom:
                actions.append(A_NAVIGATE_CARDS)
            return actions
        if c == DIPLOMAT:
            if not took:
                return []
            return [A_EXCHANGE[d] for d in sorted(set(self.cities[p])) if self._exchange_partners(p, d)]
        if c == ARTIST:
            if self.beautified_this_turn >= 2 or self.gold[p] < 1:
                return []
            return [A_BEAUTIFY[d] for d in sorted(set(self.cities[p])) if d not in self.beautified[p]]
        return []

    def _ability_step_actions(self, p: int) -> list[Action]:
        """The second step of a two-step power (``ability_step``): the Wizard's card to take from the hand
        he looked at (``WIZARD_TAKE``), keeping or building it (``WIZARD_KEEP``); the Diplomat's district to
        take in exchange (``DIPLOMAT_EXCHANGE``)."""
        step = self.ability_step
        stage = step["stage"]
        if stage == DIPLOMAT_EXCHANGE:
            return [A_EXCHANGE_WITH[q][d] for q, d in self._exchange_partners(p, step["district"])]
        if stage == WIZARD_TAKE:
            return [A_TAKE[d] for d in sorted(set(self.hands[step["seat"]]))]
        d = step["district"]
        actions = [A_WIZARD_KEEP]
        if DISTRICT_COST[d] <= self.gold[p]:
            actions.append(A_WIZARD_BUILD)
        return actions

    def _levy_targets(self, p: int) -> list[int]:
        """Seed "修道院长": "拥有最多金币的玩家需要给你一枚金币" (none when the Abbot is among the richest)."""
        richest = max(self.gold)
        if richest <= 0 or self.gold[p] == richest:
            return []
        return [q for q in range(self.game.players) if q != p and self.gold[q] == richest]

    def _exchange_partners(self, p: int, mine: int) -> list[tuple[int, int]]:
        """Diplomat: the districts of other cities that ``mine`` may be exchanged for."""
        out = []
        if mine == KEEP:
            return out
        gold = self.gold[p]
        my_city = self.cities[p]
        for q in range(self.game.players):
            if q == p or not self._city_attackable(q):
                continue
            their_city = self.cities[q]
            if mine in their_city:
                continue
            for d in sorted(set(their_city)):
                if d == KEEP or d in my_city:
                    continue
                if max(0, self.district_value(q, d) - self.district_value(p, mine)) <= gold:
                    out.append((q, d))
        return out

    def district_value(self, q: int, d: int) -> int:
        """District ``d`` of seat ``q`` as the Diplomat pays for it: its cost, plus the Artist's coin."""
        return DISTRICT_COST[d] + (1 if d in self.beautified[q] else 0)

    def _act_bewitch(self, action: Action, p: int) -> None:
        c = CHARACTER_INDEX[action.args[0]]
        self.bewitched_character = c
        self.ability_used = True
        self.say("citadels.bewitches", character=CHARACTER_SLUG[c])
        self._end_turn(p)

    def _describe_bewitch(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.bewitch", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _act_peek(self, action: Action, p: int) -> None:
        q = action.args[0]
        if len(self.known_hand_cards[p][q]) < len(self.hands[q]):
            self.reveal()  # the Wizard sees cards of that hand he did not know
        self.ability_used = True
        self.ability_step = {"stage": WIZARD_TAKE, "seat": q, "district": -1}
        self.known_hand_cards[p][q] = sorted(self.hands[q])
        self.say("citadels.peeks", seat=p, seat2=q)
        self.say("citadels.hand_is", (p,), seat=q, districts=[DISTRICT_SLUG[d] for d in sorted(self.hands[q])])

    def _describe_peek(self, action: Action, p: int) -> dict[str, Any]:
        q = action.args[0]
        return msg("citadels.do.peek", seat=q, cards=msg("citadels.n_cards", n=len(self.hands[q])))

    def _act_take(self, action: Action, p: int) -> None:
        q = self.ability_step["seat"]
        d = DISTRICT_INDEX[action.args[0]]
        self.hands[q].remove(d)
        self.known_hand_cards[p][q].remove(d)
        for r in range(self.game.players):
            if r != p and r != q:
                self.known_hand_cards[r][q] = []
        self.ability_step = {"stage": WIZARD_KEEP, "seat": q, "district": d}
        self.say("citadels.takes_from", seat=p, seat2=q)
        self.say("citadels.takes_district", (p, q), seat=p, district=DISTRICT_SLUG[d])

    def _describe_take(self, action: Action, p: int) -> dict[str, Any]:
        card = self._district_text(DISTRICT_INDEX[action.args[0]])
        return msg("citadels.do.take", card=card, seat=self.ability_step["seat"])

    def _act_wizard_keep(self, action: Action, p: int) -> None:
        q, d = self.ability_step["seat"], self.ability_step["district"]
        self.ability_step = {}
        self.hands[p].append(d)
        self.known_hand_cards[q][p].append(d)
        self.say("citadels.keeps_card", seat=p)

    def _describe_wizard_keep(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.wizard_keep", district=DISTRICT_SLUG[self.ability_step["district"]])

    def _act_wizard_build(self, action: Action, p: int) -> None:
        if self.game.players > 2:
            self.reveal()  # the card he took, seen by him and its owner only, is built in view of all
        d = self.ability_step["district"]
        self.ability_step = {}
        self.hands[p].append(d)
        # seed "巫师": this build is not the turn's build, and may duplicate a district
        self._build(p, d, counts=False)

    def _describe_wizard_build(self, action: Action, p: int) -> dict[str, Any]:
        d = self.ability_step["district"]
        return msg("citadels.do.wizard_build", district=DISTRICT_SLUG[d], cost=DISTRICT_COST[d])

    def _act_give_crown(self, action: Action, p: int) -> None:
        q = action.args[0]
        self.crown_seat = q
        self.ability_used = True
        self.say("citadels.gives_crown", seat=p, seat2=q)
        if self.gold[q] > 0 or self.hands[q]:
            self.tribute_seat = q
        else:
            self.say("citadels.cannot_pay", seat=q)

    def _describe_give_crown(self, action: Action, p: int) -> dict[str, Any]:
        q = action.args[0]
        if self.gold[q] > 0 or self.hands[q]:
            return msg("citadels.do.give_crown", seat=q)
        return msg("citadels.do.give_crown_free", seat=q)

    def _act_tribute_gold(self, action: Action, p: int) -> None:
        self.gold[p] -= 1
        self.gold[self.current_seat] += 1
        self.tribute_seat = -1
        self.say("citadels.tribute_gold", seat=p)

    def _describe_tribute_gold(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.tribute_gold", seat=self.current_seat, gold=self.gold[p])

    def _act_tribute(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        emperor = self.current_seat
        self.hands[p].remove(d)
        self.hands[emperor].append(d)
        self.known_hand_cards[p][emperor].append(d)
        if d in self.known_hand_cards[emperor][p]:
            self.known_hand_cards[emperor][p].remove(d)
        for r in range(self.game.players):
            if r != p and r != emperor:
                self.known_hand_cards[r][p] = []
        self.tribute_seat = -1
        self.say("citadels.tribute_card", seat=p)
        self.say("citadels.tribute_is", (p, emperor), district=DISTRICT_SLUG[d])

    def _describe_tribute(self, action: Action, p: int) -> dict[str, Any]:
        card = self._district_text(DISTRICT_INDEX[action.args[0]])
        return msg("citadels.do.tribute", seat=self.current_seat, card=card)

    def _act_levy(self, action: Action, p: int) -> None:
        self._levy(p, action.args[0])

    def _describe_levy(self, action: Action, p: int) -> dict[str, Any]:
        q = action.args[0]
        return msg("citadels.do.levy", seat=q, gold=self.gold[q])

    def _levy(self, p: int, q: int) -> None:
        self.ability_used = True
        self.gold[q] -= 1
        self.gold[p] += 1
        self.say("citadels.levy", seat=q)

    def _act_navigate_gold(self, action: Action, p: int) -> None:
        self.ability_used = True
        self.gold[p] += 4
        self.say("citadels.navigates_gold", seat=p)

    def _describe_navigate_gold(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.navigate_gold")

    def _act_navigate_cards(self, action: Action, p: int) -> None:
        self.ability_used = True
        self._queue_draws(p, 4)
        self.say("citadels.navigates_cards", seat=p)

    def _describe_navigate_cards(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.navigate_cards")

    def _act_exchange(self, action: Action, p: int) -> None:
        self.ability_step = {"stage": DIPLOMAT_EXCHANGE, "seat": -1, "district": DISTRICT_INDEX[action.args[0]]}
        self.say("citadels.offers_exchange", seat=p, district=action.args[0])

    def _describe_exchange(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.exchange", district=slug, value=self.district_value(p, DISTRICT_INDEX[slug]))

    def _act_exchange_with(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = DISTRICT_INDEX[action.args[1]]
        mine = self.ability_step["district"]
        self.ability_step = {}
        pay = max(0, self.district_value(q, d) - self.district_value(p, mine))
        my_coin = mine in self.beautified[p]
        their_coin = d in self.beautified[q]
        self._remove_district(p, mine)
        self._remove_district(q, d)
        self.cities[p].append(d)
        self.cities[q].append(mine)
        if their_coin:
            self.beautified[p].append(d)
        if my_coin:
            self.beautified[q].append(mine)
        if d == HAUNTED_CITY:
            self.haunted_city_round[p] = self.round
        if mine == HAUNTED_CITY:
            self.haunted_city_round[q] = self.round
        self.gold[p] -= pay
        self.gold[q] += pay
        self.ability_used = True
        self.say("citadels.exchanges", seat=p, district=DISTRICT_SLUG[mine], seat2=q, district2=DISTRICT_SLUG[d],
                 pay=pay)

    def _describe_exchange_with(self, action: Action, p: int) -> dict[str, Any]:
        q, d = action.args[0], DISTRICT_INDEX[action.args[1]]
        mine = self.ability_step["district"]
        pay = max(0, self.district_value(q, d) - self.district_value(p, mine))
        return msg("citadels.do.exchange_with", district=DISTRICT_SLUG[mine], value=self.district_value(p, mine),
                   seat=q, district2=action.args[1], value2=self.district_value(q, d), pay=pay)

    def _act_beautify(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self.gold[p] -= 1
        self.beautified[p].append(d)
        self.beautified_this_turn += 1
        if self.beautified_this_turn >= 2:
            self.ability_used = True
        self.say("citadels.beautifies", seat=p, district=DISTRICT_SLUG[d])

    def _describe_beautify(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.beautify", district=action.args[0], n=1 - self.beautified_this_turn)

    def _queen_bonus(self, p: int) -> None:
        """Seed "皇后": "如果你坐在国王旁边，你可以获得3 枚金币，即使国王被暗杀了" (the rank-4 character's seat)."""
        n = self.game.players
        king_seat = rank4 = -1
        for c in self.characters:
            if CHARACTER_RANK[c] == 4:
                king_seat, rank4 = self.character_holder[c], c
        if king_seat >= 0 and king_seat != p and (king_seat == (p + 1) % n or king_seat == (p - 1) % n):
            self.gold[p] += 3
            self.say("citadels.queen", seat=p, character=CHARACTER_SLUG[rank4])

    def _pay_tax(self, p: int) -> None:
        """Seed "税务官": whoever built pays 1 gold "给你" (to the Tax Collector) at the end of the turn.

        Before the Tax Collector is called nobody may learn whether a seat holds it, so a builder who
        plays before him (the rank-1 character, seed "如果杀手或女巫有建设地区") keeps the coin and
        owes it (``tax_owed``): when the Tax Collector is called its holder takes it from him; when
        nobody answers, nobody is owed and nobody pays. Nothing else happens between the rank-1 turn
        and the rank-2 call, so the debtor still has the coin then.
        """
        tc = TAX_COLLECTOR
        if (tc not in self.characters or self.character_holder[tc] == FACE_UP or tc == self.killed_character
                or tc in self.absent_characters):
            return
        collector = -1
        for c, seat in self.revealed_characters:
            if c == tc:
                collector = seat
        if collector == p:
            return
        if collector >= 0:
            self.gold[p] -= 1
            self.gold[collector] += 1
            self.say("citadels.pays_tax", seat=p)
        else:
            self.tax_owed.append(p)
            self.say("citadels.owes_tax", seat=p)

    def _collect_owed_tax(self, collector: int) -> None:
        """The Tax Collector is called: the seats that built before him pay what they owe."""
        for q in self.tax_owed:
            if q != collector and self.gold[q] > 0:
                self.gold[q] -= 1
                self.gold[collector] += 1
                self.say("citadels.pays_owed_tax", seat=q)
        self.tax_owed = []

"""Words for people: why an action is refused, and what an action would do now, with its numbers.

    在一个回合当中，玩家可以作出以下事情：……

Every text is a catalogue message (``citadels.err.*``, ``citadels.do.*``) with its arguments, shown in
the reader's language.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.core.i18n import Message, msg
from meeple.games.citadels.codes import DISTRICT_COLOUR_NAME, FACE_UP, NOBODY, PHASE_DRAFT, PHASE_TURN
from meeple.games.citadels.content import (
    ABBOT, ALCHEMIST, ARCHITECT, CHARACTER_INCOME_COLOUR, CHARACTER_INDEX, CHARACTER_RANK, CHARACTER_SLUG,
    COLOUR_NAMES, DISTRICT_COLOUR, DISTRICT_COST, DISTRICT_INDEX, DISTRICT_POINTS, DISTRICT_SLUG, GREAT_WALL,
    LIBRARY, MERCHANT, OBSERVATORY, SCHOOL_OF_MAGIC, SMITHY_DRAW, SMITHY_PRICE, TAX_COLLECTOR, THIEF,
)
from meeple.games.citadels.fields import CitadelsFields


class DescribeActions(CitadelsFields):
    """Refusals and descriptions of actions, as messages."""

    def why_illegal(self, action: Action, player: int) -> Message:
        """The rule a refused action breaks, for the common mistakes; the engine's reason otherwise."""
        name = action.name
        if self.phase == PHASE_DRAFT and name in ("pick", "facedown") and action.args:
            slug = action.args[0]
            if slug in CHARACTER_INDEX and CHARACTER_INDEX[slug] not in self.draft_offer:
                return Message("citadels.err.not_offered", {"character": slug})
        if self.phase == PHASE_TURN and player == self.current_seat:
            p = player
            if name == "build" and action.args and action.args[0] in DISTRICT_INDEX:
                slug = action.args[0]
                d = DISTRICT_INDEX[slug]
                if not self.took_gold_or_cards:
                    return Message("citadels.err.take_first", {})
                if d not in self.hands[p]:
                    return Message("citadels.err.not_in_hand", {"district": slug})
                if d in self.cities[p]:
                    return Message("citadels.err.duplicate", {"district": slug})
                if DISTRICT_COST[d] > self.gold[p]:
                    return Message("citadels.err.too_dear", {"district": slug, "cost": DISTRICT_COST[d],
                                                             "gold": self.gold[p]})
                if self.builds_left <= 0:
                    return Message("citadels.err.no_builds", {})
            if name == "rob" and action.args and action.args[0] in CHARACTER_INDEX:
                slug = action.args[0]
                c = CHARACTER_INDEX[slug]
                if self.current_character != THIEF:
                    return Message("citadels.err.only_thief", {})
                if CHARACTER_RANK[c] <= 2:
                    return Message("citadels.err.rob_rank", {})
                if c == self.killed_character:
                    return Message("citadels.err.rob_killed", {})
                if c == self.bewitched_character:
                    return Message("citadels.err.rob_bewitched", {})
                if self.character_holder[c] == FACE_UP:
                    return Message("citadels.err.face_up", {"character": slug})
            if name in ("gold", "cards") and self.took_gold_or_cards:
                return Message("citadels.err.took_already", {})
        if (self.phase == PHASE_TURN and name in ("kill", "rob", "swap", "destroy", "bewitch")
                and player != self.current_seat):
            return Message("citadels.err.not_your_character", {"character": CHARACTER_SLUG[self.current_character]})
        return super().why_illegal(action, player)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers, as a message.

        >>> state.describe(Action("build", ("temple",)), 0)
        'Build the Temple for 1 gold (blue, worth 1 point)'
        >>> state.describe(Action("build", ("temple",)), 0, "zh")
        '花费 1 枚金币建造神庙（蓝色，计 1 分）'
        """
        p = player if player is not None else (self.mover if self.mover != NOBODY else self.current_seat)
        found = self._describe_action(action, p)
        if found is None:
            return None
        if isinstance(found, Message):
            return found
        return Message(found["id"], found["args"])

    def _district_text(self, d: int) -> dict[str, Any]:
        """"Temple (blue, cost 1, 1 point)" as a message."""
        return msg("citadels.do.card", district=DISTRICT_SLUG[d], colour=DISTRICT_COLOUR_NAME[d], cost=DISTRICT_COST[d],
                   n=DISTRICT_POINTS[d])

    def _income_text(self, p: int, c: int) -> dict[str, Any]:
        """Why character ``c`` earns what it does in seat ``p``'s city: "2 yellow districts" (+ the School of Magic)."""
        colour = CHARACTER_INCOME_COLOUR[c]
        k = sum(1 for d in self.cities[p] if DISTRICT_COLOUR[d] == colour)
        text = msg("citadels.do.income_districts", n=k, colour=COLOUR_NAMES[colour])
        if SCHOOL_OF_MAGIC in self.cities[p] and DISTRICT_COLOUR[SCHOOL_OF_MAGIC] != colour:
            text = msg("citadels.do.income_school", text=text)
        return text

    def _describe_action(self, action: Action, p: int) -> dict[str, Any] | None:
        """The message for ``describe_message``, by the action's name; None for an unknown name."""
        name, args = action.name, action.args
        c = self.current_character
        # ---------------------------------------------------------------- chance
        if name == "crown":
            return msg("citadels.do.crown", seat=args[0])
        if name == "deal-down":
            character = CHARACTER_INDEX[args[0]]
            return msg("citadels.do.deal_down", character=args[0], rank=CHARACTER_RANK[character])
        if name == "deal-up":
            character = CHARACTER_INDEX[args[0]]
            return msg("citadels.do.deal_up", character=args[0], rank=CHARACTER_RANK[character])
        if name == "draw":
            d = DISTRICT_INDEX[args[0]]
            left = len(self.deck_unseen) + len(self.deck_bottom)
            if self.draw_queue:
                return msg("citadels.do.draw", seat=self.draw_queue[0] >> 1, card=self._district_text(d), n=left)
            return msg("citadels.do.draw_anyone", card=self._district_text(d), n=left)
        # ---------------------------------------------------------------- draft
        if name == "pick":
            character = CHARACTER_INDEX[args[0]]
            return msg("citadels.do.pick", character=args[0], rank=CHARACTER_RANK[character],
                       n=len(self.draft_offer) - 1)
        if name == "facedown":
            character = CHARACTER_INDEX[args[0]]
            return msg("citadels.do.facedown", character=args[0], rank=CHARACTER_RANK[character])
        # ---------------------------------------------------------------- resources
        if name == "gold":
            if self.witch_step == 1:
                return msg("citadels.do.gold_bewitched")
            if c == MERCHANT:
                return msg("citadels.do.gold_merchant")
            if c == ARCHITECT:
                return msg("citadels.do.gold_architect")
            return msg("citadels.do.gold")
        if name == "cards":
            city = self.cities[p]
            k = 3 if OBSERVATORY in city else 2
            if LIBRARY in city:
                text = msg("citadels.do.cards_library", n=k)
            else:
                text = msg("citadels.do.cards", n=k)
            if self.witch_step == 1:
                return msg("citadels.do.cards_bewitched", text=text)
            if c == MERCHANT:
                return msg("citadels.do.cards_merchant", text=text)
            if c == ARCHITECT:
                return msg("citadels.do.cards_architect", text=text)
            return text
        if name == "keep":
            d = DISTRICT_INDEX[args[0]]
            rest = len(self.drawn_to_choose) - 1
            text = msg("citadels.do.keep", card=self._district_text(d))
            if not rest:
                return text
            if self.cards_to_keep > 1:
                return msg("citadels.do.keep_more", text=text, more=self.cards_to_keep - 1)
            return msg("citadels.do.keep_rest", text=text, n=rest)
        if name == "keep-done":
            return msg("citadels.do.keep_done", n=len(self.drawn_to_choose))
        # ---------------------------------------------------------------- building and the turn
        if name == "build":
            d = DISTRICT_INDEX[args[0]]
            if c == ALCHEMIST:
                return msg("citadels.do.build_alchemist", district=args[0], cost=DISTRICT_COST[d],
                           colour=DISTRICT_COLOUR_NAME[d], n=DISTRICT_POINTS[d])
            return msg("citadels.do.build", district=args[0], cost=DISTRICT_COST[d], colour=DISTRICT_COLOUR_NAME[d],
                       n=DISTRICT_POINTS[d])
        if name == "income":
            return msg("citadels.do.income", amount=self.income(p, c), character=CHARACTER_SLUG[c],
                       why=self._income_text(p, c))
        if name == "end":
            return self._describe_end(p, c)
        if name == "lab":
            return msg("citadels.do.lab", district=args[0])
        if name == "smithy":
            return msg("citadels.do.smithy", price=SMITHY_PRICE, n=SMITHY_DRAW)
        if name == "recover":
            return msg("citadels.do.recover", card=self._district_text(self.graveyard_offer[0]))
        if name == "decline":
            return msg("citadels.do.decline", district=DISTRICT_SLUG[self.graveyard_offer[0]])
        # ---------------------------------------------------------------- characters
        if name in ("kill", "rob", "bewitch"):
            character = CHARACTER_INDEX[args[0]]
            if name == "kill":
                return msg("citadels.do.kill", character=args[0], rank=CHARACTER_RANK[character])
            if name == "rob":
                return msg("citadels.do.rob", character=args[0], rank=CHARACTER_RANK[character])
            return msg("citadels.do.bewitch", character=args[0], rank=CHARACTER_RANK[character])
        if name == "swap":
            q = args[0]
            return msg("citadels.do.swap", mine=msg("citadels.n_cards", n=len(self.hands[p])), seat=q,
                       theirs=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "discard":
            return msg("citadels.do.discard", district=args[0], k=len(self.magician_discards) + 1)
        if name == "redraw":
            return msg("citadels.do.redraw", n=len(self.magician_discards))
        if name == "destroy":
            q, d = args[0], DISTRICT_INDEX[args[1]]
            wall = GREAT_WALL in self.cities[q] and d != GREAT_WALL
            if wall:
                text = msg("citadels.do.destroy_wall", seat=q, district=args[1], cost=DISTRICT_COST[d],
                           pay=self.destroy_cost(q, d))
            else:
                text = msg("citadels.do.destroy", seat=q, district=args[1], cost=DISTRICT_COST[d],
                           pay=self.destroy_cost(q, d))
            if not self.income_taken and self.income(p, c):
                text = msg("citadels.do.destroy_lost", text=text, amount=self.income(p, c))
            return text
        if name == "peek":
            q = args[0]
            return msg("citadels.do.peek", seat=q, cards=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "take":
            return msg("citadels.do.take", card=self._district_text(DISTRICT_INDEX[args[0]]), seat=self.ability_step[0])
        if name == "wizard-keep":
            return msg("citadels.do.wizard_keep", district=DISTRICT_SLUG[self.ability_step[2]])
        if name == "wizard-build":
            d = self.ability_step[2]
            return msg("citadels.do.wizard_build", district=DISTRICT_SLUG[d], cost=DISTRICT_COST[d])
        if name == "give-crown":
            q = args[0]
            if self.gold[q] > 0 or self.hands[q]:
                return msg("citadels.do.give_crown", seat=q)
            return msg("citadels.do.give_crown_free", seat=q)
        if name == "tribute-gold":
            return msg("citadels.do.tribute_gold", seat=self.current_seat, gold=self.gold[p])
        if name == "tribute":
            return msg("citadels.do.tribute", seat=self.current_seat, card=self._district_text(DISTRICT_INDEX[args[0]]))
        if name == "levy":
            q = args[0]
            return msg("citadels.do.levy", seat=q, gold=self.gold[q])
        if name == "navigate-gold":
            return msg("citadels.do.navigate_gold")
        if name == "navigate-cards":
            return msg("citadels.do.navigate_cards")
        if name == "exchange":
            d = DISTRICT_INDEX[args[0]]
            return msg("citadels.do.exchange", district=args[0], value=self.district_value(p, d))
        if name == "exchange-with":
            q, d = args[0], DISTRICT_INDEX[args[1]]
            mine = self.ability_step[2]
            pay = max(0, self.district_value(q, d) - self.district_value(p, mine))
            return msg("citadels.do.exchange_with", district=DISTRICT_SLUG[mine], value=self.district_value(p, mine),
                       seat=q, district2=args[1], value2=self.district_value(q, d), pay=pay)
        if name == "beautify":
            return msg("citadels.do.beautify", district=args[0], n=1 - self.beautified_this_turn)
        return None

    def _describe_end(self, p: int, c: int) -> dict[str, Any]:
        """What ending the turn does besides: the income still due, the Abbot's levy, the Alchemist's refund,
        the tax."""
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

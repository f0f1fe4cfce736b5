"""District cards (seed "地区卡", "特别地区"): the deck, and the purple districts that act in a turn.

    每个紫色地区都能够为拥有者提供一种特殊能力。
    实验室：在你的回合当中，你可以从手上弃掉一张地区卡，然后换取一枚金币。
    铁匠铺：在你的回合当中，你可以支付3 枚金币，然后抽2 张地区卡。
    墓地：当领主破坏一个地区时，你可以支付一枚金币将被破坏的地区拿到手上。

A card drawn goes to a hand or to the turn's choice; cards laid aside go to the deck's bottom. The
Laboratory, the Smithy and the Graveyard act here; the Library and the Observatory change the draw
(turn.py), the Keep and the Great Wall the Warlord (characters.py), the School of Magic the income,
the Haunted City, the Dragon Gate and the University the score (scoring.py). Their actions (``ACTIONS``:
a card drawn by chance, the Laboratory's, the Smithy's, the Graveyard's answer) are each performed,
described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.citadels.actions import E_DRAWS_CARD, PHASE_SETUP
from meeple.games.citadels.content import (
    DISTRICT_INDEX, DISTRICT_SLUG, GRAVEYARD, HAUNTED_CITY, SMITHY_DRAW, SMITHY_PRICE,
)
from meeple.games.citadels.fields import CitadelsFields


class DistrictRules(CitadelsFields):
    """The deck, and the purple districts that act during a turn."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "draw": ActionSpec(perform="_act_draw", describe="_describe_draw", refuse=None),  # chance
        "lab": ActionSpec(perform="_act_lab", describe="_describe_lab", refuse=None),
        "smithy": ActionSpec(perform="_act_smithy", describe="_describe_smithy", refuse=None),
        "recover": ActionSpec(perform="_act_recover", describe="_describe_recover", refuse=None),
        "decline": ActionSpec(perform="_act_decline", describe="_describe_decline", refuse=None),
    }

    def _act_draw(self, action: Action, player: int) -> None:
        """The chance outcome of a draw (``draw <district>``): that card of the unseen deck, for the next
        draw of the queue."""
        d = DISTRICT_INDEX[action.args[0]]
        self.deck_unseen.remove(d)
        self._deliver_drawn_card(self.draw_queue.pop(0), d, from_bottom=-1)
        self._after_a_draw()

    def _describe_draw(self, action: Action, p: int | None) -> dict[str, Any]:
        d = DISTRICT_INDEX[action.args[0]]
        left = len(self.deck_unseen) + len(self.deck_bottom)
        if self.draw_queue:
            return msg("citadels.do.draw", seat=self.draw_queue[0]["seat"], card=self._district_text(d), n=left)
        return msg("citadels.do.draw_anyone", card=self._district_text(d), n=left)

    def _draw_from_deck_bottom(self) -> None:
        """The unseen deck is empty: the next draw of the queue takes the first card put under the deck."""
        draw = self.draw_queue.pop(0)
        card = self.deck_bottom.pop(0)
        seen_by = self.deck_bottom_seen_by.pop(0)
        if not seen_by >> draw["seat"] & 1:
            self.reveal()  # the drawer sees a card from the bottom it did not know
        self._deliver_drawn_card(draw, card, from_bottom=seen_by)
        self._after_a_draw()

    def _queue_draws(self, p: int, count: int, into_hand: bool = True) -> None:
        """``count`` draws for seat ``p`` after those already queued (``draw_queue``): into its hand, or
        (``into_hand`` False) among the cards it will choose from. Drawing comes before anything else:
        from the unseen deck, a chance step (noted in ``mover``)."""
        self.draw_queue.extend([{"seat": p, "into_hand": into_hand} for _ in range(count)])
        if self.deck_unseen:
            self.mover = CHANCE
            self.chance_kind = "draw"

    def _after_a_draw(self) -> None:
        """The set-up's last draw: the crown's holder is drawn next (a chance step, noted in ``mover``)."""
        if not self.draw_queue and self.phase == PHASE_SETUP:
            self.mover = CHANCE
            self.chance_kind = "crown"

    def _deliver_drawn_card(self, draw: dict[str, Any], d: int, from_bottom: int) -> None:
        """A card drawn for ``draw`` (an entry of ``draw_queue``: into the seat's hand, or among the cards
        it chooses from); ``from_bottom``: the seats that knew it under the deck."""
        p = draw["seat"]
        if draw["into_hand"]:
            self.hands[p].append(d)
            if from_bottom > 0:
                for r, row in enumerate(self.known_hand_cards):
                    if r != p and from_bottom >> r & 1:
                        row[p].append(d)
        else:
            self.drawn_to_choose.append(d)
        self.log.append(E_DRAWS_CARD[p][d])

    def _put_on_deck_bottom(self, d: int, seen_by: int) -> None:
        """Card ``d`` goes under the deck, known to the seats in the bit mask ``seen_by``."""
        self.deck_bottom.append(d)
        self.deck_bottom_seen_by.append(seen_by)

    def _forget_known_hand(self, p: int) -> None:
        """Others saw cards of p's hand, but p discarded unseen: that knowledge is dropped."""
        for q, row in enumerate(self.known_hand_cards):
            if q != p:
                row[p] = []

    def _act_lab(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self._put_on_deck_bottom(d, 1 << p)
        self._forget_known_hand(p)
        self.gold[p] += 1
        self.laboratory_used = True
        self.say("citadels.lab", seat=p)
        self.say("citadels.lab_private", (p,), seat=p, district=DISTRICT_SLUG[d])

    def _describe_lab(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.lab", district=action.args[0])

    def _act_smithy(self, action: Action, p: int) -> None:
        self.gold[p] -= SMITHY_PRICE
        self.smithy_used = True
        self._queue_draws(p, SMITHY_DRAW)
        self.say("citadels.smithy", seat=p, price=SMITHY_PRICE, n=SMITHY_DRAW)

    def _describe_smithy(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.smithy", price=SMITHY_PRICE, n=SMITHY_DRAW)

    def _remove_district(self, q: int, d: int) -> None:
        self.cities[q].remove(d)
        if d in self.beautified[q]:
            self.beautified[q].remove(d)
        if d == HAUNTED_CITY:
            self.haunted_city_round[q] = -1

    def _act_recover(self, action: Action, p: int) -> None:
        d = self.graveyard_offer[0]
        self.graveyard_offer = []
        self.gold[p] -= 1
        self.hands[p].append(d)
        for q, row in enumerate(self.known_hand_cards):
            if q != p:
                row[p].append(d)
        self.say("citadels.recovers", seat=p, district=DISTRICT_SLUG[d])

    def _describe_recover(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.recover", card=self._district_text(self.graveyard_offer[0]))

    def _act_decline(self, action: Action, p: int) -> None:
        d = self.graveyard_offer[0]
        self.graveyard_offer = []
        self._put_on_deck_bottom(d, (1 << self.game.players) - 1)
        self.say("citadels.declines", seat=p, district=DISTRICT_SLUG[d])

    def _describe_decline(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.decline", district=DISTRICT_SLUG[self.graveyard_offer[0]])

    def _offer_to_graveyard(self, d: int, warlord_seat: int) -> None:
        """A destroyed district: the Graveyard's owner may buy it for 1 gold (seed "墓地", not the Warlord
        himself); otherwise it goes under the deck, seen by all."""
        graveyard_seat = -1
        for r in range(self.game.players):
            if GRAVEYARD in self.cities[r]:
                graveyard_seat = r
        if graveyard_seat >= 0 and graveyard_seat != warlord_seat and self.gold[graveyard_seat] >= 1:
            self.graveyard_offer = [d, graveyard_seat]
            self.say("citadels.graveyard_may", seat=graveyard_seat, district=DISTRICT_SLUG[d])
        else:
            self._put_on_deck_bottom(d, (1 << self.game.players) - 1)

"""Phases 3 and 6: electing the king (with sealed bids on a tie) and the provinces' governors.

"阶段3：选举国王 查看摆放在波兰军营区里面的贵族数字片，数字最大的成为国王，如果数字一样大，则拿手上的现金进行暗投
……若暗投第1次结果依然平局，则暗投第2次，直到分出胜负为止。暗投所用到的所有现金全部给银行。"
"阶段6：选举省长 根据各省区的贵族方块多少，最多的玩家必须成为该省区的省长，如果贵族方块一样最多，则该回合该省区
没有省长。成为省长的玩家从该省区回收1个贵族方块到手上，然后从手上拿出1个家族标记摆放到国会该省区同名的议席上方。"
"再从国会回收任意1个自己的家族标记" "先从国会议席撤下1个家族标记，然后操控国王军队进行1次战役"
The highest camp token is king; a tie goes to sealed bids, paid to the bank, again while tied
(a tie at 0 is drawn by lot). Then the most cubes in a province is its governor (a tie: none): a cube
back, a disc to the senate. A senate disc is given up for diplomacy and for each battle of the royal
army (the family chooses which, ``seat``, when it has two or more).
Its actions (``ACTIONS``: a sealed bid, the lot on a tie at 0, a senate seat given up) are each
performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import clockwise
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import BID_ACTIONS, SEAT_ACTIONS, shared_action
from meeple.games.gods_playground.content import CAMP, PLAYERS, PROVINCE_COUNT, ROYAL_SIDE, SENATE_VP
from meeple.games.gods_playground.describe import province, refusal
from meeple.games.gods_playground.events import GOVERNOR, ROYAL_SEAT
from meeple.games.gods_playground.fields import GodsPlaygroundFields


TURN_ORDERS = tuple(tuple(clockwise(first, PLAYERS)) for first in range(PLAYERS))
"""The seats in turn order from each seat."""


class Elections(GodsPlaygroundFields):
    """The king, the governors and the senate seats."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # phase 3: a sealed bid on a tie for the crown; chance: the lot on a tie at 0
        "bid": ActionSpec(perform="_act_bid", describe="_describe_bid", refuse="_refuse_bid"),
        "lot": ActionSpec(perform="_act_lot", describe="_describe_lot", refuse=None),
        # a senate seat given up (for diplomacy, or the royal army in phases 10 and 12)
        "seat": ActionSpec(perform="_act_seat", describe="_describe_seat", refuse="_refuse_seat"),
    }

    # ------------------------------------------------------------------ phase 3
    def electing_the_king(self) -> None:
        """Phase 3: the highest camp token is king; ties go to sealed bids, repeated while tied."""
        camp = [self.tokens_shown[p][CAMP] for p in range(PLAYERS)]
        top = max(camp)
        tied = [p for p in range(PLAYERS) if camp[p] == top]
        if len(tied) == 1:
            self._crown(tied[0])
        else:
            self.say("gods-playground.log.camp_tie", None, value=top, seats=tied)
            self._open_bids(tied)

    def _open_bids(self, tied: list[int]) -> None:
        self.bidders = list(tied)
        self.bids = [-1] * PLAYERS
        self.mode = "bid"
        self.movers = list(tied)

    def _bid_actions(self, p: int) -> list[Action]:
        money = self.money[p]
        if money < len(BID_ACTIONS):
            return BID_ACTIONS[: money + 1]
        return [shared_action("bid", amount) for amount in range(money + 1)]

    def _act_bid(self, action: Action, p: int) -> None:
        """A sealed bid; when the last is in, all are opened and paid to the bank."""
        amount = action.args[0]
        self.bids[p] = amount
        self.say("gods-playground.log.bid_sealed", None, seat=p)
        self.say("gods-playground.log.bid_private", (p,), seat=p, amount=amount)
        self.movers = [q for q in self.movers if q != p]
        if self.movers:
            return
        self.reveal()  # the last sealed bid is in: all are opened
        bids = {q: self.bids[q] for q in self.bidders}
        for q, bid in bids.items():
            self.money[q] -= bid
        self.say("gods-playground.log.bids", None,
                 bids=[msg("gods-playground.log.seat_number", seat=q, value=bid) for q, bid in bids.items()])
        top = max(bids.values())
        tied = [q for q in self.bidders if bids[q] == top]
        self.bids = [-1] * PLAYERS
        if len(tied) == 1:
            self._crown(tied[0])
        elif top == 0:
            self.bidders = tied
            self.mode = "lot"
            self.movers = [CHANCE]
        else:
            self.say("gods-playground.log.still_tied")
            self._open_bids(tied)

    def _describe_bid(self, action: Action, p: int) -> dict[str, Any]:
        return msg("gods-playground.d.bid", amount=action.args[0], money=self.money[p])

    @refusal
    def _refuse_bid(self, action: Action, p: int) -> dict[str, Any] | None:
        """Sealed bids only on a tie for the crown, of the money a family has."""
        args = action.args
        if self.mode != "bid":
            return msg("gods-playground.illegal.bid_phase")
        if args and isinstance(args[0], int) and args[0] > self.money[p]:
            return msg("gods-playground.illegal.bid_money", amount=args[0], money=self.money[p])
        if args and isinstance(args[0], int) and args[0] < 0:
            return msg("gods-playground.illegal.bid_negative")
        return None

    def _act_lot(self, action: Action, chance: int) -> None:
        """A tie at 0 drawn by lot."""
        self.say("gods-playground.log.lot", None, seat=action.args[0])
        self._crown(action.args[0])

    def _describe_lot(self, action: Action, p: int) -> dict[str, Any]:
        return msg("gods-playground.d.lot", seat=action.args[0])

    def _crown(self, p: int) -> None:
        self.king = p
        self.bidders = []
        self.say("gods-playground.log.crowned", None, seat=p)
        self._end_phase()

    def order_from_king(self) -> tuple[int, ...]:
        """The seats in turn order from the king (from seat 0 before the first king)."""
        return TURN_ORDERS[self.king if self.king >= 0 else 0]

    # ------------------------------------------------------------------ phase 6
    def elections(self) -> None:
        """Phase 6: most cubes in a province is governor (a tie: none); a cube back, a disc to the senate."""
        for i in range(PROVINCE_COUNT):
            row = self.noble_cubes[i]
            top = max(row)
            if top == 0 or row.count(top) > 1:
                self.say("gods-playground.log.no_governor", None, province=i)
                continue
            governor = row.index(top)
            row[governor] -= 1
            self.cubes_in_hand[governor] += 1
            if self.discs_in_hand[governor] > 0:
                self.discs_in_hand[governor] -= 1
                self.senate[i] = governor
            self.log.append(GOVERNOR[governor][i])
        self._end_phase()

    def _has_senate_disc(self, p: int) -> bool:
        return p in self.senate

    # ------------------------------------------------------------------ a senate seat given up
    def _ask_seat(self, p: int, purpose: str, i: int) -> None:
        """The player gives up one of their senate seats for ``purpose`` (diplomacy, or the royal army in
        phase 10 or 12); a single seat goes at once."""
        seats = [k for k in range(PROVINCE_COUNT) if self.senate[k] == p]
        if len(seats) == 1:
            self._give_up_seat(p, seats[0], purpose, i)
            return
        self.step = {"for": purpose, "prov": i}
        self._set_turn("seat", p)

    def _seat_actions(self, p: int) -> list[Action]:
        senate = self.senate
        return [SEAT_ACTIONS[i] for i in range(PROVINCE_COUNT) if senate[i] == p]

    def _act_seat(self, action: Action, p: int) -> None:
        """The senate seat chosen for the purpose ``_ask_seat`` noted."""
        self._give_up_seat(p, action.args[0], self.step["for"], self.step["prov"])

    def _give_up_seat(self, p: int, seat: int, purpose: str, i: int) -> None:
        """``p``'s disc leaves the senate seat ``seat`` for ``purpose``: a treaty with the enemy of ``i`` (its
        price is rolled next), or the royal army's battle in province ``i``."""
        self.senate[seat] = -1
        self.discs_in_hand[p] += 1
        self.step = {}
        if purpose == "diplomacy":
            self.treaty = i
            self.step = {"dice": "diplomacy", "who": p}
            self.dice = []
            self.mode = "dice"
            self.movers = [CHANCE]
            self.say("gods-playground.log.treaty_signed", None, seat=p, enemy=i, province=i, province2=seat)
        elif purpose == "royal":
            self.log.append(ROYAL_SEAT[p][seat][i])
            self._start_battle(ROYAL_SIDE, i, "campaign", i, owner=p)
        else:
            self.log.append(ROYAL_SEAT[p][seat][i])
            self._start_battle(ROYAL_SIDE, i, "fight", i, owner=p)

    def _describe_seat(self, action: Action, p: int) -> dict[str, Any]:
        purpose = self.step.get("for", "")
        key = ("gods-playground.d.seat_treaty" if purpose == "diplomacy" else
               "gods-playground.d.seat_royal" if purpose in ("royal", "fight") else "gods-playground.d.seat")
        return msg(key, province=province(action.args[0]), vp=SENATE_VP)

    @refusal
    def _refuse_seat(self, action: Action, p: int) -> dict[str, Any] | None:
        """A family gives up one of its own senate seats, when the rules ask for one."""
        if self.mode != "seat":
            return msg("gods-playground.illegal.seat_phase")
        args = action.args
        i = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1
        if i >= 0 and self.senate[i] != p:
            return msg("gods-playground.illegal.seat_not_yours", province=i)
        return None

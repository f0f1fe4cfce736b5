"""Phases 3 and 6: electing the king (with sealed bids on a tie) and the provinces' governors.

"阶段3：选举国王 查看摆放在波兰军营区里面的贵族数字片，数字最大的成为国王，如果数字一样大，则拿手上的现金进行暗投
……若暗投第1次结果依然平局，则暗投第2次，直到分出胜负为止。暗投所用到的所有现金全部给银行。"
"阶段6：选举省长 根据各省区的贵族方块多少，最多的玩家必须成为该省区的省长，如果贵族方块一样最多，则该回合该省区
没有省长。成为省长的玩家从该省区回收1个贵族方块到手上，然后从手上拿出1个家族标记摆放到国会该省区同名的议席上方。"
The highest camp token is king; a tie goes to sealed bids, paid to the bank, again while tied
(a tie at 0 is drawn by lot). Then the most cubes in a province is its governor (a tie: none): a cube
back, a disc to the senate.
"""

from __future__ import annotations

from meeple.core import CHANCE, Action
from meeple.core.flow import clockwise
from meeple.core.i18n import msg

from ..actions import BID_ACTIONS, shared_action
from ..content import CAMP, PLAYERS, PROVINCE_COUNT
from ..events import GOVERNOR


TURN_ORDERS = tuple(tuple(clockwise(first, PLAYERS)) for first in range(PLAYERS))
"""The seats in turn order from each seat."""


class Elections:
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

    def _on_bid(self, action: Action, p: int) -> None:
        self.sealed_bid(p, action.args[0])

    def sealed_bid(self, p: int, amount: int) -> None:
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

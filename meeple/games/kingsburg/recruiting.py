"""Step 7, recruiting soldiers (徵募民兵).

「依秋季生產時的玩家次序，玩家輪流決定是否徵募民兵。玩家每支付2個資源，可得1兵」; the Barracks: 「玩家每支付1個資源，即可得1兵」.
In autumn's turn order each player buys soldiers, one for every 2 resources (1 with the Barracks),
one soldier per action, and stops with ``done``.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import DONE_ACTION, RECRUIT_ONE_ACTIONS, RECRUIT_TWO_ACTIONS
from meeple.games.kingsburg.content import BARRACKS, RESOURCE_INDEX, RESOURCES
from meeple.games.kingsburg.describe import goods_words
from meeple.games.kingsburg.flow import UNRESOLVED


_RECRUIT_CHOICES: dict[tuple[int, int, int, int], list[Action]] = {}
"""``Recruiting._legal_recruit`` by (the Barracks owned, gold, wood, stone): one shared list per case met (a
legal list is never changed), since a search asks again and again in the same few cases."""
_KEPT_CHOICES = 50_000  # the most cases kept: a bound on the memory


class Recruiting:
    """The ``recruit`` task (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "recruit": ActionSpec(perform="_act_recruit", describe="_describe_recruit", refuse="_refuse_recruit"),
        "done": ActionSpec(perform="_act_done", describe="_describe_done", refuse=None),
    }

    def _resolve_recruit(self) -> bool:
        """The recruiting's settle: the seats at the front who cannot pay for a soldier are passed over; the
        first who can decides (False; its choices are kept as its legal list), or none can (True)."""
        tasks = self.tasks
        while tasks and tasks[0]["kind"] == "recruit":
            p = tasks[0]["seat"]
            choices = self._legal_recruit(p)
            if len(choices) > 1:  # a soldier to pay for, not only "done"
                self._legal_cache[p] = choices
                self.mover = p
                return False
            tasks.pop(0)
        return True

    def _legal_recruit(self, player: int) -> list[Action]:
        goods = self.resources[player]
        barracks = self.buildings_owned[player] >> BARRACKS & 1
        key = (barracks, *goods)
        choices = _RECRUIT_CHOICES.get(key)
        if choices is not None:
            return choices
        if barracks:
            choices = [RECRUIT_ONE_ACTIONS[r] for r in range(3) if goods[r]]
        else:
            choices = [action for (first, second), action in RECRUIT_TWO_ACTIONS.items()
                       if goods[first] and goods[second] and (first != second or goods[first] >= 2)]
        choices.append(DONE_ACTION)
        if len(_RECRUIT_CHOICES) >= _KEPT_CHOICES:
            _RECRUIT_CHOICES.clear()
        _RECRUIT_CHOICES[key] = choices
        return choices

    def _act_recruit(self, action: Action, p: int) -> None:
        """``p`` pays for one soldier with the resources ``action`` names."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        goods = self.resources[p]
        for paid in action.args:
            goods[RESOURCE_INDEX[paid]] -= 1
        self.soldiers[p] += 1
        paid = action.args
        if self.log is QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            return
        if len(paid) == 1:
            self.say("kingsburg.recruits", None, seat=p, resource=paid[0], total=self.soldiers[p])
        else:
            self.say("kingsburg.recruits_two", None, seat=p, resource=paid[0], resource2=paid[1],
                     total=self.soldiers[p])

    def _describe_recruit(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        return Message("kingsburg.describe.recruit", {"cost": goods_words(*(action.args.count(r) for r in RESOURCES)),
                                                      "soldiers": self.soldiers[p],
                                                      "goods": goods_words(*self.resources[p])})

    def _refuse_recruit(self, action: Action, p: int) -> Message | None:
        return self._refuse_out_of_task(action, p, "recruit")

    def _act_done(self, action: Action, p: int) -> None:
        """``p`` recruits no more this winter."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)

    def _describe_done(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        return Message("kingsburg.describe.done", {"n": self.soldiers[p], "goods": goods_words(*self.resources[p])})

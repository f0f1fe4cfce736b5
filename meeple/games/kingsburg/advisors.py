"""What the advisors give (part of each production season): the list under 2. 春季生產.

「依各玩家的骰子擺放位置，各人即取得不同的資源或協助。……編號1的小丑Jester會給予玩家1分；……
編號6的煉金術士Alchemist可讓玩家的1個資源換成另外2種；……編號14的走私客Smuggler讓玩家扣減1分以換取3個資源；……
編號18的國王King會給予玩家1兵1金1木1石。」
Once placement is over, every handful's advisor gives its reward, advisor 1 to 18 (the table is in
``content.ADVISOR_TERMS``; the General's and the Queen's look at the enemy is in ``hidden.py``).
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import interrupt
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import SKIP_ACTION, SMUGGLE_ACTION, TRADE_ACTIONS
from meeple.games.kingsburg.content import GUILD, RESOURCE_INDEX, RESOURCES, STABLE
from meeple.games.kingsburg.describe import goods_words
from meeple.games.kingsburg.flow import (
    ADVISOR_TASKS, ALCHEMIST_TASKS, PEEK_TASKS, SMUGGLER_TASKS, UNRESOLVED, Task, take_task,
)

_GAINS_SAID = {n: f"kingsburg.gains.{n}" for n in (1, 2, 3, 5, 8, 10, 13, 15, 16, 17, 18)}
"""The log line of each advisor whose reward is all given at once (the others' choices say theirs)."""


class Advisors:
    """The advisors' rewards and the choices they ask for (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "trade": ActionSpec(perform="_act_trade", describe="_describe_trade", refuse=None),  # the Alchemist
        "smuggle": ActionSpec(perform="_act_smuggle", describe="_describe_smuggle", refuse=None),  # the Smuggler
    }

    def _resolve_collect_rewards(self) -> None:
        """Every player takes what their advisors give, advisor 1 to 18 (the Merchants' Guild's gold first)."""
        self.tasks.pop(0)
        for p, owned in enumerate(self.buildings_owned):
            if owned >> GUILD & 1:
                self.resources[p][0] += 1
                self.say("kingsburg.guild_gold", None, seat=p)
        # advisor 0 does not exist: its list stays empty
        rewards = [ADVISOR_TASKS[handful[0]][n] for n, handfuls in enumerate(self.handfuls_on_advisor)
                   for handful in handfuls]
        interrupt(self.tasks, rewards)

    def _give_plus2_token(self, p: int) -> None:
        if self.plus2_supply > 0:
            self.plus2_supply -= 1
            self.plus2_tokens[p] += 1
        else:
            self.say("kingsburg.no_token_left", None, seat=p)

    def _soldiers_from_advisor(self, p: int, k: int) -> None:
        extra = (self.buildings_owned[p] >> STABLE & 1)  # Stable: one more soldier each time an advisor gives soldiers
        self.soldiers[p] += k + extra

    def _resolve_advisor_rewards(self) -> None:
        """The "adv" tasks (seat, advisor) at the front, one after another, until one asks for a choice."""
        tasks = self.tasks
        while tasks and tasks[0]["kind"] == "adv":
            task = tasks.pop(0)
            if self._advisor_reward(task["seat"], task["advisor"]):
                return

    def _advisor_reward(self, p: int, n: int) -> bool:
        """One advisor's reward for one player; True if it asks for a choice (put at the front)."""
        goods = self.resources[p]
        choices: list[Task] = []
        if n == 1:
            self.vp[p] += 1
        elif n == 2:
            goods[0] += 1
        elif n == 3:
            goods[1] += 1
        elif n == 4:
            choices = [take_task(p, 1, 3)]
        elif n == 5:
            self._soldiers_from_advisor(p, 1)
        elif n == 6:
            choices = [ALCHEMIST_TASKS[p]]
        elif n == 7:
            self._give_plus2_token(p)
            choices = [take_task(p, 1, 7)]
        elif n == 8:
            goods[0] += 2
        elif n == 9:
            goods[1] += 1
            choices = [take_task(p, 1, 5)]
        elif n == 10:
            self._soldiers_from_advisor(p, 2)
            choices = [PEEK_TASKS[p]]
        elif n == 11:
            goods[2] += 1
            choices = [take_task(p, 1, 3)]
        elif n == 12:
            self._give_plus2_token(p)
            choices = [take_task(p, 2, 7)]
        elif n == 13:
            goods[2] += 3
        elif n == 14:
            choices = [SMUGGLER_TASKS[p]]
        elif n == 15:
            goods[0] += 1
            goods[1] += 1
            goods[2] += 1
        elif n == 16:
            goods[0] += 4
        elif n == 17:
            self.vp[p] += 3
            choices = [take_task(p, 2, 7), PEEK_TASKS[p]]
        else:
            self._soldiers_from_advisor(p, 1)
            goods[0] += 1
            goods[1] += 1
            goods[2] += 1
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            gains = _GAINS_SAID.get(n)
            if gains is not None:
                self.say_again(gains, p, seat=p)
            elif n in (7, 12):
                self.say_again("kingsburg.token_from", (p, n), seat=p, advisor=n)
        if choices:
            interrupt(self.tasks, choices)
            return True
        return False

    # ------------------------------------------------------------------ "alch": seat (the Alchemist)
    def _resolve_alchemist(self) -> bool:
        """The Alchemist's settle: nothing to trade (True), or ``p`` chooses (False)."""
        p = self.tasks[0]["seat"]
        if sum(self.resources[p]) == 0:
            self.tasks.pop(0)
            return True
        self.mover = p
        return False

    def _legal_alchemist(self, player: int) -> list[Action]:
        goods = self.resources[player]
        return [TRADE_ACTIONS[r] for r in range(3) if goods[r]] + [SKIP_ACTION]

    def _act_trade(self, action: Action, p: int) -> None:
        """One resource for one of each other kind."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)
        given = RESOURCE_INDEX[action.args[0]]
        goods = self.resources[p]
        goods[given] -= 1
        for other in range(3):
            if other != given:
                goods[other] += 1
        second, third = (other for other in range(3) if other != given)
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.trades", None, seat=p, resource=RESOURCES[given], resource2=RESOURCES[second],
                     resource3=RESOURCES[third])

    def _describe_trade(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        r = RESOURCE_INDEX[action.args[0]]
        second, third = (RESOURCES[other] for other in range(3) if other != r)
        return Message("kingsburg.describe.trade", {"resource": action.args[0], "have": self.resources[p][r],
                                                    "resource2": second, "resource3": third})

    def _skip_alchemist(self, p: int) -> None:
        """``skip`` (flow.py) at the Alchemist: no trade."""
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.no_trade", None, seat=p)

    def _describe_skip_alchemist(self, p: int) -> Message:
        return Message("kingsburg.describe.skip_alchemist", {"goods": goods_words(*self.resources[p])})

    # ------------------------------------------------------------------ "smuggle": seat (the Smuggler)
    def _resolve_smuggler(self) -> bool:
        """The Smuggler's settle: no VP to pay with (True), or ``p`` chooses (False)."""
        p = self.tasks[0]["seat"]
        if self.vp[p] < 1:  # ASSUMPTION: the Smuggler's price needs 1 VP to pay
            self.say("kingsburg.smuggler_no_vp", None, seat=p)
            self.tasks.pop(0)
            return True
        self.mover = p
        return False

    def _legal_smuggler(self, player: int) -> list[Action]:
        return [SMUGGLE_ACTION, SKIP_ACTION]

    def _act_smuggle(self, action: Action, p: int) -> None:
        """1 VP for three resources of one's choice."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)
        self.vp[p] -= 1
        self.say("kingsburg.pays_smuggler", None, seat=p)
        interrupt(self.tasks, [take_task(p, 3, 7)])

    def _describe_smuggle(self, action: Action, p: int | None) -> Message | None:
        return None if p is None else Message("kingsburg.describe.smuggle", {"vp": self.vp[p]})

    def _skip_smuggler(self, p: int) -> None:
        """``skip`` (flow.py) at the Smuggler: no deal."""
        self.say("kingsburg.declines_smuggler", None, seat=p)

    def _describe_skip_smuggler(self, p: int) -> Message:
        return Message("kingsburg.describe.skip_smuggler", {"vp": self.vp[p]})

"""Changing a die (seed "使用工人", and "解释" under "方块效果"): workers, and the free yellow effects.

    每当你使用骰子采取行动时，你可以花费一名工人……来调整所用骰子的数字，增加或减少1点。
    修改骰子的数字时，你可以将1转换为6或将6转换为1。
    解释：你可以同时使用工人和黄色效果在一个行动中修改单个骰子的点数。

Each worker spent turns the die one step (1↔6 wrapping); Steady Hand (±1) and Mirror (7 − die) are free
once per turn and combine with workers. When more than one way to pay makes sense, the player chooses
(a ``pay`` follow-up). Its action (``ACTIONS``: ``pay``) is performed, described and refused here.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.actions import PAY
from meeple.games.cube_europe.content import WORKER_MAX
from meeple.games.cube_europe.describe import payment_means, plan_text, workers_text
from meeple.games.cube_europe.fields import CubeEuropeFields

DIE_STEPS = [[min(abs(a - b), 6 - abs(a - b)) for b in range(7)] for a in range(7)]
"""Steps between two die faces when ±1 changes wrap 1↔6 (「你可以将1转换为6或将6转换为1」)."""
FREE = (0, False, False)
"""The die already fits: nothing to pay."""


def payment_plans(die: int, target: int, tolerance: int, workers: int, steady: bool,
                  mirror: bool) -> list[tuple[int, bool, bool]]:
    """Every sensible way to turn ``die`` into ``target`` (up to ``tolerance`` away) with ``workers`` on the
    track and Steady Hand / Mirror available or not: (workers, uses Steady Hand, uses Mirror).

    Each worker changes the die by 1 (「花费一名工人…增加或减少1点」); the yellow effects Steady Hand
    and Mirror are free once per turn and combine with workers (「你可以同时使用工人和黄色效果」).
    Only affordable plans that no other plan beats on every count are listed (paying more of
    everything never helps); [] if the die cannot be made to match.
    """
    workers_alone = max(0, DIE_STEPS[die][target] - tolerance)
    if not workers_alone:
        return [FREE]
    plans = [(workers_alone, False, False)]
    if steady:
        plans.append((workers_alone - 1, True, False))
    if mirror:
        workers_after_mirror = max(0, DIE_STEPS[7 - die][target] - tolerance)
        plans.append((workers_after_mirror, False, True))
        if steady and workers_after_mirror:
            plans.append((workers_after_mirror - 1, True, True))
    plans = [p for p in plans if p[0] <= workers]
    return [p for p in plans
            if not any(q != p and q[0] <= p[0] and q[1] <= p[1] and q[2] <= p[2] for q in plans)]


ALL_TARGETS = (False,) + (True,) * 6
"""Every face reachable (Wild Six's 6 on a market square); index 0 unused."""


PAYMENT_PLANS = [[[[None] + [[[payment_plans(die, target, tolerance, workers, steady, mirror)
                                 for workers in range(WORKER_MAX + 1)] for target in range(7)]
                               for die in range(1, 7)]
                   for mirror in (False, True)] for steady in (False, True)] for tolerance in range(2)]
"""``PAYMENT_PLANS[tolerance][steady][mirror][die][target][workers]``: ``payment_plans`` for every
case (die 0 unused). Shared lists: never to be changed."""
WITHIN_REACH = [[[[None] + [[(False,) + tuple(bool(plans_by_target[target][workers]) for target in range(1, 7))
                             for workers in range(WORKER_MAX + 1)] for plans_by_target in plans_by_die[1:]]
                  for plans_by_die in by_mirror] for by_mirror in by_steady] for by_steady in PAYMENT_PLANS]
"""``WITHIN_REACH[tolerance][steady][mirror][die][workers]``: for targets 0..6, whether ``die`` can be
made to match (index 0 unused), with Steady Hand and Mirror available or not (die 0 unused)."""
PAYMENT_MEANS = {plan: payment_means(plan) for plan in PAY}
"""What pays for a die change, as the log names it, for every plan that costs something (shared: never changed)."""


class WorkerRules(CubeEuropeFields):
    """The ways to pay for a die change, asking which, and spending it."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # how to pay for the die change of the take or place just chosen, when there is a choice
        "pay": ActionSpec(perform="_act_pay", describe="_describe_pay", refuse="_refuse_follow_up"),
    }

    def die_change_payments(self, player: int, die: int, target: int, tolerance: int,
                            take: bool) -> list[tuple[int, bool, bool]]:
        """Every sensible way for ``player`` to turn ``die`` into ``target`` now (``payment_plans``); Wild
        Six takes with a 6 from any square for free. A shared list of ``PAYMENT_PLANS``: never to be changed."""
        effects = self.active_effects[player]
        if take and die == 6 and "wild_six" in effects:
            return [FREE]
        steady = "nudge" in effects and not self.steady_hand_used
        mirror = "flip" in effects and not self.mirror_used
        return PAYMENT_PLANS[tolerance][steady][mirror][die][target][self.workers[player]]

    def _payment_or_ask(self, player: int, kind: str, die: int, where: int | str, target: int,
                        tolerance: int, take: bool) -> tuple[int, bool, bool] | None:
        """The only sensible payment, or None after asking the player to choose (a ``pay`` step)."""
        plans = self.die_change_payments(player, die, target, tolerance, take)
        if len(plans) == 1:
            return plans[0]
        self.follow_ups.append(["pay", kind, die, where])
        self.say("cube-europe.chooses_pay", None, seat=player, die=die, target=target)
        return None

    def _act_pay(self, action: Action, player: int) -> None:
        """The player's choice of how to pay for the die change of the take or place just chosen."""
        _, kind, die, where = self.follow_ups.pop()
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if kind == "take":
            self.take_cube(player, die, where, plan)
        else:
            self.place_cube(player, die, where, plan)
        self._end_turn_when_done(player)

    def _describe_pay(self, action: Action, player: int) -> Message:
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if not self.follow_ups or self.follow_ups[-1][0] != "pay":
            return Message("cube-europe.d.pay_plain", {"plan": plan_text(plan)})
        _, kind, die, where = self.follow_ups[-1]
        if kind == "take":
            target = self.market_squares()[where - 1][0]
            what = msg("cube-europe.w.square", square=where)
        else:
            target = self.board(player).hexes[where][1]
            what = msg("cube-europe.w.hex", hex=where)
        w = self.workers[player]
        used = payment_means((0, plan[1], plan[2])) if plan[1] or plan[2] else None
        if not plan[0]:
            return Message("cube-europe.d.pay_free", {"die": die, "target": target, "what": what, "used": used,
                                                      "workers": w})
        tail = msg("cube-europe.d.pay_used", used=used) if used else ""
        return Message("cube-europe.d.pay", {"die": die, "target": target, "what": what, "plan": plan_text(plan),
                                             "cost": workers_text(plan[0]), "before": w, "after": w - plan[0],
                                             "tail": tail})

    def _spend_die(self, player: int, die: int, target: int, plan: tuple[int, bool, bool]) -> None:
        self.dice[player].remove(die)
        if plan != FREE:
            workers, steady, mirror = plan
            self.workers[player] -= workers
            self.steady_hand_used |= steady
            self.mirror_used |= mirror
            self.say_again("cube-europe.turns_die", (player, die, target, plan), seat=player, die=die, target=target,
                           means=PAYMENT_MEANS[plan])

    def _payments_asked(self, player: int) -> list[tuple[int, bool, bool]]:
        _, kind, die, where = self.follow_ups[-1]
        if kind == "take":
            return self.die_change_payments(player, die, self.centre_squares()[where - 1][0], 0, True)
        tolerance = 1 if "surveyor" in self.active_effects[player] else 0
        return self.die_change_payments(player, die, self.board(player).hexes[where][1], tolerance, False)

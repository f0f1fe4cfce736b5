"""Words for people that several sections share: typed names, the families' names, the shared parts of
the sentences (a province, noble cubes, an army, a target), and the refusals' common form.

"版图右上角主要是表示每回合行动的明细……这些明细都在版图右上角表示得很清楚，省去对照说明书的麻烦。"
As the board spells out each phase's actions, every legal action gets a sentence with its numbers
("Hire 1 cavalry in Ukraine for 2 zł …"), and typed actions may use the names of provinces,
enemies, the camp and the families. Each action is described and refused beside its rule, in the
module of its rulebook section (its ``ACTIONS`` table: ``meeple.core.action_table``).

>>> state.describe(Action("estate", (3,)), 0)
'Place a starting estate in Little Poland, slot 1 (1 VP at the end; costs nothing)'
>>> state.describe(Action("estate", (3,)), 0, "zh")
'在小波兰第1格放置起始庄园（游戏结束时得1 VP；无需花费）'
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from meeple.core import CHANCE, Action
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg, term
from meeple.games.gods_playground.actions import numbered
from meeple.games.gods_playground.content import ENEMY_VP, PLAYERS, PROVINCE_COUNT, SEAT_TERMS, SEATS
from meeple.games.gods_playground.fields import GodsPlaygroundFields

SEAT_NAMES = tuple(t["en"] for t in SEAT_TERMS)
"""The families' English names, "White", "Blue", "Red" (the invariants' messages are English)."""
LEGAL_SHOWN = 12
"""How many legal actions a refusal without a rule of its own quotes."""


def province(k: Any) -> int:
    """``k`` as a province's number for a sentence; anything else is no province (ValueError: the action
    reads as its compact text)."""
    if not (isinstance(k, int) and 0 <= k < PROVINCE_COUNT):
        raise ValueError(k)
    return k


def cubes(k: Any, count: int = 1) -> dict[str, Any]:
    """"1 noble cube in Ukraine" (what an action costs) as a message."""
    return msg("gods-playground.d.cubes", count=count, province=province(k))


def force(units: list[int], cossacks: int = 0) -> dict[str, Any]:
    """An army ("2 infantry, 1 cavalry and 1 Cossack") as a message."""
    parts = [msg("gods-playground.d.units", count=n, unit=k) for k, n in enumerate(units) if n]
    if cossacks:
        parts.append(msg("gods-playground.d.cossacks", n=cossacks))
    if not parts:
        return msg("gods-playground.d.no_units")
    return list_and(parts)


def list_and(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Messages listed with commas and a final "and": "2 infantry, 1 cavalry and 1 Cossack"."""
    k = len(items)
    if k == 1:
        return items[0]
    if k == 2:
        return msg("gods-playground.d.list2", item=items[0], item2=items[1])
    if k == 3:
        return msg("gods-playground.d.list3", item=items[0], item2=items[1], item3=items[2])
    return msg("gods-playground.d.list4", item=items[0], item2=items[1], item3=items[2], item4=items[3])


RuleBroken = Callable[[Any, Action, int], "dict[str, Any] | None"]


def refusal(rule_broken: RuleBroken) -> Callable[[Any, Action, int], Message | None]:
    """A ``_refuse_<name>`` method from the check of the rules an action breaks (the rule's message, or
    None): "<action> is not legal: <the rule>"; the random outcomes' seat breaks no rule (None)."""

    @functools.wraps(rule_broken)
    def refuse(self: Any, action: Action, p: int) -> Message | None:
        if p == CHANCE:
            return None
        reason = rule_broken(self, action, p)
        if reason is None:
            return None
        return Message("gods-playground.illegal", {"action": str(action), "reason": reason})

    return refuse


class DescribeActions(GodsPlaygroundFields):
    """Names typed for numbers, the families' names, whose view a sentence takes, an enemy target."""

    def name(self, p: int) -> str:
        """Seat ``p``'s English name ("White")."""
        return SEAT_NAMES[p]

    def parse_action(self, text: str, player: int | None = None) -> Action:
        """Like every game's, and names may stand for numbers: provinces (``estate prussia``,
        ``move little poland great poland``), enemies for their province (``diplomacy russia``), the
        army camp (``token camp 3``) and families (``confederation ukraine blue``)."""
        if isinstance(text, str):
            text = numbered(text)
        return super().parse_action(text, player)

    def player_name(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """A family with its house ("White (Radziwiłł)" / "白方（拉齐维乌家族）")."""
        if isinstance(player, int) and 0 <= player < PLAYERS:
            return term(self.game.id, "family", player, lang) or SEATS[player]
        return super().player_name(player, lang)

    def describing_seat(self, player: int | None) -> int:
        """A sentence asked for no seat (or the random outcomes') takes the view of the seat whose turn it is."""
        return player if isinstance(player, int) and player >= 0 else self.turn

    def _target_text(self, i: int, royal: bool = False) -> dict[str, Any]:
        """What a battle from province ``i`` fights: the enemy cubes there, else the enemy's track (for the
        royal army, ``royal``: the royal cubes' side of it)."""
        row = self.enemy_cubes[i]
        if sum(row) > 0:
            enemies = [msg("gods-playground.d.enemy_cubes", n=n, enemy_adj=e) for e, n in enumerate(row) if n]
            return msg("gods-playground.d.target_cubes", cubes=enemies, province=i)
        if royal:
            return msg("gods-playground.d.target_royal_track", enemy=i)
        return msg("gods-playground.d.target_track", enemy=i, vp=ENEMY_VP[i])


class LegalAsTyped(GodsPlaygroundFields):
    """The engine's refusal when no rule of an action's own is broken (mixed in after the table of actions):
    the legal actions, each quoted as a player types it (“seat 0”、“seat 2” in Chinese)."""

    def why_illegal(self, action: Action, player: int) -> Message:
        legal = self.legal_actions(player)
        shown = [msg("gods-playground.typed", action=str(a)) for a in legal[:LEGAL_SHOWN]]
        if len(legal) > LEGAL_SHOWN:
            shown[-1] = msg("gods-playground.typed_more", action=str(legal[LEGAL_SHOWN - 1]))
        return Message("core.not_legal_now", {"game": self.game.id, "action": str(action), "seat": player,
                                              "legal": shown})

"""The words several rulebook sections share (seed throughout): whose view a sentence takes, a cube's effect,
workers and payments in words, and the refusals of the order of play.

    （例：获得方块：将使用的骰子放置在市场中与骰子数字匹配的中心方格上……）

Each action is described and refused beside its rule, in the module of its rulebook section (its
``ACTIONS`` table: ``meeple.core.action_table``); every text is a message of the ``cube-europe``
catalogue with its arguments, rendered in the reader's language; the parts of a sentence are nested
messages (``msg``).
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.content import CARDS, WORKER_MAX
from meeple.games.cube_europe.fields import CubeEuropeFields


class DescribeActions(CubeEuropeFields):
    """What the sections' descriptions and refusals share."""

    def describing_seat(self, player: int | None) -> int | None:
        """A description asked for no seat takes the view of the seat in turn."""
        return self.current_player() if player is None else player  # type: ignore[attr-defined]  # flow.py

    def _effect_text(self, player: int, colour: str, w: int | None) -> dict[str, Any]:
        """What placing a cube of ``colour`` does next (「方块效果」); ``w``: the workers by then, if known."""
        effects = self.active_effects[player]
        if colour == "red":
            return msg("cube-europe.e.red")
        if colour == "white":
            return msg("cube-europe.e.white")
        if colour == "blue":
            gain = 2 if "blue_boost" in effects else 1
            if w is None:
                return msg("cube-europe.e.blue_max", workers=workers_text(gain), max=WORKER_MAX)
            got = min(WORKER_MAX, w + gain) - w
            return msg("cube-europe.e.blue", workers=workers_text(got), before=w, after=w + got)
        if colour == "green":
            if "wage" in effects and (w is None or w < WORKER_MAX):
                if w is None:
                    return msg("cube-europe.e.green_wage", effect="wage")
                return msg("cube-europe.e.green_wage_known", effect="wage", before=w, after=w + 1)
            return msg("cube-europe.e.green")
        period = "turn" if self.players == 1 else "round"
        if self.discard_pile:
            card = self.discard_pile[-1]
            return msg("cube-europe.e.yellow_card", period=period, card=card, effect=CARDS[card].effect)
        return msg("cube-europe.e.yellow", period=period)

    # ------------------------------------------------------------------ the refusals several actions share
    def _deciding(self, player: int) -> bool:
        """Whether ``player`` is a seat that decides now (a refusal names a rule only to it)."""
        return player != CHANCE and player in self._to_move()

    def _refuse_chance_only(self, action: Action, player: int) -> Message | None:
        """The boards, the start card, the market's cards and the dice come by chance, never by a seat."""
        if not self._deciding(player):
            return None
        return Message("cube-europe.error.chance_only", {})

    def _refuse_follow_up(self, action: Action, player: int) -> Message | None:
        """A follow-up's answer (return, chain, white, pass, pay) with nothing to follow up."""
        if not self._deciding(player):
            return None
        if self.phase == "start":
            return self._start_first(player)
        if not self.follow_ups:
            return Message("cube-europe.error.nothing_pending", {})
        return None

    def _refuse_out_of_order(self, player: int) -> Message | None:
        """The order of play a move of the turn breaks: the starting cube comes first, then a follow-up due
        before any other move (None: neither)."""
        if self.phase == "start":
            return self._start_first(player)
        if not self.follow_ups:
            return None
        kind = self.follow_ups[-1][0]
        if kind == "pay":
            choices = self._payment_choices(player)  # type: ignore[attr-defined]  # flow.py
            return Message("cube-europe.error.pay_first", {"actions": [quoted(x) for x in choices]})
        if kind == "return":
            return Message("cube-europe.error.return_first", {})
        if kind == "chain":
            return Message("cube-europe.error.chain_first", {})
        return Message("cube-europe.error.white_first", {})

    def _start_first(self, player: int) -> Message:
        hexes = list(self.board(player).start_hexes)  # type: ignore[attr-defined]  # dice_actions.py
        return Message("cube-europe.error.start_first", {"hexes": hexes})


class DefaultRefusal(CubeEuropeFields):
    """The reason an action gets when its rule names none: it is not legal now, and what is (mixed in after
    ``ActionTableState``, whose ``why_illegal`` falls back to it)."""

    def why_illegal(self, action: Action, player: int) -> Message:
        if action.name not in self.ACTION_NAMES and player != CHANCE and player in self._to_move():
            reason = self._refuse_out_of_order(player)  # type: ignore[attr-defined]  # an unknown move waits too
            if reason is not None:
                return reason
        legal = self.legal_actions(player)
        shown: list[Any] = [quoted(x) for x in legal[:12]] + (["…"] if len(legal) > 12 else [])
        return Message("cube-europe.error.not_now", {"action": str(action), "seat": player, "legal": shown})


def quoted(action: Action) -> dict[str, Any]:
    """An action's compact text as a message argument: what a player types, in quotes in Chinese."""
    return msg("cube-europe.quoted", action=str(action))


def workers_text(n: int) -> dict[str, Any]:
    """ "1 worker", "2 workers" (「1 名工人」)."""
    return msg("cube-europe.n_workers", n=n)


def effect_name(effect: str) -> dict[str, Any]:
    return msg("cube-europe.effect_name", effect=effect)


def payment_means(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(1, True, False)`` → "1 worker and Steady Hand": what pays for a die change."""
    parts = [workers_text(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(effect_name("nudge"))
    if plan[2]:
        parts.append(effect_name("flip"))
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("cube-europe.and", a=parts[0], b=parts[1])
    return msg("cube-europe.and3", a=parts[0], b=parts[1], c=parts[2])


def plan_text(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(2, True, False)`` → "2 workers + Steady Hand"."""
    parts = [workers_text(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(effect_name("nudge"))
    if plan[2]:
        parts.append(effect_name("flip"))
    if not parts:
        return msg("cube-europe.nothing")
    text = parts[0]
    for part in parts[1:]:
        text = msg("cube-europe.plus", a=text, b=part)
    return text

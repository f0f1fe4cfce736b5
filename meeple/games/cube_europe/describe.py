"""The words (seed throughout): a sentence for every action and the reason an action is refused.

    （例：获得方块：将使用的骰子放置在市场中与骰子数字匹配的中心方格上……）

Every sentence is a message (an id of the ``cube-europe`` catalogue and its arguments), rendered in the
reader's language; the parts of a sentence are nested messages (``msg``).
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.content import CARDS, WORKER_MAX
from meeple.games.cube_europe.fields import CubeEuropeFields


class DescribeActions(CubeEuropeFields):
    """Descriptions of actions, their costs and effects, and refusals."""

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """A sentence for every action: what it does and what it costs, with the numbers."""
        a = action.args
        name = action.name
        if player == CHANCE or name in ("roll", "card", "board", "first"):
            return self._describe_chance(action)
        p = self.current_player() if player is None else player
        if name == "take":
            square = self.market_squares()[a[1] - 1]
            if square is None:
                return Message("cube-europe.d.take_empty", {"die": a[0], "square": a[1]})
            face, colour = square
            left = self.supply[p][colour]
            if left:
                bulk = (msg("cube-europe.d.gain_bulk", effect="bulk")
                        if "bulk" in self.effects(p) and face in (1, 2) and left > 1 else "")
                full = (msg("cube-europe.d.gain_full", size=self.inventory_size(p))
                        if len(self.inventory[p]) >= self.inventory_size(p) else "")
                gain = msg("cube-europe.d.gain_cube", colour=colour, left=left, bulk=bulk, full=full)
            else:
                gain = msg("cube-europe.d.gain_none", colour=colour)
            return Message("cube-europe.d.take", {"die": a[0], "square": a[1], "face": face, "gain": gain,
                                                  "cost": self._cost_text(p, a[0], face, 0, True)})
        if name == "place":
            colour, number = self.board(p).hexes[a[1]]
            tol = 1 if "surveyor" in self.effects(p) else 0
            plans = self.die_change_payments(p, a[0], number, tol, False)
            after = self.workers[p] - plans[0][0] if len(plans) == 1 else None  # workers when the effect fires
            return Message("cube-europe.d.place", {
                "colour": colour, "hex": a[1], "number": number, "die": a[0],
                "then": self._effect_text(p, colour, after), "cost": self._cost_text(p, a[0], number, tol, False)})
        if name == "worker":
            w = self.workers[p]
            got = min(WORKER_MAX, w + (2 if "recruiter" in self.effects(p) else 1)) - w
            if got:
                return Message("cube-europe.d.worker", {"die": a[0], "n": got, "before": w, "after": w + got})
            return Message("cube-europe.d.worker_full", {"die": a[0], "max": WORKER_MAX})
        if name == "start":
            return Message("cube-europe.d.start", {"hex": a[0], "number": self.board(p).hexes[a[0]][1]})
        if name == "return":
            w = self.workers[p]
            recycle = (msg("cube-europe.d.return_recycle", effect="recycle", before=w, after=w + 1)
                       if "recycle" in self.effects(p) and w < WORKER_MAX else "")
            return Message("cube-europe.d.return", {"colour": a[0], "held": len(self.inventory[p]),
                                                    "size": self.inventory_size(p), "recycle": recycle})
        if name == "chain":
            colour, number = self.board(p).hexes[a[0]]
            return Message("cube-europe.d.chain", {"colour": colour, "hex": a[0], "number": number,
                                                   "then": self._effect_text(p, colour, self.workers[p])})
        if name == "white":
            return Message("cube-europe.d.white", {"colour": a[0], "left": self.supply[p][a[0]]})
        if name == "pass":
            kind = self.follow_ups[-1][0] if self.follow_ups else ""
            if kind == "chain":
                return Message("cube-europe.d.pass_chain", {})
            if kind == "white":
                return Message("cube-europe.d.pass_white", {})
            return Message("cube-europe.d.pass", {})
        if name == "pay":
            return self._describe_pay(action, p)
        return None

    def _describe_chance(self, action: Action) -> Message | None:
        a = action.args
        name = action.name
        if name == "roll":
            who = (self.start_card_seat + self.seats_done) % self.players
            return Message("cube-europe.d.roll", {"seat": who, "die1": a[0], "die2": a[1]})
        if name == "card":
            effect = CARDS[a[0]].effect
            where = self.market_draws_due[0] if self.market_draws_due else "top"
            if where == "discard":
                return Message("cube-europe.d.card_discard", {"card": a[0], "effect": effect})
            return Message("cube-europe.d.card_top", {"card": a[0], "effect": effect})
        if name == "board":
            return Message("cube-europe.d.board", {"card": a[0], "seat": len(self.board_cards)})
        if name == "first":
            return Message("cube-europe.d.first", {"seat": a[0], "number": a[0]})
        return None

    def _effect_text(self, player: int, colour: str, w: int | None) -> dict[str, Any]:
        """What placing a cube of ``colour`` does next (「方块效果」); ``w``: the workers by then, if known."""
        effects = self.effects(player)
        if colour == "red":
            return msg("cube-europe.e.red")
        if colour == "white":
            return msg("cube-europe.e.white")
        if colour == "blue":
            gain = 2 if "blue_boost" in effects else 1
            if w is None:
                return msg("cube-europe.e.blue_max", workers=_workers(gain), max=WORKER_MAX)
            got = min(WORKER_MAX, w + gain) - w
            return msg("cube-europe.e.blue", workers=_workers(got), before=w, after=w + got)
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

    def _cost_text(self, player: int, die: int, target: int, tol: int, take: bool) -> dict[str, Any]:
        plans = self.die_change_payments(player, die, target, tol, take)
        if not plans:
            return msg("cube-europe.c.impossible", die=die, target=target)
        if plans == [(0, False, False)]:
            return msg("cube-europe.c.die", die=die)
        have = _workers(self.workers[player])
        if len(plans) == 1:
            return msg("cube-europe.c.die_plan", die=die, plan=_plan_text(plans[0]), workers=have)
        options = _plan_text(plans[-1])
        for plan in reversed(plans[:-1]):
            options = msg("cube-europe.or", a=_plan_text(plan), b=options)
        return msg("cube-europe.c.die_choice", die=die, options=options, workers=have)

    def _describe_pay(self, action: Action, player: int) -> Message:
        args = action.args
        plan = (args[0], "steady" in args, "mirror" in args)
        if not self.follow_ups or self.follow_ups[-1][0] != "pay":
            return Message("cube-europe.d.pay_plain", {"plan": _plan_text(plan)})
        _, kind, die, where = self.follow_ups[-1]
        if kind == "take":
            target = self.market_squares()[where - 1][0]
            what = msg("cube-europe.w.square", square=where)
        else:
            target = self.board(player).hexes[where][1]
            what = msg("cube-europe.w.hex", hex=where)
        w = self.workers[player]
        used = _payment_means((0, plan[1], plan[2])) if plan[1] or plan[2] else None
        if not plan[0]:
            return Message("cube-europe.d.pay_free", {"die": die, "target": target, "what": what, "used": used,
                                                      "workers": w})
        tail = msg("cube-europe.d.pay_used", used=used) if used else ""
        return Message("cube-europe.d.pay", {"die": die, "target": target, "what": what, "plan": _plan_text(plan),
                                             "cost": _workers(plan[0]), "before": w, "after": w - plan[0],
                                             "tail": tail})

    def why_illegal(self, action: Action, player: int) -> Message:
        reason = self._refusal(action, player)
        if reason is not None:
            return reason
        legal = self.legal_actions(player)
        shown: list[Any] = [_quoted(x) for x in legal[:12]] + (["…"] if len(legal) > 12 else [])
        return Message("cube-europe.error.not_now", {"action": str(action), "seat": player, "legal": shown})

    def _refusal(self, action: Action, player: int) -> Message | None:
        name, a = action.name, action.args
        if player == CHANCE or player not in self._to_move():
            return None
        if name in ("board", "card", "first", "roll"):
            return Message("cube-europe.error.chance_only", {})
        if self.phase == "start":
            hexes = list(self.board(player).start_hexes)
            if name == "start" and a and a[0] not in hexes:
                return Message("cube-europe.error.not_start_hex", {"hex": str(a[0]), "hexes": hexes})
            if name != "start":
                return Message("cube-europe.error.start_first", {"hexes": hexes})
            return None
        if self.follow_ups and name not in ("return", "chain", "white", "pass", "pay"):
            kind = self.follow_ups[-1][0]
            if kind == "pay":
                return Message("cube-europe.error.pay_first",
                               {"actions": [_quoted(x) for x in self._payment_choices(player)]})
            if kind == "return":
                return Message("cube-europe.error.return_first", {})
            if kind == "chain":
                return Message("cube-europe.error.chain_first", {})
            return Message("cube-europe.error.white_first", {})
        if name == "start":
            return Message("cube-europe.error.start_done", {})
        if not self.follow_ups and name in ("return", "chain", "white", "pass", "pay"):
            return Message("cube-europe.error.nothing_pending", {})
        if name in ("take", "place", "worker") and self.phase == "turn":
            if not a or not isinstance(a[0], int) or a[0] not in self.dice[player]:
                return Message("cube-europe.error.no_die", {"die": a[0] if a else "?", "dice": list(self.dice[player])})
        if name == "take" and len(a) == 2 and isinstance(a[1], int):
            squares = self.market_squares()
            if not 1 <= a[1] <= 6 or squares[a[1] - 1] is None:
                return Message("cube-europe.error.bad_square", {})
            if self.dice_on_squares[a[1] - 1] >= self._dice_per_square():
                return Message("cube-europe.error.square_full", {"square": a[1], "n": self.dice_on_squares[a[1] - 1],
                                                                 "players": self.players})
            face = squares[a[1] - 1][0]
            return Message("cube-europe.error.cannot_become", {"die": a[0], "face": face, "workers": self.workers[player]})
        if name == "place" and len(a) == 2:
            hexes = self.board(player).hexes
            if a[1] not in hexes:
                return Message("cube-europe.error.no_hex", {"hex": str(a[1])})
            colour, number = hexes[a[1]]
            if a[1] in self.filled_hexes[player]:
                return Message("cube-europe.error.hex_filled", {"hex": a[1]})
            if a[1] not in self._open_hexes(player):
                return Message("cube-europe.error.not_adjacent", {"hex": a[1]})
            if colour not in self.inventory[player]:
                return Message("cube-europe.error.no_colour", {"hex": a[1], "colour": colour})
            return Message("cube-europe.error.wrong_number", {"die": a[0], "hex": a[1], "number": number})
        return None


def _quoted(action: Action) -> dict[str, Any]:
    """An action's compact text as a message argument: what a player types, in quotes in Chinese."""
    return msg("cube-europe.quoted", action=str(action))


def _workers(n: int) -> dict[str, Any]:
    """ "1 worker", "2 workers" (「1 名工人」)."""
    return msg("cube-europe.n_workers", n=n)


def _effect_name(effect: str) -> dict[str, Any]:
    return msg("cube-europe.effect_name", effect=effect)


def _payment_means(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(1, True, False)`` → "1 worker and Steady Hand": what pays for a die change."""
    parts = [_workers(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(_effect_name("nudge"))
    if plan[2]:
        parts.append(_effect_name("flip"))
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("cube-europe.and", a=parts[0], b=parts[1])
    return msg("cube-europe.and3", a=parts[0], b=parts[1], c=parts[2])


def _plan_text(plan: tuple[int, bool, bool]) -> dict[str, Any]:
    """``(2, True, False)`` → "2 workers + Steady Hand"."""
    parts = [_workers(plan[0])] if plan[0] else []
    if plan[1]:
        parts.append(_effect_name("nudge"))
    if plan[2]:
        parts.append(_effect_name("flip"))
    if not parts:
        return msg("cube-europe.nothing")
    text = parts[0]
    for part in parts[1:]:
        text = msg("cube-europe.plus", a=text, b=part)
    return text

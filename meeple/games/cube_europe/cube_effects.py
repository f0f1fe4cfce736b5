"""The cube effects (seed "方块效果"): what a placed red, white, blue, green or yellow cube does.

    每种颜色的方块在放置时或游戏结束时都有与之相关的特殊效果。
    红色：……立即从你的库存中选择一个方块放置在已放置的方块相邻的位置，无视骰子和数字的要求。
    白色：……立即获得一个与市场中六边形颜色相匹配颜色的方块。  蓝色：……立即获得一名工人。
    绿色：在游戏结束时，此方块值1分。  黄色：……拿取最右侧的市场卡牌，将其插入版图下方，使底部的黄色效果显示出来

Red chains a cube from the inventory onto a neighbouring hex, white gains a cube of a market colour, blue
gains a worker, green scores at the end, yellow tucks the rightmost market card at the turn's (solo) or
round's (multiplayer) end: its yellow effect is active for the rest of the game. The red and white choices
(``ACTIONS``: ``chain``, ``white``, and ``pass`` to decline either) are each performed, described and
refused here.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message
from meeple.games.cube_europe.content import CARDS, COLOURS, NEIGHBOURS
from meeple.games.cube_europe.fields import CubeEuropeFields


class CubeEffectRules(CubeEuropeFields):
    """The placed cube's colour effect, the red and white choices, the yellow tuck, the active effects."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "chain": ActionSpec(perform="_act_chain", describe="_describe_chain", refuse="_refuse_follow_up"),  # red
        "white": ActionSpec(perform="_act_white", describe="_describe_white", refuse="_refuse_follow_up"),
        "pass": ActionSpec(perform="_act_pass", describe="_describe_pass", refuse="_refuse_follow_up"),
    }

    def cube_effect(self, player: int, hex_label: str, colour: str) -> None:
        """The placed cube's colour effect (「方块效果」)."""
        effects = self.active_effects[player]
        if colour == "red":
            if self._chain_targets(player, hex_label):
                self.follow_ups.append(["chain", hex_label])
        elif colour == "white":
            if self._white_colours(player):
                self.follow_ups.append(["white"])
        elif colour == "blue":
            got = self._add_workers(player, 2 if "blue_boost" in effects else 1)
            self.say("cube-europe.blue_workers", None, seat=player, n=got)
        elif colour == "green":
            if "wage" in effects:
                got = self._add_workers(player, 1)
                self.say("cube-europe.wage_workers", None, seat=player, n=got, effect="wage")
        elif colour == "yellow":
            self.yellow_tucks_due[player] += 1

    def _act_chain(self, action: Action, player: int) -> None:
        """Red effect: place a cube from the inventory next to the red cube, ignoring dice and numbers."""
        self.follow_ups.pop()
        self._put_cube(player, action.args[0], None)
        self._end_turn_when_done(player)

    def _describe_chain(self, action: Action, p: int) -> Message:
        colour, number = self.board(p).hexes[action.args[0]]
        return Message("cube-europe.d.chain", {"colour": colour, "hex": action.args[0], "number": number,
                                               "then": self._effect_text(p, colour, self.workers[p])})

    def _chain_targets(self, player: int, hex_label: str) -> list[str]:
        hexes = self.board(player).hexes
        filled = self.filled_hexes[player]
        inventory = self.inventory[player]
        return [n for n in NEIGHBOURS[hex_label] if n not in filled and hexes[n][0] in inventory]

    def _act_white(self, action: Action, player: int) -> None:
        """White effect: gain a cube of a colour shown on the market's centre squares."""
        colour = action.args[0]
        self.follow_ups.pop()
        self._gain_cube(player, colour)
        self.say("cube-europe.white_gains", None, seat=player, colour=colour)
        self._end_turn_when_done(player)

    def _describe_white(self, action: Action, p: int) -> Message:
        return Message("cube-europe.d.white", {"colour": action.args[0], "left": self.supply[p][action.args[0]]})

    def _white_colours(self, player: int) -> list[str]:
        if "white_plus" in self.active_effects[player]:
            colours = set(COLOURS)
        else:
            colours = {sq[1] for sq in self.centre_squares() if sq is not None}
        return [c for c in COLOURS if c in colours and self.supply[player][c] > 0]

    def _act_pass(self, action: Action, player: int) -> None:
        """A red chain or a white cube's colour may be declined: the follow-up is done."""
        self.follow_ups.pop()
        self.say("cube-europe.declines", None, seat=player)
        self._end_turn_when_done(player)

    def _describe_pass(self, action: Action, p: int) -> Message:
        kind = self.follow_ups[-1][0] if self.follow_ups else ""
        if kind == "chain":
            return Message("cube-europe.d.pass_chain", {})
        if kind == "white":
            return Message("cube-europe.d.pass_white", {})
        return Message("cube-europe.d.pass", {})

    def tuck_yellow_effect(self, player: int) -> None:
        """Yellow effect: the rightmost market card goes under the board; its effect is active from now on."""
        if not self.discard_pile:
            self.say("cube-europe.tuck_nothing", None, seat=player)
            return
        card = self.discard_pile.pop()
        self.tucked_cards[player].append(card)
        self.active_effects[player].append(CARDS[card].effect)
        effect = CARDS[card].effect
        self.say("cube-europe.tucks", None, seat=player, card=card, effect=effect, effect_text=effect)

    def effects(self, player: int) -> list[str]:
        """The yellow effects active for ``player`` (cards tucked under their board)."""
        return self.active_effects[player]

"""建筑师公会: the display of five palace tiles — taking, removing, sliding, refilling, reshuffling.

Seed (建筑师公会): 「玩家支付展示的5个宫殿板块左边对应的工人可以拿取宫殿板块……任意时刻玩家手里最多只能有4块宫殿板块，
拿取第五块时需要立即弃掉一个。」「玩家支付一个工人移除展示区域的一个宫殿板块，或者支付2个工人移除三个」
「玩家支付一个工人将一个双倍移动token翻面，这个行动……一回合只能执行一次。」「所有剩余的宫殿板块下滑并从堆叠中补满5个，
如果堆叠不够则洗混弃掉的宫殿板块，如果只有不到7个宫殿板块的话，游戏立即结束。」

Sub-actions: ``take i`` (slot i's tile into the hand), ``remove i``, ``clear i j k`` (three tiles),
``flip`` (see movement.py); ``discard t`` when a fifth tile is taken. The display is refilled after the
activation, one chance draw a tile (``draw t``). Each action is performed, described and refused here
(``ACTIONS``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_CLEAR, A_FLIP, A_REMOVE, A_TAKE
from meeple.games.versailles.content import (
    ARCHITECTS_GUILD, DISPLAY_SIZE, DOUBLE_MOVES_PER_PLAYER, HAND_LIMIT, HAND_TILE_VP, MIN_TILES_TO_RESHUFFLE,
    REMOVE_ONE_WORKERS, REMOVE_THREE_WORKERS, SLOT_WORKERS,
)
from meeple.games.versailles.describe import lenient_refusal, tile_message, workers_phrase
from meeple.games.versailles.fields import VersaillesFields


class ArchitectsGuildRules(VersaillesFields):
    """The Architects' Guild and its display (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "take": ActionSpec(perform="_act_take", describe="_describe_take", refuse="_refuse_take"),
        "remove": ActionSpec(perform="_act_remove", describe="_describe_remove", refuse="_refuse_remove"),
        "clear": ActionSpec(perform="_act_clear", describe="_describe_clear", refuse="_refuse_remove"),
        "discard": ActionSpec(perform="_act_discard", describe="_describe_discard", refuse="_refuse_discard"),
        "draw": ActionSpec(perform="_act_draw", describe="_describe_draw", refuse="_refuse_chance"),
    }

    def _guild_options(self, p: int, workers: int) -> list[Action]:
        display = self.tile_display
        occupied = [i for i in range(DISPLAY_SIZE) if display[i] >= 0]
        out = []
        for i in occupied:
            if SLOT_WORKERS[i] <= workers:
                out.append(A_TAKE[i])
        if workers >= REMOVE_ONE_WORKERS:
            for i in occupied:
                out.append(A_REMOVE[i])
        if workers >= REMOVE_THREE_WORKERS and len(occupied) >= 3:
            for slots in combinations(occupied, 3):
                out.append(A_CLEAR[slots])
        if not self.once_only_used and self.double_moves_face_up[p] < DOUBLE_MOVES_PER_PLAYER:
            out.append(A_FLIP)
        return out

    # ------------------------------------------------------------------ taking a tile
    def _act_take(self, action: Action, p: int) -> None:
        """``take i``: the tile of display position i into the hand; over the limit, the player discards next."""
        slot = action.args[0] - 1
        tile = self.tile_display[slot]
        self.tile_display[slot] = -1
        self.unspent_workers -= SLOT_WORKERS[slot]
        self.hands[p].append(tile)
        self.say("versailles.takes", seat=p, tile=tile, num=tile, pos=slot + 1)
        if len(self.hands[p]) > HAND_LIMIT:
            self.phase = "discard"
            return
        self._finish_if_nothing_affordable(p)

    def _describe_take(self, action: Action, p: int) -> dict[str, Any]:
        pos = action.args[0]
        tile = self.tile_display[pos - 1]
        workers = workers_phrase(SLOT_WORKERS[pos - 1])
        if p >= 0 and len(self.hands[p]) >= HAND_LIMIT:
            return msg("versailles.d.take_full", tile=tile_message(tile), pos=pos, workers=workers,
                       hand=HAND_LIMIT + 1)
        return msg("versailles.d.take", tile=tile_message(tile), pos=pos, workers=workers)

    @lenient_refusal
    def _refuse_take(self, action: Action, p: int) -> Message | None:
        """Not at the Guild, no tile in that position, or too few workers for it."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        if self.current_location != ARCHITECTS_GUILD:
            return Message("versailles.why.take_where", {"location": self.current_location})
        i = action.args[0] - 1
        if not 0 <= i < DISPLAY_SIZE or self.tile_display[i] < 0:
            return Message("versailles.why.no_tile", {"pos": action.args[0]})
        return Message("versailles.why.slot_workers", {"pos": i + 1, "n": SLOT_WORKERS[i], "have": self.unspent_workers})

    def _act_discard(self, action: Action, p: int) -> None:
        """``discard t``: the fifth tile in hand, or another, goes to the discard pile."""
        tile = action.args[0]
        self.hands[p].remove(tile)
        self.discard_pile.append(tile)
        self.discard_pile.sort()
        self.say("versailles.discards", seat=p, tile=tile, num=tile, limit=HAND_LIMIT)
        self.phase = "act"
        self._finish_if_nothing_affordable(p)

    def _describe_discard(self, action: Action, p: int) -> dict[str, Any]:
        tile = action.args[0]
        return msg("versailles.d.discard", tile=tile, num=tile, limit=HAND_LIMIT, vp=HAND_TILE_VP)

    @lenient_refusal
    def _refuse_discard(self, action: Action, p: int) -> Message | None:
        """No fifth tile to discard now, or a tile not in the hand."""
        if self.phase != "discard":
            return Message("versailles.why.discard_phase", {"limit": HAND_LIMIT})
        if action.args[0] not in self.hands[p]:
            return Message("versailles.why.not_in_hand", {"num": action.args[0]})
        return None

    # ------------------------------------------------------------------ removing tiles
    def _act_remove(self, action: Action, p: int) -> None:
        """``remove i``: one worker sends the tile of display position i to the discard pile."""
        slot = action.args[0] - 1
        tile = self.tile_display[slot]
        self.tile_display[slot] = -1
        self.discard_pile.append(tile)
        self.discard_pile.sort()
        self.unspent_workers -= REMOVE_ONE_WORKERS
        self._slide_display()
        self.say("versailles.removes", seat=p, tile=tile, num=tile)
        self._finish_if_nothing_affordable(p)

    def _describe_remove(self, action: Action, p: int) -> dict[str, Any]:
        tile = self.tile_display[action.args[0] - 1]
        return msg("versailles.d.remove", tile=tile, num=tile, pos=action.args[0],
                   workers=workers_phrase(REMOVE_ONE_WORKERS))

    def _act_clear(self, action: Action, p: int) -> None:
        """``clear i j k``: two workers send the tiles of three display positions to the discard pile."""
        gone = []
        for pos in action.args:
            tile = self.tile_display[pos - 1]
            self.tile_display[pos - 1] = -1
            self.discard_pile.append(tile)
            gone.append(msg("versailles.tile_ref", tile=tile, num=tile))
        self.discard_pile.sort()
        self.unspent_workers -= REMOVE_THREE_WORKERS
        self._slide_display()
        self.say("versailles.removes_several", seat=p, tiles=gone)
        self._finish_if_nothing_affordable(p)

    def _describe_clear(self, action: Action, p: int) -> dict[str, Any]:
        tiles = [msg("versailles.tile_ref", tile=self.tile_display[x - 1], num=self.tile_display[x - 1])
                 for x in action.args]
        return msg("versailles.d.clear", tiles=tiles[:-1], last=tiles[-1], workers=workers_phrase(REMOVE_THREE_WORKERS))

    @lenient_refusal
    def _refuse_remove(self, action: Action, p: int) -> Message | None:
        """``remove`` or ``clear``: not at the Guild, an empty position, not three tiles, too few workers."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        if self.current_location != ARCHITECTS_GUILD:
            return Message("versailles.why.remove_where", {"location": self.current_location})
        for x in action.args:
            if not 1 <= x <= DISPLAY_SIZE or self.tile_display[x - 1] < 0:
                return Message("versailles.why.no_tile", {"pos": x})
        if action.name == "clear" and len(set(action.args)) != 3:
            return Message("versailles.why.clear_three", {})
        need = REMOVE_ONE_WORKERS if action.name == "remove" else REMOVE_THREE_WORKERS
        return Message("versailles.why.remove_workers", {"workers": workers_phrase(need), "have": self.unspent_workers})

    # ------------------------------------------------------------------ sliding and refilling
    def _slide_display(self) -> None:
        tiles = [t for t in self.tile_display if t >= 0]
        self.tile_display = tiles + [-1] * (DISPLAY_SIZE - len(tiles))

    def _refill_draw_due(self) -> bool:
        """True if a refill draw is due now; reshuffles or ends the game when the stack runs out."""
        if not self.refill_due:
            return False
        if self.tile_display[-1] >= 0:
            self.refill_due = False
            return False
        if not self.tile_stack:
            if len(self.discard_pile) < MIN_TILES_TO_RESHUFFLE:
                self._end_game("stack")
                return False
            self.tile_stack = sorted(self.discard_pile)
            self.discard_pile = []
            self.say("versailles.reshuffle")
        return True

    def _act_draw(self, action: Action, chance: int) -> None:
        """``draw t``: chance turns tile t up from the stack into the first empty display position."""
        tile = action.args[0]
        self.tile_stack.remove(tile)
        slot = self.tile_display.index(-1)
        self.tile_display[slot] = tile
        self.say("versailles.revealed", tile=tile, num=tile, pos=slot + 1)
        self._after_draw()

    def _describe_draw(self, action: Action, p: int) -> dict[str, Any]:
        tile = action.args[0]
        pos = self.tile_display.index(-1) + 1 if -1 in self.tile_display else 0
        if pos:
            return msg("versailles.d.draw", tile=tile_message(tile), pos=pos)
        return msg("versailles.d.draw_display", tile=tile_message(tile))

"""建筑师公会: the display of five palace tiles — taking, removing, sliding, refilling, reshuffling.

Seed (建筑师公会): 「玩家支付展示的5个宫殿板块左边对应的工人可以拿取宫殿板块……任意时刻玩家手里最多只能有4块宫殿板块，
拿取第五块时需要立即弃掉一个。」「玩家支付一个工人移除展示区域的一个宫殿板块，或者支付2个工人移除三个」
「玩家支付一个工人将一个双倍移动token翻面，这个行动……一回合只能执行一次。」「所有剩余的宫殿板块下滑并从堆叠中补满5个，
如果堆叠不够则洗混弃掉的宫殿板块，如果只有不到7个宫殿板块的话，游戏立即结束。」

Sub-actions: ``take i`` (slot i's tile into the hand), ``remove i``, ``clear i j k`` (three tiles),
``flip`` (see movement.py). The display is refilled after the activation, one chance draw a tile.
"""

from __future__ import annotations

from itertools import combinations

from meeple.core import Action
from meeple.core.i18n import msg
from meeple.games.versailles.actions import A_CLEAR, A_FLIP, A_REMOVE, A_TAKE
from meeple.games.versailles.content import (
    DISPLAY_SIZE, DOUBLE_MOVES_PER_PLAYER, HAND_LIMIT, MIN_TILES_TO_RESHUFFLE, REMOVE_ONE_WORKERS,
    REMOVE_THREE_WORKERS, SLOT_WORKERS,
)


class ArchitectsGuildRules:
    """The Architects' Guild and its display (a mixin of ``VersaillesState``)."""

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

    def _take_tile(self, slot: int, p: int) -> bool:
        """``take``: the tile of display ``slot`` (0-based) into the hand; True if the hand is now over
        the limit (the player discards next)."""
        tile = self.tile_display[slot]
        self.tile_display[slot] = -1
        self.unspent_workers -= SLOT_WORKERS[slot]
        self.hands[p].append(tile)
        self.say("versailles.takes", seat=p, tile=tile, num=tile, pos=slot + 1)
        if len(self.hands[p]) > HAND_LIMIT:
            self.phase = "discard"
            return True
        return False

    def _remove_tile(self, slot: int, p: int) -> None:
        tile = self.tile_display[slot]
        self.tile_display[slot] = -1
        self.discard_pile.append(tile)
        self.discard_pile.sort()
        self.unspent_workers -= REMOVE_ONE_WORKERS
        self._slide_display()
        self.say("versailles.removes", seat=p, tile=tile, num=tile)

    def _remove_three_tiles(self, positions: tuple, p: int) -> None:
        """``clear``: the tiles of three display positions (1-based) to the discard pile."""
        gone = []
        for pos in positions:
            tile = self.tile_display[pos - 1]
            self.tile_display[pos - 1] = -1
            self.discard_pile.append(tile)
            gone.append(msg("versailles.tile_ref", tile=tile, num=tile))
        self.discard_pile.sort()
        self.unspent_workers -= REMOVE_THREE_WORKERS
        self._slide_display()
        self.say("versailles.removes_several", seat=p, tiles=gone)

    def _discard_from_hand(self, action: Action, p: int) -> None:
        """``discard t``: the fifth tile in hand, or another, goes to the discard pile."""
        tile = action.args[0]
        self.hands[p].remove(tile)
        self.discard_pile.append(tile)
        self.discard_pile.sort()
        self.say("versailles.discards", seat=p, tile=tile, num=tile, limit=HAND_LIMIT)
        self.phase = "act"
        self._finish_if_nothing_affordable(p)

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

    def _reveal_tile(self, action: Action, chance: int) -> None:
        """``draw t``: chance turns tile t up from the stack into the first empty display position."""
        tile = action.args[0]
        self.tile_stack.remove(tile)
        slot = self.tile_display.index(-1)
        self.tile_display[slot] = tile
        self.say("versailles.revealed", tile=tile, num=tile, pos=slot + 1)
        self._after_draw()

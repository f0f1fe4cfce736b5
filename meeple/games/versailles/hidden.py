"""隐藏信息: what each seat may see — everything.

Seed (游戏设置): 「洗混宫殿板块面朝下放成堆叠，翻开5张放在建筑师公会。」 The stack is the only face-down component.

Nothing in Versailles is secret: the stack is face down but its contents are exactly the tiles not
seen elsewhere, so every seat (and a spectator) may know the whole position, and ``determinize``
needs to re-deal nothing (no ``_resample_hidden``). The observation shows every field under its own
name (``OBSERVATION_SCHEMA`` 2; the keys of schema 1 were the fields' first names, listed in
``OBSERVATION_RENAMES``), beside the core's keys (``over``, ``to_move`` …) and three values computed
from the fields: ``scores``, ``stack_size`` and ``end``.
"""

from __future__ import annotations

import marshal
from typing import Any

from meeple.games.versailles.fields import VersaillesFields


class HiddenInformation(VersaillesFields):
    """The observation (a mixin of ``VersaillesState``)."""

    def _observation(self, player: int | None) -> dict[str, Any]:
        obs = {field: getattr(self, field) for field in self.FIELDS}
        obs["scores"] = self.scores()
        obs["stack_size"] = len(self.tile_stack)
        obs["end"] = self.end_message()  # why the game ended, as a message (None while it goes on)
        return marshal.loads(marshal.dumps(obs))

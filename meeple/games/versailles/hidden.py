"""隐藏信息: what each seat may see — everything.

Seed (游戏设置): 「洗混宫殿板块面朝下放成堆叠，翻开5张放在建筑师公会。」 The stack is the only face-down component.

Nothing in Versailles is secret: the stack is face down but its contents are exactly the tiles not
seen elsewhere, so every seat (and a spectator) may know the whole position, and ``determinize``
needs to re-deal nothing (no ``_resample_hidden``). Observations keep the field names they had
before the fields were renamed (programs and the browser read them): see ``observation_keys``.
"""

from __future__ import annotations

import marshal
from typing import Any

from meeple.games.versailles.fields import VersaillesFields


def observation_keys(fields: tuple[str, ...], renames: dict[str, str],
                     earlier: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """(observation key, field) for each field: the key is the field's first name, if it had others."""
    former = {new: old for old, new in renames.items()}
    first = {new: old for old, new in earlier.items()}
    return tuple((first.get(former.get(field, field), former.get(field, field)), field) for field in fields)


class HiddenInformation(VersaillesFields):
    """The observation (a mixin of ``VersaillesState``)."""

    OBSERVATION_KEYS: tuple[tuple[str, str], ...] = ()

    def _observation(self, player: int | None) -> dict[str, Any]:
        obs = {key: getattr(self, field) for key, field in self.OBSERVATION_KEYS}
        obs["scores"] = self.scores()
        obs["stack_size"] = len(self.tile_stack)
        obs["end"] = self.end_message()  # why the game ended, as a message (None while it goes on)
        return marshal.loads(marshal.dumps(obs))

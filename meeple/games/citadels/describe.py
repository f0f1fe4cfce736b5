"""Words for people that several actions share: whose view a description takes, and a district card in words.

    在一个回合当中，玩家可以作出以下事情：……

Each action is described and refused beside its rule, in the module of its rulebook section (its
``ACTIONS`` table: ``meeple.core.action_table``); every text is a catalogue message (``citadels.err.*``,
``citadels.do.*``) with its arguments, shown in the reader's language.

>>> state.describe(Action("build", ("temple",)), 0)
'Build the Temple for 1 gold (blue, worth 1 point)'
>>> state.describe(Action("build", ("temple",)), 0, "zh")
'花费 1 枚金币建造神庙（蓝色，计 1 分）'
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg
from meeple.games.citadels.actions import DISTRICT_COLOUR_NAME, NOBODY
from meeple.games.citadels.content import DISTRICT_COST, DISTRICT_POINTS, DISTRICT_SLUG
from meeple.games.citadels.fields import CitadelsFields


class DescribeActions(CitadelsFields):
    """What the actions' descriptions share."""

    def describing_seat(self, player: int | None) -> int:
        """A description asked for no seat takes the view of the seat to move (or, between moves of a
        turn, of the turn's seat)."""
        if player is not None:
            return player
        return self.mover if self.mover != NOBODY else self.current_seat

    def _district_text(self, d: int) -> dict[str, Any]:
        """"Temple (blue, cost 1, 1 point)" as a message."""
        return msg("citadels.do.card", district=DISTRICT_SLUG[d], colour=DISTRICT_COLOUR_NAME[d], cost=DISTRICT_COST[d],
                   n=DISTRICT_POINTS[d])

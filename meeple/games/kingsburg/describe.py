"""Words for people that several sections share: whose view a description takes, goods in words, what
the game waits for now, and the default refusal.

「每個遊戲回合皆由以下8個步驟組成。」 No passage of its own: the sentences say the rules of the sections
with their numbers ("Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"), in
the seed's terms. Each action is described and refused beside its rule, in the module of its rulebook
section (its ``ACTIONS`` table: ``meeple.core.action_table``); the English and Chinese texts are the
package's gettext catalogues (``locale/``).

>>> state.describe(Action("build", ("inn",)), 0)
"Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"
"""

from __future__ import annotations

from meeple.core import CHANCE, Action
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg
from meeple.games.kingsburg.content import RESOURCES


class DescribeActions:
    """What the actions' words share: ``parse_action``, the describing seat, the task in words and the
    refusal of an action that answers another task (mixed into ``KingsburgState`` before
    ``ActionTableState``)."""

    def parse_action(self, text: str, player: int | None = None) -> Action:
        """As the base, but dice may be typed in any order ("roll 4 6 6", "use 4 6 6 +2")."""
        words = text.strip().split() if isinstance(text, str) else None
        if words and words[0].lower() in ("roll", "use"):
            faces = sorted((w for w in words[1:] if w.isascii() and w.isdigit()), key=int, reverse=True)
            marks = [w for w in words[1:] if not (w.isascii() and w.isdigit())]
            text = " ".join([words[0]] + faces + marks)
        return super().parse_action(text, player)

    def describing_seat(self, player: int | None) -> int | None:
        """A description takes ``player``'s view, or, asked for no seat (or chance), the seat to move's."""
        if player is not None and 0 <= player < self.players:
            return player
        if self.mover is not None and 0 <= self.mover < self.players:
            return self.mover
        return None

    # ------------------------------------------------------------------ what the game waits for
    def task_message(self) -> Message:
        """What the game waits for now, as a message (shown when an action comes at the wrong time)."""
        if not self.tasks:
            return Message("kingsburg.task.over", {})
        task = self.tasks[0]
        kind = task["kind"]
        seat = task.get("seat", -1)
        who = seat if seat >= 0 else None
        if kind == "take":
            return Message("kingsburg.task.take", {"seat": who, "n": task["count"]})
        if kind == "place":
            return Message("kingsburg.task.place", {"seat": self.turn_order[self.placing_index]})
        if who is not None and kind in _SEAT_TASKS:
            return Message(_SEAT_TASKS[kind], {"seat": who})
        if kind == "roll":
            return Message("kingsburg.task.roll", {})
        if kind == "king":
            return Message("kingsburg.task.king", {})
        return Message("kingsburg.task.draw", {})

    def describe_task(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the game waits for now, in ``lang``."""
        return self.task_message().render(lang)

    # ------------------------------------------------------------------ refusals
    def _deciding_task(self, player: int) -> str | None:
        """The kind of the front task when ``player`` decides it now (None: chance, or not ``player``'s turn)."""
        if player != CHANCE and self.tasks and player in self._to_move():
            return self.tasks[0]["kind"]
        return None

    def _refuse_out_of_task(self, action: Action, player: int, task: str) -> Message | None:
        """``action`` answers a ``task`` task: not now while ``player`` decides a task of another kind."""
        kind = self._deciding_task(player)
        if kind is not None and kind != task:
            return Message("kingsburg.illegal.not_now", {"action": str(action), "task": self.task_message().to_json()})
        return None


class DefaultRefusal:
    """The refusal of an action whose own refusal names no rule, or that no section declares (mixed into
    ``KingsburgState`` after ``ActionTableState``, whose ``why_illegal`` falls back on this one)."""

    def why_illegal(self, action: Action, player: int) -> Message:
        """What ``player`` may do now (the engine's words when nothing is legal for ``player``)."""
        legal = self.legal_actions(player)
        if not legal:
            return super().why_illegal(action, player)
        shown = [msg("kingsburg.action", action=str(a)) for a in legal[:12]]
        if len(legal) > 12:
            shown.append("…")
        return Message("kingsburg.illegal.not_legal", {"action": str(action), "seat": player, "legal": shown})


def goods_words(gold: int, wood: int, stone: int) -> dict:
    """'1 gold and 1 wood' / '1 gold, 1 wood and 1 stone' / 'nothing', as a message argument."""
    parts = [msg("kingsburg.amount", n=count, resource=r) for count, r in zip((gold, wood, stone), RESOURCES) if count]
    if not parts:
        return msg("kingsburg.nothing")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("kingsburg.goods.two", a=parts[0], b=parts[1])
    return msg("kingsburg.goods.three", a=parts[0], b=parts[1], c=parts[2])


_SEAT_TASKS = {kind: f"kingsburg.task.{kind}" for kind in ("build", "reroll", "recruit", "alch", "townhall", "smuggle",
                                                           "lose", "white")}
"""The tasks of one seat that read "waiting for <seat> to …", with their messages."""

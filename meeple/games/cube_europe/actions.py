"""Every action the game can offer (seed "游戏流程": 获得一个方块、放置一个方块或获得一名工人), made once.

    然后，你可以使用每个骰子来执行以下三种行动之一：获得一个方块、放置一个方块或获得一名工人。

The legal-action lists hand out these objects, and ``encoding.action_space`` numbers these same objects
(identically for every player count): the chance outcomes (``board``, ``first``, ``card``, ``roll``), the
starting cube, the three die actions, and the follow-up decisions (``pay``, ``return``, ``chain``,
``white``, ``pass``).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.cube_europe.content import ALL_CARDS, COLOURS, HEX_LABELS

PASS = Action("pass")
BOARD = {c: Action("board", (c,)) for c in ALL_CARDS}
CARD = {c: Action("card", (c,)) for c in ALL_CARDS}
START_CARD = [Action("first", (p,)) for p in range(4)]
ROLLS = [Action("roll", (a, b)) for a in range(1, 7) for b in range(a, 7)]
START = {h: Action("start", (h,)) for h in HEX_LABELS}
TAKE = {d: [Action("take", (d, s)) for s in range(1, 7)] for d in range(1, 7)}
PLACE = {d: {h: Action("place", (d, h)) for h in HEX_LABELS} for d in range(1, 7)}
WORKER = {d: Action("worker", (d,)) for d in range(1, 7)}
RETURN = {c: Action("return", (c,)) for c in COLOURS}
CHAIN = {h: Action("chain", (h,)) for h in HEX_LABELS}
WHITE = {c: Action("white", (c,)) for c in COLOURS}
# How a die adjustment is paid (「你可以同时使用工人和黄色效果」): (workers, Steady Hand, Mirror).
# "pay 0" alone is never a choice: a die that needs no change is used without asking.
PAY = {
    (workers, steady, mirror): Action("pay", (workers,) + (("steady",) if steady else ()) + (("mirror",) if mirror else ()))
    for workers in range(4) for steady in (False, True) for mirror in (False, True) if workers or steady or mirror
}
ROLL_OF = {act.args: act for act in ROLLS}
"""The roll action of two dice, by ``(lower, higher)``."""
ROLL_OF_DICE = [[None] + [ROLL_OF[min(a, b), max(a, b)] for b in range(1, 7)] if a else None for a in range(7)]
"""The roll action of two dice in the order thrown: ``ROLL_OF_DICE[first][second]`` (0 unused)."""
ROLL_WEIGHTS = [(act, 1.0 if act.args[0] == act.args[1] else 2.0) for act in ROLLS]
"""Each roll with its weight: a double comes one way of 36, any other pair two."""

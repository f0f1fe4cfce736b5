"""Every Kingsburg action, built once and shared (the rules hand out these very objects: faster, and the
engine numbers each one once for the fixed action space, see ``encoding.py``). Each action's name is
declared, with its rule, words and refusal, in its section's ``ACTIONS`` table (``KingsburgState.ACTION_TABLE``).

No seed passage: the actions are meeple's compact text for the rulebook's decisions (docs/rules/kingsburg.md,
"Actions (compact text)").
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

from meeple.core import Action
from meeple.games.kingsburg.content import BUILDING_KEYS, ENEMY_KEYS, RESOURCES

TAKE_ACTIONS = tuple(Action("take", (r,)) for r in RESOURCES)
LOSE_ACTIONS = tuple(Action("lose", (r,)) for r in RESOURCES)
TRADE_ACTIONS = tuple(Action("trade", (r,)) for r in RESOURCES)  # the Alchemist
TOWN_HALL_ACTIONS = tuple(Action("townhall", (r,)) for r in RESOURCES) + (Action("townhall", ("token",)),)
PLACE_ACTIONS = tuple(Action("place", (n,)) for n in range(19))  # index = advisor number (0 unused)
ENVOY_ACTIONS = tuple(Action("envoy", (n,)) for n in range(19))
BUILD_ACTIONS = tuple(Action("build", (key,)) for key in BUILDING_KEYS)
PASS_ACTION = Action("pass")
SKIP_ACTION = Action("skip")
DONE_ACTION = Action("done")
KEEP_ACTION = Action("keep")
STATUE_ACTION = Action("statue")
CHAPEL_ACTION = Action("chapel")
SMUGGLE_ACTION = Action("smuggle")
WHITE_ACTIONS = tuple(Action("white", (k,)) for k in range(3))  # roll k of the white dice you may roll
WHITE_CHOICES = tuple(tuple(WHITE_ACTIONS[k] for k in range(most, -1, -1)) for most in range(3))  # most dice first
RECRUIT_ONE_ACTIONS = tuple(Action("recruit", (r,)) for r in RESOURCES)  # with the Barracks
RECRUIT_TWO_ACTIONS = {(a, b): Action("recruit", (RESOURCES[a], RESOURCES[b])) for a in range(3) for b in range(a, 3)}
REINFORCE_ACTIONS = tuple(Action("reinforce", (d,)) for d in range(7))  # index = the King's die
ENEMY_ACTIONS = tuple(tuple(Action("enemy", (key,)) for key in keys) for keys in ENEMY_KEYS)  # per year

# A roll of n dice is one chance outcome ``roll f1 .. fn`` (faces high to low), weighted by the number of
# ordered rolls that give it.
ROLL_ACTIONS: dict[tuple[int, ...], Action] = {}
ROLL_OUTCOMES: dict[int, list[tuple[Action, float]]] = {}
for _count in range(1, 7):
    _outcomes = []
    for _faces in combinations_with_replacement(range(6, 0, -1), _count):
        _roll = ROLL_ACTIONS[_faces] = Action("roll", _faces)
        _orderings = factorial(_count)
        for _face in set(_faces):
            _orderings //= factorial(_faces.count(_face))
        _outcomes.append((_roll, float(_orderings)))
    ROLL_OUTCOMES[_count] = _outcomes

_ORDERED_ROLLS: dict[int, tuple[Action, ...]] = {}


def ordered_rolls(count: int) -> tuple[Action, ...]:
    """The 6**count equally likely ordered rolls of ``count`` dice, each as its sorted ``roll`` action."""
    table = _ORDERED_ROLLS.get(count)
    if table is None:
        rolls = []
        for number in range(6 ** count):
            faces = []
            for _ in range(count):
                faces.append(number % 6 + 1)
                number //= 6
            rolls.append(ROLL_ACTIONS[tuple(sorted(faces, reverse=True))])
        table = _ORDERED_ROLLS[count] = tuple(rolls)
    return table

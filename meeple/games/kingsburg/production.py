"""Steps 2, 4 and 6, the production seasons (春季／夏季／秋季生產): the rolls and the turn order.

「玩家同時擲骰。玩家必定持有3顆自己顏色的骰子。在特別情況下，玩家可能多獲得白色的骰子。
依玩家所擲得的骰子點數總和，由小至大重新排列玩家的次序。點數總和較小者先行。點數總和相同者，其次序則沿用他們之間的舊有次序。」
Everyone rolls 3 dice (white dice too in special cases); the new turn order is by dice total, lowest
first, ties keeping their old order. The Statue's and the Chapel's rerolls come before the order.
What follows is in ``placement.py`` (the advisors' influence), ``advisors.py`` (their rewards) and
``buildings.py`` (building, and the buildings' effects after the season).
"""

from __future__ import annotations

from math import factorial
from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import interrupt
from meeple.core.i18n import Message, msg
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import CHAPEL_ACTION, KEEP_ACTION, STATUE_ACTION, WHITE_CHOICES
from meeple.games.kingsburg.content import CHAPEL, FARMS, SEASONS, STATUE
from meeple.games.kingsburg.flow import (
    REROLL_TASKS, ROLL_ALL_TASKS, ROLL_CHAPEL_TASKS, ROLL_ONE_TASKS, SEASON_TASKS, UNRESOLVED, WHITE_TASKS, Task,
)

_REROLLERS = (1 << STATUE) | (1 << CHAPEL)  # the buildings that let a seat reroll
_SEASON_ROLLS = tuple(tuple(ROLL_ALL_TASKS[p][0] for p in range(n)) for n in range(6))
"""The season's rolls of seats ``0 … n-1`` before any white die is chosen, by ``n``."""

_DICE_ARGS: dict[tuple, list] = {}
_SEAT_TOTALS: dict[tuple, dict] = {}


def dice_arg(faces: Any) -> list:
    """The dice as a log argument, one shared list per combination (log arguments are never mutated;
    a long log of shared values leaves the garbage collector less to count and walk)."""
    key = tuple(faces)
    words = _DICE_ARGS.get(key)
    if words is None:
        words = _DICE_ARGS[key] = list(key)
    return words


def _seat_total(seat: int, total: int) -> dict:
    """``msg("kingsburg.seat_total", …)``, shared per (seat, total) like ``dice_arg``."""
    key = (seat, total)
    words = _SEAT_TOTALS.get(key)
    if words is None:
        words = _SEAT_TOTALS[key] = msg("kingsburg.seat_total", seat=seat, total=total)
    return words


class Production:
    """A season's start, its rolls and rerolls, and the turn order (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "white": ActionSpec(perform="_act_white", describe="_describe_white", refuse=None),
        "roll": ActionSpec(perform="_act_roll", describe="_describe_roll", refuse=None),  # chance: the dice
        "statue": ActionSpec(perform="_act_statue", describe="_describe_statue", refuse=None),
        "chapel": ActionSpec(perform="_act_chapel", describe="_describe_chapel", refuse=None),
        "keep": ActionSpec(perform="_act_keep", describe="_describe_keep", refuse=None),
    }

    def _clear_season(self) -> None:
        """Empty the advisors' board and each seat's dice and once-a-season uses, for a new season."""
        n = self.players
        self.handfuls_on_advisor = [[] for _ in range(19)]
        self.unplaced_dice = [[] for _ in range(n)]
        self.dice_rolled = [[] for _ in range(n)]
        self.market_used = [False] * n
        self.statue_used = [False] * n
        self.chapel_used = [False] * n
        self.done_placing = [False] * n
        self.built_this_season = [0] * n
        self.placing_index = 0
        self.selected_advisor = 0

    def _start_season(self, season: int) -> None:
        n = self.players
        self.season_index = season
        if season:
            self.aid_die_holder = -1  # the King's aid die is for spring only
        self._clear_season()
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say_again("kingsburg.season", (season, self.year), season=SEASONS[season], year=self.year)
        # 可多擲1顆白骰 (King's aid, Farms): the player *may* roll it; everyone decides, in the previous
        # turn order, before the dice are rolled together; then the rolls, the rerolls in the previous turn
        # order (the Statue, the Chapel), and the season's steps. (One pass over the seats: ``white_dice``
        # written out, the aid die being the spring's only, as set above.)
        aid = self.aid_die_holder
        owned = self.buildings_owned
        whites, rerolls = [], []
        for p in self.turn_order:
            buildings = owned[p]
            white = (aid == p) + (buildings >> FARMS & 1)
            if white:
                whites.append(WHITE_TASKS[p][white])
            if buildings & _REROLLERS:
                rerolls.append(REROLL_TASKS[p])
        self.tasks += [*whites, *_SEASON_ROLLS[n], *rerolls, *SEASON_TASKS]

    def white_dice(self, p: int) -> int:
        """How many white dice ``p`` may roll this season: the King's aid (spring only) and the Farms."""
        return (self.season_index == 0 and self.aid_die_holder == p) + (self.buildings_owned[p] >> FARMS & 1)

    # ------------------------------------------------------------------ "white": seat, allowed (how many)
    def _resolve_white_dice(self) -> bool:
        """The white dice's settle: the seat always decides."""
        self.mover = self.tasks[0]["seat"]
        return False

    def _legal_white_dice(self, player: int) -> list[Action]:
        return list(WHITE_CHOICES[self.tasks[0]["allowed"]])

    def _act_white(self, action: Action, p: int) -> None:
        """``p`` rolls ``action.args[0]`` of the white dice it may roll with its own three."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        tasks = self.tasks
        tasks.pop(0)
        chosen = action.args[0]
        roll = ROLL_ALL_TASKS[p][0]
        if chosen and roll in tasks:  # the seat's roll, still to come, with the white dice chosen
            tasks[tasks.index(roll)] = ROLL_ALL_TASKS[p][chosen]
        if self.log is QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            return
        if chosen:
            self.say("kingsburg.white_dice", None, seat=p, n=chosen)
        else:
            self.say("kingsburg.white_none", None, seat=p)

    def _describe_white(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        n = action.args[0]
        may = self.white_dice(p)
        aid = self.season_index == 0 and self.aid_die_holder == p
        farms = bool(self.buildings_owned[p] >> FARMS & 1)
        if not (aid or farms):
            return None
        why = _WHY_WHITE[aid, farms]
        if n == 0:
            return Message("kingsburg.describe.white_none", {"n": may, "why": why})
        return Message("kingsburg.describe.white", {"n": n, "why": why, "total": 3 + n})

    # ------------------------------------------------------------------ "roll": seat, mode (all, one, chapel), white
    def _dice_to_roll(self, task: Task) -> int:
        mode = task["mode"]
        if mode == "all":
            return 3 + task["white"]  # the white dice the player chose to roll (King's aid, Farms)
        if mode == "one":
            return 1  # the Statue
        return len(self.unplaced_dice[task["seat"]])  # the Chapel: reroll all the dice

    def _resolve_roll(self) -> None:
        self.mover = CHANCE

    def _act_roll(self, action: Action, p: int) -> None:
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        task = self.tasks[0]
        roller = task["seat"]
        faces = list(action.args)
        mode = task["mode"]
        if mode == "all":
            self.unplaced_dice[roller] = faces
            self.dice_rolled[roller] = list(faces)
            white = task["white"]  # the white dice rolled with the three own dice
            if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                if white:
                    self.say("kingsburg.rolls_white", None, seat=roller, dice=dice_arg(faces), n=white)
                else:
                    self.say_again("kingsburg.rolls", (roller, action.args), seat=roller, dice=dice_arg(action.args))
        elif mode == "one":
            dice = self.unplaced_dice[roller]
            dice[0] = faces[0]
            dice.sort(reverse=True)
            self.dice_rolled[roller] = list(dice)
            self.say("kingsburg.rerolls_one", None, seat=roller, dice=dice_arg(dice))
        else:
            self.unplaced_dice[roller] = faces
            self.dice_rolled[roller] = list(faces)
            self.say("kingsburg.rerolls_all", None, seat=roller, dice=dice_arg(faces))
        tasks = self.tasks
        tasks.pop(0)
        if tasks and tasks[0]["kind"] == "roll":
            self._resolve_roll()  # the next seat's roll follows at once

    def _describe_roll(self, action: Action, p: int | None) -> Message | None:
        task: Task = self.tasks[0] if self.tasks else {"kind": ""}
        rolling = task["kind"] == "roll"
        roller = task["seat"] if rolling else p
        if roller is None:
            return None
        faces = action.args
        n = len(faces)
        ways = factorial(n)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        mode = task["mode"] if rolling else "all"
        words = {"seat": roller, "what": _ROLL_WHAT.get(mode, _ROLL_WHAT["all"]), "dice": list(faces), "n": n,
                 "total": sum(faces), "ways": ways, "outcomes": 6 ** n}
        if rolling and mode == "all" and task["white"]:
            words["white"] = task["white"]
            return Message("kingsburg.describe.roll_white", words)
        return Message("kingsburg.describe.roll", words)

    # ------------------------------------------------------------------ "reroll": seat (Statue, Chapel)
    def _reroll_options(self, p: int) -> list[Action]:
        options = []
        dice = self.unplaced_dice[p]
        owned = self.buildings_owned[p]
        if (owned >> STATUE & 1) and not self.statue_used[p] and len(dice) > 1 and dice[0] == dice[-1]:
            options.append(STATUE_ACTION)
        if (owned >> CHAPEL & 1) and not self.chapel_used[p] and sum(dice) <= 7:
            options.append(CHAPEL_ACTION)
        if options:
            options.append(KEEP_ACTION)
        return options

    def _legal_reroll(self, player: int) -> list[Action]:
        return self._reroll_options(player)

    def _resolve_reroll(self) -> bool:
        """The rerolls' settle: the seats at the front with no reroll to make are passed over; the first
        with one decides (False; its options are kept as its legal list), or none does (True)."""
        tasks = self.tasks
        while tasks and tasks[0]["kind"] == "reroll":
            p = tasks[0]["seat"]
            options = self._reroll_options(p)
            if options:
                self._legal_cache[p] = options
                self.mover = p
                return False
            tasks.pop(0)
        return True

    def _act_statue(self, action: Action, p: int) -> None:
        """The Statue: one die of a roll of equal dice rolled again."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.statue_used[p] = True
        self.say("kingsburg.uses_statue", None, seat=p)
        interrupt(self.tasks, [ROLL_ONE_TASKS[p]])

    def _describe_statue(self, action: Action, p: int | None) -> Message | None:
        return None if p is None else Message("kingsburg.describe.statue", {"dice": list(self.unplaced_dice[p])})

    def _act_chapel(self, action: Action, p: int) -> None:
        """The Chapel: a roll of 7 or less rolled again, all its dice."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.chapel_used[p] = True
        self.say("kingsburg.uses_chapel", None, seat=p)
        interrupt(self.tasks, [ROLL_CHAPEL_TASKS[p]])

    def _describe_chapel(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        dice = list(self.unplaced_dice[p])
        return Message("kingsburg.describe.chapel", {"dice": dice, "total": sum(dice)})

    def _act_keep(self, action: Action, p: int) -> None:
        """The dice kept as rolled (no reroll)."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)

    def _describe_keep(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        dice = list(self.unplaced_dice[p])
        return Message("kingsburg.describe.keep", {"dice": dice, "total": sum(dice)})

    # ------------------------------------------------------------------ "order"
    def _resolve_turn_order(self) -> None:
        """Turn order by dice total, lowest first; ties keep their previous order."""
        self.tasks.pop(0)
        dice = self.unplaced_dice
        self.turn_order = sorted(self.turn_order, key=lambda p: sum(dice[p]))
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.turn_order", None,
                 order=[_seat_total(p, sum(dice[p])) for p in self.turn_order])


_ROLL_WHAT = {"all": msg("kingsburg.what.rolls"), "one": msg("kingsburg.what.statue"),
              "chapel": msg("kingsburg.what.chapel")}
_WHY_WHITE = {(True, False): msg("kingsburg.why.aid"), (False, True): msg("kingsburg.why.farms"),
              (True, True): msg("kingsburg.why.both")}

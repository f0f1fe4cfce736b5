"""Kingsburg (帝王堡) as code: five years of eight steps each (seeds/002_b638580df834d43a.txt).

The year runs as a queue of small tasks ("roll", "place", "build", ...).  Automatic tasks resolve
themselves; a task that needs a decision stops the queue and names the seat to move (or CHANCE for
a die roll or an enemy card).  ``_apply`` hands the action to the task at the front of the queue.

>>> state = meeple.load("kingsburg", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions(state.to_move()[0])[0], state.to_move()[0])
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from meeple.core import CHANCE, Action, InvariantError, State
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg
from meeple.games.kingsburg import content as C
from meeple.games.kingsburg.content import (
    B_COST, B_INDEX, B_KEY, B_VP, BARRACKS, BUILDING_TOKENS, CATHEDRAL, CHAPEL, CRANE,
    DEFENCE, EMBASSY, ENEMIES, ENEMY_KEYS, FARMS, FORTRESS, GUILD, INN, MARKET, PLUS2_TOKENS, RES_INDEX,
    RESOURCES, SEASONS, SEATS, STABLE, STATUE, TOWNHALL, TYPE_DEFENCE, WALL,
)

NONE = -2  # mover when the game is over
STEPS = ("aid", "spring", "reward", "summer", "envoy", "autumn", "recruit", "winter")

# ---------------------------------------------------------------- interned actions (speed)
TAKE = tuple(Action("take", (r,)) for r in RESOURCES)
LOSE = tuple(Action("lose", (r,)) for r in RESOURCES)
TRADE = tuple(Action("trade", (r,)) for r in RESOURCES)
TOWN = tuple(Action("townhall", (r,)) for r in RESOURCES) + (Action("townhall", ("token",)),)
PLACE = tuple(Action("place", (n,)) for n in range(19))
ENVOY = tuple(Action("envoy", (n,)) for n in range(19))
BUILD = tuple(Action("build", (k,)) for k in B_KEY)
PASS = Action("pass")
SKIP = Action("skip")
DONE = Action("done")
KEEP = Action("keep")
A_STATUE = Action("statue")
A_CHAPEL = Action("chapel")
SMUGGLE = Action("smuggle")
WHITE = tuple(Action("white", (k,)) for k in range(3))  # roll k of the white dice you may roll
WHITE_LEGAL = tuple(tuple(WHITE[k] for k in range(m, -1, -1)) for m in range(3))  # most dice first
RECRUIT1 = tuple(Action("recruit", (r,)) for r in RESOURCES)
RECRUIT2 = {(a, b): Action("recruit", (RESOURCES[a], RESOURCES[b])) for a in range(3) for b in range(a, 3)}
KING = tuple(Action("reinforce", (d,)) for d in range(7))
ENEMY_ACT = tuple(tuple(Action("enemy", (k,)) for k in keys) for keys in ENEMY_KEYS)

ROLL: dict[tuple[int, ...], Action] = {}
ROLL_OUTCOMES: dict[int, list[tuple[Action, float]]] = {}
for _n in range(1, 7):
    _outs = []
    for _combo in combinations_with_replacement(range(6, 0, -1), _n):
        _act = Action("roll", _combo)
        ROLL[_combo] = _act
        _w = factorial(_n)
        for _v in set(_combo):
            _w //= factorial(_combo.count(_v))
        _outs.append((_act, float(_w)))
    ROLL_OUTCOMES[_n] = _outs

_ROLL_TABLE: dict[int, tuple[Action, ...]] = {}


def _roll_table(n: int) -> tuple[Action, ...]:
    """The 6**n equally likely ordered rolls of n dice, each as its sorted ``roll`` action."""
    out = []
    for i in range(6 ** n):
        faces = []
        for _ in range(n):
            faces.append(i % 6 + 1)
            i //= 6
        out.append(ROLL[tuple(sorted(faces, reverse=True))])
    _ROLL_TABLE[n] = tuple(out)
    return _ROLL_TABLE[n]


ACTION_NAMES = frozenset({
    "take", "lose", "trade", "townhall", "place", "envoy", "use", "build", "pass", "skip", "done", "keep",
    "statue", "chapel", "smuggle", "recruit", "roll", "reinforce", "enemy", "white",
})


_WAY: dict[tuple, tuple] = {}
_DICE: dict[tuple, list] = {}
_SEAT_TOTAL: dict[tuple, dict] = {}


def _dice(faces: Any) -> list:
    """The dice as a log argument, one shared list per combination (log arguments are never mutated;
    a long log of shared values leaves the garbage collector less to count and walk)."""
    key = tuple(faces)
    words = _DICE.get(key)
    if words is None:
        words = _DICE[key] = list(key)
    return words


def _seat_total(seat: int, total: int) -> dict:
    """``msg("kingsburg.seat_total", …)``, shared per (seat, total) like ``_dice``."""
    key = (seat, total)
    words = _SEAT_TOTAL.get(key)
    if words is None:
        words = _SEAT_TOTAL[key] = msg("kingsburg.seat_total", seat=seat, total=total)
    return words


def _way(sub: tuple[int, ...], t: int, d: int) -> tuple:
    """One way, built once: (use-action, dice, "+2" count, Market delta, its words for the log).

    The words are a message argument ("6, 4 with 1 '+2' token, Market +1"), shared by every log
    event that names this way (never mutated)."""
    key = (sub, t, d)
    w = _WAY.get(key)
    if w is None:
        extra = ("+2",) * t + (("m+1",) if d == 1 else ("m-1",) if d == -1 else ())
        words = msg("kingsburg.way_tokens", dice=list(sub), n=t) if t else msg("kingsburg.way", dice=list(sub))
        if d:
            words = msg("kingsburg.way_market", way=words, delta=f"{d:+d}")
        w = _WAY[key] = (Action("use", sub + extra), sub, t, d, words)
    return w


_SUBSETS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def _subsets(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct non-empty sub-multisets of ``dice``, fewest dice first."""
    out = _SUBSETS.get(dice)
    if out is None:
        n = len(dice)
        subs = {tuple(dice[i] for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)}
        out = _SUBSETS[dice] = sorted(subs, key=lambda s: (len(s), s))
    return out


@lru_cache(maxsize=None)
def placement_ways(dice: tuple[int, ...], tokens: int, market: bool) -> dict[int, tuple]:
    """Every way to reach each advisor number with ``dice`` (sorted high to low).

    A way is ``(action, used_dice, plus2_count, market_delta, text)``; ``tokens`` is capped at the
    number of dice (one "+2" per die).  The Market changes one handful by +1 or -1 (seed, 市場).
    Ways are listed cheapest first: fewest "+2" tokens, no Market, fewest dice.
    """
    deltas = (0, 1, -1) if market else (0,)
    ways: dict[int, list] = {}
    for sub in _subsets(dice):
        base = sum(sub)
        for t in range(min(tokens, len(sub)) + 1):
            for d in deltas:
                total = base + 2 * t + d
                if 1 <= total <= 18:
                    w = _way(sub, t, d)
                    lst = ways.get(total)
                    if lst is None:
                        ways[total] = [w]
                    else:
                        lst.append(w)
    return {total: tuple(sorted(ways[total], key=_way_cost)) for total in sorted(ways)}


def _way_cost(w: tuple) -> tuple[int, bool, int]:
    return (w[2], w[3] != 0, len(w[1]))


_BUILDABLE: dict[tuple[int, int, int, int], list[int]] = {}
_BUILD_ACTS: dict[tuple[int, int, int, int], list[Action]] = {}
TAKE_MASK = tuple([TAKE[r] for r in range(3) if m >> r & 1] for m in range(8))


def _compute_buildable(mask: int, g: int, w: int, s: int) -> list[int]:
    if mask.bit_count() >= BUILDING_TOKENS:
        return []
    crane = mask >> CRANE & 1
    out = []
    for r in range(0, 20, 4):
        for b in range(r, r + 4):
            if not mask >> b & 1:
                cg, cw, cs = B_COST[b]
                if crane and b - r >= 2 and cg > 0:
                    cg -= 1
                if cg <= g and cw <= w and cs <= s:
                    out.append(b)
                break
    return out




_name = SEATS.__getitem__

def _remove(dice: list[int], used: tuple[int, ...]) -> None:
    for v in used:
        dice.remove(v)


class KingsburgState(State):
    """The whole game state; every field is JSON-native (see ``FIELDS``)."""

    FIELDS = (
        "year", "stepi", "season", "mover", "queue", "vp", "res", "tokens", "token_supply", "soldiers",
        "built", "order", "envoy", "aid_die", "dice", "rolled", "adv", "market_used", "statue_used",
        "chapel_used", "stuck", "built_now", "cur", "sel", "enemy", "peeked", "revealed", "reinforcement",
        "result",
    )
    ACTION_NAMES = ACTION_NAMES
    _pl: list[Action] | None = None  # placements of the seat to move, computed by _t_place (not state)

    # ------------------------------------------------------------------ setup (遊戲開局)
    def setup(self) -> None:
        n = self.game.players
        self.year = 1
        self.stepi = -1
        self.season = -1
        self.mover = NONE
        self.queue: list[list] = []
        self.vp = [0] * n
        self.res = [[0, 0, 0] for _ in range(n)]
        self.tokens = [0] * n
        self.token_supply = PLUS2_TOKENS
        self.soldiers = [0] * n
        self.built = [0] * n  # bitmask of owned buildings (bit = row * 4 + level)
        self.order = list(range(n))  # ASSUMPTION: the "arbitrary" first order is seat order
        self.envoy = -1
        self.aid_die = -1
        self.dice = [[] for _ in range(n)]
        self.rolled = [[] for _ in range(n)]
        self.adv = [[] for _ in range(19)]
        self.market_used = [False] * n
        self.statue_used = [False] * n
        self.chapel_used = [False] * n
        self.stuck = [False] * n
        self.built_now = [0] * n
        self.cur = 0
        self.sel = 0  # advisor chosen, waiting for "use ..." (negative: through the envoy)
        self.enemy = [-1] * 5  # index of each year's enemy card in its level deck; -1 = not drawn
        self.peeked = [[] for _ in range(5)]
        self.revealed = [False] * 5
        self.reinforcement = 0
        self.result: list = []  # last winter's outcome per player: "won", "tie", "lost"
        self.say("kingsburg.setup", None, n=n, seats=list(self.order))
        self._run()

    # ------------------------------------------------------------------ engine hooks
    def _chance_due(self) -> bool:
        return self.mover == CHANCE

    def _to_move(self) -> list[int]:
        m = self.mover
        return [] if m == NONE else [m]

    def is_over(self) -> bool:
        return self.mover == NONE

    def scores(self) -> list[float]:
        return list(self.vp)

    def winners(self) -> list[int]:
        """Most VP; ties by resources, then by buildings (遊戲勝負)."""
        if not self.is_over():
            return []
        keys = [(self.vp[p], sum(self.res[p]), self.built[p].bit_count()) for p in range(self.players)]
        best = max(keys)
        return [p for p in range(self.players) if keys[p] == best]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        t = self.queue[0]
        k = t[0]
        if k == "roll":
            return list(ROLL_OUTCOMES[self._roll_count(t)])
        if k == "king":
            return [(KING[d], 1.0) for d in range(1, 7)]
        return [(a, 1.0) for a in ENEMY_ACT[self.year - 1]]

    def chance_owner(self) -> int | None:
        """A "roll" task is the rolling seat's own dice (the seat at index 1 of the task); the King's
        die and the enemy card are anyone's. The dice and the enemy deck are public, so the offered
        outcomes stay the default (the legal ones)."""
        t = self.queue[0] if self.queue else None
        if t is not None and t[0] == "roll":
            return t[1]
        return None

    def sample_chance(self, rng) -> Action:
        t = self.queue[0]
        k = t[0]
        if k == "roll":
            table = _ROLL_TABLE.get(self._roll_count(t)) or _roll_table(self._roll_count(t))
            return table[rng.randbelow(len(table))]  # one draw among the 6**n ordered rolls
        if k == "king":
            return KING[rng.randbelow(6) + 1]
        return ENEMY_ACT[self.year - 1][rng.randbelow(5)]

    def _roll_count(self, t: list) -> int:
        p, mode = t[1], t[2]
        if mode == "all":
            return 3 + t[3]  # t[3]: the white dice the player chose to roll (King's aid, Farms)
        if mode == "one":
            return 1
        return len(self.dice[p])  # Chapel: reroll all the dice

    # ------------------------------------------------------------------ the task loop
    def _run(self) -> None:
        q = self.queue
        while True:
            if not q:
                if not self._next_step():
                    self.mover = NONE
                    return
                continue
            t = q[0]
            m = _HANDLERS[t[0]](self, t)
            if m is not None:
                self.mover = m
                return

    def _next_step(self) -> bool:
        if self.year > C.YEARS:
            return False
        self.stepi += 1
        if self.stepi >= len(STEPS):
            self.stepi = 0
            self.year += 1
            if self.year > C.YEARS:
                return False
        step = STEPS[self.stepi]
        if step == "aid":
            self.say("kingsburg.year", None, year=self.year)
            self.queue.append(["aid"])
        elif step in ("spring", "summer", "autumn"):
            self._start_season(SEASONS.index(step))
        elif step == "reward":
            self.queue.append(["kingreward"])
        elif step == "envoy":
            self.queue.append(["envoystep"])
        elif step == "recruit":
            self.queue.extend(["recruit", p] for p in self.order)
        else:
            self.queue.extend((["draw", -1], ["reveal"], ["king"], ["battle"], ["endyear"]))
        return True

    def _start_season(self, s: int) -> None:
        n = self.players
        self.season = s
        if s:
            self.aid_die = -1  # the King's aid die is for spring only
        self.adv = [[] for _ in range(19)]
        self.dice = [[] for _ in range(n)]
        self.rolled = [[] for _ in range(n)]
        self.market_used = [False] * n
        self.statue_used = [False] * n
        self.chapel_used = [False] * n
        self.stuck = [False] * n
        self.built_now = [0] * n
        self.cur = 0
        self.sel = 0
        self.say_again("kingsburg.season", (s, self.year), season=SEASONS[s], year=self.year)
        q = self.queue
        # 可多擲1顆白骰 (King's aid, Farms): the player *may* roll it; everyone decides, in the previous
        # turn order, before the dice are rolled together
        q.extend(["white", p, k] for p in self.order if (k := self.white_dice(p)))
        q.extend(["roll", p, "all", 0] for p in range(n))
        rerollers = (1 << STATUE) | (1 << CHAPEL)
        q.extend(["reroll", p] for p in self.order if self.built[p] & rerollers)
        q.extend((["order"], ["place"], ["collect"], ["builds"], ["endseason"]))

    # ------------------------------------------------------------------ helpers
    def white_dice(self, p: int) -> int:
        """How many white dice ``p`` may roll this season: the King's aid (spring only) and the Farms."""
        return (self.season == 0 and self.aid_die == p) + (self.built[p] >> FARMS & 1)

    def _gain(self, p: int, r: int, k: int = 1) -> None:
        self.res[p][r] += k

    def _give_token(self, p: int) -> None:
        if self.token_supply > 0:
            self.token_supply -= 1
            self.tokens[p] += 1
        else:
            self.say("kingsburg.no_token_left", None, seat=p)

    def _soldiers_from_advisor(self, p: int, k: int) -> None:
        extra = (self.built[p] >> STABLE & 1)  # Stable: one more soldier each time an advisor gives soldiers
        self.soldiers[p] += k + extra

    def _lose_vp(self, p: int, k: int) -> None:
        self.vp[p] = max(0, self.vp[p] - k)  # ASSUMPTION: VP never below 0

    def _fewest(self) -> list[int]:
        """Players with fewest buildings, then among them fewest resources (King's aid / envoy)."""
        nb = [b.bit_count() for b in self.built]
        low = min(nb)
        cands = [p for p in self.order if nb[p] == low]
        if len(cands) == 1:
            return cands
        lr = min(sum(self.res[p]) for p in cands)
        return [p for p in cands if sum(self.res[p]) == lr]

    def cost(self, p: int, b: int) -> tuple[int, int, int]:
        g, w, s = B_COST[b]
        if (self.built[p] >> CRANE & 1) and b % 4 >= 2 and g > 0:
            g -= 1  # Crane: levels III and IV cost 1 gold less
        return g, w, s

    def buildable(self, p: int) -> list[int]:
        """The next building of each row that ``p`` can afford now (row order: lower levels first)."""
        res = self.res[p]
        key = (self.built[p], min(res[0], 5), min(res[1], 3), min(res[2], 3))
        out = _BUILDABLE.get(key)
        if out is None:
            out = _BUILDABLE[key] = _compute_buildable(*key)
        return out

    def defence(self, p: int, kind: str | None) -> int:
        """Building defence in the winter battle, including bonuses against one enemy type."""
        bl = self.built[p]
        d = 0
        for b, v in DEFENCE.items():
            if bl >> b & 1:
                d += v
        for b, (k, v) in TYPE_DEFENCE.items():
            if bl >> b & 1 and k == kind:
                d += v
        return d

    def ways(self, p: int) -> dict[int, tuple]:
        dice = self.dice[p]
        if not dice:
            return {}
        m = bool((self.built[p] >> MARKET & 1)) and not self.market_used[p]
        return placement_ways(tuple(dice), min(self.tokens[p], len(dice)), m)

    def _placements(self, p: int) -> list[Action]:
        ways = self.ways(p)
        adv = self.adv
        out = [PLACE[n] for n in ways if not adv[n]]
        if self.envoy == p:
            free = bool(out)
            for n in ways:
                occ = adv[n]
                if len(occ) == 1 and occ[0][0] != p:
                    out.append(ENVOY[n])
            if not free and out:
                out.append(PASS)  # using the envoy is never compulsory: stop placing, keep it
        return out

    # ------------------------------------------------------------------ task handlers
    # Each returns the seat to move (or CHANCE) when it needs a decision, or None once resolved.
    def _t_aid(self, t: list) -> int | None:
        """1. King's aid (國王緩助)."""
        self.queue.pop(0)
        got = self._fewest()
        if len(got) == 1:
            self.aid_die = got[0]
            self.say("kingsburg.aid_one", None, seat=got[0])
        else:
            self.aid_die = -1
            self.say("kingsburg.aid_many", None, seats=got)
            self.queue[0:0] = [["take", p, 1, 7] for p in got]
        return None

    def _t_take(self, t: list) -> int | None:
        p, k, mask = t[1], t[2], t[3]
        if k <= 0:
            self.queue.pop(0)
            return None
        if mask in (1, 2, 4):
            r = (1, 2, 4).index(mask)
            self.res[p][r] += k
            self.say_again("kingsburg.takes", (p, k, r), seat=p, n=k, resource=RESOURCES[r])
            self.queue.pop(0)
            return None
        return p

    def _a_take(self, action: Action, t: list, p: int) -> None:
        r = RES_INDEX[action.args[0]]
        self.res[p][r] += 1
        self.say_again("kingsburg.takes", (p, 1, r), seat=p, n=1, resource=RESOURCES[r])
        t[2] -= 1
        if t[2] <= 0:
            self.queue.pop(0)

    def _t_roll(self, t: list) -> int:
        return CHANCE

    def _t_white(self, t: list) -> int | None:
        return t[1]

    def _a_white(self, action: Action, t: list, p: int) -> None:
        self.queue.pop(0)
        k = action.args[0]
        for task in self.queue:
            if task[0] == "roll" and task[1] == p and task[2] == "all":
                task[3] = k
                break
        if k:
            self.say("kingsburg.white_dice", None, seat=p, n=k)
        else:
            self.say("kingsburg.white_none", None, seat=p)

    def _a_roll(self, action: Action, t: list, p: int) -> None:
        q = t[1]
        faces = list(action.args)
        mode = t[2]
        if mode == "all":
            self.dice[q] = faces
            self.rolled[q] = list(faces)
            extra = self._roll_count(t) - 3
            if extra:
                self.say("kingsburg.rolls_white", None, seat=q, dice=_dice(faces), n=extra)
            else:
                self.say_again("kingsburg.rolls", (q, *faces), seat=q, dice=_dice(faces))
        elif mode == "one":
            d = self.dice[q]
            d[0] = faces[0]
            d.sort(reverse=True)
            self.rolled[q] = list(d)
            self.say("kingsburg.rerolls_one", None, seat=q, dice=_dice(d))
        else:
            self.dice[q] = faces
            self.rolled[q] = list(faces)
            self.say("kingsburg.rerolls_all", None, seat=q, dice=_dice(faces))
        self.queue.pop(0)

    def _reroll_options(self, p: int) -> list[Action]:
        out = []
        d = self.dice[p]
        bl = self.built[p]
        if (bl >> STATUE & 1) and not self.statue_used[p] and len(d) > 1 and d[0] == d[-1]:
            out.append(A_STATUE)
        if (bl >> CHAPEL & 1) and not self.chapel_used[p] and sum(d) <= 7:
            out.append(A_CHAPEL)
        if out:
            out.append(KEEP)
        return out

    def _t_reroll(self, t: list) -> int | None:
        p = t[1]
        if self._reroll_options(p):
            return p
        self.queue.pop(0)
        return None

    def _a_reroll(self, action: Action, t: list, p: int) -> None:
        if action is KEEP or action.name == "keep":
            self.queue.pop(0)
            return
        if action.name == "statue":
            self.statue_used[p] = True
            self.say("kingsburg.uses_statue", None, seat=p)
            self.queue.insert(0, ["roll", p, "one"])
        else:
            self.chapel_used[p] = True
            self.say("kingsburg.uses_chapel", None, seat=p)
            self.queue.insert(0, ["roll", p, "chapel"])

    def _t_order(self, t: list) -> None:
        """Turn order by dice total, lowest first; ties keep their previous order."""
        self.queue.pop(0)
        dice = self.dice
        self.order = sorted(self.order, key=lambda p: sum(dice[p]))
        self.say("kingsburg.turn_order", None,
                 order=[_seat_total(p, sum(dice[p])) for p in self.order])
        return None

    def _t_place(self, t: list) -> int | None:
        if self.sel:
            return self.order[self.cur]
        n = self.players
        order = self.order
        stuck = self.stuck
        for i in range(n):
            idx = (self.cur + i) % n
            p = order[idx]
            if stuck[p]:
                continue
            acts = self._placements(p)
            if acts:
                self.cur = idx
                self._pl = acts  # reused by _legal_actions (cleared by every _apply)
                return p
            stuck[p] = True
            if self.dice[p]:
                self.say("kingsburg.cannot_place", None, seat=p, dice=_dice(self.dice[p]))
        self.queue.pop(0)
        return None

    def _a_place(self, action: Action, t: list, p: int) -> None:
        name = action.name
        if name == "pass":
            self.stuck[p] = True
            self.cur = (self.cur + 1) % len(self.vp)
            self.say("kingsburg.keeps_envoy", None, seat=p)
            return
        if name == "use":
            n = abs(self.sel)
            envoy = self.sel < 0
            for way in self.ways(p)[n]:
                if way[0] == action:
                    break
            self._place(p, n, way, envoy)
            return
        n = action.args[0]
        ways = self.ways(p)[n]
        envoy = name == "envoy"
        if len(ways) == 1:
            self._place(p, n, ways[0], envoy)
        else:
            self.sel = -n if envoy else n

    def _place(self, p: int, n: int, way: tuple, envoy: bool) -> None:
        _, used, t, d, words = way
        _remove(self.dice[p], used)
        if t:
            self.tokens[p] -= t
            self.token_supply += t
        if d:
            self.market_used[p] = True
        if envoy:
            self.envoy = -1
        self.adv[n].append([p, *way[0].args])  # the dice, then any "+2" / "m±1" markers
        self.sel = 0
        self.cur = (self.cur + 1) % len(self.vp)
        if envoy:
            self.say("kingsburg.places_envoy", None, seat=p, way=words, advisor=n, number=n)
        else:
            self.say_again("kingsburg.places", (p, n, way[0]), seat=p, way=words, advisor=n, number=n)

    def _t_collect(self, t: list) -> None:
        """Every player takes what their advisors give, advisor 1 to 18."""
        self.queue.pop(0)
        for p in range(self.players):
            if (self.built[p] >> GUILD & 1):
                self.res[p][0] += 1
                self.say("kingsburg.guild_gold", None, seat=p)
        tasks = []
        for n in range(1, 19):
            for e in self.adv[n]:
                tasks.append(["adv", e[0], n])
        self.queue[0:0] = tasks
        return None

    def _t_adv(self, t: list) -> None:
        """One advisor's reward for one player (seed, the list under 2. 春季生產)."""
        q = self.queue
        q.pop(0)
        p, n = t[1], t[2]
        res = self.res[p]
        sub: list = []
        if n == 1:
            self.vp[p] += 1
            self.say_again("kingsburg.gains.1", p, seat=p)
        elif n == 2:
            res[0] += 1
            self.say_again("kingsburg.gains.2", p, seat=p)
        elif n == 3:
            res[1] += 1
            self.say_again("kingsburg.gains.3", p, seat=p)
        elif n == 4:
            sub = [["take", p, 1, 3]]
        elif n == 5:
            self._soldiers_from_advisor(p, 1)
            self.say_again("kingsburg.gains.5", p, seat=p)
        elif n == 6:
            sub = [["alch", p]]
        elif n == 7:
            self._give_token(p)
            sub = [["take", p, 1, 7]]
        elif n == 8:
            res[0] += 2
            self.say_again("kingsburg.gains.8", p, seat=p)
        elif n == 9:
            res[1] += 1
            sub = [["take", p, 1, 5]]
        elif n == 10:
            self._soldiers_from_advisor(p, 2)
            self.say_again("kingsburg.gains.10", p, seat=p)
            sub = [["peek", p]]
        elif n == 11:
            res[2] += 1
            sub = [["take", p, 1, 3]]
        elif n == 12:
            self._give_token(p)
            sub = [["take", p, 2, 7]]
        elif n == 13:
            res[2] += 3
            self.say_again("kingsburg.gains.13", p, seat=p)
        elif n == 14:
            sub = [["smuggle", p]]
        elif n == 15:
            res[0] += 1
            res[1] += 1
            res[2] += 1
            self.say_again("kingsburg.gains.15", p, seat=p)
        elif n == 16:
            res[0] += 4
            self.say_again("kingsburg.gains.16", p, seat=p)
        elif n == 17:
            self.vp[p] += 3
            self.say_again("kingsburg.gains.17", p, seat=p)
            sub = [["take", p, 2, 7], ["peek", p]]
        else:
            self._soldiers_from_advisor(p, 1)
            res[0] += 1
            res[1] += 1
            res[2] += 1
            self.say_again("kingsburg.gains.18", p, seat=p)
        if n in (7, 12):
            self.say_again("kingsburg.token_from", (p, n), seat=p, advisor=n)
        if sub:
            q[0:0] = sub
        return None

    def _t_alch(self, t: list) -> int | None:
        if sum(self.res[t[1]]) == 0:
            self.queue.pop(0)
            return None
        return t[1]

    def _a_alch(self, action: Action, t: list, p: int) -> None:
        self.queue.pop(0)
        if action.name == "skip":
            self.say("kingsburg.no_trade", None, seat=p)
            return
        r = RES_INDEX[action.args[0]]
        res = self.res[p]
        res[r] -= 1
        for o in range(3):
            if o != r:
                res[o] += 1
        o2, o3 = (o for o in range(3) if o != r)
        self.say("kingsburg.trades", None, seat=p, resource=RESOURCES[r], resource2=RESOURCES[o2], resource3=RESOURCES[o3])

    def _t_smuggle(self, t: list) -> int | None:
        if self.vp[t[1]] < 1:  # ASSUMPTION: the Smuggler's price needs 1 VP to pay
            self.say("kingsburg.smuggler_no_vp", None, seat=t[1])
            self.queue.pop(0)
            return None
        return t[1]

    def _a_smuggle(self, action: Action, t: list, p: int) -> None:
        self.queue.pop(0)
        if action.name == "skip":
            self.say("kingsburg.declines_smuggler", None, seat=p)
            return
        self.vp[p] -= 1
        self.say("kingsburg.pays_smuggler", None, seat=p)
        self.queue.insert(0, ["take", p, 3, 7])

    def _t_peek(self, t: list) -> int | None:
        """General / Queen: look at this year's enemy (drawn now if nobody has yet)."""
        y = self.year - 1
        if self.enemy[y] < 0:
            return CHANCE
        self.queue.pop(0)
        p = t[1]
        if p not in self.peeked[y]:
            if not self.revealed[y]:
                self.reveal()  # p sees the face-down enemy card for the first time
            self.peeked[y].append(p)
        self.say("kingsburg.looks", None, seat=p)
        self.say("kingsburg.sees", (p,), seat=p, enemy=ENEMY_KEYS[y][self.enemy[y]])
        return None

    def _a_draw(self, action: Action, t: list, p: int) -> None:
        y = self.year - 1
        self.enemy[y] = ENEMY_KEYS[y].index(action.args[0])
        self.say("kingsburg.enemy_drawn", None, year=self.year)
        if t[0] == "draw":
            self.queue.pop(0)

    def _t_draw(self, t: list) -> int | None:
        if self.enemy[self.year - 1] < 0:
            return CHANCE
        self.queue.pop(0)
        return None

    def _t_builds(self, t: list) -> None:
        self.queue.pop(0)
        self.queue[0:0] = [["build", p] for p in self.order]
        return None

    def _t_build(self, t: list) -> int | None:
        p = t[1]
        if self.built_now[p] >= 1 and self.envoy != p:
            self.queue.pop(0)
            return None
        if self.built_now[p] >= 2 or not self.buildable(p):
            self.queue.pop(0)
            return None
        return p

    def _a_build(self, action: Action, t: list, p: int) -> None:
        if action.name == "pass":
            self.queue.pop(0)
            return
        b = B_INDEX[action.args[0]]
        g, w, s = self.cost(p, b)
        res = self.res[p]
        res[0] -= g
        res[1] -= w
        res[2] -= s
        self.built[p] |= 1 << b
        self.vp[p] += B_VP[b]
        second = self.built_now[p] >= 1
        if second:
            self.envoy = -1
        self.built_now[p] += 1
        if second:
            self.say("kingsburg.builds_second", None, seat=p, building=B_KEY[b], gold=g, wood=w, stone=s, vp=B_VP[b])
        else:
            self.say_again("kingsburg.builds", (p, b, g, w, s), seat=p, building=B_KEY[b], gold=g, wood=w, stone=s, vp=B_VP[b])

    def _t_endseason(self, t: list) -> None:
        """After each season: Inn (after summer), Embassy, Town Hall."""
        self.queue.pop(0)
        tasks = []
        for p in self.order:
            bl = self.built[p]
            if self.season == 1 and (bl >> INN & 1):
                self._give_token(p)
                self.say_again("kingsburg.inn_token", p, seat=p)
            if (bl >> EMBASSY & 1):
                self.vp[p] += 1
                self.say("kingsburg.embassy_vp", None, seat=p)
            if (bl >> TOWNHALL & 1):
                tasks.append(["townhall", p])
        self.queue[0:0] = tasks
        return None

    def _t_townhall(self, t: list) -> int | None:
        p = t[1]
        if sum(self.res[p]) or self.tokens[p]:
            return p
        self.queue.pop(0)
        return None

    def _a_townhall(self, action: Action, t: list, p: int) -> None:
        self.queue.pop(0)
        if action.name == "skip":
            return
        what = action.args[0]
        if what == "token":
            self.tokens[p] -= 1
            self.token_supply += 1
        else:
            self.res[p][RES_INDEX[what]] -= 1
        self.vp[p] += 1
        if what == "token":
            self.say("kingsburg.townhall_token", None, seat=p)
        else:
            self.say("kingsburg.townhall_pays", None, seat=p, resource=what)

    def _t_kingreward(self, t: list) -> None:
        """3. King's reward: +1 VP to everyone tied for most buildings (nobody while nobody has built)."""
        self.queue.pop(0)
        nb = [b.bit_count() for b in self.built]
        top = max(nb)
        if top == 0:  # 建築數目最多者: with no building anywhere nobody has the most
            self.say("kingsburg.reward_nobody")
            return None
        got = [p for p in range(self.players) if nb[p] == top]
        for p in got:
            self.vp[p] += 1
        self.say("kingsburg.reward", None, seats=got, n=top)
        return None

    def _t_envoystep(self, t: list) -> None:
        """5. The King's envoy: returned unused, then given to the single player with fewest buildings."""
        self.queue.pop(0)
        if self.envoy >= 0:
            self.say("kingsburg.returns_envoy", None, seat=self.envoy)
            self.envoy = -1
        got = self._fewest()
        if len(got) == 1:
            self.envoy = got[0]
            self.say("kingsburg.envoy_to", None, seat=got[0])
        else:
            self.say("kingsburg.envoy_nobody")
        return None

    def _t_recruit(self, t: list) -> int | None:
        p = t[1]
        need = 1 if (self.built[p] >> BARRACKS & 1) else 2
        if sum(self.res[p]) >= need:
            return p
        self.queue.pop(0)
        return None

    def _a_recruit(self, action: Action, t: list, p: int) -> None:
        if action.name == "done":
            self.queue.pop(0)
            return
        res = self.res[p]
        for r in action.args:
            res[RES_INDEX[r]] -= 1
        self.soldiers[p] += 1
        args = action.args
        if len(args) == 1:
            self.say("kingsburg.recruits", None, seat=p, resource=args[0], total=self.soldiers[p])
        else:
            self.say("kingsburg.recruits_two", None, seat=p, resource=args[0], resource2=args[1], total=self.soldiers[p])

    def _t_reveal(self, t: list) -> None:
        self.queue.pop(0)
        y = self.year - 1
        if len(self.peeked[y]) < self.players:
            self.reveal()  # the enemy card is turned up for the seats that have not looked at it
        self.revealed[y] = True
        kind, strength, rew, pen = ENEMIES[y][self.enemy[y]]
        self.say("kingsburg.winter", None, enemy=ENEMY_KEYS[y][self.enemy[y]], reward=C.bundle(rew), penalty=C.bundle(pen))
        return None

    def _t_king(self, t: list) -> int:
        return CHANCE

    def _a_king(self, action: Action, t: list, p: int) -> None:
        self.queue.pop(0)
        self.reinforcement = action.args[0]
        self.say("kingsburg.reinforcement", None, n=self.reinforcement)

    def total_strength(self, p: int, kind: str) -> int:
        return self.soldiers[p] + self.reinforcement + self.defence(p, kind)

    def _t_battle(self, t: list) -> None:
        """8. Winter battle."""
        self.queue.pop(0)
        y = self.year - 1
        kind, strength, rew, pen = ENEMIES[y][self.enemy[y]]
        totals = [self.total_strength(p, kind) for p in range(self.players)]
        result = []
        for p in range(self.players):
            tot = totals[p]
            if tot > strength or (tot == strength and (self.built[p] >> WALL & 1)):
                result.append("won")
            elif tot == strength:
                result.append("tie")
            else:
                result.append("lost")
        self.result = result
        winners = [p for p in range(self.players) if result[p] == "won"]
        best = max((totals[p] for p in winners), default=None)
        tasks = []
        for p in self.order:
            if result[p] == "won":
                self.say("kingsburg.defeats", None, seat=p, total=totals[p], foe=kind, strength=strength)
                for r in range(3):
                    if rew.get(RESOURCES[r]):
                        self.res[p][r] += rew[RESOURCES[r]]
                if rew.get("vp"):
                    self.vp[p] += rew["vp"]
                if rew.get("any"):
                    tasks.append(["take", p, rew["any"], 7])
                if (self.built[p] >> FORTRESS & 1):
                    self.vp[p] += 1
                    self.say("kingsburg.fortress_vp", None, seat=p)
                if totals[p] == best:
                    self.vp[p] += 1
                    self.say("kingsburg.strongest", None, seat=p)
            elif result[p] == "tie":
                self.say("kingsburg.draw", None, seat=p, total=totals[p], foe=kind, strength=strength)
            else:
                self.say("kingsburg.loses_battle", None, seat=p, total=totals[p], foe=kind, strength=strength,
                         penalty=C.bundle(pen))
                if pen.get("vp"):
                    self._lose_vp(p, pen["vp"])
                res = self.res[p]
                for r in range(3):
                    k = pen.get(RESOURCES[r], 0)
                    if k:
                        res[r] -= min(k, res[r])
                if pen.get("any"):
                    k = pen["any"]
                    if sum(res) <= k:
                        self.res[p] = [0, 0, 0]
                    else:
                        tasks.append(["lose", p, k])
                if pen.get("building"):
                    self._lose_building(p)
        self.queue[0:0] = tasks
        return None

    def _lose_building(self, p: int) -> None:
        """Highest level (rightmost) first; among equals the upper row (seed, 8. 冬季戰事)."""
        bl = self.built[p]
        for level in range(3, -1, -1):
            for row in range(5):
                b = row * 4 + level
                if bl >> b & 1:
                    self.built[p] = bl & ~(1 << b)
                    self._lose_vp(p, B_VP[b])
                    self.say("kingsburg.loses_building", None, seat=p, building=B_KEY[b], vp=B_VP[b])
                    return
        self.say("kingsburg.no_building_to_lose", None, seat=p)

    def _t_lose(self, t: list) -> int | None:
        p = t[1]
        res = self.res[p]
        if t[2] <= 0 or sum(res) == 0:
            self.queue.pop(0)
            return None
        if sum(res) <= t[2]:
            self.res[p] = [0, 0, 0]
            self.queue.pop(0)
            return None
        if (res[0] > 0) + (res[1] > 0) + (res[2] > 0) == 1:
            r = 0 if res[0] else 1 if res[1] else 2
            res[r] -= t[2]
            self.queue.pop(0)
            return None
        return p

    def _a_lose(self, action: Action, t: list, p: int) -> None:
        r = RES_INDEX[action.args[0]]
        self.res[p][r] -= 1
        self.say("kingsburg.loses", None, seat=p, resource=RESOURCES[r])
        t[2] -= 1

    def _t_endyear(self, t: list) -> None:
        self.queue.pop(0)
        self.soldiers = [0] * self.players
        self.reinforcement = 0
        if self.year == C.YEARS:
            for p in range(self.players):
                if (self.built[p] >> CATHEDRAL & 1):
                    k = sum(self.res[p]) // 2
                    self.vp[p] += k
                    self.say("kingsburg.cathedral_vp", None, seat=p, n=k)
            self.year += 1
            self.stepi = len(STEPS)
            self.say("kingsburg.final_score", None,
                     scores=[msg("kingsburg.seat_score", seat=p, vp=self.vp[p]) for p in range(self.players)])
            won = self.winners_now()
            self.say("kingsburg.winner", None, seats=won, n=len(won))
        return None

    def winners_now(self) -> list[int]:
        keys = [(self.vp[p], sum(self.res[p]), self.built[p].bit_count()) for p in range(self.players)]
        best = max(keys)
        return [p for p in range(self.players) if keys[p] == best]

    # ------------------------------------------------------------------ legal actions and apply
    def _legal_actions(self, player: int) -> list[Action]:
        t = self.queue[0]
        k = t[0]
        p = player
        if k == "place":
            if self.sel:
                return [w[0] for w in self.ways(player)[abs(self.sel)]]
            pl = self._pl
            return pl if pl is not None else self._placements(player)
        if k == "take":
            return TAKE_MASK[t[3]]  # shared constant lists: the engine never mutates them
        if k == "build":
            res = self.res[p]
            key = (self.built[p], min(res[0], 5), min(res[1], 3), min(res[2], 3))
            acts = _BUILD_ACTS.get(key)
            if acts is None:
                acts = _BUILD_ACTS[key] = [BUILD[b] for b in self.buildable(p)] + [PASS]
            return acts
        if k == "reroll":
            return self._reroll_options(p)
        if k == "recruit":
            res = self.res[p]
            if (self.built[p] >> BARRACKS & 1):
                acts = [RECRUIT1[r] for r in range(3) if res[r]]
            else:
                acts = [a for (x, y), a in RECRUIT2.items() if res[x] and res[y] and (x != y or res[x] >= 2)]
            acts.append(DONE)
            return acts
        if k == "alch":
            res = self.res[p]
            return [TRADE[r] for r in range(3) if res[r]] + [SKIP]
        if k == "townhall":
            res = self.res[p]
            acts = [TOWN[r] for r in range(3) if res[r]]
            if self.tokens[p]:
                acts.append(TOWN[3])
            acts.append(SKIP)
            return acts
        if k == "smuggle":
            return [SMUGGLE, SKIP]
        if k == "white":
            return list(WHITE_LEGAL[t[2]])
        if k == "lose":
            res = self.res[p]
            return [LOSE[r] for r in range(3) if res[r]]
        raise AssertionError(f"no decision in task {t}")

    def _apply(self, action: Action, player: int) -> None:
        self._pl = None
        t = self.queue[0]
        _APPLY[t[0]](self, action, t, player)
        self._run()

    # ------------------------------------------------------------------ information
    def _observation(self, player: int | None) -> dict[str, Any]:
        y = self.year - 1 if self.year <= C.YEARS else C.YEARS - 1
        enemies = []
        for i in range(C.YEARS):
            e = self.enemy[i]
            known = e >= 0 and (self.revealed[i] or (player is not None and player in self.peeked[i]))
            enemies.append(ENEMY_KEYS[i][e] if known else None)
        t = self.queue[0] if self.queue else None
        return {
            "seats": [_name(p) for p in range(self.players)],
            "year": self.year if self.year <= C.YEARS else C.YEARS,
            "step": STEPS[self.stepi] if 0 <= self.stepi < len(STEPS) else "over",
            "season": SEASONS[self.season] if self.season >= 0 else None,
            "task": list(t) if t else None,
            "vp": list(self.vp),
            "resources": [list(r) for r in self.res],
            "tokens": list(self.tokens),
            "token_supply": self.token_supply,
            "soldiers": list(self.soldiers),
            "buildings": [[B_KEY[b] for b in range(20) if (bl >> b & 1)] for bl in self.built],
            "order": list(self.order),
            "envoy": self.envoy,
            "aid_die": self.aid_die,
            "dice": [list(d) for d in self.dice],
            "rolled": [list(d) for d in self.rolled],
            "advisors": {str(n): [list(e) for e in self.adv[n]] for n in range(1, 19) if self.adv[n]},
            "market_used": list(self.market_used),
            "statue_used": list(self.statue_used),
            "chapel_used": list(self.chapel_used),
            "done_placing": list(self.stuck),
            "built_this_season": list(self.built_now),
            "selected_advisor": self.sel,
            "enemy": enemies,
            "enemy_drawn": self.enemy[y] >= 0,
            "peeked": [list(x) for x in self.peeked],
            "reinforcement": self.reinforcement,
            "result": list(self.result),
        }

    def _resample_hidden(self, player: int | None) -> None:
        """Re-deal this year's enemy card for a player who has not seen it."""
        if self.year > C.YEARS:
            return
        y = self.year - 1
        if self.enemy[y] < 0 or self.revealed[y] or (player is not None and player in self.peeked[y]):
            return
        self.enemy[y] = self.rng.randbelow(5)  # (the engine drops the real draw from the copy's history and log)

    def check_invariants(self) -> None:
        n = self.players
        if self.token_supply + sum(self.tokens) != PLUS2_TOKENS or self.token_supply < 0:
            raise InvariantError("'+2' tokens were created or lost")
        for p in range(n):
            if min(self.res[p]) < 0 or self.tokens[p] < 0 or self.soldiers[p] < 0 or self.vp[p] < 0:
                raise InvariantError(f"negative count for {_name(p)}")
            bl = self.built[p]
            if not 0 <= bl < 1 << 20 or bl.bit_count() > BUILDING_TOKENS:
                raise InvariantError("more buildings than building tokens")
            for r in range(0, 20, 4):
                if (bl >> r & 15) not in (0, 1, 3, 7, 15):
                    raise InvariantError(f"{_name(p)} owns a building without the one before it")
            if self.vp[p] < 0:
                raise InvariantError("negative VP")
        if not -1 <= self.envoy < n:
            raise InvariantError("bad envoy holder")
        for e in range(19):
            if len(self.adv[e]) > (2 if e else 0):
                raise InvariantError("more than two handfuls on an advisor")

    # ------------------------------------------------------------------ words for people
    def parse_action(self, text: str, player: int | None = None) -> Action:
        """As the base, but dice may be typed in any order ("roll 4 6 6", "use 4 6 6 +2")."""
        words = text.strip().split() if isinstance(text, str) else None
        if words and words[0].lower() in ("roll", "use"):
            nums = sorted((w for w in words[1:] if w.isascii() and w.isdigit()), key=int, reverse=True)
            rest = [w for w in words[1:] if not (w.isascii() and w.isdigit())]
            text = " ".join([words[0]] + nums + rest)
        return super().parse_action(text, player)

    def why_illegal(self, action: Action, player: int) -> Message:
        if player != CHANCE and self.queue and player in self._to_move():
            t = self.queue[0]
            k = t[0]
            name = action.name
            if name in ("place", "envoy") and k == "place" and not self.sel and action.args and isinstance(action.args[0], int):
                n = action.args[0]
                if not 1 <= n <= 18:
                    return Message("kingsburg.illegal.advisor_range", {"n": n})
                occ = self.adv[n]
                if name == "place" and occ:
                    return Message("kingsburg.illegal.taken", {"advisor": n, "number": n, "seats": [e[0] for e in occ]})
                if name == "envoy" and self.envoy != player:
                    return Message("kingsburg.illegal.no_envoy", {})
                if name == "envoy" and not occ:
                    return Message("kingsburg.illegal.free", {"advisor": n, "number": n})
                if name == "envoy" and any(e[0] == player for e in occ):
                    return Message("kingsburg.illegal.already", {"advisor": n, "number": n})
                if n not in self.ways(player):
                    return Message("kingsburg.illegal.cannot_make", {"dice": _dice_arg(self.dice[player]),
                                                                      "n": self.tokens[player], "number": n})
            if name == "pass" and k == "place" and not self.sel:
                return Message("kingsburg.illegal.must_place", {})
            if name == "use" and k == "place":
                if not self.sel:
                    return Message("kingsburg.illegal.choose_first", {})
                return Message("kingsburg.illegal.dice_not_make", {
                    "number": abs(self.sel),
                    "ways": [msg("kingsburg.action", action=str(w[0])) for w in self.ways(player)[abs(self.sel)]]})
            if name == "build" and action.args and k == "build":
                key = action.args[0]
                if key not in B_INDEX:
                    return Message("kingsburg.illegal.no_such_building", {
                        "key": repr(key), "keys": [msg("kingsburg.action", action=b) for b in B_KEY]})
                b = B_INDEX[key]
                bl = self.built[player]
                if (bl >> b & 1):
                    return Message("kingsburg.illegal.own", {"building": key})
                if b % 4 and not bl >> (b - 1) & 1:
                    return Message("kingsburg.illegal.lower_first", {"building": B_KEY[b - 1]})
                g, w, s = self.cost(player, b)
                have = self.res[player]
                if have[0] < g or have[1] < w or have[2] < s:
                    return Message("kingsburg.illegal.costs", {
                        "building": key, "gold": g, "wood": w, "stone": s,
                        "have_gold": have[0], "have_wood": have[1], "have_stone": have[2]})
                if bl.bit_count() >= BUILDING_TOKENS:
                    return Message("kingsburg.illegal.no_tokens", {})
            if k != {"place": "place", "envoy": "place", "use": "place", "build": "build", "pass": "build",
                     "take": "take", "recruit": "recruit", "lose": "lose"}.get(name, k):
                return Message("kingsburg.illegal.not_now", {"action": str(action), "task": self.task_message().to_json()})
        legal = self.legal_actions(player)
        if not legal:
            return super().why_illegal(action, player)
        shown = [msg("kingsburg.action", action=str(a)) for a in legal[:12]]
        if len(legal) > 12:
            shown.append("…")
        return Message("kingsburg.illegal.not_legal", {"action": str(action), "seat": player, "legal": shown})

    def task_message(self) -> Message:
        """What the game waits for now, as a message (shown when an action comes at the wrong time)."""
        if not self.queue:
            return Message("kingsburg.task.over", {})
        t = self.queue[0]
        k = t[0]
        who = t[1] if len(t) > 1 and isinstance(t[1], int) and t[1] >= 0 else None
        if k == "take":
            return Message("kingsburg.task.take", {"seat": who, "n": t[2] if len(t) > 2 else 1})
        if k == "place":
            return Message("kingsburg.task.place", {"seat": self.order[self.cur]})
        if who is not None:
            seat = {"seat": who}
            if k == "build":
                return Message("kingsburg.task.build", seat)
            if k == "reroll":
                return Message("kingsburg.task.reroll", seat)
            if k == "recruit":
                return Message("kingsburg.task.recruit", seat)
            if k == "alch":
                return Message("kingsburg.task.alch", seat)
            if k == "townhall":
                return Message("kingsburg.task.townhall", seat)
            if k == "smuggle":
                return Message("kingsburg.task.smuggle", seat)
            if k == "lose":
                return Message("kingsburg.task.lose", seat)
            if k == "white":
                return Message("kingsburg.task.white", seat)
        if k == "roll":
            return Message("kingsburg.task.roll", {})
        if k == "king":
            return Message("kingsburg.task.king", {})
        return Message("kingsburg.task.draw", {})

    def describe_task(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the game waits for now, in ``lang``."""
        return self.task_message().render(lang)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers (rendered by ``describe``).

        >>> state.describe(Action("build", ("inn",)), 0)
        "Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"
        """
        p = player if player is not None and 0 <= player < self.players else None
        if p is None and self.mover is not None and 0 <= self.mover < self.players:
            p = self.mover
        return self._describe(action, p)

    def _gives(self, n: int, p: int | None) -> dict:
        """What advisor ``n`` gives ``p`` (a message argument), with the Stable's extra soldier."""
        if n in (5, 10, 18):
            stable = p is not None and bool(self.built[p] >> STABLE & 1)
            k = (2 if n == 10 else 1) + stable
            if stable:
                soldiers = msg("kingsburg.gives.soldiers_stable", n=k)
            else:
                soldiers = msg("kingsburg.gives.soldiers", n=k)
            if n == 5:
                return msg("kingsburg.gives.5", soldiers=soldiers)
            if n == 10:
                return msg("kingsburg.gives.10", soldiers=soldiers)
            return msg("kingsburg.gives.18", soldiers=soldiers)
        return _GIVES[n]

    @staticmethod
    def _dice_words(way: tuple) -> dict:
        """'die 6' / 'dice 6, 6 and 4', with the '+2' tokens and the Market a way uses."""
        _, used, t, d, _ = way
        if len(used) == 1:
            words = msg("kingsburg.dice.one", value=used[0])
        else:
            words = msg("kingsburg.dice.many", dice=list(used[:-1]), last=used[-1])
        if t and d:
            return msg("kingsburg.dice.tokens_market", dice=words, n=t, delta=f"{d:+d}")
        if t:
            return msg("kingsburg.dice.tokens", dice=words, n=t)
        if d:
            return msg("kingsburg.dice.market", dice=words, delta=f"{d:+d}")
        return words

    def _place_words(self, p: int, n: int, way: tuple, envoy: bool) -> Message:
        args = {"dice": self._dice_words(way), "advisor": n, "number": n, "gives": self._gives(n, p)}
        if envoy:
            args["seats"] = [e[0] for e in self.adv[n]]
            return Message("kingsburg.describe.place_envoy", args)
        return Message("kingsburg.describe.place", args)

    def _describe(self, action: Action, p: int | None) -> Message | None:
        name, args = action.name, action.args
        t = self.queue[0] if self.queue else [""]
        k = t[0]
        if name == "roll":
            q = t[1] if k == "roll" else p
            if q is None:
                return None
            n = len(args)
            ways = factorial(n)
            for v in set(args):
                ways //= factorial(args.count(v))
            mode = t[2] if k == "roll" else "all"
            what = _ROLL_WHAT.get(mode, _ROLL_WHAT["all"])
            words = {"seat": q, "what": what, "dice": list(args), "n": n, "total": sum(args), "ways": ways,
                     "outcomes": 6 ** n}
            if k == "roll" and t[2] == "all" and len(t) > 3 and t[3]:
                words["white"] = t[3]
                return Message("kingsburg.describe.roll_white", words)
            return Message("kingsburg.describe.roll", words)
        if name == "reinforce":
            return Message("kingsburg.describe.reinforce", {"n": args[0]})
        if name == "enemy":
            y = self.year - 1
            i = ENEMY_KEYS[y].index(args[0])
            _, strength, rew, pen = ENEMIES[y][i]
            return Message("kingsburg.describe.enemy", {"enemy": args[0], "strength": strength, "reward": C.bundle(rew),
                                                "penalty": C.bundle(pen)})
        if p is None:
            return None
        res = self.res[p]
        if name == "white":
            n = args[0]
            may = self.white_dice(p)
            aid = self.season == 0 and self.aid_die == p
            farms = bool(self.built[p] >> FARMS & 1)
            if not (aid or farms):
                return None
            why = _WHY_WHITE[aid, farms]
            if n == 0:
                return Message("kingsburg.describe.white_none", {"n": may, "why": why})
            return Message("kingsburg.describe.white", {"n": n, "why": why, "total": 3 + n})
        if name in ("place", "envoy") and k == "place":
            n = args[0]
            ways = self.ways(p)[n]
            envoy = name == "envoy"
            if len(ways) == 1:
                return self._place_words(p, n, ways[0], envoy)
            how = self._dice_words(ways[-1])
            for w in reversed(ways[:-1]):
                how = msg("kingsburg.alternatives", first=self._dice_words(w), rest=how)
            words = {"advisor": n, "number": n, "gives": self._gives(n, p), "ways": how}
            if envoy:
                return Message("kingsburg.describe.choose_envoy", words)
            return Message("kingsburg.describe.choose", words)
        if name == "use" and k == "place" and self.sel:
            n = abs(self.sel)
            for w in self.ways(p)[n]:
                if w[0] == action:
                    return self._place_words(p, n, w, self.sel < 0)
            return None
        if name == "pass" and k == "place":
            return Message("kingsburg.describe.pass_place", {"dice": _dice_arg(self.dice[p])})
        if name == "build":
            b = B_INDEX[args[0]]
            g, w, st = self.cost(p, b)
            crane = g < B_COST[b][0]
            second = self.built_now[p] >= 1
            words = {"building": args[0], "cost": _goods(g, w, st), "vp": B_VP[b], "effect": args[0]}
            if crane and second:
                return Message("kingsburg.describe.build_crane_second", words)
            if second:
                return Message("kingsburg.describe.build_second", words)
            if crane:
                return Message("kingsburg.describe.build_crane", words)
            return Message("kingsburg.describe.build", words)
        if name == "pass" and k == "build":
            if self.envoy == p:
                return Message("kingsburg.describe.pass_build_envoy", {"goods": _goods(*res)})
            return Message("kingsburg.describe.pass_build", {"goods": _goods(*res)})
        if name == "take":
            left = t[2] if k == "take" else 1
            if left > 1:
                return Message("kingsburg.describe.take_more", {"resource": args[0], "n": left - 1})
            return Message("kingsburg.describe.take", {"resource": args[0]})
        if name == "lose":
            left = t[2] if k == "lose" else 1
            have = res[RES_INDEX[args[0]]]
            if left > 1:
                return Message("kingsburg.describe.lose_more", {"resource": args[0], "have": have, "n": left - 1})
            return Message("kingsburg.describe.lose", {"resource": args[0], "have": have})
        if name == "trade":
            r = RES_INDEX[args[0]]
            o2, o3 = (RESOURCES[o] for o in range(3) if o != r)
            return Message("kingsburg.describe.trade", {"resource": args[0], "have": res[r], "resource2": o2, "resource3": o3})
        if name == "townhall":
            if args[0] == "token":
                return Message("kingsburg.describe.townhall_token", {"have": self.tokens[p]})
            return Message("kingsburg.describe.townhall", {"resource": args[0], "have": res[RES_INDEX[args[0]]]})
        if name == "recruit":
            return Message("kingsburg.describe.recruit", {"cost": _goods(*(args.count(r) for r in RESOURCES)),
                                                  "soldiers": self.soldiers[p], "goods": _goods(*res)})
        if name == "done":
            return Message("kingsburg.describe.done", {"n": self.soldiers[p], "goods": _goods(*res)})
        if name == "skip":
            if k == "alch":
                return Message("kingsburg.describe.skip_alchemist", {"goods": _goods(*res)})
            if k == "smuggle":
                return Message("kingsburg.describe.skip_smuggler", {"vp": self.vp[p]})
            if k == "townhall":
                return Message("kingsburg.describe.skip_townhall", {"goods": _goods(*res), "n": self.tokens[p]})
            return None
        if name == "smuggle":
            return Message("kingsburg.describe.smuggle", {"vp": self.vp[p]})
        dice = list(self.dice[p])
        if name == "keep":
            return Message("kingsburg.describe.keep", {"dice": dice, "total": sum(dice)})
        if name == "statue":
            return Message("kingsburg.describe.statue", {"dice": dice})
        if name == "chapel":
            return Message("kingsburg.describe.chapel", {"dice": dice, "total": sum(dice)})
        return None


def _dice_arg(dice: list[int]) -> list | dict:
    """A seat's dice as a message argument: the list, or 'none'."""
    return list(dice) if dice else msg("kingsburg.none")


def _goods(g: int, w: int, s: int) -> dict:
    """'1 gold and 1 wood' / '1 gold, 1 wood and 1 stone' / 'nothing', as a message argument."""
    parts = [msg("kingsburg.amount", n=k, resource=r) for k, r in zip((g, w, s), RESOURCES) if k]
    if not parts:
        return msg("kingsburg.nothing")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("kingsburg.goods.two", a=parts[0], b=parts[1])
    return msg("kingsburg.goods.three", a=parts[0], b=parts[1], c=parts[2])


_GIVES = {
    1: msg("kingsburg.gives.1"), 2: msg("kingsburg.gives.2"), 3: msg("kingsburg.gives.3"),
    4: msg("kingsburg.gives.4"), 6: msg("kingsburg.gives.6"), 7: msg("kingsburg.gives.7"),
    8: msg("kingsburg.gives.8"), 9: msg("kingsburg.gives.9"), 11: msg("kingsburg.gives.11"),
    12: msg("kingsburg.gives.12"), 13: msg("kingsburg.gives.13"), 14: msg("kingsburg.gives.14"),
    15: msg("kingsburg.gives.15"), 16: msg("kingsburg.gives.16"), 17: msg("kingsburg.gives.17"),
}
_ROLL_WHAT = {"all": msg("kingsburg.what.rolls"), "one": msg("kingsburg.what.statue"),
              "chapel": msg("kingsburg.what.chapel")}
_WHY_WHITE = {(True, False): msg("kingsburg.why.aid"), (False, True): msg("kingsburg.why.farms"),
              (True, True): msg("kingsburg.why.both")}


_HANDLERS = {
    k[3:]: v for k, v in vars(KingsburgState).items() if k.startswith("_t_")
}
_APPLY = {
    "take": KingsburgState._a_take, "roll": KingsburgState._a_roll, "reroll": KingsburgState._a_reroll,
    "place": KingsburgState._a_place, "alch": KingsburgState._a_alch, "smuggle": KingsburgState._a_smuggle,
    "peek": KingsburgState._a_draw, "draw": KingsburgState._a_draw, "build": KingsburgState._a_build,
    "townhall": KingsburgState._a_townhall, "recruit": KingsburgState._a_recruit, "king": KingsburgState._a_king,
    "lose": KingsburgState._a_lose, "white": KingsburgState._a_white,
}

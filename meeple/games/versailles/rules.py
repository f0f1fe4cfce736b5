"""Versailles: the rulebook as code.

A turn (seed: 游戏流程): move workers along the arrows (a regular move, or a double move that flips a
token), never onto your own activation marker; the marker follows; then optionally activate the
location with every worker of yours there, each used once. Reactions granted by technologies are
decisions of the other players, asked in seat order from the active player's left.

>>> state = meeple.load("versailles", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

import marshal
from itertools import combinations
from typing import Any

from meeple.core import CHANCE, Action, InvariantError, LogEntry, State
from meeple.core.i18n import Message, msg
from meeple.games.versailles import content as C

# --------------------------------------------------------------------------- precomputed tables
NLOC = len(C.LOCATIONS)
KF, MQ, GM, AG, WS, LM, CS, AL = C.KF, C.MQ, C.GM, C.AG, C.WS, C.LM, C.CS, C.AL
CODE = C.LOCATIONS
LOC_INDEX = {c: i for i, c in enumerate(CODE)}
SUCC: list[list[int]] = [[] for _ in range(NLOC)]
for _a, _b in C.ARROWS:
    SUCC[_a].append(_b)
# two-step moves: (from, to) -> the location skipped
JUMPS: dict[tuple[int, int], int] = {}
for _a in range(NLOC):
    for _b in SUCC[_a]:
        for _c in SUCC[_b]:
            if (_a, _c) in JUMPS and JUMPS[(_a, _c)] != _b:
                raise ValueError("content.ARROWS: a two-step move must have a single path")
            JUMPS[(_a, _c)] = _b
JUMP_TARGETS = [[c for (a, c) in JUMPS if a == x] for x in range(NLOC)]

NRES = 3
WOOD, MARBLE, GOLD = C.WOOD, C.MARBLE, C.GOLD
NDECO = len(C.DECORATIONS)
DECO_CODE = C.DECORATION_CODES
DECO_INDEX = {c: i for i, c in enumerate(DECO_CODE)}
DECO_WORKERS = [d[3] for d in C.DECORATIONS]
DECO_COST = [list(d[4]) for d in C.DECORATIONS]
TRACKS = C.TECH_TRACKS
GAINS, SITES, GUILDS = 0, 1, 2
TECH_WORKERS = [[lvl[0] for lvl in C.TECH_COSTS[t]] for t in TRACKS]
TECH_COST = [[list(lvl[1]) for lvl in C.TECH_COSTS[t]] for t in TRACKS]
# location -> (track, level needed) for reactions
REACT = {}
for _t, _locs in C.TECH_REACT_LOCATION.items():
    for _lvl, _loc in enumerate(_locs, start=1):
        REACT[_loc] = (TRACKS.index(_t), _lvl)

# what each technology level does, for describe(): [track][level - 1], as messages
TECH_EFFECT = [
    [msg("versailles.effect.gains1"), msg("versailles.effect.gains2"),
     msg("versailles.effect.gains3", big=C.BIG_CUBE)],
    [msg("versailles.effect.sites", location=loc) for loc in C.TECH_REACT_LOCATION["sites"]],
    [msg("versailles.effect.guilds", location=loc) for loc in C.TECH_REACT_LOCATION["guilds"]],
]

NTILES = len(C.TILES)
T_NAME = [t[0] for t in C.TILES]
T_WORK = [t[1] for t in C.TILES]
T_COST = [(t[2], t[3], t[4]) for t in C.TILES]
T_DECO = [[DECO_INDEX[ch] for ch in t[5]] for t in C.TILES]
T_VP = [t[6] for t in C.TILES]
T_EDGE = [t[7] for t in C.TILES]  # N E S W
T_MINP = [t[8] for t in C.TILES]
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W
OPP = (2, 3, 0, 1)

SITE_R, SITE_C = C.SITE_ROWS, C.SITE_COLS
NCELLS = SITE_R * SITE_C


class SiteTables:
    """The open cells of the construction site for one player count, their neighbours and edge."""

    def __init__(self, n: int) -> None:
        def is_open(i: int) -> bool:
            ch = C.SITE_SHAPE[i // SITE_C][i % SITE_C]
            return ch == "#" or (ch.isdigit() and n >= int(ch))

        self.open = [is_open(i) for i in range(NCELLS)]
        self.cells = [i for i in range(NCELLS) if self.open[i]]
        self.neigh: list[list[tuple[int, int]]] = [[] for _ in range(NCELLS)]  # (direction, cell)
        self.border = [False] * NCELLS
        for i in self.cells:
            r, c = divmod(i, SITE_C)
            for d, (dr, dc) in enumerate(DIRS):
                rr, cc = r + dr, c + dc
                if 0 <= rr < SITE_R and 0 <= cc < SITE_C and self.open[rr * SITE_C + cc]:
                    self.neigh[i].append((d, rr * SITE_C + cc))
                else:
                    self.border[i] = True


SITES = {n: SiteTables(n) for n in range(1, 6)}


def cell_label(cell: int) -> str:
    r, c = divmod(cell, SITE_C)
    return f"{chr(ord('a') + r)}{c + 1}"


# every action object is built once: legal_actions only picks from these (encoding.py numbers
# these very objects for the research adapters, so keep their names and their order)
A_ACTIVATE = Action("activate")
A_PASS = Action("pass")
A_DONE = Action("done")
A_FLIP = Action("flip")
A_RECRUIT2 = Action("recruit2")
A_RECRUIT = Action("recruit")
A_MOVE = {(a, b): Action("move", (CODE[a], CODE[b])) for a in range(NLOC) for b in SUCC[a]}
A_MOVE2 = {(a, b): Action("move2", (CODE[a], CODE[b])) for a in range(NLOC) for b in SUCC[a]}
A_JUMP = {(a, c): Action("jump", (CODE[a], CODE[c])) for (a, c) in JUMPS}
A_TAKE = [Action("take", (i + 1,)) for i in range(C.DISPLAY_SIZE)]
A_REMOVE = [Action("remove", (i + 1,)) for i in range(C.DISPLAY_SIZE)]
A_CLEAR = {k: Action("clear", tuple(i + 1 for i in k)) for k in combinations(range(C.DISPLAY_SIZE), 3)}
A_BUY = [Action("buy", (DECO_CODE[k].lower(),)) for k in range(NDECO)]
A_TECH = [Action("tech", (t,)) for t in TRACKS]
A_BUILD = {(t, c): Action("build", (t, c)) for t in range(NTILES) for c in range(NCELLS)}
A_DISCARD = [Action("discard", (t,)) for t in range(NTILES)]
A_DRAW = [Action("draw", (t,)) for t in range(NTILES)]
A_FIRST: list[Action] = [Action("first", (p,)) for p in range(5)]
BUY_INDEX = {DECO_CODE[k].lower(): k for k in range(NDECO)}

SPECIAL = (KF, AG, WS, CS, AL)
SEAT_NAMES = C.SEAT_NAMES
_ENTRY = tuple.__new__  # builds a LogEntry (message id, arguments, visible_to) without NamedTuple's __new__
YIELD_AT = [C.YIELD.get(i) for i in range(NLOC)]
# per location: [(successor, move action, double-move action)], [(two-step target, jump action)]
MOVES_FROM = [[(b, A_MOVE[(a, b)], A_MOVE2[(a, b)]) for b in SUCC[a]] for a in range(NLOC)]
JUMPS_FROM = [[(c, A_JUMP[(a, c)]) for c in JUMP_TARGETS[a]] for a in range(NLOC)]
DECIDE = [A_ACTIVATE, A_PASS]


class VersaillesState(State):
    """The whole game position; every field is JSON-native (see FIELDS)."""

    FIELDS = (
        "phase", "start", "active", "actor", "loc", "budget", "flipped", "queue", "refill",
        "over", "end_reason", "turn", "turns",
        "workers", "reserve", "marker", "res", "deco", "deco_supply", "tech", "dm", "hand", "vp",
        "display", "stack", "discard", "site", "king", "visits", "activations",
    )
    ACTION_NAMES = frozenset({
        "move", "move2", "jump", "activate", "pass", "done", "take", "remove", "clear", "flip",
        "buy", "tech", "build", "recruit2", "recruit", "discard", "draw", "first",
    })

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        n = self.players
        self.phase = "start"            # start, draw, move, decide, act, discard, offer, over
        self.start = -1
        self.active = -1
        self.actor = -1
        self.loc = -1
        self.budget = 0
        self.flipped = False            # the once-only option is used (AG: flip; KF: recruit or flip)
        self.queue: list[int] = []
        self.refill = True
        self.over = False
        self.end_reason = ""
        self.turn = 0
        self.turns = [0] * n
        self.workers = [[0] * NLOC for _ in range(n)]
        # King's Favor's new-worker spaces: [cheap new worker there (0/1), expensive one there (0/1),
        # workers back in the box]
        self.reserve = [[0, 0, 0] for _ in range(n)]
        self.marker = [-1] * n
        self.res = [[0, 0, 0] for _ in range(n)]
        self.deco = [[0] * NDECO for _ in range(n)]
        self.deco_supply = [C.DECORATIONS_PER_KIND] * NDECO
        self.tech = [[0, 0, 0] for _ in range(n)]
        self.dm = [C.DOUBLE_MOVES_PER_PLAYER] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.vp = [0] * n
        self.display = [-1] * C.DISPLAY_SIZE
        self.stack = self.tiles_in_play()
        self.discard: list[int] = []
        self.site = [-1] * NCELLS
        self.king = 0
        self.visits = [0] * NLOC        # moves ending at each location (statistics)
        self.activations = [0] * NLOC   # activations of each location, reactions included
        self.say("versailles.setup", n=n)

    def site_cells(self) -> list[int]:
        """The open cells of the construction site with this player count."""
        return SITES[self.players].cells

    def king_track(self) -> int:
        """Spaces on the King's track for this player count (the last one ends the game)."""
        return C.KING_TRACK[self.players]

    def tiles_in_play(self) -> list[int]:
        """Ids of the palace tiles used with this player count (the others stay in the box)."""
        n = self.players
        return [t for t in range(NTILES) if T_MINP[t] <= n]

    def _place_start(self, first: int) -> None:
        n = self.players
        table = C.START_TABLE[n]
        for order in range(n):
            p = (first + order) % n
            w = self.workers[p]
            for code in table[order]:
                w[LOC_INDEX[code]] += 1
            # the 2 new workers wait on King's Favor's new-worker spaces (not in play); the rest
            # of the 9 go back to the box
            box = C.WORKERS_PER_PLAYER - len(table[order]) - C.NEW_WORKERS_AT_KF
            if box < 0:
                raise ValueError("content: more than 9 workers per player in START_TABLE + new workers")
            self.reserve[p] = [1, 1, box]

    # ------------------------------------------------------------------ turn order
    def _to_move(self) -> list[int]:
        ph = self.phase
        if ph == "over":
            return []
        if ph == "start" or ph == "draw":
            return [CHANCE]
        return [self.actor]

    def is_over(self) -> bool:
        return self.over

    def _chance_due(self) -> bool:
        ph = self.phase
        return ph == "draw" or ph == "start"

    # ------------------------------------------------------------------ legal actions
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "start":
            return [(A_FIRST[p], 1.0) for p in range(self.players)]
        if self.phase == "draw":
            return [(A_DRAW[t], 1.0) for t in self.stack]
        return []

    def sample_chance(self, rng: Any) -> Action:
        if self.phase == "draw":
            return A_DRAW[self.stack[rng.randbelow(len(self.stack))]]
        return A_FIRST[rng.randbelow(self.players)]

    def _legal_actions(self, p: int) -> list[Action]:
        ph = self.phase
        if ph == "move":
            return self._move_actions(p)
        if ph == "act":
            return self._act_actions(p)
        if ph == "decide" or ph == "offer":
            return DECIDE
        if ph == "discard":
            return [A_DISCARD[t] for t in self.hand[p]]
        return []

    def _move_actions(self, p: int) -> list[Action]:
        w = self.workers[p]
        m = self.marker[p]
        out = []
        if self.dm[p] > 0:
            for a in range(NLOC):
                n = w[a]
                if n:
                    for b, mv, mv2 in MOVES_FROM[a]:
                        if b != m:
                            out.append(mv)
                            if n >= 2:
                                out.append(mv2)
                    for c, jp in JUMPS_FROM[a]:
                        if c != m:
                            out.append(jp)
        else:
            for a in range(NLOC):
                if w[a]:
                    for b, mv, _ in MOVES_FROM[a]:
                        if b != m:
                            out.append(mv)
        return out

    def _act_actions(self, p: int) -> list[Action]:
        out = self._options(p)
        out.append(A_DONE)
        return out

    def _options(self, p: int) -> list[Action]:
        """The sub-actions of the current activation that ``p`` can afford now (without 'done')."""
        loc = self.loc
        b = self.budget
        out: list[Action] = []
        if b <= 0:
            return out
        if loc == AG:
            disp = self.display
            occ = [i for i in range(C.DISPLAY_SIZE) if disp[i] >= 0]
            for i in occ:
                if C.SLOT_WORKERS[i] <= b:
                    out.append(A_TAKE[i])
            if b >= C.REMOVE_ONE_WORKERS:
                for i in occ:
                    out.append(A_REMOVE[i])
            if b >= C.REMOVE_THREE_WORKERS and len(occ) >= 3:
                for k in combinations(occ, 3):
                    out.append(A_CLEAR[k])
            if not self.flipped and self.dm[p] < C.DOUBLE_MOVES_PER_PLAYER:
                out.append(A_FLIP)
        elif loc == WS:
            r = self.res[p]
            sup = self.deco_supply
            for k in range(NDECO):
                if sup[k] and DECO_WORKERS[k] <= b:
                    c = DECO_COST[k]
                    if r[0] >= c[0] and r[1] >= c[1] and r[2] >= c[2]:
                        out.append(A_BUY[k])
        elif loc == AL:
            r = self.res[p]
            lv = self.tech[p]
            for t in range(3):
                L = lv[t]
                if L < 3 and TECH_WORKERS[t][L] <= b:
                    c = TECH_COST[t][L]
                    if r[0] >= c[0] and r[1] >= c[1] and r[2] >= c[2]:
                        out.append(A_TECH[t])
        elif loc == CS:
            r = self.res[p]
            d = self.deco[p]
            for t in self.hand[p]:
                if T_WORK[t] > b:
                    continue
                c = T_COST[t]
                if r[0] < c[0] or r[1] < c[1] or r[2] < c[2]:
                    continue
                if not self._has_decorations(d, T_DECO[t]):
                    continue
                for cell in SITES[self.players].cells:
                    if self.site[cell] < 0 and self._fits(t, cell) is None:
                        out.append(A_BUILD[(t, cell)])
        elif loc == KF:
            # recruit or flip, one of the two per activation (seed: 招募新工人或者翻面); ``flipped``
            # marks that the activation's one option is used
            if self.flipped:
                return out
            rv = self.reserve[p]
            if rv[1]:
                if rv[0] and b >= C.RECRUIT_BOTH_WORKERS:
                    out.append(A_RECRUIT2)
                if b >= C.RECRUIT_EXPENSIVE_WORKERS:
                    out.append(A_RECRUIT)
            elif rv[0] and b >= C.RECRUIT_CHEAP_WORKERS:
                out.append(A_RECRUIT)
            if self.dm[p] < C.DOUBLE_MOVES_PER_PLAYER:
                out.append(A_FLIP)
        return out

    @staticmethod
    def _has_decorations(held: list[int], need: list[int]) -> bool:
        if not need:
            return True
        if len(need) == 1:
            return held[need[0]] > 0
        cnt = [0] * NDECO
        for k in need:
            cnt[k] += 1
            if cnt[k] > held[k]:
                return False
        return True

    def _can_pay(self, p: int, cost: Any) -> bool:
        r = self.res[p]
        return r[0] >= cost[0] and r[1] >= cost[1] and r[2] >= cost[2]

    def _fits(self, t: int, cell: int) -> dict[str, Any] | None:
        """None if tile ``t`` may go on empty ``cell``, else why not (a message)."""
        site = self.site
        edges = T_EDGE[t]
        tab = SITES[self.players]
        touching = tab.border[cell]
        for d, nb in tab.neigh[cell]:
            o = site[nb]
            if o >= 0:
                touching = True
                if edges[d] != T_EDGE[o][OPP[d]]:
                    return msg("versailles.fit.edge", direction=d, edge=edges[d], tile=o, cell=cell_label(nb),
                               edge2=T_EDGE[o][OPP[d]])
        if not touching:
            return msg("versailles.fit.touch")
        return None

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action, p: int) -> None:
        name = action.name
        ph = self.phase
        if ph == "draw":
            self._draw(action.args[0])
        elif ph == "start":
            self._choose_start(action.args[0])
        elif ph == "move":
            self._move(name, action.args, p)
        elif ph == "decide" or ph == "offer":
            if name == "activate":
                self._activate(p)
            else:
                if ph == "decide":
                    # stopping at King's Favor without activating it does not move the King: he moves
                    # when it is activated or jumped over (seed: 被激活或者跳过时; 跳过一个地点)
                    self.say("versailles.no_activation", seat=p, location=self.loc)
                    self._end_activation(p, activated=False)
                else:
                    self.say("versailles.declines", seat=p)
                    self._continue()
        elif ph == "act":
            if name == "done":
                self._finish_activation(p)
            else:
                self._sub_action(name, action.args, p)
        elif ph == "discard":
            self._discard_from_hand(action.args[0], p)

    def _choose_start(self, first: int) -> None:
        self.start = first
        self.active = first
        self.actor = first
        self.say("versailles.start_player", seat=first)
        self._place_start(first)
        self._continue_refill_or("move")

    def _continue_refill_or(self, then: str) -> None:
        # during setup: refill the display, then the first turn
        if self._need_draw():
            self.phase = "draw"
            return
        if self.over:
            return
        self.phase = then
        self.turns[self.active] += 1

    # -- movement (seed: 移动工人 / 常规移动 / 双倍移动 / 激活标志)
    def _move(self, name: str, args: tuple, p: int) -> None:
        key = (LOC_INDEX[args[0]], LOC_INDEX[args[1]])
        a, b = key
        w = self.workers[p]
        if name == "move":
            w[a] -= 1
            w[b] += 1
            self.log.append(_ENTRY(LogEntry, ("versailles.moves", {"seat": p, "location": a, "location2": b}, None)))
        elif name == "move2":
            w[a] -= 2
            w[b] += 2
            self.dm[p] -= 1
            self.log.append(_ENTRY(LogEntry, ("versailles.moves_two", {"seat": p, "location": a, "location2": b},
                                              None)))
        else:
            mid = JUMPS[key]
            w[a] -= 1
            w[b] += 1
            self.dm[p] -= 1
            self.log.append(_ENTRY(LogEntry, ("versailles.jumps",
                                              {"seat": p, "location": a, "location2": mid, "location3": b}, None)))
            if mid == KF:
                self._king_advance(jumped=True)
        self.marker[p] = b
        self.visits[b] += 1
        self.loc = b
        if self.over:
            return
        self.phase = "decide"

    def _king_advance(self, jumped: bool) -> None:
        """The King one space on: King's Favor was jumped over, or activated."""
        self.king += 1
        last = self.king_track()
        if jumped:
            self.say("versailles.king_jumped", space=self.king + 1, last=last)
        else:
            self.say("versailles.king_activated", space=self.king + 1, last=last)
        if self.king >= last - 1:
            self._end("king")

    # -- activation (seed: 激活地点)
    def _activate(self, p: int) -> None:
        loc = self.loc
        self.activations[loc] += 1
        count = self.workers[p][loc]
        self.say("versailles.activates", seat=p, location=loc, n=count)
        if YIELD_AT[loc] is not None:
            self._gain(p, loc, count)
            self._end_activation(p, activated=True)
            return
        if loc == KF:
            self._king_advance(jumped=False)
            if self.over:
                return
        self.phase = "act"
        self.budget = count
        self.flipped = False
        self._auto_finish(p)

    def _gain(self, p: int, loc: int, count: int) -> None:
        kind, table = YIELD_AT[loc]
        if count <= 0:
            return
        amount = table[min(count, len(table)) - 1]
        g = self.tech[p][GAINS]
        bonus = 0
        if kind == WOOD and g >= 1:
            bonus = 1
        elif kind == MARBLE and g >= 2:
            bonus = 1
        elif kind == GOLD and g >= 3:
            bonus = C.BIG_CUBE
        self.res[p][kind] += amount + bonus
        if bonus:
            self.say("versailles.gains_bonus", seat=p, amount=amount, resource=kind, bonus=bonus)
        else:
            self.say("versailles.gains", seat=p, amount=amount, resource=kind)

    def _auto_finish(self, p: int) -> None:
        if self.phase == "act" and not self._options(p):
            self._finish_activation(p)

    def _finish_activation(self, p: int) -> None:
        if self.loc == AG:
            self._slide()
            self.refill = True
        self._end_activation(p, activated=True)

    def _end_activation(self, p: int, activated: bool) -> None:
        self.budget = 0
        if activated and p == self.active:
            need = REACT.get(self.loc)
            if need is not None:
                t, lvl = need
                n = self.players
                q = []
                for i in range(1, n):
                    o = (self.active + i) % n
                    if self.tech[o][t] >= lvl and self.workers[o][self.loc] > 0:
                        q.append(o)
                self.queue = q
        self._continue()

    def _continue(self) -> None:
        """After an activation (or a refused one): refill, then reactions, then the next turn."""
        if self.over:
            return
        if self.refill:
            if self._need_draw():
                self.phase = "draw"
                return
            if self.over:
                return
        if self.queue:
            self.actor = self.queue.pop(0)
            self.phase = "offer"
            self.say("versailles.may_react", seat=self.actor, location=self.loc)
            return
        self.turn += 1
        self.active = (self.active + 1) % self.players
        self.actor = self.active
        self.turns[self.active] += 1
        self.phase = "move"

    # -- Architects' Guild (seed: 建筑师公会)
    def _slide(self) -> None:
        tiles = [t for t in self.display if t >= 0]
        self.display = tiles + [-1] * (C.DISPLAY_SIZE - len(tiles))

    def _need_draw(self) -> bool:
        """True if a refill draw is due now; reshuffles or ends the game when the stack runs out."""
        if not self.refill:
            return False
        if self.display[-1] >= 0:
            self.refill = False
            return False
        if not self.stack:
            if len(self.discard) < C.MIN_TILES_TO_RESHUFFLE:
                self._end("stack")
                return False
            self.stack = sorted(self.discard)
            self.discard = []
            self.say("versailles.reshuffle")
        return True

    def _draw(self, t: int) -> None:
        self.stack.remove(t)
        i = self.display.index(-1)
        self.display[i] = t
        self.say("versailles.revealed", tile=t, num=t, pos=i + 1)
        if self.phase == "draw":
            if self.start >= 0 and self.turn == 0 and self.turns[self.active] == 0:
                self._continue_refill_or("move")
            else:
                self._continue()

    def _sub_action(self, name: str, args: tuple, p: int) -> None:
        if name == "take":
            i = args[0] - 1
            t = self.display[i]
            self.display[i] = -1
            self.budget -= C.SLOT_WORKERS[i]
            self.hand[p].append(t)
            self.say("versailles.takes", seat=p, tile=t, num=t, pos=i + 1)
            if len(self.hand[p]) > C.HAND_LIMIT:
                self.phase = "discard"
                return
        elif name == "remove":
            i = args[0] - 1
            t = self.display[i]
            self.display[i] = -1
            self.discard.append(t)
            self.discard.sort()
            self.budget -= C.REMOVE_ONE_WORKERS
            self._slide()
            self.say("versailles.removes", seat=p, tile=t, num=t)
        elif name == "clear":
            gone = []
            for a in args:
                t = self.display[a - 1]
                self.display[a - 1] = -1
                self.discard.append(t)
                gone.append(msg("versailles.tile_ref", tile=t, num=t))
            self.discard.sort()
            self.budget -= C.REMOVE_THREE_WORKERS
            self._slide()
            self.say("versailles.removes_several", seat=p, tiles=gone)
        elif name == "flip":
            self.budget -= 1
            self.flipped = True
            n = 1 if self.loc == AG else C.KF_FLIP_LIMIT
            n = min(n, C.DOUBLE_MOVES_PER_PLAYER - self.dm[p])
            self.dm[p] += n
            self.say("versailles.flips", seat=p, n=n)
        elif name == "buy":
            k = BUY_INDEX[args[0]]
            self.budget -= DECO_WORKERS[k]
            r = self.res[p]
            c = DECO_COST[k]
            r[0] -= c[0]
            r[1] -= c[1]
            r[2] -= c[2]
            self.deco_supply[k] -= 1
            self.deco[p][k] += 1
            self.say("versailles.buys", seat=p, decoration=k)
        elif name == "tech":
            t = TRACKS.index(args[0])
            L = self.tech[p][t]
            self.budget -= TECH_WORKERS[t][L]
            r = self.res[p]
            c = TECH_COST[t][L]
            r[0] -= c[0]
            r[1] -= c[1]
            r[2] -= c[2]
            self.tech[p][t] = L + 1
            self.say("versailles.advances", seat=p, track=args[0], level=L + 1)
        elif name == "build":
            self._build(args[0], args[1], p)
            if self.over:
                return
        elif name == "recruit2":
            self.budget -= C.RECRUIT_BOTH_WORKERS
            self.flipped = True
            self.reserve[p][0] = 0
            self.reserve[p][1] = 0
            self.workers[p][KF] += 2
            self.say("versailles.recruits_both", seat=p, workers=C.RECRUIT_BOTH_WORKERS)
        elif name == "recruit":
            rv = self.reserve[p]
            self.flipped = True
            if rv[1]:
                rv[1] = 0
                self.budget -= C.RECRUIT_EXPENSIVE_WORKERS
                self.say("versailles.recruits_expensive", seat=p, workers=C.RECRUIT_EXPENSIVE_WORKERS)
            else:
                rv[0] = 0
                self.budget -= C.RECRUIT_CHEAP_WORKERS
                self.say("versailles.recruits_cheap", seat=p, workers=C.RECRUIT_CHEAP_WORKERS)
            self.workers[p][KF] += 1
        self._auto_finish(p)

    def _pay(self, p: int, cost: Any) -> None:
        r = self.res[p]
        r[0] -= cost[0]
        r[1] -= cost[1]
        r[2] -= cost[2]

    def _discard_from_hand(self, t: int, p: int) -> None:
        self.hand[p].remove(t)
        self.discard.append(t)
        self.discard.sort()
        self.say("versailles.discards", seat=p, tile=t, num=t, limit=C.HAND_LIMIT)
        self.phase = "act"
        self._auto_finish(p)

    # -- Construction Site (seed: 建筑工地)
    def _build(self, t: int, cell: int, p: int) -> None:
        self.budget -= T_WORK[t]
        self._pay(p, T_COST[t])
        for k in T_DECO[t]:
            self.deco[p][k] -= 1
        self.hand[p].remove(t)
        self.site[cell] = t
        self.vp[p] += T_VP[t]
        self.say("versailles.builds", seat=p, tile=t, num=t, cell=cell_label(cell), vp=T_VP[t])
        if all(self.site[c] >= 0 for c in SITES[self.players].cells):
            self._end("site")

    # ------------------------------------------------------------------ the end
    def _end(self, why: str) -> None:
        """The game ends at once; ``why``: "king", "site" or "stack" (see END_REASON)."""
        self.over = True
        self.end_reason = END_REASON[why].format(n=len(self.discard))
        self.phase = "over"
        self.queue = []
        self.say("versailles.game_ends", reason=self.end_message())
        sc = self.scores()
        self.say("versailles.final_scores",
                 scores=[msg("versailles.seat_score", seat=p, score=sc[p]) for p in range(self.players)])

    def end_message(self) -> dict[str, Any] | None:
        """Why the game ended, as a message (``msg`` form), or None while it goes on.

        ``end_reason`` keeps the English sentence of the earlier saves (a saved game's fields must
        replay exactly); screens show this message instead."""
        return end_message(self.end_reason, len(self.discard))

    def final_bonus(self, p: int) -> int:
        r = self.res[p]
        return (r[0] // C.RESOURCE_VP_RATE[0] + r[1] // C.RESOURCE_VP_RATE[1] + r[2] // C.RESOURCE_VP_RATE[2]
                + C.HAND_TILE_VP * len(self.hand[p]) + C.DECORATION_VP * sum(self.deco[p]))

    def scores(self) -> list[float]:
        if self.over:
            return [self.vp[p] + self.final_bonus(p) for p in range(self.players)]
        return list(self.vp)

    def winners(self) -> list[int]:
        if not self.over:
            return []
        sc = self.scores()
        best = max(sc)
        return [p for p in range(self.players) if sc[p] == best]

    # ------------------------------------------------------------------ observation
    def _observation(self, player: int | None) -> dict[str, Any]:
        # Nothing in Versailles is secret: the stack is face down but its contents are exactly the
        # tiles not seen elsewhere, so every seat (and a spectator) may know all of this.
        obs = {f: getattr(self, f) for f in self.FIELDS}
        obs["scores"] = self.scores()
        obs["stack_size"] = len(self.stack)
        obs["end"] = self.end_message()  # why the game ended, as a message (None while it goes on)
        return marshal.loads(marshal.dumps(obs))

    def check_invariants(self) -> None:
        n = self.players
        seen = list(self.stack) + list(self.discard) + [t for t in self.display if t >= 0]
        seen += [t for h in self.hand for t in h] + [t for t in self.site if t >= 0]
        if sorted(seen) != self.tiles_in_play():
            raise InvariantError(f"palace tiles not conserved: {sorted(seen)}")
        if self.stack != sorted(self.stack):
            raise InvariantError("the stack must be a sorted list of unseen tile ids")
        for p in range(n):
            if any(len(h) > C.HAND_LIMIT for h in self.hand) and self.phase != "discard":
                raise InvariantError("hand over the limit")
            if self.start >= 0 and sum(self.workers[p]) + sum(self.reserve[p]) != C.WORKERS_PER_PLAYER:
                raise InvariantError(f"workers of player {p} not conserved")
            if min(self.workers[p]) < 0 or min(self.reserve[p]) < 0 or min(self.res[p]) < 0:
                raise InvariantError("negative count")
            if not (0 <= self.reserve[p][0] <= 1 and 0 <= self.reserve[p][1] <= 1):
                raise InvariantError("a new-worker space holds one worker or none")
            if not 0 <= self.dm[p] <= C.DOUBLE_MOVES_PER_PLAYER:
                raise InvariantError("double-move tokens not conserved")
        for k in range(NDECO):
            on_site = sum(T_DECO[t].count(k) for t in self.site if t >= 0)
            held = sum(self.deco[p][k] for p in range(n))
            if self.deco_supply[k] + held + on_site != C.DECORATIONS_PER_KIND or self.deco_supply[k] < 0:
                raise InvariantError(f"decorations of kind {DECO_CODE[k]} not conserved")
        if not 0 <= self.king < self.king_track():
            raise InvariantError("the King is off his track")
        placed = sum(T_VP[t] for t in self.site if t >= 0)
        if sum(self.vp) != placed:
            raise InvariantError("VP do not match the tiles built")

    # ------------------------------------------------------------------ messages
    def why_illegal(self, action: Action, player: int) -> Message:
        try:
            reason = self._why(action, player)
        except (IndexError, KeyError, ValueError, TypeError):
            reason = None
        return reason or super().why_illegal(action, player)

    def _why(self, action: Action, p: int) -> Message | None:
        name, args = action.name, action.args
        ph = self.phase
        if name in ("move", "move2", "jump"):
            if ph != "move":
                return Message("versailles.why.move_phase", {})
            if len(args) != 2 or args[0] not in LOC_INDEX or args[1] not in LOC_INDEX:
                return Message("versailles.why.two_locations", {"name": name, "codes": ", ".join(CODE)})
            a, b = LOC_INDEX[args[0]], LOC_INDEX[args[1]]
            if name == "jump":
                if (a, b) not in JUMPS:
                    return Message("versailles.why.jump_path", {
                        "code": CODE[a], "targets": _either([CODE[c] for c in JUMP_TARGETS[a]]), "code2": CODE[b]})
            elif b not in SUCC[a]:
                return Message("versailles.why.arrows", {
                    "location": a, "targets": _either([msg("versailles.name.location", location=c) for c in SUCC[a]]), "location2": b})
            need = 2 if name == "move2" else 1
            if self.workers[p][a] < need:
                return Message("versailles.why.few_workers", {"n": self.workers[p][a], "location": a, "need": need})
            if name != "move" and self.dm[p] <= 0:
                return Message("versailles.why.no_token", {})
            if b == self.marker[p]:
                return Message("versailles.why.marker", {"location": b})
            return None
        if name in ("draw", "first"):
            return Message("versailles.why.chance", {"name": name})
        if name in ("activate", "pass") and ph not in ("decide", "offer"):
            return Message("versailles.why.decide_phase", {"name": name, "phase": ph})
        if name == "discard":
            if ph != "discard":
                return Message("versailles.why.discard_phase", {"limit": C.HAND_LIMIT})
            if args[0] not in self.hand[p]:
                return Message("versailles.why.not_in_hand", {"num": args[0]})
        if ph != "act" and name in ("take", "remove", "clear", "buy", "tech", "build", "recruit", "recruit2", "flip",
                                    "done"):
            return Message("versailles.why.not_now", {"name": name, "phase": ph})
        if ph == "act":
            b = self.budget
            loc = self.loc
            if name == "build":
                if loc != CS:
                    return Message("versailles.why.build_where", {"location": loc})
                t, cell = args
                if t not in self.hand[p]:
                    return Message("versailles.why.not_in_hand", {"num": t})
                if not (isinstance(cell, int) and 0 <= cell < NCELLS and SITES[self.players].open[cell]):
                    return Message("versailles.why.no_cell", {"cell": cell})
                if self.site[cell] >= 0:
                    return Message("versailles.why.cell_taken", {"cell": cell_label(cell), "tile": self.site[cell]})
                if T_WORK[t] > b:
                    return Message("versailles.why.tile_workers", {"tile": t, "n": T_WORK[t], "have": b})
                if not self._can_pay(p, T_COST[t]):
                    return Message("versailles.why.tile_cost", {"tile": t, "cost": _cost(T_COST[t]),
                                                                "have": _cost(self.res[p])})
                if not self._has_decorations(self.deco[p], T_DECO[t]):
                    return Message("versailles.why.tile_decorations", {"tile": t, "decorations": list(T_DECO[t])})
                why = self._fits(t, cell)
                if why:
                    return Message("versailles.why.misfit", {"tile": t, "cell": cell_label(cell), "why": why})
            if name == "take":
                if loc != AG:
                    return Message("versailles.why.take_where", {"location": loc})
                i = args[0] - 1
                if not 0 <= i < C.DISPLAY_SIZE or self.display[i] < 0:
                    return Message("versailles.why.no_tile", {"pos": args[0]})
                return Message("versailles.why.slot_workers", {"pos": i + 1, "n": C.SLOT_WORKERS[i], "have": b})
            if name in ("remove", "clear"):
                if loc != AG:
                    return Message("versailles.why.remove_where", {"location": loc})
                for x in args:
                    if not 1 <= x <= C.DISPLAY_SIZE or self.display[x - 1] < 0:
                        return Message("versailles.why.no_tile", {"pos": x})
                if name == "clear" and len(set(args)) != 3:
                    return Message("versailles.why.clear_three", {})
                need = C.REMOVE_ONE_WORKERS if name == "remove" else C.REMOVE_THREE_WORKERS
                return Message("versailles.why.remove_workers", {"workers": _workers(need), "have": b})
            if name == "buy":
                if loc != WS:
                    return Message("versailles.why.buy_where", {"location": loc})
                k = BUY_INDEX.get(args[0])
                if k is None:
                    return Message("versailles.why.deco_codes", {"codes": ", ".join(BUY_INDEX)})
                if not self.deco_supply[k]:
                    return Message("versailles.why.deco_gone", {"decoration": k})
                return Message("versailles.why.deco_cost", {
                    "decoration": k, "workers": _workers(DECO_WORKERS[k]), "cost": _cost(DECO_COST[k]),
                    "have": _workers(b), "have_cost": _cost(self.res[p])})
            if name == "tech":
                if loc != AL:
                    return Message("versailles.why.tech_where", {"location": loc})
                t = TRACKS.index(args[0])
                L = self.tech[p][t]
                if L >= 3:
                    return Message("versailles.why.tech_max", {"track": args[0]})
                return Message("versailles.why.tech_cost", {"level": L + 1, "track": args[0],
                                                            "workers": _workers(TECH_WORKERS[t][L]),
                                                            "cost": _cost(TECH_COST[t][L])})
            if name in ("recruit", "recruit2", "flip") and loc == KF and self.flipped:
                return Message("versailles.why.kf_once", {})
            if name in ("recruit", "recruit2"):
                if loc != KF:
                    return Message("versailles.why.recruit_where", {"location": loc})
                rv = self.reserve[p]
                if not (rv[0] or rv[1]):
                    return Message("versailles.why.all_recruited", {})
                if name == "recruit2":
                    if not (rv[0] and rv[1]):
                        return Message("versailles.why.one_left", {})
                    return Message("versailles.why.recruit_both", {"workers": C.RECRUIT_BOTH_WORKERS, "have": b})
                if rv[1]:
                    return Message("versailles.why.recruit_expensive",
                                   {"workers": C.RECRUIT_EXPENSIVE_WORKERS, "have": b})
                return Message("versailles.why.recruit_cheap", {"workers": C.RECRUIT_CHEAP_WORKERS, "have": b})
            if name == "flip" and loc not in (AG, KF):
                return Message("versailles.why.flip_where", {"location": loc})
            if name == "flip" and self.flipped:
                return Message("versailles.why.flip_once", {})
            if name == "flip" and self.dm[p] >= C.DOUBLE_MOVES_PER_PLAYER:
                return Message("versailles.why.all_up", {})
        return None

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers (``describe`` renders it).

        >>> state.describe(Action("tech", ("gains",)), 0)
        'Advance the gains technology to level 1: pay 1 wood, 1 worker — from now on +1 wood whenever you gain wood'
        """
        p = player if player is not None and 0 <= player < self.players else self.actor
        found = self._describe(action, p)
        return None if found is None else Message(found["id"], found["args"])

    def _describe(self, action: Action, p: int) -> dict[str, Any] | None:
        name, args = action.name, action.args
        if name in ("move", "move2", "jump"):
            a, b = LOC_INDEX[args[0]], LOC_INDEX[args[1]]
            if name == "move":
                return msg("versailles.d.move", location=a, location2=b)
            up = self.dm[p] if p >= 0 else C.DOUBLE_MOVES_PER_PLAYER
            token = msg("versailles.d.token", up=up, total=C.DOUBLE_MOVES_PER_PLAYER)
            if name == "move2":
                return msg("versailles.d.move_two", location=a, location2=b, token=token)
            mid = JUMPS[(a, b)]
            if mid == KF:
                return msg("versailles.d.jump_king", location=a, location2=mid, location3=b, token=token,
                           king=self._king_msg())
            return msg("versailles.d.jump", location=a, location2=mid, location3=b, token=token)
        if name == "activate":
            return self._describe_activation(p)
        if name == "pass":
            where: Any = self.loc if self.loc >= 0 else msg("versailles.the_location")
            if self.phase == "offer":
                return msg("versailles.d.pass_offer", location=where)
            if self.loc == KF:
                return msg("versailles.d.pass_kf")
            return msg("versailles.d.pass", location=where)
        if name == "done":
            return msg("versailles.d.done", location=self.loc, n=self.budget)
        if name == "take":
            i = args[0] - 1
            t = self.display[i]
            if p >= 0 and len(self.hand[p]) >= C.HAND_LIMIT:
                return msg("versailles.d.take_full", tile=self._tile_msg(t), pos=args[0],
                           workers=_workers(C.SLOT_WORKERS[i]), hand=C.HAND_LIMIT + 1)
            return msg("versailles.d.take", tile=self._tile_msg(t), pos=args[0], workers=_workers(C.SLOT_WORKERS[i]))
        if name == "remove":
            t = self.display[args[0] - 1]
            return msg("versailles.d.remove", tile=t, num=t, pos=args[0], workers=_workers(C.REMOVE_ONE_WORKERS))
        if name == "clear":
            tiles = [msg("versailles.tile_ref", tile=self.display[x - 1], num=self.display[x - 1]) for x in args]
            return msg("versailles.d.clear", tiles=tiles[:-1], last=tiles[-1], workers=_workers(C.REMOVE_THREE_WORKERS))
        if name == "flip":
            most = 1 if self.loc == AG else C.KF_FLIP_LIMIT
            down = C.DOUBLE_MOVES_PER_PLAYER - self.dm[p] if p >= 0 else most
            n = max(0, min(most, down))
            if self.loc == AG:
                return msg("versailles.d.flip_ag", n=n, workers=_workers(1))
            return msg("versailles.d.flip_kf", n=n, workers=_workers(1))
        if name == "buy":
            k = BUY_INDEX[args[0]]
            return msg("versailles.d.buy", decoration=k, price=_price(DECO_COST[k], DECO_WORKERS[k]),
                       vp=C.DECORATION_VP, left=self.deco_supply[k])
        if name == "tech":
            t = TRACKS.index(args[0])
            L = self.tech[p][t] if p >= 0 else 0
            if L >= 3:
                return msg("versailles.d.tech_max", track=args[0])
            return msg("versailles.d.tech", track=args[0], level=L + 1,
                       price=_price(TECH_COST[t][L], TECH_WORKERS[t][L]), effect=TECH_EFFECT[t][L])
        if name == "build":
            t, cell = args
            payment: Any = _cost(T_COST[t])
            if T_DECO[t]:
                payment = msg("versailles.cost_and", cost=payment,
                              decorations=_both([msg("versailles.name.a_decoration", decoration=k) for k in T_DECO[t]]))
            free = [c for c in SITES[self.players].cells if self.site[c] < 0]
            if free == [cell]:
                return msg("versailles.d.build_end", tile=t, num=t, cell=cell_label(cell),
                           workers=_workers(T_WORK[t]), payment=payment, vp=T_VP[t])
            return msg("versailles.d.build", tile=t, num=t, cell=cell_label(cell), workers=_workers(T_WORK[t]),
                       payment=payment, vp=T_VP[t])
        if name == "recruit2":
            return msg("versailles.d.recruit_both", workers=_workers(C.RECRUIT_BOTH_WORKERS),
                       expensive=C.RECRUIT_EXPENSIVE_WORKERS, cheap=C.RECRUIT_CHEAP_WORKERS)
        if name == "recruit":
            dear = self.reserve[p][1] if p >= 0 else 1
            if dear:
                return msg("versailles.d.recruit_expensive", workers=_workers(C.RECRUIT_EXPENSIVE_WORKERS))
            return msg("versailles.d.recruit_cheap", workers=_workers(C.RECRUIT_CHEAP_WORKERS))
        if name == "discard":
            t = args[0]
            return msg("versailles.d.discard", tile=t, num=t, limit=C.HAND_LIMIT, vp=C.HAND_TILE_VP)
        if name == "draw":
            t = args[0]
            pos = self.display.index(-1) + 1 if -1 in self.display else 0
            if pos:
                return msg("versailles.d.draw", tile=self._tile_msg(t), pos=pos)
            return msg("versailles.d.draw_display", tile=self._tile_msg(t))
        if name == "first":
            if not 0 <= args[0] < self.players:
                return None
            return msg("versailles.d.first", seat=args[0])
        return None

    def _describe_activation(self, p: int) -> dict[str, Any]:
        loc = self.loc
        n = self.workers[p][loc]
        react = self.phase == "offer"
        if react:
            head = msg("versailles.d.react_head", location=loc, workers=_workers(n))
        else:
            head = msg("versailles.d.head", location=loc, workers=_workers(n))
        y = YIELD_AT[loc]
        if y is not None:
            kind, table = y
            amount = table[min(n, len(table)) - 1] if n else 0
            g = self.tech[p][GAINS]
            bonus = 0
            if kind == WOOD and g >= 1 or kind == MARBLE and g >= 2:
                bonus = 1
            elif kind == GOLD and g >= 3:
                bonus = C.BIG_CUBE
            if bonus:
                return msg("versailles.d.yield_bonus", head=head, amount=amount, resource=kind, bonus=bonus)
            return msg("versailles.d.yield", head=head, amount=amount, resource=kind)
        if loc == AG:
            return msg("versailles.d.ag", head=head, slots="/".join(map(str, C.SLOT_WORKERS)),
                       one=_workers(C.REMOVE_ONE_WORKERS), three=C.REMOVE_THREE_WORKERS)
        if loc == WS:
            return msg("versailles.d.ws", head=head, workers=_workers(DECO_WORKERS[0]))
        if loc == AL:
            return msg("versailles.d.al", head=head)
        if loc == CS:
            return msg("versailles.d.cs", head=head)
        if loc == KF:
            rv = self.reserve[p]
            opts = []
            if rv[1] and rv[0] and n >= C.RECRUIT_BOTH_WORKERS:
                opts.append(msg("versailles.d.opt_recruit_both", workers=C.RECRUIT_BOTH_WORKERS))
            if rv[1] and n >= C.RECRUIT_EXPENSIVE_WORKERS:
                opts.append(msg("versailles.d.opt_recruit_expensive", workers=C.RECRUIT_EXPENSIVE_WORKERS))
            elif not rv[1] and rv[0] and n >= C.RECRUIT_CHEAP_WORKERS:
                opts.append(msg("versailles.d.opt_recruit_cheap", workers=C.RECRUIT_CHEAP_WORKERS))
            if self.dm[p] < C.DOUBLE_MOVES_PER_PLAYER:
                opts.append(msg("versailles.d.opt_flip", most=C.KF_FLIP_LIMIT))
            if opts:
                return msg("versailles.d.kf_then", head=head, king=self._king_msg(), options=_either(opts))
            return msg("versailles.d.kf_nothing", head=head, king=self._king_msg())
        return head

    def _king_msg(self) -> dict[str, Any]:
        last = self.king_track()
        if self.king + 1 >= last - 1:
            return msg("versailles.king.ends")
        return msg("versailles.king.advances", space=self.king + 2, last=last)

    @staticmethod
    def _tile_msg(t: int) -> dict[str, Any]:
        """'Hall of Mirrors (#0; to build: 3 workers, 3 wood, 1 marble, 2 gold, Painting and Chandelier; 16 VP)'."""
        if T_DECO[t]:
            return msg("versailles.tile_text_decorations", tile=t, num=t, workers=_workers(T_WORK[t]),
                       cost=_cost(T_COST[t]),
                       decorations=_both([msg("versailles.name.decoration", decoration=k) for k in T_DECO[t]]),
                       vp=T_VP[t])
        return msg("versailles.tile_text", tile=t, num=t, workers=_workers(T_WORK[t]), cost=_cost(T_COST[t]),
                   vp=T_VP[t])


# --------------------------------------------------------------------------- message pieces
END_REASON = {
    "king": "the King reached the end of his track",
    "site": "the construction site is full",
    "stack": "the palace stack is empty and only {n} tiles are discarded",
}
"""The English ``end_reason`` field, as games saved before the bilingual log stored it."""


def end_message(reason: str, discards: int) -> dict[str, Any] | None:
    """The message of an ``end_reason`` (``discards``: the tiles in the discard pile), or None."""
    if not reason:
        return None
    if reason == END_REASON["king"]:
        return msg("versailles.end.king")
    if reason == END_REASON["site"]:
        return msg("versailles.end.site")
    return msg("versailles.end.stack", n=discards)


def _workers(n: int) -> dict[str, Any]:
    """'1 worker' / '2 workers'."""
    return msg("versailles.workers", n=n)


def _cost(c: Any) -> Any:
    """'1 wood, 2 gold' (a list of amounts, joined the reader's way), or 'nothing'."""
    parts = [msg("versailles.amount", n=c[i], resource=i) for i in range(3) if c[i]]
    return parts or msg("versailles.nothing")


def _price(cost: Any, workers: int) -> dict[str, Any]:
    """'pay 1 wood, 1 gold, 1 worker' (or 'spend 2 workers' when no resources are due)."""
    if not any(cost):
        return msg("versailles.price_spend", workers=_workers(workers))
    return msg("versailles.price_pay", cost=_cost(cost), workers=_workers(workers))


def _either(items: list[Any]) -> Any:
    """'a or b or c' (items: messages or plain values)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("versailles.or", a=item, b=out)
    return out


def _both(items: list[Any]) -> Any:
    """'a and b'."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("versailles.and", a=item, b=out)
    return out

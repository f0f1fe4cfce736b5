"""A heuristic Kingsburg player.

It values each advisor by what its reward brings towards the buildings it can build next and
towards beating this year's enemy (exactly when it has looked at the card, else averaged over the
year's deck), plans its handfuls of dice a few placements ahead, builds the building worth most,
and recruits just enough soldiers when the expected gain of winter beats their price.

>>> bot = HeuristicBot(seed=1)
>>> action = bot.act_on_state(state.determinize(0, 5), 0)
"""

from __future__ import annotations

from meeple.core import Action, Rng
from meeple.games.kingsburg.content import (
    BARRACKS, BUILDING_INDEX, BUILDING_KEYS, BUILDING_VP, ENEMIES, MARKET, RESOURCE_INDEX, RESOURCES, STABLE, WALL,
    YEARS,
)
from meeple.games.kingsburg.rules import KingsburgState, placement_ways
# What a building's effect is worth beyond its VP, per year still to play (rough, hand-tuned).
EFFECT = {
    "statue": 0.3, "chapel": 0.4, "church": 0.3, "cathedral": 0.0,
    "inn": 0.6, "market": 0.6, "farms": 0.6, "guild": 0.8,
    "tower": 0.8, "blacksmith": 0.8, "barracks": 0.3, "wizards": 1.5,
    "palisade": 0.8, "stable": 0.5, "wall": 1.0, "fortress": 1.2,
    "barricade": 0.4, "crane": 0.5, "townhall": 0.6, "embassy": 3.0,
}
EFFECT_ONCE = {"cathedral": 3.0}


def evaluate(s: KingsburgState, p: int) -> float:
    """The position's worth to ``p`` in points: VP, plus what its buildings' effects are still worth
    (``EFFECT`` per year left), goods (about half a point each: they become buildings), '+2' tokens
    and soldiers. The leaf value ISMCTS uses with ``leaf=heuristic``."""
    if s.is_over():
        return float(s.vp[p])
    years_left = max(0.0, YEARS - s.year + (3 - max(s.season_index, 0)) / 3)
    built = s.buildings_owned[p]
    effects = sum(EFFECT[BUILDING_KEYS[b]] for b in range(len(BUILDING_KEYS)) if built >> b & 1)
    return s.vp[p] + years_left * effects + 0.5 * sum(s.resources[p]) + 0.6 * s.plus2_tokens[p] + 0.3 * s.soldiers[p]


ISMCTS_SETTINGS = {"rollout": "random", "rollout_depth": 20, "leaf": "score"}
"""How ISMCTS searches Kingsburg (``meeple.agents.search_settings``): random rollouts of 20 decisions
scored by the VP; measured in docs/agents.md."""

LEVEL_ITERATIONS = {"hard": 6000}
"""The search levels' budgets (``meeple.agents.level_iterations``): ``hard`` at the shared 2,000 took 0.45 s a
move; 6,000 keeps it within 3 s at 5 players (docs/agents.md, Difficulty levels)."""

LEVEL_ITERATIONS_FROM_PLAYERS = {"normal": {3: 2000}}
"""Budgets at larger tables (``meeple.agents.level_iterations_from_players``): at 5 players ``normal`` at 500
could not be told from ``easy`` (+1.5, −0.2 to +3.2, 50 paired games); at 2,000 it could (+2.7, +1.2 to +4.2),
within 1 s a move (docs/agents.md, The ladder, measured). From 3 players on, not only at 5: in Cube Europe the
same shortfall showed at 3 players as at 4, and the 3-player rating tournament is played at this budget."""


class HeuristicBot:
    """Greedy, rule-aware Kingsburg player (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ entry point
    def act_on_state(self, state: KingsburgState, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        kind = state.tasks[0]["kind"]
        ctx = _Ctx(state, player)
        handler = getattr(self, "_" + kind, None)
        if handler is None:
            return legal[0]
        return handler(state, player, legal, ctx)

    # ------------------------------------------------------------------ decisions
    def _white(self, s, p, legal, ctx):
        return max(legal, key=lambda a: a.args[0])  # more dice: more advisors within reach

    def _take(self, s, p, legal, ctx):
        return max(legal, key=lambda a: ctx.unit_value(RESOURCE_INDEX[a.args[0]]))

    def _lose(self, s, p, legal, ctx):
        return min(legal, key=lambda a: ctx.unit_value(RESOURCE_INDEX[a.args[0]]) - 0.01 * s.resources[p][RESOURCE_INDEX[a.args[0]]])

    def _alch(self, s, p, legal, ctx):
        best, gain = legal[-1], 0.0
        for a in legal:
            if a.name != "trade":
                continue
            r = RESOURCE_INDEX[a.args[0]]
            g = sum(ctx.unit_value(o) for o in range(3) if o != r) - ctx.unit_value(r, have_bonus=0)
            if g > gain:
                best, gain = a, g
        return best

    def _smuggle(self, s, p, legal, ctx):
        late = s.year == YEARS and s.season_index == 2
        return legal[1] if late else legal[0]

    def _townhall(self, s, p, legal, ctx):
        late = s.year == YEARS and s.season_index == 2
        best = None
        bestv = 1.0
        for a in legal:
            if a.name != "townhall":
                continue
            what = a.args[0]
            v = 0.6 if what == "token" else ctx.unit_value(RESOURCE_INDEX[what], have_bonus=0)
            if late:
                v = 0.1
            if v < bestv:
                best, bestv = a, v
        return best or legal[-1]

    def _reroll(self, s, p, legal, ctx):
        d = s.unplaced_dice[p]
        names = [a.name for a in legal]
        if "chapel" in names and sum(d) <= 6:
            return legal[names.index("chapel")]
        if "statue" in names and d[0] <= 3:
            return legal[names.index("statue")]
        return legal[names.index("keep")]

    def _build(self, s, p, legal, ctx):
        best, bestv = None, 0.0
        for a in legal:
            if a.name != "build":
                continue
            v = ctx.building_score(BUILDING_INDEX[a.args[0]])
            if v > bestv:
                best, bestv = a, v
        return best or legal[-1]

    def _recruit(self, s, p, legal, ctx):
        if len(legal) == 1:
            return legal[0]
        per = 1 if s.buildings_owned[p] >> BARRACKS & 1 else 2
        gain = ctx.battle_ev(s.soldiers[p] + 1) - ctx.battle_ev(s.soldiers[p])
        options = [a for a in legal if a.name == "recruit"]
        cheapest = min(options, key=lambda a: sum(ctx.unit_value(RESOURCE_INDEX[r], have_bonus=0) for r in a.args))
        price = sum(ctx.unit_value(RESOURCE_INDEX[r], have_bonus=0) for r in cheapest.args)
        if s.year == YEARS:
            price *= 0.3  # resources are worth little at the very end
        # look one soldier further: two soldiers may be needed to change the outcome
        gain2 = (ctx.battle_ev(s.soldiers[p] + 2) - ctx.battle_ev(s.soldiers[p])) / 2
        if max(gain, gain2) > price and sum(s.resources[p]) >= per:
            return cheapest
        return legal[-1]

    def _place(self, s, p, legal, ctx):
        if s.selected_advisor:
            n = abs(s.selected_advisor)
            ways = s.ways(p)[n]
            return max(ways, key=lambda w: ctx.after_way(n, w))[0]
        best, bestv = legal[0], -1e9
        for a in legal:
            if a.name == "pass":  # only offered when the envoy is the sole way to place
                v = 1.0
                if v > bestv:
                    best, bestv = a, v
                continue
            n = a.args[0]
            v = max(ctx.after_way(n, w) for w in s.ways(p)[n])
            if a.name == "envoy":
                v -= 1.0
            if v > bestv:
                best, bestv = a, v
        return best


class _Ctx:
    """What the bot knows and wants, computed once per decision."""

    def __init__(self, s: KingsburgState, p: int) -> None:
        self.s = s
        self.p = p
        self.resources = list(s.resources[p])
        self.years_left = YEARS - s.year + (3 - max(s.season_index, 0)) / 3
        self.stable = s.buildings_owned[p] >> STABLE & 1
        self._need = self._needs()
        y = min(s.year, YEARS) - 1
        if s.enemy_card[y] >= 0 and (s.enemy_revealed[y] or p in s.enemy_seen_by[y]):
            self.enemies = [ENEMIES[y][s.enemy_card[y]]]
        else:
            self.enemies = list(ENEMIES[y])
        self._ev_cache: dict[int, float] = {}

    # ---------------------------------------------------------------- resources
    def building_score(self, b: int) -> float:
        key = BUILDING_KEYS[b]
        v = BUILDING_VP[b] + EFFECT[key] * self.years_left + EFFECT_ONCE.get(key, 0.0)
        if key in ("farms",) and self.years_left < 1:
            v -= 1
        return v

    def _needs(self) -> list[int]:
        s, p = self.s, self.p
        bl = s.buildings_owned[p]
        targets = []
        for r in range(0, 20, 4):
            for b in range(r, r + 4):
                if not bl >> b & 1:
                    targets.append((self.building_score(b) / (1 + sum(s.cost(p, b))), b))
                    break
        targets.sort(reverse=True)
        need = [0, 0, 0]
        for _, b in targets[:2]:
            c = s.cost(p, b)
            for r in range(3):
                need[r] += c[r]
        return [max(0, need[r] - self.resources[r]) for r in range(3)]

    def unit_value(self, r: int, have_bonus: int = 0) -> float:
        return 1.2 if self._need[r] > have_bonus else 0.55

    def bundle_value(self, g: int, w: int, st: int) -> float:
        v = 0.0
        need = list(self._need)
        for r, k in ((0, g), (1, w), (2, st)):
            for _ in range(k):
                if need[r] > 0:
                    v += 1.2
                    need[r] -= 1
                else:
                    v += 0.55
        return v

    def best_choice(self, k: int, mask: int = 7) -> float:
        need = list(self._need)
        v = 0.0
        for _ in range(k):
            best_r = max((r for r in range(3) if mask >> r & 1), key=lambda r: need[r])
            if need[best_r] > 0:
                v += 1.2
                need[best_r] -= 1
            else:
                v += 0.55
        return v

    # ---------------------------------------------------------------- soldiers and winter
    def battle_ev(self, soldiers: int) -> float:
        if soldiers in self._ev_cache:
            return self._ev_cache[soldiers]
        s, p = self.s, self.p
        total = 0.0
        for kind, strength, rew, pen in self.enemies:
            base = soldiers + s.defence(p, kind)
            wall = s.buildings_owned[p] >> WALL & 1
            for die in range(1, 7):
                t = base + die
                if t > strength or (t == strength and wall):
                    total += self._bundle(rew) + 0.5
                elif t < strength:
                    total -= self._penalty(pen)
        ev = total / (6 * len(self.enemies))
        self._ev_cache[soldiers] = ev
        return ev

    def _bundle(self, d: dict) -> float:
        return d.get("vp", 0) + 0.8 * (d.get("gold", 0) + d.get("wood", 0) + d.get("stone", 0) + d.get("any", 0))

    def _penalty(self, d: dict) -> float:
        s, p = self.s, self.p
        v = min(d.get("vp", 0), s.vp[p])
        res = self.resources
        for r in range(3):
            v += 0.7 * min(d.get(RESOURCES[r], 0), res[r])
        v += 0.7 * min(d.get("any", 0), sum(res))
        if d.get("building"):
            bl = s.buildings_owned[p]
            for level in range(3, -1, -1):
                hit = [row * 4 + level for row in range(5) if bl >> (row * 4 + level) & 1]
                if hit:
                    v += BUILDING_VP[hit[0]] + 1.5
                    break
        return v

    def soldier_value(self, k: int) -> float:
        k += self.stable
        cur = self.s.soldiers[self.p]
        gain = self.battle_ev(cur + k) - self.battle_ev(cur)
        return min(gain, 1.3 * k)

    # ---------------------------------------------------------------- advisors and placement
    def advisor_value(self, n: int) -> float:
        bc = self.best_choice
        if n == 1:
            return 1.0
        if n == 2:
            return self.bundle_value(1, 0, 0)
        if n == 3:
            return self.bundle_value(0, 1, 0)
        if n == 4:
            return bc(1, 3)
        if n == 5:
            return self.soldier_value(1)
        if n == 6:
            return 0.6 if sum(self.resources) else 0.1
        if n == 7:
            return bc(1) + 0.6
        if n == 8:
            return self.bundle_value(2, 0, 0)
        if n == 9:
            return self.bundle_value(0, 1, 0) + bc(1, 5)
        if n == 10:
            return self.soldier_value(2) + 0.3
        if n == 11:
            return self.bundle_value(0, 0, 1) + bc(1, 3)
        if n == 12:
            return bc(2) + 0.6
        if n == 13:
            return self.bundle_value(0, 0, 3)
        if n == 14:
            return bc(3) - 1.0 if self.s.vp[self.p] >= 1 else 0.0
        if n == 15:
            return self.bundle_value(1, 1, 1)
        if n == 16:
            return self.bundle_value(4, 0, 0)
        if n == 17:
            return 3.0 + bc(2) + 0.3
        return self.bundle_value(1, 1, 1) + self.soldier_value(1)

    def after_way(self, n: int, way: tuple) -> float:
        """Value of placing on ``n`` with ``way`` now, plus the best follow-up placements."""
        _, used, t, d, _text = way
        dice = list(self.s.unplaced_dice[self.p])
        for v in used:
            dice.remove(v)
        taken = frozenset(k for k in range(1, 19) if self.s.handfuls_on_advisor[k]) | {n}
        tokens = self.s.plus2_tokens[self.p] - t
        market = (self.s.buildings_owned[self.p] >> MARKET & 1) and not self.s.market_used[self.p] and d == 0
        rest = self._rest(tuple(dice), tokens, bool(market), taken, 2)
        return self.advisor_value(n) - 0.6 * t - 0.2 * (d != 0) + 0.7 * rest

    def _rest(self, dice: tuple, tokens: int, market: bool, taken: frozenset, depth: int) -> float:
        if not dice or depth == 0:
            return 0.0
        ways = placement_ways(dice, min(tokens, len(dice)), market)
        best = 0.0
        for n, ws in ways.items():
            if n in taken:
                continue
            w = ws[0]
            _, used, t, d, _text = w
            left = list(dice)
            for v in used:
                left.remove(v)
            v = self.advisor_value(n) - 0.6 * t - 0.2 * (d != 0)
            if depth > 1 and left:
                v += 0.7 * self._rest(tuple(left), tokens - t, market and d == 0, taken | {n}, depth - 1)
            if v > best:
                best = v
        return best

"""A heuristic player for God's Playground: rule-of-thumb choices for every decision.

It is handed ``state.determinize(player, seed)`` (never the real state), so it cannot see the other
families' face-down tokens or sealed bids.  Plan, roughly: spread one token of each value per round
with the high ones where its estates are; bid little for the crown; build estates (they score their
slot number at the end, x3 under a city); take cities, Jesuit schools, confederations and land
managers; buy armies where it has cubes and campaign for the enemy-track majorities.
"""

from __future__ import annotations

from meeple.core import Action, Rng
from meeple.games.gods_playground.content import CAMP, CITY_MULTIPLIER, ENEMY_VP, ESTATE_SLOTS, TATARS, ZLOTY_PER_VP
from meeple.games.gods_playground.rules import GodsPlaygroundState

PASS = Action("pass")
DONE = Action("done")


def evaluate(state: GodsPlaygroundState, p: int) -> float:
    """The position's worth to ``p`` in points: VP so far, the estates' end-of-game points as they stand
    (slot number, x3 with a city; discounted, as estates can still be lost) and money towards its
    VP. The leaf value ISMCTS uses with ``leaf=heuristic``."""
    if state.over:
        return float(state.vp[p])
    estates = 0
    for i, row in enumerate(state.estates):
        for k, (owner, _lm, city) in enumerate(row):
            if owner == p:
                estates += ESTATE_SLOTS[i][k] * (CITY_MULTIPLIER if city else 1)
    return state.vp[p] + 0.8 * estates + state.money[p] / ZLOTY_PER_VP


GUESSES: frozenset[str] = frozenset()
"""The actions for which ``HeuristicBot`` reads what its seat cannot know: none. Its every choice reads
only the seat's own tokens, money and public facts (the others' face-down tokens and sealed bids never),
so a search's rollout player plays on the rollout world itself, without a determinization of its own
(``meeple.agents.ismcts``); tests/gods_playground/test_bot_view.py checks the promise."""

ISMCTS_SETTINGS = {"rollout": "heuristic", "rollout_depth": 10, "leaf": "heuristic"}
"""How ISMCTS searches God's Playground (``meeple.agents.search_settings``): rollouts of 10 decisions
by this module's player (on the rollout world itself: ``GUESSES`` is empty), scored by ``evaluate``;
measured in docs/agents.md."""


LADDER = ("random", "easy", "normal")
"""The levels God's Playground offers players (``meeple.agents.ladder``): ``hard`` is left out, as it plays no
better than ``normal`` here — four times the iterations bought +0.9 points (−1.2 to +3.0) in 120 paired 3-player
games, its win share 38% against a fair 33% (docs/agents.md, The ladder, measured). ``hard`` stays an agent name
for research and the API, and the coach still searches at its budget."""


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act_on_state(self, state: GodsPlaygroundState, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        choose = getattr(self, "_" + state.mode, None)
        action = choose(state, player, legal) if choose else None
        if action is None or action not in legal:
            return legal[0]
        return action

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _mine(state: GodsPlaygroundState, p: int, i: int) -> int:
        return sum(1 for s in state.estates[i] if s[0] == p)

    @staticmethod
    def _danger(state: GodsPlaygroundState, i: int) -> int:
        """How exposed province i is: enemy cubes there plus how far its enemy outruns its track."""
        return sum(state.enemy_cubes[i]) * 2 + max(0, state.strength(i) - state.defence(i))

    # ---------------------------------------------------------------- setup and tokens
    def _estate(self, state, p, legal):
        best = None
        for a in legal:
            i = a.args[0]
            key = (len(ESTATE_SLOTS[i]) - len(state.estates[i]) - (3 if i == TATARS else 0)
                   - 2 * self._mine(state, p, i), -i)
            if best is None or key > best[0]:
                best = (key, a)
        return best[1]

    def _token(self, state, p, legal):
        left = state._tokens_left(p)
        placed = state.tokens_placed[p]
        # this round's set: one token of each value (rounds 1 and 3 choose from two of each)
        open_areas = [a for a in range(6) if placed[a] < 0]
        need = len(open_areas)
        distinct = sorted(set(left), reverse=True)
        values = distinct[:need] if len(distinct) >= need else sorted(left, reverse=True)[:need]
        values = sorted(values, reverse=True)

        def want(a: int) -> float:
            if a == CAMP:
                return 3.5
            return 2 * self._mine(state, p, a) + state.income_levels[a] * 0.5 + (1 if a == 0 else 0) + self.rng.random()
        area = max(open_areas, key=want)
        value = values[0]
        act = Action("token", (area, value))
        return act if act in legal else None

    def _bid(self, state, p, legal):
        return Action("bid", (min(state.money[p], 1 + self.rng.randbelow(2)),))

    # ---------------------------------------------------------------- estates
    def _build(self, state, p, legal):
        options = [a for a in legal if a.name == "build"]
        if not options:
            return PASS
        cost = 1 if state.estates_built[p] == 0 else 2

        def value(a: Action) -> float:
            i = a.args[0]
            return len(state.estates[i]) + 1 + state.income_levels[i] - self._danger(state, i) * 0.5
        best = max(options, key=value)
        i = best.args[0]
        if cost == 2 and (state.noble_cubes[i][p] < 3 or state.round == 4 and value(best) < 3):
            return PASS
        return best

    # ---------------------------------------------------------------- special actions
    def _special(self, state, p, legal):
        by = {}
        for a in legal:
            by.setdefault(a.name, []).append(a)
        if "city" in by:
            return max(by["city"], key=lambda a: (a.args[1] - self._danger(state, a.args[0]), a.args[1]))
        if "confederation" in by:
            return max(by["confederation"], key=lambda a: state._confederation_slot(a.args[0], a.args[1]))
        if "jesuit" in by:
            return max(by["jesuit"], key=lambda a: state.noble_cubes[a.args[0]][p])
        if "land" in by and state.round <= 3:
            return max(by["land"], key=lambda a: state.income_levels[a.args[0]])
        if "veto" in by:
            mine = state.senate.count(p)
            theirs = sum(1 for s in state.senate if s >= 0 and s != p)
            if theirs - mine >= 2:
                return max(by["veto"], key=lambda a: state.noble_cubes[a.args[0]][p])
        if "danzig" in by:
            return by["danzig"][0]
        return PASS

    def _move(self, state, p, legal):
        return DONE

    def _jesuit(self, state, p, legal):
        more = [a for a in legal if a.name == "jesuit"]
        return more[0] if more else DONE

    # ---------------------------------------------------------------- armies and battles
    def _recruit(self, state, p, legal):
        options = [a for a in legal if a.name == "recruit"]
        if not options or state.money[p] < 4:
            return PASS
        if any(sum(state.units[p][i]) for i in range(5)):
            return PASS          # one army a round is enough

        def value(a: Action) -> float:
            i = a.args[0]
            track_open = state.treaty != i
            return (state.noble_cubes[i][p] >= 2) * 5 + ENEMY_VP[i] * track_open + sum(state.enemy_cubes[i]) * 2 \
                + self._mine(state, p, i) + state.noble_cubes[i][p]
        best = max(options, key=value)
        if state.noble_cubes[best.args[0]][p] < 2:
            return PASS
        return best

    def _buy(self, state, p, legal):
        names = {a.args[0] for a in legal if a.name == "buy"}
        i = state.step["prov"]
        units = state.units[p][i]
        for u in ("cossack", "cav", "art", "inf"):
            if u == "art" and sum(units) < 2:
                continue
            if u in names:
                return Action("buy", (u,))
        return DONE

    def _campaign(self, state, p, legal):
        camps = [a for a in legal if a.name == "campaign"]
        if camps:
            return max(camps, key=lambda a: (sum(state.enemy_cubes[a.args[0]]), ENEMY_VP[a.args[0]]))
        return PASS

    def _fight(self, state, p, legal):
        if state.step.get("free"):
            options = [a for a in legal if a.name == "royal"]
            if options:
                return max(options,
                           key=lambda a: (self._mine(state, p, a.args[0]) * 3 + sum(state.enemy_cubes[a.args[0]])))
        return PASS

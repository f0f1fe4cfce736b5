"""The coach: the search's best moves for a seat, from that seat's information only (a hint).

The search is the strongest level's (``LEVELS[COACH_LEVEL]``, ``hard``) with the game's own tuned
settings (``search_settings(game_id)``: rollout policy, depth, leaf value), built exactly as
``make_agent`` builds that level — except that a solo game is searched, never handed to the game's
solo planner (a planner says which move, not how good each one is). The budget is counted in
iterations, so a hint is the same for the same state, seat and seed. The search starts from
``state.determinize(seat, seed)``: a world re-dealt from what the seat may know, never the true
hidden cards, and each iteration re-deals again.

Each suggestion carries what the search measured through that move:

* ``visits`` — how many of the search's playouts went through it; the moves are ranked as the search
  ranks them (most visits, then the mean reward), so the first is the move the search would play;
* ``outcome`` — with several seats the seat's **chance of winning** (the win share of the playouts
  that reached the end — ``1/k`` for each of ``k`` winners — and, for a playout cut short, the cut-off
  reward as the win estimate); in a solo game the **expected score** (the final score, or the
  position value in points where a playout is cut short);
* ``value`` — the reward that steers the search (0–1: ``0.75·win + 0.25·score position``), for ranking.

``words(lang)`` says it for a player: "wins about 6 in 10 from here (sure)", "expected about 42
points (a guess)"; how sure comes from the visits (``SURE_VISITS``, ``FAIRLY_SURE_VISITS``).

>>> best = hint(state, seat=0, seed=7)
>>> best[0].words("en")
'wins about 6 in 10 from here (sure)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from meeple.agents import make_agent
from meeple.agents.ismcts import OUTCOME, ISMCTSAgent, Search, _Node
from meeple.core import Action, State
from meeple.core.i18n import DEFAULT_LANGUAGE, render

COACH_LEVEL = "hard"
"""The level whose budget hints search with (``LEVELS[COACH_LEVEL]``): the strongest, so a hint is as
strong as the strongest bot (its iterations are read from ``LEVELS`` at each hint)."""

SURE_VISITS = 100
"""Playouts through a move from which the coach says "sure". A win share lies in [0, 1], so one
playout's spread is at most 0.5 and the mean's standard error at most 0.5/√n: 0.05 from 100 playouts,
a 95% margin of ±1 in 10 — the step of "about k in 10"."""

FAIRLY_SURE_VISITS = 25
"""Playouts from which the coach says "fairly sure" (standard error ≤ 0.1: ±2 in 10); fewer: "a guess"."""


@dataclass(frozen=True)
class Suggestion:
    """One move the search rated: the action, its playouts, mean reward, and mean outcome (module doc)."""

    action: Action
    visits: int
    value: float
    """The mean reward that steers the search (0–1), for ranking."""
    outcome: float = 0.0
    """The chance of winning (0–1) with several seats; the expected score in a solo game."""
    spread: float = 0.0
    """The standard deviation of the playouts' outcomes (0 with fewer than two)."""
    solo: bool = False

    @property
    def text(self) -> str:
        return str(self.action)

    @property
    def standard_error(self) -> float:
        """How far ``outcome`` may be from the truth by chance: spread/√visits (infinite with none)."""
        return self.spread / math.sqrt(self.visits) if self.visits else math.inf

    def value_words(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """"wins about 6 in 10 from here" or "expected about 42 points", in ``lang``."""
        return outcome_words(self.outcome, self.solo, lang)

    def sureness(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """"sure", "fairly sure" or "a guess", from the visits, in ``lang``."""
        return sureness_words(self.visits, lang)

    def words(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The value and how sure, in one phrase: "wins about 6 in 10 from here (sure)"."""
        return render("coach.judgement", {"value": self.value_words(lang), "sureness": self.sureness(lang)}, lang)


def outcome_words(outcome: float, solo: bool, lang: str = DEFAULT_LANGUAGE) -> str:
    """A chance of winning as "wins about k in 10 from here" (below 1 in 20: "hardly ever wins", above
    19 in 20: "wins almost surely"), or a solo game's expected score as "expected about N points".

    >>> outcome_words(0.58, False, "en"), outcome_words(41.6, True, "zh")
    ('wins about 6 in 10 from here', '预计约 42 分')
    """
    if solo:
        return render("coach.points", {"n": round(outcome)}, lang)
    if outcome < 0.05:
        return render("coach.wins_hardly", None, lang)
    if outcome >= 0.95:
        return render("coach.wins_surely", None, lang)
    return render("coach.wins", {"k": min(9, max(1, round(outcome * 10)))}, lang)


def sureness_words(visits: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """How sure an estimate from ``visits`` playouts is (``SURE_VISITS``, ``FAIRLY_SURE_VISITS``)."""
    if visits >= SURE_VISITS:
        return render("coach.sure", None, lang)
    if visits >= FAIRLY_SURE_VISITS:
        return render("coach.fairly_sure", None, lang)
    return render("coach.guess", None, lang)


def coach_agent(game_id: str, seed: int, iterations: int | None = None) -> ISMCTSAgent:
    """The coach's searcher for ``game_id``: ``make_agent`` of the ``COACH_LEVEL`` (the game's tuned
    settings applied as for that level), always searching, even a solo game; ``iterations`` overrides
    the level's budget."""
    spec = f"{COACH_LEVEL}:solo=search"
    if iterations is not None:
        spec += f":iterations={int(iterations)}"
    agent = make_agent(spec, game_id, seed)
    assert isinstance(agent, ISMCTSAgent)
    return agent


def ranked(search: Search, solo: bool) -> list[Suggestion]:
    """Every legal move of the searching seat, rated from the search's root, ranked as the search
    ranks them: most visits, then mean reward, then the game's order (the first is ``search.best()``)."""
    stats = search.root.edges.get(search.player, {})
    order = {a: i for i, a in enumerate(search.legal)}
    out = [_suggestion(action, stats.get(action), solo) for action in search.legal]
    out.sort(key=lambda s: (-s.visits, -s.value, order[s.action]))
    return out


def hint(state: State, seat: int, *, seed: int = 0, top: int = 3, iterations: int | None = None) -> list[Suggestion]:
    """The ``top`` moves of ``seat`` the search rates best, best first (``ranked``).

    Raises ValueError if the seat has no move now. Never reads what the seat cannot know: the search
    runs on a re-deal of the hidden information (``determinize``)."""
    if not state.legal_actions(seat):
        raise ValueError(f"seat {seat} has no move now")
    agent = coach_agent(state.game.id, seed, iterations)
    search = agent.begin(state.determinize(seat, seed), seat)
    assert isinstance(search, Search)
    search.done = False  # a forced move is searched too: its value is still worth telling
    search.advance()
    return ranked(search, state.players == 1)[: max(1, top)]


def judge_move(state: State, seat: int, action: Action, *, seed: int = 0, iterations: int) -> Suggestion:
    """One move valued by a search of its own: ``iterations`` playouts, each on a fresh re-deal of what
    ``seat`` may know with ``action`` played first, the search going on from there (its own tree, the
    coach's settings). For a move the full search barely tried, whose few playouts say little.

    The same seed gives the same value; two moves judged with the same seed see the same re-deals."""
    if action not in state.legal_actions(seat):
        raise ValueError(f"{action} is not a legal move of seat {seat} now")
    agent = coach_agent(state.game.id, seed, iterations)
    world = state.determinize(seat, seed)
    node = _Node()
    reward = total = squares = 0.0
    for _ in range(iterations):
        sample = world.determinize(seat, agent.rng.next64())
        sample.apply(action, seat)
        reward += agent._iterate(node, sample, seat)[seat]
        outcome = agent._outcome[seat]
        total += outcome
        squares += outcome * outcome
    edge = [iterations, reward, iterations, None, total, squares]
    return _suggestion(action, edge, state.players == 1)


def _suggestion(action: Action, edge: list | None, solo: bool) -> Suggestion:
    """A move's suggestion from its root edge (``[visits, reward sum, …, outcome sum, squares sum]``)."""
    if not edge or not edge[0]:
        return Suggestion(action, 0, 0.0, 0.0, 0.0, solo)
    n = int(edge[0])
    mean = edge[OUTCOME] / n
    variance = max(0.0, edge[OUTCOME + 1] / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
    return Suggestion(action, n, float(edge[1]) / n, float(mean), math.sqrt(variance), solo)

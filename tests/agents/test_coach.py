"""The coach's search and words: its order is the search's, its selection rule is UCB with availability
counts, it searches with each game's tuned settings at the strongest level's budget, its values are said
in words (English and Chinese), and a review never calls a barely-tried move a blunder on its few playouts."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import meeple
from meeple.agents import LEVELS, level_iterations, search_settings
from meeple.agents import coach
from meeple.agents.coach import (FAIRLY_SURE_VISITS, SURE_VISITS, Suggestion, coach_agent, hint, judge_move,
                                 outcome_words, ranked, sureness_words)
from meeple.agents.ismcts import OUTCOME, Search, _Node, select
from meeple.agents.review import FEW_VISITS, Decision, judge
from meeple.core import CHANCE, Action, GameInfo, Rng, State
from meeple.core import registry
from meeple.core.registry import Game


def mover(state: State) -> int:
    return next(p for p in state.to_move() if p != CHANCE)


def played_into(game_id: str, players: int, moves: int, seed: int = 3) -> State:
    """A position after ``moves`` seeded random moves."""
    state = meeple.load(game_id, players=players).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = mover(state)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


# ---------------------------------------------------------------------------- the search's selection rule
def test_selection_is_ucb_with_availability_counts() -> None:
    """Three tried edges, c = 0.7, numbers chosen so that each wrong rule picks another edge:

    =====  ======  ====  ============  ==============  ==============  ====================
    edge   visits  mean  availability  UCB, avail.     sign flipped    plain UCT (ln 54)
    =====  ======  ====  ============  ==============  ==============  ====================
    a      40      0.65  60 (+1)       0.874           **0.426**       0.871
    b      4       0.50  5 (+1)        0.968           0.032           **1.199**
    c      10      0.50  400 (+1)      **1.042**       −0.042          0.942
    =====  ======  ====  ============  ==============  ==============  ====================

    (``select`` counts this choice's availability first, hence the +1; plain UCT would use the node's
    visits, 54, for every edge.)"""
    a, b, c = Action("a"), Action("b"), Action("c")
    node = _Node()
    node.edges[0] = {a: [40, 26.0, 60, None, 0.0, 0.0], b: [4, 2.0, 5, None, 0.0, 0.0],
                     c: [10, 5.0, 400, None, 0.0, 0.0]}
    table = node.edges[0]
    action, edge, fresh = select(table, [a, b, c], 0.7, Rng(1))
    assert action == c and edge is table[c] and not fresh
    assert [table[x][2] for x in (a, b, c)] == [61, 6, 401]  # every legal action was available once more
    assert [table[x][0] for x in (a, b, c)] == [40, 4, 10]  # visits are counted at the backup, not here

    def score(edge: list[Any], sign: float, log_of: float | None) -> float:
        n, total, available = edge[0], edge[1], edge[2]
        return total / n + sign * 0.7 * math.sqrt(math.log(available if log_of is None else log_of) / n)
    by = {name: max((a, b, c), key=lambda x: score(table[x], sign, log_of))
          for name, sign, log_of in (("availability", 1.0, None), ("flipped", -1.0, None), ("plain UCT", 1.0, 54.0))}
    assert by == {"availability": c, "flipped": a, "plain UCT": b}  # the mutations pick otherwise


def test_selection_tries_an_untried_action_first_and_breaks_ties_by_the_games_order() -> None:
    a, b, c = Action("a"), Action("b"), Action("c")
    table: dict[Action, list[Any]] = {a: [5, 4.0, 5, None, 0.0, 0.0], b: [5, 1.0, 5, None, 0.0, 0.0]}
    action, edge, fresh = select(table, [a, b, c], 0.7, Rng(2))
    assert action == c and fresh and edge == [0, 0.0, 1, None, 0.0, 0.0] and table[c] is edge
    twins = {a: [3, 1.5, 9, None, 0.0, 0.0], b: [3, 1.5, 9, None, 0.0, 0.0]}
    assert select(twins, [b, a], 0.7, Rng(3))[0] == b


# ---------------------------------------------------------------------------- the coach's order
def test_the_coachs_order_is_the_searchs_and_its_first_is_the_move_the_search_plays() -> None:
    """A search's root built by hand: most visits first, equal visits by mean reward, the first is ``best()``."""
    state = meeple.load("versailles", players=3).new_game(seed=4)
    seat = mover(state)
    legal = state.legal_actions(seat)
    assert len(legal) >= 4
    search = Search(coach_agent("versailles", 0, iterations=10), state, seat)
    search.root = _Node()
    w, x, y, z = legal[:4]
    search.root.edges[seat] = {w: [5, 4.0, 20, None, 4.0, 4.0], x: [9, 3.0, 20, None, 3.0, 1.5],
                               y: [9, 6.0, 20, None, 6.0, 5.0], z: [2, 2.0, 20, None, 2.0, 2.0]}
    order = [s.action for s in ranked(search, solo=False)]
    assert order[:4] == [y, x, w, z] and order[0] == search.best()
    assert order[4:] == legal[4:]  # never tried: last, in the game's order
    top = ranked(search, solo=False)[0]
    assert (top.visits, top.value, top.outcome) == (9, pytest.approx(6 / 9), pytest.approx(6 / 9))
    assert top.spread == pytest.approx(math.sqrt((5 / 9 - (6 / 9) ** 2) * 9 / 8))


@pytest.mark.parametrize("game_id,players", [("cube-europe", 2), ("kingsburg", 3)])
def test_a_hint_ranks_as_its_search_and_leads_with_the_move_the_search_would_play(game_id: str, players: int) -> None:
    state = played_into(game_id, players, 10)
    seat = mover(state)
    suggestions = hint(state, seat, seed=11, top=len(state.legal_actions(seat)), iterations=200)
    search = coach_agent(game_id, 11, iterations=200).begin(state.determinize(seat, 11), seat)
    search.done = False
    search.advance()
    assert suggestions[0].action == search.best()
    keys = [(s.visits, s.value) for s in suggestions]
    assert keys == sorted(keys, reverse=True) and keys[0] > keys[-1]  # reversed, both would fail
    assert sum(s.visits for s in suggestions) == search.iterations


# ---------------------------------------------------------------------------- the game's settings
@pytest.mark.parametrize("game_id", ["citadels", "cube-europe", "gods-playground", "kingsburg", "versailles"])
def test_the_coach_searches_with_the_games_settings_at_the_strongest_levels_budget(game_id: str) -> None:
    agent = coach_agent(game_id, 5)
    tuned = {"rollout": "random", "rollout_depth": LEVELS["hard"].get("rollout_depth"), "leaf": "score",
             **search_settings(game_id)}
    assert (agent.rollout, agent.rollout_depth, agent.leaf) == (tuned["rollout"], tuned["rollout_depth"], tuned["leaf"])
    budget = level_iterations(game_id).get("hard", LEVELS["hard"]["iterations"])
    assert agent.iterations == budget and agent.solo is None  # solo games are searched too


def test_a_citadels_hint_searches_with_heuristic_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[Any] = []
    real = coach.make_agent

    def spy(name: str, game_id: str, seed: int = 0) -> Any:
        built.append(real(name, game_id, seed))
        return built[-1]
    monkeypatch.setattr(coach, "make_agent", spy)
    state = played_into("citadels", 4, 6)
    hint(state, mover(state), seed=2, iterations=20)
    assert len(built) == 1 and built[0].rollout == "heuristic" and built[0].leaf == "heuristic"
    assert built[0].rollout_depth == 20  # citadels' bots.ISMCTS_SETTINGS


def test_a_solo_hint_is_searched_with_the_tuned_settings_and_says_points() -> None:
    state = played_into("cube-europe", 1, 6)
    suggestions = hint(state, 0, seed=4, iterations=150)
    assert all(s.solo for s in suggestions) and suggestions[0].visits > 0
    assert suggestions[0].outcome > 1.0  # points, not a 0-1 share
    assert "points" in suggestions[0].words("en") and "分" in suggestions[0].words("zh")


# ---------------------------------------------------------------------------- the words
def test_values_in_words_in_english_and_chinese() -> None:
    assert outcome_words(0.58, False, "en") == "wins about 6 in 10 from here"
    assert outcome_words(0.58, False, "zh") == "从这里起约十局赢 6 局"
    assert outcome_words(0.12, False, "en") == "wins about 1 in 10 from here"
    assert outcome_words(0.02, False, "en") == "hardly ever wins from here"
    assert outcome_words(0.97, False, "zh") == "从这里起几乎必胜"
    assert outcome_words(41.6, True, "en") == "expected about 42 points"
    assert outcome_words(1.2, True, "en") == "expected about 1 point"
    assert outcome_words(41.6, True, "zh") == "预计约 42 分"
    assert [sureness_words(n, "en") for n in (SURE_VISITS, SURE_VISITS - 1, FAIRLY_SURE_VISITS, FAIRLY_SURE_VISITS - 1)] \
        == ["sure", "fairly sure", "fairly sure", "a guess"]
    assert [sureness_words(n, "zh") for n in (SURE_VISITS, FAIRLY_SURE_VISITS, 0)] == ["有把握", "比较有把握", "只是猜测"]
    said = Suggestion(Action("x"), 140, 0.6, 0.63, 0.4)
    assert said.words("en") == "wins about 6 in 10 from here (sure)"
    assert said.words("zh") == "从这里起约十局赢 6 局（有把握）"
    assert said.standard_error == pytest.approx(0.4 / math.sqrt(140))


def test_the_sure_threshold_bounds_a_win_shares_margin_to_one_step_in_ten() -> None:
    """SURE_VISITS' reason: a win share's standard error is at most 0.5/√n, so ±2 of them is ±1 in 10."""
    assert 2 * 0.5 / math.sqrt(SURE_VISITS) <= 0.1 + 1e-12
    assert 2 * 0.5 / math.sqrt(FAIRLY_SURE_VISITS) <= 0.2 + 1e-12


# ---------------------------------------------------------------------------- a barely-tried move
TWINS = GameInfo(id="coach-twins", name="Twins (test double)", min_players=2, max_players=2)


class TwinsState(State):
    """Seat 0 picks one of 30 marbles, then a fair coin says who wins — except marble 0, which always
    loses. Every other marble is as good as any other: a move the search barely tried is no worse."""

    FIELDS = ("phase", "marble", "coin")
    ACTION_NAMES = frozenset({"pick", "coin"})

    phase: str
    marble: int | None
    coin: int | None

    def setup(self) -> None:
        self.phase, self.marble, self.coin = "pick", None, None

    def _to_move(self) -> list[int]:
        return {"pick": [0], "coin": [CHANCE], "over": []}[self.phase]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("coin", (0,)), 1.0), (Action("coin", (1,)), 1.0)]

    def _legal_actions(self, player: int) -> list[Action]:
        return [Action("pick", (k,)) for k in range(30)]

    def _apply(self, action: Action, player: int) -> None:
        if action.name == "pick":
            self.marble, self.phase = int(action.args[0]), "coin"
        else:
            self.coin, self.phase = int(action.args[0]), "over"

    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return [1] if self.marble == 0 else [self.coin]  # type: ignore[list-item]

    def scores(self) -> list[float]:
        won = self.winners()
        return [1.0 if p in won else 0.0 for p in range(2)]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {"phase": self.phase, "marble": self.marble, "coin": self.coin}


@pytest.fixture
def twins(monkeypatch: pytest.MonkeyPatch) -> State:
    monkeypatch.setitem(registry._REGISTRY, TWINS.id, (TWINS, TwinsState))
    return Game(info=TWINS, players=2, options={}, state_class=TwinsState).new_game(seed=1)


def test_a_barely_tried_move_is_no_blunder_when_its_own_search_rates_it_as_the_best(twins: State) -> None:
    rated = hint(twins, 0, seed=9, top=30, iterations=20)
    best = rated[0]
    played = next(s for s in rated if s.visits == 0 and s.action != Action("pick", (0,)))
    assert played.visits < FEW_VISITS and best.value - played.value >= 0.1  # on its playouts: a "blunder"
    assert judge(Decision(1, 0, played.action, twins), 9, 20) is None
    same = judge_move(twins, 0, played.action, seed=3, iterations=120)
    assert same.visits == 120 and 0.3 < same.outcome < 0.7 and same.words("en").endswith("(sure)")


def test_a_barely_tried_bad_move_is_still_a_blunder(twins: State) -> None:
    losing = Action("pick", (0,))
    rated = {s.action: s for s in hint(twins, 0, seed=9, top=30, iterations=20)}
    assert rated[losing].visits < FEW_VISITS
    blunder = judge(Decision(1, 0, losing, twins), 9, 20)
    assert blunder is not None and blunder.judged and blunder.played_value == 0.0
    assert blunder.played_rating.visits >= 2 * FEW_VISITS and blunder.drop > 0.3 and blunder.drop > 2 * blunder.noise


def test_an_outcome_tally_is_kept_per_root_edge_of_the_searching_seat() -> None:
    state = played_into("kingsburg", 3, 8)
    seat = mover(state)
    search = coach_agent("kingsburg", 1, iterations=120).begin(state.determinize(seat, 1), seat)
    search.done = False
    search.advance()
    edges = search.root.edges[seat].values()
    assert sum(e[0] for e in edges) == search.iterations > 0  # every iteration through one root edge
    assert all(0.0 <= e[OUTCOME] <= e[0] and e[OUTCOME + 1] <= e[OUTCOME] + 1e-9 for e in edges)

"""Information-set Monte Carlo tree search (ISMCTS) for every meeple game.

The agent searches one tree whose edges are ``(seat, action)`` pairs, as in single-observer ISMCTS
(Cowling, Powley and Whitehouse, 2012). Every iteration starts from a fresh
``state.determinize(player, seed)``: a copy in which everything the searching seat cannot know (the
other hands, face-down cards, secret choices) is re-dealt consistently with what it has seen. The
agent never reads the hidden parts of the state it is handed (nor ``history``/``log``, which may
hold other seats' draws): it calls only ``to_move``, ``legal_actions``, ``determinize``, ``apply``,
``is_over``, ``scores``, ``winners`` and ``sample_chance`` on determinized copies.

* Selection: UCB1 with *availability* counts (an action is scored against the number of
  iterations in which it was legal, since different determinizations allow different actions).
* Chance: never a tree node. In ``chance="auto"`` games ``apply`` resolves it on the copy from the
  copy's own (reseeded) RNG; with ``chance="manual"`` the agent draws ``sample_chance`` itself.
* Simultaneous secret choices (several seats in ``to_move``): decoupled selection. Each mover picks
  from its own statistics at the node, none of them conditioned on what the others picked in the
  same step; the joint choice then leads to one child node.
* Rollouts: uniformly random, or the game's ``bots.HeuristicBot`` (falls back to random when the
  game has none; in a game with hidden information each rollout player is handed its own
  determinization, so it cannot play on the searcher's sample of the hidden cards — only for the
  choices named in the game's ``bots.GUESSES`` where it declares them), optionally cut
  off after ``rollout_depth`` decisions and evaluated from ``scores()`` or ``bots.evaluate``.
* Opponents: by default every seat's choices in the tree are searched (UCB on that seat's own
  rewards). With ``opponents="heuristic"`` the other seats choose by the game's heuristic player
  inside the tree as well (an opponent model: "they play sensibly"), so every iteration goes into
  the searching seat's own choices; their moves still branch the tree, one child per move seen.
* Rewards per seat in [0, 1]. At the end: ``0.75 × win + 0.25 × score position``, where ``win`` is
  ``1/k`` for each of the ``k`` winners (``winners()``, so the rulebook's tie-breaks count) and the
  score position is ``(score − lowest) / (highest − lowest)`` among the seats. At a cut-off:
  ``0.5 + 0.5 × tanh(lead / scale)`` from ``scores()``, the lead over the best other seat, the scale
  ``max(2, 10% of the largest score)`` (``cutoff="blend"``, at 3 seats or more: three quarters of that and a
  quarter of the score position, as the end is valued); with ``leaf="model"`` the value network's per-seat values, made
  relative to the best other seat in the same way (``relative_values``). Solo: the score against the
  range of scores this search has seen.
* Solo: a game may name a player of its own for one-player games (``solo``, e.g. Cube Europe's solo
  planner for the ``hard`` level); the agent then hands it every solo move and searches none.
* Budget: ``iterations`` per move (deterministic given the seed) or ``seconds`` per move, of wall time
  or (``clock="cpu"``) of this process's CPU time, which a busy shared machine does not shrink.
  ``iterations_from_players`` raises the iteration budget at larger tables (``{5: 2000}``: 2,000 a move
  at 5 players or more), read from the state at each move.

>>> agent = ISMCTSAgent(seed=1, iterations=200)
>>> action = meeple.agents.choose_action(agent, state, player=0)
"""

from __future__ import annotations

import math
import time
from typing import Any

from meeple.agents.ismcts_rewards import (  # noqa: F401 - read from here too
    WIN_WEIGHT,
    _cutoff_rewards,
    blended_cutoff_rewards,
    final_rewards,
    relative_values,
)
from meeple.agents.ismcts_search import Planned, Search
from meeple.agents.ismcts_tree import OUTCOME, _Node, _select_listed, select  # noqa: F401 - read from here too
from meeple.agents.ismcts_worlds import _determinize, _hides_information, _settle
from meeple.core import CHANCE, Action, State
from meeple.core.rng_ahead import AheadRng


class ISMCTSAgent:
    """Information-set MCTS for the seat it is asked to play (see the module docstring).

    ``iterations`` or ``seconds`` set the budget per move (``iterations`` wins if both are given;
    neither means 1,000 iterations). ``rollout`` is ``"random"`` or ``"heuristic"``;
    ``clock`` is ``"wall"`` or ``"cpu"`` (what ``seconds`` counts);
    ``rollout_depth`` (decisions, None = to the end) cuts rollouts short and scores the position;
    ``leaf`` says how: ``"score"`` (the seats' current scores) or ``"heuristic"`` (the game's
    ``bots.evaluate(state, seat)``, a position value in points, where the game has one);
    ``model`` is the path of a value network file to use with ``leaf="model"`` instead of the game's
    shipped one (``value_model.save_value_models``; for measuring a candidate);
    ``time_limit`` (seconds of this agent's own thinking, by ``clock``) ends any search, even one with an
    iteration budget, and plays the best move found so far (a server's bound);
    ``solo`` is an agent (with ``act_on_state``) that plays instead in one-player games;
    ``exploration`` is the UCB constant; ``opponents`` says how the other seats choose inside the tree:
    ``"search"`` (each by UCB on its own rewards) or ``"heuristic"`` (by the game's heuristic player, as
    in the rollouts, so only the searching seat's choices are searched); ``game_id`` is needed only
    for heuristic rollouts (taken from the state otherwise).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: str = "wall",
        rollout: str = "random",
        rollout_depth: int | None = None,
        leaf: str = "score",
        exploration: float = 0.7,
        opponents: str = "search",
        game_id: str | None = None,
        time_limit: float | None = None,
        solo: Any = None,
        model: str | None = None,
        iterations_from_players: dict[int, int] | None = None,
        cutoff: str = "lead",
    ) -> None:
        if leaf not in ("score", "heuristic", "model"):
            raise ValueError(f"leaf must be 'score', 'heuristic' or 'model', not {leaf!r}")
        if cutoff not in ("lead", "blend"):
            raise ValueError(f"cutoff must be 'lead' or 'blend', not {cutoff!r}")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {rollout!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"clock must be 'wall' or 'cpu', not {clock!r}")
        if opponents not in ("search", "heuristic"):
            raise ValueError(f"opponents must be 'search' or 'heuristic', not {opponents!r}")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("rollout_depth cannot be negative")
        if time_limit is not None and not time_limit > 0:
            raise ValueError("time_limit must be positive")
        if iterations is None and seconds is None:
            iterations = 1000
        from_players = dict(iterations_from_players or {})
        if any(not isinstance(k, int) or not isinstance(v, int) or k < 1 or v < 1 for k, v in from_players.items()):
            raise ValueError("iterations_from_players maps player counts to iterations, both at least 1")
        if from_players and iterations is None:
            raise ValueError("iterations_from_players needs an iteration budget, not seconds")
        self.seed = seed
        self.rng = AheadRng(seed)  # Rng's stream, drawn ahead by numpy: a search draws thousands
        self.iterations = iterations
        self.base_iterations = iterations
        self.iterations_from_players = dict(sorted(from_players.items()))
        """Budgets for larger tables: at ``players`` or more, that many iterations (``iterations_at``)."""
        self.seconds = None if iterations is not None else seconds
        self.clock = clock
        self.time_limit = time_limit
        self._now = time.perf_counter if clock == "wall" else time.process_time
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.leaf = leaf
        self.cutoff = cutoff
        self._evaluate: Any = None  # the game's bots.evaluate, looked up at the first cut-off
        self._model: Any = None  # the game's value network (leaf="model"), looked up at the first cut-off
        self.model_path = model  # another network's file (``value_model.save_value_models``) instead of the shipped one
        self.exploration = exploration
        self.opponents = opponents
        self.game_id = game_id
        self.solo = solo
        self._bots: dict[int, Any] | None = None
        self._guesses: frozenset[str] | None = None  # the game's bots.GUESSES, read with the bots
        self._guess_world: Any = _determinize  # the game's bots.guess_world where it has one
        self._score_lo = math.inf
        self._score_hi = -math.inf
        self._outcome: list[float] = []  # the last playout's outcome per seat (``OUTCOME``)
        self.last_iterations = 0
        """How many iterations the last ``act_on_state`` ran (for benchmarks)."""
        self.last_seconds = 0.0

    def __repr__(self) -> str:
        budget = (f"iterations={self.base_iterations}" if self.base_iterations is not None
                  else f"seconds={self.seconds}" + (", clock='cpu'" if self.clock == "cpu" else ""))
        depth = "" if self.rollout_depth is None else f", rollout_depth={self.rollout_depth}"
        leaf = "" if self.leaf == "score" else f", leaf={self.leaf!r}"
        if self.cutoff != "lead":
            leaf += f", cutoff={self.cutoff!r}"
        opponents = "" if self.opponents == "search" else f", opponents={self.opponents!r}"
        solo = "" if self.solo is None else f", solo={self.solo!r}"
        if self.iterations_from_players:
            budget += f", iterations_from_players={self.iterations_from_players!r}"
        return f"ISMCTSAgent({budget}, rollout={self.rollout!r}{depth}{leaf}{opponents}{solo}, seed={self.seed})"

    def iterations_at(self, players: int) -> int | None:
        """The iteration budget a move gets at a table of ``players`` (None: a time budget).

        >>> ISMCTSAgent(iterations=500, iterations_from_players={5: 2000}).iterations_at(5)
        2000
        """
        budget = self.base_iterations
        for least, iterations in self.iterations_from_players.items():
            if players >= least:
                budget = iterations
        return budget

    # ------------------------------------------------------------------ the agent protocol
    def act_on_state(self, state: State, player: int) -> Action:
        """The action for ``player``; ``state`` should be a determinization (``choose_action`` does that).

        Only what ``player`` may know is used: each iteration re-determinizes ``state`` for ``player``.
        """
        thinking = self.begin(state, player)
        while not thinking.advance():
            pass
        return thinking.best()

    def begin(self, state: State, player: int) -> Search:
        """A search for ``player``'s move that runs in slices (``Search.advance``): a server shares its
        bot threads between games this way. ``act_on_state`` is ``begin`` run to the end. In a one-player
        game with a ``solo`` player, that player's move (``Planned``)."""
        if self.solo is not None and state.players == 1:
            return Planned(self.solo, state, player)
        self.iterations = self.iterations_at(state.players)
        return Search(self, state, player)

    def search(self, state: State, player: int) -> _Node:
        """Run the budget of iterations from ``state`` for ``player``; the root node of the tree."""
        self.iterations = self.iterations_at(state.players)
        thinking = Search(self, state, player, forced=False)
        while not thinking.advance():
            pass
        return thinking.root

    def _decided(self, root: _Node, player: int, n: int, elapsed: float) -> bool:
        """Whether the rest of the budget cannot change the move: the most-visited root action leads
        the next by more visits than iterations remain (every iteration visits one root action of the
        searching seat). Exact for an iteration budget; for a time budget the remaining iterations
        are estimated from the rate so far."""
        if self.iterations is not None:
            remaining = self.iterations - n
        else:
            left = max(0.0, self.seconds - elapsed)  # type: ignore[operator]
            remaining = n * left / elapsed if elapsed > 0 else math.inf
        first = second = 0
        for edge in root.edges.get(player, {}).values():
            v = edge[0]
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > remaining

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: _Node, state: State, me: int) -> list[float]:
        """One iteration from ``root`` on the determinized ``state``; the rewards it backed up, per seat."""
        rng = self.rng
        c = self.exploration
        node: _Node | None = root
        path: list[tuple[list[Any], int]] = []  # (edge, seat) pairs to back up
        first = True
        modelled = self.opponents == "heuristic" and self._heuristics(state)
        perform = state._perform  # actions taken from the state's own legal lists: apply's check skipped
        legal_of = state._legal
        to_move = state._to_move
        while node is not None:
            movers = to_move()
            if CHANCE in movers:  # manual chance only (else ``_settle``'s call is spared on every step)
                movers = _settle(state, rng)
            if not movers:
                break
            if len(movers) == 1 and not (modelled and movers[0] != me):  # one seat searched (most steps)
                p = movers[0]
                first = False
                best_action, best_edge, fresh = _select_listed(node, p, legal_of(p), c, rng)
                path.append((best_edge, p))
                perform(best_action, p)
                node = best_edge[3]
                if node is None:
                    node = best_edge[3] = _Node()
                if fresh:
                    break
                continue
            if first and me in movers:
                movers = [me] + [p for p in movers if p != me]  # the searching seat always picks at the root
            first = False
            expanded = False
            picks: list[tuple[int, Action]] = []
            searched = False  # whether the searching seat's own edge leads on (else a joint child)
            for p in movers:
                if picks and p not in state.to_move():
                    continue
                legal = state._legal(p)
                if modelled and p != me:
                    action = legal[0] if len(legal) == 1 else self._heuristic_action(state, p, legal)
                    picks.append((p, action))
                    perform(action, p)
                    continue
                best_action, best_edge, fresh = _select_listed(node, p, legal, c, rng)
                expanded = expanded or fresh
                path.append((best_edge, p))
                picks.append((p, best_action))
                searched = True
                perform(best_action, p)
            if len(picks) == 1 and searched:
                edge = path[-1][0]
                if edge[3] is None:
                    edge[3] = _Node()
                node = edge[3]
            else:
                key = tuple(picks)
                child = node.joint.get(key)
                if child is None:
                    child = node.joint[key] = _Node()
                node = child
            if expanded:
                break
        rewards = self._rollout(state)
        for edge, p in path:
            edge[0] += 1
            edge[1] += rewards[p]
        if path and path[0][1] == me:  # the searching seat's root edge: its outcome too (``OUTCOME``)
            outcome = self._outcome[me]
            edge = path[0][0]
            edge[4] += outcome
            edge[5] += outcome * outcome
        return rewards

    def _rollout(self, state: State) -> list[float]:
        rng = self.rng
        depth = 0
        limit = self.rollout_depth
        heuristic = self.rollout == "heuristic" and self._heuristics(state)
        perform = state._perform  # actions taken from the state's own legal lists: apply's check skipped
        legal_of = state._legal
        randbelow = rng.randbelow
        to_move = state._to_move
        while True:
            movers = to_move()
            if CHANCE in movers:  # manual chance only (else ``_settle``'s call is spared on every step)
                movers = _settle(state, rng)
            if not movers:
                return self._rewards(state, final=True)
            if limit is not None and depth >= limit:
                return self._rewards(state, final=False)
            if len(movers) == 1 and not heuristic:  # one seat, a random choice (most steps)
                legal = legal_of(movers[0])
                perform(legal[0] if len(legal) == 1 else legal[randbelow(len(legal))], movers[0])
                depth += 1
                continue
            for i, p in enumerate(movers):
                if i and p not in state.to_move():
                    continue
                legal = legal_of(p)
                if len(legal) == 1:
                    action = legal[0]
                elif heuristic:
                    action = self._heuristic_action(state, p, legal)
                else:
                    action = legal[rng.randbelow(len(legal))]
                perform(action, p)
                depth += 1

    # ------------------------------------------------------------------ rewards
    def _rewards(self, state: State, final: bool) -> list[float]:
        if not final and self.leaf == "model" and state.players > 1:
            model = self._model if self._model is not None else self._find_model(state)
            if model is not False:
                self._outcome = out = relative_values([float(v) for v in model.seat_values(state)])
                return out
        n = state.players
        scores: list[float] | None = None
        if not final and self.leaf == "heuristic":
            evaluate = self._evaluate if self._evaluate is not None else self._find_evaluate(state)
            if evaluate is not False:  # the position values replace the scores (not worked out then)
                scores = [float(evaluate(state, p)) for p in range(n)]
        if scores is None:
            scores = [float(s) for s in state.scores()]
        if n == 1:
            self._outcome = scores
            return [self._solo_reward(scores[0], final)]
        if not final:
            self._outcome = out = _cutoff_rewards(scores)  # the win estimate the coach reads
            return blended_cutoff_rewards(scores, out) if self.cutoff == "blend" else out
        winners = state.winners()
        if winners:
            self._outcome = [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
        else:
            self._outcome = [0.0] * n
        return final_rewards(scores, winners)

    def _solo_reward(self, score: float, final: bool) -> float:
        """Solo: the score against the range of scores this search has seen (and the win, at the end)."""
        self._score_lo = min(self._score_lo, score)
        self._score_hi = max(self._score_hi, score)
        span = self._score_hi - self._score_lo
        position = (score - self._score_lo) / span if span > 0 else 0.5
        return position

    def _find_model(self, state: State) -> Any:
        from pathlib import Path

        from meeple.agents.value_model import load_value_model, read_value_models

        if self.model_path is not None:
            model = read_value_models(Path(self.model_path)).get(state.players)
        else:
            model = load_value_model(self.game_id or state.game.id, state.players)
        self._model = False if model is None else model  # no network for this count: scores or evaluate
        if model is None and self.leaf == "model":
            self.leaf = "heuristic"
        return self._model

    def _find_evaluate(self, state: State) -> Any:
        from meeple.agents import game_module

        try:
            self._evaluate = game_module(self.game_id or state.game.id, "bots").evaluate
        except (ImportError, AttributeError):
            self._evaluate = False  # the game has no position value: scores it is
        return self._evaluate

    # ------------------------------------------------------------------ heuristic rollouts
    def _heuristics(self, state: State) -> bool:
        if self._bots is None:
            from meeple.agents import game_module

            self._bots = {}
            try:
                bots = game_module(self.game_id or state.game.id, "bots")
                cls = bots.HeuristicBot
            except (ImportError, AttributeError):
                return False
            self._guesses = getattr(bots, "GUESSES", None)
            self._guess_world = getattr(bots, "guess_world", _determinize)
            for p in range(state.players):
                self._bots[p] = cls(self.rng.next64() >> 33)
        return bool(self._bots)

    def _guesses_hidden(self, legal: list[Action]) -> bool:
        """Whether the rollout player may read hidden facts choosing among ``legal``: always, unless the
        game's ``bots.GUESSES`` names the actions for which it does (and none of ``legal`` is one)."""
        guesses = self._guesses
        if guesses is None:
            return True
        if guesses:
            for a in legal:
                if a.name in guesses:
                    return True
        return False

    def _heuristic_action(self, state: State, p: int, legal: list[Action]) -> Action:
        bot = self._bots[p]  # type: ignore[index]
        if hasattr(bot, "act_on_state"):
            # The rollout world is one sample of what the searching seat cannot see, but every seat in
            # it must still play from what *it* may know: in a game with hidden information each
            # rollout player gets its own re-sample (else an Assassin in the rollouts always knows
            # whom to kill). ``determinize`` keeps p's legal actions, so its choice is legal here.
            # A game's ``bots.GUESSES`` may name the only actions for which its player reads hidden
            # facts; every other choice is made on the world itself (a determinization saved). Its
            # ``bots.guess_world`` may re-deal only what the player reads for those (the same choice).
            if _hides_information(state) and self._guesses_hidden(legal):
                action = bot.act_on_state(self._guess_world(state, p, self.rng.next64()), p)
                if action in legal:
                    return action
                # The rollout world was sampled for the searching seat; what another seat saw there
                # may contradict it (its draft offer, say), and its own re-sample can then differ
                # from the world. Rare: that seat then plays on the world itself.
            return bot.act_on_state(state, p)
        return bot.act(state.observation(p), list(legal))

"""Shared machinery of the contract tests: which games to test, random play, and the checks.

Every registered game (``meeple.games()``) is tested at every player count from its minimum to its
maximum, and once more for each non-default value of each option (when the option has few values).
The toy game of ``toy.py`` (a test double) is added to the list; it is registered only while a
contract test runs (see ``conftest.py``).

Random play is reproducible: a trajectory is a list of ``(player, action)`` decisions made by a
seeded random agent; the expensive checks run at "sample points" (steps 0, 1, 2, 4, 8, ... and every
``STRIDE``-th step) so that a whole game stays cheap; the cheap checks run after every action.

Knobs (environment variables): ``MEEPLE_CONTRACT_SEEDS`` (random games per game and player count,
default 2; option variants use the first seed only), ``MEEPLE_CONTRACT_STRIDE`` (default 50).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.core import CHANCE, Action, IllegalAction, Rng, State, UnknownGame
from meeple.core import registry

from . import toy

SEEDS = tuple(range(int(os.environ.get("MEEPLE_CONTRACT_SEEDS", "2"))))
STRIDE = int(os.environ.get("MEEPLE_CONTRACT_STRIDE", "50"))
DEFAULT_MAX_ACTIONS = 20_000
"""Termination bound for a game whose State declares no ``MAX_ACTIONS`` (all actions, chance included)."""

MAX_OPTION_VALUES = 6
"""Options with more values than this are tested at their first and last value only."""

EMPTY_WINNERS_OK = frozenset({"gods-playground"})
"""Games whose rules let everybody lose (God's Playground: the Commonwealth falls). Solo games
(one player, won by reaching a threshold) may also end with no winner; every other game must name one."""


# ---------------------------------------------------------------------------------------- configs
@dataclass(frozen=True)
class Config:
    """One game set-up under test: a game id, a player count and options (as sorted pairs)."""

    game_id: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        opts = "".join(f"-{k}={v}" for k, v in self.options)
        return f"{self.game_id}-{self.players}p{opts}"

    def game(self) -> Any:
        return meeple.load(self.game_id, players=self.players, **dict(self.options))

    def new(self, seed: int, chance: str = "auto") -> State:
        return self.game().new_game(seed=seed, chance=chance)

    @property
    def state_class(self) -> type[State]:
        if self.game_id == toy.TOY_ID:
            return toy.ToyState  # registered only while a test runs
        return registry._REGISTRY[self.game_id][1]

    @property
    def max_actions(self) -> int:
        return int(getattr(self.state_class, "MAX_ACTIONS", None) or DEFAULT_MAX_ACTIONS)


def _option_values(opt: Any) -> list[Any]:
    values = [v for v in opt.choices if v != opt.default]
    if len(opt.choices) > MAX_OPTION_VALUES:
        values = [v for v in (opt.choices[0], opt.choices[-1]) if v != opt.default]
    return values


def _playable(config: Config) -> bool:
    try:
        config.new(seed=0)
    except UnknownGame:
        return False
    except Exception:  # noqa: BLE001 - a crash is a finding: keep the config so a test reports it
        return True
    return True


def all_configs() -> list[Config]:
    """Every (game, player count) plus one set-up per non-default option value."""
    configs: list[Config] = []
    with toy.registered():
        infos = dict(meeple.games())
        for info in infos.values():
            for n in range(info.min_players, info.max_players + 1):
                configs.append(Config(info.id, n))
            for opt in info.options:
                for value in _option_values(opt):
                    for n in range(info.min_players, info.max_players + 1):
                        config = Config(info.id, n, ((opt.name, value),))
                        if _playable(config):
                            configs.append(config)
                            break
    return configs


CONFIGS = all_configs()
CONFIG_IDS = [str(c) for c in CONFIGS]


def cases(first_seed_only: bool = False) -> list[Any]:
    """pytest params (config, seed): every seed for the plain player counts, the first seed for
    option variants (they change less and there can be many)."""
    import pytest

    out = []
    for config in CONFIGS:
        for seed in SEEDS[:1] if (first_seed_only or config.options) else SEEDS:
            out.append(pytest.param(config, seed, id=f"{config}-s{seed}"))
    return out


CASES = cases()
FIRST_SEED_CASES = cases(first_seed_only=True)
DEFAULT_RUN_PLAYERS = 3
"""The most players of a configuration checked by a plain ``pytest``; larger tables run with ``-m daily``."""


def daily_above_three(params: list[Any]) -> list[Any]:
    """``params`` (config, seed) with those of more than three players marked ``daily``: a plain ``pytest``
    keeps every game at its smaller tables (tests/conftest.py, the 10-minute suite)."""
    import pytest

    return [pytest.param(*p.values, id=p.id, marks=pytest.mark.daily) if p.values[0].players > DEFAULT_RUN_PLAYERS
            else p for p in params]


def is_sample(step: int) -> bool:
    """Where the expensive checks run: steps 0, 1, 2, 4, 8, 16, ... and every STRIDE-th step."""
    return step & (step - 1) == 0 or step % STRIDE == 0


# ---------------------------------------------------------------------------------------- random play
def random_decision(state: State, rng: Rng) -> tuple[int, Action]:
    """A uniformly random seat among those to move, and a uniformly random legal action of it.

    A chance seat (manual chance) draws its outcome by the outcomes' weights.
    """
    movers = state.to_move()
    player = movers[rng.randbelow(len(movers))]
    if player == CHANCE:
        return player, state.sample_chance(rng)
    legal = state.legal_actions(player)
    assert legal, f"{state.player_name(player)} is to move but has no legal action"
    return player, legal[rng.randbelow(len(legal))]


@functools.lru_cache(maxsize=256)
def trajectory(config: Config, seed: int, chance: str = "auto") -> tuple[tuple[int, Action], ...]:
    """The decisions of one seeded random game (chance outcomes excluded in auto mode)."""
    state = config.new(seed, chance)
    rng = Rng(seed * 7919 + 1)
    decisions = []
    while state.to_move():
        assert len(state.history) <= config.max_actions, (
            f"{config} seed {seed}: no end after {config.max_actions} actions (declare MAX_ACTIONS if longer is right)"
        )
        player, action = random_decision(state, rng)
        decisions.append((player, action))
        state.apply(action, player)
    return tuple(decisions)


def replay(config: Config, seed: int, chance: str = "auto") -> Iterator[tuple[int, State, int, Action]]:
    """Replay a trajectory, yielding (step, state before the action, player, action); the caller may
    inspect the state but must not change it. The state after the last action is yielded with
    player None and action None."""
    state = config.new(seed, chance)
    for step, (player, action) in enumerate(trajectory(config, seed, chance)):
        yield step, state, player, action
        state.apply(action, player)
    yield len(trajectory(config, seed, chance)), state, None, None  # type: ignore[misc]


@functools.lru_cache(maxsize=64)
def final_state(config: Config, seed: int, chance: str = "auto") -> State:
    state = config.new(seed, chance)
    for player, action in trajectory(config, seed, chance):
        state.apply(action, player)
    return state


def state_at(config: Config, seed: int, fraction: float) -> State:
    """A fresh copy of the state part-way (``fraction`` of the decisions) through a random game."""
    state = config.new(seed)
    decisions = trajectory(config, seed)
    for player, action in decisions[: int(len(decisions) * fraction)]:
        state.apply(action, player)
    return state


# ---------------------------------------------------------------------------------------- checks
def seats(state: State) -> list[int | None]:
    """Every point of view: the spectator (None) and each seat."""
    return [None, *range(state.players)]


def json_native(value: Any) -> bool:
    """True if ``value`` survives json.dumps/loads unchanged (no tuples, int keys, NaN, objects)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


def check_every_step(state: State, config: Config) -> None:
    """The cheap promises, checked after every action."""
    movers = state.to_move()
    n = state.players
    assert len(set(movers)) == len(movers), f"to_move() repeats a seat: {movers}"
    assert all(p == CHANCE or 0 <= p < n for p in movers), f"to_move() holds a non-seat: {movers}"
    if CHANCE in movers:
        assert movers == [CHANCE], f"the chance seat moves together with players: {movers}"
        assert state.chance == "manual", "chance is to move in chance='auto' (it should have been resolved)"
    assert state.is_over() == (not movers), f"is_over() is {state.is_over()} but to_move() is {movers}"
    for p in movers:
        legal = state.legal_actions(p)
        assert legal, f"{state.player_name(p)} is to move but has no legal action"
        assert len(set(legal)) == len(legal), f"legal_actions({p}) lists an action twice: {legal}"
        assert all(isinstance(a, Action) for a in legal)
    for p in range(-1, n):
        if p not in movers:
            assert state.legal_actions(p) == [], f"{state.player_name(p)} is not to move but has legal actions"
    if movers == [CHANCE]:
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == state.legal_actions(CHANCE)
        assert all(w > 0 for _, w in outcomes), f"chance outcomes with weight <= 0: {outcomes}"
    scores = state.scores()
    assert len(scores) == n, f"scores() has {len(scores)} entries for {n} players"
    assert all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores)
    state.check_invariants()
    if state.is_over():
        check_end(state, config)


def check_end(state: State, config: Config) -> None:
    """The promises of a finished game."""
    winners = state.winners()
    n = state.players
    assert all(isinstance(w, int) and 0 <= w < n for w in winners), f"winners() holds a non-seat: {winners}"
    assert len(set(winners)) == len(winners), f"winners() repeats a seat: {winners}"
    if not winners:
        assert n == 1 or config.game_id in EMPTY_WINNERS_OK, "the game ended with no winner"
    assert state.to_move() == []
    assert json_native(state.to_json())
    check_log(state)


def check_log(state: State) -> None:
    for p in seats(state):
        lines = state.log_for(p)
        assert all(isinstance(line, str) and line for line in lines), f"a log line for {p} is not a non-empty str"
    public = state.log_for(None)
    for p in range(state.players):
        # what everybody may read, each seat may read too
        assert set(public) <= set(state.log_for(p))


def fingerprint(state: State) -> bytes:
    """A cheap exact digest of everything to_json holds, for checking that a rejection changed nothing."""
    import marshal

    fields = tuple(getattr(state, f) for f in state.FIELDS)
    last = state.history[-1] if state.history else None
    return marshal.dumps((
        fields, state.rng.state, len(state.history), len(state.log), str(last), last and last[0],
        tuple(state.log[-1]) if state.log else None, state.seed, state.chance, state.determinized,
    ))


def expect_illegal(state: State, before: dict[str, Any] | bytes, what: str, call: Callable[[], Any]) -> None:
    """``call`` must raise IllegalAction with a message, and leave ``state`` unchanged: ``before`` is
    its ``to_json()`` or its ``fingerprint()`` taken before."""
    try:
        result = call()
    except IllegalAction as exc:
        assert str(exc).strip(), f"{what}: IllegalAction without a message"
    else:
        raise AssertionError(f"{what}: accepted (returned {result!r}) instead of raising IllegalAction")
    after = fingerprint(state) if isinstance(before, bytes) else state.to_json()
    assert after == before, f"{what}: the rejected action changed the state"


def text_round_trip(state: State, player: int, action: Action) -> None:
    assert state.parse_action(str(action), player) == action, f"'{action}' does not parse back"
    assert state.parse_action("  " + str(action).upper() + " ", player) == action, f"'{action}' in capitals"
    data = json.loads(json.dumps(action.to_json()))
    assert state.action_from_json(data) == action, f"{action.to_json()} does not read back"

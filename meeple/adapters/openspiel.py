"""Every meeple game as an OpenSpiel Python game (``pyspiel.load_game("meeple_cube_europe", {"players": 3})``).

Honest facts declared in each ``GameType``: sequential dynamics (simultaneous secret choices are
asked one seat at a time, each hidden from the others), explicit stochastic chance (every die roll
and card draw is a chance node whose outcomes are the game's chance actions), imperfect information,
general-sum utilities, terminal rewards: +1 for every winner and −1 for every other seat.

* Action ids are the game's fixed action space (``Action.index``); chance outcomes share it.
* Observation tensor: ``state.observation_tensor(seat)``; observation string: the observation as
  compact JSON. meeple's observation holds everything a seat may know (its promise), so the same
  tensor serves as the information-state tensor; the information-state string adds the seat's log,
  so it also records the order in which things were learnt (perfect recall).
* A public observer (``private_info=NONE``) shows the spectator's view.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import meeple
from meeple import CHANCE

_REGISTERED: dict[str, str] = {}


def short_name(game_id: str) -> str:
    return "meeple_" + game_id.replace("-", "_")


def register(game_id: str) -> str:
    """Register one meeple game with OpenSpiel; returns its short name."""
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    info = meeple.games()[game_id]
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"meeple {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.min_players},
    )

    game_class = type(
        f"MeepleSpiel_{game_id.replace('-', '_')}",
        (MeepleSpielGame,),
        {"GAME_TYPE": game_type, "GAME_ID": game_id},
    )
    pyspiel.register_game(game_type, game_class)
    _REGISTERED[game_id] = game_type.short_name
    return game_type.short_name


def register_all() -> list[str]:
    """Register every meeple game; returns their OpenSpiel short names."""
    return [register(gid) for gid in meeple.games()]


class MeepleSpielGame(pyspiel.Game):
    """Base of the per-game classes ``register`` creates (OpenSpiel registers a class per game)."""

    GAME_TYPE: pyspiel.GameType
    GAME_ID: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.GAME_TYPE
        players = int((params or {}).get("players", game_type.min_num_players))
        self.meeple_game = meeple.load(self.GAME_ID, players=players)
        space = self.meeple_game.num_distinct_actions
        max_length = int(getattr(self.meeple_game.state_class, "MAX_ACTIONS", 20_000))
        info = pyspiel.GameInfo(
            num_distinct_actions=space,
            max_chance_outcomes=space,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_length,
        )
        super().__init__(game_type, info, {"players": players})
        self._seed = 0

    def new_initial_state(self) -> "MeepleSpielState":
        self._seed += 1
        return MeepleSpielState(self, self.meeple_game.new_game(seed=self._seed, chance="manual"))

    def new_state_from_seed(self, seed: int) -> "MeepleSpielState":
        """The initial state of the meeple game with ``seed`` (``new_initial_state`` counts seeds up from 1),
        so a match between bots can be replayed: ``game.new_state_from_seed(7)``."""
        return MeepleSpielState(self, self.meeple_game.new_game(seed=seed, chance="manual"))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "MeepleObserver":
        return MeepleObserver(self, iig_obs_type, params)


class MeepleSpielState(pyspiel.State):
    def __init__(self, game: MeepleSpielGame, state: Any) -> None:
        super().__init__(game)
        self.meeple_state = state

    def current_player(self) -> int:
        if self.meeple_state.is_over():
            return pyspiel.PlayerId.TERMINAL
        seat = self.meeple_state.to_move()[0]
        return pyspiel.PlayerId.CHANCE if seat == CHANCE else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(a.index for a in self.meeple_state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.meeple_state.chance_outcomes()
        total = sum(w for _, w in outcomes)
        index = self.meeple_state.action_index
        return sorted((index(a), w / total) for a, w in outcomes)

    def _apply_action(self, action: int) -> None:
        seat = self.meeple_state.to_move()[0]
        self.meeple_state.apply(self.meeple_state.action_from_index(action), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.meeple_state.action_from_index(action))

    def is_terminal(self) -> bool:
        return self.meeple_state.is_over()

    def returns(self) -> list[float]:
        n = self.meeple_state.players
        if not self.meeple_state.is_over():
            return [0.0] * n
        winners = set(self.meeple_state.winners())
        return [1.0 if p in winners else -1.0 for p in range(n)]

    def __str__(self) -> str:
        return json.dumps(self.meeple_state.observation(None), sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "MeepleSpielState":
        """A state consistent with what ``player_id`` knows: meeple's ``determinize``."""
        seed = int(probability_sampler() * 2**62)
        return MeepleSpielState(self.get_game(), self.meeple_state.determinize(player_id, seed))

    def __deepcopy__(self, memo: dict) -> "MeepleSpielState":
        return MeepleSpielState(self.get_game(), self.meeple_state.clone())


class MeepleObserver:
    """OpenSpiel's PyObserver interface over meeple's observation and tensor."""

    def __init__(self, game: MeepleSpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        probe = game.meeple_game.new_game(seed=0)
        self.tensor = np.zeros(probe.observation_tensor(0).shape, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        self.tensor[:] = state.meeple_state.observation_tensor(self._viewer(player))

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        viewer = self._viewer(player)
        text = json.dumps(state.meeple_state.observation(viewer), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += "\n" + "\n".join(state.meeple_state.log_for(viewer))
        return text

"""Game descriptions, option validation and the registry that ``meeple.load`` reads.

A game plugs in by adding a package under ``meeple/games/`` whose ``__init__`` calls
:func:`register`; :func:`discover` imports every such package once.

>>> game = load("cube-europe", players=1)
>>> state = game.new_game(seed=42)
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.errors import BadArgument, UnknownGame
from meeple.core.i18n import title

if TYPE_CHECKING:
    from meeple.core.state import State


@dataclass(frozen=True)
class Option:
    """A documented variant: its name, default, the values it accepts and what it does."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str


@dataclass(frozen=True)
class GameInfo:
    """The facts a game declares once: id, name, player counts, options."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    summary: str = ""
    seat_names: tuple[str, ...] = ()

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)


@dataclass(frozen=True)
class Game:
    """A game with its player count and options fixed; ``new_game`` deals a fresh state."""

    info: GameInfo
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    state_class: type[State] | None = None

    @property
    def id(self) -> str:
        return self.info.id

    def new_game(self, seed: int = 0, chance: str = "auto") -> State:
        """A new game; all randomness comes from ``seed``. ``chance="manual"`` asks for every random outcome."""
        if chance not in ("auto", "manual"):
            raise BadArgument("core.bad_chance", value=repr(chance)[:40])
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadArgument("core.bad_seed", value=repr(seed)[:40])
        assert self.state_class is not None
        return self.state_class.new(self, seed, chance)

    def action_space(self) -> list[Action] | None:
        """Every distinct action of this configuration (chance outcomes included), each with its
        ``index``; None if the game declares no fixed action space. Computed once per Game."""
        space = self.__dict__.get("_space", False)
        if space is False:
            key = (self.state_class, self.info.id, self.players, tuple(sorted(self.options.items())))
            cached = _SPACES.get(key)
            if cached is None:
                assert self.state_class is not None
                actions = self.state_class.action_space(self)
                lookup = None
                if actions is not None:
                    lookup = {}
                    for i, action in enumerate(actions):
                        if action in lookup:
                            raise ValueError(f"{self.id}: action {action} appears twice in the action space")
                        action.index = i
                        lookup[action] = action
                cached = _SPACES[key] = (actions, lookup)
            object.__setattr__(self, "_space", cached[0])
            object.__setattr__(self, "_lookup", cached[1])
            space = cached[0]
        return space

    @property
    def action_lookup(self) -> dict[Action, Action] | None:
        """Maps any equal action to its canonical, indexed instance (None without an action space)."""
        d = self.__dict__
        if "_lookup" not in d:
            self.action_space()
        return d["_lookup"]

    @property
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space (raises if the game declares none)."""
        space = self.action_space()
        if space is None:
            raise NotImplementedError(f"{self.id} declares no fixed action space")
        return len(space)

    def seat_name(self, player: int) -> str:
        names = self.info.seat_names
        if 0 <= player < len(names):
            return names[player]
        return f"Player {player + 1}"


_REGISTRY: dict[str, tuple[GameInfo, type[State]]] = {}
_SPACES: dict[tuple[Any, ...], tuple[list[Action] | None, dict[Action, Action] | None]] = {}
"""Action spaces computed once per configuration (game id, players, options)."""
_discovered = False


def register(info: GameInfo, state_class: type[State]) -> None:
    """Make a game loadable by its id (called from the game package's ``__init__``)."""
    _REGISTRY[info.id] = (info, state_class)


def discover() -> None:
    """Import every game package under ``meeple.games`` (each registers itself)."""
    global _discovered
    if _discovered:
        return
    import meeple.games as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg:
            importlib.import_module(f"meeple.games.{mod.name}")
    _discovered = True


def registered_ids() -> list[str]:
    """The ids of every registered game (discovering the built-in ones first)."""
    discover()
    return sorted(_REGISTRY)


def registered_state_classes() -> list[type[State]]:
    """The State class of every registered game, in id order."""
    discover()
    return [cls for _, (_, cls) in sorted(_REGISTRY.items())]


def state_class_of(game_id: str) -> type[State] | None:
    """The State class registered under ``game_id``, or None."""
    discover()
    entry = _REGISTRY.get(game_id)
    return entry[1] if entry else None


def games() -> dict[str, GameInfo]:
    """Every registered game, by id."""
    discover()
    return {gid: info for gid, (info, _) in sorted(_REGISTRY.items())}


def _check_options(info: GameInfo, players: int, options: dict[str, Any]) -> dict[str, Any]:
    known = {o.name: o for o in info.options}
    resolved: dict[str, Any] = {}
    for name, value in options.items():
        key = name.replace("-", "_")
        if key not in known:
            valid = ", ".join(known) or "-"
            raise UnknownGame("core.no_such_option", title=title(info.id, info.name), option=repr(name)[:60], valid=valid)
        opt = known[key]
        if opt.choices and not any(value == c and type(value) is type(c) for c in opt.choices):
            raise UnknownGame("core.bad_option_value", title=title(info.id, info.name), option=key,
                              choices=", ".join(map(str, opt.choices)), value=repr(value)[:40])
        resolved[key] = value
    for opt in info.options:
        resolved.setdefault(opt.name, opt.default)
    return resolved


def load(game_id: str, players: int | None = None, **options: Any) -> Game:
    """The game ``game_id`` for ``players`` players (default: its minimum) with validated options."""
    discover()
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise UnknownGame("core.unknown_game", value=repr(game_id)[:60], games=", ".join(sorted(_REGISTRY)))
    info, cls = _REGISTRY[game_id]
    if players is None:
        players = info.min_players
    if isinstance(players, bool) or not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        raise UnknownGame("core.bad_player_count", title=title(info.id, info.name), low=info.min_players,
                          high=info.max_players, value=repr(players)[:20])
    resolved = _check_options(info, players, options)
    return Game(info=info, players=players, options=resolved, state_class=cls)

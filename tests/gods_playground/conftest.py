"""Helpers for the God's Playground tests: blank boards with manual chance, dice, quick actions.

The long strength run (``@pytest.mark.slow``) runs only with ``-m slow``."""

from __future__ import annotations

import pytest

import meeple
from meeple import CHANCE, Action

WHITE, BLUE, RED = 0, 1, 2


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "gods_playground" in str(item.fspath) and item.get_closest_marker("slow"):
            item.add_marker(skip)
PRUSSIA, LITHUANIA, UKRAINE, LITTLE, GREAT = range(5)
SWEDES, RUSSIA, TATARS, OTTOMANS, HABSBURGS = range(5)


def new(seed: int = 0, chance: str = "manual"):
    return meeple.load("gods-playground", players=3).new_game(seed=seed, chance=chance)


def blank(rnd: int = 1, king: int = RED):
    """A manual-chance state after setup with an empty board: no estates, all cubes and discs in hand."""
    s = new()
    s.apply(Action("start", (king,)), CHANCE)
    s.estates = [[] for _ in range(5)]
    s.discs_in_hand = [16, 16, 16]
    s.money = [10, 10, 10]
    s.round = rnd
    s.king = king
    s.movers = []
    s.mode = "test"
    refresh(s)
    s.check_invariants()
    return s


def refresh(s) -> None:
    s._legal_cache = {}


def estate(s, prov: int, *owners: int) -> None:
    for p in owners:
        s.estates[prov].append([p, 0, 0])
        s.discs_in_hand[p] -= 1


def cubes(s, prov: int, **per_player: int) -> None:
    """cubes(s, LITHUANIA, red=4, blue=2): set noble cubes in a province (from/to the hand)."""
    for name, n in per_player.items():
        p = {"white": WHITE, "blue": BLUE, "red": RED}[name]
        s.cubes_in_hand[p] += s.noble_cubes[prov][p] - n
        s.noble_cubes[prov][p] = n


def enemy_cubes(s, prov: int, enemy: int, n: int) -> None:
    s.enemy_supply[enemy] += s.enemy_cubes[prov][enemy] - n
    s.enemy_cubes[prov][enemy] = n


def act(s, player: int, text: str) -> None:
    s.apply(s.parse_action(text, player), player)


def roll(s, *dice: int) -> None:
    for d in dice:
        assert s.to_move() == [CHANCE], f"no die due (to move: {s.to_move()}, mode {s.mode})"
        s.apply(Action("roll", (d,)), CHANCE)


def turn(s, mode: str, player: int, phase: int) -> None:
    """Put the state into a player's decision of ``mode`` in ``phase``."""
    s.phase = phase
    s.passed = [False, False, False]
    s._set_turn(mode, player)
    refresh(s)


@pytest.fixture
def board():
    return blank()


def stop_before(s, method: str) -> None:
    """Freeze the automatic flow when it reaches ``method`` (a phase method), to inspect the board."""
    def halt() -> None:
        s.mode = "stopped"
        s.movers = []
    setattr(s, method, halt)

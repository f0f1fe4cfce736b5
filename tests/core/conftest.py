"""Core unit tests: the toy test double is registered while each test runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from contract import toy


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    with toy.registered():
        yield


@pytest.fixture
def toy_game():
    """A factory: toy_game(players=2, seed=1, chance="auto", **options) -> a new toy state."""
    import meeple

    def make(players: int = 2, seed: int = 1, chance: str = "auto", **options):
        return meeple.load(toy.TOY_ID, players=players, **options).new_game(seed=seed, chance=chance)

    return make

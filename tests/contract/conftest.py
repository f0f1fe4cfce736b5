"""Contract-test fixtures: the toy test double is registered while each contract test runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from . import toy


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    with toy.registered():
        yield

"""Cube Europe's fixtures (the helpers that build positions are in helpers.py)."""

from __future__ import annotations

import pytest

from .helpers import new_manual


@pytest.fixture
def solo():
    """A solo game on board 7, set up and ready to roll."""
    return new_manual()

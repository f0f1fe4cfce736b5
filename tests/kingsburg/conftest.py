"""Kingsburg tests: the long strength run (``@pytest.mark.slow``) runs only with ``-m slow``."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "kingsburg" in str(item.fspath) and item.get_closest_marker("slow"):
            item.add_marker(skip)

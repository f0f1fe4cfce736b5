"""Which parameters of a browser test run by default: the rest are marked ``daily`` (``pytest -m daily``,
run by .ci/run every day), so that a plain ``pytest`` stays within 10 minutes (tests/conftest.py).

    >>> by_default(["en", "zh"], kept={"en"})   # "zh" runs with the daily tests
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import pytest


def by_default(params: Iterable[Any], kept: Collection[Any]) -> list[Any]:
    """Each of ``params`` (a value, or a tuple of one value per argument name) as a pytest parameter: those
    in ``kept`` as they are, the others marked ``daily``."""
    return [value if value in kept else pytest.param(*(value if isinstance(value, tuple) else (value,)),
                                                       marks=pytest.mark.daily)
            for value in params]

"""Suite-wide test settings: tests marked ``@pytest.mark.slow`` (long fuzz and strength runs) and
``@pytest.mark.daily`` (whole-game browser walks, the other languages, sizes and player counts of a test that
runs by default) are skipped by a plain ``pytest``, which stays within 10 minutes on a quiet 2-core machine;
``pytest -m daily`` runs the daily ones, ``pytest -m slow`` the slow ones (a share of them with
``MEEPLE_SLOW_SAMPLE``). ``.ci/run`` runs the suite, every daily test and a share of the slow ones each day.
Also: the rulebook passages that the quotation tests check (``rulebook_passages``)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest


SLOW_SAMPLE = "MEEPLE_SLOW_SAMPLE"
"""``i/n`` in this variable, with ``-m slow``: run only the slow tests whose share is ``i`` of ``n`` (a
test's share is the CRC-32 of its node id modulo ``n``, the same in every process and on every day), so
that ``n`` runs with ``i`` = 0 … n − 1 run every slow test once. ``.ci/run`` picks ``i`` by the day of the
year."""


def slow_share(nodeid: str, shares: int) -> int:
    """Which of ``shares`` parts of the slow tests the test ``nodeid`` belongs to."""
    return zlib.crc32(nodeid.encode("utf-8")) % shares


def _sample_of_the_slow_tests(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = os.environ.get(SLOW_SAMPLE, "").strip()
    if not wanted:
        return
    match = re.fullmatch(r"(\d+)/(\d+)", wanted)
    if not match or not 0 <= int(match.group(1)) < int(match.group(2)):
        raise pytest.UsageError(f"{SLOW_SAMPLE}={wanted!r}: expected i/n with 0 <= i < n, e.g. 3/7")
    part, shares = int(match.group(1)), int(match.group(2))
    kept, left_out = [], []
    for item in items:
        outside = item.get_closest_marker("slow") is not None and slow_share(item.nodeid, shares) != part
        (left_out if outside else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


LEFT_OUT = ("slow", "daily")
"""The markers of the tests that a plain ``pytest`` leaves out (skipped, with the way to run them)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = config.getoption("-m") or ""
    if "slow" in chosen:
        _sample_of_the_slow_tests(config, items)
    for marker in LEFT_OUT:
        if marker in chosen:
            continue
        skip = pytest.mark.skip(reason=f"{marker}: run with -m {marker}")
        for item in items:
            if item.get_closest_marker(marker):
                item.add_marker(skip)


# ------------------------------------------------------------------ the rulebooks' words, in a plain clone too
SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
"""The Chinese rulebooks (../shared/seeds beside the repository): present in the project's workspace, absent
in a plain clone."""
RULEBOOK_PASSAGES = Path(__file__).parent / "data" / "rulebook_passages.json"


def passage_digest(part: str) -> str:
    """How tests/data/rulebook_passages.json records a quoted passage: 16 hex digits of its SHA-256."""
    return hashlib.sha256(part.encode("utf-8")).hexdigest()[:16]


class RulebookPassages:
    """The passages that the docs and the rules modules quote as a rulebook's words, checked once against
    the rulebook and shipped as digests (tests/data/rulebook_passages.json), so that the quotation tests
    run without the rulebooks: a quotation changed or added in a plain clone is not among them and fails.
    Where ../shared/seeds holds the rulebook, every quoted passage is also looked up in it, and the shipped
    digests must be exactly those of today's quotations (none missing, none left over)."""

    def __init__(self) -> None:
        self.shipped: dict[str, list[str]] = json.loads(RULEBOOK_PASSAGES.read_text(encoding="utf-8"))["quoted"]

    def check(self, quoted_in: str, parts: list[str], rulebook: str, words: Callable[[str], str]) -> None:
        """``parts``: the passages ``quoted_in`` quotes from the rulebook file ``rulebook`` (a name in
        ../shared/seeds), each as it must occur in ``words(text of the rulebook)``."""
        assert parts, f"{quoted_in} quotes no rulebook passage"
        seed = SEEDS / rulebook
        seed_words = words(seed.read_text(encoding="utf-8")) if seed.is_file() else None
        shipped = set(self.shipped.get(quoted_in, []))
        for part in parts:
            if seed_words is not None:
                assert part in seed_words, f"{quoted_in}: quoted as the rulebook's words but not in {rulebook}: {part}"
            assert passage_digest(part) in shipped, (
                f"{quoted_in}: {part!r} is not among the passages checked against {rulebook}"
                + (f"; it is the rulebook's: add {passage_digest(part)!r} under {quoted_in!r} in {RULEBOOK_PASSAGES}"
                   if seed_words is not None else " (checking a new quotation needs ../shared/seeds)"))
        if seed_words is not None:
            left_over = shipped - {passage_digest(part) for part in parts}
            assert not left_over, f"{RULEBOOK_PASSAGES}: digests under {quoted_in!r} that nothing quotes now: {sorted(left_over)}"


@pytest.fixture(scope="session")
def rulebook_passages() -> RulebookPassages:
    return RulebookPassages()


# ------------------------------------------------------------------ passwords hashed cheaply in this process
@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashing() -> object:
    """Argon2id at its smallest cost for the servers that tests run in this process (a quarter of a second of
    CPU per hash at the library's recommended parameters, several per account test); yields the server's own
    hasher, whose parameters tests/server/test_accounts.py checks. Servers started as their own processes
    (tests/server/test_multiprocess.py, test_durability.py) hash as ``meeple serve`` does."""
    from argon2 import PasswordHasher

    from meeple.server import accounts

    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    saved = accounts._hasher, accounts._DUMMY_HASH
    accounts._hasher, accounts._DUMMY_HASH = cheap, cheap.hash("a password nobody has")
    yield saved[0]
    accounts._hasher, accounts._DUMMY_HASH = saved

"""The token buckets behind the request limits (``limits.TokenBucket``) and the per-key allowances
(``quota.Quota``), driven by a clock the test moves by hand: no sleeping, nothing timed."""

from __future__ import annotations

import pytest

from meeple.server.limits import TokenBucket
from meeple.server.quota import Quota


class FakeClock:
    """A clock that stands still until the test moves it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def passes(bucket: TokenBucket, tries: int) -> int:
    return sum(bucket.take() for _ in range(tries))


def test_a_new_bucket_allows_exactly_its_burst() -> None:
    bucket = TokenBucket(rate=2.0, burst=5.0, clock=FakeClock())
    assert passes(bucket, 5) == 5
    assert not bucket.take()


@pytest.mark.parametrize("idle_seconds", [2.5, 60.0, 10_000.0])
def test_a_long_idle_refills_up_to_the_burst_and_no_further(idle_seconds: float) -> None:
    # Saving up is capped at the burst: a client quiet for an hour gets `burst` requests, not 3600 x rate.
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=5.0, clock=clock)
    assert passes(bucket, 5) == 5 and not bucket.take()
    clock.advance(idle_seconds)
    assert passes(bucket, 5) == 5
    assert not bucket.take()
    assert bucket.tokens == pytest.approx(0.0)


def test_tokens_come_back_at_the_rate() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=5.0, clock=clock)
    passes(bucket, 5)
    clock.advance(1.0)  # two tokens
    assert passes(bucket, 3) == 2
    clock.advance(0.4)  # 0.8 of a token: not yet one
    assert not bucket.take()
    clock.advance(0.1)
    assert bucket.take()


def test_retry_after_is_the_whole_seconds_until_the_next_token() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=0.25, burst=2.0, clock=clock)  # a token every 4 s
    passes(bucket, 2)
    assert not bucket.take()
    assert bucket.retry_after() == 4
    clock.advance(1.0)  # a quarter of a token saved: three seconds to go
    assert not bucket.take()
    assert bucket.retry_after() == 3
    clock.advance(2.5)  # 0.875 of a token: half a second to go, said as 1 (never 0)
    assert not bucket.take()
    assert bucket.retry_after() == 1


def test_retry_after_is_at_least_one_second_for_a_fast_bucket() -> None:
    bucket = TokenBucket(rate=100.0, burst=1.0, clock=FakeClock())
    assert bucket.take() and not bucket.take()
    assert bucket.retry_after() == 1


def test_idle_means_full_again() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=5.0, clock=clock)
    assert bucket.idle(clock())
    passes(bucket, 5)
    assert not bucket.idle(clock())
    assert not bucket.idle(clock() + 2.4)  # 4.8 tokens
    assert bucket.idle(clock() + 2.5)      # 5: full, forgetting it changes nothing
    assert bucket.idle(clock() + 3600.0)


def test_a_new_quota_key_allows_exactly_the_burst_then_says_how_long_to_wait() -> None:
    quota = Quota(rate=0.5, burst=3, clock=FakeClock())
    assert [quota.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert quota.take("a") == pytest.approx(2.0)
    assert quota.take("b") == 0.0  # another key has its own allowance


@pytest.mark.parametrize("idle_seconds", [6.0, 60.0, 10_000.0])
def test_a_quota_refills_up_to_the_burst_and_no_further(idle_seconds: float) -> None:
    clock = FakeClock()
    quota = Quota(rate=0.5, burst=3, clock=clock)
    for _ in range(3):
        quota.take("a")
    assert quota.take("a") > 0
    clock.advance(idle_seconds)
    assert [quota.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert quota.take("a") == pytest.approx(2.0)


def test_a_quota_refusal_spends_nothing_and_tokens_come_back_at_the_rate() -> None:
    clock = FakeClock()
    quota = Quota(rate=0.5, burst=1, clock=clock)
    assert quota.take("a") == 0.0
    clock.advance(1.0)  # half a token
    assert quota.take("a") == pytest.approx(1.0)
    assert quota.take("a") == pytest.approx(1.0)  # asking again costs nothing
    clock.advance(1.0)
    assert quota.take("a") == 0.0


def test_a_full_quota_table_forgets_the_fullest_keys_first() -> None:
    clock = FakeClock()
    quota = Quota(rate=1.0, burst=2, max_keys=4, clock=clock)
    quota.take("busy")
    quota.take("busy")  # empty: it must be remembered, or it would get a fresh burst
    for key in ("q1", "q2", "q3", "q4"):
        quota.take(key)  # one token left each: fuller than "busy"
    assert quota.take("busy") == pytest.approx(1.0)

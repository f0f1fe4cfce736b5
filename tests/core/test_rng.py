"""meeple.core.Rng: a seeded, serialisable SplitMix64 generator."""

from __future__ import annotations

import pytest

from meeple.core import Rng


def test_the_documented_example() -> None:
    rng = Rng(42)
    assert [rng.randbelow(6) + 1 for _ in range(3)] == [6, 4, 2]


def test_same_seed_same_sequence_and_different_seeds_differ() -> None:
    a, b, c = Rng(7), Rng(7), Rng(8)
    seq_a = [a.next64() for _ in range(50)]
    assert seq_a == [b.next64() for _ in range(50)]
    assert seq_a != [c.next64() for _ in range(50)]


def test_known_values_are_stable_across_versions() -> None:
    # saved games replay from their seed: the sequence must never change. Rng(0) starts from state 0,
    # so its first output is the published first SplitMix64 output for state 0 (0xE220A8397B1DCDAF).
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [16294208416658607535, 7960286522194355700, 487617019471545679]
    rng = Rng(2026)
    assert [rng.randbelow(1000) for _ in range(8)] == [361, 289, 107, 932, 976, 321, 701, 235]
    assert Rng(1).fork(5).next64() == 1189809650484179275


def test_state_is_one_int_and_raw_state_restores_it() -> None:
    rng = Rng(123)
    for _ in range(5):
        rng.next64()
    again = Rng(raw_state=rng.state)
    assert isinstance(rng.state, int) and 0 <= rng.state < 1 << 64
    assert [again.next64() for _ in range(10)] == [rng.next64() for _ in range(10)]


def test_copy_is_independent() -> None:
    rng = Rng(5)
    copy = rng.copy()
    first = [copy.next64() for _ in range(5)]
    assert [rng.next64() for _ in range(5)] == first  # the original did not advance while the copy did


def test_fork_does_not_advance_and_depends_on_salt() -> None:
    rng = Rng(9)
    state = rng.state
    f1, f2, f1b = rng.fork(1), rng.fork(2), rng.fork(1)
    assert rng.state == state
    assert f1.next64() == f1b.next64()
    assert [rng.fork(1).next64() for _ in range(3)] != [rng.fork(2).next64() for _ in range(3)]
    assert rng.fork(1).next64() != rng.copy().next64()


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 100, 2**33 + 1])
def test_randbelow_stays_in_range(n: int) -> None:
    rng = Rng(n)
    values = [rng.randbelow(n) for _ in range(500)]
    assert all(0 <= v < n for v in values)
    if n <= 7:
        assert set(values) == set(range(n))


def test_randbelow_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


@pytest.mark.parametrize("n", [0, -1])
def test_randbelow_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).randbelow(n)


def test_random_is_a_float_in_the_unit_interval() -> None:
    rng = Rng(3)
    xs = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert 0.48 < sum(xs) / len(xs) < 0.52


def test_choice_and_shuffle() -> None:
    rng = Rng(4)
    items = list(range(20))
    assert rng.choice(items) in items
    shuffled = list(items)
    Rng(4).shuffle(shuffled)
    again = list(items)
    Rng(4).shuffle(again)
    assert shuffled == again and sorted(shuffled) == items and shuffled != items
    with pytest.raises(ValueError):
        rng.choice([])


def test_weighted_index_follows_the_weights_and_never_picks_weight_zero() -> None:
    rng = Rng(11)
    counts = [0, 0, 0, 0]
    for _ in range(40_000):
        counts[rng.weighted_index([1, 0, 3, 0])] += 1
    assert counts[1] == counts[3] == 0
    assert 0.23 < counts[0] / 40_000 < 0.27


def test_negative_and_huge_seeds_work() -> None:
    assert Rng(-1).next64() == Rng((1 << 64) - 1).next64()
    assert Rng(2**70).randbelow(10) == Rng(2**70).randbelow(10)


def test_shuffle_results_are_pinned() -> None:
    """The same seed deals the same cards on every machine and version: saved games depend on it."""
    cards = list(range(10))
    Rng(2026).shuffle(cards)
    assert cards == [5, 8, 7, 4, 6, 0, 9, 3, 2, 1]
    letters = list("abcdef")
    Rng(7).shuffle(letters)
    assert letters == ["d", "f", "c", "e", "a", "b"]


def test_shuffle_is_uniform_over_every_permutation() -> None:
    """All 24 orders of four cards come up equally often (chi-square, 23 degrees of freedom): a shuffle
    that stops one step early, or swaps with the whole list each step, is biased and fails."""
    from collections import Counter
    from itertools import permutations

    rng = Rng(11)
    draws = 24_000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(draws):
        cards = [0, 1, 2, 3]
        rng.shuffle(cards)
        seen[tuple(cards)] += 1
    expected = draws / 24
    assert set(seen) == set(permutations(range(4)))
    chi2 = sum((seen[p] - expected) ** 2 / expected for p in permutations(range(4)))
    assert chi2 < 49.7, chi2  # the 0.1% critical value of chi-square with 23 degrees of freedom


def test_the_uniformity_test_catches_biased_shuffles() -> None:
    """The check above, applied to two classic wrong shuffles, fails them."""
    from collections import Counter
    from itertools import permutations

    def naive(rng: Rng, cards: list[int]) -> None:  # swap each card with any position: n^n paths
        for i in range(len(cards)):
            j = rng.randbelow(len(cards))
            cards[i], cards[j] = cards[j], cards[i]

    def early_stop(rng: Rng, cards: list[int]) -> None:  # Fisher-Yates missing its last step
        for i in range(len(cards) - 1, 1, -1):
            j = rng.randbelow(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    for wrong in (naive, early_stop):
        rng = Rng(11)
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(24_000):
            cards = [0, 1, 2, 3]
            wrong(rng, cards)
            seen[tuple(cards)] += 1
        chi2 = sum((seen.get(p, 0) - 1000) ** 2 / 1000 for p in permutations(range(4)))
        assert chi2 >= 49.7, wrong.__name__


def test_uniform_index_draws_what_equal_weights_draw() -> None:
    for seed in range(200):
        by_weights, direct = Rng(seed), Rng(seed)
        for n in (1, 2, 3, 5, 7, 10, 49, 52, 64, 100, 1000):
            assert direct.uniform_index(n) == by_weights.weighted_index([1.0] * n)
        assert direct.state == by_weights.state


def test_ahead_rng_draws_rngs_very_stream_across_blocks() -> None:
    # a search's generator (meeple.core.rng_ahead): every kind of draw, mixed, over several blocks and
    # with rejections (bounds near 2**64 reject often), the same numbers and the same state as Rng's
    from meeple.core.rng_ahead import BLOCK, AheadRng

    plain, ahead = Rng(2026), AheadRng(2026)
    bounds = Rng(9)
    for i in range(3 * BLOCK):
        kind = i % 5
        if kind == 0:
            assert ahead.randbelow(6) == plain.randbelow(6)
        elif kind == 1:
            n = (1 << 63) + bounds.randbelow(1 << 62)
            assert ahead.randbelow(n) == plain.randbelow(n)
        elif kind == 2:
            assert ahead.random() == plain.random()
        elif kind == 3:
            assert ahead.next64() == plain.next64()
        else:
            assert ahead.choice("abcdefg") == plain.choice("abcdefg")
        assert ahead.state == plain.state
    assert ahead.fork(3).next64() == plain.fork(3).next64()
    ahead.state = plain.state = 12345  # set mid-block: the stream starts again from there
    assert [ahead.next64() for _ in range(BLOCK + 3)] == [plain.next64() for _ in range(BLOCK + 3)]
    assert AheadRng(7).copy().next64() == Rng(7).next64()
    for start in range(20):  # a block drawn in the middle of a draw that rejects its first output (half do)
        ahead.state = plain.state = start
        assert ahead.randbelow((1 << 63) + 1) == plain.randbelow((1 << 63) + 1) and ahead.state == plain.state


def test_ahead_rngs_seeded_generators_draw_rngs_stream_from_their_seed() -> None:
    # a search seeds each iteration's copy from its own generator (AheadRng.next_seeded): the seed is the
    # next output, and the generator draws Rng(seed)'s very numbers, the ready ones and those after, in
    # every kind of draw, with the same state throughout (a copy of it, a fork, a saved state)
    from meeple.core.rng_ahead import BLOCK, SEEDED_READY, AheadRng

    plain, ahead = Rng(77), AheadRng(77)
    for i in range(2 * BLOCK):
        if i % 9:
            assert ahead.randbelow(1000) == plain.randbelow(1000)
            continue
        seed, seeded = ahead.next_seeded()
        assert seed == plain.next64() and ahead.state == plain.state
        fresh = Rng(seed)
        assert seeded.state == fresh.state
        for k in range(i % (2 * SEEDED_READY + 3)):
            kind = k % 3
            if kind == 0:
                assert seeded.randbelow(6 ** 5) == fresh.randbelow(6 ** 5)
            elif kind == 1:
                assert seeded.random() == fresh.random()
            else:
                assert seeded.next64() == fresh.next64()
            assert seeded.state == fresh.state
        assert seeded.copy().next64() == fresh.copy().next64()
        assert seeded.fork(2).next64() == fresh.fork(2).next64()

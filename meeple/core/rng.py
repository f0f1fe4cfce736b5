"""The seeded random number generator every game draws its chance from.

SplitMix64: one 64-bit integer of state, so a copy is free, the state is JSON, and the same seed
gives the same sequence on every machine and Python version.

>>> rng = Rng(42); [rng.randbelow(6) + 1 for _ in range(3)]
[6, 4, 2]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_UNIT = 1.0 / (1 << 53)
_SMALL_BOUNDS = 256
_ACCEPT_BELOW = tuple(_TWO64 - (_TWO64 % n) if n else 0 for n in range(_SMALL_BOUNDS + 1))
"""By bound n (up to 256): the draws below which ``randbelow(n)`` accepts (the largest multiple of n not
above 2**64); read from the table, not computed on each call: the modulo of a 65-bit number is the
dearest step of a draw."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A small, fast, serialisable PRNG (never the global ``random`` module)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, raw_state: int | None = None) -> None:
        if raw_state is not None:
            self.state = raw_state & _MASK
            return
        z = int(seed) & _MASK  # _mix, written out: a search makes a generator per iteration
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        self.state = z ^ (z >> 31)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        return _mix(s)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _ACCEPT_BELOW[n] if n <= _SMALL_BOUNDS else _TWO64 - (_TWO64 % n)
        while True:  # next64 and _mix written out: this is the hottest function of every playout
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        self.state = z = (self.state + _GOLDEN) & _MASK  # next64, written out as in randbelow
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def uniform_index(self, n: int) -> int:
        """One of ``n`` equally likely indices: exactly the one ``weighted_index([1.0] * n)`` draws (it
        walks ``random() * n`` down by 1.0 per outcome, and each subtraction is exact, so it lands on the
        floor), without the list or the walk.

        >>> Rng(5).uniform_index(52) == Rng(5).weighted_index([1.0] * 52)
        True
        """
        return min(int(self.random() * n), n - 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def weighted_index(self, weights: Sequence[float]) -> int:
        total = sum(weights)
        x = self.random() * total
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return len(weights) - 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        randbelow = self.randbelow
        for i in range(len(items) - 1, 0, -1):
            j = randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one and ``salt``; this one does not advance."""
        return Rng(raw_state=_mix(self.state ^ _mix(int(salt) & _MASK)))

    def copy(self) -> Rng:
        return Rng(raw_state=self.state)
